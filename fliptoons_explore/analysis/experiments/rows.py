"""A row of any experiment again: a game's row replays its game from its setup and seed (the
runner, through the game's contract), a resolution's row its Flip + Check Fame (`decks`); and
either as a scenario for the explorer."""

from __future__ import annotations

from .decks import is_resolution, replay_resolution, resolution_scenario_of
from .runner import game_scenario, replay_game

__all__ = ["replay", "scenario"]


def replay(row):
    """A row's game played again from its setup and seed, traced, or a resolution row's
    `Resolution`, traced. Its outcome is the row's."""
    return replay_resolution(row) if is_resolution(row) else replay_game(row)


def scenario(row, round: int = 1) -> dict:
    """A row as a scenario for the explorer (`fliptoons_explore.widgets.explorer(scenario(row))`):
    a resolution row's deck, market and toon deck (`resolve` it); a game row's game at the start
    of round `round` (`GameContract.scenario_at`). For a FlipToons game, the table at the start of
    that round's Flip (decks top first as shuffled, dismissed piles, market, toon deck, first
    player) with the game's seed, round, solo difficulty, critic's choice and end trigger, so
    that `play_game` of it with the default policy plays the rest of the row's game as it went
    (`resolve` takes it too, for that round's Flip and Check Fame, when it names no solo game,
    critic's choice or end trigger); for a Flipology game, the table as dealt and arranged,
    before the first turn (the explorer plays the turns)."""
    if is_resolution(row):
        return resolution_scenario_of(row)
    return game_scenario(row, round)
