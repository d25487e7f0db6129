"""Benchmark: machine instructions per resolution and per game, counted by valgrind's callgrind
(not a test; prints numbers). A count does not depend on what else the machine runs, so two
versions of the engine compare on a busy machine where timings drift.

    python benchmarks/instructions.py [--n 500] [--games 20] [--only built scenario ...]

Each workload runs in a child process twice under `valgrind --tool=callgrind`: once building
its inputs only, once building them and running them; the difference divided by the count is
the figure (the interpreter's start and the package's import cancel out). The workloads are
bench.py's: random Season 2 decks of 10-15 cards resolved untraced on a built table, from a
scenario dict, traced; whole games with the default policy. Needs valgrind (Debian: apt-get
install valgrind); PYTHONHASHSEED is fixed so that a run repeats exactly.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys

WORKLOADS = {
    "built": "Flip + Check Fame untraced, table built",
    "scenario": "Flip + Check Fame from a scenario dict",
    "traced": "Flip + Check Fame traced, table built",
    "solo": "whole solo S2 normal games",
    "four": "whole 4-player S2 games",
    "eight": "whole 8-player combined games",
}

CHILD = """
import sys
sys.path.insert(0, {bench!r})
from bench import as_scenario, s2_table
from fliptoons_explore import DefaultPolicy, new_game, resolve, resolve_table
what, n, run = {what!r}, {n}, {run}
policy = DefaultPolicy()
if what in ("built", "traced"):
    tables = [s2_table(s) for s in range(n)]
    if run:
        for t in tables:
            resolve_table(t, policy, traced=what == "traced")
elif what == "scenario":
    scenarios = [as_scenario(s2_table(s)) for s in range(n)]
    if run:
        for s in scenarios:
            resolve(s, traced=False)
else:
    season, players, solo = {{"solo": ("s2", 1, "normal"), "four": ("s2", 4, None),
                              "eight": ("combined", 8, None)}}[what]
    games = [new_game(season, players, seed, solo, traced=False) for seed in range(n)]
    if run:
        for g in games:
            g.play()
"""


def count(what: str, n: int, run: bool) -> int:
    here = os.path.dirname(os.path.abspath(__file__))
    code = CHILD.format(bench=here, what=what, n=n, run=run)
    # run from this folder: a checkout's own folder would come first on the path, before PYTHONPATH
    done = subprocess.run(
        [
            "valgrind",
            "--tool=callgrind",
            "--callgrind-out-file=/dev/null",
            sys.executable,
            "-c",
            code,
        ],
        capture_output=True,
        text=True,
        cwd=here,
        env={**os.environ, "PYTHONHASHSEED": "0"},
    )
    found = re.search(r"Collected : (\d+)", done.stderr)
    if done.returncode != 0 or not found:
        raise SystemExit(f"valgrind failed on {what}: {done.stderr.strip().splitlines()[-1:]}")
    return int(found.group(1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=500, help="resolutions per workload")
    parser.add_argument("--games", type=int, default=20, help="games per workload")
    parser.add_argument("--only", nargs="+", choices=tuple(WORKLOADS), default=list(WORKLOADS))
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed (Debian: apt-get install valgrind)")
    print("Instructions (callgrind), one process:")
    for what in args.only:
        n = args.n if what in ("built", "scenario", "traced") else args.games
        each = (count(what, n, True) - count(what, n, False)) / n
        unit = "resolution" if what in ("built", "scenario", "traced") else "game"
        print(f"  {WORKLOADS[what]:<42} {each:14,.0f} per {unit}", flush=True)


if __name__ == "__main__":
    main()
