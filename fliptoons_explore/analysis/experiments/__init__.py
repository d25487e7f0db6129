"""Experiments: many seeded games or resolutions of a setup as a tidy pandas DataFrame, spread
over every core (or a dask cluster), with a summary and a plot for each built-in question.

    >>> from fliptoons_explore.analysis import experiments as ex
    >>> df = ex.run("solo-win-rate", games=200, seed=1)      # one row per game    # doctest: +SKIP
    >>> ex.summary(df)                  # the win rate of each cell with its 95% interval
    >>> ex.plot(df)                     # the same as a chart (a matplotlib Figure)
    >>> ex.replay(df.iloc[0])           # that row's game again, traced
    >>> ex.scenario(df.iloc[0])         # its first round as a scenario: explorer(ex.scenario(row))

Game k of every cell of an experiment is seeded `seed + k` (the same seeds in every cell, so
cells compare on the same deals: paired seeds), and every row carries what replays it: the game,
its setup (season or variant, players, solo difficulty, a policy per seat, ruling options) and
its seed, or for a resolution the deck in the order it was flipped. A row depends on nothing
else, so the DataFrame is the same for any number of jobs and any executor
(`fliptoons_explore.parallel`).

For a setup of your own, `games(setups, n, seed)` plays each setup `n` times, one row per game or
per player and game (`per="player"`); `resolutions(season, decks, seed)` resolves FlipToons
decks.

The package: `runner` plays any game's setups through its contract (`fliptoons_explore.games`);
`stats` holds the statistics (`wilson`, `mean_interval`, `rate_table`); `decks` resolves
FlipToons decks; `rows` replays a row of either kind; `catalog` names the built-in questions,
each a module of its own (`solo_win_rate`, `deck_fame`, `card_value`, `seat_advantage`,
`rounds_to_30`, `ability_frequency`, `ruling_impact`, `ruling_games`, `flipology_scores`). The
command line's `experiment` command is `fliptoons_explore.cli.experiment`.

Every rate a summary gives comes with its 95% interval (`low`, `high`) and its n (`games`,
`pairs`, `tables`); an experiment's `reading` says what each rate is a share of. Unless told
otherwise the players are the simple bot (policy 'default': `fliptoons_explore.policy`), whose
choices are not a person's: what it finds holds for the bot. docs/experiments.md says what
each experiment measures and how to read its summary.
"""

from __future__ import annotations

from .ability_frequency import chains
from .catalog import EXPERIMENTS, experiment, names, params_text, plot, run, summary
from .decks import resolution_scenario, resolutions
from .rows import replay, scenario
from .ruling_games import endings
from .runner import Experiment, SeatPolicies, Setup, games, setup_of
from .stats import mean_interval, wilson

__all__ = [
    "Setup",
    "Experiment",
    "EXPERIMENTS",
    "names",
    "run",
    "summary",
    "plot",
    "games",
    "resolutions",
    "replay",
    "scenario",
    "wilson",
    "mean_interval",
    "chains",
    "endings",
    "experiment",
    "setup_of",
    "resolution_scenario",
    "SeatPolicies",
    "params_text",
]
