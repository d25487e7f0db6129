"""Practice without end: fresh exercises for a rule, made from random situations of either game.

`practice(rule, n=5, seed=0)` makes `n` exercises on a rule id of `data/rules.csv` (a card's
own text, `card.<id>`, and a ruling option, `ruling.<name>`, serve too). Each is a table drawn
at random from a seeded game (`GameContract.random_situation`: a setup, a policy and a point of
the game drawn from the seed), played on as the question says, and a question about one
quantity of its outcome (a player's fame or points, the card left at a place, the top of a deck,
what is dismissed or discarded) that the rule decides: an event that cites the rule **changes
that quantity**, read from the recorded states just before and just after it, and the change
lasts (the quantity never goes back to what it was before that event), so the event lies on the
answer's causal path. The answer is never the quantity's value at the start, and no two
exercises of a call share a situation. The same `(rule, n, seed)` gives the same exercises; the
next seed, new ones: there is no end to them.

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

or all of them one after another with `show(more)`. `practice_rules()` lists the rules it makes
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
from .teach import Exercise

__all__ = ["practice", "practice_rules", "show", "PracticeSituation"]

#: The random situations of each game one call looks at, at most.
BUDGET = 400
#: The first situations of each game in which some event must cite the rule, or the call stops.
LOOK = 120
#: The situations of each game that `practice_rules` surveys (seed 0), and how many of them a
#: rule must have an exercise in to be listed (one in twenty-five: five exercises for any seed
#: within the budget, but by a very unlucky draw).
SURVEY, SURE = 200, 8

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
    """`_dig` with the path's parts read once (a list index an int)."""
    try:
        for k in keys:
            fields = fields[k]
    except (KeyError, IndexError, TypeError):
        return _GONE
    return fields


def _shape(fields, path: str) -> tuple:
    """The lengths of the lists a path goes through: a place in a grid is the same place at two
    steps only if the grid has as many rows at both."""
    sizes, here = [], fields
    for part in path.split("."):
        if isinstance(here, list):
            sizes.append(len(here))
            here = here[int(part)] if -len(here) <= int(part) < len(here) else None
        elif isinstance(here, dict):
            here = here.get(part)
        else:
            break
    return tuple(sizes)


def _holder(path: str) -> str:
    """The part of a path that names what holds its last item: "grid.Ann.1" of "grid.Ann.1.2"."""
    return path.rsplit(".", 1)[0]


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
    """One random situation, played with every state recorded, and what each rule changes in
    it: `changes[rule]` lists (step, quantity, before, after) for each event citing the rule
    that changes a quantity for good; `cited`, every rule its events cite."""

    def __init__(self, game, seed: int):
        self.drawn = drawn = game.random_situation(seed)
        self.key = json.dumps([drawn.scenario, drawn.play], sort_keys=True)
        r = play_scenario(drawn.scenario, drawn.play, record=True)
        trace = r.trace or ()
        self.cited = {c for e in trace for c in e.cites}
        self.changes: dict[str, list] = {}
        self.end = game.outcome_fields(r)
        steps = [game.outcome_fields(r, s) for s in range(-1, len(trace))]
        shuffled = next((e.step for e in trace if e.kind == "shuffle"), len(trace))
        shapes: dict[str, int] = {}  # a holder's path -> how many shapes it takes over the steps
        for q in game.quantities(steps[-1]):
            holder = _holder(q.path)
            if holder not in shapes:
                shapes[holder] = len({_shape(f, holder) for f in steps})
            keys = [int(k) if k.lstrip("-").isdigit() else k for k in q.path.split(".")]
            raw = [_at(f, keys) for f in steps]
            values = [_same(v, q.ordered) for v in raw]
            changed = [i for i in range(len(trace)) if values[i] != values[i + 1]]
            final = _dig(self.end, q.path)
            if (
                final is _GONE
                or _same(final, q.ordered) != values[-1]
                or values[0] == values[-1]
                or changed[-1] >= shuffled
                or shapes[holder] > 1
            ):
                continue  # not the end's, the start's, after a shuffle, or a place that moved
            start = values[0]
            for i in changed:
                later = values[i + 1 :]
                if start in later or values[i] in later or _GONE in (values[i], values[i + 1]):
                    continue  # undone later: not on the answer's causal path
                for rule in trace[i].cites:
                    self.changes.setdefault(rule, []).append((i, q, raw[i], raw[i + 1]))


@functools.lru_cache(maxsize=4 * BUDGET)
def _found(game_name: str, seed: int) -> _Found:
    return _Found(contract(game_name), seed)


def _games() -> list:
    return [contract(name) for name in GAMES]


def _exercise(found: _Found, rule: str, seed: int, j: int, name: str):
    """An exercise on `rule` in one situation, or None: one change the rule's event makes,
    drawn from `(seed, j)`, whose question does not name its answer."""
    options = list(found.changes.get(rule, ()))
    random.Random(f"{seed} {j} {rule}").shuffle(options)
    drawn, game = found.drawn, contract_of(found.drawn.scenario)
    for step, q, before, after in options:
        answer = _dig(found.end, q.path)
        question = (
            f"{cap(drawn.title)} (the table below). {cap(drawn.until)}. What is {q.words} then?"
        )
        if _names(question, answer):
            continue
        field = q.path.split(".")[0]
        source = PracticeSituation(
            drawn, name, rule, step, q.path, before, after, {field: found.end[field]}
        )
        r = source.run(record=True)
        words = game.event_words(r.trace[step], r.players)
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
    return None


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
    games, seen = _games(), set()
    out, keys = [], set()
    for j in range(BUDGET):
        if j == LOOK and not seen:
            break
        for game in games:
            if seen and game.name not in seen:
                continue  # a rule is one game's: look no more at the others
            found = _found(game.name, _seed(seed, j))
            if rule in found.cited:
                seen.add(game.name)
            if found.key in keys or rule not in found.changes:
                continue
            ex = _exercise(found, rule, seed, j, f"{name}[{len(out)}]")
            if ex is not None:
                out.append(ex)
                keys.add(found.key)
                if len(out) == n:
                    return out
    if not out:
        why = (
            "no event of its random situations changes a quantity by it"
            if seen
            else "no event of its random situations cites it"
        )
        raise ValueError(
            f"practice: no exercise for rule {rule!r}: {why}; practice_rules() lists the rules "
            f"it makes exercises for: {', '.join(practice_rules())}"
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
            for rule in _found(game.name, _seed(0, j)).changes:
                counts[rule] = counts.get(rule, 0) + 1
    return tuple(sorted(rule for rule, k in counts.items() if k >= SURE))


def practice_rules() -> list[str]:
    """The rule ids `practice` makes exercises for, sorted: each changes a quantity in at least
    one in twenty-five of the random situations of its game (a survey of the first 200 of
    seed 0, made once, in a few seconds). Those of `data/rules.csv` start with s1., s2., jp.
    or fl.; a card's own (card.<id>) and a ruling option's (ruling.<name>) are listed too."""
    return list(_surveyed())


practice.rules = practice_rules


def show(exercises) -> None:
    """Each exercise's question, numbered, and how to set it up and check it (a notebook's
    "more practice" cell)."""
    for ex in exercises:
        print(f"{ex.name}: {ex.question}")
        print(f"    {ex.name}.setup() shows the table; {ex.name}.check(your answer) checks it.")
