"""The explorer driven kernel-side, as a person drives it in the browser: clicks on catalog tiles,
grid cells, chain nodes and buttons; values set on dropdowns, sliders and text boxes. Each test
checks the engine state the clicks built and what the widgets then show.

Outcomes are the engine's rulings, cited where they matter: the S2 rulebook's Key Concepts and
FAQ (../shared/seeds/000_…), the S1 FAQ, RULINGS.md.
"""

from __future__ import annotations

import json
import re
from html import escape

import pytest

pytest.importorskip("ipywidgets")
pytest.importorskip("anywidget")

from fliptoons_explore.widgets import Catalog, Situation, explorer  # noqa: E402
from fliptoons_explore.widgets.examples import EXAMPLES  # noqa: E402

from fliptoons_explore import ScenarioError, resolve  # noqa: E402
from fliptoons_explore.fliptoons.cards import CATALOG  # noqa: E402

COW = {
    "season": "s1",
    "players": [{"name": "Ann", "grid": [[["lion"], ["cow"], ["bee"]], [None, ["bear"], None]]}],
}


def pick(x, *cards):
    for c in cards:
        x.catalog.tiles.click(action="card", card=c)


def text(html: str) -> str:
    return " ".join(
        re.sub(r"<[^>]+>", " ", html).replace("&#x27;", "'").replace("&quot;", '"').split()
    )


# -- the catalog -----------------------------------------------------------------------------------


def test_catalog_filters_by_text_season_timing_icon_and_rank():
    c = Catalog(season="s2")
    assert len(c.shown()) == len([s for s in CATALOG.values() if s.season == "s2" or s.promo])
    c.search.value = "crab"
    assert c.shown() == ["crab"]
    c.search.value = ""
    c.season.value = "all seasons"
    c.timing.value = "after Market"
    assert c.shown() == ["donkey", "alligator", "groundhog", "vulture"]
    c.timing.value = "any timing"
    c.icon.value = "return-immune"
    assert sorted(c.shown()) == sorted(s.id for s in CATALOG.values() if s.return_immune)
    c.icon.value = "any icon"
    c.ranks.value = (24, 25)
    assert all(CATALOG[i].rank >= 24 for i in c.shown()) and "cow" in c.shown()
    # every tile carries the browser-test hooks
    assert 'class="fte-card fte-card-cow"' in c.tiles.html


def test_picking_a_card_shows_its_rules():
    c = Catalog(season="s2")
    c.tiles.click(action="card", card="crab")
    assert c.picked == "crab"
    assert "s2.faq.crab" in c.details.value and "card.crab" in c.details.value


# -- building --------------------------------------------------------------------------------------


def test_catalog_clicks_build_a_deck_in_order_and_it_resolves():
    x = explorer()
    pick(x, "gorilla", "coyote", "rat")
    assert x.situation.scenario()["players"][0]["deck"] == ["gorilla", "coyote", "rat"]
    deck_view = x.builder.rows[0]["deck"]
    assert (
        "fte-deck-0" in deck_view._dom_classes
        and deck_view.html.count('class="fte-deck-card"') == 3
    )
    # reorder and remove, as the ↑ ✕ on the chips do
    deck_view.click(action="edit", op="down", pile="deck", player=0, index=0)
    assert x.situation.players[0]["deck"] == ["coyote", "gorilla", "rat"]
    deck_view.click(action="edit", op="remove", pile="deck", player=0, index=0)
    assert x.situation.players[0]["deck"] == ["gorilla", "rat"]
    x.resolve_button.click()
    want = resolve({"season": "s2", "players": [{"name": "Ann", "deck": ["gorilla", "rat"]}]})
    assert x.result.players[0].fame_total == want.players[0].fame_total == 6  # gorilla 5, rat 1
    assert x.error.value == ""


def test_players_names_season_and_piles():
    x = explorer()
    x.builder.count.value = 3
    assert [p["name"] for p in x.situation.players] == ["Ann", "Player 2", "Player 3"]
    x.builder.rows[1]["name"].value = "Bo"
    x.builder.target_box.value = ("deck", 1)
    pick(x, "mosquito", "crab")
    x.builder.target_box.value = ("dismissed", 2)
    pick(x, "crow")
    x.builder.target_box.value = ("market",)
    pick(x, "hen")
    x.builder.target_box.value = ("toon_deck",)
    pick(x, "fox")
    s = x.situation.scenario()
    assert s["players"][1] == {"name": "Bo", "deck": ["mosquito", "crab"]}
    assert (
        s["players"][2]["dismissed"] == ["crow"]
        and s["market"] == ["hen"]
        and s["toon_deck"] == ["fox"]
    )
    x.builder.season.value = "s1"
    # a Season 2 card in a Season 1 scenario: the engine's one-line message, in the widget
    assert 'players[1].deck[0]: "mosquito" is a S2 card' in text(x.error.value)
    assert "\n" not in text(x.error.value)
    x.builder.season.value = "combined"
    assert x.error.value == ""


