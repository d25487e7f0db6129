"""The package layout shows what it is, in layers, each importing only the layers under it: the
game-neutral toolkit (the modules of the package's root), the games on it in their subpackages
(`fliptoons`, `flipology`), analysis and content on the games (each reaching a game through its
contract), the command line (`cli`) and the app (`app`) on those, and the widgets a one-way layer
on top; no import circles anywhere (every `import`, also the ones inside functions, counted).
Every import of the package names a module that exists under that name (there are no aliases),
so the graph below sees all of them, the widgets' included; it is built once for the whole file.
Outside the game packages and the widgets that draw one game's board, no code asks which game it
is (`test_no_code_outside_the_games_branches_on_a_game`)."""

from __future__ import annotations

import ast
import functools
import json
import pathlib
import re
import subprocess
import sys

import networkx as nx
import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "fliptoons_explore"
#: The toolkit: what both games are built on.
TOOLKIT = (
    "events",
    "rules",
    "rulings",
    "policy",
    "search",
    "stepping",
    "chains",
    "views",
    "words",
    "limits",
    "jsonio",
    "games",
    "resolution",
    "links",
    "material",
    "parallel",
    "_optional",
)
GAME_PACKAGES = (
    "fliptoons_explore.fliptoons",
    "fliptoons_explore.flipology",
    "fliptoons_explore.analysis",
)
WIDGETS = "fliptoons_explore.widgets"
#: The parts of the package and their layers, the lowest 0: a module imports modules of its own
#: part or of a lower layer, never a higher one nor another part of its own layer (`SIDEWAYS`
#: aside). The toolkit is every module of the package's root but its entry points (`_layer`).
LAYERS = {
    "toolkit": 0,
    "fliptoons_explore.fliptoons": 1,
    "fliptoons_explore.flipology": 1,
    "fliptoons_explore.analysis": 2,
    "fliptoons_explore.content": 2,
    "fliptoons_explore.app": 3,
    "fliptoons_explore.cli": 3,
    WIDGETS: 4,
}


