"""The `round` and `play` commands (docs/scenarios.md, What the commands print)."""

import json
import subprocess
import sys

from util import MARKET_EXAMPLE


def run(*args, tmp_path=None, scenario=None):
    cmd = [sys.executable, "-m", "fliptoons_explore", *args]
    if scenario is not None:
        path = tmp_path / "scenario.json"
        path.write_text(json.dumps(scenario))
        cmd.insert(4, str(path))
    return subprocess.run(cmd, capture_output=True, text=True, timeout=120)


def test_round_json_gives_the_season_2_market_example(tmp_path):
    """S2 Market phase example: 13 fame, Raccoon for 4 (+ Renato's Crow for 0), the Grasshopper in
    the Rat's stack dismissed for 4: 5 left; the Groundhog in slot 6 is dismissed afterwards."""
    r = run("round", "--json", tmp_path=tmp_path, scenario=MARKET_EXAMPLE)
    assert r.returncode == 0, r.stderr
    doc = json.loads(r.stdout)
    jordy, renato = doc["players"]
    assert jordy["fame"]["total"] == 13 and jordy["fame_left"] == 5
    assert jordy["deck"] == ["crow", "raccoon", "spider", "ladybug", "hen", "salamander"]
    assert jordy["dismissed"] == ["grasshopper", "groundhog"]
    assert jordy["grid"][1] == [
        [{"id": "rat", "face_up": True}],
        [{"id": "firefly", "face_up": True}],
        None,
    ]
    assert renato["dismissed"] == [] and renato["fame_left"] == 8
    assert doc["market"] == ["salamander", "goldfish", "opossum", "fox", "vulture"]
    assert doc["toon_deck"] == ["hen", "mole", "shark", "crab"]
    hire = [e for e in doc["trace"] if e["event"] == "hire"]
    assert [(e["card"], e["value"], e["rule"]) for e in hire] == [
        ("raccoon", 4, "s2.market.hire"),
        ("crow", 0, "s2.faq.raccoon"),
    ]


def test_round_text_shows_fame_left(tmp_path):
    r = run("round", tmp_path=tmp_path, scenario=MARKET_EXAMPLE)
    assert r.returncode == 0
    assert "== Jordy: 13 fame, 5 left ==" in r.stdout
    assert "dismiss groundhog" in r.stdout


def test_round_illegal_action_is_a_bad_scenario(tmp_path):
    """An unaffordable scripted hire: exit 2, one line naming the action, nothing on stdout."""
    bad = json.loads(json.dumps(MARKET_EXAMPLE))
    bad["players"][0]["actions"] = [{"hire": "vulture"}]
    r = run("round", "--json", tmp_path=tmp_path, scenario=bad)
    assert r.returncode == 2 and r.stdout == ""
    assert r.stderr.strip() == (
        "fliptoons-explore: error: players[0].actions[0]: cannot hire 'vulture': "
        "it costs 15 fame, 13 left"
    )


def test_round_too_many_actions_is_a_bad_scenario(tmp_path):
    bad = json.loads(json.dumps(MARKET_EXAMPLE))
    bad["players"][1]["actions"] = [{"skip": True}, {"skip": True}, {"skip": True}]
    r = run("round", tmp_path=tmp_path, scenario=bad)
    assert r.returncode == 2
    assert "players[1].actions[2]: more actions than Renato may take" in r.stderr


def test_play_json_is_reproducible():
    args = ("play", "--season", "s2", "--players", "3", "--seed", "4", "--games", "2", "--json")
    first, again = run(*args), run(*args)
    assert first.returncode == 0, first.stderr
    doc = json.loads(first.stdout)
    assert first.stdout == again.stdout
    assert [g["seed"] for g in doc["games"]] == [4, 5]
    for g in doc["games"]:
        assert g["winner"] in ("Player 1", "Player 2", "Player 3")
        assert max(g["final_fame"].values()) == g["final_fame"][g["winner"]]


def test_play_solo_text():
    r = run(
        "play",
        "--season",
        "s1",
        "--players",
        "1",
        "--solo",
        "hard",
        "--seed",
        "2",
        "--games",
        "3",
        "--policy",
        "random",
    )
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert len(lines) == 4 and lines[-1].startswith("won ") and "solo" in lines[0]
    assert r.stderr == ""  # no progress bar when stderr is not a terminal


def test_play_bad_arguments_exit_2():
    r = run("play", "--season", "s2", "--players", "2", "--solo", "easy", "--seed", "1")
    assert (
        r.returncode == 2
        and r.stderr.count("\n") == 1
        and "--solo: a solo game takes --players 1" in r.stderr
    )
    r = run("play", "--season", "s2", "--players", "9", "--seed", "1")
    assert r.returncode == 2 and "--players: expected 2 to 4 players" in r.stderr
