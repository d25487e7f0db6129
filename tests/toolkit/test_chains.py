"""Causal chains: exact edges of the causal graph for scenarios of both seasons, the queries,
the deterministic layout and text, and the `chain` command."""

from __future__ import annotations

import json
import subprocess
import sys

import networkx as nx
import pytest

from fliptoons_explore import resolve
from fliptoons_explore.chains import (
    causal_graph,
    caused_by,
    chain_command,
    chain_to,
    draw,
    effects_of_card,
    graph_text,
    layered_positions,
    linked,
    longest_chain,
    node_link,
    picture,
    subgraph,
)


def graph_of(scenario):
    r = resolve(scenario)
    return r, causal_graph(r)


def edges(g):
    return sorted(g.edges(data="link"))


# The scenarios. Steps are those of the trace (0 is the Flip phase event).
GORILLA_COYOTE = {
    "season": "s2",
    "players": [{"name": "Ann", "deck": ["mosquito", "gorilla", "coyote"]}],
}
GORILLA_CRAB = {
    "season": "s2",
    "players": [{"name": "Ann", "deck": ["mosquito", "gorilla", "crab", "rat"]}],
}
EAGLE = {"season": "s1", "players": [{"name": "Ann", "deck": ["eagle", "turkey", "camel"]}]}
SNAKE = {
    "season": "s1",
    "players": [{"name": "Ann", "deck": ["bee", "snake", "camel", "snail"]}],
    "toon_deck": ["peacock", "turkey"],
}
OSTRICH_EAGLE = {
    "season": "s1",
    "players": [{"name": "Ann", "deck": ["ostrich", "eagle", "camel"]}],
}


def test_gorilla_then_coyote():
    r, g = graph_of(GORILLA_COYOTE)
    # 3 reveal gorilla -> 4 place it -> 5 its trigger -> 7 the revealed coyote (6) goes above it
    # -> 8 coyote trigger -> 9 return gorilla (into the empty deck) + 10 coyote into its space;
    # the gorilla is revealed again (11) and its next-revealed part lapses (14).
    assert edges(g) == [
        (1, 2, "cause"),
        (3, 4, "cause"),
        (4, 5, "cause"),
        (5, 7, "cause"),
        (6, 7, "revealed"),
        (7, 8, "cause"),
        (8, 9, "cause"),
        (8, 10, "cause"),
        (11, 12, "cause"),
        (12, 13, "cause"),
        (13, 14, "cause"),
    ]
    assert g.number_of_nodes() == len(r.trace) == 20
    n = g.nodes
    assert (n[6]["kind"], n[6]["card"]) == ("reveal", "coyote")
    assert (n[7]["kind"], n[7]["card"], n[7]["target"], n[7]["pos"], n[7]["rule"]) == (
        "place",
        "coyote",
        "gorilla",
        [-1, 1],
        "s2.faq.gorilla",
    )
    assert (n[8]["kind"], n[8]["card"], n[8]["rule"]) == ("trigger", "coyote", "card.coyote")
    assert (n[9]["kind"], n[9]["card"], n[9]["pos"]) == ("return", "gorilla", [0, 1])
    assert (n[10]["kind"], n[10]["card"], n[10]["pos"], n[10]["where"]) == (
        "move",
        "coyote",
        [0, 1],
        "slot 2 (upper middle)",
    )
    assert (
        n[7]["label"]
        == "#7 Ann: place coyote above gorilla at extra row 1, middle: in a new row above"
    )
    assert (n[7]["player"], n[7]["who"], n[0]["player"], n[0]["who"]) == (0, "Ann", None, None)
    assert g.graph == {"game": "fliptoons", "season": "s2", "players": ["Ann"]}

    assert caused_by(g, 5) == [7, 8, 9, 10]
    assert caused_by(g, 6) == [7, 8, 9, 10]  # the reveal led to the placement too
    assert caused_by(g, 8) == [9, 10]
    assert caused_by(g, 10) == []
    assert chain_to(g, 10) == [3, 4, 5, 7, 8, 10]
    assert chain_to(g, 3) == [3]
    assert longest_chain(g) == [3, 4, 5, 7, 8, 9]
    assert effects_of_card(g, r, "gorilla") == [7, 8, 9, 10, 14]
    assert effects_of_card(g, r, "coyote") == [9, 10]
    assert effects_of_card(g, r, "mosquito") == []
    # one physical card: the same gorilla both times (it was returned and revealed again)
    assert r.trace[3].uid == r.trace[11].uid
    assert effects_of_card(g, r, r.trace[3].uid) == [7, 8, 9, 10, 14]
    assert effects_of_card(g, r, r.trace[6].uid) == [9, 10]