def _modules(folder: pathlib.Path, prefix: str) -> dict[str, pathlib.Path]:
    out = {}
    for f in folder.rglob("*.py"):
        parts = list(f.relative_to(folder).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        out[".".join([prefix] + parts)] = f
    return out


MODULES = {**_modules(PACKAGE, "fliptoons_explore"), **_modules(ROOT / "widgets", WIDGETS)}
#: Every name an import may give: the modules and the folders without an `__init__` (`analysis`).
IMPORTABLE = set(MODULES) | {m.rsplit(".", 1)[0] for m in MODULES}


def _is_ours(name: str) -> bool:
    return name == "fliptoons_explore" or name.startswith("fliptoons_explore.")


def _import_nodes(name: str, tree: ast.AST, top_level_only: bool = False):
    """Each import in `tree` (the code of module `name`) as (node, the module it names, the names
    it may bring: that module and, for `from X import y`, `X.y`), relative imports made absolute.
    `top_level_only`: only the imports run when the module is imported (not those in functions or
    classes, nor under `if TYPE_CHECKING:`)."""
    package = name if MODULES[name].name == "__init__.py" else name.rsplit(".", 1)[0]
    if top_level_only:
        nodes, todo = [], list(tree.body)
        while todo:
            node = todo.pop()
            if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
                todo.extend(node.orelse)
            elif isinstance(node, (ast.If, ast.Try, ast.With)):
                todo.extend(c for c in ast.iter_child_nodes(node) if isinstance(c, ast.stmt))
            else:
                nodes.append(node)
    else:
        nodes = ast.walk(tree)
    for node in nodes:
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            yield node, target, [target] + [f"{target}.{a.name}" for a in node.names]
        elif isinstance(node, ast.Import):
            for a in node.names:
                yield node, a.name, [a.name]


@functools.cache
def _tree(name: str) -> ast.Module:
    return ast.parse(MODULES[name].read_text("utf-8"))


def _imports(name: str, top_level_only: bool = False) -> set[str]:
    """Every module of the package that `name` imports (anywhere in its code, or only at its top
    level)."""
    return {
        c
        for _, _, candidates in _import_nodes(name, _tree(name), top_level_only)
        for c in candidates
        if c in MODULES and c != name
    }


@functools.cache
def _graph(top_level_only: bool = False) -> nx.DiGraph:
    """The import graph of the package and the widgets, built once (frozen: no test changes it).
    `top_level_only`: what importing a module runs, so a submodule also imports its package."""
    g = nx.DiGraph()
    for name in MODULES:
        g.add_node(name)
        for target in _imports(name, top_level_only):
            g.add_edge(name, target)
        if top_level_only and "." in name:
            g.add_edge(name, name.rsplit(".", 1)[0])
    return nx.freeze(g)


def _doctest_imports(name: str):
    """The imports shown in `name`'s docstrings (`>>> from fliptoons_explore... import ...`)."""
    for lineno, line in enumerate(MODULES[name].read_text("utf-8").splitlines(), 1):
        m = re.match(r"\s*>>> ((?:from|import) .*?)\s*(?:#.*)?$", line)
        if m:
            for node in ast.walk(ast.parse(m.group(1))):
                if isinstance(node, ast.ImportFrom):
                    yield lineno, node.module or ""
                elif isinstance(node, ast.Import):
                    yield from ((lineno, a.name) for a in node.names)


def test_every_import_names_a_module():
    """An import of the package (in its code, the widgets' and the docstrings' examples) names a
    module by the name it has, never one that is not there: `from fliptoons_explore.cards import`
    or, inside the package, `from .compare import` would not be seen by the tests below."""
    wrong = []
    for name in MODULES:
        for node, target, _ in _import_nodes(name, _tree(name)):
            if _is_ours(target) and target not in IMPORTABLE:
                wrong.append(f"{MODULES[name].relative_to(ROOT)}:{node.lineno}: {target}")
        for lineno, target in _doctest_imports(name):
            if _is_ours(target) and target not in IMPORTABLE:
                wrong.append(f"{MODULES[name].relative_to(ROOT)}:{lineno} (docstring): {target}")
    assert wrong == []


def test_no_import_circles():
    """The package root imports everything it offers; below it, no module imports, directly or
    through others, a module that imports it back (today's market ↔ policy and interactions ↔
    interaction_svg included), the widgets included."""
    g = _graph().subgraph(m for m in MODULES if m != "fliptoons_explore")
    assert list(nx.simple_cycles(g)) == []


@pytest.mark.parametrize("module", TOOLKIT)
def test_the_toolkit_imports_no_game(module):
    """A toolkit module reaches a game only through a table's `game` (its kit) or by the game's
    name (`games.game_package`), never by importing it."""
    name = f"fliptoons_explore.{module}"
    reached = nx.descendants(_graph(), name)
    assert sorted(m for m in reached if m.startswith(GAME_PACKAGES + (WIDGETS,))) == []


def test_the_widgets_are_a_one_way_layer():
    """The widgets import the engine (by absolute name, the graph sees those imports) and their own
    modules (relatively); nothing outside them imports a widget."""
    g = _graph()
    engine = [m for m in MODULES if not m.startswith(WIDGETS)]
    assert sorted(m for m in engine if any(t.startswith(WIDGETS) for t in g.successors(m))) == []
    used = {
        t
        for m in MODULES
        if m.startswith(WIDGETS)
        for t in g.successors(m)
        if not t.startswith(WIDGETS)
    }
    assert {
        "fliptoons_explore.fliptoons.cards",
        "fliptoons_explore.fliptoons.engine",
        "fliptoons_explore.fliptoons.render",
        "fliptoons_explore.analysis.compare",
        "fliptoons_explore.analysis.interactions",
    } <= used
    relative_out, absolute_in = [], []
    for name in (m for m in MODULES if m.startswith(WIDGETS)):
        for node, target, _ in _import_nodes(name, _tree(name)):
            if isinstance(node, ast.ImportFrom) and node.level and not target.startswith(WIDGETS):
                relative_out.append(f"{name}:{node.lineno}: {target}")
            if not getattr(node, "level", 0) and target.startswith(WIDGETS):
                absolute_in.append(f"{name}:{node.lineno}: {target}")
    assert (relative_out, absolute_in) == ([], [])


def test_importing_the_package_imports_only_what_its_init_needs():
    """`import fliptoons_explore` runs the imports its `__init__` makes and theirs, nothing else:
    not the analysis, the command line, the app or the widgets, nor ipywidgets, IPython or
    matplotlib."""
    code = "import sys, json, fliptoons_explore; print(json.dumps(sorted(sys.modules)))"
    loaded = set(
        json.loads(
            subprocess.run(
                [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT
            ).stdout
        )
    )
    needed = {"fliptoons_explore"} | nx.descendants(
        _graph(top_level_only=True), "fliptoons_explore"
    )
    assert {m for m in loaded if _is_ours(m)} == needed
    assert (
        sorted(
            m
            for m in needed
            if m.startswith(
                (
                    "fliptoons_explore.analysis",
                    "fliptoons_explore.cli",
                    "fliptoons_explore.app",
                    WIDGETS,
                )
            )
        )
        == []
    )
    assert (
        sorted(m for m in loaded if m.split(".")[0] in ("ipywidgets", "IPython", "matplotlib"))
        == []
    )


# -- the layers ------------------------------------------------------------------------------------


def _layer(module: str) -> str | None:
    """The layer (a key of `LAYERS`) a module of the package or the widgets is in; None for the
    package's own entry points: its `__init__`, which imports what it offers from the layers under
    the command line, and its `__main__`, which runs the command line."""
    if module in ("fliptoons_explore", "fliptoons_explore.__main__"):
        return None
    for prefix in LAYERS:
        if module == prefix or module.startswith(prefix + "."):
            return prefix
    return "toolkit"


#: Imports between two layers of one height: the command line runs the app (`fliptoons-explore
#: app`).
SIDEWAYS = {("fliptoons_explore.cli", "fliptoons_explore.app")}


def test_each_layer_imports_only_the_layers_under_it():
    """The toolkit imports no game; a game imports the toolkit and its own modules, never the
    other game; analysis and content import the games and the toolkit, not each other; the command
    line and the app import any of those, never the widgets, and the app never the command line
    (every import counted, also the ones inside functions)."""
    g = _graph()
    upward = []
    for a, b in g.edges:
        la, lb = _layer(a), _layer(b)
        if la is None or lb is None or la == lb or (la, lb) in SIDEWAYS:
            continue
        if LAYERS[lb] >= LAYERS[la]:
            upward.append(f"{a} -> {b}")
    assert sorted(upward) == []


@pytest.mark.parametrize(
    "layer", ["fliptoons_explore.content", "fliptoons_explore.cli", "fliptoons_explore.app"]
)
def test_content_the_command_line_and_the_app_reach_a_game_through_its_contract(layer):
    """The situation library, the exercises, the command line and the app import no module of a
    game: they ask a game's contract (`games.contract_of` a scenario, or `games.contract` by the
    name of a game's own command) for what they need of it."""
    games = ("fliptoons_explore.fliptoons", "fliptoons_explore.flipology")
    reached = [
        f"{a} -> {b}" for a, b in _graph().edges if _layer(a) == layer and b.startswith(games)
    ]
    assert sorted(reached) == []


# -- no branch on which game it is -----------------------------------------------------------------

#: Code that asks which game it is: a comparison with a game's name, a flag saying it is one game,
#: the name of the game a scenario is of (`games.game_of`), or one game's contract by its name.
#: Naming a game to choose its contract is no branch, and matches none of these: an experiment
#: about one game's rules (`Setup.of("fliptoons", ...)`), the game a command is named after
#: (`flipology resolve`), the registry (`games.GAMES`).
GAME_BRANCH = re.compile(
    r'[!=]= *"(?:fliptoons|flipology)"|"(?:fliptoons|flipology)" if|is_flipology|is_fliptoons'
    r'|\bgame_of\(|\bcontract\(\s*"(?:fliptoons|flipology)"'
)
#: Where every line may: the games themselves, and the widget modules that draw one game's board.
GAME_CODE = (
    "fliptoons_explore/fliptoons/",
    "fliptoons_explore/flipology/",
    "widgets/fliptoons.py",
    "widgets/flipology.py",
)
#: What may match elsewhere, and why: (file, the text `GAME_BRANCH` matched) -> the reason.
ALLOWED = {
    # The contract's registry: the one place that reads a scenario's "game" key, to choose the
    # game's contract by its name (`contract_of`, which everything else asks).
    ("fliptoons_explore/games.py", "game_of("): "defines game_of and contract_of, which uses it",
}


def _code_lines(path: pathlib.Path):
    """Each line of code, stripped: docstrings and lines that are only a comment left out."""
    text = path.read_text("utf-8")
    docs = set()
    for node in ast.walk(ast.parse(text)):
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.Expr):
            if isinstance(body[0].value, ast.Constant) and isinstance(body[0].value.value, str):
                docs.update(range(body[0].lineno, body[0].end_lineno + 1))
    for n, line in enumerate(text.splitlines(), 1):
        code = line.strip()
        if n not in docs and code and not code.startswith("#"):
            yield code


def test_no_code_outside_the_games_branches_on_a_game():
    """Outside the two game packages and the widget modules that draw one game's board, no line
    asks which game it is (`GAME_BRANCH`): the toolkit, analysis, content, the command line, the
    app and the explorer's shell ask a game's contract instead (`games.GameContract`). What may
    match is in `ALLOWED`, each with why; an allowance that no longer matches anything is
    reported too, so that the list stays the list of what is there."""
    branches, allowed = [], set()
    for path in sorted([*PACKAGE.rglob("*.py"), *(ROOT / "widgets").rglob("*.py")]):
        where = path.relative_to(ROOT).as_posix()
        if where.startswith(GAME_CODE):
            continue
        for code in _code_lines(path):
            for m in GAME_BRANCH.finditer(code):
                if (where, m.group()) in ALLOWED:
                    allowed.add((where, m.group()))
                else:
                    branches.append(f"{where}: {code}")
    assert branches == []
    assert sorted(set(ALLOWED) - allowed) == [], "allowed, but no longer there: remove it"
