"""Solo win rates of a policy per season and difficulty (not a test; prints numbers).

    python benchmarks/solo_win_rates.py [--policy greedy] [--games 500] [--seasons s1 s2 combined]

Game k of each row is seeded k; the same command prints the same numbers.
"""

from __future__ import annotations

import argparse
import time

from fliptoons_explore.fliptoons.game import new_game
from fliptoons_explore.fliptoons.play import make_policy


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--policy", default="greedy", choices=("default", "random", "greedy"))
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--seasons", nargs="+", default=["s1", "s2", "combined"])
    parser.add_argument("--difficulties", nargs="+", default=["easy", "normal", "hard"])
    args = parser.parse_args()
    print(f"{args.policy} policy, {args.games} solo games per row")
    for season in args.seasons:
        for level in args.difficulties:
            start = time.perf_counter()
            won = rounds = 0
            for seed in range(args.games):
                game = new_game(
                    season, 1, seed, level, make_policy(args.policy, seed), traced=False
                )
                result = game.play()
                won += result.solo == "won"
                rounds += result.rounds
            took = (time.perf_counter() - start) / args.games
            print(
                f"  {season:<8} {level:<6} won {won:4d}/{args.games} = "
                f"{100 * won / args.games:5.1f}%"
                f"   {rounds / args.games:4.1f} rounds/game   {took * 1000:6.0f} ms/game",
                flush=True,
            )


if __name__ == "__main__":
    main()
