"""How does a FlipToons ruling option change whole games? The same seeds played under the default
rulings and under each other value of each option, a row per seat and game; each setting's
win rates by seat and policy with their 95% Wilson intervals, and (`endings`) its games'
length and how they end.

A ruling changes a game's path, so the two games of one seed are unrelated deals: they are
compared as two samples, rate against rate, never as a pair ("the winner changed" would
measure chaos: two unrelated 4-player games name different winners 75% of the time). For a
ruling's effect on the same table, paired, see `ruling-impact`."""

from __future__ import annotations

import json

from .ruling_impact import GAME, check_options, settings_of
from .runner import Experiment, Setup, game_job
from .stats import mean_interval, pandas, wilson

#: The `option` and `value` of the games under the default rulings.
DEFAULT = ("(default)", "")


def tasks(n, seed, season, players, policy, options):
    names = check_options(options)
    plain = Setup.of(GAME, season=season, players=players, policy=policy)
    cells = [(plain, *DEFAULT)] + [
        (
            Setup.of(GAME, season=season, players=players, policy=policy, rulings={name: value}),
            name,
            json.dumps(value),
        )
        for name, value in settings_of(names)
    ]
    return [
        (setup, seed + k, "player", {"option": option, "value": value})
        for setup, option, value in cells
        for k in range(n)
    ]


def summarise(df):
    """One row per setting (`option`, `value`; the default rulings first) and seat: the seat's
    policy, `games`, its wins (a tie's winners share the win), their share (95% Wilson interval
    `low`-`high`)."""
    pd = pandas()
    rows = []
    for (option, value, seat), group in df.groupby(["option", "value", "seat"], sort=False):
        names = group["policy"].iloc[0].split(",")
        wins, n = group["share"].sum(), len(group)
        low, high = wilson(wins, n)
        rows.append(
            {
                "option": option,
                "value": value,
                "seat": seat,
                "policy": names[seat] if len(names) > 1 else names[0],
                "games": n,
                "wins": wins,
                "rate": wins / n,
                "low": low,
                "high": high,
            }
        )
    return pd.DataFrame(rows)


def endings(df):
    """Of a `ruling-games` run, one row per setting: `games`, the mean number of rounds with its
    95% interval (`rounds_low`, `rounds_high`), and the share of games the 30-fame trigger
    ended (`triggered`, 95% Wilson interval `low`-`high`; the others ran out of toon cards)."""
    pd = pandas()
    games = df.drop_duplicates(["option", "value", "seed"])
    rows = []
    for (option, value), group in games.groupby(["option", "value"], sort=False):
        mean, rounds_low, rounds_high = mean_interval(group["rounds"])
        k, n = int(group["triggered"].sum()), len(group)
        low, high = wilson(k, n)
        rows.append(
            {
                "option": option,
                "value": value,
                "games": n,
                "rounds": mean,
                "rounds_low": rounds_low,
                "rounds_high": rounds_high,
                "triggered": k / n,
                "low": low,
                "high": high,
            }
        )
    return pd.DataFrame(rows)


def draw(df, fig):
    s = summarise(df)
    s["setting"] = (s["option"] + " = " + s["value"]).where(
        s["option"] != DEFAULT[0], "the default rulings"
    )
    settings = list(s["setting"].unique())
    ax = fig.add_subplot()
    for k, (setting, group) in enumerate(s.groupby("setting", sort=False)):
        shift = 0.1 * (k - (len(settings) - 1) / 2)
        ax.errorbar(
            group["seat"] + shift,
            group["rate"],
            yerr=[group["rate"] - group["low"], group["high"] - group["rate"]],
            fmt="o",
            capsize=2,
            label=f"{setting} ({group['games'].iloc[0]} games)",
        )
    seats = sorted(s["seat"].unique())
    policies = s.drop_duplicates("seat").set_index("seat")["policy"]
    ax.set_xticks(seats, [f"{seat}\n{policies[seat]}" for seat in seats])
    ax.set(
        xlabel="seat (and its policy)",
        ylabel="share of the setting's games won (ties shared)",
        title="Win rate by seat under each ruling setting (95% Wilson intervals)",
    )
    ax.legend(fontsize="small")


EXPERIMENT = Experiment(
    "ruling-games",
    "How does each ruling option change whole games (win rates by seat and policy)?",
    500,
    {
        "season": "combined",
        "players": 4,
        "policy": "default",
        "options": ("x_side_price_cards",),
    },
    tasks,
    game_job,
    summarise,
    draw,
    reading="rate: the seat's share of the setting's `games` won (ties shared; 95% Wilson "
    "low-high); settings are separate samples of games (a ruling changes a game's path), "
    "compared rate against rate; endings: each setting's rounds (95% interval) and share "
    "of games the 30-fame trigger ended (95% Wilson)",
    more=(("endings", endings),),
)
