"""Typed trace events: what happened, to which card, caused by which earlier event, under which rule.

Every event has a `step` (its index in the trace), the `phase`, the `player` index (None for
table-wide events), the `card` id it concerns, `cause` (the step that caused it; None for a
phase step), `rule` (an id of `fliptoons_explore.rules.RULES`), and where it applies `pos`
(`(row, col)`, see docs/engine.md), `target` (another card id), `detail` (a short phrase) and
`value` (a number). `uid`/`target_uid` identify the physical cards.
"""
from __future__ import annotations

from typing import NamedTuple


class Event(NamedTuple):
    """One step of a resolution: an immutable record (a typed named tuple: `Reveal`, `Place`...,
    each a subclass with its `kind`; tuples build fast, which keeps tracing cheap)."""

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
    uid: int | None = None
    target_uid: int | None = None

    kind = "event"

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

    def __repr__(self) -> str:
        return (f"{type(self).__name__}(step={self.step}, player={self.player}, card={self.card!r}, "
                f"cause={self.cause}, rule={self.rule!r})")


class Phase(Event):
    """A phase begins (detail names it)."""
    __slots__ = ()
    kind = "phase"


class Reveal(Event):
    """The top card of a player's deck is revealed."""
    __slots__ = ()
    kind = "reveal"


class Place(Event):
    """A card is put into a space of the grid (`pos`)."""
    __slots__ = ()
    kind = "place"


class Stack(Event):
    """A card is put on top of the stack holding `target` (`pos` is the stack's space)."""
    __slots__ = ()
    kind = "stack"


class Move(Event):
    """A card already in the grid moves to another space (`pos`)."""
    __slots__ = ()
    kind = "move"


class Flip(Event):
    """A card is turned over; `value` 0 = now face down, 1 = now face up."""
    __slots__ = ()
    kind = "flip"


class Return(Event):
    """A card goes face down to the bottom of its owner's deck."""
    __slots__ = ()
    kind = "return"


class Dismiss(Event):
    """A card goes to its owner's dismissed pile (`detail` says from where)."""
    __slots__ = ()
    kind = "dismiss"


class Gain(Event):
    """A card is taken from the toon deck (`detail` says where it goes)."""
    __slots__ = ()
    kind = "gain"


class Trigger(Event):
    """A card's ability activates; the events it causes name this step as their cause."""
    __slots__ = ()
    kind = "trigger"


class Ignored(Event):
    """An ability, or part of one, does nothing (`detail` says why)."""
    __slots__ = ()
    kind = "ignored"


class Queued(Event):
    """A when-hired / when-dismissed effect waits for the end of the Flip (s2.key.timing)."""
    __slots__ = ()
    kind = "queued"


class EndFlip(Event):
    """A player's Flip ends (`detail` says why)."""
    __slots__ = ()
    kind = "end_flip"


class Fame(Event):
    """A card scores `value` fame at Check Fame (`detail` shows printed + bonus)."""
    __slots__ = ()
    kind = "fame"


class LeastFame(Event):
    """A least-fame trigger (Firefly, Skunk) applies to a player, or to nobody on a tie."""
    __slots__ = ()
    kind = "least_fame"


class Decision(Event):
    """A player's decision and the answer given (`target`), with who answered (`detail`)."""
    __slots__ = ()
    kind = "decision"


class Hire(Event):
    """A card joins a player's deck by a hire (`value`: the fame paid; `detail`: from where)."""
    __slots__ = ()
    kind = "hire"


class Skip(Event):
    """A player skips a Market action."""
    __slots__ = ()
    kind = "skip"


class Refill(Event):
    """A toon-deck card is revealed into the market (`value`: its slot)."""
    __slots__ = ()
    kind = "refill"


class Discard(Event):
    """A market or toon-deck card goes to the face-up discard pile."""
    __slots__ = ()
    kind = "discard"


class ToDeck(Event):
    """A card is put into a deck by an ability (`detail`: whose deck)."""
    __slots__ = ()
    kind = "to_deck"


class FameChange(Event):
    """A player's fame to spend changes outside Check Fame (`value`: by how much)."""
    __slots__ = ()
    kind = "fame_change"


class Shuffle(Event):
    """A deck is shuffled."""
    __slots__ = ()
    kind = "shuffle"


class Collect(Event):
    """Cleanup: a player's grid goes back into their deck (`value`: how many cards)."""
    __slots__ = ()
    kind = "collect"


class CriticsChoice(Event):
    """The critic's choice card is taken (or returned to the box, `player` None)."""
    __slots__ = ()
    kind = "critics_choice"


class GameEnd(Event):
    """The game ends (`player`: the winner, None for a solo loss; `detail`: how)."""
    __slots__ = ()
    kind = "game_end"


EVENT_TYPES: dict[str, type[Event]] = {c.kind: c for c in (
    Phase, Reveal, Place, Stack, Move, Flip, Return, Dismiss, Gain, Trigger, Ignored, Queued,
    EndFlip, Fame, LeastFame, Decision, Hire, Skip, Refill, Discard, ToDeck, FameChange, Shuffle,
    Collect, CriticsChoice, GameEnd)}


class Trace(list):
    """The list of events of a resolution; `emit` appends one and returns its step."""

    __slots__ = ()

    def emit(self, cls: type[Event], phase: str, player: int | None, card, cause: int | None,
             rule: str, pos=None, target=None, detail: str = "", value=None) -> int:
        """Append an event; `card` and `target` may be card objects (their ids and uids are kept)."""
        step = len(self)
        uid = target_uid = None
        if card is not None and card.__class__ is not str:
            uid, card = card.uid, card.spec.id
        if target is not None and target.__class__ is not str:
            target_uid, target = target.uid, target.spec.id
        self.append(cls(step, phase, player, card, cause, rule, pos, target, detail, value, uid, target_uid))
        return step


class Recorder(Trace):
    """A trace that also keeps the table's state after every event (`states[k]` is the state
    after step k), for stepping through a resolution forwards and backwards."""

    __slots__ = ("table", "states", "initial", "grids")

    def __init__(self, table) -> None:
        super().__init__()
        from .state import snapshot
        self.table = table
        self.grids: dict = {}  # each grid's JSON, reused while the grid does not change
        self.initial = snapshot(table, self.grids)
        self.states: list[dict] = []

    def emit(self, *args, **kwargs) -> int:
        from .state import snapshot
        step = super().emit(*args, **kwargs)
        self.states.append(snapshot(self.table, self.grids))
        return step
