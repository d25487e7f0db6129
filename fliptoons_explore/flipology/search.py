"""A search policy for Flipology: flat Monte Carlo over every decision, on determinised replays.

    >>> game = new_game("nature", 2, seed=3, policy=SearchPolicy(seed=3), traced=False)
    >>> game.play().winners                                               # doctest: +SKIP
    [0]

At a decision of a game it follows (`follow(game)`; `new_game` and the experiments tie it),
the policy tries each legal answer in simulations: the game is played again from its seed and
setup with the answers given so far (`Game.decisions`), which brings back the table as it is,
then *determinised* for the deciding player (`determinise`), given the answer, and played to its
end with a cheap rollout policy for every player (the documented `DefaultPolicy`: the option the
engine's hint values most, as far as its player knows the cards). An answer's value is the share
of its simulations the deciding player wins (a tie shares it), plus a little for the score margin
(`margin_weight`), so that answers that rarely change the winner are still told apart. Every
answer plays on the same determinisations (common random numbers), and the budget is spread by
successive halving: every answer gets some simulations, the better half more, and so on.

Decisions searched: the two cards discarded of the nine dealt (Nature), the order of the row
(one place at a time), Regrowth (Great Tree), every turn's flip, and every effect's answer (Dog,
Frog, Hawk, Snake, Sun, Rain, Monkey, Mole, Wolves, Parrot) and the Hermit Crab's pick.

No peeking. What the deciding player has not seen — every opponent's face-down card they have
not seen (a face-down card is known to its owner, 'you can peek at any of your facedown cards
whenever you like'; a card the player's Sun showed stays known), the other players' hands, the
draw pile and the face-down discard pile (which a Hermit Crab's owner looks through when
picking; the player's own two discards of the deal are counted unseen too: the table does not
say who discarded what) — is dealt again at random among the same cards before the answer is given,
and the later shuffles come from the policy's own generator, never from the game's seed. So the
answer depends only on what the player sees (`tests/flipology/test_flipology_search.py` changes
the hidden cards behind it).
"""

from __future__ import annotations

import math
import random
from collections import Counter

from ..policy import Branch, Choice, DefaultPolicy
from .view import unseen_places

__all__ = ["SearchPolicy", "determinise"]

#: Simulations a decision, unless told otherwise: a 2-player Nature game plays in about 1.5 s
#: on one core so (a simulation is a whole game replayed: about 0.3 ms).
DEFAULT_SIMULATIONS = 240


def determinise(table, player: int, rng: random.Random, discard_seen: bool = False) -> None:
    """Deal the faces `player` has not seen (`unseen_places`) again at random, in place: the
    faces of those cards are put in a fixed order (by card id) and shuffled by `rng` among the
    same cards, so that nothing of the hidden deal survives, while every card stays where it is
    (what another player's Sun showed them stays known to them, whatever it now is). The
    table's later shuffles come from `rng` too."""
    cards = [cards[k] for cards, k in unseen_places(table, player, discard_seen)]
    faces = sorted((c.spec for c in cards), key=lambda spec: spec.id)
    rng.shuffle(faces)
    for card, spec in zip(cards, faces):
        card.spec = spec
    table.moons = [c for c in table.all_cards() if c.spec.kind == "moon"]
    table.rng = random.Random(rng.getrandbits(64))


