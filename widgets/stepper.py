"""The resolution stepper: the whole table at the current step, the event in words and the rule
beside it, fame so far, and the controls (first / previous / next / last; play, pause and stop,
with a speed; a slider over the steps; filters that choose which events previous and next visit).

It reads a recorded resolution (of either game) through the engine's `Stepper` and draws the
table as the resolution's game draws it (`table.game.table_at_step_html`); the explorer adds
decisions and editing on top. The words above the table keep the height of the longest ones of
the resolution, so that stepping never moves the table.
"""

from __future__ import annotations

from html import escape

import ipywidgets as w

from fliptoons_explore.stepping import Stepper
from fliptoons_explore.views import Marks, rules_words

from .errors import ErrorArea
from .htmlview import HTMLView

SPEEDS = {"slow": 1400, "normal": 700, "fast": 250, "fastest": 80}
ANY = "any"
#: How many of the longest step texts the words box measures to keep its height.
RESERVED = 6
#: The longest `status` the explorer gives (the words box reserves room for it at every step).
LONGEST_STATUS = "played the round (it stops before Cleanup); showing the end"


def _button(icon: str, tip: str, hook: str, width: str = "36px") -> w.Button:
    b = w.Button(
        description="",
        icon=icon,
        tooltip=tip,
        layout=w.Layout(width=width, flex="0 0 auto", padding="0"),
    )
    b.add_class(hook)
    return b


def event_html(stepper) -> str:
    s = stepper
    return (
        f'<div style="font-size:13px;font-weight:700;line-height:1.35">'
        f"{escape((f'#{s.step:d} ' if s.step >= 0 else '') + s.sentence)}</div>"
    )


def rule_html(event) -> str:
    """The rule the event follows and, a line each, the ruling options that decided it."""
    if event is None:
        return ""
    rules = "<br>".join(map(escape, rules_words(event).splitlines()))
    return f'<div style="color:#57606a;line-height:1.35">{rules}</div>'


def position_html(status: str, where: str) -> str:
    """What brought the cursor here (green) and where it is."""
    said = f'<b style="color:#1a7f37">{escape(status)}</b> · ' if status else ""
    return f'<div style="font-size:12px;color:#3d4650;line-height:1.35">{said}{escape(where)}</div>'


def fame_html(players, fame: dict, at_end: bool = True, unit: str = "fame") -> str:
    """Each player's fame (a Flipology player's points: `unit`) at the step: "fame so far"
    until the last event."""
    return (
        f'<div style="line-height:1.35">{unit if at_end else unit + " so far"}: '
        + " · ".join(
            f"<b>{escape(p.name)} "
            f"{'not scored yet' if fame.get(p.index) is None else fame[p.index]}</b>"
            for p in players
        )
        + "</div>"
    )


