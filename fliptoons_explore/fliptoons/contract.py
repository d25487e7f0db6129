"""FlipToons on the game contract (`games.GameContract`): its scenarios, whole games, policies,
ruling options and, through its kit (`kit.FlipToonsKit`), how it reads and is drawn."""

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
from . import engine, library
from .advice import EXPLAINED, advice_decision, option_words
from .comparison import comparison_html, seat_outcome, winners
from .game import new_game, replay
from .grid import space_name
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

#: The setups a random situation is drawn from (`FlipToons.random_situation`): each season, two
#: to four players, the seasons combined at three and five (a solo game is played only to its
#: end, which takes many rounds).
PRACTICE_SETUPS = (
    {"season": "s2", "players": 2},
    {"season": "s2", "players": 3},
    {"season": "s2", "players": 4},
    {"season": "s1", "players": 2},
    {"season": "s1", "players": 3},
    {"season": "combined", "players": 3},
    {"season": "combined", "players": 5},
)
_SEASON_WORDS = {"s1": "Season 1", "s2": "Season 2", "combined": "Seasons 1 and 2 combined"}
_DECISIONS = "any decision as the default policy takes it (docs/engine.md)"
#: How a random situation is played on, in words, by how it is played.
_UNTIL = {
    "resolve": f"play its Flip and Check Fame, {_DECISIONS}",
    "round": "play the round: its Flip, Check Fame and Market, where {}; " + _DECISIONS,
}
#: The verbs of the Market's actions (S2 Market), by the kind of their events.
_ACTIONS = {"hire": "hires", "dismiss": "dismisses", "skip": "skips"}
#: How a card in a grid is written (`library.compact_grid`).
_CELL = (
    "a card id as 'rat'; a stack bottom card first, as 'firefly+rat'; '~' before a face-down "
    "card; 'nothing' for an empty space"
)


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

    # -- practice --

    def random_situation(self, seed: int) -> RandomSituation:
        """A game of a setup of `PRACTICE_SETUPS`, played by the default or the random policy,
        at the start of one of its rounds, all drawn from `seed`; played on for its Flip and
        Check Fame, or for its round (its Market too). Never further: the Final Flip and the
        next round start with shuffled decks, which no one can predict."""
        rng = random.Random(seed)
        setup = dict(rng.choice(PRACTICE_SETUPS))
        policy, game_seed = rng.choice(("default", "random")), rng.randrange(2**31)
        at = rng.randint(1, 12)
        while True:  # a round the game reaches, which `resolve` and `round` play
            try:
                policy_now = self.make_policy(policy, game_seed)
                scenario = self.scenario_at(setup, game_seed, policy_now, at)
            except ValueError:  # the game ended before
                at = rng.randint(1, at - 1)
                continue
            if at == 1 or not {"solo", "critics_choice", "end_triggered"} & set(scenario):
                break
            at -= 1
        for p, name in zip(scenario["players"], PLAYER_NAMES):
            p["name"] = name
        names = [p["name"] for p in scenario["players"]]
        title = (
            f"a {_SEASON_WORDS[setup['season']]} game of {in_words(len(names))} players, "
            f"{listed(names)}, at the start of round {in_words(at)}"
        )
        if rng.random() < 0.5:
            market = self._scripted_market(scenario)
            if market:
                return RandomSituation(scenario, "round", title, _UNTIL["round"].format(market))
        return RandomSituation(scenario, "resolve", title, _UNTIL["resolve"])

    def _scripted_market(self, scenario: dict) -> str:
        """The Market actions the default policy takes in the scenario's round, written into
        its players' `actions` (for `round`, which skips where they run out), in words: "Ann
        hires the Rat, then skips; Ben skips twice"; "" (and no actions) if the scripted round
        does not play."""
        played = self.play_game(scenario, self.make_policy("default", 0))
        turns: list = []  # [player, [their actions]] in the order they act
        for e in played.trace:
            if e.phase == "cleanup":
                break
            if e.kind in _ACTIONS and e.rule.endswith(("market.hire", "market.dismiss", "actions")):
                if not turns or turns[-1][0] != e.player:
                    turns.append([e.player, []])
                turns[-1][1].append(e)
        players = scenario["players"]
        for p, done in turns:
            players[p]["actions"] = [
                {"skip": True} if e.kind == "skip" else {e.kind: e.card} for e in done
            ]
        try:
            self.play_round(scenario)
        except ValueError:
            for p in players:
                p.pop("actions", None)
            return ""
        return "; ".join(
            f"{players[p]['name']} "
            + ", then ".join(
                _ACTIONS[e.kind] + ("" if e.card is None else f" the {self.printed(e.card)[0]}")
                for e in done
            )
            for p, done in turns
        )

    def quantities(self, fields: dict) -> list[Quantity]:
        """Each player's fame (and fame left, in a round with a Market), the card in each space
        of their grid, the top and the bottom card of their deck (where a card is returned to)
        and their dismissed pile; the market; the market cards discarded face up."""
        out = [Quantity(f"fame.{n}", f"{n}'s fame") for n in fields.get("fame", {})]
        out += [
            Quantity(f"fame_left.{n}", f"{n}'s fame left to spend")
            for n in fields.get("fame_left") or {}
        ]
        for name, rows in fields.get("grid", {}).items():
            # a row counted from the bottom (-1 the lower row, -3 the first extra row): the same
            # place at every step, whatever rows the Monkey and the Gorilla add above
            out += [
                Quantity(
                    f"grid.{name}.{j - len(rows)}.{col}",
                    f"the card in {space_name((j - len(rows) + 2, col))} of {name}'s grid",
                    _CELL,
                )
                for j, row in enumerate(rows)
                for col in range(len(row))
            ]
        out += [
            Quantity(f"deck.{n}.{end}", f"the {side} card of {n}'s deck", "a card id, as 'rat'")
            for n, deck in fields.get("deck", {}).items()
            if deck
            for end, side in ((0, "top"), (-1, "bottom"))
        ]
        cards = "a list of card ids, in any order"
        out += [
            Quantity(f"dismissed.{n}", f"{n}'s dismissed pile", cards, False)
            for n in fields.get("dismissed", {})
        ]
        if None not in fields.get("market", [None]):
            out.append(Quantity("market", "the market", cards, False))
        if "market_discard" in fields:
            out.append(
                Quantity("market_discard", "the market cards discarded face up", cards, False)
            )
        return out

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
