"""How often does a solo game of FlipToons win, by season, difficulty and policy (S2 Solo
Setup: the difficulty sets how many toon cards are discarded before the first round)?"""

from __future__ import annotations

from .runner import Experiment, Setup, game_job
from .stats import rate_table


def tasks(n, seed, seasons, difficulties, policies):
    return [
        (Setup.of("fliptoons", season=s, players=1, solo=d, policy=p), seed + k, "game", {})
        for s in seasons
        for d in difficulties
        for p in policies
        for k in range(n)
    ]


def summarise(df):
    return rate_table(df, ["season", "solo", "policy"])


def draw(df, fig):
    s = summarise(df)
    s["cell"] = s["season"] + " " + s["solo"]
    rate = s.pivot(index="cell", columns="policy", values="rate").reindex(s["cell"].unique())
    low = s.pivot(index="cell", columns="policy", values="low").reindex(rate.index)
    high = s.pivot(index="cell", columns="policy", values="high").reindex(rate.index)
    errors = [[(rate - low)[c].tolist(), (high - rate)[c].tolist()] for c in rate.columns]
    ax = fig.add_subplot()
    rate.plot.bar(ax=ax, yerr=errors, capsize=2, rot=30)
    games = sorted(set(s["games"]))
    n = games[0] if len(games) == 1 else f"{games[0]} to {games[-1]}"
    ax.set(
        ylabel="share of the cell's games won",
        xlabel="season and difficulty",
        ylim=(0, 1),
        title=f"Solo win rate ({n} games a cell, 95% Wilson intervals)",
    )


EXPERIMENT = Experiment(
    "solo-win-rate",
    "How often does a solo game win, by season, difficulty and policy?",
    100,
    {
        "seasons": ("s1", "s2", "combined"),
        "difficulties": ("easy", "normal", "hard"),
        "policies": ("default", "greedy"),
    },
    tasks,
    game_job,
    summarise,
    draw,
    reading="rate: the share of the cell's `games` won (95% Wilson interval low-high)",
)
