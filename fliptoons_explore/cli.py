"""The command line: a thin layer over the engine, for both games (docs/scenarios.md, What the
commands print).

SCENARIO.json may be `-` for standard input. A mistake is one line on stderr and exit code 2.
`resolve`, `round` and `chain` take a scenario of either game (a Flipology scenario says
`"game": "flipology"`).

    fliptoons-explore resolve SCENARIO.json [--json | --markdown]
    fliptoons-explore round SCENARIO.json [--json | --markdown]
    fliptoons-explore game SCENARIO.json [--json] [--policy P]
    fliptoons-explore play --season S --players N [--solo D] [--policy P] --seed S [--games G]
    [--jobs J] [--json] fliptoons-explore experiment NAME [--games N] [--jobs J] [--seed S] [--set
    K=V] [--json | --csv FILE] [--plot FILE.png] fliptoons-explore experiment --list
    fliptoons-explore tournament --policies P,Q,... (--season S | --variant V) --players N [--solo
    D] --games G [--seed S] [--simulations N] [--jobs J] [--json] fliptoons-explore chain
    SCENARIO.json [--json] fliptoons-explore compare SCENARIO.json [--ruling NAME=VALUE ...] [--all]
    [--json] fliptoons-explore flipology resolve SCENARIO.json [--json]
    fliptoons-explore flipology play --variant V --players N --seed S [--games G] [--policy P]
    [--jobs J] [--json] fliptoons-explore notebooks [DEST]
    fliptoons-explore app [SCENARIO.json] [--step N] [--port N] [--no-browser] [--pool N]
    fliptoons-explore --version
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import json
import os
import re
import signal
import sys
import textwrap

from . import __version__
from ._optional import MissingOptional
from .games import contract, contract_of
from .jsonio import ScenarioError, read_scenario
from .limits import MAX_INTEGER_DIGITS, one_line

JOBS_HELP = (
    "worker processes to spread the games over (default: %(default)s; the output is the "
    "same for any number)"
)
SCENARIO_HELP = "a scenario JSON file (see 'A scenario' below), or - to read standard input"

#: The end of every help page that reads a scenario: the format in brief, and where to find more.
SCENARIO_EPILOG = """\
A scenario is a JSON object; every key but "players" is optional:
  {"season": "s2",                        "s1", "s2" or "combined"
   "players": [{"name": "Ann",
                "deck": ["mosquito", "gorilla", "coyote"],   top first, revealed in this order
                "dismissed": [], "grid": null,               a grid built by hand skips the Flip
                "actions": [{"hire": "raccoon"}],            round, game: Market actions, in order
                "choices": ["crow"]}],                       answers to the player's decisions
   "market": ["raccoon", "hen", "fox"], "toon_deck": ["goldfish"], "rulings": {},
   "seed": 7, "round": 1, "solo": null,    game: the shuffles of later rounds; the round;
   "critics_choice": "Ann", "end_triggered": true, "start": "flip"}   ... (see docs/scenarios.md)
Card ids are lowercase English names ("hippopotamus"). The whole format: docs/scenarios.md.
`fliptoons-explore notebooks` copies the example scenarios (into ./fliptoons-notebooks/examples)
and the docs (./fliptoons-notebooks/docs) with the notebooks; a checkout has them in examples/
and docs/."""

DESCRIPTION = """\
Resolve FlipToons (Season 1, Season 2, both combined) and Flipology situations step by step:
every reveal, placement, stack, flip, return and fame point, with the event that caused it and
the rule it follows. Start with `fliptoons-explore notebooks` (the notebooks and example
scenarios), then e.g. `fliptoons-explore resolve fliptoons-notebooks/examples/crab-in-the-middle.json`."""  # noqa: E501

FLIPOLOGY_EPILOG = """\
A Flipology scenario is a JSON object with "game": "flipology"; every other key but "players" is optional:
  {"game": "flipology", "variant": "nature",     "nature", "great-tree" or "multi"
   "players": [{"name": "Joelle",
                "rows": [["dog", "frog:5", {"id": "cat:6", "face_up": true}]]}],   bottom row first, face down
   "discard": ["panda"],                                                        unless given face up
   "turns": [{"player": 0, "flip": [0, 1], "choices": [[1, 0, 0]]}],             [ROW, COL]; [PLAYER, ROW, COL]
   "end_choices": ["panda"], "rulings": {}}
