"""Hostile input at every door: the command line keeps its contract (exit 2, one line on stderr,
nothing on stdout), the Python API raises a ValueError / ScenarioError naming the argument or field
at the call, and the limits of docs/limits.md hold everywhere. The one-line errors of ordinary
mistakes (a wrong card, a missing file) are in test_bad_input.py; generated bad input in
test_fuzz.py; what the engine does with legal decks that need 1,000 reveals or more in
tests/fliptoons/test_long_flips.py.

Most command-line runs are in-process (`inprocess.run_cli`); a few are real subprocesses.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from fliptoons_explore import (
    RandomPolicy,
    Rulings,
    ScenarioError,
    game_scenario,
    new_game,
    play_game,
    play_round,
    resolve,
    resolve_scenario,
    round_scenario,
)
from fliptoons_explore.analysis.compare import compare_rulings, rulings_that_matter
from fliptoons_explore.fliptoons.scenario import check, parse_scenario_text
from fliptoons_explore.limits import MAX_CARDS, MAX_SCENARIO_BYTES, quote
from fliptoons_explore.stepping import Stepper
from inprocess import run_cli

COMMANDS = ("resolve", "round", "game", "chain", "compare")
SMALL = {"season": "s2", "players": [{"name": "Ann", "deck": ["mosquito", "crab", "rat"]}]}


def refused(tmp_path, content, *fields: str, commands=COMMANDS, extra=()) -> list[str]:
    """Write `content` (bytes, or JSON data) to a file; every command refuses it cleanly, naming
    every one of `fields`. Returns the messages."""
    path = tmp_path / "scenario.json"
    path.write_bytes(content if isinstance(content, bytes) else json.dumps(content).encode())
    lines = []
    for command in commands:
        for mode in ([], ["--json"]):
            run = run_cli([command, str(path), *extra, *mode])
            assert run.contract_broken() == "", (command, run)
            line = run.err.strip()
            for f in fields:
                assert f in line, (command, line)
            lines.append(line)
    return lines


def api_refuses(scenario, *fragments: str) -> str:
    """Every Python door refuses the dict with one ScenarioError line holding every fragment."""
    messages = []
    for door in (
        resolve,
        resolve_scenario,
        play_round,
        round_scenario,
        play_game,
        game_scenario,
        check,
        Stepper.from_scenario,
        lambda s: compare_rulings(s, {"cow_copies": "total"}),
        rulings_that_matter,
    ):
        with pytest.raises(ScenarioError) as info:
            door(scenario)
        messages.append(str(info.value))
    assert len(set(messages)) == 1, messages  # one validation layer: one message
    message = messages[0]
    assert "\n" not in message and message.isascii(), message
    for fragment in fragments:
        assert fragment in message, message
    return message


# -- integers of thousands of digits ---------------------------------------------------------------


def test_a_huge_integer_in_a_file_is_refused_in_a_short_line(tmp_path):
    digits = b"1" * 5000
    lines = refused(
        tmp_path,
        b'{"players": [{"deck": []}], "first_player": ' + digits + b"}",
        "first_player",
        "5,000 digits",
        "at most 20",
    )
    assert len(lines[0]) < 200
    refused(
        tmp_path,
        b'{"players": [{"deck": [' + digits + b"]}]}",
        "players[0].deck[0]",
        "5,000 digits",
    )
    refused(
        tmp_path,
        b'{"players": [{"deck": []}], "rulings": {"cow_copies": -' + digits + b"}}",
        "rulings.cow_copies",
        "5,000 digits",
    )


def test_a_huge_integer_from_python_is_refused():
    api_refuses(
        {"players": [{"deck": []}], "first_player": 10**5000}, "first_player", "about 5,001 digits"
    )
    assert quote(-(10**5000)) == "a number of about 5,001 digits"


# -- compare validates before it works -------------------------------------------------------------


@pytest.mark.parametrize(
    "content, field, what",
    [
        (1, "scenario", "expected a JSON object, got a number"),
        ({"players": 3}, "players", "expected a list of 1 to 8 players, got a number"),
        (
            {"players": [{"deck": ["crab"], "actions": "hire"}]},
            "players[0].actions",
            "a list of actions",
        ),
    ],
)
def test_compare_checks_the_scenario_first(tmp_path, content, field, what):
    lines = refused(tmp_path, content, field, what, commands=("compare",))
    lines += refused(
        tmp_path,
        content,
        field,
        what,
        commands=("compare",),
        extra=["--ruling", "cow_copies=total"],
    )
    assert len(set(lines)) == 1
    api_refuses(content, field, what)


# -- a lone surrogate in a name --------------------------------------------------------------------


def test_a_lone_surrogate_in_a_name_is_refused(tmp_path):
    content = b'{"players": [{"name": "\\ud800", "deck": ["crab"]}]}'
    refused(tmp_path, content, "players[0].name", 'a lone surrogate, "\\ud800"')
    api_refuses(
        {"players": [{"name": "\ud800", "deck": ["crab"]}]}, "players[0].name", "lone surrogate"
    )


def test_names_outside_ascii_still_print(tmp_path):
    """Plain text in any script is fine, in text and in JSON."""
    path = tmp_path / "s.json"
    path.write_text(
        json.dumps({"players": [{"name": "Jördy 🦀", "deck": ["crab"]}]}), encoding="utf-8"
    )
    run = run_cli(["resolve", str(path)])
    assert run.code == 0 and "== Jördy 🦀: " in run.out
    run = run_cli(["resolve", str(path), "--json"])
    assert json.loads(run.out)["players"][0]["name"] == "Jördy 🦀"


# -- nesting a thousand levels deep ----------------------------------------------------------------


def deep_list(depth: int):
    value: list = []
    for _ in range(depth - 1):
        value = [value]
    return value


def test_a_deeply_nested_ruling_argument_is_refused():
    for command in ("compare",):
        run = run_cli(
            [command, "-", "--ruling", "cow_copies=" + "[" * 1000 + "]" * 1000],
            stdin=json.dumps(SMALL).encode(),
        )
        assert run.contract_broken() == "", run
        assert "nested more than 20 levels deep" in run.err and "--ruling" in run.err
        run = run_cli(
            [command, "-", "--ruling", "cow_copies=" + "[" * 1000], stdin=json.dumps(SMALL).encode()
        )
        assert run.contract_broken() == "", run


def test_a_deeply_nested_ruling_in_the_file_is_refused(tmp_path):
    def content(depth):
        return (
            b'{"players": [{"deck": ["crab"]}], "rulings": {"cow_copies": '
            + b"[" * depth
            + b"]" * depth
            + b"}}"
        )

    refused(tmp_path, content(500), "rulings.cow_copies[0][0]", "nested more than 20 levels deep")
    refused(tmp_path, content(1000), "scenario.json: nested more than 20 levels deep")
    refused(tmp_path, content(100_000), "scenario.json: nested more than 20 levels deep")


def test_deeply_nested_values_from_python_are_refused():
    api_refuses(
        {"players": [{"deck": ["crab"]}], "rulings": {"cow_copies": deep_list(1000)}},
        "rulings.cow_copies[0]",
        "nested more than 20 levels deep",
    )
    with pytest.raises(
        ScenarioError,
        match=r"^changes: cow_copies must be one of \"printed\", \"total\", got "
        r"\[\[\[\.\.\.\]\]\]$",
    ):
        compare_rulings(SMALL, {"cow_copies": deep_list(1000)})
    loop: dict = {"players": [{"deck": ["crab"]}]}
    loop["rulings"] = {"cow_copies": loop}  # a cycle is caught by the depth limit
    api_refuses(loop, "nested more than 20 levels deep")


# -- user text cannot split a message --------------------------------------------------------------


@pytest.mark.parametrize(
    "scenario, field",
    [
        ({"players": [{"deck": ["crab"]}], "a\nb": 1}, 'scenario["a\\nb"]'),
        (
            {"players": [{"deck": ["crab"]}], "rulings": {"cow\ncopies": "total"}},
            'rulings["cow\\ncopies"]',
        ),
        ({"players": [{"name": "Ann\nBo", "deck": ["crab"]}]}, "players[0].name"),
        ({"players": [{"deck": ["crab\n"]}]}, "players[0].deck[0]"),
        ({"players": [{"deck": ["crab"], "choices": ["\u2028"]}]}, "players[0].choices[0]"),
        (
            {"players": [{"deck": ["crab"], "actions": [{"hire": "\x1b[2J"}]}]},
            "players[0].actions[0].hire",
        ),
    ],
)
def test_control_characters_in_a_message_are_escaped(tmp_path, scenario, field):
    lines = refused(tmp_path, scenario, field)
    assert all(line.isascii() and "\x1b" not in line for line in lines)
    api_refuses(scenario, field)


def test_newlines_in_paths_and_arguments_are_escaped(tmp_path):
    run = run_cli(["resolve", str(tmp_path / "a\nb.json")])
    assert run.contract_broken() == "" and '\\nb.json": cannot read the file' in run.err
    good = json.dumps(SMALL).encode()
    run = run_cli(["compare", "-", "--ruling", "cow\ncopies=total"], stdin=good)
    assert run.contract_broken() == "" and '--ruling "cow\\ncopies=total"' in run.err
    run = run_cli(["resolve", "-", "--json\nx"], stdin=good)  # argparse's own message
    assert run.contract_broken() == "" and "--json\\nx" in run.err


# -- runaway cost: refused at the door, at once ----------------------------------------------------


def test_tall_stacks_over_the_card_limit_are_refused(tmp_path):
    stack = {"players": [{"grid": [[["mosquito"] * 10_000, ["capybara"], None], [None] * 3]}]}
    lines = refused(
        tmp_path,
        stack,
        "players[0].grid[0][0][1500]",
        f"more than {MAX_CARDS:,} cards",
        "docs/limits.md",
    )
    assert len(lines) == 2 * len(COMMANDS)


def test_a_20_mb_file_is_refused_unread(tmp_path):
    deck = ["mosquito"] * ((20 * 2**20) // 12)
    content = json.dumps({"players": [{"deck": deck}]}).encode()
    assert len(content) > 20 * 10**6
    refused(
        tmp_path,
        content,
        "scenario.json",
        f"more than {MAX_SCENARIO_BYTES:,} bytes",
        commands=("compare",),
    )
    with pytest.raises(ScenarioError, match="more than 1,000,000 bytes"):
        parse_scenario_text(content, "upload.json")


def test_a_stack_at_the_card_limit_plays_its_round():
    """Dismiss costs of a 1,997-card stack: 5, less 1 per face-up Rat (three Rats: 2)."""
    stack = ["rat"] * 3 + ["mosquito"] * (MAX_CARDS - 3 - 3)
    game = play_round(
        {
            "players": [
                {
                    "grid": [[stack, ["capybara"], ["hippopotamus"]], [None] * 3],
                    "deck": ["bee"] * 0,
                    "actions": [{"dismiss": "mosquito"}],
                }
            ]
        }
    )
    (dismiss,) = [e for e in game.trace if e.kind == "dismiss"]
    assert dismiss.value == 2 and dismiss.card == "mosquito"
    assert game.table.players[0].grid.at(0, 0)[-1].spec.id == "mosquito"
    assert len(game.table.players[0].grid.at(0, 0)) == len(stack) - 1


# -- refused, never accepted silently --------------------------------------------------------------


@pytest.mark.parametrize(
    "content, field",
    [
        (
            b'{"players": [{"deck": ["crab"]}], "players": []}',
            'players: the key "players" is given twice in scenario',
        ),
        (
            b'{"players": [{"deck": ["crab"], "deck": ["rat"]}]}',
            'players[0].deck: the key "deck" is given twice in players[0]',
        ),
        (
            b'{"players": [{"deck": ["crab"]}], "rulings": {"cow_copies": "total", "cow_copies": '
            b'"printed"}}',
            'rulings.cow_copies: the key "cow_copies" is given twice in rulings',
        ),
        (
            b'{"players": [{"grid": [[[{"id": "crab", "id": "rat"}], null, null], [null, null, '
            b"null]]}]}",
            'players[0].grid[0][0][0].id: the key "id" is given twice in players[0].grid[0][0][0]',
        ),
    ],
)
def test_duplicate_keys_are_refused(tmp_path, content, field):
    refused(tmp_path, content, field)
    run = run_cli(["resolve", "-"], stdin=content)
    assert run.contract_broken() == "" and field in run.err
    with pytest.raises(ScenarioError, match=r"given twice"):
        parse_scenario_text(content.decode())


@pytest.mark.parametrize("season", ["s1", "s2", "combined"])
def test_play_with_one_player_asks_for_a_solo_level(season):
    run = run_cli(["play", "--season", season, "--players", "1", "--seed", "1"])
    assert run.contract_broken() == ""
    assert "--players 1 is a solo game: add --solo easy, normal or hard" in run.err


@pytest.mark.parametrize("players, most", [("5", 4), ("0", 4), ("-1", 4)])
def test_a_bad_player_count_names_players(players, most):
    run = run_cli(["play", "--season", "s2", "--players", players, "--seed", "1"])
    assert run.contract_broken() == "" and f"--players: expected 2 to {most} players" in run.err


def test_ruling_values_are_checked_at_construction():
    with pytest.raises(
        ValueError,
        match='after_market_timing must be one of "each-turn", "end-of-phase", got "never"',
    ):
        Rulings(after_market_timing="never")
    with pytest.raises(ValueError, match="extra_rows_in_columns must be one of true, false, got 1"):
        Rulings(extra_rows_in_columns=1)
    assert Rulings(after_market_timing="end-of-phase").changed() == {
        "after_market_timing": "end-of-phase"
    }


# -- Python API arguments, checked at the call -----------------------------------------------------


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"players": "2"}, 'players: expected a whole number of players, got "2"'),
        ({"players": 2.5}, "players: expected a whole number of players, got 2.5"),
        ({"players": True}, "players: expected a whole number of players, got true"),
        ({"players": 5}, 'players: "s2" takes 1 (solo) or 2 to 4 players, got 5'),
        ({"names": ["A"]}, "names: expected a list of 2 names (one per player), got 1 name"),
        ({"names": "AB"}, 'names: expected a list of 2 names (one per player), got "AB"'),
        ({"names": ["A", 7]}, "names[1]: expected plain text"),
        (
            {"players": 1, "solo": ["easy"]},
            'solo: expected None or a difficulty, "easy", "normal" or "hard", got ["easy"]',
        ),
        ({"solo": "easy"}, "solo: a solo game has one player, got players=2"),
        (
            {"players": 1},
            'players: one player is a solo game: give solo="easy", "normal" or "hard"',
        ),
        ({"policy": "random"}, "policy: expected a policy (an object with a choose(choice) method"),
        (
            {"rulings": {"cow_copies": "sum"}},
            'rulings: ruling cow_copies must be one of "printed", "total", got "sum"',
        ),
        (
            {"rulings": ["cow_copies"]},
            'rulings: expected a Rulings or a dict {option: value}, got ["cow_copies"]',
        ),
        ({"season": "s3"}, 'season: expected "s1", "s2" or "combined", got "s3"'),
        ({"seed": "1"}, 'seed: expected None or a whole number of at most 20 digits, got "1"'),
    ],
)
def test_new_game_checks_its_arguments(kwargs, message):
    with pytest.raises(ValueError) as info:
        new_game(**kwargs)
    assert str(info.value).startswith(message), str(info.value)


def test_rulings_as_a_dict_are_read():
    game = new_game("s2", 2, seed=3, rulings={"after_market_timing": "end-of-phase"})
    assert game.table.rulings == Rulings(after_market_timing="end-of-phase")
    game.play()
    assert game.result is not None


def test_rulings_from_dict_and_policies_are_checked():
    with pytest.raises(ValueError, match=r"rulings: expected an object \{name: value\}, got \[\]"):
        Rulings.from_dict([])
    for door in (resolve, play_round):
        with pytest.raises(
            ValueError, match='policy: expected a policy .* got the string "random"'
        ):
            door(SMALL, "random")
    assert (
        resolve(SMALL, RandomPolicy(1)).players[0].fame_total
        == resolve(SMALL).players[0].fame_total
    )


# -- the messages' nits ------------------------------------------------------------------------


def test_pig_answer_that_is_no_deck_says_so():
    scenario = {
        "season": "s1",
        "players": [
            {"name": "Ann", "deck": ["snake"], "choices": ["Zed"]},
            {"name": "Bo", "deck": ["bee"]},
        ],
        "toon_deck": ["pig"],
    }
    message = api_refuses(scenario, "players[0].choices[0]")
    assert message == (
        'players[0].choices[0]: "Zed" is not a card id, nor a deck the Pig can name '
        '("Ann", "Bo", "toon deck")'
    )
    near = dict(
        scenario, players=[dict(scenario["players"][0], choices=["Annn"]), scenario["players"][1]]
    )
    assert api_refuses(near).endswith('; did you mean "Ann"?')


def test_skip_false_is_echoed_as_json():
    scenario = {"players": [{"deck": ["crab"], "actions": [{"skip": False}]}]}
    assert api_refuses(scenario) == "players[0].actions[0].skip: expected true, got false"


# -- the doors themselves ------------------------------------------------------------------------


def test_parse_scenario_text_takes_text_and_uploads():
    text = json.dumps(SMALL)
    assert parse_scenario_text(text) == SMALL
    assert parse_scenario_text(b"\xef\xbb\xbf" + text.encode()) == SMALL  # a byte order mark
    assert check(parse_scenario_text(text)) is None
    with pytest.raises(ScenarioError, match=r"^box: not valid JSON \(line 1, column 2"):
        parse_scenario_text("{players", source="box")
    with pytest.raises(ScenarioError, match=r"^upload\.json: not a UTF-8 text file$"):
        parse_scenario_text(b"\xff\xfe{}", source="upload.json")
    with pytest.raises(ScenarioError, match=r"^<text>: expected JSON text"):
        parse_scenario_text(None)
    for constant in ("NaN", "Infinity", "-Infinity"):
        with pytest.raises(ScenarioError, match=f"^first_player: {constant} is not JSON"):
            parse_scenario_text('{"players": [], "first_player": %s}' % constant)  # noqa: UP031


@pytest.mark.parametrize(
    "deck, message",
    [
        (
            ("crab",),
            "players[0].deck: expected JSON data (an object, a list, a string, a number, "
            "true/false "
            "or null), got a Python tuple",
        ),
        ({"crab"}, "players[0].deck: expected JSON data"),
        ("x" * 201, "players[0].deck: a string of 201 characters (at most 200, docs/limits.md)"),
        ([1.5], "players[0].deck[0]: expected a card id, got a number"),
        ([float("nan")], "players[0].deck[0]: NaN is not a JSON number"),
    ],
)
def test_python_values_that_are_not_json(deck, message):
    assert api_refuses({"players": [{"deck": deck}]}).startswith(message)


def test_standard_input_is_a_scenario():
    # `game`: no solo
    two = {
        **SMALL,
        "players": SMALL["players"] + [{"name": "Ben", "deck": ["ladybug"]}],
    }
    good = json.dumps(two).encode()
    for command in COMMANDS:
        run = run_cli([command, "-"], stdin=good)
        assert run.code == 0 and run.out and run.err == "", (command, run)
    assert json.loads(run_cli(["resolve", "-", "--json"], stdin=good).out) == resolve_scenario(two)
    run = run_cli(["resolve", "-"], stdin=b"")
    assert run.contract_broken() == "" and run.err.startswith(
        "fliptoons-explore: error: standard input: not valid JSON"
    )
    run = run_cli(["resolve", "-"], stdin=b" " * (MAX_SCENARIO_BYTES + 1))
    assert run.contract_broken() == "" and "standard input: more than 1,000,000 bytes" in run.err


def test_standard_input_in_a_real_process():
    command = [sys.executable, "-m", "fliptoons_explore", "resolve", "-", "--json"]
    done = subprocess.run(
        command, input=json.dumps(SMALL).encode(), capture_output=True, timeout=60
    )
    assert done.returncode == 0 and json.loads(done.stdout)["players"][0]["name"] == "Ann"
    done = subprocess.run(
        command, input=b'{"players": [{"name": "\\udc80"}]}', capture_output=True, timeout=60
    )
    assert done.returncode == 2 and done.stdout == b""
    assert done.stderr == (
        b'fliptoons-explore: error: players[0].name: "\\udc80" holds a lone surrogate, '
        b'"\\udc80" (expected plain text)\n'
    )


def test_replay_checks_its_decisions():
    from fliptoons_explore import replay

    game = new_game("s2", 2, seed=5)
    game.play()
    assert replay("s2", 2, 5, decisions=game.decisions).result == game.result
    with pytest.raises(
        ValueError, match="^decisions: the game asks more than the 3 decisions given$"
    ):
        replay("s2", 2, 5, decisions=game.decisions[:3])
    with pytest.raises(
        ValueError, match='^decisions: expected a list of option indexes or None .*got "abc"$'
    ):
        replay("s2", 2, 5, decisions="abc")


def test_more_players_than_a_season_takes_is_allowed_and_said():
    """S1/S2 take up to 4 players, a combined game up to 8 (S2 Combining Games): a 6-player
    Season 2 scenario resolves (a rules explorer builds it on purpose) and says so in `notes`."""
    doc = resolve_scenario({"season": "s2", "players": [{"deck": ["mosquito"]}] * 6})
    assert doc["notes"] == ['6 players: a "s2" game takes up to 4 (season "combined" up to 8)']
    assert "notes" not in resolve_scenario(
        {"season": "combined", "players": [{"deck": ["mosquito"]}] * 6}
    )
