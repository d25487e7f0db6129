"""The exercise helper (fliptoons_explore.teach): a prediction is compared with the library's
answer, which stays hidden until asked for; a wrong prediction is told why, with the rule; the
check fails loudly when the engine stops giving the library's answer. Game-neutral: an answer may
come from any resolution."""

from __future__ import annotations

import doctest

import pytest

import fliptoons_explore.teach as teach
from fliptoons_explore import Situation, resolve, situation
from fliptoons_explore.teach import Exercise

FISH = (
    "s2.key.fish.four-fish-and-a-shark"  # Ann: Goldfish+Starfish, Clownfish, Swordfish / Shark: 29
)


def fish_exercise(**kw):
    return Exercise(
        "How much fame does Ann score?", situation(FISH), "fame.Ann", name="exercise_1", **kw
    )


def test_the_module_examples_run():
    assert doctest.testmod(teach).failed == 0


def test_not_predicted_yet_names_the_kind_of_answer_and_hides_it(capsys):
    fish_exercise().check(None)
    out = capsys.readouterr().out
    assert out.startswith("Not predicted yet: write your answer (a number)")
    assert "exercise_1.answer()" in out and "29" not in out


def test_a_right_prediction_says_right_with_the_situation_explain_and_the_rule():
    v = fish_exercise().verdict(29)
    assert v.right is True
    assert v.text.startswith("✓ Right: 29.")
    assert situation(FISH).explain in v.text
    assert "Rule s2.key.fish (S2, Key Concepts: Fish Cards)" in v.text


def test_a_wrong_prediction_says_why_and_not_the_answer():
    ex = fish_exercise(
        rule="s2.key.fish.shark",
        mistakes={31: "The Shark counts fish but is not one."},
        hint="Which cards are fish?",
    )
    anticipated = ex.verdict(31)
    assert anticipated.right is False
    assert anticipated.text.splitlines()[:2] == [
        "✗ Not 31.",
        "The Shark counts fish but is not one.",
    ]
    assert (
        "Rule s2.key.fish.shark" in anticipated.text and "exercise_1.answer()" in anticipated.text
    )
    other = ex.verdict(12)
    assert other.right is False and "Which cards are fish?" in other.text
    assert "29" not in anticipated.text + other.text


def test_the_answer_is_shown_when_asked_for(capsys):
    fish_exercise().answer()
    out = capsys.readouterr().out
    assert out.startswith("Answer: 29.") and "Shark" in out


@pytest.mark.parametrize(
    "prediction, right",
    [
        ("29", True),
        (" 29 ", True),
        (29.0, True),
        (30, False),
        ("twenty-nine", False),
        (True, False),
        ([29], False),
    ],
)
def test_numbers_are_read_kindly(prediction, right):
    assert fish_exercise().verdict(prediction).right is right


def test_an_unreadable_prediction_gets_one_line_saying_what_to_write():
    v = fish_exercise().verdict("twenty-nine")
    assert (
        v.text
        == "✗ 'twenty-nine' cannot be read as an answer here: write a number, without quotes."
    )


def test_cards_and_lists_compare_by_name_and_in_order_unless_told():
    s = situation(FISH)
    card = Exercise("Which card is in the lower left slot?", s, "grid.Ann.1.0")
    assert [card.verdict(p).right for p in ("shark", "Shark", "the SHARK", "goldfish")] == [
        True,
        True,
        True,
        False,
    ]
    row = Exercise("The upper row, left to right?", s, "grid.Ann.0")
    assert row.verdict(["goldfish+starfish", "clownfish", "swordfish"]).right is True
    assert row.verdict(["clownfish", "goldfish+starfish", "swordfish"]).right is False
    anyhow = Exercise("The upper row, any order?", s, "grid.Ann.0", ordered=False)
    assert anyhow.verdict(["swordfish", "clownfish", "goldfish+starfish"]).right is True
    assert anyhow.verdict("swordfish").right is False


def test_yes_no_and_nothing():
    s = situation(FISH)
    flipped = Exercise(
        "Is any card flipped?", s, lambda expect: {"event": "flip"} not in expect["no_events"]
    )
    assert flipped.expected is False
    assert [flipped.verdict(p).right for p in ("no", "No", False, "yes", True, 0)] == [
        True,
        True,
        True,
        False,
        False,
        False,
    ]
    empty = Exercise(
        "What is in the toon deck?",
        Situation.from_dict(dict(situation(FISH).to_dict(), expect={"toon_deck": []})),
        lambda e: None,
    )
    assert [empty.verdict(p).right for p in ("nothing", "none", "", "spider")] == [
        True,
        True,
        True,
        False,
    ]
    assert empty.right_example() == "nothing" and empty.verdict(empty.right_example()).right is True


