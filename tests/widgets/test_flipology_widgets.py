"""The explorer's Flipology parts, driven headless: the catalog's tiles and hooks, the builder's
rows, faces, discard pile and turns, every edit a scenario the engine resolves."""

from __future__ import annotations

import pytest

pytest.importorskip("ipywidgets")

from fliptoons_explore.widgets.flipology import (
    FlipologyBuilder,
    FlipologyCatalog,
    FlipologySituation,
)  # noqa: E402

from fliptoons_explore import flipology  # noqa: E402


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


def test_the_catalog_says_the_assumed_counts_once_and_one_point_in_the_singular():
    """The deck table's assumed copies are said once, above the tiles, not on each tile; a card
    worth 1 reads "1 point" on its tile, in its tooltip and in its details."""
    cat = FlipologyCatalog()
    html = cat.tiles.html
    assert "assumed count" not in html and "those counts are assumed" in cat.deck.value
    assert html.count("assumed points") == 6  # the six unique animals: which is 8 and which 9
    assert "1 points" not in html and ">1 point<" in html and "Mole, 1 point\n" in html
    cat.tiles.click(action="card", card="mole:1")
    assert " · 1 point · " in cat.details.value
    assert "4 in the deck table (assumed)" in cat.details.value


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
    s = FlipologySituation(
        {
            "game": "flipology",
            "players": [{"rows": [["rain"]]}, {"rows": [["dog", "cat"]]}],
            "turns": [{"player": 0, "flip": [0, 0]}],
        }
    )
    s.answer("turns[0].choices", 0, [0, 0, 0], row=0)
    s.answer("turns[0].choices", 0, [1, 0, 1], row=1)
    assert s.turns[0]["choices"] == [[[0, 0, 0], [1, 0, 1]]]
    s.answer("turns[0].choices", 0, [1, 0, 0], row=1)
    assert s.turns[0]["choices"] == [[[0, 0, 0], [1, 0, 0]]]
    assert [p.score for p in flipology.resolve(s.scenario()).players] == [0, 5]
    s.answer("end_choices", 0, "dog:5")
    assert s.scenario()["end_choices"] == ["dog:5"]


# -- the explorer opens Flipology ------------------------------------------------------------------


def _joelles_table(x):
    """Joelle's cascade of the rulebook (Overview of Play), built by clicks: the catalog's tiles
    into Joelle's row, then Ben's."""
    x.game_switch.value = "flipology"
    b = x.builder
    b.names[0].value, b.names[1].value = "Joelle", "Ben"
    for cid in ("dog", "snake:3", "monkey:2"):
        x.catalog.tiles.click(action="card", card=cid)
    b.target = ("row", 1, 0)
    for cid in ("frog:4", "panda", "sloth:6"):
        x.catalog.tiles.click(action="card", card=cid)


