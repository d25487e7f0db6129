"""HTML views of Flipology cards and tables, for Jupyter (`_repr_html_`) and the widgets, made with
the helpers both games share (`fliptoons_explore.views`): pure functions, byte-stable, inline
styles only. Each card on a table carries the class `fte-pos-<player>-<row>-<col>`, so
that a browser test can click it; with `clickable` marks it also carries the data
attributes the explorer listens to.

    card_html(spec)          a card's face, as the catalog shows it
    table_html(state, ...)   a recorded state: every player's rows (top row first), the piles
    resolution_html(r)       the table as the rules left it, the count and the winners, the trace
"""

from __future__ import annotations

from .. import views
from ..views import (
    ACTING,
    CHAIN,
    INK,
    LINE,
    MUTED,
    NO_MARKS,
    TARGET,
    CardScore,
    Marks,
    accent,
    esc,
    label,
    note,
    root,
)
from .cards import CARDS
from .text import points

__all__ = [
    "card_html",
    "table_html",
    "resolution_html",
    "step_html",
    "table_at_step_html",
    "GROUPS",
]

#: A card's group: its colour and words.
GROUPS = {
    "animal": ("#2f6fb5", "an animal"),
    "sleeper": ("#8a4fb0", "a sleepy animal: its points count face down, against you face up"),
    "unique": ("#1a7f37", "a unique animal: no effect"),
    "environment": ("#b08a1e", "an environment card"),
    "clearing": ("#8c959f", "a Clearing"),
}


def card_tooltip(spec) -> str:
    colour_words = GROUPS.get(spec.group, GROUPS["animal"])[1]
    count = (
        f"{spec.copies} in the deck table ({spec.copies_source})"
        if spec.kind != "clearing"
        else "6 set aside"
    )
    return f"{spec.name}, {points(spec.points)}\n{colour_words}\n{spec.text}\n{count}"


def card_html(spec, selected: bool = False, data: str = "", width: str = "11.5em") -> str:
    """A card's face as a tile (the catalog's): name, points, group colour and its text in one
    line; hover for the whole text. `data`: extra attributes (the widgets' hooks). A value the
    rulebook does not give is marked "assumed points"; the copies of most kinds are assumed, which
    the catalog says once, where it describes the deck table (the tooltip gives each count)."""
    colour = GROUPS.get(spec.group, GROUPS["animal"])[0]
    badges = label("effect") if spec.effect else ""
    if spec.points_source == "assumed":
        badges += label("assumed points", "#fde0c8")
    ring = f"outline:2px solid {TARGET};" if selected else ""
    return (
        f'<div{data} title="{esc(card_tooltip(spec))}" '
        'style="display:inline-block;vertical-align:top;'
        f"box-sizing:border-box;width:{width};margin:0 4px 4px 0;padding:3px 5px;border:1px solid "
        "#9aa4ae;"
        "border-left:5px solid "
        f'{colour};border-radius:4px;background:#fffdf5;{ring}cursor:pointer">'
        f'<div style="white-space:nowrap;overflow:hidden;text-overflow:ellipsis">'
        f'<b style="font-size:12px">{esc(spec.name)}</b> '
        f'<span style="color:{MUTED};font-size:10.5px">{points(spec.points)}</span></div>'
        f'<div style="font-size:10.5px;color:#3d4650;white-space:nowrap;overflow:hidden;'
        f'text-overflow:ellipsis">{badges}{esc(spec.text)}</div></div>'
    )


