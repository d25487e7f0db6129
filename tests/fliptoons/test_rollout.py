"""The rollout (`fliptoons.rollout`): how it weighs a player's cards (`DeckWorth`), which the
search's simulations play by."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from fliptoons_explore.fliptoons.cards import CATALOG
from fliptoons_explore.fliptoons.game import new_game
from fliptoons_explore.fliptoons.rollout import ROLLOUT_SLOTS, DeckWorth, card_values


def _hands(season: str, games: int = 6):
    """(owned cards, dismissed pile) of every player at the start of every round of a few seeded
    games."""
    for seed in range(games):
        game = new_game(season, 3, seed, traced=False)
        while game.result is None:
            for p in game.table.players:
                yield list(p.deck) + p.grid.cards(), list(p.dismissed)
            game.play_round()


@pytest.mark.parametrize("season", ["s1", "s2"])
def test_a_hire_or_a_dismissal_is_weighed_as_the_deck_it_leaves(season):
    """`worth(add=spec)` is the worth of the same cards with a copy of `spec` more, `worth(dismiss=
    spec)` that of the cards with one of them moved to the dismissed pile: every card face of the
    season added, every card owned dismissed (the bonuses that count the dismissed pile, the deck
    and the grid included)."""
    values, slots = card_values(season), ROLLOUT_SLOTS[season]
    faces = [c for c in CATALOG.values() if season in ("combined", c.season)]
    checked = 0
    for owned, dismissed in _hands(season):
        deck = DeckWorth(values, owned, dismissed, slots)
        for spec in faces:
            card = SimpleNamespace(spec=spec)
            whole = DeckWorth(values, owned + [card], dismissed, slots).worth()
            assert deck.worth(add=spec) == pytest.approx(whole, abs=1e-9)
        for k, card in enumerate(owned):
            rest = owned[:k] + owned[k + 1 :]
            whole = DeckWorth(values, rest, dismissed + [card], slots).worth()
            assert deck.worth(dismiss=card.spec) == pytest.approx(whole, abs=1e-9)
            checked += 1
    assert checked > 100