def test_gorilla_then_crab_in_the_middle():
    r, g = graph_of(GORILLA_CRAB)
    # the crab placed above the gorilla is in the middle column: returned (9); the rat then
    # stacks on the gorilla, the previous placed card still in the grid (13)
    assert edges(g) == [
        (1, 2, "cause"),
        (3, 4, "cause"),
        (4, 5, "cause"),
        (5, 7, "cause"),
        (6, 7, "revealed"),
        (7, 8, "cause"),
        (8, 9, "cause"),
        (10, 11, "cause"),
        (11, 12, "cause"),
        (12, 13, "cause"),
        (14, 15, "cause"),
        (15, 16, "cause"),
        (16, 17, "cause"),
    ]
    assert (g.nodes[9]["kind"], g.nodes[9]["card"], g.nodes[9]["rule"]) == (
        "return",
        "crab",
        "s2.faq.crab",
    )
    assert (g.nodes[13]["kind"], g.nodes[13]["target"], g.nodes[13]["rule"]) == (
        "stack",
        "gorilla",
        "s2.key.previous-placed.returned",
    )
    assert effects_of_card(g, r, "gorilla") == [7, 8, 9]
    assert effects_of_card(g, r, "crab") == [9, 17]
    assert chain_to(g, 9) == [3, 4, 5, 7, 8, 9]
    assert longest_chain(g) == [3, 4, 5, 7, 8, 9]


def test_eagle_flips_the_next_card():
    r, g = graph_of(EAGLE)
    # the turkey's ignored ability is caused by the flip that stopped it
    assert edges(g) == [
        (1, 2, "cause"),
        (2, 3, "cause"),
        (3, 6, "cause"),
        (4, 5, "cause"),
        (6, 7, "cause"),
        (8, 9, "cause"),
    ]
    assert (g.nodes[6]["kind"], g.nodes[6]["card"], g.nodes[6]["rule"]) == (
        "flip",
        "turkey",
        "s2.key.next-revealed",
    )
    assert (g.nodes[7]["kind"], g.nodes[7]["card"]) == ("ignored", "turkey")
    assert effects_of_card(g, r, "eagle") == [6, 7]
    assert effects_of_card(g, r, "turkey") == []  # its ability never triggered
    assert chain_to(g, 6) == [1, 2, 3, 6]
    assert longest_chain(g) == [1, 2, 3, 6, 7]
    assert g.graph["season"] == "s1"


def test_snake_gains_a_card():
    """The gained Peacock's when-hired effect is queued in the Flip and resolves at its end, before
    Check Fame (S1 FAQ Snake; S2 Key Concepts, timing): the chain runs on from the queued event."""
    r, g = graph_of(SNAKE)
    assert edges(g) == [
        (1, 2, "cause"),
        (3, 4, "cause"),
        (4, 5, "cause"),
        (5, 6, "cause"),
        (5, 7, "cause"),
        (7, 8, "cause"),
        (8, 13, "cause"),
        (9, 10, "cause"),
        (13, 14, "cause"),
    ]
    assert [(g.nodes[k]["kind"], g.nodes[k]["card"]) for k in (6, 7, 8, 13, 14)] == [
        ("dismiss", "camel"),
        ("gain", "peacock"),
        ("queued", "peacock"),
        ("trigger", "peacock"),
        ("fame_change", "peacock"),
    ]
    assert g.nodes[7]["target"] == "snake" and g.nodes[7]["pos"] == [0, 1]
    assert g.nodes[13]["rule"] == "s2.key.timing.after-flip"
    assert effects_of_card(g, r, "snake") == [6, 7, 8, 13, 14]
    assert caused_by(g, 7) == [8, 13, 14]
    assert chain_to(g, 8) == [3, 4, 5, 7, 8]
    assert longest_chain(g) == [3, 4, 5, 7, 8, 13, 14]


