"""The games on the toolkit, and what the toolkit asks of a game.

Each game is a subpackage (`fliptoons_explore.fliptoons`, `fliptoons_explore.flipology`) whose
tables carry a `game` attribute: a `GameKit`, the few things the game-neutral parts (stepping,
causal chains, the trace table and the JSON writer) cannot know by themselves, such as how a
position reads in words or how the table at a step is drawn. A scenario says which game it is
(`"game": "flipology"`; without the key, FlipToons: `game_of`), and `game_package` imports that
game's package, which offers `load`, `resolve` and the rest of its API.
"""

from __future__ import annotations

import importlib
from typing import Protocol

#: Game name -> its package. FlipToons is the game of a scenario without a "game" key.
GAMES = {"fliptoons": "fliptoons_explore.fliptoons", "flipology": "fliptoons_explore.flipology"}
DEFAULT_GAME = "fliptoons"


class GameKit(Protocol):
    """What the toolkit asks of a game, about its tables, states and events."""

    name: str  # "fliptoons", "flipology"
    title: str  # "FlipToons", "Flipology"
    unit: str  # what a player scores: "fame", "points"

    def where(self, pos, players) -> str:
        """A position (an event's `pos`) in words, `players` the table's (for their names):
        'slot 2 (upper middle)', "Ben's row, card 1"."""

    def short_where(self, pos, players) -> str:
        """The same in a few characters, for a graph's box: 'slot 2'."""

    def event_words(self, event, players) -> str:
        """An event as a trace line says it: 'stack rat onto grasshopper at slot 4 (lower left)'."""

    def event_sentence(self, event, players) -> str:
        """An event as a sentence a player would say: 'Ann: the Rat is stacked onto ...'."""

    def state_text(self, state: dict) -> str:
        """A recorded state (`table.snapshot()`) as text."""

    def marks(self, stepper):
        """What a view of the stepper's step highlights (`views.Marks`)."""

    def step_html(self, stepper) -> str:
        """The stepper's step drawn: the event, its rule and the table at that step."""

    def table_at_step_html(self, stepper, target=None, clickable: bool = False) -> str:
        """The table alone at the stepper's step, marked as `marks` says, for the explorer;
        `target`: the builder's chosen place, `clickable`: the data attributes clicks need."""

    def resolution_html(self, resolution) -> str:
        """A resolution drawn: the table, then the trace."""

    def to_json(self, table, trace) -> dict:
        """A resolved table and its trace as the command line's JSON document."""

    def summary(self, table) -> str:
        """A table in a few words, for a `repr`: 's2: Ann 13, Ben 8'."""

    def check_card(self, card_id: str) -> None:
        """KeyError naming a card id the game does not have and the closest ones it has."""


def game_of(scenario) -> str:
    """The game a scenario is of: its "game" key, FlipToons without one. A value that names no
    game is left for the game's own checks (FlipToons refuses the unknown key)."""
    if isinstance(scenario, dict):
        name = scenario.get("game", DEFAULT_GAME)
        if isinstance(name, str) and name in GAMES:
            return name
    return DEFAULT_GAME


def game_package(name: str):
    """A game's package (`GAMES`), imported on first use."""
    return importlib.import_module(GAMES[name])


class KitOf:
    """A game's kit (`KIT` of its `kit` module) as a class attribute: a game's `Table` declares
    `game = KitOf("fliptoons")`. The kit module imports the table's module (its views and texts
    read tables), so the kit is looked up by the game's name when a table first asks for it; from
    then on it is a plain class attribute."""

    def __init__(self, name: str) -> None:
        self.name = name

    def __set_name__(self, owner, attr: str) -> None:
        self.attr = attr

    def __get__(self, table, owner=None):
        kit = importlib.import_module(f"{GAMES[self.name]}.kit").KIT
        setattr(owner, self.attr, kit)
        return kit
