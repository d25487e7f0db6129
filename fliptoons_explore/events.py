"""Typed trace events: what happened, to which card, caused by which earlier event, under which
rule.

Every event has a `step` (its index in the trace), the `phase`, the `player` index (None for
table-wide events), the `card` id it concerns, `cause` (the step that caused it; None for a
phase step), `rule` (an id of `fliptoons_explore.rules.RULES`), `ruling` (beside the rule, the
ruling option that decided what happened, `ruling.<name>`, where one did; several are joined by
"; "), and where it applies `pos`
(a position in the game's own terms: `(row, col)` of a FlipToons grid, `(player, row, col)` of a
Flipology table; the game says it in words), `target` (another card id), `detail` (a short
phrase) and `value` (a number). `uid`/`target_uid` identify the physical cards.

This module holds what both games share: the event record, the kinds both games use, the
`Trace` that records them and the `Recorder` that also keeps the table's state after every
event. Each game adds its own kinds (`fliptoons_explore.fliptoons.events`,
`fliptoons_explore.flipology.events`) with `register`, so that every kind is known by name.
"""

from __future__ import annotations

from typing import NamedTuple


class Event(NamedTuple):
    """One step of a resolution: an immutable record (a typed named tuple: `Reveal`, `Place`...,
    each a subclass with its `kind` and the `colour` its label has in traces and graphs; tuples
    build fast, which keeps tracing cheap)."""

    step: int
    phase: str
    player: int | None
    card: str | None
    cause: int | None
    rule: str
    pos: tuple | None = None
    target: str | None = None
    detail: str = ""
    value: int | None = None
    uid: int | None = None
    target_uid: int | None = None
    ruling: str | None = None

    kind = "event"
    colour = "#eeeeee"

    def to_json(self) -> dict:
        out = {
            "step": self.step,
            "phase": self.phase,
            "player": self.player,
            "event": self.kind,
            "card": self.card,
            "cause": self.cause,
            "rule": self.rule,
        }
        if self.pos is not None:
            out["pos"] = list(self.pos)
        if self.target is not None:
            out["target"] = self.target
        if self.detail:
            out["detail"] = self.detail
        if self.value is not None:
            out["value"] = self.value
        if self.ruling is not None:
            out["ruling"] = self.ruling
        return out

    @property
    def cites(self) -> tuple[str, ...]:
        """The rule ids the event cites: its rule, then the ruling options that decided, if any."""
        return (self.rule,) if self.ruling is None else (self.rule, *self.ruling.split("; "))

    def __repr__(self) -> str:
        ruling = "" if self.ruling is None else f", ruling={self.ruling!r}"
        return (
            f"{type(self).__name__}(step={self.step}, player={self.player}, card={self.card!r}, "
            f"cause={self.cause}, rule={self.rule!r}{ruling})"
        )


class Phase(Event):
    """A phase begins (detail names it)."""

    __slots__ = ()
    kind = "phase"
    colour = "#dde6f2"


class Reveal(Event):
    """A card is shown: the top card of a FlipToons deck in the Flip; a face-down Flipology
    Sloth or Koala at the end of the game."""

    __slots__ = ()
    kind = "reveal"
    colour = "#d9dee3"


class Place(Event):
    """A card is put into a space (`pos`)."""

    __slots__ = ()
    kind = "place"
    colour = "#cfe3f7"


class Move(Event):
    """A card already on the table moves to another space (`pos`)."""

    __slots__ = ()
    kind = "move"
    colour = "#b8dcc0"


class Flip(Event):
    """A card is turned over; `value` 0 = now face down, 1 = now face up."""

    __slots__ = ()
    kind = "flip"
    colour = "#f4cfd6"


class Trigger(Event):
    """A card's ability activates; the events it causes name this step as their cause."""

    __slots__ = ()
    kind = "trigger"
    colour = "#f2e7b3"


class Ignored(Event):
    """An ability, or part of one, does nothing (`detail` says why)."""

    __slots__ = ()
    kind = "ignored"
    colour = "#eeeeee"


class Fame(Event):
    """A card scores `value` (fame, or points) when its player's score is counted (`detail`
    shows how)."""

    __slots__ = ()
    kind = "fame"
    colour = "#ccefd6"


