"""HTML views of players and resolutions, for Jupyter (`Resolution._repr_html_`) and the widgets.

Pure functions: state in, HTML string out. The output is byte-stable (no element ids, dates,
memory addresses or randomness), so nbval can compare it, and it imports nothing from IPython,
ipywidgets or matplotlib. All CSS is inline in one `<style>` block whose rules are scoped under
the class `ft-view`.

    grid_html(player)           a player's grid: rows top first, stacks bottom first, fame on the card
    player_html(player)         name, total fame, grid, deck left, dismissed pile
    trace_html(trace, players)  the trace as a table (rule paraphrases as tooltips)
    resolution_html(r)          every player, the market, then the trace
"""
from __future__ import annotations

from html import escape

from .grid import COL_NAMES, space_name
from .rules import RULES, SOURCES
from .text import event_text

#: The one class every rule of the style sheet is scoped under.
SCOPE = "ft-view"

#: Player accent colours by seat (8 seats at most), used on the player header and the trace rows.
PLAYER_COLOURS = ("#2f6fb5", "#c0562b", "#3b8c4a", "#8a4fb0", "#b08a1e", "#2a8c8c", "#b03a6a", "#5c6670")

STYLE = """<style>
.ft-view{font-family:system-ui,-apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif;font-size:12px;line-height:1.25;color:#1f2328;background:#fff;padding:6px 8px;text-align:left}
.ft-view .ft-players{display:flex;flex-wrap:wrap;gap:10px 18px;align-items:flex-start}
.ft-view .ft-player{border:1px solid #d0d7de;border-top:4px solid var(--ft-accent,#5c6670);border-radius:6px;padding:5px 7px 6px}
.ft-view .ft-head{display:flex;align-items:baseline;gap:8px;margin:0 0 4px}
.ft-view .ft-pname{font-weight:700;font-size:13px}
.ft-view .ft-total{font-weight:700;color:#1a7f37}
.ft-view .ft-badge{font-size:10px;padding:0 5px;border-radius:8px;background:#fff1c2;color:#6b4e00;border:1px solid #e6cf75}
.ft-view .ft-note{color:#57606a;font-size:11px;margin-top:3px}
.ft-view .ft-player .ft-note{max-width:34em}
.ft-view .ft-grid{display:grid;grid-template-columns:auto repeat(3,minmax(9.6em,max-content));gap:3px;width:max-content;align-items:stretch}
.ft-view .ft-colhead{text-align:center;color:#57606a;font-size:10px;text-transform:uppercase;letter-spacing:.04em}
.ft-view .ft-rowhead{color:#57606a;font-size:10px;text-align:right;padding:4px 4px 0 0;white-space:nowrap}
.ft-view .ft-rowhead b{display:block;font-size:11px;color:#1f2328;font-weight:600}
.ft-view .ft-extra-row{background:#f3f0fa}
.ft-view .ft-cell{border:1px solid #d8dee4;border-radius:4px;background:#f6f8fa;padding:3px;min-height:3.1em;display:flex;flex-direction:column;gap:0}
.ft-view .ft-cell.ft-extra{background:#f1edfa;border-color:#d9d0ee}
.ft-view .ft-cell.ft-empty{background:transparent;border-style:dashed;color:#8c959f;font-size:10px;align-items:center;justify-content:center}
.ft-view .ft-card{position:relative;border:1px solid #9aa4ae;border-radius:4px;background:#fffdf5;padding:2px 4px 2px 4px;box-shadow:0 1px 1px rgba(0,0,0,.12)}
.ft-view .ft-card+.ft-card{margin-top:-2px;box-shadow:0 -1px 2px rgba(0,0,0,.18)}
.ft-view .ft-name{font-weight:600;font-size:11.5px;white-space:nowrap}
.ft-view .ft-bottom{display:flex;justify-content:space-between;align-items:baseline;gap:3px;font-size:10px;color:#57606a;margin-top:1px;white-space:nowrap}
.ft-view .ft-score{font-weight:700;font-size:11px;color:#fff;background:#1a7f37;border-radius:8px;padding:0 5px}
.ft-view .ft-score.ft-zero{background:#8c959f}
.ft-view .ft-card.ft-down{background:repeating-linear-gradient(45deg,#27364a 0 4px,#2f4159 4px 8px);border-color:#1b2533;color:#d5deea;text-align:center;font-style:italic;padding:5px 4px}
.ft-view .ft-stackmark{color:#57606a;font-size:10px;margin-right:2px}
.ft-view .ft-down .ft-stackmark{color:#d5deea}
.ft-view .ft-section{font-weight:700;font-size:12px;margin:10px 0 3px}
.ft-view .ft-trace-box{max-height:32em;overflow:auto;width:fit-content;max-width:100%;border:1px solid #d0d7de;border-radius:6px}
.ft-view table.ft-trace{border-collapse:collapse;border-spacing:0;table-layout:auto;margin:0;width:auto;font-size:11.5px;color:#1f2328}
.ft-view table.ft-trace thead th{position:sticky;top:0;background:#eaeef2;color:#1f2328;font-weight:600;text-align:left;padding:3px 6px;border-bottom:1px solid #d0d7de;white-space:nowrap}
.ft-view table.ft-trace tbody td{text-align:left;vertical-align:top;padding:2px 6px;border:none;border-bottom:1px solid #eef1f4;white-space:nowrap;line-height:1.3}
.ft-view table.ft-trace tbody tr:nth-child(odd),.ft-view table.ft-trace tbody tr:nth-child(even){background:#fff}
.ft-view table.ft-trace tbody tr:hover{background:#f3f7fc}
.ft-view table.ft-trace tbody tr.ft-phase-row{background:#eef3fa;font-weight:600}
.ft-view table.ft-trace td.ft-step{text-align:right;color:#57606a;font-variant-numeric:tabular-nums}
.ft-view table.ft-trace td.ft-who{border-left:3px solid var(--ft-accent,transparent)}
.ft-view table.ft-trace td.ft-detail{white-space:normal;min-width:12em;max-width:26em;color:#3d4650}
.ft-view table.ft-trace td.ft-cause{color:#57606a}
.ft-view .ft-ev{display:inline-block;padding:0 4px;border-radius:3px;background:#eef1f4;font-size:10.5px}
.ft-view .ft-ev-place,.ft-view .ft-ev-stack,.ft-view .ft-ev-move{background:#dcebfb}
.ft-view .ft-ev-flip,.ft-view .ft-ev-return,.ft-view .ft-ev-dismiss{background:#fbe3d6}
.ft-view .ft-ev-trigger,.ft-view .ft-ev-gain{background:#efe4fa}
.ft-view .ft-ev-ignored,.ft-view .ft-ev-queued,.ft-view .ft-ev-end_flip{background:#f1f1f1;color:#57606a}
.ft-view .ft-ev-fame,.ft-view .ft-ev-least_fame{background:#dafbe1}
.ft-view .ft-ev-decision{background:#fff1c2}
.ft-view [title]{cursor:help}
.ft-view .ft-rule{text-decoration:underline dotted #8c959f}
</style>"""


