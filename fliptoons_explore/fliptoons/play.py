"""`fliptoons-explore play`: whole games from a seed, with a policy, summarised per game."""
from __future__ import annotations

import json

from .game import new_game
from ..limits import MAX_GAMES
from ..parallel import run_tasks
from ..policy import DefaultPolicy, RandomPolicy


def make_policy(name: str, seed: int):
    if name == "random":
        return RandomPolicy(seed)
    if name == "greedy":
        from .greedy import GreedyPolicy
        return GreedyPolicy()
    return DefaultPolicy()


def play_games(season: str, players: int, seed: int, games: int = 1, solo: str | None = None,
               policy: str = "default"):
    """Play `games` games, game k from seed `seed + k`; yields (seed, Game)."""
    for k in range(games):
        game = new_game(season, players, seed + k, solo, make_policy(policy, seed + k), traced=False)
        game.play()
        yield seed + k, game


def check_play_args(season: str, players: int, solo: str | None, games: int) -> None:
    """`play`'s arguments, each named as on the command line (ValueError, one line)."""
    most = 8 if season == "combined" else 4
    if not 1 <= players <= most:
        raise ValueError(f"--players: expected 2 to {most} players with --season {season} "
                         f"(or 1 with --solo), got {players}")
    if solo and players != 1:
        raise ValueError(f"--solo: a solo game takes --players 1, got --players {players}")
    if players == 1 and not solo:
        raise ValueError("--players 1 is a solo game: add --solo easy, normal or hard")
    if not 1 <= games <= MAX_GAMES:
        raise ValueError(f"--games: expected 1 to {MAX_GAMES:,}, got {games}")


def play_row(task) -> dict:
    """One game of `play` from its seed, summarised (a worker's task: `(season, players, solo,
    policy, seed)`)."""
    season, players, solo, policy, seed = task
    game = new_game(season, players, seed, solo, make_policy(policy, seed), traced=False)
    r = game.play()
    names = [p.name for p in game.table.players]
    return {"seed": seed, "rounds": r.rounds, "reason": r.reason,
            "winner": names[r.winner] if r.winner is not None else None,
            "winners": [names[i] for i in r.winners],
            "final_fame": dict(zip(names, r.final_fame)) if r.final_fame else None,
            "solo": r.solo}


def play_command(args) -> str:
    check_play_args(args.season, args.players, args.solo, args.games)
    tasks = [(args.season, args.players, args.solo, args.policy, args.seed + k) for k in range(args.games)]
    rows = run_tasks(play_row, tasks, args.jobs, progress=False if args.json else None)
    if args.json:
        return json.dumps({"season": args.season, "players": args.players, "solo": args.solo,
                           "policy": args.policy, "games": rows}, indent=1)
    lines = []
    for row in rows:
        if row["solo"]:
            lines.append(f"seed {row['seed']}: solo {row['solo']} after {row['rounds']} rounds ({row['reason']})")
        else:
            fame = ", ".join(f"{n} {f}" for n, f in row["final_fame"].items())
            who = row["winner"] or "tie: " + " & ".join(row["winners"])
            lines.append(f"seed {row['seed']}: {who} wins after {row['rounds']} rounds; Final Flip: {fame}")
    if len(rows) > 1:
        if args.solo:
            won = sum(r["solo"] == "won" for r in rows)
            lines.append(f"won {won} of {len(rows)} ({100 * won / len(rows):.1f}%)")
        else:
            from collections import Counter
            wins = Counter(r["winner"] for r in rows if r["winner"])
            lines.append("wins: " + ", ".join(f"{n} {c}" for n, c in sorted(wins.items())))
    return "\n".join(lines)
