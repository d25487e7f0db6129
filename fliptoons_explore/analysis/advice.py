"""What would a strong player do here? Every option of a decision with its value to the player,
estimated by the Monte Carlo search (`fliptoons.montecarlo`).

    >>> from fliptoons_explore.analysis.advice import advise
    >>> advise(scenario)            # the first Market action no script answers   # doctest: +SKIP
                 option  win_rate   low  high  value  simulations   best
    0     hire:gorilla      0.41  0.32  0.51   0.52          100   True
    ...

The decision advised is a FlipToons Market action (or the Skunk's dismissal, which comes just
before the Market): of a `Choice` as the engine asks it, or the first one no script answers when
a scenario is played on (`play_game`), or the next one when a `Game` at rest is played on (a
copy of it: the game itself does not move). The search does not look at what the player cannot
see (the order of the decks and of the toon deck); it plays each option on to the end of the
game many times, every option on the same samples of what is hidden, and counts the player's
wins: in a solo game, 30 fame in one Check Fame before the toon deck runs out.

A Flipology situation (a scenario saying `"game": "flipology"`, or a Flipology `Game` made by
`new_game`) is advised the same way, on the first decision no script answers: a turn's flip, an
effect's answer, a Hermit Crab's pick (in a game also the deal, the row, Regrowth). A scenario
is played on to the count at the end of its round, as the explorer's "play the round" plays it;
a game to its end. What the deciding player has not seen is dealt again for every sample
(`flipology.advice`; the search policy's `flipology.search.determinise`).
"""

from __future__ import annotations

import random
import time

from ..flipology import advice as flipology_advice
from ..flipology.game import Game as FlipologyGame
from ..flipology.search import SearchPolicy
from ..fliptoons.game import Game
from ..fliptoons.grid import space_name
from ..fliptoons.search import Estimate, MonteCarloPolicy
from ..limits import quote
from ..policy import Choice, DefaultPolicy
from .experiments.stats import pandas as _pandas
from .experiments.stats import wilson

__all__ = [
    "advise",
    "decision_of",
    "decision_words",
    "option_words",
    "advised_decision",
    "is_flipology",
    "EXPLAINED",
]

#: The decisions advice is given on: the search starts from them.
ADVISED = ("market_action", "dismiss_skunk")
#: What the numbers of an advice mean, in one sentence (the explorer shows it under the table).
EXPLAINED = (
    "Each option is played on to the end of the game many times by a quick rollout policy, the "
    "hidden order of every deck and of the toon deck shuffled afresh each time (sampled, not "
    "peeked at), every option on the same samples; its win rate is the share of those games won, "
    "with a 95% interval."
)


class _Found(Exception):
    def __init__(self, choice: Choice) -> None:
        super().__init__(choice.kind)
        self.choice = choice


class _StopAt:
    """Answers as `inner` does until `player` (None: anyone) faces an advised decision, which it
    hands back by raising `_Found` (the table stays as it is at that decision)."""

    name = "advice"

    def __init__(self, player: int | None, inner=None) -> None:
        self.player = player
        self.inner = inner or DefaultPolicy()

    def choose(self, choice: Choice):
        if (
            choice.kind in ADVISED
            and choice.table is not None
            and self.player in (None, choice.player)
        ):
            raise _Found(choice)
        return self.inner.choose(choice)


def decision_of(game_or_situation, player: int | None = None) -> tuple[Choice, bool]:
    """(the decision to advise, whether the end was triggered): `game_or_situation` as a
    `Choice`, a scenario played on (its first Market action no script answers), or a copy of a
    `Game` at rest played on; of `player` (an index; None: whoever decides first). ValueError
    (one line) if there is none."""
    from ..fliptoons.engine import play_game
    from ..fliptoons.scenario import ScenarioError

    x = game_or_situation
    if isinstance(x, Choice):
        if x.kind not in ADVISED or x.table is None:
            raise ValueError(
                f"advise: advice is given on a Market action or the Skunk's dismissal, "
                f"got a {quote(x.kind)} decision"
            )
        return x, None
    stop = _StopAt(player)
    if isinstance(x, Game):
        if x.result is not None:
            raise ValueError("advise: this game is over: there is no decision left")
        copy = x.copy(stop)
        run, ended = copy.play, lambda: copy.end_triggered
    elif isinstance(x, dict):
        game = []

        def run():
            try:
                game.append(play_game(x, stop, traced=False))
            except ScenarioError as e:
                raise ValueError(f"advise: {e}") from None

        said = x.get("end_triggered") is True or x.get("critics_choice") is not None
        ended = (lambda: True) if said else None  # else read from the table (`montecarlo`)
    else:
        raise ValueError(
            f"advise: expected a Game, a scenario (a dict) or a Choice, got {quote(x)}"
        )
    try:
        run()
    except _Found as found:
        return found.choice, ended() if ended else None
    who = "anyone" if player is None else f"player {player}"
    raise ValueError(f"advise: the game ends with no Market action left for {who}")


