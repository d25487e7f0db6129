"""FlipToons' search: flat Monte Carlo over every Market decision, on determinised copies of the
table (`MonteCarloPolicy`, `--policy montecarlo`), FlipToons' parts of the toolkit's search
(`fliptoons_explore.search.SearchPolicy`: the samples, the halving, the time limit, the early stop
and the paired comparison with the rollout's answer are the toolkit's).

    >>> game = new_game("s2", 1, seed=3, solo="normal", policy=MonteCarloPolicy(seed=3), traced=False)
    >>> game.play().solo                                                  # doctest: +SKIP
    'won'

At a decision the policy tries each legal option on copies of the table (`Table.copy`: the start
of a simulation, `MonteCarloPolicy.play`) and plays each copy on to the end of the game with a
cheap rollout for every player (`fliptoons.rollout`: `RolloutPolicy`): the rest of the Market
turn, the other players' turns, Cleanup and the following rounds. An option's value is the share
of its simulations the deciding player wins (`MonteCarloPolicy.value`): in a solo game, 30 fame
in one Check Fame before the toon deck runs out (S2 Solo Play Rules); with several players, the
win after the Final Flip (a tie shares it); a solo simulation that is lost still counts a little
for the best fame it reached (`fame_weight`). The budget (`simulations` a decision,
`DEFAULT_SIMULATIONS` per season, and optionally `ms`) is spread by successive halving: every
option gets some simulations, the better half more, and so on; all options of a decision play on
the same determinisations (common random numbers), so they are compared on the same luck. The
rollout's own answer stays in the running to the end, and the search plays another option only
if it beats that answer on the same determinisations by more than `confidence` standard errors
(and `trust` on average): a search of a hundred or two simulations is noisy, the rollout's answer
a good default. With `early`, a decision whose first simulations already put the rollout's answer
ahead of every other option stops there. With a `pace` (solo games), a decision's simulations
are as many as would play `pace` rounds each on average: many late in the game, where a
simulation is short and a choice decides, few early.

A solo simulation need not play to the end of the game: with a `horizon` it plays that many
rounds after the decision's own and then values the table by its leaf value (`fliptoons.leaf`:
`LeafValue`, the chance that the rollout would still win from there). Such a simulation costs a
round or three instead of up to ten, and its value is far less noisy than a single won-or-lost,
so the same seconds tell options apart better (Season 1 plays so by default: `DEFAULT_HORIZON`).

No peeking. Before a copy plays on, it is *determinised* (`determinise`): what the deciding
player cannot see, the order of every deck (their own included: it is shuffled before it is
read) and of the toon deck, is put in a fixed order (by card id) and shuffled by the policy's own
generator, and the copy's later shuffles come from that generator too, never from the game's
seed. The contents of decks and of the toon deck are known to every player (hires, dismissals and
the face-up discards are public), their orders are not; so the policy's answer depends only on
what the player sees.

Which decisions are searched: every Market action; the decisions an action leads to in the
player's own turn (the Raccoon's and the Crow's free hire, the Panther's and the Butterfly's
dismissal, the Horse's discards, the Pig's deck) and the after-Market effects of that turn (the
Alligator's dismissal), by replaying the turn from the policy's copy of the table at the Market
action (the same answers up to the decision, so the copy reaches the same situation, or the
search gives way to the rollout: `search.Diverged`); the Skunk's dismissal, which comes just
before the Market. The others (the Cow's copy at Check
Fame, the effects waiting at the end of the Flip) are answered as `RolloutPolicy` answers them.
"""  # noqa: E501

from __future__ import annotations

import random
from typing import NamedTuple

from ..policy import Choice
from ..search import SearchPolicy
from .game import TRIGGER_FAME, Game
from .leaf import LeafValue
from .market_abilities import skunk_dismissal
from .rollout import RolloutPolicy

__all__ = ["MonteCarloPolicy", "determinise"]

#: The search's budget of simulations a decision, unless told otherwise, per season: about as
#: many as a solo game plays in 2 seconds on one core (a Season 2 simulation costs more; a Season 1
#: one stops at its `DEFAULT_HORIZON`).
DEFAULT_SIMULATIONS = {"s1": 300, "s2": 120, "combined": 120}
#: Rounds a solo simulation plays after the decision's own before `LeafValue` values it, unless
#: told otherwise, per season (None: on to the end of the game). Tuned on Season 1 solo games
#: seeded 10,000 and up; Season 2's search is as strong as asked for played to the end.
DEFAULT_HORIZON = {"s1": 2, "s2": None, "combined": None}


