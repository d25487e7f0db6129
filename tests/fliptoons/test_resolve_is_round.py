"""Conformance invariant: `resolve` is a round's Flip and Check Fame.

For seeded random situations without Market actions (1-8 players, every season, half of them
under random ruling options, half decided by a seeded random policy), the table `resolve_table`
leaves - every grid (faces and stacks), deck, dismissed pile, the market, the toon deck, the
discards, each card's fame and each player's total - equals the table of `Game.play_round` at the
moment its Market phase begins, i.e. right after Check Fame. Both run untraced.

S2 How to Play: a round is Flip, Check Fame, Market, Cleanup; S2 Key Concepts, timing: effects the
Flip queued resolve at its end, before Check Fame. A second, smaller check goes through the public
scenario doors (`resolve(scenario)` against the recorded `play_round(scenario)`).
"""

from __future__ import annotations

import pytest

from fliptoons_explore import DefaultPolicy, RandomPolicy, play_round, resolve, resolve_table
from fliptoons_explore.fliptoons.game import Game
from fliptoons_explore.fliptoons.sample import random_table
from fliptoons_explore.fliptoons.state import snapshot

SEASONS = ("s1", "s2", "combined")
PER_SEASON = 5_000
BLOCKS = 5  # per season, so that progress shows


class _MarketBegins(Exception):
    pass


class _RoundToCheckFame(Game):
    """A round stopped as its Market phase begins: the first event of the Market (the Skunk's
    dismissal or the first player's turn) is never recorded, nor anything after it."""

    def emit(self, *args, **kwargs):
        if self.phase == "market":
            raise _MarketBegins
        return super().emit(*args, **kwargs)


def _state(table) -> dict:
    """Everything on the table after Check Fame, in plain values (not the fame left to spend,
    which the first Market turn sets as it begins)."""
    state = snapshot(table)
    for p, out in zip(table.players, state["players"]):
        del out["fame_left"]
        out["cards"] = [(e.card.uid, e.pos, e.height, e.base, e.bonus, e.gained) for e in p.fame]
        out["generated"] = p.fame_generated
        out["bonus_actions"] = p.bonus_actions
    state["least_fame"] = getattr(table.least_fame_player, "index", None)
    return state


def _situation(season, seed):
    return random_table(
        seed,
        n_cards=(4, 16),
        players=1 + seed % 8,
        season=season,
        toon_cards=seed % 13,
        random_rulings=seed % 2 == 1,
    )


def _policy(seed):
    return RandomPolicy(seed) if seed % 4 >= 2 else DefaultPolicy()


def _compare(season, seed) -> bool:
    """Check one situation; True if its Flip queued an effect."""
    resolved = resolve_table(_situation(season, seed), _policy(seed), traced=False).table
    table = _situation(season, seed)
    with pytest.raises(_MarketBegins):
        _RoundToCheckFame(table, _policy(seed), traced=False, shuffle=False).play_round()
    assert _state(resolved) == _state(table), f"{season} seed {seed}"
    return any(p.queued for p in table.players)


@pytest.mark.parametrize("block", range(BLOCKS))
@pytest.mark.parametrize("season", SEASONS)
def test_resolve_equals_the_round_after_check_fame(season, block):
    """5,000 seeded situations per season (1,000 per block)."""
    size = PER_SEASON // BLOCKS
    with_queued = sum(_compare(season, seed) for seed in range(block * size, (block + 1) * size))
    assert with_queued >= size // 50  # the situations do exercise the queued effects


def _scenario_of(table) -> dict:
    """The scenario dict (docs/scenarios.md) of a random table."""
    return {
        "season": table.season,
        "first_player": table.first_player,
        "players": [{"name": p.name, "deck": [c.spec.id for c in p.deck]} for p in table.players],
        "market": [c.spec.id for c in table.market_cards()],
        "toon_deck": [c.spec.id for c in table.toon_deck],
        "rulings": table.rulings.changed(),
    }


@pytest.mark.parametrize("season", SEASONS)
def test_resolve_scenario_equals_the_recorded_round(season):
    """30 scenario dicts per season: `resolve(scenario)`'s JSON grids, fame, decks and piles equal
    the recorded `play_round(scenario)` state just before its first Market event."""
    for seed in range(30):
        scenario = _scenario_of(_situation(season, seed))
        resolved = resolve(scenario, record=True)
        game = play_round(scenario, record=True)
        first_market = next(e.step for e in game.trace if e.phase == "market")
        assert game.trace.states[first_market - 1] == resolved.trace.states[-1], (
            f"{season} seed {seed}"
        )
