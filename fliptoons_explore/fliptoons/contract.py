"""FlipToons on the game contract (`games.GameContract`): its scenarios, whole games, policies,
ruling options and, through its kit (`kit.FlipToonsKit`), how it reads and is drawn."""

from __future__ import annotations

from ..games import filled_setup
from . import engine
from .game import new_game, replay
from .kit import FlipToonsKit
from .markdown import resolution_markdown
from .play import POLICIES, make_policy, policy_name
from .rulings import OPTIONS, Rulings
from .scenario import check
from .text import game_text, resolution_text, round_text


class FlipToons(FlipToonsKit):
    """FlipToons (Season 1, Season 2, both combined, solo). A setup: `season` ('s1', 's2',
    'combined'), `players` (2 to 4, 2 to 8 combined, or 1 with a `solo` difficulty 'easy',
    'normal' or 'hard') and `rulings`."""

    setup_fields = {"season": "s2", "players": 2, "solo": None}
    policies = POLICIES
    options = OPTIONS

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

    # -- policies and rulings --

    def policy_name(self, name) -> tuple:
        return policy_name(name)

    def make_policy(self, name: str, seed: int, simulations=None):
        return make_policy(name, seed, simulations)

    def rulings(self, given=None) -> Rulings:
        return given if isinstance(given, Rulings) else Rulings.from_dict(given or {})


GAME = FlipToons()
