"""Flipology's search: flat Monte Carlo over every decision, on determinised replays
(`SearchPolicy`, `--policy montecarlo`), Flipology's parts of the toolkit's search
(`fliptoons_explore.search.SearchPolicy`: the samples, the halving and the count are the
toolkit's).

    >>> game = new_game("nature", 2, seed=3, policy=SearchPolicy(seed=3), traced=False)
    >>> game.play().winners                                               # doctest: +SKIP
    [0]

At a decision of a game it follows (`follow(game)`; `new_game` and the experiments tie it),
the policy tries each legal answer in simulations: the game is played again from its seed and
setup with the answers given so far (`Game.decisions`), which brings back the table as it is
(`SearchPolicy.play`), then *determinised* for the deciding player (`determinise`), given the
answer, and played to its end with a cheap rollout policy for every player (the documented
`DefaultPolicy`: the option the engine's hint values most, as far as its player knows the
cards). An answer's value is the share of its simulations the deciding player wins (a tie shares
it), plus a little for the score margin (`margin_weight`, `SearchPolicy.value`), so that answers
that rarely change the winner are still told apart. Every answer plays on the same
determinisations (common random numbers), and the budget is spread by successive halving: every
answer gets some simulations, the better half more, and so on.

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

import random

from ..policy import Choice, DefaultPolicy
from ..search import Replay
from ..search import SearchPolicy as Search
from .view import unseen_places

__all__ = ["SearchPolicy", "determinise", "replayed"]

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


def replayed(options: dict, policy):
    """The game made by `new_game` with `options` (its `Game.options`) again, `policy` answering."""
    from .game import new_game

    o = options
    return new_game(
        o["variant"],
        o["players"],
        o["seed"],
        policy,
        False,
        False,
        o["moon"],
        o["wolves"],
        o["rulings"],
        o["deck"],
        o["first_player"],
    )


class SearchPolicy(Search):
    """Flat Monte Carlo search over each decision of a Flipology game (see the module).

    `simulations`: the budget of one decision (spread by successive halving); `seed`: the
    policy's generator (the same seed, the same answers); `margin_weight`: what a simulation's
    score margin adds to its value (x the margin / 20, clipped to ±1; with a face-up Moon the
    fewest points lead); `rollout`: the policy simulations play with (default `DefaultPolicy()`);
    `game`: the game played (or `follow(game)`). A decision of a game it does not follow, or of a
    game not made by `new_game` (a scenario's situation), is answered as the rollout answers it.
    `searched` counts the decisions searched, by kind."""

    name = "montecarlo"
    label = "Flipology SearchPolicy"

    def __init__(
        self,
        simulations: int | None = None,
        seed: int = 0,
        margin_weight: float = 0.1,
        rollout=None,
        game=None,
    ) -> None:
        super().__init__(simulations, None, seed, rollout or DefaultPolicy(), game)
        self.simulations = self.simulations or DEFAULT_SIMULATIONS
        self.margin_weight = margin_weight

    def start(self, choice: Choice) -> Replay | None:
        """The game followed, replayed from its seed with the answers it has logged; None when
        the decision is not its (or it was not made by `new_game`)."""
        game = self.game
        if game is None or not game.options or choice.table is not game.table:
            return None
        return Replay(tuple(game.decisions), choice.player, None, game.options)

    def expect(self, choice: Choice, start):
        """Every simulation replays the game, and must reach the decision itself."""
        return choice

    def determinise(self, choice: Choice, rng: random.Random) -> None:
        """The faces the deciding player has not seen dealt again (`determinise`); a Hermit
        Crab's owner looks through the face-down discard pile."""
        determinise(choice.table, choice.player, rng, discard_seen=choice.kind == "hermit_crab")

    def play(self, start: Replay, branch):
        """One simulation: the game played again (from its seed, or a scenario to the count of
        its round, as the explorer's "play the round" plays it) with `branch` answering; its
        result."""
        if start.scenario is not None:
            from .engine import play_scenario_game, scenario_game

            game, script = scenario_game(start.scenario, branch, traced=False)
            return play_scenario_game(game, script, complete_round=True)
        return replayed(start.options, branch).play()

    def value(self, result, player: int) -> tuple[float, float]:
        """A simulated game's end for `player`: (their share of the win plus `margin_weight` x
        their margin over the best opponent (the fewest points lead with a face-up Moon; a
        multi-game match counts its running scores) / 20, clipped to ±1; the share of the win)."""
        share = 1 / len(result.winners) if player in result.winners else 0.0
        scores = result.running or result.scores
        others = [s for i, s in enumerate(scores) if i != player] or [0]
        margin = (
            (min(others) - scores[player])
            if result.moon and not result.running
            else (scores[player] - max(others))
        )
        return share + self.margin_weight * max(-1.0, min(1.0, margin / 20)), share