def test_a_grid_built_by_hand_with_a_stack_a_face_down_card_and_a_fame_preview():
    """Cells chosen by clicking the table, cards stacked by picking, one turned face down. The
    Grasshopper scores +1 per card above it in its column, face-down ones too
    (s2.faq.spider-grasshopper); a face-down card scores nothing (s2.key.face-down)."""
    x = explorer()
    x.builder.rows[0]["grid"].value = True
    x.stepper.table.click(action="cell", player=0, row=0, col=0)
    assert x.builder.target == ("grid", 0, 0, 0)
    pick(x, "mosquito", "rat")  # a stack: rat on the mosquito
    x.stepper.table.click(action="cell", player=0, row=1, col=0)
    pick(x, "grasshopper")
    x.builder.cell.click(action="edit", op="turn", player=0, row=1, col=0, height=0)
    # face up again
    x.builder.cell.click(action="edit", op="turn", player=0, row=1, col=0, height=0)
    x.builder.target_box.value = ("grid", 0, -1, 0)  # a new extra row above the left column
    pick(x, "ladybug")
    x.builder.target_box.value = ("grid", 0, 0, 0)
    # the rat face down
    x.builder.cell.click(action="edit", op="turn", player=0, row=0, col=0, height=1)
    grid = x.situation.scenario()["players"][0]["grid"]
    assert grid == [
        [["ladybug"], None, None],
        [["mosquito", {"id": "rat", "face_up": False}], None, None],
        [["grasshopper"], None, None],
    ]
    assert x.error.value == ""
    fame = {k: v.fame for k, v in x.builder.cell_fame.items()}
    assert fame[(0, 1, 0, 0)] == 1 + 3  # grasshopper: printed 1, three cards above it
    assert (0, 0, 0, 1) not in fame  # the face-down rat scores nothing
    assert "Rat (face down)" in text(x.builder.cell.html)
    assert x.result.players[0].fame_total == 1 + 0 + 4  # ladybug 1, mosquito 0, grasshopper 4


def test_flipping_players_cells_are_not_edited():
    x = explorer({"season": "s2", "players": [{"name": "Ann", "deck": ["crab"]}]})
    x.stepper.table.click(action="cell", player=0, row=0, col=1)
    assert "Ann flips from the deck" in text(x.error.value)
    assert x.builder.target == ("deck", 0)


# -- stepping ------------------------------------------------------------------------------------


def test_stepper_buttons_slider_and_filters():
    """The Crab placed in the middle column is returned (s2.faq.crab)."""
    x = explorer(
        {"season": "s2", "players": [{"name": "Ann", "deck": ["mosquito", "crab", "rat"]}]}
    )
    s = x.stepper
    s.first.click()
    assert s.stepper.step == -1 and "Before the first event" in text(s.event.value)
    s.next.click()
    s.next.click()
    assert s.stepper.step == 1 and "Ann: Reveals the Mosquito." in text(s.event.value)
    s.slider.value = 0
    assert s.stepper.step == 0
    s.kind.value = "return"
    s.next.click()
    step = s.stepper.step
    assert x.result.trace[step].kind == "return" and x.result.trace[step].card == "crab"
    assert "s2.faq.crab" in s.rule.value
    # the crab is in the deck now
    assert "Crab left here" in text(s.table.html) and "fte-acting" not in s.table.html
    s.kind.value = "any"
    s.last.click()
    assert s.stepper.step == len(x.result.trace) - 1
    assert text(s.fame.value) == "fame: Ann 1"  # mosquito 0, rat 1; the crab went back to the deck
    s.table.press("Home")
    assert s.stepper.step == -1
    s.table.press("ArrowRight")
    assert s.stepper.step == 0


def test_editing_keeps_the_step():
    x = explorer(
        {"season": "s2", "players": [{"name": "Ann", "deck": ["mosquito", "crab", "rat"]}]}
    )
    x.stepper.slider.value = 4
    pick(x, "mosquito")
    assert x.stepper.stepper.step == 4 and x.situation.players[0]["deck"][-1] == "mosquito"


