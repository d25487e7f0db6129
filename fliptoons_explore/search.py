"""The search every game's search policy and the advice (`analysis.advice`) are made of: flat
Monte Carlo over one decision, from what the deciding player sees.

At a decision, the search plays each option on many times and takes the one worth the most to
the player deciding (`SearchPolicy.choose`). One simulation of an option, on one *sample*:

1. starts from the decision as it stands, the game's own way (`SearchPolicy.play`): FlipToons
   plays on a copy of the table (`Table.copy`), Flipology plays the game again from its seed and
   the answers given so far, a game with no search of its own plays its scenario again;
2. deals again what the deciding player has not seen (`SearchPolicy.determinise`, the game's
   step: the order of the decks and of the toon deck in FlipToons; the faces of the cards the
   player has not seen in Flipology), from a generator seeded by the sample, so that the answer
   depends only on what the player sees (docs/engine.md, "Decisions and policies"; the README,
   "A strong player");
3. gives the option (`Simulation`, a `policy.Branch`) and plays on with a cheap rollout policy
   for every player;
4. counts what the end is worth to the player (`SearchPolicy.value`, the game's): the share of
   the win (a tie shares it), plus a little that tells apart options that rarely change the
   winner (FlipToons: the fame a lost solo game reached; Flipology: the score margin).

Every option plays on the same samples (common random numbers): the k-th simulation of each
option deals the hidden cards alike, so options are compared on the same luck, sample by sample
(`paired_mean`). A decision's budget is spread by successive halving: every option gets some
samples, the better half more, and so on (`sampled`). The rollout's own answer (`favourite`) may
stay in the running to the end, to be played unless another option beats it clearly on the same
samples (`SearchPolicy.beats`), and with `early` the search stops as soon as that answer leads
every option. A time limit (`ms`) stops between two samples, never before the first, with every
option still in the running as often played.

A game's search policy is a subclass that writes its parts (`fliptoons.search`,
`flipology.search`); a game that writes none gets `ReplaySearch`, through its contract
(`games.GameDefaults.search_policy`). The advice plays every option on the same samples, without
halving, from a `Decision` its game's contract finds (`GameContract.advice_decision`).
"""

from __future__ import annotations

import json
import math
import random
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import NamedTuple

from .jsonio import ScenarioError
from .limits import quote
from .policy import Branch, Choice, DefaultPolicy

__all__ = [
    "SearchPolicy",
    "Simulation",
    "Estimate",
    "Decision",
    "Replay",
    "ReplaySearch",
    "Diverged",
    "sampled",
    "paired_mean",
    "option_name",
    "scenario_decision",
]

NONE = object()  # no favourite (None is an answer: declining)
OWN = object()  # the policy's own time limit
#: What the numbers of an advice mean, in one sentence, for a game that says nothing of its own.
EXPLAINED = (
    "Each option is played on many times to the end of the game by a quick rollout policy, every "
    "option on the same samples; its win rate is the share of those games won (a tie shared), "
    "with a 95% interval."
)


class Estimate(NamedTuple):
    """One option of a decision as the search saw it: its index (None: declined), how a script
    names it, its mean `value` (what the search maximises: the share of simulations won, and
    what the game adds to tell options apart), the `wins` of its simulations (ties shared) and
    how many simulations it got (`analysis.advice` gives the win rate an interval)."""

    option: int | None
    name: str
    value: float
    wins: float
    simulations: int


class Diverged(Exception):
    """A simulation replaying the game did not reach the decision it replays (FlipToons: with
    after-Market effects at the end of the phase, another player's turn came between)."""


class Simulation(Branch):
    """The policy of one simulation: the `prefix` answers first (replaying the game up to the
    decision), then at the decision what its player has not seen is dealt again
    (`determinise(choice, rng)`) and `answer` given; every later decision is `rollout`'s.
    `expect`: the decision the replay must reach (its kind and options as a script names them),
    or `Diverged`; None when the simulation starts at the decision itself."""

    name = "simulation"

    def __init__(self, prefix, answer, rollout, rng: random.Random, determinise, expect=None):
        super().__init__(prefix, answer, rollout)
        self.rng = rng
        self.determinise = determinise
        self.expect = expect

    def at_decision(self, choice: Choice) -> None:
        e = self.expect
        if e is not None and (choice.kind, choice.script_names()) != (e.kind, e.script_names()):
            raise Diverged(f"the replay reached a {choice.kind!r} decision, not {e.kind!r}")
        self.determinise(choice, self.rng)


def paired_mean(a: list, b: list) -> float:
    """The mean difference of two options' values on the samples both were played on."""
    n = min(len(a), len(b))
    return sum(a[k][0] - b[k][0] for k in range(n)) / n if n else 0.0