def _e(value) -> str:
    return escape(str(value), quote=True)


def _accent(index: int) -> str:
    return PLAYER_COLOURS[index % len(PLAYER_COLOURS)]


# -- the grid -------------------------------------------------------------------------------------

def _card_tooltip(spec) -> str:
    texts = [t for t in (spec.bonus, spec.ability, spec.banner) if t]
    head = f"{spec.name}: rank {spec.rank}, fame {spec.fame}"
    return head + ("\n" + "\n".join(texts) if texts else "")


def _fame_tooltip(entry) -> str:
    parts = [f"{entry.base} printed"]
    if entry.bonus or entry.card.spec.score:
        parts.append(f"{entry.bonus:+d} bonus")
    if entry.gained:
        parts.append(f"{entry.gained:+d} gained")
    return f"scores {entry.fame}: " + " ".join(parts)


def _card_html(card, height: int, entry) -> str:
    spec = card.spec
    mark = '<span class="ft-stackmark">+</span>' if height else ""
    indent = f' style="margin-left:{min(height, 2) * 3}px"' if height else ""
    if not card.face_up:
        return (f'<div class="ft-card ft-down"{indent} title="{_e(spec.name)}, face down: no rank, scores nothing">'
                f'{mark}({_e(spec.id)})</div>')
    if entry is None:  # before Check Fame: no scores yet
        score = ""
    else:
        zero = " ft-zero" if entry.fame == 0 else ""
        score = (f'<span class="ft-score{zero}" title="{_e(_fame_tooltip(entry))}">'
                 f'{entry.fame}</span>')
    return (f'<div class="ft-card"{indent} title="{_e(_card_tooltip(spec))}">'
            f'<div class="ft-name">{mark}{_e(spec.name)}</div>'
            f'<div class="ft-bottom"><span>rank {spec.rank} · fame {spec.fame}</span>{score}</div></div>')


