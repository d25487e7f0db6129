"""Predict, then check: the exercises of the teaching notebooks, for either game.

An exercise asks one question about a situation. The learner writes a prediction in a cell of its
own; the check cell compares it with the answer and says right, or wrong and why, with the rule;
the answer stays hidden until the learner asks for it.

    >>> from fliptoons_explore import situation
    >>> from fliptoons_explore.content.teach import Exercise
    >>> shark = Exercise("How much fame does Ann score?",
    ...                  situation('s2.key.fish.four-fish-and-a-shark'), answer='fame.Ann',
    ...                  mistakes={31: "The Shark is not a fish card."}, name="shark")
    >>> prediction = None          # the learner's cell: your answer, Ann's fame (a number)
    >>> shark.check(prediction)    # the check cell
    Not predicted yet: write your answer (a number) in the cell above, run it, then run this
    cell again.
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

Predictions are compared kindly: `"Shark"`, `"the shark"`, `"a shark"` and `"shark"` are one
answer, `"12"` is 12, `"yes"` is True, and a list may be compared in any order (`ordered=False`).
An expected `None` reads "nothing".

A wrong prediction that none of the exercise's `mistakes` explains gets a sentence that says where
it may come from, with the rule (docs/teaching.md, What a wrong answer is told): the answer under
another ruling option of the game (the situation played again under each), a card's printed fame
or points that an effect changed, or the same quantity at an earlier step of the recorded
resolution, with the event the learner missed; otherwise the event that last changed it. The game
reads a resolution's outcome, at the end or at a step, in the library's terms
(`games.GameContract.outcome_fields`) and knows its cards' printed values (`printed`).

    >>> print(shark.verdict(14).text.splitlines()[1])  # doctest: +ELLIPSIS
    14 is Ann's fame before step 26; you missed step 26 (swordfish at slot 3 (upper right) scores 8): Rule s2.check-fame (S2, Check Fame): ...

An exercise whose answer turns on a reading the rulebooks leave open may accept every reading's
answer: `readings=["cow_copies"]` (each other value of the option) or `readings={"cow_copies":
"total"}`; the package's answer is right, another reading's is "✓ Right under ruling ...".
"""  # noqa: E501

from __future__ import annotations

import re
import textwrap
from dataclasses import dataclass

from ..games import contract_of, play_scenario
from ..rules import RULES
from ..words import cap

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


#: Words a card answer may start with and still name the same card: "a crab", "the crab".
_ARTICLES = ("the ", "an ", "a ")


def _words(value: str) -> str:
    text = " ".join(str(value).strip().lower().replace("_", " ").split())
    for article in _ARTICLES:
        if text.startswith(article) and len(text) > len(article):
            return text[len(article) :]
    return text


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


#: How wide a printed verdict's lines are: a notebook's output area wraps a longer line anywhere,
#: even inside a word, at 1280 pixels across.
WIDTH = 88


def wrapped(text: str) -> str:
    """A verdict as printed: each line wrapped at WIDTH between words, a continuation indented
    as its line is."""
    return "\n".join(
        textwrap.fill(
            line,
            WIDTH,
            subsequent_indent=" " * (len(line) - len(line.lstrip())),
            break_long_words=False,
            break_on_hyphens=False,
        )
        or line
        for line in text.splitlines()
    )


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


#: A rule id as a text may name it: "s2.faq.raccoon", "fl.card.cat", "jp.check-fame.end".
_RULE_ID = re.compile(r"(?<![\w.-])((?:s1|s2|jp|fl|engine|card|ruling)\.[\w.-]*\w)")


def _rule_words(rule_id: str | None) -> str:
    if not rule_id:
        return ""
    r = RULES[rule_id]
    return f"Rule {r.id} ({r.source}, {r.section}): {r.paraphrase}"


#: What a dotted path's first field, followed by a player's name, asks, for the messages.
_QUANTITY = {
    "fame": "{}'s fame",
    "score": "{}'s score",
    "fame_left": "{}'s fame left",
    "deck": "{}'s deck",
    "dismissed": "{}'s dismissed pile",
}


def _what(path) -> str:
    """The quantity a dotted path asks for, in words ("Ann's fame"); "the answer" otherwise."""
    parts = path.split(".") if isinstance(path, str) else []
    if len(parts) == 2 and parts[0] in _QUANTITY:
        return _QUANTITY[parts[0]].format(parts[1])
    if len(parts) == 3 and parts[0] == "deck" and parts[2] == "0":
        return f"the top of {parts[1]}'s deck"
    return "the answer"


