"""The explorer: catalog → builder → resolve, play the round or play to the end → stepper, chain
view, trace, ruling comparison, interactions, sharing and JSON, on one screen.

    from fliptoons_explore.widgets import explorer
    explorer({"season": "s2", "players": [{"name": "Ann", "deck": ["gorilla", "coyote"]}]})

Every edit re-resolves at once (the engine is fast and deterministic) and the stepper stays near
its step; every edit can be undone (↶, Ctrl-Z) and redone (↷, Ctrl-Shift-Z). Decisions (a Cow's
copy, a Skunk's, Raccoon's, Crow's, Pig's... choice) are asked: the resolution pauses at the
first one the scenario's `choices` do not answer, shows its options with what each gives, and
goes on with the answer, which is written into the scenario's `choices` (so an export replays
it); or a policy answers them all. "share" makes a link that opens this situation at this step
(in the app: `fliptoons-explore app`), "copy as Markdown" the resolution in words for a post.

The explorer opens both games: the switch at the top (`fte-game`) shows FlipToons' situation,
catalog and builder or Flipology's (each game keeps its own while the other is shown), and a
Flipology scenario or example switches it; the stepper, chain view, trace, rulings, links and
Markdown read either game's resolution.

The screen has three areas, which either game's parts take: the catalog
(`catalog_area`), the table with its stepper and the builder below it (`main`), and the side
panel of tabs (`side`). They share the width by priority: the table first, the side panel beside
it while there is room, below it when there is not.
"""

from __future__ import annotations

import copy
import os
from bisect import bisect_right
from dataclasses import dataclass
from html import escape

import ipywidgets as w

from fliptoons_explore import RandomPolicy, Resolution, play_game, play_round, resolve
from fliptoons_explore.flipology.text import where
from fliptoons_explore.fliptoons.cards import CATALOG
from fliptoons_explore.fliptoons.engine import GameResolution
from fliptoons_explore.fliptoons.render import Marks, fame_of_players
from fliptoons_explore.fliptoons.scenario import ScenarioError
from fliptoons_explore.fliptoons.state import grid_state
from fliptoons_explore.games import game_of
from fliptoons_explore.links import Link
from fliptoons_explore.policy import DefaultPolicy, Recording

from .advice import AdvicePanel
from .builder import Builder
from .catalog import Catalog
from .chain import ChainView
from .errors import ErrorArea, one_line
from .examples import EXAMPLES
from .flipology import FlipologyPlay, asked_of, option_words
from .htmlview import HTMLView
from .panels import InteractionsPanel, JSONPanel, RulingsPanel, SharePanel, TracePanel
from .situation import Situation
from .stepper import StepperView

ASK = "ask me"
#: Who answers a decision the scenario's `choices` do not answer.
POLICIES = {
    ASK: "each decision waits for your answer (the default answer is shown meanwhile)",
    "default": "the engine's documented default answers every decision",
    "random": "a seeded random answer (seed 0)",
}
RESOLVE, ROUND, GAME = "resolve", "round", "game"
#: What each mode plays, in words (the examples' banner).
MODE_WORDS = {RESOLVE: "resolve", ROUND: "play the round", GAME: "play to the end"}
#: What each mode's button did, in words (beside the slider).
MODE_DONE = {
    RESOLVE: "resolved: Flip and Check Fame",
    ROUND: "played the round (it stops before Cleanup)",
    GAME: "played to the end of the game",
}
FLIPTOONS, FLIPOLOGY = "fliptoons", "flipology"
#: The games the explorer opens (the `fte-game` switch).
GAMES = {FLIPTOONS: "FlipToons", FLIPOLOGY: "Flipology"}
#: What Flipology's buttons do: its turns, then the count; or the round completed.
FLIPOLOGY_DONE = {
    RESOLVE: "resolved: the turns, then the count",
    ROUND: "played the round, then the count",
}
#: The tooltips of the buttons, by game.
TIPS = {
    FLIPTOONS: (
        "Flip + Check Fame for every player; shows the end",
        "+ the scripted Market actions and the after-Market effects; shows the end",
    ),
    FLIPOLOGY: (
        "the scenario's turns, in order, then the end-of-game count; shows the end",
        "+ the turns that complete the round (each player's policy flips), then the count; "
        "shows the end",
    ),
}
TABS = ("Chain", "Trace", "Rulings", "Interactions", "Share", "JSON", "Advice")
#: The app's address when the explorer does not run in it (`fliptoons-explore app`'s default).
APP_URL = "http://127.0.0.1:8866/"


