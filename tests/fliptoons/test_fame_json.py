"""`fame.cards` in the JSON output indexes the JSON `grid` (one entry per face-up card that
scores, with the `row`/`col` index into `grid`), also after a round's Market has
dismissed cards: a card that has left the grid says so (`"left_grid": true`) and gives where it
scored, in the grid as it was at Check Fame (docs/engine.md, Positions).

S2 Check Fame: fame, once calculated, does not change in the Market (s2.check-fame.lock), so the
dismissed card keeps its entry; S2 Market, Dismiss a Toon: the card leaves the grid; S2 FAQ
Gorilla: the row above the Gorilla is an extra row, gone once its last card has left.
"""

from __future__ import annotations

import json

from fliptoons_explore.cli.main import main
from fliptoons_explore.fliptoons.engine import resolve_scenario, round_scenario

#: A crab in the extra row above a Gorilla in the upper row (JSON rows at Check Fame: 0 the extra
#: row, 1 the upper row, 2 the lower row); a Bee under a Cat in slot 4.
GRID = [
    [None, ["crab"], None],
    [["mosquito"], ["gorilla"], ["hippopotamus"]],
    [["bee", "cat"], ["fox"], ["rat"]],
]


def _scenario(*actions):
    return {
        "season": "combined",
        "players": [
            {"name": "Ann", "grid": GRID, "deck": ["capybara", "hen"], "actions": list(actions)}
        ],
    }


def _entries(doc):
    return {e["id"]: e for e in doc["players"][0]["fame"]["cards"]}


def _holds(grid, e):
    cell = grid[e["row"]][e["col"]] if 0 <= e["row"] < len(grid) else None
    return cell is not None and e["stack"] < len(cell) and cell[e["stack"]]["id"] == e["id"]


def test_before_the_market_every_entry_indexes_the_grid():
    doc = resolve_scenario(_scenario())
    grid = doc["players"][0]["grid"]
    assert len(grid) == 3
    for e in doc["players"][0]["fame"]["cards"]:
        assert _holds(grid, e) and "left_grid" not in e
    assert (_entries(doc)["crab"]["row"], _entries(doc)["crab"]["col"]) == (0, 1)


def test_a_card_dismissed_from_an_extra_row_that_then_disappears():
    """Dismissing the Crab empties the extra row: the JSON grid has two rows now. The Crab's entry
    keeps its 5 fame and says it has left, at JSON row 0 (the extra row of the grid Check Fame
    scored), not -1; every other entry indexes the grid as it is now (the Gorilla at row 0)."""
    doc = round_scenario(_scenario({"dismiss": "crab"}))
    ann = doc["players"][0]
    grid = ann["grid"]
    assert len(grid) == 2 and ann["dismissed"] == ["crab"]
    crab = _entries(doc)["crab"]
    assert crab == {
        "id": "crab",
        "row": 0,
        "col": 1,
        "stack": 0,
        "fame": 5,
        "base": 5,
        "bonus": 0,
        "left_grid": True,
    }
    others = [e for e in ann["fame"]["cards"] if e["id"] != "crab"]
    assert others and all(_holds(grid, e) and "left_grid" not in e for e in others)
    assert (_entries(doc)["gorilla"]["row"], _entries(doc)["gorilla"]["col"]) == (0, 1)
    assert ann["fame"]["total"] == sum(e["fame"] for e in ann["fame"]["cards"])


def test_a_card_dismissed_from_under_a_stack():
    """Dismissing the Bee under the Cat: the Cat, still in the grid, is now the bottom of its
    stack (`stack` 0); the Bee's entry gives where it scored (row 2, slot 4's stack, height 0)."""
    doc = round_scenario(_scenario({"dismiss": "bee"}))
    grid = doc["players"][0]["grid"]
    bee, cat = _entries(doc)["bee"], _entries(doc)["cat"]
    assert (bee["row"], bee["col"], bee["stack"], bee.get("left_grid")) == (2, 0, 0, True)
    assert (cat["row"], cat["col"], cat["stack"]) == (2, 0, 0) and "left_grid" not in cat
    assert _holds(grid, cat)


def test_the_round_command_prints_it(tmp_path, capsys):
    path = tmp_path / "crab.json"
    path.write_text(json.dumps(_scenario({"dismiss": "crab"})))
    assert main(["round", str(path), "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert _entries(doc)["crab"]["left_grid"] is True and _entries(doc)["crab"]["row"] == 0