def test_the_acting_card_is_marked_on_the_table():
    x = explorer(EXAMPLES["s2.example.check-fame.jordy-13"].scenario)
    stack = next(e.step for e in x.result.trace if e.kind == "stack")
    x.stepper.slider.value = stack
    acting = re.findall(r'<div class="fte-acting"[^>]*>(.*?)</div>', x.stepper.table.html)
    assert len(acting) == 1 and "Rat" in acting[0]
    assert "stacked onto the Grasshopper" in text(x.stepper.event.value)


# -- decisions ------------------------------------------------------------------------------------


def test_a_cow_asks_and_the_answer_is_written_into_the_scenario():
    """The Cow copies the fame of one chosen adjacent card (S1 FAQ: Cow): Bear 1, Lion 3, Bee 1
    printed. The resolution waits at the question; answering Bear gives Ann 3+1+1+5 = 10."""
    x = explorer(COW)
    decision = next(e.step for e in x.result.trace if e.kind == "decision")
    assert x.stepper.limit == decision
    x.stepper.last.click()
    assert x.stepper.stepper.step == decision  # it stops at the question
    # each button carries what its answer gives (re-resolved): the Bear's 1, the Lion's 3, the Bee's
    # 1
    assert [b.description for b in x.options] == [
        "Bear: Ann ends with 10 fame",
        "Lion: Ann ends with 12 fame",
        "Bee: Ann ends with 10 fame",
    ]
    assert all("fte-option" in b._dom_classes for b in x.options)
    # the question shows at every step while it waits, so that stepping does not move the table
    x.stepper.first.click()
    assert x.options and "Decision for Ann" in text(x.decision.children[0].value)
    x.options[0].click()
    assert x.situation.scenario()["players"][0]["choices"] == ["bear"]
    assert x.stepper.limit is None and x.decision.children == ()
    x.stepper.last.click()
    assert x.result.players[0].fame_total == 10 and text(x.stepper.fame.value) == "fame: Ann 10"
    # the answer shows as a chip; forgetting it asks again
    x.builder.rows[0]["piles"].click(action="edit", op="forget", player=0)
    assert x.stepper.limit == decision


def test_a_policy_may_answer_every_decision():
    x = explorer(COW)
    x.policy.value = "default"
    assert x.stepper.limit is None
    x.stepper.last.click()
    assert x.result.players[0].fame_total == 12  # the default copies the most fame: the Lion's 3


# -- play to the end ------------------------------------------------------------------------------

#: Season 1: Ann's grid makes 33 (the Cow copies the Tiger's printed 3), so the end is triggered and
#: a Final Flip follows, in which her Cow asks again.
COW_TO_THE_END = {
    "season": "s1",
    "players": [
        {
            "name": "Ann",
            "deck": ["cow", "bear", "lion", "tiger", "deer", "horse"],
            "dismissed": ["bee", "bee", "snail", "caterpillar", "caterpillar"],
            "actions": [{"skip": True}, {"skip": True}],
        },
        {"name": "Ben", "deck": ["bee", "snail"], "actions": [{"skip": True}, {"skip": True}]},
    ],
}


def test_play_to_the_end_steps_through_cleanup_and_the_final_flip():
    """The "play to the end" mode (hook fte-game-end) plays the scenario on through Cleanup and the
    Final Flip (S2 Cleanup, Final Flip); the stepper walks through them like any other phase."""
    x = explorer(EXAMPLES["s2.final-flip.critics-choice-adds-3"].scenario)
    assert "fte-game-end" in x.game_button._dom_classes
    x.game_button.click()
    assert (
        x.mode == "game"
        and x.game_button.button_style == "primary"
        and x.resolve_button.button_style == ""
    )
    assert x.result.game.result.winners == [0]
    x.stepper.last.click()
    assert text(x.stepper.fame.value) == "fame: Ann 8 · Ben 6"  # 5 + the critic's choice card's 3
    assert "final-flip" in x.stepper.phase.options and "end" in x.stepper.phase.options
    x = explorer(EXAMPLES["s2.cleanup.low-count.two-players-discard-the-ends"].scenario)
    assert x.mode == "resolve"
    x.game_button.click()
    discard = next(e.step for e in x.result.trace if e.kind == "discard")
    x.stepper.goto(discard)
    assert (
        text(x.stepper.event.value)
        == f"#{discard} The Salamander is discarded: an end of the market."
    )
    assert text(x.stepper.rule.value).startswith("s2.cleanup.low-count — With one or two players")
    # the round's Check Fame, still
    assert text(x.stepper.fame.value) == "fame so far: Ann 38 · Ben 0"
    x.stepper.last.click()
    assert text(x.stepper.fame.value) == "fame: Ann 41 · Ben 0"