Card ids are kinds ("hermit_crab"), with :POINTS for a value ("dog:6"); the kind alone is its lowest value.
The whole format: docs/scenarios.md."""  # noqa: E501


class _Parser(argparse.ArgumentParser):
    def error(self, message):  # one line, exit 2, like a bad scenario
        self.exit(2, f"{self.prog}: error: {one_line(message)}\n")


def _whole_number(text: str) -> int:
    """An integer argument of at most MAX_INTEGER_DIGITS digits (docs/limits.md)."""
    if not re.fullmatch(r"[+-]?[0-9]+", text.strip()):
        raise argparse.ArgumentTypeError("expected a whole number")
    digits = len(text.strip().lstrip("+-"))
    if digits > MAX_INTEGER_DIGITS:
        raise argparse.ArgumentTypeError(
            f"a number of {digits:,} digits (at most {MAX_INTEGER_DIGITS}, docs/limits.md)"
        )
    return int(text)


def _policy_of(game: str):
    """An argument type: a policy name of `game` ('fliptoons' or 'flipology'), checked by that
    game's `play.policy_name`."""

    def policy(text: str) -> str:
        from importlib import import_module

        try:
            import_module(f".{game}.play", __package__).policy_name(text)
        except ValueError as e:
            raise argparse.ArgumentTypeError(str(e)) from None
        return text

    return policy


_fliptoons_policy = _policy_of("fliptoons")
_flipology_policy = _policy_of("flipology")


def _flipology_simulations() -> int:
    from .flipology.search import DEFAULT_SIMULATIONS

    return DEFAULT_SIMULATIONS


def _default_simulations() -> str:
    from .fliptoons.search import DEFAULT_SIMULATIONS as n

    return f"{n['s1']} in Season 1, {n['s2']} in Season 2 and combined"


