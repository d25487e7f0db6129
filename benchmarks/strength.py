"""How strong the search policy is, and what its strength costs (not a test; prints numbers).

    python benchmarks/strength.py [--games 1000] [--seasons s1 s2] [--difficulties easy normal hard]
                                  [--policies greedy rollout montecarlo] [--budget-games 200]
                                  [--budgets 0.1 0.25 0.5 1 2 4] [--budget-season s1|s2]
                                  [--multi-games 100] [--plot FILE.png]
                                  [--flipology-games 100] [--only solo budget multi flipology]
                                  [--jobs 1] [--clock cpu|wall]

Solo: the win rate of each policy in each season and difficulty over `--games` seeded games
(game k seeded k, the same deals for every policy), with a 95% Wilson interval, and the seconds
a game takes. Budget: the search's normal solo win rate in one season (`--budget-season`)
against its budget of simulations a decision, from a tenth of the default to four times it,
with the seconds a game takes (a table, and a plot with `--plot`). Multi: the search in 4-player
Season 2 games against three greedy players, its seat turned one place a game (`tournament`), its
share of the wins. Flipology: the search (`flipology.search`) against greedy players in Nature games
of 2 and 4 players, its seat turned one place a game.

The targets (a Season 1 normal solo win rate of at least 82%, Season 2 at least 57%, at most
2 s a game on one core: the best public bot's strength at a fraction of its 8-15 s) are printed
beside the figures. By default everything runs in this process, pinned to one core, and the
seconds are its CPU time (steady on a shared machine; `--clock wall` for elapsed time);
`--jobs N` spreads the games over N worker processes instead (the seconds are then the workers'
CPU time per game).
"""

from __future__ import annotations

import argparse
import os
import time

from fliptoons_explore.analysis.experiments import wilson
from fliptoons_explore.fliptoons.game import new_game
from fliptoons_explore.fliptoons.play import make_policy
from fliptoons_explore.fliptoons.rollout import RolloutPolicy
from fliptoons_explore.fliptoons.search import DEFAULT_SIMULATIONS
from fliptoons_explore.parallel import run_tasks

TARGETS = {("s1", "normal"): 0.82, ("s2", "normal"): 0.57}
SECONDS_TARGET = 2.0
CLOCK = {"cpu": time.process_time, "wall": time.perf_counter}


def policy(name: str, seed: int):
    """A policy by name: those of the command line, `rollout` (the search's rollout on its
    own) and `montecarlo:N`."""
    if name == "rollout":
        return RolloutPolicy()
    return make_policy(name, seed)


def solo_game(task) -> tuple[bool, int, float]:
    """(won, rounds, CPU seconds) of one solo game: `(season, difficulty, policy, seed, clock)`."""
    season, level, name, seed, clock = task
    tick = CLOCK[clock]
    start = tick()
    result = new_game(season, 1, seed, level, policy(name, seed), traced=False).play()
    return result.solo == "won", result.rounds, tick() - start


def solo_cell(season, level, name, games, jobs, clock) -> dict:
    tasks = [(season, level, name, seed, clock) for seed in range(games)]
    rows = (
        run_tasks(solo_game, tasks, jobs, progress=False)
        if jobs > 1
        else [solo_game(t) for t in tasks]
    )
    won = sum(r[0] for r in rows)
    low, high = wilson(won, games)
    return {
        "season": season,
        "level": level,
        "policy": name,
        "games": games,
        "won": won,
        "rate": won / games,
        "low": low,
        "high": high,
        "rounds": sum(r[1] for r in rows) / games,
        "seconds": sum(r[2] for r in rows) / games,
    }


def show(cell: dict, label: str) -> str:
    target = (
        TARGETS.get((cell["season"], cell["level"]))
        if cell["policy"].startswith("montecarlo")
        else None
    )
    mark = ""
    if target is not None:
        met = cell["rate"] >= target and cell["seconds"] <= SECONDS_TARGET
        mark = f"   target {target:.0%} at <= {SECONDS_TARGET:g} s: {'met' if met else 'not met'}"
    return (
        f"  {label:<28} won {cell['won']:5d}/{cell['games']:<5d} {cell['rate']:6.1%} "
        f"[{cell['low']:.1%}, {cell['high']:.1%}]  {cell['rounds']:4.1f} rounds  "
        f"{cell['seconds']:6.3f} s/game{mark}"
    )


def solo_section(args) -> None:
    print(
        f"Solo win rates: {args.games} games a cell, seeds 0..{args.games - 1} (95% Wilson "
        "intervals)"
    )
    for season in args.seasons:
        for level in args.difficulties:
            for name in args.policies:
                cell = solo_cell(season, level, name, args.games, args.jobs, args.clock)
                print(show(cell, f"{season} {level:<6} {name}"), flush=True)


def budget_section(args) -> list[dict]:
    season = args.budget_season
    print(
        f"\nThe search's budget ({season} normal solo, {args.budget_games} games a budget; default "
        f"{DEFAULT_SIMULATIONS[season]} simulations a decision)"
    )
    cells = []
    for factor in args.budgets:
        n = max(1, round(DEFAULT_SIMULATIONS[season] * factor))
        cell = solo_cell(
            season, "normal", f"montecarlo:{n}", args.budget_games, args.jobs, args.clock
        )
        cell["factor"], cell["simulations"] = factor, n
        cells.append(cell)
        print(show(cell, f"x{factor:<5g} {n:5d} simulations"), flush=True)
    if args.plot and cells:
        plot_budget(cells, args.plot, season)
        print(f"  the plot: {args.plot}")
    return cells