def is_flipology(game_or_situation) -> bool:
    """Whether a situation is Flipology's: a scenario saying `"game": "flipology"`, a Flipology
    `Game`, or a decision on a Flipology table."""
    x = game_or_situation
    if isinstance(x, dict):
        return x.get("game") == "flipology"
    if isinstance(x, Choice):
        return getattr(getattr(x.table, "game", None), "name", None) == "flipology"
    return isinstance(x, FlipologyGame)


def advised_decision(game_or_situation, player: int | None = None) -> str:
    """The decision `advise` would advise, in words, of either game ("Ann's Market action (29
    fame to spend, 2 actions left)"); ValueError (one line) when there is none."""
    if is_flipology(game_or_situation):
        return flipology_advice.decision_words(_flipology_decision(game_or_situation, player))
    return decision_words(decision_of(game_or_situation, player)[0])


def _flipology_decision(x, player, rollout=None):
    if isinstance(x, Choice):
        raise ValueError(
            "advise: a Flipology decision is advised from its scenario or its game (a decision "
            "alone cannot be played on)"
        )
    return flipology_advice.decision_of(x, player, rollout)


def advise(
    game_or_situation,
    policy=None,
    player: int | None = None,
    simulations: int = 100,
    seed: int = 0,
    ms: float | None = None,
):
    """Each option of the decision (`decision_of`) with its estimated worth to the player who
    decides, best first: its name and `index` among the choice's options (None: declined),
    `win_rate`, the share of its `simulations` won (ties shared), with a
    95% Wilson interval (`low`, `high`), and `value`, what the search maximises (in a solo game
    the win rate plus a little for the fame of lost games: `MonteCarloPolicy.fame_weight`);
    `best` marks the option the search picks. Every option gets `simulations` simulations on
    the same samples of the hidden cards. `policy`: a `MonteCarloPolicy` (its rollout, its fame
    weight; default `MonteCarloPolicy(seed=seed, horizon=None)`: every simulation played on to the
    end of the game, so that a win rate is a share of games won; a policy with a `horizon` counts
    a solo simulation cut short by the chance its `LeafValue` gives). `words` says what each
    option does.

    A Flipology situation (`is_flipology`; see the module `flipology.advice` for the decision
    and the end its simulations play to) gives the same columns: `value` is the win share plus
    a little for the score margin (`SearchPolicy.value`), `policy` a Flipology `SearchPolicy`
    (its rollout, its margin weight; default `SearchPolicy(seed=seed)`).

    The simulations go one sample at a time, every option on it, so that `ms` (a time limit in
    milliseconds, optional) stops between two samples with every option as often played: the
    rows are then those of a smaller `simulations` (the same seed, the same first samples). The
    DataFrame's `attrs` name the decision (`decision`: in words), the `simulations` each option
    got and whether the time limit stopped them (`stopped`), the `game`, and what the numbers
    mean (`explained`)."""
    if isinstance(simulations, bool) or not isinstance(simulations, int) or simulations < 1:
        raise ValueError(
            f"simulations: expected a whole number of at least 1, got {quote(simulations)}"
        )
    if ms is not None and (isinstance(ms, bool) or not isinstance(ms, (int, float)) or not ms > 0):
        raise ValueError(f"ms: expected None or a positive number of milliseconds, got {quote(ms)}")
    if is_flipology(game_or_situation):
        return _advise_flipology(game_or_situation, policy, player, simulations, seed, ms)
    if policy is None:
        policy = MonteCarloPolicy(seed=seed, horizon=None)
    elif not isinstance(policy, MonteCarloPolicy):
        raise ValueError(
            "policy: expected a MonteCarloPolicy (the search gives the advice), got "
            f"{quote(policy)}"
        )
    choice, ended = decision_of(game_or_situation, player)
    start = policy.start(choice)
    if ended is not None:
        start = start._replace(end_triggered=ended)
    estimates, stopped = _estimates(policy, choice, start, simulations, ms)
    df = _frame(estimates, lambda o: option_words(choice, o))
    table = choice.table
    df.attrs.update(
        kind=choice.kind,
        player=choice.player,
        name=table.players[choice.player].name,
        question=choice.question,
        fame_left=table.players[choice.player].fame_left,
        decision=decision_words(choice),
        simulations=estimates[0].simulations,
        stopped=stopped,
        game="fliptoons",
        explained=EXPLAINED,
    )
    return df


def _advise_flipology(x, policy, player, simulations, seed, ms):
    """`advise` of a Flipology situation (`flipology.advice`)."""
    if policy is None:
        policy = SearchPolicy(seed=seed)
    elif not isinstance(policy, SearchPolicy):
        raise ValueError(
            "policy: expected a Flipology SearchPolicy (the search gives the advice), got "
            f"{quote(policy)}"
        )
    decision = _flipology_decision(x, player, policy.rollout)
    choice = decision.choice
    estimates, stopped = _sampled(
        decision.answers,
        lambda a, sample: flipology_advice.simulate(decision, policy, a, sample),
        f"{policy.seed}/{policy.asked}",
        simulations,
        ms,
        lambda a: flipology_advice.option_name(choice, a),
    )
    df = _frame(estimates, lambda a: flipology_advice.option_words(choice, a))
    df.attrs.update(
        kind=choice.kind,
        player=choice.player,
        name=choice.table.players[choice.player].name,
        question=choice.question,
        decision=flipology_advice.decision_words(decision),
        simulations=estimates[0].simulations,
        stopped=stopped,
        game="flipology",
        end=decision.end,
        field=decision.field,
        explained=flipology_advice.EXPLAINED,
    )
    return df