class Decision(Event):
    """A player's decision and the answer given (`target`), with the question (`detail`)."""

    __slots__ = ()
    kind = "decision"
    colour = "#fff0b8"


class Discard(Event):
    """A card goes to a discard pile (`detail` says from where)."""

    __slots__ = ()
    kind = "discard"
    colour = "#e8e0d8"


class Shuffle(Event):
    """A deck is shuffled."""

    __slots__ = ()
    kind = "shuffle"
    colour = "#eeeeee"


class GameEnd(Event):
    """The game ends (`player`: the winner, None for no single winner; `detail`: how)."""

    __slots__ = ()
    kind = "game_end"
    colour = "#fff0b8"


#: Every kind of event by name, both games' (each game registers its own).
EVENT_TYPES: dict[str, type[Event]] = {}


def register(*classes: type[Event]) -> None:
    """Make event kinds known by name (`EVENT_TYPES`); a kind is one class, whoever adds it."""
    for cls in classes:
        known = EVENT_TYPES.get(cls.kind)
        if known is not None and known is not cls:
            raise ValueError(
                f"event kind {cls.kind!r} is both {known.__qualname__} and {cls.__qualname__}"
            )
        EVENT_TYPES[cls.kind] = cls


register(
    Phase, Reveal, Place, Move, Flip, Trigger, Ignored, Fame, Decision, Discard, Shuffle, GameEnd
)


def kind_colour(kind: str) -> str:
    """The colour of an event kind's label (traces, graphs)."""
    cls = EVENT_TYPES.get(kind)
    return cls.colour if cls is not None else Event.colour


#: An event made from the tuple of all its fields at once (what `cls(...)` does, less a call):
#: 11% more traced resolutions a second, 5-8% more traced games (benchmarks/bench.py).
_new_event = tuple.__new__


class Trace(list):
    """The list of events of a resolution; `emit` appends one and returns its step.

    `cite` (optional): {rule id: the id this trace cites instead}, for a game whose rulebook
    comes in editions: FlipToons names a rule by its Season 2 id and a Season 1 table cites the
    Season 1 rulebook's own counterpart (`fliptoons.rules.citations`)."""

    __slots__ = ("cite",)

    def __init__(self, events=(), cite: dict | None = None) -> None:
        super().__init__(events)
        self.cite = cite

    def emit(
        self,
        cls: type[Event],
        phase: str,
        player: int | None,
        card,
        cause: int | None,
        rule: str,
        pos=None,
        target=None,
        detail: str = "",
        value=None,
        ruling: str | None = None,
    ) -> int:
        """Append an event; `card` and `target` may be card objects (with a `uid` and a `spec.id`:
        both are kept); `ruling`: the ruling option that decided it (`ruling.<name>`), if any."""
        step = len(self)
        if self.cite is not None:
            rule = self.cite.get(rule, rule)
        uid = target_uid = None
        if card is not None and card.__class__ is not str:
            uid, card = card.uid, card.spec.id
        if target is not None and target.__class__ is not str:
            target_uid, target = target.uid, target.spec.id
        self.append(
            _new_event(
                cls,
                (
                    step,
                    phase,
                    player,
                    card,
                    cause,
                    rule,
                    pos,
                    target,
                    detail,
                    value,
                    uid,
                    target_uid,
                    ruling,
                ),
            )
        )
        return step


class Recorder(Trace):
    """A trace that also keeps the table's state after every event (`states[k]` is the state
    after step k), for stepping through a resolution forwards and backwards. The table gives
    its state as plain values (`table.snapshot(cache)`; `cache` lets it reuse the parts that
    did not change)."""

    __slots__ = ("table", "states", "initial", "grids")

    def __init__(self, table, cite: dict | None = None) -> None:
        super().__init__(cite=cite)
        self.table = table
        self.grids: dict = {}  # the table's reusable parts, kept between snapshots
        self.initial = table.snapshot(self.grids)
        self.states: list[dict] = []

    def emit(self, *args, **kwargs) -> int:
        step = super().emit(*args, **kwargs)
        self.states.append(self.table.snapshot(self.grids))
        return step
