"""The command line's parser (every command, its options, its help) and `main`, which runs the
command the arguments name and turns its mistakes into one line on stderr and exit code 2.

A command reaches a game through its contract (`games.GameContract`): a scenario's own game
(`games.contract_of`), or, for a game's own commands (`play`, `game --policy`, the `flipology`
commands), the game named where the command is declared below.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import os
import re
import signal
import sys
import textwrap

from .. import __version__
from .._optional import MissingOptional
from ..games import DEFAULT_GAME, contract
from ..jsonio import ScenarioError, read_scenario
from ..limits import MAX_INTEGER_DIGITS, one_line

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
    """An argument type: a policy name of the game named `game`, checked by its contract's
    `policy_name`."""

    def policy(text: str) -> str:
        try:
            contract(game).policy_name(text)
        except ValueError as e:
            raise argparse.ArgumentTypeError(str(e)) from None
        return text

    return policy


def _budget(game: str) -> str:
    """The search's default budget a decision of the game named `game`, in words (its
    contract's `search_budget`), for a help text."""
    return contract(game).search_budget


#: The policy names of the game of the commands `play` and `game --policy`: the game of a
#: scenario without a "game" key.
_default_policy = _policy_of(DEFAULT_GAME)


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
        p.set_defaults(run="scenario", play=name, game=None)  # the scenario's own game
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
        type=_default_policy,
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
    p.set_defaults(run="play", game=DEFAULT_GAME)
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
        type=_default_policy,
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
        f"{_budget(DEFAULT_GAME)})",
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
    p.set_defaults(run="tournament")
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
        f"{_budget(DEFAULT_GAME)})",
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
    game = "flipology"  # the game this command and its subcommands are named after
    p = command(
        game,
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
    f.set_defaults(run="scenario", play="resolve", game=game)
    f.add_argument("scenario", help="a Flipology scenario JSON file, or - to read standard input")
    f.add_argument("--json", action="store_true", help="print one JSON document instead")
    f = fsub.add_parser(
        "play",
        help="play whole games from a seed and print who won",
        description="Play whole Flipology games, game k from seed SEED + k, every decision taken "
        "by a policy; one line per game, then the wins.",
    )
    f.set_defaults(run="play", game=game)
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
        type=_policy_of(game),
        default="default",
        metavar="P",
        help="who decides: default (the engine's documented defaults), random, greedy, or "
        "montecarlo[:N] "
        "(the search, N simulations a decision; default "
        f"{_budget(game)}) (default: %(default)s)",
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
        "every cell from seed SEED + k, spread over worker processes; prints the summary table "
        "with 95% intervals and n, who played and how to read it. "
        "--csv writes one row per game (or per player and game) with what replays it, the same "
        "file for any --jobs. Progress goes to standard error when it is a terminal.",
    )
    p.set_defaults(run="experiment")
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
        "copy the course, the workshop and the example scenarios out",
        "Copy the course (lessons that teach the games, from 00_the_game) into DEST/course, the "
        "workshop (the package, rulings, ability chains, experiments) into DEST/workshop, the "
        "example scenarios into DEST/examples "
        "and the docs (the scenario format, how the engine reads the rules) into "
        "DEST/docs, then say how to open them. Refuses to overwrite a file that exists.",
    )
    p.set_defaults(run="notebooks")
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
    p.set_defaults(run="app")
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


def _run_scenario(args) -> int:
    """A command that plays one scenario (`scenario.scenario_output`); a bad scenario is one
    line."""
    from .scenario import scenario_output

    try:
        output = scenario_output(read_scenario(args.scenario), args)
    except ScenarioError as e:
        return _fail(e)
    print(output)
    return 0


def _play(args) -> str:
    """A game's `play` command: its contract's (`GameContract.play_command`)."""
    return contract(args.game).play_command(args)


def _experiment(args) -> str:
    from .experiment import experiment_command

    return experiment_command(args)


def _tournament(args) -> str:
    from .tournament import tournament_command

    return tournament_command(args)


def _long_run(command):
    """A command that plays many games: a mistake is one line; SIGTERM or Ctrl-C stops its
    workers and exits with 130."""

    def run(args) -> int:
        try:
            with _stopped_by_sigterm():
                output = command(args)
        except ValueError as e:
            return _fail(e)
        except KeyboardInterrupt:
            print("fliptoons-explore: interrupted", file=sys.stderr)
            return 130
        print(output)
        return 0

    return run


def _run_notebooks(args) -> int:
    from .notebooks import notebooks_command

    try:
        print(notebooks_command(args.dest))
    except ValueError as e:
        return _fail(e)
    return 0


def _run_app(args) -> int:
    from ..app.command import app_command

    try:
        return app_command(args.scenario, args.step, args.port, not args.no_browser, args.pool)
    except ValueError as e:
        return _fail(e)


#: How each kind of command (a parser's `run`) is run.
RUNS = {
    "scenario": _run_scenario,
    "play": _long_run(_play),
    "experiment": _long_run(_experiment),
    "tournament": _long_run(_tournament),
    "notebooks": _run_notebooks,
    "app": _run_app,
}


@_quiet_exit
def main(argv: list[str] | None = None) -> int:
    """Run the command `argv` names (default: the program's arguments); its exit code."""
    for stream in (sys.stdout, sys.stderr):  # any name prints, whatever the terminal's encoding
        if hasattr(stream, "reconfigure"):
            stream.reconfigure(errors="backslashreplace")
    args = _parser().parse_args(argv)
    return RUNS[args.run](args)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
