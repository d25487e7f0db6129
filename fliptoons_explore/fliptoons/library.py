"""What the situation library (`content.situations`) and the exercises (`content.teach`) read of
a FlipToons outcome: the fields of a situation's expected outcome (the library's README,
`fliptoons_explore/content/library/README.md`), each read from a resolution in those terms, the
checks a library entry's values pass, and a player's grid and its fame as words.

    >>> from fliptoons_explore import situation
    >>> r = situation("s2.example.check-fame.jordy-13").run()
    >>> fields = outcome_fields(r)
    >>> fields["fame"]["Jordy"], fields["grid"]["Jordy"][1]
    (13, ['grasshopper+rat', 'firefly', 'groundhog'])
"""

from __future__ import annotations

import json
import re

from ..games import field_differences

__all__ = [
    "EXPECT_FIELDS",
    "GAME_FIELDS",
    "compact_grid",
    "fame_grid",
    "outcome_fields",
    "check_expected",
    "expected_differences",
    "cards_in",
]

#: The fields of an expected outcome that are FlipToons' own, in the order a check reports them:
#: "player" (an object keyed by player name) or "table" (`games.GameContract.expect_fields`).
EXPECT_FIELDS = {
    "fame": "player",
    "fame_left": "player",
    "grid": "player",
    "fame_grid": "player",
    "card_fame": "player",
    "deck": "player",
    "dismissed": "player",
    "final_fame": "player",
    "round_fame": "player",
    "market": "table",
    "toon_deck": "table",
    "market_discard": "table",
    "toon_deck_cards": "table",
    "winners": "table",
    "rounds": "table",
    "critics_choice": "table",
    "solo": "table",
}
#: The fields about how a game ended: a situation played to the end of its game ("game") only.
GAME_FIELDS = ("final_fame", "round_fame", "winners", "rounds", "critics_choice", "solo")
#: A `card_fame` key: 'capybara', 'mosquito@1,0' (JSON row, column), 'rat@1,0,1' (and height).
CARD_KEY = re.compile(r"^([a-z]+)(?:@(\d+),(\d+)(?:,(\d+))?)?$")


# -- a grid as words -------------------------------------------------------------------------------


def compact_grid(player: dict) -> list[list[str | None]]:
    """A player's JSON grid (docs/scenarios.md, What the commands print) as words: rows top first,
    each cell None or the ids of its stack bottom first joined by '+', a face-down card written
    '~id'."""
    return [
        [
            None
            if cell is None
            else "+".join(("" if c["face_up"] else "~") + c["id"] for c in cell)
            for cell in row
        ]
        for row in player["grid"]
    ]


def fame_grid(player: dict) -> list[list]:
    """The fame of every card where the grid holds it: a cell is None (empty), a number (one
    face-up card), '~' (one face-down card) or, for a stack, the fames bottom first joined by '+'
    ('2+1', '~+4'). A face-up card without a fame entry shows '?'; a card that has left the grid
    since Check Fame is not shown."""
    entries = {
        (c["row"], c["col"], c["stack"]): c
        for c in player["fame"]["cards"]
        if not c.get("left_grid")
    }
    rows = []
    for r, row in enumerate(player["grid"]):
        out = []
        for col, cell in enumerate(row):
            if cell is None:
                out.append(None)
                continue
            parts = []
            for h, card in enumerate(cell):
                e = entries.get((r, col, h))
                parts.append(
                    e["fame"]
                    if e is not None and e["id"] == card["id"]
                    else "~"
                    if not card["face_up"]
                    else "?"
                )
            out.append(parts[0] if len(parts) == 1 else "+".join(map(str, parts)))
        rows.append(out)
    return rows


def _unplaced(player: dict) -> list[dict]:
    """Fame entries of cards in the grid whose row, column and height hold no card of that id."""
    grid = player["grid"]

    def holds(c) -> bool:
        cell = grid[c["row"]][c["col"]] if 0 <= c["row"] < len(grid) else None
        return cell is not None and c["stack"] < len(cell) and cell[c["stack"]]["id"] == c["id"]

    return [c for c in player["fame"]["cards"] if not c.get("left_grid") and not holds(c)]


