"""Flipology scenario files: check a scenario's fields, build a `Table` from it, and write a
resolved table as the command line's JSON document. The JSON itself is read and held to the
limits by `fliptoons_explore.jsonio`, as for FlipToons; every mistake is a one-line
`ScenarioError` naming the field, and nothing is built from a bad scenario.

    {"game": "flipology", "variant": "nature",
     "players": [{"name": "Joelle", "rows": [["dog", "frog:5", {"id": "cat:6", "face_up": true}]]},
                 {"name": "Ben", "rows": [["snake", "sloth:7", "panda"]]}],
     "discard": ["kiwi"], "first_player": 0,
     "turns": [{"player": 0, "flip": [0, 1], "choices": [[1, 0, 0]]}],
     "end_choices": ["kiwi"], "rulings": {}}

Rows are listed bottom (first dealt) first, cards left to right, face down unless given face
up. Players are listed in turn order. A position in a choice is `[PLAYER, ROW, COL]`; a turn's
`flip` is `[ROW, COL]` of that player's own rows.
"""

from __future__ import annotations

from collections import Counter

from ..jsonio import ScenarioError, check_json, expect, field, known_fields, type_name
from ..limits import MAX_CARDS, quote
from .cards import CARDS, DECK, spec_of
from .rulings import Rulings
from .state import PLAYER_COUNTS, VARIANTS, Table

__all__ = ["load", "check", "table_json", "TOP_FIELDS", "PLAYER_FIELDS", "TURN_FIELDS"]

TOP_FIELDS = (
    "game",
    "variant",
    "players",
    "discard",
    "first_player",
    "turns",
    "end_choices",
    "rulings",
    "running_scores",
)
PLAYER_FIELDS = ("name", "rows")
TURN_FIELDS = ("player", "flip", "choices")
MAX_PLAYERS = 8
LIMITS = "docs/limits.md"
#: Cards a player's rows hold in the rulebook: Nature 7 in one row; the Great Tree up to three rows
#: of 5.
ROW_LENGTH = {"nature": 7, "multi": 7, "great-tree": 5}
#: Cards the Great Tree sets aside: "Set aside the Rain and Hermit Crab cards; they cannot be used".
TREE_SET_ASIDE = ("rain", "hermit_crab")


class Scripts:
    """What a scenario scripts: each turn's player, card and choices, and the end choices."""

    def __init__(self, turns: list[dict], end_choices: list) -> None:
        self.turns = turns
        self.end_choices = end_choices


def _card(table: Table, value, where: str, variant: str, face_up: bool = False):
    if table._next_uid >= MAX_CARDS:
        raise ScenarioError(
            f"{where}: the scenario holds more than {MAX_CARDS:,} cards (the limit, {LIMITS})"
        )
    if not isinstance(value, str):
        raise ScenarioError(
            f'{where}: expected a card id (such as "dog" or "dog:6"), got {type_name(value)}'
        )
    try:
        spec = spec_of(value)
    except KeyError as e:
        raise ScenarioError(f"{where}: {e.args[0]}") from None
    if variant == "great-tree" and spec.kind in TREE_SET_ASIDE:
        raise ScenarioError(
            f'{where}: {quote(value)} is set aside in the Great Tree ("Set aside the Rain and '
            f'Hermit Crab cards; they cannot be used in this variant")'
        )
    return table.new_card(spec, face_up)


def _row_card(table: Table, entry, where: str, variant: str):
    if isinstance(entry, dict):
        known_fields(entry, ("id", "face_up"), where)
        if "id" not in entry:
            raise ScenarioError(f"{field(where, 'id')}: missing field (expected a card id)")
        up = expect(entry.get("face_up", False), bool, field(where, "face_up"), "true or false")
        return _card(table, entry["id"], field(where, "id"), variant, up)
    return _card(table, entry, where, variant)


def _position(value, where: str, what: str) -> tuple:
    expect(value, list, where, what)
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in value):
        raise ScenarioError(f"{where}: expected {what}, got {quote(value)}")
    return tuple(value)


def check(data) -> None:
    """Check a Flipology scenario as every resolving function does (ScenarioError, one line)."""
    load(data)


