"""HTML views of FlipToons cards, grids, tables and traces, for Jupyter (`_repr_html_`) and the
widgets, made with the helpers both games share (`fliptoons_explore.views`).

Pure functions: state in, HTML string out, byte-stable, inline styles only (see `views`). The
words read on their own too ("Jordy — 13 fame", "rank 5 · fame 2 → 6").

    card_html(spec)              a card's face: name, rank, fame, timing colour, icons, text
    grid_html(player)            a player's grid: rows top first, stacks bottom first, fame on each card
    player_html(player)          name, total fame, grid, deck, dismissed pile
    table_html(state, ...)       a table's state (a recorded snapshot): every player, the market, the
                                 piles, with the acting card and its cause chain marked
    resolution_html(r)           every player, the market, then the trace (`views.trace_table`)

Hidden information (the order of a deck and of the toon deck) is shown only when asked for
(`show_order=True`); a scenario's resolution asks for it, since its author wrote those orders.
"""  # noqa: E501

from __future__ import annotations

from dataclasses import dataclass, field

from .. import views
from ..views import (
    ACTING,
    CHAIN,
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
    rule_words,
    rules_words,
)
from .cards import CATALOG
from .grid import COL_NAMES, space_name
from .text import event_sentence

__all__ = [
    "card_html",
    "card_text",
    "card_tooltip",
    "grid_html",
    "player_html",
    "table_html",
    "table_info",
    "fame_of_players",
    "fame_words",
    "resolution_html",
    "step_html",
    "rule_words",
    "Marks",
    "CardScore",
    "TableInfo",
    "TIMINGS",
]

#: A card's timing (the card table's `timing` column): its colour and words.
TIMINGS = {
    "on-place": ("#2f6fb5", "placement: acts when placed in the Flip"),
    "check-fame": ("#1a7f37", "scoring: a bonus at Check Fame"),
    "when-hired": ("#c0562b", "when hired"),
    "when-dismissed": ("#b03a6a", "when dismissed"),
    "market": ("#b08a1e", "Market: changes a dismiss cost"),
    "after-market": ("#8a4fb0", "after the Market phase"),
    "none": ("#8c959f", "no ability"),
}

#: Icons printed on cards: the CardSpec flag, the short label, the words.
ICONS = (
    ("fish", "fish", "a fish card"),
    ("flip_immune", "no flip", "cannot be flipped"),
    ("return_immune", "no return", "cannot be returned"),
    ("dismiss_immune", "no dismiss", "cannot be dismissed"),
)


@dataclass
class TableInfo:
    """What a table view needs besides the state: the season's prices, the player alone with the
    least fame (index), notes per player and for the table, and whether the order of the decks
    and of the toon deck shows (`show_order`: hidden information in a real game)."""

    prices: tuple = ()
    least: int | None = None
    player_notes: dict = field(default_factory=dict)
    notes: tuple = ()
    show_order: bool = False
    fame_so_far: bool = False  # the headers' fame is the fame scored so far (a step before the end)
    compact: bool = False  # narrower cells whose card lines may wrap (two tables side by side)


# -- a card's face ---------------------------------------------------------------------------------


def _icons(spec) -> list[tuple[str, str]]:
    return [(label, words) for flag, label, words in ICONS if getattr(spec, flag)]


def card_tooltip(spec) -> str:
    """A card's face in words: name, rank, fame, timing, icons, every printed text."""
    colour_words = TIMINGS.get(spec.timing, TIMINGS["none"])[1]
    head = (
        f"{spec.name} (rank {spec.rank}, fame "
        f"{'=' if spec.score == 'copy_adjacent' else spec.fame})"
    )
    lines = [head, colour_words]
    lines += [t for t in (spec.bonus, spec.ability, spec.banner) if t]
    icons = _icons(spec)
    if icons:
        lines.append("; ".join(words for _, words in icons))
    if spec.promo:
        lines.append("promo card: catalogued, never dealt")
    return "\n".join(lines)


def card_text(spec) -> str:
    """A card's ability in one line (bonus, ability, banner), or 'no ability'."""
    return "; ".join(t for t in (spec.bonus, spec.ability, spec.banner) if t) or "no ability"


