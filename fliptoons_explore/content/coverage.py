"""Which rule each exercise of the course teaches, and what is left: the coverage table of
docs/teaching.md.

Every rule of `data/rules.csv` (the rulebooks' rules: `s2.`, `s1.`, `jp.`, `fl.`, and the
engine's own limits, `engine.`) is either **taught**, by at least one exercise of a lesson in
`notebooks/course/` (the rule it turns on, a rule its situation's trace cites, or a rule its
feedback names: `Exercise.teaches`), or listed in `coverage.csv` beside this module with why
not: **taught as** another rule (Season 1's words for a Season 2 rule the engine cites for both)
or **not examinable** (the box's contents, a shuffle, a wording note: nothing to predict).

    python -m fliptoons_explore.content.coverage            # the table, as Markdown
    python -m fliptoons_explore.content.coverage --check    # the rules neither taught nor listed
"""

from __future__ import annotations

import contextlib
import csv
import io
import json
import os
import sys
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from ..material import notebooks
from ..rules import RULES

__all__ = ["Note", "NOTES", "lesson_exercises", "taught", "rulebook_rules", "untaught", "markdown"]


@dataclass(frozen=True)
class Note:
    """Why a rule is not examined by an exercise of its own: `taught_as` another rule id (which
    must be taught), or not examinable for `reason`."""

    rule: str
    taught_as: str
    reason: str


def _notes() -> dict[str, Note]:
    text = resources.files(__package__).joinpath("coverage.csv").read_text("utf-8")
    notes = {}
    for row in csv.DictReader(text.splitlines()):
        note = Note(row["rule"], row["taught_as"], row["reason"])
        if note.rule in notes:
            raise ValueError(f"coverage.csv: {note.rule} is listed twice")
        if note.rule not in RULES or (note.taught_as and note.taught_as not in RULES):
            raise ValueError(f"coverage.csv: unknown rule id in {row}")
        if not note.reason:
            raise ValueError(f"coverage.csv: {note.rule} has no reason")
        notes[note.rule] = note
    return notes


#: {rule id: its note}: the rules of the rulebooks no exercise examines, and why.
NOTES: dict[str, Note] = _notes()


def rulebook_rules() -> list[str]:
    """The rule ids of `data/rules.csv`, in its order (not the cards' texts, not the rulings)."""
    text = resources.files("fliptoons_explore").joinpath("data/rules.csv").read_text("utf-8")
    return [row["id"] for row in csv.DictReader(text.splitlines())]


def lesson_exercises(path: Path) -> dict:
    """{exercise variable: Exercise} of a lesson: its code cells run top to bottom in the lesson's
    folder (an exercise may need a function an earlier cell defines), their output discarded."""
    cells = json.loads(Path(path).read_text(encoding="utf-8"))["cells"]
    code = ["".join(c["source"]) for c in cells if c["cell_type"] == "code"]
    namespace: dict = {"__name__": "__main__"}
    here = os.getcwd()
    os.environ.setdefault("MPLBACKEND", "Agg")
    try:
        os.chdir(Path(path).parent)
        for source in code:
            lines = [x for x in source.splitlines() if not x.lstrip().startswith(("%", "!"))]
            with (
                contextlib.redirect_stdout(io.StringIO()),
                contextlib.redirect_stderr(io.StringIO()),
            ):
                exec(compile("\n".join(lines), str(path), "exec"), namespace)
    finally:
        os.chdir(here)
    return {k: v for k, v in namespace.items() if k.startswith("exercise_")}


def taught(paths=None) -> dict[str, list[tuple[str, str]]]:
    """{rule id: [(lesson, exercise), ...]} over the course's lessons (or `paths`)."""
    found: dict[str, list[tuple[str, str]]] = {}
    for path in paths if paths is not None else notebooks("course"):
        for name, exercise in lesson_exercises(path).items():
            for rule in sorted(exercise.teaches):
                found.setdefault(rule, []).append((Path(path).stem, name))
    return found


def untaught(found: dict | None = None) -> list[str]:
    """The rulebooks' rules neither taught nor listed with a reason, and the listed ones whose
    note no longer holds (taught after all, or taught as a rule that is not): [] when the table
    is complete."""
    found = taught() if found is None else found
    wrong = []
    for rule in rulebook_rules():
        note = NOTES.get(rule)
        if rule in found:
            if note is not None:
                wrong.append(f"{rule}: taught by {found[rule][0]}, yet listed in coverage.csv")
        elif note is None:
            wrong.append(f"{rule}: taught by no exercise and not in coverage.csv")
        elif note.taught_as and note.taught_as not in found:
            wrong.append(f"{rule}: taught as {note.taught_as}, which no exercise teaches")
    return wrong


def _where(places: list[tuple[str, str]]) -> str:
    shown = [f"{lesson} {name.replace('exercise_', 'ex. ')}" for lesson, name in places[:3]]
    more = f" (+{len(places) - 3})" if len(places) > 3 else ""
    return ", ".join(shown) + more


def markdown(found: dict | None = None) -> str:
    """The coverage table: each rule of the rulebooks, and the exercises that teach it (up to
    three) or why none does."""
    found = taught() if found is None else found
    lines = ["| rule | source, section | taught by |", "|---|---|---|"]
    for rule in rulebook_rules():
        r = RULES[rule]
        note = NOTES.get(rule)
        if rule in found:
            where = _where(found[rule])
        elif note is not None and note.taught_as:
            where = f"as `{note.taught_as}`: {note.reason}"
        elif note is not None:
            where = f"not examinable: {note.reason}"
        else:
            where = "**nothing yet**"
        lines.append(f"| `{rule}` | {r.source}, {r.section} | {where} |")
    return "\n".join(lines)


def _main(argv: list[str]) -> int:
    found = taught()
    if argv[:1] == ["--check"]:
        wrong = untaught(found)
        print("\n".join(wrong) or "every rule is taught or listed with a reason")
        return 1 if wrong else 0
    print(markdown(found))
    return 0


if __name__ == "__main__":
    sys.exit(_main(sys.argv[1:]))
