"""The explorer's Flipology parts, driven headless: the catalog's tiles and hooks, the builder's
rows, faces, discard pile and turns, every edit a scenario the engine resolves."""
from __future__ import annotations

import pytest

pytest.importorskip("ipywidgets")

from fliptoons_explore import flipology  # noqa: E402
from fliptoons_explore.widgets.flipology import FlipologyBuilder, FlipologyCatalog, FlipologySituation  # noqa: E402


def test_catalog_tiles_carry_the_kind_and_value_hooks():
    """DESIGN §2.4: 'Flipology cards in the catalog carry fte-card-<kind> and, for a value,
    fte-card-<kind>-<points> (e.g. fte-card-dog-6)'."""
    cat = FlipologyCatalog()
    html = cat.tiles.html
    assert 'class="fte-card fte-card-dog fte-card-dog-6"' in html
    assert 'class="fte-card fte-card-hermit_crab fte-card-hermit_crab-2"' in html
    assert html.count('class="fte-card ') == len(flipology.CARDS)
    cat.search.value = "parrot"
    assert cat.shown() == ["parrot:4"]
    picked = []
    cat.on_pick(picked.append)
    cat.tiles.click(action="card", card="parrot:4")
    assert picked == ["parrot:4"] and "fl.card.parrot" in cat.details.value


def test_building_rows_faces_a_discard_and_turns_resolves_joelles_cascade():
    b = FlipologyBuilder()
    changes = []
    b.on_change(lambda: changes.append(1))
    b.names[0].value, b.names[1].value = "Joelle", "Ben"
    for cid in ("dog", "snake:3", "monkey:2"):
        b.add(cid)
    b.target = ("row", 1, 0)
    for cid in ("frog:4", "panda", "sloth:6"):
        b.add(cid)
    b.target = ("discard",)
    b.add("kiwi")
    b.add_turn(0, 0, 2)
    s = b.situation
    s.answer("turns[0].choices", 0, [1, 0, 0])
    s.answer("turns[0].choices", 1, [1, 0, 2])
    r = flipology.resolve(s.scenario())
    assert [p.score for p in r.players] == [5, -2]
    assert s.scenario()["discard"] == ["kiwi"] and len(changes) >= 9
    b.views[1].click(action="edit", op="face", player="1", row="0", col="1")
    assert s.rows(1)[0][1] == {"id": "panda", "face_up": True}
    b.views[1].click(action="edit", op="left", player="1", row="0", col="2")
    assert s.rows(1)[0] == ["frog:4", "sloth:6", {"id": "panda", "face_up": True}]
    b.piles.click(action="edit", op="turn-remove", index="0")
    assert "turns" not in s.scenario()


def test_great_tree_rows_stack_and_nature_keeps_one_row():
    s = FlipologySituation()
    s.set_variant("great-tree")
    s.add("panda", ("row", 0, 0))
    s.add("kiwi", ("row", 0, 1))
    assert s.rows(0) == [["panda"], ["kiwi"]]
    s.set_variant("nature")
    assert s.rows(0) == [["panda", "kiwi"]]
    with pytest.raises(ValueError, match="a Nature player has one row"):
        s.add("cat", ("row", 0, 1))
    with pytest.raises(KeyError, match='unknown Flipology card "dragon"'):
        s.add("dragon", ("row", 0, 0))


def test_answers_go_where_the_script_reads_them():
    s = FlipologySituation({"game": "flipology", "players": [{"rows": [["rain"]]}, {"rows": [["dog", "cat"]]}],
                            "turns": [{"player": 0, "flip": [0, 0]}]})
    s.answer("turns[0].choices", 0, [0, 0, 0], row=0)
    s.answer("turns[0].choices", 0, [1, 0, 1], row=1)
    assert s.turns[0]["choices"] == [[[0, 0, 0], [1, 0, 1]]]
    s.answer("turns[0].choices", 0, [1, 0, 0], row=1)
    assert s.turns[0]["choices"] == [[[0, 0, 0], [1, 0, 0]]]
    assert [p.score for p in flipology.resolve(s.scenario()).players] == [0, 5]
    s.answer("end_choices", 0, "dog:5")
    assert s.scenario()["end_choices"] == ["dog:5"]
