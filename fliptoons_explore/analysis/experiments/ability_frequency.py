"""How often does each FlipToons ability change the table in real games, and what leads to it?
Each card's reveals, activations (`trigger` events) and fires: the activations that changed the
table. An activation changes the table when an event it caused, directly or through others,
does something (a place, stack, move, flip, return, dismiss, gain, hire...); one whose events
only say why it did nothing (`ignored`: a Gorilla in the lower row, a Rabbit with no face-up
Rabbit or face-down card to join) or record a decision that took nothing is counted as an
activation, not a fire (`fliptoons_explore.events`: every event names its cause). Each fire is
put down to the card whose ability led to it (a Gorilla's placing a Crab whose ability then
fires), or to the Flip's reveal (S2 Key Concepts: Ability/Special Effect Timing)."""

from __future__ import annotations

from collections import Counter

from .runner import Experiment, Setup
from .stats import mean_interval, pandas, wilson

#: Event kinds that change nothing on the table: an ability's part that did nothing and why
#: (`ignored`), a decision (what it decides comes as other events), another activation, an
#: effect put off to the end of the Flip (`queued`: its effect comes as other events), a
#: skipped action, the end of a Flip and a phase's start.
NO_CHANGE = frozenset({"ignored", "decision", "trigger", "queued", "skip", "end_flip", "phase"})


def tasks(n, seed, season, players, policy, rulings):
    setup = Setup.of("fliptoons", season=season, players=players, policy=policy, rulings=rulings)
    return [(setup, seed + k, "game", {}) for k in range(n)]


def activations(trace) -> list[tuple[str, str, bool]]:
    """Each activation of a trace (its `trigger` events, in order) as (card, the card whose
    ability led to it or '' (`caused_by`), whether it changed the table (`changed`))."""
    children: dict[int, list[int]] = {}
    for e in trace:
        if e.cause is not None:
            children.setdefault(e.cause, []).append(e.step)
    return [
        (e.card, caused_by(trace, e), changed(trace, children, e.step))
        for e in trace
        if e.kind == "trigger"
    ]


def changed(trace, children: dict, step: int) -> bool:
    """Whether an event caused by `step` (directly or through others) changes the table: one of
    a kind not in `NO_CHANGE`. `children`: each step's caused steps."""
    todo = list(children.get(step, ()))
    while todo:
        k = todo.pop()
        if trace[k].kind not in NO_CHANGE:
            return True
        todo.extend(children.get(k, ()))
    return False


def ability_job(task) -> list[dict]:
    """Play one game traced and count each card's reveals, activations and fires (activations
    that changed the table), by the card whose ability led to them (`by`; '' when the Flip's
    reveal placed it)."""
    setup, seed, per, extra = task
    game = setup.new_game(seed, traced=True)
    game.play()
    trace = game.trace
    revealed = Counter(e.card for e in trace if e.kind == "reveal")
    active: Counter = Counter()
    fires: Counter = Counter()
    for card, by, did in activations(trace):
        active[card, by] += 1
        fires[card, by] += did
    head = {**setup.columns(), "seed": seed}
    keys = sorted(set((c, "") for c in revealed) | set(active))
    return [
        {
            **head,
            "card": c,
            "by": by,
            "revealed": revealed[c] if by == "" else 0,
            "activations": active[c, by],
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
    """One row per card: `games`, its reveals, activations and fires (activations that changed
    the table); `fire_share`, the share of its activations that fired (95% Wilson interval
    `low`-`high`); fires per game with its 95% interval (`per_game_low`, `per_game_high`; a game
    without the card counts 0); the fires another card's ability led to. Most fires first."""
    pd = pandas()
    seeds = sorted(df["seed"].unique())
    games_played = len(seeds)
    per_game = df.groupby(["card", "seed"])["fires"].sum().unstack("seed")
    per_game = per_game.reindex(columns=seeds).fillna(0)
    chained = df[df["by"] != ""].groupby("card")["fires"].sum()
    rows = []
    for card, group in df.groupby("card", sort=True):
        active, fires = int(group["activations"].sum()), int(group["fires"].sum())
        low, high = wilson(fires, active)
        mean, mean_low, mean_high = mean_interval(per_game.loc[card].tolist())
        rows.append(
            {
                "card": card,
                "games": games_played,
                "revealed": int(group["revealed"].sum()),
                "activations": active,
                "fires": fires,
                "fire_share": fires / active if active else float("nan"),
                "low": low,
                "high": high,
                "per_game": mean,
                "per_game_low": max(0.0, mean_low),  # a count is never below 0
                "per_game_high": mean_high,
                "by_other_ability": int(chained.get(card, 0)),
            }
        )
    out = pd.DataFrame(rows)
    return out.sort_values("per_game", ascending=False, kind="stable").reset_index(drop=True)


def chains(df):
    """Of an `ability-frequency` run: how often one card's ability led to another's fire (a
    Gorilla's placing a Crab whose ability then changes the table), per game, most frequent
    first."""
    games_played = df["seed"].nunique()
    pairs = df[df["by"] != ""].groupby(["by", "card"])["fires"].sum().rename("fires").reset_index()
    pairs = pairs[pairs["fires"] > 0].copy()
    pairs["per_game"] = pairs["fires"] / games_played
    return pairs.sort_values(
        ["per_game", "by", "card"], ascending=[False, True, True], kind="stable"
    ).reset_index(drop=True)


def draw(df, fig):
    s = summarise(df).head(25).iloc[::-1]
    games_played = df["seed"].nunique()
    ax = fig.add_subplot()
    direct = (s["fires"] - s["by_other_ability"]) / games_played
    chained = s["by_other_ability"] / games_played
    idle = (s["activations"] - s["fires"]) / games_played
    ax.barh(s["card"], direct, color="#4c72b0", label="fired after a reveal")
    ax.barh(s["card"], chained, left=direct, color="#dd8452", label="fired, led to by another")
    ax.barh(
        s["card"],
        idle,
        left=direct + chained,
        color="#dddddd",
        label="activated but did nothing",
    )
    ax.set(
        xlabel=f"activations per game (mean over {games_played} games)",
        title="How often each ability changes the table",
    )
    ax.legend(fontsize="small")
    fig.set_size_inches(7, max(4, 0.25 * len(s) + 1))


EXPERIMENT = Experiment(
    "ability-frequency",
    "How often does each ability change the table in real games, and what leads to it?",
    200,
    {"season": "combined", "players": 4, "policy": "default", "rulings": {}},
    tasks,
    ability_job,
    summarise,
    draw,
    reading="fires: activations that changed the table (an ability that did nothing, such as a "
    "Gorilla in the lower row, is an activation only); fire_share: fires / activations (95% "
    "Wilson low-high); per_game: fires per game over `games` (95% interval)",
)
