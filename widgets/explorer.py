"""The explorer: catalog → builder → resolve, play the round or play to the end → stepper, chain
view, trace, ruling comparison, interactions, sharing and JSON, on one screen.

    from fliptoons_explore.widgets import explorer
    explorer({"season": "s2", "players": [{"name": "Ann", "deck": ["gorilla", "coyote"]}]})

Every edit re-resolves at once (the engine is fast and deterministic) and the stepper stays near
its step; every edit can be undone (↶, Ctrl-Z) and redone (↷, Ctrl-Shift-Z). Decisions (a Cow's
copy, a Skunk's, Raccoon's, Crow's, Pig's... choice) are asked: the resolution pauses at the
first one the scenario's script does not answer, shows its options with what each gives, and
goes on with the answer, which is written into the scenario's script (so an export replays
it); or a policy answers them all. "share" makes a link that opens this situation at this step
(in the app: `fliptoons-explore app`), "copy as Markdown" the resolution in words for a post.

The explorer opens every game with a controller (`games.Controller`, registered by the game's
name): the switch at the top (`fte-game`) shows one game's situation, catalog and builder (each
game keeps its own while another is shown), and a scenario or example of a game switches to it.
Everything else is the same for every game: the stepper, chain view, trace, rulings, links,
Markdown and advice read a resolution through its game's contract (`fliptoons_explore.games`),
and what only a game knows (how it is played in each mode, the decisions its script leaves open
and where an answer is written, what a click on its table does) its controller says.

The screen has three areas, which the game's parts take: the catalog (`catalog_area`), the table
with its stepper and the builder below it (`main`), and the side panel of tabs (`side`). They
share the width by priority: the table first, the side panel beside it while there is room,
below it when there is not.
"""

from __future__ import annotations

import copy
import os
from html import escape

import ipywidgets as w

from fliptoons_explore.games import DEFAULT_GAME, contract_of
from fliptoons_explore.jsonio import ScenarioError
from fliptoons_explore.links import Link
from fliptoons_explore.policy import DefaultPolicy, RandomPolicy
from fliptoons_explore.resolution import Resolution

from .advice import AdvicePanel
from .chain import ChainView
from .errors import ErrorArea, one_line
from .examples import EXAMPLES
from .games import GAME, RESOLVE, ROUND, Pending, make, names
from .htmlview import HTMLView
from .panels import JSONPanel, RulingsPanel, SharePanel, TracePanel
from .stepper import StepperView

__all__ = ["Explorer", "explorer", "Pending", "RESOLVE", "ROUND", "GAME", "TABS"]

ASK = "ask me"
#: Who answers a decision the scenario's `choices` do not answer.
POLICIES = {
    ASK: "each decision waits for your answer (the default answer is shown meanwhile)",
    "default": "the engine's documented default answers every decision",
    "random": "a seeded random answer (seed 0)",
}
#: What each mode plays, in words (the examples' banner).
MODE_WORDS = {RESOLVE: "resolve", ROUND: "play the round", GAME: "play to the end"}
TABS = ("Chain", "Trace", "Rulings", "Interactions", "Share", "JSON", "Advice")
#: The app's address when the explorer does not run in it (`fliptoons-explore app`'s default).
APP_URL = "http://127.0.0.1:8866/"


def app_url() -> str:
    """The address of the app this kernel serves a page of (Voilà tells its kernels its port and
    base URL), else the app's default address."""
    port = os.environ.get("VOILA_APP_PORT")
    if port and port.isdigit():
        base = os.environ.get("VOILA_BASE_URL") or "/"
        return f"http://127.0.0.1:{port}{base if base.startswith('/') else '/' + base}"
    return APP_URL