def _card(pi: int, r: int, c: int, entry: dict, score: CardScore | None, marks: Marks) -> str:
    spec = CARDS[f"{entry['id']}:{entry['points']}"]
    uid = entry.get("uid")
    acting = uid is not None and uid == marks.acting
    classes = f"fte-pos-{pi}-{r}-{c}" + (" fte-acting" if acting else "")
    data = (
        f' data-action="pos" data-player="{pi}" data-row="{r}" data-col="{c}"'
        if marks.clickable
        else ""
    )
    ring = (
        f"outline:3px solid {ACTING};"
        if acting
        else (f"outline:2px solid {TARGET};" if marks.target == (pi, r, c) else "")
    )
    cursor = "cursor:pointer;" if marks.clickable else ""
    if not entry["face_up"]:
        # the kind, as the trace writes it ("koala"); a card the rulebook does not name, by the
        # deck table's name ("unique animal 5")
        word = spec.name.split(" (")[0].lower() if "(" in spec.name else spec.kind
        return (
            f'<td class="{classes}"{data} title="{esc(spec.name)} ({spec.points}), face down" '
            f'style="{ring}{cursor}vertical-align:top;text-align:left;width:6.4em;min-width:6.4em;height:2.9em;'
            "padding:3px 4px;border:1px solid "
            "#1b2533;border-radius:4px;background:#2f4159;color:#d5deea;"
            f'font-style:italic;white-space:nowrap">({esc(word)}:{spec.points})<br>'
            f'<span style="font-size:10px">face down</span></td>'
        )
    colour = GROUPS.get(spec.group, GROUPS["animal"])[0]
    tint = CHAIN if uid is not None and uid in marks.chain and not acting else "#fffdf5"
    badge = ""
    if score is not None:
        bg = "#1a7f37" if score.fame > 0 else "#cf222e" if score.fame < 0 else "#8c959f"
        badge = (
            f' <span title="{esc(score.words)}" '
            'style="font-weight:700;font-size:11px;color:#ffffff;'
            f'background:{bg};border-radius:8px;padding:0 5px">→ {score.fame}</span>'
        )
    return (
        f'<td class="{classes}"{data} title="{esc(card_tooltip(spec))}" '
        f'style="{ring}{cursor}vertical-align:top;'
        "text-align:left;width:6.4em;min-width:6.4em;height:2.9em;padding:2px 4px;border:1px "
        "solid #9aa4ae;"
        f'border-left:4px solid {colour};border-radius:4px;background:{tint};white-space:nowrap">'
        f"<b>{esc(spec.name)}</b><br>"
        f'<span style="font-size:10px;color:{MUTED}">{points(spec.points)}</span>'
        f"{badge}</td>"
    )


def rows_table(pi: int, rows: list, fame: dict, marks: Marks = NO_MARKS) -> str:
    """A player's rows (bottom first in the state; drawn top row first) as an HTML table."""
    out = ['<table style="border-collapse:separate;border-spacing:3px;margin:0;width:auto">']
    for r in range(len(rows) - 1, -1, -1):
        name = (
            "row" if len(rows) == 1 else f"row {r + 1}" + (" (top)" if r == len(rows) - 1 else "")
        )
        out.append(
            '<tr style="background:#ffffff"><td '
            f'style="color:{MUTED};font-size:10px;text-align:right;'
            "vertical-align:top;padding:4px 4px 0 "
            f'0;white-space:nowrap;background:#ffffff">{name}</td>'
        )
        out += [_card(pi, r, c, e, fame.get(e.get("uid")), marks) for c, e in enumerate(rows[r])]
        out.append("</tr>")
    out.append("</table>")
    return "".join(out)


def _player_box(pi: int, p: dict, fame: dict, marks: Marks, total) -> str:
    head = f'<b style="font-size:13px">{esc(p["name"])}</b> — ' + (
        f'<span style="color:{MUTED}">not scored yet</span>'
        if total is None
        else f'<b style="color:#1a7f37">{points(total)}</b>'
    )
    notes = []
    if p["hand"]:
        notes.append(f"hand: {len(p['hand'])} card{'s' if len(p['hand']) != 1 else ''}")
    if p["picked"]:
        notes.append("picked by a Hermit Crab: " + esc(", ".join(p["picked"])))
    body = rows_table(pi, p["rows"], fame, marks) if p["rows"] else note("no cards yet")
    return (
        '<div style="display:inline-block;vertical-align:top;margin:0 14px 10px 0;padding:5px 7px '
        "6px;"
        f'border:1px solid {LINE};border-top:4px solid {accent(pi)};border-radius:6px">'
        f'<div style="margin-bottom:3px">{head}</div>{body}'
        + "".join(note(n) for n in notes)
        + "</div>"
    )


