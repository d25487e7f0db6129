"""The explorer's side panels: the trace, the ruling options and their comparison, card
interactions, and the scenario as JSON (import, export, upload, download)."""

from __future__ import annotations

import base64
import json
from html import escape

import ipywidgets as w

from fliptoons_explore.analysis.compare import compare_rulings, rulings_that_matter
from fliptoons_explore.analysis.interactions import (
    EFFECTS,
    affected_by,
    affects,
    find_interactions,
    interaction_graph,
)
from fliptoons_explore.fliptoons.cards import CATALOG, cards_of
from fliptoons_explore.games import DEFAULT_GAME, contract_of
from fliptoons_explore.jsonio import ScenarioError, parse_scenario_text
from fliptoons_explore.views import trace_table

from .errors import ErrorArea
from .htmlview import HTMLView


def _show(value) -> str:
    return json.dumps(value)


# -- the trace ------------------------------------------------------------------------------------


class TracePanel(w.VBox):
    """The trace as a table of the events the stepper's filters let through, the current step
    tinted; a click on a row jumps there (`on_jump`)."""

    def __init__(self, errors: ErrorArea | None = None, **kwargs) -> None:
        self.errors = errors or ErrorArea()
        self.view = HTMLView()
        self.view.add_class("fte-trace")
        self.note = w.HTML()
        self._handlers: list = []
        self.view.on_click(self.errors.guard(self._clicked))
        super().__init__(([] if errors else [self.errors]) + [self.note, self.view], **kwargs)

    def on_jump(self, handler) -> None:
        self._handlers.append(handler)

    def show(self, resolution, steps: list[int], current: int) -> None:
        trace = resolution.trace
        events = [trace[k] for k in steps]
        shown = (
            f"all {len(trace)} events"
            if len(events) == len(trace)
            else f"{len(events)} of the {len(trace)} events (the stepper's filters choose them)"
        )
        self.note.value = (
            f'<span style="color:#57606a;font-size:11px">{shown}; click a row to go there</span>'
        )
        self.view.html = trace_table(
            events,
            resolution.table.players,
            resolution.table.game,
            current,
            max_height="30em",
            clickable=True,
            compact=True,
        )

    def _clicked(self, data: dict) -> None:
        step = data.get("step", "")
        if step.isdigit():
            for handler in self._handlers:
                handler(int(step))


# -- ruling options -------------------------------------------------------------------------------


def comparison_html(comparison) -> str:
    """Two outcomes, labelled, side by side where there is room and one above the other where
    there is not, as the situation's game draws a ruling comparison
    (`GameContract.comparison_html`: a FlipToons one tints the cards whose place, face or fame
    differ in both and says who ends with how much fame)."""
    return contract_of(comparison.before).comparison_html(comparison)


