"""`fliptoons-explore play`: whole games from a seed, with a policy, summarised per game."""

from __future__ import annotations

import json

from ..limits import MAX_GAMES, quote
from ..parallel import run_tasks
from ..policy import DefaultPolicy, RandomPolicy
from .game import new_game

#: The policies a command line or an experiment names: `montecarlo:N` is the search with a
#: budget of N simulations a decision (`montecarlo` alone: its default budget).
POLICIES = ("default", "random", "greedy", "montecarlo")
#: The most simulations a decision a policy name may ask for.
MAX_SIMULATIONS = 100_000


def policy_name(name) -> tuple[str, int | None]:
    """(policy, budget) of a policy's name: 'greedy' -> ('greedy', None), 'montecarlo:200' ->
    ('montecarlo', 200); ValueError (one line) for a name that is none of `POLICIES`."""
    base, _, budget = name.partition(":") if isinstance(name, str) else (name, "", "")
    if (
        base not in POLICIES
        or budget
        and (
            base != "montecarlo" or not budget.isdigit() or not 1 <= int(budget) <= MAX_SIMULATIONS
        )
    ):
        raise ValueError(
            f"expected a policy, {', '.join(POLICIES)} or montecarlo:N (N simulations a "
            f"decision, 1 to {MAX_SIMULATIONS:,}), got {quote(name)}"
        )
    return base, int(budget) if budget else None


def make_policy(name: str, seed: int, simulations: int | None = None):
    """A policy by its name (`policy_name`), seeded with `seed` where it draws at random;
    `simulations`: the search's budget a decision, where the name gives none."""
    base, budget = policy_name(name)
    if base == "random":
        return RandomPolicy(seed)
    if base == "greedy":
        from .greedy import GreedyPolicy

        return GreedyPolicy()
    if base == "montecarlo":
        from .search import MonteCarloPolicy

        return MonteCarloPolicy(budget or simulations, seed=seed)
    return DefaultPolicy()


def check_play_args(season: str, players: int, solo: str | None, games: int) -> None:
    """`play`'s arguments, each named as on the command line (ValueError, one line)."""
    most = 8 if season == "combined" else 4
    if not 1 <= players <= most:
        raise ValueError(
            f"--players: expected 2 to {most} players with --season {season} "
            f"(or 1 with --solo), got {players}"
        )
    if solo and players != 1:
        raise ValueError(f"--solo: a solo game takes --players 1, got --players {players}")
    if players == 1 and not solo:
        raise ValueError("--players 1 is a solo game: add --solo easy, normal or hard")
    if not 1 <= games <= MAX_GAMES:
        raise ValueError(f"--games: expected 1 to {MAX_GAMES:,}, got {games}")


def check_simulations(simulations) -> None:
    """`--simulations`: None or 1 to MAX_SIMULATIONS (ValueError, one line)."""
    if simulations is not None and not 1 <= simulations <= MAX_SIMULATIONS:
        raise ValueError(
            f"--simulations: expected 1 to {MAX_SIMULATIONS:,} simulations a decision, got "
            f"{simulations}"
        )


def play_row(task) -> dict:
    """One game of `play` from its seed, summarised (a worker's task: `(season, players, solo,
    policy, seed, simulations)`)."""
    season, players, solo, policy, seed, simulations = task
    game = new_game(
        season, players, seed, solo, make_policy(policy, seed, simulations), traced=False
    )
    r = game.play()
    names = [p.name for p in game.table.players]
    return {
        "seed": seed,
        "rounds": r.rounds,
        "reason": r.reason,
        "winner": names[r.winner] if r.winner is not None else None,
        "winners": [names[i] for i in r.winners],
        "final_fame": dict(zip(names, r.final_fame)) if r.final_fame else None,
        "solo": r.solo,
    }


def play_command(args) -> str:
    check_play_args(args.season, args.players, args.solo, args.games)
    check_simulations(args.simulations)
    tasks = [
        (args.season, args.players, args.solo, args.policy, args.seed + k, args.simulations)
        for k in range(args.games)
    ]
    rows = run_tasks(play_row, tasks, args.jobs, progress=False if args.json else None)
    if args.json:
        return json.dumps(
            {
                "season": args.season,
                "players": args.players,
                "solo": args.solo,
                "policy": args.policy,
                "games": rows,
            },
            indent=1,
        )
    lines = []
    for row in rows:
        if row["solo"]:
            lines.append(
                f"seed {row['seed']}: solo {row['solo']} after {row['rounds']} rounds "
                f"({row['reason']})"
            )
        else:
            fame = ", ".join(f"{n} {f}" for n, f in row["final_fame"].items())
            who = row["winner"] or "tie: " + " & ".join(row["winners"])
            lines.append(
                f"seed {row['seed']}: {who} wins after {row['rounds']} rounds; Final Flip: {fame}"
            )
    if len(rows) > 1:
        if args.solo:
            won = sum(r["solo"] == "won" for r in rows)
            lines.append(f"won {won} of {len(rows)} ({100 * won / len(rows):.1f}%)")
        else:
            from collections import Counter

            wins = Counter(r["winner"] for r in rows if r["winner"])
            lines.append("wins: " + ", ".join(f"{n} {c}" for n, c in sorted(wins.items())))
    return "\n".join(lines)