def test_play_to_the_end_asks_the_decisions_of_every_round():
    """A decision of a later round (here the Cow's in the Final Flip, S1 FAQ: Cow) is asked like
    the others; its answer goes into the scenario's choices as that round's (a list of rounds)."""
    x = explorer(COW_TO_THE_END)
    x.game_button.click()
    first = x.pending[0]
    assert (first.round, first.index, first.asked.card) == (0, 0, "cow")
    x.answer(x.pending[0].asked.options.index("tiger"))
    assert x.situation.scenario()["players"][0]["choices"] == ["tiger"]
    later = x.pending[0]
    assert later.round == 1 and later.asked.card == "cow"
    assert later.step > next(e.step for e in x.result.trace if e.phase == "final-flip")
    worth = x.worth(later)
    assert all(w.startswith("Ann ends the game with ") and w.endswith(" wins") for w in worth)
    x.answer(0)
    choices = x.situation.scenario()["players"][0]["choices"]
    assert choices == [["tiger"], [later.asked.options[0]]]
    assert x.pending == [] and x.stepper.limit is None
    assert x.result.game.result.winners == [0]
    x.resolve_button.click()  # the round alone reads the list of rounds too
    assert x.error.value == "" and x.result.players[0].fame_total == 33


# -- the chain view -------------------------------------------------------------------------------


def test_chain_and_stepper_follow_each_other():
    x = explorer(EXAMPLES["first.coyote-above-a-gorilla"].scenario)
    move = next(e for e in x.result.trace if e.kind == "move")
    x.chain.view.click(step=str(move.step))
    assert x.stepper.stepper.step == move.step
    svg = x.chain.view.html
    assert f'<g data-step="{move.step}" data-current="1"' in svg
    assert "fte-chain" in x.chain.view._dom_classes
    x.stepper.prev.click()
    assert f'<g data-step="{move.step - 1}" data-current="1"' in x.chain.view.html


def test_trace_rows_jump_to_their_step():
    x = explorer(EXAMPLES["first.coyote-above-a-gorilla"].scenario)
    x.tabs.selected_index = 1
    x.trace.view.click(step="7")
    assert x.stepper.stepper.step == 7
    assert 'data-step="7" data-current="1"' in x.trace.view.html


# -- rulings and comparison -----------------------------------------------------------------------


def test_rulings_tab_sets_options_and_compares_side_by_side():
    """Open question 7 (RULINGS.md): the Cow copies printed fame (default) or the total; with
    'total' and the Bear chosen the Cow copies the Bear's 5."""
    x = explorer({**COW, "players": [{**COW["players"][0], "choices": ["bear"]}]})
    x.tabs.selected_index = 2
    assert "cow_copies" in x.rulings.matter.value
    assert x.rulings.compare_with.value == ("cow_copies", "total")
    assert "Ann: 10 -&gt; 14 fame (+4)" in x.rulings.result.value
    x.rulings.controls["cow_copies"].value = "total"
    assert x.situation.scenario()["rulings"] == {"cow_copies": "total"}
    assert x.result.players[0].fame_total == 14
    x.rulings.controls["cow_copies"].value = "printed"
    assert "rulings" not in x.situation.scenario()


# -- import and export ----------------------------------------------------------------------------


def test_export_and_import_round_trip():
    market = EXAMPLES["s2.example.market.jordy-raccoon-rat-groundhog"].scenario
    x = explorer()
    x.examples.value = "s2.example.market.jordy-raccoon-rat-groundhog"
    x.json.export_button.click()
    exported = json.loads(x.json.text.value)
    assert exported == market
    # named after the example it came from (a situation of the library)
    assert 'download="s2.example.market.jordy-raccoon-rat-groundhog.json"' in x.json.download.value
    y = explorer()
    y.json.text.value = x.json.text.value
    y.json.import_button.click()
    assert y.situation.scenario() == exported
    y.round_button.click()
    assert [p.fame_left for p in y.result.players] == [5, 8]  # the S2 Market example: Jordy keeps 5


def test_bad_json_is_one_calm_line():
    x = explorer()
    x.json.text.value = '{"players": [}'
    x.json.import_button.click()
    message = text(x.error.value)
    assert (
        message.startswith("scenario JSON: not valid JSON (line 1, column 14")
        and "Traceback" not in message
    )
    x.json.text.value = '{"players": [{"deck": []}], "players": []}'
    x.json.import_button.click()
    assert "players" in text(x.error.value) and "twice" in text(x.error.value)
    bad = {"season": "s2", "players": [{"deck": ["crbb"]}]}
    x.json.text.value = json.dumps(bad)
    x.json.import_button.click()
    with pytest.raises(ScenarioError) as engine:  # the same message the command line prints
        resolve(bad)
    assert text(x.error.value) == str(engine.value)
    assert str(engine.value).startswith("players[0].deck[0]: unknown card id")