class RulingsPanel(w.VBox):
    """Every ruling option of the situation's game (its contract's `options`) as a control (its
    question as the tooltip), the options that change this situation at all, and a side-by-side
    comparison with any other setting."""

    def __init__(self, errors: ErrorArea | None = None, **kwargs) -> None:
        self.errors = errors or ErrorArea()
        self.controls: dict[str, w.Dropdown] = {}  # made when first shown (the tab opens)
        self.game = DEFAULT_GAME  # the name of the game whose options are shown
        self._options: dict = {}
        self._made: dict[str, dict[str, w.Dropdown]] = {}  # each game's controls, once made
        self.options_box = w.VBox(layout=w.Layout(max_height="16em", overflow="auto"))
        self.matter = w.HTML()
        self.compare_with = w.Dropdown(
            description="compare with",
            layout=w.Layout(width="28em"),
            style={"description_width": "initial"},
        )
        self.compare_with.add_class("fte-compare-with")
        self.result = w.HTML()
        self.result.add_class("fte-comparison")
        self.scenario = None
        self.play = "resolve"
        self._handlers: list = []
        self._quiet = False
        self.compare_with.observe(
            self.errors.guard(lambda _c: self._show_comparison()), names="value"
        )
        super().__init__(
            ([] if errors else [self.errors])
            + [
                self.matter,
                self.compare_with,
                self.result,
                w.HTML(
                    '<div style="line-height:1.35;margin-top:6px"><b>Ruling options</b> as this '
                    "situation sets them "
                    "(hover a name for its question; the defaults follow the English "
                    "rulebooks)</div>"
                ),
                self.options_box,
            ],
            **kwargs,
        )

    @property
    def options(self) -> dict:
        """The ruling options of the game shown (`GameContract.options`)."""
        return self._options

    def _make_controls(self) -> None:
        if self.game in self._made:
            self.controls = self._made[self.game]
            self.options_box.children = list(self.controls.values())
            return
        self.controls = {}
        for name, option in self.options.items():
            d = w.Dropdown(
                options=[(_show(v), v) for v in option.choices],
                value=option.default,
                description=name,
                tooltip=option.question,
                layout=w.Layout(width="28em"),
                style={"description_width": "15em"},
            )
            d.add_class(f"fte-ruling-{name}")
            d.observe(
                self.errors.guard(lambda c, name=name: self._changed(name, c["new"])), names="value"
            )
            self.controls[name] = d
        self._made[self.game] = self.controls
        self.options_box.children = list(self.controls.values())

    def on_change(self, handler) -> None:
        """`handler(name, value, default)` when an option is set."""
        self._handlers.append(handler)

    def _changed(self, name, value) -> None:
        if not self._quiet:
            for handler in self._handlers:
                handler(name, value, self.options[name].default)

    def show(self, scenario: dict, play: str = "resolve") -> None:
        """The options as the scenario sets them; which ones change it (played as `play` says:
        "resolve" or "round"); the comparison."""
        self.scenario = scenario
        self.play = play
        game = contract_of(scenario)
        if not self.controls or game.name != self.game:
            self.game, self._options = game.name, game.options
            self._make_controls()
        options = self.options
        given = scenario.get("rulings") if isinstance(scenario.get("rulings"), dict) else {}
        self._quiet = True
        for name, d in self.controls.items():
            value = given.get(name, options[name].default)
            d.value = value if value in options[name].choices else options[name].default
        try:
            found = rulings_that_matter(scenario, play)
        except ScenarioError as e:
            self.matter.value = f'<span style="color:#57606a">{escape(str(e))}</span>'
            found = []
        else:
            items = "".join(
                f"<li><code>{escape(n)}</code> = {escape(_show(v))}: "
                f"{escape(options[n].question)}</li>"
                for n, v in found
            )
            self.matter.value = "<b>Options that change this situation</b>" + (
                f'<ul style="margin:2px 0 2px 1.2em;padding:0">{items}</ul>'
                if found
                else ": none — every reading gives the same outcome"
            )
        pairs = [(f"{n} = {_show(v)}", (n, v)) for n, v in found]
        pairs += [
            (f"{n} = {_show(v)}", (n, v))
            for n, o in options.items()
            for v in o.choices
            if (n, v) not in found and v != self.controls[n].value
        ]
        keep = self.compare_with.value
        self.compare_with.options = [("(pick an option to compare)", "")] + pairs
        self.compare_with.value = (
            keep if keep in [p[1] for p in pairs] else (found[0] if found else "")
        )
        self._quiet = False
        self._show_comparison()

    def _show_comparison(self) -> None:
        if self._quiet or self.scenario is None:
            return
        pick = self.compare_with.value
        if not pick:
            self.result.value = ""
            return
        try:
            comparison = compare_rulings(self.scenario, {pick[0]: pick[1]}, self.play)
        except ScenarioError as e:
            self.result.value = f'<span style="color:#b03a3a">{escape(str(e))}</span>'
            return
        self.result.value = comparison_html(comparison)


# -- card interactions ----------------------------------------------------------------------------

#: The interaction graph's effects (`interactions.EFFECTS`) in words, both ways.
ACTS_ON = {
    "flip": "can turn over",
    "return": "can return",
    "stack_on": "can end in one stack with",
    "move": "can move",
    "dismiss": "can dismiss",
    "gain": "can take",
    "place_above": "can put a card above",
    "discard": "can discard",
    "cost": "changes the dismiss cost of",
    "score_from": "counts toward the fame of",
}
ACTED_ON_BY = {
    "flip": "can be turned over by",
    "return": "can be returned by",
    "stack_on": "can end in one stack with",
    "move": "can be moved by",
    "dismiss": "can be dismissed by",
    "gain": "can be taken by",
    "place_above": "can have a card put above it by",
    "discard": "can be discarded by",
    "cost": "its dismiss cost is changed by",
    "score_from": "its fame counts",
}


