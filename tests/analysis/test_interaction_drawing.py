"""The interaction graph's drawings:
by timing (a matrix grouped by the card table's timing) and one card's neighbourhood. Each is
checked against the graph it draws: what the picture says is what `affects`/`affected_by` say."""

from __future__ import annotations

import base64
import re
import xml.etree.ElementTree as ET

import pytest

from fliptoons_explore.analysis.interaction_svg import EFFECT_COLOURS, TIMINGS, InteractionDrawing
from fliptoons_explore.analysis.interactions import (
    EFFECTS,
    affected_by,
    affects,
    draw,
    interaction_graph,
)

NS = "{http://www.w3.org/2000/svg}"


@pytest.fixture(scope="module")
def s2():
    return interaction_graph("s2")


def texts(svg: str) -> list[str]:
    return [t.text for t in ET.fromstring(svg).iter(f"{NS}text")]


def assert_plain_svg(svg: str) -> None:
    """Well-formed, self-contained: no <style>, no script, no ids (two drawings in one notebook
    never clash), inline attributes only."""
    root = ET.fromstring(svg)
    assert root.tag == f"{NS}svg"
    tags = {el.tag.removeprefix(NS) for el in root.iter()}
    assert tags <= {"svg", "title", "rect", "text", "g", "line", "polygon"}, tags
    assert not any(
        "id" in el.attrib or "class" in el.attrib or "style" in el.attrib for el in root.iter()
    )
    assert "<style" not in svg and "<script" not in svg and "on" + "click" not in svg


def boxes(svg: str) -> tuple[dict, dict]:
    """The boxes of a neighbourhood drawing read back: ({effect: (header, [cards])} on the left,
    the same on the right); a box's header is its first line, its cards the lines below it."""
    sides: tuple[dict, dict] = ({}, {})
    current = None
    for t in ET.fromstring(svg).iter(f"{NS}text"):
        if t.get("text-anchor") != "start" or float(t.get("y")) < 40:
            continue  # the title and subtitle, the card's own box
        side = sides[0] if float(t.get("x")) < 100 else sides[1]
        m = re.fullmatch(r"(\w+): (.*) \((\d+)\)", t.text)
        if m and m.group(1) in EFFECTS:
            current = side[m.group(1)] = (m.group(2), [], int(m.group(3)))
        elif current is None:  # no box at all
            assert t.text.startswith("nothing can affect it"), t.text
        else:
            current[1].extend(c for c in t.text.split(", ") if c)
    return (
        {e: (h, [c.rstrip(",") for c in cards]) for e, (h, cards, _) in sides[0].items()},
        {e: (h, [c.rstrip(",") for c in cards]) for e, (h, cards, _) in sides[1].items()},
    )


def test_neighbourhood_of_the_crab_lists_what_the_graph_says(s2):
    """S2 Crab: returned by a Coyote (s2.faq.coyote), a Zebra (s2.faq.zebra) and itself
    (s2.faq.crab); every box of the drawing names exactly the cards `affected_by` (left) and
    `affects` (right) give, one box per effect that has any, in `EFFECTS` order."""
    d = draw(s2, card="crab")
    assert_plain_svg(d.svg)
    left, right = boxes(d.svg)
    assert left["return"] == ("can return it", ["coyote", "crab", "zebra"])
    assert right["return"] == ("it can return", ["crab"])
    assert {e: cards for e, (_, cards) in left.items()} == {
        e: affected_by(s2, "crab", e) for e in EFFECTS if affected_by(s2, "crab", e)
    }
    assert {e: cards for e, (_, cards) in right.items()} == {
        e: affects(s2, "crab", e) for e in EFFECTS if affects(s2, "crab", e)
    }
    assert list(left) == [e for e in EFFECTS if e in left]
    words = texts(d.svg)
    assert "crab" in words and "rank 17, fame 5" in words and "Flip (on place)" in words


def test_neighbourhood_boxes_list_every_card_in_order():
    """The Gorilla (combined) puts any card in a new row above: one box saying so; the long
    box of the cards whose bonus counts it is wrapped after commas, none lost, sorted."""
    g = interaction_graph("combined")
    left, right = boxes(draw(g, card="gorilla").svg)
    assert right["place_above"] == ("it can put in a new row above", ["every card of the graph"])
    assert len(affects(g, "gorilla", "place_above")) == g.number_of_nodes()
    assert right["score_from"] == ("whose bonus counts it", affects(g, "gorilla", "score_from"))
    assert left["flip"] == ("can turn it face down", affected_by(g, "gorilla", "flip"))


