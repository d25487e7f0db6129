"""Flipology: the scores by variant (Nature, the Great Tree), and is keeping the Moon worth it?
A Moon face up in any row at the end makes the fewest points win (Environment cards); the games
of each cell are played with the Moon and without it (the rulebook advises learners to leave
it out: Gameplay Overview and Objective), and the seats whose row holds the Moon at the end
win a share of their games that is set beside a fair share."""

from __future__ import annotations

import math

from .runner import Experiment, Setup, game_job
from .stats import pandas, wilson

GAME = "flipology"


def tasks(n, seed, variants, players, moon, policy, rulings):
    return [
        (
            Setup.of(GAME, variant=v, players=players, moon=m, policy=policy, rulings=rulings),
            seed + k,
            "player",
            {},
        )
        for v in variants
        for m in moon
        for k in range(n)
    ]


def summarise(df):
    pd = pandas()
    rows = []
    for (variant, moon), group in df.groupby(["variant", "moon"], sort=False):
        games_played = group["seed"].nunique()
        holders = group[group["moon_in_row"]]
        k, n = holders["won"].sum(), len(holders)
        low, high = wilson(k, n)
        decided = int(group.groupby("seed")["moon_up"].first().sum())
        decides_low, decides_high = wilson(decided, games_played)
        rows.append(
            {
                "variant": variant,
                "moon": moon,
                "games": games_played,
                "mean_score": group["score"].mean(),
                "sd": group["score"].std(),
                "median": group["score"].median(),
                "moon_decides": decided / games_played,
                "decides_low": decides_low,
                "decides_high": decides_high,
                "moon_holders": n,
                "holder_wins": k / n if n else math.nan,
                "low": low,
                "high": high,
                "fair": 1 / group["players"].iloc[0],
            }
        )
    return pd.DataFrame(rows)


def draw(df, fig):
    s = summarise(df)
    left, right = fig.subplots(1, 2)
    groups = [
        (f"{v}\n{'Moon' if m else 'no Moon'}", g["score"])
        for (v, m), g in df.groupby(["variant", "moon"], sort=False)
    ]
    left.boxplot([g for _, g in groups], tick_labels=[label for label, _ in groups])
    left.set(
        xlabel="variant, with or without the Moon",
        ylabel="score at the end of the game",
        title=f"Scores by variant ({df['seed'].nunique()} games a cell, every seat)",
    )
    held = s[s["moon"]]
    right.bar(
        held["variant"],
        held["holder_wins"],
        yerr=[held["holder_wins"] - held["low"], held["high"] - held["holder_wins"]],
        capsize=3,
        color="#8172b2",
        label="the player whose row holds the Moon",
    )
    right.scatter(
        held["variant"],
        held["fair"],
        color="#333333",
        marker="_",
        s=400,
        label="a fair share",
        zorder=3,
    )
    for x, (n, wins) in enumerate(zip(held["moon_holders"], held["holder_wins"])):
        right.annotate(
            f"{n} held" if n else "never kept",
            (x, 0 if n == 0 else wins),
            ha="center",
            va="bottom",
            xytext=(0, 4),
            textcoords="offset points",
            fontsize="small",
        )
    right.set(
        xlabel="variant (games with the Moon; n: the seats that held it)",
        ylabel="share of the holders' games won (95% Wilson)",
        title="Keeping the Moon",
    )
    right.legend(fontsize="small")
    fig.set_size_inches(10, 4.5)


EXPERIMENT = Experiment(
    "flipology-scores",
    "Flipology: scores by variant, and is keeping the Moon worth it?",
    1000,
    {
        "variants": ("nature", "great-tree"),
        "players": 4,
        "moon": (True, False),
        "policy": "default",
        "rulings": {},
    },
    tasks,
    game_job,
    summarise,
    draw,
    reading="moon_decides: the share of `games` a face-up Moon decided (95% Wilson interval "
    "decides_low-decides_high); holder_wins: the share of the Moon holders' games they won "
    "(n = moon_holders, 95% Wilson low-high) beside a fair share",
)
