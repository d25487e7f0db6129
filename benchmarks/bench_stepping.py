"""Benchmark: the cost of stepping through a 4-player round (not a test; prints numbers).

    python benchmarks/bench_stepping.py [--n 300] [--gotos 20000]

Random 4-player tables (`random_table(seed, n_cards=(10, 14), players=4)`, both seasons), Flip +
Check Fame, default rulings and policy, one process on one core. It measures:

- the recording overhead: resolving with `record=True` (a snapshot of the table after every
  event) against a traced resolution without snapshots and an untraced one;
- stepping: `Stepper.goto(k)` for random k, reading the state there (`.state`, `.before`) and the
  event in words, and the same plus rendering the whole table at k as text (`state_text`);
- the worst case of "open a round at step k": record the round, then go to k.
"""

from __future__ import annotations

import argparse
import gc
import os
import random
import statistics
import time

from fliptoons_explore import DefaultPolicy, resolve_table
from fliptoons_explore.fliptoons.sample import random_table
from fliptoons_explore.fliptoons.text import state_text
from fliptoons_explore.stepping import Stepper

SHAPE = dict(n_cards=(10, 14), players=4)


def _tables(seeds):
    return [random_table(seed, **SHAPE) for seed in seeds]


def resolve_rate(seeds, mode: str, repeat: int = 3) -> float:
    """Mean milliseconds per round, best of `repeat`."""
    best = float("inf")
    policy = DefaultPolicy()
    kwargs = {
        "untraced": dict(traced=False),
        "traced": dict(traced=True),
        "recorded": dict(traced=True, record=True),
    }[mode]
    for _ in range(repeat):
        tables = _tables(seeds)
        gc.collect()
        gc.freeze()
        start = time.perf_counter()
        for table in tables:
            resolve_table(table, policy, **kwargs)
        best = min(best, (time.perf_counter() - start) * 1000 / len(tables))
        del tables
        gc.unfreeze()
    return best


def percentile(values, q):
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=300, help="rounds per measurement")
    parser.add_argument("--gotos", type=int, default=20000, help="random goto(k) calls")
    args = parser.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
    seeds = range(args.n)

    untraced = resolve_rate(seeds, "untraced")
    traced = resolve_rate(seeds, "traced")
    recorded = resolve_rate(seeds, "recorded")

    policy = DefaultPolicy()
    rng = random.Random(0)
    # cold: record a fresh round, then go to a random step (each resolution dropped after)
    cold = []
    for table in _tables(range(10_000, 10_000 + args.n)):
        gc.collect()
        t0 = time.perf_counter()
        r = resolve_table(table, policy, record=True)
        Stepper(r).goto(rng.randrange(-1, len(r.trace))).state  # noqa: B018 (what a view reads)
        cold.append(time.perf_counter() - t0)
        del r

    resolutions = [resolve_table(t, policy, record=True) for t in _tables(seeds)]
    gc.collect()
    gc.freeze()  # the recordings are not garbage: keep the collector from rescanning them
    events = [len(r.trace) for r in resolutions]
    steppers = [Stepper(r) for r in resolutions]
    picks = [
        (s, rng.randrange(-1, len(s))) for s in (rng.choice(steppers) for _ in range(args.gotos))
    ]

    goto_times = []
    for s, k in picks:
        t0 = time.perf_counter()
        s.goto(k)
        s.state, s.before, s.words  # noqa: B018 (what a view reads)
        goto_times.append(time.perf_counter() - t0)
    render_times = []
    for s, k in picks[: max(1, args.gotos // 10)]:
        t0 = time.perf_counter()
        state_text(s.goto(k).state)
        render_times.append(time.perf_counter() - t0)
    gc.unfreeze()

    us = 1e6
    print(
        f"4-player rounds (random decks of 10-14 cards, both seasons), {args.n} rounds, "
        f"{statistics.mean(events):.0f} events per round on average (max {max(events)}):"
    )
    print(f"  resolve untraced:         {untraced:7.3f} ms/round")
    print(f"  resolve traced:           {traced:7.3f} ms/round")
    print(
        f"  resolve recorded:         {recorded:7.3f} ms/round  "
        f"(recording costs {recorded / traced:.1f}x a traced resolution, "
        f"{(recorded - traced) * 1000 / statistics.mean(events):.1f} us per event)"
    )
    print(
        f"  goto(k) + state, before, words ({args.gotos} random k): "
        f"mean {statistics.mean(goto_times) * us:.2f} us, p99 "
        f"{percentile(goto_times, 0.99) * us:.2f} us, "
        f"max {max(goto_times) * us:.1f} us"
    )
    print(
        f"  goto(k) + the table at k as text ({len(render_times)}): "
        f"mean {statistics.mean(render_times) * us:.0f} us, max {max(render_times) * us:.0f} us"
    )
    print(
        f"  record a new round and go to a random step k ({len(cold)}): mean "
        f"{statistics.mean(cold) * 1000:.2f} ms, p99 {percentile(cold, 0.99) * 1000:.2f} ms, "
        f"max {max(cold) * 1000:.2f} ms  (budget: 10 ms)"
    )


if __name__ == "__main__":
    main()
