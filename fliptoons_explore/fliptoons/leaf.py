"""The leaf value: what a solo table is worth to its player without playing it out, the chance
that the rollout (`fliptoons.rollout.RolloutPolicy`) would still win from there.

    >>> from fliptoons_explore.fliptoons.game import new_game
    >>> table = new_game("s1", 1, seed=4, solo="normal", traced=False).table
    >>> round(LeafValue.of("s1")(table), 2)
    0.56

A search that stops its solo simulations at a horizon (`fliptoons.search`, Season 1 by default)
values the table it stops at so. The value is a logistic model of what decides a solo game
(`LEAF_FEATURES`, read by `leaf_features`): the worth of the player's cards as the rollout weighs
them (`DeckWorth`), how many they are, the toon cards left and the best card of the market. Its
coefficients, per season, are fitted offline on rollout games (`benchmarks/fit_values.py`) and
read from `data/leaf_values.csv`.
"""

from __future__ import annotations

import csv
import math
from functools import cache
from importlib import resources

from .rollout import ROLLOUT_SLOTS, DeckWorth, card_values

__all__ = ["LeafValue", "leaf_features", "LEAF_FEATURES"]

#: What `LeafValue` reads of a solo table, in the order of its coefficients: the rollout's worth
#: of the player's cards (`DeckWorth`), its square / 30, log(1 + toon cards left), the two
#: together, the cards the player owns, the measured value of the market's best card, and the
#: toon cards left up to 3 (with fewer than 3 the market cannot be refilled for long).
LEAF_FEATURES = (
    "constant",
    "worth",
    "worth_squared_30",
    "log_toon_left",
    "worth_x_log_toon_left",
    "cards_owned",
    "best_market_card",
    "toon_left_up_to_3",
)


def leaf_features(table, values: dict, slots: float) -> list[float]:
    """`LEAF_FEATURES` of a solo table (player 0) at the start of a round."""
    p = table.players[0]
    owned = list(p.deck) + p.grid.cards()
    worth = DeckWorth(values, owned, p.dismissed, slots).worth()
    market = [values[c.spec.id] for c in table.market if c is not None]
    toon = len(table.toon_deck)
    log_toon = math.log1p(toon)
    return [
        1.0,
        worth,
        worth * worth / 30,
        log_toon,
        worth * log_toon,
        float(len(owned)),
        max(market, default=0.0),
        float(min(toon, 3)),
    ]


class LeafValue:
    """The chance that the rollout (`RolloutPolicy`) wins a solo game from a table at the start of
    a round: a logistic model of `LEAF_FEATURES`, its coefficients per season read from
    `data/leaf_values.csv` (fitted by `benchmarks/fit_values.py`). `LeafValue.of(season)` is
    shared."""

    def __init__(self, season: str, coefficients: list[float]) -> None:
        self.season = season
        self.coefficients = coefficients
        self.values = card_values(season)
        self.slots = ROLLOUT_SLOTS[season]

    @staticmethod
    @cache
    def of(season: str) -> LeafValue:
        text = (
            resources.files("fliptoons_explore").joinpath("data/leaf_values.csv").read_text("utf-8")
        )
        rows = {
            r["feature"]: float(r["coefficient"])
            for r in csv.DictReader(text.splitlines())
            if r["season"] == season
        }
        if set(rows) != set(LEAF_FEATURES):
            raise ValueError(f"data/leaf_values.csv: no leaf value for season {season!r}")
        return LeafValue(season, [rows[f] for f in LEAF_FEATURES])

    def __call__(self, table) -> float:
        z = sum(
            b * x for b, x in zip(self.coefficients, leaf_features(table, self.values, self.slots))
        )
        return 1 / (1 + math.exp(-max(-30.0, min(30.0, z))))
