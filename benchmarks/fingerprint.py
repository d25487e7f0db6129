"""An outcome fingerprint: one hash over 3,000 seeded resolutions and games of both games, so that
a change meant to keep every outcome (a refactoring) can show that it did.

    .venv/bin/python benchmarks/fingerprint.py           # the fingerprint, and one per part
    .venv/bin/python benchmarks/fingerprint.py --n 300   # a quicker, smaller one

The parts (each `n/6` items):
- FlipToons random tables resolved (Flip and Check Fame), traced, untraced and recorded in turn,
  every other one under random ruling options;
- FlipToons rounds of random tables (to the end of the Market), under the default and random
  policies;
- FlipToons seeded whole games (solo and 2-8 players, every season), default and random policies,
  odd seeds under random ruling options, every fifth one replayed from its decisions;
- Flipology seeded games of every variant (nature, great-tree, multi), 2-6 players (2-4 at the
  Great Tree), the default, random and greedy policies, odd seeds under random ruling options,
  traced, untraced and recorded, every fifth one replayed.
Each item hashes its trace (every event's JSON), its final table (`snapshot`) and, for recorded
runs, every recorded state.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from fliptoons_explore.flipology.game import new_game as flipology_game
from fliptoons_explore.flipology.game import replay as flipology_replay
from fliptoons_explore.flipology.play import make_policy as flipology_policy
from fliptoons_explore.flipology.rulings import OPTIONS as FLIPOLOGY_OPTIONS
from fliptoons_explore.fliptoons.engine import resolve_table
from fliptoons_explore.fliptoons.game import Game, new_game, replay
from fliptoons_explore.fliptoons.rulings import OPTIONS
from fliptoons_explore.fliptoons.sample import random_table
from fliptoons_explore.policy import DefaultPolicy, RandomPolicy

SEASONS = ("s1", "s2", "combined")
MOST = {"s1": 4, "s2": 4, "combined": 8}


def _digest(*parts) -> str:
    return hashlib.sha256(json.dumps(parts, sort_keys=True, default=repr).encode()).hexdigest()


def _trace(trace) -> list:
    return [e.to_json() for e in trace] if trace is not None else None


def _states(trace) -> list:
    return list(getattr(trace, "states", None) or [])


def _random_rulings(options, rng) -> dict:
    return {n: rng.choice(o.choices) for n, o in options.items() if rng.random() < 0.3}


def fliptoons_resolutions(n: int):
    for seed in range(n):
        season = SEASONS[seed % 3]
        players = 1 + seed % MOST[season]
        table = random_table(seed, players=players, season=season, random_rulings=seed % 2 == 1)
        mode = seed % 3
        trace = resolve_table(table, traced=mode != 1, record=mode == 2).trace
        yield _digest(table.snapshot(), _trace(trace), _states(trace))


def fliptoons_rounds(n: int):
    for seed in range(n):
        season = SEASONS[seed % 3]
        players = 1 + seed % MOST[season]
        table = random_table(seed + 10_000, players=players, season=season)
        policy = RandomPolicy(seed) if seed % 2 else DefaultPolicy()
        game = Game(table, policy, traced=True)
        game.play_round(stop_before_cleanup=seed % 4 < 2)
        yield _digest(table.snapshot(), _trace(game.trace))


def fliptoons_games(n: int):
    for seed in range(n):
        season = SEASONS[seed % 3]
        rng = random.Random(f"fingerprint {seed}")
        players = rng.randint(1, MOST[season])
        solo = rng.choice(("easy", "normal", "hard")) if players == 1 else None
        rulings = _random_rulings(OPTIONS, rng) if seed % 2 else None
        policy = RandomPolicy(seed) if seed % 3 else DefaultPolicy()
        game = new_game(season, players, seed, solo, policy, traced=seed % 4 != 3, rulings=rulings)
        result = game.play()
        parts = [game.table.snapshot(), _trace(game.trace), repr(result)]
        if seed % 5 == 0:
            again = replay(season, players, seed, solo, list(game.decisions), rulings)
            again.play()
            parts.append(again.table.snapshot() == game.table.snapshot())
        yield _digest(*parts)


def flipology_games(n: int):
    variants = ("nature", "great-tree", "multi")
    for seed in range(n):
        variant = variants[seed % 3]
        rng = random.Random(f"fingerprint flipology {seed}")
        players = rng.randint(2, 4 if variant == "great-tree" else 6)
        rulings = _random_rulings(FLIPOLOGY_OPTIONS, rng) if seed % 2 else None
        policy = flipology_policy(("default", "random", "greedy")[seed % 3], seed)
        mode = seed % 3
        game = flipology_game(
            variant, players, seed, policy, traced=mode != 1, record=mode == 2, rulings=rulings
        )
        result = game.play()
        parts = [game.table.snapshot(), _trace(game.trace), _states(game.trace), repr(result)]
        if seed % 5 == 0:
            again = flipology_replay(game, traced=True)
            parts.append(_trace(again.trace) == parts[1] or mode == 1)
        yield _digest(*parts)


PARTS = {
    "fliptoons resolutions": (fliptoons_resolutions, 2),
    "fliptoons rounds": (fliptoons_rounds, 1),
    "fliptoons games": (fliptoons_games, 1),
    "flipology games": (flipology_games, 2),
}


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=3000, help="items in all (default 3000)")
    args = parser.parse_args(argv)
    whole = hashlib.sha256()
    for name, (part, weight) in PARTS.items():
        h = hashlib.sha256()
        count = 0
        for d in part(args.n * weight // 6):
            h.update(d.encode())
            count += 1
        whole.update(h.digest())
        print(f"{name:24} {count:5}  {h.hexdigest()[:16]}")
    print(f"{'fingerprint':24} {args.n:5}  {whole.hexdigest()[:16]}")


if __name__ == "__main__":
    main()
