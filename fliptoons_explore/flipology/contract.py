"""Flipology on the game contract (`games.GameContract`): its scenarios, whole games, policies,
ruling options and, through its kit (`kit.FlipologyKit`), how it reads and is drawn."""

from __future__ import annotations

import random

from ..games import (
    PLAYER_NAMES,
    Quantity,
    RandomSituation,
    SeatOutcome,
    filled_setup,
    in_words,
    listed,
)
from ..limits import MAX_GAMES
from ..policy import ReplayPolicy
from . import engine, library
from .advice import EXPLAINED, TIES, decision_of, option_words
from .comparison import comparison_html, seat_outcome
from .deal_scenario import AtFirstTurn, Dealt
from .game import NATURE_TURNS, TREE_ROUNDS, TREE_TURNS, new_game
from .kit import FlipologyKit
from .markdown import resolution_markdown
from .play import POLICIES, check_simulations, make_policy, play_command, policy_name
from .rulings import OPTIONS, Rulings
from .scenario import check
from .text import resolution_text

#: The setups a random situation is drawn from (`Flipology.random_situation`).
PRACTICE_SETUPS = (
    {"variant": "nature", "players": 2},
    {"variant": "nature", "players": 3},
    {"variant": "nature", "players": 4},
    {"variant": "great-tree", "players": 2},
    {"variant": "great-tree", "players": 3},
)
_VARIANT_WORDS = {"nature": "Nature", "great-tree": "Great Tree"}


class _BeforeTurn(AtFirstTurn):
    """A policy that answers as `inner` does until turn `turn` (from 1) is asked, then writes
    the table as a scenario, keeps that turn's decision (`choice`) and stops the game."""

    def __init__(self, inner, turn: int) -> None:
        super().__init__(inner)
        self.left, self.choice = turn, None

    def choose(self, choice):
        if choice.kind == "turn":
            self.left -= 1
            if self.left == 0:
                self.choice = choice
                return super().choose(choice)
        return self.inner.choose(choice)


