"""`play_game` on a scenario is the same game as the one the scenario was taken from.

A seeded game played by `new_game` (half of the games by a random policy, the others by the
default one; half of each under random ruling options; 1 to 4 players, or 1 to 8 combined,
solo included) is traced from the start of one of its rounds, or of its Final Flip, on; its
table there, right after the Flip's shuffles, written as a scenario (decks in the order they will be
revealed, dismissed piles, market, toon deck, first player, `seed`, `round`, `solo`, and at the
Final Flip `start`, `end_triggered` and `critics_choice`), played by `play_game` with the game's own
later decisions (`ReplayPolicy`, as `replay` answers them), gives the same events, one for one (step
numbers aside), the same result and the same table at the end.

The two agree only if a game taken up at any round draws what the whole game draws from there
on: each part of a seeded game has its own generator (`state.part_rng`).
"""

from __future__ import annotations

import random

import pytest

from fliptoons_explore import OPTIONS, DefaultPolicy, RandomPolicy, Rulings, new_game, play_game
from fliptoons_explore.fliptoons.events import Trace
from fliptoons_explore.fliptoons.rules import citations
from fliptoons_explore.fliptoons.scenario import table_json
from fliptoons_explore.policy import ReplayPolicy
from soak import games

#: Seeded games per season: 500 under the soak switch (tests/helpers/soak.py), a sample otherwise.
GAMES_PER_SEASON = games(100, 500)
SOLO = ("easy", "normal", "hard")


def scenario_of(game) -> dict:
    """The table of a game at the start of a round (or of the Final Flip), its Flip's shuffles
    done, as a scenario: what `play_game` needs to go on with the same game."""
    t = game.table
    scenario = {
        "season": t.season,
        "seed": game.seed,
        "round": game.round,
        "first_player": t.first_player,
        "players": [
            {
                "name": p.name,
                "deck": [c.spec.id for c in p.deck],
                "dismissed": [c.spec.id for c in p.dismissed],
            }
            for p in t.players
        ],
        "market": [c.spec.id for c in t.market_cards()],
        "toon_deck": [c.spec.id for c in t.toon_deck],
        "rulings": t.rulings.changed(),
    }
    if game.solo:
        scenario["solo"] = game.solo
    if game.final:
        scenario["start"] = "final-flip"
        scenario["end_triggered"] = game.end_triggered
        holder = [p.index for p in t.players if p.critics_choice]
        if holder:
            scenario["critics_choice"] = holder[0]
    return scenario


def capture(game, stage: int) -> list:
    """Trace an untraced game from the beginning of its `stage`-th round (or its Final Flip) on,
    and write its table there as a scenario, right after the Flip's shuffles: [(scenario, the
    trace's length then, the decisions taken then)]. The trace cites as a traced game's does (a
    Season 1 game the S1 rulebook's wording: `citations`)."""
    captured: list = []
    begin = {
        name: getattr(game, name) for name in ("play_round", "final_flip", "flip_and_check_fame")
    }

    def play_round(*args):
        if game.stage + 1 == stage:
            game.trace = Trace(cite=citations(game.table.season))
        return begin["play_round"](*args)

    def final_flip(*args):
        if game.stage + 1 == stage:
            game.trace = Trace(cite=citations(game.table.season))
        return begin["final_flip"](*args)

    def flip_and_check_fame(*args, **kwargs):
        if game.stage == stage and not captured:  # a re-flip begins no new stage
            captured.append((scenario_of(game), len(game.trace), len(game.decisions)))
        begin["flip_and_check_fame"](*args, **kwargs)

    game.play_round, game.final_flip, game.flip_and_check_fame = (
        play_round,
        final_flip,
        flip_and_check_fame,
    )
    return captured


def random_rulings(rng: random.Random) -> Rulings:
    return Rulings.from_dict(
        {
            name: rng.choice([v for v in o.choices if v != o.default])
            for name, o in OPTIONS.items()
            if rng.random() < 1 / 6
        }
    )


def _events(trace, steps) -> list[dict]:
    """The events at `steps`, each as its JSON without its step, its cause as its place in
    `steps`."""
    place = {s: k for k, s in enumerate(steps)}
    out = []
    for s in steps:
        e = trace[s].to_json()
        del e["step"]
        if e["cause"] is not None:
            e["cause"] = place.get(e["cause"], ("before", e["cause"]))
        out.append(e)
    return out


def _compare(season: str, seed: int) -> str:
    """Play one game, take it up at a round chosen from the seed, check; what was checked."""
    rng = random.Random(f"{season} {seed}")
    most = 8 if season == "combined" else 4
    players = 1 + seed % most
    solo = SOLO[seed % 3] if players == 1 else None
    rulings = random_rulings(rng) if seed // 2 % 2 else None

    def policy():
        return RandomPolicy(seed) if seed % 2 else DefaultPolicy()

    probe = new_game(season, players, seed, solo, policy(), traced=False, rulings=rulings)
    probe.play()  # how many rounds (and a Final Flip) the game has: untraced, the same game
    stage = probe.stage if rng.random() < 0.3 else rng.randint(1, probe.stage)  # often the last
    game = new_game(season, players, seed, solo, policy(), traced=False, rulings=rulings)
    captured = capture(game, stage)
    result = game.play()
    ((scenario, step, decided),) = captured
    again = play_game(scenario, ReplayPolicy(game.decisions[decided:]))
    steps = list(range(step, len(game.trace)))
    if scenario.get("start") == "final-flip":
        # the Final Flip's phase event comes before its shuffles: the scenario's game begins with it
        begins = max(
            e.step for e in game.trace[:step] if e.kind == "phase" and e.phase == "final-flip"
        )
        steps.insert(0, begins)
    where = f"{season} seed {seed}, taken up at stage {stage}"
    assert _events(again.trace, range(len(again.trace))) == _events(game.trace, steps), where
    assert again.result == result, where
    ends = [
        {k: v for k, v in table_json(g.table, None).items() if k != "trace"} for g in (game, again)
    ]
    assert ends[0] == ends[1], where
    return "final" if "start" in scenario else "round"


@pytest.mark.slow
@pytest.mark.parametrize("season", ["s1", "s2", "combined"])
def test_play_game_on_a_scenario_is_the_game_it_was_taken_from(season):
    """`GAMES_PER_SEASON` seeded games per season, each taken up at one of its rounds or at its
    Final Flip."""
    taken = [_compare(season, seed) for seed in range(GAMES_PER_SEASON)]
    # both kinds are checked, each often: 16% of the games at least taken up at the Final Flip,
    # 60% at a round (80 and 300 of 500)
    assert taken.count("final") * 100 >= 16 * len(taken)
    assert taken.count("round") * 100 >= 60 * len(taken)
