"""Decisions: one small protocol for every choice a player makes, in either game.

The engine asks a policy `choose(choice) -> index` (or None to decline an optional choice), but
only for a real choice: a decision with one legal answer and no decline is taken without asking
(`forced_answer`), and the trace says it was forced. Policies are interchangeable: `DefaultPolicy`
(documented, deterministic), `RandomPolicy` (seeded), `ScriptedPolicy` (a scenario's `choices`,
falling back to another policy), each game's own (`fliptoons_explore.fliptoons.greedy`,
`fliptoons_explore.flipology.policies`) and the widgets.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import NamedTuple, Protocol

from .jsonio import ScenarioError
from .limits import quote


class Choice(NamedTuple):
    """A decision: `kind` (e.g. 'cow_copy'), who decides, the card whose ability asks, the
    `options` (cards or values), a number `values[i]` per option (what it is worth by the
    engine's plain hint), the `question`, whether it may be declined, the table (for policies
    that look at the situation) and `names`: how a scenario's script names each option (by
    default a card option's id, or the option itself: `script_name`). An immutable record (a
    named tuple: decisions are asked in the engine's inner loops)."""

    kind: str
    player: int
    card: object
    options: tuple
    values: tuple
    question: str
    optional: bool = False
    table: object = None
    names: tuple | None = None

    def script_names(self) -> tuple:
        """How a script names each option (`names`, or each option's `script_name`)."""
        return self.names if self.names is not None else tuple(script_name(o) for o in self.options)


def forced_answer(choice: Choice) -> int | None:
    """The answer a decision takes without asking anyone: 0, the index of its one option, when it
    has exactly one and may not be declined; None when it is a real choice (ask the policy).

    Both games decide this way, so that a script answers, and the explorer asks, only where
    there is a choice. The engine records a forced decision in its trace as forced and leaves it
    out of the answers a replay needs."""
    return 0 if len(choice.options) == 1 and not choice.optional else None


FORCED = "forced: the only legal answer"  # how the trace marks a forced decision


def script_name(option):
    """How a script names an option: a card by its id, anything else as itself."""
    return getattr(option, "id", option)


def _plain(answer):
    """A scripted answer as it compares with option names: JSON lists as tuples."""
    return tuple(_plain(a) for a in answer) if isinstance(answer, list) else answer


class Policy(Protocol):
    name: str

    def choose(self, choice: Choice) -> int | None: ...


def check_policy(policy, argument: str = "policy"):
    """`policy` if it is a policy (has a `choose(choice)` method) or None; else ValueError naming
    the argument, at the call rather than at the first decision."""
    if policy is not None and not callable(getattr(policy, "choose", None)):
        got = f"the string {quote(policy)}" if isinstance(policy, str) else quote(policy)
        raise ValueError(
            f"{argument}: expected a policy (an object with a choose(choice) method, "
            f"such as DefaultPolicy() or RandomPolicy(seed)), got {got}"
        )
    return policy


class DefaultPolicy:
    """The documented default: the option worth the most by the engine's plain hint (`values`);
    on a tie, the first. An optional choice is declined when no option is worth more than 0.

    What that means is in each game's hints. In a FlipToons Market it hires the affordable card
    with the highest printed fame (the cheaper on a tie); if none is affordable, dismisses the
    first card worth no fame it can pay for; else skips. The Cow copies the most fame; the
    Raccoon and the Crow take the most fame; a Butterfly dismisses a Caterpillar; a Horse
    discards nothing; the Pig goes into the deck of the other player with the most fame (the
    first of them on a tie), or into the toon deck when its owner is alone at the table or every
    other player has less than 0 fame; the effects waiting at the end of the Flip resolve in the
    order of ruling `flip_trigger_order`. A decision with one legal answer is not asked at all
    (`forced_answer`). In Flipology: `fliptoons_explore.flipology.worth` (the hints) and
    `fliptoons_explore.flipology.policies`."""

    name = "default"

    def choose(self, choice: Choice) -> int | None:
        best = max(choice.values)
        if choice.optional and best <= 0:
            return None
        return choice.values.index(best)


class Branch:
    """One simulation of a search: the `prefix` answers first (replaying a game to a decision),
    then at that decision `at_decision(choice)` (where a search hides what its player cannot
    see) and `answer`; every later decision is `rollout`'s."""

    name = "simulation"

    def __init__(self, prefix, answer, rollout) -> None:
        self.prefix = prefix
        self.answer = answer
        self.rollout = rollout
        self.asked = 0

    def at_decision(self, choice: Choice) -> None:
        """What happens at the decision before `answer` is given (nothing here)."""

    def choose(self, choice: Choice):
        k = self.asked
        self.asked += 1
        if k < len(self.prefix):
            return self.prefix[k]
        if k == len(self.prefix):
            self.at_decision(choice)
            return self.answer
        return self.rollout.choose(choice)


class ReplayPolicy:
    """A logged game's answers again, in order (`Game.decisions`): what a replay from the same
    seed and setup answers, in any game. ValueError once the game asks more than were given."""

    name = "replay"

    def __init__(self, decisions) -> None:
        self.answers = iter(decisions)
        self.given = len(decisions)

    def choose(self, choice: Choice):
        answer = next(self.answers, StopIteration)
        if answer is StopIteration:
            raise ValueError(f"decisions: the game asks more than the {self.given} decisions given")
        return answer


