"""How long the explorer's advice takes ("what would a strong player do?"), kernel-side (prints
numbers; not a test).

    .venv/bin/python benchmarks/bench_advice.py [--runs 3]

For each situation: the options of its advised decision, the time of one press of the advice
button with the explorer's budget (`widgets.advice.SIMULATIONS` an option, stopped by
`widgets.advice.MS`), the simulations each option got, and the time without the time limit;
also what finding the decision costs each edit (the line under the decision says which it is).
"""
from __future__ import annotations

import argparse
import statistics
import time

from fliptoons_explore.analysis.advice import advise, decision_of
from fliptoons_explore.fliptoons.cards import STARTING_DECKS
from fliptoons_explore.situations import situation

SIX_FISH = {"season": "s2", "solo": "normal", "players": [
    {"name": "Ann", "deck": ["swordfish", "swordfish", "starfish", "starfish", "clownfish", "mosquito"]}],
    "market": ["salamander", "goldfish", "raccoon", "opossum", "fox"],
    "toon_deck": ["mole", "hen", "crab", "gorilla"]}


def opening(season: str, players: int, solo: str | None = None) -> dict:
    """A game's first round: starting decks, the market and toon deck from the first toon cards."""
    from fliptoons_explore.fliptoons.game import new_game
    from fliptoons_explore.fliptoons.state import snapshot
    game = new_game(season, players, 7, solo, traced=False)
    s = snapshot(game.table)
    mode = "solo" if solo else "multi"
    out = {"season": season, "players": [{"name": f"P{i + 1}", "deck": list(STARTING_DECKS[(season, mode)])}
                                         for i in range(players)],
           "market": [c for c in s["market"] if c], "toon_deck": s["toon_deck"], "seed": 7}
    if solo:
        out["solo"] = solo
    return out


def main() -> None:
    from fliptoons_explore.widgets.advice import MS, SIMULATIONS
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=3)
    args = ap.parse_args()
    skunk = situation("s1.faq.skunk.alone-with-the-least-fame").scenario
    skunk["players"][1].pop("choices")
    cases = {"S2 solo, 29 fame, last rounds (six fish)": SIX_FISH,
             "S1, Ben's Skunk dismissal (2 players)": skunk,
             "S2 solo, first round": opening("s2", 1, "normal"),
             "S1 solo, first round": opening("s1", 1, "normal"),
             "S2, 2 players, first round": opening("s2", 2),
             "S2, 4 players, first round": opening("s2", 4)}
    print(f"budget: {SIMULATIONS} simulations an option, stopped after {MS} ms; median of {args.runs} runs")
    print(f"{'situation':44} {'options':>7} {'find (ms)':>9} {'advice (s)':>10} {'sims/option':>11} {'no limit (s)':>12}")
    for name, scenario in cases.items():
        choice, _ = decision_of(scenario)
        n = len(choice.options) + choice.optional
        find = []
        for _ in range(20):
            t = time.perf_counter()
            decision_of(scenario)
            find.append(1000 * (time.perf_counter() - t))
        times, sims = [], []
        for _ in range(args.runs):
            t = time.perf_counter()
            df = advise(scenario, simulations=SIMULATIONS, ms=MS)
            times.append(time.perf_counter() - t)
            sims.append(df.attrs["simulations"])
        t = time.perf_counter()
        advise(scenario, simulations=SIMULATIONS)
        full = time.perf_counter() - t
        print(f"{name:44} {n:7} {statistics.median(find):9.1f} {statistics.median(times):10.2f} "
              f"{statistics.median(sims):11.0f} {full:12.2f}")


if __name__ == "__main__":
    main()
