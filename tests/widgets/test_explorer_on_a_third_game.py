"""The explorer is one shell for every game: a third game, Lights (`tests/helpers/lights.py`),
opens in it with no change outside this file and its own, given a minimal controller
(`widgets.games.Controller`, registered by the game's name): the explorer shows its situation,
resolves it, steps through it and asks the decision its script leaves open, through the game's
contract (`resolve_asking`) and the controller alone."""

from __future__ import annotations

import copy
import json

import pytest

w = pytest.importorskip("ipywidgets")

from fliptoons_explore.widgets import explorer  # noqa: E402
from fliptoons_explore.widgets import games as widget_games  # noqa: E402
from fliptoons_explore.widgets.errors import ErrorArea  # noqa: E402
from fliptoons_explore.widgets.explorer import TABS  # noqa: E402
from fliptoons_explore.widgets.games import RESOLVE, pending  # noqa: E402
from fliptoons_explore.widgets.history import UndoRedo  # noqa: E402
from fliptoons_explore.widgets.situation import GameSituation  # noqa: E402

import lights  # noqa: E402
from fliptoons_explore.jsonio import ScenarioError  # noqa: E402
from fliptoons_explore.policy import DefaultPolicy  # noqa: E402
from fliptoons_explore.views import Marks  # noqa: E402

#: Ann's scripted turn flips her spark (card 2): it lights her whole row, 7 points. Ben's turn
#: is not scripted: the explorer asks which of his four face-down cards he flips.
SCENARIO = {
    "game": "lights",
    "players": [
        {"name": "Ann", "row": ["plain:3", "spark:1", "spark:1", "plain:2"]},
        {"name": "Ben", "row": ["plain:2", "plain:1", "spark:1", "plain:3"]},
    ],
    "turns": [{"player": 0, "flip": 1}],
}


class LightsSituation(GameSituation):
    """A Lights scenario being built: its data, and a turn written as an answer."""

    def __init__(self) -> None:
        self.data = {"game": "lights", "players": [{"name": "Ann", "row": []}]}
        self._start_history()

    def replace(self, scenario: dict, what: str) -> None:
        with self.edit(what):
            self.data = copy.deepcopy(scenario)

    def scenario(self) -> dict:
        return copy.deepcopy(self.data)

    def to_json(self) -> str:
        return json.dumps(self.data, indent=1)

    @property
    def players(self) -> list:
        return self.data["players"]

    def who(self, i: int) -> str:
        return self.players[i].get("name") or f"Player {i + 1}"

    def set_turn(self, t: int, player: int, flip: int) -> None:
        """The game's turn `t` flips `player`'s card `flip` (the turns after it dropped)."""
        with self.edit(f"turn {t + 1}: {self.who(player)} flips card {flip + 1}"):
            turns = self.data.setdefault("turns", [])
            turns[t:] = [{"player": player, "flip": flip}]


class LightsBuilder(UndoRedo, w.VBox):
    """A builder with no controls of its own: a picked card goes to the first player's row."""

    def __init__(self, situation, errors) -> None:
        self.situation, self.errors, self._handlers = situation, errors, []
        self._make_history_buttons(errors.guard)
        super().__init__([w.HTML("the scenario's JSON is its builder")])

    def on_change(self, handler) -> None:
        self._handlers.append(handler)

    def changed(self) -> None:
        self.redraw()
        for handler in self._handlers:
            handler()

    def load(self, scenario: dict, what: str = "load another situation") -> None:
        self.situation.replace(scenario, what)
        self.changed()

    def add(self, card_id: str) -> None:
        with self.situation.edit(f"add {card_id}"):
            self.situation.players[0]["row"].append(card_id)
        self.changed()

    def rebuild(self) -> None:
        self.redraw()

    def redraw(self) -> None:
        self._history_buttons()


class LightsCatalog(w.VBox):
    """The two kinds of card, one button each."""

    def __init__(self) -> None:
        self._handlers = []
        buttons = [w.Button(description=c) for c in ("spark:1", "plain:3")]
        for b in buttons:
            b.on_click(lambda b: [h(b.description) for h in self._handlers])
        super().__init__(buttons)

    def on_pick(self, handler) -> None:
        self._handlers.append(handler)

    def clear_details(self) -> None:
        pass


