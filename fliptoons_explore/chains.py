"""Causal chains: a resolution's events (either game's) as a networkx graph, edges from cause to
effect.

    >>> from fliptoons_explore import resolve
    >>> from fliptoons_explore.chains import causal_graph, chain_to, caused_by
    >>> r = resolve({"season": "s2", "players": [{"name": "Ann",
    ...                                           "deck": ["mosquito", "gorilla", "crab"]}]})
    >>> g = causal_graph(r)
    >>> g.nodes[9]["label"]
    '#9 Ann: return crab from extra row 1, middle to the bottom of the deck: the deck was empty: it is now the deck'
    >>> caused_by(g, 5)      # everything the Gorilla's trigger (step 5) caused
    [7, 8, 9]
    >>> chain_to(g, 9)       # the chain that led to the Crab's return, root first
    [3, 4, 5, 7, 8, 9]

Nodes are the steps of the trace. Each node carries the event's `kind`, `phase`, `card`,
`target`, `player` (index, None for a table-wide event), `who` (the player's name), `pos`
(a list or None), `where` (the position in words), `short` (the same in a few characters),
`rule`, `ruling` (the ruling option that decided, or None), `detail`, `uid` and `label`
(`'#7 Ann: place crab above gorilla at extra row 1, middle: in a new row above'`).

Two kinds of edge, told apart by the edge attribute `link`:

- `"cause"`: the effect's recorded `cause` (every event has at most one);
- `"revealed"`: from a card's `reveal` to its placement when an effect, not the Flip, put the
  card in the grid (an Ostrich stacks it, a Gorilla puts it above): the placement's cause is the
  Ostrich's or Gorilla's ability, and the reveal still led to it.

`chain_to` and `longest_chain` follow `cause` links only (one cause each, so a chain is one
path); `caused_by` and `effects_of_card` follow both. networkx (and matplotlib for `draw`) are
imported inside the functions: `import fliptoons_explore.chains` needs neither.
"""  # noqa: E501

from __future__ import annotations

import io
import json
from dataclasses import dataclass

from .events import kind_colour
from .words import event_label

__all__ = [
    "causal_graph",
    "caused_by",
    "effects_of_card",
    "card_chain",
    "chain_to",
    "longest_chain",
    "linked",
    "subgraph",
    "layered_positions",
    "graph_text",
    "node_link",
    "picture",
    "chain_svg",
    "chain_png",
    "draw",
    "chain_command",
]

#: Kinds of events that put a revealed card into the grid.
_PUTS = ("place", "stack")


def causal_graph(resolution):
    """The causal graph of a traced resolution (or of anything with a `trace` and a `table`,
    such as the `Game` of `play_round`): a `networkx.DiGraph` (a subclass that shows as its
    drawing in Jupyter) with one node per event (its step) and an edge from each event to the
    events it caused. Graph attributes: `game` (its name), what the table says of its setup
    (`table_setup`: FlipToons' `season`, Flipology's `variant`) and `players` (names)."""
    trace = resolution.trace
    if trace is None:
        raise ValueError("an untraced resolution has no events (resolve with traced=True)")
    table = resolution.table
    game = table.game
    players = table.players
    kind = game.table_setup(table)
    g = _graph_class()(game=game.name, **kind, players=[p.name for p in players])
    for e in trace:
        pos = None if e.pos is None else tuple(e.pos)
        g.add_node(
            e.step,
            kind=e.kind,
            phase=e.phase,
            card=e.card,
            target=e.target,
            player=e.player,
            who=None if e.player is None else players[e.player].name,
            pos=None if pos is None else list(pos),
            where=None if pos is None else game.where(pos, players),
            short=None if pos is None else game.short_where(pos, players),
            rule=e.rule,
            ruling=getattr(e, "ruling", None),
            detail=e.detail,
            uid=e.uid,
            label=event_label(e, players, game),
        )
    edges = [(e.cause, e.step, "cause") for e in trace if e.cause is not None]
    revealed: dict[int, int] = {}  # uid -> step of its reveal, until the card is put somewhere
    for e in trace:
        if e.kind == "reveal":
            revealed[e.uid] = e.step
        elif e.kind in _PUTS and e.uid in revealed:
            step = revealed.pop(e.uid)
            if e.cause != step:
                edges.append((step, e.step, "revealed"))
    for u, v, link in sorted(edges):
        g.add_edge(u, v, link=link)
    return g