def test_upload_a_file():
    x = explorer()
    data = json.dumps({"season": "s2", "players": [{"name": "Cy", "deck": ["crab"]}]}).encode()
    x.json._uploaded({"new": [{"name": "cy.json", "content": memoryview(data)}]})
    assert x.situation.players[0]["name"] == "Cy"


def test_an_engine_bug_shows_briefly_with_its_traceback_folded():
    x = explorer()
    guarded = x.error.guard(lambda: 1 / 0)
    guarded()
    assert "internal error: ZeroDivisionError: division by zero" in x.error.value
    assert "<details>" in x.error.value and "Traceback" in x.error.value


# -- interactions and examples --------------------------------------------------------------------


def test_interactions_of_a_card_and_loading_a_pair():
    x = explorer()
    x.tabs.selected_index = 3
    x.interactions.card.value = "crab"
    assert "can be returned by: Coyote, Crab, Zebra" in x.interactions.links.value
    x.interactions.card.value = "coyote"
    x.interactions.find.click()
    rows = x.interactions.pairs.children[1:]
    assert len(rows) == 19  # the finder's pairs with a Coyote in Season 2
    rows[0].children[0].click()
    deck = x.situation.players[0]["deck"]
    assert len(deck) == 8 and "coyote" in deck[2:4] and deck[:2] == ["mosquito", "mosquito"]


def test_every_example_loads_without_error():
    """The menu holds every situation of the library, of both games; each loads (a Flipology one
    switches the explorer to Flipology), plays as it says (resolve or the round) and shows its
    title."""
    from fliptoons_explore.widgets.flipology import FlipologySituation

    from fliptoons_explore import situations

    assert set(EXAMPLES) >= {s.name for s in situations()}
    x = explorer()
    for name, example in EXAMPLES.items():
        x.examples.value = name
        assert x.error.value == "", name
        flipology = example.scenario.get("game") == "flipology"
        assert x.game == ("flipology" if flipology else "fliptoons"), name
        built = (FlipologySituation if flipology else Situation)(example.scenario).scenario()
        assert x.situation.scenario() == built
        assert x.mode == example.play and escape(example.title) in x.about.value


def test_a_tab_draws_its_panel_when_first_shown():
    """The page opens with the Chain tab's panel only; another tab gets its panel (and keeps it)
    when it is first shown, by a click or by share; Flipology's Interactions tab says why it has
    no graph."""
    import ipywidgets as w
    from fliptoons_explore.widgets.explorer import TABS

    x = explorer(COW)
    assert x.tabs.children[0] is x.chain
    assert all(type(c) is w.Box and not c.children for c in x.tabs.children[1:])
    x.tabs.selected_index = TABS.index("Trace")
    assert x.tabs.children[TABS.index("Trace")] is x.trace and x.trace.children
    x.share()
    assert x.tabs.children[TABS.index("Share")] is x.share_panel
    x.tabs.selected_index = 0
    assert (
        x.tabs.children[TABS.index("Trace")] is x.trace
        and type(x.tabs.children[TABS.index("JSON")]) is w.Box
    )
    x.tabs.selected_index = TABS.index("Interactions")
    assert x.tabs.children[TABS.index("Interactions")] is x.interactions
    x.switch_game("flipology")
    assert x.tabs.children[TABS.index("Interactions")] is x.no_interactions
    x.switch_game("fliptoons")
    assert x.tabs.children[TABS.index("Interactions")] is x.interactions


def test_every_browser_hook_is_present():
    """The CSS classes (the browser tests' hooks) on the controls they name."""
    x = explorer(COW)
    classes = set()

    def walk(widget):
        classes.update(getattr(widget, "_dom_classes", ()))
        for child in getattr(widget, "children", ()):
            walk(child)

    walk(x)
    for panel in x.tab_panels:  # a tab's panel is in the page once its tab has been shown
        walk(panel)
    for hook in (
        "fte-explorer",
        "fte-catalog",
        "fte-catalog-search",
        "fte-target",
        "fte-season",
        "fte-players",
        "fte-deck-0",
        "fte-resolve",
        "fte-round",
        "fte-game-end",
        "fte-scenario-json",
        "fte-export",
        "fte-import",
        "fte-table",
        "fte-step-first",
        "fte-step-prev",
        "fte-step-next",
        "fte-step-last",
        "fte-step-play",
        "fte-step-slider",
        "fte-event",
        "fte-rule",
        "fte-fame",
        "fte-chain",
        "fte-decision",
        "fte-error",
        # the explorer as people use it
        "fte-step-pause",
        "fte-step-stop",
        "fte-undo",
        "fte-redo",
        "fte-hand-built",
        "fte-banner",
        "fte-share",
        "fte-share-link",
        "fte-markdown",
        "fte-markdown-text",
        # what a strong player would do
        "fte-advice",
        "fte-advice-table",
    ):
        assert hook in classes, hook
    x.stepper.last.click()
    assert x.options and all("fte-option" in b._dom_classes for b in x.options)
    assert "fte-card fte-card-cow" in x.catalog.tiles.html
    x.tabs.selected_index = 2  # the comparison is drawn when its tab is shown
    assert "fte-comparison" in x.rulings.result._dom_classes


