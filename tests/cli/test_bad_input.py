"""The command line's contract for bad and good input (docs/scenarios.md: scenario
files and what the commands print).

Every test runs the command's `main` on a scenario written to a temporary file, in this process
(`inprocess.run_cli`: hundreds of runs in seconds); `test_python_dash_m` and `test_console_script`
run the real command in a subprocess, and show that it gives the same output. Nothing here needs
../shared.

A bad scenario must give exit code 2, nothing on stdout, and exactly one line on stderr (no
traceback) that names the field as a path (`players[0].deck[2]`) and what was expected (or the
closest card ids). More copies of a card than the season owns is not an error: the output says so.
Hostile input (huge numbers, deep nesting, control characters, the limits) is in
test_input_checked_at_every_door.py, generated bad input in test_fuzz.py.
"""

from __future__ import annotations

import contextlib
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from inprocess import run_cli
from util import CHECK_FAME_EXAMPLE

COMMAND = [sys.executable, "-m", "fliptoons_explore"]
MODES = {"json": ["--json"], "text": []}


def run(*args: str, cwd: Path | None = None, command=None) -> subprocess.CompletedProcess:
    """The command line on `args`: its `main` in this process (in `cwd`), or with `command` (a
    command in a list: `COMMAND`, the console script) in a subprocess. An exception that escapes
    `main` shows as its traceback on stderr, as it would in a subprocess."""
    if command is None:
        with contextlib.chdir(cwd or Path.cwd()):
            done = run_cli(list(args))
        return subprocess.CompletedProcess(args, done.code, done.out, done.err + done.crash)
    return subprocess.run(
        [*command, *args],
        capture_output=True,
        text=True,
        encoding="utf-8",
        errors="replace",
        timeout=120,
        cwd=cwd,
    )


