"""The command line: a thin layer over the engine (DESIGN.md §2.3).

SCENARIO.json may be `-` for standard input. A mistake is one line on stderr and exit code 2.

    fliptoons-explore resolve SCENARIO.json [--json]
    fliptoons-explore round SCENARIO.json [--json]
    fliptoons-explore play --season S --players N [--solo D] [--policy P] --seed S [--games G] [--json]
    fliptoons-explore chain SCENARIO.json [--json]
    fliptoons-explore compare SCENARIO.json [--ruling NAME=VALUE ...] [--json]
"""
from __future__ import annotations

import argparse
import json
import re
import sys

from .engine import play_round, resolve
from .limits import MAX_INTEGER_DIGITS, one_line
from .scenario import ScenarioError, read_scenario, table_json
from .text import resolution_text, round_text

SCENARIO_HELP = "a scenario JSON file (DESIGN.md §2.2), or - to read standard input"


class _Parser(argparse.ArgumentParser):
    def error(self, message):  # one line, exit 2, like a bad scenario
        self.exit(2, f"{self.prog}: error: {one_line(message)}\n")


def _whole_number(text: str) -> int:
    """An integer argument of at most MAX_INTEGER_DIGITS digits (docs/limits.md)."""
    if not re.fullmatch(r"[+-]?[0-9]+", text.strip()):
        raise argparse.ArgumentTypeError("expected a whole number")
    digits = len(text.strip().lstrip("+-"))
    if digits > MAX_INTEGER_DIGITS:
        raise argparse.ArgumentTypeError(f"a number of {digits:,} digits (at most {MAX_INTEGER_DIGITS}, "
                                         "docs/limits.md)")
    return int(text)


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="fliptoons-explore",
                     description="Resolve FlipToons situations step by step, citing the rules.")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    p = sub.add_parser("resolve", help="Flip + Check Fame for every player of a scenario")
    p.add_argument("scenario", help=SCENARIO_HELP)
    p.add_argument("--json", action="store_true", help="print one JSON document")
    p = sub.add_parser("round", help="+ the scripted Market actions and after-Market effects, "
                                     "stopping before Cleanup")
    p.add_argument("scenario", help=SCENARIO_HELP)
    p.add_argument("--json", action="store_true", help="print one JSON document")
    p = sub.add_parser("play", help="play whole games and print who won")
    p.add_argument("--season", choices=("s1", "s2", "combined"), required=True)
    p.add_argument("--players", type=_whole_number, required=True, help="2 to 4 (s1, s2) or 2 to 8 (combined); 1 with --solo")
    p.add_argument("--solo", choices=("easy", "normal", "hard"), help="a solo game (with --players 1)")
    p.add_argument("--policy", choices=("default", "random", "greedy"), default="default")
    p.add_argument("--seed", type=_whole_number, required=True)
    p.add_argument("--games", type=_whole_number, default=1)
    p.add_argument("--json", action="store_true", help="print one JSON document")
    p = sub.add_parser("chain", help="the causal chain graph of a resolution (what caused what)")
    p.add_argument("scenario", help=SCENARIO_HELP)
    p.add_argument("--json", action="store_true", help="print the graph as node-link JSON")
    p = sub.add_parser("compare", help="resolve under other ruling options and show the difference")
    p.add_argument("scenario", help=SCENARIO_HELP)
    p.add_argument("--ruling", action="append", default=[], metavar="NAME=VALUE",
                   help="a ruling option to change (repeatable); none: list the options that change the outcome")
    p.add_argument("--json", action="store_true", help="print one JSON document")
    p = sub.add_parser("app", help="serve the explorer in a browser (Voilà, on localhost) until stopped")
    p.add_argument("--port", type=int, default=8866, help="the port to serve on (default 8866)")
    p.add_argument("--no-browser", action="store_true", help="do not open a browser")
    return parser


def _fail(error: Exception) -> int:
    """A mistake: one line on stderr (whatever its text holds), exit code 2."""
    print(f"fliptoons-explore: error: {one_line(str(error))}", file=sys.stderr)
    return 2


def main(argv: list[str] | None = None) -> int:
    for stream in (sys.stdout, sys.stderr):  # any name prints, whatever the terminal's encoding
        if hasattr(stream, "reconfigure"):
            stream.reconfigure(errors="backslashreplace")
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
            return _fail(e)
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
        return _fail(e)
    print(output)
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
