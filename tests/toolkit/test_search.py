"""The search skeleton (`fliptoons_explore.search`): every option on the same samples, the budget
spread by successive halving, the rollout's own answer kept in the running and played unless
clearly beaten, the early stop, the time limit between two samples, and the branch a simulation
plays; both games' search policies and their advice are made of it."""

from __future__ import annotations

import random

import pytest

from fliptoons_explore import search
from fliptoons_explore.games import contract
from fliptoons_explore.policy import Choice, DefaultPolicy
from fliptoons_explore.search import (
    Diverged,
    Replay,
    SearchPolicy,
    Simulation,
    option_name,
    paired_mean,
    sampled,
)

#: A toy decision: three options, each a bet that wins with its chance (`Bets`).
CHOICE = Choice("bet", 0, None, ("low", "high", "middle"), (3, 1, 2), "Which bet?")


class Bets(SearchPolicy):
    """A toy game of one decision: option k wins a simulation when the sample's luck (the first
    draw of its generator, dealt at the decision) is below `chances[k]`."""

    def __init__(self, chances, **kwargs) -> None:
        super().__init__(**kwargs)
        self.chances = chances
        self.lucks: dict = {}  # option -> the luck of each of its simulations

    def start(self, choice):
        return Replay((), choice.player)

    def play(self, start, branch):
        answer = branch.choose(CHOICE)
        luck = branch.rng.random()
        self.lucks.setdefault(answer, []).append(luck)
        return answer, luck

    def value(self, ended, player):
        answer, luck = ended
        won = float(luck < self.chances[answer])
        return won, won


def _constant(values):
    """A simulation worth `values[option]` whatever the sample, noting (option, sample)."""
    calls = []

    def simulate(option, sample):
        calls.append((option, sample))
        return values[option], 0.0

    return simulate, calls


def test_every_option_plays_the_same_samples_one_sample_at_a_time():
    """Without halving, every option gets budget / options simulations, the k-th of each on the
    k-th sample drawn from the seed; the samples go one at a time, every option on it."""
    simulate, calls = _constant({0: 0.0, 1: 1.0, None: 0.5})
    results, stopped = sampled([0, 1, None], simulate, "7/1", 12, halving=False)
    assert not stopped and {o: len(r) for o, r in results.items()} == {0: 4, 1: 4, None: 4}
    rng = random.Random("7/1")
    drawn = [rng.getrandbits(64) for _ in range(4)]
    assert calls == [(o, s) for s in drawn for o in (0, 1, None)]


def test_halving_gives_the_better_half_more_and_keeps_the_favourite():
    """Four options, 40 simulations: two rounds of 5 an option, then 10 more for the better half
    (by mean value); the rollout's own answer goes on with them even when it is worse."""
    simulate, _ = _constant({0: 0.1, 1: 0.9, 2: 0.5, 3: 0.2})
    results, _ = sampled([0, 1, 2, 3], simulate, "s", 40)
    assert {o: len(r) for o, r in results.items()} == {0: 5, 1: 15, 2: 15, 3: 5}
    results, _ = sampled([0, 1, 2, 3], simulate, "s", 40, favourite=3)
    assert {o: len(r) for o, r in results.items()} == {0: 5, 1: 11, 2: 11, 3: 11}
    # too small to halve (fewer than two an option): one round
    results, _ = sampled([0, 1, 2, 3], simulate, "s", 7)
    assert {o: len(r) for o, r in results.items()} == {0: 1, 1: 1, 2: 1, 3: 1}


def test_the_early_stop_ends_a_search_the_favourite_already_leads():
    simulate, _ = _constant({0: 0.1, 1: 0.9, 2: 0.5, 3: 0.2})
    results, _ = sampled([0, 1, 2, 3], simulate, "s", 40, favourite=1, early=True)
    assert {o: len(r) for o, r in results.items()} == {0: 5, 1: 5, 2: 5, 3: 5}
    results, _ = sampled([0, 1, 2, 3], simulate, "s", 40, favourite=2, early=True)
    assert len(results[1]) == 15  # the favourite trails: the halving goes on


def test_a_time_limit_stops_between_two_samples_never_before_the_first(monkeypatch):
    """A clock that a simulation moves on by a millisecond: with 2.5 ms every option plays the
    first sample only, with 5.5 ms two; every option as often, and the search says it stopped."""
    clock = [0.0]
    monkeypatch.setattr(search.time, "perf_counter", lambda: clock[0])

    def simulate(option, sample):
        clock[0] += 0.001
        return 0.0, 0.0

    for ms, played in ((2.5, 1), (5.5, 2)):
        clock[0] = 0.0
        results, stopped = sampled([0, 1, 2], simulate, "s", 30, halving=False, ms=ms)
        assert stopped and [len(r) for r in results.values()] == [played] * 3
    clock[0] = 0.0
    results, stopped = sampled([0, 1, 2], simulate, "s", 30, halving=False, ms=1000)
    assert not stopped and [len(r) for r in results.values()] == [10] * 3


def test_paired_means_and_option_names():
    assert paired_mean([(1.0, 1), (0.0, 0), (1.0, 1)], [(0.0, 0), (0.0, 0)]) == 0.5
    assert paired_mean([], [(1.0, 1)]) == 0.0
    assert [option_name(CHOICE, o) for o in (0, 2, None)] == ["low", "middle", "decline"]
    asked = Choice("arrange", 0, None, ((0, 1, 2),), (0,), "Where?")
    assert option_name(asked, 0) == "[0, 1, 2]"


