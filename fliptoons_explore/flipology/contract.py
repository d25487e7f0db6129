"""Flipology on the game contract (`games.GameContract`): its scenarios, whole games, policies,
ruling options and, through its kit (`kit.FlipologyKit`), how it reads and is drawn."""

from __future__ import annotations

from ..games import filled_setup
from ..policy import ReplayPolicy
from . import engine
from .game import new_game
from .kit import FlipologyKit
from .markdown import resolution_markdown
from .play import POLICIES, make_policy, policy_name
from .rulings import OPTIONS, Rulings
from .scenario import check
from .text import resolution_text


class Flipology(FlipologyKit):
    """Flipology (Nature, the Great Tree, the multi-game variant). A setup: `variant` ('nature',
    'great-tree', 'multi'), `players` (2 to 6; 2 to 4 at the Great Tree), `moon` and `wolves`
    (whether those cards are played with: the rulebook lets a table leave them out), `deck` (a
    deck table, None for the rulebook's) and `rulings`."""

    setup_fields = {"variant": "nature", "players": 2, "moon": True, "wolves": True, "deck": None}
    policies = POLICIES
    options = OPTIONS

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

    # -- policies and rulings --

    def policy_name(self, name) -> tuple:
        return policy_name(name)

    def make_policy(self, name: str, seed: int, simulations=None):
        return make_policy(name, seed, simulations)

    def rulings(self, given=None) -> Rulings:
        return given if isinstance(given, Rulings) else Rulings.from_dict(given or {})


GAME = Flipology()