def _names(text: str, value) -> bool:
    """Whether `text` names an answer (a number, a card, each item of a list) as a word of its
    own: a message that would give the answer away says less."""
    items = value if isinstance(value, (list, tuple)) else [value]
    return any(
        re.search(rf"(?<![\w-]){re.escape(_show(v).lower())}(?![\w])", text.lower())
        for v in items
        if _show(v)
    )


_MISSING = object()  # a quantity a step's outcome does not settle


class _Reads(dict):
    """An outcome's fields that note which of them an answer reads."""

    def __init__(self, fields: dict):
        super().__init__(fields)
        self.read: set = set()

    def __getitem__(self, key):
        self.read.add(key)
        return super().__getitem__(key)

    def get(self, key, default=None):
        self.read.add(key)
        return super().get(key, default)


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
    - `readings`: ruling options of the game (`games.GameContract.options`) under which the
      answer differs and is accepted too, for a question the rulebooks leave open: a list of
      option names (each other value) or {option: a value or a list of values}. A library
      situation only: it is played again under each.
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
        readings=None,
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
        self._readings_given = readings
        self._readings = None
        self._steps = self._rulings = self._played = None
        if readings and not self._replayable:
            raise TypeError("readings: a library situation is played again under each reading")
        if self._mistakes_given or form is None:  # read the answer now: a bad path fails here
            self.mistakes, self.form  # noqa: B018
        if readings:  # play each reading now: an unknown option or an unreadable answer fails here
            self.readings  # noqa: B018

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
                if self._readings_given and key in self.readings:
                    option, value, _ = self.readings[key]
                    raise ValueError(
                        f"mistakes: {wrong!r} is right under ruling {option.name} = {value!r}"
                    )
                found[key] = why
            self._mistakes = found
        return self._mistakes

    # -- the answer ---------------------------------------------------------------------------

    @property
    def expected(self):
        """The right answer (read from the library's expected outcome, or from the resolution)."""
        if self.library:
            return self._answer_in(self.source.expect)
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

    # -- the answer under other readings, and at each step ------------------------------------

    @property
    def _replayable(self) -> bool:
        """A library situation that can be played again: its scenario and how it is played."""
        return (
            self.library
            and isinstance(getattr(self.source, "scenario", None), dict)
            and isinstance(getattr(self.source, "play", None), str)
        )

    def _answer_in(self, outcome: dict):
        """The answer in an outcome written as a library situation's expected outcome is."""
        return self._answer(outcome) if callable(self._answer) else _dig(outcome, self._answer)

    def _from_outcome(self, fields: dict, like):
        """The answer read from an outcome's fields (`GameContract.outcome_fields`) as the
        expected answer `like` is read; `_MISSING` if they do not settle it."""
        try:
            return _read(self._answer_in(fields), like, self.ordered)
        except Exception:  # an answer written for the library's outcome may need what it lacks
            return _MISSING

    def _under_rulings(self) -> list:
        """(ruling option, value, the answer read, the answer) for each other value of each ruling
        option of the situation's game under which the answer differs; none if the outcome's
        fields do not give the library's answer."""
        if self._rulings is None:
            self._rulings = []
            if not self._replayable:
                return self._rulings
            scenario, play, like = self.source.scenario, self.source.play, self.expected
            game, right = contract_of(scenario), _read(like, like, self.ordered)
            if self._from_outcome(game.outcome_fields(self._recording()), like) != right:
                return self._rulings
            given = scenario.get("rulings") or {}
            for name, option in game.options.items():
                for value in option.choices:
                    if value == given.get(name, option.default):
                        continue
                    variant = {**scenario, "rulings": {**given, name: value}}
                    try:
                        fields = game.outcome_fields(play_scenario(variant, play))
                    except ValueError:  # a scenario this reading cannot play
                        continue
                    answer = self._from_outcome(fields, like)
                    if answer is not _MISSING and answer != right:
                        self._rulings.append((option, value, answer, self._answer_in(fields)))
        return self._rulings

    @property
    def readings(self) -> dict:
        """{the answer under an accepted reading, read: (its ruling option, the option's value,
        the answer as the outcome gives it)}: what `readings` accepts besides the answer."""
        if self._readings is None:
            given = self._readings_given or {}
            if isinstance(given, str):
                given = [given]
            wanted = given if isinstance(given, dict) else dict.fromkeys(given)
            options = contract_of(self.source.scenario).options
            found: dict = {}
            for name, values in wanted.items():
                if name not in options:
                    raise KeyError(
                        f"readings: {name!r} is no ruling option of the game "
                        f"(its options: {', '.join(options)})"
                    )
                changes = {c[1]: c for c in self._under_rulings() if c[0].name == name}
                if values is None:
                    values = list(changes)
                elif not isinstance(values, (list, tuple)):
                    values = [values]
                if not values:
                    raise ValueError(f"readings: no reading of {name} changes the answer")
                for value in values:
                    if value not in changes:
                        raise ValueError(
                            f"readings: {name} = {value!r} gives no other answer that the "
                            "outcome tells"
                        )
                    option, _, answer, raw = changes[value]
                    found.setdefault(answer, (option, value, raw))
            self._readings = found
        return self._readings

    def _played_words(self, option) -> str:
        """Which reading of a ruling option the situation plays, and why, for the messages."""
        scenario = self.source.scenario if self._replayable else {}
        played = (scenario.get("rulings") or {}).get(option.name, option.default)
        if played != option.default:
            return f"this situation plays {played!r}"
        return f"the package's default is {played!r}, because: {option.why_default.rstrip('.')}"

    def _recording(self):
        """The situation played with every state recorded (a `Resolution`); or the resolution the
        answer is read from; None if there is neither."""
        if self._played is None:
            if self._replayable:
                self._played = self.source.run(record=True)
            else:
                self.expected  # noqa: B018  (reads the resolution)
                r = self._resolution
                self._played = r if hasattr(r, "trace") and hasattr(r, "table") else False
        return self._played or None

    def _at_steps(self) -> list:
        """(step, the answer read) from the table as set up (step -1) to after the last event of
        the recorded situation; none if its states do not give the library's answer at the end,
        or if the answer combines fields (Ann's fame less her fame left), which between the
        steps that settle each need not mean anything."""
        if self._steps is None:
            self._steps = []
            r = self._recording() if self._replayable else None
            if r is not None and r.trace:
                game, like = contract_of(r), self.expected
                probe = _Reads(game.outcome_fields(r, len(r.trace) - 1))
                if self._from_outcome(probe, like) is _MISSING or len(probe.read) != 1:
                    return self._steps
                steps = [
                    (step, self._from_outcome(game.outcome_fields(r, step), like))
                    for step in range(-1, len(r.trace))
                ]
                if steps[-1][1] == _read(like, like, self.ordered):
                    self._steps = steps
        return self._steps

    def _step_words(self, step: int) -> tuple[str, str]:
        """(the event at `step` in words, unless they would give the answer away; its rule, or
        "the rule below" where it is the exercise's own, which the verdict quotes next)."""
        r = self._recording()
        event = r.trace[step]
        words = contract_of(r).event_words(event, r.players)
        rule = "the rule below" if event.rule == self.rule else _rule_words(event.rule)
        return ("" if _names(words, self.expected) else f" ({words})"), rule

    def _printed(self, said: str, mine):
        """The sentence for a prediction that is the printed fame (points) of a card the question
        names and whose score an effect changed, with the rule the card scored by; "" if none."""
        expected = self.expected
        r = self._recording()
        if r is None or isinstance(expected, bool) or not isinstance(expected, (int, float)):
            return ""
        game, question = contract_of(r), self.question.lower()
        for e in r.trace or ():
            if e.kind != "fame" or e.card is None or e.value is None:
                continue
            card = game.printed(e.card)
            if card is None or card[1] == e.value or card[1] != mine:
                continue
            if re.search(rf"\b{re.escape(card[0].lower())}", question):
                return (
                    f"{said} is the {card[0]}'s printed {game.unit}, which it does not score "
                    f"here: {_rule_words(e.rule)}"
                )
        return ""

    def _where_from(self, mine) -> str:
        """Where a wrong prediction may come from, in a sentence with the rule: the answer under
        another ruling option, a card's printed value, the quantity before an event the learner
        missed; otherwise the event that last changed the quantity. "" if nothing tells."""
        said = cap(_show(mine))
        for option, value, answer, _ in self._under_rulings():
            if answer == mine:
                return (
                    f"{said} is the answer under ruling {option.name} = {value!r} "
                    f"({option.question}); {self._played_words(option)}."
                )
        printed = self._printed(said, mine)
        if printed:
            return printed
        changes = [
            (step, was, now)
            for (_, was), (step, now) in zip(self._at_steps(), self._at_steps()[1:])
            if was != now
        ]
        for step, was, _ in reversed(changes):
            if was == mine:
                words, rule = self._step_words(step)
                return (
                    f"{said} is {_what(self._answer)} before step {step}; you missed step "
                    f"{step}{words}: {rule}"
                )
        if changes:
            words, rule = self._step_words(changes[-1][0])
            return (
                f"{cap(_what(self._answer))} last changed at step {changes[-1][0]}{words}: {rule}"
            )
        return ""

    @property
    def teaches(self) -> set[str]:
        """The rule ids this exercise teaches (docs/teaching.md, Coverage): the rule it turns on
        and each reading's option, the rules its situation's trace cites, and any rule id its
        quote, explanation, hint or mistakes name."""
        found = {self.rule} if self.rule else set()
        for option, _, _ in self.readings.values() if self._readings_given else ():
            found.add(f"ruling.{option.name}")
        played = self._recording()
        found |= {e.rule for e in (played.trace if played is not None else ()) if e.rule}
        said = " ".join([self.quote, self.explain, self.hint, *map(str, self.mistakes.values())])
        found |= {m for m in _RULE_ID.findall(said) if m in RULES}
        return found

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
        if self._readings_given and mine in self.readings:
            option, value, _ = self.readings[mine]
            return Verdict(
                True,
                "\n".join(
                    x
                    for x in (
                        f"✓ Right under ruling {option.name} = {value!r} "
                        f"({self._played_words(option)}).",
                        self._rule_text(),
                        f"To see the package's answer: {self.name}.answer()",
                    )
                    if x
                ),
            )
        why = self.mistakes.get(mine)
        if why is None:
            why = "\n".join(x for x in (self._where_from(mine), self.hint) if x)
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
        print(wrapped(self.verdict(prediction).text))

    def answer(self) -> None:
        """Show the answer, why, and the rule."""
        self.still_holds()
        other = [
            f"Under ruling {option.name} = {value!r}: {_show(raw)}."
            for option, value, raw in (self.readings.values() if self._readings_given else ())
        ]
        print(
            wrapped(
                "\n".join(
                    x
                    for x in (
                        f"Answer: {_show(self.expected)}.",
                        *other,
                        self.explain,
                        self._rule_text(),
                    )
                    if x
                )
            )
        )

    def setup(self):
        """The table as set up, before the first event (a `Stepper` at step -1, which draws itself
        in Jupyter): what the learner predicts from, without the table's notes on copies a
        physical game could not deal. For a library situation, or a source that has a
        `run(record=True)`."""
        from ..stepping import Stepper

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
        return self._made_up()

    def wrong_examples(self) -> list:
        """Two wrong answers of the right kind (one for a yes-or-no question): the first
        anticipated mistake, else one made up, and one made up that no mistake explains, whose
        message is generated (docs/teaching.md, What a wrong answer is told)."""
        first = self.wrong_example()
        other = self._made_up(_read(first, self.expected, self.ordered))
        return [first] if other == first else [first, other]

    def _made_up(self, *also):
        """A wrong answer of the right kind that is neither a listed mistake nor a reading's (nor
        one of `also`, read)."""
        expected = self.expected
        known = set(self.mistakes) | set(also)
        known |= set(self.readings) if self._readings_given else set()
        if isinstance(expected, bool):
            return not expected
        if isinstance(expected, (int, float)):
            offsets = (1, -1, 2, -2, 3, -3, 4, 5, 6, 7, 8, 9, 10)
            return next(expected + k for k in offsets if expected + k not in known)
        if isinstance(expected, (list, tuple)):
            for made in (list(expected)[:-1], list(expected) + ["something"]):
                if made != list(expected) and _read(made, expected, self.ordered) not in known:
                    return made
        words = ("something else", "another thing", "a third thing")
        return next(w for w in words if w != expected and _words(w) not in known)

    def __repr__(self) -> str:
        return f"<Exercise: {self.question}>"

    def __str__(self) -> str:
        return self.question
