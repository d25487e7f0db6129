"""Resolving a situation: the Flip (with the effects it queued), then Check Fame, traced or not;
a scenario's round (`play_round`, up to Cleanup), or the rest of its game (`play_game`).

    >>> from fliptoons_explore import resolve
    >>> r = resolve({"season": "s2", "players": [{"name": "Ann", "deck": ["mosquito", "rat"]}]})
    >>> r.players[0].fame_total
    1
"""

from __future__ import annotations

from ..policy import DefaultPolicy, Policy, ScriptedPolicy, check_policy
from ..resolution import Resolution
from .events import Recorder, Trace
from .game import Game
from .market_scripts import ScriptedGame, ScriptedRound
from .resolver import Resolver
from .rules import citations
from .scenario import SCENARIO_SEED, ScenarioError, game_keys_given, load, load_game, table_json
from .state import Table

__all__ = [
    "Resolution",
    "resolve",
    "resolve_table",
    "resolve_asking",
    "resolve_scenario",
    "play_round",
    "round_scenario",
    "play_game",
    "game_scenario",
    "game_json",
    "GameResolution",
    "RoundResolution",
    "play_as_written",
    "SCENARIO_SEED",
]


def resolve_table(
    table: Table, policy: Policy | None = None, traced: bool = True, record: bool = False
) -> Resolution:
    """The Flip, the effects it queued (at its end, clockwise from the first player) and Check
    Fame for every player of a table, in place, as a round plays them (`Resolver`). `record`
    keeps the table's state after every event too (`Resolution.state_after(k)`)."""
    resolver = _resolved(table, policy, traced, record)
    return Resolution(table, resolver.trace)


def _resolved(table: Table, policy, traced: bool, record: bool) -> Resolver:
    """The `Resolver` that played the Flip, its effects and Check Fame on `table`."""
    cite = citations(table.season)  # a Season 1 table cites the S1 rulebook's wording
    trace = Recorder(table, cite) if record else Trace(cite=cite) if traced else None
    resolver = Resolver(table, policy or DefaultPolicy(), trace)
    resolver.flip_and_check_fame()
    return resolver


def resolve(
    scenario: dict, policy: Policy | None = None, traced: bool = True, record: bool = False
) -> Resolution:
    """Resolve a scenario (docs/scenarios.md): its scripted `choices` first, then `policy`
    (default: `DefaultPolicy`). Raises `ScenarioError` for a bad scenario, and for a key about
    the game around the round (`solo`, `critics_choice`, ...: `play_game` plays those). What the
    round draws at random (a Pig shuffled into the toon deck) comes from its `seed` and `round`
    (default 0 and 1: `state.part_rng`)."""
    table, scripts = load(scenario, "resolve")
    return resolve_table(table, ScriptedPolicy(scripts, policy or DefaultPolicy()), traced, record)


def resolve_asking(scenario: dict, policy: Policy | None = None, play: str = "resolve"):
    """The scenario resolved (`play` "round": its round played; "game": played to the end of
    its game) with every state recorded, and the decisions its scripts did not answer (the
    policy did), each as (its trace step, `policy.Unanswered`): what an interactive explorer
    asks. A Market action past a player's scripted `actions` is one too in a game (where the
    policy takes it), never in a round (the player skips: docs/scenarios.md)."""
    policy = check_policy(policy) or DefaultPolicy()
    if play == "game":
        game = play_game(scenario, policy, record=True)
        resolution, decider = GameResolution.of(game), game
    elif play == "round":
        resolution = play_round(scenario, policy, record=True)
        decider = resolution.game
    else:
        table, scripts = load(scenario, "resolve")
        decider = _resolved(table, ScriptedPolicy(scripts, policy), True, True)
        resolution = Resolution(table, decider.trace)
    script = decider.policy
    return resolution, [(decider.decision_steps[u.number], u) for u in script.unanswered]


def resolve_scenario(scenario: dict) -> dict:
    """Resolve a scenario and return the CLI's JSON document."""
    return resolve(scenario).to_json()


def play_round(
    scenario: dict, policy: Policy | None = None, record: bool = False
) -> RoundResolution:
    """Flip, Check Fame, the scenario's scripted Market actions and after-Market effects; stops
    before Cleanup (docs/scenarios.md, What the commands print). A player's Market turn takes their
    `actions` in order and skips once they run out. Returns a `RoundResolution` (its `game` the
    `Game` played); raises `ScenarioError` for a bad scenario or an illegal scripted action.
    `record` keeps the table's state after every event."""
    table, scripts = load(scenario, "round")
    actions = {p.index: p.actions for p in table.players}
    game = Game(
        table,
        ScriptedRound(scripts, policy or DefaultPolicy(), actions),
        shuffle=False,
        record=record,
    )
    game.play_round(stop_before_cleanup=True)
    for p in table.players:
        taken = game.policy.acted.get(p.index, 0)
        if taken < len(p.actions):
            raise ScenarioError(
                f"players[{p.index}].actions[{taken}]: more actions than "
                f"{p.name} may take this round"
            )
    return RoundResolution.of(game)


def round_scenario(scenario: dict) -> dict:
    """Play a scenario's round and return the CLI's JSON document (with `fame_left`)."""
    return play_round(scenario).to_json()


