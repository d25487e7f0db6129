"""Scenario files (DESIGN.md §2.2): check a scenario, build a `Table` from it, and write a resolved
table as the JSON document of DESIGN.md §2.3.

Every mistake in a scenario raises `ScenarioError` with one line naming the field (as a path,
`players[0].deck[3]`), the value and what was expected; nothing is built from a bad scenario.
"""
from __future__ import annotations

import json
from collections import Counter

from .cards import CATALOG, cards_of, owned_copies, unknown_card_message
from .rulings import OPTIONS, Rulings
from .state import PRICES, Table

MAX_PLAYERS = 8
TOON_DECK = "toon deck"  # how a scripted choice names the toon deck (the Pig)
TOP_FIELDS = ("season", "players", "market", "toon_deck", "first_player", "rulings")
PLAYER_FIELDS = ("name", "deck", "dismissed", "grid", "actions", "choices")


class ScenarioError(ValueError):
    """A scenario that cannot be resolved; the message is one line: field, value, expectation."""


def _type_name(value) -> str:
    return {dict: "an object", list: "a list", str: "a string", bool: "true/false", int: "a number",
            float: "a number", type(None): "null"}.get(type(value), type(value).__name__)


def _expect(value, kind, where: str, what: str):
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        got = _type_name(value)
        if kind is int and isinstance(value, float):
            got = f"{value!r}, not a whole number"
        raise ScenarioError(f"{where}: expected {what}, got {got}")
    return value


def _known_fields(obj: dict, allowed, where: str) -> None:
    for key in obj:
        if key not in allowed:
            path = f"{where}.{key}" if where != "scenario" else str(key)
            raise ScenarioError(f"{path}: unknown field (expected one of: {', '.join(allowed)})")


class _Builder:
    def __init__(self, season: str) -> None:
        self.season = season
        self.allowed = {c.id for c in cards_of(season)}

    def card_id(self, value, where: str) -> str:
        _expect(value, str, where, "a card id")
        if value not in CATALOG:
            raise ScenarioError(f"{where}: {unknown_card_message(value, self.allowed)}")
        if value not in self.allowed:
            spec = CATALOG[value]
            raise ScenarioError(f"{where}: {value!r} is a {spec.season.upper()} card, not in a "
                                f"{self.season!r} scenario (use season \"combined\")")
        return value

    def card_list(self, value, where: str) -> list[str]:
        _expect(value, list, where, "a list of card ids")
        return [self.card_id(v, f"{where}[{i}]") for i, v in enumerate(value)]


def load(data) -> tuple[Table, dict[int, list]]:
    """Check a scenario and build its table; returns (table, scripted choices per player)."""
    _expect(data, dict, "scenario", "a JSON object")
    _known_fields(data, TOP_FIELDS, "scenario")
    season = data.get("season", "s2")
    if not isinstance(season, str) or season not in PRICES:
        got = repr(season) if isinstance(season, str) else _type_name(season)
        raise ScenarioError(f"season: expected \"s1\", \"s2\" or \"combined\", got {got}")
    if "players" not in data:
        raise ScenarioError("players: missing field (expected a list of 1 to 8 players)")
    players = _expect(data["players"], list, "players", "a list of 1 to 8 players")
    if not 1 <= len(players) <= MAX_PLAYERS:
        raise ScenarioError(f"players: expected 1 to 8 players, got {len(players)}")
    first = data.get("first_player", 0)
    _expect(first, int, "first_player", "a player index")
    if not 0 <= first < len(players):
        raise ScenarioError(f"first_player: expected 0 to {len(players) - 1}, got {first}")
    rulings_data = _expect(data.get("rulings", {}), dict, "rulings", "an object")
    for name, value in rulings_data.items():
        option = OPTIONS.get(name)
        if option is None:
            raise ScenarioError(f"rulings.{name}: unknown ruling option (known: {', '.join(OPTIONS)})")
        try:
            Rulings.from_dict({name: value})
        except ValueError:
            raise ScenarioError(f"rulings.{name}: expected one of {', '.join(map(json.dumps, option.choices))}, "
                                f"got {json.dumps(value)}") from None
    rulings = Rulings.from_dict(rulings_data)

    b = _Builder(season)
    table = Table(season, rulings, first_player=first)
    scripts: dict[int, list] = {}
    for i, pdata in enumerate(players):
        where = f"players[{i}]"
        _expect(pdata, dict, where, "an object with a \"deck\" or a \"grid\"")
        _known_fields(pdata, PLAYER_FIELDS, where)
        name = _expect(pdata.get("name", f"Player {i + 1}"), str, f"{where}.name", "a string")
        p = table.add_player(name)
        for cid in b.card_list(pdata.get("deck", []), f"{where}.deck"):
            p.deck.append(table.new_card(cid))
        for cid in b.card_list(pdata.get("dismissed", []), f"{where}.dismissed"):
            p.dismissed.append(table.new_card(cid, face_up=True))
        if pdata.get("grid") is not None:
            _load_grid(b, table, p, pdata["grid"], f"{where}.grid")
        p.actions = _actions(b, pdata.get("actions", []), f"{where}.actions")
        scripts[i] = list(_expect(pdata.get("choices", []), list, f"{where}.choices",
                                  "a list of card ids or null"))
    names = {p.name for p in table.players} | {TOON_DECK}
    for i, choices in scripts.items():
        for k, c in enumerate(choices):
            if c is None or isinstance(c, str) and c in names:  # the Pig's deck: a name or the toon deck
                continue
            b.card_id(c, f"players[{i}].choices[{k}]")
    market = b.card_list(data.get("market", []), "market")
    if len(market) > len(PRICES[season]):
        raise ScenarioError(f"market: {len(market)} cards, but a {season!r} market has "
                            f"{len(PRICES[season])} slots")
    for cid in b.card_list(data.get("toon_deck", []), "toon_deck"):
        table.toon_deck.append(table.new_card(cid))
    table.arrange_market([table.new_card(cid, face_up=True) for cid in market])
    table.notes = _copy_notes(table)
    return table, scripts