def test_ostrich_stacks_the_revealed_eagle():
    r, g = graph_of(OSTRICH_EAGLE)
    # the eagle's stacking is caused by the ostrich's ability; its reveal (4) links to it
    assert edges(g) == [
        (1, 2, "cause"),
        (2, 3, "cause"),
        (3, 5, "cause"),
        (4, 5, "revealed"),
        (5, 6, "cause"),
        (6, 9, "cause"),
        (7, 8, "cause"),
    ]
    assert effects_of_card(g, r, "ostrich") == [5, 6, 9]
    assert chain_to(g, 9) == [1, 2, 3, 5, 6, 9]


def test_two_players_combined():
    scenario = {
        "season": "combined",
        "players": [
            {"name": "Ann", "deck": ["eagle", "crab"]},
            {"name": "Bo", "deck": ["mosquito", "gorilla", "crab"]},
        ],
    }
    r, g = graph_of(scenario)
    # Ann: the eagle flips her crab, whose ability is then ignored; Bo: the crab above his gorilla
    flips = [n for n, d in g.nodes(data=True) if d["kind"] == "flip"]
    assert [(g.nodes[n]["who"], g.nodes[n]["card"], chain_to(g, n)) for n in flips] == [
        ("Ann", "crab", [1, 2, 3, 6])
    ]
    returns = [n for n, d in g.nodes(data=True) if d["kind"] == "return"]
    assert [(g.nodes[n]["who"], g.nodes[n]["card"]) for n in returns] == [("Bo", "crab")]
    # the crab returned to Bo's empty deck ends his Flip (S2 FAQ Crab): the end is its effect too
    assert effects_of_card(g, r, "gorilla") == [15, 16, 17, 18]
    assert effects_of_card(g, r, "crab") == [17, 18]  # Ann's crab never triggered
    assert g.graph["players"] == ["Ann", "Bo"]


def test_longest_chain_ties_go_to_lowest_steps():
    g = nx.DiGraph()
    g.add_nodes_from(range(8))
    g.add_edges_from([(4, 5), (5, 6), (0, 1), (1, 2), (3, 7)], link="cause")
    assert longest_chain(g) == [0, 1, 2]
    g2 = nx.DiGraph()
    g2.add_nodes_from(range(3))
    g2.add_edges_from([(0, 2), (0, 1)], link="cause")
    assert longest_chain(g2) == [0, 1]
    assert longest_chain(nx.DiGraph()) == []


def test_unknown_card_and_untraced():
    r, g = graph_of(EAGLE)
    with pytest.raises(KeyError, match='did you mean "eagle"'):
        effects_of_card(g, r, "eagel")
    with pytest.raises(ValueError, match="untraced"):
        causal_graph(resolve(EAGLE, traced=False))


# -- layout and text ---------------------------------------------------------------------------


def test_layered_positions():
    r, g = graph_of(OSTRICH_EAGLE)
    pos = layered_positions(g)
    assert pos == {
        0: (0.0, 0.0),
        1: (1.0, 0.0),
        4: (2.0, 0.0),
        7: (3.0, 0.0),
        10: (4.0, 0.0),
        11: (5.0, 0.0),
        12: (6.0, 0.0),
        13: (7.0, 0.0),
        2: (1.0, -1.0),
        8: (3.0, -1.0),
        3: (1.0, -2.0),
        5: (1.5, -3.0),
        6: (1.5, -4.0),
        9: (1.5, -5.0),
    }
    # every layer is a topological generation; causes sit above their effects
    for u, v in g.edges:
        assert pos[u][1] > pos[v][1]
    # two effects of one cause are spread either side of it
    r, g = graph_of(GORILLA_COYOTE)
    pos = layered_positions(linked(g))
    assert (pos[9][0] + pos[10][0]) / 2 == pos[8][0] and pos[10][0] - pos[9][0] == 1.0
    assert layered_positions(linked(g)) == pos


