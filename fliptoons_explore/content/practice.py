"""Practice without end: fresh exercises for a rule, made from random situations of either game.

`practice(rule, n=5, seed=0)` makes `n` exercises on a rule id of `data/rules.csv` (a card's
own text, `card.<id>`, and a ruling option, `ruling.<name>`, serve too). Each is a table drawn
at random from a seeded game (`GameContract.random_situation`: a setup, a policy and a point of
the game drawn from the seed), played on as the question says, and a question about one
quantity of its outcome (a player's fame or points, the card left at a place, the top of a deck,
what is dismissed or discarded) that the rule decides: an event that cites the rule **changes
that quantity**, read from the recorded states just before and just after it, and the change
lasts (the quantity never goes back to what it was before that event), so the event lies on the
answer's causal path. The answer is never the quantity's value at the start, nothing that
changes after a shuffle is asked (no one could predict it), no question names its answer, and no
two exercises of a call are the same (each its own table, but for a rule so rare that a second
question on a table is needed). The same `(rule, n, seed)` gives the same exercises; the next
seed, new ones: there is no end to them.

Each exercise is a `teach.Exercise`, checked as the notebooks' are: a wrong answer is told
where it may come from (an earlier step, another ruling, a printed value) and the rule.

In a notebook, one cell makes them:

    >>> from fliptoons_explore.content.practice import practice
    >>> more = practice("s2.keyword.return", n=3)
    >>> len(more), more[0].name
    (3, 'more[0]')
    >>> print(more[0].question)  # doctest: +ELLIPSIS
    A ... game of ... players, ... (the table below). ... What is ... then?

and each is then set up, predicted and checked in cells of its own, as in a lesson:

    more[0].setup()        # the table as set up (a stepper, drawn in Jupyter)
    more[0].check(None)    # your prediction in place of None
    more[0].answer()       # when you give up

or all of them one after another with `show(more)`, or a loop of your own:

    for ex in practice("s2.key.next-revealed", n=3):
        print(ex.question)      # then ex.setup(), ex.check(...), ex.answer()

`practice_rules()` lists the rules it makes
exercises for; a rule that no random situation changes a quantity by (a phase, a rule that only
triggers others, a rule of the setup) is a one-line ValueError that says so.
"""

from __future__ import annotations

import difflib
import functools
import json
import random
import re
import warnings

from ..games import GAMES, contract, contract_of, play_scenario
from ..rules import RULES
from ..words import cap
from .teach import Exercise, wrapped

__all__ = ["practice", "practice_rules", "show", "PracticeSituation"]

#: The random situations of each game one call looks at, at most.
BUDGET = 400
#: The first situations of each game in which some event must cite the rule, or the call stops.
LOOK = 120
#: The situations of each game that `practice_rules` surveys (seed 0), and how many of them a
#: rule must have a question in to be listed (three in a hundred: five exercises for any seed
#: within the budget, but by a very unlucky draw).
SURVEY, SURE = 200, 6

_GONE = object()  # a quantity an outcome does not hold at a step


class PracticeSituation:
    """The source of a practice exercise: a random situation (`scenario`, played as `play`) with
    what the exercise asks of it, as a library situation is (`teach.Exercise` reads `expect`,
    plays it again with `run`, and `check()` says whether the engine still plays it so).

    `rule` is the rule practised, `step` the event (of the recorded resolution) that cites it
    and changes the asked quantity (`path` into `outcome_fields`), from `before` to `after`."""

    def __init__(self, drawn, name, rule, step, path, before, after, expect):
        self.scenario, self.play = drawn.scenario, drawn.play
        self.title, self.until = drawn.title, drawn.until
        self.name, self.rule, self.step, self.path = name, rule, step, path
        self.before, self.after = before, after
        self.expect = expect
        self.rules = [rule]

    def run(self, record: bool = False, policy=None):
        """The situation played on (a `Resolution`)."""
        return play_scenario(self.scenario, self.play, policy, record)

    def check(self) -> list[str]:
        """How the engine's outcome now differs from the one the exercise was made from."""
        return contract_of(self.scenario).expected_differences(self.expect, self.run())

    def __repr__(self) -> str:
        return f"<PracticeSituation {self.name}: {self.rule} at step {self.step}, {self.path}>"


def _seed(seed: int, j: int) -> int:
    """The seed of the `j`th random situation a call with `seed` looks at, in every game."""
    return random.Random(f"practice {seed} {j}").getrandbits(31)


def _dig(fields, path: str):
    """The value at a dotted path of an outcome's fields; `_GONE` where it has none."""
    here = fields
    for part in path.split("."):
        try:
            here = here[int(part)] if isinstance(here, list) else here[part]
        except (KeyError, IndexError, ValueError, TypeError):
            return _GONE
    return here


