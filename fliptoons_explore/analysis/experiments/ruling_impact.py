"""How much does each FlipToons ruling option change a Flip? Paired: the same table resolved
(Flip + Check Fame, S2 How to Play) under the default rulings and under each other value of
each option (`fliptoons.rulings.OPTIONS`), so that any difference is the ruling's.

The tables are those of real games: the seed's game, played by the setup's policies (the simple
bot, 'default', unless told) under the default rulings, at the start of each round of `rounds`
it reaches (decks as shuffled, dismissed piles, market, toon deck; `GameContract.scenario_at`),
each resolved as a plain round's Flip. A row per table, option and value: every player's fame
under the default and under the value, whether any differs, and the mean difference per player.

Whole games cannot be paired so: a ruling changes the game's path, after which two games of one
seed are unrelated deals, and "the winner changed" then measures the game's chaos (two unrelated
4-player games name different winners 1 - 4 x (1/4)^2 = 75% of the time), not the rule. An
option that acts only in the Market or at the end of the game (`x_side_price_cards`,
`after_market_timing`, `firefly_counts_for_trigger`...) changes no Flip's fame here; the
`ruling-games` experiment compares whole games under each setting by seat and policy."""

from __future__ import annotations

import json

from ...games import contract
from ...limits import quote
from .runner import Experiment, Setup
from .stats import mean_interval, pandas, wilson

GAME = "fliptoons"

#: What only a Final Flip reads (a plain round's Flip leaves them out).
FINAL_FLIP = ("critics_choice", "end_triggered")


def check_options(options) -> list[str]:
    """Ruling option names (all when empty); ValueError naming an unknown one."""
    known = contract(GAME).options
    names = list(options) if options else list(known)
    for name in names:
        if name not in known:
            raise ValueError(
                f"options: unknown ruling option {quote(name)} (known: {', '.join(known)})"
            )
    return names


def settings_of(names) -> list[tuple[str, object]]:
    """Each option of `names` with each of its values other than the default."""
    out = []
    for name in names:
        option = contract(GAME).options[name]
        for value in option.choices:
            if value == option.default and type(value) is type(option.default):
                continue
            out.append((name, value))
    return out


def tasks(n, seed, season, players, policy, options, rounds):
    names = check_options(options)
    for r in rounds:
        if isinstance(r, bool) or not isinstance(r, int) or r < 1:
            raise ValueError(f"rounds: expected round numbers of at least 1, got {quote(r)}")
    Setup.of(GAME, season=season, players=players, policy=policy)
    return [(season, players, policy, tuple(names), seed + k, tuple(rounds)) for k in range(n)]


def round_tables(setup: Setup, seed: int, rounds) -> list[tuple[int, dict]]:
    """(round, scenario) of the seed's game at the start of each round of `rounds` it reaches,
    as a plain round's Flip (`FINAL_FLIP` left out)."""
    rules = contract(GAME)
    out = []
    for r in rounds:
        try:
            scenario = rules.scenario_at(setup.settings(), seed, setup.seat_policy(seed), r)
        except ValueError:  # the game ended before round r
            continue
        out.append((r, {k: v for k, v in scenario.items() if k not in FINAL_FLIP}))
    return out


def flip_fame(scenario: dict, rulings: dict, policy) -> list[int]:
    """Every player's fame of the scenario's Flip + Check Fame under `rulings`."""
    table = contract(GAME).resolve({**scenario, "rulings": rulings}, policy, traced=False).table
    return [p.fame_total for p in table.players]


def ruling_job(task) -> list[dict]:
    """One seed's tables, each resolved under the default rulings and under each other value of
    each option (the same decks, the same policy from the same seed): a row per table, option
    and value."""
    season, players, policy, names, seed, rounds = task
    setup = Setup.of(GAME, season=season, players=players, policy=policy)
    rows = []
    for r, scenario in round_tables(setup, seed, rounds):
        plain = flip_fame(scenario, {}, setup.seat_policy(seed))
        for name, value in settings_of(names):
            fame = flip_fame(scenario, {name: value}, setup.seat_policy(seed))
            rows.append(
                {
                    **setup.columns(),
                    "seed": seed,
                    "round": r,
                    "option": name,
                    "value": json.dumps(value),
                    "fame_default": " ".join(map(str, plain)),
                    "fame": " ".join(map(str, fame)),
                    "differs": fame != plain,
                    "difference": sum(fame) / len(fame) - sum(plain) / len(plain),
                }
            )
    return rows


def summarise(df):
    """One row per option and value: `tables` (n), how many of them it changed some player's
    fame in (`differs`), their share (95% Wilson interval `low`-`high`), and the mean paired
    difference in a player's fame (the value's minus the default's) with its 95% interval
    (`diff_low`, `diff_high`). Most often different first."""
    pd = pandas()
    rows = []
    for (option, value), group in df.groupby(["option", "value"], sort=False):
        k, n = int(group["differs"].sum()), len(group)
        low, high = wilson(k, n)
        mean, diff_low, diff_high = mean_interval(group["difference"])
        rows.append(
            {
                "option": option,
                "value": value,
                "tables": n,
                "differs": k,
                "rate": k / n,
                "low": low,
                "high": high,
                "difference": mean,
                "diff_low": diff_low,
                "diff_high": diff_high,
            }
        )
    out = pd.DataFrame(rows)
    return out.sort_values("rate", ascending=False, kind="stable").reset_index(drop=True)


def draw(df, fig):
    s = summarise(df).iloc[::-1]
    labels = s["option"] + " = " + s["value"]
    left, right = fig.subplots(1, 2, sharey=True)
    left.barh(
        labels,
        s["rate"],
        xerr=[s["rate"] - s["low"], s["high"] - s["rate"]],
        capsize=2,
        color="#c44e52",
    )
    left.set(
        xlabel=f"share of the {int(s['tables'].max())} tables whose Flip fame differs",
        xlim=(0, 1),
        title="How often the ruling changes a Flip",
    )
    right.errorbar(
        s["difference"],
        labels,
        xerr=[s["difference"] - s["diff_low"], s["diff_high"] - s["difference"]],
        fmt="o",
        capsize=2,
        color="#4c72b0",
    )
    right.axvline(0, color="#444444", linewidth=0.8)
    right.set(xlabel="mean change in a player's fame (paired)", title="By how much, on average")
    fig.suptitle("The same tables resolved under each ruling (95% intervals)")
    fig.set_size_inches(10, max(4, 0.3 * len(s) + 1.5))


EXPERIMENT = Experiment(
    "ruling-impact",
    "How much does each ruling option change a Flip (the same tables, paired)?",
    100,
    {
        "season": "combined",
        "players": 4,
        "policy": "default",
        "options": (),
        "rounds": (2, 4, 6, 8),
    },
    tasks,
    ruling_job,
    summarise,
    draw,
    unit="seed",
    reading="rate: the share of the `tables` (real games' tables at the start of a round, each "
    "resolved under the default and under the value) in which some player's Flip + Check Fame "
    "differs (95% Wilson low-high); difference: the mean paired change in a player's fame "
    "(95% interval); options of the Market or the game's end show none here (see ruling-games)",
)
