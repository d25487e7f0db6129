"""The HTML views render the same everywhere: in a trusted notebook, an untrusted one (whose
sanitizer drops `<style>` blocks, scripts, SVG and CSS it does not know) and a read-only viewer.

Every view is checked three ways: (1) it holds no `<style>`, `<script>` or `<svg>` and only CSS
properties that JupyterLab's sanitizer keeps; (2) with every tag's attributes stripped (the
harshest viewer), its tables still give the same grid and fame; (3) it is byte-stable.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest

from fliptoons_explore import new_game, play_round, resolve
from fliptoons_explore.fliptoons.cards import CATALOG
from fliptoons_explore.fliptoons.render import card_html, grid_html, player_html, resolution_html
from fliptoons_explore.stepping import Stepper
from fliptoons_explore.views import trace_html
from util import CHECK_FAME_EXAMPLE, MARKET_EXAMPLE

#: CSS properties JupyterLab 4's HTML sanitizer keeps in a `style` attribute (its
#: `allowedStyles`, @jupyterlab/apputils sanitizer), the ones these views may use.
SANITIZER_KEEPS = {
    "background",
    "background-color",
    "border",
    "border-bottom",
    "border-collapse",
    "border-left",
    "border-radius",
    "border-spacing",
    "border-top",
    "box-shadow",
    "box-sizing",
    "color",
    "cursor",
    "display",
    "font-family",
    "font-size",
    "font-style",
    "font-weight",
    "height",
    "line-height",
    "margin",
    "margin-bottom",
    "margin-left",
    "margin-right",
    "margin-top",
    "max-height",
    "max-width",
    "min-height",
    "min-width",
    "outline",
    "outline-offset",
    "overflow",
    "padding",
    "padding-bottom",
    "padding-left",
    "padding-right",
    "padding-top",
    "text-align",
    "text-decoration",
    "text-overflow",
    "vertical-align",
    "white-space",
    "width",
}


class Node:
    def __init__(self, tag, attrs, parent=None):
        self.tag, self.attrs, self.parent, self.children = tag, dict(attrs), parent, []

    BLOCKS = {"td", "th", "tr", "div", "br", "table", "p"}

    def text(self) -> str:
        """The text as a browser lays it out with no style: blocks and cells apart."""
        inner = "".join(c if isinstance(c, str) else c.text() for c in self.children)
        return f" {inner} " if self.tag in self.BLOCKS else inner

    def words(self) -> str:
        return " ".join(self.text().split())

    def find(self, tag):
        for c in self.children:
            if isinstance(c, Node):
                if c.tag == tag:
                    yield c
                yield from c.find(tag)


class Tree(HTMLParser):
    """A small DOM: enough to read tables back from a view."""

    VOID = {"br", "img", "input", "hr"}

    def __init__(self, html: str, keep_attributes: bool = True):
        super().__init__(convert_charrefs=True)
        self.keep = keep_attributes
        self.root = self.at = Node("root", {})
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        node = Node(tag, attrs if self.keep else {}, self.at)
        self.at.children.append(node)
        if tag not in self.VOID:
            self.at = node

    def handle_endtag(self, tag):
        node = self.at
        while node is not None and node.tag != tag:
            node = node.parent
        if node is not None:
            self.at = node.parent

    def handle_data(self, data):
        self.at.children.append(data)


def grids_read_back(html: str) -> list[list[list[str]]]:
    """Every grid table of a view, read with no attributes at all: rows top first, each cell the
    card names of its stack ('Grasshopper', '+ Rat'), face-down cards as '(id)'."""
    tree = Tree(html, keep_attributes=False)
    grids = []
    for table in tree.root.find("table"):
        rows = list(table.find("tr"))
        head = [td.words() for td in rows[0].find("td")] if rows else []
        if head != ["", "left", "middle", "right"]:
            continue
        grid = []
        for tr in rows[1:]:
            cells = list(tr.find("td"))[1:]
            grid.append([[d.words().split(" rank")[0] for d in td.find("div")] for td in cells])
        grids.append(grid)
    return grids


def expected_grid(player_json: dict) -> list[list[list[str]]]:
    out = []
    for row in player_json["grid"]:
        cells = []
        for stack in row:
            names = []
            for h, c in enumerate(stack or ()):
                name = CATALOG[c["id"]].name if c["face_up"] else f"({c['id']}) face down"
                names.append(("+ " if h else "") + name)
            cells.append(names)
        out.append(cells)
    return out


def check_sanitizer_safe(html: str) -> None:
    low = html.lower()
    for banned in ("<style", "<script", "<svg", "javascript:", "url(", "var(", "gradient("):
        assert banned not in low, banned
    for style in re.findall(r'style="([^"]*)"', html):
        for decl in filter(None, style.split(";")):
            prop = decl.split(":", 1)[0].strip()
            assert prop in SANITIZER_KEEPS, f"{prop!r} in {style!r}"
    assert not re.search(r"0x[0-9a-f]{6,}", html)


# -- the situations -----------------------------------------------------------------------------


@pytest.fixture(scope="module")
def check_fame():
    return resolve(CHECK_FAME_EXAMPLE, record=True)


@pytest.fixture(scope="module")
def market_round():
    return play_round(MARKET_EXAMPLE)


STACKS_AND_FACE_DOWN = {
    "season": "combined",
    "players": [
        {"name": "Ann", "deck": ["monkey", "mosquito", "eagle", "turkey", "rat", "grasshopper"]},
        {
            "name": "Bo",
            "grid": [
                [None, ["gorilla"], None],
                [["cow"], [{"id": "crab", "face_up": False}], ["capybara"]],
                [["grasshopper", "rat", "rat"], None, ["lion"]],
            ],
        },
    ],
}


def views(resolution):
    players = resolution.table.players
    return {
        "resolution": resolution_html(resolution),
        "trace": trace_html(resolution.trace, players, resolution.game),
        **{f"grid {p.index}": grid_html(p) for p in players},
        **{f"player {p.index}": player_html(p) for p in players},
    }


@pytest.mark.parametrize(
    "scenario", [CHECK_FAME_EXAMPLE, STACKS_AND_FACE_DOWN], ids=["check-fame", "stacks"]
)
def test_every_view_keeps_its_look_and_its_content_without_styles(scenario):
    r = resolve(scenario)
    doc = r.to_json()
    for name, html in views(r).items():
        check_sanitizer_safe(html)
        if name.startswith(("resolution", "grid", "player")):
            read = grids_read_back(html)
            wanted = [expected_grid(p) for p in doc["players"]]
            if name.startswith(("grid", "player")):
                wanted = [wanted[int(name.split()[1])]]
            assert read == wanted, name
    text = Tree(resolution_html(r), keep_attributes=False).root.words()
    for p in doc["players"]:
        assert f"{p['name']} — {p['fame']['total']} fame" in text


def test_fame_badges_read_back_without_styles(check_fame):
    """The S2 Check Fame example: each card's badge (→ n) sits in its own cell, unstyled."""
    html = grid_html(check_fame.players[0])
    tree = Tree(html, keep_attributes=False)
    badges = re.findall(r"(\w+) rank \d+ · fame [\d=]+ → (\d+)", tree.root.words())
    assert badges == [
        ("Mosquito", "0"),
        ("Capybara", "6"),
        ("Mosquito", "0"),
        ("Grasshopper", "2"),
        ("Rat", "1"),
        ("Firefly", "1"),
        ("Groundhog", "3"),
    ]


