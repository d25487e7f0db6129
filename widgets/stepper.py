"""The resolution stepper: the whole table at the current step, the event in words and the rule
beside it, fame so far, and the controls (first / previous / next / last, play with a speed, a
slider over the steps, filters that choose which events previous and next visit).

It reads a recorded resolution (of either game) through the engine's `Stepper` and draws the
table as the resolution's game draws it (`table.game.table_at_step_html`); the explorer adds
decisions and editing on top.
"""
from __future__ import annotations

from html import escape

import ipywidgets as w

from fliptoons_explore.views import Marks, rules_words
from fliptoons_explore.stepping import Stepper

from .errors import ErrorArea
from .htmlview import HTMLView

SPEEDS = {"slow": 1400, "normal": 700, "fast": 250, "fastest": 80}
ANY = "any"


def _button(icon: str, tip: str, hook: str, width: str = "40px") -> w.Button:
    b = w.Button(description="", icon=icon, tooltip=tip, layout=w.Layout(width=width, flex="0 0 auto", padding="0"))
    b.add_class(hook)
    return b


class StepperView(w.VBox):
    """Step through a recorded resolution (`resolve(..., record=True)`). `goto(step)` moves the
    cursor; `on_step(handler)` is told every move; `limit` (a step or None) is a step the cursor
    may not pass (a decision waiting for its answer)."""

    def __init__(self, resolution=None, errors: ErrorArea | None = None, **kwargs) -> None:
        self.errors = errors or ErrorArea()
        guard = self.errors.guard
        self.first = _button("fast-backward", "before the first event (Home)", "fte-step-first")
        self.prev = _button("step-backward", "previous event (←; the filters below choose which)", "fte-step-prev")
        self.next = _button("step-forward", "next event (→; the filters below choose which)", "fte-step-next")
        self.last = _button("fast-forward", "last event (End)", "fte-step-last")
        self.play = w.Play(value=-1, min=-1, max=0, step=1, interval=SPEEDS["normal"], show_repeat=False,
                           description="play", layout=w.Layout(width="auto", flex="0 0 auto"))
        self.play.add_class("fte-step-play")
        self.speed = w.Dropdown(options=list(SPEEDS), value="normal", layout=w.Layout(width="6.5em", flex="0 0 auto"),
                                tooltip="playing speed")
        self.slider = w.IntSlider(value=-1, min=-1, max=0, readout=True, continuous_update=True,
                                  layout=w.Layout(width="98%"), description="step",
                                  style={"description_width": "initial"})
        self.slider.add_class("fte-step-slider")
        w.jslink((self.play, "value"), (self.slider, "value"))
        self.phase = w.Dropdown(options=[ANY], value=ANY, description="phase", layout=w.Layout(width="12em"),
                                style={"description_width": "initial"})
        self.who = w.Dropdown(options=[(ANY, -1)], value=-1, description="player",
                              layout=w.Layout(width="12em"), style={"description_width": "initial"})
        self.kind = w.Dropdown(options=[ANY], value=ANY, description="event", layout=w.Layout(width="12em"),
                               style={"description_width": "initial"})
        self.card = w.Dropdown(options=[ANY], value=ANY, description="card", layout=w.Layout(width="12em"),
                               style={"description_width": "initial"})
        self.event = w.HTML()
        self.event.add_class("fte-event")
        self.rule = w.HTML()
        self.rule.add_class("fte-rule")
        self.fame = w.HTML()
        self.fame.add_class("fte-fame")
        self.table = HTMLView()
        self.table.add_class("fte-table")
        self.note = w.HTML()
        self.resolution = None
        self.stepper: Stepper | None = None
        self.limit: int | None = None
        self.build_marks = Marks()  # what the builder marks on the table (a target cell, clickable cells)
        self._handlers: list = []
        self._moving = False

        self.first.on_click(guard(lambda _b: self.goto(-1)))
        self.last.on_click(guard(lambda _b: self.goto(self.end())))
        self.prev.on_click(guard(lambda _b: self.goto(self.neighbour(-1))))
        self.next.on_click(guard(lambda _b: self.goto(self.neighbour(+1))))
        self.slider.observe(guard(self._slid), names="value")
        self.speed.observe(guard(lambda c: setattr(self.play, "interval", SPEEDS[c["new"]])), names="value")
        self.table.on_key(guard(self._key))
        controls = w.HBox([self.first, self.prev, self.next, self.last, self.play, self.speed],
                          layout=w.Layout(align_items="center", width="100%"))
        filters = w.HBox([self.phase, self.who, self.kind, self.card], layout=w.Layout(flex_flow="row wrap"))
        super().__init__(([] if errors else [self.errors]) + [controls, self.slider, self.event, self.rule, self.fame, self.table, self.note, filters], **kwargs)
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
        self.slider.max = self.play.max = max(last, 0)
        self._moving = False
        self._set_filters()
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
        return (self.phase.value != ANY, self.who.value != -1, self.kind.value != ANY, self.card.value != ANY)

    def goto(self, step: int) -> None:
        """Stand at `step` (-1: before the first event), never past `limit`."""
        if self.stepper is None:
            return
        step = max(-1, min(int(step), self.end()))
        if self.play.playing and step >= self.end():
            self.play.playing = False
        self.stepper.goto(step)
        if self.slider.value != step:
            self._moving = True
            self.slider.value = step
            self._moving = False
        self.redraw()
        for handler in self._handlers:
            handler(step)

    def _slid(self, change) -> None:
        if not self._moving:
            self.goto(change["new"])

    def _key(self, key: str) -> None:
        {"ArrowLeft": self.prev, "ArrowRight": self.next, "Home": self.first, "End": self.last}[key].click()

    def redraw(self) -> None:
        s = self.stepper
        players = self.resolution.table.players
        self.event.value = (f'<div style="font-size:13px;font-weight:700;line-height:1.35">'
                            f'{escape(("#%d " % s.step if s.step >= 0 else "") + s.sentence)}</div>')
        rules = "" if s.event is None else "<br>".join(map(escape, rules_words(s.event).splitlines()))
        self.rule.value = rules and f'<div style="color:#57606a;line-height:1.35">{rules}</div>'
        fame = s.fame
        self.fame.value = '<div style="line-height:1.35">fame: ' + " · ".join(
            f"<b>{escape(p.name)} {'not scored yet' if fame[p.index] is None else fame[p.index]}</b>"
            for p in players) + "</div>"
        b = self.build_marks
        self.table.html = s.game.table_at_step_html(s, b.target, b.clickable)

    def _set_filters(self) -> None:
        trace = self.stepper.trace
        players = self.resolution.table.players
        keep = (self.phase.value, self.who.value, self.kind.value, self.card.value)
        self.phase.options = [ANY] + list(dict.fromkeys(e.phase for e in trace))
        self.who.options = [(ANY, -1)] + [(p.name, p.index) for p in players]
        self.kind.options = [ANY] + sorted({e.kind for e in trace})
        self.card.options = [ANY] + sorted({c for e in trace for c in (e.card, e.target) if c and not c.startswith(" ")})
        for control, value in zip((self.phase, self.who, self.kind, self.card), keep):
            values = [o[1] if isinstance(o, tuple) else o for o in control.options]
            control.value = value if value in values else values[0]