def _cause_of(graph, step: int):
    for u in graph.predecessors(step):
        if graph.edges[u, step]["link"] == "cause":
            return u
    return None


def caused_by(graph, step: int) -> list[int]:
    """Every event that `step` caused, directly or through others, in step order."""
    import networkx as nx

    return sorted(nx.descendants(graph, step))


def _card_triggers(graph, resolution, card, player=None) -> list[int]:
    if isinstance(card, str):
        resolution.table.game.check_card(card)
    key = "uid" if isinstance(card, int) and not isinstance(card, bool) else "card"
    who = None if player is None else "who" if isinstance(player, str) else "player"
    return [
        n
        for n, d in graph.nodes(data=True)
        if d["kind"] == "trigger" and d[key] == card and (who is None or d[who] == player)
    ]


def effects_of_card(graph, resolution, card, player=None) -> list[int]:
    """Everything a card's abilities caused, in step order: the events following from the
    `trigger` events of the card (`card`: a card id for every copy, or a uid for one physical
    card, as events and graph nodes give it; `player`: only that player's copies, by index or
    name). A trigger caused by another of the card's triggers is among the effects; the card's
    own first triggers are not. `resolution` is the one the graph was made from."""
    import networkx as nx

    out: set[int] = set()
    for t in _card_triggers(graph, resolution, card, player):
        out |= nx.descendants(graph, t)
    return sorted(out)


def card_chain(graph, resolution, card, player=None):
    """The subgraph telling a card's story (a copy): the chain that led to each of its triggers
    (its reveal and placement), everything the triggers caused, and the other causes of those
    effects (the reveal of a card it placed). `card` and `player` as in `effects_of_card`."""
    steps: set[int] = set()
    for t in _card_triggers(graph, resolution, card, player):
        steps.update(chain_to(graph, t))
        steps.update(caused_by(graph, t))
    steps.update([u for v in steps for u in graph.predecessors(v)])
    return subgraph(graph, sorted(steps))


def chain_to(graph, step: int) -> list[int]:
    """The chain of causes that led to `step`, root first, ending with `step`."""
    chain = [step]
    while (cause := _cause_of(graph, chain[-1])) is not None:
        chain.append(cause)
    return chain[::-1]


def longest_chain(graph) -> list[int]:
    """The longest chain of causes (root first); among chains of equal length the one with the
    lowest steps (compared root first). [] for an empty graph."""
    depth: dict[int, int] = {}
    best: list[int] = []
    for n in sorted(graph.nodes):  # a cause always comes before its effect
        cause = _cause_of(graph, n)
        depth[n] = 1 if cause is None else depth[cause] + 1
        if depth[n] > len(best):
            best = chain_to(graph, n)
    return best


def linked(graph):
    """The subgraph of the events that have a cause or an effect (a copy)."""
    keep = [n for n in graph.nodes if graph.degree(n)]
    return graph.subgraph(keep).copy()


def subgraph(graph, steps) -> object:
    """The subgraph of these steps (a copy), e.g. `subgraph(g, [t] + caused_by(g, t))`."""
    return graph.subgraph(steps).copy()


# -- layout and text -------------------------------------------------------------------------


def layered_positions(graph) -> dict[int, tuple[float, float]]:
    """A deterministic layered layout: {step: (x, y)}. Layer d (y = -d) is the d-th topological
    generation; the first layer is in step order, one unit apart; a later layer is ordered by
    the mean x of each node's causes (then by step), kept at least one unit apart and shifted to
    sit, on average, under those causes."""
    import networkx as nx

    pos: dict[int, tuple[float, float]] = {}
    for depth, layer in enumerate(nx.topological_generations(graph)):
        wanted = {}
        for n in layer:
            xs = [pos[u][0] for u in graph.predecessors(n)]
            wanted[n] = sum(xs) / len(xs) if xs else None
        if depth == 0 or all(w is None for w in wanted.values()):
            order = sorted(layer)
            xs = [float(i) for i in range(len(order))]
        else:
            order = sorted(
                layer, key=lambda n: (wanted[n] if wanted[n] is not None else float("inf"), n)
            )
            xs = []
            for n in order:
                w = wanted[n] if wanted[n] is not None else (xs[-1] + 1 if xs else 0.0)
                xs.append(w if not xs else max(w, xs[-1] + 1))
            offsets = [x - wanted[n] for x, n in zip(xs, order) if wanted[n] is not None]
            shift = sum(offsets) / len(offsets)
            xs = [x - shift for x in xs]
        for n, x in zip(order, xs):
            pos[n] = (round(x, 6) + 0.0, float(-depth))
    return pos


