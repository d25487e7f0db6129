"""`fliptoons-explore flipology play`: whole Flipology games from a seed, with a policy,
summarised per game."""
from __future__ import annotations

import json
from collections import Counter

from ..limits import MAX_GAMES
from ..policy import DefaultPolicy, RandomPolicy
from .game import check_game_args, new_game


def make_policy(name: str, seed: int):
    """A policy by its command-line name: default, random (seeded) or greedy."""
    if name == "random":
        return RandomPolicy(seed)
    if name == "greedy":
        from .policies import GreedyPolicy
        return GreedyPolicy()
    return DefaultPolicy()


def play_games(variant: str, players: int, seed: int, games: int = 1, policy: str = "default",
               moon: bool = True, wolves: bool = True, deck=None, traced: bool = False):
    """Play `games` games, game k from seed `seed + k`; yields (seed, Game)."""
    for k in range(games):
        game = new_game(variant, players, seed + k, make_policy(policy, seed + k), traced, moon=moon,
                        wolves=wolves, deck=deck)
        game.play()
        yield seed + k, game


def play_command(args) -> str:
    if not 1 <= args.games <= MAX_GAMES:
        raise ValueError(f"--games: expected 1 to {MAX_GAMES:,}, got {args.games}")
    try:
        check_game_args(args.variant, args.players, args.seed, args.deck)
    except ValueError as e:
        raise ValueError(f"--{str(e)}") from None
    from ..fliptoons.play import with_progress
    rows = []
    games = play_games(args.variant, args.players, args.seed, args.games, args.policy, not args.no_moon,
                       not args.no_wolves, args.deck)
    for seed, game in with_progress(games, args.games):
        r = game.result
        names = [p.name for p in game.table.players]
        rows.append({"seed": seed, "winners": [names[i] for i in r.winners],
                     "scores": dict(zip(names, r.scores)), "moon": r.moon,
                     **({"running_scores": dict(zip(names, r.running)), "games": r.games} if r.running else {})})
    if args.json:
        return json.dumps({"game": "flipology", "variant": args.variant, "players": args.players,
                           "policy": args.policy, "games": rows}, indent=1)
    lines = []
    for row in rows:
        who = " & ".join(row["winners"])
        scores = ", ".join(f"{n} {s}" for n, s in row["scores"].items())
        moon = " (the Moon: the fewest points win)" if row["moon"] else ""
        if "running_scores" in row:
            running = ", ".join(f"{n} {s}" for n, s in row["running_scores"].items())
            lines.append(f"seed {row['seed']}: {who} win{'s' if len(row['winners']) == 1 else ''} after "
                         f"{row['games']} games; running scores: {running}")
        else:
            lines.append(f"seed {row['seed']}: {who} win{'s' if len(row['winners']) == 1 else ''}{moon}; {scores}")
    if len(rows) > 1:
        wins = Counter(w for r in rows for w in r["winners"] if len(r["winners"]) == 1)
        ties = sum(len(r["winners"]) > 1 for r in rows)
        lines.append("wins: " + ", ".join(f"{n} {c}" for n, c in sorted(wins.items()))
                     + (f"; {ties} shared" if ties else ""))
    return "\n".join(lines)
