"""Practice without end (`fliptoons_explore.content.practice`): fresh exercises for a rule, from
random situations of either game, each asking a quantity that an event citing the rule changes
for good (the answer's causal path), checked as the notebooks' exercises are.

What an exercise claims is checked here from the recorded states themselves, apart from the
generator's own bookkeeping: the situation is played again, the event at its step cites the
rule, the asked quantity differs just before and just after it, never again takes the value it
had before it (nor its value at the start), and the event lies on the answer's causal path as
`chains` draws it."""

from __future__ import annotations

import csv
import doctest
import importlib
import json
import re
from importlib import resources

import pytest

from fliptoons_explore.chains import causal_graph, chain_to
from fliptoons_explore.content.practice import practice, practice_rules, show
from fliptoons_explore.games import GAMES, contract, contract_of, play_scenario
from fliptoons_explore.stepping import Stepper

practice_module = importlib.import_module("fliptoons_explore.content.practice")
RULES_CSV = {
    row["id"]
    for row in csv.DictReader(
        resources.files("fliptoons_explore")
        .joinpath("data/rules.csv")
        .read_text("utf-8")
        .splitlines()
    )
}


@pytest.fixture(scope="module")
def covered() -> list[str]:
    return practice_rules()


@pytest.fixture(scope="module")
def made(covered) -> dict:
    """Three exercises on every covered rule, seed 0."""
    return {rule: practice(rule, n=3, seed=0) for rule in covered}


def _dig(fields, path: str):
    here = fields
    for part in path.split("."):
        here = here[int(part)] if isinstance(here, list) else here[part]
    return here


def _read(fields, path: str, ordered: bool):
    """The asked quantity in an outcome's fields, as the exercise compares it; None if the
    outcome does not hold it at that step (an empty deck has no top card)."""
    try:
        value = _dig(fields, path)
    except (KeyError, IndexError):
        return None
    if isinstance(value, list):
        return tuple(value) if ordered else tuple(sorted(value, key=repr))
    return value


def _shown(value) -> list[str]:
    items = value if isinstance(value, (list, tuple)) else [value]
    return [str(v).lower() for v in items if v is not None]


# -- what it covers ----------------------------------------------------------------------------


def test_it_covers_at_least_40_rules_of_the_rule_table_in_both_games(covered):
    of_the_table = [rule for rule in covered if rule in RULES_CSV]
    assert len(of_the_table) >= 40, of_the_table
    assert {rule.split(".")[0] for rule in of_the_table} >= {"s1", "s2", "fl"}
    assert covered == sorted(covered)


def test_every_covered_rule_gives_three_different_exercises(made):
    for rule, exercises in made.items():
        assert len(exercises) == 3, rule
        keys = {(json.dumps(ex.source.scenario, sort_keys=True), ex.question) for ex in exercises}
        assert len(keys) == 3, rule
        assert [ex.name for ex in exercises] == ["more[0]", "more[1]", "more[2]"]


def test_each_answer_has_the_rules_event_on_its_causal_path_and_that_event_changes_it(made):
    """Played again with every state recorded: the event at the exercise's step cites its rule;
    the asked quantity differs just before and just after it, and never comes back to its value
    before the event or at the start; the answer is the quantity at the end, not what it was at
    the start; the event is one of the changes of the quantity, which with the events that
    cause them (`chains.chain_to`) make the answer's causal path."""
    for rule, exercises in made.items():
        for ex in exercises:
            src = ex.source
            r = src.run(record=True)
            game = contract_of(r)
            event = r.trace[src.step]
            assert ex.rule == rule and rule in event.cites, (rule, event)
            values = [
                _read(game.outcome_fields(r, s), src.path, ex.ordered)
                for s in range(-1, len(r.trace))
            ]
            before, after = values[src.step], values[src.step + 1]  # values[0] is step -1
            assert before != after, (rule, src.path)
            assert before not in values[src.step + 1 :], (rule, src.path)
            assert values[0] not in values[src.step + 1 :], (rule, src.path)
            end = _read(game.outcome_fields(r), src.path, ex.ordered)
            assert end == values[-1] == _read({"x": ex.expected}, "x", ex.ordered)
            changes = [s for s in range(len(r.trace)) if values[s] != values[s + 1]]
            graph = causal_graph(r)
            path = {step for c in changes for step in chain_to(graph, c)}
            assert src.step in changes and src.step in path


def test_each_answer_is_right_by_the_checker_and_a_wrong_one_names_the_rule(made):
    for rule, exercises in made.items():
        for ex in exercises:
            assert ex.verdict(ex.right_example()).right is True, rule
            ex.still_holds()
        first = exercises[0]
        for wrong in first.wrong_examples():
            verdict = first.verdict(wrong)
            assert verdict.right is False, (rule, wrong)
            assert f"Rule {rule} (" in verdict.text, verdict.text


