"""Random situations for simulations, conformance tests and benchmarks, all from a seed.

>>> table = random_table(7, n_cards=10)
"""

from __future__ import annotations

import random

from .cards import CATALOG, toon_deck
from .rulings import OPTIONS, Rulings
from .state import PRICES, Table

_POOL = {
    season: toon_deck(season)
    + [
        c.id
        for c in CATALOG.values()
        if c.starting and (season == "combined" or c.season == season)
    ]
    for season in ("s1", "s2", "combined")
}


def random_table(
    seed: int,
    n_cards: int | tuple[int, int] = (4, 16),
    players: int = 1,
    season: str = "combined",
    toon_cards: int = 6,
    market: bool = True,
    random_rulings: bool = False,
) -> Table:
    """A table whose players' decks are `n_cards` cards (or a random count in the range) drawn
    at random from the season's toon and starting cards, with a random toon deck and market."""
    rng = random.Random(seed)
    pool = _POOL[season]
    rulings = Rulings()
    if random_rulings:
        rulings = Rulings.from_dict({name: rng.choice(o.choices) for name, o in OPTIONS.items()})
    table = Table(season, rulings, seed=seed, first_player=rng.randrange(players))
    for i in range(players):
        p = table.add_player(f"P{i + 1}")
        n = n_cards if isinstance(n_cards, int) else rng.randint(*n_cards)
        for cid in rng.choices(pool, k=n):
            p.deck.append(table.new_card(cid))
    for cid in rng.choices(pool, k=toon_cards):
        table.toon_deck.append(table.new_card(cid))
    if market:
        k = len(PRICES[season])
        table.arrange_market([table.new_card(cid, face_up=True) for cid in rng.choices(pool, k=k)])
    return table