def test_the_explorer_builds_joelles_cascade_by_clicks_and_asks_its_decisions():
    """The game switch, a Flipology catalog, rows filled by clicks, a turn made
    by clicking a card of the table, the decisions asked with what each answer gives. The
    rulebook's example: Joelle's Monkey flips her Snake and Ben's Frog (the circle: her right end
    is next to his left end); she applies the Frog, whose flip two spaces away reaches Ben's Sloth
    (fl.card.monkey, fl.card.frog, fl.example.joelle)."""
    from fliptoons_explore.widgets import explorer

    x = explorer()
    _joelles_table(x)
    assert x.game == "flipology" and x.error.value == ""
    assert x.game_switch.value == "flipology" and x.page.page_title == "Flipology explorer"
    x.stepper.table.click(action="pos", player="0", row="0", col="2")
    assert x.situation.scenario()["turns"] == [{"player": 0, "flip": [0, 2], "choices": []}]
    first = x.pending[0]
    assert first.asked.question == "Monkey: both cards show an effect; which one do you apply?"
    assert [o.description for o in x.options] == [
        "Joelle's row, card 2: Snake 3: Joelle ends with 10 points; Joelle wins",
        "Ben's row, card 1: Frog 4: Joelle ends with 5 points; Joelle wins",
    ]
    assert x.stepper.limit == first.step  # the stepper stops at the waiting decision
    x.options[1].click()
    assert x.pending[0].asked.question == "Frog: which card two spaces away do you flip?"
    # Ben's face-down Sloth is named as Joelle knows it (DESIGN §4.8): she has not seen it
    assert [o.description for o in x.options] == [
        "Joelle's row, card 2: Snake 3: Joelle ends with 2 points; Ben wins",
        "Ben's row, card 3: a face-down card: Joelle ends with 5 points; Joelle wins",
    ]
    x.options[1].click()
    assert x.pending == [] and x.situation.scenario()["turns"][0]["choices"] == [
        [1, 0, 0],
        [1, 0, 2],
    ]
    assert [p.score for p in x.result.table.players] == [5, -2]
    # the stepper, the chain view and the trace read the Flipology resolution unchanged
    x.stepper.goto(x.stepper.end())
    assert x.stepper.stepper.event.rule == "fl.score"
    assert "fl.card.frog" in {e.rule for e in x.result.trace}
    md = x.markdown()
    assert md.startswith("**Flipology: Nature** — the turns, then the count, step by step")
    assert "Joelle: 5 points" in md and "Ben: -2 points" in md
    # undo takes the last answer back; the FlipToons situation waits as it was
    x.builder.undo()
    assert x.situation.scenario()["turns"][0]["choices"] == [[1, 0, 0]]
    x.game_switch.value = "fliptoons"
    assert x.game == "fliptoons" and x.situation.scenario() == {
        "season": "s2",
        "players": [{"name": "Ann", "deck": []}],
    }
    x.game_switch.value = "flipology"
    assert x.situation.scenario()["turns"][0]["choices"] == [[1, 0, 0]]


def test_the_explorer_shows_flipology_rulings_links_and_refuses_play_to_the_end():
    """The Rulings tab lists Flipology's options for a Flipology situation, names those that
    change it and compares two readings side by side (the Moon's tie, `moon_tiebreak`); in
    Nicolas's Great Tree example the straight reading makes its scripted Frog answer illegal, and
    the comparison says so in one line; a link opens the situation in the right game; play to
    the end is FlipToons' (one line, nothing changes)."""
    from fliptoons_explore.widgets import explorer

    from fliptoons_explore import situation
    from fliptoons_explore.flipology.rulings import OPTIONS

    x = explorer()
    x.load(situation("fl.score.moon.tie-goes-to-the-most-animals").scenario)
    x.tabs.selected_index = 2
    assert set(x.rulings.controls) == set(OPTIONS)
    assert "<code>moon_tiebreak</code>" in x.rulings.matter.value
    x.rulings.compare_with.value = ("moon_tiebreak", "shared")
    assert 'with moon_tiebreak = "shared"' in x.rulings.result.value.replace("&quot;", '"')
    nicolas = situation("fl.example.tree.nicolas-snake-parrot-frog-quokka").scenario
    x.load(nicolas)
    assert x.game == "flipology" and x.builder.variant.value == "great-tree"
    x.rulings.compare_with.value = ("tree_two_spaces", "straight")
    assert "[0, 0, 4] is not a legal answer" in x.rulings.result.value
    link = x.link()
    y = explorer()
    y.open_link(link.split("#", 1)[1])
    assert y.game == "flipology" and y.situation.scenario() == x.situation.scenario()
    before = x.situation.scenario()
    x.game_button.click()
    assert "Flipology: a situation plays its turns or its round" in x.error.value
    assert x.situation.scenario() == before and x.mode == "resolve"
    assert x.game_button.layout.display == "none"


def test_a_flipology_scenario_imported_as_json_opens_in_flipology():
    """The JSON tab's import reads a Flipology scenario (`"game": "flipology"`) with Flipology's
    checks: it opens in the Flipology explorer, its decision asked; a mistake in one is
    Flipology's one-line message and changes nothing."""
    import json

    from fliptoons_explore.widgets import explorer

    x = explorer()
    x.json.text.value = json.dumps(
        {
            "game": "flipology",
            "players": [
                {"name": "Ann", "rows": [["dog:5", "kiwi:8"]]},
                {"name": "Ben", "rows": [["frog:4"]]},
            ],
            "turns": [{"player": 0, "flip": [0, 0]}],
        }
    )
    x.json.import_button.click()
    assert x.game == "flipology" and x.error.value == ""
    assert x.pending and x.pending[0].asked.kind == "dog"
    before = x.situation.scenario()
    x.json.text.value = json.dumps({"game": "flipology", "players": [{"rows": [["nope"]]}]})
    x.json.import_button.click()
    assert 'players[0].rows[0][0]: unknown Flipology card "nope"' in x.error.value.replace(
        "&quot;", '"'
    )
    assert x.situation.scenario() == before