@dataclass(frozen=True)
class Pending:
    """A decision the scenario's `choices` did not answer: its step in the trace, the player's
    decision number (`index`, 0 first) in its round (`round`: 0 the scenario's, 1 the next...,
    when the game is played to its end) and what was asked (`policy.Asked`)."""

    step: int
    index: int
    asked: object
    round: int = 0
    where: object = None  # Flipology: the `Unanswered` record (where its answer goes)
    labels: tuple = ()  # Flipology: the options in words, as the deciding player knew them then


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
    brings it into sight, as every action whose result shows there does."""

    def __repr__(self) -> str:
        # what a notebook shows where the widget cannot be drawn (a viewer, a notebook not yet run)
        return f"<{GAMES[self.game]} explorer: a widget; run the cell in a live notebook to use it>"

    def __init__(self, scenario: dict | None = None, **kwargs) -> None:
        self.game = FLIPTOONS
        self.situation = Situation()
        self.mode = RESOLVE
        self.result: Resolution | None = None
        self.pending: list[Pending] = []
        self.example = None  # the example loaded, and the situation as it loaded
        self.example_data: dict | None = None
        self.error = errors = ErrorArea()
        self.page = HTMLView(shortcuts=True, read_location=True, page_title="FlipToons explorer")
        self.page.add_class("fte-page")
        self.catalog = Catalog(errors=errors)
        self.builder = Builder(self.situation, errors=errors)
        # each game's situation, catalog and builder; the attributes above are the game shown
        self.flipology = FlipologyPlay(errors=errors)
        self.parts = {
            FLIPTOONS: (self.situation, self.catalog, self.builder),
            FLIPOLOGY: (self.flipology.situation, self.flipology.catalog, self.flipology.builder),
        }
        self.game_switch = w.ToggleButtons(
            options=[(v, k) for k, v in GAMES.items()],
            value=FLIPTOONS,
            tooltips=[
                "FlipToons (Season 1, Season 2, combined)",
                "Flipology (Nature, Great Tree, multi-game)",
            ],
            style={"button_width": "6.4em"},
        )
        self.game_switch.add_class("fte-game")
        self.stepper = StepperView(errors=errors)
        self.chain = ChainView(errors=errors)
        self.trace = TracePanel(errors=errors)
        self.rulings = RulingsPanel(errors=errors)
        self.interactions = InteractionsPanel(errors=errors)
        self.share_panel = SharePanel(errors=errors, copier=self.page.copy)
        self.json = JSONPanel(errors=errors, downloader=self.page.download)
        self.resolve_button = w.Button(
            description="resolve",
            button_style="primary",
            icon="play",
            tooltip="Flip + Check Fame for every player; shows the end",
        )
        self.resolve_button.add_class("fte-resolve")
        self.round_button = w.Button(
            description="play the round",
            icon="forward",
            tooltip="+ the scripted Market actions and the after-Market effects; shows the end",
        )
        self.round_button.add_class("fte-round")
        self.game_button = w.Button(
            description="play to the end",
            icon="flag-checkered",
            tooltip="+ Cleanup, the next rounds and the Final Flip, to the end of the "
            "game (later rounds shuffle from the scenario's seed; the policy "
            "takes the Market actions no script gives); shows the end",
        )
        self.game_button.add_class("fte-game-end")
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
        self.no_interactions = w.HTML(
            '<div style="line-height:1.4;color:#3d4650;max-width:40em">The interaction graph is '
            "drawn from "
            "the FlipToons cards' abilities (which card can act on which). For Flipology, the "
            "<b>Chain</b> tab "
            "draws what caused what in this situation, and the catalog shows each card's "
            "rules.</div>"
        )
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
        for _situation, catalog, builder in self.parts.values():
            catalog.on_pick(guard(self._picked))
            builder.on_change(guard(self.run))
        self.builder.solo.observe(guard(self._solo_picked), names="value")
        self.game_switch.observe(guard(lambda c: self.switch_game(c["new"])), names="value")
        self.stepper.on_step(guard(self._stepped))
        self.stepper.table.on_click(guard(self._table_clicked))
        self.chain.on_jump(guard(self.stepper.goto))
        self.trace.on_jump(guard(self.stepper.goto))
        self.rulings.on_change(guard(self._ruling))
        self.interactions.on_load(
            guard(lambda s: self.load(s, what="load a pair of the Interactions tab"))
        )
        self.json.on_import(guard(lambda s: self.load(s, what="import a scenario")))
        self.resolve_button.on_click(guard(lambda _b: self._mode(RESOLVE)))
        self.round_button.on_click(guard(lambda _b: self._mode(ROUND)))
        self.game_button.on_click(guard(lambda _b: self._mode(GAME)))
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
        self.load(
            scenario or {"season": "s2", "players": [{"name": "Ann", "deck": []}]}, what="start"
        )
        for situation, _catalog, builder in self.parts.values():
            situation.forget_history()
            builder.redraw()
        if opened:  # the app was given a scenario (fliptoons-explore app SCENARIO.json --step N)
            self.open_link(opened, what="open the app's scenario")
            self.situation.forget_history()
            self.builder.redraw()

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
        self._show_game(
            FLIPOLOGY
            if isinstance(scenario, dict) and game_of(scenario) == FLIPOLOGY
            else FLIPTOONS
        )
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
        if self.game == FLIPTOONS:
            self.catalog.set_season(self.situation.season)
        self.catalog.clear_details()
        self.stepper.goto(step, status)

    # -- the game ---------------------------------------------------------------------------------
    def switch_game(self, game: str) -> None:
        """Show the other game's situation (each game keeps its own, and its undo history, while
        the other is shown) and resolve it."""
        if game == self.game:
            return
        self._show_game(game)
        self.example = None
        self.about.value = ""
        self.about_step.layout.display = "none"
        self.run()
        self.stepper.goto(-1, f"{GAMES[game]}: the situation as you left it")

    def _show_game(self, game: str) -> None:
        """Make `game`'s situation, catalog and builder the ones shown."""
        if game not in GAMES:
            raise ValueError(f"game: expected one of {', '.join(GAMES)}, got {game!r}")
        self.game = game
        self.situation, self.catalog, self.builder = self.parts[game]
        if self.game_switch.value != game:
            self.game_switch.value = game  # switch_game sees the game already shown
        self.catalog_area.children = [self.catalog]
        self.main.children = [self.stepper, self.builder]
        self.resolve_button.tooltip, self.round_button.tooltip = TIPS[game]
        self.game_button.layout.display = None if game == FLIPTOONS else "none"
        if game == FLIPOLOGY and self.mode == GAME:
            self._set_mode(RESOLVE)
        self.page.page_title = f"{GAMES[game]} explorer"
        self.tab_panels[TABS.index("Interactions")] = (
            self.interactions if game == FLIPTOONS else self.no_interactions
        )
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
        self._set_mode(link.play)
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
        self._set_mode(example.play if example.play in MODE_WORDS else RESOLVE)
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
        if self.game == FLIPTOONS:
            self.interactions.set_season(self.situation.season, card_id)
        self.builder.add(card_id)

    def _ruling(self, name, value, default) -> None:
        self.situation.set_ruling(name, value, default)
        self.builder.redraw()
        self.run()

    def _page_key(self, key: str) -> None:
        if key == "undo":
            self.builder.undo()
        elif key == "redo":
            self.builder.redo()

    def _mode(self, mode: str) -> None:
        """Resolve or play the round, and go to the end (or to the decision that waits), saying
        so."""
        self._set_mode(mode)
        self.run()
        self.stepper.play.playing = False
        s = self.stepper
        done = MODE_DONE[mode] if self.game == FLIPTOONS else FLIPOLOGY_DONE[mode]
        if s.limit is not None:
            s.goto(s.limit, f"{done}; a decision waits")
        else:
            s.goto(s.end(), f"{done}; showing the end")

    def _solo_picked(self, change) -> None:
        """A solo difficulty picked in the builder: a solo game is played to its end (its win at
        30 fame in one Check Fame, S2 Solo Play Rules), which resolving the Flip or playing the
        round does not do: the explorer plays to the end."""
        if change["new"] and not self.builder._quiet and self.mode != GAME:
            self._mode(GAME)

    def _set_mode(self, mode: str) -> None:
        """Resolve (Flip + Check Fame), play the round or play to the end of the game; the button
        of the mode in force is lit. (Flipology: its turns or the round, then the count.)"""
        if mode == GAME and self.game == FLIPOLOGY:
            raise ValueError(
                "Flipology: a situation plays its turns or its round, then the count; "
                "a whole seeded game is `fliptoons-explore flipology play`"
            )
        self.mode = mode
        self.resolve_button.button_style = "primary" if mode == RESOLVE else ""
        self.round_button.button_style = "primary" if mode == ROUND else ""
        self.game_button.button_style = "primary" if mode == GAME else ""

    def _table_clicked(self, data: dict) -> None:
        if self.game == FLIPOLOGY:
            self.flipology.click(data)  # a click on a card makes the turn that flips it
            return
        if data.get("action") != "cell":
            return
        i, row, col = int(data["player"]), int(data["row"]), int(data["col"])
        if not self.situation.has_grid(i):
            name = self.situation.players[i].get("name")
            raise ValueError(
                f"{name} flips from the deck: tick 'grid built by hand' to place cards in {name}'s "
                "grid"
            )
        self.builder.set_target(("grid", i, row, col))
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
        """The resolution in Markdown (the game's `markdown` module), with the link to it."""
        if self.game == FLIPOLOGY:
            from fliptoons_explore.flipology.markdown import resolution_markdown
        else:
            from fliptoons_explore.fliptoons.markdown import resolution_markdown
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
        return resolution_markdown(self.result, self.mode, step, self.link(), title)

    def copy_markdown(self) -> None:
        """Show the Markdown in the Share tab and copy it to the clipboard."""
        self.share_panel.show_markdown(self.markdown())
        self.show_tab("Share")

    def file_name(self) -> str:
        """What an export is called: the example's name (marked edited), else the season and the
        players' names."""
        if self.example is not None:
            return self.example.name + (
                "" if self.situation.data == self.example_data else "-edited"
            )
        if self.game == FLIPOLOGY:
            return self.flipology.file_name()
        names = [str(p.get("name", "")) for p in self.situation.players]
        return "-".join(["fliptoons", self.situation.season] + [n for n in names if n])[:60]

    # -- resolving --------------------------------------------------------------------------------
    def _policy(self):
        return RandomPolicy(0) if self.policy.value == "random" else DefaultPolicy()

    def _resolve(self, scenario: dict, policy):
        if self.game == FLIPOLOGY:
            return self.flipology.resolve(scenario, self.mode, policy)[0]
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
        self.json.show(self.situation.to_json(), self.file_name())
        if self.game == FLIPTOONS:
            self.catalog.set_season(self.situation.season)
            self.interactions.set_season(self.situation.season)
        self._advice(scenario)
        self._banner()
        recording = Recording(self._policy())
        try:
            if self.game == FLIPOLOGY:
                result, unanswered = self.flipology.resolve(scenario, self.mode, self._policy())
            else:
                result = self._resolve(scenario, recording)
        except ScenarioError as e:
            self.error.show(one_line(e))
            self.builder.redraw()
            return
        self.error.clear()
        self.result = result
        if self.game == FLIPOLOGY:
            self.pending = [
                Pending(step, u.index, asked_of(u), 0, u, labels) for step, u, labels in unanswered
            ]
        else:
            self.pending = self._pending(result, recording, scenario)
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

    def _advice(self, scenario: dict) -> None:
        """The advice line follows the situation (of either game: `AdvicePanel`)."""
        self.advice.show(
            scenario, [self.situation.who(i) for i in range(len(self.situation.players))]
        )

    def worth(self, pending: Pending) -> list[str]:
        """What each answer gives: the deciding player's fame with it (re-resolved); an optional
        decision's last entry is what declining gives."""
        if pending.where is not None:
            return self.flipology.worth(self.situation.scenario(), pending.where, self.mode)
        out = []
        scenario = self.situation.scenario()
        player = pending.asked.player
        for option in list(pending.asked.options) + ([None] if pending.asked.optional else []):
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
                out.append(
                    f"{p.name} ends the game with {p.fame_total} fame; "
                    + (
                        " and ".join(won) + (" win" if len(won) > 1 else " wins")
                        if won
                        else "nobody wins"
                    )
                )
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
            label = p.labels[k] if k < len(p.labels) else self._option_label(option)
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
        card = self._card_label(a.card)
        asked = a.question
        named, _, rest = asked.partition(": ")
        if rest and (card == named or card.startswith(named + " ")):  # not "Sun 3: Sun: which ..."
            asked = rest
        chosen = self._chosen_before(p)
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

    def _chosen_before(self, p: Pending) -> str:
        """The answers already given in the list this decision adds to (a Sun's peek, a Rain's
        rows), as HTML after the question; empty for any other decision."""
        if p.where is None:
            return ""
        before = self.flipology.answered_before(p.where)
        if not before:
            return ""
        players = self.result.table.players
        said = "; ".join(where(tuple(q), players) if _is_position(q) else str(q) for q in before)
        return f' <span style="color:#57606a">(chosen so far: {escape(said)})</span>'

    def _decline(self) -> None:
        self._write_answer(self.pending[0], None)
        self.run()

    def _write_answer(self, p: Pending, option: int | None) -> None:
        """Write an answer (an option number, None to decline) into the situation's script."""
        if p.where is not None:
            self.flipology.answer(p.where, option)
        else:
            self.situation.answer_in_round(
                p.asked.player,
                p.round,
                p.index,
                None if option is None else p.asked.options[option],
            )
            self.builder.redraw()

    def _option_label(self, option) -> str:
        if self.game == FLIPOLOGY:
            return option_words(option, self.result.table)
        return (
            CATALOG[option].name if isinstance(option, str) and option in CATALOG else str(option)
        )

    def _card_label(self, card) -> str:
        if self.game == FLIPOLOGY:
            return option_words(card, self.result.table) if card else ""
        return CATALOG[card].name if card in CATALOG else (card or "")

    # -- what follows a move of the cursor --------------------------------------------------------
    def _marks(self) -> None:
        if self.game == FLIPOLOGY:
            self.stepper.build_marks = Marks(clickable=True)  # a click on a card makes a turn
            return
        t = self.builder.target
        self.stepper.build_marks = Marks(target=t[1:] if t[0] == "grid" else None, clickable=True)
        if self.result is not None:
            self.builder.cell_fame = self._cell_fame()
            self.builder.redraw()

    def _cell_fame(self) -> dict:
        """{(player, row, col, height): CardScore} of the hand-built grids: the live fame preview
        (what each card scores at Check Fame, the end of the resolution)."""
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


def _is_position(value) -> bool:
    return (
        isinstance(value, (list, tuple))
        and len(value) == 3
        and all(isinstance(x, int) for x in value)
    )


def explorer(scenario: dict | None = None) -> Explorer:
    """The explorer, showing `scenario` (a dict in the scenario format) or an empty situation;
    in the app, what the app was told to open (`fliptoons-explore app SCENARIO.json --step N`)."""
    return Explorer(scenario)