def load(data) -> tuple[Table, Scripts]:
    """Check a Flipology scenario and build its table; returns (table, scripts)."""
    check_json(data)
    expect(data, dict, "scenario", "a JSON object")
    known_fields(data, TOP_FIELDS, "scenario")
    if data.get("game") != "flipology":
        raise ScenarioError(f'game: expected "flipology", got {quote(data.get("game"))}')
    variant = data.get("variant", "nature")
    if not isinstance(variant, str) or variant not in VARIANTS:
        raise ScenarioError(
            f"variant: expected {', '.join(map(quote, VARIANTS))}, got {quote(variant)}"
        )
    if "players" not in data:
        raise ScenarioError(
            f"players: missing field (expected a list of 1 to {MAX_PLAYERS} players)"
        )
    players = expect(data["players"], list, "players", f"a list of 1 to {MAX_PLAYERS} players")
    if not 1 <= len(players) <= MAX_PLAYERS:
        raise ScenarioError(f"players: expected 1 to {MAX_PLAYERS} players, got {len(players)}")
    first = expect(data.get("first_player", 0), int, "first_player", "a player index")
    if not 0 <= first < len(players):
        raise ScenarioError(f"first_player: expected 0 to {len(players) - 1}, got {first}")
    t = Table(variant, Rulings.from_scenario(data.get("rulings", {})), first_player=first)
    for i, pdata in enumerate(players):
        where = f"players[{i}]"
        expect(pdata, dict, where, 'an object with "rows"')
        known_fields(pdata, PLAYER_FIELDS, where)
        p = t.add_player(
            expect(pdata.get("name", f"Player {i + 1}"), str, f"{where}.name", "a string")
        )
        rows = expect(pdata.get("rows", []), list, f"{where}.rows", "a list of rows (bottom first)")
        if variant != "great-tree" and len(rows) > 1:
            raise ScenarioError(
                f"{where}.rows: a {variant} player has one row, got {len(rows)} "
                '(rows stack up only in the Great Tree: variant "great-tree")'
            )
        for r, row in enumerate(rows):
            wr = f"{where}.rows[{r}]"
            expect(row, list, wr, "a row: a list of cards, left to right")
            if not row:
                raise ScenarioError(f"{wr}: an empty row (a row holds at least one card)")
            p.rows.append([_row_card(t, e, f"{wr}[{c}]", variant) for c, e in enumerate(row)])
    for k, cid in enumerate(expect(data.get("discard", []), list, "discard", "a list of card ids")):
        t.discard.append(_card(t, cid, f"discard[{k}]", variant))
    in_rows = sum(c.spec.kind == "clearing" for c in t.all_cards())
    for _ in range(max(0, CARDS["clearing:0"].copies - in_rows)):
        t.clearings.append(t.new_card("clearing:0"))
    turns = _turns(t, data.get("turns", []))
    end = expect(data.get("end_choices", []), list, "end_choices", "a list of card ids or null")
    for k, answer in enumerate(end):
        w = f"end_choices[{k}]"
        if answer is None:
            continue
        face_up = False
        if isinstance(answer, dict):
            known_fields(answer, ("id", "face_up"), w)
            face_up = expect(
                answer.get("face_up", False), bool, field(w, "face_up"), "true or false"
            )
            answer = answer.get("id")
        try:
            spec = spec_of(answer)
        except KeyError as e:
            raise ScenarioError(
                f"{field(w, 'id') if isinstance(end[k], dict) else w}: {e.args[0]}"
            ) from None
        if face_up and spec.group != "sleeper":
            raise ScenarioError(
                f'{field(w, "face_up")}: only a Sloth or a Koala is picked face up ("Sloths and '
                f'koalas can be treated as faceup or facedown"), not {quote(answer)}'
            )
    running = data.get("running_scores")
    if running is not None:
        if variant != "multi":
            raise ScenarioError(
                'running_scores: only a multi-game scenario (variant "multi") keeps a running score'
            )
        expect(running, list, "running_scores", "a list of one number per player")
        if len(running) != len(players) or not all(
            isinstance(v, int) and not isinstance(v, bool) for v in running
        ):
            raise ScenarioError(
                f"running_scores: expected {len(players)} whole numbers (one per player), "
                f"got {quote(running)}"
            )
        t.running = list(running)
    t.notes = _notes(t)
    return t, Scripts(turns, list(end))


