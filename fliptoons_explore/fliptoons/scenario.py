"""FlipToons scenario files (DESIGN.md §2.2): check a scenario's fields, build a `Table` from it,
and write a resolved table as the JSON document of DESIGN.md §2.3.

The JSON itself is read and held to the limits by `fliptoons_explore.jsonio`, the part both games
share; this module checks what a FlipToons scenario says (`check`, and `load`, which every
resolving function calls). Every mistake raises `ScenarioError` with one line naming the field,
the value and what was expected; nothing is built from a bad scenario.

    >>> from fliptoons_explore.scenario import parse_scenario_text, check
    >>> check(parse_scenario_text('{"players": [{"deck": ["crab"]}]}'))
"""
from __future__ import annotations

import json
from collections import Counter

from ..jsonio import (LIMITS, ScenarioError, check_json, closest, expect, field, known_fields,
                      parse_json_value, parse_scenario_text, read_scenario, type_name)
from ..limits import MAX_CARDS, quote
from .cards import CATALOG, cards_of, owned_copies, unknown_card_message
from .rulings import OPTIONS, Rulings
from .state import PRICES, Table

__all__ = ["ScenarioError", "read_scenario", "parse_scenario_text", "parse_json_value", "check",
           "load", "table_json", "player_json", "grid_json", "fame_cards_json", "MAX_PLAYERS"]

MAX_PLAYERS = 8
TOON_DECK = "toon deck"  # how a scripted choice names the toon deck (the Pig)
TOP_FIELDS = ("season", "players", "market", "toon_deck", "first_player", "rulings")
PLAYER_FIELDS = ("name", "deck", "dismissed", "grid", "actions", "choices")


# -- checking a scenario's fields ---------------------------------------------------------------

class _Builder:
    """Checks card ids against the season and counts the cards made (at most `MAX_CARDS`)."""

    def __init__(self, season: str, table: Table) -> None:
        self.season = season
        self.table = table
        self.allowed = {c.id for c in cards_of(season)}

    def card_id(self, value, where: str) -> str:
        expect(value, str, where, "a card id")
        if value not in CATALOG:
            raise ScenarioError(f"{where}: {unknown_card_message(value, self.allowed)}")
        if value not in self.allowed:
            spec = CATALOG[value]
            raise ScenarioError(f"{where}: {quote(value)} is a {spec.season.upper()} card, not in a "
                                f"{quote(self.season)} scenario (use season \"combined\")")
        return value

    def card_list(self, value, where: str) -> list[str]:
        expect(value, list, where, "a list of card ids")
        return [self.card_id(v, f"{where}[{i}]") for i, v in enumerate(value)]

    def new_card(self, cid: str, where: str, face_up: bool = False):
        if self.table._next_uid >= MAX_CARDS:
            raise ScenarioError(f"{where}: the scenario holds more than {MAX_CARDS:,} cards "
                                f"(the limit, {LIMITS})")
        return self.table.new_card(cid, face_up)


def check(data) -> None:
    """Check a scenario (DESIGN.md §2.2) as every resolving function does, building nothing that
    lasts: its JSON within the limits (`check_json`), every field, card id and ruling option.
    Raises ScenarioError (a ValueError; one line naming the field) for the first mistake.
    Scripted choices and actions that turn out illegal only while resolving are not seen here."""
    load(data)


