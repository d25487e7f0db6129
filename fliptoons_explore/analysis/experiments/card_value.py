"""What is a FlipToons card worth in a starting deck? The fame of one Flip + Check Fame with the
card shuffled in, beside the same order without it (the same market and toon deck): paired
seeds, so the difference is the card's."""

from __future__ import annotations

from ...fliptoons.cards import toon_deck
from .decks import check_deck, check_rulings, resolution_row, shuffled, starting_deck
from .runner import Experiment
from .stats import mean_interval, pandas


def tasks(n, seed, season, cards, deck, rulings):
    base = check_deck(season, starting_deck(season, deck))
    cards = list(cards) if cards else sorted(set(toon_deck(season)))
    for c in cards:
        check_deck(season, [c])
    text = check_rulings(rulings)
    return [(season, base, c, seed + k, text) for c in cards for k in range(n)]


def card_job(task) -> list[dict]:
    """The paired resolutions of a card-value task: the starting deck with `card` shuffled in by
    the seed, and the same order without the card (the same market and toon deck)."""
    season, base, card, seed, rulings = task
    order = shuffled(base + [card], seed)
    without = list(order)
    without.remove(card)
    return [
        {"card": card, "added": True, **resolution_row(season, order, seed, rulings)},
        {"card": card, "added": False, **resolution_row(season, without, seed, rulings)},
    ]


def summarise(df):
    pd = pandas()
    rows = []
    for card, group in df.groupby("card", sort=False):
        with_card = group[group["added"]].set_index("seed")["fame"]
        without = group[~group["added"]].set_index("seed")["fame"]
        gain = (with_card - without.reindex(with_card.index)).dropna()
        mean, low, high = mean_interval(gain)
        rows.append(
            {
                "card": card,
                "pairs": len(gain),
                "fame_with": with_card.mean(),
                "fame_without": without.mean(),
                "gain": mean,
                "low": low,
                "high": high,
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
    ax.set(
        xlabel="fame gained in one Flip + Check Fame (paired seeds, 95% interval)",
        title="What a card is worth in a starting deck",
    )
    fig.set_size_inches(7, max(4, 0.25 * len(s) + 1))


EXPERIMENT = Experiment(
    "card-value",
    "What is a card worth in a starting deck (paired seeds)?",
    400,
    {"season": "s2", "cards": (), "deck": (), "rulings": {}},
    tasks,
    card_job,
    summarise,
    draw,
    unit="pair",
)
