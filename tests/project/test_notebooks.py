"""The teaching notebooks are committed executed and checkable: nbval runs them (the
pytest config collects notebooks/), and silently skips a cell that never ran, so each notebook
must hold executed cells only, checked cells (the cell tag `nbval-check-output`, which a learner
does not see in the code), the `python3` kernel, and
no personal path, timestamp or memory address in its outputs. They open in JupyterLab unmodified,
point only to what ships, and each lesson opens its central situation in the explorer.
tests/helpers/execute_notebooks.py executes them; how long each takes to run is measured by
benchmarks/bench_notebooks.py, not here."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from jupyter_client.kernelspec import KernelSpecManager

ROOT = Path(__file__).resolve().parents[2]
COURSE = sorted((ROOT / "notebooks" / "course").glob("*.ipynb"))
WORKSHOP = sorted((ROOT / "notebooks" / "workshop").glob("*.ipynb"))
NOTEBOOKS = COURSE + WORKSHOP
SERIES = {
    "course": [
        "00_the_game",
        "01_flip_phase",
        "02_next_and_previous",
        "03_stacks",
        "04_extra_rows",
        "05_returns_and_running_out",
        "06_face_down",
        "07_check_fame",
        "08_market",
        "09_after_market_and_the_end",
        "10_solo_and_difficulty",
        "11_combining_seasons",
        "12_flipology_nature",
        "13_flipology_animals",
        "14_flipology_great_tree",
    ],
    "workshop": [
        "01_package_tour",
        "02_rulings_explorer",
        "03_ability_chains",
        "04_experiments",
    ],
}
#: The lessons: every notebook of the course.
LESSONS = COURSE


def checked_cells(nb: dict) -> list[dict]:
    return [
        c
        for c in nb["cells"]
        if c["cell_type"] == "code" and "nbval-check-output" in c["metadata"].get("tags", [])
    ]


def test_no_test_marker_shows_in_a_cell():
    """nbval's markers are cell tags, never comments a learner reads in the code."""
    for path in NOTEBOOKS:
        nb = json.loads(path.read_text(encoding="utf-8"))
        for c in nb["cells"]:
            assert "NBVAL" not in "".join(c["source"]), f"{path.name}: {c.get('id')}"


def test_the_series_is_complete():
    """Two folders: notebooks/course and notebooks/workshop, nothing beside them."""
    assert [p.stem for p in COURSE] == SERIES["course"]
    assert [p.stem for p in WORKSHOP] == SERIES["workshop"]
    assert not list((ROOT / "notebooks").glob("*.ipynb"))


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_notebook_is_executed_and_checkable(path):
    nb = json.loads(path.read_text(encoding="utf-8"))
    assert nb["metadata"]["kernelspec"]["name"] == "python3"
    code = [c for c in nb["cells"] if c["cell_type"] == "code"]
    assert code and all(c.get("execution_count") for c in code), "every code cell has run"
    counts = [c["execution_count"] for c in code]
    assert counts == list(range(1, len(code) + 1)), "executed top to bottom in one fresh kernel"
    checked = checked_cells(nb)
    assert len(checked) >= 8, f"{len(checked)} checked cells"
    assert all(c["outputs"] for c in checked), "a checked cell prints what it checks"
    outputs = json.dumps([c["outputs"] for c in code])
    assert not re.search(r"/work/|/tmp/|/home/|/root/", outputs), "no personal path"
    assert not re.search(r"0x[0-9a-f]{6,}", outputs), "no memory address"
    assert not re.search(r"20\d\d-\d\d-\d\d[T ]\d\d:\d\d", outputs), "no timestamp"
    assert "application/vnd.jupyter.widget-state+json" not in nb["metadata"].get("widgets", {}), (
        "no saved widget state (tests/helpers/execute_notebooks.py executes them so)"
    )


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_notebook_opens_unmodified(path):
    """JupyterLab rewrites a kernelspec that differs from the installed kernel's (its display name,
    "Python 3 (ipykernel)"), and so marks a notebook modified the moment it opens; timing metadata
    is noise in every diff. tests/helpers/execute_notebooks.py writes both as they should be.
    (JupyterLab also writes the kernel's `language_info`: a notebook run by another Python version
    opens modified there, which no file can avoid.)"""
    nb = json.loads(path.read_text(encoding="utf-8"))
    spec = KernelSpecManager().get_kernel_spec("python3")
    assert nb["metadata"]["kernelspec"] == {
        "display_name": spec.display_name,
        "language": spec.language,
        "name": "python3",
    }
    assert not [c["id"] for c in nb["cells"] if "execution" in c["metadata"]], "no timing metadata"