def _card_entry(player: dict, key: str):
    """The fame entry a `card_fame` key names (`CARD_KEY`), or None and why not."""
    cid, row, col, height = CARD_KEY.match(key).groups()
    found = [
        c
        for c in player["fame"]["cards"]
        if c["id"] == cid
        and (row is None or (c["row"], c["col"]) == (int(row), int(col)))
        and (height is None or c["stack"] == int(height))
    ]
    if len(found) == 1:
        return found[0], None
    return None, f"{len(found)} scoring cards match"


# -- an outcome in the library's terms -------------------------------------------------------------


def _document(resolution) -> dict:
    """The command line's JSON document of a resolution, with the market cards discarded face up
    next to the toon deck (`market_discard`, the Horse's)."""
    doc = resolution.to_json()
    doc["market_discard"] = [c.spec.id for c in resolution.table.market_discard]
    return doc


def outcome_fields(resolution, step: int | None = None) -> dict:
    """Each player's fame, fame left, grid (compact: `compact_grid`), deck and dismissed pile, the
    market, the toon deck and the market's discards; at the end also the fame of each card where
    the grid holds it (`fame_grid`, `card_fame`) and, after a game, how it ended. A recorded state
    holds no Check Fame entries: during Check Fame, `fame` is the total scored so far (S2, Check
    Fame)."""
    if step is not None:
        state = resolution.state_after(step)
        doc = {**state, "market_discard": state["discard"]}
        fame = {p["name"]: p["fame"] for p in state["players"]}
    else:
        doc = _document(resolution)
        fame = {p["name"]: p["fame"]["total"] for p in doc["players"]}
    players = {p["name"]: p for p in doc["players"]}
    out = {
        "fame": fame,
        "grid": {n: compact_grid(p) for n, p in players.items()},
        "deck": {n: p["deck"] for n, p in players.items()},
        "dismissed": {n: p["dismissed"] for n, p in players.items()},
        "market": doc["market"],
        "toon_deck": doc["toon_deck"],
        "toon_deck_cards": sorted(doc["toon_deck"]),
        "market_discard": doc["market_discard"],
    }
    if all("fame_left" in p for p in players.values()):
        out["fame_left"] = {n: p["fame_left"] for n, p in players.items()}
    if step is None:
        out["fame_grid"] = {n: fame_grid(p) for n, p in players.items()}
        out["card_fame"] = {n: _card_fame(p["fame"]["cards"]) for n, p in players.items()}
        out.update(_ending(doc, list(players)))
    return out


def _card_fame(entries: list) -> dict:
    """Each Check Fame entry's fame under every key a situation's `card_fame` may name it by that
    names no other entry: 'rat', 'rat@1,0' (JSON row, column), 'rat@1,0,1' (and its height)."""
    found: dict = {}
    for c in entries:
        cell = f"{c['id']}@{c['row']},{c['col']}"
        for key in (c["id"], cell, f"{cell},{c['stack']}"):
            found.setdefault(key, []).append(c["fame"])
    return {key: fames[0] for key, fames in found.items() if len(fames) == 1}


def _ending(doc: dict, names: list) -> dict:
    """How a game played to its end ended, by player name: the fame of each round's Check Fame and
    of the Final Flip, the winners, the rounds, the critic's choice, a solo result."""
    result, history = doc.get("result"), doc.get("rounds")
    if result is None:
        return {}
    holder = result.get("critics_choice")
    final = result.get("final_fame") or [None] * len(names)  # none in a solo game
    return {
        "round_fame": {n: [r["fame"][i] for r in history or []] for i, n in enumerate(names)},
        "final_fame": dict(zip(names, final)),
        "winners": [names[i] for i in result.get("winners", [])],
        "rounds": result.get("rounds"),
        "critics_choice": None if holder is None else names[holder],
        "solo": result.get("solo"),
    }


# -- a library entry's expected outcome ------------------------------------------------------------


