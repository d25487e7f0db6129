"""The games on the toolkit, and the one contract through which the rest of the package reaches
a game.

Each game is a subpackage (`fliptoons_explore.fliptoons`, `fliptoons_explore.flipology`) with a
`contract` module whose `GAME` implements `GameContract`: how its scenarios are checked, loaded
and resolved, how its whole games are set up, played and replayed, its policies by name, its
ruling options, the advice, and (as a `GameKit`) how its positions, events and tables read and
are drawn. A table's `game` attribute is its game's contract, so a resolution knows its game.

    contract("flipology").resolve(scenario)   # a scenario of that game
    contract_of(scenario)                     # the contract a scenario (its "game" key) names
    contract_of(resolution)                   # ... or a table, a resolution, a played game

Outside the game packages (and the widgets that draw a game's board), code reaches a game only
through its contract and never asks which game it is (docs/engine.md, Architecture).
"""

from __future__ import annotations

import html
import importlib
import json
from dataclasses import dataclass, field
from typing import NamedTuple, Protocol

from .limits import MAX_GAMES
from .search import EXPLAINED, ReplaySearch, option_name, scenario_decision

#: Game name -> the module of its contract (its `GAME`). FlipToons is the game of a scenario
#: without a "game" key.
GAMES = {
    "fliptoons": "fliptoons_explore.fliptoons.contract",
    "flipology": "fliptoons_explore.flipology.contract",
}
DEFAULT_GAME = "fliptoons"


class GameKit(Protocol):
    """What the toolkit asks of a game, about its tables, states and events."""

    name: str  # "fliptoons", "flipology"
    title: str  # "FlipToons", "Flipology"
    unit: str  # what a player scores: "fame", "points"

    def where(self, pos, players) -> str:
        """A position (an event's `pos`) in words, `players` the table's (for their names):
        'slot 2 (upper middle)', "Ben's row, card 1"."""

    def short_where(self, pos, players) -> str:
        """The same in a few characters, for a graph's box: 'slot 2'."""

    def event_words(self, event, players) -> str:
        """An event as a trace line says it: 'stack rat onto grasshopper at slot 4 (lower left)'."""

    def event_sentence(self, event, players) -> str:
        """An event as a sentence a player would say: 'Ann: the Rat is stacked onto ...'."""

    def state_text(self, state: dict) -> str:
        """A recorded state (`table.snapshot()`) as text."""

    def marks(self, stepper):
        """What a view of the stepper's step highlights (`views.Marks`)."""

    def step_html(self, stepper) -> str:
        """The stepper's step drawn: the event, its rule and the table at that step."""

    def table_at_step_html(self, stepper, target=None, clickable: bool = False) -> str:
        """The table alone at the stepper's step, marked as `marks` says, for the explorer;
        `target`: the builder's chosen place, `clickable`: the data attributes clicks need."""

    def resolution_html(self, resolution) -> str:
        """A resolution drawn: the table, then the trace."""

    def to_json(self, table, trace) -> dict:
        """A resolved table and its trace as the command line's JSON document."""

    def summary(self, table) -> str:
        """A table in a few words, for a `repr`: 's2: Ann 13, Ben 8'."""

    def check_card(self, card_id: str) -> None:
        """KeyError naming a card id the game does not have and the closest ones it has."""