# -- every control does what its label says ------------------------------------------


def test_undo_and_redo_take_back_every_builder_edit():
    """Each edit is one step of the history, named in words; undo and redo walk it both ways,
    from the buttons and from Ctrl-Z / Ctrl-Shift-Z (the page sends them as 'undo' / 'redo')."""
    x = explorer()
    assert x.builder.undo_button.disabled and "fte-undo" in x.builder.undo_button._dom_classes
    pick(x, "gorilla", "coyote")
    x.builder.rows[0]["name"].value = "Bo"
    x.builder.season.value = "combined"
    assert x.builder.undo_button.tooltip == "undo: season combined (Ctrl-Z)"
    x.builder.undo_button.click()
    assert x.situation.season == "s2"
    x.page.press("undo")  # Ctrl-Z
    assert x.situation.players[0]["name"] == "Ann"
    x.page.press("undo")
    assert x.situation.players[0]["deck"] == ["gorilla"]
    assert x.result.players[0].fame_total == 5  # re-resolved: the Gorilla alone
    x.page.press("redo")  # Ctrl-Shift-Z
    assert x.situation.players[0]["deck"] == ["gorilla", "coyote"]
    x.builder.redo_button.click()
    assert x.builder.rows[0]["name"].value == "Bo"  # the controls follow the situation
    pick(x, "rat")  # a new edit: what was undone can no longer be redone
    assert x.builder.redo_button.disabled


def test_an_edit_that_fails_changes_nothing():
    s = Situation({"players": [{"name": "Ann", "deck": ["crab"]}]})
    with pytest.raises(ValueError):
        with s.edit("two edits, the second failing"):
            s.add("rat", ("deck", 0))
            s.set_season("s9")
    assert s.players[0]["deck"] == ["crab"] and not s.undo_label


def test_unticking_a_hand_built_grid_puts_it_aside_and_undo_or_ticking_brings_it_back():
    x = explorer(COW)
    box = x.builder.rows[0]["grid"]
    assert "fte-hand-built" in box._dom_classes
    built = x.situation.scenario()["players"][0]["grid"]
    box.value = False
    assert "grid" not in x.situation.scenario()["players"][0]
    assert "put aside" in text(x.builder.rows[0]["piles"].html)
    x.builder.undo_button.click()
    assert x.situation.scenario()["players"][0]["grid"] == built
    x.builder.rows[0]["grid"].value = False
    x.builder.rows[0]["grid"].value = True  # ticked again: the same grid, not an empty one
    assert x.situation.scenario()["players"][0]["grid"] == built


def test_resolve_and_play_the_round_go_to_the_end_and_say_so():
    x = explorer(
        {"season": "s2", "players": [{"name": "Ann", "deck": ["mosquito", "crab", "rat"]}]}
    )
    x.stepper.first.click()
    x.resolve_button.click()
    assert x.stepper.stepper.step == len(x.result.trace) - 1
    assert "resolved: Flip and Check Fame; showing the end" in text(x.stepper.position.value)
    x.round_button.click()
    assert x.mode == "round" and x.result.trace[-1].phase == "market"
    assert x.stepper.stepper.step == len(x.result.trace) - 1
    assert "played the round" in text(x.stepper.position.value)
    x.stepper.prev.click()  # the next move says where the cursor is, not what brought it there
    assert "played" not in text(x.stepper.position.value)


def test_a_decision_is_where_resolve_goes_when_one_waits():
    x = explorer(COW)
    x.stepper.first.click()
    x.resolve_button.click()
    decision = next(e.step for e in x.result.trace if e.kind == "decision")
    assert x.stepper.stepper.step == decision and "a decision waits" in text(
        x.stepper.position.value
    )


