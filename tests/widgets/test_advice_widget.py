"""The explorer's advice ("what would a strong player do?", hooks `fte-advice` and
`fte-advice-table`), driven kernel-side: situations built on purpose, the button pressed with a
small seeded budget (deterministic: no time limit), the options it lists and the one it marks
best; the result cleared by an edit; a calm line where there is nothing to advise.

The situations: "s2.solo.win" without its script (S2 Solo Play: 30 fame in one Check Fame wins;
Ann has 29 and six fish in her deck) and the S1 FAQ's Skunk (s1.faq.skunk: the player alone with
the least fame dismisses a face-up card of their grid for 0) without Ben's answer.
"""

from __future__ import annotations

import copy
import re

import pytest

pytest.importorskip("ipywidgets")

from fliptoons_explore.widgets import explorer  # noqa: E402
from fliptoons_explore.widgets.explorer import TABS  # noqa: E402

from fliptoons_explore import situation  # noqa: E402

#: Ann at 29 fame before her first Market turn; market prices 3, 4, 7, 10, 15 (S2 Setup).
SIX_FISH = {
    "season": "s2",
    "solo": "normal",
    "players": [
        {
            "name": "Ann",
            "deck": ["swordfish", "swordfish", "starfish", "starfish", "clownfish", "mosquito"],
        }
    ],
    "market": ["salamander", "goldfish", "raccoon", "opossum", "fox"],
    "toon_deck": ["mole", "hen", "crab", "gorilla"],
}


def skunk() -> dict:
    """S1 FAQ, Skunk: Ben (6) alone has the least fame; his dismissal is left unanswered."""
    s = copy.deepcopy(situation("s1.faq.skunk.alone-with-the-least-fame").scenario)
    del s["players"][1]["choices"]
    return s


def small(x):
    """The explorer with a small seeded budget and no time limit: the same press, the same rows."""
    x.advice.simulations, x.advice.ms, x.advice.seed = 8, None, 0
    return x


def words(html: str) -> str:
    return " ".join(
        re.sub(r"<[^>]+>", " ", html).replace("&#x27;", "'").replace("&quot;", '"').split()
    )


def rows(x) -> list[tuple[str, str, bool]]:
    """(option, win rate, marked best) of each row of the advice table, top first."""
    out = []
    for best, row in re.findall(
        r'<tr class="fte-advice-row( fte-advice-best)?"[^>]*>(.*?)</tr>', x.advice.result.value
    ):
        cells = [words(c) for c in re.findall(r"<td[^>]*>(.*?)</td>", row)]
        assert (cells[0] == "★") == bool(best)
        out.append((cells[1], cells[2], bool(best)))
    return out


def test_advice_on_a_market_turn_lists_every_legal_action_and_marks_the_best():
    """Ann's first Market action (29 fame to spend, S2 Market: two actions): the five hires she can
    afford, a dismissal (5 fame) of each face-up card of her grid (her Flip stacked a Starfish
    twice onto the Swordfish in slot 2) and skipping, each with its win rate. Dismissing the
    Mosquito (her one card worth 0) wins every simulation and is marked best; dismissing either
    8-fame Swordfish wins none."""
    x = small(explorer(SIX_FISH))
    x.game_button.click()  # a solo game is played to its end
    assert words(x.advice.subject.value) == (
        "on the first decision no script gives: Ann's Market action (29 fame to spend, 2 actions "
        "left)"
    )
    assert not x.advice.button.disabled and "fte-advice" in x.advice.button._dom_classes
    x.advice.button.click()
    listed = rows(x)
    assert sorted(r[0] for r in listed) == sorted(
        [
            "hire Salamander for 3",
            "hire Goldfish for 4",
            "hire Raccoon for 7",
            "hire Opossum for 10",
            "hire Fox for 15",
            "dismiss Swordfish for 5 (slot 1)",
            "dismiss Swordfish for 5 (slot 2, card 1 of 3 in its stack)",
            "dismiss Starfish for 5 (slot 2, card 2 of 3 in its stack)",
            "dismiss Starfish for 5 (slot 2, card 3 of 3 in its stack)",
            "dismiss Clownfish for 5 (slot 3)",
            "dismiss Mosquito for 5 (slot 4)",
            "skip",
        ]
    )
    assert [r for r in listed if r[2]] == [("dismiss Mosquito for 5 (slot 4)", "100%", True)]
    assert listed[0][2]  # the best first
    assert {r[1] for r in listed if r[0].startswith("dismiss Swordfish")} == {"0%"}
    shown = words(x.advice.result.value)
    assert (
        "Ann's Market action (29 fame to spend, 2 actions left) : what a strong player would do"
        in shown
    )
    assert (
        "hidden order of every deck and of the toon deck shuffled afresh each time (sampled, not "
        "peeked at)" in shown
    )
    assert "Here 8 simulations an option (the budget: up to 8)" in shown
    assert x.tabs.selected_index == TABS.index("Advice") and x.error.value == ""
    assert x.advice.df.attrs["simulations"] == 8 and not x.advice.df.attrs["stopped"]


