"""Resolving a situation: the Flip (with the effects it queued), then Check Fame, traced or not.

    >>> from fliptoons_explore import resolve
    >>> r = resolve({"season": "s2", "players": [{"name": "Ann", "deck": ["mosquito", "rat"]}]})
    >>> r.players[0].fame_total
    1
"""
from __future__ import annotations

from ..policy import DefaultPolicy, Policy, ScriptedPolicy
from ..resolution import Resolution
from .events import Recorder, Trace
from .game import Game
from .market import ScriptedRound
from .resolver import Resolver
from .rules import citations
from .scenario import ScenarioError, load, table_json
from .state import Table

__all__ = ["Resolution", "resolve", "resolve_table", "resolve_scenario", "play_round",
           "round_scenario", "play_as_written"]


def resolve_table(table: Table, policy: Policy | None = None, traced: bool = True,
                  record: bool = False) -> Resolution:
    """The Flip, the effects it queued (at its end, clockwise from the first player) and Check
    Fame for every player of a table, in place, as a round plays them (`Resolver`). `record`
    keeps the table's state after every event too (`Resolution.state_after(k)`)."""
    cite = citations(table.season)  # a Season 1 table cites the S1 rulebook's wording
    trace = Recorder(table, cite) if record else Trace(cite=cite) if traced else None
    Resolver(table, policy or DefaultPolicy(), trace).flip_and_check_fame()
    return Resolution(table, trace)


#: A scenario has no seed: its table's generator (a Pig shuffled into the toon deck) starts from
#: this one, so that a scenario resolves the same way every time (DESIGN.md §4.1).
SCENARIO_SEED = 0


def _load(scenario: dict):
    table, scripts = load(scenario)
    table.rng.seed(SCENARIO_SEED)
    return table, scripts


def resolve(scenario: dict, policy: Policy | None = None, traced: bool = True,
            record: bool = False) -> Resolution:
    """Resolve a scenario (DESIGN.md §2.2): its scripted `choices` first, then `policy`
    (default: `DefaultPolicy`). Raises `ScenarioError` for a bad scenario."""
    table, scripts = _load(scenario)
    return resolve_table(table, ScriptedPolicy(scripts, policy or DefaultPolicy()), traced, record)


def resolve_scenario(scenario: dict) -> dict:
    """Resolve a scenario and return the CLI's JSON document."""
    return resolve(scenario).to_json()


def play_round(scenario: dict, policy: Policy | None = None, record: bool = False):
    """Flip, Check Fame, the scenario's scripted Market actions and after-Market effects; stops
    before Cleanup (DESIGN.md §2.3 `round`). A player's Market turn takes their `actions` in order
    and skips once they run out. Returns the `Game`; raises `ScenarioError` for a bad scenario or
    an illegal scripted action. `record` keeps the table's state after every event."""
    table, scripts = _load(scenario)
    actions = {p.index: p.actions for p in table.players}
    game = Game(table, ScriptedRound(scripts, policy or DefaultPolicy(), actions), shuffle=False,
                record=record)
    game.play_round(stop_before_cleanup=True)
    for p in table.players:
        taken = game.policy.acted.get(p.index, 0)
        if taken < len(p.actions):
            raise ScenarioError(f"players[{p.index}].actions[{taken}]: more actions than "
                                f"{p.name} may take this round")
    return game


def round_scenario(scenario: dict) -> dict:
    """Play a scenario's round and return the CLI's JSON document (with `fame_left`)."""
    game = play_round(scenario)
    return table_json(game.table, game.trace, fame_left=True)


def has_market_script(scenario) -> bool:
    """Whether a scenario scripts a player's Market actions (its round is then the situation)."""
    players = scenario.get("players") if isinstance(scenario, dict) else None
    return isinstance(players, list) and any(isinstance(p, dict) and p.get("actions") for p in players)


def play_as_written(scenario: dict, policy: Policy | None = None, record: bool = False) -> Resolution:
    """A scenario as its author wrote it: resolved (Flip + Check Fame), or its round played up to
    Cleanup when a player scripts Market actions (what the command line's `chain` and `compare`
    and the explorer look at)."""
    if has_market_script(scenario):
        game = play_round(scenario, policy, record)
        return Resolution(game.table, game.trace)
    return resolve(scenario, policy, record=record)