def _output_choice(p) -> None:
    out = p.add_mutually_exclusive_group()
    out.add_argument("--json", action="store_true", help="print one JSON document instead")
    out.add_argument(
        "--markdown",
        action="store_true",
        help="print it in Markdown instead: every event in words with its rule, the grids as "
        "text, the rules cited (for a forum post)",
    )


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="fliptoons-explore",
        description=DESCRIPTION,
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="Each command has its own help: fliptoons-explore COMMAND --help",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    sub = parser.add_subparsers(
        dest="command", required=True, parser_class=_Parser, metavar="command"
    )

    def command(name, help, description, epilog=None):
        return sub.add_parser(
            name,
            help=help,
            description=textwrap.fill(description, 78),
            epilog=epilog,
            formatter_class=argparse.RawDescriptionHelpFormatter,
        )

    def scenario_command(name, help, description):
        p = command(name, help, description, SCENARIO_EPILOG)
        p.add_argument("scenario", help=SCENARIO_HELP)
        return p

    p = scenario_command(
        "resolve",
        "Flip + Check Fame for every player of a scenario",
        "Resolve a scenario's Flip and Check Fame: each player's grid and fame "
        "per card, then the numbered trace (every event, its cause and its rule).",
    )
    _output_choice(p)
    p = scenario_command(
        "round",
        "+ the scripted Market actions and after-Market effects, stopping before Cleanup",
        "Play a scenario's round: Flip, Check Fame, each player's scripted Market "
        'actions ("actions") and the after-Market effects; stops before Cleanup.',
    )
    _output_choice(p)
    p = scenario_command(
        "game",
        "play a scenario on to the end of its game: Cleanup, the next rounds and the Final Flip",
        "Play a scenario's round as 'round' plays it, then Cleanup, the next rounds "
        'and the Final Flip (or, with "start": "final-flip", the Final Flip '
        "alone): each player's grid and fame as the game ends, every round's fame, "
        "the Final Flip and its re-flips, who won and why, then the trace of the "
        'whole game. Later rounds shuffle from the scenario\'s "seed"; what the '
        'scripts ("actions", "choices", each a list or a list of rounds) do not '
        "answer, the policy answers.",
    )
    p.add_argument("--json", action="store_true", help="print one JSON document instead")
    p.add_argument(
        "--policy",
        type=_fliptoons_policy,
        default="default",
        metavar="P",
        help="who answers what no script answers: default (the engine's documented "
        "defaults), random (from the scenario's seed), greedy, or montecarlo (a "
        "search; montecarlo:N searches N simulations a decision) (default: %(default)s)",
    )
    p = command(
        "play",
        "play whole games from a seed and print who won",
        "Play whole games, game k from seed SEED + k, every decision taken by a policy; "
        "one line per game, then the wins. Progress goes to standard error when it is a "
        "terminal.",
    )
    p.add_argument("--season", choices=("s1", "s2", "combined"), required=True)
    p.add_argument(
        "--players",
        type=_whole_number,
        required=True,
        help="2 to 4 (s1, s2) or 2 to 8 (combined); 1 with --solo",
    )
    p.add_argument(
        "--solo", choices=("easy", "normal", "hard"), help="a solo game (with --players 1)"
    )
    p.add_argument(
        "--policy",
        type=_fliptoons_policy,
        default="default",
        metavar="P",
        help="who decides: default (the engine's documented defaults), random, greedy, "
        "or montecarlo (a search; montecarlo:N searches N simulations a decision) "
        "(default: %(default)s)",
    )
    p.add_argument(
        "--simulations",
        type=_whole_number,
        metavar="N",
        help="montecarlo's budget: simulations a decision (default: the policy's own, "
        f"{_default_simulations()})",
    )
    p.add_argument("--seed", type=_whole_number, required=True)
    p.add_argument(
        "--games", type=_whole_number, default=1, help="how many games (default: %(default)s)"
    )
    p.add_argument("--jobs", type=_whole_number, default=1, help=JOBS_HELP)
    p.add_argument("--json", action="store_true", help="print one JSON document instead")
    p = command(
        "tournament",
        "policies against each other: their win shares with intervals",
        "Play seeded games of the policies against each other, game k from seed SEED + k "
        "with the seats turned k places (seat i plays the (i + k)-th name, the names "
        "repeating round the table), and print each policy's share of its seats' games "
        "won, ties shared, with a 95% Wilson interval and a fair share beside it. Solo "
        "(--players 1 --solo D): every policy plays every seed.",
    )
    p.add_argument(
        "--policies",
        required=True,
        metavar="P,Q,...",
        help="policy names separated by commas: default, random, greedy, montecarlo, "
        "montecarlo:N (N simulations a decision)",
    )
    where = p.add_mutually_exclusive_group(required=True)
    where.add_argument("--season", choices=("s1", "s2", "combined"), help="a FlipToons tournament")
    where.add_argument(
        "--variant", choices=("nature", "great-tree", "multi"), help="a Flipology tournament"
    )
    p.add_argument(
        "--players",
        type=_whole_number,
        required=True,
        help="2 to 4 (s1, s2) or 2 to 8 (combined); 1 with --solo; Flipology: 2 to 8 (nature, "
        "multi), "
        "2 to 4 (great-tree)",
    )
    p.add_argument(
        "--solo", choices=("easy", "normal", "hard"), help="a solo game (with --players 1)"
    )
    p.add_argument("--games", type=_whole_number, required=True, help="how many games")
    p.add_argument(
        "--seed", type=_whole_number, default=0, help="the first seed (default: %(default)s)"
    )
    p.add_argument(
        "--simulations",
        type=_whole_number,
        metavar="N",
        help="montecarlo's budget: simulations a decision (default: the policy's own, "
        f"{_default_simulations()})",
    )
    p.add_argument("--jobs", type=_whole_number, default=1, help=JOBS_HELP)
    p.add_argument("--json", action="store_true", help="print one JSON document instead")
    p = scenario_command(
        "chain",
        "the causal chain graph of a resolution (what caused what)",
        "Resolve a scenario (or play its round, when a player has Market "
        '"actions") and print what caused what: every event that has a cause '
        "or an effect, as a tree, and the longest chain.",
    )
    p.add_argument("--json", action="store_true", help="print the whole graph as node-link JSON")
    p = scenario_command(
        "compare",
        "resolve under other ruling options and show the difference",
        "Resolve a scenario under its ruling options and with --ruling changes, "
        "and show what changes; without --ruling, list the options that would "
        'change the outcome. A scenario with Market "actions" plays its round.',
    )
    p.add_argument(
        "--ruling",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a ruling option to change (repeatable); none: list the options that change the "
        "outcome",
    )
    p.add_argument(
        "--all",
        action="store_true",
        dest="everything",
        help="show every player and card, not only those that change",
    )
    p.add_argument("--json", action="store_true", help="print one JSON document instead")
    p = command(
        "flipology",
        "Flipology: resolve a scenario, or play whole games from a seed",
        "Flipology (Nature, the Great Tree, the multi-game variant): resolve a scenario's turns "
        "and "
        "count the end of the game, or play whole games from a seed.",
        FLIPOLOGY_EPILOG,
    )
    fsub = p.add_subparsers(
        dest="flipology_command", required=True, parser_class=_Parser, metavar="command"
    )
    f = fsub.add_parser(
        "resolve",
        help="a scenario's turns, then the end-of-game count",
        description="Resolve a Flipology scenario: its turns in order (each flips the card it "
        "names and answers its decisions from its choices), then the end of the game: "
        "each player's rows, score and its parts, the winners, and the numbered trace.",
        epilog=FLIPOLOGY_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    f.add_argument("scenario", help="a Flipology scenario JSON file, or - to read standard input")
    f.add_argument("--json", action="store_true", help="print one JSON document instead")
    f = fsub.add_parser(
        "play",
        help="play whole games from a seed and print who won",
        description="Play whole Flipology games, game k from seed SEED + k, every decision taken "
        "by a policy; one line per game, then the wins.",
    )
    f.add_argument("--variant", choices=("nature", "great-tree", "multi"), required=True)
    f.add_argument(
        "--players",
        type=_whole_number,
        required=True,
        help="2 to 8 (nature, multi) or 2 to 4 (great-tree)",
    )
    f.add_argument("--seed", type=_whole_number, required=True)
    f.add_argument(
        "--games", type=_whole_number, default=1, help="how many games (default: %(default)s)"
    )
    f.add_argument(
        "--policy",
        type=_flipology_policy,
        default="default",
        metavar="P",
        help="who decides: default (the engine's documented defaults), random, greedy, or "
        "montecarlo[:N] "
        "(the search, N simulations a decision; default "
        f"{_flipology_simulations()}) (default: %(default)s)",
    )
    f.add_argument(
        "--no-moon",
        action="store_true",
        help="leave the Moon out (the rulebook's advice for learners)",
    )
    f.add_argument("--no-wolves", action="store_true", help="leave the two Wolves out")
    f.add_argument(
        "--deck", metavar="FILE.csv", help="a deck table of your own (columns id,copies)"
    )
    f.add_argument("--jobs", type=_whole_number, default=1, help=JOBS_HELP)
    f.add_argument("--json", action="store_true", help="print one JSON document instead")
    p = command(
        "experiment",
        "run a built-in experiment: many seeded games as a table, its summary, a plot",
        "Run a built-in experiment (--list names them): many seeded games or resolutions, game k "
        "of "
        "every cell from seed SEED + k, spread over worker processes; prints the summary table. "
        "--csv writes one row per game (or per player and game) with what replays it, the same "
        "file for any --jobs. Progress goes to standard error when it is a terminal.",
    )
    p.add_argument("name", nargs="?", help="the experiment (see --list)")
    p.add_argument(
        "--list", action="store_true", help="list the experiments, their questions and parameters"
    )
    p.add_argument(
        "--games",
        type=_whole_number,
        help="games (or resolutions, or seeds) per cell (default: the experiment's own)",
    )
    p.add_argument(
        "--jobs", type=_whole_number, help="worker processes (default: every core; 1: this process)"
    )
    p.add_argument(
        "--seed", type=_whole_number, default=0, help="the first seed (default: %(default)s)"
    )
    p.add_argument(
        "--set",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="an experiment parameter (repeatable; lists separated by commas), e.g. --set "
        "players=2,4",
    )
    out = p.add_mutually_exclusive_group()
    out.add_argument(
        "--json", action="store_true", help="print one JSON document (summary and rows) instead"
    )
    out.add_argument("--csv", metavar="FILE", help="write the rows to FILE as CSV")
    p.add_argument(
        "--plot", metavar="FILE.png", help="draw the summary into FILE.png (needs matplotlib)"
    )
    p = command(
        "notebooks",
        "copy the teaching notebooks and example scenarios out",
        "Copy the teaching notebooks into DEST, the example scenarios into DEST/examples "
        "and the docs (the scenario format, how the engine reads the rules) into "
        "DEST/docs, then say how to open them. Refuses to overwrite a file that exists.",
    )
    p.add_argument(
        "dest",
        nargs="?",
        default="fliptoons-notebooks",
        help="the folder to copy them into (default: ./%(default)s)",
    )
    p = command(
        "app",
        "serve the explorer in a browser (Voilà, on localhost) until stopped",
        "Serve the explorer (catalog, builder, stepper, chain view, rulings) as a web app on "
        "localhost with Voilà, until stopped with Ctrl-C, SIGTERM or by closing the terminal "
        "(each stops every kernel it started); it needs no notebook of yours. With a "
        "scenario file, every page opens on it, at --step.",
    )
    p.add_argument(
        "scenario", nargs="?", help="a scenario JSON file to open the explorer on (optional)"
    )
    p.add_argument(
        "--step", type=_whole_number, help="the step to open it at (-1: before the first event)"
    )
    p.add_argument(
        "--port",
        type=_whole_number,
        default=8866,
        help="the port to serve on (default: %(default)s)",
    )
    p.add_argument("--no-browser", action="store_true", help="do not open a browser")
    p.add_argument(
        "--pool",
        type=_whole_number,
        default=4,
        help="kernels started ahead, so that a page opens at once; about 100 MB each "
        "(default: %(default)s; 0: one started per page)",
    )
    return parser


def _fail(error: Exception) -> int:
    """A mistake: one line on stderr (whatever its text holds), exit code 2."""
    print(f"fliptoons-explore: error: {one_line(str(error))}", file=sys.stderr)
    return 2


def _quiet_exit(command):
    """A closed pipe (`... | head -1`) ends the command quietly, as Python's documentation on
    SIGPIPE recommends; a missing optional package is one line naming the extra to install."""

    @functools.wraps(command)
    def run(argv: list[str] | None = None) -> int:
        try:
            code = command(argv)
            sys.stdout.flush()
            return code
        except BrokenPipeError:
            devnull = os.open(os.devnull, os.O_WRONLY)  # Python flushes stdout again at exit
            os.dup2(devnull, sys.stdout.fileno())
            return 1
        except MissingOptional as e:
            print(f"fliptoons-explore: error: {e}", file=sys.stderr)
            return 1

    return run


@contextlib.contextmanager
def _stopped_by_sigterm():
    """SIGTERM ends a long run as Ctrl-C does: its worker processes are stopped on the way out."""

    def stop(signum, frame):
        raise KeyboardInterrupt

    try:
        before = signal.signal(signal.SIGTERM, stop)
    except ValueError:  # not the main thread: leave the signal alone
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, before)


