"""Random seeded situations: nothing lost, no exception, the same seed gives the same trace.

Nothing lost: every card is always in exactly one place.
"""

import pytest

from fliptoons_explore import DefaultPolicy, RandomPolicy, new_game, resolve_table
from fliptoons_explore.events import Recorder, Trace
from fliptoons_explore.fliptoons.resolver import Resolver
from fliptoons_explore.fliptoons.sample import random_table
from fliptoons_explore.fliptoons.state import snapshot

GAMES = 20_000


def _uids(table):
    return table.locations()  # raises if a card is in two places


def _resolve(seed):
    table = random_table(seed, n_cards=(4, 16), players=1 + seed % 3, random_rulings=seed % 2 == 1)
    before = _uids(table)
    policy = RandomPolicy(seed) if seed % 4 == 3 else DefaultPolicy()
    result = resolve_table(table, policy, traced=seed % 5 != 0)
    after = _uids(table)
    assert set(before) == set(after), f"seed {seed}: cards appeared or vanished"
    return result


@pytest.mark.parametrize("block", range(20))
def test_random_flips_lose_nothing(block):
    """20,000 seeded decks of 4-16 cards from both seasons, 1-3 players, random ruling options."""
    for seed in range(block * GAMES // 20, (block + 1) * GAMES // 20):
        result = _resolve(seed)
        for p in result.table.players:
            assert p.fame_total == sum(e.fame for e in p.fame)
            assert p.flip_ended or p.built_grid


@pytest.mark.parametrize("seed", range(1, 2000, 37))
def test_same_seed_same_trace(seed):
    first = _resolve(seed)
    again = _resolve(seed)
    assert first.to_json() == again.to_json()
    if first.trace is not None:
        assert [e.step for e in first.trace] == list(range(len(first.trace)))
        assert all(e.cause is None or e.cause < e.step for e in first.trace)


def _ids_in(state):
    ids = []
    for p in state["players"]:
        ids += [c["id"] for row in p["grid"] for cell in row if cell for c in cell]
        ids += p["deck"] + p["dismissed"] + ([p["revealed"]] if p["revealed"] else [])
    ids += [c for c in state["market"] if c] + state["toon_deck"] + state["discard"]
    return sorted(ids)


@pytest.mark.parametrize("block", range(4))
def test_nothing_lost_after_every_event(block):
    """After every single event of 2,000 recorded resolutions, every card is in exactly one
    place."""
    for seed in range(block * 500, (block + 1) * 500):
        table = random_table(seed, n_cards=(4, 16), players=1 + seed % 3, random_rulings=True)
        result = resolve_table(table, record=True)
        start = _ids_in(result.state_after(-1))
        for k in range(len(result.trace)):
            assert _ids_in(result.state_after(k)) == start, f"seed {seed}, step {k}"


class _FreshRecorder(Recorder):
    """A recorder that pictures every grid afresh after every event (no reuse)."""

    __slots__ = ()

    def emit(self, *args, **kwargs):
        step = Trace.emit(self, *args, **kwargs)
        self.states.append(snapshot(self.table))
        return step


def test_recorded_states_reuse_grids_only_while_unchanged():
    """A recording reuses a grid's picture while the grid's version stays; its states must equal
    snapshots taken afresh after every event (random 4-player resolutions and whole games)."""
    for seed in range(100):
        cached = resolve_table(
            random_table(seed, n_cards=(6, 14), players=4, random_rulings=True), record=True
        )
        table = random_table(seed, n_cards=(6, 14), players=4, random_rulings=True)
        fresh = _FreshRecorder(table)
        Resolver(table, DefaultPolicy(), fresh).flip_and_check_fame()
        assert cached.trace.states == fresh.states, f"seed {seed}"
    for seed in range(12):
        games = [new_game("combined", 4, seed, policy=RandomPolicy(seed)) for _ in range(2)]
        games[0].trace, games[1].trace = Recorder(games[0].table), _FreshRecorder(games[1].table)
        for game in games:
            game.play()
        assert games[0].trace.states == games[1].trace.states, f"game seed {seed}"
