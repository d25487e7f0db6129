"""Drawings of the card interaction graph (`interactions.interaction_graph`), as SVG.

Two pictures, both pure functions of the graph (graph in, SVG text out), byte-stable (no ids,
dates or addresses), laid out deterministically, styled by inline attributes only (no <style>,
no script):

- `timing_svg(graph)`: who can act on whom, as a matrix. A row is a card that acts (or, for a
  bonus, is counted), a column a card it can affect (or that counts it); a coloured cell is an
  edge, one stripe per effect. Rows and columns are grouped by the card table's timing: the
  Flip (on place), Check Fame, the Market, when hired, when dismissed, after the Market, none.
- `neighbourhood_svg(graph, card)`: one card in the middle, the cards that can affect it on the
  left and the cards it can affect on the right, one box per effect.

`draw(graph, card=None, effect=None)` returns an `InteractionDrawing` holding either, which
Jupyter shows as a picture.

    >>> from fliptoons_explore.analysis.interactions import draw, interaction_graph
    >>> d = draw(interaction_graph("s2"), card="crab")
    >>> d
    <InteractionDrawing crab: what can affect it, what it can affect (820x388)>
    >>> d.svg.startswith('<svg xmlns="http://www.w3.org/2000/svg"')
    True
"""

from __future__ import annotations

import base64
from dataclasses import dataclass
from html import escape

__all__ = [
    "EFFECT_COLOURS",
    "TIMINGS",
    "InteractionDrawing",
    "draw",
    "timing_svg",
    "neighbourhood_svg",
]

#: One colour per effect (Paul Tol's colour-blind-safe palettes); bonuses in grey, being the most.
EFFECT_COLOURS = {
    "flip": "#cc6677",
    "return": "#aa4499",
    "stack_on": "#44aa99",
    "move": "#117733",
    "dismiss": "#882255",
    "gain": "#332288",
    "place_above": "#88ccee",
    "discard": "#999933",
    "cost": "#ddcc77",
    "score_from": "#bbbbbb",
}
_DARK = {"#aa4499", "#117733", "#882255", "#332288", "#cc6677"}

#: The card table's timing groups, in the order of a round, with their words.
TIMINGS = {
    "on-place": "Flip (on place)",
    "check-fame": "Check Fame",
    "market": "Market (dismiss cost)",
    "when-hired": "When hired",
    "when-dismissed": "When dismissed",
    "after-market": "After the Market",
    "none": "No ability",
}

#: Short names of the timing groups, for a group too narrow for its words.
_TIMING_CODES = {
    "on-place": "F",
    "check-fame": "CF",
    "market": "M",
    "when-hired": "H",
    "when-dismissed": "D",
    "after-market": "A",
    "none": "-",
}

#: Words for an effect seen from the card in the middle of a neighbourhood drawing.
_AFFECTED_BY = {
    "flip": "can turn it face down",
    "return": "can return it",
    "stack_on": "can end in one stack with it",
    "move": "can move it",
    "dismiss": "can dismiss it",
    "gain": "can gain it",
    "place_above": "can put it in a new row above",
    "discard": "can discard it from the market",
    "cost": "change its dismiss cost",
    "score_from": "count for its bonus",
}
_AFFECTS = {
    "flip": "it can turn face down",
    "return": "it can return",
    "stack_on": "it can end in one stack with",
    "move": "it can move",
    "dismiss": "it can dismiss",
    "gain": "it can gain",
    "place_above": "it can put in a new row above",
    "discard": "it can discard from the market",
    "cost": "whose dismiss cost it changes",
    "score_from": "whose bonus counts it",
}

_FONT = 'font-family="DejaVu Sans, Verdana, sans-serif"'
_CHAR = 6.6  # the width of a character at font-size 11, roughly, to size boxes and wrap names


@dataclass(frozen=True)
class InteractionDrawing:
    """An SVG drawing of the interaction graph: `svg` (the text), `width`, `height`, `title`.
    Jupyter shows it as a picture (`_repr_html_`: an <img> of the SVG, which survives untrusted
    notebooks; `_repr_svg_`: the SVG itself). `save(path)` writes the SVG file."""

    svg: str
    width: int
    height: int
    title: str

    def _repr_svg_(self) -> str:
        return self.svg

    def _repr_html_(self) -> str:
        data = base64.b64encode(self.svg.encode("utf-8")).decode("ascii")
        return (
            f'<img src="data:image/svg+xml;base64,{data}" width="{self.width}" '
            f'height="{self.height}" alt="{escape(self.title)}">'
        )

    def save(self, path) -> None:
        with open(path, "w", encoding="utf-8") as f:
            f.write(self.svg)

    def __repr__(self) -> str:
        return f"<InteractionDrawing {self.title} ({self.width}x{self.height})>"


