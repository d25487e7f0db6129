"""Flipology (Nature, the Great Tree, the multi-game variant) on the toolkit: its cards and deck
table, the table and its circle of rows, the effects and their cascades, whole games, scenarios,
ruling options, views and policies.

    resolve(scenario)            -> Resolution: the scenario's turns, then the end-of-game count
    play_round(scenario)         -> the same, the round completed by the policy
    new_game("nature", players=4, seed=1).play() -> GameResult
    load(scenario)               -> (Table, scripts): a checked scenario's table

A scenario says `"game": "flipology"`; `fliptoons_explore.resolve` takes it too.
"""

from . import rules  # noqa: F401  (the rule table's Flipology rows)
from .cards import CARDS, DECK, KINDS, FlipSpec, card_ids, deck_table, spec_of
from .count import GameResult
from .engine import play_as_written, play_round, resolve, resolve_scenario
from .game import Game, new_game, replay
from .kit import KIT
from .rulings import OPTIONS, Rulings
from .scenario import check, load

__all__ = [
    "CARDS",
    "DECK",
    "KINDS",
    "FlipSpec",
    "card_ids",
    "deck_table",
    "spec_of",
    "resolve",
    "resolve_scenario",
    "play_round",
    "play_as_written",
    "Game",
    "GameResult",
    "new_game",
    "replay",
    "KIT",
    "OPTIONS",
    "Rulings",
    "check",
    "load",
]
