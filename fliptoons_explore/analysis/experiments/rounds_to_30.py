"""In which round does a FlipToons player reach 30 fame, the fame that triggers the end of the
game (S2 Check Fame: "Any player reaching 30 or more fame sets off the game end")? By player
count: the share of all games the trigger ended (with its 95% Wilson interval), and in those
games the round it came in. A game can end another way (the toon deck and the market run out),
so the rounds describe the games that reached 30, not every game."""

from __future__ import annotations

from ...fliptoons.resolver import TRIGGER_FAME
from .runner import Experiment, Setup, game_job, game_tasks
from .stats import mean_interval, pandas, wilson


def tasks(n, seed, season, players, policy, rulings):
    setups = [
        Setup.of("fliptoons", season=season, players=p, policy=policy, rulings=rulings)
        for p in players
    ]
    return game_tasks(setups, n, seed, "game")


def summarise(df):
    """One row per player count: `games`, how many the trigger ended (`triggered`), their share
    of the games (`share`, 95% Wilson interval `low`-`high`), and of those games the mean round
    of the trigger with its 95% interval (`mean_low`, `mean_high`), median, 10th and 90th
    percentiles, shortest and longest."""
    pd = pandas()
    rows = []
    for players, group in df.groupby("players", sort=True):
        hit = group[group["triggered"]]["rounds"]
        low, high = wilson(len(hit), len(group))
        mean, mean_low, mean_high = mean_interval(hit)
        rows.append(
            {
                "players": players,
                "games": len(group),
                "triggered": len(hit),
                "share": len(hit) / len(group),
                "low": low,
                "high": high,
                "mean_round": mean,
                "mean_low": mean_low,
                "mean_high": mean_high,
                "median": hit.median(),
                "q10": hit.quantile(0.1),
                "q90": hit.quantile(0.9),
                "shortest": hit.min(),
                "longest": hit.max(),
            }
        )
    return pd.DataFrame(rows)


def by_round(df):
    """The share of all games of each player count (rows: the round) that the trigger ended in
    that round; a column sums to the player count's `share` of `summarise`, not to 1."""
    games = df.groupby("players").size()
    hit = df[df["triggered"]]
    counts = hit.groupby(["rounds", "players"]).size().unstack("players")
    counts = counts.reindex(columns=games.index).fillna(0)
    if len(counts):
        counts = counts.reindex(range(int(counts.index.min()), int(counts.index.max()) + 1))
    return counts.fillna(0) / games


def draw(df, fig):
    s = summarise(df).set_index("players")
    share = by_round(df)
    ax = fig.add_subplot()
    for players in share.columns:
        row = s.loc[players]
        ax.plot(
            share.index,
            share[players],
            marker="o",
            label=f"{players} players: {int(row['triggered'])} of {int(row['games'])} games "
            f"({row['share']:.0%}) reached {TRIGGER_FAME}",
        )
    ax.set_xticks(list(share.index))
    ax.set(
        xlabel=f"round in which a player reached {TRIGGER_FAME} fame",
        ylabel="share of ALL games of the player count",
        title=f"Rounds until the {TRIGGER_FAME}-fame trigger (games that ended another way "
        "are not drawn:\neach line sums to its share of games that reached "
        f"{TRIGGER_FAME})",
    )
    ax.legend(fontsize="small")


EXPERIMENT = Experiment(
    "rounds-to-30",
    f"In which round does a player reach {TRIGGER_FAME} fame?",
    500,
    {"season": "s2", "players": (2, 3, 4), "policy": "default", "rulings": {}},
    tasks,
    game_job,
    summarise,
    draw,
    reading=f"share: the share of all `games` the {TRIGGER_FAME}-fame trigger ended (95% Wilson "
    f"interval low-high); mean_round (mean_low-mean_high), median, q10, q90, shortest, longest: "
    f"the round of the trigger in those `triggered` games only",
)