class InteractionsPanel(w.VBox):
    """Pick a card: what can act on it and what it acts on (the interaction graph), and the
    finder's pairs with it, each loadable into the builder as a ready situation (`on_load`)."""

    def __init__(self, errors: ErrorArea | None = None, **kwargs) -> None:
        self.errors = errors or ErrorArea()
        self.card = w.Dropdown(
            description="card", layout=w.Layout(width="20em"), style={"description_width": "3em"}
        )
        self.card.add_class("fte-interaction-card")
        self.links = w.HTML()
        self.find = w.Button(
            description="find pairs with it",
            tooltip="resolve every pair of cards with it (about a second the first time)",
            layout=w.Layout(width="12em"),
        )
        self.pairs = w.VBox()
        self.pairs.add_class("fte-pairs")
        self.season = ""
        self._quiet = False
        self._found: dict = {}
        self._handlers: list = []
        self.card.observe(
            self.errors.guard(lambda _c: None if self._quiet else self.redraw()), names="value"
        )
        self.find.on_click(self.errors.guard(lambda _b: self.show_pairs()))
        super().__init__(
            ([] if errors else [self.errors]) + [self.card, self.links, self.find, self.pairs],
            **kwargs,
        )
        self.set_season("s2")

    def on_load(self, handler) -> None:
        self._handlers.append(handler)

    def set_season(self, season: str, card: str | None = None) -> None:
        """The cards of this season to choose from (every card of its catalog, promo cards
        too); `card` chosen, or the one chosen before if the season has it."""
        keep = card or self.card.value
        if season != self.season or not self.card.options:
            self.season = season
            ids = [c.id for c in cards_of(season)]
            ids += [c.id for c in CATALOG.values() if c.promo and c.id not in ids]
            self._quiet = True
            self.card.options = [
                (CATALOG[c].name + (" (promo)" if CATALOG[c].promo else ""), c) for c in ids
            ]
            self._quiet = False
            self.card.value = None  # so that the value below is a change, and redraws
        ids = [v for _, v in self.card.options]
        self.card.value = keep if keep in ids else ids[0]

    def redraw(self) -> None:
        card = self.card.value
        if card is None:
            return
        graph = interaction_graph(self.season)
        rows = []
        for outgoing, query in ((True, affects), (False, affected_by)):
            for effect in EFFECTS:
                others = query(graph, card, effect=effect)
                if others:
                    names = ", ".join(CATALOG[o].name for o in others)
                    words = (ACTS_ON if outgoing else ACTED_ON_BY)[effect]
                    rows.append(f"<li>{escape(words)}: {escape(names)}</li>")
        spec = CATALOG[card]
        self.links.value = f"<b>{escape(spec.name)}</b>" + (
            f'<ul style="margin:2px 0 2px 1.2em;padding:0">{"".join(rows)}</ul>'
            if rows
            else ": no card acts on it and it acts on none"
        )
        self.pairs.children = []

    def show_pairs(self) -> None:
        """The finder's pairs (sequences of two cards) that hold the card, each with a button that
        loads it as a situation: two neutral cards, the pair, neutral cards to fill the grid."""
        frame = self._found.get(self.season)
        if frame is None:
            frame = self._found[self.season] = find_interactions(self.season, 2)
        card = self.card.value
        rows = [r for r in frame.to_dict("records") if card in r["sequence"]]
        neutral = "bee" if self.season == "s1" else "mosquito"
        items = []
        for r in rows[:40]:
            b = w.Button(
                description="load",
                tooltip="load as a situation: two neutral cards, the pair, "
                "neutral cards to fill the grid",
                layout=w.Layout(width="auto", flex="0 0 auto"),
            )
            b.add_class("fte-load-pair")
            deck = [neutral, neutral, *r["sequence"], neutral, neutral, neutral, neutral]
            scenario = {"season": self.season, "players": [{"name": "Ann", "deck": deck}]}
            b.on_click(
                self.errors.guard(
                    lambda _b, scenario=scenario: [h(scenario) for h in self._handlers]
                )
            )
            words = w.HTML(
                '<div style="font-size:11.5px;line-height:1.35;white-space:normal;'
                'overflow-wrap:anywhere">'
                f"{escape(r['description'])}</div>",
                layout=w.Layout(flex="1 1 0px", min_width="0"),
            )
            items.append(w.HBox([b, words], layout=w.Layout(align_items="center", margin="1px 0")))
        head = w.HTML(
            f"{len(rows)} pair{'s' if len(rows) != 1 else ''} with {escape(CATALOG[card].name)} do "
            "more "
            f"(or less) than each card alone" + (" — the first 40:" if len(rows) > 40 else ":")
        )
        self.pairs.children = [head] + items