class LightsPlay:
    """Lights in the explorer: resolved only; a turn no script gives is asked, each card by its
    place in the row, worth the points its player ends with."""

    name = "lights"
    modes = {RESOLVE: ("every turn, then the count; shows the end", "resolved: turns and count")}
    plays = "a situation plays its turns, then the count"
    switch_tip = "Lights (a toy game)"
    interactions = None

    def __init__(self, errors: ErrorArea | None = None) -> None:
        self.game = lights.GAME
        self.situation = LightsSituation()
        self.catalog = LightsCatalog()
        self.builder = LightsBuilder(self.situation, errors or ErrorArea())

    def bind(self, host) -> None:
        pass

    def picked(self, card_id: str) -> None:
        self.builder.add(card_id)

    def follow(self) -> None:
        pass

    def resolve(self, scenario: dict, mode: str, policy) -> tuple:
        result, unanswered = self.game.resolve_asking(scenario, policy, mode)
        return result, [
            pending(step, u, [f"card {k + 1}" for k in u.choice.options]) for step, u in unanswered
        ]

    def worth(self, scenario: dict, p, mode: str) -> list[str]:
        out = []
        for flip in p.asked.options:
            trial = LightsSituation()
            trial.replace(scenario, "try")
            trial.set_turn(p.index, p.asked.player, flip)
            r = self.game.resolve(trial.scenario(), DefaultPolicy())
            me = r.table.players[p.asked.player]
            out.append(f"{me.name} ends with {me.score}")
        return out

    def answer(self, p, option: int) -> None:
        self.situation.set_turn(p.index, p.asked.player, p.asked.options[option])
        self.builder.redraw()

    def chosen_before(self, p, table) -> str:
        return ""

    def marks(self, result):
        return Marks()

    def click(self, data: dict) -> bool:
        return False

    def file_name(self) -> str:
        return "lights-" + "-".join(p.get("name", "") for p in self.situation.players)

    def no_advice(self, scenario: dict) -> str:
        return "the advice's search plays FlipToons and Flipology"


@pytest.fixture
def x(monkeypatch):
    monkeypatch.setitem(widget_games.CONTROLLERS, "lights", LightsPlay)
    return explorer(SCENARIO)


def test_the_explorer_shows_a_third_game(x):
    assert x.game == "lights" and x.error.value == ""
    assert x.game_switch.value == "lights" and "Lights" in x.game_switch._options_labels
    assert x.page.page_title == "Lights explorer" and repr(x).startswith("<Lights explorer")
    assert x.round_button.layout.display == "none" and x.game_button.layout.display == "none"
    assert x.catalog_area.children == (x.catalog,) and x.builder in x.main.children
    assert x.situation.scenario() == SCENARIO and x.file_name() == "lights-Ann-Ben"
    x.tabs.selected_index = TABS.index("Interactions")
    assert "For Lights, the <b>Chain</b> tab" in x.tabs.children[TABS.index("Interactions")].value
    assert x.advice.button.disabled and "plays FlipToons and Flipology" in x.advice.subject.value


def test_it_resolves_and_steps_through_up_to_the_decision_that_waits(x):
    assert x.result.table.game is lights.GAME
    ann, ben = x.result.table.players
    assert ann.score == 7 and ben.score == 3  # Ben's turn meanwhile: the default's plain 3
    waiting = x.pending[0]
    assert (waiting.asked.player, waiting.index, waiting.asked.options) == (1, 1, (0, 1, 2, 3))
    decision = x.result.trace[waiting.step]
    assert decision.kind == "decision" and decision.player == 1
    assert x.stepper.limit == waiting.step
    x.stepper.first.click()
    assert x.stepper.stepper.step == -1 and "Ann: ~ ~ ~ ~" in x.stepper.table.html
    x.stepper.next.click()  # Ann's turn
    x.stepper.next.click()  # her spark is flipped
    assert "#1 Ann: flip spark:1 at Ann&#x27;s card 2" in x.stepper.event.value
    assert "Ann: ~ spark:1 ~ ~" in x.stepper.table.html
    x.stepper.goto(waiting.step)
    assert "Ann: plain:3 spark:1 spark:1 plain:2" in x.stepper.table.html
    x.stepper.first.click()
    x.resolve_button.click()  # shows the end: here the step where the decision waits
    assert x.stepper.stepper.step == waiting.step and "a decision waits" in x.stepper.position.value
    markdown = x.markdown()  # the game's own (`GameContract.markdown`)
    assert "a decision waits for its answer" in markdown and "Ann: plain:3 spark:1" in markdown


def test_it_answers_the_pending_decision(x):
    assert [b.description for b in x.options] == [
        "card 1: Ben ends with 2",
        "card 2: Ben ends with 1",
        "card 3: Ben ends with 5",  # the spark lights both its neighbours
        "card 4: Ben ends with 3",
    ]
    assert "Decision for Ben" in x.decision.children[0].value
    x.options[2].click()
    assert x.situation.scenario()["turns"] == SCENARIO["turns"] + [{"player": 1, "flip": 2}]
    assert x.pending == [] and x.stepper.limit is None and x.error.value == ""
    assert [p.score for p in x.result.table.players] == [7, 5]
    x.builder.undo()
    assert x.pending[0].asked.player == 1


def test_it_keeps_its_situation_while_another_game_is_shown(x):
    x.switch_game("fliptoons")
    assert x.game == "fliptoons" and x.round_button.layout.display is None
    x.game_switch.value = "lights"
    assert x.situation.scenario() == SCENARIO and x.pending[0].asked.player == 1
    with pytest.raises(ScenarioError, match="a Lights card"):
        x.controller.resolve({**SCENARIO, "players": [{"row": ["moon:1"]}]}, RESOLVE, None)
