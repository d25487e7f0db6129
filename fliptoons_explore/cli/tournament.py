"""The command line's `tournament` command: its arguments checked and turned into a run of
`analysis.tournament`, and the standings it prints.

    fliptoons-explore tournament --policies P,Q,... (--season S | --variant V) --players N
        [--solo D] --games G [--seed S] [--simulations N] [--jobs J] [--json]

A tournament's game is the one whose setup has the field the command names (`--season`:
FlipToons, `--variant`: Flipology); that game's contract checks the rest
(`GameContract.check_play_args`).
"""

from __future__ import annotations

import json

from ..games import GAMES, contract

__all__ = ["tournament_command"]


def _game_with(field: str):
    """The contract of the game whose setup has `field` (`--season`: FlipToons)."""
    return next(contract(name) for name in GAMES if field in contract(name).row_fields)


def tournament_command(args) -> str:
    """`fliptoons-explore tournament --policies P,Q,... (--season S | --variant V) --players N
    [--solo D] --games G [--seed S] [--simulations N] [--jobs J] [--json]`."""
    from ..analysis.tournament import standings, tournament

    where = "season" if args.season else "variant"  # the option given of the two
    game = _game_with(where)
    setup = {where: getattr(args, where), "players": args.players}
    if args.solo:
        if "solo" not in game.row_fields:
            raise ValueError(
                f"--solo: {game.title} has no solo game (--{where} names a {game.title} tournament)"
            )
        setup["solo"] = args.solo
    game.check_play_args(setup, args.games, args.simulations)
    names = args.policies.split(",")
    if args.simulations is not None:
        names = [f"montecarlo:{args.simulations}" if n == "montecarlo" else n for n in names]
    fields = {k: v for k, v in setup.items() if k != "players"}
    try:
        df = tournament(
            names,
            players=args.players,
            games=args.games,
            seed=args.seed,
            jobs=args.jobs,
            progress=False if args.json else None,
            game=game.name,
            **fields,
        )
    except ValueError as e:
        raise ValueError(f"--{e}") from None
    table = standings(df)
    if args.json:
        return json.dumps(
            {
                "policies": names,
                "game": game.name,
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
    seats = "" if args.players == 1 else ", seats turned one place a game"
    lines = [
        f"{args.games} games of {game.setup_text(setup)}, {args.players} "
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
