"""The package layout shows what it is (issue 14, item 1): a game-neutral toolkit at the top, the
games in their subpackages, analysis beside them, the widgets a one-way layer on top, and no
import circles anywhere (every `import`, also the ones inside functions, counted)."""
from __future__ import annotations

import ast
import pathlib

import networkx as nx
import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "fliptoons_explore"
#: The toolkit: what both games are built on.
TOOLKIT = ("events", "rules", "rulings", "policy", "stepping", "chains", "views", "words", "limits",
           "jsonio", "games", "resolution", "links", "teach", "parallel", "_optional")
GAME_PACKAGES = ("fliptoons_explore.fliptoons", "fliptoons_explore.flipology", "fliptoons_explore.analysis")


def _modules(folder: pathlib.Path, prefix: str) -> dict[str, pathlib.Path]:
    out = {}
    for f in folder.rglob("*.py"):
        parts = list(f.relative_to(folder).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        out[".".join([prefix] + parts)] = f
    return out


MODULES = {**_modules(PACKAGE, "fliptoons_explore"), **_modules(ROOT / "widgets", "fliptoons_explore.widgets")}


def _imports(name: str, file: pathlib.Path) -> set[str]:
    """Every module of the package that `name` imports, anywhere in its code."""
    package = name if file.name == "__init__.py" else name.rsplit(".", 1)[0]
    found = set()
    for node in ast.walk(ast.parse(file.read_text("utf-8"))):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[:len(package.split(".")) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            candidates = [f"{target}.{a.name}" for a in node.names]
            if node.module:
                candidates.append(target)
        elif isinstance(node, ast.Import):
            candidates = [a.name for a in node.names]
        else:
            continue
        found.update(c for c in candidates if c in MODULES and c != name)
    return found


def _graph():
    g = nx.DiGraph()
    for name, file in MODULES.items():
        g.add_node(name)
        for target in _imports(name, file):
            g.add_edge(name, target)
    return g


def test_no_import_circles():
    """The package root imports everything it offers; below it, no module imports, directly or
    through others, a module that imports it back (today's market ↔ policy and interactions ↔
    interaction_svg included)."""
    g = _graph()
    g.remove_node("fliptoons_explore")
    assert list(nx.simple_cycles(g)) == []


@pytest.mark.parametrize("module", TOOLKIT)
def test_the_toolkit_imports_no_game(module):
    """A toolkit module reaches a game only through a table's `game` (its kit) or by the game's
    name (`games.game_package`), never by importing it."""
    name = f"fliptoons_explore.{module}"
    reached = nx.descendants(_graph(), name)
    assert sorted(m for m in reached if m.startswith(GAME_PACKAGES + ("fliptoons_explore.widgets",))) == []


def test_the_engine_never_imports_the_widgets():
    g = _graph()
    engine = [m for m in MODULES if not m.startswith("fliptoons_explore.widgets")]
    assert sorted(m for m in engine if any(t.startswith("fliptoons_explore.widgets") for t in g.successors(m))) == []


def test_moved_modules_answer_to_their_old_names():
    """What the README and the notebooks import from the old places still imports."""
    import fliptoons_explore.cards as cards
    from fliptoons_explore.compare import compare_rulings
    from fliptoons_explore.fliptoons import cards as new_cards
    from fliptoons_explore.interactions import interaction_graph
    from fliptoons_explore.render import player_html, table_html
    from fliptoons_explore.scenario import ScenarioError, parse_scenario_text
    from fliptoons_explore.stepping import Stepper, fame_at, trace_frame
    from fliptoons_explore.text import fame_text, grid_text

    assert cards is new_cards
    assert all(callable(f) for f in (compare_rulings, interaction_graph, player_html, table_html,
                                     parse_scenario_text, Stepper, fame_at, trace_frame, fame_text, grid_text))
    assert issubclass(ScenarioError, ValueError)