class Flipology(FlipologyKit):
    """Flipology (Nature, the Great Tree, the multi-game variant). A setup: `variant` ('nature',
    'great-tree', 'multi'), `players` (2 to 6; 2 to 4 at the Great Tree), `moon` and `wolves`
    (whether those cards are played with: the rulebook lets a table leave them out), `deck` (a
    deck table, None for the rulebook's) and `rulings`."""

    setup_fields = {"variant": "nature", "players": 2, "moon": True, "wolves": True, "deck": None}
    row_fields = ("variant", "players", "moon", "wolves")  # an experiment plays the rulebook's deck
    policies = POLICIES
    options = OPTIONS
    layout_name, outcome_words = "rows", "row, pile and score"
    advice_decisions = "the next decision (a turn's flip, an effect's answer, a Hermit Crab's pick)"
    advice_horizon = "the count at the end of the round"
    advice_ties = TIES
    advice_explained = EXPLAINED

    def table_setup(self, table) -> dict:
        return {"variant": table.variant}

    # -- scenarios --

    def check(self, scenario) -> None:
        check(scenario)

    def resolve(self, scenario, policy=None, traced=True, record=False):
        return engine.resolve(scenario, policy, traced, record)

    def play_round(self, scenario, policy=None, record=False):
        return engine.play_round(scenario, policy, record)

    def play_game(self, scenario, policy=None, record=False, traced=True):
        """A Flipology scenario's game ends with its turns and the count (`resolve`)."""
        return engine.resolve(scenario, policy, traced, record)

    def play_as_written(self, scenario, policy=None, record=False):
        return engine.play_as_written(scenario, policy, record)

    def written_play(self, scenario) -> str:
        return "resolve"  # its turns, then the count

    def resolve_asking(self, scenario, policy=None, play="resolve"):
        return engine.resolve_asking(scenario, policy, play)

    def text(self, resolution) -> str:
        return resolution_text(resolution)

    def markdown(self, resolution, play="resolve", step=None, link="", title="") -> str:
        return resolution_markdown(resolution, play, step, link, title)

    # -- whole games --

    def check_setup(self, setup: dict) -> dict:
        full = filled_setup(self.setup_fields, setup)
        self.new_game(full, 0, traced=False)
        return full

    def new_game(self, setup: dict, seed: int, policy=None, traced=True, record=False):
        s = filled_setup(self.setup_fields, setup)
        return new_game(
            s["variant"],
            s["players"],
            seed,
            policy,
            traced,
            record,
            moon=s["moon"],
            wolves=s["wolves"],
            rulings=s["rulings"],
            deck=s["deck"],
        )

    def replay(self, setup: dict, seed: int, decisions, traced=True):
        game = self.new_game(setup, seed, ReplayPolicy(list(decisions)), traced)
        game.play()
        return game

    def outcome_rows(self, game, first: int, per: str) -> list:
        from .outcome import outcome_rows

        return outcome_rows(game, first, per)

    def setup_text(self, setup: dict) -> str:
        return f"Flipology {filled_setup(self.setup_fields, setup)['variant']}"

    def check_play_args(self, setup: dict, games: int, simulations=None) -> dict:
        try:
            full = self.check_setup(setup)
        except ValueError as e:
            raise ValueError(f"--{e}") from None
        if not 1 <= games <= MAX_GAMES:
            raise ValueError(f"--games: expected 1 to {MAX_GAMES:,}, got {games}")
        check_simulations(simulations)
        return full

    def scenario_at(self, setup: dict, seed: int, policy=None, round: int = 1) -> dict:
        """The table as dealt, before the first turn (a scenario starts no later round)."""
        from .deal_scenario import deal_scenario

        return deal_scenario(self.new_game(setup, seed, policy, traced=False))

    # -- comparing outcomes --

    def seat_outcome(self, resolution, seat: int) -> SeatOutcome:
        return seat_outcome(resolution, seat)

    def winners(self, resolution) -> list | None:
        """None: a comparison of two Flipology outcomes shows each player's points, from which
        the count decides (End of Game Scoring)."""
        return None

    def comparison_html(self, comparison) -> str:
        return comparison_html(comparison)

    # -- what an exercise reads --

    # the situation library's fields and their readers (`library`):
    # scores, rows, the discard pile, and how the game ended
    expect_fields = library.EXPECT_FIELDS
    outcome_fields = staticmethod(library.outcome_fields)
    check_expected = staticmethod(library.check_expected)
    expected_differences = staticmethod(library.expected_differences)
    cards_in = staticmethod(library.cards_in)

    def season_of(self, scenario) -> str:
        """Its variant: "nature", "great-tree" or "multi"."""
        return scenario.get("variant", self.setup_fields["variant"])

    def printed(self, card_id: str) -> tuple[str, int] | None:
        from .cards import spec_of

        try:
            spec = spec_of(card_id)
        except KeyError:
            return None
        return spec.name, spec.points

    # -- practice --

    def random_situation(self, seed: int) -> RandomSituation:
        """A game of a setup of `PRACTICE_SETUPS`, played by the default or the random policy up
        to one of its turns, all drawn from `seed`, with that turn's flip drawn among the
        player's cards; played on for that turn, then counted as the table stands."""
        rng = random.Random(seed)
        setup = dict(rng.choice(PRACTICE_SETUPS))
        policy, game_seed = rng.choice(("default", "random")), rng.randrange(2**31)
        per_player = NATURE_TURNS if setup["variant"] == "nature" else TREE_ROUNDS * TREE_TURNS
        turn = rng.randint(1, per_player * setup["players"])
        game = self.new_game(setup, game_seed, self.make_policy(policy, game_seed), False)
        capture = game.policy = _BeforeTurn(game.policy, turn)
        try:
            game.play()
        except Dealt:
            pass
        scenario, choice = capture.scenario, capture.choice
        player, row, col = rng.choice(choice.options)
        scenario["turns"] = [{"player": player, "flip": [row, col]}]
        for p, name in zip(scenario["players"], PLAYER_NAMES):
            p["name"] = name
        names = [p["name"] for p in scenario["players"]]
        rows = scenario["players"][player]["rows"]
        place = f"card {in_words(col + 1)} (from the left) of {names[player]}'s " + (
            f"row {in_words(row + 1)} (from the bottom)" if len(rows) > 1 else "row"
        )
        title = (
            f"a Flipology {_VARIANT_WORDS[setup['variant']]} game of "
            f"{in_words(len(names))} players, {listed(names)}, before turn {in_words(turn)}"
        )
        until = (
            f"{names[player]} flips {place}; then the game ends and is counted as the table "
            "stands, any choice an effect asks as the default policy takes it (docs/engine.md)"
        )
        return RandomSituation(scenario, "resolve", title, until)

    def quantities(self, fields: dict) -> list[Quantity]:
        """Each player's score and each card of their rows, face up or down; the discard
        pile."""
        out = [Quantity(f"score.{n}", f"{n}'s score") for n in fields.get("score", {})]
        for name, rows in fields.get("rows", {}).items():
            out += [
                Quantity(
                    f"rows.{name}.{r}.{c}",
                    f"card {in_words(c + 1)} of {name}'s "
                    + (f"row {in_words(r + 1)} (from the bottom)" if len(rows) > 1 else "row"),
                    "the card as the table writes it: 'dog:6' face up, '~dog:6' face down",
                )
                for r, row in enumerate(rows)
                for c in range(len(row))
            ]
        if "discard" in fields:
            out.append(
                Quantity("discard", "the discard pile", "a list of cards, in any order", False)
            )
        return out

    # -- policies and rulings --

    def policy_name(self, name) -> tuple:
        return policy_name(name)

    def make_policy(self, name: str, seed: int, simulations=None):
        return make_policy(name, seed, simulations)

    def search_policy(self, seed: int = 0, simulations=None, advice: bool = False):
        """`search.SearchPolicy`, every decision of a game it follows replayed from its seed."""
        from .search import SearchPolicy

        return SearchPolicy(simulations, seed=seed)

    def advice_decision(self, situation, player=None, policy=None):
        """`advice.decision_of`: of a scenario to its round's count, of a game to its end."""
        return decision_of(situation, player, getattr(policy, "rollout", None))

    def option_words(self, choice, option) -> str:
        return option_words(choice, option)

    def rulings(self, given=None) -> Rulings:
        return given if isinstance(given, Rulings) else Rulings.from_dict(given or {})

    # -- the command line --

    @property
    def search_budget(self) -> str:
        from .search import DEFAULT_SIMULATIONS

        return str(DEFAULT_SIMULATIONS)

    def play_command(self, args) -> str:
        """`flipology play`."""
        return play_command(args)


GAME = Flipology()
