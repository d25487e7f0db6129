"""No change happens unseen (docs/engine.md): wherever two consecutive recorded states of a game
differ, the event between them names every card that moved, turned over or changed fame
(`checked_games.StateCheck`, which says what else an event stands for as a whole). The check catches
a card moved, turned over or given fame without such an event, and changes nothing in the game it
watches; tests/fliptoons/test_seeded_games.py runs it after every event of seeded games of every
season and player count.
"""

from __future__ import annotations

import pytest

from checked_games import CheckedTrace, StateCheck, UnseenChange, new_checked_game, setup
from fliptoons_explore.fliptoons.events import Phase
from fliptoons_explore.fliptoons.game import new_game
from fliptoons_explore.policy import RandomPolicy


def _game():
    game = new_game("s2", 2, 5, policy=RandomPolicy(5))
    game.trace = CheckedTrace(game.table, game.trace, [StateCheck])
    return game


def test_a_card_moved_without_an_event_is_caught():
    """A card taken from the toon deck into a player's deck, and the next event names no card."""
    game = _game()
    t = game.table
    card = t.toon_deck.popleft()
    t.players[0].deck.append(card)
    with pytest.raises(
        UnseenChange,
        match=rf"does not name {card.spec.id}#{card.uid} "
        rf"\(\('toon',\), None\) -> \(\('deck', 0\), None\)",
    ):
        game.emit(Phase, 0, None, None, "s2.market")


def test_a_card_turned_without_an_event_is_caught():
    """A card of the grid turned face down, and the next event names no card."""
    game = _game()
    game.play_round(stop_before_cleanup=True)
    card = next(c for p in game.table.players for c in p.grid.cards() if c.face_up)
    card.face_up = False
    with pytest.raises(UnseenChange, match=rf"{card.spec.id}#{card.uid} .*True\) -> .*False\)"):
        game.emit(Phase, 0, None, None, "s2.market")


def test_fame_changed_without_an_event_is_caught():
    """A card's fame entry changed (two more), and the next event names no card."""
    game = _game()
    game.play_round(stop_before_cleanup=True)
    entry = next(e for p in game.table.players for e in p.fame)
    entry.gained += 2
    with pytest.raises(
        UnseenChange, match=rf"the fame of #{entry.card.uid}: {entry.fame - 2} -> {entry.fame}"
    ):
        game.emit(Phase, 0, None, None, "s2.market")


def test_a_checked_game_plays_as_an_unchecked_one():
    """The checks change nothing: the same seed plays to the same trace and result (seed 3 of
    the Season 2 games of every player count: 4 players, ruling options changed)."""
    game = setup("mixed-s2", 3)
    assert (game.players, bool(game.rulings)) == (4, True)
    checked = new_checked_game(game)
    checked.play()
    plain = new_game("s2", game.players, 3, game.solo, policy=RandomPolicy(3), rulings=game.rulings)
    plain.play()
    assert list(checked.trace) == list(plain.trace) and checked.result == plain.result