class StepperView(w.VBox):
    """Step through a recorded resolution (`resolve(..., record=True)`). `goto(step)` moves the
    cursor; `on_step(handler)` is told every move; `limit` (a step or None) is a step the cursor
    may not pass (a decision waiting for its answer); `status` (words) says, until the next move,
    what brought the cursor where it is."""

    def __init__(self, resolution=None, errors: ErrorArea | None = None, **kwargs) -> None:
        self.errors = errors or ErrorArea()
        guard = self.errors.guard
        self.first = _button("fast-backward", "before the first event (Home)", "fte-step-first")
        self.prev = _button(
            "step-backward", "previous event (←; the filters below choose which)", "fte-step-prev"
        )
        self.next = _button(
            "step-forward", "next event (→; the filters below choose which)", "fte-step-next"
        )
        self.last = _button("fast-forward", "last event (End)", "fte-step-last")
        self.play_button = _button(
            "play",
            "play from here, one event after another (at the end: from the start)",
            "fte-step-play",
        )
        self.pause_button = _button("pause", "pause where it is", "fte-step-pause")
        self.stop_button = _button("stop", "stop and go back to the start", "fte-step-stop")
        # the timer: a Play widget (it counts in the browser), hidden; the buttons above drive it
        self.play = w.Play(
            value=-1,
            min=-1,
            max=0,
            step=1,
            interval=SPEEDS["normal"],
            show_repeat=False,
            layout=w.Layout(display="none"),
        )
        self.speed = w.Dropdown(
            options=list(SPEEDS),
            value="normal",
            layout=w.Layout(width="6.5em", flex="0 0 auto"),
            tooltip="playing speed",
        )
        self.slider = w.IntSlider(
            value=-1,
            min=-1,
            max=0,
            readout=False,
            continuous_update=True,
            layout=w.Layout(width="auto"),
        )
        self.slider.add_class("fte-step-slider")
        self.position = w.HTML()
        self.position.add_class("fte-step-position")
        w.jslink((self.play, "value"), (self.slider, "value"))
        self.phase = w.Dropdown(
            options=[ANY],
            value=ANY,
            description="phase",
            layout=w.Layout(width="12em"),
            style={"description_width": "initial"},
        )
        self.who = w.Dropdown(
            options=[(ANY, -1)],
            value=-1,
            description="player",
            layout=w.Layout(width="12em"),
            style={"description_width": "initial"},
        )
        self.kind = w.Dropdown(
            options=[ANY],
            value=ANY,
            description="event",
            layout=w.Layout(width="12em"),
            style={"description_width": "initial"},
        )
        self.card = w.Dropdown(
            options=[ANY],
            value=ANY,
            description="card",
            layout=w.Layout(width="12em"),
            style={"description_width": "initial"},
        )
        self.event = w.HTML()
        self.event.add_class("fte-event")
        self.rule = w.HTML()
        self.rule.add_class("fte-rule")
        self.fame = w.HTML()
        self.fame.add_class("fte-fame")
        self.reserve = HTMLView(reserve_for=".fte-step-words")
        self.words = w.VBox([self.position, self.event, self.rule, self.fame, self.reserve])
        self.words.add_class("fte-step-words")
        self.table = HTMLView()
        self.table.add_class("fte-table")
        self.note = w.HTML()
        self.resolution = None
        self.stepper: Stepper | None = None
        self.limit: int | None = None
        self.status = ""
        # what the builder marks on the table (a target cell, clickable cells)
        self.build_marks = Marks()
        self._handlers: list = []
        self._moving = False

        self.first.on_click(guard(lambda _b: self.goto(-1)))
        self.last.on_click(guard(lambda _b: self.goto(self.end())))
        self.prev.on_click(guard(lambda _b: self.goto(self.neighbour(-1))))
        self.next.on_click(guard(lambda _b: self.goto(self.neighbour(+1))))
        self.play_button.on_click(guard(lambda _b: self.start_playing()))
        self.pause_button.on_click(guard(lambda _b: self.pause()))
        self.stop_button.on_click(guard(lambda _b: self.stop()))
        self.play.observe(guard(lambda _c: self._playing_shown()), names="playing")
        self.slider.observe(guard(self._slid), names="value")
        self.speed.observe(
            guard(lambda c: setattr(self.play, "interval", SPEEDS[c["new"]])), names="value"
        )
        self.table.on_key(guard(self._key))
        buttons = w.HBox(
            [
                self.first,
                self.prev,
                self.next,
                self.last,
                self.play_button,
                self.pause_button,
                self.stop_button,
                self.speed,
                self.play,
            ]
        )
        buttons.add_class("fte-controls")
        controls = w.VBox([buttons, self.slider])
        self.controls = controls
        filters = w.HBox(
            [self.phase, self.who, self.kind, self.card], layout=w.Layout(flex_flow="row wrap")
        )
        self.filters = filters
        super().__init__(
            ([] if errors else [self.errors])
            + [controls, self.words, self.table, self.note, filters],
            **kwargs,
        )
        self.add_class("fte-stepper")
        if resolution is not None:
            self.show(resolution)

    # -- what is shown ---------------------------------------------------------------------------
    def on_step(self, handler) -> None:
        """Call `handler(step)` after every move of the cursor."""
        self._handlers.append(handler)

    def show(self, resolution, step: int | None = None) -> None:
        """Step through another resolution, standing at `step` (default: the current step, kept
        within the new trace), so an edit re-resolves and stays near where it was."""
        old = self.stepper.step if self.stepper is not None else -1
        self.resolution = resolution
        self.stepper = Stepper(resolution)
        last = self.stepper.last
        self._moving = True
        self.play.playing = False
        self.slider.max = max(last, 0)
        self.play.max = max(self.end(), -1)
        self._moving = False
        self._set_filters()
        self.reserve.reserve = self._reserved_words()
        self.goto(min(old if step is None else step, last))

    def end(self) -> int:
        """The furthest step the cursor may go: the last, or the `limit` before it."""
        last = self.stepper.last if self.stepper else -1
        return last if self.limit is None else min(self.limit, last)

    def matching(self) -> list[int]:
        """The steps the filters let through."""
        if self.stepper is None:
            return []
        out = []
        for e in self.stepper.trace:
            if self.phase.value != ANY and e.phase != self.phase.value:
                continue
            if self.who.value != -1 and e.player != self.who.value:
                continue
            if self.kind.value != ANY and e.kind != self.kind.value:
                continue
            if self.card.value != ANY and self.card.value not in (e.card, e.target):
                continue
            out.append(e.step)
        return out

    def neighbour(self, direction: int) -> int:
        """The next (+1) or previous (-1) step the filters let through (or the current step)."""
        step = self.stepper.step if self.stepper else -1
        steps = self.matching()
        if direction > 0:
            later = [s for s in steps if s > step]
            return min(later[0], self.end()) if later else step
        earlier = [s for s in steps if s < step]
        return earlier[-1] if earlier else (-1 if not any(self._filtered()) else step)

    def _filtered(self):
        return (
            self.phase.value != ANY,
            self.who.value != -1,
            self.kind.value != ANY,
            self.card.value != ANY,
        )

    def goto(self, step: int, status: str = "") -> None:
        """Stand at `step` (-1: before the first event), never past `limit`; `status`: what
        brought the cursor there, in words (shown beside the slider until the next move)."""
        if self.stepper is None:
            return
        step = max(-1, min(int(step), self.end()))
        if self.play.playing and step >= self.end():
            self.play.playing = False
        self.status = status
        self.stepper.goto(step)
        if self.slider.value != step or self.play.value != step:
            # both: the page links the two, and a page that opens copies the timer's value to
            # the slider (a kernel-side slider alone would be moved back to the timer's step)
            self._moving = True
            self.slider.value = step
            if self.play.max < step:
                self.play.max = step
            self.play.value = step
            self._moving = False
        self.redraw()
        for handler in self._handlers:
            handler(step)

    # -- playing ---------------------------------------------------------------------------------
    def start_playing(self) -> None:
        """Play from the current step (from the start when at the end), one event per tick."""
        if self.stepper is None or self.end() < 0:
            return
        if self.stepper.step >= self.end():
            self.goto(-1)
        self.play.max = self.end()
        self.play.value = self.stepper.step
        self.play.playing = True
        self._playing_shown()

    def pause(self) -> None:
        """Stop playing where it is."""
        self.play.playing = False
        self._playing_shown()

    def stop(self) -> None:
        """Stop playing and go back to the start."""
        self.play.playing = False
        self.goto(-1)
        self._playing_shown()

    def _playing_shown(self) -> None:
        playing = bool(self.play.playing)
        self.play_button.button_style = "info" if playing else ""
        self.pause_button.disabled = not playing
        self.redraw_position()

    def _slid(self, change) -> None:
        if not self._moving:
            self.goto(change["new"])

    def _key(self, key: str) -> None:
        {"ArrowLeft": self.prev, "ArrowRight": self.next, "Home": self.first, "End": self.last}[
            key
        ].click()

    # -- drawing ---------------------------------------------------------------------------------
    def redraw(self) -> None:
        s = self.stepper
        players = self.resolution.table.players
        self.event.value = event_html(s)
        self.rule.value = rule_html(s.event)
        self.fame.value = fame_html(players, s.fame, s.at_end, s.game.unit)
        b = self.build_marks
        self.table.html = s.game.table_at_step_html(s, b.target, b.clickable)
        self.redraw_position()

    def redraw_position(self) -> None:
        """Where the cursor is, in words: before the first event, event k of 0..last, the last one,
        waiting for a decision; and `status` first."""
        s = self.stepper
        if s is None:
            self.position.value = ""
            return
        self.position.value = position_html(self.status, self._where(s.step, s.last))

    def _where(self, step: int, last: int) -> str:
        if last < 0:
            where = "nothing to step through yet"
        elif step < 0:
            where = f"before the first of {last + 1} events"
        elif step == last:
            where = f"#{step}, the last event"
        else:
            where = f"#{step} of #0–#{last}"
        if self.limit is not None and step == self.limit:
            where += " · waits for a decision"
        if self.play.playing:
            where += " · playing"
        return where

    def _reserved_words(self) -> str:
        """The words of the longest steps, for the words box to reserve their height."""
        s = Stepper(self.resolution)
        players = self.resolution.table.players
        fame = fame_html(players, {p.index: None for p in players}, False, s.game.unit)
        guesses = {}  # step: (lines at a narrow column, lines at a wide one, characters)
        for k in range(-1, s.last + 1):
            s.goto(k)
            rule = rules_words(s.event) if s.event else ""
            guesses[k] = tuple(
                -(-len(s.sentence) // a) + -(-len(rule) // b) for a, b in ((55, 65), (110, 125))
            ) + (len(s.sentence) + len(rule),)
        chosen = set()
        # the tallest by each guess: the box's width decides which is tallest
        for which in range(3):
            chosen.update(
                sorted(guesses, key=lambda k: (guesses[k][which], guesses[k]), reverse=True)[
                    :RESERVED
                ]
            )
        out = []
        for k in sorted(chosen):
            s.goto(k)
            where = position_html(
                LONGEST_STATUS, f"#{s.last} of #0–#{s.last} · waits for a decision · playing"
            )
            # each part a block as the HTML widgets are, 1px above and below (padding: the
            # widgets are flex items, whose margins do not collapse as blocks' do)
            parts = "".join(
                f'<div style="padding:1px 0;display:flow-root">{part}</div>'
                for part in (where, event_html(s), rule_html(s.event), fame)
            )
            out.append(f'<div class="widget-html-content">{parts}</div>')
        return "".join(out)

    def _set_filters(self) -> None:
        trace = self.stepper.trace
        players = self.resolution.table.players
        keep = (self.phase.value, self.who.value, self.kind.value, self.card.value)
        self.phase.options = [ANY] + list(dict.fromkeys(e.phase for e in trace))
        self.who.options = [(ANY, -1)] + [(p.name, p.index) for p in players]
        self.kind.options = [ANY] + sorted({e.kind for e in trace})
        self.card.options = [ANY] + sorted(
            {c for e in trace for c in (e.card, e.target) if c and not c.startswith(" ")}
        )
        for control, value in zip((self.phase, self.who, self.kind, self.card), keep):
            values = [o[1] if isinstance(o, tuple) else o for o in control.options]
            control.value = value if value in values else values[0]
