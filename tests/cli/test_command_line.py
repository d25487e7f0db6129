"""The command line behaves like a good Unix tool: --version, a closed
pipe ends quietly, progress on a terminal only, `chain` of a round, `compare` shows what changed,
nothing printed for an absent market, `notebooks` copies the material out, --help points at
material a user has."""

from __future__ import annotations

import fcntl
import json
import os
import pty
import struct
import subprocess
import sys
import termios
import threading
from importlib.metadata import version
from pathlib import Path

import pytest

from fliptoons_explore.chains import causal_graph, chain_to
from fliptoons_explore.fliptoons.engine import play_round
from fliptoons_explore.material import example
from fliptoons_explore.parallel import PROGRESS_DELAY_VARIABLE, progress_delay

ROOT = Path(__file__).resolve().parents[2]
COMMAND = [sys.executable, "-m", "fliptoons_explore"]
EXAMPLES = ROOT / "examples"


def run(*args, **kw) -> subprocess.CompletedProcess:
    return subprocess.run(
        [*COMMAND, *map(str, args)], capture_output=True, text=True, timeout=120, **kw
    )


def test_version():
    r = run("--version")
    assert r.returncode == 0 and r.stdout == f"fliptoons-explore {version('fliptoons_explore')}\n"
    import fliptoons_explore

    assert fliptoons_explore.__version__ == version("fliptoons_explore")


# -- a closed pipe ---------------------------------------------------------------------------------

DECK = [
    "mosquito",
    "gorilla",
    "coyote",
    "rat",
    "crab",
    "ostrich",
    "monkey",
    "spider",
    "goat",
    "bee",
    "zebra",
    "eagle",
]
#: Eight players with twelve-card decks: a `chain --json` of over 100 kB, more than a pipe holds.
BIG = {
    "season": "combined",
    "players": [{"name": f"P{i}", "deck": DECK[i % 3 :] + DECK[: i % 3]} for i in range(8)],
}


@pytest.mark.parametrize(
    "args",
    [
        (
            "play",
            "--season",
            "s2",
            "--players",
            "1",
            "--solo",
            "easy",
            "--seed",
            "1",
            "--games",
            "500",
            "--json",
        ),
        ("chain", "{big}", "--json"),
    ],
    ids=["play", "chain"],
)
def test_a_closed_pipe_ends_quietly(tmp_path, args):
    """`... | head -1` (Python's docs on SIGPIPE): no BrokenPipeError traceback, nothing on
    stderr; the output (over 64 kB) is more than the pipe holds, so the write meets the closed
    pipe."""
    big = tmp_path / "big.json"
    big.write_text(json.dumps(BIG), encoding="utf-8")
    command = " ".join([*COMMAND, *(a.format(big=big) for a in args)])
    r = subprocess.run(
        ["sh", "-c", f"{command} | head -1"], capture_output=True, text=True, timeout=120
    )
    assert r.returncode == 0
    assert r.stderr == ""
    assert len(r.stdout.splitlines()) == 1


