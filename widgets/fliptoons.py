"""The explorer's FlipToons parts and what it asks of the game (`games.Controller`): the situation
being built (`situation.Situation`), the catalog (`catalog.Catalog`), the builder
(`builder.Builder`) and the Interactions tab (`panels.InteractionsPanel`); resolving (the Flip
and Check Fame), playing the round (its scripted Market actions and the after-Market effects; it
stops before Cleanup) or the game to its end, the decisions the players' `choices` leave open
and where an answer goes (a game's later rounds: a list of rounds, docs/scenarios.md), what each
answer gives, and a click on the table (a grid's cell becomes where picked cards go).
"""

from __future__ import annotations

from fliptoons_explore.fliptoons import engine
from fliptoons_explore.fliptoons.cards import CATALOG
from fliptoons_explore.fliptoons.render import fame_of_players
from fliptoons_explore.fliptoons.state import grid_state
from fliptoons_explore.games import contract
from fliptoons_explore.jsonio import ScenarioError
from fliptoons_explore.policy import DefaultPolicy
from fliptoons_explore.views import Marks

from .builder import Builder
from .catalog import Catalog
from .errors import ErrorArea, one_line
from .games import GAME, RESOLVE, ROUND, Pending, pending
from .panels import InteractionsPanel
from .situation import Situation

#: The situation a fresh explorer shows: one player, Ann, with an empty deck, in Season 2.
START = {"season": "s2", "players": [{"name": "Ann", "deck": []}]}


def card_name(card_id) -> str:
    """A card id by its name ("cow": "Cow"); anything else as it is."""
    known = isinstance(card_id, str) and card_id in CATALOG
    return CATALOG[card_id].name if known else str(card_id)