def test_views_are_byte_stable(check_fame):
    again = resolve(CHECK_FAME_EXAMPLE, record=True)
    assert resolution_html(check_fame) == resolution_html(again)
    assert Stepper(check_fame, 12)._repr_html_() == Stepper(again, 12)._repr_html_()


def test_round_badge_follows_the_card_not_the_space(market_round):
    """After the S2 Market example the Grasshopper under the Rat is dismissed and the Rat drops
    into its space; the Rat's badge is the Rat's own fame (1), and the badges add up to the
    total shown (S2 rulebook, Check Fame: fame is locked once checked)."""
    html = market_round._repr_html_()
    check_sanitizer_safe(html)
    text = Tree(html, keep_attributes=False).root.words()
    jordy = re.findall(r"(\w+) rank \d+ · fame [\d=]+ → (\d+)", text.split("Renato —")[0])
    assert ("Rat", "1") in jordy and ("Grasshopper", "2") not in jordy
    assert "Jordy — 13 fame" in text


def test_game_view_hides_shuffled_orders_and_stale_flip_notes():
    """A real game's decks and toon deck are shuffled: their order is hidden information. After a
    round's Cleanup the grids are empty and no note claims a Flip filled them."""
    game = new_game("combined", players=6, seed=7)
    game.play_round()
    html = game._repr_html_()
    check_sanitizer_safe(html)
    text = Tree(html, keep_attributes=False).root.words()
    assert "Flip ended" not in text
    assert "toon deck: " in text and "toon deck (" not in text
    assert (
        len(re.findall(r"(?<!toon )deck: \d+ cards", text)) == 6
        and "top first" not in text.split("Trace")[0]
    )
    assert "left to spend" not in text  # unspent fame is lost at Cleanup (S2 Cleanup)


def test_scenario_views_show_the_orders_their_author_wrote(check_fame):
    text = Tree(resolution_html(check_fame), keep_attributes=False).root.words()
    assert "deck (4, top first): Spider, Ladybug, Hen, Salamander" in text