def test_graph_text():
    r, g = graph_of(GORILLA_COYOTE)
    chain = subgraph(g, chain_to(g, 5) + caused_by(g, 5))
    assert graph_text(chain) == "\n".join(
        [
            "╙── #3 Ann: reveal gorilla  [s2.flip.reveal]",
            "    └─╼ #4 Ann: place gorilla at slot 2 (upper middle)  [s2.flip.next-slot]",
            "        └─╼ #5 Ann: trigger gorilla  [card.gorilla]",
            "            └─╼ #7 Ann: place coyote above gorilla at extra row 1, middle: in a new "
            "row above  [s2.faq.gorilla]",
            "                └─╼ #8 Ann: trigger coyote  [card.coyote]",
            "                    ├─╼ #9 Ann: return gorilla from slot 2 (upper middle) to the "
            "bottom of the deck: "
            "the deck was empty: it is now the deck  [s2.keyword.return]",
            "                    └─╼ #10 Ann: move coyote to slot 2 (upper middle): into the space "
            "it left  [card.coyote]",
        ]
    )
    assert graph_text(subgraph(g, [6, 7, 8]), rules=False, ascii_only=True) == "\n".join(
        [
            "+-- #6 Ann: reveal coyote",
            "    L-> #7 Ann: place coyote above gorilla at extra row 1, middle: in a new row above",
            "        L-> #8 Ann: trigger coyote",
        ]
    )
    assert graph_text(g) == graph_text(causal_graph(resolve(GORILLA_COYOTE)))


def test_node_link_round_trip():
    r, g = graph_of(SNAKE)
    data = node_link(g)
    assert set(data) >= {"directed", "nodes", "edges"}
    back = nx.node_link_graph(data, edges="edges")
    assert edges(back) == edges(g)
    assert dict(back.nodes(data=True)) == dict(g.nodes(data=True))


def test_draw():
    """matplotlib draws the same picture as the SVG: two lines of text per event box, an arrow
    per link, the figure sized to the graph."""
    pytest.importorskip("matplotlib")
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    r, g = graph_of(GORILLA_COYOTE)
    shown = linked(g)
    ax = draw(shown)
    texts = [t.get_text() for t in ax.texts if t.get_text()]
    assert len(texts) == 2 * shown.number_of_nodes()
    assert texts[:2] == ["#1 reveal", "mosquito"]
    assert len([t for t in ax.texts if not t.get_text()]) == shown.number_of_edges()  # the arrows
    pic = picture(shown)
    width, height = ax.figure.get_size_inches()
    assert (round(width * 96), round(height * 96)) == (round(pic.width), round(pic.height))
    plt.close(ax.figure)


# -- the command line ------------------------------------------------------------------------------


def run_cli(*args):
    return subprocess.run(
        [sys.executable, "-m", "fliptoons_explore", *args], capture_output=True, text=True
    )


@pytest.fixture()
def crab_file(tmp_path):
    path = tmp_path / "crab.json"
    path.write_text(
        json.dumps(
            {"season": "s2", "players": [{"name": "Ann", "deck": ["mosquito", "gorilla", "crab"]}]}
        )
    )
    return str(path)


