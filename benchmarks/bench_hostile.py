"""Benchmark: the cost of huge or looping inputs (not a test; prints numbers).

    python benchmarks/bench_hostile.py [--timeout 60] [--quick]

Two parts:

- *Doors*: the command line (`python -m fliptoons_explore ...`, one subprocess each, wall time,
  `--timeout` seconds at most) on hostile inputs: a `round` on a tall stack, the text
  `resolve` of a 100,000-card stack, `compare` of a valid 20 MB file, and legal decks that need
  more than 1,000 reveals. Each line gives the time, the exit code and the first line of stderr
  (a scenario over the documented limits is refused: docs/limits.md).
- *Engine*: the same tall stacks built directly as a `Table` (no scenario, so no limits), timing a
  round up to Cleanup (`Game.play_round`) and the text view of a resolution; work that grows
  linearly with the stack shows as a constant time per card.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

from fliptoons_explore.fliptoons.engine import resolve_table
from fliptoons_explore.fliptoons.game import Game
from fliptoons_explore.fliptoons.market_scripts import ScriptedRound
from fliptoons_explore.fliptoons.state import Table
from fliptoons_explore.fliptoons.text import resolution_text
from fliptoons_explore.policy import DefaultPolicy

COMMAND = [sys.executable, "-m", "fliptoons_explore"]


def stack_grid(n: int, card: str = "mosquito") -> list:
    """A hand-built grid (JSON rows) whose upper-left space holds a stack of n cards."""
    return [[[card] * n, ["capybara"], ["rat"]], [["grasshopper"], None, None]]


def door_cases(quick: bool) -> list[tuple[str, list[str], object]]:
    """(label, command arguments, scenario or raw bytes)."""
    big = 100_000 if not quick else 20_000
    mosquitos = (20 * 1024 * 1024) // len('"mosquito", ')
    return [
        ("round, 2,500-card stack", ["round"], {"players": [{"grid": stack_grid(2_500)}]}),
        ("round, 10,000-card stack", ["round"], {"players": [{"grid": stack_grid(10_000)}]}),
        (
            "round, 2,500 ostriches (deck)",
            ["round"],
            {"players": [{"deck": ["ostrich"] * 2_500}], "season": "s1"},
        ),
        (
            f"resolve (text), {big:,}-card stack",
            ["resolve"],
            {"players": [{"grid": stack_grid(big)}]},
        ),
        (
            "compare, 20 MB file (a deck of mosquitos)",
            ["compare"],
            {"players": [{"deck": ["mosquito"] * mosquitos}]},
        ),
        (
            "resolve, 1,001 monkeys",
            ["resolve"],
            {"season": "s1", "players": [{"deck": ["monkey"] * 1001}]},
        ),
        (
            "resolve, 997 crabs and a mosquito",
            ["resolve"],
            {"players": [{"deck": ["crab"] * 997 + ["mosquito"]}]},
        ),
        (
            "resolve, 1,001 ostriches",
            ["resolve"],
            {"season": "s1", "players": [{"deck": ["ostrich"] * 1001}]},
        ),
        (
            "resolve, 1,001 rabbits",
            ["resolve"],
            {"season": "s1", "players": [{"deck": ["rabbit"] * 1001}]},
        ),
        (
            "resolve, two Coyotes (no loop: they stack)",
            ["resolve"],
            {"players": [{"deck": ["coyote", "coyote"]}]},
        ),
        (
            "round, 1,490-card stack (card limit)",
            ["round"],
            {"players": [{"grid": stack_grid(1_490)}]},
        ),
        (
            "compare, 1,490-card stack (card limit)",
            ["compare"],
            {"players": [{"grid": stack_grid(1_490)}]},
        ),
        (
            "round, 1,497 Vultures in 499 rows",
            ["round"],
            {"season": "combined", "players": [{"grid": [[["vulture"]] * 3] * 499}]},
        ),
        (
            "compare, 740 Cows beside 740 Foxes",
            ["compare"],
            {
                "season": "combined",
                "players": [
                    {
                        "grid": [
                            [["cow"] * 740, ["rooster"], ["rat"]],
                            [["fox"] * 740, None, None],
                        ]
                    }
                ],
                "rulings": {"cow_copies": "total"},
            },
        ),
        (
            "resolve, an integer of 5,000 digits",
            ["resolve"],
            b'{"players": [{"deck": []}], "first_player": ' + b"1" * 5000 + b"}",
        ),
    ]


def run_door(args: list[str], content, timeout: float) -> tuple[float, str]:
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "scenario.json")
        with open(path, "wb") as f:
            f.write(content if isinstance(content, bytes) else json.dumps(content).encode())
        start = time.perf_counter()
        try:
            done = subprocess.run(
                [*COMMAND, args[0], path, *args[1:]], capture_output=True, timeout=timeout
            )
        except subprocess.TimeoutExpired:
            return timeout, f"stopped after {timeout:.0f} s"
        spent = time.perf_counter() - start
        err = done.stderr.decode("utf-8", "replace").strip().splitlines()
        first = (
            err[-1]
            if err and "Traceback" in done.stderr.decode("utf-8", "replace")
            else (err[0] if err else "")
        )
        if len(first) > 90:
            first = first[:87] + "..."
        return spent, f"exit {done.returncode}" + (f": {first}" if first else "")


def stack_table(n: int) -> Table:
    """One player whose grid has a stack of n Mosquitos upper left and five more cards."""
    table = Table("s2")
    p = table.add_player("P")
    p.built_grid = True
    cards = [table.new_card("mosquito", face_up=True) for _ in range(n)]
    p.grid.put(cards[0], 0, 0)
    for c in cards[1:]:
        p.grid.stack_on(c, 0, 0)
    for cid, (row, col) in (("capybara", (0, 1)), ("rat", (0, 2)), ("grasshopper", (1, 0))):
        p.grid.put(table.new_card(cid, face_up=True), row, col)
    table.toon_deck.extend(table.new_card("goldfish") for _ in range(10))
    return table


def engine_round(n: int) -> float:
    table = stack_table(n)
    game = Game(table, ScriptedRound({0: []}, DefaultPolicy(), {0: []}), shuffle=False)
    start = time.perf_counter()
    game.play_round(stop_before_cleanup=True)
    return time.perf_counter() - start


def engine_text(n: int) -> float:
    result = resolve_table(stack_table(n))
    start = time.perf_counter()
    resolution_text(result)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--timeout", type=float, default=60.0, help="seconds per command at most")
    parser.add_argument("--quick", action="store_true", help="smaller engine sizes")
    parser.add_argument(
        "--sizes", default="", help="stack heights for the engine part, e.g. 2500,10000"
    )
    parser.add_argument("--no-doors", action="store_true", help="only the engine part")
    args = parser.parse_args()
    if not args.no_doors:
        print("Doors (the command line, wall time of one run):")
        for label, argv, content in door_cases(args.quick):
            spent, outcome = run_door(argv, content, args.timeout)
            print(f"  {label:<44} {spent:7.2f} s  {outcome}", flush=True)
    sizes = (2_500, 10_000, 40_000) if args.quick else (2_500, 10_000, 100_000)
    if args.sizes:
        sizes = tuple(int(n) for n in args.sizes.split(","))
    print("Engine (a Table built directly, no limits):")
    for n in sizes:
        spent = engine_round(n)
        print(
            f"  round up to Cleanup, {n:>7,}-card stack  {spent:8.3f} s  ({1e6 * spent / n:6.1f} "
            "us/card)",
            flush=True,
        )
    for n in sizes:
        spent = engine_text(n)
        print(
            f"  text of a resolution, {n:>7,}-card stack {spent:8.3f} s  ({1e6 * spent / n:6.1f} "
            "us/card)",
            flush=True,
        )


if __name__ == "__main__":
    main()
