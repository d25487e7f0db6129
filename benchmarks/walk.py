"""A maintainer's walk from the command line to the trace: which of the package's modules a
scenario's `resolve` passes through, and how often the calls cross from one module to another.

    .venv/bin/python benchmarks/walk.py             # the FlipToons and the Flipology example
    .venv/bin/python benchmarks/walk.py --list      # ... and the modules, in the order first met

It runs `fliptoons-explore resolve FILE --json` in this process with a profile hook on every call
of a function of `fliptoons_explore`, once to warm the imports, then counted: `modules` is how many
modules the calls visit, `crossings` how many calls go from a function of one module to a
function of another (a call and its return each way: the back-and-forth a reader follows),
`distinct hops` how many different (caller module, callee module) pairs there are.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

EXAMPLES = {
    "FlipToons": ROOT / "examples" / "coyote-above-gorilla.json",
    "Flipology": ROOT / "examples" / "joelles-cascade.json",
}


def _module(frame) -> str | None:
    name = frame.f_globals.get("__name__", "")
    return name if name.startswith("fliptoons_explore") else None


def walk(path: Path) -> tuple[list[str], int, set]:
    from fliptoons_explore.cli.main import main

    order: list[str] = []
    crossings = 0
    hops: set = set()

    def hook(frame, event, arg):
        nonlocal crossings
        if event != "call":
            return
        callee = _module(frame)
        if callee is None:
            return
        if callee not in order:
            order.append(callee)
        caller = frame.f_back and _module(frame.f_back)
        if caller and caller != callee:
            crossings += 1
            hops.add((caller, callee))

    argv = ["resolve", str(path), "--json"]
    with contextlib.redirect_stdout(io.StringIO()):
        main(argv)  # the imports, once
        sys.setprofile(hook)
        try:
            main(argv)
        finally:
            sys.setprofile(None)
    return order, crossings, hops


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--list", action="store_true", help="list the modules visited")
    args = parser.parse_args(argv)
    for game, path in EXAMPLES.items():
        order, crossings, hops = walk(path)
        counts = f"modules {len(order):3}  crossings {crossings:6}  distinct hops {len(hops):4}"
        print(f"{game:10} {counts}")
        if args.list:
            for name in order:
                print(f"    {name}")


if __name__ == "__main__":
    main()