class SearchPolicy:
    """Flat Monte Carlo search over each decision of a Flipology game (see the module).

    `simulations`: the budget of one decision (spread by successive halving); `seed`: the
    policy's generator (the same seed, the same answers); `margin_weight`: what a simulation's
    score margin adds to its value (x the margin / 20, clipped to ±1; with a face-up Moon the
    fewest points lead); `rollout`: the policy simulations play with (default `DefaultPolicy()`);
    `game`: the game played (or `follow(game)`). A decision of a game it does not follow, or of a
    game not made by `new_game` (a scenario's situation), is answered as the rollout answers it.
    `searched` counts the decisions searched, by kind."""

    name = "montecarlo"
    branch = None  # the simulations' policy (`_Branch`, set below)

    def __init__(
        self,
        simulations: int | None = None,
        seed: int = 0,
        margin_weight: float = 0.1,
        rollout=None,
        game=None,
    ) -> None:
        if simulations is not None and (
            not isinstance(simulations, int) or isinstance(simulations, bool) or simulations < 1
        ):
            raise ValueError(
                f"simulations: expected None or a whole number of at least 1, got {simulations!r}"
            )
        self.simulations = simulations or DEFAULT_SIMULATIONS
        self.seed = seed
        self.margin_weight = margin_weight
        self.rollout = rollout or DefaultPolicy()
        self.game = game
        self.asked = 0
        self.searched = Counter()

    def follow(self, game) -> SearchPolicy:
        self.game = game
        return self

    def choose(self, choice: Choice):
        self.asked += 1
        game = self.game
        answers = list(range(len(choice.options))) + ([None] if choice.optional else [])
        if game is None or not game.options or choice.table is not game.table or len(answers) < 2:
            return self.rollout.choose(choice)
        self.searched[choice.kind] += 1
        values = self.search(choice, answers)
        return max(answers, key=lambda a: (values[a][1], values[a][0]))

    def search(self, choice: Choice, answers: list) -> dict:
        """{answer: (mean value, simulations)} over simulations from the game as it stands, by
        successive halving of `simulations`."""
        rng = random.Random(f"{self.seed}/{self.asked}")
        prefix = tuple(self.game.decisions)
        results = {a: [] for a in answers}
        samples = []
        alive = list(answers)
        rounds = max(1, math.ceil(math.log2(len(alive))))
        if self.simulations < 2 * len(alive):
            rounds = 1
        for r in range(rounds):
            each = max(1, self.simulations // (rounds * len(alive)))
            while len(samples) < max(len(results[a]) for a in alive) + each:
                samples.append(rng.getrandbits(64))
            for a in alive:
                got = results[a]
                for k in range(len(got), len(got) + each):
                    got.append(self.simulate(choice, prefix, a, samples[k]))
            if r < rounds - 1:
                alive.sort(key=lambda a: -sum(results[a]) / len(results[a]))
                alive = alive[: max(1, (len(alive) + 1) // 2)]
        return {a: (sum(v) / len(v), len(v)) for a, v in results.items()}

    def simulate(self, choice: Choice, prefix: tuple, answer, sample: int) -> float:
        """One simulation: the game replayed to this decision, determinised for the deciding
        player, `answer` given, the rest played by the rollout: the player's value."""
        from .game import new_game

        o = self.game.options
        branch = self.branch(prefix, choice, answer, self.rollout, random.Random(sample))
        sim = new_game(
            o["variant"],
            o["players"],
            o["seed"],
            branch,
            False,
            False,
            o["moon"],
            o["wolves"],
            o["rulings"],
            o["deck"],
            o["first_player"],
        )
        result = sim.play()
        return self.value(sim, result, choice.player)

    def value(self, sim, result, player: int) -> float:
        """A simulated game's end for `player`: their share of the win, plus `margin_weight` x
        their margin over the best opponent (the fewest points lead with a face-up Moon; a
        multi-game match counts its running scores) / 20, clipped to ±1."""
        share = 1 / len(result.winners) if player in result.winners else 0.0
        scores = result.running or result.scores
        others = [s for i, s in enumerate(scores) if i != player] or [0]
        margin = (
            (min(others) - scores[player])
            if result.moon and not result.running
            else (scores[player] - max(others))
        )
        return share + self.margin_weight * max(-1.0, min(1.0, margin / 20))


class _Branch(Branch):
    """The policy of one simulation: the `prefix` answers first (replaying the game to the
    decision), then at the decision the table is determinised for its player and `answer`
    given; every later decision is the rollout's."""

    name = "search-simulation"

    def __init__(self, prefix: tuple, choice: Choice, answer, rollout, rng: random.Random) -> None:
        super().__init__(prefix, answer, rollout)
        self.choice = choice
        self.rng = rng

    def at_decision(self, choice: Choice) -> None:
        if choice.kind != self.choice.kind or len(choice.options) != len(self.choice.options):
            raise AssertionError(
                f"the replay reached a {choice.kind!r} decision, not {self.choice.kind!r}"
            )
        determinise(
            choice.table, choice.player, self.rng, discard_seen=choice.kind == "hermit_crab"
        )


SearchPolicy.branch = _Branch