def draw(graph, card: str | None = None, effects: tuple[str, ...] = ()) -> InteractionDrawing:
    """The neighbourhood of `card` (`neighbourhood_svg`), or the whole graph by timing
    (`timing_svg`); `effects`: the effect kinds drawn, in their order (`interactions.draw`
    checks them; empty: every kind of `EFFECT_COLOURS`)."""
    effects = tuple(effects) or tuple(EFFECT_COLOURS)
    if card is not None:
        svg, title = (
            neighbourhood_svg(graph, card, effects),
            f"{card}: what can affect it, what it can affect",
        )
    else:
        svg, title = (
            timing_svg(graph, effects),
            f"{graph.graph.get('season', '')} interactions by timing".strip(),
        )
    width, height = _size(svg)
    return InteractionDrawing(svg, width, height, title)


# -- pieces ----------------------------------------------------------------------------------------


def _size(svg: str) -> tuple[int, int]:
    head = svg[: svg.index(">")]
    return (
        int(head.split('width="')[1].split('"')[0]),
        int(head.split('height="')[1].split('"')[0]),
    )


def _svg(width: int, height: int, body: list[str], title: str) -> str:
    return (
        "\n".join(
            [
                f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
                f'viewBox="0 0 {width} {height}" {_FONT} font-size="11">',
                f"<title>{escape(title)}</title>",
                f'<rect x="0" y="0" width="{width}" height="{height}" fill="#ffffff"/>',
                *body,
                "</svg>",
            ]
        )
        + "\n"
    )


def _text(
    x, y, text, anchor="start", size=11, weight="normal", fill="#222222", rotate=False
) -> str:
    turn = f' transform="rotate(-90 {_n(x)} {_n(y)})"' if rotate else ""
    bold = f' font-weight="{weight}"' if weight != "normal" else ""
    big = f' font-size="{size}"' if size != 11 else ""
    return (
        f'<text x="{_n(x)}" y="{_n(y)}" text-anchor="{anchor}" fill="{fill}"{big}{bold}{turn}>'
        f"{escape(text)}</text>"
    )


def _rect(x, y, w, h, fill, stroke="none", rx=0) -> str:
    edge = f' stroke="{stroke}" stroke-width="1"' if stroke != "none" else ""
    corner = f' rx="{_n(rx)}"' if rx else ""
    return (
        f'<rect x="{_n(x)}" y="{_n(y)}" width="{_n(w)}" height="{_n(h)}" '
        f'fill="{fill}"{edge}{corner}/>'
    )


def _n(value: float) -> str:
    """A coordinate: an integer where it is one, else one decimal (byte-stable)."""
    value = round(value, 1)
    return str(int(value)) if value == int(value) else f"{value:.1f}"


def _timing(graph, card: str) -> str:
    return graph.nodes[card]["timing"]


def _by_timing(graph, cards) -> list[tuple[str, list[str]]]:
    """[(timing, cards sorted by rank then id)] in the order of `TIMINGS`, empty groups left out."""
    groups = []
    for timing in TIMINGS:
        members = sorted(
            (c for c in cards if _timing(graph, c) == timing),
            key=lambda c: (graph.nodes[c]["rank"], c),
        )
        if members:
            groups.append((timing, members))
    return groups


def _legend(x: float, y: float, effects, width: float) -> tuple[list[str], float]:
    """Swatches and names of the effects, wrapped to `width`; returns (elements, height)."""
    out, cx, cy = [], x, y
    for e in effects:
        w = 16 + len(e) * _CHAR + 14
        if cx + w > x + width and cx > x:
            cx, cy = x, cy + 18
        out.append(_rect(cx, cy, 12, 12, EFFECT_COLOURS[e]))
        out.append(_text(cx + 16, cy + 10, e))
        cx += w
    return out, cy + 18 - y


# -- the matrix by timing --------------------------------------------------------------------------


