"""How often does each FlipToons ruling option change who wins? One seed's game under the
default rulings and under each other value of each option (`fliptoons.rulings.OPTIONS`, the
readings a table might play where the rulebooks leave room), the same policies and deal."""

from __future__ import annotations

import json
from dataclasses import replace

from ...games import contract
from ...limits import quote
from .runner import Experiment, Setup
from .stats import rate_table

GAME = "fliptoons"


def tasks(n, seed, season, players, policy, options):
    known = contract(GAME).options
    names = list(options) if options else list(known)
    for name in names:
        if name not in known:
            raise ValueError(
                f"options: unknown ruling option {quote(name)} (known: {', '.join(known)})"
            )
    Setup.of(GAME, season=season, players=players, policy=policy)
    return [(season, players, policy, tuple(names), seed + k) for k in range(n)]


def ruling_job(task) -> list[dict]:
    """One seed's game under the default rulings and under each other value of each option:
    a row per option and value, with the winners of both games and whether they differ."""
    season, players, policy, names, seed = task
    base = Setup.of(GAME, season=season, players=players, policy=policy)
    plain = base.new_game(seed)
    plain.play()
    rows = []
    for name in names:
        option = contract(GAME).options[name]
        for value in option.choices:
            if value == option.default and type(value) is type(option.default):
                continue
            setup = replace(base, rulings=json.dumps({name: value}, sort_keys=True))
            game = setup.new_game(seed)
            game.play()
            rows.append(
                {
                    **setup.columns(),
                    "seed": seed,
                    "option": name,
                    "value": json.dumps(value),
                    "winners_default": " ".join(map(str, plain.result.winners)),
                    "winners": " ".join(map(str, game.result.winners)),
                    "changed": game.result.winners != plain.result.winners,
                    "rounds_default": plain.result.rounds,
                    "rounds": game.result.rounds,
                }
            )
    return rows


def summarise(df):
    s = rate_table(df, ["option", "value"], hit="changed")
    return s.sort_values("rate", ascending=False, kind="stable").reset_index(drop=True)


def draw(df, fig):
    s = summarise(df).iloc[::-1]
    labels = s["option"] + " = " + s["value"]
    ax = fig.add_subplot()
    ax.barh(
        labels,
        s["rate"],
        xerr=[s["rate"] - s["low"], s["high"] - s["rate"]],
        capsize=2,
        color="#c44e52",
    )
    ax.set(
        xlabel="share of games whose winner changes (95% Wilson interval)",
        title="How often a ruling option changes the winner",
    )
    fig.set_size_inches(8, max(4, 0.25 * len(s) + 1))


EXPERIMENT = Experiment(
    "ruling-impact",
    "How often does each ruling option change who wins?",
    100,
    {"season": "combined", "players": 4, "policy": "default", "options": ()},
    tasks,
    ruling_job,
    summarise,
    draw,
    unit="seed",
)