def _row_label(row: int) -> str:
    if row < 0:
        return f"<b>extra row {-row}</b>"
    return ("<b>upper row</b>slots 1–3", "<b>lower row</b>slots 4–6")[row]


def _grid_body(player) -> str:
    grid = player.grid
    fame = {(e.pos, e.height): e for e in player.fame}
    out = ['<div class="ft-grid"><div></div>']
    out += [f'<div class="ft-colhead">{name}</div>' for name in COL_NAMES]
    for row in range(-grid.extra_height(), 2):
        out.append(f'<div class="ft-rowhead">{_row_label(row)}</div>')
        for col in range(3):
            stack = grid.at(row, col)
            extra = " ft-extra" if row < 0 else ""
            if not stack:
                label = "" if row < 0 else f"slot {row * 3 + col + 1}"
                out.append(f'<div class="ft-cell ft-empty{extra}" title="{_e(space_name((row, col)))}: empty">'
                           f'{label}</div>')
                continue
            cards = "".join(_card_html(card, h, fame.get(((row, col), h)))
                            for h, card in enumerate(stack))
            where = space_name((row, col)) + (f", a stack of {len(stack)} (bottom first)" if len(stack) > 1 else "")
            out.append(f'<div class="ft-cell{extra}" title="{_e(where)}">{cards}</div>')
    out.append("</div>")
    return "".join(out)


def grid_html(player) -> str:
    """A player's grid: rows top first (extra rows above the upper and lower rows), three columns,
    each stack bottom first; face-down cards as card backs; each scoring card shows its fame."""
    return f'{STYLE}<div class="{SCOPE}">{_grid_body(player)}</div>'


def _player_body(player, least: bool = False) -> str:
    head = [f'<span class="ft-pname">{_e(player.name)}</span>',
            f'<span class="ft-total">{player.fame_total} fame</span>']
    if least:
        head.append('<span class="ft-badge" title="alone with the least fame at Check Fame">least fame</span>')
    notes = []
    deck = ", ".join(c.spec.id for c in player.deck)
    notes.append(f"deck left ({len(player.deck)}, top first): {_e(deck) if deck else '—'}")
    if player.dismissed:
        notes.append("dismissed: " + _e(", ".join(c.spec.id for c in player.dismissed)))
    if player.built_grid:
        notes.append("grid built by hand: no Flip")
    elif player.flip_ended:
        notes.append("Flip ended: " + _e(player.flip_ended))
    return (f'<div class="ft-player" style="--ft-accent:{_accent(player.index)}">'
            f'<div class="ft-head">{"".join(head)}</div>{_grid_body(player)}'
            + "".join(f'<div class="ft-note">{n}</div>' for n in notes) + "</div>")


def player_html(player) -> str:
    """A player's name, total fame, grid, deck left and dismissed pile."""
    return f'{STYLE}<div class="{SCOPE}">{_player_body(player)}</div>'


# -- the trace ------------------------------------------------------------------------------------

def _rule_html(rule_id: str) -> str:
    rule = RULES.get(rule_id)
    if rule is None:
        return f'<span class="ft-rule">{_e(rule_id)}</span>'
    source = SOURCES.get(rule.source, rule.source)
    tip = f"{rule.paraphrase}\n— {source}, {rule.section}" if rule.section else f"{rule.paraphrase}\n— {source}"
    return f'<span class="ft-rule" title="{_e(tip)}">{_e(rule_id)}</span>'


