"""The chain view: the causal graph of the current resolution (the engine's `causal_graph`,
drawn by `chain_svg` with its deterministic layered layout), in step with the stepper both
ways: the current step and its chain of causes are marked, and a click on an event jumps there.
"""

from __future__ import annotations

import ipywidgets as w

from fliptoons_explore.chains import (
    card_chain,
    causal_graph,
    chain_svg,
    layered_positions,
    linked,
    subgraph,
)

from .errors import ErrorArea
from .htmlview import HTMLView

LINKED, CARD, ALL = "events with a link", "the acting card's story", "every event"

_ZOOM = (
    "display:inline-block;min-width:1.6em;text-align:center;padding:0 "
    "6px;margin-right:3px;border:1px solid #c3cad1;"
    "border-radius:4px;background:#f6f8fa;cursor:pointer;user-select:none"
)
#: The picture's own zoom buttons (the view's JavaScript handles them: `htmlview` panzoom).
ZOOM_BAR = (
    f'<div style="font-size:11px;color:#57606a;margin:0 0 3px;line-height:1.6">'
    f'<span data-zoom="out" title="zoom out" style="{_ZOOM}">−</span>'
    f'<span data-zoom="in" title="zoom in" style="{_ZOOM}">+</span>'
    f'<span data-zoom="auto" title="readable, following the current step" style="{_ZOOM}">follow '
    "the step</span>"
    f'<span data-zoom="fit" title="the whole graph in view" style="{_ZOOM}">whole graph</span> '
    f"<span data-zoom-note></span></div>"
)


class ChainView(w.VBox):
    """The causal graph of a resolution. `show(resolution)`, `set_step(step)`; a click on an
    event calls the `on_jump(step)` handlers."""

    def __init__(self, errors: ErrorArea | None = None, **kwargs) -> None:
        self.errors = errors or ErrorArea()
        self.scope = w.Dropdown(
            options=[LINKED, CARD, ALL],
            value=LINKED,
            description="draw",
            tooltip="the events with a cause or an effect; what led to the acting card's "
            "ability and what it caused; every event",
            style={"description_width": "initial"},
            layout=w.Layout(width="18em"),
        )
        self.view = HTMLView()
        self.view.add_class("fte-chain")
        self.note = w.HTML()
        self.graph = None
        self.resolution = None
        self.step = -1
        self._shown = None  # (scope, graph) drawn, with its positions
        self._handlers: list = []
        self.view.on_click(self.errors.guard(self._clicked))
        self.scope.observe(self.errors.guard(lambda _c: self.redraw()), names="value")
        super().__init__(
            ([] if errors else [self.errors]) + [self.scope, self.note, self.view], **kwargs
        )

    def on_jump(self, handler) -> None:
        self._handlers.append(handler)

    def show(self, resolution) -> None:
        self.resolution = resolution
        self.graph = causal_graph(resolution)
        self._shown = None
        self.redraw()

    def set_step(self, step: int) -> None:
        self.step = step
        self.redraw()

    def _drawn_graph(self):
        g = self.graph
        if self.scope.value == ALL:
            return "all", g
        if self.scope.value == CARD:
            event = self.resolution.trace[self.step] if self.step >= 0 else None
            if event is not None and event.uid is not None:
                story = card_chain(g, self.resolution, event.uid)
                if story.number_of_nodes():
                    return ("card", event.uid), story
                steps = [n for n in g.nodes if g.nodes[n]["uid"] == event.uid]
                return ("card", event.uid), subgraph(g, steps)
            return "none", subgraph(g, [])
        return "linked", linked(g)

    def redraw(self) -> None:
        if self.graph is None:
            return
        key, g = self._drawn_graph()
        if self._shown is None or self._shown[0] != key:
            self._shown = (key, g, layered_positions(g))
        _, g, positions = self._shown
        shown = g.number_of_nodes()
        total = self.graph.number_of_nodes()
        here = (
            ""
            if self.step in g
            else " (the current step is not drawn: it has no cause and no effect)"
        )
        self.note.value = (
            f'<div style="color:#57606a;font-size:11px;line-height:1.3">{shown} of {total} events, '
            f"{g.number_of_edges()} links; causes left of their effects, dashed: a revealed card "
            f"put in place by an effect. Click an event to go there; drag the picture to see the "
            f"rest, Ctrl + wheel (or − +) to zoom.{here}</div>"
        )
        bar = ZOOM_BAR if shown else ""
        self.view.html = (
            f'<div data-panzoom="0.75" data-max-height="460">{bar}'
            + chain_svg(
                g,
                current=self.step if self.step in g else None,
                clickable=True,
                positions=positions,
            )
            + "</div>"
        )

    def _clicked(self, data: dict) -> None:
        step = data.get("step")
        if step is not None and step.lstrip("-").isdigit():
            for handler in self._handlers:
                handler(int(step))
