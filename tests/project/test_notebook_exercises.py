"""The exercises of the teaching notebooks check. Each notebook's code runs in this
process, top to bottom; then every exercise's check cell is run again with its prediction set to
the right answer (it must say right) and to a wrong one (it must say wrong). As committed, each
check cell says "not predicted yet" and gives nothing away. An exercise is three cells:
`exercise_N = Exercise(...)` (with `exercise_N.setup()`), `prediction_N = None  # your answer: ...`,
and `exercise_N.check(prediction_N)`; the teaching notebooks (FlipToons' 01-11, Flipology's 14 and
15) have at least three each."""

from __future__ import annotations

import contextlib
import io
import json
import re
import sys
from pathlib import Path

import pytest

NOTEBOOKS = sorted((Path(__file__).resolve().parents[2] / "notebooks").glob("*.ipynb"))
TEACHING = [p for p in NOTEBOOKS if "01" <= p.stem[:2] <= "11" or p.stem[:2] in ("14", "15")]
PREDICTION = re.compile(r"^(prediction_\w+) = None\s+# your answer: \S", re.M)
CHECK = re.compile(r"^(exercise_\w+)\.check\((prediction_\w+)\)\s*$", re.M)


def _code(nb: dict) -> list[dict]:
    return [c for c in nb["cells"] if c["cell_type"] == "code"]


def _exercises(nb: dict) -> list[tuple[str, str, dict]]:
    """(exercise variable, prediction variable, check cell) of each exercise, in order."""
    found = []
    for cell in _code(nb):
        m = CHECK.search("".join(cell["source"]))
        if m:
            found.append((m.group(1), m.group(2), cell))
    return found


def _out(cell: dict) -> str:
    return "".join(
        "".join(o.get("text", "")) for o in cell["outputs"] if o["output_type"] == "stream"
    )


def _run(source: str, namespace: dict) -> str:
    lines = [x for x in source.splitlines() if not x.lstrip().startswith(("%", "!"))]
    buffer = io.StringIO()
    with contextlib.redirect_stdout(buffer):
        exec(compile("\n".join(lines), "<cell>", "exec"), namespace)
    return buffer.getvalue()


@pytest.mark.parametrize("path", TEACHING, ids=[p.stem for p in TEACHING])
def test_a_teaching_notebook_has_three_exercises_in_the_pattern(path):
    nb = json.loads(path.read_text(encoding="utf-8"))
    exercises = _exercises(nb)
    assert len(exercises) >= 3, path.stem
    code = ["".join(c["source"]) for c in _code(nb)]
    for exercise, prediction, check in exercises:
        assert exercise.split("_", 1)[1] == prediction.split("_", 1)[1]
        assert sum(bool(PREDICTION.search(s)) and prediction in s for s in code) == 1, prediction
        assert sum(f"{exercise} = Exercise(" in s for s in code) == 1, exercise
        assert "nbval-check-output" in check["metadata"].get("tags", [])
        assert _out(check).startswith("Not predicted yet:"), f"{exercise} is committed predicted"


@pytest.mark.parametrize(
    "path",
    [p for p in NOTEBOOKS if _exercises(json.loads(p.read_text("utf-8")))],
    ids=lambda p: p.stem,
)
def test_each_check_cell_says_right_to_the_answer_and_wrong_to_a_wrong_one(path, monkeypatch):
    monkeypatch.setenv("MPLBACKEND", "Agg")
    monkeypatch.chdir(path.parent)
    nb = json.loads(path.read_text(encoding="utf-8"))
    checks = {id(cell): (exercise, prediction) for exercise, prediction, cell in _exercises(nb)}
    namespace: dict = {"__name__": "__main__"}
    tried = 0
    for cell in _code(nb):
        source = "".join(cell["source"])
        printed = _run(source, namespace)
        if id(cell) not in checks:
            continue
        exercise, prediction = checks[id(cell)]
        assert printed.startswith("Not predicted yet:"), (exercise, printed)
        ex = namespace[exercise]
        namespace[prediction] = ex.right_example()
        right = _run(source, namespace)
        assert right.startswith("✓ Right"), (exercise, right)
        namespace[prediction] = ex.wrong_example()
        wrong = _run(source, namespace)
        assert wrong.startswith("✗ Not"), (exercise, wrong)
        assert f"{exercise}.answer()" in wrong
        namespace[prediction] = None
        tried += 1
    assert tried == len(checks)
    plt = sys.modules.get("matplotlib.pyplot")
    if plt is not None:
        plt.close("all")