def graph_text(graph, rules: bool = True, ascii_only: bool = False) -> str:
    """The graph as text (`networkx.write_network_text`): one tree per root in step order, each
    node's effects below it in step order; a node with a second cause shows it after `╾`.
    `rules` adds each event's rule id. Deterministic."""
    import networkx as nx

    if not graph.number_of_nodes():
        return ""
    shown = graph.copy()
    for n, d in shown.nodes(data=True):
        shown.nodes[n]["label"] = d["label"] + (f"  [{_cited(d)}]" if rules else "")
    roots = sorted(n for n in shown.nodes if shown.in_degree(n) == 0)
    lines: list[str] = []
    nx.write_network_text(
        shown, path=lines.append, with_labels=True, sources=roots, ascii_only=ascii_only, end=""
    )
    return "\n".join(lines)


def node_link(graph) -> dict:
    """The graph as node-link data (`networkx.node_link_data`, edges under "edges")."""
    import networkx as nx

    try:
        return nx.node_link_data(graph, edges="edges")
    except TypeError:  # networkx < 3.4
        return nx.node_link_data(graph, link="edges")


# -- drawing ---------------------------------------------------------------------------------

#: A node's box and the space between layers and rows, in pixels.
BOX_W, BOX_H, COL_GAP, ROW_GAP, PAD = 160, 34, 44, 10, 8


@dataclass(frozen=True)
class Box:
    """One event drawn: its step, the top-left corner and size, its fill, two lines of text, the
    whole label (hover) and how it is marked ('current', 'chain' or '')."""

    step: int
    x: float
    y: float
    fill: str
    lines: tuple[str, str]
    title: str
    mark: str


@dataclass(frozen=True)
class Arrow:
    """A link drawn from a cause's box to an effect's box; `dashed` for a `revealed` link,
    `chain` when both ends are on the current event's chain of causes."""

    x1: float
    y1: float
    x2: float
    y2: float
    dashed: bool
    chain: bool


@dataclass(frozen=True)
class Picture:
    """A causal graph laid out for drawing: causes left of their effects, one column per layer
    of `layered_positions` (the layout turned on its side, so the labels sit in rows)."""

    width: float
    height: float
    boxes: tuple[Box, ...]
    arrows: tuple[Arrow, ...]


def _short(text: str, n: int = 24) -> str:
    return text if len(text) <= n else text[: n - 1] + "…"


def _lines(graph, n: int) -> tuple[str, str]:
    d = graph.nodes[n]
    first = f"#{n} {d['kind'].replace('_', ' ')}"
    if d["who"] and len(graph.graph.get("players", ())) > 1:
        first += f" · {d['who']}"
    second = d["card"] or d["detail"] or ""
    if d["card"] and d["target"]:
        second += f" → {d['target']}"
    if d["short"] is not None and len(second) < 14:
        second += f" · {d['short']}"
    return _short(first), _short(second)


def picture(graph, current: int | None = None, positions: dict | None = None) -> Picture:
    """Lay a causal graph out for drawing (deterministic): boxes in columns by layer, arrows
    from cause to effect; `current` (a step) and its chain of causes are marked. `positions`:
    the graph's `layered_positions`, when the caller keeps them (a view redrawn at every step)."""
    pos = layered_positions(graph) if positions is None else positions
    chain = set(chain_to(graph, current)) if current is not None and current in graph else set()
    if not pos:
        return Picture(2 * PAD, 2 * PAD, (), ())
    low = min(x for x, _ in pos.values())
    place = {
        n: (PAD + (-y) * (BOX_W + COL_GAP), PAD + (x - low) * (BOX_H + ROW_GAP))
        for n, (x, y) in pos.items()
    }
    boxes = []
    for n in sorted(graph.nodes):
        x, y = place[n]
        d = graph.nodes[n]
        mark = "current" if n == current else "chain" if n in chain else ""
        title = d["label"] + (f"  [{_cited(d)}]" if d.get("rule") else "")
        boxes.append(
            Box(n, round(x, 2), round(y, 2), kind_colour(d["kind"]), _lines(graph, n), title, mark)
        )
    arrows = []
    for u, v, d in sorted(graph.edges(data=True)):
        (x1, y1), (x2, y2) = place[u], place[v]
        arrows.append(
            Arrow(
                round(x1 + BOX_W, 2),
                round(y1 + BOX_H / 2, 2),
                round(x2, 2),
                round(y2 + BOX_H / 2, 2),
                d["link"] == "revealed",
                u in chain and v in chain,
            )
        )
    width = max(b.x for b in boxes) + BOX_W + PAD
    height = max(b.y for b in boxes) + BOX_H + PAD
    return Picture(round(width, 2), round(height, 2), tuple(boxes), tuple(arrows))