def card_html(spec, selected: bool = False, data: str = "", width: str = "11.5em") -> str:
    """A card's face as a tile (the catalog's): name, rank, fame, timing colour, icons and its
    ability in one line; hover for the whole text. `data`: extra attributes (the widgets' hooks,
    e.g. ' class="fte-card" data-action="card"')."""
    colour = TIMINGS.get(spec.timing, TIMINGS["none"])[0]
    fame = "=" if spec.score == "copy_adjacent" else spec.fame
    badges = "".join(label(text) for text, _ in _icons(spec))
    if spec.promo:
        badges += label("promo", "#fde0c8")
    if spec.starting:
        badges += label("starting")
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
        f'<span style="color:{MUTED};font-size:10.5px">rank {spec.rank} · fame {fame}</span></div>'
        f'<div style="font-size:10.5px;color:#3d4650;white-space:nowrap;overflow:hidden;'
        f'text-overflow:ellipsis">{badges}{esc(card_text(spec))}</div></div>'
    )


# -- the grid --------------------------------------------------------------------------------------


def _grid_card(
    entry: dict,
    height: int,
    score: CardScore | None,
    marks: Marks,
    cell_data: str,
    compact: bool = False,
) -> str:
    spec = CATALOG[entry["id"]]
    uid = entry.get("uid")
    colour = TIMINGS.get(spec.timing, TIMINGS["none"])[0]
    acting = uid is not None and uid == marks.acting
    cls = ' class="fte-acting"' if acting else ""
    ring = f"outline:3px solid {ACTING};outline-offset:0;" if acting else ""
    plus = "+ " if height else ""
    indent = f"margin-left:{min(height, 3) * 4}px;" if height else ""
    data = f'{cell_data} data-height="{height}"' if marks.clickable else ""
    if not entry["face_up"]:
        return (
            f'<div{cls}{data} title="{esc(spec.name)}, face down: no rank, no ability, scores '
            'nothing" '
            f'style="{indent}{ring}margin-top:2px;padding:3px 4px;border:1px solid '
            "#1b2533;border-radius:4px;"
            f'background:#2f4159;color:#d5deea;font-style:italic;white-space:nowrap">'
            f"{plus}({esc(spec.id)}) face down</div>"
        )
    tint = CHAIN if uid is not None and uid in marks.chain and not acting else "#fffdf5"
    if score is None:
        badge = ""
    else:
        tip = f' title="{esc(score.words)}"' if score.words else ""
        bg = "#1a7f37" if score.fame else "#8c959f"
        keep = "white-space:nowrap;" if compact else ""  # a narrow cell breaks lines, not the badge
        badge = (
            f' <span{tip} style="font-weight:700;font-size:11px;color:#ffffff;background:{bg};'
            f'border-radius:8px;padding:0 5px;{keep}">→ {score.fame}</span>'
        )
    fame = "=" if spec.score == "copy_adjacent" else spec.fame
    return (
        f'<div{cls}{data} title="{esc(card_tooltip(spec))}" '
        f'style="{indent}{ring}margin-top:2px;padding:2px 4px;'
        "border:1px solid #9aa4ae;border-left:4px solid "
        f"{colour};border-radius:4px;background:{tint};"
        f'white-space:{"normal" if compact else "nowrap"}"><b>{plus}{esc(spec.name)}</b><br>'
        f'<span style="font-size:10px;color:{MUTED}">rank {spec.rank} · fame '
        f"{fame}</span>{badge}</div>"
    )


def _row_label(row: int) -> str:
    if row < 0:
        return f"<b>extra row {-row}</b>"
    return ("<b>upper row</b><br>slots 1–3", "<b>lower row</b><br>slots 4–6")[row]