class RandomPolicy:
    """A uniformly random legal answer from a seeded generator (an optional choice may decline)."""

    name = "random"

    def __init__(self, seed: int | None = None, rng: random.Random | None = None) -> None:
        self.rng = rng or random.Random(seed)

    def choose(self, choice: Choice) -> int | None:
        n = len(choice.options) + (1 if choice.optional else 0)
        i = self.rng.randrange(n)
        return None if i == len(choice.options) else i


class ScriptError(ScenarioError):
    """A scripted answer that is not one of the legal options."""


@dataclass(frozen=True)
class Unanswered:
    """A decision a scenario's script did not answer (its `fallback` did), in either game: the
    decision's number among the game's decisions asked (`number`, its index in `Game.decisions`),
    where its answer would go (`field`: "players[1].choices" in FlipToons, "turns[2].choices" in
    Flipology, and the entry `index` in that list; for a Flipology Rain or Sun's peek also its
    `row` within that entry's list), the decision (`choice`) and, in a FlipToons game played on
    to its end, the `round` whose list it is (0 the scenario's; docs/scenarios.md, `game`).
    What an interactive explorer asks the user, and where it writes the answer."""

    number: int
    field: str
    index: int
    row: int | None
    choice: Choice
    round: int = 0


class ScriptedPolicy:
    """Answers from each player's script, in the order asked: an option's name as
    `Choice.script_names` gives it (a card id: the first option with that id; a position as a
    JSON list) or None (decline). A player whose script has run out gets `fallback`'s answer,
    and the decision is kept in `unanswered` (`fall_back`). `asked` counts the decisions asked
    (a game's `decisions`), `used` each player's decisions so far."""

    name = "scripted"

    def __init__(self, scripts: dict[int, list], fallback: Policy | None = None) -> None:
        self.scripts = {p: list(answers) for p, answers in scripts.items()}
        self.used = {p: 0 for p in scripts}
        self.fallback = check_policy(fallback) or DefaultPolicy()
        self.asked = 0
        self.unanswered: list[Unanswered] = []

    def choose(self, choice: Choice) -> int | None:
        p = choice.player
        answers = self.scripts.get(p, [])
        k = self.used.get(p, 0)
        self.used[p] = k + 1
        if k >= len(answers):
            return self.fall_back(choice, f"players[{p}].choices", k)
        self.asked += 1
        return self.read(answers[k], choice, f"players[{p}].choices[{k}]")

    def fall_back(self, choice: Choice, field: str, index: int, round: int = 0) -> int | None:
        """`fallback`'s answer to a decision the script leaves open, kept in `unanswered` (its
        answer would be entry `index` of `field`, of the game's `round`)."""
        self.unanswered.append(Unanswered(self.asked, field, index, None, choice, round))
        self.asked += 1
        return self.fallback.choose(choice)

    @staticmethod
    def read(answer, choice: Choice, where: str) -> int | None:
        """The option a scripted answer names (None: declined); ScriptError (one line, `where`)
        when it names none of them."""
        if answer is None:
            if choice.optional:
                return None
            raise ScriptError(
                f"{where}: null declines, but {quote(choice.question, 200)} must be answered"
            )
        names = choice.script_names()
        given, answer = answer, _plain(answer)
        if answer not in names:
            shown = list(dict.fromkeys(quote(_json(n)) for n in names))
            more = f", ... ({len(shown)} in all)" if len(shown) > 12 else ""
            raise ScriptError(
                f"{where}: {quote(given)} is not a legal answer to "
                f"{quote(choice.question, 200)} (expected one of: {', '.join(shown[:12])}{more})"
            )
        return names.index(answer)


def _json(name):
    """An option's name as a message shows it: a position as a list, anything else as text."""
    if isinstance(name, tuple):
        return [_json(n) for n in name]
    return name if isinstance(name, int) and not isinstance(name, bool) else str(name)


@dataclass(frozen=True)
class Asked:
    """One decision as a policy saw it, in plain values: its `kind`, who decided (`player`), the
    card that asks (`card`, an id), the `question`, the `options` as a script names them (card
    ids, player names), what each is worth by the engine's hint (`values`), whether it may be
    declined (`optional`), the `answer` given (an index, or None) and which policy gave it
    (`by`)."""

    kind: str
    player: int
    card: str | None
    question: str
    options: tuple
    values: tuple
    optional: bool
    answer: int | None
    by: str


class Recording:
    """A policy that answers as `inner` does and keeps every decision it answered (`asked`).
    Given as the fallback of a scenario's scripted policy, it records exactly the decisions the
    scenario's `choices` did not answer: what an interactive explorer asks the user."""

    def __init__(self, inner: Policy | None = None) -> None:
        self.inner = inner or DefaultPolicy()
        self.name = getattr(self.inner, "name", "policy")
        self.asked: list[Asked] = []

    def choose(self, choice: Choice) -> int | None:
        answer = self.inner.choose(choice)
        card = getattr(choice.card, "id", choice.card)
        self.asked.append(
            Asked(
                choice.kind,
                choice.player,
                card,
                choice.question,
                choice.script_names(),
                tuple(choice.values),
                choice.optional,
                answer,
                self.name,
            )
        )
        return answer
