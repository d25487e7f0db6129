"""Experiments: many seeded games or resolutions of a setup as a tidy pandas DataFrame, spread
over every core (or a dask cluster), with a summary and a plot for each built-in question.

    >>> from fliptoons_explore.analysis import experiments as ex
    >>> df = ex.run("solo-win-rate", games=200, seed=1)      # one row per game    # doctest: +SKIP
    >>> ex.summary(df)                  # the win rate of each cell with its 95% interval
    >>> ex.plot(df)                     # the same as a chart (a matplotlib Figure)
    >>> ex.replay(df.iloc[0])           # that row's game again, traced
    >>> ex.scenario(df.iloc[0])         # its first round as a scenario: explorer(ex.scenario(row))

Game k of every cell of an experiment is seeded `seed + k` (the same seeds in every cell, so
cells compare on the same deals: paired seeds), and every row carries what replays it: the game,
its setup (season or variant, players, solo difficulty, a policy per seat, ruling options) and
its seed, or for a resolution the deck in the order it was flipped. A row depends on nothing
else, so the DataFrame is the same for any number of jobs and any executor
(`fliptoons_explore.parallel`).

For a setup of your own, `games(setups, n, seed)` plays each setup `n` times, one row per game or
per player and game (`per="player"`); `resolutions(season, decks, seed)` resolves decks.
"""

from __future__ import annotations

import json
import math
import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, replace
from statistics import NormalDist

from .. import flipology
from .._optional import require
from ..flipology.play import POLICIES as FLIPOLOGY_POLICIES
from ..flipology.play import make_policy as flipology_policy
from ..flipology.play import policy_name as flipology_policy_name
from ..fliptoons.cards import CATALOG, STARTING_DECKS, toon_deck
from ..fliptoons.engine import resolve as resolve_fliptoons
from ..fliptoons.game import TRIGGER_FAME, new_game
from ..fliptoons.play import POLICIES as FLIPTOONS_POLICIES
from ..fliptoons.play import make_policy as fliptoons_policy
from ..fliptoons.play import policy_name as fliptoons_policy_name
from ..fliptoons.rulings import OPTIONS as FLIPTOONS_OPTIONS
from ..fliptoons.rulings import Rulings
from ..fliptoons.state import PRICES
from ..games import contract
from ..limits import MAX_GAMES, quote
from ..parallel import run_tasks

__all__ = [
    "Setup",
    "Experiment",
    "EXPERIMENTS",
    "names",
    "run",
    "summary",
    "plot",
    "games",
    "resolutions",
    "replay",
    "scenario",
    "wilson",
    "mean_interval",
    "chains",
]

#: The normal quantile of a two-sided 95% interval.
Z95 = NormalDist().inv_cdf(0.975)


# -- setups and their rows -------------------------------------------------------------------------


@dataclass(frozen=True)
class Setup:
    """What a game is played with. FlipToons (`game="fliptoons"`): `season` ('s1', 's2',
    'combined'), `players`, `solo` (None or 'easy', 'normal', 'hard' with one player).
    Flipology (`game="flipology"`): `variant` ('nature', 'great-tree', 'multi'), `players`,
    `moon` and `wolves` (whether those cards are played with). `policy`: a policy name
    ('default', 'random', 'greedy'; in FlipToons also 'montecarlo', or 'montecarlo:N' for N
    simulations a decision) for every seat, or one per seat separated by commas
    ('greedy,default'); `rulings`: the ruling options that differ from the defaults, as JSON
    text (`Setup.of(rulings={...})` writes it)."""

    game: str = "fliptoons"
    season: str | None = "s2"
    variant: str | None = None
    players: int = 2
    solo: str | None = None
    policy: str = "default"
    rulings: str = "{}"
    moon: bool = True
    wolves: bool = True

    @classmethod
    def of(cls, game: str = "fliptoons", rulings: dict | None = None, **fields) -> Setup:
        """A setup from keyword arguments, `rulings` as a dict; checked (ValueError naming the
        field). A Flipology setup needs no season; its variant defaults to 'nature'."""
        known = {"season", "variant", "players", "solo", "policy", "moon", "wolves"}
        for name in fields:
            if name not in known:
                raise ValueError(
                    f"{name}: not a field of a setup (its fields: game, "
                    f"{', '.join(sorted(known))}, rulings)"
                )
        if game == "flipology":
            fields.setdefault("variant", "nature")
            fields["season"] = None
        setup = cls(game=game, rulings=json.dumps(rulings or {}, sort_keys=True), **fields)
        setup.check()
        return setup

    def check(self) -> None:
        """Every field, as `new_game` checks it (ValueError, one line, naming the field)."""
        if self.game not in ("fliptoons", "flipology"):
            raise ValueError(f'game: expected "fliptoons" or "flipology", got {quote(self.game)}')
        names = self.seat_policies()
        try:
            rulings = json.loads(self.rulings)
        except (TypeError, ValueError):
            raise ValueError(
                f"rulings: expected JSON text of an object, got {quote(self.rulings)}"
            ) from None
        if self.game == "fliptoons":
            new_game(self.season, self.players, 0, self.solo, rulings=rulings, traced=False)
        else:
            flipology.new_game(
                self.variant,
                self.players,
                0,
                traced=False,
                rulings=rulings,
                moon=self.moon,
                wolves=self.wolves,
            )
        if len(names) not in (1, self.players):
            raise ValueError(
                f"policy: expected one policy name or {self.players} (one per seat, "
                f"separated by commas), got {quote(self.policy)}"
            )

    def seat_policies(self) -> list[str]:
        names = self.policy.split(",") if isinstance(self.policy, str) else [self.policy]
        known = FLIPTOONS_POLICIES if self.game == "fliptoons" else FLIPOLOGY_POLICIES
        for name in names:
            if not _is_policy(name, self.game):
                more = " or montecarlo:N"
                raise ValueError(
                    f"policy: expected {', '.join(known)}{more} (one for every seat, or one "
                    f"per seat separated by commas), got {quote(self.policy)}"
                )
        return names

    def columns(self) -> dict:
        """The row columns that name this setup (the ones a replay needs)."""
        if self.game == "fliptoons":
            return {
                "game": self.game,
                "season": self.season,
                "players": self.players,
                "solo": self.solo,
                "policy": self.policy,
                "rulings": self.rulings,
            }
        return {
            "game": self.game,
            "variant": self.variant,
            "players": self.players,
            "moon": self.moon,
            "wolves": self.wolves,
            "policy": self.policy,
            "rulings": self.rulings,
        }

    def new_game(self, seed: int, traced: bool = False):
        """This setup's game from `seed`, ready to play. The seats share one policy object per
        name, seeded with the game's seed (as `fliptoons-explore play` does)."""
        names = self.seat_policies()
        rulings = json.loads(self.rulings)
        if self.game == "fliptoons":
            policy = _seats([fliptoons_policy(n, seed) for n in names], names)
            return new_game(self.season, self.players, seed, self.solo, policy, traced, rulings)
        policy = _seats([flipology_policy(n, seed) for n in names], names)
        return flipology.new_game(
            self.variant,
            self.players,
            seed,
            policy,
            traced,
            moon=self.moon,
            wolves=self.wolves,
            rulings=rulings,
        )


