"""`fliptoons-explore flipology play`: whole Flipology games from a seed, with a policy,
summarised per game."""

from __future__ import annotations

import json
from collections import Counter

from ..limits import MAX_GAMES
from ..parallel import run_tasks
from ..policy import DefaultPolicy, RandomPolicy
from .game import check_game_args, new_game

#: The policies a command line or an experiment names: `montecarlo:N` is the search with a
#: budget of N simulations a decision (`montecarlo` alone: its default budget).
POLICIES = ("default", "random", "greedy", "montecarlo")
#: The most simulations a decision a policy name may ask for.
MAX_SIMULATIONS = 100_000


def policy_name(name) -> tuple[str, int | None]:
    """(policy, budget) of a name such as 'greedy' or 'montecarlo:400'. ValueError (one line)
    for a name that is none of `POLICIES`."""
    base, _, budget = str(name).partition(":")
    if (
        base not in POLICIES
        or budget
        and (
            base != "montecarlo" or not budget.isdigit() or not 1 <= int(budget) <= MAX_SIMULATIONS
        )
    ):
        raise ValueError(
            f"policy: expected one of {', '.join(POLICIES)} (montecarlo:N for N simulations "
            f"a decision, 1 to {MAX_SIMULATIONS:,}), got {name!r}"
        )
    return base, int(budget) if budget else None


def check_simulations(simulations) -> None:
    """`--simulations`: None or 1 to MAX_SIMULATIONS (ValueError, one line)."""
    if simulations is not None and not 1 <= simulations <= MAX_SIMULATIONS:
        raise ValueError(
            f"--simulations: expected 1 to {MAX_SIMULATIONS:,} simulations a decision, got "
            f"{simulations}"
        )


def make_policy(name: str, seed: int, simulations: int | None = None):
    """A policy by its command-line name (`policy_name`): default, random (seeded), greedy or
    montecarlo[:N] (the search, seeded); `simulations`: the search's budget a decision, where
    the name gives none."""
    base, budget = policy_name(name)
    if base == "random":
        return RandomPolicy(seed)
    if base == "greedy":
        from .policies import GreedyPolicy

        return GreedyPolicy()
    if base == "montecarlo":
        from .search import SearchPolicy

        return SearchPolicy(budget or simulations, seed=seed)
    return DefaultPolicy()


def play_row(task) -> dict:
    """One game of `flipology play` from its seed, summarised (a worker's task: `(variant,
    players, policy, moon, wolves, deck, seed)`)."""
    variant, players, policy, moon, wolves, deck, seed = task
    game = new_game(
        variant,
        players,
        seed,
        make_policy(policy, seed),
        False,
        moon=moon,
        wolves=wolves,
        deck=deck,
    )
    r = game.play()
    names = [p.name for p in game.table.players]
    return {
        "seed": seed,
        "winners": [names[i] for i in r.winners],
        "scores": dict(zip(names, r.scores)),
        "moon": r.moon,
        **({"running_scores": dict(zip(names, r.running)), "games": r.games} if r.running else {}),
    }


def play_command(args) -> str:
    if not 1 <= args.games <= MAX_GAMES:
        raise ValueError(f"--games: expected 1 to {MAX_GAMES:,}, got {args.games}")
    try:
        check_game_args(args.variant, args.players, args.seed, args.deck)
    except ValueError as e:
        raise ValueError(f"--{str(e)}") from None
    tasks = [
        (
            args.variant,
            args.players,
            args.policy,
            not args.no_moon,
            not args.no_wolves,
            args.deck,
            args.seed + k,
        )
        for k in range(args.games)
    ]
    rows = run_tasks(play_row, tasks, args.jobs, progress=False if args.json else None)
    if args.json:
        return json.dumps(
            {
                "game": "flipology",
                "variant": args.variant,
                "players": args.players,
                "policy": args.policy,
                "games": rows,
            },
            indent=1,
        )
    lines = []
    for row in rows:
        who = " & ".join(row["winners"])
        scores = ", ".join(f"{n} {s}" for n, s in row["scores"].items())
        moon = " (the Moon: the fewest points win)" if row["moon"] else ""
        if "running_scores" in row:
            running = ", ".join(f"{n} {s}" for n, s in row["running_scores"].items())
            lines.append(
                f"seed {row['seed']}: {who} win{'s' if len(row['winners']) == 1 else ''} after "
                f"{row['games']} games; running scores: {running}"
            )
        else:
            lines.append(
                f"seed {row['seed']}: {who} win{'s' if len(row['winners']) == 1 else ''}{moon}; "
                f"{scores}"
            )
    if len(rows) > 1:
        wins = Counter(w for r in rows for w in r["winners"] if len(r["winners"]) == 1)
        ties = sum(len(r["winners"]) > 1 for r in rows)
        lines.append(
            "wins: "
            + ", ".join(f"{n} {c}" for n, c in sorted(wins.items()))
            + (f"; {ties} shared" if ties else "")
        )
    return "\n".join(lines)