def test_an_example_opens_at_its_start_and_its_banner_says_once_it_is_edited():
    x = explorer(
        {"season": "s2", "players": [{"name": "Ann", "deck": ["mosquito", "crab", "rat"]}]}
    )
    x.stepper.slider.value = 5
    x.examples.value = "first.coyote-above-a-gorilla"
    assert x.stepper.stepper.step == -1 and "example loaded" in text(x.stepper.position.value)
    assert (
        "A Coyote lands above a Gorilla" in text(x.about.value)
        and "fte-banner" in x.about._dom_classes
    )
    # the banner's button goes to the first event its rules name: the Gorilla's new row
    # (s2.faq.gorilla)
    x.about_step.click()
    assert x.result.trace[x.stepper.stepper.step].rule == "s2.faq.gorilla"
    pick(x, "hen")
    assert text(x.about.value).startswith("Edited from the example A Coyote lands above a Gorilla")
    x.builder.undo_button.click()
    assert "The Gorilla in the upper row puts the next revealed card" in text(x.about.value)


def test_play_pause_and_stop_are_three_controls():
    """▷ plays from here (from the start at the end), ⏸ pauses where it is, ⏹ stops and goes
    back to the start. The browser's timer moves the slider; here the slider is moved by hand."""
    x = explorer(EXAMPLES["first.coyote-above-a-gorilla"].scenario)
    s = x.stepper
    hooks = {b: b._dom_classes for b in (s.play_button, s.pause_button, s.stop_button)}
    assert [c[0] for c in hooks.values()] == ["fte-step-play", "fte-step-pause", "fte-step-stop"]
    s.last.click()
    s.play_button.click()
    assert s.play.playing and s.stepper.step == -1 and s.play.max == s.stepper.last
    s.slider.value = 6  # a tick of the timer
    s.pause_button.click()
    assert not s.play.playing and s.stepper.step == 6
    s.play_button.click()
    assert s.play.playing and s.stepper.step == 6
    s.stop_button.click()
    assert not s.play.playing and s.stepper.step == -1


def test_the_preview_and_the_table_each_say_what_they_show():
    """The builder's preview gives the fame a card scores at Check Fame; the table at a step
    before the end gives the fame scored so far, and says so."""
    x = explorer(COW)
    x.policy.value = "default"
    x.builder.set_target(("grid", 0, 0, 1))
    assert "Cow (face up) → 3 at Check Fame" in text(x.builder.cell.html)
    check_fame = next(
        e.step for e in x.result.trace if e.kind == "phase" and e.phase == "check-fame"
    )
    x.stepper.slider.value = check_fame
    assert "Ann — 0 fame so far" in text(x.stepper.table.html) and "fame so far: Ann 0" in text(
        x.stepper.fame.value
    )
    x.stepper.last.click()
    assert (
        "so far" not in text(x.stepper.table.html) and text(x.stepper.fame.value) == "fame: Ann 12"
    )


def test_a_link_opens_the_same_situation_at_the_same_step():
    x = explorer()
    x.examples.value = "s2.example.market.jordy-raccoon-rat-groundhog"
    x.stepper.slider.value = 17
    url = x.link()
    assert url.startswith("http://127.0.0.1:8866/#s=") and url.endswith("&step=17&play=round")
    y = explorer()
    y.page.location_hash = "#" + url.split("#", 1)[1]  # what the page sends from its URL
    assert y.situation.scenario() == x.situation.scenario() and y.mode == "round"
    assert y.stepper.stepper.step == 17 and text(y.stepper.event.value) == text(
        x.stepper.event.value
    )
    y.share_button.click()
    assert y.share_panel.url == url and escape(url) in y.share_panel.link.value
    assert "fte-share-link" in y.share_panel.link._dom_classes
    assert x.tabs.selected_index == 0 and y.tabs.get_title(y.tabs.selected_index) == "Share"


def test_a_link_of_a_game_played_to_its_end_opens_the_game_at_its_step():
    """ "play to the end" is part of what a link carries (`play=game`): the page it opens plays
    the Final Flip's re-flips again (S2 Final Flip: the tied players re-flip) and stands at the
    same step, past the round's end; its Markdown says how far it was played."""
    from fliptoons_explore import situation

    x = explorer(situation("s2.final-flip.tie.only-the-tied-players-reflip").scenario)
    x.game_button.click()
    assert x.stepper.stepper.step == 106 and "played to the end of the game" in text(
        x.stepper.position.value
    )
    x.stepper.slider.value = 100
    url = x.link()
    assert url.endswith("&step=100&play=game")
    y = explorer()
    y.page.location_hash = "#" + url.split("#", 1)[1]
    assert y.mode == "game" and y.game_button.button_style == "primary"
    assert y.stepper.stepper.step == 100 and text(y.stepper.event.value) == text(
        x.stepper.event.value
    )
    assert (
        "to the end of the game: every round, then the Final Flip" in y.markdown().splitlines()[0]
    )


