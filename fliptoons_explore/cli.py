"""The command line: a thin layer over the engine (DESIGN.md §2.3).

    fliptoons-explore resolve SCENARIO.json [--json]
    fliptoons-explore chain SCENARIO.json [--json]
    fliptoons-explore compare SCENARIO.json [--ruling NAME=VALUE ...] [--json]
"""
from __future__ import annotations

import argparse
import json
import sys

from .engine import resolve
from .scenario import ScenarioError
from .text import resolution_text


class _Parser(argparse.ArgumentParser):
    def error(self, message):  # one line, exit 2, like a bad scenario
        self.exit(2, f"{self.prog}: error: {message}\n")


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="fliptoons-explore",
                     description="Resolve FlipToons situations step by step, citing the rules.")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    p = sub.add_parser("resolve", help="Flip + Check Fame for every player of a scenario")
    p.add_argument("scenario", help="a scenario JSON file (DESIGN.md §2.2)")
    p.add_argument("--json", action="store_true", help="print one JSON document")
    p = sub.add_parser("chain", help="the causal chain graph of a resolution (what caused what)")
    p.add_argument("scenario", help="a scenario JSON file (DESIGN.md §2.2)")
    p.add_argument("--json", action="store_true", help="print the graph as node-link JSON")
    p = sub.add_parser("compare", help="resolve under other ruling options and show the difference")
    p.add_argument("scenario", help="a scenario JSON file (DESIGN.md §2.2)")
    p.add_argument("--ruling", action="append", default=[], metavar="NAME=VALUE",
                   help="a ruling option to change (repeatable); none: list the options that change the outcome")
    p.add_argument("--json", action="store_true", help="print one JSON document")
    return parser


def read_scenario(path: str) -> dict:
    """A scenario file's JSON; ScenarioError (one line) if it cannot be read."""
    try:
        with open(path, encoding="utf-8") as f:
            return json.load(f)
    except OSError as e:
        raise ScenarioError(f"{path}: cannot read the file ({e.strerror})") from None
    except json.JSONDecodeError as e:
        raise ScenarioError(f"{path}: not valid JSON (line {e.lineno}, column {e.colno}: {e.msg})") from None
    except UnicodeDecodeError:
        raise ScenarioError(f"{path}: not a UTF-8 text file") from None
    except RecursionError:
        raise ScenarioError(f"{path}: not valid JSON (nested too deeply)") from None


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:
        scenario = read_scenario(args.scenario)
        if args.command == "resolve":
            result = resolve(scenario)
            output = json.dumps(result.to_json(), indent=1) if args.json else resolution_text(result)
        elif args.command == "chain":
            from .chains import chain_command
            output = chain_command(scenario, as_json=args.json)
        else:
            from .compare import compare_command
            output = compare_command(scenario, args.ruling, as_json=args.json)
    except ScenarioError as e:
        print(f"fliptoons-explore: error: {e}", file=sys.stderr)
        return 2
    print(output)
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
