"""The whole-game invariants (DESIGN §4.2 "Nothing is lost"; `checked_games.Invariants`) catch what
they should: a card lost, added or in two places, a third Market action, fame spent below zero.
tests/fliptoons/test_seeded_games.py checks them after every event of seeded games of every mode.
"""

from __future__ import annotations

import pytest

from checked_games import CheckedTrace, Invariants, InvariantViolation
from fliptoons_explore.fliptoons.events import Phase, Skip
from fliptoons_explore.fliptoons.game import new_game
from fliptoons_explore.policy import RandomPolicy


def _checked_game(season="s2", players=2):
    game = new_game(season, players, seed=1, policy=RandomPolicy(1))
    game.trace = CheckedTrace(game.table, game.trace, [Invariants])
    return game


def test_checking_trace_catches_a_card_lost_or_added():
    """The per-event count: a card taken off the table (or added) is caught at the next event."""
    game = _checked_game()
    game.table.toon_deck.popleft()
    with pytest.raises(InvariantViolation, match="cards on the table"):
        game.emit(Skip, 0, None, None, "s2.market.actions")


def test_checking_trace_catches_a_card_in_two_places():
    """The full check at phase events: a card moved into a second place (and out of nothing)."""
    game = _checked_game()
    t = game.table
    card = t.toon_deck.popleft()
    t.players[0].deck.append(card)
    t.players[1].dismissed.append(card)
    t.toon_deck.popleft()  # the count is as at setup: only the full check can tell
    with pytest.raises(AssertionError, match="both in"):
        game.emit(Phase, None, None, None, "s2.flip")


def test_checking_trace_catches_a_third_action_and_overspending():
    """The action count (2 + Peacocks) and the fame floor."""
    game = _checked_game()
    game.phase = "market"
    game.emit(Phase, 0, None, None, "s2.market")
    game.table.players[0].fame_left = 3
    game.emit(Skip, 0, None, None, "s2.market.actions")
    game.emit(Skip, 0, None, None, "s2.market.actions")
    with pytest.raises(InvariantViolation, match="Market action 3"):
        game.emit(Skip, 0, None, None, "s2.market.actions")
    game.table.players[1].fame_left = -1
    with pytest.raises(InvariantViolation, match="fame left"):
        game.emit(Skip, 1, None, None, "s2.market.actions")


def test_a_season_1_table_counts_its_market_actions_under_the_season_2_ids():
    """A Season 1 trace cites `s1.market...` for a skip; the action count still sees it."""
    game = _checked_game("s1", 2)
    game.phase = "market"
    game.emit(Phase, 0, None, None, "s2.market")
    game.emit(Skip, 0, None, None, "s2.market.actions")
    game.emit(Skip, 0, None, None, "s2.market.actions")
    assert game.trace[-1].rule != "s2.market.actions"
    with pytest.raises(InvariantViolation, match="Market action 3"):
        game.emit(Skip, 0, None, None, "s2.market.actions")