def _num(v: float) -> str:
    return f"{v:g}"


def chain_svg(
    graph, current: int | None = None, clickable: bool = False, positions: dict | None = None
) -> str:
    """The causal graph as an SVG picture (byte-stable, inline attributes only): one box per
    event coloured by its kind, arrows from cause to effect (`revealed` links dashed), the
    `current` step outlined and its chain of causes drawn bold. Each box is a group carrying
    `data-step` (and, if `clickable`, a pointer cursor) so a view can jump to that step; the
    current step's group also carries `data-current`."""
    from html import escape

    pic = picture(graph, current, positions)
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{_num(pic.width)}" '
        f'height="{_num(pic.height)}" '
        f'viewBox="0 0 {_num(pic.width)} {_num(pic.height)}" font-family="system-ui, sans-serif" '
        'font-size="11">'
    ]
    for a in pic.arrows:
        mid = (a.x1 + a.x2) / 2
        colour, width = ("#9a6700", "2.2") if a.chain else ("#6e7781", "1.1")
        dash = ' stroke-dasharray="4 3"' if a.dashed else ""
        out.append(
            f'<path d="M{_num(a.x1)} {_num(a.y1)} C{_num(mid)} {_num(a.y1)} {_num(mid)} '
            f"{_num(a.y2)} "
            f'{_num(a.x2 - 6)} {_num(a.y2)}" fill="none" stroke="{colour}" '
            f'stroke-width="{width}"{dash}/>'
        )
        out.append(
            f'<path d="M{_num(a.x2)} {_num(a.y2)} L{_num(a.x2 - 7)} {_num(a.y2 - 3.5)} '
            f'L{_num(a.x2 - 7)} {_num(a.y2 + 3.5)} Z" fill="{colour}"/>'
        )
    cursor = ' cursor="pointer"' if clickable else ""
    for b in pic.boxes:
        stroke, width = {"current": ("#d4a72c", "3.5"), "chain": ("#9a6700", "2")}.get(
            b.mark, ("#6e7781", "1")
        )
        here = ' data-current="1"' if b.mark == "current" else ""
        out.append(
            f'<g data-step="{b.step}"{here}{cursor}><title>{escape(b.title)}</title>'
            f'<rect x="{_num(b.x)}" y="{_num(b.y)}" width="{BOX_W}" height="{BOX_H}" rx="5" '
            f'fill="{b.fill}" stroke="{stroke}" stroke-width="{width}"/>'
            f'<text x="{_num(b.x + 7)}" y="{_num(b.y + 14)}" font-weight="600" '
            f'fill="#1f2328">{escape(b.lines[0])}</text>'
            f'<text x="{_num(b.x + 7)}" y="{_num(b.y + 27)}" '
            f'fill="#3d4650">{escape(b.lines[1])}</text></g>'
        )
    out.append("</svg>")
    return "".join(out)


