"""How long the explorer's advice takes ("what would a strong player do?"), kernel-side (prints
numbers; not a test).

    .venv/bin/python benchmarks/bench_advice.py [--runs 3]

For each situation: the options of its advised decision, the time of one press of the advice
button with the explorer's budget (`widgets.advice.SIMULATIONS` an option, stopped by
`widgets.advice.MS`), the simulations each option got, and the time without the time limit;
also what finding the decision costs each edit (the line under the decision says which it is).
Flipology situations too: a pending Dog's answer, a turn's flip in Nature for 2 and 8 and in the
Great Tree for 4 (each played on to the count of the round), and a new game's deal (36 pairs of
cards to discard, each played to the end of the game).
"""

from __future__ import annotations

import argparse
import statistics
import time

from fliptoons_explore import situation
from fliptoons_explore.analysis.advice import advise, advised_decision
from fliptoons_explore.fliptoons.cards import STARTING_DECKS

SIX_FISH = {
    "season": "s2",
    "solo": "normal",
    "players": [
        {
            "name": "Ann",
            "deck": ["swordfish", "swordfish", "starfish", "starfish", "clownfish", "mosquito"],
        }
    ],
    "market": ["salamander", "goldfish", "raccoon", "opossum", "fox"],
    "toon_deck": ["mole", "hen", "crab", "gorilla"],
}


def opening(season: str, players: int, solo: str | None = None) -> dict:
    """A game's first round: starting decks, the market and toon deck from the first toon cards."""
    from fliptoons_explore.fliptoons.game import new_game
    from fliptoons_explore.fliptoons.state import snapshot

    game = new_game(season, players, 7, solo, traced=False)
    s = snapshot(game.table)
    mode = "solo" if solo else "multi"
    out = {
        "season": season,
        "players": [
            {"name": f"P{i + 1}", "deck": list(STARTING_DECKS[(season, mode)])}
            for i in range(players)
        ],
        "market": [c for c in s["market"] if c],
        "toon_deck": s["toon_deck"],
        "seed": 7,
    }
    if solo:
        out["solo"] = solo
    return out


def flipology_rows(players: int, variant: str = "nature") -> dict:
    """A Flipology game's table after its deal (a seeded game's rows), no turn played yet."""
    from fliptoons_explore.flipology.game import new_game
    from fliptoons_explore.policy import DefaultPolicy

    class Dealt(Exception):
        pass

    class StopAtTurn(DefaultPolicy):
        def choose(self, choice):
            if choice.kind == "turn":
                raise Dealt
            return super().choose(choice)

    game = new_game(variant, players, 7, StopAtTurn(), traced=False)
    try:
        game.play()
    except Dealt:
        pass
    t = game.table
    return {
        "game": "flipology",
        "variant": variant,
        "first_player": t.first_player,
        "players": [
            {"name": p.name, "rows": [[c.spec.id for c in row] for row in p.rows]}
            for p in t.players
        ],
        "discard": [c.spec.id for c in t.discard],
    }


DOG = {
    "game": "flipology",
    "players": [
        {"name": "Ann", "rows": [["dog:5", "kiwi:8", "sloth:6"]]},
        {"name": "Ben", "rows": [["koala:8", "frog:4", "quokka:9"]]},
    ],
    "discard": ["cat:6", "mole:1"],
    "turns": [{"player": 0, "flip": [0, 0]}],
}


def main() -> None:
    from fliptoons_explore.widgets.advice import MS, SIMULATIONS

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=3)
    args = ap.parse_args()
    skunk = situation("s1.faq.skunk.alone-with-the-least-fame").scenario
    skunk["players"][1].pop("choices")
    cases = {
        "S2 solo, 29 fame, last rounds (six fish)": SIX_FISH,
        "S1, Ben's Skunk dismissal (2 players)": skunk,
        "S2 solo, first round": opening("s2", 1, "normal"),
        "S1 solo, first round": opening("s1", 1, "normal"),
        "S2, 2 players, first round": opening("s2", 2),
        "S2, 4 players, first round": opening("s2", 4),
        "Flipology: a Dog's answer (2 players)": DOG,
        "Flipology Nature, 2 players, a first flip": flipology_rows(2),
        "Flipology Nature, 8 players, a first flip": flipology_rows(8),
        "Flipology Great Tree, 4 players, a first flip": flipology_rows(4, "great-tree"),
    }
    from fliptoons_explore.flipology.game import new_game

    cases["Flipology Nature, 4 players, the deal (a game)"] = new_game("nature", 4, 7, traced=False)
    print(
        f"budget: {SIMULATIONS} simulations an option, stopped after {MS} ms; median of "
        f"{args.runs} runs"
    )
    print(
        f"{'situation':48} {'options':>7} {'find (ms)':>9} {'advice (s)':>10} {'sims/option':>11} "
        f"{'no limit (s)':>12}"
    )
    for name, scenario in cases.items():
        find = []
        for _ in range(20):
            t = time.perf_counter()
            advised_decision(scenario)
            find.append(1000 * (time.perf_counter() - t))
        times, sims = [], []
        for _ in range(args.runs):
            t = time.perf_counter()
            df = advise(scenario, simulations=SIMULATIONS, ms=MS)
            times.append(time.perf_counter() - t)
            sims.append(df.attrs["simulations"])
        t = time.perf_counter()
        n = len(advise(scenario, simulations=SIMULATIONS))
        full = time.perf_counter() - t
        print(
            f"{name:48} {n:7} {statistics.median(find):9.1f} {statistics.median(times):10.2f} "
            f"{statistics.median(sims):11.0f} {full:12.2f}"
        )


if __name__ == "__main__":
    main()