def table_html(
    state: dict,
    fame: dict | None = None,
    marks: Marks = NO_MARKS,
    totals: dict | None = None,
    notes=(),
) -> str:
    """A recorded state (`Table.snapshot`): every player's name, score and rows (top row first;
    the players in the order of the circle their rows form), then the piles. `fame`: {card uid:
    CardScore} for the badges; `totals`: {player index: points or None} for the headers
    (default: the state's own scores)."""
    fame = fame or {}
    players = state["players"]
    circle_order = [0] + list(range(len(players) - 1, 0, -1))
    boxes = "".join(
        _player_box(
            i, players[i], fame, marks, players[i]["score"] if totals is None else totals.get(i)
        )
        for i in circle_order
    )
    piles = (
        f"discard pile ({len(state['discard'])}): {esc(', '.join(state['discard'])) or '—'} · "
        f"pile: {len(state['pile'])} card{'s' if len(state['pile']) != 1 else ''} · "
        f"Clearings set aside: {state['clearings']}"
    )
    turn = " → ".join(esc(p["name"]) for p in players)
    circle = (
        "The players are shown in the order of the circle the rows form: a row's right end is "
        "adjacent to "
        "the left end of the row in the next box, and the last box's to the first's. Play passes "
        "to the "
        f"left: turn order {turn}."
        if len(players) > 1
        else ""
    )
    body = (
        f"<div>{boxes}</div>"
        + note(piles, "70em")
        + (note(circle, "70em") if circle else "")
        + "".join(note("note: " + esc(n)) for n in notes)
    )
    return root(body)


def fame_of(table) -> dict:
    """{card uid: CardScore} of a counted table: what each card added to its player's score."""
    out = {}
    for p in table.players:
        if p.score is None:
            continue
        for card in p.cards():
            if card.value:
                out[card.uid] = CardScore(
                    card.value, "face up" if card.face_up else "face down: its points"
                )
    return out


def resolution_html(resolution) -> str:
    """The table as the rules left it (each card's points counted), the winners, then the trace."""
    t = resolution.table
    parts = [table_html(t.snapshot(), fame_of(t), NO_MARKS, None, t.notes)]
    result = getattr(t, "result", None)
    if result is not None:
        names = " & ".join(t.players[i].name for i in result.winners)
        moon = " — the Moon is face up: the fewest points win" if result.moon else ""
        parts.append(
            '<div style="font-weight:700;margin:4px '
            f'0">Winner{"s" if len(result.winners) > 1 else ""}: '
            f"{esc(names)}{moon}</div>"
        )
    trace = resolution.trace
    if trace is not None:
        parts.append(
            f'<div style="font-weight:700;margin:10px 0 3px">Trace ({len(trace)} events; hover a '
            "rule "
            "for its paraphrase, a cause for its event)</div>"
        )
        parts.append(views.trace_table(trace, t.players, t.game))
    return root("".join(parts))


def table_at_step_html(stepper, target=None, clickable: bool = False) -> str:
    """The table at a stepper's step, the acting card outlined, its cause chain tinted."""
    m = stepper.marks()
    marks = Marks(m.acting, m.chain, None, target, clickable)
    return table_html(stepper.state, stepper.card_fame, marks, stepper.fame)


def step_html(stepper) -> str:
    """A stepper's current step: the event in words, the rule and its source, then the table."""
    event = stepper.event
    if event is None:
        line, rule = "Before the first event: the table as set up.", ""
    else:
        line, rule = f"#{event.step} " + stepper.sentence, views.rule_words(event.rule)
    head = f'<div style="font-size:13px;margin-bottom:2px;color:{INK}"><b>{esc(line)}</b></div>' + (
        f'<div style="color:{MUTED};margin-bottom:6px">{esc(rule)}</div>' if rule else ""
    )
    return root(head + table_at_step_html(stepper))