# -- the scenario as JSON -------------------------------------------------------------------------


def read_scenario_json(text, source: str = "scenario JSON") -> dict:
    """A scenario from JSON text or an uploaded file's bytes, through the engine's own reading
    (`jsonio.parse_scenario_text`: its limits and one-line messages) and the checks of the game
    it names (its contract's `check`; FlipToons without a `"game"` key)."""
    data = parse_scenario_text(text, source)
    contract_of(data).check(data)
    return data


class JSONPanel(w.VBox):
    """The scenario as JSON: import it from the text box or a file, export it (one click: into
    the text box, and saved as a file named after the situation). `on_import(scenario)` handlers
    get an imported scenario; `downloader(name, text)` saves a file in the browser."""

    def __init__(self, errors: ErrorArea | None = None, downloader=None, **kwargs) -> None:
        self.errors = errors or ErrorArea()
        self.downloader = downloader
        self.text = w.Textarea(layout=w.Layout(width="100%", height="22em"))
        self.text.add_class("fte-scenario-json")
        self.import_button = w.Button(
            description="import",
            tooltip="use the JSON in the box as the situation",
            layout=w.Layout(width="7em"),
        )
        self.import_button.add_class("fte-import")
        self.export_button = w.Button(
            description="export",
            icon="download",
            tooltip="save the situation as a JSON file (and write it into the box)",
            layout=w.Layout(width="auto"),
        )
        self.export_button.add_class("fte-export")
        self.upload = w.FileUpload(
            accept=".json,application/json", multiple=False, description="open file"
        )
        self.download = w.HTML()
        self.download.add_class("fte-download")
        self.name = "scenario"
        self.scenario_json = ""
        self._handlers: list = []
        self.import_button.on_click(self.errors.guard(lambda _b: self._import(self.text.value)))
        self.export_button.on_click(self.errors.guard(lambda _b: self.export()))
        self.upload.observe(self.errors.guard(self._uploaded), names="value")
        super().__init__(
            ([] if errors else [self.errors])
            + [
                w.HBox([self.import_button, self.export_button, self.upload]),
                self.download,
                self.text,
            ],
            **kwargs,
        )

    def on_import(self, handler) -> None:
        self._handlers.append(handler)

    def show(self, scenario_json: str, name: str = "scenario") -> None:
        """The current situation (the text box follows it until the user types in it)."""
        typing = self.text.value.strip() not in ("", self.scenario_json.strip())
        self.scenario_json = scenario_json
        self.name = name
        if not typing:
            self.text.value = scenario_json

    @property
    def filename(self) -> str:
        return (
            "".join(c if c.isalnum() or c in "-_." else "-" for c in self.name) or "scenario"
        ) + ".json"

    def export(self) -> None:
        """Write the situation into the box and save it as a file (the link below saves it
        again)."""
        self.text.value = self.scenario_json
        if self.downloader is not None:
            self.downloader(self.filename, self.scenario_json)
        data = base64.b64encode(self.scenario_json.encode("utf-8")).decode("ascii")
        self.download.value = (
            f'<span style="font-size:11px;color:#57606a">saved as {escape(self.filename)} · '
            f'<a download="{escape(self.filename)}" href="data:application/json;base64,{data}" '
            f'style="color:#2f6fb5">save it again</a></span>'
        )

    def _import(self, text, source: str = "scenario JSON") -> None:
        scenario = read_scenario_json(text, source)
        for handler in self._handlers:
            handler(scenario)

    def _uploaded(self, change) -> None:
        files = change["new"]
        if not files:
            return
        item = files[0]
        content = bytes(item["content"] if isinstance(item, dict) else item.content)
        name = item.get("name", "file") if isinstance(item, dict) else item.name
        scenario = read_scenario_json(content, name)
        self.text.value = json.dumps(scenario, indent=1)
        for handler in self._handlers:
            handler(scenario)