def grid_table(
    pi: int, rows: list, fame: dict, marks: Marks = NO_MARKS, compact: bool = False
) -> str:
    """A grid (the JSON shape: rows top first, the last two the upper and lower rows, stacks
    bottom first) as an HTML table; `fame` maps card uids to their `CardScore`. `compact`:
    narrower cells, whose card lines may wrap."""
    n_extra = len(rows) - 2
    cells = [
        '<table style="border-collapse:separate;border-spacing:3px;margin:0;width:auto">'
        '<tr style="background:#ffffff"><td style="background:#ffffff"></td>'
    ]
    cells += [
        f'<td style="text-align:center;color:{MUTED};font-size:10px;padding:0;background:#ffffff">'
        f"{name}</td>"
        for name in COL_NAMES
    ]
    cells.append("</tr>")
    for j, row_cells in enumerate(rows):
        row = j - n_extra
        cells.append(
            '<tr style="background:#ffffff"><td '
            f'style="color:{MUTED};font-size:10px;text-align:right;'
            f'vertical-align:top;padding:4px 4px 0 0;white-space:nowrap;background:#ffffff">'
            f"{_row_label(row)}</td>"
        )
        for col, stack in enumerate(row_cells):
            where = space_name((row, col))
            data = (
                f' data-action="cell" data-player="{pi}" data-row="{row}" data-col="{col}"'
                if marks.clickable
                else ""
            )
            chosen = marks.target == (pi, row, col)
            border = (
                f"2px solid {TARGET}"
                if chosen
                else ("1px dashed #c3cad1" if not stack else "1px solid #d8dee4")
            )
            background = "#f1edfa" if row < 0 else ("#ffffff" if not stack else "#f6f8fa")
            width = "7em" if compact else "9.2em"
            style = (
                f"vertical-align:top;text-align:left;width:{width};min-width:{width};height:2.9em;"
                f"padding:2px 3px 3px;border:{border};border-radius:4px;background:{background}"
            )
            ghost = ""
            if marks.ghost is not None and marks.ghost[:3] == (pi, row, col):
                ghost = (
                    '<div style="margin-top:2px;padding:2px 4px;border:1px dashed '
                    f"{ACTING};border-radius:4px;"
                    f'color:{MUTED};font-style:italic;white-space:nowrap">'
                    f"{esc(CATALOG[marks.ghost[3]].name)} left here</div>"
                )
            if not stack:
                text = f"slot {row * 3 + col + 1}" if row >= 0 else ""
                cells.append(
                    f'<td{data} title="{esc(where)}: empty" '
                    f'style="{style};color:#8c959f;font-size:10px;'
                    f'text-align:center">{text}{ghost}</td>'
                )
                continue
            tip = where + (f", a stack of {len(stack)} (bottom first)" if len(stack) > 1 else "")
            body = "".join(
                _grid_card(entry, h, fame.get(entry.get("uid")), marks, data, compact)
                for h, entry in enumerate(stack)
            )
            cells.append(f'<td{data} title="{esc(tip)}" style="{style}">{body}{ghost}</td>')
        cells.append("</tr>")
    cells.append("</table>")
    return "".join(cells)


def _names(ids) -> str:
    return ", ".join(CATALOG[c].name if c in CATALOG else c for c in ids)


_STATE_FAME = object()  # a player header shows the state's own fame


def _player_box(
    pi: int, p: dict, fame: dict, marks: Marks, info: TableInfo, total=_STATE_FAME
) -> str:
    if total is _STATE_FAME:
        total = p["fame"]
    head = [
        f'<b style="font-size:13px">{esc(p["name"])}</b> — '
        + (
            f'<span style="color:{MUTED}">not scored yet</span>'
            if total is None
            else f'<b style="color:#1a7f37">{total} fame</b>'
            + (f' <span style="color:{MUTED}">so far</span>' if info.fame_so_far else "")
        )
    ]
    if p.get("fame_left"):
        head.append(f' <span style="color:{MUTED}">({p["fame_left"]} left to spend)</span>')
    if info.least == pi:
        head.append(
            ' <span title="alone with the least fame at Check Fame" '
            'style="font-size:10px;padding:0 5px;'
            'border-radius:8px;background:#fff1c2;color:#6b4e00;border:1px solid #e6cf75">least '
            "fame</span>"
        )
    notes = []
    if p.get("revealed"):
        ring = (
            f' class="fte-acting" style="outline:3px solid {ACTING};padding:0 3px"'
            if marks.revealed == pi
            else ""
        )
        notes.append(f"revealed, not yet placed: <b{ring}>{esc(CATALOG[p['revealed']].name)}</b>")
    deck = p["deck"]
    mark = ""
    if marks.deck_mark is not None and marks.deck_mark[0] == pi:
        mark = (
            ' <span style="color:#8a4fb0">'
            f"({'top' if marks.deck_mark[1] == 'top' else 'bottom'} card just put there)</span>"
        )
    if info.show_order:
        notes.append(f"deck ({len(deck)}, top first): {esc(_names(deck)) if deck else '—'}{mark}")
    else:
        notes.append(f"deck: {len(deck)} card{'s' if len(deck) != 1 else ''}{mark}")
    if p["dismissed"]:
        notes.append("dismissed: " + esc(_names(p["dismissed"])))
    notes += [esc(n) for n in info.player_notes.get(pi, ())]
    return (
        '<div style="display:inline-block;vertical-align:top;margin:0 14px 10px 0;padding:5px 7px '
        "6px;"
        f'border:1px solid {LINE};border-top:4px solid {accent(pi)};border-radius:6px">'
        f'<div style="margin-bottom:3px">{"".join(head)}</div>'
        f"{grid_table(pi, p['grid'], fame, marks, info.compact)}"
        + "".join(note(n) for n in notes)
        + "</div>"
    )