class GameContract(GameKit, Protocol):
    """What every game offers the toolkit, the analysis, the command line and the explorer.

    A *scenario* is the game's JSON document of a situation (docs/scenarios.md); a *setup* is
    a dict of what a whole game is played with (`setup_fields`: FlipToons' season, players and
    solo difficulty; Flipology's variant, players, Moon and Wolves), plus `rulings`, the ruling
    options that differ from the defaults. A *decision* is a `policy.Choice`, answered by an
    option index or None (declined); a game logs its answers in `Game.decisions`."""

    #: setup field -> its default, in the order a command line or a table shows them
    setup_fields: dict
    #: the names `make_policy` takes ("default", "random", "greedy", "montecarlo")
    policies: tuple
    #: ruling option name -> `rulings.RulingOption`
    options: dict
    #: the `setup_fields` a row of an experiment names its setup by, in its columns' order (a
    #: field no column holds, such as Flipology's deck table, keeps its default)
    row_fields: tuple
    #: what a ruling comparison calls a player's cards laid out: "grid", "rows"
    layout_name: str
    #: what a ruling comparison weighs, in words: "grid, deck, dismissed pile and fame"
    outcome_words: str
    #: the decisions its advice is given on, in words: "the next Market action (or ...)"
    advice_decisions: str
    #: where its advice plays each option on to, in words: "the end of the game"
    advice_horizon: str
    #: how its advice's search tells equal win rates apart, in words
    advice_ties: str
    #: what its advice's numbers mean, in a sentence or two (the explorer shows it under them)
    advice_explained: str

    def table_setup(self, table) -> dict:
        """What a table says of its setup, for a graph's or a report's heading: {"season": "s2"},
        {"variant": "nature"}."""

    # -- scenarios --

    def check(self, scenario) -> None:
        """ScenarioError (one line) naming what is wrong with a scenario; nothing else."""

    def resolve(self, scenario, policy=None, traced=True, record=False):
        """The scenario resolved as the game's `resolve` command does: a `Resolution`."""

    def play_round(self, scenario, policy=None, record=False):
        """The scenario's round played (the game's `round` command): a `Resolution`."""

    def play_game(self, scenario, policy=None, record=False, traced=True):
        """The scenario played on to the end of its game (the `game` command): a `Resolution`."""

    def play_as_written(self, scenario, policy=None, record=False):
        """The scenario played as its author wrote it (what `chain` and `compare` read)."""

    def written_play(self, scenario) -> str:
        """How `play_as_written` plays the scenario: "resolve", "round" or "game" (the command
        of that name; what an explorer link says)."""

    def resolve_asking(self, scenario, policy=None, play="resolve"):
        """(Resolution recorded, the decisions the scenario's script did not answer, each as
        (its trace step, `Unanswered`)): what an interactive explorer asks the user."""

    def text(self, resolution) -> str:
        """A resolution as the command line prints it."""

    def markdown(self, resolution, play="resolve", step=None, link="", title="") -> str:
        """A resolution in Markdown, to paste into a ruling discussion."""

    # -- whole games --

    def check_setup(self, setup: dict) -> dict:
        """The setup with every field filled in (`setup_fields`' defaults); ValueError (one
        line) naming a wrong field."""

    def new_game(self, setup: dict, seed: int, policy=None, traced=True):
        """A game of that setup from `seed`, ready to `play()`."""

    def replay(self, setup: dict, seed: int, decisions, traced=True):
        """The game of `setup` and `seed` played again with its logged `decisions`."""

    def outcome_rows(self, game, first: int, per: str) -> list:
        """A played game's outcome: one row (`per="game"`) or one per seat (`per="player"`:
        `seat`, `start` (its place from `first`, the first player), `won`, `share` of the win
        and the game's score for that seat)."""

    def setup_text(self, setup: dict) -> str:
        """A setup in a few words, for a heading: 's2', 's2 solo easy', 'Flipology nature'."""

    def check_play_args(self, setup: dict, games: int, simulations=None) -> dict:
        """The command line's `check_setup`, with its games and budget: errors name its options."""

    def scenario_at(self, setup: dict, seed: int, policy=None, round: int = 1) -> dict:
        """The game of `setup` and `seed` at round `round`'s start, as a scenario that plays on."""

    # -- comparing outcomes --

    def seat_outcome(self, resolution, seat: int) -> SeatOutcome:
        """One seat's outcome, as a ruling comparison (`analysis.compare`) weighs it."""

    def winners(self, resolution) -> list | None:
        """The seats that won a resolution played to its game's end; None if it ends no game."""

    def comparison_html(self, comparison) -> str:
        """A ruling comparison (`analysis.compare.Comparison`) drawn: both outcomes, labelled."""

    # -- the situation library and its exercises (docs/teaching.md) --

    #: the fields of a library situation's expected outcome (`expect`) that are the game's own,
    #: in the order a check reports them: field -> "player" (an object keyed by player name) or
    #: "table". The trace's fields (`events`, `no_events`, `order`, `cites`) are every game's
    #: (`fliptoons_explore/content/library/README.md`).
    expect_fields: dict

    def outcome_fields(self, resolution, step: int | None = None) -> dict:
        """What a resolution settles, in the terms of a library situation's expected outcome
        (`fliptoons_explore/content/library/README.md`): `{"fame": {"Ann": 14}, "grid":
        {"Ann": [...]}, "market": [...]}`. With `step`, as the table stood right after that event
        of a recorded resolution (the fields its recorded state holds); without, at the end (every
        field its JSON document gives). An exercise reads its answer from these at every step
        and under every ruling option, to tell a learner where a wrong answer may come from."""

    def check_expected(self, where: str, field: str, value, play: str, players: list) -> None:
        """ValueError (one line, starting with `where`, the field's place in its file) for an
        expected `value` of one of its `expect_fields` that a library entry played as `play`
        ("resolve", "round", "game") by `players` (their names) cannot hold. The library has
        checked that a player's field is an object keyed by their names."""

    def expected_differences(self, expect: dict, resolution) -> list[str]:
        """Each way a resolution's outcome differs from the fields of `expect` that are the
        game's own (`expect_fields`, in that order), one line each: 'Ann fame: expected 14, got
        13' (`field_differences`, built on `outcome_fields`)."""

    def season_of(self, scenario) -> str:
        """What a library situation's `season` is (what `situations(season=...)` selects): the
        season a FlipToons scenario is played in ("s2"), a Flipology scenario's variant."""

    def cards_in(self, scenario) -> set:
        """Every card a scenario names, as `situations(card=...)` looks one up: its id."""

    def printed(self, card_id: str) -> tuple[str, int] | None:
        """A card's name and the fame (points) printed on it, from the game's card data:
        ('Capybara', 2); None for an id the game does not know."""

    # -- practice: exercises made from random situations (`content.practice`) --

    def random_situation(self, seed: int) -> RandomSituation:
        """A situation drawn at random from `seed` (the same seed, the same situation): a whole
        game of a setup drawn at random, played by a policy drawn at random up to a point drawn
        at random, written as a scenario with its players named `PLAYER_NAMES`, how it is played
        on from there, and both in words."""

    def quantities(self, fields: dict) -> list[Quantity]:
        """What an exercise may ask of an outcome in the library's terms (`outcome_fields`, at
        the end or at a step): each player's fame (points), the card at each place, the top of
        each deck, each dismissed pile..., each as a `Quantity` (its path into `fields`, its
        words, the kind of answer)."""

    # -- policies and rulings --

    def policy_name(self, name) -> tuple:
        """(policy, budget) of a policy's name; ValueError (one line) for an unknown one."""

    def make_policy(self, name: str, seed: int, simulations=None):
        """A policy by its name, seeded with `seed` where it draws at random."""

    def search_policy(self, seed: int = 0, simulations=None, advice: bool = False):
        """Its search policy (a `search.SearchPolicy`), seeded; `advice`: as `advise` plays it."""

    def advice_decision(self, situation, player=None, policy=None):
        """The decision advised in a situation, as a `search.Decision`; ValueError (one line)."""

    def option_words(self, choice, option) -> str:
        """An option of a decision in words, as its player knows it ("decline" for None)."""

    def rulings(self, given=None):
        """The game's `Rulings` from a dict of the options that differ (or None)."""

    # -- the command line --

    #: its search's budget a decision by default, in words, for a command's help: "300 in
    #: Season 1, 120 in Season 2 and combined"
    search_budget: str

    def play_command(self, args) -> str:
        """The game's own `play` command (`fliptoons-explore play`, `flipology play`): whole games
        from a seed, `args` its parsed options, as the text (or JSON) it prints; ValueError (one
        line) naming a wrong option."""


