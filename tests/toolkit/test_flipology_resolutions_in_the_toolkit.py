"""The toolkit takes a Flipology resolution unchanged: the Stepper, trace_frame,
the causal graph and its drawing, the JSON writer and the views, on Joelle's cascade (the
rulebook's 'Example of cascading effects & affecting an opponent's row')."""

from __future__ import annotations

import json

from flipology_util import JOELLE
from fliptoons_explore import resolve, resolve_scenario
from fliptoons_explore.chains import causal_graph, chain_svg, chain_to, graph_text, longest_chain
from fliptoons_explore.stepping import Stepper, trace_frame, trace_lines
from fliptoons_explore.views import trace_html


def test_stepper_walks_joelles_cascade_forwards_and_backwards():
    r = resolve(JOELLE, record=True)
    s = Stepper(r)
    assert s.step == -1 and s.sentence == "Before the first event: the table as set up."
    assert s.grid("Ben") == [
        [
            {"id": "frog", "points": 4, "face_up": False, "uid": 3},
            {"id": "panda", "points": 9, "face_up": False, "uid": 4},
            {"id": "sloth", "points": 6, "face_up": False, "uid": 5},
        ]
    ]
    s.goto(4)
    assert s.sentence == "Joelle: The Frog (4) is turned face up in Ben's row, card 1."
    assert (
        s.words == "#4   turns      Joelle: flip frog:4 face up at Ben's row, card 1  <- #2  "
        "[fl.turn.circle]"
    )
    assert [c["face_up"] for c in s.grid(1)[0]] == [True, False, False]
    assert [c["face_up"] for c in s.back(4).grid(1)[0]] == [False, False, False]
    assert s.goto(9).chain() == [0, 1, 2, 4, 7, 9]
    marks = s.marks()
    # the Monkey and the Frog led to the Sloth
    assert marks.acting == 5 and marks.chain == frozenset({2, 3})
    assert s.fame == {0: None, 1: None}
    end = s.goto(s.last)
    assert end.fame == {0: 5, 1: -2} and end.card_fame[5].fame == -6
    assert "== Ben: -2 points ==" in end.text()
    html = s.goto(9)._repr_html_()
    assert 'class="fte-pos-1-0-2 fte-acting"' in html and "Sloth" in html


def test_trace_frame_and_lines_read_flipology_positions():
    r = resolve(JOELLE)
    frame = trace_frame(r, kind="flip")
    assert list(frame.index) == [1, 3, 4, 9]
    assert list(frame["position"]) == [
        "Joelle's row, card 3",
        "Joelle's row, card 2",
        "Ben's row, card 1",
        "Ben's row, card 3",
    ]
    assert list(frame["rule"]) == [
        "fl.turn.flip",
        "fl.card.monkey",
        "fl.turn.circle",
        "fl.card.frog",
    ]
    assert trace_lines(r, kind="trigger").splitlines() == [
        "#2   turns      Joelle: monkey:2 at Joelle's row, card 3 acts  <- #1  [fl.card.monkey]",
        "#7   turns      Joelle: frog:4 at Ben's row, card 1 acts: an opponent's card: Joelle "
        "applies its effect"
        "  <- #4  [fl.turn.you-apply]",
    ]


def test_causal_graph_of_joelles_cascade():
    r = resolve(JOELLE)
    g = causal_graph(r)
    assert g.graph == {"game": "flipology", "variant": "nature", "players": ["Joelle", "Ben"]}
    assert sorted(g.edges) == [
        (0, 1),
        (1, 2),
        (2, 3),
        (2, 4),
        (2, 5),
        (2, 6),
        (4, 7),
        (7, 8),
        (7, 9),
    ]
    assert chain_to(g, 9) == [0, 1, 2, 4, 7, 9] and longest_chain(g) == [0, 1, 2, 4, 7, 8]
    assert g.nodes[4]["where"] == "Ben's row, card 1" and g.nodes[4]["short"] == "Ben 1.1"
    text = graph_text(g)
    assert (
        "#7 Joelle: frog:4 at Ben's row, card 1 acts: an opponent's card: Joelle applies its effect"
        in text
    )
    svg = chain_svg(g, current=9, clickable=True)
    assert svg == chain_svg(causal_graph(resolve(JOELLE)), current=9, clickable=True)
    assert '<g data-step="9" data-current="1" cursor="pointer">' in svg


def test_the_json_writer_and_the_views():
    doc = resolve_scenario(JOELLE)
    assert json.loads(json.dumps(doc)) == doc and doc["game"] == "flipology"
    r = resolve(JOELLE)
    html = r._repr_html_()
    assert "Winner: Joelle" in html and "fte-pos-0-0-2" in html and "fl.turn.you-apply" in html
    assert html == resolve(JOELLE)._repr_html_()
    assert "fl.card.frog" in trace_html(r.trace, r.players, r.game)
    assert repr(r) == "<Resolution flipology nature: Joelle 5, Ben -2; 17 events>"