class FlipToonsPlay:
    """FlipToons in the explorer (`games.Controller`). A solo difficulty picked in the builder
    plays the game to its end: a solo game is won at 30 fame in one Check Fame (S2 Solo Play
    Rules), which resolving the Flip or playing the round does not reach."""

    name = "fliptoons"
    modes = {
        RESOLVE: (
            "Flip + Check Fame for every player; shows the end",
            "resolved: Flip and Check Fame",
        ),
        ROUND: (
            "+ the scripted Market actions and the after-Market effects; shows the end",
            "played the round (it stops before Cleanup)",
        ),
        GAME: (
            "+ Cleanup, the next rounds and the Final Flip, to the end of the game (later rounds "
            "shuffle from the scenario's seed; the policy takes the Market actions no script "
            "gives); shows the end",
            "played to the end of the game",
        ),
    }
    plays = "a situation is resolved, its round played, or played to the end of its game"
    switch_tip = "FlipToons (Season 1, Season 2, combined)"

    def __init__(self, errors: ErrorArea | None = None) -> None:
        self.errors = errors or ErrorArea()
        self.game = contract(self.name)
        self.situation = Situation(START)
        self.catalog = Catalog(errors=errors)
        self.builder = Builder(self.situation, errors=errors)
        self.interactions = InteractionsPanel(errors=errors)
        self.host = None

    def bind(self, host) -> None:
        guard = self.errors.guard
        self.host = host
        self.builder.solo.observe(guard(self._solo_picked), names="value")
        self.interactions.on_load(
            guard(lambda s: host.load(s, what="load a pair of the Interactions tab"))
        )

    def _solo_picked(self, change) -> None:
        if change["new"] and not self.builder._quiet and self.host.mode != GAME:
            self.host.play(GAME)

    def picked(self, card_id: str) -> None:
        self.interactions.set_season(self.situation.season, card_id)
        self.builder.add(card_id)

    def follow(self) -> None:
        """The catalog and the Interactions tab follow the situation's season."""
        self.catalog.set_season(self.situation.season)
        self.interactions.set_season(self.situation.season)

    # -- playing ----------------------------------------------------------------------------------
    def resolve(self, scenario: dict, mode: str, policy) -> tuple:
        """The decisions asked are the `choices` of every round played (a game's later rounds
        too); the Market actions the policy takes in a game are its turns, not asked."""
        result, unanswered = self.game.resolve_asking(scenario, policy, mode)
        return result, [
            pending(step, u, [card_name(o) for o in u.choice.script_names()], self._card(u))
            for step, u in unanswered
            if u.choice.kind != "market_action"
        ]

    @staticmethod
    def _card(unanswered) -> str:
        card = getattr(unanswered.choice.card, "id", unanswered.choice.card)
        return card_name(card) if card else ""

    def worth(self, scenario: dict, p: Pending, mode: str) -> list[str]:
        """The deciding player's fame with each answer, the rest played by the default policy
        (to the end of the game: their fame and who wins; a round: the fame left to spend)."""
        out = []
        player = p.asked.player
        for option in list(p.asked.options) + ([None] if p.asked.optional else []):
            trial = Situation(scenario)
            trial.answer_in_round(player, p.round, p.index, option)
            try:
                res = _played(trial.scenario(), mode)
            except ScenarioError as e:
                out.append(one_line(e))
                continue
            me = res.table.players[player]
            if mode == GAME:
                won = [res.table.players[i].name for i in res.game.result.winners]
                wins = " and ".join(won) + (" win" if len(won) > 1 else " wins")
                out.append(
                    f"{me.name} ends the game with {me.fame_total} fame; "
                    + (wins if won else "nobody wins")
                )
                continue
            left = f", {me.fame_left} to spend" if mode == ROUND else ""
            out.append(f"{me.name} ends with {me.fame_total} fame{left}")
        return out

    def answer(self, p: Pending, option: int | None) -> None:
        """Into the player's `choices`: of this round, or of the game's round as a list of
        rounds."""
        value = None if option is None else p.asked.options[option]
        self.situation.answer_in_round(p.asked.player, p.round, p.index, value)
        self.builder.redraw()

    def chosen_before(self, p: Pending, table) -> str:
        return ""  # each FlipToons decision is one answer

    # -- the table --------------------------------------------------------------------------------
    def marks(self, result):
        """The builder's target cell marked; the hand-built grids preview each card's fame."""
        t = self.builder.target
        if result is not None:
            self.builder.cell_fame = _cell_fame(result)
            self.builder.redraw()
        return Marks(target=t[1:] if t[0] == "grid" else None, clickable=True)

    def click(self, data: dict) -> bool:
        """A click on a grid's cell makes it where picked cards go."""
        if data.get("action") != "cell":
            return False
        i, row, col = int(data["player"]), int(data["row"]), int(data["col"])
        if not self.situation.has_grid(i):
            name = self.situation.players[i].get("name")
            raise ValueError(
                f"{name} flips from the deck: tick 'grid built by hand' to place cards in {name}'s "
                "grid"
            )
        self.builder.set_target(("grid", i, row, col))
        return True

    def file_name(self) -> str:
        names = [str(p.get("name", "")) for p in self.situation.players]
        return "-".join(["fliptoons", self.situation.season] + [n for n in names if n])[:60]

    def no_advice(self, scenario: dict) -> str:
        """One player is a solo game only with a difficulty (S2 Solo Play Rules)."""
        if len(scenario.get("players") or ()) == 1 and not scenario.get("solo"):
            return (
                "one player plays a solo game; pick its difficulty in the solo menu beside "
                "players to ask what a strong player would do"
            )
        return ""


def _played(scenario: dict, mode: str):
    """The scenario played in `mode`, the default policy answering what its script leaves open."""
    if mode == GAME:
        return engine.GameResolution.of(engine.play_game(scenario, DefaultPolicy()))
    if mode == ROUND:
        return engine.play_round(scenario, DefaultPolicy())
    return engine.resolve(scenario, DefaultPolicy())


def _cell_fame(result) -> dict:
    """{(player, row, col, height): CardScore} of the hand-built grids: the live fame preview
    (what each card scores at Check Fame, the end of the resolution)."""
    fame = fame_of_players(result.table.players)
    out = {}
    for p in result.table.players:
        if not p.built_grid:
            continue
        rows = grid_state(p.grid)
        n_extra = len(rows) - 2
        for j, row in enumerate(rows):
            for col, stack in enumerate(row):
                for h, e in enumerate(stack or ()):
                    if e["uid"] in fame:
                        out[(p.index, j - n_extra, col, h)] = fame[e["uid"]]
    return out


Controller = FlipToonsPlay