def test_a_damaged_link_is_one_calm_line_and_changes_nothing():
    x = explorer({"season": "s2", "players": [{"name": "Ann", "deck": ["crab"]}]})
    before = x.situation.scenario()
    good = x.link().split("#", 1)[1]
    for bad, message in (
        (good[:-30], "link: the situation is"),
        ("s=" + "A" * 40, "link: the situation is damaged or cut short (not zlib data)"),
        (good + "&step=x", "link: step: expected a whole number from -1, got 'x'"),
        (good.replace("s=", "q="), "link: no situation in it"),
    ):
        x.page.location_hash = "#" + bad
        assert text(x.error.value).startswith(message), bad
        assert x.situation.scenario() == before
        x.page.location_hash = ""
    assert "step=" not in good  # the explorer starts before the first event
    x.page.location_hash = "#" + good + "&step=99"
    assert "link: step 99: this situation has steps -1 to" in text(x.error.value)


def test_copy_as_markdown_is_the_command_lines_markdown_with_the_link():
    from fliptoons_explore.cli.main import main

    x = explorer()
    x.examples.value = "first.coyote-above-a-gorilla"
    x.markdown_button.click()
    md = x.share_panel.text.value
    assert "fte-markdown-text" in x.share_panel.text._dom_classes
    assert (
        "- #9 Ann: The Gorilla returns from slot 2 (upper middle) to the bottom of the deck. "
        "(`s2.keyword.return`, after #8)" in md
    )
    assert "upper   | mosquito        | coyote          | mosquito" in md
    assert "- `s2.faq.gorilla` — A gorilla placed in the upper row" in md
    assert md.rstrip().endswith(
        f"[Open it in the explorer]({x.link()}) (with `fliptoons-explore app` running)"
    )
    # the command line prints the same, without the title, the step and the link
    path = "/tmp/fte-markdown-test.json"
    with open(path, "w") as f:
        json.dump(x.situation.scenario(), f)
    import contextlib
    import io

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["resolve", path, "--markdown"]) == 0
    body = (
        md.split("What happens:", 1)[1].split("The link opens it at", 1)[0].split("At the end:")[0]
    )
    assert body in out.getvalue()


def test_export_is_one_click_and_the_file_is_named_after_the_situation():
    saved = []
    x = explorer(
        {"season": "s1", "players": [{"name": "Ann", "deck": ["bee"]}, {"name": "Bo", "deck": []}]}
    )
    x.json.downloader = lambda name, text: saved.append((name, json.loads(text)))
    x.json.export_button.click()
    assert saved == [("fliptoons-s1-Ann-Bo.json", x.situation.scenario())]


def test_interactions_follow_the_season_and_offer_every_card():
    x = explorer(COW)
    x.tabs.selected_index = 3
    ids = [v for _, v in x.interactions.card.options]
    assert "cow" in ids and "mosquito" not in ids and {"axolotl", "platypus"} <= set(ids)
    x.interactions.card.value = "cow"
    assert "Cow" in text(x.interactions.links.value)
    x.builder.season.value = "s2"  # the Cow is not a Season 2 card: the first card is chosen
    assert (
        "mosquito" in [v for _, v in x.interactions.card.options]
        and x.interactions.card.value != "cow"
    )
    x.interactions.card.value = "platypus"
    assert "Platypus" in text(x.interactions.links.value)


def test_the_catalogs_details_close_and_follow_the_filters():
    x = explorer()
    x.catalog.tiles.click(action="card", card="crab")
    assert x.catalog.details_box.layout.display is None and "s2.faq.crab" in x.catalog.details.value
    x.catalog.close_details.click()
    assert x.catalog.details_box.layout.display == "none" and x.catalog.picked is None
    x.catalog.tiles.click(action="card", card="crab")
    x.catalog.search.value = "gorilla"  # the Crab is not shown any more: its details go
    assert x.catalog.details_box.layout.display == "none"


def test_the_app_opens_every_page_on_its_scenario(monkeypatch):
    from fliptoons_explore.links import Link

    scenario = {"season": "s2", "players": [{"name": "Ann", "deck": ["gorilla", "coyote"]}]}
    monkeypatch.setenv("FLIPTOONS_EXPLORE_OPEN", Link(scenario, 4).fragment())
    x = explorer()
    assert x.situation.scenario() == scenario and x.stepper.stepper.step == 4
    assert x.builder.undo_button.disabled  # nothing to undo: this is where the page starts


def test_an_empty_start_says_where_it_is():
    x = explorer()
    assert text(x.stepper.position.value) == "before the first of 3 events"
    x.tabs.selected_index = 1
    assert text(x.trace.note.value).startswith("all 3 events")
