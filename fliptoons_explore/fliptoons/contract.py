"""FlipToons on the game contract (`games.GameContract`): its scenarios, whole games, policies,
ruling options and, through its kit (`kit.FlipToonsKit`), how it reads and is drawn."""

from __future__ import annotations

from ..games import SeatOutcome, filled_setup
from . import engine, library
from .advice import EXPLAINED, advice_decision, option_words
from .comparison import comparison_html, seat_outcome, winners
from .game import new_game, replay
from .kit import FlipToonsKit
from .markdown import resolution_markdown
from .play import (
    POLICIES,
    check_play_args,
    check_simulations,
    make_policy,
    play_command,
    policy_name,
)
from .rulings import OPTIONS, Rulings
from .scenario import check
from .text import game_text, resolution_text, round_text


class FlipToons(FlipToonsKit):
    """FlipToons (Season 1, Season 2, both combined, solo). A setup: `season` ('s1', 's2',
    'combined'), `players` (2 to 4, 2 to 8 combined, or 1 with a `solo` difficulty 'easy',
    'normal' or 'hard') and `rulings`."""

    setup_fields = {"season": "s2", "players": 2, "solo": None}
    row_fields = ("season", "players", "solo")
    policies = POLICIES
    options = OPTIONS
    layout_name, outcome_words = "grid", "grid, deck, dismissed pile and fame"
    advice_decisions = "the next Market action (or the Skunk's dismissal)"
    advice_horizon = "the end of the game"
    advice_ties = (
        "in a solo game, equal win rates are told apart by the fame their lost games reached"
    )
    advice_explained = EXPLAINED

    def table_setup(self, table) -> dict:
        return {"season": table.season}

    # -- scenarios --

    def check(self, scenario) -> None:
        check(scenario)

    def resolve(self, scenario, policy=None, traced=True, record=False):
        return engine.resolve(scenario, policy, traced, record)

    def play_round(self, scenario, policy=None, record=False):
        return engine.play_round(scenario, policy, record)

    def play_game(self, scenario, policy=None, record=False, traced=True):
        """The scenario played on to the end of its game (the `game` command)."""
        return engine.GameResolution.of(engine.play_game(scenario, policy, record, traced))

    def play_as_written(self, scenario, policy=None, record=False):
        return engine.play_as_written(scenario, policy, record)

    def written_play(self, scenario) -> str:
        if engine.needs_game(scenario):
            return "game"
        return "round" if engine.has_market_script(scenario) else "resolve"

    def resolve_asking(self, scenario, policy=None, play="resolve"):
        """Resolved, its round played ("round") or played to the end of the game ("game")."""
        return engine.resolve_asking(scenario, policy, play)

    def text(self, resolution) -> str:
        if isinstance(resolution, engine.GameResolution):
            return game_text(resolution.game)
        if isinstance(resolution, engine.RoundResolution):
            return round_text(resolution)
        return resolution_text(resolution)

    def markdown(self, resolution, play="resolve", step=None, link="", title="") -> str:
        return resolution_markdown(resolution, play, step, link, title)

    # -- whole games --

    def check_setup(self, setup: dict) -> dict:
        full = filled_setup(self.setup_fields, setup)
        rulings = full["rulings"]
        new_game(full["season"], full["players"], 0, full["solo"], rulings=rulings, traced=False)
        return full

    def new_game(self, setup: dict, seed: int, policy=None, traced=True):
        s = filled_setup(self.setup_fields, setup)
        return new_game(s["season"], s["players"], seed, s["solo"], policy, traced, s["rulings"])

    def replay(self, setup: dict, seed: int, decisions, traced=True):
        s = filled_setup(self.setup_fields, setup)
        return replay(s["season"], s["players"], seed, s["solo"], decisions, s["rulings"])

    def outcome_rows(self, game, first: int, per: str) -> list:
        from .outcome import outcome_rows

        return outcome_rows(game, first, per)

    def setup_text(self, setup: dict) -> str:
        s = filled_setup(self.setup_fields, setup)
        return s["season"] + (f" solo {s['solo']}" if s["solo"] else "")

    def check_play_args(self, setup: dict, games: int, simulations=None) -> dict:
        """`play`'s own checks (`play.check_play_args`: '--players: expected 2 to 4 players with
        --season s2 ...'), then the rest of `check_setup`."""
        s = filled_setup(self.setup_fields, setup)
        check_play_args(s["season"], s["players"], s["solo"], games)
        check_simulations(simulations)
        try:
            return self.check_setup(s)
        except ValueError as e:
            raise ValueError(f"--{e}") from None

    def scenario_at(self, setup: dict, seed: int, policy=None, round: int = 1) -> dict:
        from .round_start import round_start_scenario

        s = filled_setup(self.setup_fields, setup)
        game = self.new_game(s, seed, policy, traced=False)
        return round_start_scenario(game, round, s["rulings"])

    # -- comparing outcomes --

    def seat_outcome(self, resolution, seat: int) -> SeatOutcome:
        return seat_outcome(resolution, seat)

    def winners(self, resolution) -> list | None:
        return winners(resolution)

    def comparison_html(self, comparison) -> str:
        return comparison_html(comparison)

    # -- what an exercise reads --

    # the situation library's fields and their readers (`library`):
    # fame, grids, decks, the market, and how a game ended
    expect_fields = library.EXPECT_FIELDS
    outcome_fields = staticmethod(library.outcome_fields)
    check_expected = staticmethod(library.check_expected)
    expected_differences = staticmethod(library.expected_differences)
    cards_in = staticmethod(library.cards_in)

    def season_of(self, scenario) -> str:
        return scenario.get("season", self.setup_fields["season"])

    def printed(self, card_id: str) -> tuple[str, int] | None:
        from .cards import CATALOG

        spec = CATALOG.get(card_id)
        return None if spec is None else (spec.name, spec.fame)

    # -- policies and rulings --

    def policy_name(self, name) -> tuple:
        return policy_name(name)

    def make_policy(self, name: str, seed: int, simulations=None):
        return make_policy(name, seed, simulations)

    def search_policy(self, seed: int = 0, simulations=None, advice: bool = False):
        """`search.MonteCarloPolicy`; for the advice every simulation played to the game's end."""
        from .search import MonteCarloPolicy

        return MonteCarloPolicy(simulations, seed=seed, horizon=None if advice else "season")

    def advice_decision(self, situation, player=None, policy=None):
        """`advice.advice_decision`: the next Market action (or the Skunk's dismissal)."""
        return advice_decision(situation, player, policy)

    def option_words(self, choice, option) -> str:
        return option_words(choice, option)

    def rulings(self, given=None) -> Rulings:
        return given if isinstance(given, Rulings) else Rulings.from_dict(given or {})

    # -- the command line --

    @property
    def search_budget(self) -> str:
        from .search import DEFAULT_SIMULATIONS as n

        return f"{n['s1']} in Season 1, {n['s2']} in Season 2 and combined"

    def play_command(self, args) -> str:
        return play_command(args)


GAME = FlipToons()
