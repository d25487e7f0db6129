"""Fit the card values and the leaf values offline and write them where the package reads them.

    python benchmarks/fit_values.py [--leaf-values]

The card values (`data/card_values.csv`, read by `fliptoons.rollout.card_values`): what each card
of a season adds to a Flip, fitted by least squares on the Check Fame of random decks
(`measure_card_values`). The leaf values (`data/leaf_values.csv`, read by
`fliptoons.leaf.LeafValue.of`): the coefficients of the rollout's chance to win a solo game from
a table, fitted by logistic regression on rollout games (`measure_leaf_value`); they are measured
with the card values as they are, so by default the card values are written first, then the
leaf values; `--leaf-values` writes those alone. Every season ('s1', 's2', 'combined'); seeded:
the same run, the same files, written to the package's `data` folder (not a test; a long run).
"""

from __future__ import annotations

import argparse
import random
from importlib import resources
from pathlib import Path

from fliptoons_explore.fliptoons.cards import CATALOG, toon_deck
from fliptoons_explore.fliptoons.engine import resolve_table
from fliptoons_explore.fliptoons.game import new_game
from fliptoons_explore.fliptoons.leaf import LEAF_FEATURES, leaf_features
from fliptoons_explore.fliptoons.rollout import ROLLOUT_SLOTS, SLOTS, RolloutPolicy, card_values
from fliptoons_explore.fliptoons.state import Table
from fliptoons_explore.policy import DefaultPolicy

#: Where the package reads its fitted values (`card_values`, `LeafValue.of`).
DATA = Path(str(resources.files("fliptoons_explore").joinpath("data")))
SEASONS = ("s1", "s2", "combined")


def measure_card_values(season: str, decks: int = 30000, seed: int = 1) -> dict[str, float]:
    """What each card of a season adds to a Flip, measured with the engine: `decks` random decks
    of 5 to 14 cards (toon and starting cards), each flipped and scored once beside a random
    market and toon deck; the Check Fame total is fitted by least squares as the sum over the
    deck's cards of a value per card, scaled by the share of the deck a Flip reveals
    (`SLOTS` / max(`SLOTS`, cards)). The value holds what a card does to its neighbours (a Swordfish
    turns two cards face down, a Sloth stacks and frees a slot). Seeded: the same call, the same
    values."""
    import numpy as np

    pool = toon_deck(season) + [
        c.id
        for c in CATALOG.values()
        if c.starting and (season == "combined" or c.season == season)
    ]
    ids = sorted(set(pool))
    column = {c: i for i, c in enumerate(ids)}
    rng = random.Random(seed)
    x = np.zeros((decks, len(ids)))
    y = np.zeros(decks)
    policy = DefaultPolicy()
    for k in range(decks):
        deck = rng.sample(pool, rng.randint(5, 14))
        t = Table(season, seed=rng.randrange(2**32))
        p = t.add_player("P")
        p.deck.extend(t.new_card(c) for c in deck)
        t.toon_deck.extend(t.new_card(c) for c in rng.sample(pool, 8))
        t.arrange_market([t.new_card(c, True) for c in rng.sample(pool, len(t.prices))])
        resolve_table(t, policy, traced=False)
        share = SLOTS / max(SLOTS, len(deck))
        for c in deck:
            x[k, column[c]] += share
        y[k] = p.fame_total
    beta = np.linalg.lstsq(x, y, rcond=None)[0]
    return {c: round(float(b), 2) for c, b in zip(ids, beta)}


def measure_leaf_value(season: str, games: int = 10000, seed: int = 30000) -> list[float]:
    """The coefficients of `LeafValue` for a season, measured with the engine: `games` normal solo
    games seeded `seed` and up, played by the rollout; at the start of every round after the
    first, the table's `LEAF_FEATURES` against whether the game was won, fitted by logistic
    regression (Newton's method, a little ridge). Seeded: the same call, the same values."""
    import numpy as np

    values, slots = card_values(season), ROLLOUT_SLOTS[season]
    x, y = [], []
    for k in range(seed, seed + games):
        game = new_game(season, 1, k, "normal", RolloutPolicy(), traced=False)
        rows = []
        while game.result is None:
            game.play_round()
            if game.result is None:
                rows.append(leaf_features(game.table, values, slots))
        x += rows
        y += [float(game.result.solo == "won")] * len(rows)
    x, y = np.array(x), np.array(y)
    beta = np.zeros(x.shape[1])
    for _ in range(30):
        p = 1 / (1 + np.exp(-x @ beta))
        hessian = x.T @ (x * (p * (1 - p))[:, None]) + 1e-3 * np.eye(len(beta))
        beta -= np.linalg.solve(hessian, x.T @ (p - y) + 1e-3 * beta)
    return [round(float(b), 6) for b in beta]


def write_card_values(path=None, decks: int = 30000, seed: int = 1) -> str:
    """Measure every season's card values (`measure_card_values`) and write them as
    `data/card_values.csv` (or `path`)."""
    path = Path(path) if path else DATA / "card_values.csv"
    lines = ["season,id,value"]
    for season in SEASONS:
        values = measure_card_values(season, decks, seed)
        lines += [f"{season},{c},{v}" for c, v in sorted(values.items())]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return str(path)


def write_leaf_values(path=None, games: int = 10000, seed: int = 30000) -> str:
    """Measure every season's leaf value (`measure_leaf_value`, from the card values as they
    are) and write them as `data/leaf_values.csv` (or `path`)."""
    path = Path(path) if path else DATA / "leaf_values.csv"
    lines = ["season,feature,coefficient"]
    for season in SEASONS:
        beta = measure_leaf_value(season, games, seed)
        lines += [f"{season},{f},{b}" for f, b in zip(LEAF_FEATURES, beta)]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return str(path)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--leaf-values",
        action="store_true",
        help="write the leaf values alone, from the card values as they are",
    )
    args = parser.parse_args()
    if not args.leaf_values:  # card values first: the leaf values are measured with them
        print(write_card_values())
    print(write_leaf_values())


if __name__ == "__main__":
    main()
