"""FlipToons decks resolved many times: a deck shuffled by a seed, flipped and its fame checked
(S2 Flip, Check Fame) by one player at a table whose market and toon deck the seed deals, one
row per resolution. The `deck-fame` and `card-value` experiments ask their questions of these
rows; the season's cards, starting decks and price cards come from the FlipToons package."""

from __future__ import annotations

import json
import math
import random

from ...fliptoons.cards import CATALOG, STARTING_DECKS, cards_of, toon_deck
from ...fliptoons.state import PRICES
from ...games import contract
from ...limits import quote
from ...parallel import run_tasks
from .runner import check_count, check_seed
from .stats import frame

__all__ = ["resolutions", "resolution_scenario", "resolution_row", "replay_resolution"]

GAME = "fliptoons"


def resolution_scenario(
    season: str, deck, seed: int, rulings: str | dict = "{}", hired: int = 0
) -> dict:
    """The scenario a resolution row names: one player flipping `deck` (top first), the
    season's toon cards shuffled by `seed` into the market and the toon deck (a Snake or a
    Mongoose takes from it); the `hired` cards after the market's (`toon_cards`) are in the
    deck, not the toon deck."""
    deck = deck.split() if isinstance(deck, str) else list(deck)
    market, _, rest = toon_cards(season, seed, hired)
    rulings = json.loads(rulings) if isinstance(rulings, str) else dict(rulings)
    return {
        "season": season,
        "players": [{"name": "Player 1", "deck": deck}],
        "market": market,
        "toon_deck": rest,
        "rulings": rulings,
    }


def toon_cards(season: str, seed: int, hired: int = 0) -> tuple[list, list, list]:
    """The season's toon cards shuffled by `seed`: (the market, the next `hired` cards, which a
    deck of a later round holds as hires, the toon deck)."""
    toons = toon_deck(season)
    random.Random(seed).shuffle(toons)
    slots = len(PRICES[season])
    return toons[:slots], toons[slots : slots + hired], toons[slots + hired :]


def resolution_row(season: str, deck: list[str], seed: int, rulings: str, hired: int = 0) -> dict:
    """Flip + Check Fame of `deck` (in this order) untraced: the replay columns (`hired`: the
    toon cards the deck holds, `resolution_scenario`) and the fame, the cards placed, the extra
    rows made and the cards left in the deck."""
    scenario = resolution_scenario(season, deck, seed, rulings, hired)
    p = contract(GAME).resolve(scenario, traced=False).table.players[0]
    return {
        "game": GAME,
        "season": season,
        "rulings": rulings,
        "seed": seed,
        "hired": hired,
        "deck": " ".join(deck),
        "fame": p.fame_total,
        "cards": p.grid.count(),
        "extra_rows": p.grid.extra_height(),
        "left": len(p.deck),
    }


def shuffled(deck, seed: int) -> list[str]:
    """A deck in the order seed `seed` shuffles it into."""
    order = list(deck)
    random.Random(seed).shuffle(order)
    return order


def resolution_job(task) -> list[dict]:
    """Resolve one shuffled deck (a worker's task: `(season, deck, seed, rulings, extra)`)."""
    season, deck, seed, rulings, extra = task
    return [{**extra, **resolution_row(season, shuffled(deck, seed), seed, rulings)}]


def resolutions(
    season: str,
    decks,
    n: int = 1000,
    seed: int = 0,
    rulings: dict | None = None,
    jobs: int | None = None,
    executor=None,
    progress: bool | None = None,
    chunk: int | None = None,
):
    """Resolve (Flip + Check Fame) each deck of `decks` (lists of card ids) `n` times, time k
    shuffled by seed `seed + k`: one row per resolution, with the deck in the order it was
    flipped (`scenario(row)` is that resolution as a scenario)."""
    check_count(n, "n")
    check_seed(seed)
    text = check_rulings(rulings)
    decks = [check_deck(season, d) for d in decks]
    tasks = [(season, d, seed + k, text, {}) for d in decks for k in range(n)]
    return frame(
        r
        for rows in run_tasks(
            resolution_job, tasks, jobs, executor, progress, "resolution", chunk=chunk
        )
        for r in rows
    )


def is_resolution(row) -> bool:
    """Whether a row is a resolution's (it names the deck flipped), not a game's."""
    value = row.get("deck") if hasattr(row, "get") else None
    return value is not None and not (isinstance(value, float) and math.isnan(value))


def replay_resolution(row):
    """A resolution row's `Resolution`, traced: its fame is the row's."""
    return contract(GAME).resolve(resolution_scenario_of(row))


def resolution_scenario_of(row) -> dict:
    """A resolution row's scenario (`resolution_scenario` of its season, deck, seed, rulings and
    hired toon cards)."""
    hired = row.get("hired") if hasattr(row, "get") else None
    hired = 0 if hired is None or isinstance(hired, float) and math.isnan(hired) else int(hired)
    return resolution_scenario(row["season"], row["deck"], int(row["seed"]), row["rulings"], hired)


def starting_deck(season: str, deck) -> list[str]:
    """`deck`, or when empty the season's multiplayer starting deck (S2 Setup)."""
    return list(deck) if deck else list(STARTING_DECKS[(season, "multi")])


def check_rulings(rulings) -> str:
    """FlipToons ruling options as a row holds them (JSON text); ValueError naming a wrong one."""
    try:
        contract(GAME).rulings(rulings or {})
    except ValueError as e:
        raise ValueError(f"rulings: {e}") from None
    return json.dumps(rulings or {}, sort_keys=True)


def check_hired(season: str, hired) -> int:
    """A number of toon cards a deck holds as hires: from 0 to what the toon deck holds beyond
    the market's (ValueError)."""
    if season not in PRICES:
        raise ValueError(f'season: expected "s1", "s2" or "combined", got {quote(season)}')
    most = len(toon_deck(season)) - len(PRICES[season])
    if isinstance(hired, bool) or not isinstance(hired, int) or not 0 <= hired <= most:
        raise ValueError(f"hired: expected a whole number from 0 to {most}, got {quote(hired)}")
    return hired


def check_deck(season: str, deck) -> list[str]:
    """A list of card ids of `season` (ValueError naming a wrong one)."""
    if season not in PRICES:
        raise ValueError(f'season: expected "s1", "s2" or "combined", got {quote(season)}')
    if isinstance(deck, str) or not all(isinstance(c, str) for c in deck) or not deck:
        raise ValueError(f"deck: expected a list of card ids, got {quote(deck)}")
    allowed = {c.id for c in cards_of(season)}
    for c in deck:
        if c not in allowed:
            known = (
                "unknown card"
                if c not in CATALOG
                else f"a {CATALOG[c].season.upper()} card, not in {season}"
            )
            raise ValueError(f"deck: {quote(c)} is {known}")
    return list(deck)