def load(data) -> tuple[Table, dict[int, list]]:
    """Check a scenario and build its table; returns (table, scripted choices per player)."""
    check_json(data)
    expect(data, dict, "scenario", "a JSON object")
    known_fields(data, TOP_FIELDS, "scenario")
    season = data.get("season", "s2")
    if not isinstance(season, str) or season not in PRICES:
        got = quote(season) if isinstance(season, str) else type_name(season)
        raise ScenarioError(f"season: expected \"s1\", \"s2\" or \"combined\", got {got}")
    if "players" not in data:
        raise ScenarioError("players: missing field (expected a list of 1 to 8 players)")
    players = expect(data["players"], list, "players", "a list of 1 to 8 players")
    if not 1 <= len(players) <= MAX_PLAYERS:
        raise ScenarioError(f"players: expected 1 to 8 players, got {len(players)}")
    first = data.get("first_player", 0)
    expect(first, int, "first_player", "a player index")
    if not 0 <= first < len(players):
        raise ScenarioError(f"first_player: expected 0 to {len(players) - 1}, got {first}")
    rulings_data = expect(data.get("rulings", {}), dict, "rulings", "an object")
    for name, value in rulings_data.items():
        option = OPTIONS.get(name)
        if option is None:
            raise ScenarioError(f"{field('rulings', name)}: unknown ruling option (known: {', '.join(OPTIONS)})")
        try:
            Rulings.from_dict({name: value})
        except ValueError:
            raise ScenarioError(f"{field('rulings', name)}: expected one of "
                                f"{', '.join(map(json.dumps, option.choices))}, got {quote(value)}") from None
    rulings = Rulings.from_dict(rulings_data)

    table = Table(season, rulings, first_player=first)
    b = _Builder(season, table)
    scripts: dict[int, list] = {}
    for i, pdata in enumerate(players):
        where = f"players[{i}]"
        expect(pdata, dict, where, "an object with a \"deck\" or a \"grid\"")
        known_fields(pdata, PLAYER_FIELDS, where)
        name = expect(pdata.get("name", f"Player {i + 1}"), str, f"{where}.name", "a string")
        p = table.add_player(name)
        w = f"{where}.deck"
        for cid in b.card_list(pdata.get("deck", []), w):
            p.deck.append(b.new_card(cid, w))
        w = f"{where}.dismissed"
        for cid in b.card_list(pdata.get("dismissed", []), w):
            p.dismissed.append(b.new_card(cid, w, face_up=True))
        if pdata.get("grid") is not None:
            _load_grid(b, p, pdata["grid"], f"{where}.grid")
        p.actions = _actions(b, pdata.get("actions", []), f"{where}.actions")
        scripts[i] = list(expect(pdata.get("choices", []), list, f"{where}.choices",
                                  "a list of card ids or null"))
    names = [p.name for p in table.players] + [TOON_DECK]
    for i, choices in scripts.items():
        for k, c in enumerate(choices):
            if c is None or isinstance(c, str) and c in names:  # the Pig's deck: a name or the toon deck
                continue
            _choice(b, c, names, f"players[{i}].choices[{k}]")
    market = b.card_list(data.get("market", []), "market")
    if len(market) > len(PRICES[season]):
        raise ScenarioError(f"market: {len(market)} cards, but a {quote(season)} market has "
                            f"{len(PRICES[season])} slots")
    for cid in b.card_list(data.get("toon_deck", []), "toon_deck"):
        table.toon_deck.append(b.new_card(cid, "toon_deck"))
    table.arrange_market([b.new_card(cid, "market", face_up=True) for cid in market])
    table.notes = _copy_notes(table)
    return table, scripts


def _choice(b: _Builder, answer, names: list[str], where: str) -> None:
    """A scripted answer that is neither null nor a deck's name: a card id of the season."""
    if isinstance(answer, str) and answer not in CATALOG:
        decks = ", ".join(map(quote, names))
        close = [c for c in closest(answer, list(b.allowed) + names)]
        hint = f"; did you mean {', '.join(map(quote, close))}?" if close else ""
        raise ScenarioError(f"{where}: {quote(answer)} is not a card id, nor a deck the Pig can "
                            f"name ({decks}){hint}")
    expect(answer, str, where, "a card id, a deck's name (the Pig) or null")
    b.card_id(answer, where)


def _actions(b: _Builder, value, where: str) -> list[dict]:
    expect(value, list, where, "a list of actions")
    out = []
    for k, action in enumerate(value):
        w = f"{where}[{k}]"
        expect(action, dict, w, 'an action: {"hire": ID}, {"dismiss": ID} or {"skip": true}')
        if len(action) != 1 or next(iter(action)) not in ("hire", "dismiss", "skip"):
            raise ScenarioError(f'{w}: expected {{"hire": ID}}, {{"dismiss": ID}} or {{"skip": true}}, '
                                f"got {quote(action)}")
        (verb, arg), = action.items()
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
    rows = expect(value, list, where, "a list of rows (top first, at least the upper and lower row)")
    if len(rows) < 2:
        raise ScenarioError(f"{where}: expected at least 2 rows (the upper and the lower row), got {len(rows)}")
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
        raise ScenarioError(f"{where}[0]: an extra row with no card (the rows above the upper row "
                            "are extra rows; leave out an empty one)")
    p.built_grid = True


def _copy_notes(table: Table) -> list[str]:
    """What no box could set up: more players than the season takes (S1/S2: up to 4; combined:
    up to 8, S2 Combining Games), cards used more often than the season's boxes hold. Allowed
    (a rules explorer builds impossible situations on purpose), but said."""
    counts = Counter(c.spec.id for c in _all_cards(table))
    notes = []
    if table.season != "combined" and len(table.players) > 4:
        notes.append(f"{len(table.players)} players: a {quote(table.season)} game takes up to 4 "
                     '(season "combined" up to 8)')
    for cid, n in sorted(counts.items()):
        owned = owned_copies(cid, table.season)
        if n > owned:
            notes.append(f"{n} copies of {quote(cid)}: a {quote(table.season)} game has {owned}")
    return notes


def _all_cards(table: Table):
    for p in table.players:
        yield from p.deck
        yield from p.grid.cards()
        yield from p.dismissed
    yield from (c for c in table.market if c is not None)
    yield from table.toon_deck


# -- output ---------------------------------------------------------------------------------------

def grid_json(grid) -> list:
    """Rows top first (extra rows, then the upper and lower rows), 3 cells each, stacks bottom first."""
    rows = []
    for r in range(-grid.extra_height(), 2):
        rows.append([None if not grid.at(r, c) else
                     [{"id": card.spec.id, "face_up": card.face_up} for card in grid.at(r, c)]
                     for c in range(3)])
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
        entry = {"id": e.card.spec.id, "row": row, "col": col, "stack": height, "fame": e.fame,
                 "base": e.base, "bonus": e.bonus + e.gained}
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