def plot_budget(cells: list[dict], path: str, season: str = "s2") -> None:
    from matplotlib.figure import Figure

    fig = Figure(figsize=(8, 4.5))
    ax = fig.add_subplot()
    x = [c["simulations"] for c in cells]
    y = [c["rate"] for c in cells]
    ax.errorbar(
        x,
        y,
        yerr=[[c["rate"] - c["low"] for c in cells], [c["high"] - c["rate"] for c in cells]],
        marker="o",
        capsize=3,
        label=f"search: normal {season.upper()} solo games won",
    )
    ax.axhline(
        TARGETS[(season, "normal")],
        color="#c44e52",
        linestyle="--",
        label="target (the public bot)",
    )
    ax.set(
        xscale="log",
        xlabel="simulations a decision",
        ylabel="share of games won (95% Wilson interval)",
        ylim=(0, 1),
        title="The price of strength",
    )
    right = ax.twinx()
    right.plot(
        x, [c["seconds"] for c in cells], color="#55a868", marker="s", label="seconds a game"
    )
    right.set_ylabel("seconds a game (one core)")
    ax.legend(loc="upper left", fontsize="small")
    right.legend(loc="lower right", fontsize="small")
    fig.tight_layout()
    fig.savefig(path, dpi=100)


def multi_section(args) -> None:
    from fliptoons_explore.analysis.tournament import standings, tournament

    games = args.multi_games
    print(
        f"\n4 players, Season 2: the search against three greedy players, {games} games from seed "
        "0, "
        "its seat turned one place a game"
    )
    tick = CLOCK[args.clock]
    start = tick()
    df = tournament(
        ["montecarlo", "greedy", "greedy", "greedy"], "s2", 4, games, jobs=args.jobs, progress=False
    )
    took = (tick() - start) / games
    for r in standings(df).itertuples():
        print(
            f"  {r.policy:<12} {r.seats:5d} seats  {r.wins:6.1f} wins  {r.share:6.1%} "
            f"[{r.low:.1%}, {r.high:.1%}]   (a fair share: {r.fair:.0%})"
        )
    print(f"  {took:.2f} s a game (all four players)")


def flipology_section(args) -> None:
    from fliptoons_explore.analysis.tournament import standings, tournament

    games = args.flipology_games
    for players in (2, 4):
        print(
            f"\nFlipology Nature, {players} players: the search against {players - 1} greedy "
            f"player{'s' if players > 2 else ''}, {games} games from seed 0, its seat turned one "
            "place a game"
        )
        tick = CLOCK[args.clock]
        start = tick()
        df = tournament(
            ["montecarlo"] + ["greedy"] * (players - 1),
            players=players,
            games=games,
            jobs=args.jobs,
            progress=False,
            game="flipology",
            variant="nature",
        )
        took = (tick() - start) / games
        for r in standings(df).itertuples():
            print(
                f"  {r.policy:<12} {r.seats:5d} seats  {r.wins:6.1f} wins  {r.share:6.1%} "
                f"[{r.low:.1%}, {r.high:.1%}]   (a fair share: {r.fair:.0%})"
            )
        print(f"  {took:.2f} s a game (all {players} players)", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--games", type=int, default=1000, help="solo games a cell (default: %(default)s)"
    )
    parser.add_argument(
        "--seasons", nargs="+", default=["s1", "s2"], choices=("s1", "s2", "combined")
    )
    parser.add_argument(
        "--difficulties",
        nargs="+",
        default=["easy", "normal", "hard"],
        choices=("easy", "normal", "hard"),
    )
    parser.add_argument("--policies", nargs="+", default=["greedy", "rollout", "montecarlo"])
    parser.add_argument(
        "--budget-games", type=int, default=200, help="games a budget (default: %(default)s)"
    )
    parser.add_argument(
        "--budget-season",
        choices=("s1", "s2"),
        default="s2",
        help="the season of the budget table (default: %(default)s)",
    )
    parser.add_argument(
        "--budgets",
        nargs="+",
        type=float,
        default=[0.1, 0.25, 0.5, 1, 2, 4],
        help="budgets as multiples of the default",
    )
    parser.add_argument(
        "--multi-games", type=int, default=100, help="4-player games (default: %(default)s)"
    )
    parser.add_argument(
        "--flipology-games",
        type=int,
        default=100,
        help="Flipology games a table size (default: %(default)s)",
    )
    parser.add_argument(
        "--only",
        nargs="+",
        choices=("solo", "budget", "multi", "flipology"),
        default=["solo", "budget", "multi", "flipology"],
    )
    parser.add_argument(
        "--plot", metavar="FILE.png", help="draw win rate against budget into FILE.png"
    )
    parser.add_argument(
        "--jobs", type=int, default=1, help="worker processes (default 1: this process, one core)"
    )
    parser.add_argument("--clock", choices=tuple(CLOCK), default="cpu")
    args = parser.parse_args()
    for name in args.policies:
        policy(name, 0)  # a wrong name fails here, not after an hour
    if args.jobs == 1 and hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
        print(f"one process pinned to core {min(os.sched_getaffinity(0))}, {args.clock} time")
    if "solo" in args.only:
        solo_section(args)
    if "budget" in args.only:
        budget_section(args)
    if "multi" in args.only:
        multi_section(args)
    if "flipology" in args.only:
        flipology_section(args)


if __name__ == "__main__":
    main()