def _detail(event) -> str:
    value, detail = event.value, event.detail
    if event.kind == "flip" and value is not None:
        return ("now face up" if value else "now face down") + (f"; {detail}" if detail else "")
    if event.kind == "fame":  # detail is the breakdown: worth showing only when it adds something
        return f"= {value}" + (f" ({detail})" if detail and detail != str(value) else "")
    if event.kind == "decision" and value is not None:
        return f"= {value}" + (f" ({detail})" if detail else "")
    return detail


def _trace_rows(trace, players) -> str:
    rows = []
    for ev in trace:
        if ev.player is None:
            who, accent = "table", ""
        else:
            p = players[ev.player]
            who, accent = p.name, f' style="--ft-accent:{_accent(p.index)}"'
        cls = ' class="ft-phase-row"' if ev.kind == "phase" else ""
        if ev.cause is None:
            cause = ""
        else:
            cause = (f'<span title="{_e(event_text(trace[ev.cause], players))}">#{ev.cause}</span>'
                     if 0 <= ev.cause < len(trace) else f"#{ev.cause}")
        where = space_name(tuple(ev.pos)) if ev.pos is not None else ""
        rows.append(
            f"<tr{cls}>"
            f'<td class="ft-step">{ev.step}</td>'
            f"<td>{_e(ev.phase)}</td>"
            f'<td class="ft-who"{accent}>{_e(who)}</td>'
            f'<td><span class="ft-ev ft-ev-{_e(ev.kind)}">{_e(ev.kind.replace("_", " "))}</span></td>'
            f"<td>{_e(ev.card or '')}</td>"
            f"<td>{_e(ev.target or '')}</td>"
            f"<td>{_e(where)}</td>"
            f'<td class="ft-detail">{_e(_detail(ev))}</td>'
            f'<td class="ft-cause">{cause}</td>'
            f"<td>{_rule_html(ev.rule)}</td>"
            "</tr>")
    return "".join(rows)


def _trace_body(trace, players) -> str:
    head = "".join(f"<th>{h}</th>" for h in (
        "#", "phase", "player", "event", "card", "target", "where", "detail", "cause", "rule"))
    return (f'<div class="ft-trace-box"><table class="ft-trace"><thead><tr>{head}</tr></thead>'
            f"<tbody>{_trace_rows(trace, players)}</tbody></table></div>")


def trace_html(trace, players) -> str:
    """The trace as a table: step, phase, player, event, card, target, position in words,
    detail, cause step (hover: the cause event) and rule id (hover: its paraphrase)."""
    return f'{STYLE}<div class="{SCOPE}">{_trace_body(trace, players)}</div>'


# -- a whole resolution ---------------------------------------------------------------------------

def resolution_html(resolution) -> str:
    """Every player's name, total fame and grid, the deck left, the market, then the trace."""
    table = resolution.table
    least = getattr(table, "least_fame_player", None)
    out = [STYLE, f'<div class="{SCOPE}">', '<div class="ft-players">']
    out += [_player_body(p, least is p) for p in table.players]
    out.append("</div>")
    out.append('<div class="ft-note">A cell lists its stack bottom card first (+ marks a card stacked on '
               "the one above it). Dark cards are face down. The round badge is the fame a card scored at "
               "Check Fame: hover it for the breakdown, hover a card for its text.</div>")
    market = [c for c in table.market if c is not None]
    if market or table.toon_deck:
        slots = ", ".join(c.spec.id if c else "—" for c in table.market)
        toon = ", ".join(c.spec.id for c in table.toon_deck) or "—"
        out.append(f'<div class="ft-note">market: {_e(slots)}; toon deck ({len(table.toon_deck)}, '
                   f"top first): {_e(toon)}</div>")
    for note in getattr(table, "notes", None) or ():
        out.append(f'<div class="ft-note">note: {_e(note)}</div>')
    if resolution.trace is None:
        out.append('<div class="ft-note">resolved untraced: no trace</div>')
    else:
        out.append(f'<div class="ft-section">Trace ({len(resolution.trace)} events; hover a rule for '
                   "its paraphrase, a cause for its event)</div>")
        out.append(_trace_body(resolution.trace, table.players))
    out.append("</div>")
    return "".join(out)
