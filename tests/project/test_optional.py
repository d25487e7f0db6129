"""Dependencies that match the package: a plain install (no extras) runs every
subcommand; a missing optional package is one line naming the extra to install, never a
traceback. A plain install is simulated by blocking every module that only an extra brings (a
None in sys.modules makes its import fail as if it were not installed)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
import tomllib

from fliptoons_explore._optional import MissingOptional, require
from fliptoons_explore.cli.main import _quiet_exit

ROOT = Path(__file__).resolve().parents[2]
#: Top-level modules brought only by the extras (notebooks, app, test), never by a plain install.
EXTRAS_ONLY = (
    "matplotlib",
    "jupyterlab",
    "voila",
    "ipykernel",
    "nbval",
    "pytest",
    "xdist",
    "playwright",
    "notebook",
)


def test_require_names_the_extra(monkeypatch):
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    monkeypatch.setitem(sys.modules, "matplotlib.pyplot", None)
    with pytest.raises(MissingOptional) as e:
        require("matplotlib.pyplot", extra="notebooks", purpose="chains.draw")
    assert str(e.value) == (
        "chains.draw needs matplotlib, which is not installed: "
        "pip install 'fliptoons_explore[notebooks]'"
    )
    assert isinstance(e.value, ImportError) and e.value.name == "matplotlib"
    # IPython and Jupyter show this one line instead of a traceback
    assert e.value._render_traceback_() == [f"MissingOptional: {e.value}"]


def test_require_returns_the_module():
    import json as json_module

    assert require("json", extra="notebooks") is json_module


def test_chains_draw_without_matplotlib(monkeypatch):
    from fliptoons_explore import resolve
    from fliptoons_explore.chains import causal_graph, draw

    graph = causal_graph(resolve({"season": "s2", "players": [{"deck": ["mosquito", "crab"]}]}))
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    monkeypatch.setitem(sys.modules, "matplotlib.pyplot", None)
    with pytest.raises(
        MissingOptional,
        match=r"^chains.draw needs matplotlib, which is not installed: "
        r"pip install 'fliptoons_explore\[notebooks\]'$",
    ):
        draw(graph)


def test_the_command_line_says_one_line_for_a_missing_optional_package(monkeypatch, capsys):
    """What `fliptoons-explore app` will do without Voilà: one line on stderr, exit 1."""
    monkeypatch.setitem(sys.modules, "voila", None)
    run = _quiet_exit(lambda argv: require("voila", extra="app", purpose="the app") and 0)
    assert run([]) == 1
    out = capsys.readouterr()
    assert out.out == ""
    assert out.err == (
        "fliptoons-explore: error: the app needs voila, which is not installed: "
        "pip install 'fliptoons_explore[app]'\n"
    )


def test_plain_dependencies_are_what_the_package_imports():
    """pyproject.toml: the API's imports are dependencies; JupyterLab, Voilà, matplotlib and the
    test tools are extras."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    names = {d.split(">")[0].split("=")[0].split("[")[0].strip() for d in project["dependencies"]}
    assert names == {"networkx", "pandas", "ipywidgets", "anywidget", "tqdm"}
    extras = project["optional-dependencies"]
    assert {"jupyterlab", "matplotlib"} <= {d.split(">")[0] for d in extras["notebooks"]}
    assert "voila" in {d.split(">")[0] for d in extras["app"]}
    assert {"pytest", "nbval", "pytest-xdist", "playwright"} <= {
        d.split(">")[0] for d in extras["test"]
    }


PLAIN = (
    "import sys; sys.modules.update(dict.fromkeys({blocked!r})); "
    "from fliptoons_explore.cli.main import main; sys.exit(main(sys.argv[1:]))"
)


def plain(*args, cwd=None) -> subprocess.CompletedProcess:
    code = PLAIN.format(blocked=EXTRAS_ONLY)
    return subprocess.run(
        [sys.executable, "-c", code, *args], capture_output=True, text=True, timeout=120, cwd=cwd
    )


def test_every_subcommand_runs_without_the_extras(tmp_path):
    """resolve, round, chain, compare, play, notebooks, --version and --help with nothing of the
    extras importable: each exits 0 with no traceback."""
    market = tmp_path / "market.json"
    market.write_text((ROOT / "examples" / "s2-market-example.json").read_text(encoding="utf-8"))
    runs = {
        "resolve": plain("resolve", str(market)),
        "resolve --json": plain("resolve", str(market), "--json"),
        "round": plain("round", str(market)),
        "chain": plain("chain", str(market)),
        "chain --json": plain("chain", str(market), "--json"),
        "compare": plain("compare", str(market)),
        "compare --ruling": plain("compare", str(market), "--ruling", "dismiss_minimum=deck-3"),
        "play": plain("play", "--season", "s2", "--players", "2", "--seed", "1", "--games", "2"),
        "notebooks": plain("notebooks", str(tmp_path / "nb")),
        "--version": plain("--version"),
        "--help": plain("--help"),
    }
    for name, r in runs.items():
        assert "Traceback" not in r.stderr, (name, r.stderr)
        assert r.returncode == 0 and r.stdout, (name, r.returncode, r.stderr)
    assert json.loads(runs["chain --json"].stdout)["directed"] is True
    assert (
        "JupyterLab is not installed: pip install 'fliptoons_explore[notebooks]'"
        in runs["notebooks"].stdout
    )
    assert (tmp_path / "nb" / "course" / "00_the_game.ipynb").is_file()