def _is_policy(name, game: str) -> bool:
    try:
        (fliptoons_policy_name if game == "fliptoons" else flipology_policy_name)(name)
    except ValueError:
        return False
    return True


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
    """The setup a row names (its `game`, season or variant, players, ... columns)."""
    get = row.get if hasattr(row, "get") else row.__getitem__
    game = get("game")
    policy, rulings, players = get("policy"), get("rulings"), int(get("players"))
    if game == "flipology":
        return Setup(
            "flipology",
            None,
            get("variant"),
            players,
            None,
            policy,
            rulings,
            bool(get("moon")),
            bool(get("wolves")),
        )
    solo = get("solo")
    return Setup(
        "fliptoons",
        get("season"),
        None,
        players,
        solo if isinstance(solo, str) else None,
        policy,
        rulings,
    )


def game_job(task) -> list[dict]:
    """Play one game of a setup from its seed (a worker's task: `(setup, seed, per, extra)`)."""
    setup, seed, per, extra = task
    game = setup.new_game(seed)
    first = game.table.first_player
    game.play()
    out = contract(setup.game).outcome_rows(game, first, per)
    head = {**extra, **setup.columns(), "seed": seed}
    return [{**head, **row} for row in out]


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
    _check_count(n, "n")
    _check_seed(seed)
    if per not in ("game", "player"):
        raise ValueError(f'per: expected "game" or "player", got {quote(per)}')
    for s in setups:
        if not isinstance(s, Setup):
            raise ValueError(f"setups: expected Setup objects, got {quote(s)}")
        s.check()
    tasks = [(s, seed + k, per, {}) for s in setups for k in range(n)]
    return _frame(
        r
        for rows in run_tasks(game_job, tasks, jobs, executor, progress, "game", chunk=chunk)
        for r in rows
    )


# -- resolutions -----------------------------------------------------------------------------------


def resolution_scenario(season: str, deck, seed: int, rulings: str | dict = "{}") -> dict:
    """The scenario a resolution row names: one player flipping `deck` (top first), the
    season's toon cards shuffled by `seed` into the market and the toon deck (a Snake or a
    Mongoose takes from it)."""
    deck = deck.split() if isinstance(deck, str) else list(deck)
    toons = toon_deck(season)
    random.Random(seed).shuffle(toons)
    slots = len(PRICES[season])
    rulings = json.loads(rulings) if isinstance(rulings, str) else dict(rulings)
    return {
        "season": season,
        "players": [{"name": "Player 1", "deck": deck}],
        "market": toons[:slots],
        "toon_deck": toons[slots:],
        "rulings": rulings,
    }


def resolution_row(season: str, deck: list[str], seed: int, rulings: str) -> dict:
    """Flip + Check Fame of `deck` (in this order) untraced: the replay columns and the fame,
    the cards placed and the extra rows made."""
    r = resolve_fliptoons(resolution_scenario(season, deck, seed, rulings), traced=False)
    p = r.table.players[0]
    return {
        "game": "fliptoons",
        "season": season,
        "rulings": rulings,
        "seed": seed,
        "deck": " ".join(deck),
        "fame": p.fame_total,
        "cards": p.grid.count(),
        "extra_rows": p.grid.extra_height(),
    }


def shuffled(deck, seed: int) -> list[str]:
    """A deck in the order seed `seed` shuffles it into."""
    order = list(deck)
    random.Random(seed).shuffle(order)
    return order


def resolution_job(task) -> list[dict]:
    """Resolve one shuffled deck (a worker's task: `(season, deck, seed, rulings, extra)`)."""
    season, deck, seed, rulings, extra = task
    return [{**extra, **resolution_row(season, shuffled(deck, seed), seed, rulings)}]


