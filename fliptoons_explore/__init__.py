"""fliptoons_explore: a reference rules engine for FlipToons (Season 1) and FlipToons: Season 2,
whose every resolution is a step-by-step trace.

    resolve(scenario)            -> Resolution (table + trace): Flip + Check Fame
    resolve_scenario(scenario)   -> the CLI's JSON document
    round_scenario(scenario)     -> the same for a round: + Market and after-Market effects
    new_game(season, players, seed, solo=...).play() -> GameResult
    situations(rule=..., season=...) -> the FAQ and example library; situation(name).check()
"""
from .cards import CATALOG, CardSpec
from .engine import Resolution, play_round, resolve, resolve_scenario, resolve_table, round_scenario
from .game import Game, GameResult, new_game, replay
from .policy import Choice, DefaultPolicy, RandomPolicy, ScriptedPolicy
from .rules import RULES
from .rulings import OPTIONS, Rulings
from .scenario import ScenarioError
from .situations import Situation, situation, situations

__all__ = ["CATALOG", "CardSpec", "Resolution", "resolve", "resolve_scenario", "resolve_table",
           "play_round", "round_scenario", "Game", "GameResult", "new_game", "replay",
           "Choice", "DefaultPolicy", "RandomPolicy", "ScriptedPolicy", "RULES", "OPTIONS",
           "Rulings", "ScenarioError", "Situation", "situation", "situations"]
__version__ = "0.1.0"