def test_stepper_shows_the_table_at_its_step_with_the_acting_card(check_fame):
    """Step 12 of the Check Fame example: the Rat (rule card.rat, 'stack this card on the
    previously placed card') is stacked onto the Grasshopper."""
    s = Stepper(check_fame, 12)
    assert s.event.kind == "stack" and s.event.card == "rat"
    html = s._repr_html_()
    check_sanitizer_safe(html)
    tree = Tree(html)
    acting = [n for n in tree.root.find("div") if "fte-acting" in n.attrs.get("class", "")]
    assert [n.words() for n in acting] == ["+ Rat rank 3 · fame 1"]
    text = Tree(html, keep_attributes=False).root.words()
    assert "#12 Jordy: The Rat is stacked onto the Grasshopper in slot 4 (lower left)." in text
    assert "s2.keyword.stack — " in text
    # not yet scored: the headers say so
    assert "Jordy — not scored yet" in text
    assert grids_read_back(html)[0][1][0] == ["Grasshopper", "+ Rat"]


def test_stepper_fame_counts_up_through_check_fame(check_fame):
    s = Stepper(check_fame)
    fame_steps = [e.step for e in check_fame.trace if e.kind == "fame"]
    assert s.goto(fame_steps[0] - 1).fame == {0: 0, 1: 0}  # the Check Fame phase has begun
    assert s.goto(fame_steps[1]).fame == {0: 6, 1: 0}  # Mosquito 0, Capybara 6
    assert s.goto(s.last).fame == {0: 13, 1: 8}  # Renato's Firefly gains 2 (s2.faq.firefly)
    renato_firefly = next(e.uid for e in check_fame.trace if e.kind == "least_fame")
    assert s.card_fame[renato_firefly].fame == 3


def test_stepper_marks_the_space_a_returned_card_left():
    """A Crab placed in the middle column is returned (s2.faq.crab): the step shows where it was."""
    r = resolve(
        {"season": "s2", "players": [{"name": "Ann", "deck": ["mosquito", "crab", "rat"]}]},
        record=True,
    )
    step = next(e.step for e in r.trace if e.kind == "return")
    marks = Stepper(r, step).marks()
    assert marks.ghost == (0, 0, 1, "crab") and marks.deck_mark == (0, "bottom")
    text = Tree(Stepper(r, step)._repr_html_(), keep_attributes=False).root.words()
    assert "Crab left here" in text and "bottom card just put there" in text


def test_card_tile_reads_without_styles():
    html = card_html(CATALOG["starfish"])
    check_sanitizer_safe(html)
    text = Tree(html, keep_attributes=False).root.words()
    assert text.startswith("Starfish rank 7 · fame 4 fish no flip turn the previously placed card")


def test_causal_graph_draws_itself():
    """A causal graph shows as an SVG picture (and PNG where SVG is not rendered), one box per
    event with its step as `data-step`, byte-stable."""
    from fliptoons_explore.chains import causal_graph, chain_svg

    r = resolve(
        {"season": "s2", "players": [{"name": "Ann", "deck": ["mosquito", "gorilla", "crab"]}]}
    )
    g = causal_graph(r)
    bundle = g._repr_mimebundle_()
    assert set(bundle) >= {"image/svg+xml", "text/plain"}
    svg = bundle["image/svg+xml"]
    assert sorted(int(s) for s in re.findall(r'data-step="(\d+)"', svg)) == sorted(g.nodes)
    assert svg == chain_svg(
        causal_graph(
            resolve(
                {
                    "season": "s2",
                    "players": [{"name": "Ann", "deck": ["mosquito", "gorilla", "crab"]}],
                }
            )
        )
    )
    assert (
        bundle["text/plain"]
        == f"<CausalGraph of 1 player(s): {len(r.trace)} events, {g.number_of_edges()} links>"
    )
    if "image/png" in bundle:
        assert bundle["image/png"][:8] == b"\x89PNG\r\n\x1a\n"


def test_chain_svg_marks_the_current_step_and_its_causes():
    from fliptoons_explore.chains import causal_graph, chain_svg, chain_to

    r = resolve(
        {"season": "s2", "players": [{"name": "Ann", "deck": ["mosquito", "gorilla", "crab"]}]}
    )
    g = causal_graph(r)
    crab_return = next(e.step for e in r.trace if e.kind == "return")
    svg = chain_svg(g, current=crab_return)
    groups = dict(
        re.findall(
            r'<g data-step="(\d+)"(?: data-current="1")?><title>[^<]*</title><rect '
            r'[^>]*stroke="(#[0-9a-f]+)"',
            svg,
        )
    )
    assert groups[str(crab_return)] == "#d4a72c"
    assert {int(k) for k, v in groups.items() if v == "#9a6700"} == set(
        chain_to(g, crab_return)[:-1]
    )
