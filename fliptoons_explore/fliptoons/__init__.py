"""FlipToons (Season 1, Season 2, both combined, solo) on the toolkit: its cards, grid, table,
Flip, Check Fame, Market, whole games, scenarios, ruling options, views and policies.

    resolve(scenario)            -> Resolution (table + trace): Flip + Check Fame
    play_round(scenario)         -> the Game, stopped before Cleanup
    play_game(scenario)          -> the Game, played on to its end (Cleanup, rounds, Final Flip)
    new_game(season, players, seed, solo=...).play() -> GameResult
    load(scenario)               -> (Table, scripted choices): a checked scenario's table

The package `fliptoons_explore` offers the same names (FlipToons is its first game).
"""

from .cards import CATALOG, CardSpec
from .engine import (
    GameResolution,
    Resolution,
    game_json,
    game_scenario,
    play_as_written,
    play_game,
    play_round,
    resolve,
    resolve_scenario,
    resolve_table,
    round_scenario,
)
from .game import Game, GameResult, new_game, replay
from .kit import KIT
from .rules import FAQ_OF, faq_for
from .rulings import OPTIONS, Rulings
from .scenario import check, load

__all__ = [
    "CATALOG",
    "CardSpec",
    "Resolution",
    "resolve",
    "resolve_scenario",
    "resolve_table",
    "play_round",
    "round_scenario",
    "play_game",
    "game_scenario",
    "game_json",
    "GameResolution",
    "play_as_written",
    "Game",
    "GameResult",
    "new_game",
    "replay",
    "OPTIONS",
    "Rulings",
    "KIT",
    "FAQ_OF",
    "faq_for",
    "check",
    "load",
]
