"""Benchmark: resolutions, whole games (and rounds), games played on from a scenario, the
searches' rollouts and decisions, and stepping per second on one core, and an experiment's speed-up
on every core (not a test; prints numbers).

    python benchmarks/bench.py [--n 20000] [--games 200] [--flipology-games 3000]
                               [--rollout-games 150] [--decisions 24] [--simulations 40]
                               [--scaling-games 20000] [--clock cpu|wall] [--only SECTION ...]

Resolutions (Flip + Check Fame, one player, default rulings and policy): random Season 2 decks
of 10 to 15 cards (`random_table(seed, (10, 15), season="s2")`), each made off the clock and
dropped after use, as a simulation would; timed is `resolve_table` on the table built, or
`resolve` of the same situation as a scenario dict (loading and checking it included), untraced,
traced, or recorded (the table's state after every event). Whole games: the default policy,
seeds 0.. (rounds per second too: the seeds' games differ in length, so rounds per second compare
two versions of the engine fairly); from a scenario, `play_game` of the library's two-round game.
Rollouts: whole games played by what a search's simulations play with, seeds 0.., untraced:
FlipToons' `RolloutPolicy` for every player (solo Season 1 and Season 2 normal, 4 players Season
2), Flipology's documented default (Nature for 2, the game a simulation replays). Searches: the
decisions per second of each game's search policy (`fliptoons.search.MonteCarloPolicy`,
`flipology.search.SearchPolicy`) with `--simulations` a decision, each on a fresh policy at a
decision reached off the clock by the default policy (the k-th real Market action of a seeded
FlipToons game, the k-th real decision of a seeded Flipology game).
Stepping: `Stepper.goto(k)` to random steps of recorded 4-player rounds. Scaling: a
20,000-game experiment (solo Season 2 normal games, default policy) on one worker process and
on every core.

The single-core sections run pinned to one core and, by default, count the process's CPU time
(`--clock cpu`: steady on a shared machine; `--clock wall` for elapsed time). The scaling
section counts elapsed time (the point of several cores) and prints the CPU time beside it.
"""

from __future__ import annotations

import argparse
import gc
import os
import random
import statistics
import time

from fliptoons_explore import (
    DefaultPolicy,
    flipology,
    new_game,
    play_game,
    resolve,
    resolve_table,
    situation,
)
from fliptoons_explore.fliptoons.sample import random_table
from fliptoons_explore.stepping import Stepper

SECTIONS = ("resolutions", "games", "flipology", "rollout", "search", "stepping", "scaling")
CLOCK = {"cpu": time.process_time, "wall": time.perf_counter}
clock = time.process_time


def s2_table(seed: int):
    return random_table(seed, n_cards=(10, 15), players=1, season="s2")


def as_scenario(table) -> dict:
    """A built table as the scenario dict that builds it again."""
    return {
        "season": table.season,
        "players": [{"name": p.name, "deck": [c.id for c in p.deck]} for p in table.players],
        "market": [c.id for c in table.market if c is not None],
        "toon_deck": [c.id for c in table.toon_deck],
        "first_player": table.first_player,
    }


def resolution_rate(n: int, mode: str, repeat: int = 3) -> float:
    """Best of `repeat` runs: resolutions per second of fresh random tables; only the resolution
    (`mode`: 'untraced', 'traced', 'recorded' on a built table; 'scenario' from a dict) is on
    the clock."""
    best = 0.0
    policy = DefaultPolicy()
    for r in range(repeat):
        spent = 0.0
        gc.collect()
        for seed in range(r * n, (r + 1) * n):
            table = s2_table(seed)
            if mode == "scenario":
                scenario = as_scenario(table)
                start = clock()
                resolve(scenario, traced=False)
            else:
                start = clock()
                resolve_table(table, policy, traced=mode != "untraced", record=mode == "recorded")
            spent += clock() - start
        best = max(best, n / spent)
    return best


def games_rate(
    season: str, players: int, solo: str | None, games: int, traced: bool
) -> tuple[float, float]:
    """Whole games and rounds per second with the default policy, seeds 0..games-1."""
    start = clock()
    rounds = sum(
        new_game(season, players, seed, solo, traced=traced).play().rounds for seed in range(games)
    )
    spent = clock() - start
    return games / spent, rounds / spent


