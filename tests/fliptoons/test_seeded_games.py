"""Seeded whole FlipToons games with the random policy, each played once with every check after
every event (`checked_games`: DESIGN §4.2 "Nothing is lost", docs/engine.md "No card moves, turns
over or changes fame unseen"):

- every card is in exactly one place, fame is never spent below zero, at most the allowed Market
  actions (S2 Market: "up to two actions"; Peacock's extra action; S1 FAQ Snake);
- no card moves, turns over or changes fame without an event naming it;
- every event cites a rule of the season played;
- every game ends: `play()` returns a result;
- one game in 40 is replayed from its seed and logged decisions, and the trace must be identical
  (DESIGN §4.1: seed + setup + decisions replays a game exactly).

The modes (`checked_games.MODES`): solo games of each season, 2 players of Season 2, 4 of Season 1,
8 of the combined game, and per season every player count it takes; odd seeds with random ruling
options. A sample of each mode by default; 2,000 games of each under the soak switch
(`FLIPTOONS_SOAK=1`, tests/helpers/soak.py). Each mode's games are split into parts (`PARTS`), each
a test class (one unit of work for pytest-xdist, tests/conftest.py), so that parallel workers share
the costly modes evenly.
"""

from __future__ import annotations

import pytest

from checked_games import FULL_GAMES, GAMES, MODES, MOST_PLAYERS, SOLO_LEVELS, plan, replayed
from soak import SWITCH

#: Parts per mode (measured: a checked game of 8 players about 140 ms, 4 players 75, mixed counts
#: 55, 2 players 35, solo 10).
PARTS = {
    "8p-combined": 4,
    "4p-s1": 2,
    "mixed-s1": 2,
    "mixed-s2": 2,
    "mixed-combined": 2,
    "2p-s2": 1,
    "solo-s1": 1,
    "solo-s2": 1,
    "solo-combined": 1,
}


def part(mode: str, k: int) -> list:
    """The games of part k (0-based) of a mode: consecutive seeds."""
    games, n = plan(mode), PARTS[mode]
    return games[k * len(games) // n : (k + 1) * len(games) // n]


def test_the_parts_play_every_game_of_the_plan_once_2000_per_mode_for_a_soak(monkeypatch):
    """Under the soak switch the parts of each mode play seeds 0 to 1,999, each once, 50 of them
    replayed; without it, seeds 0 to `GAMES` - 1. Each season has solo games of every
    difficulty and games of every player count it takes; half of the games (odd seeds) change
    ruling options, the others play the defaults."""
    assert set(PARTS) == set(MODES)
    for switch, size in (("1", FULL_GAMES), ("0", GAMES)):
        monkeypatch.setenv(SWITCH, switch)
        for mode in MODES:
            games = [g for k in range(PARTS[mode]) for g in part(mode, k)]
            assert [g.seed for g in games] == list(range(size)), (mode, switch)
            assert {g.mode for g in games} == {mode}
            if switch == "1":
                assert FULL_GAMES == 2000 and sum(map(replayed, games)) == 50
    for season, most in MOST_PLAYERS.items():
        games = [g for mode in MODES for g in plan(mode) if g.season == season]
        assert {g.players for g in games} == set(range(1, most + 1)), season
        assert {g.solo for g in games if g.players == 1} == set(SOLO_LEVELS), season
        assert {g.solo for g in games if g.players > 1} == {None}, season
        assert all(bool(g.rulings) == (g.seed % 2 == 1) for g in games), season
        assert sum(map(replayed, games)) >= 2 * len([m for m in MODES if MODES[m][0] == season])


@pytest.fixture(scope="class")
def results(request) -> dict:
    """The games of the test class's part of its mode, each played once with both checks."""
    from checked_games import play_games

    return play_games(part(request.cls.mode, request.cls.part))


@pytest.mark.slow
class _Part:
    """The tests on the games of one part of a mode (`results`)."""

    mode: str
    part: int

    def test_every_card_one_place_fame_and_actions_after_every_event(self, results):
        """DESIGN §4.2 (every card in exactly one place), S2 Market ("spends their fame", "up to
        two actions"; Peacock's extra action; S1 FAQ Snake): checked after every event."""
        broken = results["broken"]
        assert not broken, f"{len(broken)} games broke an invariant, e.g.:\n" + "\n".join(
            broken[:10]
        )

    def test_every_change_of_a_recorded_game_is_named_by_its_event(self, results):
        """docs/engine.md: no card moves, turns over or changes fame without an event naming it
        (or standing for it as a whole)."""
        unseen = results["unseen"]
        assert not unseen, f"{len(unseen)} games changed a card unseen, e.g.:\n" + "\n".join(
            unseen[:5]
        )

    def test_every_game_ends(self, results):
        """S2 Final Flip / Solo Play Rules: every game of the part ends with a result (play()
        returns) and without an engine error."""
        games = part(self.mode, self.part)
        assert results["played"] == [g.seed for g in games]
        assert not results["errors"], "\n".join(results["errors"][:10])
        assert not results["unended"]
        checked = sum(results["outcomes"].values()) + len(results["broken"] + results["unseen"])
        assert checked == len(games)
        if MODES[self.mode][1] == 1:  # solo games are won or lost
            assert set(results["outcomes"]) <= {"won", "lost"}

    def test_every_event_cites_a_rule_of_the_season_played(self, results):
        """A Season 1 game cites the Season 1 rulebook (or a Season 2 Key Concept without a
        Season 1 wording, a card's own text...), a decision a rule naming its card."""
        bad = results["misfits"]
        assert not bad, f"{len(bad)} citations do not fit, e.g.:\n" + "\n".join(bad[:10])

    def test_replaying_the_decisions_reproduces_the_trace(self, results):
        """DESIGN §4.1: seed + setup + decisions replays a game exactly (one game in 40)."""
        games = part(self.mode, self.part)
        assert results["replayed"] == [g.seed for g in games if replayed(g)]
        bad = results["replay_bad"]
        assert not bad, f"{len(bad)} replays differ, e.g.:\n" + "\n".join(bad[:5])


for _mode, _n in PARTS.items():  # Test_8p_combined_1of4 ... Test_solo_combined_1of1
    for _k in range(_n):
        _name = f"Test_{_mode.replace('-', '_')}_{_k + 1}of{_n}"
        globals()[_name] = type(_name, (_Part,), {"mode": _mode, "part": _k})
del _mode, _n, _k, _name