class RandomSituation(NamedTuple):
    """A situation drawn at random (`GameContract.random_situation`): its `scenario`, how it is
    played (`play`: "resolve", "round" or "game", as `play_scenario` takes it), what it is in
    words (`title`: "a Season 2 game of two players, Ann and Ben, at the start of round three")
    and how it is played on, in words (`until`: "play its Flip and Check Fame")."""

    scenario: dict
    play: str
    title: str
    until: str


class Quantity(NamedTuple):
    """A quantity an exercise may ask of an outcome (`GameContract.quantities`): its `path` into
    the outcome's fields (`outcome_fields`: "fame.Ann", "grid.Ann.-1.2", "deck.Ann.0"), naming
    the same thing at every step of a resolution (a place whose row is counted from the bottom
    of a grid that grows upwards; a place that is not there yet holds nothing), what it is in
    `words` ("Ann's fame", "the card in slot 6 (lower right) of Ann's grid"), the kind of answer
    in words (`form`; "" for a number or a name, as the exercise tells) and whether a list
    answer must be in order (`ordered`)."""

    path: str
    words: str
    form: str = ""
    ordered: bool = True


#: The names a random situation gives its players, in seat order (`random_situation`).
PLAYER_NAMES = ("Ann", "Ben", "Cleo", "Dan", "Eve", "Finn", "Gus", "Hana")
_NUMBERS = "no one two three four five six seven eight nine ten eleven twelve".split()