def check_expected(where: str, field: str, value, play: str, players: list) -> None:
    """ValueError (one line, starting with `where`) for a value of one of `EXPECT_FIELDS` that a
    library entry cannot hold: a `card_fame` key or value of the wrong shape, `fame_left` without
    a round (there is no fame left before the Market), `fame_grid` after a round (the grid is no
    longer the one Check Fame scored), how a game ended (`GAME_FIELDS`) without playing it to
    its end, a name that is no player's."""
    if field == "card_fame":
        for name, cards in value.items():
            for key, fame in cards.items():
                if not CARD_KEY.match(key):
                    raise ValueError(
                        f"{where}.{name}: {key!r} is not 'id', 'id@row,col' or 'id@row,col,height'"
                    )
                if not (
                    isinstance(fame, int)
                    or isinstance(fame, dict)
                    and fame
                    and set(fame) <= {"fame", "base", "bonus"}
                ):
                    raise ValueError(
                        f'{where}.{name}.{key}: expected a number or some of {{"fame", "base", '
                        '"bonus"}'
                    )
    elif field == "winners":
        if not isinstance(value, list) or not all(v in players for v in value):
            raise ValueError(f"{where}: expected a list of the scenario's player names")
    elif field == "critics_choice":
        if value is not None and value not in players:
            raise ValueError(f"{where}: expected a player name of the scenario or null")
    elif field == "rounds":
        if not isinstance(value, int) or isinstance(value, bool) or value < 1:
            raise ValueError(f"{where}: expected the number of rounds played")
    elif field == "solo":
        if value not in ("won", "lost"):
            raise ValueError(f'{where}: expected "won" or "lost"')
    if field == "fame_left" and play != "round":
        raise ValueError(f'{where}: fame_left needs play "round"')
    if field == "fame_grid" and play == "round":
        raise ValueError(
            f'{where}: fame_grid needs play "resolve" or "game" (after a round the grid is no '
            "longer the one Check Fame scored; use card_fame)"
        )
    if field in GAME_FIELDS and play != "game":
        raise ValueError(f'{where}: {field} needs play "game"')


def expected_differences(expect: dict, resolution) -> list[str]:
    """Each way a resolution's outcome differs from the FlipToons fields of an expected outcome,
    one line each (`games.field_differences`), with three fields compared their own way: a
    `card_fame` entry by the parts it names, a `fame_grid` whose fame entries must each sit on a
    card, and `toon_deck_cards` in any order."""
    doc = _document(resolution)
    players = {p["name"]: p for p in doc["players"]}

    def compare(field: str, name, want, got):
        if field == "card_fame":
            out = []
            for key, fame in want.items():
                entry, why = _card_entry(players[name], key)
                if entry is None:
                    out.append(f"{name} card_fame {key}: {why}")
                    continue
                found = entry["fame"] if isinstance(fame, int) else {k: entry[k] for k in fame}
                if found != fame:
                    out.append(f"{name} card_fame {key}: expected {fame}, got {found}")
            return out
        if field == "fame_grid":
            unplaced = _unplaced(players[name])
            out = [f"{name} fame_grid: fame entries for no card of the grid: {unplaced}"]
            out = out if unplaced else []
            if got != want:
                out.append(f"{name} fame_grid: expected {json.dumps(want)}, got {json.dumps(got)}")
            return out
        if field == "toon_deck_cards" and got != sorted(want):
            return [
                f"toon_deck_cards: expected {json.dumps(sorted(want))} in any order, got "
                f"{json.dumps(got)}"
            ]
        return [] if field == "toon_deck_cards" else None

    return field_differences(expect, outcome_fields(resolution), EXPECT_FIELDS, compare)


def cards_in(scenario: dict) -> set[str]:
    """Every card id a scenario names: decks, dismissed piles, grids, market, toon deck."""
    ids = set(scenario.get("market", [])) | set(scenario.get("toon_deck", []))
    for p in scenario["players"]:
        ids |= set(p.get("deck", [])) | set(p.get("dismissed", []))
        for row in p.get("grid") or []:
            for cell in row:
                ids |= {c if isinstance(c, str) else c["id"] for c in cell or []}
    return ids