def scenario_games_rate(games: int, traced: bool) -> float:
    """Games played from a scenario per second (`play_game`): the library's two-round game (the
    first player card passes, then the 30-fame trigger and the Final Flip), seeds 0..games-1."""
    scenario = situation("s2.cleanup.next-round.first-player-passes").scenario
    start = clock()
    for seed in range(games):
        play_game({**scenario, "seed": seed}, traced=traced)
    return games / (clock() - start)


def flipology_rate(variant: str, players: int, games: int, traced: bool, repeat: int = 3) -> float:
    """Best of `repeat` runs: whole Flipology games per second with the default policy, seeds
    0..games-1, setting up included."""
    best = 0.0
    for _ in range(repeat):
        start = clock()
        for seed in range(games):
            flipology.new_game(variant, players, seed, traced=traced).play()
        best = max(best, games / (clock() - start))
    return best


def rollout_rate(season: str, players: int, solo: str | None, games: int, repeat: int = 3) -> float:
    """Best of `repeat` runs: whole FlipToons games per second with the search's rollout
    (`RolloutPolicy`) for every player, seeds 0..games-1, untraced, setting up included."""
    from fliptoons_explore.fliptoons.rollout import RolloutPolicy

    best = 0.0
    for _ in range(repeat):
        gc.collect()
        start = clock()
        for seed in range(games):
            new_game(season, players, seed, solo, RolloutPolicy(), traced=False).play()
        best = max(best, games / (clock() - start))
    return best


class _Reached(Exception):
    pass


class _StopAt(DefaultPolicy):
    """The default policy, until the `k`-th real decision (of `kinds`; None: any), which it
    keeps (`choice`) and stops the game at, the table as it stands then."""

    def __init__(self, k: int, kinds=None) -> None:
        self.k, self.kinds, self.choice = k, kinds, None

    def choose(self, choice):
        if (self.kinds is None or choice.kind in self.kinds) and (
            len(choice.options) + choice.optional >= 2
        ):
            self.k -= 1
            if not self.k:
                self.choice = choice
                raise _Reached
        return super().choose(choice)


def toons_decisions(season: str, players: int, solo: str | None, n: int) -> list:
    """`n` FlipToons Market decisions: the k-th real Market action (k = 1 + seed % 8) of the
    game of seed 0, 1, ... played by the default policy (a game that ends first gives none)."""
    out, seed = [], 0
    while len(out) < n:
        stop = _StopAt(1 + seed % 8, ("market_action",))
        try:
            new_game(season, players, seed, solo, stop, traced=False).play()
        except _Reached:
            out.append((seed, stop.choice, None))
        seed += 1
    return out


def flipology_decisions(variant: str, players: int, n: int) -> list:
    """`n` Flipology decisions: the k-th real decision (k = 1 + seed % 12) of the game of seed 0,
    1, ... played by the default policy, with the game the search follows."""
    out, seed = [], 0
    while len(out) < n:
        stop = _StopAt(1 + seed % 12)
        game = flipology.new_game(variant, players, seed, stop, traced=False)
        try:
            game.play()
        except _Reached:
            out.append((seed, stop.choice, game))
        seed += 1
    return out


def search_rate(decisions: list, make, repeat: int = 3) -> float:
    """Best of `repeat` runs: decisions per second of `make(seed, game).choose(choice)` over
    `decisions` ((seed, choice, game) each; the policy made off the clock)."""
    best = 0.0
    for _ in range(repeat):
        gc.collect()
        spent = 0.0
        for seed, choice, game in decisions:
            policy = make(seed, game)
            start = clock()
            policy.choose(choice)
            spent += clock() - start
        best = max(best, len(decisions) / spent)
    return best