def in_words(n: int) -> str:
    """A whole number in words up to twelve ("three"), in figures beyond: what a situation's
    words say in words, so that no figure of the question looks like an answer."""
    return _NUMBERS[n] if 0 <= n < len(_NUMBERS) else str(n)


def listed(names) -> str:
    """Names as a sentence lists them: "Ann", "Ann and Ben", "Ann, Ben and Cleo"."""
    names = list(names)
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


@dataclass(frozen=True)
class SeatOutcome:
    """One seat's outcome, as a ruling comparison (`analysis.compare`) weighs it: its `score`,
    its cards laid out (`layout`: JSON, such as a grid or rows; `text`: drawn as text), each of
    its cards (`cards`: card uid -> (card id, where it is in words, its score)), and in a game
    with decks and a Market its deck, top first, and the fame left after a round played (None
    for a resolution without a Market)."""

    score: int
    layout: object
    text: str
    cards: dict = field(default_factory=dict)
    deck: tuple = ()
    left: int | None = None


class GameDefaults:
    """What a new game may inherit instead of writing: the plainest presentation (text in a
    `<pre>`), a scenario played as written by `resolve`, the default and random policies, a
    search and advice that play a scenario again (`search.ReplaySearch`), and ruling options
    from its `Rulings` class. A game overrides what it draws or plays better."""

    policies = ("default", "random")
    layout_name, outcome_words = "cards", "card and score"
    advice_explained = EXPLAINED

    @property
    def row_fields(self) -> tuple:
        return tuple(self.setup_fields)

    def short_where(self, pos, players=None) -> str:
        return self.where(pos, players)

    def event_sentence(self, event, players) -> str:
        who = "" if event.player is None else f"{players[event.player].name}: "
        return who + self.event_words(event, players)

    def marks(self, stepper):
        from .views import Marks

        e = stepper.event
        return Marks(acting=e.uid, chain=stepper.chain_uids()) if e is not None else Marks()

    def table_at_step_html(self, stepper, target=None, clickable: bool = False) -> str:
        return f"<pre>{html.escape(self.state_text(stepper.state))}</pre>"

    def step_html(self, stepper) -> str:
        return f"<p>{html.escape(stepper.sentence)}</p>" + self.table_at_step_html(stepper)

    def resolution_html(self, resolution) -> str:
        return f"<pre>{html.escape(self.text(resolution))}</pre>"

    def to_json(self, table, trace) -> dict:
        return {**table.snapshot(), "trace": [e.to_json() for e in trace or ()]}

    def summary(self, table) -> str:
        return f"{self.name}: " + ", ".join(f"{p.name} {p.fame_total}" for p in table.players)

    def text(self, resolution) -> str:
        trace = resolution.trace or ()
        players = resolution.table.players
        return "\n".join(
            [self.state_text(resolution.table.snapshot())]
            + [f"#{e.step} {self.event_words(e, players)}  [{e.rule}]" for e in trace]
        )

    def markdown(self, resolution, play="resolve", step=None, link="", title="") -> str:
        return f"## {title or self.title}\n\n```\n{self.text(resolution)}\n```\n\n{link}".rstrip()

    def play_round(self, scenario, policy=None, record=False):
        return self.resolve(scenario, policy, record=record)

    def play_game(self, scenario, policy=None, record=False, traced=True):
        return self.resolve(scenario, policy, traced, record)

    def play_as_written(self, scenario, policy=None, record=False):
        return self.resolve(scenario, policy, record=record)

    def written_play(self, scenario) -> str:
        return "resolve"

    def policy_name(self, name) -> tuple:
        if name not in self.policies:
            raise ValueError(f"policy: expected {' or '.join(self.policies)}, got {name!r}")
        return name, None

    def make_policy(self, name: str, seed: int, simulations=None):
        from .policy import DefaultPolicy, RandomPolicy

        return RandomPolicy(seed) if self.policy_name(name)[0] == "random" else DefaultPolicy()

    def search_policy(self, seed: int = 0, simulations=None, advice: bool = False):
        """`search.ReplaySearch`: simulations that play the scenario again to its game's end."""
        return ReplaySearch(self, simulations, seed=seed)

    def advice_decision(self, situation, player=None, policy=None):
        """The first decision a scenario leaves open (`search.scenario_decision`)."""
        return scenario_decision(self, situation, player, getattr(policy, "rollout", None))

    def option_words(self, choice, option) -> str:
        return option_name(choice, option)

    def rulings(self, given=None):
        ruling_set = self.ruling_set
        return given if isinstance(given, ruling_set) else ruling_set.from_dict(given or {})

    def setup_text(self, setup: dict) -> str:
        return self.title

    def check_play_args(self, setup: dict, games: int, simulations=None) -> dict:
        if not 1 <= games <= MAX_GAMES:
            raise ValueError(f"--games: expected 1 to {MAX_GAMES:,}, got {games}")
        try:
            return self.check_setup(setup)
        except ValueError as e:
            raise ValueError(f"--{e}") from None

    def seat_outcome(self, resolution, seat: int) -> SeatOutcome:
        """The score, and the seat's part of the table's state drawn as the game draws a state
        (no card-by-card places)."""
        state = resolution.table.snapshot()
        alone = {**state, "players": [state["players"][seat]]}
        score = resolution.table.players[seat].fame_total
        return SeatOutcome(score, alone["players"][0], self.state_text(alone))

    def winners(self, resolution) -> list | None:
        return None

    def comparison_html(self, comparison) -> str:
        return f"<pre>{html.escape(comparison.text())}</pre>"

    expect_fields: dict = {}  # none of its own

    def outcome_fields(self, resolution, step: int | None = None) -> dict:
        """Nothing: a game without situations in the library settles none of their fields (its
        exercises read their answers from resolutions)."""
        return {}

    def check_expected(self, where: str, field: str, value, play: str, players: list) -> None:
        """Nothing to check beyond what the library checks of every game."""

    def expected_differences(self, expect: dict, resolution) -> list[str]:
        return field_differences(expect, self.outcome_fields(resolution), self.expect_fields)

    def season_of(self, scenario) -> str:
        """A game of one kind: its name."""
        return self.name

    def cards_in(self, scenario) -> set:
        """None: a game whose scenarios it does not say how to read names no card."""
        return set()

    def printed(self, card_id: str) -> tuple[str, int] | None:
        return None

    def random_situation(self, seed: int) -> RandomSituation:
        """The game of its default setup from `seed` at its first round's start, played as
        written."""
        scenario = self.scenario_at(self.check_setup({}), seed)
        return RandomSituation(
            scenario, self.written_play(scenario), f"a game of {self.title}", "play it"
        )

    def quantities(self, fields: dict) -> list[Quantity]:
        """Each number a player's field of `expect_fields` gives: "fame.Ann", "Ann's fame"."""
        return [
            Quantity(f"{key}.{name}", f"{name}'s {key}")
            for key, kind in self.expect_fields.items()
            if kind == "player"
            for name, value in (fields.get(key) or {}).items()
            if isinstance(value, int) and not isinstance(value, bool)
        ]

    @property
    def search_budget(self) -> str:
        return str(self.search_policy().simulations)

    def play_command(self, args) -> str:
        """A game without a command line of its own has no `play` command."""
        raise ValueError(f"{self.title} has no play command")