def test_advice_beside_a_pending_skunk_dismissal():
    """Played as its round, the Skunk's situation waits for Ben's dismissal (the decision shows
    its six answers); the advice is on that decision: the same six face-up cards of his grid,
    the Caterpillar in slot 3 marked best (Ben is far behind: every option wins rarely)."""
    x = small(explorer(skunk()))
    x.round_button.click()
    assert x.pending and x.pending[0].asked.kind == "dismiss_skunk"
    assert [b.description.split(":")[0] for b in x.options] == [
        "Skunk",
        "Bee",
        "Caterpillar",
        "Caterpillar",
        "Dragonfly",
        "Snail",
    ]
    assert words(x.advice.subject.value) == (
        "on the first decision no script gives: Ben's dismissal for the "
        "Skunk (a face-up card of the grid, for 0; no action used)"
    )
    x.advice.button.click()
    listed = rows(x)
    assert sorted(r[0] for r in listed) == sorted(
        [
            "dismiss Skunk (slot 1)",
            "dismiss Bee (slot 2)",
            "dismiss Caterpillar (slot 3)",
            "dismiss Caterpillar (slot 4)",
            "dismiss Dragonfly (slot 5)",
            "dismiss Snail (slot 6)",
        ]
    )
    assert [r[0] for r in listed if r[2]] == ["dismiss Caterpillar (slot 3)"]


def test_an_edit_clears_the_advice_and_the_same_situation_keeps_it():
    """The result stays while the situation stays (switching how it is played changes nothing
    the advice is of); an edit clears it, and so does undoing that edit (it is not shown stale);
    choosing another player clears it too."""
    x = small(explorer(skunk()))
    x.round_button.click()
    x.advice.button.click()
    assert len(rows(x)) == 6
    x.resolve_button.click()  # the same situation, only resolved
    assert len(rows(x)) == 6 and x.advice.df is not None
    x.catalog.tiles.click(action="card", card="bee")  # Ann's deck gets another Bee
    assert len(x.situation.players[0]["deck"]) == 8
    assert rows(x) == [] and x.advice.df is None
    assert "Press what would a strong player do?" in words(x.advice.result.value)
    x.builder.undo_button.click()
    assert len(x.situation.players[0]["deck"]) == 7 and rows(x) == [] and x.advice.df is None
    x.advice.button.click()
    assert len(rows(x)) == 6
    x.advice.who.value = 0  # Ann: her first Market action no script gives
    assert rows(x) == []
    assert words(x.advice.subject.value) == (
        "on the first decision no script gives: Ann's Market action (18 fame to spend, 2 actions "
        "left)"
    )
    assert x.error.value == ""


def test_the_button_says_it_is_working_while_it_runs(monkeypatch):
    from fliptoons_explore.widgets import advice as panel

    x = small(explorer(SIX_FISH))
    x.game_button.click()
    seen = []
    real = panel.advise

    def watched(*args, **kwargs):
        b = x.advice.button
        seen.append((b.description, b.icon, b.disabled))
        return real(*args, **kwargs)

    monkeypatch.setattr(panel, "advise", watched)
    x.advice.button.click()
    assert seen == [("thinking… (a second or two)", "spinner spin", True)]
    b = x.advice.button
    assert (b.description, b.disabled) == ("what would a strong player do?", False) and len(
        rows(x)
    ) == 12


