"""What the rules act through: a table, the policy that answers its decisions, the trace, and
the sequence a round and `resolve` share, the Flip, the effects it queued, then Check Fame.

    >>> from fliptoons_explore.sample import random_table
    >>> Resolver(random_table(7, n_cards=10)).flip_and_check_fame()
"""
from __future__ import annotations

from .events import Decision, Trace
from .fame import check_fame
from .flip import flip_phase
from .market import resolve_after_flip
from ..policy import Choice, DefaultPolicy, Policy
from .state import Table


class Resolver:
    """What the rules act through: the table, the policy answering every decision (checked and
    logged in `decisions`), the trace (None: untraced) and the phase its events are recorded in.
    `Game` is one; `resolve` uses a bare one for the Flip and Check Fame."""

    def __init__(self, table: Table, policy: Policy | None = None, trace: Trace | None = None) -> None:
        self.table = table
        self.policy = policy or DefaultPolicy()
        self.trace = trace
        self.decisions: list[int | None] = []
        self.phase = "setup"
        self.name = getattr(self.policy, "name", "policy")

    def emit(self, cls, player, card, cause, rule, pos=None, target=None, detail="", value=None):
        if self.trace is None:
            return None
        return self.trace.emit(cls, self.phase, player, card, cause, rule, pos, target, detail, value)

    def choose(self, choice: Choice, cause=None, rule=None):
        """Ask the policy; check and log the answer; record it in the trace (ability decisions)."""
        i = self.policy.choose(choice)
        if i is None and not choice.optional or i is not None and not 0 <= i < len(choice.options):
            raise ValueError(f"policy {self.name!r} answered {i!r} to {choice.kind!r} "
                             f"({len(choice.options)} options)")
        self.decisions.append(i)
        if rule is not None and choice.kind != "market_action":
            answer = "none" if i is None else getattr(choice.options[i], "id", choice.options[i])
            self.emit(Decision, choice.player, choice.card, cause, rule, target=str(answer),
                      detail=choice.question)
        return i

    def flip_and_check_fame(self, players=None, least_fame: bool = True, among=None, reading=None) -> None:
        """The Flip phase, then the effects it queued, at its end, clockwise from the first player
        (s2.key.timing.after-flip), then Check Fame; for `players` (default all). `least_fame`
        False skips the least-fame triggers (ruling `firefly_in_final_flip`); `among`, `reading`:
        whose fame the least is taken of, and the other reading (`fame.check_fame`)."""
        t = self.table
        self.phase = "flip"
        flip_phase(t, self.trace, players)
        if t.after_flip:
            self.phase = "after-flip"
            resolve_after_flip(self)
        self.phase = "check-fame"
        check_fame(t, self, self.trace, players, least_fame, among, reading)