class Explorer(w.VBox):
    """The whole explorer. Its parts are attributes: `catalog`, `builder`, `stepper`, `chain`,
    `trace`, `rulings`, `interactions`, `share_panel`, `json`, `advice` (what a strong player
    would do at the next decision no script gives: `AdvicePanel`); the buttons `resolve_button`,
    `round_button`, `game_button`, `share_button`, `markdown_button` (and the builder's
    `undo_button`, `redo_button`); `about`, the example's banner; `page`, what the page itself
    does (keys, clipboard, downloads, the URL); `tabs`, the side panel, whose tabs show
    `tab_panels` (each drawn when its tab is first shown); `show_tab(name)` opens it on a tab and
    brings it into sight, as every action whose result shows there does. `controllers` holds
    each game's part ({name: `games.Controller`}), `controller` the one of the game shown
    (`game`, its name), whose `situation`, `catalog` and `builder` the attributes of those names
    are."""

    def __repr__(self) -> str:
        # what a notebook shows where the widget cannot be drawn (a viewer, a notebook not yet run)
        return (
            f"<{self.controller.game.title} explorer: a widget; run the cell in a live notebook "
            "to use it>"
        )

    def __init__(self, scenario: dict | None = None, **kwargs) -> None:
        self.mode = RESOLVE
        self.result: Resolution | None = None
        self.pending: list[Pending] = []
        self.example = None  # the example loaded, and the situation as it loaded
        self.example_data: dict | None = None
        self.error = errors = ErrorArea()
        # each game's situation, catalog and builder; the attributes below are the game shown
        self.controllers = {name: make(name, errors) for name in names()}
        self.game = DEFAULT_GAME if DEFAULT_GAME in self.controllers else names()[0]
        self.controller = c = self.controllers[self.game]
        self.situation, self.catalog, self.builder = c.situation, c.catalog, c.builder
        self.page = HTMLView(
            shortcuts=True, read_location=True, page_title=f"{c.game.title} explorer"
        )
        self.page.add_class("fte-page")
        self.game_switch = w.ToggleButtons(
            options=[(c.game.title, name) for name, c in self.controllers.items()],
            value=self.game,
            tooltips=[c.switch_tip for c in self.controllers.values()],
            style={"button_width": "6.4em"},
        )
        self.game_switch.add_class("fte-game")
        self.stepper = StepperView(errors=errors)
        self.chain = ChainView(errors=errors)
        self.trace = TracePanel(errors=errors)
        self.rulings = RulingsPanel(errors=errors)
        self.share_panel = SharePanel(errors=errors, copier=self.page.copy)
        self.json = JSONPanel(errors=errors, downloader=self.page.download)
        self.resolve_button = w.Button(description="resolve", button_style="primary", icon="play")
        self.resolve_button.add_class("fte-resolve")
        self.round_button = w.Button(description="play the round", icon="forward")
        self.round_button.add_class("fte-round")
        self.game_button = w.Button(description="play to the end", icon="flag-checkered")
        self.game_button.add_class("fte-game-end")
        #: each mode's button (the game shown lists the modes it plays: `Controller.modes`)
        self.mode_buttons = {
            RESOLVE: self.resolve_button,
            ROUND: self.round_button,
            GAME: self.game_button,
        }
        self.policy = w.Dropdown(
            options=[(f"decisions: {k}", k) for k in POLICIES],
            value=ASK,
            tooltip="who answers a decision the scenario does not answer: "
            + "; ".join(f"{k}: {v}" for k, v in POLICIES.items()),
            layout=w.Layout(width="12em"),
        )
        self.examples = w.Dropdown(
            options=[("load an example…", "")] + [(e.label, n) for n, e in EXAMPLES.items()],
            value="",
            layout=w.Layout(width="17em"),
            tooltip="the rulebooks' examples, every Key Concept and FAQ entry as a situation",
        )
        self.examples.add_class("fte-examples")
        self.share_button = w.Button(
            description="share",
            icon="link",
            tooltip="a link to this situation at this step, copied to the clipboard",
        )
        self.share_button.add_class("fte-share")
        self.markdown_button = w.Button(
            description="copy as Markdown",
            icon="copy",
            tooltip="the resolution in words with its rules and the grids as text, "
            "for a forum post, copied to the clipboard",
        )
        self.markdown_button.add_class("fte-markdown")
        self.about = w.HTML()
        self.about.add_class("fte-banner")
        self.about_step = w.Button(
            description="",
            layout=w.Layout(width="auto", display="none"),
            tooltip="go to the first event that follows the rules the example is about",
        )
        self.about_step.add_class("fte-banner-step")
        self.decision = w.VBox()
        self.decision.add_class("fte-decision")
        self.advice = AdvicePanel(errors=errors)
        self.options: list[w.Button] = []
        # the Interactions tab of a game without an interaction graph (its words: `_show_game`)
        self.no_interactions = w.HTML()
        # each tab's panel; a tab not shown yet holds an empty box, and its panel is drawn when the
        # tab is first shown (fewer widgets for the page to draw when it opens)
        self.tab_panels = [
            self.chain,
            self.trace,
            self.rulings,
            self.interactions,
            self.share_panel,
            self.json,
            self.advice.result,
        ]
        self._tab_boxes = [w.Box() for _ in TABS]
        self._tabs_drawn = {0}
        self.tabs = w.Tab()
        self._place_tabs()
        for k, title in enumerate(TABS):
            self.tabs.set_title(k, title)

        guard = errors.guard
        for controller in self.controllers.values():
            controller.catalog.on_pick(guard(self._picked))
            controller.builder.on_change(guard(self.run))
            controller.bind(self)
        self.game_switch.observe(guard(lambda c: self.switch_game(c["new"])), names="value")
        self.stepper.on_step(guard(self._stepped))
        self.stepper.table.on_click(guard(self._table_clicked))
        self.chain.on_jump(guard(self.stepper.goto))
        self.trace.on_jump(guard(self.stepper.goto))
        self.rulings.on_change(guard(self._ruling))
        self.json.on_import(guard(lambda s: self.load(s, what="import a scenario")))
        for mode, button in self.mode_buttons.items():
            button.on_click(guard(lambda _b, mode=mode: self.play(mode)))
        self.share_button.on_click(guard(lambda _b: self.share()))
        self.markdown_button.on_click(guard(lambda _b: self.copy_markdown()))
        self.advice.on_advised(guard(lambda: self.show_tab("Advice")))
        self.policy.observe(guard(lambda _c: self.run()), names="value")
        self.examples.observe(guard(self._example), names="value")
        self.about_step.on_click(guard(lambda _b: self._go_to_example_step()))
        self.tabs.observe(guard(lambda _c: self._draw_tab()), names="selected_index")
        self.tabs.observe(guard(lambda _c: self._side()), names="selected_index")
        self.page.on_key(guard(self._page_key))
        self.page.on_copied(guard(self.share_panel.copied))
        self.page.observe(
            guard(lambda c: self.open_link(c["new"]) if c["new"] else None), names="location_hash"
        )
        for f in (self.stepper.phase, self.stepper.who, self.stepper.kind, self.stepper.card):
            f.observe(guard(lambda _c: self._side()), names="value")

        self.show_catalog = w.ToggleButton(
            value=True,
            description="",
            icon="th-list",
            tooltip="show or hide the card catalog (more room for the table and the chain)",
            layout=w.Layout(width="auto"),
        )
        self.show_catalog.add_class("fte-show-catalog")
        self.show_catalog.observe(
            guard(
                lambda c: setattr(self.catalog_area.layout, "display", None if c["new"] else "none")
            ),
            names="value",
        )
        header = w.HBox()
        header.add_class("fte-header")
        self.header = header
        self._header()
        # the decision sits between the words and the table, present at every step while it waits
        s = self.stepper
        # and the advice on the next decision no script gives just below it
        s.children = (s.controls, s.words, self.decision, self.advice, s.table, s.note, s.filters)
        self.catalog_area = w.VBox([self.catalog])
        self.catalog_area.add_class("fte-catalog-area")
        self.main = w.VBox([self.stepper, self.builder])
        self.main.add_class("fte-main")
        self.side = w.VBox([self.tabs])
        self.side.add_class("fte-side")
        body = w.HBox([self.catalog_area, self.main, self.side])
        body.add_class("fte-body")
        self.about.layout = w.Layout(flex="1 1 0px", min_width="0")
        banner = w.HBox([self.about, self.about_step], layout=w.Layout(align_items="center"))
        super().__init__([header, self.error, banner, body], **kwargs)
        self.add_class("fte-explorer")
        opened = os.environ.get("FLIPTOONS_EXPLORE_OPEN", "") if scenario is None else ""
        # without a scenario, the default game's situation as its controller starts it
        self.load(scenario or self.situation.scenario(), what="start")
        for controller in self.controllers.values():
            controller.situation.forget_history()
            controller.builder.redraw()
        if opened:  # the app was given a scenario (fliptoons-explore app SCENARIO.json --step N)
            self.open_link(opened, what="open the app's scenario")
            self.situation.forget_history()
            self.builder.redraw()

    @property
    def interactions(self):
        """The Interactions tab's panel of the game shown: its controller's, else a note that the
        game has none (`no_interactions`)."""
        panel = self.controller.interactions
        return self.no_interactions if panel is None else panel

    # -- the situation ----------------------------------------------------------------------------
    def load(
        self,
        scenario: dict,
        about: str = "",
        what: str = "load another situation",
        step: int = -1,
        status: str = "",
        example=None,
    ) -> None:
        """Make this scenario the situation (an example, an import, a found pair, a link), at
        `step` (default: before the first event); `about`: what it shows, in words (HTML), or
        `example`: the example it is (its banner). Undo brings the previous situation back."""
        was = self.game, self.example, self.example_data, self.about.value
        self._show_game(contract_of(scenario).name)
        self.example = example
        self.example_data = copy.deepcopy(scenario) if example is not None else None
        self.about.value = about
        try:
            self.builder.load(scenario, what)  # announces the change: run() follows
        except ValueError:  # not a scenario the builder can take: nothing changes
            self._show_game(was[0])
            self.example, self.example_data, self.about.value = was[1:]
            raise
        if example is None:
            self.about_step.layout.display = "none"
        self.catalog.clear_details()
        self.stepper.goto(step, status)

    # -- the game ---------------------------------------------------------------------------------
    def switch_game(self, game: str) -> None:
        """Show another game's situation (each game keeps its own, and its undo history, while
        another is shown) and resolve it."""
        if game == self.game:
            return
        self._show_game(game)
        self.example = None
        self.about.value = ""
        self.about_step.layout.display = "none"
        self.run()
        self.stepper.goto(-1, f"{self.controller.game.title}: the situation as you left it")

    def _show_game(self, game: str) -> None:
        """Make `game`'s situation, catalog and builder the ones shown, and its modes' buttons."""
        if game not in self.controllers:
            raise ValueError(f"game: expected one of {', '.join(self.controllers)}, got {game!r}")
        self.game = game
        c = self.controller = self.controllers[game]
        self.situation, self.catalog, self.builder = c.situation, c.catalog, c.builder
        if self.game_switch.value != game:
            self.game_switch.value = game  # switch_game sees the game already shown
        self.catalog_area.children = [self.catalog]
        self.main.children = [self.stepper, self.builder]
        for mode, button in self.mode_buttons.items():
            button.layout.display = None if mode in c.modes else "none"
            button.tooltip = c.modes[mode][0] if mode in c.modes else ""
        if self.mode not in c.modes:
            self._set_mode(RESOLVE)
        title = c.game.title
        self.page.page_title = f"{title} explorer"
        self.no_interactions.value = (
            '<div style="line-height:1.4;color:#3d4650;max-width:40em">The interaction graph is '
            "drawn from the FlipToons cards' abilities (which card can act on which). For "
            f"{escape(title)}, the <b>Chain</b> tab draws what caused what in this situation, and "
            "the catalog shows each card's rules.</div>"
        )
        self.tab_panels[TABS.index("Interactions")] = self.interactions
        self._place_tabs()
        self._header()

    def _place_tabs(self) -> None:
        """Each tab shows its panel once it has been shown, else its empty box."""
        children = tuple(
            panel if k in self._tabs_drawn else self._tab_boxes[k]
            for k, panel in enumerate(self.tab_panels)
        )
        if tuple(self.tabs.children) != children:
            self.tabs.children = children

    def show_tab(self, name: str) -> None:
        """Open the side panel on the tab `name` (drawing its panel if it was never shown) and
        have the browser bring the panel into sight where it is not (below the table in a narrow
        window, or scrolled away): what an action whose result shows in a tab does (the advice,
        share, copy as Markdown)."""
        self.tabs.selected_index = TABS.index(name)
        self.page.reveal(".fte-side")

    def _draw_tab(self) -> None:
        """The tab now shown gets its panel (the first time it is shown)."""
        k = self.tabs.selected_index
        if k is not None and k not in self._tabs_drawn:
            self._tabs_drawn.add(k)
            self._place_tabs()

    def _header(self) -> None:
        # the switch heads the explorer: the game it shows is the one lit (the page's title names
        # it)
        self.header.children = [
            self.game_switch,
            self.examples,
            self.resolve_button,
            self.round_button,
            self.game_button,
            self.policy,
            self.builder.undo_button,
            self.builder.redo_button,
            self.share_button,
            self.markdown_button,
            self.show_catalog,
            self.page,
        ]

    def open_link(self, fragment: str, what: str = "open a link") -> None:
        """Open what a link's fragment holds (`links.Link`): its situation, played as it says, at
        its step. A damaged link is one line in the error area and changes nothing; a step past
        the situation's last shows the last one, and says so in that line."""
        link = Link.from_fragment(fragment)
        self._set_mode(link.play, contract_of(link.scenario).name)
        self.load(link.scenario, what=what, step=-1)
        last = self.stepper.end()
        status = "opened from a link" if what == "open a link" else "opened as the app was told"
        self.stepper.goto(min(link.step, last), status)
        if link.step > last:
            raise ScenarioError(
                f"link: step {link.step}: this situation has steps -1 to {last}; "
                "it shows the last one"
            )

    def _example(self, change) -> None:
        name = change["new"]
        if not name:
            return
        example = EXAMPLES[name]
        mode = example.play if example.play in MODE_WORDS else RESOLVE
        self._set_mode(mode, contract_of(example.scenario).name)
        self.load(
            example.scenario,
            what=f"load the example “{example.title}”",
            step=-1,
            status="example loaded: ▶ steps through it, ▷ plays it",
            example=example,
        )
        self.examples.value = ""

    def _banner(self) -> None:
        """The example's title and words while the situation is as it loaded; once edited, one
        line saying what it was edited from."""
        e = self.example
        if e is None:
            return
        if self.situation.data == self.example_data:
            rules = ", ".join(e.rules)
            self.about.value = (
                '<div style="line-height:1.35;border-left:4px solid #2f6fb5;padding:2px '
                '8px;margin:2px 0">'
                f"<b>{escape(e.title)}</b>"
                + (f" — {escape(e.explain)}" if e.explain else "")
                + (
                    f'<br><span style="color:#57606a;font-size:11px">{MODE_WORDS[self.mode]}'
                    f" · rules: {escape(rules)}</span>"
                    if rules
                    else ""
                )
                + "</div>"
            )
            step = self._example_step()
            self.about_step.description = f"show #{step}" if step is not None else ""
            self.about_step.layout.display = None if step is not None else "none"
        else:
            self.about.value = (
                f'<div style="line-height:1.35;border-left:4px solid #8c959f;padding:1px 8px;'
                f'margin:2px 0;color:#57606a">Edited from the example <b>{escape(e.title)}</b> '
                f"(undo takes the edits back)</div>"
            )
            self.about_step.layout.display = "none"

    def _example_step(self) -> int | None:
        """The first event following one of the example's rules (its phase events aside)."""
        if self.example is None or self.result is None:
            return None
        rules = set(self.example.rules)
        return next(
            (e.step for e in self.result.trace if e.rule in rules and e.kind != "phase"), None
        )

    def _go_to_example_step(self) -> None:
        step = self._example_step()
        if step is not None:
            self.stepper.goto(step, "the step the example is about")

    def _picked(self, card_id: str) -> None:
        self.controller.picked(card_id)

    def _ruling(self, name, value, default) -> None:
        self.situation.set_ruling(name, value, default)
        self.builder.redraw()
        self.run()

    def _page_key(self, key: str) -> None:
        if key == "undo":
            self.builder.undo()
        elif key == "redo":
            self.builder.redo()

    def play(self, mode: str) -> None:
        """Resolve, play the round or play to the end, and go to the end (or to the decision
        that waits), saying so: what the mode's button does."""
        self._set_mode(mode)
        self.run()
        self.stepper.play.playing = False
        s = self.stepper
        done = self.controller.modes[mode][1]
        if s.limit is not None:
            s.goto(s.limit, f"{done}; a decision waits")
        else:
            s.goto(s.end(), f"{done}; showing the end")

    def _set_mode(self, mode: str, game: str | None = None) -> None:
        """Resolve, play the round or play to the end of the game (what `game`, default the one
        shown, plays: `Controller.modes`); the button of the mode in force is lit."""
        c = self.controllers.get(game, self.controller)
        if mode not in c.modes:
            raise ValueError(f"{c.game.title}: {c.plays}")
        self.mode = mode
        for m, button in self.mode_buttons.items():
            button.button_style = "primary" if m == mode else ""

    def _table_clicked(self, data: dict) -> None:
        if self.controller.click(data):
            self._marks()
            self.stepper.redraw()

    # -- sharing ----------------------------------------------------------------------------------
    def link(self) -> str:
        """A link that opens this situation, played as now, at the stepper's step."""
        step = self.stepper.stepper.step if self.stepper.stepper is not None else -1
        return Link(self.situation.scenario(), step, self.mode).url(app_url())

    def share(self) -> None:
        """Show the link in the Share tab and copy it to the clipboard."""
        self.share_panel.show_link(self.link())
        self.show_tab("Share")

    def markdown(self) -> str:
        """The resolution in Markdown (its game's `markdown`), with the link to it."""
        if self.result is None:
            raise ValueError("nothing resolved yet: the situation has a mistake (see above)")
        title = (
            self.example.title
            if self.example is not None and self.situation.data == self.example_data
            else ""
        )
        if self.pending and self.policy.value == ASK:
            title = (
                title + " — " if title else ""
            ) + "a decision waits for its answer: what follows it shows the default answer"
        step = self.stepper.stepper.step if self.stepper.stepper is not None else None
        game = contract_of(self.result)
        return game.markdown(self.result, self.mode, step, self.link(), title)

    def copy_markdown(self) -> None:
        """Show the Markdown in the Share tab and copy it to the clipboard."""
        self.share_panel.show_markdown(self.markdown())
        self.show_tab("Share")

    def file_name(self) -> str:
        """What an export is called: the example's name (marked edited), else the game's name
        for it (the game and the players' names)."""
        if self.example is not None:
            return self.example.name + (
                "" if self.situation.data == self.example_data else "-edited"
            )
        return self.controller.file_name()

    # -- resolving --------------------------------------------------------------------------------
    def _policy(self):
        return RandomPolicy(0) if self.policy.value == "random" else DefaultPolicy()

    def run(self) -> None:
        """Resolve the situation as it stands (or play its round) and show it, near the step
        the stepper was at; an error is shown and the last resolution stays."""
        scenario = self.situation.scenario()
        self.json.show(self.situation.to_json(), self.file_name())
        self.controller.follow()
        self._advice(scenario)
        self._banner()
        try:
            result, pending = self.controller.resolve(scenario, self.mode, self._policy())
        except ScenarioError as e:
            self.error.show(one_line(e))
            self.builder.redraw()
            return
        self.error.clear()
        self.result = result
        self.pending = pending
        ask = self.policy.value == ASK and self.pending
        self.stepper.limit = self.pending[0].step if ask else None
        self._marks()
        self.chain.show(result)
        self.stepper.show(result)
        if self.stepper.limit is not None and self.stepper.stepper.step > self.stepper.limit:
            self.stepper.goto(self.stepper.limit)
        self._decision()
        self._banner()
        self._side()

    def _advice(self, scenario: dict) -> None:
        """The advice line follows the situation (of any game: `AdvicePanel`)."""
        names = [self.situation.who(i) for i in range(len(self.situation.players))]
        self.advice.show(scenario, names, self.controller.no_advice(scenario))

    def worth(self, pending: Pending) -> list[str]:
        """What each answer gives, in words (the game's controller re-resolves with it); an
        optional decision's last entry is what declining gives."""
        return self.controller.worth(self.situation.scenario(), pending, self.mode)

    def answer(self, option: int) -> None:
        """Answer the waiting decision with its option number `option` (what its button does)."""
        if not self.pending:
            raise ValueError("no decision is waiting")
        p = self.pending[0]
        step = p.step
        if not 0 <= option < len(p.asked.options):
            raise ValueError(
                f"option {option}: this decision has options 0 to {len(p.asked.options) - 1}"
            )
        self._write_answer(p, option)
        self.run()
        self.stepper.goto(
            max(self.stepper.stepper.step, step + 1), "answered; the resolution goes on"
        )

    def let_policy_decide(self) -> None:
        """Hand every decision to the default policy (the dropdown's 'default')."""
        self.policy.value = "default"

    def _decision(self) -> None:
        """The waiting decision's question and its options as buttons, each with what it gives;
        shown at every step while it waits (so that stepping does not move the table), with a
        button to go to it."""
        ask = self.policy.value == ASK and self.pending
        if not ask or self.stepper.stepper is None:
            self.decision.children = []
            self.options = []
            return
        p = self.pending[0]
        a = p.asked
        worth = self.worth(p)
        who = self.result.table.players[a.player].name
        buttons = []
        for k, option in enumerate(a.options):
            label = p.labels[k] if k < len(p.labels) else str(option)
            hint = a.values[k] if k < len(a.values) else ""
            b = w.Button(
                description=f"{label}: {worth[k]}",
                tooltip=f"answer {label} (the engine's hint: {hint})",
                layout=w.Layout(width="auto"),
            )
            b.add_class("fte-option")
            b.on_click(self.error.guard(lambda _b, k=k: self.answer(k)))
            buttons.append(b)
        if a.optional:
            gives = f": {worth[len(a.options)]}" if len(worth) > len(a.options) else ""
            b = w.Button(
                description=f"decline{gives}",
                layout=w.Layout(width="auto"),
                tooltip="decline (this decision is optional)",
            )
            b.add_class("fte-option")
            b.on_click(self.error.guard(lambda _b: self._decline()))
            buttons.append(b)
        policy = w.Button(
            description="let the default decide everything", layout=w.Layout(width="auto")
        )
        policy.on_click(self.error.guard(lambda _b: self.let_policy_decide()))
        go = w.Button(
            description=f"go to #{p.step}",
            tooltip="go to the step where the resolution waits",
            layout=w.Layout(width="auto"),
        )
        go.add_class("fte-decision-go")
        go.on_click(self.error.guard(lambda _b: self.stepper.goto(p.step)))
        card = p.card
        asked = a.question
        named, _, rest = asked.partition(": ")
        if rest and (card == named or card.startswith(named + " ")):  # not "Sun 3: Sun: which ..."
            asked = rest
        said = self.controller.chosen_before(p, self.result.table)
        chosen = (
            f' <span style="color:#57606a">(chosen so far: {escape(said)})</span>' if said else ""
        )
        question = (
            '<div style="border:2px solid #d4a72c;border-radius:5px;padding:4px '
            "8px;background:#fffbeb;"
            f'line-height:1.35"><b>Decision for {escape(who)}</b> at #{p.step} — '
            f"{escape(card + ': ' if card else '')}{escape(asked)}{chosen}<br>"
            f'<span style="font-size:11px;color:#57606a">The resolution waits there '
            f"for your answer (what follows shows the default answer meanwhile).</span></div>"
        )
        self.options = buttons
        self.decision.children = [
            w.HTML(question),
            w.HBox(buttons + [go, policy], layout=w.Layout(flex_flow="row wrap", margin="2px 0")),
        ]

    def _decline(self) -> None:
        self._write_answer(self.pending[0], None)
        self.run()

    def _write_answer(self, p: Pending, option: int | None) -> None:
        """Write an answer (an option number, None to decline) into the situation's script."""
        self.controller.answer(p, option)

    # -- what follows a move of the cursor --------------------------------------------------------
    def _marks(self) -> None:
        self.stepper.build_marks = self.controller.marks(self.result)

    def _stepped(self, step: int) -> None:
        self.chain.set_step(step)
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


def explorer(scenario: dict | None = None) -> Explorer:
    """The explorer, showing `scenario` (a dict in the scenario format of any game it opens) or
    the default game's empty situation; in the app, what the app was told to open
    (`fliptoons-explore app SCENARIO.json --step N`)."""
    return Explorer(scenario)