def _frame(estimates: list[Estimate], words):
    """The DataFrame of `advise`: one row an option, best first."""
    best = max(estimates, key=lambda e: e.value)
    rows = []
    for e in estimates:
        low, high = wilson(e.wins, e.simulations)
        rows.append(
            {
                "option": e.name,
                "index": e.option,
                "words": words(e.option),
                "win_rate": e.wins / e.simulations,
                "low": low,
                "high": high,
                "value": e.value,
                "simulations": e.simulations,
                "best": e is best,
            }
        )
    return (
        _pandas()
        .DataFrame(rows)
        .sort_values("value", ascending=False, kind="stable")
        .reset_index(drop=True)
    )


def _estimates(
    policy: MonteCarloPolicy, choice: Choice, start, simulations: int, ms: float | None
) -> tuple[list[Estimate], bool]:
    """Every option's `Estimate` over `simulations` samples of the hidden cards (fewer if `ms`
    runs out; every option plays every sample), and whether the time limit stopped them. The
    samples are those `MonteCarloPolicy.search` draws for the same budget without halving."""
    options = list(range(len(choice.options))) + ([None] if choice.optional else [])
    names = choice.script_names()
    return _sampled(
        options,
        lambda o, sample: policy.simulate(start, o, sample),
        f"{policy.seed}/{policy.asked}",
        simulations,
        ms,
        lambda o: "decline" if o is None else str(names[o]),
    )


def _sampled(
    options: list, simulate, seed: str, simulations: int, ms: float | None, name
) -> tuple[list[Estimate], bool]:
    """Every option's `Estimate` over `simulations` samples (`simulate(option, sample)` gives a
    simulation's (value, win share)), one sample at a time with every option on it, until `ms`
    runs out; and whether it did."""
    rng = random.Random(seed)
    deadline = None if ms is None else time.perf_counter() + ms / 1000
    results = {o: [] for o in options}
    stopped = False
    for k in range(simulations):
        if k and deadline is not None and time.perf_counter() > deadline:
            stopped = True
            break
        sample = rng.getrandbits(64)
        for o in options:
            results[o].append(simulate(o, sample))
    out = [
        Estimate(o, name(o), sum(v for v, _ in got) / len(got), sum(w for _, w in got), len(got))
        for o, got in results.items()
    ]
    return out, stopped


def _card_name(card) -> str:
    return card.spec.name if card.face_up else f"face-down {card.spec.name}"


def _where(player, card) -> str:
    """' (slot 2)', in a stack ' (slot 2, card 2 of 3 in its stack)' (1: the bottom), in an
    extra row ' (extra row 1, middle)'."""
    at = player.grid.locate(card)
    if at is None:
        return ""
    row, col, height = at
    size = len(player.grid.at(row, col) or ())
    space = f"slot {row * 3 + col + 1}" if row >= 0 else space_name((row, col))
    return f" ({space}" + (f", card {height + 1} of {size} in its stack" if size > 1 else "") + ")"


def option_words(choice: Choice, option: int | None) -> str:
    """What an option of an advised decision does, in words: 'hire Goldfish for 4', 'dismiss
    Starfish for 5 (slot 2, card 2 of 3 in its stack)', 'skip'; the Skunk's 'dismiss Bee
    (slot 2)'; 'decline' (None). Slots are numbered as the rulebook's grid: 1-3 the upper row."""
    if option is None:
        return "decline"
    o = choice.options[option]
    player = choice.table.players[choice.player]
    verb = getattr(o, "verb", None)
    if verb == "skip":
        return "skip"
    if verb == "hire":
        return f"hire {_card_name(o.card)} for {o.cost}"
    if verb == "dismiss":
        return f"dismiss {_card_name(o.card)} for {o.cost}{_where(player, o.card)}"
    if hasattr(o, "spec"):  # a card (the Skunk's dismissal)
        return f"dismiss {_card_name(o)}{_where(player, o)}"
    return str(o)


def decision_words(choice: Choice) -> str:
    """The decision advised, in words: "Ann's Market action (29 fame to spend, 2 actions
    left)" or "Ben's dismissal for the Skunk (a face-up card of the grid, for 0; no action
    used)" (s1.faq.skunk)."""
    p = choice.table.players[choice.player]
    if choice.kind == "market_action":
        left = p.actions_left
        return (
            f"{p.name}'s Market action ({p.fame_left} fame to spend, "
            f"{left} action{'' if left == 1 else 's'} left)"
        )
    return f"{p.name}'s dismissal for the Skunk (a face-up card of the grid, for 0; no action used)"
