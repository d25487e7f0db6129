"""The exercises of the teaching notebooks check. Each notebook's code runs in this
process, top to bottom; then every exercise's check cell is run again with its prediction set to
the right answer (it must say right) and to two wrong ones, an anticipated mistake (or one made
up) and one no listed mistake explains (each must say wrong, and name a rule: the one the
exercise turns on, and for the second a sentence worked out from the situation where one can be;
docs/teaching.md, What a wrong answer is told). As committed, each check cell says "not predicted
yet" and gives nothing away. An exercise is three cells: `exercise_N = Exercise(...)` (with
`exercise_N.setup()`), `prediction_N = None  # your answer: ...`, and
`exercise_N.check(prediction_N)`.

Every lesson of the course (notebooks/course, STRICT) is held to the course's exercise rules
(docs/teaching.md): at least four exercises, each quoting its rule and naming at least two likely
mistakes, every one of which is tried and must be told wrong with its own explanation and the rule
quoted; no ruling option changes an answer unless the exercise names that option; and no exercise
is played or shown above it in its lesson."""

from __future__ import annotations

import contextlib
import copy
import io
import json
import re
import sys
import types
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2] / "notebooks"
TEACHING = sorted((ROOT / "course").glob("*.ipynb"))
NOTEBOOKS = TEACHING + sorted((ROOT / "workshop").glob("*.ipynb"))
#: The lessons held to the course's exercise rules (the module's docstring): all of them.
STRICT = {p.stem for p in TEACHING}
PREDICTION = re.compile(r"^(prediction_\w+) = None\s+# your answer: \S", re.M)
#: How a message names a rule: "Rule s2.check-fame (S2, Check Fame): ...".
NAMES_A_RULE = re.compile(r"\bRule [a-z0-9]+(\.[\w-]+)+ \(")
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
def test_a_lesson_has_four_exercises_in_the_pattern(path):
    nb = json.loads(path.read_text(encoding="utf-8"))
    exercises = _exercises(nb)
    assert len(exercises) >= 4, path.stem
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
        wrongs = [(value, None) for value in ex.wrong_examples()]
        if path.stem in STRICT:  # every anticipated mistake, each told why, the rule quoted
            assert len(ex.mistakes) >= 2 and ex.quote, exercise
            anticipated = [
                (list(k) if isinstance(k, tuple) else k, w) for k, w in ex.mistakes.items()
            ]
            wrongs = anticipated + wrongs[1:]
        assert len(wrongs) >= (1 if isinstance(ex.expected, bool) else 2), exercise
        for value, why in wrongs:
            namespace[prediction] = value
            wrong = " ".join(_run(source, namespace).split())  # printed wrapped between words
            assert wrong.startswith("✗ Not"), (exercise, wrong)
            assert f"{exercise}.answer()" in wrong
            assert NAMES_A_RULE.search(wrong), (exercise, value, wrong)
            if why is not None:
                assert " ".join(why.split()) in wrong, (exercise, value, wrong)
                quoted = " ".join(f"\u201c{ex.quote}\u201d".split())
                assert f"Rule {ex.rule} " in wrong and quoted in wrong, (exercise, wrong)
        namespace[prediction] = None
        tried += 1
    assert tried == len(checks)
    plt = sys.modules.get("matplotlib.pyplot")
    if plt is not None:
        plt.close("all")


class _Reads(dict):
    """An expected outcome that notes which of its fields are read."""

    def __init__(self, data: dict, seen: set):
        super().__init__(data)
        self.seen = seen

    def __getitem__(self, key):
        self.seen.add(key)
        return super().__getitem__(key)

    def get(self, key, default=None):
        self.seen.add(key)
        return super().get(key, default)


def _fields_read(ex) -> set:
    """The fields of its situation's expected outcome an exercise's answer reads."""
    seen: set = set()
    probe = copy.copy(ex)
    probe.source = types.SimpleNamespace(expect=_Reads(ex.source.expect, seen), check=lambda: [])
    probe.expected  # noqa: B018
    return seen


