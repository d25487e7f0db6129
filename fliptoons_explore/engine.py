"""Resolving a situation: the Flip (with the effects it queued), then Check Fame, traced or not.

    >>> from fliptoons_explore import resolve
    >>> r = resolve({"season": "s2", "players": [{"name": "Ann", "deck": ["mosquito", "rat"]}]})
    >>> r.players[0].fame_total
    1
"""
from __future__ import annotations

from dataclasses import dataclass

from .events import Recorder, Trace
from .game import Game, Resolver
from .policy import DefaultPolicy, Policy, ScriptedPolicy
from .scenario import ScenarioError, load, table_json
from .state import Table


@dataclass
class Resolution:
    """A resolved table and its trace (None when resolved untraced)."""

    table: Table
    trace: Trace | None

    @property
    def players(self):
        return self.table.players

    def state_after(self, step: int) -> dict:
        """The table's state right after event `step` (-1: before the first event); needs a
        resolution made with `record=True`."""
        if not isinstance(self.trace, Recorder):
            raise ValueError("resolve with record=True to step through states")
        return self.trace.initial if step < 0 else self.trace.states[step]

    def state_before(self, step: int) -> dict:
        return self.state_after(step - 1)

    def to_json(self) -> dict:
        """The JSON document of DESIGN.md §2.3."""
        return table_json(self.table, self.trace)

    def __repr__(self) -> str:
        fame = ", ".join(f"{p.name} {p.fame_total}" for p in self.table.players)
        steps = "untraced" if self.trace is None else f"{len(self.trace)} events"
        return f"<Resolution {self.table.season}: {fame}; {steps}>"

    def _repr_html_(self) -> str:
        from .render import resolution_html
        return resolution_html(self)


def resolve_table(table: Table, policy: Policy | None = None, traced: bool = True,
                  record: bool = False) -> Resolution:
    """The Flip, the effects it queued (at its end, clockwise from the first player) and Check
    Fame for every player of a table, in place, as a round plays them (`Resolver`). `record`
    keeps the table's state after every event too (`Resolution.state_after(k)`)."""
    trace = Recorder(table) if record else Trace() if traced else None
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
    game = Game(table, ScriptedPolicy(scripts, policy or DefaultPolicy(), actions), shuffle=False,
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
