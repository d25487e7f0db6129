"""What the rules act through: a table, the policy that answers its decisions, the trace, and
the sequence a round and `resolve` share, the Flip, the effects it queued, then Check Fame.

    >>> from fliptoons_explore.fliptoons.sample import random_table
    >>> Resolver(random_table(7, n_cards=10)).flip_and_check_fame()
"""

from __future__ import annotations

from ..policy import FORCED, Choice, DefaultPolicy, Policy, forced_answer
from .after_flip import resolve_after_flip
from .events import CriticsChoice, Decision, Ignored, Trace
from .fame import check_fame
from .flip import flip_phase
from .state import Table

TRIGGER_FAME = 30  # S1/S2 Check Fame: 30 fame triggers the end; solo: 30 wins


class Resolver:
    """What the rules act through: the table, the policy answering every decision (checked and
    logged in `decisions`; while traced, `decision_steps` holds the trace step each was asked
    at), the trace (None: untraced) and the phase its events are recorded in. `Game` is one;
    `resolve` uses a bare one for the Flip and Check Fame."""

    def __init__(
        self, table: Table, policy: Policy | None = None, trace: Trace | None = None
    ) -> None:
        self.table = table
        self.policy = policy or DefaultPolicy()
        self.trace = trace
        self.decisions: list[int | None] = []
        self.decision_steps: list[int] = []
        self.phase = "setup"
        self.name = getattr(self.policy, "name", "policy")
        self.solo = None  # a solo game's difficulty (`Game`): no critic's choice
        self.end_triggered = False  # a Check Fame has triggered the end of the game

    def emit(
        self,
        cls,
        player,
        card,
        cause,
        rule,
        pos=None,
        target=None,
        detail="",
        value=None,
        ruling=None,
    ):
        if self.trace is None:
            return None
        return self.trace.emit(
            cls, self.phase, player, card, cause, rule, pos, target, detail, value, ruling
        )

    def choose(self, choice: Choice, cause=None, rule=None, ruling=None):
        """The answer to a decision: a forced one (one legal answer, no decline: `forced_answer`)
        is taken without asking; else the policy is asked, its answer checked and logged in
        `decisions` (what a replay answers again). Ability decisions (a `rule`) are recorded in
        the trace, a forced one said so; `ruling`: the ruling option that decided the options,
        cited beside the rule. A Market action is recorded only when a ruling decided what it
        offered (its Hire, Dismiss or Skip event says what was done); it is always asked, as it
        answers a scenario's `actions`, read one by one."""
        i = forced_answer(choice) if choice.kind != "market_action" else None
        forced = i is not None
        if not forced:
            i = self.policy.choose(choice)
            if (
                i is None
                and not choice.optional
                or i is not None
                and not 0 <= i < len(choice.options)
            ):
                raise ValueError(
                    f"policy {self.name!r} answered {i!r} to {choice.kind!r} "
                    f"({len(choice.options)} options)"
                )
            self.decisions.append(i)
            if self.trace is not None:  # its Decision event, if recorded, is the next one
                self.decision_steps.append(len(self.trace))
        if rule is not None and (choice.kind != "market_action" or ruling is not None):
            answer = "none" if i is None else getattr(choice.options[i], "id", choice.options[i])
            self.emit(
                Decision,
                choice.player,
                choice.card,
                cause,
                rule,
                target=str(answer),
                detail=choice.question + (f" ({FORCED})" if forced else ""),
                ruling=ruling,
            )
        return i

    def flip_and_check_fame(
        self,
        players=None,
        least_fame: bool = True,
        among=None,
        reading=None,
        trigger: bool = True,
        least_fame_ruling: str | None = None,
    ) -> None:
        """The Flip phase, then the effects it queued, at its end, clockwise from the first player
        (s2.key.timing.after-flip), then Check Fame and its critic's choice; for `players`
        (default all). `least_fame` False skips the least-fame triggers (ruling
        `firefly_in_final_flip`); `among`, `reading`: whose fame the least is taken of, and the
        other reading, `least_fame_ruling` the ruling that lets them fire (`fame.check_fame`);
        `trigger` False: no 30-fame check (the Final Flip)."""
        t = self.table
        self.phase = "flip"
        flip_phase(t, self.trace, players)
        if t.after_flip:
            self.phase = "after-flip"
            resolve_after_flip(self)
        self.phase = "check-fame"
        t.critics_choice = (
            None  # what this Check Fame's 30-fame check gives, if it triggers the end
        )
        check_fame(t, self, self.trace, players, least_fame, among, reading, least_fame_ruling)
        if trigger and not self.solo and len(t.players) > 1:
            self.check_end_trigger()

    def trigger_scores(self, rulings=None) -> list[int]:
        """Each player's fame toward the 30-fame trigger and the critic's choice: the fame
        generated at Check Fame, with a gained Peacock's 2 (ruling `peacock_counts_for_trigger`)
        and the Firefly's 2 (ruling `firefly_counts_for_trigger`) as the rulings say."""
        r = rulings or self.table.rulings
        return [
            p.fame_generated
            - (0 if r.peacock_counts_for_trigger else p.fame_after_flip)
            + (p.fame_total - p.fame_generated if r.firefly_counts_for_trigger else 0)
            for p in self.table.players
        ]

    def trigger_ruling(self, outcome) -> str | None:
        """'ruling.<name>' for the first of the two trigger rulings whose other reading changes
        `outcome(trigger_scores)`, else None."""
        now = outcome(self.trigger_scores())
        for name in ("peacock_counts_for_trigger", "firefly_counts_for_trigger"):
            other = self.table.rulings.but(name, not getattr(self.table.rulings, name))
            if outcome(self.trigger_scores(other)) != now:
                return "ruling." + name
        return None

    def check_end_trigger(self) -> None:
        """Check Fame's last step (S2 Check Fame): if any player generated 30 fame or more, the
        most fame takes the critic's choice card, which goes back to the box on a tie among the
        leaders (s2.check-fame.critics-choice, .critics-choice-tie); this triggers the end of the
        game; once it is, no later Check Fame triggers it again. Which fame counts:
        `trigger_scores`; a ruling that decided it is cited (also when it leaves the end
        untriggered). `table.critics_choice` records the outcome of this Check Fame (None until
        one triggers the end, and again from the next Check Fame on)."""
        t = self.table
        if self.end_triggered:
            return

        def outcome(scores):
            best = max(scores)
            return best >= TRIGGER_FAME and tuple(i for i, s in enumerate(scores) if s == best)

        rule = self.trigger_ruling(outcome) if self.trace is not None else None
        # the season's own rulebook (S2 Combining Games)
        book = "s1." if t.season == "s1" else "s2."
        scores = self.trigger_scores()
        best = max(scores)
        if best < TRIGGER_FAME:
            if rule is not None:
                self.emit(
                    Ignored,
                    None,
                    None,
                    None,
                    book + "check-fame.trigger",
                    value=best,
                    ruling=rule,
                    detail="no player generated 30 fame as the rulings count it: the end is not "
                    "triggered",
                )
            return
        self.end_triggered = True
        leaders = [i for i, s in enumerate(scores) if s == best]
        holder = leaders[0] if len(leaders) == 1 else None
        t.critics_choice = {"player": holder, "fame": best}
        if holder is not None:
            t.players[holder].critics_choice = True
            self.emit(
                CriticsChoice,
                holder,
                None,
                None,
                book + "check-fame.critics-choice",
                value=best,
                ruling=rule,
                detail=f"{best} fame: takes the critic's choice card; the end is triggered",
            )
        else:
            self.emit(
                CriticsChoice,
                None,
                None,
                None,
                book + "check-fame.critics-choice-tie",
                value=best,
                ruling=rule,
                detail="a tie for the most fame: the card goes back to the box; the end is "
                "triggered",
            )
