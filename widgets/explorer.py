"""The explorer: catalog → builder → resolve, play the round or play to the end → stepper, chain
view, trace, ruling comparison, interactions and JSON, on one screen.

    from fliptoons_explore.widgets import explorer
    explorer({"season": "s2", "players": [{"name": "Ann", "deck": ["gorilla", "coyote"]}]})

Every edit re-resolves at once (the engine is fast and deterministic) and the stepper stays near
its step. Decisions (a Cow's copy, a Skunk's, Raccoon's, Crow's, Pig's... choice) are asked:
the resolution pauses at the first one the scenario's `choices` do not answer, shows its options
with what each is worth, and goes on with the answer, which is written into the scenario's
`choices` (so an export replays it); or a policy answers them all.
"""
from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass
from html import escape

import ipywidgets as w

from fliptoons_explore import RandomPolicy, Resolution, play_game, play_round, resolve
from fliptoons_explore.engine import GameResolution
from fliptoons_explore.cards import CATALOG
from fliptoons_explore.policy import DefaultPolicy, Recording
from fliptoons_explore.render import Marks, fame_of_players
from fliptoons_explore.scenario import ScenarioError
from fliptoons_explore.state import grid_state

from .builder import Builder
from .catalog import Catalog
from .errors import ErrorArea, one_line
from .chain import ChainView
from .examples import EXAMPLES
from .panels import InteractionsPanel, JSONPanel, RulingsPanel, TracePanel
from .situation import Situation
from .stepper import StepperView

ASK = "ask me"
#: Who answers a decision the scenario's `choices` do not answer.
POLICIES = {ASK: "each decision waits for your answer (the default answer is shown meanwhile)",
            "default": "the engine's documented default answers every decision",
            "random": "a seeded random answer (seed 0)"}
RESOLVE, ROUND, GAME = "resolve", "round", "game"
#: What each mode plays, in words (the examples' banner).
MODE_WORDS = {RESOLVE: "resolve", ROUND: "play the round", GAME: "play to the end"}


@dataclass(frozen=True)
class Pending:
    """A decision the scenario's `choices` did not answer: its step in the trace, the player's
    decision number (`index`, 0 first) in its round (`round`: 0 the scenario's, 1 the next...,
    when the game is played to its end) and what was asked (`policy.Asked`)."""

    step: int
    index: int
    asked: object
    round: int = 0