def _market(state: dict, info: TableInfo) -> str:
    market = state["market"]
    toon, discard = state["toon_deck"], state.get("discard", [])
    if not any(market) and not toon and not discard:
        return ""
    cells = []
    for i, cid in enumerate(market):
        price = info.prices[i] if i < len(info.prices) else ""
        if cid is None:
            card = '<span style="color:#8c959f">empty</span>'
        else:
            spec = CATALOG[cid]
            card = (
                f'<span title="{esc(card_tooltip(spec))}"><b>{esc(spec.name)}</b><br>'
                f'<span style="font-size:10px;color:{MUTED}">rank {spec.rank} · fame '
                f"{spec.fame}</span></span>"
            )
        cells.append(
            '<td style="vertical-align:top;text-align:center;width:7.5em;padding:2px '
            "4px;white-space:nowrap;"
            f'border:1px solid #d8dee4;border-radius:4px;background:#f6f8fa">'
            f'<div style="font-size:10px;color:{MUTED}">price {price}</div>{card}</td>'
        )
    toon_words = (
        f"toon deck ({len(toon)}, top first): {esc(_names(toon)) or '—'}"
        if info.show_order
        else f"toon deck: {len(toon)} card{'s' if len(toon) != 1 else ''}"
    )
    out = ['<div style="margin-top:4px"><b>Market</b> ']
    if any(market):
        out.append(
            '<table style="border-collapse:separate;border-spacing:3px;margin:0;width:auto"><tr '
            'style="background:#ffffff">' + "".join(cells) + "</tr></table>"
        )
    out.append(note(toon_words))
    if discard:
        out.append(note("discard pile: " + esc(_names(discard))))
    out.append("</div>")
    return "".join(out)


def table_html(
    state: dict,
    fame: dict | None = None,
    marks: Marks = NO_MARKS,
    info: TableInfo | None = None,
    fame_shown: dict | None = None,
    extra_class: str = "",
) -> str:
    """A table's state (`state.snapshot` shape): every player's name, fame, grid, deck and
    dismissed pile, then the market and the piles. `fame`: {card uid: CardScore} for the badges;
    `fame_shown`: {player index: fame} for the headers (default: the state's own fame)."""
    fame = fame or {}
    info = info or TableInfo()
    boxes = "".join(
        _player_box(
            i, p, fame, marks, info, _STATE_FAME if fame_shown is None else fame_shown.get(i)
        )
        for i, p in enumerate(state["players"])
    )
    body = f"<div>{boxes}</div>{_market(state, info)}" + "".join(
        note("note: " + esc(n)) for n in info.notes
    )
    return root(body, extra_class)


# -- live objects ----------------------------------------------------------------------------------


def fame_of_players(players) -> dict:
    """{card uid: CardScore} from the players' Check Fame entries."""
    out = {}
    for p in players:
        for e in p.fame:
            out[e.card.uid] = CardScore(
                e.fame, fame_words(e.base, e.bonus, e.gained, bool(e.card.spec.score))
            )
    return out


def fame_words(base: int, bonus: int, gained: int = 0, has_bonus: bool = False) -> str:
    """'scores 6: 2 printed +4 bonus' (printed alone: 'scores 2: printed')."""
    parts = [f"{base} printed"]
    if bonus or has_bonus:
        parts.append(f"{bonus:+d} bonus")
    if gained:
        parts.append(f"{gained:+d} gained")
    return f"scores {base + bonus + gained}: " + " ".join(parts)