def test_the_explorer_asks_the_suns_peek_then_its_flip_of_a_peeked_card():
    """The Sun "allows you to peek at any three facedown cards in your opponents' rows. Then you
    can choose one to flip over. You can leave all three facedown." (fl.card.sun). In the
    explorer the peek is three decisions, each naming Ben's face-down cards as Ann knows them,
    whose answers make one list of the turn's choices; then the flip offers the three peeked
    cards, named by their faces now, and "decline"."""
    from fliptoons_explore.widgets import explorer

    from fliptoons_explore import situation

    scenario = situation("fl.card.sun.peeks-at-three-then-flips-one-of-them").scenario
    scenario["turns"][0]["choices"] = []
    x = explorer(scenario)
    assert x.game == "flipology" and x.error.value == ""

    def options():
        return [o.description.split(": Ann ends")[0] for o in x.options]

    def choices():
        return x.situation.scenario()["turns"][0]["choices"]

    unseen = [f"Ben's row, card {c}: a face-down card" for c in range(1, 6)]
    for k, pick in enumerate((1, 3, 5)):  # Ben's Dog, Panda and Quokka
        waiting = x.pending[0]
        assert waiting.asked.kind == "sun_peek" and x.stepper.limit == waiting.step
        asked = f"Sun 3: which face-down card of an opponent do you peek at ({k + 1} of 3)?"
        assert asked in x.decision.children[0].value
        assert options() == [u for u in unseen if int(u.split("card ")[1][0]) not in (1, 3, 5)[:k]]
        assert "Sloth" not in " ".join(o.description for o in x.options)
        x.options[options().index(unseen[pick - 1])].click()
    assert choices() == [[[1, 0, 0], [1, 0, 2], [1, 0, 4]]]
    waiting = x.pending[0]
    assert waiting.asked.kind == "sun" and waiting.asked.optional
    assert "which peeked card do you flip over (or none)?" in x.decision.children[0].value
    assert options() == [
        "Ben's row, card 1: Dog 5",
        "Ben's row, card 3: Panda 9",
        "Ben's row, card 5: Quokka 9",
        "decline",
    ]
    peek = next(e for e in x.result.trace if e.kind == "peek")
    assert peek.detail == (
        "peeks at Ben's row, card 1: Dog 5; Ben's row, card 3: Panda 9; Ben's row, card 5: Quokka 9"
    )
    x.options[0].click()  # the Dog: Ben's 5 points rather than his Panda's or Quokka's 9
    assert x.pending == [] and x.error.value == ""
    assert choices() == [[[1, 0, 0], [1, 0, 2], [1, 0, 4]], [1, 0, 0]]
    ben = x.result.table.players[1]
    assert [c.face_up for c in ben.rows[0]] == [True, False, False, False, False]
    assert [p.score for p in x.result.table.players] == [3, 12]  # Ben: Dog 5 + face-down Sloth 7
    flip = next(e for e in x.result.trace if e.kind == "flip" and e.rule == "fl.card.sun")
    assert flip.card == "dog:5" and flip.value == 1
    # undo takes the flip back; declining leaves all three face down (Ben: Sloth 7)
    x.builder.undo()
    assert choices() == [[[1, 0, 0], [1, 0, 2], [1, 0, 4]]]
    x.options[-1].click()
    assert choices() == [[[1, 0, 0], [1, 0, 2], [1, 0, 4]], None]
    assert [p.score for p in x.result.table.players] == [3, 7] and x.pending == []
    md = x.markdown()
    assert (
        "Ann: With the Sun (3), peeks at Ben's row, card 1: Dog 5; Ben's row, card 3: Panda 9; "
        "Ben's row, card 5: Quokka 9."
    ) in md
    assert "Ann: Sun: which peeked card do you flip over (or none)? — none." in md