def cells(svg: str) -> set[tuple[str, str, str]]:
    """(row card, column card, effect) of every coloured cell of a timing matrix, read back from
    the positions of the labels: a row label's baseline is 2 px above its row's bottom, a
    (rotated) column label's x is 2 px left of its column's right edge."""
    root = ET.fromstring(svg)
    rows, cols = {}, {}
    for t in root.iter(f"{NS}text"):
        if t.get("font-size") != "10":
            continue
        if t.get("transform"):
            cols[float(t.get("x"))] = t.text
        else:
            rows[float(t.get("y"))] = t.text
    colour_effect = {c: e for e, c in EFFECT_COLOURS.items()}
    found = set()
    for r in root.iter(f"{NS}rect"):
        effect = colour_effect.get(r.get("fill"))
        x, y, h = float(r.get("x")), float(r.get("y")), float(r.get("height"))
        if effect is None or h != 10:  # legend swatches are 12 high
            continue
        row = rows[y + 11 - 2]
        col = next(name for cx, name in cols.items() if cx - 9 <= x <= cx)  # a stripe of the cell
        found.add((row, col, effect))
    return found


def test_timing_matrix_draws_every_edge_of_an_effect(s2):
    """S2 returns: the Salamander, Coyote, Zebra (s2.faq.coyote / zebra) and Crab rows; a
    return-immune card is never returned (no coyote -> zebra return: it stacks instead)."""
    d = draw(s2, effect="return")
    assert_plain_svg(d.svg)
    want = {(u, v, e) for u, v, e in s2.edges(data="effect") if e == "return"}
    assert cells(d.svg) == want
    assert ("coyote", "crab", "return") in want and ("coyote", "zebra", "return") not in want
    rows = [
        t.text
        for t in ET.fromstring(d.svg).iter(f"{NS}text")
        if t.get("font-size") == "10" and not t.get("transform")
    ]
    assert rows == ["salamander", "coyote", "crab", "zebra"]  # the Flip group, by rank


def test_timing_matrix_groups_rows_by_timing_in_round_order():
    """The whole S1 graph: every edge is a cell (one stripe per effect), rows grouped Flip,
    Check Fame, Market, when hired, after the Market, no ability; ranks ascending in a group."""
    g = interaction_graph("s1")
    d = draw(g)
    want = {(u, v, e) for u, v, e in g.edges(data="effect")}
    assert cells(d.svg) == want
    rows = [
        t.text
        for t in ET.fromstring(d.svg).iter(f"{NS}text")
        if t.get("font-size") == "10" and not t.get("transform")
    ]
    order = list(TIMINGS)
    keys = [(order.index(g.nodes[c]["timing"]), g.nodes[c]["rank"], c) for c in rows]
    assert keys == sorted(keys)
    assert rows[0] == "ostrich" and g.nodes[rows[-1]]["timing"] == "none"


def test_drawings_are_byte_stable_and_shown_by_jupyter(s2):
    a, b = draw(s2), draw(interaction_graph("s2"))
    assert a.svg == b.svg and a == b
    d = draw(s2, card="coyote")
    assert isinstance(d, InteractionDrawing) and d._repr_svg_() == d.svg
    html = d._repr_html_()  # an <img>: untrusted notebooks keep it (they drop inline <svg>)
    m = re.fullmatch(
        r'<img src="data:image/svg\+xml;base64,([A-Za-z0-9+/=]+)" width="(\d+)" '
        r'height="(\d+)" alt="[^"]+">',
        html,
    )
    assert m and base64.b64decode(m.group(1)).decode("utf-8") == d.svg
    assert (int(m.group(2)), int(m.group(3))) == (d.width, d.height)
    assert f'width="{d.width}" height="{d.height}"' in d.svg.splitlines()[0]
    assert (
        repr(d) == "<InteractionDrawing coyote: what can affect it, what it can affect "
        f"({d.width}x{d.height})>"
    )


def test_drawing_bad_arguments_are_one_line(s2):
    with pytest.raises(KeyError, match="crabb") as e:
        draw(s2, card="crabb")
    assert "\n" not in str(e.value)
    with pytest.raises(ValueError, match="unknown effect 'returns'"):
        draw(s2, effect="returns")


def test_save_writes_the_svg(s2, tmp_path):
    d = draw(s2, card="crab", effect=["return", "flip"])
    d.save(tmp_path / "crab.svg")
    assert (tmp_path / "crab.svg").read_text(encoding="utf-8") == d.svg
    left, right = boxes(d.svg)  # only the effects asked for
    assert (list(left), list(right)) == (["flip", "return"], ["return"])


def test_nothing_to_draw():
    """Season 1 has no card that returns (the return effect is Season 2's): an empty matrix, and a
    neighbourhood that says so."""
    s1 = interaction_graph("s1")
    d = draw(s1, effect="return")
    assert_plain_svg(d.svg)
    assert cells(d.svg) == set()
    assert (
        "row A, column B: A can affect B (for a bonus: B counts A); 0 pairs; effects: return"
        in texts(d.svg)
    )
    n = draw(s1, card="bee", effect="return")
    assert boxes(n.svg) == ({}, {})
    assert texts(n.svg)[-1] == "nothing can affect it, and it can affect nothing (return)"