def test_a_mistake_that_is_the_answer_is_refused():
    with pytest.raises(ValueError, match="is the right answer"):
        fish_exercise(mistakes={"29": "no"})


def test_the_check_fails_when_the_engine_stops_giving_the_library_answer():
    """A library entry whose expected outcome the engine does not give (a wrong fame written on
    purpose): the check cell raises, so nbval reports the notebook."""
    changed = Situation.from_dict(dict(situation(FISH).to_dict(), expect={"fame": {"Ann": 30}}))
    ex = Exercise("How much fame does Ann score?", changed, "fame.Ann")
    assert ex.verdict(30).right is True
    with pytest.raises(
        AssertionError, match="no longer gives the library's outcome: Ann fame: expected 30, got 29"
    ):
        ex.check(30)


def test_an_answer_from_any_resolution():
    r = resolve(
        {"season": "s2", "players": [{"name": "Bo", "deck": ["mosquito", "ladybug", "spider"]}]}
    )
    ex = Exercise("Bo's fame?", r, lambda res: res.players[0].fame_total)
    assert ex.expected == 2 and ex.verdict(2).right and not ex.verdict(3).right
    lazy = Exercise("Bo's fame?", lambda: r, lambda res: res.players[0].fame_total)
    assert lazy.verdict("2").right is True
    with pytest.raises(TypeError, match="a function of the resolution"):
        Exercise("Bo's fame?", r, "fame.Bo")


def test_wrong_examples_are_wrong():
    s = situation(FISH)
    for ex in (
        fish_exercise(),
        fish_exercise(mistakes={31: "x"}),
        Exercise("?", s, "grid.Ann.1.0"),
        Exercise("?", s, "grid.Ann.0"),
        Exercise("?", s, lambda e: True),
    ):
        assert ex.verdict(ex.wrong_example()).right is False
        assert ex.verdict(ex.expected).right is True


def test_an_unknown_rule_or_path_is_a_clear_error():
    with pytest.raises(KeyError, match="unknown rule id 'no.such.rule'"):
        fish_exercise(rule="no.such.rule")
    with pytest.raises(KeyError, match="no 'fame.Zed'"):
        Exercise("?", situation(FISH), "fame.Zed")


def test_the_setup_is_the_table_before_the_first_event():
    st = fish_exercise().setup()
    assert st.step == -1
    assert "deck (top first): goldfish, starfish, clownfish, swordfish, shark" in st.text()
    r = resolve({"season": "s2", "players": [{"name": "Bo", "deck": ["mosquito"]}]})
    with pytest.raises(TypeError, match="no run"):
        Exercise("?", r, lambda res: 0).setup()


def test_a_costly_answer_is_read_only_when_needed():
    calls = []

    def costly():
        calls.append(1)
        return resolve({"season": "s2", "players": [{"name": "Bo", "deck": ["ladybug"]}]})

    ex = Exercise("Bo's fame?", costly, lambda res: res.players[0].fame_total, form="a number")
    assert calls == [] and ex.verdict(None).right is None and calls == []
    assert ex.verdict(1).right is True and ex.verdict(2).right is False and calls == [1]


def test_an_exercise_set_up_shows_no_copy_notes():
    """A set-up is what the learner predicts from: the table's notes on copies a physical game
    could not deal (six Rats in a Season 2 deck of four) stay out of it, though the resolution
    keeps them."""
    rats = Situation.from_dict(
        {
            "name": "s2.flip.six-rats",
            "title": "Six Rats",
            "rules": ["s2.flip"],
            "play": "resolve",
            "explain": "Rats stack on the card placed before them.",
            "scenario": {"season": "s2", "players": [{"name": "Ann", "deck": ["rat"] * 6}]},
            "expect": {"fame": {"Ann": 6}},
        }
    )
    exercise = Exercise("How much fame?", rats, lambda r: 0, rule="s2.flip", name="e")
    html = exercise.setup()._repr_html_()
    assert 'copies of "rat"' not in html.replace("&quot;", '"') and "note:" not in html
    assert rats.run().table.notes == ['6 copies of "rat": a "s2" game has 4']


def test_a_decision_without_a_card_reads_as_the_choice_alone():
    """A decision no card asks (a Market action) reads "the choice is ...", never "for None"."""
    from fliptoons_explore.events import Decision
    from fliptoons_explore.fliptoons.text import event_sentence

    class Ann:
        name = "Ann"

    bare = Decision(3, "market", 0, None, None, "s2.market", target="raccoon")
    crow = Decision(4, "market", 0, "crow", 3, "card.crow", target="raccoon")
    assert event_sentence(bare, [Ann()]) == "Ann: The choice is the Raccoon."
    assert event_sentence(crow, [Ann()]) == "Ann: For the Crow, the choice is the Raccoon."
