"""How much does the seat matter in FlipToons, by player count? Each seat counted clockwise from
the first player of round 1 (`start`: 0 is the first player card's holder; S2 Setup, passed on
at Cleanup), its share of the games won (a tie's winners share the win) with its 95% Wilson
interval, beside a fair share (1 / players).

A difference of a few points needs thousands of games: at n = 1000 games per player count an
interval is about ±3 points wide."""

from __future__ import annotations

from .runner import Experiment, Setup, game_job, game_tasks
from .stats import pandas, wilson


def tasks(n, seed, season, players, policy, rulings):
    setups = [
        Setup.of("fliptoons", season=season, players=p, policy=policy, rulings=rulings)
        for p in players
    ]
    return game_tasks(setups, n, seed, "player")


def summarise(df):
    """One row per player count and seat (`start`): games, the wins it took (a tie's winners
    share the win), its share of the games, the 95% Wilson interval (`low`, `high`), a fair
    share, and whether the interval leaves the fair share out (`unfair`)."""
    pd = pandas()
    rows = []
    for (players, start), group in df.groupby(["players", "start"], sort=True):
        wins = group["share"].sum()  # a tie's winners share the win
        low, high = wilson(wins, len(group))
        fair = 1 / players
        rows.append(
            {
                "players": players,
                "start": start,
                "games": len(group),
                "wins": wins,
                "win_share": wins / len(group),
                "low": low,
                "high": high,
                "fair": fair,
                "unfair": not low <= fair <= high,
            }
        )
    return pd.DataFrame(rows)


def draw(df, fig):
    s = summarise(df)
    ax = fig.add_subplot()
    counts = list(s["players"].unique())
    for players, group in s.groupby("players"):
        shift = 0.06 * (counts.index(players) - (len(counts) - 1) / 2)  # side by side
        line = ax.errorbar(
            group["start"] + shift,
            group["win_share"],
            yerr=[group["win_share"] - group["low"], group["high"] - group["win_share"]],
            marker="o",
            linestyle="none",
            capsize=2,
            label=f"{players} players ({group['games'].iloc[0]} games)",
        )
        ax.hlines(
            1 / players,
            -0.2,
            players - 0.8,
            colors=line[0].get_color(),
            linestyles="dotted",
            linewidth=0.8,
        )
    ax.set_xticks(range(int(s["start"].max()) + 1))
    ax.set(
        xlabel="seat (start): 0 = the first player of round 1, then clockwise",
        ylabel="share of the games won (ties shared)",
        title="Seat advantage: each seat's share of its player count's games\n"
        "(95% Wilson intervals; dotted: a fair share)",
    )
    ax.legend(fontsize="small")


EXPERIMENT = Experiment(
    "seat-advantage",
    "How much does the seat matter, by player count?",
    1000,
    {"season": "combined", "players": (2, 3, 4, 6, 8), "policy": "default", "rulings": {}},
    tasks,
    game_job,
    summarise,
    draw,
    reading="win_share: the seat's share of the `games` of its player count won (a tie's "
    "winners share the win), 95% Wilson interval low-high; start 0 is the first player of "
    "round 1; unfair: the interval leaves the fair share (1/players) out",
)