def scenario_command(scenario, args) -> str:
    """`resolve`, `round`, `game`, `chain`, `compare` or `flipology resolve` of a scenario, of
    whichever game it is (`flipology resolve` takes a Flipology scenario only)."""
    if args.command == "chain":
        from .chains import chain_command

        return chain_command(scenario, as_json=args.json)
    if args.command == "compare":
        from .analysis.compare import compare_command

        return compare_command(scenario, args.ruling, as_json=args.json, everything=args.everything)
    game = contract("flipology") if args.command == "flipology" else contract_of(scenario)
    if args.command == "flipology":
        game.check(scenario)
    markdown = bool(getattr(args, "markdown", False))
    if args.command == "game":
        seed = scenario.get("seed", 0) if isinstance(scenario, dict) else 0
        policy = game.make_policy(args.policy, seed if isinstance(seed, int) else 0)
        result = game.play_game(scenario, policy)
    elif args.command == "round":
        result = game.play_round(scenario, record=markdown)
    else:
        result = game.resolve(scenario, record=markdown)
    if markdown:
        play = "round" if args.command == "round" else "resolve"
        return game.markdown(result, play).rstrip("\n")
    return json.dumps(result.to_json(), indent=1) if args.json else game.text(result)


def notebooks_command(dest: str) -> str:
    """`fliptoons-explore notebooks [DEST]`: copy the notebooks out and say how to open them;
    ValueError (one line) if a file is in the way or DEST cannot be written."""
    from importlib.util import find_spec

    from .material import copy_notebooks

    try:
        written = copy_notebooks(dest)
    except FileExistsError as e:
        raise ValueError(str(e)) from None
    except OSError as e:
        raise ValueError(f"{dest}: cannot copy the notebooks there ({e.strerror})") from None
    count = {
        folder: sum(p.parent.name == folder for p in written) for folder in ("examples", "docs")
    }
    notebooks = len(written) - sum(count.values())
    lines = [
        f"copied {notebooks} notebooks into {dest}/, {count['examples']} files into "
        f"{dest}/examples/ and {count['docs']} into {dest}/docs/"
    ]
    if find_spec("jupyterlab") is None:
        lines.append("JupyterLab is not installed: pip install 'fliptoons_explore[notebooks]'")
    lines.append(f"open them with: jupyter lab {dest}")
    return "\n".join(lines)