def test_no_decision_to_advise_is_one_calm_line():
    """Every Market action scripted, and the end triggered (the Final Flip follows this round's
    Market): nothing is left to advise; a one-player game that is not solo cannot be played on.
    Either is one line beside a disabled button, never an error; so is a Flipology situation with
    no cards to flip (its round asks nothing)."""
    s = skunk()
    s["end_triggered"] = True
    s["players"][0]["actions"] = [{"skip": True}, {"skip": True}]
    s["players"][1]["choices"] = ["skunk"]
    x = explorer(s)
    x.game_button.click()  # an end triggered is played to the end
    assert (
        words(x.advice.subject.value)
        == "No advice here: the game ends with no Market action left for anyone"
    )
    assert x.advice.button.disabled and x.error.value == ""
    x.advice.advise()  # pressed anyway (a page that had not caught up): the same calm line
    assert (
        words(x.advice.result.value)
        == "No advice here: the game ends with no Market action left for anyone"
    )
    assert (
        x.advice.button.disabled and x.advice.button.description == "what would a strong player do?"
    )
    alone = explorer({"season": "s2", "players": [{"name": "Ann", "deck": ["gorilla"]}]})
    assert words(alone.advice.subject.value) == (
        "No advice here: one player plays a solo game; pick its "
        "difficulty in the solo menu beside players to ask what a strong "
        "player would do"
    )
    assert alone.advice.button.disabled and alone.error.value == ""
    alone.game_switch.value = "flipology"  # two players, no cards yet
    assert words(alone.advice.subject.value) == (
        "No advice here: the round ends with no decision the scenario leaves open for anyone"
    )
    assert alone.advice.button.disabled and alone.error.value == ""
    # its panel is drawn when the tab is first shown
    alone.tabs.selected_index = TABS.index("Advice")
    assert "the next decision (a turn's flip, an effect's answer, a Hermit Crab's pick)" in words(
        alone.tabs.children[TABS.index("Advice")].value
    )


def test_the_builders_solo_difficulty_makes_one_player_a_solo_game_to_advise():
    """S2 Solo Play Rules: one player is a solo game of a difficulty. The builder's solo menu
    (hook fte-solo, shown with one player) writes it into the scenario; the explorer then plays to
    the end of the game (resolving the Flip alone plays no solo game), and the advice line names
    Ann's Market action. A second player takes the difficulty away (the menu hides); undo brings
    both back."""
    from fliptoons_explore.widgets.explorer import GAME, RESOLVE

    x = explorer({"season": "s2", "players": [{"name": "Ann", "deck": ["gorilla", "crab", "hen"]}]})
    b = x.builder
    assert x.mode == RESOLVE and b.solo.value == "" and b.solo.layout.display is None
    assert "solo" not in x.situation.scenario()
    b.solo.value = "normal"
    assert x.situation.scenario()["solo"] == "normal" and x.mode == GAME and x.error.value == ""
    assert x.result.table.players[0].name == "Ann" and x.result.game.result.solo in ("won", "lost")
    assert words(x.advice.subject.value).startswith(
        "on the first decision no script gives: Ann's Market action"
    )
    assert not x.advice.button.disabled
    b.count.value = 2
    assert (
        "solo" not in x.situation.scenario()
        and b.solo.layout.display == "none"
        and x.error.value == ""
    )
    b.undo_button.click()
    assert (
        x.situation.scenario()["solo"] == "normal"
        and b.solo.value == "normal"
        and b.solo.layout.display is None
    )
    assert x.error.value == ""


def test_a_solo_difficulty_is_for_one_player_only():
    """The situation refuses a solo difficulty for two players, or an unknown one, in one line,
    and stays as it was."""
    from fliptoons_explore.widgets.situation import Situation

    two = Situation({"season": "s2", "players": [{"deck": []}, {"deck": []}]})
    with pytest.raises(
        ValueError, match="^solo: a solo game has one player, this situation has 2$"
    ):
        two.set_solo("easy")
    one = Situation({"season": "s2", "players": [{"deck": []}]})
    with pytest.raises(
        ValueError, match='^solo: expected None, "easy", "normal" or "hard", got "extreme"$'
    ):
        one.set_solo("extreme")
    assert "solo" not in two.scenario() and "solo" not in one.scenario()


# -- Flipology -------------------------------------------------------------------------------------

#: Ann flips her Dog (Flipology, turn 1) and its answer is left open: her Kiwi or, round the circle
#: of rows, Ben's right-most card (face down: Ann has not seen it; Dog, Taking a Turn 2).
DOG = {
    "game": "flipology",
    "players": [
        {"name": "Ann", "rows": [["dog:5", "kiwi:8", "sloth:6"]]},
        {"name": "Ben", "rows": [["koala:8", "frog:4", "quokka:9"]]},
    ],
    "discard": ["cat:6", "mole:1"],
    "turns": [{"player": 0, "flip": [0, 0]}],
}