@pytest.mark.parametrize("path", [p for p in NOTEBOOKS if p.stem in STRICT], ids=lambda p: p.stem)
def test_no_ruling_option_changes_an_answer_unless_the_exercise_names_it(path, monkeypatch):
    """Each exercise's situation is played under every other setting of every ruling option of
    its game; the fields of the expected outcome that its answer reads must come out the same,
    unless the exercise (its question, quote, explanation, hint or mistakes) names the option. (An
    exercise on a seeded whole game, no situation of the library, is the engine's answer.)"""
    from fliptoons_explore import OPTIONS, Situation
    from fliptoons_explore.flipology import OPTIONS as FLIPOLOGY_OPTIONS

    monkeypatch.setenv("MPLBACKEND", "Agg")
    monkeypatch.chdir(path.parent)
    code = ["".join(c["source"]) for c in _code(json.loads(path.read_text(encoding="utf-8")))]
    namespace: dict = {"__name__": "__main__"}
    defined = [s for s in code if re.search(r"^exercise_\w+ = Exercise\(", s, re.M)]
    for source in [code[0], *defined]:
        _run(source, namespace)
    exercises = {k: v for k, v in namespace.items() if k.startswith("exercise_")}
    assert len(exercises) == len(_exercises(json.loads(path.read_text("utf-8"))))
    tried = 0
    for name, ex in exercises.items():
        if not ex.library:  # a seeded game: its answer is the engine's, under the default rulings
            continue
        entry = ex.source.to_dict()
        fields = _fields_read(ex)
        assert fields, name
        said = " ".join(
            [ex.question, ex.quote, ex.explain, ex.hint] + [str(w) for w in ex.mistakes.values()]
        )
        options = FLIPOLOGY_OPTIONS if ex.source.game == "flipology" else OPTIONS
        for option, spec in options.items():
            for value in spec.choices:
                if value == entry["scenario"].get("rulings", {}).get(option, spec.default):
                    continue
                variant = copy.deepcopy(entry)
                variant["scenario"].setdefault("rulings", {})[option] = value
                variant["expect"] = {k: v for k, v in entry["expect"].items() if k in fields}
                differs = Situation.from_dict(variant).check()
                assert not differs or option in said, (name, option, value, differs)
                tried += 1
    assert tried


SITUATION = re.compile(r"""situation\(\s*["']([^"']+)["']""")
NEW_GAME = re.compile(r"new_game\(([^()]*)\)")
GAME_KEYS = ("players", "seed", "solo", "variant", "rulings")


def _seeded(call: str) -> str:
    """A seeded game's identity in a `new_game(...)` call: its game and the keywords that choose
    the deal (what it records or traces aside)."""
    game = call.split(",", 1)[0].strip()
    keys = dict(re.findall(r"(\w+)\s*=\s*([^,]+)", call))
    return game + "".join(f" {k}={keys[k].strip()}" for k in GAME_KEYS if k in keys)


EXAMPLE = re.compile(r"""example\(\s*["']([^"']+)["']""")


def _board(scenario: dict) -> str:
    """A scenario's cards and table, whatever rulings it is played under: two situations with the
    same board are the same situation to a learner."""
    return json.dumps({k: v for k, v in scenario.items() if k != "rulings"}, sort_keys=True)


@pytest.mark.parametrize("path", TEACHING, ids=lambda p: p.stem)
def test_no_exercise_is_played_or_shown_earlier_in_its_notebook(path):
    """An exercise asks for a prediction: its situation must not have been played or shown above
    it. Neither its name nor its board (the same cards and table, under any ruling) appears in a
    cell before the exercise's own, through a situation or an example scenario of its own name; a
    seeded game (`new_game` with the same game, players, seed...) is not played above it either."""
    from fliptoons_explore import situation
    from fliptoons_explore.material import example

    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    shown: dict[str, str] = {}  # board: where it was shown
    for i, cell in enumerate(cells):
        source = "".join(cell["source"])
        defined = re.search(r"^(exercise_\w+) = Exercise\(", source, re.M)
        if defined and cell["cell_type"] == "code":
            names = SITUATION.findall(source)
            boards = [_board(situation(name).scenario) for name in names]
            boards += [_seeded(call) for call in NEW_GAME.findall(source)]
            for board in boards:
                assert board not in shown, f"{defined.group(1)}'s situation is shown {shown[board]}"
        for name in SITUATION.findall(source):
            shown.setdefault(_board(situation(name).scenario), f"in cell {i} as {name}")
        for call in NEW_GAME.findall(source):
            shown.setdefault(_seeded(call), f"in cell {i} as the seeded game {_seeded(call)}")
        for name in EXAMPLE.findall(source):
            shown.setdefault(_board(example(name)), f"in cell {i} as the example {name}")