def draw(graph, ax=None, current: int | None = None, font_size: float = 8):
    """Draw the graph with matplotlib, as `chain_svg` draws it (the same layout and colours):
    causes left of their effects, `revealed` links dashed, `current` and its chain of causes
    marked. The figure is sized to the graph. Returns the Axes; matplotlib is imported here."""
    from ._optional import require

    plt = require("matplotlib.pyplot", extra="notebooks", purpose="chains.draw")
    from matplotlib.patches import FancyBboxPatch

    pic = picture(graph, current)
    if ax is None:
        scale = 1 / 96  # inches per pixel
        _, ax = plt.subplots(
            figsize=(min(max(pic.width, 60) * scale, 80), min(max(pic.height, 40) * scale, 120))
        )
    for a in pic.arrows:
        colour = "#9a6700" if a.chain else "#6e7781"
        ax.annotate(
            "",
            xy=(a.x2, a.y2),
            xytext=(a.x1, a.y1),
            zorder=1,
            arrowprops=dict(
                arrowstyle="-|>",
                color=colour,
                linewidth=2.2 if a.chain else 1.1,
                linestyle="--" if a.dashed else "-",
                shrinkA=0,
                shrinkB=0,
                connectionstyle="arc3,rad=0",
            ),
        )
    for b in pic.boxes:
        stroke, width = {"current": ("#d4a72c", 3.5), "chain": ("#9a6700", 2.0)}.get(
            b.mark, ("#6e7781", 1.0)
        )
        ax.add_patch(
            FancyBboxPatch(
                (b.x, b.y),
                BOX_W,
                BOX_H,
                boxstyle="round,pad=0,rounding_size=5",
                facecolor=b.fill,
                edgecolor=stroke,
                linewidth=width,
                zorder=2,
            )
        )
        ax.text(
            b.x + 7,
            b.y + 11,
            b.lines[0],
            ha="left",
            va="center",
            fontsize=font_size,
            fontweight="bold",
            color="#1f2328",
            zorder=3,
        )
        ax.text(
            b.x + 7,
            b.y + 24,
            b.lines[1],
            ha="left",
            va="center",
            fontsize=font_size,
            color="#3d4650",
            zorder=3,
        )
    ax.set_xlim(0, pic.width)
    ax.set_ylim(pic.height, 0)
    ax.set_aspect("equal")
    ax.set_axis_off()
    return ax


def chain_png(graph, current: int | None = None) -> bytes | None:
    """The drawing as PNG bytes (None without matplotlib): what an untrusted notebook shows,
    since it renders no SVG."""
    try:
        import matplotlib  # noqa: F401 (is it installed?)
    except ImportError:
        return None
    from matplotlib.figure import Figure

    pic = picture(graph, current)
    fig = Figure(
        figsize=(min(max(pic.width, 60) / 96, 80), min(max(pic.height, 40) / 96, 120)), dpi=96
    )
    ax = fig.add_axes((0, 0, 1, 1))
    draw(graph, ax=ax, current=current)
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", metadata={"Software": None})
    return buffer.getvalue()


def _graph_class():
    """`CausalGraph`: a networkx DiGraph that draws itself in Jupyter (made once, on first use,
    so that importing this module needs no networkx)."""
    global _CausalGraph
    if _CausalGraph is None:
        import networkx as nx

        class CausalGraph(nx.DiGraph):
            """A causal graph (see `causal_graph`); in Jupyter it shows as its drawing: SVG, and
            PNG for views that render no SVG (an untrusted notebook)."""

            def _repr_mimebundle_(self, include=None, exclude=None):
                bundle = {"image/svg+xml": chain_svg(self), "text/plain": repr(self)}
                png = chain_png(self)
                if png is not None:
                    bundle["image/png"] = png
                return bundle

            def __repr__(self) -> str:
                return (
                    f"<CausalGraph of {len(self.graph.get('players', ()))} player(s): "
                    f"{self.number_of_nodes()} events, {self.number_of_edges()} links>"
                )

        _CausalGraph = CausalGraph
    return _CausalGraph


_CausalGraph = None


# -- the command line --------------------------------------------------------------------------


def chain_command(scenario: dict, as_json: bool = False) -> str:
    """`fliptoons-explore chain`: play a scenario as written (its game's `play_as_written`: a
    FlipToons scenario is resolved, or its round played when a player has scripted Market
    `actions`, so that the Market's causes are in the graph; a Flipology scenario's turns are
    played) and print its causal graph: as text, the events that have a cause or an effect
    (`graph_text`, ASCII) and the longest chain; with `as_json`, the whole graph as one
    node-link JSON document."""
    from .games import contract_of

    graph = causal_graph(contract_of(scenario).play_as_written(scenario))
    if as_json:
        return json.dumps(node_link(graph), indent=1)
    shown = linked(graph)
    out = io.StringIO()
    out.write(
        f"{graph.number_of_nodes()} events; {shown.number_of_nodes()} have a cause or an "
        f"effect ({graph.number_of_edges()} links):\n"
    )
    out.write((graph_text(shown, ascii_only=True) or "(none)") + "\n")
    chain = longest_chain(graph)
    out.write(
        f"longest chain ({len(chain)} event{'s' if len(chain) != 1 else ''}): "
        + " -> ".join(f"#{n}" for n in chain)
    )
    return out.getvalue()


def _cited(node: dict) -> str:
    """A node's rule and, beside it, the ruling option that decided, if any."""
    return node["rule"] + (f"; {node['ruling']}" if node.get("ruling") else "")
