"""The long fuzz run (not a test; prints counts): thousands of generated bad inputs per subcommand
through the command line in this process (`tests/helpers/fuzzing.py`,
`tests/helpers/inprocess.py`), plus some real processes, checked for the contract (exit 2, one line
on stderr, nothing on stdout, no traceback) and timed.

    python benchmarks/fuzz_long.py [--n 2000] [--processes 20] [--seed 0]
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "helpers"))

from fuzzing import COMMANDS, case  # noqa: E402
from inprocess import run_cli  # noqa: E402


def classify(why: str) -> str:
    if not why:
        return "clean"
    if why.startswith("traceback"):
        return "traceback"
    if why.startswith("not exactly one line"):
        return "multi-line"
    if why.startswith("exit code"):
        return "wrong exit code"
    return "stdout written"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=2000, help="inputs per subcommand")
    parser.add_argument("--processes", type=int, default=20, help="real processes per subcommand")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    total = Counter()
    slowest = (0.0, "")
    examples = []
    with tempfile.TemporaryDirectory() as tmp:
        workdir = Path(tmp)
        for command in COMMANDS:
            rng = random.Random(f"long {command} {args.seed}")
            counts = Counter()
            start = time.perf_counter()
            for _k in range(args.n):
                c = case(command, rng, workdir)
                t0 = time.perf_counter()
                run = run_cli(c.argv, c.stdin)
                spent = time.perf_counter() - t0
                why = run.contract_broken()
                kind = classify(why)
                counts[kind] += 1
                if spent > slowest[0]:
                    slowest = (spent, f"{command} {c.label}")
                if why and len(examples) < 10:
                    examples.append(f"{command} {c.label}: {why}")
            for _k in range(args.processes):
                c = case(command, rng, workdir)
                t0 = time.perf_counter()
                done = subprocess.run(
                    [sys.executable, "-m", "fliptoons_explore", *c.argv],
                    input=c.stdin,
                    capture_output=True,
                    timeout=60,
                )
                spent = time.perf_counter() - t0
                err = done.stderr.decode("utf-8", "replace")
                why = (
                    "traceback"
                    if "Traceback" in err
                    else f"exit code {done.returncode}"
                    if done.returncode != 2
                    else "stdout written"
                    if done.stdout
                    else "not exactly one line"
                    if len(err.splitlines()) != 1
                    else ""
                )
                counts["process " + classify(why)] += 1
                if spent > slowest[0]:
                    slowest = (spent, f"{command} (process) {c.label}")
                if why and len(examples) < 10:
                    examples.append(f"{command} (process) {c.label}: {why}")
            total += counts
            print(
                f"{command:<8} {args.n + args.processes:6,} inputs in "
                f"{time.perf_counter() - start:6.1f} s: "
                + ", ".join(f"{k} {v:,}" for k, v in sorted(counts.items())),
                flush=True,
            )
    print(
        f"all      {sum(total.values()):6,} inputs: "
        + ", ".join(f"{k} {v:,}" for k, v in sorted(total.items()))
    )
    tracebacks = total["traceback"] + total["process traceback"]
    multi = total["multi-line"] + total["process multi-line"]
    other = sum(v for k, v in total.items() if not k.endswith("clean")) - tracebacks - multi
    print(
        f"tracebacks {tracebacks}, multi-line errors {multi}, other broken {other}; "
        f"slowest run {slowest[0]:.2f} s ({slowest[1]})"
    )
    for line in examples:
        print("  " + line)


if __name__ == "__main__":
    main()