def stepping_latency(rounds: int = 100, gotos: int = 20000) -> tuple[float, float]:
    """(mean, 99th percentile) microseconds of `Stepper.goto(k)` and reading the state there,
    to random steps of recorded 4-player rounds."""
    rng = random.Random(0)
    steppers = [
        Stepper(resolve_table(random_table(seed, n_cards=(10, 14), players=4), record=True))
        for seed in range(rounds)
    ]
    times = []
    for _ in range(gotos):
        s = rng.choice(steppers)
        k = rng.randrange(len(s.resolution.trace))
        start = time.perf_counter()
        s.goto(k)
        s.state  # noqa: B018  (what a view reads)
        times.append((time.perf_counter() - start) * 1e6)
    times.sort()
    return statistics.fmean(times), times[int(0.99 * len(times))]


def scaling(games: int) -> None:
    """Elapsed and CPU seconds of a `games`-game experiment on one job and on every core. The
    workers are started with spawn here (not the package's forkserver) so that their CPU time,
    once they are reaped, is this process's children's: CPU(all cores) / CPU(one job) is what the
    split costs in work, which a busy machine does not change."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    from fliptoons_explore.analysis import experiments
    from fliptoons_explore.parallel import cores

    setup = experiments.Setup.of(season="s2", players=1, solo="normal")
    print(f"Scaling: a {games:,}-game experiment (solo S2 normal, default policy):")
    walls, cpus = {}, {}
    for jobs in sorted({1, cores()}):
        cpu = time.process_time() + _children_cpu()
        start = time.perf_counter()
        if jobs == 1:
            df = experiments.games(setup, games, seed=0, jobs=1, progress=False)
        else:
            pool = ProcessPoolExecutor(jobs, mp_context=multiprocessing.get_context("spawn"))
            df = experiments.games(setup, games, seed=0, executor=pool, progress=False)
            pool.shutdown()
        walls[jobs] = time.perf_counter() - start
        cpus[jobs] = time.process_time() + _children_cpu() - cpu
        print(
            f"  {jobs} job{'s' if jobs > 1 else ' '} {walls[jobs]:8.2f} s elapsed, "
            f"{cpus[jobs]:8.2f} s CPU, "
            f"{games / walls[jobs]:8,.0f} games/s elapsed ({len(df):,} rows)"
        )
    n = cores()
    if n > 1:
        print(
            f"  speed-up on {n} cores: {walls[1] / walls[n]:.2f}x elapsed; the split costs "
            f"{cpus[n] / cpus[1]:.2f}x the CPU time of one job (on {n} idle cores: about "
            f"{n * cpus[1] / cpus[n]:.2f}x)"
        )


def _children_cpu() -> float:
    import resource

    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def main() -> None:
    global clock
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=20000, help="resolutions per measurement")
    parser.add_argument("--games", type=int, default=200, help="games per measurement")
    parser.add_argument(
        "--flipology-games", type=int, default=3000, help="Flipology games per measurement"
    )
    parser.add_argument(
        "--rollout-games", type=int, default=150, help="games per rollout measurement"
    )
    parser.add_argument(
        "--decisions", type=int, default=24, help="decisions per search measurement"
    )
    parser.add_argument(
        "--simulations", type=int, default=40, help="the searches' simulations a decision"
    )
    parser.add_argument(
        "--scaling-games", type=int, default=20000, help="games of the scaling experiment"
    )
    parser.add_argument(
        "--clock", choices=tuple(CLOCK), default="cpu", help="the single-core sections' clock"
    )
    parser.add_argument(
        "--only", nargs="+", choices=SECTIONS, default=list(SECTIONS), help="the sections to run"
    )
    args = parser.parse_args()
    clock = CLOCK[args.clock]
    everywhere = os.sched_getaffinity(0) if hasattr(os, "sched_getaffinity") else None
    if everywhere:
        os.sched_setaffinity(0, {min(everywhere)})
    print(f"One core, {'CPU time' if args.clock == 'cpu' else 'elapsed time'}:")
    if "resolutions" in args.only:
        rates = {
            mode: resolution_rate(args.n, mode)
            for mode in ("untraced", "scenario", "traced", "recorded")
        }
        print(f"Flip + Check Fame, random S2 decks of 10-15 cards, 1 player, best of 3 x {args.n}:")
        print(f"  untraced, table built:  {rates['untraced']:10,.0f} resolutions/s")
        print(
            f"  from a scenario dict:   {rates['scenario']:10,.0f} resolutions/s  (loading and "
            "checking included)"
        )
        print(
            f"  traced:                 {rates['traced']:10,.0f} resolutions/s  "
            f"(tracing costs {rates['untraced'] / rates['traced']:.2f}x)"
        )
        print(f"  recorded:               {rates['recorded']:10,.0f} resolutions/s")
    if "games" in args.only:
        print(f"Whole games, default policy, {args.games} seeded games each:")
        for label, season, players, solo in (
            ("solo S2 normal", "s2", 1, "normal"),
            ("solo S1 normal", "s1", 1, "normal"),
            ("4 players S2", "s2", 4, None),
            ("8 players combined", "combined", 8, None),
        ):
            fast, fast_rounds = games_rate(season, players, solo, args.games, traced=False)
            slow, slow_rounds = games_rate(season, players, solo, args.games, traced=True)
            print(
                f"  {label:<20} {fast:8,.1f} games/s untraced ({fast_rounds:7,.0f} rounds/s), "
                f"{slow:8,.1f} traced ({slow_rounds:7,.0f} rounds/s)"
            )
        fast = scenario_games_rate(args.games * 5, traced=False)
        slow = scenario_games_rate(args.games * 5, traced=True)
        print(
            f"  {'from a scenario':<20} {fast:8,.1f} games/s untraced, {slow:8,.1f} traced  "
            "(play_game, 2 rounds)"
        )
    if "flipology" in args.only:
        print(
            f"Flipology, whole games, default policy, best of 3 x {args.flipology_games} seeded "
            "games:"
        )
        for variant, players in (("nature", 6), ("nature", 2), ("great-tree", 4), ("multi", 4)):
            fast = flipology_rate(variant, players, args.flipology_games, traced=False)
            slow = flipology_rate(
                variant, players, max(1, args.flipology_games // 10), traced=True, repeat=1
            )
            print(
                f"  {variant + f' {players} players':<20} {fast:8,.1f} games/s untraced, "
                f"{slow:8,.1f} traced"
            )
    if "rollout" in args.only:
        n = args.rollout_games
        print(f"Rollouts, whole games as a search's simulations play them, best of 3 x {n} seeded:")
        for label, season, players, solo in (
            ("solo S1 normal", "s1", 1, "normal"),
            ("solo S2 normal", "s2", 1, "normal"),
            ("4 players S2", "s2", 4, None),
        ):
            rate = rollout_rate(season, players, solo, n)
            print(f"  {label:<20} {rate:8,.1f} games/s  (RolloutPolicy)")
        rate = flipology_rate("nature", 2, n * 10, traced=False)
        print(f"  {'Flipology nature 2':<20} {rate:8,.1f} games/s  (the default policy)")
    if "search" in args.only:
        from fliptoons_explore.flipology.search import SearchPolicy
        from fliptoons_explore.fliptoons.search import MonteCarloPolicy

        n, sims = args.decisions, args.simulations
        print(f"Searches, {sims} simulations a decision, best of 3 x {n} decisions:")
        for label, season, players, solo in (
            ("solo S1 normal", "s1", 1, "normal"),
            ("solo S2 normal", "s2", 1, "normal"),
            ("2 players S2", "s2", 2, None),
        ):
            rate = search_rate(
                toons_decisions(season, players, solo, n),
                lambda seed, game: MonteCarloPolicy(simulations=sims, seed=seed),
            )
            print(f"  {label:<22} {rate:8,.2f} decisions/s  (MonteCarloPolicy)")
        for variant, players in (("nature", 2), ("great-tree", 3)):
            rate = search_rate(
                flipology_decisions(variant, players, n),
                lambda seed, game: SearchPolicy(sims, seed=seed).follow(game),
            )
            label = f"Flipology {variant} {players}"
            print(f"  {label:<22} {rate:8,.2f} decisions/s  (SearchPolicy)")
    if "stepping" in args.only:
        mean, p99 = stepping_latency()
        print(
            f"Stepping: Stepper.goto(k) and its state, recorded 4-player rounds: {mean:.1f} us "
            f"mean, {p99:.1f} us p99"
        )
    if everywhere:
        os.sched_setaffinity(0, everywhere)
    if "scaling" in args.only:
        scaling(args.scaling_games)


if __name__ == "__main__":
    main()