def _turns(t: Table, value) -> list[dict]:
    expect(value, list, "turns", "a list of turns")
    out = []
    for k, turn in enumerate(value):
        w = f"turns[{k}]"
        expect(turn, dict, w, 'a turn: {"player": P, "flip": [ROW, COL], "choices": [...]}')
        known_fields(turn, TURN_FIELDS, w)
        for key in ("player", "flip"):
            if key not in turn:
                raise ScenarioError(f"{w}.{key}: missing field")
        player = expect(turn["player"], int, f"{w}.player", "a player index")
        if not 0 <= player < len(t.players):
            raise ScenarioError(f"{w}.player: expected 0 to {len(t.players) - 1}, got {player}")
        pos = _position(turn["flip"], f"{w}.flip", "[ROW, COL] of the player's own card")
        rows = t.players[player].rows
        if len(pos) != 2 or not (0 <= pos[0] < len(rows) and 0 <= pos[1] < len(rows[pos[0]])):
            raise ScenarioError(
                f"{w}.flip: {quote(turn['flip'])} is not a card of {t.players[player].name}'s rows "
                f"(expected [ROW, COL], row 0 the bottom row)"
            )
        if t.tree and pos[0] != len(rows) - 1:
            raise ScenarioError(
                f"{w}.flip: in the Great Tree a turn flips a card of the top row (row "
                f'{len(rows) - 1}), got row {pos[0]} ("flipping only cards in their current '
                f'(top-most) row")'
            )
        choices = expect(turn.get("choices", []), list, f"{w}.choices", "a list of answers")
        out.append({"player": player, "flip": (player,) + pos, "choices": list(choices)})
    return out


def _notes(t: Table) -> list[str]:
    """What the rulebook's setup could not make: more copies than the deck table holds, a player
    count or a row length not the variant's. Allowed (a rules explorer builds impossible
    situations on purpose), but said."""
    notes = []
    low, high = PLAYER_COUNTS[t.variant]
    if not low <= len(t.players) <= high:
        notes.append(f"{len(t.players)} players: the {t.variant} game takes {low} to {high}")
    counts = Counter(c.spec.id for c in t.all_cards() if c.spec.kind != "clearing")
    for cid, n in sorted(counts.items()):
        if n > DECK.get(cid, 0):
            notes.append(f"{n} copies of {quote(cid)}: the deck table has {DECK.get(cid, 0)}")
    discarded = sum(c.spec.kind == "clearing" for c in t.discard)
    if discarded:
        notes.append(
            f"{discarded} Clearing card{'s' if discarded > 1 else ''} in the discard pile: "
            "Clearings are "
            "set aside within reach and only take the place of a card the Wolves remove"
        )
    clearings = sum(c.spec.kind == "clearing" for c in t.all_cards())
    if clearings > CARDS["clearing:0"].copies:
        notes.append(f"{clearings} Clearing cards: the game has {CARDS['clearing:0'].copies}")
    for p in t.players:
        lengths = [len(row) for row in p.rows]
        full = ROW_LENGTH[t.variant]
        if any(n != full for n in lengths) or (t.tree and len(lengths) > 3):
            notes.append(
                f"{p.name}'s rows hold {'+'.join(map(str, lengths)) or 'no'} cards: the "
                f"{t.variant} "
                f"game deals {'rows of 5, three at most' if t.tree else 'one row of 7'}"
            )
    return notes


# -- output ---------------------------------------------------------------------------------------


def card_json(card) -> dict:
    return {"id": card.spec.kind, "points": card.spec.points, "face_up": card.face_up}


def table_json(t: Table, trace) -> dict:
    """The command line's JSON document: every player's rows, score, its parts and their number
    of different face-up animals; the winners; whether a face-up Moon decided them; the discard
    pile; the trace."""
    result = getattr(t, "result", None)
    doc = {
        "game": "flipology",
        "variant": t.variant,
        "players": [
            {
                "name": p.name,
                "rows": [[card_json(c) for c in row] for row in p.rows],
                "score": p.score,
                "score_parts": dict(p.parts),
                "different_animals": p.different_animals,
                **({"picked": [card_json(c) for c in p.picked]} if p.picked else {}),
            }
            for p in t.players
        ],
        "winners": list(result.winners) if result else [],
        "moon": bool(result.moon) if result else False,
        "discard": [c.spec.id for c in t.discard],
        "trace": [e.to_json() for e in (trace or [])],
    }
    if result is not None and result.running:
        doc["running_scores"] = list(result.running)
        doc["game_points"] = list(getattr(result, "game_points", []))
    if t.notes:
        doc["notes"] = list(t.notes)
    return doc