class Explorer(w.VBox):
    """The whole explorer. Its parts are attributes: `catalog`, `builder`, `stepper`, `chain`,
    `trace`, `rulings`, `interactions`, `json`, and the buttons `resolve_button`, `round_button`,
    `game_button`."""

    def __repr__(self) -> str:
        # what a notebook shows where the widget cannot be drawn (a viewer, a notebook not yet run)
        return "<FlipToons explorer: a widget; run the cell in a live notebook to use it>"

    def __init__(self, scenario: dict | None = None, **kwargs) -> None:
        self.situation = Situation()
        self.mode = RESOLVE
        self.result: Resolution | None = None
        self.pending: list[Pending] = []
        self.error = errors = ErrorArea()
        self.catalog = Catalog(errors=errors, layout=w.Layout(flex="0 0 290px", width="290px"))
        self.builder = Builder(self.situation, errors=errors)
        self.stepper = StepperView(errors=errors)
        self.chain = ChainView(errors=errors)
        self.trace = TracePanel(errors=errors)
        self.rulings = RulingsPanel(errors=errors)
        self.interactions = InteractionsPanel(errors=errors)
        self.json = JSONPanel(errors=errors)
        self.resolve_button = w.Button(description="resolve", button_style="primary", icon="play",
                                       tooltip="Flip + Check Fame for every player")
        self.resolve_button.add_class("fte-resolve")
        self.round_button = w.Button(description="play the round", icon="forward",
                                     tooltip="+ the scripted Market actions and the after-Market effects")
        self.round_button.add_class("fte-round")
        self.game_button = w.Button(description="play to the end", icon="flag-checkered",
                                    tooltip="+ Cleanup, the next rounds and the Final Flip, to the end of the "
                                            "game (later rounds shuffle from the scenario's seed; the policy "
                                            "takes the Market actions no script gives)")
        self.game_button.add_class("fte-game-end")
        self.policy = w.Dropdown(options=list(POLICIES), value=ASK, description="decisions",
                                 tooltip="who answers a decision the scenario does not answer: "
                                         + "; ".join(f"{k}: {v}" for k, v in POLICIES.items()),
                                 layout=w.Layout(width="14em"), style={"description_width": "5em"})
        self.examples = w.Dropdown(options=[("load an example…", "")] + [(e.label, n) for n, e in EXAMPLES.items()],
                                   value="", layout=w.Layout(width="24em"),
                                   tooltip="the rulebooks' examples, every Key Concept and FAQ entry as a situation")
        self.about = w.HTML()
        self.examples.add_class("fte-examples")
        self.decision = w.VBox()
        self.decision.add_class("fte-decision")
        self.options: list[w.Button] = []
        self.tabs = w.Tab(children=[self.chain, self.trace, self.rulings, self.interactions, self.json])
        for k, title in enumerate(("Chain", "Trace", "Rulings", "Interactions", "JSON")):
            self.tabs.set_title(k, title)

        self.catalog.on_pick(errors.guard(self._picked))
        self.builder.on_change(errors.guard(self.run))
        self.stepper.on_step(errors.guard(self._stepped))
        self.stepper.table.on_click(errors.guard(self._table_clicked))
        self.chain.on_jump(errors.guard(self.stepper.goto))
        self.trace.on_jump(errors.guard(self.stepper.goto))
        self.rulings.on_change(errors.guard(self._ruling))
        self.interactions.on_load(errors.guard(self.load))
        self.json.on_import(errors.guard(self.load))
        self.resolve_button.on_click(errors.guard(lambda _b: self._mode(RESOLVE)))
        self.round_button.on_click(errors.guard(lambda _b: self._mode(ROUND)))
        self.game_button.on_click(errors.guard(lambda _b: self._mode(GAME)))
        self.policy.observe(errors.guard(lambda _c: self.run()), names="value")
        self.examples.observe(errors.guard(self._example), names="value")
        self.tabs.observe(errors.guard(lambda _c: self._side()), names="selected_index")
        for f in (self.stepper.phase, self.stepper.who, self.stepper.kind, self.stepper.card):
            f.observe(errors.guard(lambda _c: self._side()), names="value")

        self.show_catalog = w.ToggleButton(value=True, description="catalog", icon="th-list",
                                           tooltip="show or hide the card catalog (more room for the table and the chain)",
                                           layout=w.Layout(width="auto"))
        self.show_catalog.add_class("fte-show-catalog")
        self.show_catalog.observe(errors.guard(lambda c: setattr(self.catalog.layout, "display",
                                                                  None if c["new"] else "none")), names="value")
        header = w.HBox([w.HTML('<b style="font-size:15px">FlipToons explorer</b>'), self.examples,
                         self.resolve_button, self.round_button, self.game_button, self.policy,
                         self.show_catalog],
                        layout=w.Layout(align_items="center", flex_flow="row wrap"))
        middle = w.VBox([self.decision, self.stepper, self.builder],
                        layout=w.Layout(flex="3 1 0px", min_width="440px", margin="0 8px"))
        side = w.VBox([self.tabs], layout=w.Layout(flex="1 1 430px", min_width="430px", max_width="900px"))
        body = w.HBox([self.catalog, middle, side], layout=w.Layout(width="100%", align_items="flex-start",
                                                                   flex_flow="row wrap"))
        super().__init__([header, self.error, self.about, body], **kwargs)
        self.add_class("fte-explorer")
        self.load(scenario or {"season": "s2", "players": [{"name": "Ann", "deck": []}]})

    # -- the situation ----------------------------------------------------------------------------
    def load(self, scenario: dict, about: str = "") -> None:
        """Make this scenario the situation (an example, an import, a found pair); `about`: what
        it shows, in words (HTML), above the table."""
        self.about.value = about
        self.builder.load(scenario)  # announces the change: run() follows
        self.catalog.set_season(self.situation.season)

    def _example(self, change) -> None:
        name = change["new"]
        if not name:
            return
        example = EXAMPLES[name]
        self._set_mode(example.play if example.play in MODE_WORDS else RESOLVE)
        rules = ", ".join(example.rules)
        about = (f'<div style="line-height:1.35;border-left:4px solid #2f6fb5;padding:2px 8px;margin:2px 0">'
                 f"<b>{escape(example.title)}</b>"
                 + (f" — {escape(example.explain)}" if example.explain else "")
                 + (f'<br><span style="color:#57606a;font-size:11px">{MODE_WORDS[self.mode]}'
                    f" · rules: {escape(rules)}</span>" if rules else "") + "</div>")
        self.load(example.scenario, about)
        self.examples.value = ""

    def _picked(self, card_id: str) -> None:
        self.interactions.set_season(self.situation.season, card_id)
        self.builder.add(card_id)

    def _ruling(self, name, value, default) -> None:
        self.situation.set_ruling(name, value, default)
        self.run()

    def _mode(self, mode: str) -> None:
        self._set_mode(mode)
        self.run()
        self.stepper.play.playing = False

    def _set_mode(self, mode: str) -> None:
        """Resolve (Flip + Check Fame), play the round or play to the end of the game; the button
        of the mode in force is lit."""
        self.mode = mode
        self.resolve_button.button_style = "primary" if mode == RESOLVE else ""
        self.round_button.button_style = "primary" if mode == ROUND else ""
        self.game_button.button_style = "primary" if mode == GAME else ""

    def _table_clicked(self, data: dict) -> None:
        if data.get("action") != "cell":
            return
        i, row, col = int(data["player"]), int(data["row"]), int(data["col"])
        if not self.situation.has_grid(i):
            name = self.situation.players[i].get("name")
            raise ValueError(f"{name} flips from the deck: tick 'grid built by hand' to place cards in {name}'s grid")
        self.builder.set_target(("grid", i, row, col))
        self._marks()
        self.stepper.redraw()

    # -- resolving --------------------------------------------------------------------------------
    def _policy(self):
        return RandomPolicy(0) if self.policy.value == "random" else DefaultPolicy()

    def _resolve(self, scenario: dict, policy):
        if self.mode == ROUND:
            game = play_round(scenario, policy, record=True)
            return Resolution(game.table, game.trace)
        if self.mode == GAME:
            return GameResolution.of(play_game(scenario, policy, record=True))
        return resolve(scenario, policy, record=True)

    def run(self) -> None:
        """Resolve the situation as it stands (or play its round) and show it, near the step
        the stepper was at; an error is shown and the last resolution stays."""
        scenario = self.situation.scenario()
        self.json.show(self.situation.to_json(), _name_of(scenario))
        self.catalog.set_season(self.situation.season)
        recording = Recording(self._policy())
        try:
            result = self._resolve(scenario, recording)
        except ScenarioError as e:
            self.error.show(one_line(e))
            self.builder.redraw()
            return
        self.error.clear()
        self.result = result
        self.pending = self._pending(result, recording, scenario)
        ask = self.policy.value == ASK and self.pending
        self.stepper.limit = self.pending[0].step if ask else None
        self._marks()
        self.chain.show(result)
        self.stepper.show(result)
        if self.stepper.limit is not None and self.stepper.stepper.step > self.stepper.limit:
            self.stepper.goto(self.stepper.limit)
        self._decision()
        self._side()

    def _pending(self, result, recording, scenario) -> list[Pending]:
        """The decisions the scenario's `choices` did not answer, matched with what the policy
        was asked: the j-th decision event of a player in a round is scripted while j is less
        than the round's answers (a game's rounds begin at its `stage_steps`; the Market actions
        the policy takes in a game are not asked)."""
        starts = result.game.stage_steps if isinstance(result, GameResolution) else [0]
        scripted = {}
        for i, p in enumerate(scenario["players"]):
            choices = p.get("choices", [])
            rounds = choices if choices and all(isinstance(c, list) for c in choices) else [choices]
            scripted[i] = [len(r) for r in rounds]
        seen: dict = {}
        asked = iter(a for a in recording.asked if a.kind != "market_action")
        out = []
        for e in result.trace:
            if e.kind != "decision":
                continue
            k = bisect_right(starts, e.step) - 1
            j = seen.get((e.player, k), 0)
            seen[e.player, k] = j + 1
            answered = scripted[e.player]
            if j >= (answered[k] if k < len(answered) else 0):
                a = next(asked, None)
                if a is None or a.player != e.player:
                    break  # not the same decision: ask nothing rather than the wrong thing
                out.append(Pending(e.step, j, a, k))
        return out

    def worth(self, pending: Pending) -> list[str]:
        """What each answer gives: the deciding player's fame with it (re-resolved)."""
        out = []
        scenario = self.situation.scenario()
        player = pending.asked.player
        for option in pending.asked.options:
            trial = Situation(scenario)
            trial.answer_in_round(player, pending.round, pending.index, option)
            try:
                res = self._resolve(trial.scenario(), DefaultPolicy())
            except ScenarioError as e:
                out.append(one_line(e))
                continue
            p = res.table.players[player]
            if self.mode == GAME:
                won = [res.table.players[i].name for i in res.game.result.winners]
                out.append(f"{p.name} ends the game with {p.fame_total} fame; "
                           + (" and ".join(won) + (" win" if len(won) > 1 else " wins") if won else "nobody wins"))
                continue
            left = f", {p.fame_left} to spend" if self.mode == ROUND else ""
            out.append(f"{p.name} ends with {p.fame_total} fame{left}")
        return out

    def answer(self, option: int) -> None:
        """Answer the waiting decision with its option number `option` (what its button does)."""
        if not self.pending:
            raise ValueError("no decision is waiting")
        p = self.pending[0]
        step = p.step
        self.situation.answer_in_round(p.asked.player, p.round, p.index, p.asked.options[option])
        self.builder.redraw()
        self.run()
        self.stepper.goto(max(self.stepper.stepper.step, step))

    def let_policy_decide(self) -> None:
        """Hand every decision to the default policy (the dropdown's 'default')."""
        self.policy.value = "default"

    def _decision(self) -> None:
        """The waiting decision's question and its options as buttons, while the cursor is at it."""
        ask = self.policy.value == ASK and self.pending
        if not ask or self.stepper.stepper is None or self.stepper.stepper.step != self.pending[0].step:
            self.decision.children = []
            self.options = []
            return
        p = self.pending[0]
        a = p.asked
        worth = self.worth(p)
        who = self.result.table.players[a.player].name
        card = CATALOG[a.card].name if a.card in CATALOG else (a.card or "")
        buttons = []
        for k, option in enumerate(a.options):
            label = CATALOG[option].name if option in CATALOG else str(option)
            hint = a.values[k] if k < len(a.values) else ""
            b = w.Button(description=f"{label}", tooltip=f"worth {hint} by the engine's hint; {worth[k]}",
                         layout=w.Layout(width="auto"))
            b.add_class("fte-option")
            b.on_click(self.error.guard(lambda _b, k=k: self.answer(k)))
            buttons.append(w.VBox([b, w.HTML(f'<span style="font-size:10.5px;color:#57606a">worth {escape(str(hint))}'
                                             f" · {escape(worth[k])}</span>")]))
        if a.optional:
            b = w.Button(description="none", tooltip="decline (this decision is optional)", layout=w.Layout(width="auto"))
            b.add_class("fte-option")
            b.on_click(self.error.guard(lambda _b: self._decline()))
            buttons.append(w.VBox([b]))
        policy = w.Button(description="let the default decide everything", layout=w.Layout(width="auto"))
        policy.on_click(self.error.guard(lambda _b: self.let_policy_decide()))
        question = (f'<div style="border:2px solid #d4a72c;border-radius:5px;padding:4px 8px;background:#fffbeb">'
                    f"<b>Decision for {escape(who)}</b> — {escape(card)}: {escape(a.question)}"
                    f'<br><span style="font-size:11px;color:#57606a">The resolution waits here for your answer '
                    f"(what follows shows the default answer meanwhile).</span></div>")
        self.options = [box.children[0] for box in buttons]
        self.decision.children = [w.HTML(question), w.HBox(buttons + [policy], layout=w.Layout(flex_flow="row wrap"))]

    def _decline(self) -> None:
        p = self.pending[0]
        self.situation.answer_in_round(p.asked.player, p.round, p.index, None)
        self.run()

    # -- what follows a move of the cursor --------------------------------------------------------
    def _marks(self) -> None:
        t = self.builder.target
        self.stepper.build_marks = Marks(target=t[1:] if t[0] == "grid" else None, clickable=True)
        if self.result is not None:
            self.builder.cell_fame = self._cell_fame()
            self.builder.redraw()

    def _cell_fame(self) -> dict:
        """{(player, row, col, height): CardScore} of the hand-built grids: the live fame preview."""
        fame = fame_of_players(self.result.table.players)
        out = {}
        for p in self.result.table.players:
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

    def _stepped(self, step: int) -> None:
        self.chain.set_step(step)
        self._decision()
        self._side(rulings=False)

    def _side(self, rulings: bool = True) -> None:
        """Redraw the side panel's visible tab (the others wait until they are shown)."""
        if self.result is None or self.stepper.stepper is None:
            return
        tab = self.tabs.selected_index
        step = self.stepper.stepper.step
        if tab == 1:
            self.trace.show(self.result, self.stepper.matching(), step)
        elif tab == 2 and rulings:
            self.rulings.show(self.situation.scenario(), self.mode)


def _name_of(scenario: dict) -> str:
    names = [str(p.get("name", "")) for p in scenario.get("players", []) if isinstance(p, dict)]
    return "-".join(n for n in names if n)[:40] or "scenario"


def explorer(scenario: dict | None = None) -> Explorer:
    """The explorer, showing `scenario` (a dict in the scenario format) or an empty situation."""
    return Explorer(scenario)