def timing_svg(graph, effects: tuple[str, ...]) -> str:
    """The interaction graph as a matrix grouped by timing (see the module docstring): rows are
    the cards with an edge out (of the `effects` wanted), columns the cards with an edge in."""
    cells: dict[tuple[str, str], set] = {}
    for u, v, e in graph.edges(data="effect"):
        if e in effects:
            cells.setdefault((u, v), set()).add(e)
    rows = _by_timing(graph, {u for u, _ in cells})
    cols = _by_timing(graph, {v for _, v in cells})
    cell, gap = 11, 7
    label_w = max([len(c) for _, g in rows + cols for c in g] + [4]) * _CHAR + 8
    group_w = 16  # the column of rotated group names beside the row labels
    left, top = group_w + label_w, 40 + label_w + group_w

    def offsets(groups):
        pos, at = {}, 0.0
        spans = []
        for timing, members in groups:
            start = at
            for c in members:
                pos[c] = at
                at += cell
            spans.append((timing, start, at))
            at += gap
        return pos, spans, max(at - gap, 0)

    ypos, yspans, height = offsets(rows)
    xpos, xspans, width = offsets(cols)
    season = graph.graph.get("season", "")
    title = f"Card interactions ({season}) by timing"
    shown = ", ".join(effects) if len(effects) < len(EFFECT_COLOURS) else "every effect"
    subtitle = (
        f"row A, column B: A can affect B (for a bonus: B counts A); {len(cells)} pairs; "
        f"effects: {shown}"
    )
    body = [_text(8, 18, title, size=13, weight="bold"), _text(8, 33, subtitle, fill="#555555")]
    for _timing, start, end in xspans:  # group bands and names
        body.append(_rect(left + start - 1, top - 1, end - start + 2, height + 2, "#f4f4f4"))
    for _timing, start, end in yspans:
        body.append(_rect(left - 1, top + start - 1, width + 2, end - start + 2, "#f4f4f4"))
    coded = set()
    for timing, start, end in xspans:
        name = _group_name(timing, end - start, coded)
        body.append(
            _text(
                left + (start + end) / 2,
                top - label_w - 4,
                name,
                anchor="middle",
                size=9,
                fill="#555555",
            )
        )
    for timing, start, end in yspans:
        name = _group_name(timing, end - start, coded)
        body.append(
            _text(
                12,
                top + (start + end) / 2,
                name,
                anchor="middle",
                size=9,
                fill="#555555",
                rotate=True,
            )
        )
    for c, y in ypos.items():
        body.append(_text(left - 4, top + y + cell - 2, c, anchor="end", size=10))
    for c, x in xpos.items():
        body.append(_text(left + x + cell - 2, top - 4, c, size=10, rotate=True))
    for (u, v), kinds in sorted(
        cells.items(), key=lambda item: (ypos[item[0][0]], xpos[item[0][1]])
    ):
        kinds = [e for e in effects if e in kinds]
        stripe = (cell - 1) / len(kinds)
        for k, e in enumerate(kinds):
            body.append(
                _rect(
                    left + xpos[v] + k * stripe, top + ypos[u], stripe, cell - 1, EFFECT_COLOURS[e]
                )
            )
    total_w = int(max(left + width + 10, 16 + len(subtitle) * _CHAR, 16 + len(title) * 8.2))
    present = {e for kinds in cells.values() for e in kinds}
    legend, legend_h = _legend(
        8, top + height + 14, [e for e in effects if e in present], total_w - 16
    )
    body += legend
    total_h = top + height + 14 + legend_h
    if coded:
        key = "timing: " + ", ".join(
            f"{_TIMING_CODES[t]} {TIMINGS[t]}" for t in TIMINGS if t in coded
        )
        lines = _wrap(key, int((total_w - 16) / _CHAR))
        for k, line in enumerate(lines):
            body.append(_text(8, total_h + 10 + 14 * k, line, fill="#555555"))
        total_h += 14 * len(lines)
    return _svg(total_w, int(total_h + 8), body, title)


def _group_name(timing: str, room: float, coded: set) -> str:
    """A timing group's words if they fit in `room` pixels (font-size 9), else its short name
    (added to `coded`, for the key under the drawing)."""
    words = TIMINGS[timing]
    if len(words) * 5.4 <= room + 6:
        return words
    coded.add(timing)
    return _TIMING_CODES[timing]


# -- one card's neighbourhood ----------------------------------------------------------------------


