"""How often does each FlipToons ability fire in real games, and what leads to it? Each card's
reveals and activations in traced games, each activation put down to the card whose ability
led to it (a Gorilla's placing a Crab whose ability then fires), or to the Flip's reveal (S2
Key Concepts: Ability/Special Effect Timing)."""

from __future__ import annotations

from collections import Counter

from .runner import Experiment, Setup


def tasks(n, seed, season, players, policy, rulings):
    setup = Setup.of("fliptoons", season=season, players=players, policy=policy, rulings=rulings)
    return [(setup, seed + k, "game", {}) for k in range(n)]


def ability_job(task) -> list[dict]:
    """Play one game traced and count each card's reveals and ability activations, by the card
    whose ability led to the activation (`by`; '' when the Flip's reveal placed it)."""
    setup, seed, per, extra = task
    game = setup.new_game(seed, traced=True)
    game.play()
    trace = game.trace
    revealed = Counter(e.card for e in trace if e.kind == "reveal")
    fires: Counter = Counter()
    for e in trace:
        if e.kind == "trigger":
            fires[e.card, caused_by(trace, e)] += 1
    head = {**setup.columns(), "seed": seed}
    keys = sorted(set((c, "") for c in revealed) | set(fires))
    return [
        {
            **head,
            "card": c,
            "by": by,
            "revealed": revealed[c] if by == "" else 0,
            "fires": fires[c, by],
        }
        for c, by in keys
    ]


def caused_by(trace, event) -> str:
    """The card whose ability (the nearest activation up the cause chain, of another card)
    led to this activation; '' if none did."""
    step = event.cause
    while step is not None:
        e = trace[step]
        if e.kind == "trigger" and e.uid != event.uid:
            return e.card
        step = e.cause
    return ""


def summarise(df):
    games_played = df["seed"].nunique()
    by_card = df.groupby("card").agg(revealed=("revealed", "sum"), fires=("fires", "sum"))
    chained = df[df["by"] != ""].groupby("card")["fires"].sum()
    by_card["by_other_ability"] = chained.reindex(by_card.index).fillna(0).astype(int)
    by_card["fires_per_game"] = by_card["fires"] / games_played
    by_card["fires_per_reveal"] = by_card["fires"] / by_card["revealed"].where(
        by_card["revealed"] > 0
    )
    return by_card.sort_values("fires_per_game", ascending=False, kind="stable").reset_index()


def chains(df):
    """Of an `ability-frequency` run: how often one card's ability led to another's activation
    (a Gorilla's placing a Crab whose ability then fires), per game, most frequent first."""
    games_played = df["seed"].nunique()
    pairs = df[df["by"] != ""].groupby(["by", "card"])["fires"].sum().rename("fires").reset_index()
    pairs["per_game"] = pairs["fires"] / games_played
    return pairs.sort_values(
        ["per_game", "by", "card"], ascending=[False, True, True], kind="stable"
    ).reset_index(drop=True)


def draw(df, fig):
    s = summarise(df).head(25).iloc[::-1]
    ax = fig.add_subplot()
    direct = (s["fires"] - s["by_other_ability"]) / df["seed"].nunique()
    chained = s["by_other_ability"] / df["seed"].nunique()
    ax.barh(s["card"], direct, color="#4c72b0", label="after a reveal")
    ax.barh(s["card"], chained, left=direct, color="#dd8452", label="led to by another ability")
    ax.set(xlabel="activations per game", title="How often each ability fires")
    ax.legend(fontsize="small")
    fig.set_size_inches(7, max(4, 0.25 * len(s) + 1))


EXPERIMENT = Experiment(
    "ability-frequency",
    "How often does each ability fire in real games, and what leads to it?",
    200,
    {"season": "combined", "players": 4, "policy": "default", "rulings": {}},
    tasks,
    ability_job,
    summarise,
    draw,
)
