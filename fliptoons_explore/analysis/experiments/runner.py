"""The runner: many seeded games of a setup as rows of a DataFrame, one code path for every game
through its contract (`fliptoons_explore.games`), spread over worker processes or any executor
(`fliptoons_explore.parallel`).

A `Setup` is a game's name, that game's setup fields (`GameContract.row_fields`: FlipToons'
season, players and solo difficulty; Flipology's variant, players, Moon and Wolves), a policy
for every seat and the ruling options that differ. A row of a game names its setup in columns
(`Setup.columns`), then its seed, then the game's outcome (`GameContract.outcome_rows`), so
`setup_of(row)` and the seed play the row's game again (`replay_game`).
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from dataclasses import dataclass

from ...games import DEFAULT_GAME, GAMES, contract
from ...limits import MAX_GAMES, quote
from ...parallel import run_tasks
from .stats import frame

__all__ = [
    "Setup",
    "SeatPolicies",
    "game_contract",
    "setup_of",
    "game_job",
    "games",
    "replay_game",
    "game_scenario",
    "Experiment",
]


# -- setups ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Setup:
    """What a game is played with: the `game`'s name, its setup `fields` ((name, value) pairs in
    the order of its `row_fields`; one not given plays at its default), `policy` (a policy name
    of that game, such as 'default', 'random', 'greedy' or 'montecarlo:N' for N simulations a
    decision, for every seat, or one per seat separated by commas: 'greedy,default') and
    `rulings` (the ruling options that differ from the defaults, as JSON text). `Setup.of`
    makes one from keyword arguments and checks it; `setup.players` reads a field (every game's
    setup has `players`, the number of seats a policy per seat is named for)."""

    game: str = DEFAULT_GAME
    fields: tuple = ()
    policy: str = "default"
    rulings: str = "{}"

    @classmethod
    def of(
        cls, game: str = DEFAULT_GAME, rulings: dict | None = None, policy="default", **fields
    ) -> Setup:
        """A setup from keyword arguments (the game's `row_fields`, `policy`, `rulings` as a
        dict), every field filled in; checked (ValueError naming the field)."""
        rules = game_contract(game)
        for name in fields:
            if name not in rules.row_fields:
                raise ValueError(
                    f"{name}: not a field of a {game} setup (its fields: game, "
                    f"{', '.join(rules.row_fields)}, policy, rulings)"
                )
        values = tuple(
            (name, fields.get(name, rules.setup_fields[name])) for name in rules.row_fields
        )
        setup = cls(game, values, policy, json.dumps(rulings or {}, sort_keys=True))
        setup.check()
        return setup

    def __getattr__(self, name: str):
        for key, value in self.__dict__.get("fields", ()):
            if key == name:
                return value
        raise AttributeError(f"{type(self).__name__} has no field {name!r}")

    def settings(self) -> dict:
        """The game's setup (`GameContract.check_setup` takes it): every row field, a field
        not given at its default, and the rulings as a dict."""
        given = dict(self.fields)
        rules = contract(self.game)
        out = {name: given.get(name, rules.setup_fields[name]) for name in rules.row_fields}
        return {**out, "rulings": json.loads(self.rulings)}

    def check(self) -> None:
        """Every field, as `new_game` checks it (ValueError, one line, naming the field)."""
        game_contract(self.game)
        names = self.seat_policies()
        try:
            json.loads(self.rulings)
        except (TypeError, ValueError):
            raise ValueError(
                f"rulings: expected JSON text of an object, got {quote(self.rulings)}"
            ) from None
        setup = contract(self.game).check_setup(self.settings())
        seats = setup["players"]
        if len(names) not in (1, seats):
            raise ValueError(
                f"policy: expected one policy name or {seats} (one per seat, "
                f"separated by commas), got {quote(self.policy)}"
            )

    def seat_policies(self) -> list[str]:
        """The policy name of each seat (one name: every seat's)."""
        names = self.policy.split(",") if isinstance(self.policy, str) else [self.policy]
        rules = contract(self.game)
        for name in names:
            try:
                rules.policy_name(name)
            except ValueError:
                raise ValueError(
                    f"policy: expected {_policy_words(rules)} (one for every seat, or one "
                    f"per seat separated by commas), got {quote(self.policy)}"
                ) from None
        return names

    def columns(self) -> dict:
        """The row columns that name this setup (the ones a replay needs)."""
        fields = {k: v for k, v in self.settings().items() if k != "rulings"}
        return {"game": self.game, **fields, "policy": self.policy, "rulings": self.rulings}

    def seat_policy(self, seed: int):
        """The policy of this setup's game from `seed`: the seats share one policy object per
        name, seeded with the game's seed (as `fliptoons-explore play` does)."""
        names = self.seat_policies()
        rules = contract(self.game)
        return _seats([rules.make_policy(n, seed) for n in names], names)

    def new_game(self, seed: int, traced: bool = False):
        """This setup's game from `seed`, ready to play (`seat_policy` plays it)."""
        return contract(self.game).new_game(self.settings(), seed, self.seat_policy(seed), traced)


def game_contract(game: str):
    """The contract of a setup's game by its name (ValueError naming the games there are)."""
    if not isinstance(game, str) or game not in GAMES:
        known = list(map(quote, GAMES))
        raise ValueError(
            f"game: expected {', '.join(known[:-1])} or {known[-1]}, got {quote(game)}"
        )
    return contract(game)


def _policy_words(rules) -> str:
    """A game's policy names in words: 'default, random, greedy, montecarlo or montecarlo:N'
    (a name that takes a budget of N simulations a decision is also named with it)."""
    budgeted = []
    for name in rules.policies:
        try:
            rules.policy_name(f"{name}:1")
        except ValueError:
            continue
        budgeted.append(f"{name}:N")
    return ", ".join(rules.policies) + "".join(f" or {name}" for name in budgeted)


class SeatPolicies:
    """A policy per seat: each decision goes to the policy of the player who makes it."""

    def __init__(self, policies: list) -> None:
        self.policies = policies
        self.name = ",".join(getattr(p, "name", "policy") for p in policies)

    def choose(self, choice):
        return self.policies[choice.player].choose(choice)

    def follow(self, game) -> SeatPolicies:
        """Tie each seat's policy that reads the game it plays to `game`."""
        for p in self.policies:
            follow = getattr(p, "follow", None)
            if follow is not None:
                follow(game)
        return self


def _seats(made: list, names: list[str]):
    """One policy for every seat when the setup names one; else a `SeatPolicies` whose seats
    with the same name share its policy object."""
    if len(set(names)) == 1:
        return made[0]
    first = {}
    for name, policy in zip(names, made):
        first.setdefault(name, policy)
    return SeatPolicies([first[n] for n in names])


def setup_of(row) -> Setup:
    """The setup a row names (its `game`, its game's row fields, `policy` and `rulings`)."""
    get = row.get if hasattr(row, "get") else row.__getitem__
    game = get("game")
    rules = game_contract(game)
    fields = tuple(
        (name, _field_value(get(name), rules.setup_fields[name])) for name in rules.row_fields
    )
    return Setup(game, fields, get("policy"), get("rulings"))


def _field_value(value, default):
    """A field as a row holds it, back to the plain value a setup has: a missing one (None, or
    NaN in a column that other games' rows leave empty) at its default, a NumPy number as a
    Python one, a whole float as an int and a flag as a bool where the default is one."""
    if value is None or isinstance(value, float) and math.isnan(value):
        return default
    value = value.item() if hasattr(value, "item") else value
    if isinstance(default, bool):
        return bool(value)
    if isinstance(default, int) and isinstance(value, float) and value.is_integer():
        return int(value)
    return value


# -- games -----------------------------------------------------------------------------------------


def game_job(task) -> list[dict]:
    """Play one game of a setup from its seed (a worker's task: `(setup, seed, per, extra)`)."""
    setup, seed, per, extra = task
    game = setup.new_game(seed)
    first = game.table.first_player
    game.play()
    out = contract(setup.game).outcome_rows(game, first, per)
    head = {**extra, **setup.columns(), "seed": seed}
    return [{**head, **row} for row in out]


def game_tasks(setups, n: int, seed: int, per: str) -> list:
    """Each setup's `n` games, game k from seed `seed + k`, as `game_job` takes them."""
    return [(s, seed + k, per, {}) for s in setups for k in range(n)]


def games(
    setups,
    n: int = 100,
    seed: int = 0,
    per: str = "game",
    jobs: int | None = None,
    executor=None,
    progress: bool | None = None,
    chunk: int | None = None,
):
    """Play every setup `n` times, game k from seed `seed + k`: a DataFrame with one row per game
    (`per="game"`) or per seat and game (`per="player"`), the setup's columns and the seed first
    (`replay(row)` plays a row's game again). `setups`: a `Setup` or a list of them; `jobs`,
    `executor`, `progress` as `fliptoons_explore.parallel.run_tasks` takes them."""
    setups = [setups] if isinstance(setups, Setup) else list(setups)
    check_count(n, "n")
    check_seed(seed)
    if per not in ("game", "player"):
        raise ValueError(f'per: expected "game" or "player", got {quote(per)}')
    for s in setups:
        if not isinstance(s, Setup):
            raise ValueError(f"setups: expected Setup objects, got {quote(s)}")
        s.check()
    tasks = game_tasks(setups, n, seed, per)
    return frame(
        r
        for rows in run_tasks(game_job, tasks, jobs, executor, progress, "game", chunk=chunk)
        for r in rows
    )


def replay_game(row):
    """A game row's game played again from its setup and seed, traced: its outcome is the
    row's."""
    game = setup_of(row).new_game(int(row["seed"]), traced=True)
    game.play()
    return game


def game_scenario(row, round: int = 1) -> dict:
    """A game row as a scenario (`GameContract.scenario_at`): its game at the start of round
    `round`, the table as it then is, which plays on as the row's game did; a game that starts
    no later round (Flipology) as dealt, before the first turn."""
    if isinstance(round, bool) or not isinstance(round, int) or round < 1:
        raise ValueError(f"round: expected a round number of at least 1, got {quote(round)}")
    setup = setup_of(row)
    seed = int(row["seed"])
    return contract(setup.game).scenario_at(setup.settings(), seed, setup.seat_policy(seed), round)


# -- experiments -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Experiment:
    """A built-in question: its `name`, the `question` it answers, the default number of games
    (or resolutions, or seeds) per cell, its parameters and their defaults, how it makes its
    tasks, the worker's `job`, how it summarises the rows and draws the summary; `reading`: how
    to read the summary (what each rate is a share of, its interval, who played); `more`: other
    tables of the rows, (name, function) pairs, which the command line prints after it."""

    name: str
    question: str
    games: int
    params: dict
    tasks: Callable
    job: Callable
    summarise: Callable
    draw: Callable
    unit: str = "game"
    reading: str = ""
    more: tuple = ()


# -- checks ----------------------------------------------------------------------------------------


def check_count(n, argument: str) -> None:
    """A number of games (resolutions, seeds) from 1 to `MAX_GAMES` (ValueError naming it)."""
    if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= MAX_GAMES:
        raise ValueError(
            f"{argument}: expected a whole number from 1 to {MAX_GAMES:,}, got {quote(n)}"
        )


def check_seed(seed) -> None:
    """A seed of at most 18 digits (ValueError)."""
    if isinstance(seed, bool) or not isinstance(seed, int) or abs(seed) >= 10**18:
        raise ValueError(f"seed: expected a whole number of at most 18 digits, got {quote(seed)}")