#: What a notebook may point a reader to: the docs that ship (fliptoons-explore notebooks copies
#: them out with the notebooks), the package's own data, the example scenarios and the notebooks.
SHIPPED = (
    {f"docs/{p.name}" for p in (ROOT / "docs").glob("*.md")}
    | {f"examples/{p.name}" for p in (ROOT / "examples").glob("*")}
    | {p.name for p in NOTEBOOKS}
    | {f"{p.parent.name}/{p.name}" for p in NOTEBOOKS}
)
REFERENCE = re.compile(r"(?<![\w/.-])((?:[\w.-]+/)+[\w.*-]+|[\w-]+\.(?:md|py|csv|ipynb))(?![\w/-])")
UNSHIPPED_WORDS = re.compile(r"RULINGS|DESIGN\.md|EXPLORER\.md|(?i:open question)|seeds/|shared/")


def _ships(ref: str) -> bool:
    ref = ref.rstrip(".")
    if ref in SHIPPED or ref.startswith("http"):
        return True
    if ref.startswith("fliptoons_explore/"):
        return any((ROOT / ref).parent.glob(Path(ref).name)) or (ROOT / ref).exists()
    return False


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_every_reference_is_to_something_that_ships(path):
    """Notebooks cite the rulebooks (quoted) and the shipped docs, never a file a reader of the
    installed package does not have."""
    nb = json.loads(path.read_text(encoding="utf-8"))
    text = "\n".join("".join(c["source"]) for c in nb["cells"])
    prose = "\n".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown")
    prose += "\n".join(
        line
        for c in nb["cells"]
        if c["cell_type"] == "code"
        for line in "".join(c["source"]).splitlines()
        if line.lstrip().startswith("#")
    )
    paths = [
        m.group(1)
        for m in REFERENCE.finditer(prose)
        if "/" in m.group(1) or m.group(1).endswith((".md", ".py", ".csv", ".ipynb"))
    ]
    assert [p for p in paths if not _ships(p)] == []
    assert UNSHIPPED_WORDS.findall(text) == []


@pytest.mark.parametrize("path", LESSONS, ids=[p.stem for p in LESSONS])
def test_each_lesson_opens_its_central_situation_in_the_explorer(path):
    """Each lesson opens a situation of the library in the explorer, from its examples menu (a
    Flipology lesson's opens the explorer's Flipology side), with a short line naming the game
    where the widget cannot be drawn."""
    from fliptoons_explore import situation

    nb = json.loads(path.read_text(encoding="utf-8"))
    cells = [
        c for c in nb["cells"] if c["cell_type"] == "code" and "explorer()" in "".join(c["source"])
    ]
    assert len(cells) == 1, path.stem
    name = re.search(r'\.examples\.value = "([^"]+)"', "".join(cells[0]["source"]))
    assert name
    game = "Flipology" if situation(name.group(1)).game == "flipology" else "FlipToons"
    assert game == ("Flipology" if "flipology" in path.stem else "FlipToons")
    # where the widget cannot be drawn (a viewer, the notebook not yet run), a line says what it is
    shown = "".join(cells[0]["outputs"][0]["data"]["text/plain"])
    assert shown == f"<{game} explorer: a widget; run the cell in a live notebook to use it>"


def test_at_least_a_hundred_checked_cells():
    assert (
        sum(len(checked_cells(json.loads(p.read_text(encoding="utf-8")))) for p in NOTEBOOKS) >= 100
    )


def test_teaching_notebooks_end_with_exercises():
    """The lessons have predict-then-check exercises (tests/project/test_notebook_exercises.py runs
    them)."""
    for path in LESSONS:
        text = "".join(
            "".join(c["source"])
            for c in json.loads(path.read_text(encoding="utf-8"))["cells"]
            if c["cell_type"] == "markdown"
        ).lower()
        assert "predict" in text and "exercise" in text, path.stem
