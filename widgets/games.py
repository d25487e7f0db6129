"""The explorer's games: each game's part of the explorer, its *controller*, behind one small
interface (`Controller`), looked up by the game's name.

The explorer (`explorer.Explorer`) is the same for every game: the stepper, the chain view, the
trace, the rulings, sharing, the JSON and the advice read any game's resolution through its
contract (`fliptoons_explore.games`). What only a game knows is its controller's: the situation
being built, its catalog and builder, how it is played in each of the explorer's modes, the
decisions its script leaves open and where an answer is written, what each answer is worth, and
what a click on its table does. Each game's controller lives in its own module (`fliptoons`,
`flipology`); a game added later registers its own:

    from fliptoons_explore.widgets import games
    games.register("lights", LightsPlay)   # a class taking `errors=` (its contract registered)
    games.names()                           # the games the explorer's switch lists
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Protocol

from fliptoons_explore.policy import Asked, Unanswered

#: The explorer's modes: resolve the situation (FlipToons: the Flip and Check Fame; Flipology:
#: its turns, then the count), play its round, play to the end of the game.
RESOLVE, ROUND, GAME = "resolve", "round", "game"

#: Game name -> its controller: a class, or the module of this package whose `Controller` it is
#: (imported when the explorer first opens). The order is the game switch's.
CONTROLLERS: dict[str, object] = {"fliptoons": ".fliptoons", "flipology": ".flipology"}


@dataclass(frozen=True)
class Pending:
    """A decision the scenario's script left open, as the explorer asks it: its `step` in the
    trace, the entry `index` of the list its answer goes into and the `round` of a game whose
    list it is (the engine's record, `policy.Unanswered`, is `unanswered`), what was asked
    (`asked`, a `policy.Asked`: who decides, the asking card's id, the question, the options as
    a script names them, their hints, whether it may be declined), and in words the options
    (`labels`: as the deciding player knows them when asked) and the asking card (`card`)."""

    step: int
    index: int
    asked: Asked
    round: int = 0
    unanswered: Unanswered | None = None
    labels: tuple = ()
    card: str = ""


def pending(step: int, unanswered: Unanswered, labels=(), card: str = "") -> Pending:
    """The `Pending` of a decision the engine reported (`GameContract.resolve_asking`)."""
    c = unanswered.choice
    asked = Asked(
        c.kind,
        c.player,
        getattr(c.card, "id", c.card),
        c.question,
        tuple(c.script_names()),
        tuple(c.values),
        bool(c.optional),
        None,
        "",
    )
    return Pending(step, unanswered.index, asked, unanswered.round, unanswered, tuple(labels), card)


class Host(Protocol):
    """What a controller may ask of the explorer it is part of (`Controller.bind`)."""

    mode: str  # the mode in force: RESOLVE, ROUND or GAME
    result: object  # the resolution shown (None before the first one)

    def run(self) -> None:
        """Resolve the situation as it stands and show it."""

    def play(self, mode: str) -> None:
        """Play the situation in `mode` and show its end, as the mode's button does."""

    def load(self, scenario: dict, what: str = "load another situation") -> None:
        """Make a scenario the situation (undo brings the previous one back)."""


class Controller(Protocol):
    """A game's part of the explorer. Made with `errors=` (the explorer's error area, whose
    `guard` its handlers go through); the explorer wires `catalog.on_pick` to `picked` and
    `builder.on_change` to resolving again, then calls `bind`."""

    name: str  # the game's name (`fliptoons_explore.games.contract`)
    game: object  # its contract (`games.GameContract`): its title names the switch's button
    #: the situation being built (`situation.GameSituation`: `data`, `scenario()`, `to_json()`,
    #: `players`, `who(i)`, `set_ruling(...)`, its undo history)
    situation: object
    catalog: object  # a widget: `on_pick(handler)`, `clear_details()`
    #: a widget: `on_change(handler)`, `load(scenario, what)`, `redraw()`, `undo()`, `redo()`,
    #: `undo_button`, `redo_button`
    builder: object
    interactions: object  # the Interactions tab's panel, or None: the game has no graph
    #: each mode the game is played in -> (its button's tooltip, what playing it did, in words)
    modes: dict
    #: how its situations are played, in words (what the explorer says of a mode it does not play)
    plays: str
    switch_tip: str  # the game switch's tooltip for it

    def bind(self, host: Host) -> None:
        """Wire what the explorer does for the game's own controls (a pair loaded from the
        Interactions tab, a solo difficulty picked)."""

    def picked(self, card_id: str) -> None:
        """A card picked in the catalog: the builder puts it where its target says."""

    def follow(self) -> None:
        """The situation is about to be resolved: what follows it (a catalog's season)."""

    def resolve(self, scenario: dict, mode: str, policy) -> tuple:
        """(the resolution, every state recorded; [`Pending`]: the decisions the user is asked,
        in order) of the scenario played in `mode`, `policy` answering what the script leaves
        open; ScenarioError (one line) for a situation the engine does not accept."""

    def worth(self, scenario: dict, pending: Pending, mode: str) -> list[str]:
        """What each answer gives, in words (re-resolved with it); an optional decision's last
        entry is what declining gives."""

    def answer(self, pending: Pending, option: int | None) -> None:
        """Write an answer (an option number, None to decline) where the script reads it."""

    def chosen_before(self, pending: Pending, table) -> str:
        """The answers already given in the list this decision adds to, in words ('' for
        none)."""

    def marks(self, result):
        """What the table shows of the builder (`views.Marks`: its target, clickable), and what
        the builder previews of the `result` (None: nothing resolved yet)."""

    def click(self, data: dict) -> bool:
        """A click on the table (its data attributes); whether the table's marks changed."""

    def file_name(self) -> str:
        """An export's name, without '.json': the game and the players' names."""

    def no_advice(self, scenario: dict) -> str:
        """Why the situation has no decision to advise, before any search ('' if it may)."""


def register(name: str, controller) -> None:
    """Add a game's controller (a class, or the module of this package whose `Controller` it
    is); its contract is `fliptoons_explore.games.register`'s."""
    CONTROLLERS[name] = controller


def names() -> list[str]:
    """The games the explorer opens, in the game switch's order."""
    return list(CONTROLLERS)


def make(name: str, errors=None) -> Controller:
    """A new controller of the game `name`; ValueError (one line) for a game with none."""
    if name not in CONTROLLERS:
        raise ValueError(f"game: expected one of {', '.join(CONTROLLERS)}, got {name!r}")
    found = CONTROLLERS[name]
    if isinstance(found, str):
        found = importlib.import_module(found, __package__).Controller
    return found(errors=errors)
