"""Typed trace events: what happened, to which card, caused by which earlier event, under which rule.

Every event has a `step` (its index in the trace), the `phase`, the `player` index (None for
table-wide events), the `card` id it concerns, `cause` (the step that caused it; None for a
phase step), `rule` (an id of `fliptoons_explore.rules.RULES`), and where it applies `pos`
(`(row, col)`, see docs/engine.md), `target` (another card id), `detail` (a short phrase) and
`value` (a number). `uid`/`target_uid` identify the physical cards.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar


@dataclass(frozen=True, slots=True)
class Event:
    kind: ClassVar[str] = "event"
    step: int
    phase: str
    player: int | None
    card: str | None
    cause: int | None
    rule: str
    pos: tuple[int, int] | None = None
    target: str | None = None
    detail: str = ""
    value: int | None = None
    uid: int | None = field(default=None, compare=False)
    target_uid: int | None = field(default=None, compare=False)

    def to_json(self) -> dict:
        out = {"step": self.step, "phase": self.phase, "player": self.player, "event": self.kind,
               "card": self.card, "cause": self.cause, "rule": self.rule}
        if self.pos is not None:
            out["pos"] = list(self.pos)
        if self.target is not None:
            out["target"] = self.target
        if self.detail:
            out["detail"] = self.detail
        if self.value is not None:
            out["value"] = self.value
        return out


class Phase(Event):
    """A phase begins (detail names it)."""
    kind = "phase"


class Reveal(Event):
    """The top card of a player's deck is revealed."""
    kind = "reveal"


class Place(Event):
    """A card is put into a space of the grid (`pos`)."""
    kind = "place"


class Stack(Event):
    """A card is put on top of the stack holding `target` (`pos` is the stack's space)."""
    kind = "stack"


class Move(Event):
    """A card already in the grid moves to another space (`pos`)."""
    kind = "move"


class Flip(Event):
    """A card is turned over; `value` 0 = now face down, 1 = now face up."""
    kind = "flip"


class Return(Event):
    """A card goes face down to the bottom of its owner's deck."""
    kind = "return"


class Dismiss(Event):
    """A card goes to its owner's dismissed pile (`detail` says from where)."""
    kind = "dismiss"


class Gain(Event):
    """A card is taken from the toon deck (`detail` says where it goes)."""
    kind = "gain"


class Trigger(Event):
    """A card's ability activates; the events it causes name this step as their cause."""
    kind = "trigger"


class Ignored(Event):
    """An ability, or part of one, does nothing (`detail` says why)."""
    kind = "ignored"


class Queued(Event):
    """A when-hired / when-dismissed effect waits for the end of the Flip (s2.key.timing)."""
    kind = "queued"


class EndFlip(Event):
    """A player's Flip ends (`detail` says why)."""
    kind = "end_flip"


class Fame(Event):
    """A card scores `value` fame at Check Fame (`detail` shows printed + bonus)."""
    kind = "fame"


class LeastFame(Event):
    """A least-fame trigger (Firefly, Skunk) applies to a player, or to nobody on a tie."""
    kind = "least_fame"


class Decision(Event):
    """A player's decision and the answer given (`target`), with who answered (`detail`)."""
    kind = "decision"


EVENT_TYPES: dict[str, type[Event]] = {c.kind: c for c in (
    Phase, Reveal, Place, Stack, Move, Flip, Return, Dismiss, Gain, Trigger, Ignored, Queued,
    EndFlip, Fame, LeastFame, Decision)}


class Trace(list):
    """The list of events of a resolution; `emit` appends one and returns its step."""

    __slots__ = ()

    def emit(self, cls: type[Event], phase: str, player: int | None, card, cause: int | None,
             rule: str, **extra) -> int:
        step = len(self)
        if card is not None and not isinstance(card, str):
            extra.setdefault("uid", card.uid)
            card = card.id
        target = extra.get("target")
        if target is not None and not isinstance(target, str):
            extra["target_uid"] = target.uid
            extra["target"] = target.id
        self.append(cls(step, phase, player, card, cause, rule, **extra))
        return step
