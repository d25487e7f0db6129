"""FlipToons scenario files (docs/scenarios.md): check a scenario's fields, build a `Table` from it,
and write a resolved table as the JSON document of docs/scenarios.md.

The JSON itself is read and held to the limits by `fliptoons_explore.jsonio`, the part both games
share; this module checks what a FlipToons scenario says (`check`, and `load`, which every
resolving function calls). Every mistake raises `ScenarioError` with one line naming the field,
the value and what was expected; nothing is built from a bad scenario.

    >>> from fliptoons_explore.fliptoons.scenario import parse_scenario_text, check
    >>> check(parse_scenario_text('{"players": [{"deck": ["crab"]}]}'))
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from dataclasses import field as _field

from ..jsonio import (
    LIMITS,
    ScenarioError,
    check_json,
    closest,
    expect,
    known_fields,
    parse_json_value,
    parse_scenario_text,
    read_scenario,
    type_name,
)
from ..limits import MAX_CARDS, quote
from .cards import CATALOG, ids_of, owned_copies, unknown_card_message
from .rulings import Rulings
from .state import DEFAULT_RULINGS, PRICES, Table

__all__ = [
    "ScenarioError",
    "read_scenario",
    "parse_scenario_text",
    "parse_json_value",
    "check",
    "load",
    "load_game",
    "GameSetup",
    "table_json",
    "player_json",
    "grid_json",
    "fame_cards_json",
    "MAX_PLAYERS",
    "MAX_ROUND",
    "SCENARIO_SEED",
]

MAX_PLAYERS = 8
MAX_ROUND = 300  # the game's safety bound on rounds (game.MAX_ROUNDS)
#: A scenario without a "seed": every part of its game draws from this one (`state.part_rng`),
#: so that a scenario plays the same way every time.
SCENARIO_SEED = 0
TOON_DECK = "toon deck"  # how a scripted choice names the toon deck (the Pig)
TOP_FIELDS = (
    "game",
    "season",
    "players",
    "market",
    "toon_deck",
    "first_player",
    "rulings",
    "seed",
    "round",
    "solo",
    "critics_choice",
    "end_triggered",
    "start",
)
PLAYER_FIELDS = ("name", "deck", "dismissed", "grid", "actions", "choices")
STARTS = ("flip", "final-flip")
SOLO_LEVELS = ("easy", "normal", "hard")
#: The keys about the game around the scenario's round, and what of the game each one needs:
#: `resolve` and `round` play one round's phases and refuse them (`load`); `game` plays them.
GAME_KEYS = {
    "solo": "a solo game (its win after Check Fame, its loss, its market discard)",
    "critics_choice": "the Final Flip, where the critic's choice card counts",
    "end_triggered": "Cleanup and the Final Flip that an end already triggered leads to",
    "start": "the Final Flip",
}


@dataclass(frozen=True)
class GameSetup:
    """What a scenario says about the game around its situation (docs/scenarios.md): the `seed`
    every later part of the game draws from, the `round` it is, `solo` (a difficulty or None),
    who holds the critic's choice card (`critics_choice`, an index or None), whether the end was
    already triggered, where it starts ("flip" or "final-flip"), and each player's scripts round
    by round: `choices[p][k]` and `actions[p][k]` are player p's answers and Market actions in
    the k-th round from the scenario's on (the Final Flip takes the list after the last round's);
    `by_round[p, "choices"]` tells whether the scenario gave them as a list of rounds."""

    seed: int = SCENARIO_SEED
    round: int = 1
    solo: str | None = None
    critics_choice: int | None = None
    end_triggered: bool = False
    start: str = "flip"
    choices: dict = _field(default_factory=dict)
    actions: dict = _field(default_factory=dict)
    by_round: dict = _field(default_factory=dict)
    given: tuple = ()  # the game keys the scenario gives other than their defaults (GAME_KEYS)

    def where(self, player: int, key: str, k: int, j: int | None = None) -> str:
        """How an error names a script's entry: `players[0].actions[1]`, or round by round
        `players[0].actions[2][1]` (`k` the round from the scenario's, `j` the entry)."""
        base = f"players[{player}].{key}"
        if self.by_round.get((player, key)):
            return f"{base}[{k}]" + ("" if j is None else f"[{j}]")
        return base if j is None else f"{base}[{j}]"


# -- checking a scenario's fields ---------------------------------------------------------------


class _Builder:
    """Checks card ids against the season and counts the cards made (at most `MAX_CARDS`; by
    id in `counts`, for the copy notes)."""

    def __init__(self, season: str, table: Table) -> None:
        self.season = season
        self.table = table
        self.allowed = ids_of(season)
        self.counts: Counter = Counter()

    def card_id(self, value, where: str) -> str:
        expect(value, str, where, "a card id")
        if value not in CATALOG:
            raise ScenarioError(f"{where}: {unknown_card_message(value, self.allowed)}")
        if value not in self.allowed:
            spec = CATALOG[value]
            raise ScenarioError(
                f"{where}: {quote(value)} is a {spec.season.upper()} card, not in a "
                f'{quote(self.season)} scenario (use season "combined")'
            )
        return value

    def card_list(self, value, where: str) -> list[str]:
        """A list of card ids of the season, checked in one pass; the first wrong one named."""
        expect(value, list, where, "a list of card ids")
        allowed = self.allowed
        for v in value:
            if v.__class__ is not str or v not in allowed:
                return [self.card_id(v, f"{where}[{i}]") for i, v in enumerate(value)]
        return value

    def new_card(self, cid: str, where: str, face_up: bool = False):
        return self.new_cards((cid,), where, face_up)[0]

    def new_cards(self, ids, where: str, face_up: bool = False) -> list:
        """The cards of checked ids (`card_list`), within `MAX_CARDS`."""
        table = self.table
        if table._next_uid + len(ids) > MAX_CARDS:
            raise ScenarioError(
                f"{where}: the scenario holds more than {MAX_CARDS:,} cards (the limit, {LIMITS})"
            )
        self.counts.update(ids)
        return table.new_cards(ids, face_up)


def check(data) -> None:
    """Check a scenario (docs/scenarios.md) as every resolving function does,
    building nothing that lasts: its JSON within the limits (`check_json`), every field, card id
    and ruling option, the game's keys. Raises ScenarioError (a ValueError; one line naming the
    field) for the first mistake. What only one command refuses (`resolve` and `round` play no
    solo game and no Final Flip: `load`) and scripted choices and actions that turn out illegal
    only while resolving are not seen here."""
    read(data)


def load(data, play: str = "resolve") -> tuple[Table, dict[int, list]]:
    """Check a scenario for `resolve` or `round` (`play`) and build its table; returns (table,
    scripted choices per player), each player's `actions` those of this round (of scripts given
    round by round, the first list: the later ones are `game`'s). They play one round's phases:
    a key about the game around it (`GAME_KEYS`, given a value other than its default) is refused
    with one line that names `game`."""
    table, setup = read(data)
    if setup.given:
        key = setup.given[0]
        raise ScenarioError(
            f"{key}: {play} does not play {GAME_KEYS[key]}; play the scenario "
            f"with game (fliptoons-explore game SCENARIO.json)"
        )
    for p in table.players:
        p.actions = (setup.actions[p.index] or [[]])[0]
    return table, {i: (rounds or [[]])[0] for i, rounds in setup.choices.items()}


def load_game(data) -> tuple[Table, GameSetup]:
    """Check a scenario for `game` and build its table; returns (table, `GameSetup`). A player
    alone is a solo game here (the rulebooks have no other one-player game)."""
    table, setup = read(data)
    if len(table.players) == 1 and setup.solo is None:
        raise ScenarioError(
            'players: one player is a solo game: give "solo": "easy", "normal" or "hard"'
        )
    if setup.end_triggered and setup.start == "flip":
        table.notes.append(
            'end_triggered with start "flip": by the rulebooks the Final Flip follows '
            "the Cleanup of the round that triggered the end; this round is played as "
            "the last one"
        )
    return table, setup


def read(data) -> tuple[Table, GameSetup]:
    """Check every field of a scenario and build its table; returns (table, `GameSetup`)."""
    check_json(data)
    expect(data, dict, "scenario", "a JSON object")
    known_fields(data, TOP_FIELDS, "scenario")
    if data.get("game", "fliptoons") != "fliptoons":
        raise ScenarioError(
            f'game: expected "fliptoons" or "flipology", got {quote(data.get("game"))}'
        )
    season = data.get("season", "s2")
    if not isinstance(season, str) or season not in PRICES:
        got = quote(season) if isinstance(season, str) else type_name(season)
        raise ScenarioError(f'season: expected "s1", "s2" or "combined", got {got}')
    if "players" not in data:
        raise ScenarioError("players: missing field (expected a list of 1 to 8 players)")
    players = expect(data["players"], list, "players", "a list of 1 to 8 players")
    if not 1 <= len(players) <= MAX_PLAYERS:
        raise ScenarioError(f"players: expected 1 to 8 players, got {len(players)}")
    first = data.get("first_player", 0)
    expect(first, int, "first_player", "a player index")
    if not 0 <= first < len(players):
        raise ScenarioError(f"first_player: expected 0 to {len(players) - 1}, got {first}")
    given = data.get("rulings", {})
    # each option checked once
    rulings = DEFAULT_RULINGS if given == {} else Rulings.from_scenario(given)

    game = _game_keys(data, players)
    table = Table(season, rulings, first_player=first)
    # (a Pig's shuffle)
    table.draw_from(game.get("seed", SCENARIO_SEED), f"round {game.get('round', 1)}")
    b = _Builder(season, table)
    choices: dict[int, list[list]] = {}
    actions: dict[int, list[list[dict]]] = {}
    by_round: dict[tuple[int, str], bool] = {}
    answered: list[tuple[list, str]] = []
    for i, pdata in enumerate(players):
        where = f"players[{i}]"
        expect(pdata, dict, where, 'an object with a "deck" or a "grid"')
        known_fields(pdata, PLAYER_FIELDS, where)
        name = expect(pdata.get("name", f"Player {i + 1}"), str, f"{where}.name", "a string")
        p = table.add_player(name)
        w = f"{where}.deck"
        p.deck.extend(b.new_cards(b.card_list(pdata.get("deck", []), w), w))
        w = f"{where}.dismissed"
        p.dismissed.extend(b.new_cards(b.card_list(pdata.get("dismissed", []), w), w, face_up=True))
        if pdata.get("grid") is not None:
            _load_grid(b, p, pdata["grid"], f"{where}.grid")
        rounds, by_round[i, "actions"] = _rounds(
            pdata.get("actions", []), f"{where}.actions", "action"
        )
        actions[i] = [_actions(b, r, w) for r, w in rounds]
        p.actions = actions[i][0] if actions[i] else []
        rounds, by_round[i, "choices"] = _rounds(
            pdata.get("choices", []), f"{where}.choices", "answer"
        )
        choices[i] = [list(r) for r, _ in rounds]
        answered.extend(rounds)
    for answers, w in answered:  # a Pig's answer may name a later player's deck
        _choices(b, answers, table, w)
    market = b.card_list(data.get("market", []), "market")
    if len(market) > len(PRICES[season]):
        raise ScenarioError(
            f"market: {len(market)} cards, but a {quote(season)} market has "
            f"{len(PRICES[season])} slots"
        )
    table.toon_deck.extend(
        b.new_cards(b.card_list(data.get("toon_deck", []), "toon_deck"), "toon_deck")
    )
    table.arrange_market(b.new_cards(market, "market", face_up=True))
    table.notes = _copy_notes(table, b.counts)
    setup = GameSetup(choices=choices, actions=actions, by_round=by_round, **game)
    if setup.critics_choice is not None:
        table.players[setup.critics_choice].critics_choice = True
    return table, setup


def game_keys_given(data: dict) -> tuple[str, ...]:
    """The keys about the game around the round (`GAME_KEYS`) that a scenario gives a value other
    than the default: a `solo` difficulty, a `critics_choice` holder, `"end_triggered": true`, a
    `start` other than "flip"."""
    defaults = {"solo": None, "critics_choice": None, "end_triggered": False, "start": "flip"}
    return tuple(k for k in GAME_KEYS if k in data and data[k] != defaults[k])


def _game_keys(data: dict, players: list) -> dict:
    """The keys about the game around the scenario's round (docs/scenarios.md), checked: each a
    `GameSetup` field, and `given`, the `GAME_KEYS` the scenario gives."""
    out: dict = {"given": game_keys_given(data)}
    if "seed" in data:
        out["seed"] = expect(data["seed"], int, "seed", "a whole number (the game's seed)")
    if "round" in data:
        n = expect(data["round"], int, "round", "the round's number (1 for the first round)")
        if not 1 <= n <= MAX_ROUND:
            raise ScenarioError(
                f"round: expected 1 to {MAX_ROUND} (the game's safety bound), got {n}"
            )
        out["round"] = n
    solo = data.get("solo")
    if solo is not None:
        if solo not in SOLO_LEVELS:
            raise ScenarioError(
                f'solo: expected "easy", "normal" or "hard" (or null), got {quote(solo)}'
            )
        if len(players) != 1:
            raise ScenarioError(f"solo: a solo game has one player, got {len(players)} players")
        out["solo"] = solo
    start = data.get("start", "flip")
    if start not in STARTS:
        raise ScenarioError(
            f'start: expected "flip" (this round\'s Flip) or "final-flip", got {quote(start)}'
        )
    if solo is not None and start != "flip":
        raise ScenarioError(
            "start: a solo game has no Final Flip (it is won at 30 fame in one Check "
            "Fame, lost when the market cannot be refilled; S2 Solo Play Rules)"
        )
    out["start"] = start
    triggered = expect(data.get("end_triggered", False), bool, "end_triggered", "true or false")
    if triggered and solo is not None:
        raise ScenarioError(
            "end_triggered: a solo game has no end trigger (it is won at 30 fame in "
            "one Check Fame; S2 Solo Play Rules)"
        )
    out["end_triggered"] = triggered
    holder = data.get("critics_choice")
    if holder is not None:
        out["critics_choice"] = i = _player_of(holder, players, "critics_choice")
        if solo is not None:
            raise ScenarioError(
                "critics_choice: a solo game uses no critic's choice card (S2 Solo Setup)"
            )
        if not triggered and start == "flip":
            raise ScenarioError(
                f"critics_choice: {_name(players, i)} takes the card only when the "
                'end is triggered: give "end_triggered": true as well (or "start": '
                '"final-flip")'
            )
    return out


def _name(players: list, i: int) -> str:
    p = players[i]
    name = p.get("name") if isinstance(p, dict) else None
    return name if isinstance(name, str) else f"Player {i + 1}"


def _player_of(value, players: list, where: str) -> int:
    """A player named by a scenario: their name, or their index (0 first)."""
    names = [_name(players, i) for i in range(len(players))]
    if isinstance(value, str):
        found = [i for i, n in enumerate(names) if n == value]
        if len(found) == 1:
            return found[0]
        if found:
            raise ScenarioError(
                f"{where}: {len(found)} players are named {quote(value)}; give the "
                "player's index (0 first)"
            )
        raise ScenarioError(
            f"{where}: {quote(value)} names no player (the players: {', '.join(map(quote, names))})"
        )
    expect(value, int, where, "a player's name or index")
    if not 0 <= value < len(players):
        raise ScenarioError(
            f"{where}: expected a player index, 0 to {len(players) - 1}, got {value}"
        )
    return value


def _rounds(value, where: str, what: str) -> tuple[list[tuple[list, str]], bool]:
    """A player's script: this round's entries, or a list of rounds, each a list of entries
    (`[[...], [...]]`). Returns ([(entries, where they are), one per round], given by round?)."""
    expect(value, list, where, f"a list of {what}s (or a list of rounds, each a list of {what}s)")
    if value and all(isinstance(v, list) for v in value):
        return [(v, f"{where}[{k}]") for k, v in enumerate(value)], True
    for k, v in enumerate(value):
        if isinstance(v, list):
            raise ScenarioError(
                f"{where}[{k}]: a list among single {what}s: give either this round's "
                f"{what}s, or every round as a list ([[...], [...]])"
            )
    return [(value, where)], False


def _choices(b: _Builder, answers: list, table: Table, where: str) -> None:
    names = [p.name for p in table.players] + [TOON_DECK]
    for k, c in enumerate(answers):
        # the Pig's deck: a name or the toon deck
        if c is None or isinstance(c, str) and c in names:
            continue
        _choice(b, c, names, f"{where}[{k}]")


def _choice(b: _Builder, answer, names: list[str], where: str) -> None:
    """A scripted answer that is neither null nor a deck's name: a card id of the season."""
    if isinstance(answer, str) and answer not in CATALOG:
        decks = ", ".join(map(quote, names))
        close = [c for c in closest(answer, list(b.allowed) + names)]
        hint = f"; did you mean {', '.join(map(quote, close))}?" if close else ""
        raise ScenarioError(
            f"{where}: {quote(answer)} is not a card id, nor a deck the Pig can "
            f"name ({decks}){hint}"
        )
    expect(answer, str, where, "a card id, a deck's name (the Pig) or null")
    b.card_id(answer, where)


def _actions(b: _Builder, value, where: str) -> list[dict]:
    expect(value, list, where, "a list of actions")
    out = []
    for k, action in enumerate(value):
        w = f"{where}[{k}]"
        expect(action, dict, w, 'an action: {"hire": ID}, {"dismiss": ID} or {"skip": true}')
        if len(action) != 1 or next(iter(action)) not in ("hire", "dismiss", "skip"):
            raise ScenarioError(
                f'{w}: expected {{"hire": ID}}, {{"dismiss": ID}} or {{"skip": true}}, '
                f"got {quote(action)}"
            )
        ((verb, arg),) = action.items()
        if verb == "skip":
            if arg is not True:
                raise ScenarioError(f"{w}.skip: expected true, got {quote(arg)}")
        else:
            b.card_id(arg, f"{w}.{verb}")
        out.append(dict(action))
    return out


def _load_grid(b: _Builder, p, value, where: str) -> None:
    """A hand-built grid in the output shape: rows top first, the last two the upper and lower
    rows, 3 cells a row, each null or a stack bottom first of ids or {"id", "face_up"}."""
    rows = expect(
        value, list, where, "a list of rows (top first, at least the upper and lower row)"
    )
    if len(rows) < 2:
        raise ScenarioError(
            f"{where}: expected at least 2 rows (the upper and the lower row), got {len(rows)}"
        )
    n_extra = len(rows) - 2
    for j, row in enumerate(rows):
        wr = f"{where}[{j}]"
        expect(row, list, wr, "a row of 3 cells")
        if len(row) != 3:
            raise ScenarioError(f"{wr}: expected 3 cells, got {len(row)}")
        for col, cell in enumerate(row):
            wc = f"{wr}[{col}]"
            if cell is None:
                continue
            expect(cell, list, wc, "null or a stack (a list of cards, bottom first)")
            if not cell:
                raise ScenarioError(f"{wc}: an empty stack; write null for an empty space")
            for h, entry in enumerate(cell):
                we = f"{wc}[{h}]"
                if isinstance(entry, str):
                    cid, up = b.card_id(entry, we), True
                else:
                    expect(entry, dict, we, 'a card id or {"id": ID, "face_up": true/false}')
                    known_fields(entry, ("id", "face_up"), we)
                    if "id" not in entry:
                        raise ScenarioError(f"{we}.id: missing field (expected a card id)")
                    cid = b.card_id(entry["id"], f"{we}.id")
                    up = expect(entry.get("face_up", True), bool, f"{we}.face_up", "true or false")
                card = b.new_card(cid, we, face_up=up)
                r = j - n_extra
                if p.grid.at(r, col) is None:
                    p.grid.put(card, r, col)
                else:
                    p.grid.stack_on(card, r, col)
    if n_extra and rows[0] == [None, None, None]:
        raise ScenarioError(
            f"{where}[0]: an extra row with no card (the rows above the upper row "
            "are extra rows; leave out an empty one)"
        )
    p.built_grid = True


def _copy_notes(table: Table, counts: Counter) -> list[str]:
    """What no box could set up: more players than the season takes (S1/S2: up to 4; combined:
    up to 8, S2 Combining Games), cards used more often than the season's boxes hold (`counts`:
    the table's cards by id, as `_Builder` made them). Allowed (a rules explorer builds
    impossible situations on purpose), but said."""
    notes = []
    if table.season != "combined" and len(table.players) > 4:
        notes.append(
            f"{len(table.players)} players: a {quote(table.season)} game takes up to 4 "
            '(season "combined" up to 8)'
        )
    season = table.season
    for cid in sorted(cid for cid, n in counts.items() if n > owned_copies(cid, season)):
        notes.append(
            f"{counts[cid]} copies of {quote(cid)}: a {quote(season)} game has "
            f"{owned_copies(cid, season)}"
        )
    return notes


# -- output ---------------------------------------------------------------------------------------


def grid_json(grid) -> list:
    """Rows top first (extra rows, then the upper and lower rows), 3 cells each, stacks bottom
    first."""
    rows = []
    for r in range(-grid.extra_height(), 2):
        rows.append(
            [
                None
                if not grid.at(r, c)
                else [{"id": card.spec.id, "face_up": card.face_up} for card in grid.at(r, c)]
                for c in range(3)
            ]
        )
    return rows


def fame_cards_json(p) -> list:
    """`fame.cards`: each scoring card's `row`, `col` and `stack` index the JSON `grid`. A card that
    has left the grid since Check Fame (dismissed in the Market) gives where it scored, in the
    grid as it was at Check Fame, and `"left_grid": true`."""
    grid = p.grid
    n_extra = grid.extra_height()
    cards = []
    for e in p.fame:
        where = grid.locate(e.card)
        if where is None:
            row, col, height = e.pos[0] + p.fame_extra_rows, e.pos[1], e.height
        else:
            row, col, height = where[0] + n_extra, where[1], where[2]
        entry = {
            "id": e.card.spec.id,
            "row": row,
            "col": col,
            "stack": height,
            "fame": e.fame,
            "base": e.base,
            "bonus": e.bonus + e.gained,
        }
        if where is None:
            entry["left_grid"] = True
        cards.append(entry)
    return cards


def player_json(p, with_fame_left: bool = False) -> dict:
    out = {
        "name": p.name,
        "grid": grid_json(p.grid),
        "fame": {"total": p.fame_total, "cards": fame_cards_json(p)},
        "deck": [c.spec.id for c in p.deck],
        "dismissed": [c.spec.id for c in p.dismissed],
    }
    if with_fame_left:
        out["fame_left"] = p.fame_left
    return out


def table_json(table: Table, trace, fame_left: bool = False) -> dict:
    doc = {
        "players": [player_json(p, fame_left) for p in table.players],
        "market": [None if c is None else c.spec.id for c in table.market],
        "toon_deck": [c.spec.id for c in table.toon_deck],
        "trace": [e.to_json() for e in (trace or [])],
    }
    if table.critics_choice is not None:  # the end was triggered at this Check Fame
        doc["critics_choice"] = dict(table.critics_choice)
    if table.notes:
        doc["notes"] = list(table.notes)
    return doc
