"""The kinds of trace events of Flipology, beside the kinds both games share
(`fliptoons_explore.events`, re-exported here so that the game's modules find every kind in one
place). A position (`pos`) is `(player, row, col)`: row 0 the bottom (first dealt) row."""

from __future__ import annotations

from ..events import (
    Decision,
    Discard,
    Event,
    Fame,
    Flip,
    GameEnd,
    Ignored,
    Move,
    Phase,
    Place,
    Recorder,
    Reveal,
    Shuffle,
    Trace,
    Trigger,
    register,
)

__all__ = [
    "Event",
    "Trace",
    "Recorder",
    "Phase",
    "Reveal",
    "Place",
    "Move",
    "Flip",
    "Trigger",
    "Ignored",
    "Fame",
    "Decision",
    "Discard",
    "Shuffle",
    "GameEnd",
    "Deal",
    "Peek",
    "Pick",
    "Regrow",
]


class Deal(Event):
    """A card is dealt face down into a player's hand."""

    __slots__ = ()
    kind = "deal"
    colour = "#d9dee3"


class Peek(Event):
    """A player looks at face-down cards of opponents (the Sun; `detail` names them)."""

    __slots__ = ()
    kind = "peek"
    colour = "#fff0b8"


class Pick(Event):
    """A Hermit Crab's player takes an animal from the discard pile (`value`: the points it
    adds)."""

    __slots__ = ()
    kind = "pick"
    colour = "#ccefd6"


class Regrow(Event):
    """Regrowth (Great Tree): a player puts their whole hand back into the pile, to draw five new
    cards once it is shuffled."""

    __slots__ = ()
    kind = "regrow"
    colour = "#e6e6c2"


register(Deal, Peek, Pick, Regrow)
