"""Tournaments: policies against each other at one table, and their win shares with intervals.

    >>> from fliptoons_explore.analysis.tournament import tournament, standings
    >>> df = tournament(["montecarlo", "greedy", "greedy", "greedy"], "s2", players=4, games=200)  # doctest: +SKIP
    >>> standings(df)             # each policy's share of the wins, with a 95% Wilson interval

Game k is seeded `seed + k` and seats the policies turned k places: seat i plays
`policies[(i + k) % len(policies)]` (with fewer names than players, they repeat round the table).
Over the games every policy sits in every seat (the first player is the seed's), so the seat does
not favour one. A solo tournament (`players=1`, a `solo` difficulty) plays every policy on the
same seeds. A Flipology tournament (`game="flipology"`, a `variant`) seats its policies the
same way.
"""  # noqa: E501

from __future__ import annotations

import math

from ..flipology.play import policy_name as flipology_policy_name
from ..fliptoons.play import policy_name
from ..limits import quote
from ..parallel import run_tasks
from .experiments import Setup, _frame, _pandas, game_job, wilson

__all__ = ["tournament", "standings", "tournament_command"]


def seating(policies: list[str], players: int, k: int) -> list[str]:
    """The policy of each seat in game k: the names turned k places round the table."""
    return [policies[(i + k) % len(policies)] for i in range(players)]


def tournament(
    policies,
    season: str = "s2",
    players: int = 4,
    games: int = 100,
    seed: int = 0,
    solo: str | None = None,
    rulings: dict | None = None,
    jobs: int | None = 1,
    executor=None,
    progress: bool | None = None,
    game: str = "fliptoons",
    variant: str = "nature",
):
    """Play `games` seeded games of `policies` (names, as `Setup` takes them; a list or text
    separated by commas): one row per seat and game (`seat`, its `seat_policy`, `won`, `share`
    of the win: 1/k for k tied winners). Solo (`players=1`, `solo` a difficulty): every policy
    plays every seed, one row per policy and game. Flipology (`game="flipology"`): `variant`
    'nature', 'great-tree' or 'multi', no season. ValueError (one line) for a bad argument."""
    names = policies.split(",") if isinstance(policies, str) else list(policies)
    if not names or not all(isinstance(n, str) and n for n in names):
        raise ValueError(
            f"policies: expected policy names separated by commas, got {quote(policies)}"
        )
    if game not in ("fliptoons", "flipology"):
        raise ValueError(f'game: expected "fliptoons" or "flipology", got {quote(game)}')
    for name in names:
        try:
            (policy_name if game == "fliptoons" else flipology_policy_name)(name)
        except ValueError as e:
            raise ValueError(f"policies: {e}") from None
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise ValueError(f"games: expected a whole number of at least 1, got {quote(games)}")
    if game == "flipology":
        tasks = [
            (
                Setup.of(
                    "flipology",
                    variant=variant,
                    players=players,
                    policy=",".join(seating(names, players, k)),
                    rulings=rulings,
                ),
                seed + k,
                "player",
                {"game": k},
            )
            for k in range(games)
        ]
    elif players == 1:
        setups = [
            Setup.of(season=season, players=1, solo=solo, policy=n, rulings=rulings)
            for n in dict.fromkeys(names)
        ]
        tasks = [(s, seed + k, "player", {"game": k}) for s in setups for k in range(games)]
    else:
        tasks = [
            (
                Setup.of(
                    season=season,
                    players=players,
                    solo=solo,
                    policy=",".join(seating(names, players, k)),
                    rulings=rulings,
                ),
                seed + k,
                "player",
                {"game": k},
            )
            for k in range(games)
        ]
    rows = run_tasks(game_job, tasks, jobs, executor, progress, "game")
    df = _frame(dict(r, seat_policy=r["policy"].split(",")[r["seat"]]) for rs in rows for r in rs)
    df.attrs.update(
        policies=names,
        season=None if game == "flipology" else season,
        players=players,
        solo=solo,
        games=games,
        seed=seed,
        game=game,
        variant=variant if game == "flipology" else None,
    )
    return df


def standings(df):
    """Each policy's seats, wins (ties shared) and share of its seats' games won, with a 95%
    Wilson interval, beside a fair share (1 / players; solo: its win rate alone)."""
    pd = _pandas()
    players = int(df["players"].iloc[0])
    out = []
    for name, group in df.groupby("seat_policy", sort=False):
        n = len(group)
        wins = float(group["share"].sum())
        low, high = wilson(wins, n)
        out.append(
            {
                "policy": name,
                "seats": n,
                "wins": wins,
                "share": wins / n,
                "low": low,
                "high": high,
                "fair": 1 / players if players > 1 else math.nan,
            }
        )
    return (
        pd.DataFrame(out)
        .sort_values("share", ascending=False, kind="stable")
        .reset_index(drop=True)
    )


def tournament_command(args) -> str:
    """`fliptoons-explore tournament --policies P,Q,... (--season S | --variant V) --players N
    [--solo D] --games G [--seed S] [--simulations N] [--jobs J] [--json]`."""
    import json

    from ..fliptoons.play import check_play_args, check_simulations

    game = "flipology" if args.variant else "fliptoons"
    if game == "fliptoons":
        check_play_args(args.season, args.players, args.solo, args.games)
    else:
        from ..flipology.game import check_game_args

        if args.solo:
            raise ValueError(
                "--solo: Flipology has no solo game (--variant names a Flipology tournament)"
            )
        try:
            check_game_args(args.variant, args.players, args.seed, None)
        except ValueError as e:
            raise ValueError(f"--{e}") from None
    check_simulations(args.simulations)
    names = args.policies.split(",")
    if args.simulations is not None:
        names = [f"montecarlo:{args.simulations}" if n == "montecarlo" else n for n in names]
    try:
        df = tournament(
            names,
            args.season or "s2",
            args.players,
            args.games,
            args.seed,
            args.solo,
            jobs=args.jobs,
            progress=False if args.json else None,
            game=game,
            variant=args.variant or "nature",
        )
    except ValueError as e:
        raise ValueError(f"--{e}") from None
    table = standings(df)
    if args.json:
        return json.dumps(
            {
                "policies": names,
                "game": game,
                "season": args.season,
                "variant": args.variant,
                "players": args.players,
                "solo": args.solo,
                "games": args.games,
                "seed": args.seed,
                "standings": json.loads(table.to_json(orient="records")),
            },
            indent=1,
        )
    solo = f" solo {args.solo}" if args.solo else ""
    seats = "" if args.players == 1 else ", seats turned one place a game"
    what = args.season if game == "fliptoons" else f"Flipology {args.variant}"
    lines = [
        f"{args.games} games of {what}{solo}, {args.players} "
        f"player{'s' if args.players > 1 else ''}"
        f", from seed {args.seed}{seats}:"
    ]
    width = max(len(n) for n in table["policy"])
    head = "won" if args.players == 1 else "share of its seats' games won"
    lines.append(f"  {'policy':<{width}}  {'seats':>6}  {'wins':>7}  {head} (95% Wilson interval)")
    for r in table.itertuples():
        fair = "" if args.players == 1 else f"   (a fair share: {r.fair:.1%})"
        lines.append(
            f"  {r.policy:<{width}}  {r.seats:>6}  {r.wins:>7.1f}  {r.share:6.1%} "
            f"[{r.low:.1%}, {r.high:.1%}]{fair}"
        )
    return "\n".join(lines)