def write(tmp_path: Path, scenario, name: str = "scenario.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(scenario), encoding="utf-8")
    return path


def resolve(tmp_path: Path, scenario, *flags: str) -> subprocess.CompletedProcess:
    return run("resolve", str(write(tmp_path, scenario)), *flags, cwd=tmp_path)


def names_field(line: str, field: str) -> bool:
    """`field` appears as a whole path: `players[0].deck` does not match `players[0].deck[2]`."""
    return re.search(re.escape(field) + r"(?![\w\[.])", line) is not None


def assert_bad(result: subprocess.CompletedProcess, field: str, *expected: str) -> str:
    """Exit 2, empty stdout, one line on stderr naming `field` and every `expected` fragment
    (fragments compare case-insensitively)."""
    err = result.stderr
    assert "Traceback" not in err, f"traceback instead of a one-line message:\n{err}"
    assert result.returncode == 2, f"exit code {result.returncode}, expected 2; stderr:\n{err}"
    assert result.stdout == "", f"something was written on stdout:\n{result.stdout[:2000]}"
    lines = err.splitlines()
    assert len(lines) == 1, f"expected exactly one line on stderr, got {len(lines)}:\n{err}"
    line = lines[0]
    assert names_field(line, field), f"the message does not name the field {field!r}: {line}"
    for fragment in expected:
        assert fragment.lower() in line.lower(), f"the message does not say {fragment!r}: {line}"
    return line


def assert_ok(result: subprocess.CompletedProcess) -> None:
    assert "Traceback" not in result.stderr, result.stderr
    assert result.returncode == 0, f"exit code {result.returncode}; stderr:\n{result.stderr}"
    assert result.stdout.strip(), "nothing on stdout"


# -- scenario builders ------------------------------------------------------------------------


def s2(**top) -> dict:
    """A small valid Season 2 scenario, with top-level keys replaced."""
    scenario = {
        "season": "s2",
        "players": [
            {"name": "Jordy", "deck": ["mosquito", "capybara", "grasshopper", "rat"]},
            {"name": "Renato", "deck": ["mosquito", "spider", "ladybug", "firefly"]},
        ],
    }
    scenario.update(top)
    return scenario


def player(**fields) -> dict:
    """Jordy with fields replaced (a field set to ... is removed)."""
    p = {"name": "Jordy", "deck": ["mosquito", "capybara", "mosquito", "grasshopper"]}
    p.update(fields)
    return {k: v for k, v in p.items() if v is not ...}


def with_player(p: dict, season: str = "s2", second: bool = False, **top) -> dict:
    """A scenario whose first player (or, with `second`, second player) is `p`."""
    other = {
        "name": "Renato",
        "deck": ["caterpillar", "bee"] if season == "s1" else ["mosquito", "spider"],
    }
    scenario = {"season": season, "players": [other, p] if second else [p, other]}
    scenario.update(top)
    return scenario


def grid(*rows) -> dict:
    """A one-player scenario whose player has a hand-built grid of `rows`."""
    return with_player(player(grid=list(rows), deck=[]))


UP = [["mosquito"], ["capybara"], ["mosquito"]]
LOW = [["grasshopper", "rat"], ["firefly"], ["groundhog"]]

# An S1 grid with a Cow in the upper middle: adjacent lion (left), bear (right), deer (below);
# the tiger (lower right) and the pig (lower left) are not adjacent to it.
COW_GRID = [[["lion"], ["cow"], ["bear"]], [["pig"], ["deer"], ["tiger"]]]


def cow_scenario(choices, grid_rows=COW_GRID, season="s1", second=False) -> dict:
    p = {"name": "Ann", "grid": grid_rows, "choices": choices}
    other = {"name": "Bo", "deck": ["caterpillar", "bee"]}
    return {"season": season, "players": [other, p] if second else [p, other]}


# -- bad scenarios: (scenario, field, expected fragments) -------------------------------------

BAD = [
    # Unknown card ids: the field, the id, the closest known ids.
    pytest.param(
        with_player(player(deck=["mosquito", "capybara", "crabb"])),
        "players[0].deck[2]",
        ['"crabb"', 'did you mean "crab"'],
        id="unknown-id-deck",
    ),
    pytest.param(
        with_player(player(deck=["Crab"])),
        "players[0].deck[0]",
        ['"Crab"', 'did you mean "crab"'],
        id="unknown-id-capitalised",
    ),
    pytest.param(
        with_player(player(deck=["mosquito", "hippo"])),
        "players[0].deck[1]",
        ['"hippo"', 'did you mean "hippopotamus"'],
        id="unknown-id-short-name",
    ),
    pytest.param(
        with_player(player(deck=["mosquito", " hen"])),
        "players[0].deck[1]",
        ['did you mean "hen"'],
        id="unknown-id-leading-space",
    ),
    pytest.param(
        with_player(player(deck=[""])),
        "players[0].deck[0]",
        ["unknown card id"],
        id="unknown-id-empty-string",
    ),
    pytest.param(
        with_player(player(dismissed=["crwo"]), second=True),
        "players[1].dismissed[0]",
        ['"crwo"', 'did you mean "crow"'],
        id="unknown-id-dismissed",
    ),
    pytest.param(
        s2(market=["hen", "racoon"]),
        "market[1]",
        ['"racoon"', 'did you mean "raccoon"'],
        id="unknown-id-market",
    ),
    pytest.param(
        s2(toon_deck=["goldfsh"]),
        "toon_deck[0]",
        ['"goldfsh"', 'did you mean "goldfish"'],
        id="unknown-id-toon-deck",
    ),
    pytest.param(
        grid([["mosquito"], ["capybarra"], None], LOW),
        "players[0].grid[0][1][0]",
        ['"capybarra"', 'did you mean "capybara"'],
        id="unknown-id-grid-cell",
    ),
    pytest.param(
        grid(UP, [["grasshopper", {"id": "ratt", "face_up": True}], None, None]),
        "players[0].grid[1][0][1].id",
        ['"ratt"', 'did you mean "rat"'],
        id="unknown-id-grid-object",
    ),
    pytest.param(
        with_player(player(choices=["crowe"])),
        "players[0].choices[0]",
        ['"crowe"', 'did you mean "crow"'],
        id="unknown-id-choice",
    ),
    pytest.param(
        with_player(player(actions=[{"hire": "racoon"}])),
        "players[0].actions[0].hire",
        ['"racoon"', 'did you mean "raccoon"'],
        id="unknown-id-hire",
    ),
    pytest.param(
        with_player(player(actions=[{"skip": True}, {"dismiss": "grashopper"}])),
        "players[0].actions[1].dismiss",
        ['"grashopper"', 'did you mean "grasshopper"'],
        id="unknown-id-dismiss",
    ),
    # A card of the other season in an "s1" / "s2" scenario.
    pytest.param(
        with_player(player(deck=["mosquito", "cow"])),
        "players[0].deck[1]",
        ['"cow"', "s1", "combined"],
        id="other-season-s1-card-in-s2",
    ),
    pytest.param(
        with_player(player(deck=["caterpillar"]), season="s1", market=["capybara"]),
        "market[0]",
        ['"capybara"', "s2", "combined"],
        id="other-season-s2-card-in-s1-market",
    ),
    pytest.param(
        {"players": [{"deck": ["mosquito"]}], "toon_deck": ["goldfish", "lion"]},
        "toon_deck[1]",
        ['"lion"', "s1"],
        id="other-season-default-season-is-s2",
    ),
    pytest.param(
        {"season": "s1", "players": [{"grid": [[None, None, None], [None, ["crab"], None]]}]},
        "players[0].grid[1][1][0]",
        ['"crab"', "s2"],
        id="other-season-in-grid",
    ),
    pytest.param(
        with_player(player(deck=["caterpillar"], choices=["raccoon"]), season="s1"),
        "players[0].choices[0]",
        ['"raccoon"', "s2"],
        id="other-season-in-choices",
    ),
    pytest.param(
        with_player(player(actions=[{"hire": "pig"}])),
        "players[0].actions[0].hire",
        ['"pig"', "s1"],
        id="other-season-in-hire",
    ),
    pytest.param(
        with_player(player(dismissed=["skunk"]), second=True),
        "players[1].dismissed[0]",
        ['"skunk"', "s1"],
        id="other-season-starting-card",
    ),
    # The scenario itself, and its top-level fields.
    pytest.param([CHECK_FAME_EXAMPLE], "scenario", ["object"], id="scenario-is-a-list"),
    pytest.param(None, "scenario", ["object"], id="scenario-is-null"),
    pytest.param("players", "scenario", ["object"], id="scenario-is-a-string"),
    pytest.param(s2(seasons="s2"), "seasons", ["unknown field", "season"], id="unknown-top-field"),
    pytest.param({"season": "s2"}, "players", ["missing", "1 to 8"], id="players-missing"),
    pytest.param(
        s2(players={"name": "Jordy", "deck": []}), "players", ["list"], id="players-not-a-list"
    ),
    pytest.param(s2(players=None), "players", ["list"], id="players-null"),
    pytest.param(s2(players=[]), "players", ["1 to 8", "0"], id="players-zero"),
    pytest.param(
        s2(players=[{"name": f"P{i}", "deck": ["mosquito"]} for i in range(9)]),
        "players",
        ["1 to 8", "9"],
        id="players-nine",
    ),
    pytest.param(
        s2(players=[{"deck": []} for _ in range(100)]),
        "players",
        ["1 to 8", "100"],
        id="players-hundred",
    ),
    pytest.param(
        s2(season="s3"), "season", ['"s1"', '"s2"', '"combined"', '"s3"'], id="season-unknown"
    ),
    pytest.param(s2(season="S2"), "season", ['"s2"', '"S2"'], id="season-capitalised"),
    pytest.param(s2(season=2), "season", ['"s1"', '"s2"', '"combined"'], id="season-number"),
    pytest.param(s2(season=None), "season", ['"s1"', '"s2"', '"combined"'], id="season-null"),
    pytest.param(s2(season=["s2"]), "season", ['"s1"', '"s2"', '"combined"'], id="season-list"),
    pytest.param(
        s2(season={"name": "s2"}), "season", ['"s1"', '"s2"', '"combined"'], id="season-object"
    ),
    pytest.param(s2(first_player=2), "first_player", ["0 to 1", "2"], id="first-player-too-big"),
    pytest.param(s2(first_player=-1), "first_player", ["0 to 1", "-1"], id="first-player-negative"),
    pytest.param(
        {"players": [{"deck": []}], "first_player": 1},
        "first_player",
        ["0 to 0"],
        id="first-player-solo",
    ),
    pytest.param(s2(first_player="0"), "first_player", ["index"], id="first-player-string"),
    pytest.param(s2(first_player=True), "first_player", ["index"], id="first-player-bool"),
    pytest.param(s2(first_player=None), "first_player", ["index"], id="first-player-null"),
    pytest.param(s2(first_player=0.5), "first_player", ["index"], id="first-player-float"),
    pytest.param(
        s2(market=["salamander", "groundhog", "rat", "goldfish", "mole", "hen"]),
        "market",
        ["6", "5"],
        id="market-six-cards-in-s2",
    ),
    pytest.param(
        with_player(
            player(deck=["caterpillar"]),
            season="s1",
            market=["ostrich", "eagle", "donkey", "butterfly", "dog", "goat"],
        ),
        "market",
        ["6", "5"],
        id="market-six-cards-in-s1",
    ),
    pytest.param(
        s2(
            season="combined",
            market=[
                "ostrich",
                "eagle",
                "donkey",
                "butterfly",
                "dog",
                "goat",
                "salamander",
                "groundhog",
            ],
        ),
        "market",
        ["8", "7"],
        id="market-eight-cards-in-combined",
    ),
    pytest.param(s2(market="raccoon"), "market", ["list"], id="market-not-a-list"),
    pytest.param(s2(market=[None, "hen"]), "market[0]", ["card id"], id="market-null-slot"),
    pytest.param(
        s2(toon_deck={"top": "goldfish"}), "toon_deck", ["list"], id="toon-deck-not-a-list"
    ),
    pytest.param(s2(toon_deck=["goldfish", 7]), "toon_deck[1]", ["card id"], id="toon-deck-number"),
    # Ruling options: unknown names and values.
    pytest.param(s2(rulings=["cow_copies"]), "rulings", ["object"], id="rulings-not-an-object"),
    pytest.param(
        s2(rulings={"cow_copy": "total"}),
        "rulings.cow_copy",
        ["unknown ruling option", "cow_copies"],
        id="ruling-unknown-option",
    ),
    pytest.param(
        s2(rulings={"cow_copies": "sum"}),
        "rulings.cow_copies",
        ["cow_copies", '"printed"', '"total"', "sum"],
        id="ruling-unknown-value",
    ),
    pytest.param(
        s2(rulings={"flip_players": "Clockwise"}),
        "rulings.flip_players",
        ["flip_players", '"clockwise"'],
        id="ruling-value-wrong-case",
    ),
    pytest.param(
        s2(rulings={"extra_rows_in_columns": "yes"}),
        "rulings.extra_rows_in_columns",
        ["extra_rows_in_columns", "true", "false"],
        id="ruling-bool-given-string",
    ),
    pytest.param(
        s2(rulings={"extra_rows_in_columns": 1}),
        "rulings.extra_rows_in_columns",
        ["extra_rows_in_columns", "true"],
        id="ruling-bool-given-number",
    ),
    pytest.param(
        s2(rulings={"dragonfly_unique": None}),
        "rulings.dragonfly_unique",
        ["dragonfly_unique", '"distinct"'],
        id="ruling-null-value",
    ),
    pytest.param(
        s2(rulings={"cow_copies": ["total"]}),
        "rulings.cow_copies",
        ["cow_copies", '"printed"'],
        id="ruling-list-value",
    ),
    # Players: wrong types and missing or unknown fields.
    pytest.param(s2(players=["Jordy"]), "players[0]", ["object"], id="player-is-a-string"),
    pytest.param(
        s2(players=[{"deck": ["mosquito"]}, None]), "players[1]", ["object"], id="player-is-null"
    ),
    pytest.param(
        with_player(player(hand=["mosquito"])),
        "players[0].hand",
        ["unknown field", "deck"],
        id="player-unknown-field",
    ),
    pytest.param(with_player(player(name=7)), "players[0].name", ["string"], id="name-number"),
    pytest.param(
        with_player(player(name=None), second=True), "players[1].name", ["string"], id="name-null"
    ),
    pytest.param(
        with_player(player(deck="mosquito")), "players[0].deck", ["list"], id="deck-a-string"
    ),
    pytest.param(with_player(player(deck=None)), "players[0].deck", ["list"], id="deck-null"),
    pytest.param(
        with_player(player(deck={"0": "mosquito"})), "players[0].deck", ["list"], id="deck-object"
    ),
    pytest.param(
        with_player(player(deck=["mosquito", 3])),
        "players[0].deck[1]",
        ["card id"],
        id="deck-entry-number",
    ),
    pytest.param(
        with_player(player(deck=[{"id": "mosquito"}])),
        "players[0].deck[0]",
        ["card id"],
        id="deck-entry-object",
    ),
    pytest.param(
        with_player(player(deck=[["mosquito"]])),
        "players[0].deck[0]",
        ["card id"],
        id="deck-entry-list",
    ),
    pytest.param(
        with_player(player(dismissed="crow")),
        "players[0].dismissed",
        ["list"],
        id="dismissed-a-string",
    ),
    pytest.param(
        with_player(player(dismissed=[None])),
        "players[0].dismissed[0]",
        ["card id"],
        id="dismissed-entry-null",
    ),
    # Actions (used by `round`, checked by every command).
    pytest.param(
        with_player(player(actions={"hire": "raccoon"})),
        "players[0].actions",
        ["list"],
        id="actions-not-a-list",
    ),
    pytest.param(
        with_player(player(actions=["hire raccoon"])),
        "players[0].actions[0]",
        ["hire", "dismiss", "skip"],
        id="action-a-string",
    ),
    pytest.param(
        with_player(player(actions=[{"buy": "raccoon"}])),
        "players[0].actions[0]",
        ["hire", "dismiss", "skip"],
        id="action-unknown-verb",
    ),
    pytest.param(
        with_player(player(actions=[{"skip": True}, {}])),
        "players[0].actions[1]",
        ["hire", "dismiss", "skip"],
        id="action-empty",
    ),
    pytest.param(
        with_player(player(actions=[{"hire": "raccoon", "dismiss": "mosquito"}])),
        "players[0].actions[0]",
        ["hire", "dismiss", "skip"],
        id="action-two-verbs",
    ),
    pytest.param(
        with_player(player(actions=[{"skip": False}])),
        "players[0].actions[0].skip",
        ["true"],
        id="action-skip-false",
    ),
    pytest.param(
        with_player(player(actions=[{"skip": "yes"}])),
        "players[0].actions[0].skip",
        ["true"],
        id="action-skip-string",
    ),
    pytest.param(
        with_player(player(actions=[{"hire": 4}])),
        "players[0].actions[0].hire",
        ["card id"],
        id="action-hire-number",
    ),
    pytest.param(
        with_player(player(actions=[{"dismiss": None}])),
        "players[0].actions[0].dismiss",
        ["card id"],
        id="action-dismiss-null",
    ),
    # Choices: wrong types.
    pytest.param(
        with_player(player(choices="crow")), "players[0].choices", ["list"], id="choices-a-string"
    ),
    pytest.param(
        with_player(player(choices=[None, 3])),
        "players[0].choices[1]",
        ["card id"],
        id="choice-number",
    ),
    pytest.param(
        with_player(player(choices=[{"id": "crow"}])),
        "players[0].choices[0]",
        ["card id"],
        id="choice-object",
    ),
    # Malformed grids.
    pytest.param(
        with_player(player(grid="mosquito", deck=[])),
        "players[0].grid",
        ["rows"],
        id="grid-a-string",
    ),
    pytest.param(
        with_player(player(grid={"upper": UP, "lower": LOW}, deck=[])),
        "players[0].grid",
        ["rows"],
        id="grid-an-object",
    ),
    pytest.param(
        with_player(player(grid=[], deck=[])), "players[0].grid", ["2 rows"], id="grid-no-rows"
    ),
    pytest.param(grid(UP), "players[0].grid", ["2 rows"], id="grid-one-row"),
    pytest.param(grid(UP, "lower"), "players[0].grid[1]", ["3 cells"], id="grid-row-a-string"),
    pytest.param(grid(UP, None), "players[0].grid[1]", ["3 cells"], id="grid-row-null"),
    pytest.param(
        grid([["mosquito"], ["capybara"]], LOW),
        "players[0].grid[0]",
        ["3 cells", "2"],
        id="grid-row-two-cells",
    ),
    pytest.param(
        grid(UP, LOW + [["hen"]]), "players[0].grid[1]", ["3 cells", "4"], id="grid-row-four-cells"
    ),
    pytest.param(
        grid([None, None, None], UP, [None, [], None]),
        "players[0].grid[2][1]",
        ["null"],
        id="grid-empty-stack",
    ),
    pytest.param(
        grid([["mosquito"], "capybara", None], LOW),
        "players[0].grid[0][1]",
        ["null", "stack"],
        id="grid-cell-a-bare-id",
    ),
    pytest.param(
        grid(UP, [{"id": "grasshopper"}, None, None]),
        "players[0].grid[1][0]",
        ["null", "stack"],
        id="grid-cell-a-bare-object",
    ),
    pytest.param(
        grid(UP, [[5], None, None]), "players[0].grid[1][0][0]", ["card id"], id="grid-entry-number"
    ),
    pytest.param(
        grid(UP, [["grasshopper", None], None, None]),
        "players[0].grid[1][0][1]",
        ["card id"],
        id="grid-entry-null",
    ),
    pytest.param(
        grid(UP, [[{"face_up": False}], None, None]),
        "players[0].grid[1][0][0].id",
        ["missing", "card id"],
        id="grid-entry-missing-id",
    ),
    pytest.param(
        grid(UP, [[{"id": None}], None, None]),
        "players[0].grid[1][0][0].id",
        ["card id"],
        id="grid-entry-id-null",
    ),
    pytest.param(
        grid(UP, [[{"id": "rat", "face_up": "no"}], None, None]),
        "players[0].grid[1][0][0].face_up",
        ["true", "false"],
        id="grid-face-up-string",
    ),
    pytest.param(
        grid(UP, [[{"id": "rat", "face_up": 0}], None, None]),
        "players[0].grid[1][0][0].face_up",
        ["true", "false"],
        id="grid-face-up-number",
    ),
    pytest.param(
        grid(UP, [[{"id": "rat", "faceup": False}], None, None]),
        "players[0].grid[1][0][0].faceup",
        ["unknown field", "face_up"],
        id="grid-entry-unknown-field",
    ),
    # Illegal scripted choices (ScriptError): the Cow copies an adjacent face-up card only.
    pytest.param(
        cow_scenario(["tiger"]),
        "players[0].choices[0]",
        ['"tiger"', "lion", "bear", "deer"],
        id="cow-copies-card-not-adjacent",
    ),
    pytest.param(
        cow_scenario(["pig"], second=True),
        "players[1].choices[0]",
        ['"pig"', "lion", "bear", "deer"],
        id="cow-copies-card-not-adjacent-second-player",
    ),
    pytest.param(
        cow_scenario(["rooster"]),
        "players[0].choices[0]",
        ['"rooster"', "lion", "bear", "deer"],
        id="cow-copies-card-not-in-grid",
    ),
    pytest.param(
        cow_scenario(
            ["lion"],
            [
                [[{"id": "lion", "face_up": False}], ["cow"], ["bear"]],
                [["pig"], ["deer"], ["tiger"]],
            ],
        ),
        "players[0].choices[0]",
        ['"lion"', "bear", "deer"],
        id="cow-copies-face-down-card",
    ),
    pytest.param(
        cow_scenario(["cow"]),
        "players[0].choices[0]",
        ['"cow"', "lion", "bear", "deer"],
        id="cow-copies-itself",
    ),
    pytest.param(cow_scenario([None]), "players[0].choices[0]", ["null"], id="cow-declines"),
    pytest.param(
        cow_scenario(["crab"], season="combined"),
        "players[0].choices[0]",
        ['"crab"', "lion", "bear", "deer"],
        id="cow-copies-card-not-in-grid-combined",
    ),
]


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("scenario, field, expected", BAD)
def test_bad_scenario(tmp_path, scenario, field, expected, mode):
    assert_bad(resolve(tmp_path, scenario, *MODES[mode]), field, *expected)


# -- bad files ----------------------------------------------------------------------------------

BAD_FILES = [
    pytest.param(b"", ["json"], id="empty-file"),
    pytest.param(b"players: [Jordy]\n", ["json", "line 1"], id="not-json-yaml"),
    pytest.param(
        b'{"players": [{"deck": ["mosquito",]}]}', ["json", "line 1"], id="not-json-trailing-comma"
    ),
    pytest.param(
        b'{"players": [\n  {"deck": ["mosquito"]}\n', ["json", "line 3"], id="not-json-truncated"
    ),
    pytest.param(b"{'players': []}", ["json"], id="not-json-single-quotes"),
    pytest.param(b'{"players": [{"name": "J\xf6rdy", "deck": []}]}', ["utf-8"], id="not-utf-8"),
    pytest.param(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", ["utf-8"], id="binary-file"),
    pytest.param(b"[" * 100_000 + b"]" * 100_000, ["json"], id="json-nested-too-deep"),
]


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("content, expected", BAD_FILES)
def test_bad_file(tmp_path, content, expected, mode):
    path = tmp_path / "scenario.json"
    path.write_bytes(content)
    assert_bad(run("resolve", str(path), *MODES[mode], cwd=tmp_path), str(path), *expected)


@pytest.mark.parametrize("mode", MODES)
def test_missing_file(tmp_path, mode):
    path = tmp_path / "no-such-scenario.json"
    assert_bad(run("resolve", str(path), *MODES[mode], cwd=tmp_path), str(path), "no such file")


@pytest.mark.parametrize("mode", MODES)
def test_directory_instead_of_file(tmp_path, mode):
    path = tmp_path / "scenarios"
    path.mkdir()
    assert_bad(run("resolve", str(path), *MODES[mode], cwd=tmp_path), str(path), "cannot read")


# -- bad command lines ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "args, expected",
    [
        pytest.param([], ["command"], id="no-command"),
        pytest.param(["resolv", "x.json"], ["'resolv'", "resolve"], id="unknown-command"),
        pytest.param(["resolve"], ["scenario"], id="no-scenario"),
        pytest.param(["resolve", "x.json", "--yaml"], ["--yaml"], id="unknown-option"),
    ],
)
def test_bad_command_line(tmp_path, args, expected):
    result = run(*args, cwd=tmp_path)
    assert "Traceback" not in result.stderr, result.stderr
    assert result.returncode == 2
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    for fragment in expected:
        assert fragment in lines[0], lines[0]


# -- good paths -----------------------------------------------------------------------------------


def cell_ids(cell):
    return None if cell is None else [(c["id"], c["face_up"]) for c in cell]


def check_document_shape(doc: dict, n_players: int, market_slots: int) -> None:
    """The JSON document (docs/scenarios.md, What the commands print)."""
    assert set(doc) >= {"players", "market", "toon_deck", "trace"}
    assert len(doc["players"]) == n_players
    for p in doc["players"]:
        assert set(p) >= {"name", "grid", "fame", "deck", "dismissed"}
        assert isinstance(p["name"], str)
        rows = p["grid"]
        assert isinstance(rows, list) and len(rows) >= 2
        for row in rows:
            assert isinstance(row, list) and len(row) == 3
            for cell in row:
                assert cell is None or (isinstance(cell, list) and cell)
                for card in cell or ():
                    assert isinstance(card["id"], str) and isinstance(card["face_up"], bool)
        assert isinstance(p["fame"]["total"], int)
        for entry in p["fame"]["cards"]:
            assert set(entry) >= {"id", "row", "col", "fame"}
            stack = rows[entry["row"]][entry["col"]]
            assert stack and entry["id"] in [c["id"] for c in stack if c["face_up"]], entry
        assert sum(e["fame"] for e in p["fame"]["cards"]) == p["fame"]["total"]
        assert all(isinstance(c, str) for c in p["deck"] + p["dismissed"])
    assert len(doc["market"]) == market_slots
    assert all(c is None or isinstance(c, str) for c in doc["market"])
    assert all(isinstance(c, str) for c in doc["toon_deck"])
    trace = doc["trace"]
    assert trace, "empty trace"
    for i, event in enumerate(trace):
        assert set(event) >= {"step", "phase", "player", "event", "card", "cause", "rule"}, event
        assert event["step"] == i
        assert isinstance(event["phase"], str) and isinstance(event["event"], str)
        assert event["player"] is None or 0 <= event["player"] < n_players
        assert event["card"] is None or isinstance(event["card"], str)
        assert event["cause"] is None or 0 <= event["cause"] < i, event
        assert isinstance(event["rule"], str) and event["rule"]


def test_check_fame_example_json(tmp_path):
    result = resolve(tmp_path, CHECK_FAME_EXAMPLE, "--json")
    assert_ok(result)
    assert result.stderr == ""
    doc = json.loads(result.stdout)
    check_document_shape(doc, n_players=2, market_slots=5)
    jordy, renato = doc["players"]
    assert (jordy["name"], renato["name"]) == ("Jordy", "Renato")
    assert jordy["fame"]["total"] == 13
    assert renato["fame"]["total"] == 8
    # The rulebook's grid: the upper and lower rows, the Rat stacked on the Grasshopper.
    assert [[cell_ids(c) for c in row] for row in jordy["grid"]] == [
        [[("mosquito", True)], [("capybara", True)], [("mosquito", True)]],
        [[("grasshopper", True), ("rat", True)], [("firefly", True)], [("groundhog", True)]],
    ]
    fame = sorted((e["row"], e["col"], e["id"], e["fame"]) for e in jordy["fame"]["cards"])
    assert fame == [
        (0, 0, "mosquito", 0),
        (0, 1, "capybara", 6),
        (0, 2, "mosquito", 0),
        (1, 0, "grasshopper", 2),
        (1, 0, "rat", 1),
        (1, 1, "firefly", 1),
        (1, 2, "groundhog", 3),
    ]
    assert jordy["deck"] == ["spider", "ladybug", "hen", "salamander"]
    assert jordy["dismissed"] == [] and renato["dismissed"] == [] and renato["deck"] == []
    # Renato scores 6 before his Firefly, alone with the least fame: the Firefly ends on 3.
    assert [e["fame"] for e in renato["fame"]["cards"] if e["id"] == "firefly"] == [3]
    assert doc["market"] == [None] * 5 and doc["toon_deck"] == []
    assert not doc.get("notes")
    # The trace reveals Jordy's deck top first, and cites known rules.
    reveals = [e["card"] for e in doc["trace"] if e["event"] == "reveal" and e["player"] == 0]
    assert reveals == [
        "mosquito",
        "capybara",
        "mosquito",
        "grasshopper",
        "rat",
        "firefly",
        "groundhog",
    ]
    assert {"flip", "check-fame"} <= {e["phase"] for e in doc["trace"]}
    from fliptoons_explore.rules import RULES

    assert {e["rule"] for e in doc["trace"]} <= set(RULES)


def test_check_fame_example_text(tmp_path):
    result = resolve(tmp_path, CHECK_FAME_EXAMPLE)
    assert_ok(result)
    out = result.stdout
    with pytest.raises(json.JSONDecodeError):
        json.loads(out)
    assert re.search(r"Jordy\D{0,20}13", out), out
    assert re.search(r"Renato\D{0,20}8", out), out
    # Both grids, row by row.
    assert re.search(r"mosquito.*capybara.*mosquito", out)
    assert re.search(r"grasshopper.*firefly.*groundhog", out)
    assert re.search(r"mosquito.*mosquito.*spider", out)
    assert re.search(r"grasshopper.*ladybug.*firefly", out)
    assert re.search(r"^.*\brat\b.*$", out, re.M)
    # The trace: one line per event, the reveals in order, with rule references.
    lines = out.splitlines()
    jordy_reveals = [ln for ln in lines if "Jordy" in ln and "reveal" in ln]
    assert len(jordy_reveals) == 7
    for line, card in zip(
        jordy_reveals,
        ["mosquito", "capybara", "mosquito", "grasshopper", "rat", "firefly", "groundhog"],
    ):
        assert card in line
    assert any("s2.flip" in ln for ln in lines)
    assert any(re.search(r"stack.*rat.*grasshopper", ln) and "[" in ln for ln in lines)


def test_json_and_text_agree_between_runs(tmp_path):
    """Deterministic output: the same scenario gives byte-identical documents, here and in
    another process (another hash seed)."""
    path = str(write(tmp_path, CHECK_FAME_EXAMPLE))
    for flags in (["--json"], []):
        here = run("resolve", path, *flags, cwd=tmp_path)
        assert here.stdout == run("resolve", path, *flags, cwd=tmp_path).stdout
        assert here.stdout == run("resolve", path, *flags, command=COMMAND, cwd=tmp_path).stdout


@pytest.mark.parametrize(
    "scenario, card, count",
    [
        pytest.param(
            {"season": "s2", "players": [{"name": "Ann", "deck": ["crab"] * 5 + ["mosquito"] * 6}]},
            "crab",
            5,
            id="five-crabs-in-one-deck",
        ),
        pytest.param(
            {
                "season": "s2",
                "players": [
                    {"name": "Ann", "deck": ["mosquito", "crab", "crab", "spider"]},
                    {"name": "Bo", "deck": ["mosquito"], "dismissed": ["crab"]},
                ],
                "market": ["crab"],
                "toon_deck": ["goldfish", "crab"],
            },
            "crab",
            5,
            id="five-crabs-across-the-table",
        ),
        pytest.param(
            {
                "season": "s2",
                "players": [
                    {
                        "name": "Ann",
                        "deck": ["mosquito"],
                        "grid": [
                            [["shark"], ["shark", "shark"], None],
                            [None, [{"id": "shark", "face_up": False}], None],
                        ],
                    }
                ],
            },
            "shark",
            4,
            id="four-sharks-in-a-built-grid",
        ),
        pytest.param(
            {"season": "combined", "players": [{"name": "Ann", "deck": ["cow", "cow", "crab"]}]},
            "cow",
            2,
            id="two-cows-combined",
        ),
        pytest.param(
            {
                "season": "s1",
                "players": [{"name": "Ann", "deck": ["pig", "pig", "caterpillar"]}],
                "rulings": {"cow_copies": "total"},
            },
            "pig",
            2,
            id="two-pigs-s1",
        ),
    ],
)
def test_more_copies_than_owned_is_allowed_and_said(tmp_path, scenario, card, count):
    result = resolve(tmp_path, scenario, "--json")
    assert_ok(result)
    doc = json.loads(result.stdout)
    notes = doc.get("notes")
    assert isinstance(notes, list) and notes, f"no notes in {sorted(doc)}"
    assert all(isinstance(n, str) for n in notes)
    about = [n for n in notes if card in n]
    assert len(about) == 1, notes
    assert str(count) in about[0], about[0]
    text = resolve(tmp_path, scenario)
    assert_ok(text)
    assert any(
        card in line and str(count) in line
        for line in text.stdout.splitlines()
        if "note" in line.lower() or "cop" in line.lower()
    ), text.stdout


@pytest.mark.parametrize(
    "scenario",
    [
        pytest.param(
            {"season": "s2", "players": [{"deck": ["crab", "crab", "mosquito"]}]}, id="two-crabs-s2"
        ),
        pytest.param(
            {"season": "combined", "players": [{"deck": ["cow", "crab", "crab", "lion", "lion"]}]},
            id="combined-both-seasons",
        ),
        pytest.param(
            {"season": "s1", "players": [{"deck": ["axolotl", "caterpillar"]}]}, id="promo-in-s1"
        ),
        pytest.param(CHECK_FAME_EXAMPLE, id="check-fame-example"),
    ],
)
def test_owned_copies_give_no_note(tmp_path, scenario):
    result = resolve(tmp_path, scenario, "--json")
    assert_ok(result)
    assert not json.loads(result.stdout).get("notes")


def test_cow_scripted_choice_legal(tmp_path):
    """The same Cow grid as the bad cases, answered legally: it copies the Lion's printed fame."""
    result = resolve(tmp_path, cow_scenario(["lion"]), "--json")
    assert_ok(result)
    doc = json.loads(result.stdout)
    decisions = [e for e in doc["trace"] if e["event"] == "decision" and e["card"] == "cow"]
    assert len(decisions) == 1 and decisions[0].get("target") == "lion"


def test_built_grid_round_trips(tmp_path):
    """A grid built by hand (face-down card included) comes back in the output shape."""
    rows = [
        [[{"id": "mosquito", "face_up": True}], None, [{"id": "hen", "face_up": False}]],
        [[{"id": "grasshopper", "face_up": True}, {"id": "rat", "face_up": True}], None, None],
    ]
    result = resolve(
        tmp_path, {"players": [{"name": "Ann", "grid": rows, "deck": ["spider"]}]}, "--json"
    )
    assert_ok(result)
    p = json.loads(result.stdout)["players"][0]
    assert p["grid"] == rows
    assert p["deck"] == ["spider"]


# -- the two ways to run the command ------------------------------------------------------------


def console_script() -> Path | None:
    for name in ("fliptoons-explore", "fliptoons-explore.exe"):
        path = Path(sys.executable).with_name(name)
        if path.exists():
            return path
    return None


def test_python_dash_m(tmp_path):
    """`python -m fliptoons_explore` in a subprocess gives what `main` gives in this process, for
    a good scenario and a bad one."""
    path = write(tmp_path, CHECK_FAME_EXAMPLE)
    result = run("resolve", str(path), "--json", command=COMMAND, cwd=tmp_path)
    assert_ok(result)
    assert json.loads(result.stdout)["players"][0]["fame"]["total"] == 13
    assert result.stdout == run("resolve", str(path), "--json", cwd=tmp_path).stdout
    bad = write(tmp_path, with_player(player(deck=["crabb"])), "bad.json")
    refused = run("resolve", str(bad), command=COMMAND, cwd=tmp_path)
    assert_bad(refused, "players[0].deck[0]", 'did you mean "crab"')
    assert refused.stderr == run("resolve", str(bad), cwd=tmp_path).stderr


def test_console_script(tmp_path):
    script = console_script()
    if script is None:
        if sys.prefix != sys.base_prefix:  # in a venv the package's script must be installed
            pytest.fail(f"no fliptoons-explore script next to {sys.executable}")
        pytest.skip("not running from a venv with the package installed")
    path = write(tmp_path, CHECK_FAME_EXAMPLE)
    result = run("resolve", str(path), "--json", command=[str(script)], cwd=tmp_path)
    assert_ok(result)
    assert result.stdout == run("resolve", str(path), "--json", cwd=tmp_path).stdout
    text = run("resolve", str(path), command=[str(script)], cwd=tmp_path)
    assert_ok(text)
    assert "Jordy" in text.stdout
    bad = run(
        "resolve",
        str(write(tmp_path, with_player(player(deck=["crabb"])), "bad.json")),
        command=[str(script)],
        cwd=tmp_path,
    )
    assert_bad(bad, "players[0].deck[0]", 'did you mean "crab"')
