"""Benchmark: Flip + Check Fame resolutions per second, whole games (and rounds) per second of
FlipToons, games played on from a scenario, and Flipology games (not a test; prints numbers).

    python benchmarks/bench.py [--n 20000] [--games 200] [--flipology-games 3000]

Resolutions: random 10-card decks from both seasons, one player, default rulings and policy, one
process on one core. Each table is built off the clock and dropped after use; the timed part is
`resolve_table`.
"""
from __future__ import annotations

import argparse
import os
import time

from fliptoons_explore import DefaultPolicy, flipology, new_game, play_game, resolve_table, situation
from fliptoons_explore.sample import random_table


def rate(n: int, traced: bool, repeat: int = 3) -> float:
    """Best of `repeat` runs: resolutions per second of fresh random tables, each dropped after
    use as a simulation would; only `resolve_table` is on the clock, not building the table."""
    best = 0.0
    policy = DefaultPolicy()
    clock = time.perf_counter
    for r in range(repeat):
        spent = 0.0
        for seed in range(r * n, (r + 1) * n):
            table = random_table(seed, n_cards=10, players=1)
            start = clock()
            resolve_table(table, policy, traced=traced)
            spent += clock() - start
        best = max(best, n / spent)
    return best


def games_rate(season: str, players: int, solo: str | None, games: int, traced: bool) -> tuple[float, float]:
    """Whole games and rounds per second with the default policy, seeds 0..games-1 (the seeds'
    games differ in length: rounds per second compare two versions of the engine fairly)."""
    start = time.perf_counter()
    rounds = sum(new_game(season, players, seed, solo, traced=traced).play().rounds for seed in range(games))
    spent = time.perf_counter() - start
    return games / spent, rounds / spent


def scenario_games_rate(games: int, traced: bool) -> float:
    """Games played from a scenario per second (`play_game`): the library's two-round game (the
    first player card passes, then the 30-fame trigger and the Final Flip), seeds 0..games-1."""
    scenario = situation("s2.cleanup.next-round.first-player-passes").scenario
    start = time.perf_counter()
    for seed in range(games):
        play_game({**scenario, "seed": seed}, traced=traced)
    return games / (time.perf_counter() - start)


def flipology_rate(variant: str, players: int, games: int, traced: bool, repeat: int = 3) -> float:
    """Best of `repeat` runs: whole Flipology games per second with the default policy, seeds
    0..games-1, setting up included."""
    best = 0.0
    for _ in range(repeat):
        start = time.perf_counter()
        for seed in range(games):
            flipology.new_game(variant, players, seed, traced=traced).play()
        best = max(best, games / (time.perf_counter() - start))
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=20000, help="resolutions per measurement")
    parser.add_argument("--games", type=int, default=200, help="games per measurement")
    parser.add_argument("--flipology-games", type=int, default=3000, help="Flipology games per measurement")
    args = parser.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
    untraced = rate(args.n, traced=False)
    traced = rate(args.n, traced=True)
    print(f"Flip + Check Fame, random 10-card decks, 1 player, best of 3 x {args.n}:")
    print(f"  untraced: {untraced:10,.0f} resolutions/s")
    print(f"  traced:   {traced:10,.0f} resolutions/s  (tracing costs {untraced / traced:.2f}x)")
    print(f"Whole games, default policy, {args.games} seeded games each:")
    for label, season, players, solo in (("solo S2 normal", "s2", 1, "normal"),
                                         ("solo S1 normal", "s1", 1, "normal"),
                                         ("4 players S2", "s2", 4, None),
                                         ("8 players combined", "combined", 8, None)):
        fast, fast_rounds = games_rate(season, players, solo, args.games, traced=False)
        slow, slow_rounds = games_rate(season, players, solo, args.games, traced=True)
        print(f"  {label:<20} {fast:8,.1f} games/s untraced ({fast_rounds:7,.0f} rounds/s), "
              f"{slow:8,.1f} traced ({slow_rounds:7,.0f} rounds/s)")
    fast = scenario_games_rate(args.games * 5, traced=False)
    slow = scenario_games_rate(args.games * 5, traced=True)
    print(f"  {'from a scenario':<20} {fast:8,.1f} games/s untraced, {slow:8,.1f} traced  (play_game, 2 rounds)")
    print(f"Flipology, whole games, default policy, best of 3 x {args.flipology_games} seeded games:")
    for variant, players in (("nature", 6), ("nature", 2), ("great-tree", 4), ("multi", 4)):
        fast = flipology_rate(variant, players, args.flipology_games, traced=False)
        slow = flipology_rate(variant, players, max(1, args.flipology_games // 10), traced=True, repeat=1)
        print(f"  {variant + f' {players} players':<20} {fast:8,.1f} games/s untraced, {slow:8,.1f} traced")


if __name__ == "__main__":
    main()