# -- sharing --------------------------------------------------------------------------------------


class SharePanel(w.VBox):
    """A link that opens this situation at this step in the explorer (`show_link`), and the
    resolution in Markdown for a forum post (`show_markdown`); `copy_link` / `copy_markdown`
    buttons put either on the clipboard again (through `copier(text)`)."""

    def __init__(self, errors: ErrorArea | None = None, copier=None, **kwargs) -> None:
        self.errors = errors or ErrorArea()
        self.copier = copier
        self.link = w.HTML(
            '<span style="color:#57606a">press “share” above: a link to this situation at this '
            "step appears here, copied to the clipboard</span>"
        )
        self.link.add_class("fte-share-link")
        self.url = ""
        self.copy_link = w.Button(
            description="copy the link", icon="link", layout=w.Layout(width="auto")
        )
        self.copy_markdown = w.Button(
            description="copy the Markdown", icon="copy", layout=w.Layout(width="auto")
        )
        self.text = w.Textarea(
            placeholder="press “copy as Markdown” above: the resolution in words, with its "
            "rules and the grids as text, appears here, copied to the clipboard",
            layout=w.Layout(width="100%", height="20em"),
        )
        self.text.add_class("fte-markdown-text")
        self.note = w.HTML()
        self.note.add_class("fte-share-note")
        self.copy_link.on_click(self.errors.guard(lambda _b: self._copy(self.url, "the link")))
        self.copy_markdown.on_click(
            self.errors.guard(lambda _b: self._copy(self.text.value, "the Markdown"))
        )
        super().__init__(
            ([] if errors else [self.errors])
            + [
                w.HTML(
                    "<b>A link to this situation at this step</b> — paste it in a forum thread or "
                    "a message: "
                    "it opens the same view for anyone running <code>fliptoons-explore app</code>."
                ),
                self.link,
                w.HBox([self.copy_link, self.copy_markdown]),
                self.note,
                w.HTML(
                    "<b>The resolution in Markdown</b> — every event with its rule, the grids as "
                    "text:"
                ),
                self.text,
            ],
            **kwargs,
        )
        self.add_class("fte-share-panel")

    def show_link(self, url: str) -> None:
        self.url = url
        self.link.value = (
            f'<div style="overflow-wrap:anywhere;font-size:12px;line-height:1.35">'
            f'<a href="{escape(url)}" target="_blank" style="color:#2f6fb5">{escape(url)}</a></div>'
        )
        self._copy(url, "the link")

    def show_markdown(self, text: str) -> None:
        self.text.value = text
        self._copy(text, "the Markdown")

    def _copy(self, text: str, what: str) -> None:
        if not text:
            raise ValueError("nothing to copy yet: press “share” or “copy as Markdown” first")
        self._copying = what
        self.note.value = (
            f'<span style="font-size:11px;color:#57606a">copying {escape(what)}…</span>'
        )
        if self.copier is not None:
            self.copier(text)

    def copied(self, ok: bool) -> None:
        """What the browser said about the last copy."""
        what = getattr(self, "_copying", "it")
        self.note.value = (
            f'<span style="font-size:11px;color:#1a7f37">{escape(what)} is on the clipboard</span>'
            if ok
            else '<span style="font-size:11px;color:#9a6700">the browser did not let '
            f"{escape(what)} be "
            "copied: select it above and copy it (Ctrl-C)</span>"
        )