CRAB_TEXT = """\
14 events; 10 have a cause or an effect (8 links):
+-- #1 Ann: reveal mosquito  [s2.flip.reveal]
:   L-> #2 Ann: place mosquito at slot 1 (upper left)  [s2.flip.next-slot]
+-- #3 Ann: reveal gorilla  [s2.flip.reveal]
:   L-> #4 Ann: place gorilla at slot 2 (upper middle)  [s2.flip.next-slot]
:       L-> #5 Ann: trigger gorilla  [card.gorilla]
:           L-> #7 Ann: place crab above gorilla at extra row 1, middle: in a new row above  [s2.faq.gorilla] <- #6 Ann: reveal crab  [s2.flip.reveal]
:               L-> #8 Ann: trigger crab  [card.crab]
:                   L-> #9 Ann: return crab from extra row 1, middle to the bottom of the deck: the deck was empty: it is now the deck  [s2.faq.crab]
:                       L-> #10 Ann: end flip: a Crab was returned to a deck that was empty or held only Crabs  [s2.faq.crab.deck-only-crabs]
+-- #6 Ann: reveal crab  [s2.flip.reveal]
    L->  ...
longest chain (7 events): #3 -> #4 -> #5 -> #7 -> #8 -> #9 -> #10
"""  # noqa: E501


def test_cli_chain_text(crab_file):
    out = run_cli("chain", crab_file)
    assert out.returncode == 0, out.stderr
    assert out.stdout == CRAB_TEXT
    assert out.stderr == ""


def test_cli_chain_json(crab_file):
    out = run_cli("chain", crab_file, "--json")
    assert out.returncode == 0, out.stderr
    doc = json.loads(out.stdout)
    assert doc["directed"] is True and doc["graph"] == {
        "game": "fliptoons",
        "season": "s2",
        "players": ["Ann"],
    }
    assert [n["id"] for n in doc["nodes"]] == list(range(14))
    assert sorted((e["source"], e["target"], e["link"]) for e in doc["edges"]) == [
        (1, 2, "cause"),
        (3, 4, "cause"),
        (4, 5, "cause"),
        (5, 7, "cause"),
        (6, 7, "revealed"),
        (7, 8, "cause"),
        (8, 9, "cause"),
        (9, 10, "cause"),
    ]
    node9 = doc["nodes"][9]
    assert (node9["kind"], node9["card"], node9["pos"], node9["rule"]) == (
        "return",
        "crab",
        [-1, 1],
        "s2.faq.crab",
    )
    assert chain_command(json.load(open(crab_file)), as_json=True) == out.stdout.rstrip("\n")


def test_cli_chain_bad_scenario(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({"players": [{"deck": ["crbb"]}]}))
    out = run_cli("chain", str(path))
    assert out.returncode == 2 and out.stdout == ""
    assert out.stderr.count("\n") == 1 and "crbb" in out.stderr


def test_a_round_with_the_market():
    """The graph and the queries read a `play_round` game as well as a resolution."""
    from fliptoons_explore.fliptoons.engine import play_round

    game = play_round(
        {
            "season": "s2",
            "market": ["raccoon", "hen"],
            "toon_deck": ["fox"],
            "players": [
                {
                    "name": "Ann",
                    "deck": ["mosquito", "gorilla", "coyote"],
                    "actions": [{"hire": "raccoon"}],
                }
            ],
        }
    )
    g = causal_graph(game)
    turn = next(n for n, d in g.nodes(data=True) if d["kind"] == "phase" and d["phase"] == "market")
    hire = next(n for n in g.successors(turn) if g.nodes[n]["kind"] == "hire")
    assert (g.nodes[hire]["card"], g.nodes[hire]["rule"]) == ("raccoon", "s2.market.hire")
    assert [g.nodes[n]["kind"] for n in caused_by(g, hire)] == ["ignored"]  # no dismissed card
    assert chain_to(g, caused_by(g, hire)[0]) == [turn, hire, hire + 1]
    assert effects_of_card(g, game, "coyote") == [9, 10]  # the same Flip as GORILLA_COYOTE


def test_nothing_linked():
    """A hand-built grid does not flip: no event has a cause or an effect."""
    text = chain_command(
        {"players": [{"name": "Ann", "grid": [[["rat"], None, None], [None, None, None]]}]}
    )
    assert text.splitlines()[1:] == ["(none)", "longest chain (1 event): #0"]
    assert graph_text(nx.DiGraph()) == ""
