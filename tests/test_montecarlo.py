"""The search policy (`fliptoons.montecarlo`) and the engine API it plays on: `Table.copy` and
`Game.market_phase(resume=...)`. Small budgets: these check what the policy does, never how
strong it is (benchmarks/strength.py measures that)."""
from __future__ import annotations

import pytest

from fliptoons_explore.fliptoons.game import Game, new_game
from fliptoons_explore.fliptoons.state import snapshot
from fliptoons_explore.policy import DefaultPolicy


class CopyAt:
    """The default policy, which at the `at`-th Market action copies the table and notes the
    game around it (what a search starts from)."""

    name = "default"

    def __init__(self, at: int) -> None:
        self.at = at
        self.seen = 0
        self.game = None
        self.copied = None
        self.default = DefaultPolicy()

    def choose(self, choice):
        answer = self.default.choose(choice)
        if choice.kind == "market_action":
            self.seen += 1
            if self.seen == self.at:
                g = self.game
                self.copied = (choice.table.copy(), choice.player, g.round, g.stage, g.end_triggered,
                               snapshot(choice.table), choice.table.locations())
        return answer


@pytest.mark.parametrize("season,players,solo,at", [("s2", 1, "normal", 5), ("s1", 1, "hard", 2),
                                                     ("s2", 3, None, 7), ("combined", 5, None, 11)])
def test_a_copied_table_plays_on_as_the_game_does(season, players, solo, at):
    """Table.copy at a Market decision, played on by `market_phase(resume=player)`, Cleanup and the
    following rounds with the game's seed, ends exactly as the game itself does; the copy is the
    same table (every card in the same place) and shares nothing that changes with it."""
    policy = CopyAt(at)
    game = new_game(season, players, 41, solo, policy, traced=False)
    policy.game = game
    result = game.play()
    table, player, round_, stage, ended, before, where = policy.copied
    assert snapshot(table) == before and table.locations() == where  # untouched by the game's going on
    copy = Game(table, DefaultPolicy(), traced=False, solo=solo, seed=game.seed)
    copy.round, copy.stage, copy.end_triggered, copy.phase = round_, stage, ended, "market"
    if copy.market_phase(resume=table.players[player]):
        copy.cleanup()
    while copy.result is None:
        copy.play_round()
    assert (copy.result.winners, copy.result.solo, copy.result.rounds, copy.result.final_fame) == (
        result.winners, result.solo, result.rounds, result.final_fame)
    assert snapshot(copy.table) == snapshot(game.table)


def test_a_copy_is_independent():
    """Changing the copy (a deck, a grid, the market, the generator) leaves the table as it was."""
    game = new_game("s2", 2, 5, traced=False)
    game.play_round(stop_before_cleanup=True)
    table = game.table
    before = snapshot(table)
    state = table.rng.getstate()
    copy = table.copy()
    assert copy.rng.getstate() == state and copy.rng is not table.rng
    copy.players[0].deck.clear()
    card = copy.players[1].grid.cards()[0]
    copy.players[1].grid.remove(card)
    card.face_up = not card.face_up
    copy.market[0] = None
    copy.toon_deck.popleft()
    copy.rng.random()
    assert snapshot(table) == before and table.rng.getstate() == state
    assert all(c.where is not None for c in table.players[1].grid.cards())


def test_the_search_is_deterministic_for_a_seed():
    """The same seed, the same answers to every decision of a whole solo game (a small budget)."""
    from fliptoons_explore.fliptoons.montecarlo import MonteCarloPolicy

    def decisions(seed):
        game = new_game("s2", 1, 8, "normal", MonteCarloPolicy(simulations=6, seed=seed), traced=False)
        game.play()
        return game.decisions, game.result.solo

    assert decisions(1) == decisions(1)
