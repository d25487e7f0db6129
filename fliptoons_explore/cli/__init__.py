"""The command line, `fliptoons-explore`: a thin layer over the engine, for every game, which
reaches a game only through its contract (`games.GameContract`). What each command prints is in
docs/scenarios.md (What the commands print); `fliptoons-explore COMMAND --help` says the rest.

    fliptoons-explore resolve SCENARIO.json [--json | --markdown]
    fliptoons-explore round SCENARIO.json [--json | --markdown]
    fliptoons-explore game SCENARIO.json [--json] [--policy P]
    fliptoons-explore chain SCENARIO.json [--json]
    fliptoons-explore compare SCENARIO.json [--ruling NAME=VALUE ...] [--all] [--json]
    fliptoons-explore flipology resolve SCENARIO.json [--json]
    fliptoons-explore play --season S --players N [--solo D] [--policy P] --seed S [--games G]
        [--jobs J] [--json]
    fliptoons-explore flipology play --variant V --players N --seed S [--games G] [--policy P]
        [--jobs J] [--json]
    fliptoons-explore experiment NAME [--games N] [--jobs J] [--seed S] [--set K=V]
        [--json | --csv FILE] [--plot FILE.png]
    fliptoons-explore experiment --list
    fliptoons-explore tournament --policies P,Q,... (--season S | --variant V) --players N
        [--solo D] --games G [--seed S] [--simulations N] [--jobs J] [--json]
    fliptoons-explore notebooks [DEST]
    fliptoons-explore app [SCENARIO.json] [--step N] [--port N] [--no-browser] [--pool N]
    fliptoons-explore --version

SCENARIO.json may be `-` for standard input; `resolve`, `round`, `game`, `chain` and `compare`
take a scenario of any game (a Flipology scenario says `"game": "flipology"`). A mistake is one
line on stderr and exit code 2.

- `main`: the parser (every command, its options and help) and `main`, which runs a command and
  turns its mistakes into that one line;
- `scenario`: the commands that play one scenario (resolve, round, game, chain, compare and
  a game's own resolve);
- `experiment`, `tournament`: many seeded games (`analysis.experiments`, `analysis.tournament`);
- `notebooks`: the teaching material copied out. A game's `play` command is its contract's
  (`GameContract.play_command`); `app` is `fliptoons_explore.app`.
"""