def _at(fields, keys: list):
    """The value at a path (its parts read once, a list index an int); None where the
    outcome has none (a row not yet added, an empty deck's top card)."""
    try:
        for k in keys:
            fields = fields[k]
    except (KeyError, IndexError, TypeError):
        return None
    return fields


def _same(value, ordered: bool):
    """A value as two are compared: a list whose order does not count, sorted."""
    if isinstance(value, list):
        return tuple(value) if ordered else tuple(sorted(value, key=repr))
    return value


def _show(value) -> str:
    if value is None or value is _GONE:
        return "nothing"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_show(v) for v in value) + "]"
    return str(value)


def _names(text: str, value) -> bool:
    """Whether `text` names the answer (a number, a card, an item of a list) as a word."""
    items = value if isinstance(value, (list, tuple)) else [value]
    return any(
        re.search(rf"(?<![\w~+-]){re.escape(_show(v).lower())}(?![\w+])", text.lower())
        for v in items
        if v is not None
    )


class _Found:
    """One random situation (`drawn`, its scenario and play as one `key`), the rules its events
    cite (`cited`), and, read on first asking from its recorded states, what each rule changes
    in it (`changes`)."""

    def __init__(self, game, seed: int):
        self.game = game
        self.drawn = drawn = game.random_situation(seed)
        self.key = json.dumps([drawn.scenario, drawn.play], sort_keys=True)
        played = play_scenario(drawn.scenario, drawn.play)
        self.cited = {c for e in played.trace or () for c in e.cites}
        self._changes = self.end = None

    @property
    def changes(self) -> dict:
        """{rule: [(step, quantity, its value before, after), ...]}: each event citing the rule
        that changes a quantity the situation may be asked (`GameContract.quantities`) for
        good: the quantity differs just before and just after it, never comes back to what it
        was before it, nor to what it was at the start, and ends different from the start;
        what changes after a shuffle (which no one can predict) and a place whose holder
        changes its shape (a grid given a new row above) are not asked."""
        if self._changes is None:
            self._changes = self._read()
        return self._changes

    def _read(self) -> dict:
        game, drawn = self.game, self.drawn
        r = play_scenario(drawn.scenario, drawn.play, record=True)
        trace = r.trace or ()
        self.end = game.outcome_fields(r)
        steps = [game.outcome_fields(r, s) for s in range(-1, len(trace))]
        shuffled = next((e.step for e in trace if e.kind == "shuffle"), len(trace))
        changes: dict[str, list] = {}
        for q in game.quantities(steps[-1]):
            keys = [int(k) if k.lstrip("-").isdigit() else k for k in q.path.split(".")]
            raw = [_at(f, keys) for f in steps]  # None where the place is not (yet) there
            values = [_same(v, q.ordered) for v in raw]
            changed = [i for i in range(len(trace)) if values[i] != values[i + 1]]
            final = _dig(self.end, q.path)
            if (
                final is _GONE
                or _same(final, q.ordered) != values[-1]
                or values[0] == values[-1]
                or changed[-1] >= shuffled
            ):
                continue  # not the end's, the start's, or after a shuffle
            start = values[0]
            for i in changed:
                later = values[i + 1 :]
                if start in later or values[i] in later:
                    continue  # undone later: not on the answer's causal path
                for rule in trace[i].cites:
                    changes.setdefault(rule, []).append((i, q, raw[i], raw[i + 1]))
        return changes

    def questions(self, rule: str) -> list:
        """(step, quantity, before, after, the answer, the question) for each change `rule`
        makes whose question does not name its answer."""
        out = []
        for step, q, before, after in self.changes.get(rule, ()):
            answer = _dig(self.end, q.path)
            question = (
                f"{cap(self.drawn.title)} (the table below). {cap(self.drawn.until)}. "
                f"What is {q.words} then?"
            )
            if not _names(question, answer):
                out.append((step, q, before, after, answer, question))
        return out


@functools.lru_cache(maxsize=4 * BUDGET)
def _found(game_name: str, seed: int) -> _Found:
    return _Found(contract(game_name), seed)


def _games() -> list:
    return [contract(name) for name in GAMES]


def _exercise(found: _Found, rule: str, asked, name: str) -> Exercise:
    """The exercise on `rule` that asks one of `found.questions(rule)`."""
    step, q, before, after, answer, question = asked
    field = q.path.split(".")[0]
    source = PracticeSituation(
        found.drawn, name, rule, step, q.path, before, after, {field: found.end[field]}
    )
    r = source.run(record=True)
    words = found.game.event_words(r.trace[step], r.players)
    explain = (
        f"Step {step} ({words}) changed {q.words} from {_show(before)} to {_show(after)}; "
        f"at the end it is {_show(answer)}."
    )
    return Exercise(
        question,
        source,
        q.path,
        rule=rule,
        explain=explain,
        form=q.form or None,
        ordered=q.ordered,
        name=name,
    )


