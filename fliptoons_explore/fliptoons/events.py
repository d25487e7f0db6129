"""The kinds of trace events of FlipToons, beside the kinds both games share
(`fliptoons_explore.events`, re-exported here so that the game's modules find every kind in one
place)."""

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
    "Stack",
    "Move",
    "Flip",
    "Return",
    "Dismiss",
    "Gain",
    "Trigger",
    "Ignored",
    "Queued",
    "EndFlip",
    "Fame",
    "LeastFame",
    "Decision",
    "Hire",
    "Skip",
    "Refill",
    "Slide",
    "Discard",
    "ToDeck",
    "FameChange",
    "Shuffle",
    "Collect",
    "CriticsChoice",
    "GameEnd",
]


class Stack(Event):
    """A card is put on top of the stack holding `target` (`pos` is the stack's space)."""

    __slots__ = ()
    kind = "stack"
    colour = "#c4e6df"


class Return(Event):
    """A card goes face down to the bottom of its owner's deck."""

    __slots__ = ()
    kind = "return"
    colour = "#ead0ea"


class Dismiss(Event):
    """A card goes to its owner's dismissed pile (`detail` says from where)."""

    __slots__ = ()
    kind = "dismiss"
    colour = "#f1c9d8"


class Gain(Event):
    """A card is taken from the toon deck (`detail` says where it goes)."""

    __slots__ = ()
    kind = "gain"
    colour = "#d6d2f0"


class Queued(Event):
    """A when-hired / when-dismissed effect waits for the end of the Flip (s2.key.timing)."""

    __slots__ = ()
    kind = "queued"
    colour = "#e6e6c2"


class EndFlip(Event):
    """A player's Flip ends (`detail` says why)."""

    __slots__ = ()
    kind = "end_flip"
    colour = "#e4e4e4"


class LeastFame(Event):
    """A least-fame trigger (Firefly, Skunk) applies to a player, or to nobody on a tie."""

    __slots__ = ()
    kind = "least_fame"
    colour = "#ccefd6"


class Hire(Event):
    """A card joins a player's deck by a hire (`value`: the fame paid; `detail`: from where)."""

    __slots__ = ()
    kind = "hire"
    colour = "#fde0c8"


class Skip(Event):
    """A player skips a Market action."""

    __slots__ = ()
    kind = "skip"
    colour = "#eeeeee"


class Refill(Event):
    """A toon-deck card is revealed into the market (`value`: its slot)."""

    __slots__ = ()
    kind = "refill"
    colour = "#e0e8f0"


class Slide(Event):
    """The toon deck is empty: the market's cards move under the highest price cards, in rank
    order (`detail` says so; every market card that changes slot moves with this one event)."""

    __slots__ = ()
    kind = "slide"
    colour = "#e0e8f0"


class ToDeck(Event):
    """A card is put into a deck by an ability (`detail`: whose deck)."""

    __slots__ = ()
    kind = "to_deck"
    colour = "#ead0ea"


class FameChange(Event):
    """A player's fame to spend changes outside Check Fame (`value`: by how much)."""

    __slots__ = ()
    kind = "fame_change"
    colour = "#ccefd6"


class Collect(Event):
    """Cleanup: a player's grid goes back into their deck (`value`: how many cards)."""

    __slots__ = ()
    kind = "collect"
    colour = "#eeeeee"


class CriticsChoice(Event):
    """The critic's choice card is taken (or returned to the box, `player` None)."""

    __slots__ = ()
    kind = "critics_choice"
    colour = "#fff0b8"


register(
    Stack,
    Return,
    Dismiss,
    Gain,
    Queued,
    EndFlip,
    LeastFame,
    Hire,
    Skip,
    Refill,
    Slide,
    ToDeck,
    FameChange,
    Collect,
    CriticsChoice,
)
