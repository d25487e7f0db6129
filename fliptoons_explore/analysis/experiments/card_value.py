"""What is a FlipToons card worth in a deck of the middle of a game? The fame of one Flip + Check
Fame with the card shuffled in, beside the same order without it (the same market and toon
deck): paired seeds, so the difference is the card's.

The deck is the starting deck (S2 Setup) and `hired` toon cards the seed deals after the
market's, as after that many hires: in Season 2 games of the simple bot (policy 'default'), a
deck holds about 11 cards at the start of round 5, the 6 starting cards and 5 hires. A 6- or
7-card deck cannot show what some cards do: the Capybara's "+4 if at least three cards remain
in your deck" needs a deck that outlasts the grid (six slots)."""

from __future__ import annotations

from ...fliptoons.cards import toon_deck
from .decks import (
    check_deck,
    check_hired,
    check_rulings,
    resolution_row,
    shuffled,
    starting_deck,
    toon_cards,
)
from .runner import Experiment
from .stats import mean_interval, pandas, wilson


def tasks(n, seed, season, cards, deck, hired, rulings):
    base = check_deck(season, starting_deck(season, deck))
    check_hired(season, hired)
    cards = list(cards) if cards else sorted(set(toon_deck(season)))
    for c in cards:
        check_deck(season, [c])
    text = check_rulings(rulings)
    return [(season, base, c, seed + k, text, hired) for c in cards for k in range(n)]


def card_job(task) -> list[dict]:
    """The paired resolutions of a card-value task: the deck (the starting deck and the seed's
    `hired` toon cards) with `card` shuffled in by the seed, and the same order without the card
    (the same market and toon deck)."""
    season, base, card, seed, rulings, hired = task
    _, hires, _ = toon_cards(season, seed, hired)
    order = shuffled(base + hires + [card], seed)
    without = list(order)
    without.remove(card)
    return [
        {"card": card, "added": True, **resolution_row(season, order, seed, rulings, hired)},
        {"card": card, "added": False, **resolution_row(season, without, seed, rulings, hired)},
    ]


def summarise(df):
    """One row per card: `pairs`, the mean fame with and without it, the mean gain (paired)
    with its 95% interval (`low`, `high`), and the share of pairs in which the card changed the
    fame (`changed`, 95% Wilson interval `changed_low`-`changed_high`). Largest gain first."""
    pd = pandas()
    rows = []
    for card, group in df.groupby("card", sort=False):
        with_card = group[group["added"]].set_index("seed")["fame"]
        without = group[~group["added"]].set_index("seed")["fame"]
        gain = (with_card - without.reindex(with_card.index)).dropna()
        mean, low, high = mean_interval(gain)
        moved = int((gain != 0).sum())
        changed_low, changed_high = wilson(moved, len(gain))
        rows.append(
            {
                "card": card,
                "pairs": len(gain),
                "fame_with": with_card.mean(),
                "fame_without": without.mean(),
                "gain": mean,
                "low": low,
                "high": high,
                "changed": moved / len(gain) if len(gain) else float("nan"),
                "changed_low": changed_low,
                "changed_high": changed_high,
            }
        )
    return (
        pd.DataFrame(rows)
        .sort_values("gain", ascending=False, kind="stable")
        .reset_index(drop=True)
    )


def draw(df, fig):
    s = summarise(df).iloc[::-1]
    ax = fig.add_subplot()
    ax.barh(
        s["card"],
        s["gain"],
        xerr=[s["gain"] - s["low"], s["high"] - s["gain"]],
        capsize=2,
        color="#55a868",
    )
    ax.axvline(0, color="#444444", linewidth=0.8)
    size = len(df["deck"].iloc[0].split()) if len(df) else 0
    ax.set(
        xlabel=f"mean fame gained in one Flip + Check Fame ({int(s['pairs'].max())} paired "
        "seeds a card, 95% interval)",
        title=f"What a card adds to a deck of {size - 1} cards "
        f"(the starting deck and {int(df['hired'].iloc[0])} hires)",
    )
    fig.set_size_inches(7, max(4, 0.25 * len(s) + 1))


EXPERIMENT = Experiment(
    "card-value",
    "What is a card worth in a deck of the middle of a game (paired seeds)?",
    400,
    {"season": "s2", "cards": (), "deck": (), "hired": 5, "rulings": {}},
    tasks,
    card_job,
    summarise,
    draw,
    unit="pair",
    reading="gain: the mean paired difference in one Flip + Check Fame's fame, the deck with the "
    "card minus the same order without it (95% interval low-high, n = pairs); changed: the "
    "share of pairs whose fame differs (95% Wilson); the deck: the starting deck and `hired` "
    "toon cards",
)
