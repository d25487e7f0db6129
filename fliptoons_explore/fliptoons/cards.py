"""The card catalog: every card face of both seasons, read once from package data.

`data/cards.csv` holds the columns of the shared `cards.csv` (rank, copies, fame, bonus, printed
texts, icons, provenance) plus five columns naming the ability functions that implement each card:
`place` (placement ability, run in the Flip), `score` (Check Fame bonus), `when_hired`,
`when_dismissed`, and `other` (least-fame, after-Market and dismiss-cost effects). The catalog is
checked at import: unique ids, every named ability registered by the module that runs it, and the
copy counts of the rulebooks (53 toon cards a season, 6-card starting decks).
"""

from __future__ import annotations

import csv
import difflib
from dataclasses import dataclass, field
from functools import cache
from importlib import resources

SEASONS = ("s1", "s2")

#: Starting decks per season: multiplayer and solo (S1/S2 Setup and Solo Setup; RULINGS §18).
STARTING_DECKS = {
    ("s1", "multi"): ("caterpillar", "caterpillar", "skunk", "dragonfly", "bee", "snail"),
    ("s1", "solo"): ("caterpillar", "caterpillar", "caterpillar", "dragonfly", "bee", "snail"),
    ("s2", "multi"): ("mosquito", "mosquito", "spider", "grasshopper", "ladybug", "firefly"),
    ("s2", "solo"): ("mosquito", "mosquito", "mosquito", "spider", "grasshopper", "ladybug"),
}
TOON_DECK_SIZE = 53
#: Starting decks in one box (24 starting cards = 4 decks of 6).
DECKS_PER_BOX = 4


@dataclass(frozen=True, slots=True)
class CardSpec:
    """One card face. `fame` is the printed fame (the Cow's '=' reads as 0: it copies instead)."""

    id: str
    name: str
    set: str  # "s1", "s1-starter", "s2", "s2-starter" or "promo"
    rank: int
    copies: int
    fame: int
    bonus: str
    banner: str  # as the rules read it: `banner_read` in data/cards.csv where it differs from the
    # transcribed `banner` (the Rat: the rulebook's market example takes 1 off, not 1 per card)
    ability: str
    timing: str
    flip_immune: bool
    dismiss_immune: bool
    return_immune: bool
    fish: bool
    place: str
    score: str
    when_hired: str
    when_dismissed: str
    other: str
    confidence: str
    notes: str
    season: str = field(init=False)  # 's1', 's2' or 'promo'
    starting: bool = field(init=False)  # a gray rank-0 starting card
    promo: bool = field(init=False)

    def __post_init__(self) -> None:  # read once: the engine asks them in its inner loops
        object.__setattr__(self, "season", self.set.split("-")[0])
        object.__setattr__(self, "starting", self.set.endswith("-starter"))
        object.__setattr__(self, "promo", self.set == "promo")

    def __repr__(self) -> str:
        return f"<CardSpec {self.id} rank {self.rank} fame {self.fame}>"


def _read_catalog() -> dict[str, CardSpec]:
    text = resources.files("fliptoons_explore").joinpath("data/cards.csv").read_text("utf-8")
    catalog: dict[str, CardSpec] = {}
    for row in csv.DictReader(text.splitlines()):
        icons = set(filter(None, row["icons"].split(";")))
        spec = CardSpec(
            id=row["id"],
            name=row["name"],
            set=row["set"],
            rank=int(row["rank"]),
            copies=int(row["copies"]),
            fame=0 if row["fame"] == "=" else int(row["fame"]),
            bonus=row["bonus"],
            banner=row["banner_read"] or row["banner"],
            ability=row["ability"],
            timing=row["timing"],
            flip_immune="flip-immune" in icons,
            dismiss_immune="dismiss-immune" in icons,
            return_immune="return-immune" in icons,
            fish="fish" in icons,
            place=row["place"],
            score=row["score"],
            when_hired=row["when_hired"],
            when_dismissed=row["when_dismissed"],
            other=row["other"],
            confidence=row["confidence"],
            notes=row["notes"],
        )
        if spec.id in catalog:
            raise ValueError(f"cards.csv: duplicate card id {spec.id!r}")
        catalog[spec.id] = spec
    return catalog


CATALOG: dict[str, CardSpec] = _read_catalog()


def _check_counts() -> None:
    for season in SEASONS:
        toons = sum(c.copies for c in CATALOG.values() if c.set == season)
        if toons != TOON_DECK_SIZE:
            raise ValueError(f"cards.csv: {season} toon deck has {toons} cards, expected 53")
        for mode in ("multi", "solo"):
            deck = STARTING_DECKS[(season, mode)]
            if len(deck) != 6 or any(CATALOG[c].set != f"{season}-starter" for c in deck):
                raise ValueError(f"{season} {mode} starting deck is not 6 {season} starting cards")
        multi = STARTING_DECKS[(season, "multi")]
        for c in CATALOG.values():
            if c.set == f"{season}-starter" and c.copies != multi.count(c.id):
                raise ValueError(f"cards.csv: {c.id} copies disagree with the starting deck")


_check_counts()


def card(card_id: str) -> CardSpec:
    """The spec of a card id; KeyError naming the closest ids when unknown."""
    try:
        return CATALOG[card_id]
    except KeyError:
        raise KeyError(unknown_card_message(card_id)) from None


def unknown_card_message(card_id: object, among=None) -> str:
    """'unknown card id "crbb" (did you mean "crab"?)', suggesting from `among` (default: all)."""
    from ..limits import quote

    text = card_id if isinstance(card_id, str) else ""
    close = difflib.get_close_matches(text[:100].lower(), list(among or CATALOG), n=3, cutoff=0.5)
    hint = f" (did you mean {', '.join(quote(c) for c in close)}?)" if close else ""
    return f"unknown card id {quote(card_id)}{hint}"


def toon_deck(season: str) -> list[str]:
    """Every toon card of a season ('s1', 's2' or 'combined'), promos excluded, in catalog order."""
    return list(_toon_deck(season))


@cache
def _toon_deck(season: str) -> tuple[str, ...]:
    seasons = SEASONS if season == "combined" else (season,)
    return tuple(c.id for c in CATALOG.values() if c.set in seasons for _ in range(c.copies))


@cache
def owned_copies(card_id: str, season: str) -> int:
    """How many copies of a card the boxes of a scenario's season hold (starting cards: 4 decks)."""
    spec = CATALOG[card_id]
    if spec.promo:
        return spec.copies
    if season != "combined" and spec.season != season:
        return 0
    if spec.starting:
        return (
            max(STARTING_DECKS[(spec.season, m)].count(card_id) for m in ("multi", "solo"))
            * DECKS_PER_BOX
        )
    return spec.copies


def cards_of(season: str) -> list[CardSpec]:
    """The cards that exist in a scenario of this season (promos exist in every season)."""
    return list(_cards_of(season))


@cache
def _cards_of(season: str) -> tuple[CardSpec, ...]:
    seasons = SEASONS if season == "combined" else (season,)
    return tuple(c for c in CATALOG.values() if c.promo or c.season in seasons)


@cache
def ids_of(season: str) -> frozenset[str]:
    """The ids of `cards_of(season)`."""
    return frozenset(c.id for c in _cards_of(season))
