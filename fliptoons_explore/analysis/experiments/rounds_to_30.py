"""In which round does a FlipToons player reach 30 fame, the fame that triggers the end of the
game (S2 Check Fame: "Any player reaching 30 or more fame sets off the game end")? The games
whose end the fame triggered, by player count."""

from __future__ import annotations

from ...fliptoons.resolver import TRIGGER_FAME
from .runner import Experiment, Setup, game_job
from .stats import pandas


def tasks(n, seed, season, players, policy, rulings):
    return [
        (
            Setup.of("fliptoons", season=season, players=p, policy=policy, rulings=rulings),
            seed + k,
            "game",
            {},
        )
        for p in players
        for k in range(n)
    ]


def summarise(df):
    pd = pandas()
    rows = []
    for players, group in df.groupby("players", sort=True):
        hit = group[group["triggered"]]["rounds"]
        rows.append(
            {
                "players": players,
                "games": len(group),
                "triggered": len(hit),
                "mean": hit.mean(),
                "median": hit.median(),
                "q10": hit.quantile(0.1),
                "q90": hit.quantile(0.9),
                "shortest": hit.min(),
                "longest": hit.max(),
            }
        )
    return pd.DataFrame(rows)


def draw(df, fig):
    hit = df[df["triggered"]]
    share = (
        hit.groupby("players")["rounds"]
        .value_counts(normalize=True)
        .unstack(0)
        .sort_index()
        .fillna(0)
    )
    ax = fig.add_subplot()
    share.plot(ax=ax, marker="o")
    ax.set(
        xlabel=f"round in which a player reached {TRIGGER_FAME} fame",
        ylabel="share of games",
        title=f"Rounds until the {TRIGGER_FAME}-fame trigger",
    )
    ax.legend([f"{p} players" for p in share.columns], fontsize="small")


EXPERIMENT = Experiment(
    "rounds-to-30",
    f"In which round does a player reach {TRIGGER_FAME} fame?",
    500,
    {"season": "s2", "players": (2, 3, 4), "policy": "default", "rulings": {}},
    tasks,
    game_job,
    summarise,
    draw,
)
