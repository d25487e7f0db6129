"""Predict, then check: the exercises of the teaching notebooks, for either game.

An exercise asks one question about a situation. The learner writes a prediction in a cell of its
own; the check cell compares it with the answer and says right, or wrong and why, with the rule;
the answer stays hidden until the learner asks for it.

    >>> from fliptoons_explore import situation
    >>> from fliptoons_explore.teach import Exercise
    >>> shark = Exercise("How much fame does Ann score?",
    ...                  situation('s2.key.fish.four-fish-and-a-shark'), answer='fame.Ann',
    ...                  mistakes={31: "The Shark is not a fish card."}, name="shark")
    >>> prediction = None          # the learner's cell: your answer, Ann's fame (a number)
    >>> shark.check(prediction)    # the check cell
    Not predicted yet: write your answer (a number) in the cell above, run it, then run this cell again.
    (To see the answer: shark.answer())
    >>> shark.verdict(31).right, shark.verdict("29").right
    (False, True)

Where the answer comes from:

- a **situation of the library** (anything with an `expect` dict and a `check()` that lists how the
  engine differs from it): `answer` is a path into the expected outcome (`"fame.Ann"`,
  `"grid.Ann.1.2"` for the card in row 1, column 2, `"events.0.card"`) or a function of it. The
  expected outcome was written from the rulebook; every check also plays the situation and raises
  `AssertionError` if the engine no longer gives it, so a notebook run by nbval keeps catching
  regressions;
- **any resolution** (or a function that makes one): `answer` is a function of it, and the answer
  is the engine's.

Predictions are compared kindly: `"Shark"`, `"the shark"` and `"shark"` are one answer, `"12"` is
12, `"yes"` is True, and a list may be compared in any order (`ordered=False`). An expected `None`
reads "nothing".
"""  # noqa: E501

from __future__ import annotations

import re
from dataclasses import dataclass

from .rules import RULES

__all__ = ["Exercise", "Verdict", "NOTHING"]

#: How an answer of "no card" / "nothing" is written; None itself means "not predicted yet".
NOTHING = "nothing"
_NOTHING_WORDS = {"nothing", "none", "no card", "empty", "-", ""}
_YES = {"yes", "y", "true"}
_NO = {"no", "n", "false"}


@dataclass(frozen=True)
class Verdict:
    """What a check says: `right` is True, False, or None (not predicted yet); `text` in words."""

    right: bool | None
    text: str

    def __str__(self) -> str:
        return self.text


class _Unreadable(ValueError):
    """A prediction that cannot be read as the kind of answer the exercise expects."""


def _words(value: str) -> str:
    text = " ".join(str(value).strip().lower().replace("_", " ").split())
    return text[4:] if text.startswith("the ") else text


def _read(value, like, ordered: bool):
    """`value` (the expected answer or a prediction) in a comparable form, read the way `like`
    (the expected answer) is; _Unreadable if it cannot be."""
    if like is None or isinstance(like, str):
        if value is None:
            return NOTHING
        if not isinstance(value, (str, int, float)) or isinstance(value, bool):
            raise _Unreadable("a word or a name, in quotes")
        text = _words(value)
        return NOTHING if text in _NOTHING_WORDS else text
    if isinstance(like, bool):
        if isinstance(value, bool):
            return value
        if isinstance(value, str) and _words(value) in _YES | _NO:
            return _words(value) in _YES
        raise _Unreadable("yes or no (True or False)")
    if isinstance(like, (int, float)):
        if isinstance(value, bool):
            raise _Unreadable("a number")
        if isinstance(value, (int, float)):
            return value
        if isinstance(value, str) and re.fullmatch(r"\s*-?\d+(\.\d+)?\s*", value):
            return float(value) if "." in value else int(value)
        raise _Unreadable("a number, without quotes")
    if isinstance(like, (list, tuple)):
        if isinstance(value, str) or not isinstance(value, (list, tuple, set)):
            raise _Unreadable("a list, in square brackets: [..., ...]")
        model = like[0] if like else ""
        items = [_read(v, model, True) for v in value]
        return tuple(items) if ordered else tuple(sorted(items, key=repr))
    return value