def field_differences(expect: dict, fields: dict, expect_fields: dict, compare=None) -> list[str]:
    """Each way an outcome (`fields`: a game's `outcome_fields`) differs from the fields of an
    expected outcome that are the game's own (`expect_fields`), in their order, one line each: a
    player's field 'Ann fame: expected 14, got 13', the table's 'market: expected [...], got
    [...]' (the values as JSON). `compare(field, name, want, got)` (name None for the table's)
    may give a field's lines itself; None: compared as equal values."""
    out = []
    for key, kind in expect_fields.items():
        if key not in expect:
            continue
        want = expect[key]
        got = fields.get(key)
        for name, wanted in want.items() if kind == "player" else [(None, want)]:
            if name is not None and name not in (got or {}):
                out.append(f"{key}: no player named {name!r} in the outcome")
                continue
            found = got if name is None else got[name]
            own = compare(key, name, wanted, found) if compare else None
            if own is not None:
                out += own
            elif found != wanted:
                label = key if name is None else f"{name} {key}"
                out.append(f"{label}: expected {json.dumps(wanted)}, got {json.dumps(found)}")
    return out


def game_of(scenario) -> str:
    """The game a scenario is of: its "game" key, FlipToons without one. A value that names no
    game is left for the game's own checks (FlipToons refuses the unknown key)."""
    if isinstance(scenario, dict):
        name = scenario.get("game", DEFAULT_GAME)
        if isinstance(name, str) and name in GAMES:
            return name
    return DEFAULT_GAME