def determinise(table, rng: random.Random) -> None:
    """Replace what no player sees on `table` (in place) by one sample of it: every deck's order
    and the toon deck's order, each put in a fixed order (card id, then uid) and shuffled by
    `rng`; the table's later draws come from `rng` too. Nothing of the hidden order survives."""

    def shuffled(cards):
        cards = sorted(cards, key=lambda c: (c.spec.id, c.uid))
        rng.shuffle(cards)
        return cards

    for p in table.players:
        cards = shuffled(p.deck)
        p.deck.clear()
        p.deck.extend(cards)
    cards = shuffled(table.toon_deck)
    table.toon_deck.clear()
    table.toon_deck.extend(cards)
    table.rng = random.Random(rng.getrandbits(64))


class _Start(NamedTuple):
    """Where a simulation starts: a copy of `table` (the real one, or the policy's copy at the
    turn's Market action), `resume` ('market': inside `player`'s Market turn; 'skunk': the
    Skunk's dismissal just before the Market), `prefix`: the answers that replay the turn up to
    the decision, and the game's state around it."""

    table: object
    resume: str
    player: int
    prefix: tuple
    solo: bool
    end_triggered: bool


def _end_triggered(table) -> bool:
    """Whether the 30-fame end was triggered this round (a decision in the Market only sees this
    round: an earlier trigger would have ended the game at its Cleanup)."""
    if len(table.players) == 1:
        return False
    firefly = table.rulings.firefly_counts_for_trigger
    return max(p.fame_total if firefly else p.fame_generated for p in table.players) >= TRIGGER_FAME


