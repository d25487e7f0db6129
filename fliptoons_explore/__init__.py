"""fliptoons_explore: a reference rules engine for FlipToons (Season 1) and FlipToons: Season 2,
whose every resolution is a step-by-step trace.

    resolve(scenario)            -> Resolution (table + trace)
    resolve_scenario(scenario)   -> the CLI's JSON document
"""
from .cards import CATALOG, CardSpec
from .engine import Resolution, resolve, resolve_scenario, resolve_table
from .policy import Choice, DefaultPolicy, RandomPolicy, ScriptedPolicy
from .rules import RULES
from .rulings import OPTIONS, Rulings
from .scenario import ScenarioError

__all__ = ["CATALOG", "CardSpec", "Resolution", "resolve", "resolve_scenario", "resolve_table",
           "Choice", "DefaultPolicy", "RandomPolicy", "ScriptedPolicy", "RULES", "OPTIONS",
           "Rulings", "ScenarioError"]
__version__ = "0.1.0"