def contract(name: str) -> GameContract:
    """A game's contract by its name (`GAMES`), imported on first use; ValueError (one line)
    for a name that is no game."""
    if not isinstance(name, str) or name not in GAMES:
        raise ValueError(f"game: expected one of {', '.join(GAMES)}, got {name!r}")
    return importlib.import_module(GAMES[name]).GAME


def register(name: str, module: str) -> None:
    """Add a game: `module` names the module whose `GAME` is its contract."""
    GAMES[name] = module


def contract_of(x) -> GameContract:
    """The contract of anything that holds a table (a table, a resolution, a played game), or
    of a scenario (its "game" key: `game_of`; a document that is no scenario
    goes to the default game, whose checks refuse it)."""
    game = getattr(getattr(x, "table", x), "game", None)
    return game if hasattr(game, "setup_fields") else contract(game_of(x))


def play_scenario(scenario, how: str = "resolve", policy=None, record=False, traced=True):
    """A scenario of either game played as `how` says: "resolve", "round" (`play_round`) or
    "game" (`play_game`); a `Resolution`."""
    game = contract_of(scenario)
    if how == "round":
        return game.play_round(scenario, policy, record)
    if how == "game":
        return game.play_game(scenario, policy, record, traced)
    return game.resolve(scenario, policy, traced, record)


def filled_setup(fields: dict, setup: dict) -> dict:
    """A setup with a game's defaults (`fields`) filled in and `rulings` a dict; ValueError (one
    line) naming a field the game does not have."""
    if not isinstance(setup, dict):
        raise ValueError(f"setup: expected a dict of {', '.join(fields)}, got {setup!r}")
    for name in setup:
        if name not in fields and name != "rulings":
            raise ValueError(
                f"{name}: not a field of a setup (its fields: {', '.join(fields)}, rulings)"
            )
    return {**fields, **setup, "rulings": setup.get("rulings") or {}}


def won_share(seat: int, winners: list) -> tuple[bool, float]:
    """Whether a seat won, and its share of the win (1/k for k tied winners)."""
    return seat in winners, (1 / len(winners) if seat in winners else 0.0)


class KitOf:
    """A game's contract (`GAME` of its `contract` module) as a class attribute: a game's `Table`
    declares `game = KitOf("fliptoons")`. The contract imports the table's module (its views and
    texts read tables), so it is looked up by the game's name when a table first asks for it;
    from then on it is a plain class attribute."""

    def __init__(self, name: str) -> None:
        self.name = name

    def __set_name__(self, owner, attr: str) -> None:
        self.attr = attr

    def __get__(self, table, owner=None):
        game = contract(self.name)
        setattr(owner, self.attr, game)
        return game