def test_a_closed_pipe_exit_code(tmp_path):
    """Closed before anything is written: exit 1 (as Python's docs do), stderr empty."""
    p = subprocess.Popen(
        [*COMMAND, "resolve", str(EXAMPLES / "s2-check-fame-example.json")],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    p.stdout.close()
    assert p.wait(timeout=60) == 1
    assert p.stderr.read() == b""


# -- progress --------------------------------------------------------------------------------------


def with_progress_delay(seconds: str) -> dict:
    """The environment with `seconds` before a progress bar shows (`parallel.progress_delay`)."""
    return {**os.environ, PROGRESS_DELAY_VARIABLE: seconds}


def run_on_a_terminal(*args, env=None) -> tuple[str, str]:
    """Run with standard error on a pseudo-terminal (80 columns); (stdout, what the terminal
    got)."""
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    p = subprocess.Popen([*COMMAND, *args], stdout=subprocess.PIPE, stderr=slave, env=env)
    os.close(slave)
    printed = []  # stdout read beside the terminal, so that a long output never fills its pipe
    reader = threading.Thread(target=lambda: printed.append(p.stdout.read()))
    reader.start()
    seen = b""
    while True:
        try:
            chunk = os.read(master, 65536)
        except OSError:  # the terminal closed
            break
        if not chunk:
            break
        seen += chunk
    reader.join(timeout=120)
    out = printed[0].decode()
    p.wait(timeout=120)
    os.close(master)
    return out, seen.decode("utf-8", "replace")


def test_progress_on_a_terminal_for_a_run_longer_than_the_delay_only():
    """A run longer than the delay before a progress bar (`parallel.progress_delay`: none here)
    shows a tqdm bar on the terminal; the results on stdout are the same as without a terminal,
    where nothing goes to stderr even then; a run shorter than the delay (an hour here) shows
    nothing."""
    args = ("play", "--season", "combined", "--players", "3", "--seed", "3", "--games", "4")
    out, terminal = run_on_a_terminal(*args, env=with_progress_delay("0"))
    assert "/4 [" in terminal and "game/s" in terminal
    plain = run(*args, env=with_progress_delay("0"))
    assert plain.returncode == 0 and plain.stderr == "" and out == plain.stdout
    seeds = [f"seed {s}" for s in range(3, 7)]
    assert [line.split(":")[0] for line in out.splitlines()] == seeds + ["wins"]
    out, terminal = run_on_a_terminal(*args, env=with_progress_delay("3600"))
    assert terminal == "" and out == plain.stdout


def test_the_delay_before_a_progress_bar_is_half_a_second_or_as_the_environment_says(monkeypatch):
    """`FLIPTOONS_PROGRESS_DELAY` sets the seconds before a bar shows; a value that is no number
    of seconds is refused with the variable's name."""
    monkeypatch.delenv(PROGRESS_DELAY_VARIABLE, raising=False)
    assert progress_delay() == 0.5
    for text, seconds in (("0", 0.0), ("2.5", 2.5), (" 3 ", 3.0), ("", 0.5)):
        monkeypatch.setenv(PROGRESS_DELAY_VARIABLE, text)
        assert progress_delay() == seconds
    for text in ("-1", "soon", "nan", "inf"):
        monkeypatch.setenv(PROGRESS_DELAY_VARIABLE, text)
        with pytest.raises(ValueError, match=f'^FLIPTOONS_PROGRESS_DELAY: .* got "{text}"$'):
            progress_delay()


# -- chain of a round ------------------------------------------------------------------------------


def test_chain_of_a_scenario_with_market_actions_plays_the_round():
    """S2 Market phase example: the Raccoon's hire (s2.market.hire) caused the Crow's hire for 0
    from Renato's dismissed pile (s2.faq.raccoon); `chain` plays the round, as `round` does."""
    r = run("chain", EXAMPLES / "s2-market-example.json", "--json")
    assert r.returncode == 0, r.stderr
    doc = json.loads(r.stdout)
    nodes = {n["id"]: n for n in doc["nodes"]}
    hires = {n["card"]: n["id"] for n in doc["nodes"] if n["kind"] == "hire"}
    assert set(hires) == {"raccoon", "crow"}
    links = {(e["source"], e["target"]): e["link"] for e in doc["edges"]}
    assert links[(hires["raccoon"], hires["crow"])] == "cause"
    assert nodes[hires["crow"]]["rule"] == "s2.faq.raccoon"
    turn = next(n["id"] for n in doc["nodes"] if n["kind"] == "phase" and n["phase"] == "market")
    assert links[(turn, hires["raccoon"])] == "cause"
    text = run("chain", EXAMPLES / "s2-market-example.json").stdout
    assert "#50 Jordy: hire crow for 0 fame: from Renato's dismissed pile  [s2.faq.raccoon]" in text
    assert "|   L-> #50 Jordy: hire crow" in text  # under the Raccoon's hire


def test_the_market_causes_in_the_python_graph():
    """The same through the API: the chain that led to the Crow's hire, root first."""
    game = play_round(example("s2-market-example"))
    g = causal_graph(game)
    crow = next(n for n, d in g.nodes(data=True) if d["kind"] == "hire" and d["card"] == "crow")
    assert [g.nodes[n]["kind"] for n in chain_to(g, crow)] == ["phase", "hire", "hire"]


def test_chain_without_actions_resolves_only():
    doc = json.loads(run("chain", EXAMPLES / "s2-check-fame-example.json", "--json").stdout)
    assert {n["phase"] for n in doc["nodes"]} == {"flip", "check-fame"}


# -- compare shows what changed --------------------------------------------------------------------

TWO = {
    "season": "combined",
    "players": [
        {"name": "Ann", "grid": [[["cow"], ["goat"], None], [["mosquito"], None, None]]},
        {"name": "Bo", "deck": ["bee", "snail", "mosquito"]},
    ],
}


def test_compare_shows_only_the_players_and_cards_that_change(tmp_path):
    """S1 FAQ Cow: copying the Goat's printed 1 or its total 4. Bo and Ann's Goat and Mosquito do
    not change: only --all shows them."""
    path = tmp_path / "two.json"
    path.write_text(json.dumps(TWO), encoding="utf-8")
    r = run("compare", path, "--ruling", "cow_copies=total")
    assert r.returncode == 0, r.stderr
    assert r.stdout.splitlines()[:3] == [
        'rulings: cow_copies "printed" -> "total"',
        "Ann: 5 -> 8 fame (+3)",
        "  cow  slot 1 (upper left): 1 -> 4",
    ]
    assert "Bo" not in r.stdout and "goat" not in r.stdout.split("the traces")[0]
    everything = run("compare", path, "--ruling", "cow_copies=total", "--all").stdout.splitlines()
    assert everything[:9] == [
        'rulings: cow_copies "printed" -> "total"',
        "Ann: 5 -> 8 fame (+3)",
        "  cow       slot 1 (upper left): 1 -> 4",
        "  goat      slot 2 (upper middle): 4",
        "  mosquito  slot 4 (lower left): 0",
        "Bo: 3 fame, unchanged",
        "  bee       slot 1 (upper left): 1",
        "  snail     slot 2 (upper middle): 2",
        "  mosquito  slot 3 (upper right): 0",
    ]
    listing = run("compare", path).stdout
    assert listing == (
        "ruling options that change the outcome of this scenario:\n"
        '  --ruling cow_copies=total   (now "printed"): Ann 5 -> 8\n'
    )
    assert run("compare", path, "--all").stdout.endswith("Ann 5 -> 8; Bo 3 -> 3\n")


# -- no market -------------------------------------------------------------------------------------


@pytest.mark.parametrize("command", ["resolve", "round"])
def test_nothing_printed_for_an_absent_market(command):
    r = run(command, EXAMPLES / "crab-in-the-middle.json")
    assert r.returncode == 0
    assert "market:" not in r.stdout and "toon deck" not in r.stdout
    assert "\n\n\n" not in r.stdout and "  deck (top first): -\n\n== trace ==\n" in r.stdout
    market = run(command, EXAMPLES / "s2-market-example.json").stdout
    assert "market: " in market and "toon deck (top first): " in market


# -- notebooks [DEST] ------------------------------------------------------------------------------


def test_notebooks_copies_the_course_the_workshop_examples_and_docs(tmp_path):
    r = run("notebooks", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    dest = tmp_path / "fliptoons-notebooks"
    for series in ("course", "workshop"):
        notebooks = sorted(p.name for p in (ROOT / "notebooks" / series).glob("*.ipynb"))
        assert sorted(p.name for p in (dest / series).glob("*.ipynb")) == notebooks
        for name in notebooks:
            assert (dest / series / name).read_bytes() == (
                ROOT / "notebooks" / series / name
            ).read_bytes()
    assert not list(dest.glob("*.ipynb"))
    assert sorted(p.name for p in (dest / "examples").iterdir()) == sorted(
        p.name for p in EXAMPLES.iterdir() if p.suffix in (".json", ".md")
    )
    assert (dest / "docs" / "scenarios.md").is_file()
    assert r.stdout.splitlines()[-1] == (
        "open them with: jupyter lab fliptoons-notebooks  (start with course/00_the_game.ipynb)"
    )
    lessons = len(list((ROOT / "notebooks" / "course").glob("*.ipynb")))
    workshop = len(list((ROOT / "notebooks" / "workshop").glob("*.ipynb")))
    assert r.stdout.startswith(
        f"copied {lessons} lessons into fliptoons-notebooks/course/ (the course: the games taught "
        f"from the start), {workshop} notebooks into fliptoons-notebooks/workshop/"
    )


def test_notebooks_refuses_to_overwrite(tmp_path):
    dest = tmp_path / "mine"
    (dest / "course").mkdir(parents=True)
    mine = dest / "course" / "00_the_game.ipynb"
    mine.write_text("my own notes", encoding="utf-8")
    r = run("notebooks", dest)
    assert r.returncode == 2 and r.stdout == ""
    assert (
        r.stderr == f"fliptoons-explore: error: {mine} already exists (nothing copied; "
        "choose another folder)\n"
    )
    assert [p.relative_to(dest).as_posix() for p in sorted(dest.rglob("*"))] == [
        "course",
        "course/00_the_game.ipynb",
    ]  # nothing copied
    assert mine.read_text(encoding="utf-8") == "my own notes"
    file = tmp_path / "a-file"
    file.write_text("x", encoding="utf-8")
    r = run("notebooks", file)
    assert r.returncode == 2 and r.stderr.count("\n") == 1 and "is not a folder" in r.stderr


# -- help ------------------------------------------------------------------------------------------


def test_help_points_at_material_a_user_has():
    top = run("--help").stdout
    for command in ("resolve", "round", "play", "chain", "compare", "notebooks"):
        assert f"    {command}" in top
        page = run(command, "--help")
        assert (
            page.returncode == 0 and "DESIGN" not in page.stdout and "../shared" not in page.stdout
        )
    page = run("resolve", "--help").stdout
    assert "fliptoons-explore notebooks" in page and "docs/scenarios.md" in page
    assert '"deck": ["mosquito", "gorilla", "coyote"]' in page
    assert "--all" in run("compare", "--help").stdout


def test_readme_points_at_material_a_user_has():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "DESIGN.md" not in readme and "../shared" not in readme
    assert (
        "examples/" in readme
        and "docs/scenarios.md" in readme
        and "fliptoons-explore notebooks" in readme
    )