def _questions(rule: str, seed: int):
    """(j, the situation, its questions on `rule` in an order drawn from `(seed, j)`) for each
    random situation `j` of `seed` that has some, in the game whose events cite the rule, up
    to `BUDGET` situations; none if no event of the first `LOOK` cites it."""
    games, seen = _games(), set()
    for j in range(BUDGET):
        if j == LOOK and not seen:
            return
        for game in games:
            if seen and game.name not in seen:
                continue  # a rule is one game's: look no more at the others
            found = _found(game.name, _seed(seed, j))
            if rule not in found.cited:
                continue
            seen.add(game.name)
            asked = found.questions(rule)
            if asked:
                random.Random(f"{seed} {j} {rule}").shuffle(asked)
                yield j, found, asked


def _check_rule(rule) -> None:
    if not isinstance(rule, str) or rule not in RULES:
        near = difflib.get_close_matches(str(rule), list(RULES), n=3, cutoff=0.5)
        raise KeyError(
            f"practice: unknown rule id {rule!r}"
            + (f" (nearest: {', '.join(near)})" if near else " (the ids are in data/rules.csv)")
        )


def practice(rule: str, n: int = 5, seed: int = 0, *, name: str = "more") -> list:
    """`n` fresh exercises (`teach.Exercise`) on `rule`, a rule id of `data/rules.csv` (or a
    card's, `card.<id>`, or a ruling option's, `ruling.<name>`), from random situations of the
    game whose events cite it, drawn from `seed`: the same seed, the same exercises.

    Each exercise's `source` (a `PracticeSituation`) says which event (`step`) changes the asked
    quantity (`path`); `name` is the list's variable in the notebook, for the messages
    ("more[0].answer()"). KeyError for an unknown rule id, naming the nearest; ValueError for a
    rule it makes no exercise for (`practice_rules()` lists those it does); fewer than `n`, with
    a warning, for a rule so rare that its budget of situations holds fewer."""
    _check_rule(rule)
    if not isinstance(n, int) or n < 1:
        raise ValueError(f"practice: n is the number of exercises (1 or more), got {n!r}")
    out, kept, asked_keys = [], [], set()
    for _, found, asked in _questions(rule, seed):
        if any(found.key == key for key, _ in asked_keys):
            continue  # two draws of one table (never seen, but a table is asked once)
        out.append(_exercise(found, rule, asked[0], f"{name}[{len(out)}]"))
        asked_keys.add((found.key, asked[0][1].path))
        kept.append((found, asked[1:]))
        if len(out) == n:
            return out
    for found, asked in kept:  # a rare rule: other questions on the same situations
        for more in asked:
            if len(out) < n and (found.key, more[1].path) not in asked_keys:
                out.append(_exercise(found, rule, more, f"{name}[{len(out)}]"))
                asked_keys.add((found.key, more[1].path))
    if len(out) == n:
        return out
    if not out:
        raise ValueError(
            f"practice: no exercise for rule {rule!r}: no event of its random situations cites "
            "it and changes a quantity they may be asked; practice_rules() lists the rules it "
            f"makes exercises for: {', '.join(practice_rules())}"
        )
    warnings.warn(
        f"practice: {len(out)} of {n} exercises for rule {rule!r}: it is rare in random "
        "situations (try another seed)",
        stacklevel=2,
    )
    return out


@functools.lru_cache(maxsize=1)
def _surveyed() -> tuple:
    counts: dict[str, int] = {}
    for game in _games():
        for j in range(SURVEY):
            found = _found(game.name, _seed(0, j))
            for rule in found.changes:
                if found.questions(rule):
                    counts[rule] = counts.get(rule, 0) + 1
    return tuple(sorted(rule for rule, k in counts.items() if k >= SURE))


def practice_rules() -> list[str]:
    """The rule ids `practice` makes exercises for, sorted: each changes a quantity in at least
    three in a hundred of the random situations of its game (a survey of the first 200 of
    seed 0, made once, in about two seconds). Those of `data/rules.csv` start with s1., s2., jp.
    or fl.; a card's own (card.<id>) and a ruling option's (ruling.<name>) are listed too."""
    return list(_surveyed())


def show(exercises) -> None:
    """Each exercise's question, numbered, and how to set it up and check it (a notebook's
    "more practice" cell)."""
    for ex in exercises:
        print(wrapped(f"{ex.name}: {ex.question}"))
        print(f"    {ex.name}.setup() shows the table; {ex.name}.check(your answer) checks it.")
