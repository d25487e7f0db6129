"""fliptoons_explore: a reference rules engine for the card games FlipToons (Season 1),
FlipToons: Season 2 and Flipology, whose every resolution is a step-by-step trace.

    resolve(scenario)            -> Resolution (table + trace): a FlipToons Flip + Check Fame, or
                                    a Flipology scenario's turns and final count
    resolve_scenario(scenario)   -> the CLI's JSON document
    round_scenario(scenario)     -> the same for a FlipToons round: + Market and after-Market effects
    play_game(scenario)          -> a FlipToons scenario played on to the end of its game
    new_game(season, players, seed, solo=...).play() -> GameResult   (FlipToons)
    flipology.new_game("nature", players, seed).play()               (Flipology)
    situations(rule=..., season=...) -> the FAQ and example library; situation(name).check()

The layout, each layer importing only the layers before it: the game-neutral toolkit (`events`,
`rules`, `rulings`, `policy`, `stepping`, `chains`, `views`, `words`, `limits`, `jsonio`,
`games`, `resolution`, ...), one subpackage per game on it (`fliptoons`, `flipology`), then
`analysis` (compare, interactions, experiments, advice) and `content` (the situation library and
the exercises), then the command line (`cli`) and the app (`app`), and the widgets
(`fliptoons_explore.widgets`, a one-way layer on top).
"""  # noqa: E501

from . import flipology
from .content.situations import Situation, situation, situations
from .fliptoons import (
    CATALOG,
    OPTIONS,
    CardSpec,
    Game,
    GameResult,
    Rulings,
    game_scenario,
    new_game,
    play_game,
    play_round,
    replay,
    resolve_table,
    round_scenario,
)
from .games import contract_of
from .jsonio import ScenarioError
from .policy import Choice, DefaultPolicy, RandomPolicy, ScriptedPolicy
from .resolution import Resolution
from .rules import RULES

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
    "Game",
    "GameResult",
    "new_game",
    "replay",
    "Choice",
    "DefaultPolicy",
    "RandomPolicy",
    "ScriptedPolicy",
    "RULES",
    "OPTIONS",
    "Rulings",
    "ScenarioError",
    "Situation",
    "situation",
    "situations",
    "flipology",
]
__version__ = "0.2.0"


def resolve(scenario: dict, policy=None, traced: bool = True, record: bool = False) -> Resolution:
    """Resolve a scenario of either game (`"game": "flipology"`; FlipToons without the key):
    FlipToons' Flip + Check Fame, or a Flipology scenario's turns and its final count. Its
    scripted `choices` answer first, then `policy` (default: `DefaultPolicy`). Raises
    `ScenarioError` for a bad scenario."""
    return contract_of(scenario).resolve(scenario, policy, traced, record)


def resolve_scenario(scenario: dict) -> dict:
    """Resolve a scenario of either game and return the command line's JSON document."""
    return resolve(scenario).to_json()
