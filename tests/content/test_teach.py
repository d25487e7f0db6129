"""The exercise helper (fliptoons_explore.content.teach): a prediction is compared with the
library's answer, which stays hidden until asked for; a wrong prediction is told why, with the
rule: a listed mistake its own explanation, any other a sentence worked out from the situation
(another ruling's answer, a printed value, an earlier step, the event that last changed it;
docs/teaching.md, What a wrong answer is told); an exercise may accept each reading's answer; the
check fails loudly when the engine stops giving the library's answer. Game-neutral: an answer may
come from any resolution."""

from __future__ import annotations

import contextlib
import doctest
import functools
import io
import json
import re
from pathlib import Path

import pytest

import fliptoons_explore.content.teach as teach
from fliptoons_explore import Situation, resolve, situation, situations
from fliptoons_explore.content.teach import Exercise
from fliptoons_explore.games import contract_of

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks" / "course"

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


# -- what a wrong answer is told, on the notebooks' own exercises ---------------------------------


@functools.cache
def notebook_exercises(stem: str) -> dict:
    """The exercises a notebook defines: its first code cell (the imports) and the cells that make
    an exercise, run here."""
    nb = json.loads((NOTEBOOKS / f"{stem}.ipynb").read_text(encoding="utf-8"))
    code = ["".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code"]
    namespace: dict = {"__name__": "__main__"}
    for source in [
        code[0],
        *(s for s in code if re.search(r"^exercise_\w+ = Exercise\(", s, re.M)),
    ]:
        with contextlib.redirect_stdout(io.StringIO()):
            exec(compile(source, f"{stem}.ipynb", "exec"), namespace)
    return {k: v for k, v in namespace.items() if k.startswith("exercise_")}


def told(exercise: Exercise, prediction) -> str:
    """What the check says of a wrong prediction, after "✗ Not ...": its first explaining line."""
    lines = exercise.verdict(prediction).text.splitlines()
    assert lines[0] == f"✗ Not {teach._show(prediction)}."
    return lines[1]


def test_a_wrong_answer_that_held_until_an_event_names_the_event_missed():
    """The top of Ann's deck was the Hen until the Raccoon was hired (08_market, exercise 6); Ben's
    score showed -1 until the count scored his face-down Koala (14_flipology_great_tree,
    exercise 1)."""
    raccoon = notebook_exercises("08_market")["exercise_6"]
    assert "hen" not in raccoon.mistakes
    assert told(raccoon, "hen") == (
        "Hen is the top of Ann's deck before step 45; you missed step 45 (hire raccoon for 4 fame: "
        "from the market): Rule s2.market.hire (S2, Market: Hire a Toon): Take one market card by "
        "paying fame from Check Fame equal to the price card above it, and add it to your deck of "
        "unrevealed cards."
    )
    koala = notebook_exercises("14_flipology_great_tree")["exercise_1"]
    assert told(koala, -1) == (
        "-1 is Ben's score before step 12; you missed step 12 (koala:8 at Ben's row 1, card 2 "
        "scores 8: face down: its points): Rule fl.card.sloth-koala (FL, Animals with Passive or "
        "No Effect): Sloths (6 or 7) and the Koala (8) score their points only face down at the "
        "end; face up, their points are taken off."
    )


def test_a_wrong_answer_that_another_ruling_gives_names_the_ruling_and_why_the_default():
    """07_check_fame, exercise 5 accepts the Cow's 6 as the other reading's answer; the same
    exercise without its readings works it out from the situation played under each ruling
    option."""
    cow = notebook_exercises("07_check_fame")["exercise_5"]
    assert cow.verdict(6).right and "Right under ruling cow_copies = 'total'" in cow.verdict(6).text
    bare = Exercise(cow.question, cow.source, cow._answer, rule=cow.rule, name=cow.name)
    assert told(bare, 6) == (
        "6 is the answer under ruling cow_copies = 'total' (Does the Cow copy a card's printed "
        "fame or its total with bonus?); the package's default is 'printed', because: The Cow "
        "copies 'the fame of' a card: the printed number in its fame circle."
    )


def test_a_wrong_answer_that_is_a_printed_value_an_effect_changed():
    grasshopper = notebook_exercises("03_stacks")["exercise_1"]
    assert told(grasshopper, 1) == (
        "1 is the Grasshopper's printed fame, which it does not score here: Rule "
        "s2.faq.spider-grasshopper (S2, FAQ: Spider, Grasshopper (0)): The spider and grasshopper "
        "abilities count only cards in their own column."
    )


def test_otherwise_the_event_that_last_changed_it_without_words_that_give_the_answer():
    """Bo's 5 (01_flip_phase, exercise 2) and Ben's 9 (12_flipology_nature, exercise 1) never
    were: the message names the last change and its rule, and leaves out the event's words where
    they say the answer ('scores 3', 'koala:8 ... scores 8')."""
    assert told(notebook_exercises("01_flip_phase")["exercise_2"], 5) == (
        "Bo's fame last changed at step 16: Rule s2.check-fame (S2, Check Fame): All players at "
        "once add up the fame of every toon in their grid and show the total by pointing the "
        "reference card's arrow at it on the fame card."
    )
    assert told(notebook_exercises("12_flipology_nature")["exercise_1"], 9) == (
        "Ben's score last changed at step 9: Rule fl.card.sloth-koala (FL, Animals with Passive or "
        "No Effect): Sloths (6 or 7) and the Koala (8) score their points only face down at the "
        "end; face up, their points are taken off."
    )


def test_an_answer_that_combines_fields_is_not_read_between_steps():
    """The Fox's cost (00_the_game, exercise 3) is Ben's fame less his fame left, which mean
    nothing together during Check Fame: no earlier step is offered."""
    fox = notebook_exercises("00_the_game")["exercise_3"]
    assert told(fox, 8) == teach._rule_words(fox.rule) and "step" not in told(fox, 8)


def test_a_hint_follows_the_worked_out_sentence():
    ex = fish_exercise(hint="Which cards are fish?")
    assert ex.verdict(22).text.splitlines()[1:3] == [
        "22 is Ann's fame before step 27; you missed step 27 (shark at slot 4 (lower left) scores "
        "7: 3 printed +4 bonus): Rule card.shark (card, Shark (22)): +1 per fish card in your "
        "grid; cannot be flipped",
        "Which cards are fish?",
    ]


def test_an_answer_from_a_resolution_of_a_game_without_situations_is_told_the_rule():
    """Lights (tests/helpers/lights.py) has no situations in the library: its contract settles no
    field (`GameDefaults.outcome_fields`) and knows no printed values, and a wrong answer is told
    the exercise's rule."""
    import lights

    r = resolve(
        {
            "game": "lights",
            "players": [{"name": "Ann", "row": ["plain:3", "spark:1", "plain:2"]}],
            "turns": [{"player": 0, "flip": 1}],
        }
    )
    assert contract_of(r) is lights.GAME
    assert lights.GAME.outcome_fields(r) == {} and lights.GAME.printed("plain:3") is None
    ex = Exercise("Ann's points?", r, lambda res: res.players[0].score, rule="lt.count")
    assert ex.expected == 6
    assert ex.verdict(5).text.splitlines()[1:2] == [teach._rule_words("lt.count")]


# -- the games read their outcomes in the library's terms -----------------------------------------


def _agrees(field: str, want, got) -> bool:
    if field == "card_fame":  # only the keys the library names, and only plain fames
        return all(got.get(k) == v for k, v in want.items() if isinstance(v, int))
    return got == (sorted(want) if field == "toon_deck_cards" else want)


@pytest.mark.parametrize("game", ["fliptoons", "flipology"])
def test_every_situation_reads_as_its_expected_outcome(game):
    """What a game's `outcome_fields` gives at the end of each library situation agrees with the
    situation's expected outcome, field by field (the patterns of events aside); and the state
    after the last event reads as the end does, for what a state holds."""
    tried = 0
    for s in situations(game=game):
        r = s.run(record=True)
        contract = contract_of(r)
        end = contract.outcome_fields(r)
        last = contract.outcome_fields(r, len(r.trace) - 1)
        for field, want in s.expect.items():
            if field in end:
                by_player = isinstance(end[field], dict) and field != "card_fame"
                for name in want if isinstance(want, dict) and by_player else [None]:
                    got = end[field] if name is None else end[field][name]
                    wanted = want if name is None else want[name]
                    assert _agrees(field, wanted, got), (s.name, field, name, wanted, got)
                    tried += 1
        for field in last:
            if field not in ("fame_left",):  # a resolve's JSON gives no fame left
                assert last[field] == end.get(field, last[field]), (s.name, field)
    assert tried > 100


# -- an answer for each reading -------------------------------------------------------------------


COW = "s1.faq.cow.copies-printed-fame"  # Ann's Cow beside a Capybara (2 printed, 6 in all): 2


def cow_exercise(**kw):
    return Exercise(
        "What does the Cow score?",
        situation(COW),
        "fame_grid.Ann.0.2",
        rule="ruling.cow_copies",
        name="exercise_2",
        **kw,
    )


@pytest.mark.parametrize("readings", [["cow_copies"], {"cow_copies": "total"}, "cow_copies"])
def test_an_exercise_may_accept_each_readings_answer(readings, capsys):
    ex = cow_exercise(readings=readings)
    assert ex.verdict(2).text.startswith("✓ Right: 2.")
    other = ex.verdict("6")
    assert other.right is True
    assert other.text.splitlines()[0] == (
        "✓ Right under ruling cow_copies = 'total' (the package's default is 'printed', because: "
        "The Cow copies 'the fame of' a card: the printed number in its fame circle)."
    )
    assert "exercise_2.answer()" in other.text and "2" not in other.text.splitlines()[0]
    assert ex.verdict(0).right is False
    assert 6 not in ex.wrong_examples() and len(set(ex.wrong_examples())) == 2
    ex.answer()
    assert capsys.readouterr().out.startswith("Answer: 2.\nUnder ruling cow_copies = 'total': 6.\n")


def test_readings_that_cannot_be_are_refused_when_the_exercise_is_made():
    with pytest.raises(KeyError, match="'cow_copiez' is no ruling option"):
        cow_exercise(readings=["cow_copiez"])
    with pytest.raises(ValueError, match="cow_copies = 'printed' gives no other answer"):
        cow_exercise(readings={"cow_copies": "printed"})
    with pytest.raises(ValueError, match="no reading of x_side_price_cards changes the answer"):
        cow_exercise(readings=["x_side_price_cards"])
    with pytest.raises(ValueError, match="6 is right under ruling cow_copies = 'total'"):
        cow_exercise(readings=["cow_copies"], mistakes={6: "the other reading"})
    with pytest.raises(TypeError, match="a library situation is played again"):
        Exercise("?", situation(COW).run(), lambda r: 0, readings=["cow_copies"])


# -- articles -------------------------------------------------------------------------------------


def test_an_article_before_a_card_is_ignored():
    card = Exercise("Which card is in the lower left slot?", situation(FISH), "grid.Ann.1.0")
    for said in ("shark", "the shark", "a shark", "an shark", "A Shark", "  the   Shark "):
        assert card.verdict(said).right is True, said
    assert [card.verdict(w).right for w in ("a", "the", "the goldfish", "ashark")] == [
        False,
        False,
        False,
        False,
    ]
    crab = notebook_exercises("01_flip_phase")["exercise_1"]
    assert crab.verdict("a crab").right is True and crab.verdict("the Crab").right is True
    assert crab.verdict("a firefly").text.splitlines()[1] == crab.mistakes["firefly"]