class MonteCarloPolicy(SearchPolicy):
    """Flat Monte Carlo search over each Market decision (see the module's docstring).

    `simulations`: the budget of one decision (spread by successive halving; None: the season's
    `DEFAULT_SIMULATIONS`); `ms`: optionally a time limit per decision as well (then the answers
    depend on the machine's speed); `seed`: the policy's generator (the same seed, the same
    answers); `fame_weight`: a solo simulation that is lost still counts `fame_weight` x (its
    best Check Fame / 30), so that options that rarely win are still told apart; `rollout`: the
    policy simulations play with (default `RolloutPolicy()`); `game`: the game played (optional:
    `follow(game)`), whose end trigger the policy then reads instead of inferring it from the
    table; `width`: search only that many options (those the rollout rates best, and skipping);
    `trust`, `confidence`: how clearly an option must beat the rollout's own answer to be played
    instead (on average, and in standard errors; both 0: the best option is played); `early`:
    stop a decision once the rollout's answer leads every option; `pace`: simulations by the
    rounds they play (solo games); `horizon`: in a solo game, the rounds a simulation plays after
    the decision's own before `LeafValue` values it ("season": the season's `DEFAULT_HORIZON`;
    None: on to the end). `searched` counts the decisions searched, by kind."""

    name = "montecarlo"
    label = "MonteCarloPolicy"

    def __init__(
        self,
        simulations: int | None = None,
        ms: float | None = None,
        seed: int = 0,
        fame_weight: float = 0.25,
        rollout=None,
        game: Game | None = None,
        width: int | None = None,
        trust: float = 0.0,
        confidence: float = 1.0,
        pace: float | None = 4.0,
        early: bool = False,
        horizon: int | str | None = "season",
    ) -> None:
        super().__init__(
            simulations, ms, seed, rollout or RolloutPolicy(), game, trust, confidence, early
        )
        if horizon not in (None, "season") and (
            not isinstance(horizon, int) or isinstance(horizon, bool) or horizon < 0
        ):
            raise ValueError(
                f'horizon: expected "season", None or a whole number of rounds, got {horizon!r}'
            )
        self.horizon = horizon
        self.fame_weight = fame_weight
        self.width = width
        self.pace = pace
        # at a Market action: (player, its queued list, copy of the table, answers since)
        self._turn = None

    def budget(self, choice: Choice) -> int:
        """The simulations of a decision: `simulations`, or with a `pace` in a solo game, as
        many as would simulate `pace` rounds each on average: a simulation from a decision
        late in the game, with few toon cards left, plays few rounds and costs little, one early
        plays many (about a round for every three toon cards left); between a quarter and four
        times `simulations`. In multiplayer games, `simulations`."""
        table = choice.table
        simulations = self.simulations or DEFAULT_SIMULATIONS[table.season]
        if not self.pace or len(table.players) != 1:
            return simulations
        rounds = max(1.0, len(table.toon_deck) / 3)
        return max(1, round(simulations * min(4.0, max(0.25, self.pace / rounds))))

    def start(self, choice: Choice) -> _Start | None:
        """Where simulations of this decision start, or None if it is not searched: the table
        itself at a Market action or the Skunk's dismissal; the copy of the table at the turn's
        Market action, and the answers since, at a decision that action leads to."""
        table = choice.table
        if table is None:
            return None
        player = table.players[choice.player]
        ended = self.game.end_triggered if self.game is not None else _end_triggered(table)
        solo = len(table.players) == 1
        if choice.kind == "market_action":
            self._turn = (choice.player, player.queued, table.copy(), [])
            return _Start(table, "market", choice.player, (), solo, ended)
        if choice.kind == "dismiss_skunk":
            self._turn = None
            return _Start(table, "skunk", choice.player, (), solo, ended)
        turn = self._turn
        if turn is not None and turn[0] == choice.player and turn[1] is player.queued:
            return _Start(turn[2], "market", choice.player, tuple(turn[3]), solo, ended)
        return None

    def answered(self, choice: Choice, start, answer) -> None:
        """An answer in the turn of the last Market action searched is kept: a later decision of
        that turn is searched by replaying them."""
        if self._turn is not None and self._turn[0] == choice.player and start is not None:
            self._turn[3].append(answer)

    def options(self, choice: Choice, halving: bool) -> list:
        """Every option, or with halving and a `width`, only that many: those the rollout rates
        best, and skipping or declining."""
        options = super().options(choice, halving)
        if halving and self.width and len(options) > self.width:
            return self.widest(choice, options)
        return options

    def widest(self, choice: Choice, options: list) -> list:
        """The `width` options worth searching: skipping or declining, and those the rollout's
        gains rate best."""
        gains = self.rollout.gains(choice) if hasattr(self.rollout, "gains") else None
        if gains is None:
            return options
        last = (
            options[-1]
            if choice.optional or choice.kind != "market_action"
            else len(choice.options) - 1
        )
        ranked = sorted(
            (o for o in options if o != last and o is not None), key=lambda o: -gains[o]
        )
        return sorted(ranked[: self.width - 1]) + [last]

    def determinise(self, choice: Choice, rng: random.Random) -> None:
        """The order of every deck and of the toon deck dealt again (`determinise`)."""
        determinise(choice.table, rng)

    def play(self, start: _Start, branch) -> Game:
        """One simulation: a copy of the start's table, its decision answered by `branch`, played
        by the rollout to the end of the game, or in a solo game with a `horizon` for that many
        more rounds (the game is then left unfinished, for `value` to value by its leaf)."""
        table = start.table.copy()
        game = Game(table, branch, traced=False, solo="normal" if start.solo else None)
        game.end_triggered = start.end_triggered
        game.phase = "market"
        player = table.players[start.player]
        if start.resume == "skunk":
            skunk_dismissal(game, None)
            alive = game.market_phase()
        else:
            alive = game.market_phase(resume=player)
        if alive:
            game.cleanup()
        horizon = self.horizon_of(table) if start.solo else None
        played = 0
        while game.result is None and played != horizon:
            game.play_round()
            played += 1
        return game

    def horizon_of(self, table) -> int | None:
        """The rounds a solo simulation plays before its leaf value (None: to the end)."""
        return DEFAULT_HORIZON[table.season] if self.horizon == "season" else self.horizon

    def value(self, game: Game, player: int) -> tuple[float, float]:
        """(value, share of the win) of a simulated game for `player`: a solo win is 1, a loss
        `fame_weight` x its best Check Fame / 30; with several players, the share of the win; a
        solo game cut at its horizon, both the rollout's chance to win from there (`LeafValue`)."""
        r = game.result
        if r is None:
            chance = LeafValue.of(game.table.season)(game.table)
            return chance, chance
        if r.solo is not None:
            if r.solo == "won":
                return 1.0, 1.0
            best = max((f.fame[0] for f in game.history), default=0)
            return self.fame_weight * min(best, TRIGGER_FAME) / TRIGGER_FAME, 0.0
        share = 1 / len(r.winners) if player in r.winners else 0.0
        return share, share
