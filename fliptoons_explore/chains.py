"""Causal chains: a resolution's events as a networkx graph, edges from cause to effect.

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
(`[row, col]` or None), `where` (the position in words), `rule`, `detail`, `uid` and `label`
(`'#7 Ann: place crab above gorilla at extra row 1, middle: in a new row above'`).

Two kinds of edge, told apart by the edge attribute `link`:

- `"cause"`: the effect's recorded `cause` (every event has at most one);
- `"revealed"`: from a card's `reveal` to its placement when an effect, not the Flip, put the
  card in the grid (an Ostrich stacks it, a Gorilla puts it above): the placement's cause is the
  Ostrich's or Gorilla's ability, and the reveal still led to it.

`chain_to` and `longest_chain` follow `cause` links only (one cause each, so a chain is one
path); `caused_by` and `effects_of_card` follow both. networkx (and matplotlib for `draw`) are
imported inside the functions: `import fliptoons_explore.chains` needs neither.
"""
from __future__ import annotations

import io
import json

from .grid import space_name
from .stepping import event_label

__all__ = ["causal_graph", "caused_by", "effects_of_card", "card_chain", "chain_to", "longest_chain",
           "linked", "subgraph", "layered_positions", "graph_text", "node_link", "draw", "chain_command"]

#: Kinds of events that put a revealed card into the grid.
_PUTS = ("place", "stack")


def causal_graph(resolution):
    """The `networkx.DiGraph` of a traced resolution (or of anything with a `trace` and a `table`,
    such as the `Game` of `play_round`): one node per event (its step), an edge from each event to
    the events it caused. Graph attributes: `season` and `players` (names)."""
    import networkx as nx

    trace = resolution.trace
    if trace is None:
        raise ValueError("an untraced resolution has no events (resolve with traced=True)")
    players = resolution.table.players
    g = nx.DiGraph(season=resolution.table.season, players=[p.name for p in players])
    for e in trace:
        g.add_node(e.step, kind=e.kind, phase=e.phase, card=e.card, target=e.target,
                   player=e.player, who=None if e.player is None else players[e.player].name,
                   pos=None if e.pos is None else list(e.pos),
                   where=None if e.pos is None else space_name(tuple(e.pos)),
                   rule=e.rule, detail=e.detail, uid=e.uid, label=event_label(e, players))
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


def _card_triggers(graph, card, player=None) -> list[int]:
    if isinstance(card, str):
        from .cards import CATALOG
        if card not in CATALOG:
            from .cards import unknown_card_message
            raise KeyError(unknown_card_message(card, set(CATALOG)))
    key = "uid" if isinstance(card, int) and not isinstance(card, bool) else "card"
    who = None if player is None else "who" if isinstance(player, str) else "player"
    return [n for n, d in graph.nodes(data=True)
            if d["kind"] == "trigger" and d[key] == card and (who is None or d[who] == player)]


def effects_of_card(graph, resolution, card, player=None) -> list[int]:
    """Everything a card's abilities caused, in step order: the events following from the
    `trigger` events of the card (`card`: a card id for every copy, or a uid for one physical
    card, as events and graph nodes give it; `player`: only that player's copies, by index or
    name). A trigger caused by another of the card's triggers is among the effects; the card's
    own first triggers are not. `resolution` is the one the graph was made from."""
    import networkx as nx

    out: set[int] = set()
    for t in _card_triggers(graph, card, player):
        out |= nx.descendants(graph, t)
    return sorted(out)


def card_chain(graph, resolution, card, player=None):
    """The subgraph telling a card's story (a copy): the chain that led to each of its triggers
    (its reveal and placement), everything the triggers caused, and the other causes of those
    effects (the reveal of a card it placed). `card` and `player` as in `effects_of_card`."""
    steps: set[int] = set()
    for t in _card_triggers(graph, card, player):
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


def subgraph(graph, steps) -> "object":
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
            order = sorted(layer, key=lambda n: (wanted[n] if wanted[n] is not None else float("inf"), n))
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
        shown.nodes[n]["label"] = d["label"] + (f"  [{d['rule']}]" if rules else "")
    roots = sorted(n for n in shown.nodes if shown.in_degree(n) == 0)
    lines: list[str] = []
    nx.write_network_text(shown, path=lines.append, with_labels=True, sources=roots,
                          ascii_only=ascii_only, end="")
    return "\n".join(lines)


def node_link(graph) -> dict:
    """The graph as node-link data (`networkx.node_link_data`, edges under "edges")."""
    import networkx as nx
    try:
        return nx.node_link_data(graph, edges="edges")
    except TypeError:  # networkx < 3.4
        return nx.node_link_data(graph, link="edges")


