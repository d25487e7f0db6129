"""How much does the seat matter in FlipToons, by player count? Each seat counted clockwise from
the first player of round 1 (the first player card: S2 Setup, passed on at Cleanup), its share
of the wins (a tie's winners share the win) beside a fair share."""

from __future__ import annotations

from .runner import Experiment, Setup, game_job
from .stats import pandas, wilson


def tasks(n, seed, season, players, policy, rulings):
    return [
        (
            Setup.of("fliptoons", season=season, players=p, policy=policy, rulings=rulings),
            seed + k,
            "player",
            {},
        )
        for p in players
        for k in range(n)
    ]


def summarise(df):
    pd = pandas()
    rows = []
    for (players, start), group in df.groupby(["players", "start"], sort=True):
        wins = group["share"].sum()  # a tie's winners share the win
        low, high = wilson(wins, len(group))
        rows.append(
            {
                "players": players,
                "start": start,
                "games": len(group),
                "win_share": wins / len(group),
                "low": low,
                "high": high,
                "fair": 1 / players,
            }
        )
    return pd.DataFrame(rows)


def draw(df, fig):
    s = summarise(df)
    ax = fig.add_subplot()
    for players, group in s.groupby("players"):
        line = ax.errorbar(
            group["start"] + 1,
            group["win_share"],
            yerr=[group["win_share"] - group["low"], group["high"] - group["win_share"]],
            marker="o",
            capsize=2,
            label=f"{players} players",
        )
        ax.hlines(
            1 / players,
            0.8,
            players + 0.2,
            colors=line[0].get_color(),
            linestyles="dotted",
            linewidth=0.8,
        )
    ax.set(
        xlabel="seat, counted clockwise from the first player of round 1",
        ylabel="share of wins",
        title="Seat advantage (dotted: a fair share)",
    )
    ax.legend(fontsize="small")


EXPERIMENT = Experiment(
    "seat-advantage",
    "How much does the seat matter, by player count?",
    300,
    {"season": "combined", "players": (2, 3, 4, 6, 8), "policy": "default", "rulings": {}},
    tasks,
    game_job,
    summarise,
    draw,
)
