"""How much fame does a FlipToons deck make in one Flip + Check Fame (S2 Flip, Check Fame), over
the orders a shuffle puts it in?"""

from __future__ import annotations

from .decks import check_deck, check_rulings, resolution_job, starting_deck
from .runner import Experiment
from .stats import mean_interval, pandas, wilson


def tasks(n, seed, season, deck, rulings):
    deck = check_deck(season, starting_deck(season, deck))
    text = check_rulings(rulings)
    return [(season, deck, seed + k, text, {}) for k in range(n)]


def summarise(df):
    """One row per fame made: `resolutions`, their share of all (95% Wilson interval `low`-
    `high`), and the share that made at least that fame."""
    pd = pandas()
    counts = df["fame"].value_counts().sort_index()
    out = pd.DataFrame({"fame": counts.index, "resolutions": counts.values})
    n = len(df)
    out["share"] = out["resolutions"] / n
    bounds = [wilson(k, n) for k in out["resolutions"]]
    out["low"] = [low for low, _ in bounds]
    out["high"] = [high for _, high in bounds]
    out["at_least"] = out["share"][::-1].cumsum()[::-1]
    return out


def draw(df, fig):
    s = summarise(df).set_index("fame")
    mean, low, high = mean_interval(df["fame"])
    ax = fig.add_subplot()
    s["share"].plot.bar(ax=ax, rot=0, color="#4c72b0")
    ax.set(
        xlabel="fame in one Flip + Check Fame",
        ylabel="share of resolutions",
        title=f"Fame of the deck in {len(df)} resolutions: mean {mean:.2f} ({low:.2f} to "
        f"{high:.2f})",
    )


EXPERIMENT = Experiment(
    "deck-fame",
    "How much fame does a deck make in one Flip + Check Fame?",
    2000,
    {"season": "s2", "deck": (), "rulings": {}},
    tasks,
    resolution_job,
    summarise,
    draw,
    unit="resolution",
    reading="share: the share of all resolutions that made that fame (95% Wilson interval "
    "low-high); at_least: the share that made at least that fame",
)