def test_no_question_states_its_answer(made):
    for exercises in made.values():
        for ex in exercises:
            question = ex.question.lower()
            for word in _shown(ex.expected):
                assert not re.search(rf"(?<![\w~+-]){re.escape(word)}(?![\w+])", question), (
                    ex.question,
                    ex.expected,
                )


def test_a_wrong_answer_is_told_where_it_may_come_from(made):
    """The value just before the practised event is an earlier step's: the checker names the
    step the learner missed, or the event that last changed the quantity."""
    ex = made["s2.faq.firefly"][0]
    text = ex.verdict(ex.source.before).text
    assert "✗" in text and "step" in text and "s2.faq.firefly" in text


def test_the_exercise_shows_its_table_as_set_up(made):
    ex = made["fl.card.dog"][0]
    stepper = ex.setup()
    assert isinstance(stepper, Stepper) and stepper.step == -1
    assert "What is" in ex.question and "then?" in ex.question


# -- deterministic for a seed ------------------------------------------------------------------


def _signature(exercises) -> list:
    return [
        (json.dumps(ex.source.scenario, sort_keys=True), ex.question, ex.expected, ex.source.step)
        for ex in exercises
    ]


@pytest.mark.parametrize("rule", ["s2.keyword.return", "fl.card.mole", "s1.faq.camel"])
def test_the_same_seed_gives_the_same_exercises_another_seed_others(rule):
    first = _signature(practice(rule, n=3, seed=7))
    practice_module._found.cache_clear()  # made again from the seed, not remembered
    assert _signature(practice(rule, n=3, seed=7)) == first
    other = _signature(practice(rule, n=3, seed=8))
    assert not {s[0] for s in other} & {s[0] for s in first}


def test_a_call_asks_for_more_and_gets_them(covered):
    five = practice("s2.check-fame", n=5, seed=3)
    assert len(five) == 5
    assert _signature(practice("s2.check-fame", n=2, seed=3)) == _signature(five[:2])


# -- errors --------------------------------------------------------------------------------------


def test_an_unknown_rule_id_names_the_nearest():
    with pytest.raises(KeyError) as e:
        practice("s2.key.next-reveal")
    text = str(e.value)
    assert "s2.key.next-reveal'" in text and "s2.key.next-revealed" in text
    assert "\n" not in text


def test_a_rule_it_makes_no_exercise_for_says_so_and_what_it_can_do(covered):
    with pytest.raises(ValueError) as e:
        practice("s2.components")
    text = str(e.value)
    assert "no exercise for rule 's2.components'" in text and "practice_rules()" in text
    assert "s2.keyword.return" in text and "\n" not in text
    assert practice_rules() == covered


def test_n_is_a_number_of_exercises():
    with pytest.raises(ValueError, match="n is the number of exercises"):
        practice("s2.check-fame", n=0)


# -- the game contract's part --------------------------------------------------------------------


@pytest.mark.parametrize("name", ["fliptoons", "flipology"])
def test_a_games_random_situation_is_seeded_and_names_its_players(name):
    game = contract(name)
    a, b = game.random_situation(11), game.random_situation(11)
    assert a == b and a != game.random_situation(12)
    assert [p["name"] for p in a.scenario["players"]][:2] == ["Ann", "Ben"]
    assert a.play in ("resolve", "round") and a.title and a.until
    fields = game.outcome_fields(play_scenario(a.scenario, a.play))
    quantities = game.quantities(fields)
    paths = [q.path for q in quantities]
    assert len(paths) == len(set(paths))
    for q in quantities:
        _dig(fields, q.path)  # each is in the outcome
        assert q.words and q.path.split(".")[0] in fields


def test_a_game_with_the_contracts_defaults_still_plays_along():
    """Lights (tests/helpers/lights.py) settles no outcome fields: it has random situations
    (the defaults') and no quantities, and practice on another game's rule goes on."""
    import lights

    assert "lights" in GAMES
    drawn = lights.GAME.random_situation(3)
    assert drawn.scenario["players"] and lights.GAME.quantities({}) == []
    assert len(practice("s2.keyword.stack", n=2, seed=5)) == 2


def test_show_lists_the_questions(made, capsys):
    show(made["s2.check-fame"])
    out = capsys.readouterr().out
    assert out.startswith("more[0]: A ") and "more[2].check(your answer)" in out


def test_the_docstring_examples():
    assert doctest.testmod(practice_module).failed == 0
