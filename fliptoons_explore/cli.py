"""The command line: a thin layer over the engine (DESIGN.md §2.3).

    fliptoons-explore resolve SCENARIO.json [--json]
    fliptoons-explore round SCENARIO.json [--json]
    fliptoons-explore play --season S --players N [--solo D] [--policy P] --seed S [--games G] [--json]
    fliptoons-explore chain SCENARIO.json [--json]
    fliptoons-explore compare SCENARIO.json [--ruling NAME=VALUE ...] [--json]
"""
from __future__ import annotations

import argparse
import json
import sys

from .engine import play_round, resolve
from .scenario import ScenarioError, table_json
from .text import resolution_text, round_text


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
    p = sub.add_parser("round", help="+ the scripted Market actions and after-Market effects, "
                                     "stopping before Cleanup")
    p.add_argument("scenario", help="a scenario JSON file (DESIGN.md §2.2)")
    p.add_argument("--json", action="store_true", help="print one JSON document")
    p = sub.add_parser("play", help="play whole games and print who won")
    p.add_argument("--season", choices=("s1", "s2", "combined"), required=True)
    p.add_argument("--players", type=int, required=True, help="1 to 4 (s1, s2) or 2 to 8 (combined)")
    p.add_argument("--solo", choices=("easy", "normal", "hard"), help="a solo game (with --players 1)")
    p.add_argument("--policy", choices=("default", "random", "greedy"), default="default")
    p.add_argument("--seed", type=int, required=True)
    p.add_argument("--games", type=int, default=1)
    p.add_argument("--json", action="store_true", help="print one JSON document")
    p = sub.add_parser("chain", help="the causal chain graph of a resolution (what caused what)")
    p.add_argument("scenario", help="a scenario JSON file (DESIGN.md §2.2)")
    p.add_argument("--json", action="store_true", help="print the graph as node-link JSON")
    p = sub.add_parser("compare", help="resolve under other ruling options and show the difference")
    p.add_argument("scenario", help="a scenario JSON file (DESIGN.md §2.2)")
    p.add_argument("--ruling", action="append", default=[], metavar="NAME=VALUE",
                   help="a ruling option to change (repeatable); none: list the options that change the outcome")
    p.add_argument("--json", action="store_true", help="print one JSON document")
    p = sub.add_parser("app", help="serve the explorer in a browser (Voilà, on localhost) until stopped")
    p.add_argument("--port", type=int, default=8866, help="the port to serve on (default 8866)")
    p.add_argument("--no-browser", action="store_true", help="do not open a browser")
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
    if args.command == "app":
        from .app import app_command
        try:
            return app_command(args.port, not args.no_browser)
        except ValueError as e:
            print(f"fliptoons-explore: error: {e}", file=sys.stderr)
            return 2
    if args.command == "play":
        from .play import play_command
        try:
            output = play_command(args)
        except ValueError as e:
            print(f"fliptoons-explore: error: {e}", file=sys.stderr)
            return 2
        print(output)
        return 0
    try:
        scenario = read_scenario(args.scenario)
        if args.command == "round":
            game = play_round(scenario)
            output = (json.dumps(table_json(game.table, game.trace, fame_left=True), indent=1)
                      if args.json else round_text(game))
        elif args.command == "resolve":
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