def test_the_search_takes_the_option_that_wins_most_on_the_same_luck():
    """Each simulation's luck is drawn by the generator of its sample, so the k-th simulation of
    every option has the same luck: the options are compared on it. The bet that wins most is
    played; the rollout is not asked (no trust, no confidence)."""
    policy = Bets((0.2, 0.7, 0.4), simulations=60, seed=1)
    assert policy.choose(CHOICE) == 1 and policy.searched == {"bet": 1}
    lucks = policy.lucks
    n = min(len(v) for v in lucks.values())
    assert n == 10 and all(lucks[o][:n] == lucks[0][:n] for o in lucks)
    estimates = policy.search(CHOICE, policy.start(CHOICE), 30, halving=False)
    assert [(e.option, e.name, e.simulations) for e in estimates] == [
        (0, "low", 10),
        (1, "high", 10),
        (2, "middle", 10),
    ]
    assert all(e.value == e.wins / e.simulations for e in estimates)


def test_the_rollouts_answer_is_played_unless_clearly_beaten():
    """With `confidence`, the search plays another option than the rollout's (the documented
    default: the highest value, the "low" bet) only if it beats it by more than a standard error
    of their paired difference: the "high" bet at 0.7 against 0.2 does, at 0.25 it does not."""
    clear = Bets((0.2, 0.7, 0.4), simulations=60, seed=1, confidence=1.0)
    assert clear.choose(CHOICE) == 1 and clear.beats(1, 0)
    close = Bets((0.2, 0.25, 0.1), simulations=60, seed=1, confidence=1.0)
    estimates = close.search(CHOICE, close.start(CHOICE), 60, favourite=0)
    best = max(estimates, key=lambda e: (e.simulations, e.value))
    assert best.option == 1 and not close.beats(1, 0)
    assert Bets((0.2, 0.25, 0.1), simulations=60, seed=1, confidence=1.0).choose(CHOICE) == 0


def test_a_decision_not_searched_or_a_replay_that_diverges_is_the_rollouts():
    class Unsearched(Bets):
        def start(self, choice):
            return None

    class Diverging(Bets):
        def play(self, start, branch):
            raise Diverged("another decision")

    for policy in (Unsearched((0.2, 0.7, 0.4)), Diverging((0.2, 0.7, 0.4), simulations=4)):
        assert policy.choose(CHOICE) == DefaultPolicy().choose(CHOICE) == 0
        assert not policy.searched and policy.asked == 1


def test_a_simulation_replays_its_prefix_then_deals_again_and_answers():
    """`Simulation`: the prefix answers first, then at the decision its player's unseen cards
    are dealt again (once, with the sample's generator) and the answer given; later decisions
    are the rollout's. A replay that reaches another decision than expected diverges."""
    dealt = []
    branch = Simulation((2, 0), 1, DefaultPolicy(), "rng", lambda c, rng: dealt.append((c, rng)))
    answers = [branch.choose(CHOICE) for _ in range(4)]
    assert answers == [2, 0, 1, 0] and dealt == [(CHOICE, "rng")]
    other = Choice("bet", 0, None, ("low", "high"), (3, 1), "Which bet?")
    expecting = Simulation((), 1, DefaultPolicy(), None, lambda c, rng: None, expect=CHOICE)
    with pytest.raises(Diverged, match="the replay reached a 'bet' decision"):
        expecting.choose(other)


def test_a_policy_refuses_a_bad_budget_in_one_line():
    for kwargs, message in (
        ({"simulations": 0}, "simulations: expected None or a whole number of at least 1, got 0"),
        ({"ms": -1}, "ms: expected None or a positive number of milliseconds, got -1"),
    ):
        with pytest.raises(ValueError) as e:
            SearchPolicy(**kwargs)
        assert str(e.value) == message


@pytest.mark.parametrize("game", ["fliptoons", "flipology"])
def test_each_games_search_is_the_skeleton_with_the_games_parts(game):
    """Both games' search policies, the search and the advice's, come from their contract and
    are the skeleton's subclasses: the loop is one, the parts the game's."""
    c = contract(game)
    policy, advice = c.search_policy(seed=3, simulations=12), c.search_policy(seed=3, advice=True)
    assert isinstance(policy, SearchPolicy) and type(policy) is type(advice)
    assert policy.seed == 3 and policy.choose.__func__ is SearchPolicy.choose
    assert (
        type(policy).play is not SearchPolicy.play and type(policy).value is not SearchPolicy.value
    )


def test_the_advice_is_the_search_without_halving():
    """`advise` plays every option `simulations` times on the same samples: its rows are the
    estimates of the game's search policy over simulations x options without halving."""
    pytest.importorskip("pandas")
    from fliptoons_explore.analysis.advice import advise

    scenario = {
        "season": "s2",
        "solo": "normal",
        "players": [{"name": "Ann", "deck": ["swordfish", "starfish", "clownfish", "mosquito"]}],
        "market": ["salamander", "goldfish", "raccoon", "opossum", "fox"],
        "toon_deck": ["mole", "hen", "crab", "gorilla"],
    }
    df = advise(scenario, simulations=3, seed=2)
    game = contract("fliptoons")
    policy = game.search_policy(seed=2, advice=True)
    decision = game.advice_decision(scenario, None, policy)
    n = len(decision.answers)
    estimates = policy.search(decision.choice, decision.start, 3 * n, halving=False)
    by_option = {e.option: e for e in estimates}
    assert len(df) == n
    for row in df.itertuples():
        e = by_option[row.index]
        assert (row.option, row.value, row.simulations) == (e.name, e.value, e.simulations)
        assert row.win_rate == e.wins / e.simulations