def neighbourhood_svg(graph, card: str, effects: tuple[str, ...]) -> str:
    """What can affect `card` (left) and what it can affect (right), one box per effect of
    `effects` listing the cards (sorted), each box joined to the card by an arrow in the effect's
    colour. `card` is a node of the graph (`interactions.draw` checks it)."""
    sides = []
    for outgoing, words in ((False, _AFFECTED_BY), (True, _AFFECTS)):
        edges = (
            graph.out_edges(card, data="effect")
            if outgoing
            else graph.in_edges(card, data="effect")
        )
        boxes = []
        for e in effects:
            cards = sorted({v if outgoing else u for u, v, kind in edges if kind == e})
            if cards:
                boxes.append((e, words[e], cards))
        sides.append(boxes)
    box_w, mid_w, gap_x = 280, 150, 45
    width = 2 * box_w + mid_w + 2 * gap_x + 20
    per_line = int((box_w - 12) / _CHAR)

    def layout(boxes):
        out, y = [], 0.0
        for e, words, cards in boxes:
            every = len(cards) == graph.number_of_nodes()
            lines = ["every card of the graph"] if every else _wrap(", ".join(cards), per_line)
            h = 20 + 14 * len(lines) + 6
            out.append((e, f"{words} ({len(cards)})", lines, y, h))
            y += h + 8
        return out, max(y - 8, 0)

    left, left_h = layout(sides[0])
    right, right_h = layout(sides[1])
    node = graph.nodes[card]
    facts = [f"rank {node['rank']}, fame {node['fame']}", TIMINGS.get(_timing(graph, card), "")]
    facts += list(node.get("icons", ()))
    mid_h = 26 + 14 * len(facts) + 6
    top = 48
    body_h = max(left_h, right_h, mid_h)
    mx, my = 10 + box_w + gap_x, top + (body_h - mid_h) / 2
    title = f"{card}: what can affect it (left), what it can affect (right)"
    body = [_text(10, 20, title, size=13, weight="bold")]
    body.append(
        _text(
            10,
            36,
            f"{graph.graph.get('season', '')} interaction graph; "
            + ("every effect" if len(effects) == len(EFFECT_COLOURS) else ", ".join(effects)),
            fill="#555555",
        )
    )
    for side, x0, toward in ((left, 10, "in"), (right, mx + mid_w + gap_x, "out")):
        off = (body_h - (left_h if side is left else right_h)) / 2
        for k, (e, header, lines, y, h) in enumerate(side):
            at = my + mid_h * (k + 1) / (len(side) + 1)  # where its arrow meets the card's box
            y += top + off
            colour = EFFECT_COLOURS[e]
            body.append(_rect(x0, y, box_w, h, "#ffffff", stroke=colour, rx=4))
            body.append(_rect(x0, y, box_w, 18, colour, rx=4))
            body.append(
                _text(
                    x0 + 6,
                    y + 13,
                    f"{e}: {header}",
                    fill="#ffffff" if colour in _DARK else "#222222",
                )
            )
            for j, line in enumerate(lines):
                body.append(_text(x0 + 6, y + 33 + 14 * j, line))
            cy = y + h / 2
            if toward == "in":
                body.append(_arrow(x0 + box_w, cy, mx, at, colour))
            else:
                body.append(_arrow(mx + mid_w, at, x0, cy, colour))
    body.append(_rect(mx, my, mid_w, mid_h, "#fff8dc", stroke="#444444", rx=6))
    body.append(_text(mx + mid_w / 2, my + 18, card, anchor="middle", size=13, weight="bold"))
    for k, fact in enumerate(facts):
        body.append(
            _text(mx + mid_w / 2, my + 34 + 14 * k, fact, anchor="middle", size=10, fill="#444444")
        )
    if not left and not right:
        which = "" if len(effects) == len(EFFECT_COLOURS) else f" ({', '.join(effects)})"
        body.append(
            _text(
                10,
                top + body_h + 16,
                f"nothing can affect it, and it can affect nothing{which}",
                fill="#555555",
            )
        )
    height = int(top + body_h + (26 if not left and not right else 12))
    return _svg(width, height, body, title)


def _wrap(text: str, width: int) -> list[str]:
    """Lines of at most `width` characters, broken after a comma."""
    lines, line = [], ""
    for word in text.split(" "):
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    return lines + [line] if line else lines


def _arrow(x1, y1, x2, y2, colour) -> str:
    """A line from (x1, y1) to (x2, y2) with an arrowhead at its end."""
    import math

    angle = math.atan2(y2 - y1, x2 - x1)
    size = 7
    a = (x2 - size * math.cos(angle - 0.45), y2 - size * math.sin(angle - 0.45))
    b = (x2 - size * math.cos(angle + 0.45), y2 - size * math.sin(angle + 0.45))
    return (
        f'<g stroke="{colour}" fill="{colour}"><line x1="{_n(x1)}" y1="{_n(y1)}" x2="{_n(x2)}" '
        f'y2="{_n(y2)}" stroke-width="1.5"/><polygon points="{_n(x2)},{_n(y2)} '
        f"{_n(a[0])},{_n(a[1])} "
        f'{_n(b[0])},{_n(b[1])}" stroke-width="1"/></g>'
    )