def _show(value) -> str:
    """An answer as the messages write it."""
    if value is None:
        return NOTHING
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_show(v) for v in value) + "]"
    return str(value)


def _dig(data, path: str):
    """The value at a dotted path ('fame.Ann', 'grid.Ann.1.2'): dict keys, list indexes."""
    here = data
    for part in path.split("."):
        if isinstance(here, list):
            here = here[int(part)]
        elif isinstance(here, dict) and part in here:
            here = here[part]
        else:
            raise KeyError(f"the expected outcome has no {path!r} (stuck at {part!r})")
    return here


def _rule_words(rule_id: str | None) -> str:
    if not rule_id:
        return ""
    r = RULES[rule_id]
    return f"Rule {r.id} ({r.source}, {r.section}): {r.paraphrase}"


class Exercise:
    """One predict-then-check question.

    - `question`: what is asked, in a sentence.
    - `source`: a situation of the library (`expect` and `check()`), a resolution, or a function
      of no arguments that returns a resolution.
    - `answer`: for a situation, a dotted path into its expected outcome or a function of that
      dict; otherwise a function of the resolution.
    - `rule`: the rule id the question turns on (default: the situation's first rule); its
      paraphrase is shown with every verdict. `quote`: the rulebook's own words, shown too.
    - `explain`: why the answer is what it is (default: the situation's `explain`), shown once the
      prediction is right or the answer is asked for.
    - `hint`: shown with a wrong prediction (default: the rule's paraphrase alone);
      `mistakes`: {wrong answer: why it is wrong} for the mistakes a learner is likely to make.
    - `form`: the kind of answer, in words ("a number", "a card id, such as 'spider'"), for the
      not-yet-predicted message; `ordered`: whether a list answer must be in order.
    - `name`: the exercise's variable in the notebook, for the messages ("exercise_1").
    """

    def __init__(
        self,
        question: str,
        source,
        answer,
        *,
        rule: str | None = None,
        quote: str = "",
        explain: str | None = None,
        hint: str = "",
        mistakes: dict | None = None,
        form: str | None = None,
        ordered: bool = True,
        name: str = "exercise",
    ):
        self.question = question
        self.name = name
        self.source = source
        self._answer = answer
        self._resolution = None
        self.library = hasattr(source, "expect") and callable(getattr(source, "check", None))
        if not self.library and not callable(answer):
            raise TypeError(
                "answer: a function of the resolution (a path needs a library situation)"
            )
        situation_rules = getattr(source, "rules", None) if self.library else None
        self.rule = rule or (situation_rules[0] if situation_rules else None)
        if self.rule is not None and self.rule not in RULES:
            raise KeyError(f"rule: unknown rule id {self.rule!r}")
        self.quote = quote
        self.explain = (
            explain
            if explain is not None
            else (getattr(source, "explain", "") if self.library else "")
        )
        self.hint = hint
        self.ordered = ordered
        self._form_words = form
        self._mistakes_given = dict(mistakes or {})
        self._mistakes = None
        if self._mistakes_given or form is None:  # read the answer now: a bad path fails here
            self.mistakes, self.form  # noqa: B018

    @property
    def form(self) -> str:
        """The kind of answer, in words."""
        return self._form_words or self._form(self.expected)

    @property
    def mistakes(self) -> dict:
        """{the anticipated wrong answer, read: why it is wrong}."""
        if self._mistakes is None:
            expected = self.expected
            right = _read(expected, expected, self.ordered)
            found = {}
            for wrong, why in self._mistakes_given.items():
                key = _read(wrong, expected, self.ordered)
                if key == right:
                    raise ValueError(f"mistakes: {wrong!r} is the right answer")
                found[key] = why
            self._mistakes = found
        return self._mistakes

    # -- the answer ---------------------------------------------------------------------------

    @property
    def expected(self):
        """The right answer (read from the library's expected outcome, or from the resolution)."""
        if self.library:
            expect = self.source.expect
            return self._answer(expect) if callable(self._answer) else _dig(expect, self._answer)
        if self._resolution is None:
            self._resolution = self.source() if callable(self.source) else self.source
        return self._answer(self._resolution)

    def still_holds(self) -> None:
        """Raise AssertionError if the engine no longer plays the library situation as its
        expected outcome says (nothing to check for an answer read from a resolution)."""
        if self.library:
            differences = self.source.check()
            if differences:
                raise AssertionError(
                    f"{getattr(self.source, 'name', 'the situation')}: the engine no longer "
                    "gives the library's outcome: " + "; ".join(differences)
                )

    @staticmethod
    def _form(expected) -> str:
        if isinstance(expected, bool):
            return "yes or no"
        if isinstance(expected, (int, float)):
            return "a number"
        if isinstance(expected, (list, tuple)):
            return "a list, in square brackets"
        return "a name, in quotes"

    # -- checking -----------------------------------------------------------------------------

    def verdict(self, prediction) -> Verdict:
        """Compare a prediction with the answer: a `Verdict` (None: not predicted yet)."""
        if prediction is None:
            return Verdict(
                None,
                f"Not predicted yet: write your answer ({self.form}) in the cell above, "
                f"run it, then run this cell again.\n(To see the answer: {self.name}.answer())",
            )
        expected = self.expected
        try:
            mine = _read(prediction, expected, self.ordered)
        except _Unreadable as e:
            return Verdict(False, f"✗ {prediction!r} cannot be read as an answer here: write {e}.")
        if mine == _read(expected, expected, self.ordered):
            return Verdict(
                True,
                "\n".join(
                    x
                    for x in (f"✓ Right: {_show(expected)}.", self.explain, self._rule_text())
                    if x
                ),
            )
        why = self.mistakes.get(mine) or self.hint
        return Verdict(
            False,
            "\n".join(
                x
                for x in (
                    f"✗ Not {_show(prediction)}.",
                    why,
                    self._rule_text(),
                    f"Try again, or run {self.name}.answer() to see the answer.",
                )
                if x
            ),
        )

    def check(self, prediction) -> None:
        """The check cell: make sure the engine still gives the answer, then print the verdict."""
        self.still_holds()
        print(self.verdict(prediction).text)

    def answer(self) -> None:
        """Show the answer, why, and the rule."""
        self.still_holds()
        print(
            "\n".join(
                x
                for x in (f"Answer: {_show(self.expected)}.", self.explain, self._rule_text())
                if x
            )
        )

    def setup(self):
        """The table as set up, before the first event (a `Stepper` at step -1, which draws itself
        in Jupyter): what the learner predicts from, without the table's notes on copies a
        physical game could not deal. For a library situation, or a source that has a
        `run(record=True)`."""
        from .stepping import Stepper

        run = getattr(self.source, "run", None)
        if run is None:
            raise TypeError("setup: the source has no run(record=True); show its table another way")
        resolution = run(record=True)
        resolution.table.notes = []  # what a physical game could not deal (copies) is no lesson
        return Stepper(resolution).goto(-1)

    def _rule_text(self) -> str:
        text = _rule_words(self.rule)
        return f"{text}\n  \u201c{self.quote}\u201d" if self.quote else text

    def right_example(self):
        """The answer as a learner would write it (the word "nothing" for an answer of None), for
        tests that feed each exercise the right answer."""
        expected = self.expected
        return NOTHING if expected is None else expected

    def wrong_example(self):
        """A wrong answer of the right kind (the first anticipated mistake, else one made up), for
        tests that feed each exercise a wrong answer."""
        for key in self.mistakes:
            return list(key) if isinstance(key, tuple) else key
        expected = self.expected
        if isinstance(expected, bool):
            return not expected
        if isinstance(expected, (int, float)):
            return expected + 1
        if isinstance(expected, (list, tuple)):
            return list(expected)[:-1] if expected else ["something"]
        return "something else" if expected != "something else" else "another thing"

    def __repr__(self) -> str:
        return f"<Exercise: {self.question}>"

    def __str__(self) -> str:
        return self.question