def sampled(
    options: list,
    simulate,
    seed: str,
    budget: int,
    halving: bool = True,
    ms: float | None = None,
    favourite=NONE,
    early: bool = False,
) -> tuple[dict, bool]:
    """({option: [(value, win share) of each simulation]}, whether the time ran out): `budget`
    simulations in all (at least one an option), `simulate(option, sample)` each, the k-th of
    every option on the k-th sample drawn from `seed`. With `halving`, in rounds: after each,
    the better half of the options (by mean value) go on, and the `favourite` with them; with
    `early`, no further round once the favourite leads every option still in the running on the
    samples both played. Without, every option gets budget / options samples. `ms`: a time limit
    in milliseconds, checked before each sample but the first."""
    rng = random.Random(seed)
    deadline = None if ms is None else time.perf_counter() + ms / 1000
    samples = []  # one generator seed per sample, shared by every option
    results = {o: [] for o in options}
    alive = list(options)
    rounds = max(1, math.ceil(math.log2(len(options))))
    if not halving or budget < 2 * len(options):  # too small to halve: one round
        rounds = 1
    for r in range(rounds):
        each = max(1, budget // (rounds * len(alive)))
        done = len(results[alive[0]])  # every option still in the running has played as many
        for k in range(done, done + each):
            if k and deadline is not None and time.perf_counter() > deadline:
                return results, True
            if k == len(samples):
                samples.append(rng.getrandbits(64))
            for o in alive:
                results[o].append(simulate(o, samples[k]))
        if r < rounds - 1:
            if (
                early
                and favourite in results
                and all(
                    paired_mean(results[o], results[favourite]) <= 0
                    for o in alive
                    if o != favourite
                )
            ):
                break  # the rollout's own answer leads every other option: no need to go on
            alive.sort(key=lambda o: -sum(v for v, _ in results[o]) / len(results[o]))
            half = max(1, (len(alive) + 1) // 2)
            alive = alive[:half] + ([favourite] if favourite in alive[half:] else [])
    return results, False


def _plain(name):
    return [_plain(n) for n in name] if isinstance(name, tuple) else name


def option_name(choice: Choice, option) -> str:
    """An option as a scenario's script writes it: a card id, 'hire:raccoon', a position
    "[1, 0, 2]"; "decline" (None)."""
    if option is None:
        return "decline"
    name = choice.script_names()[option]
    return name if isinstance(name, str) else json.dumps(_plain(name))


class SearchPolicy:
    """Flat Monte Carlo search over a decision (see the module): the skeleton a game's search
    policy fills in with its parts.

    `simulations`: the budget of one decision (`budget`); `ms`: optionally a time limit per
    decision as well (then the answers depend on the machine's speed); `seed`: the policy's
    generator (the same seed, the same answers); `rollout`: the policy simulations play with;
    `game`: the game played (or `follow(game)`); `trust`, `confidence`: how clearly an option
    must beat the rollout's own answer to be played instead (on average, and in standard errors
    of that mean; both 0: the best option is played, and the rollout is not asked); `early`: stop
    a decision once the rollout's answer leads every option. `asked` counts the decisions asked,
    `searched` those searched, by kind; `stopped` says whether the last search ran out of time.

    The parts, which a game writes: `start(choice)`, where the simulations of a decision start
    (None: it is not searched, and the rollout answers); `determinise(choice, rng)`; `play(start,
    branch)`, one simulation from the start with `branch` answering, to its end; `value(ended,
    player)`, what that end is worth to the player and their share of the win. Optional:
    `budget(choice)`, `options(choice, halving)` (the options searched), `expect(choice, start)`
    (the decision a replay must reach) and `answered(choice, start, answer)`."""

    name = "montecarlo"
    #: what `analysis.advice` calls it in an error
    label = "SearchPolicy"
    #: the policy of one simulation
    branch = Simulation

    def __init__(
        self,
        simulations: int | None = None,
        ms: float | None = None,
        seed: int = 0,
        rollout=None,
        game=None,
        trust: float = 0.0,
        confidence: float = 0.0,
        early: bool = False,
    ) -> None:
        if simulations is not None and (
            not isinstance(simulations, int) or isinstance(simulations, bool) or simulations < 1
        ):
            raise ValueError(
                f"simulations: expected None or a whole number of at least 1, got {simulations!r}"
            )
        if ms is not None and not (isinstance(ms, (int, float)) and ms > 0):
            raise ValueError(f"ms: expected None or a positive number of milliseconds, got {ms!r}")
        self.simulations = simulations
        self.ms = ms
        self.seed = seed
        self.rollout = rollout or DefaultPolicy()
        self.game = game
        self.trust = trust
        self.confidence = confidence
        self.early = early
        self.asked = 0
        self.searched = Counter()  # decisions searched, by kind
        self.stopped = False
        self._results = {}

    def follow(self, game):
        """Tie the policy to the game it plays (a game made by `new_game` ties it itself)."""
        self.game = game
        return self

    # -- the game's parts -------------------------------------------------------------------

    def start(self, choice: Choice):
        """Where the simulations of `choice` start (with its `prefix` of answers and the deciding
        `player`), or None if it is not searched."""
        return None

    def budget(self, choice: Choice) -> int:
        """The simulations of a decision."""
        return self.simulations

    def options(self, choice: Choice, halving: bool) -> list:
        """The options searched: every option's index, and None (declining) where it may be."""
        return list(range(len(choice.options))) + ([None] if choice.optional else [])

    def expect(self, choice: Choice, start):
        """The decision a simulation must reach at the end of its prefix (None: no check)."""
        return choice if start.prefix else None

    def determinise(self, choice: Choice, rng: random.Random) -> None:
        """Deal again, on `choice.table`, what `choice.player` has not seen (nothing here)."""

    def play(self, start, branch):
        """One simulation from `start`, `branch` answering every decision: the ended
        simulation, as `value` reads it."""
        raise NotImplementedError

    def value(self, ended, player: int) -> tuple[float, float]:
        """(value, share of the win) of an ended simulation for `player`."""
        raise NotImplementedError

    def answered(self, choice: Choice, start, answer) -> None:
        """Told every answer the policy gives (`start`: None for one it did not search)."""

    # -- the skeleton -----------------------------------------------------------------------

    def choose(self, choice: Choice):
        self.asked += 1
        start = self.start(choice)
        estimates = None
        favourite = NONE
        if start is not None and len(choice.options) + choice.optional >= 2:
            if self.trust or self.confidence:
                favourite = self.rollout.choose(choice)
            try:
                estimates = self.search(choice, start, self.budget(choice), favourite=favourite)
                self.searched[choice.kind] += 1
            except Diverged:  # a decision the replay cannot reach: the rollout answers it
                estimates = None
        if estimates is None:
            answer = self.rollout.choose(choice)
        else:
            best = max(estimates, key=lambda e: (e.simulations, e.value))
            answer = best.option
            if favourite is not NONE and answer != favourite and not self.beats(answer, favourite):
                answer = favourite
        self.answered(choice, start, answer)
        return answer

    def search(
        self, choice: Choice, start, budget: int, halving: bool = True, favourite=NONE, ms=OWN
    ) -> list[Estimate]:
        """Every option searched (`options`) with its mean value over simulations from `start`:
        `budget` simulations in all, by successive halving (or the same number each,
        `halving=False`), the `favourite` kept in the running; `ms`: a time limit (default the
        policy's own). `stopped` says whether it ran out."""
        options = self.options(choice, halving)
        expect = self.expect(choice, start)
        results, self.stopped = sampled(
            options,
            lambda o, s: self.simulate(start, o, s, expect),
            f"{self.seed}/{self.asked}",
            budget,
            halving,
            self.ms if ms is OWN else ms,
            favourite,
            self.early,
        )
        self._results = results
        return [
            Estimate(
                o,
                option_name(choice, o),
                sum(v for v, _ in got) / len(got),
                sum(w for _, w in got),
                len(got),
            )
            for o, got in results.items()
        ]

    def simulate(self, start, option, sample: int, expect=None) -> tuple[float, float]:
        """One simulation of `option` on the sample `sample`: (its value, the share of the win)."""
        branch = self.branch(
            start.prefix, option, self.rollout, random.Random(sample), self.determinise, expect
        )
        return self.value(self.play(start, branch), start.player)

    def beats(self, best, favourite) -> bool:
        """Whether the search's best option beats the rollout's own answer clearly enough to be
        played instead: on the samples both were played on, by more than `trust` on average and
        by more than `confidence` standard errors of that mean."""
        a, b = self._results[best], self._results.get(favourite)
        if not b:
            return True
        n = min(len(a), len(b))
        d = [a[k][0] - b[k][0] for k in range(n)]
        mean = sum(d) / n
        if mean <= self.trust:
            return False
        if not self.confidence:
            return True
        if n < 2:
            return False  # one sample: no standard error to beat
        sd = math.sqrt(sum((x - mean) ** 2 for x in d) / (n - 1))
        return mean > self.confidence * sd / math.sqrt(n)


@dataclass(frozen=True)
class Decision:
    """A decision advised: the `choice` as it was asked (its table as it stood then), where its
    simulations start (`start`, as its game's search policy plays them), the decision in `words`
    and what the advice's table says of it besides (`attrs`)."""

    choice: Choice
    start: object
    words: str
    attrs: dict = field(default_factory=dict)

    @property
    def answers(self) -> list:
        """Every legal answer: the options' indices, and None (declined) where it may be."""
        return list(range(len(self.choice.options))) + ([None] if self.choice.optional else [])


class Replay(NamedTuple):
    """Where the simulations of a decision start when they play a game again: the answers given
    before it (`prefix`), the deciding `player`, and what is played again (a `scenario`, or the
    `options` a game was made with)."""

    prefix: tuple
    player: int
    scenario: dict | None = None
    options: dict | None = None


class _Found(Exception):
    def __init__(self, choice: Choice) -> None:
        super().__init__(choice.kind)
        self.choice = choice


class StopAt:
    """Answers as `rollout` does (keeping every answer in `given`) until `player` (None: anyone)
    faces a decision, which it hands back by raising `_Found` (the table stays as it is then)."""

    name = "advice"

    def __init__(self, player: int | None, rollout) -> None:
        self.player = player
        self.rollout = rollout
        self.given: list = []

    def choose(self, choice: Choice):
        if self.player in (None, choice.player):
            raise _Found(choice)
        answer = self.rollout.choose(choice)
        self.given.append(answer)
        return answer


def scenario_decision(game, scenario, player: int | None = None, rollout=None) -> Decision:
    """The decision `advise` gives on a scenario of a game with no advice of its own (`game`, its
    contract): the first one no script answers, of `player` (None: whoever decides first), when
    the scenario is played on to the end of its game (`play_game`); the decisions before it are
    `rollout`'s (default the documented `DefaultPolicy`), and every simulation gives them again.
    ValueError (one line) when there is none."""
    if not isinstance(scenario, dict):
        raise ValueError(
            f"advise: expected a {game.title} scenario (a dict), got {quote(scenario)}"
        )
    if player is not None and (isinstance(player, bool) or not isinstance(player, int)):
        raise ValueError(f"player: expected None or a player index, got {quote(player)}")
    stop = StopAt(player, rollout or DefaultPolicy())
    try:
        played = game.play_game(scenario, stop, traced=False)
    except _Found as found:
        c = found.choice
        words = f"{c.table.players[c.player].name}'s decision: {c.question}"
        return Decision(c, Replay(tuple(stop.given), c.player, scenario), words)
    except ScenarioError as e:
        raise ValueError(f"advise: {e}") from None
    players = played.table.players
    if player is not None and not 0 <= player < len(players):
        raise ValueError(
            f"player: expected None or a player index, 0 to {len(players) - 1}, got {player}"
        )
    who = "anyone" if player is None else players[player].name
    raise ValueError(f"advise: the game ends with no decision left for {who}")


class ReplaySearch(SearchPolicy):
    """The search of a game that writes none of its own (`games.GameDefaults.search_policy`):
    each simulation plays the scenario it follows (`follow(scenario)`) again, to the end of its
    game (the contract's `play_game`), with the answers the policy gave before and then the
    option, and the rollout (the documented `DefaultPolicy`) after; or, for the advice, the
    scenario of its `Decision`. It deals nothing again: such a game's players see every card
    that decides a choice (a game that hides some writes its own `determinise`). An end is worth
    the share of the win: the most points wins (each player's `fame_total`), a tie shares it."""

    name = "montecarlo"
    #: simulations a decision, unless told otherwise
    SIMULATIONS = 100

    def __init__(self, game, simulations=None, ms=None, seed=0, rollout=None, scenario=None):
        super().__init__(simulations, ms, seed, rollout)
        self.simulations = self.simulations or self.SIMULATIONS
        self.contract = game
        self.label = f"{game.title} search policy"
        self.given: list = []  # the answers given in the scenario followed
        self.follow(scenario)

    def follow(self, scenario):
        """Tie the policy to the scenario it plays (`play_game`, every decision its script leaves
        open the policy's): the start of its simulations."""
        self.game, self.given = scenario, []
        return self

    def start(self, choice: Choice):
        if self.game is None:
            return None
        return Replay(tuple(self.given), choice.player, self.game)

    def answered(self, choice: Choice, start, answer) -> None:
        self.given.append(answer)

    def expect(self, choice: Choice, start):
        return choice

    def play(self, start, branch):
        return self.contract.play_game(start.scenario, branch, traced=False)

    def value(self, ended, player: int) -> tuple[float, float]:
        scores = [p.fame_total for p in ended.table.players]
        won = [i for i, s in enumerate(scores) if s == max(scores)]
        share = 1 / len(won) if player in won else 0.0
        return share, share