def _actions(b: _Builder, value, where: str) -> list[dict]:
    _expect(value, list, where, "a list of actions")
    out = []
    for k, action in enumerate(value):
        w = f"{where}[{k}]"
        _expect(action, dict, w, 'an action: {"hire": ID}, {"dismiss": ID} or {"skip": true}')
        if len(action) != 1 or next(iter(action)) not in ("hire", "dismiss", "skip"):
            raise ScenarioError(f'{w}: expected {{"hire": ID}}, {{"dismiss": ID}} or {{"skip": true}}, '
                                f"got {action!r}")
        (verb, arg), = action.items()
        if verb == "skip":
            if arg is not True:
                raise ScenarioError(f"{w}.skip: expected true, got {arg!r}")
        else:
            b.card_id(arg, f"{w}.{verb}")
        out.append(dict(action))
    return out


def _load_grid(b: _Builder, table: Table, p, value, where: str) -> None:
    """A hand-built grid in the output shape: rows top first, the last two the upper and lower
    rows, 3 cells a row, each null or a stack bottom first of ids or {"id", "face_up"}."""
    rows = _expect(value, list, where, "a list of rows (top first, at least the upper and lower row)")
    if len(rows) < 2:
        raise ScenarioError(f"{where}: expected at least 2 rows (the upper and the lower row), got {len(rows)}")
    n_extra = len(rows) - 2
    for j, row in enumerate(rows):
        wr = f"{where}[{j}]"
        _expect(row, list, wr, "a row of 3 cells")
        if len(row) != 3:
            raise ScenarioError(f"{wr}: expected 3 cells, got {len(row)}")
        for col, cell in enumerate(row):
            wc = f"{wr}[{col}]"
            if cell is None:
                continue
            _expect(cell, list, wc, "null or a stack (a list of cards, bottom first)")
            if not cell:
                raise ScenarioError(f"{wc}: an empty stack; write null for an empty space")
            for h, entry in enumerate(cell):
                we = f"{wc}[{h}]"
                if isinstance(entry, str):
                    cid, up = b.card_id(entry, we), True
                else:
                    _expect(entry, dict, we, 'a card id or {"id": ID, "face_up": true/false}')
                    _known_fields(entry, ("id", "face_up"), we)
                    if "id" not in entry:
                        raise ScenarioError(f"{we}.id: missing field (expected a card id)")
                    cid = b.card_id(entry["id"], f"{we}.id")
                    up = _expect(entry.get("face_up", True), bool, f"{we}.face_up", "true or false")
                card = table.new_card(cid, face_up=up)
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
    """Cards used more often than the season's boxes hold: allowed, but said."""
    counts = Counter(c.spec.id for c in _all_cards(table))
    notes = []
    for cid, n in sorted(counts.items()):
        owned = owned_copies(cid, table.season)
        if n > owned:
            notes.append(f"{n} copies of {cid!r}: a {table.season!r} game has {owned}")
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
    if table.notes:
        doc["notes"] = list(table.notes)
    return doc