def test_advice_beside_a_pending_flipology_decision():
    """The Dog's answer waits (its two buttons); the advice line is on that decision, and the
    Advice tab lists its two answers played on to the count of the round: Ann's Kiwi (5 + 8 + 6
    = 19, more than Ben can reach) marked best, Ben's card named only as Ann knows it. Answering
    the decision clears the advice and the line moves on to Ben's flip, which completes the
    round: his three cards, his Frog best."""
    x = small(explorer(DOG))
    assert x.pending and x.pending[0].asked.kind == "dog" and len(x.options) == 2
    assert x.advice.layout.display is None and not x.advice.button.disabled
    assert words(x.advice.subject.value) == (
        "on the first decision no script gives: Ann's decision (turn 1): Dog: which adjacent card "
        "do you flip?"
    )
    x.advice.button.click()
    assert rows(x) == [
        ("Ann's row, card 2: Kiwi 8", "100%", True),
        ("Ben's row, card 3: a face-down card", "62%", False),
    ]
    shown = words(x.advice.result.value)
    assert "played on many times to the count at the end of the round" in shown
    assert "(sampled, not peeked at)" in shown and "told apart by the score margin" in shown
    assert "Here 8 simulations an option (the budget: up to 8)" in shown
    assert x.tabs.selected_index == TABS.index("Advice") and x.error.value == ""
    x.options[0].click()  # Ben's card 3: the answer is written in the turn's choices
    assert x.situation.data["turns"][0]["choices"] == [[1, 0, 2]]
    assert rows(x) == [] and x.advice.df is None
    assert words(x.advice.subject.value) == (
        "on the first decision no script gives: Ben's decision (turn 2, "
        "played on to complete the round): Which of your cards do you flip?"
    )
    x.advice.button.click()
    assert rows(x) == [
        ("Ben's row, card 2: Frog 4", "100%", True),
        ("Ben's row, card 3: Quokka 9", "75%", False),
        ("Ben's row, card 1: Koala 8", "0%", False),
    ]
    x.advice.who.value = 0  # Ann: nothing of hers is left open in the round
    assert words(x.advice.subject.value) == (
        "No advice here: the round ends with no decision the scenario leaves open for Ann"
    )
    assert x.advice.button.disabled and x.error.value == ""


def test_an_error_inside_the_advice_is_one_calm_line(monkeypatch):
    """Whatever goes wrong while advising shows as one line in the Advice tab, never a traceback."""
    from fliptoons_explore.widgets import advice as panel

    def broken(*args, **kwargs):
        raise RuntimeError("the search broke")

    monkeypatch.setattr(panel, "advise", broken)
    x = small(explorer(DOG))
    x.advice.button.click()
    assert (
        words(x.advice.result.value)
        == "No advice here: internal error: RuntimeError: the search broke"
    )
    assert x.error.value == "" and not x.advice.button.disabled


# -- what the widget reads: advise's time limit and its words -------------------------------------


def test_a_time_limit_stops_between_samples_with_every_option_as_often_played():
    """advise(ms=...) plays one sample of the hidden cards at a time, every option on it: a limit
    that has run out after the first sample leaves every option one simulation, the very rows of
    a budget of one (the same seed, the same first sample)."""
    from fliptoons_explore.analysis.advice import advise

    cut = advise(SIX_FISH, simulations=50, seed=3, ms=0.001)
    one = advise(SIX_FISH, simulations=1, seed=3)
    assert cut.attrs["stopped"] and not one.attrs["stopped"]
    assert cut.attrs["simulations"] == 1 and (cut["simulations"] == 1).all()
    assert cut.equals(one)
    assert cut.attrs["decision"] == "Ann's Market action (29 fame to spend, 2 actions left)"


@pytest.mark.parametrize("ms", [0, -5, True, "1s"])
def test_a_bad_time_limit_is_one_line(ms):
    from fliptoons_explore.analysis.advice import advise

    with pytest.raises(ValueError) as e:
        advise(SIX_FISH, simulations=2, ms=ms)
    assert str(e.value).startswith("ms: expected None or a positive number of milliseconds, got ")