# -- drawing ---------------------------------------------------------------------------------

#: Node colours by event kind (a colour-blind-safe palette).
KIND_COLOURS = {
    "reveal": "#bbbbbb", "place": "#88ccee", "stack": "#44aa99", "move": "#117733",
    "trigger": "#ddcc77", "flip": "#cc6677", "return": "#aa4499", "dismiss": "#882255",
    "gain": "#332288", "ignored": "#eeeeee", "queued": "#999933", "end_flip": "#dddddd",
}
_DARK = {"#117733", "#aa4499", "#882255", "#332288"}


def _short_where(pos) -> str:
    row, col = pos
    return f"slot {row * 3 + col + 1}" if row >= 0 else f"extra {-row}, {('left', 'middle', 'right')[col]}"


def _box_label(graph, n: int) -> str:
    d = graph.nodes[n]
    lines = [f"#{n} {d['kind'].replace('_', ' ')}"]
    if d["card"]:
        lines.append(d["card"])
    extra = []
    if d["who"] and len(graph.graph.get("players", ())) > 1:
        extra.append(d["who"])
    if d["pos"] is not None:
        extra.append(_short_where(d["pos"]))
    if extra:
        lines.append(", ".join(extra))
    return "\n".join(lines)


def draw(graph, ax=None, labels: bool = True, font_size: float = 8):
    """Draw the graph with `layered_positions` (causes above their effects): each event a box
    coloured by its kind (step, kind, card, and the player when there are several and the
    position), arrows from cause to effect, `revealed` links dashed. Returns the matplotlib
    Axes; matplotlib (the `notebooks` extra) is imported here."""
    from ._optional import require
    plt = require("matplotlib.pyplot", extra="notebooks", purpose="chains.draw")

    pos = layered_positions(graph)
    xs = [x for x, _ in pos.values()] or [0.0]
    ys = [y for _, y in pos.values()] or [0.0]
    if ax is None:
        width, height = max(xs) - min(xs) + 1, max(ys) - min(ys) + 1
        _, ax = plt.subplots(figsize=(min(0.6 + 1.45 * width, 60), min(0.4 + 0.95 * height, 60)))
    boxes = {}
    for n in sorted(graph.nodes):
        kind = graph.nodes[n]["kind"]
        colour = KIND_COLOURS.get(kind, "#ffffff")
        dark = colour in _DARK
        boxes[n] = ax.text(*pos[n], _box_label(graph, n) if labels else f"#{n}", ha="center",
                           va="center", fontsize=font_size, color="white" if dark else "black",
                           zorder=3, bbox=dict(boxstyle="round,pad=0.35", facecolor=colour,
                                               edgecolor="#444444", linewidth=0.8))
    for u, v, d in sorted(graph.edges(data=True)):
        ax.annotate("", xy=pos[v], xytext=pos[u], zorder=4,
                    arrowprops=dict(arrowstyle="-|>", color="#444444", linewidth=1,
                                    linestyle="--" if d["link"] == "revealed" else "-",
                                    patchA=boxes[u].get_bbox_patch(), patchB=boxes[v].get_bbox_patch(),
                                    shrinkA=2, shrinkB=2))
    ax.set_xlim(min(xs) - 0.6, max(xs) + 0.6)
    ax.set_ylim(min(ys) - 0.5, max(ys) + 0.5)
    ax.set_axis_off()
    return ax


# -- the command line --------------------------------------------------------------------------

def chain_command(scenario: dict, as_json: bool = False) -> str:
    """`fliptoons-explore chain`: resolve a scenario (or play its round, like `round`, when a
    player has scripted Market `actions`, so that the Market's causes are in the graph) and print
    its causal graph: as text, the events that have a cause or an effect (`graph_text`, ASCII)
    and the longest chain; with `as_json`, the whole graph as one node-link JSON document."""
    from .engine import play_round, resolve

    players = scenario.get("players") if isinstance(scenario, dict) else None
    if isinstance(players, list) and any(isinstance(p, dict) and p.get("actions") for p in players):
        graph = causal_graph(play_round(scenario))
    else:
        graph = causal_graph(resolve(scenario))
    if as_json:
        return json.dumps(node_link(graph), indent=1)
    shown = linked(graph)
    out = io.StringIO()
    out.write(f"{graph.number_of_nodes()} events; {shown.number_of_nodes()} have a cause or an "
              f"effect ({graph.number_of_edges()} links):\n")
    out.write((graph_text(shown, ascii_only=True) or "(none)") + "\n")
    chain = longest_chain(graph)
    out.write(f"longest chain ({len(chain)} event{'s' if len(chain) != 1 else ''}): "
              + " -> ".join(f"#{n}" for n in chain))
    return out.getvalue()
