"""The commands that play one scenario, of whichever game it is (its contract, `games.contract_of`,
plays it): `resolve`, `round`, `game`, `chain`, `compare`, and a game's own `resolve` command
(`flipology resolve`), which takes a scenario of that game only."""

from __future__ import annotations

import json

from ..games import contract, contract_of


def scenario_output(scenario, args) -> str:
    """What the command `args` names prints for `scenario` (ScenarioError, one line, for a bad
    one). `args.play` says how the scenario is played ("resolve", "round", "game", "chain" or
    "compare"); `args.game`, when the command is a game's own, names the game the scenario must
    be of."""
    if args.play == "chain":
        from ..chains import chain_command

        return chain_command(scenario, as_json=args.json)
    if args.play == "compare":
        from ..analysis.compare import compare_command

        return compare_command(scenario, args.ruling, as_json=args.json, everything=args.everything)
    game = contract_of(scenario) if args.game is None else contract(args.game)
    if args.game is not None:
        game.check(scenario)
    markdown = bool(getattr(args, "markdown", False))
    if args.play == "game":
        seed = scenario.get("seed", 0) if isinstance(scenario, dict) else 0
        policy = game.make_policy(args.policy, seed if isinstance(seed, int) else 0)
        result = game.play_game(scenario, policy)
    elif args.play == "round":
        result = game.play_round(scenario, record=markdown)
    else:
        result = game.resolve(scenario, record=markdown)
    if markdown:
        return game.markdown(result, args.play).rstrip("\n")
    return json.dumps(result.to_json(), indent=1) if args.json else game.text(result)
