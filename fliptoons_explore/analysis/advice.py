"""What would a strong player do here? Every option of a decision with its value to the player,
estimated by its game's search (the toolkit's `search.SearchPolicy`, with the game's parts), in
any game: the situation's contract (`games.GameContract`) gives what is game-specific.

    >>> from fliptoons_explore.analysis.advice import advise
    >>> advise(scenario)            # the first decision no script answers   # doctest: +SKIP
                 option  win_rate   low  high  value  simulations   best
    0     hire:gorilla      0.41  0.32  0.51   0.52          100   True
    ...

The contract finds the decision to advise (`advice_decision`: FlipToons' next Market action or
the Skunk's dismissal, `fliptoons.advice`; Flipology's first decision no script answers, to the
count of its round or the end of its game, `flipology.advice`; a game with no advice of its own,
the first decision its scenario leaves open, to the end of its game, `search.scenario_decision`),
its search policy (`search_policy`), each option in words (`option_words`) and what the numbers
mean (`advice_explained`, `advice_ties`). The search plays each option on many times, every
option on the same samples of what the deciding player has not seen (dealt again for each: the
advice reads only what that player sees), and counts the player's wins.
"""

from __future__ import annotations

from ..games import contract_of
from ..limits import quote
from ..search import EXPLAINED
from .experiments.stats import pandas as _pandas
from .experiments.stats import wilson

__all__ = ["advise", "advised_decision", "EXPLAINED"]


def advised_decision(game_or_situation, player: int | None = None) -> str:
    """The decision `advise` would advise, in words, of any game ("Ann's Market action (29
    fame to spend, 2 actions left)"); ValueError (one line) when there is none."""
    return contract_of(game_or_situation).advice_decision(game_or_situation, player).words


def advise(
    game_or_situation,
    policy=None,
    player: int | None = None,
    simulations: int = 100,
    seed: int = 0,
    ms: float | None = None,
):
    """Each option of the decision the situation's game advises (`advice_decision`: a scenario,
    a game, in FlipToons a `Choice` too) with its estimated worth to the player who decides,
    best first: its name (`option`, as a script names it) and `index` among the choice's options
    (None: declined), what it does in `words`, `win_rate`, the share of its `simulations` won
    (ties shared), with a 95% Wilson interval (`low`, `high`), and `value`, what the search
    maximises (the win rate plus what the game adds to tell options apart: in a FlipToons solo
    game a little for the fame of lost games, `MonteCarloPolicy.fame_weight`; in Flipology a
    little for the score margin, `SearchPolicy.value`); `best` marks the option the search picks.
    Every option gets `simulations` simulations on the same samples of the hidden cards.
    `policy`: the game's search policy (its rollout, its weights; default the contract's
    `search_policy(seed, advice=True)`: in FlipToons `MonteCarloPolicy(seed=seed, horizon=None)`,
    every simulation played on to the end of the game, so that a win rate is a share of games
    won, where a policy with a `horizon` counts a solo simulation cut short by the chance its
    `LeafValue` gives; in Flipology `SearchPolicy(seed=seed)`).

    The simulations go one sample at a time, every option on it, so that `ms` (a time limit in
    milliseconds, optional) stops between two samples with every option as often played: the
    rows are then those of a smaller `simulations` (the same seed, the same first samples). The
    DataFrame's `attrs` name the decision (`kind`, the `player` and their `name`, the
    `question`; `decision`: in words), the `simulations` each option got and whether the time
    limit stopped them (`stopped`), the `game`, what the numbers mean (`explained`) and what the
    game adds (FlipToons: the `fame_left`; Flipology: the `end` its simulations play to, and the
    scenario's `field` the answer goes in)."""
    if isinstance(simulations, bool) or not isinstance(simulations, int) or simulations < 1:
        raise ValueError(
            f"simulations: expected a whole number of at least 1, got {quote(simulations)}"
        )
    if ms is not None and (isinstance(ms, bool) or not isinstance(ms, (int, float)) or not ms > 0):
        raise ValueError(f"ms: expected None or a positive number of milliseconds, got {quote(ms)}")
    game = contract_of(game_or_situation)
    default = game.search_policy(seed=seed, advice=True)
    if policy is None:
        policy = default
    elif not isinstance(policy, type(default)):
        raise ValueError(
            f"policy: expected a {default.label} (the search gives the advice), got {quote(policy)}"
        )
    decision = game.advice_decision(game_or_situation, player, policy)
    choice = decision.choice
    budget = simulations * len(decision.answers)
    estimates = policy.search(choice, decision.start, budget, halving=False, ms=ms)
    df = _frame(estimates, lambda o: game.option_words(choice, o))
    df.attrs.update(
        kind=choice.kind,
        player=choice.player,
        name=choice.table.players[choice.player].name,
        question=choice.question,
        **decision.attrs,
        decision=decision.words,
        simulations=estimates[0].simulations,
        stopped=policy.stopped,
        game=game.name,
        explained=game.advice_explained,
    )
    return df


def _frame(estimates: list, words):
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
