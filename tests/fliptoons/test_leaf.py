"""The leaf value (`fliptoons.leaf`): the chance that the rollout wins a solo game from a table,
which the search values its solo simulations by past their horizon, and its offline fitting
(`benchmarks/fit_values.py`)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

from fliptoons_explore.fliptoons.game import new_game
from fliptoons_explore.fliptoons.leaf import LEAF_FEATURES, LeafValue


def _s1_table(seed=4):
    """The table at the first Market action of a seeded Season 1 normal solo game (after round 1's
    Flip)."""
    from fliptoons_explore.fliptoons.advice import decision_of

    choice, _ = decision_of(new_game("s1", 1, seed, "normal", traced=False))
    return choice.table


def _fit_values():
    """benchmarks/fit_values.py, the offline fitting (a script beside the package, not in it)."""
    path = Path(__file__).resolve().parents[2] / "benchmarks" / "fit_values.py"
    spec = importlib.util.spec_from_file_location("fit_values", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_leaf_values_a_better_deck_higher():
    """`LeafValue` of a Season 1 solo table (at its first Market action): the same table with two
    Turkeys added to the deck is likelier to be won; with the toon deck down to 2 cards, less."""
    table = _s1_table()
    leaf = LeafValue.of("s1")
    base = leaf(table)
    better = table.copy()
    deck = better.players[0].deck
    deck.extend(better.new_card("turkey") for _ in range(2))
    short = table.copy()
    while len(short.toon_deck) > 2:
        short.toon_deck.pop()
    assert 0 < leaf(short) < base < leaf(better) < 1


def test_measure_leaf_value_is_seeded():
    """The same games, the same coefficients; a deck worth more is likelier to win (a positive
    `worth` coefficient, read as the file stores it)."""
    measure_leaf_value = _fit_values().measure_leaf_value

    a = measure_leaf_value("s1", games=60, seed=7)
    assert a == measure_leaf_value("s1", games=60, seed=7) and len(a) == len(LEAF_FEATURES)
    assert LeafValue.of("s1").coefficients[LEAF_FEATURES.index("worth")] > 0


def test_the_fitting_writes_where_the_package_reads():
    """The fitted values are written to the `data` folder of the package imported, the one
    `card_values` and `LeafValue.of` read."""
    import fliptoons_explore

    data = _fit_values().DATA
    assert data == Path(fliptoons_explore.__file__).parent / "data"
    assert (data / "card_values.csv").is_file() and (data / "leaf_values.csv").is_file()
