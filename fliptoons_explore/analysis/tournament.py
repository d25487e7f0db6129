"""Tournaments: policies against each other at one table, and their win shares with intervals.

    >>> from fliptoons_explore.analysis.tournament import tournament, standings
    >>> df = tournament(["montecarlo", "greedy", "greedy", "greedy"], "s2", players=4, games=200)  # doctest: +SKIP
    >>> standings(df)             # each policy's share of the wins, with a 95% Wilson interval

Game k is seeded `seed + k` and seats the policies turned k places: seat i plays
`policies[(i + k) % len(policies)]` (with fewer names than players, they repeat round the table).
Over the games every policy sits in every seat (the first player is the seed's), so the seat does
not favour one. A solo tournament (`players=1`, a `solo` difficulty) plays every policy on the
same seeds. Any game plays one (`game`: its name, the contract that `fliptoons_explore.games`
names): a Flipology tournament (`game="flipology"`, a `variant`) seats its policies the same
way.
"""  # noqa: E501

from __future__ import annotations

import math

from ..limits import quote
from ..parallel import run_tasks
from .experiments.runner import Setup, game_contract, game_job
from .experiments.stats import frame, pandas, wilson

__all__ = ["tournament", "standings", "seating"]


def seating(policies: list[str], players: int, k: int) -> list[str]:
    """The policy of each seat in game k: the names turned k places round the table."""
    return [policies[(i + k) % len(policies)] for i in range(players)]


def tournament(
    policies,
    season: str = "s2",
    players: int = 4,
    games: int = 100,
    seed: int = 0,
    solo: str | None = None,
    rulings: dict | None = None,
    jobs: int | None = 1,
    executor=None,
    progress: bool | None = None,
    game: str = "fliptoons",
    variant: str = "nature",
    **fields,
):
    """Play `games` seeded games of `policies` (names, as `Setup` takes them; a list or text
    separated by commas): one row per seat and game (`seat`, its `seat_policy`, `won`, `share`
    of the win: 1/k for k tied winners). Solo (`players=1`, `solo` a difficulty): every policy
    plays every seed, one row per policy and game. `season` and `solo` set up a FlipToons game,
    `variant` a Flipology one (`game="flipology"`: 'nature', 'great-tree' or 'multi'); `fields`,
    any other field of the game's setup (its `row_fields`: Flipology's `moon`). ValueError (one
    line) for a bad argument."""
    names = policies.split(",") if isinstance(policies, str) else list(policies)
    if not names or not all(isinstance(n, str) and n for n in names):
        raise ValueError(
            f"policies: expected policy names separated by commas, got {quote(policies)}"
        )
    rules = game_contract(game)
    for name in names:
        try:
            rules.policy_name(name)
        except ValueError as e:
            raise ValueError(f"policies: {e}") from None
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise ValueError(f"games: expected a whole number of at least 1, got {quote(games)}")
    named = {"season": season, "solo": solo, "variant": variant}  # each game takes its own
    setup = {k: v for k, v in named.items() if k in rules.row_fields}
    setup.update(fields, players=players)
    if players == 1:
        setups = [Setup.of(game, rulings, n, **setup) for n in dict.fromkeys(names)]
        tasks = [(s, seed + k, "player", {"game": k}) for s in setups for k in range(games)]
    else:
        tasks = [
            (
                Setup.of(game, rulings, ",".join(seating(names, players, k)), **setup),
                seed + k,
                "player",
                {"game": k},
            )
            for k in range(games)
        ]
    rows = run_tasks(game_job, tasks, jobs, executor, progress, "game")
    df = frame(dict(r, seat_policy=r["policy"].split(",")[r["seat"]]) for rs in rows for r in rs)
    df.attrs.update(
        policies=names,
        season=setup.get("season"),
        players=players,
        solo=solo,
        games=games,
        seed=seed,
        game=game,
        variant=setup.get("variant"),
    )
    return df


def standings(df):
    """Each policy's seats, wins (ties shared) and share of its seats' games won, with a 95%
    Wilson interval, beside a fair share (1 / players; solo: its win rate alone)."""
    pd = pandas()
    players = int(df["players"].iloc[0])
    out = []
    for name, group in df.groupby("seat_policy", sort=False):
        n = len(group)
        wins = float(group["share"].sum())
        low, high = wilson(wins, n)
        out.append(
            {
                "policy": name,
                "seats": n,
                "wins": wins,
                "share": wins / n,
                "low": low,
                "high": high,
                "fair": 1 / players if players > 1 else math.nan,
            }
        )
    return (
        pd.DataFrame(out)
        .sort_values("share", ascending=False, kind="stable")
        .reset_index(drop=True)
    )