@_quiet_exit
def main(argv: list[str] | None = None) -> int:
    for stream in (sys.stdout, sys.stderr):  # any name prints, whatever the terminal's encoding
        if hasattr(stream, "reconfigure"):
            stream.reconfigure(errors="backslashreplace")
    args = _parser().parse_args(argv)
    if args.command == "app":
        from .app.command import app_command

        try:
            return app_command(args.scenario, args.step, args.port, not args.no_browser, args.pool)
        except ValueError as e:
            return _fail(e)
    if args.command == "notebooks":
        try:
            print(notebooks_command(args.dest))
        except ValueError as e:
            return _fail(e)
        return 0
    if (
        args.command in ("play", "experiment", "tournament")
        or args.command == "flipology"
        and args.flipology_command == "play"
    ):
        if args.command == "play":
            from .fliptoons.play import play_command
        elif args.command == "tournament":
            from .experiment_command import tournament_command as play_command
        elif args.command == "experiment":
            from .experiment_command import experiment_command as play_command
        else:
            from .flipology.play import play_command
        try:
            with _stopped_by_sigterm():
                output = play_command(args)
        except ValueError as e:
            return _fail(e)
        except KeyboardInterrupt:
            print("fliptoons-explore: interrupted", file=sys.stderr)
            return 130
        print(output)
        return 0
    try:
        output = scenario_command(read_scenario(args.scenario), args)
    except ScenarioError as e:
        return _fail(e)
    print(output)
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