def resolutions(
    season: str,
    decks,
    n: int = 1000,
    seed: int = 0,
    rulings: dict | None = None,
    jobs: int | None = None,
    executor=None,
    progress: bool | None = None,
    chunk: int | None = None,
):
    """Resolve (Flip + Check Fame) each deck of `decks` (lists of card ids) `n` times, time k
    shuffled by seed `seed + k`: one row per resolution, with the deck in the order it was
    flipped (`scenario(row)` is that resolution as a scenario)."""
    _check_count(n, "n")
    _check_seed(seed)
    text = _check_rulings(rulings)
    decks = [_check_deck(season, d) for d in decks]
    tasks = [(season, d, seed + k, text, {}) for d in decks for k in range(n)]
    return _frame(
        r
        for rows in run_tasks(
            resolution_job, tasks, jobs, executor, progress, "resolution", chunk=chunk
        )
        for r in rows
    )


# -- replaying a row -------------------------------------------------------------------------------


def _get(row, key, default=None):
    value = row.get(key, default) if hasattr(row, "get") else default
    return default if isinstance(value, float) and math.isnan(value) else value


def replay(row):
    """A row's game played again from its setup and seed, traced, or a resolution row's
    `Resolution`, traced. Its outcome is the row's."""
    if _get(row, "deck") is not None:
        return resolve_fliptoons(
            resolution_scenario(row["season"], row["deck"], int(row["seed"]), row["rulings"])
        )
    game = setup_of(row).new_game(int(row["seed"]), traced=True)
    game.play()
    return game


def scenario(row, round: int = 1) -> dict:
    """A row as a scenario for the explorer (`fliptoons_explore.widgets.explorer(scenario(row))`):
    a resolution row's deck, market and toon deck (`resolve` it); for a FlipToons game, the table
    at the start of round `round`'s Flip (decks top first as shuffled, dismissed piles, market,
    toon deck, first player) with the game's seed, round, solo difficulty, critic's choice and end
    trigger, so that `play_game` of it with the default policy plays the rest of the row's game
    as it went (`resolve` takes it too, for that round's Flip and Check Fame, when it names no
    solo game, critic's choice or end trigger); for a Flipology game, the table as dealt and
    arranged, before the first turn (the explorer plays the turns)."""
    if _get(row, "deck") is not None:
        return resolution_scenario(row["season"], row["deck"], int(row["seed"]), row["rulings"])
    setup = setup_of(row)
    if setup.game == "flipology":
        return _flipology_start(setup, int(row["seed"]))
    if isinstance(round, bool) or not isinstance(round, int) or round < 1:
        raise ValueError(f"round: expected a round number of at least 1, got {quote(round)}")
    game = setup.new_game(int(row["seed"]))
    for k in range(1, round):
        game.play_round()
        if game.result is not None:
            raise ValueError(f"round: this game ended after round {k}, got round={round}")
    game.flip_and_check_fame = (
        _stop_at_the_flip  # play_round sets the round up (its shuffles), then stops
    )
    try:
        game.play_round()
    except _AtTheFlip:
        pass
    t = game.table
    holder = next((p.index for p in t.players if p.critics_choice), None)
    return {
        "season": t.season,
        "players": [
            {
                "name": p.name,
                "deck": [c.id for c in p.deck],
                "dismissed": [c.id for c in p.dismissed],
            }
            for p in t.players
        ],
        "market": [c.id for c in t.market if c is not None],
        "toon_deck": [c.id for c in t.toon_deck],
        "first_player": t.first_player,
        "rulings": json.loads(setup.rulings),
        "seed": game.seed,
        "round": round,
        **({"solo": setup.solo} if setup.solo else {}),
        **({"critics_choice": holder} if holder is not None else {}),
        **({"end_triggered": True} if game.end_triggered else {}),
    }


class _AtTheFlip(Exception):
    """Raised in place of a round's Flip: the round is set up, its decks shuffled."""


def _stop_at_the_flip(*args, **kwargs):
    raise _AtTheFlip


class _DealtTable(Exception):
    """Raised by `_AtFirstTurn` to stop a game once it is dealt."""


class _AtFirstTurn:
    """A policy that answers as `inner` does until the first turn is asked, then writes the
    table as a scenario and stops the game."""

    def __init__(self, inner) -> None:
        self.inner = inner
        self.name = getattr(inner, "name", "policy")
        self.scenario = None

    def choose(self, choice):
        if choice.kind == "turn":
            t = choice.table
            players = [
                {
                    "name": p.name,
                    "rows": [
                        [{"id": c.id, "face_up": True} if c.face_up else c.id for c in row]
                        for row in p.rows
                    ],
                }
                for p in t.players
            ]
            self.scenario = {
                "game": "flipology",
                "variant": t.variant,
                "players": players,
                "discard": [c.id for c in t.discard],
                "first_player": t.first_player,
                "rulings": t.rulings.changed(),
            }
            raise _DealtTable
        return self.inner.choose(choice)


def _flipology_start(setup: Setup, seed: int) -> dict:
    game = setup.new_game(seed)
    capture = _AtFirstTurn(game.policy)
    game.policy = capture
    try:
        game.play()
    except _DealtTable:
        return capture.scenario
    raise ValueError(
        "this game asked no turn"
    )  # pragma: no cover  (every deal leaves a choice of card)


# -- statistics ------------------------------------------------------------------------------------


