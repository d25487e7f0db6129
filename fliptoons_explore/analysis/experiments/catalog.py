"""The built-in experiments by name, and running one: its tasks spread over the workers, the
rows as a DataFrame whose `attrs` name the experiment and its arguments, its summary and its
plot. Each question is a module of its own (`solo_win_rate`, `deck_fame`, ...) whose
`EXPERIMENT` says how it makes its tasks, plays them, summarises and draws the rows."""

from __future__ import annotations

import json

from ..._optional import require
from ...limits import quote
from ...parallel import run_tasks
from .ability_frequency import EXPERIMENT as ABILITY_FREQUENCY
from .card_value import EXPERIMENT as CARD_VALUE
from .deck_fame import EXPERIMENT as DECK_FAME
from .flipology_scores import EXPERIMENT as FLIPOLOGY_SCORES
from .rounds_to_30 import EXPERIMENT as ROUNDS_TO_30
from .ruling_games import EXPERIMENT as RULING_GAMES
from .ruling_impact import EXPERIMENT as RULING_IMPACT
from .runner import Experiment, check_count, check_seed
from .seat_advantage import EXPERIMENT as SEAT_ADVANTAGE
from .solo_win_rate import EXPERIMENT as SOLO_WIN_RATE
from .stats import frame

__all__ = ["EXPERIMENTS", "names", "experiment", "run", "summary", "plot", "params_text"]

#: The built-in experiments by name, in the order `experiment --list` shows them.
EXPERIMENTS: dict[str, Experiment] = {
    e.name: e
    for e in (
        SOLO_WIN_RATE,
        DECK_FAME,
        CARD_VALUE,
        SEAT_ADVANTAGE,
        ROUNDS_TO_30,
        ABILITY_FREQUENCY,
        RULING_IMPACT,
        RULING_GAMES,
        FLIPOLOGY_SCORES,
    )
}


def names() -> list[str]:
    """The built-in experiments' names."""
    return list(EXPERIMENTS)


def experiment(name: str) -> Experiment:
    """A built-in experiment by name (ValueError naming the known ones)."""
    if name not in EXPERIMENTS:
        raise ValueError(
            f"experiment: unknown name {quote(name)} (known: {', '.join(EXPERIMENTS)})"
        )
    return EXPERIMENTS[name]


def run(
    name: str,
    games: int | None = None,
    seed: int = 0,
    jobs: int | None = None,
    executor=None,
    progress: bool | None = None,
    chunk: int | None = None,
    **params,
):
    """Run a built-in experiment: `games` per cell (default: the experiment's), game k of each
    cell from seed `seed + k`, on `jobs` worker processes (None: every core; 1: here) or an
    `executor`, `chunk` tasks at a time (default: `parallel.chunk_size`). `params` override the
    experiment's parameters (`EXPERIMENTS[name].params`).
    The DataFrame's `attrs` name the experiment and its arguments (`summary` and `plot` read
    them)."""
    e = experiment(name)
    n = e.games if games is None else games
    check_count(n, "games")
    check_seed(seed)
    for key in params:
        if key not in e.params:
            raise ValueError(
                f"{key}: not a parameter of {name} (its parameters: {', '.join(e.params)})"
            )
    values = {**e.params, **params}
    tasks = e.tasks(n, seed, **values)
    df = frame(
        r
        for rows in run_tasks(e.job, tasks, jobs, executor, progress, e.unit, name, chunk)
        for r in rows
    )
    df.attrs.update(experiment=name, games=n, seed=seed, params=_plain(values))
    return df


def _named(df, name):
    name = name or df.attrs.get("experiment")
    if name is None:
        raise ValueError(
            "name: this DataFrame does not say which experiment made it; give name=..."
        )
    return experiment(name)


def summary(df, name: str | None = None):
    """The table an experiment's plot draws (win rates with intervals, fame shares...)."""
    return _named(df, name).summarise(df)


def plot(df, name: str | None = None):
    """An experiment's chart of its summary, as a matplotlib Figure (`.savefig(path)`; a
    notebook shows it)."""
    e = _named(df, name)
    figure = require("matplotlib.figure", "notebooks", "plotting an experiment")
    fig = figure.Figure(figsize=(8, 4.5), layout="constrained")
    e.draw(df, fig)
    return fig


def _plain(values: dict) -> dict:
    return {k: list(v) if isinstance(v, tuple) else v for k, v in values.items()}


def params_text(name: str) -> str:
    """An experiment's parameters and defaults in one line (for `experiment --list`)."""
    e = experiment(name)
    return ", ".join(
        f"{k}={json.dumps(v if not isinstance(v, tuple) else list(v))}" for k, v in e.params.items()
    )