def table_info(table, show_order: bool = False, flip_notes: bool = True) -> TableInfo:
    """What a live table says besides its state: prices, least fame, who built a grid by hand and
    (`flip_notes`) why each Flip ended."""
    notes = {}
    for p in table.players:
        said = []
        if p.built_grid:
            said.append("grid built by hand: no Flip")
        elif p.flip_ended and flip_notes:
            said.append("Flip ended: " + p.flip_ended)
        notes[p.index] = said
    least = getattr(table, "least_fame_player", None)
    return TableInfo(
        table.prices,
        None if least is None else least.index,
        notes,
        tuple(getattr(table, "notes", None) or ()),
        show_order,
    )


def _player_state(p) -> dict:
    from .state import grid_state

    return {
        "name": p.name,
        "grid": grid_state(p.grid),
        "deck": [c.spec.id for c in p.deck],
        "dismissed": [c.spec.id for c in p.dismissed],
        "revealed": p.revealed.spec.id if p.revealed else None,
        "fame": p.fame_total,
        "fame_left": p.fame_left,
    }


def grid_html(player) -> str:
    """A player's grid: rows top first (extra rows above the upper and lower rows), three columns,
    each stack bottom first; face-down cards as card backs; each scoring card shows its fame."""
    return root(grid_table(player.index, _player_state(player)["grid"], fame_of_players([player])))


def player_html(player, show_order: bool = True) -> str:
    """A player's name, total fame, grid, deck and dismissed pile."""
    info = TableInfo(show_order=show_order)
    return root(
        _player_box(player.index, _player_state(player), fame_of_players([player]), NO_MARKS, info)
    )


# -- a whole resolution ---------------------------------------------------------------------------

LEGEND = (
    "Each cell lists its stack bottom card first (+ marks a card stacked on the one above it); "
    "dark cards are face down; the number after → is the fame a card scored at Check Fame "
    "(hover it for the breakdown, hover a card for its text)."
)


def resolution_html(resolution, show_order: bool = True, flip_notes: bool = True) -> str:
    """Every player's name, total fame and grid, the market and the piles, then the trace.
    `show_order`: show the order of the decks and the toon deck; `flip_notes`: say why each Flip
    ended (not once the grids have changed since)."""
    from .state import snapshot

    table = resolution.table
    state = snapshot(table)
    body = table_html(
        state, fame_of_players(table.players), NO_MARKS, table_info(table, show_order, flip_notes)
    )
    parts = [body, note(esc(LEGEND), "70em")]
    trace = resolution.trace
    if trace is None:
        parts.append(note("resolved untraced: no trace"))
    else:
        parts.append(
            f'<div style="font-weight:700;margin:10px 0 3px">Trace ({len(trace)} events; hover a '
            "rule "
            "for its paraphrase, a cause for its event)</div>"
        )
        parts.append(views.trace_table(trace, table.players, table.game))
    return root("".join(parts))


# -- one step of a recorded resolution ------------------------------------------------------------


def step_html(stepper, show_order: bool = True) -> str:
    """A stepper's current step: the event in words, the rule and its source, then the table at
    that step with the acting card outlined and the cards of its cause chain tinted."""
    event = stepper.event
    players = stepper.resolution.table.players
    if event is None:
        line = "Before the first event: the table as set up."
        rule = ""
    else:
        line = f"#{event.step} " + event_sentence(event, players)
        rule = rules_words(event)
    head = (
        f'<div style="font-size:13px;margin-bottom:2px"><b>{esc(line)}</b></div>'
        + (
            f'<div style="color:{MUTED};margin-bottom:6px">'
            f"{'<br>'.join(map(esc, rule.splitlines()))}</div>"
            if rule
            else ""
        )
        + f'<div style="color:{MUTED};font-size:11px;margin-bottom:4px">step {stepper.step} of '
        f"{stepper.last} (−1: before the first event)</div>"
    )
    table = stepper.resolution.table
    info = table_info(table, show_order)
    info.least = None if stepper.step < stepper.last else info.least
    info.player_notes = {}
    body = table_html(stepper.state, stepper.card_fame, stepper.marks(), info, stepper.fame)
    return root(head + body)