def wilson(k, n, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion k/n (95% by default); (nan, nan) for n = 0."""
    if not n:
        return math.nan, math.nan
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (0.0 if k == 0 else max(0.0, centre - half)), (
        1.0 if k == n else min(1.0, centre + half)
    )


def mean_interval(values, z: float = Z95) -> tuple[float, float, float]:
    """(mean, low, high): a mean and its normal-approximation 95% interval."""
    values = list(values)
    n = len(values)
    if not n:
        return math.nan, math.nan, math.nan
    mean = sum(values) / n
    if n == 1:
        return mean, math.nan, math.nan
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1))
    return mean, mean - z * sd / math.sqrt(n), mean + z * sd / math.sqrt(n)


def _rate_table(df, by: list[str], hit: str = "won"):
    """Games, hits, their rate and Wilson interval per group."""
    pd = _pandas()
    rows = []
    for key, group in df.groupby(by, sort=False, dropna=False):
        key = key if isinstance(key, tuple) else (key,)
        k, n = int(group[hit].sum()), len(group)
        low, high = wilson(k, n)
        rows.append(
            {**dict(zip(by, key)), "games": n, hit: k, "rate": k / n, "low": low, "high": high}
        )
    return pd.DataFrame(rows)


# -- the built-in experiments ----------------------------------------------------------------------


@dataclass(frozen=True)
class Experiment:
    """A built-in question: its `name`, the `question` it answers, the default number of games
    (or resolutions, or seeds) per cell, its parameters and their defaults, how it makes its
    tasks, the worker's `job`, how it summarises the rows and draws the summary."""

    name: str
    question: str
    games: int
    params: dict
    tasks: Callable
    job: Callable
    summarise: Callable
    draw: Callable
    unit: str = "game"


def _solo_tasks(n, seed, seasons, difficulties, policies):
    return [
        (Setup.of(season=s, players=1, solo=d, policy=p), seed + k, "game", {})
        for s in seasons
        for d in difficulties
        for p in policies
        for k in range(n)
    ]


def _solo_summary(df):
    return _rate_table(df, ["season", "solo", "policy"])


def _solo_draw(df, fig):
    s = _solo_summary(df)
    s["cell"] = s["season"] + " " + s["solo"]
    rate = s.pivot(index="cell", columns="policy", values="rate").reindex(s["cell"].unique())
    low = s.pivot(index="cell", columns="policy", values="low").reindex(rate.index)
    high = s.pivot(index="cell", columns="policy", values="high").reindex(rate.index)
    errors = [[(rate - low)[c].tolist(), (high - rate)[c].tolist()] for c in rate.columns]
    ax = fig.add_subplot()
    rate.plot.bar(ax=ax, yerr=errors, capsize=2, rot=30)
    ax.set(
        ylabel="solo games won",
        xlabel="season and difficulty",
        ylim=(0, 1),
        title="Solo win rate (95% Wilson intervals)",
    )


def _deck_of(season: str, deck) -> list[str]:
    return list(deck) if deck else list(STARTING_DECKS[(season, "multi")])


def _deck_tasks(n, seed, season, deck, rulings):
    deck = _check_deck(season, _deck_of(season, deck))
    text = _check_rulings(rulings)
    return [(season, deck, seed + k, text, {}) for k in range(n)]


def _deck_summary(df):
    pd = _pandas()
    counts = df["fame"].value_counts().sort_index()
    out = pd.DataFrame({"fame": counts.index, "resolutions": counts.values})
    out["share"] = out["resolutions"] / len(df)
    out["at_least"] = out["share"][::-1].cumsum()[::-1]
    return out


def _deck_draw(df, fig):
    s = _deck_summary(df).set_index("fame")
    mean, low, high = mean_interval(df["fame"])
    ax = fig.add_subplot()
    s["share"].plot.bar(ax=ax, rot=0, color="#4c72b0")
    ax.set(
        xlabel="fame in one Flip + Check Fame",
        ylabel="share of resolutions",
        title=f"Fame of the deck: mean {mean:.2f} ({low:.2f} to {high:.2f})",
    )


def _card_tasks(n, seed, season, cards, deck, rulings):
    base = _check_deck(season, _deck_of(season, deck))
    cards = list(cards) if cards else sorted(set(toon_deck(season)))
    for c in cards:
        _check_deck(season, [c])
    text = _check_rulings(rulings)
    return [(season, base, c, seed + k, text) for c in cards for k in range(n)]


def card_job(task) -> list[dict]:
    """The paired resolutions of a card-value task: the starting deck with `card` shuffled in by
    the seed, and the same order without the card (the same market and toon deck)."""
    season, base, card, seed, rulings = task
    order = shuffled(base + [card], seed)
    without = list(order)
    without.remove(card)
    return [
        {"card": card, "added": True, **resolution_row(season, order, seed, rulings)},
        {"card": card, "added": False, **resolution_row(season, without, seed, rulings)},
    ]


def _card_summary(df):
    pd = _pandas()
    rows = []
    for card, group in df.groupby("card", sort=False):
        with_card = group[group["added"]].set_index("seed")["fame"]
        without = group[~group["added"]].set_index("seed")["fame"]
        gain = (with_card - without.reindex(with_card.index)).dropna()
        mean, low, high = mean_interval(gain)
        rows.append(
            {
                "card": card,
                "pairs": len(gain),
                "fame_with": with_card.mean(),
                "fame_without": without.mean(),
                "gain": mean,
                "low": low,
                "high": high,
            }
        )
    return (
        pd.DataFrame(rows)
        .sort_values("gain", ascending=False, kind="stable")
        .reset_index(drop=True)
    )


def _card_draw(df, fig):
    s = _card_summary(df).iloc[::-1]
    ax = fig.add_subplot()
    ax.barh(
        s["card"],
        s["gain"],
        xerr=[s["gain"] - s["low"], s["high"] - s["gain"]],
        capsize=2,
        color="#55a868",
    )
    ax.axvline(0, color="#444444", linewidth=0.8)
    ax.set(
        xlabel="fame gained in one Flip + Check Fame (paired seeds, 95% interval)",
        title="What a card is worth in a starting deck",
    )
    fig.set_size_inches(7, max(4, 0.25 * len(s) + 1))


def _seat_tasks(n, seed, season, players, policy, rulings):
    return [
        (Setup.of(season=season, players=p, policy=policy, rulings=rulings), seed + k, "player", {})
        for p in players
        for k in range(n)
    ]


def _seat_summary(df):
    pd = _pandas()
    rows = []
    for (players, start), group in df.groupby(["players", "start"], sort=True):
        wins = group["share"].sum()  # a tie's winners share the win
        low, high = wilson(wins, len(group))
        rows.append(
            {
                "players": players,
                "start": start,
                "games": len(group),
                "win_share": wins / len(group),
                "low": low,
                "high": high,
                "fair": 1 / players,
            }
        )
    return pd.DataFrame(rows)


def _seat_draw(df, fig):
    s = _seat_summary(df)
    ax = fig.add_subplot()
    for players, group in s.groupby("players"):
        line = ax.errorbar(
            group["start"] + 1,
            group["win_share"],
            yerr=[group["win_share"] - group["low"], group["high"] - group["win_share"]],
            marker="o",
            capsize=2,
            label=f"{players} players",
        )
        ax.hlines(
            1 / players,
            0.8,
            players + 0.2,
            colors=line[0].get_color(),
            linestyles="dotted",
            linewidth=0.8,
        )
    ax.set(
        xlabel="seat, counted clockwise from the first player of round 1",
        ylabel="share of wins",
        title="Seat advantage (dotted: a fair share)",
    )
    ax.legend(fontsize="small")


def _rounds_tasks(n, seed, season, players, policy, rulings):
    return [
        (Setup.of(season=season, players=p, policy=policy, rulings=rulings), seed + k, "game", {})
        for p in players
        for k in range(n)
    ]


def _rounds_summary(df):
    pd = _pandas()
    rows = []
    for players, group in df.groupby("players", sort=True):
        hit = group[group["triggered"]]["rounds"]
        rows.append(
            {
                "players": players,
                "games": len(group),
                "triggered": len(hit),
                "mean": hit.mean(),
                "median": hit.median(),
                "q10": hit.quantile(0.1),
                "q90": hit.quantile(0.9),
                "shortest": hit.min(),
                "longest": hit.max(),
            }
        )
    return pd.DataFrame(rows)


def _rounds_draw(df, fig):
    hit = df[df["triggered"]]
    share = (
        hit.groupby("players")["rounds"]
        .value_counts(normalize=True)
        .unstack(0)
        .sort_index()
        .fillna(0)
    )
    ax = fig.add_subplot()
    share.plot(ax=ax, marker="o")
    ax.set(
        xlabel=f"round in which a player reached {TRIGGER_FAME} fame",
        ylabel="share of games",
        title=f"Rounds until the {TRIGGER_FAME}-fame trigger",
    )
    ax.legend([f"{p} players" for p in share.columns], fontsize="small")


def ability_job(task) -> list[dict]:
    """Play one game traced and count each card's reveals and ability activations, by the card
    whose ability led to the activation (`by`; '' when the Flip's reveal placed it)."""
    setup, seed, per, extra = task
    game = setup.new_game(seed, traced=True)
    game.play()
    trace = game.trace
    revealed = Counter(e.card for e in trace if e.kind == "reveal")
    fires: Counter = Counter()
    for e in trace:
        if e.kind == "trigger":
            fires[e.card, _caused_by(trace, e)] += 1
    head = {**setup.columns(), "seed": seed}
    keys = sorted(set((c, "") for c in revealed) | set(fires))
    return [
        {
            **head,
            "card": c,
            "by": by,
            "revealed": revealed[c] if by == "" else 0,
            "fires": fires[c, by],
        }
        for c, by in keys
    ]


def _caused_by(trace, event) -> str:
    """The card whose ability (the nearest activation up the cause chain, of another card)
    led to this activation; '' if none did."""
    step = event.cause
    while step is not None:
        e = trace[step]
        if e.kind == "trigger" and e.uid != event.uid:
            return e.card
        step = e.cause
    return ""


def _ability_tasks(n, seed, season, players, policy, rulings):
    setup = Setup.of(season=season, players=players, policy=policy, rulings=rulings)
    return [(setup, seed + k, "game", {}) for k in range(n)]


def _ability_summary(df):
    games_played = df["seed"].nunique()
    by_card = df.groupby("card").agg(revealed=("revealed", "sum"), fires=("fires", "sum"))
    chained = df[df["by"] != ""].groupby("card")["fires"].sum()
    by_card["by_other_ability"] = chained.reindex(by_card.index).fillna(0).astype(int)
    by_card["fires_per_game"] = by_card["fires"] / games_played
    by_card["fires_per_reveal"] = by_card["fires"] / by_card["revealed"].where(
        by_card["revealed"] > 0
    )
    return by_card.sort_values("fires_per_game", ascending=False, kind="stable").reset_index()


def chains(df):
    """Of an `ability-frequency` run: how often one card's ability led to another's activation
    (a Gorilla's placing a Crab whose ability then fires), per game, most frequent first."""
    games_played = df["seed"].nunique()
    pairs = df[df["by"] != ""].groupby(["by", "card"])["fires"].sum().rename("fires").reset_index()
    pairs["per_game"] = pairs["fires"] / games_played
    return pairs.sort_values(
        ["per_game", "by", "card"], ascending=[False, True, True], kind="stable"
    ).reset_index(drop=True)


def _ability_draw(df, fig):
    s = _ability_summary(df).head(25).iloc[::-1]
    ax = fig.add_subplot()
    direct = (s["fires"] - s["by_other_ability"]) / df["seed"].nunique()
    chained = s["by_other_ability"] / df["seed"].nunique()
    ax.barh(s["card"], direct, color="#4c72b0", label="after a reveal")
    ax.barh(s["card"], chained, left=direct, color="#dd8452", label="led to by another ability")
    ax.set(xlabel="activations per game", title="How often each ability fires")
    ax.legend(fontsize="small")
    fig.set_size_inches(7, max(4, 0.25 * len(s) + 1))


def _ruling_tasks(n, seed, season, players, policy, options):
    names = list(options) if options else list(FLIPTOONS_OPTIONS)
    for name in names:
        if name not in FLIPTOONS_OPTIONS:
            raise ValueError(
                f"options: unknown ruling option {quote(name)} (known: "
                f"{', '.join(FLIPTOONS_OPTIONS)})"
            )
    Setup.of(season=season, players=players, policy=policy)
    return [(season, players, policy, tuple(names), seed + k) for k in range(n)]


def ruling_job(task) -> list[dict]:
    """One seed's game under the default rulings and under each other value of each option:
    a row per option and value, with the winners of both games and whether they differ."""
    season, players, policy, names, seed = task
    base = Setup.of(season=season, players=players, policy=policy)
    plain = base.new_game(seed)
    plain.play()
    rows = []
    for name in names:
        option = FLIPTOONS_OPTIONS[name]
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


def _ruling_summary(df):
    s = _rate_table(df, ["option", "value"], hit="changed")
    return s.sort_values("rate", ascending=False, kind="stable").reset_index(drop=True)


def _ruling_draw(df, fig):
    s = _ruling_summary(df).iloc[::-1]
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


def _flipology_tasks(n, seed, variants, players, moon, policy, rulings):
    return [
        (
            Setup.of(
                "flipology", variant=v, players=players, moon=m, policy=policy, rulings=rulings
            ),
            seed + k,
            "player",
            {},
        )
        for v in variants
        for m in moon
        for k in range(n)
    ]


def _flipology_summary(df):
    pd = _pandas()
    rows = []
    for (variant, moon), group in df.groupby(["variant", "moon"], sort=False):
        games_played = group["seed"].nunique()
        holders = group[group["moon_in_row"]]
        k, n = holders["won"].sum(), len(holders)
        low, high = wilson(k, n)
        rows.append(
            {
                "variant": variant,
                "moon": moon,
                "games": games_played,
                "mean_score": group["score"].mean(),
                "sd": group["score"].std(),
                "median": group["score"].median(),
                "moon_decides": group.groupby("seed")["moon_up"].first().mean(),
                "moon_holders": n,
                "holder_wins": k / n if n else math.nan,
                "low": low,
                "high": high,
                "fair": 1 / group["players"].iloc[0],
            }
        )
    return pd.DataFrame(rows)


def _flipology_draw(df, fig):
    s = _flipology_summary(df)
    left, right = fig.subplots(1, 2)
    groups = [
        (f"{v}\n{'Moon' if m else 'no Moon'}", g["score"])
        for (v, m), g in df.groupby(["variant", "moon"], sort=False)
    ]
    left.boxplot([g for _, g in groups], tick_labels=[label for label, _ in groups])
    left.set(ylabel="score at the end of the game", title="Scores by variant")
    held = s[s["moon"]]
    right.bar(
        held["variant"],
        held["holder_wins"],
        yerr=[held["holder_wins"] - held["low"], held["high"] - held["holder_wins"]],
        capsize=3,
        color="#8172b2",
        label="the player whose row holds the Moon",
    )
    right.scatter(
        held["variant"],
        held["fair"],
        color="#333333",
        marker="_",
        s=400,
        label="a fair share",
        zorder=3,
    )
    for x, (n, wins) in enumerate(zip(held["moon_holders"], held["holder_wins"])):
        right.annotate(
            f"{n} held" if n else "never kept",
            (x, 0 if n == 0 else wins),
            ha="center",
            va="bottom",
            xytext=(0, 4),
            textcoords="offset points",
            fontsize="small",
        )
    right.set(ylabel="share of games won", title="Keeping the Moon")
    right.legend(fontsize="small")
    fig.set_size_inches(10, 4.5)


EXPERIMENTS: dict[str, Experiment] = {
    e.name: e
    for e in (
        Experiment(
            "solo-win-rate",
            "How often does a solo game win, by season, difficulty and policy?",
            100,
            {
                "seasons": ("s1", "s2", "combined"),
                "difficulties": ("easy", "normal", "hard"),
                "policies": ("default", "greedy"),
            },
            _solo_tasks,
            game_job,
            _solo_summary,
            _solo_draw,
        ),
        Experiment(
            "deck-fame",
            "How much fame does a deck make in one Flip + Check Fame?",
            2000,
            {"season": "s2", "deck": (), "rulings": {}},
            _deck_tasks,
            resolution_job,
            _deck_summary,
            _deck_draw,
            unit="resolution",
        ),
        Experiment(
            "card-value",
            "What is a card worth in a starting deck (paired seeds)?",
            400,
            {"season": "s2", "cards": (), "deck": (), "rulings": {}},
            _card_tasks,
            card_job,
            _card_summary,
            _card_draw,
            unit="pair",
        ),
        Experiment(
            "seat-advantage",
            "How much does the seat matter, by player count?",
            300,
            {"season": "combined", "players": (2, 3, 4, 6, 8), "policy": "default", "rulings": {}},
            _seat_tasks,
            game_job,
            _seat_summary,
            _seat_draw,
        ),
        Experiment(
            "rounds-to-30",
            f"In which round does a player reach {TRIGGER_FAME} fame?",
            500,
            {"season": "s2", "players": (2, 3, 4), "policy": "default", "rulings": {}},
            _rounds_tasks,
            game_job,
            _rounds_summary,
            _rounds_draw,
        ),
        Experiment(
            "ability-frequency",
            "How often does each ability fire in real games, and what leads to it?",
            200,
            {"season": "combined", "players": 4, "policy": "default", "rulings": {}},
            _ability_tasks,
            ability_job,
            _ability_summary,
            _ability_draw,
        ),
        Experiment(
            "ruling-impact",
            "How often does each ruling option change who wins?",
            100,
            {"season": "combined", "players": 4, "policy": "default", "options": ()},
            _ruling_tasks,
            ruling_job,
            _ruling_summary,
            _ruling_draw,
            unit="seed",
        ),
        Experiment(
            "flipology-scores",
            "Flipology: scores by variant, and is keeping the Moon worth it?",
            1000,
            {
                "variants": ("nature", "great-tree"),
                "players": 4,
                "moon": (True, False),
                "policy": "default",
                "rulings": {},
            },
            _flipology_tasks,
            game_job,
            _flipology_summary,
            _flipology_draw,
        ),
    )
}


def names() -> list[str]:
    """The built-in experiments' names."""
    return list(EXPERIMENTS)


def experiment(name: str) -> Experiment:
    """A built-in experiment by name (ValueError naming the known ones)."""
    if name not in EXPERIMENTS:
        raise ValueError(
            f"experiment: unknown name {quote(name)} (known: {', '.join(EXPERIMENTS)})"
        )
    return EXPERIMENTS[name]


def run(
    name: str,
    games: int | None = None,
    seed: int = 0,
    jobs: int | None = None,
    executor=None,
    progress: bool | None = None,
    chunk: int | None = None,
    **params,
):
    """Run a built-in experiment: `games` per cell (default: the experiment's), game k of each
    cell from seed `seed + k`, on `jobs` worker processes (None: every core; 1: here) or an
    `executor`, `chunk` tasks at a time (default: `parallel.chunk_size`). `params` override the
    experiment's parameters (`EXPERIMENTS[name].params`).
    The DataFrame's `attrs` name the experiment and its arguments (`summary` and `plot` read
    them)."""
    e = experiment(name)
    n = e.games if games is None else games
    _check_count(n, "games")
    _check_seed(seed)
    for key in params:
        if key not in e.params:
            raise ValueError(
                f"{key}: not a parameter of {name} (its parameters: {', '.join(e.params)})"
            )
    values = {**e.params, **params}
    tasks = e.tasks(n, seed, **values)
    df = _frame(
        r
        for rows in run_tasks(e.job, tasks, jobs, executor, progress, e.unit, name, chunk)
        for r in rows
    )
    df.attrs.update(experiment=name, games=n, seed=seed, params=_plain(values))
    return df


def _named(df, name):
    name = name or df.attrs.get("experiment")
    if name is None:
        raise ValueError(
            "name: this DataFrame does not say which experiment made it; give name=..."
        )
    return experiment(name)


def summary(df, name: str | None = None):
    """The table an experiment's plot draws (win rates with intervals, fame shares...)."""
    return _named(df, name).summarise(df)


def plot(df, name: str | None = None):
    """An experiment's chart of its summary, as a matplotlib Figure (`.savefig(path)`; a
    notebook shows it)."""
    e = _named(df, name)
    figure = require("matplotlib.figure", "notebooks", "plotting an experiment")
    fig = figure.Figure(figsize=(8, 4.5), layout="constrained")
    e.draw(df, fig)
    return fig


# -- checks and helpers ----------------------------------------------------------------------------


def _pandas():
    import pandas

    return pandas


def _frame(rows):
    return _pandas().DataFrame(list(rows))


def _plain(values: dict) -> dict:
    return {k: list(v) if isinstance(v, tuple) else v for k, v in values.items()}


def _check_count(n, argument: str) -> None:
    if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= MAX_GAMES:
        raise ValueError(
            f"{argument}: expected a whole number from 1 to {MAX_GAMES:,}, got {quote(n)}"
        )


def _check_seed(seed) -> None:
    if isinstance(seed, bool) or not isinstance(seed, int) or abs(seed) >= 10**18:
        raise ValueError(f"seed: expected a whole number of at most 18 digits, got {quote(seed)}")


def _check_rulings(rulings) -> str:
    try:
        Rulings.from_dict(rulings or {})
    except ValueError as e:
        raise ValueError(f"rulings: {e}") from None
    return json.dumps(rulings or {}, sort_keys=True)


def _check_deck(season: str, deck) -> list[str]:
    if season not in PRICES:
        raise ValueError(f'season: expected "s1", "s2" or "combined", got {quote(season)}')
    if isinstance(deck, str) or not all(isinstance(c, str) for c in deck) or not deck:
        raise ValueError(f"deck: expected a list of card ids, got {quote(deck)}")
    from ..fliptoons.cards import cards_of

    allowed = {c.id for c in cards_of(season)}
    for c in deck:
        if c not in allowed:
            known = (
                "unknown card"
                if c not in CATALOG
                else f"a {CATALOG[c].season.upper()} card, not in {season}"
            )
            raise ValueError(f"deck: {quote(c)} is {known}")
    return list(deck)


def params_text(name: str) -> str:
    """An experiment's parameters and defaults in one line (for `experiment --list`)."""
    e = experiment(name)
    return ", ".join(
        f"{k}={json.dumps(v if not isinstance(v, tuple) else list(v))}" for k, v in e.params.items()
    )


__all__ += ["experiment", "setup_of", "resolution_scenario", "SeatPolicies", "params_text"]


# -- the command line ------------------------------------------------------------------------------


def _parse_value(name: str, text: str, default):
    if isinstance(default, tuple):
        sample = default[0] if default else ""
        return tuple(
            _parse_value(name, part.strip(), sample) for part in text.split(",") if part.strip()
        )
    if isinstance(default, bool):
        if text.lower() not in ("true", "false"):
            raise ValueError(f"--set {name}: expected true or false, got {quote(text)}")
        return text.lower() == "true"
    if isinstance(default, int):
        try:
            return int(text)
        except ValueError:
            raise ValueError(f"--set {name}: expected a whole number, got {quote(text)}") from None
    if isinstance(default, dict):
        try:
            value = json.loads(text)
        except ValueError:
            value = None
        if not isinstance(value, dict):
            raise ValueError(
                f'--set {name}: expected a JSON object such as {{"cow_copies": "total"}}, got '
                f"{quote(text)}"
            )
        return value
    return text


def settings(name: str, pairs: list[str]) -> dict:
    """`--set NAME=VALUE` pairs as an experiment's parameters (ValueError naming a wrong one)."""
    e = experiment(name)
    out = {}
    for pair in pairs:
        key, sep, text = pair.partition("=")
        key = key.strip()
        if not sep:
            raise ValueError(f"--set: expected NAME=VALUE, got {quote(pair)}")
        if key not in e.params:
            raise ValueError(
                f"--set {key}: not a parameter of {name} (its parameters: {', '.join(e.params)})"
            )
        out[key] = _parse_value(key, text.strip(), e.params[key])
    return out


def listing() -> str:
    """`experiment --list`: each built-in experiment, its question, default games and parameters."""
    lines = []
    for e in EXPERIMENTS.values():
        lines.append(f"{e.name:<18} {e.question}")
        lines.append(
            f"{'':<18} {e.games} {e.unit}s per cell by default; --set {params_text(e.name)}"
        )
    return "\n".join(lines)


def _write_atomically(path: str, write) -> None:
    """Write a file whole or not at all (a temporary file beside it, then renamed)."""
    import os
    import tempfile

    folder = os.path.dirname(os.path.abspath(path))
    handle, temp = tempfile.mkstemp(
        dir=folder, prefix=".experiment-", suffix=os.path.splitext(path)[1]
    )
    os.close(handle)
    try:
        write(temp)
        os.replace(temp, path)
    except BaseException:
        if os.path.exists(temp):
            os.remove(temp)
        raise


def experiment_command(args) -> str:
    """`fliptoons-explore experiment NAME [--games N] [--jobs J] [--seed S] [--set NAME=VALUE]
    [--json | --csv FILE] [--plot FILE.png]`, and `experiment --list`."""
    if args.list:
        return listing()
    if args.name is None:
        raise ValueError(f"experiment: give a NAME ({', '.join(EXPERIMENTS)}) or --list")
    e = experiment(args.name)
    params = settings(e.name, args.set)
    df = run(
        e.name, args.games, args.seed, args.jobs, progress=False if args.json else None, **params
    )
    table = summary(df)
    try:
        if args.csv:
            _write_atomically(args.csv, lambda path: df.to_csv(path, index=False))
        if args.plot:
            fig = plot(df)
            _write_atomically(args.plot, lambda path: fig.savefig(path, format="png", dpi=100))
    except OSError as error:
        raise ValueError(
            f"{error.filename or 'file'}: cannot write it ({error.strerror})"
        ) from None
    if args.json:
        return json.dumps(
            {
                "experiment": e.name,
                "question": e.question,
                "games": df.attrs["games"],
                "seed": args.seed,
                "params": df.attrs["params"],
                "summary": json.loads(table.to_json(orient="records")),
                "rows": json.loads(df.to_json(orient="records")),
            },
            indent=1,
        )
    lines = [
        f"{e.name}: {e.question}",
        f"{df.attrs['games']} {e.unit}s per cell from seed {args.seed}: {len(df):,} rows"
        + (f", written to {args.csv}" if args.csv else "")
        + (f"; the plot in {args.plot}" if args.plot else ""),
        table.to_string(index=False, float_format=lambda v: f"{v:.3f}"),
    ]
    return "\n".join(lines)