def play_game(
    scenario: dict, policy: Policy | None = None, record: bool = False, traced: bool = True
) -> Game:
    """Play a scenario on to the end of its game (docs/scenarios.md, `game`): its round, Cleanup,
    the next rounds and the Final Flip, or straight the Final Flip (`"start": "final-flip"`).

    The scenario's first Flip takes the decks as given; every later shuffle, and whatever else
    the game draws at random, comes from its `seed` (default 0). Each player's `choices` and
    `actions` answer first, round by round when given as a list of rounds; what no script
    answers, `policy` answers (default: `DefaultPolicy`), a Market action included (`round`
    skips instead). Returns the `Game` (its `result`, `history`, `trace`); raises
    `ScenarioError` for a bad scenario, an illegal scripted action or one never taken."""
    table, setup = load_game(scenario)
    script = ScriptedGame(setup, check_policy(policy) or DefaultPolicy())
    game = Game(table, script, traced, setup.solo, record=record, seed=setup.seed)
    script.follow(game)
    # the card came with it
    game.end_triggered = setup.end_triggered or setup.critics_choice is not None
    game.as_given = True
    if setup.start == "final-flip":
        game.round = setup.round
        game.final_flip(
            *(
                game.end_of_game()
                or ("the scenario starts at the Final Flip", game.rule("final-flip"))
            )
        )
    else:
        game.round = setup.round - 1
        game.play()
    script.finish()
    return game


class RoundResolution(Resolution):
    """A round played from a scenario (`play_round`), read like a resolution: the table before
    Cleanup, the trace of the round, `game` the `Game` (in place of the game's contract, which
    `table.game` gives); its JSON has each player's fame left."""

    game = None

    @classmethod
    def of(cls, game: Game) -> RoundResolution:
        played = cls(game.table, game.trace)
        played.game = game
        return played

    def to_json(self) -> dict:
        return table_json(self.table, self.trace, fame_left=True)


class GameResolution(Resolution):
    """A game played from a scenario (`play_game`), read like a resolution: the table at the
    end, the trace of the whole game, `game` the `Game` (in place of the game's kit, which
    `table.game` gives); its JSON is `game_json`'s."""

    game = None

    @classmethod
    def of(cls, game: Game) -> GameResolution:
        played = cls(game.table, game.trace)
        played.game = game
        return played

    def to_json(self) -> dict:
        return game_json(self.game)


def game_json(game: Game) -> dict:
    """A game played from a scenario as the command line's JSON document: `round`'s (each
    player's grid, fame, fame left, deck and dismissed pile as the game ends; the market; the
    trace of the whole game), each player's `critics_choice` (holds the card) and, where their
    total holds it, `fame.critics_choice` (the +3); then `rounds`: each round's number, first
    player (an index) and each player's fame at Check Fame; and `result`: `winners` (indexes),
    `reason`, `rounds`, `final_fame` (each player's fame in the Final Flip, their last flip of it;
    [] for a solo game), `solo` ("won", "lost" or null), `critics_choice` (who holds the card, or
    null) and `final_flips` (the Final Flip and each re-flip: who flipped, and their fame)."""
    doc = table_json(game.table, game.trace, fame_left=True)
    for p, out in zip(game.table.players, doc["players"]):
        out["critics_choice"] = p.critics_choice
        extra = p.fame_total - sum(e.fame for e in p.fame)
        if extra and p.critics_choice:
            out["fame"]["critics_choice"] = extra
    doc["rounds"] = [
        {"round": r.round, "first_player": r.first_player, "fame": list(r.fame)}
        for r in game.history
    ]
    r = game.result
    holder = next((p.index for p in game.table.players if p.critics_choice), None)
    doc["result"] = {
        "winners": list(r.winners),
        "reason": r.reason,
        "rounds": r.rounds,
        "final_fame": list(r.final_fame),
        "solo": r.solo,
        "critics_choice": holder,
        "final_flips": [{"players": list(f.players), "fame": list(f.fame)} for f in r.flips],
    }
    return doc


def game_scenario(scenario: dict) -> dict:
    """Play a scenario to the end of its game and return the CLI's JSON document (`game_json`)."""
    return game_json(play_game(scenario))


def needs_game(scenario) -> bool:
    """Whether a scenario says something about the game around its round (a `solo` difficulty, a
    `critics_choice` holder, `"end_triggered": true`, `"start": "final-flip"`), which only
    `play_game` plays."""
    return isinstance(scenario, dict) and bool(game_keys_given(scenario))


def has_market_script(scenario) -> bool:
    """Whether a scenario scripts a player's Market actions (its round is then the situation)."""
    players = scenario.get("players") if isinstance(scenario, dict) else None
    return isinstance(players, list) and any(
        isinstance(p, dict) and p.get("actions") for p in players
    )


def play_as_written(
    scenario: dict, policy: Policy | None = None, record: bool = False
) -> Resolution:
    """A scenario as its author wrote it: played to the end of its game when it gives a key about
    the game (`needs_game`), else its round played up to Cleanup when a player scripts Market
    actions, else resolved (Flip + Check Fame): what the command line's `chain` and `compare`
    look at."""
    if needs_game(scenario):
        return GameResolution.of(play_game(scenario, policy, record))
    if has_market_script(scenario):
        return play_round(scenario, policy, record)
    return resolve(scenario, policy, record=record)
