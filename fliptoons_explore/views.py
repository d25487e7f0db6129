"""HTML helpers both games' views share, for Jupyter (`_repr_html_`) and the widgets: the view's
frame, colours, what a table view marks, the rule of an event in words, and the trace as a table.

Pure functions: state in, HTML string out. The output is byte-stable (no element ids, dates,
memory addresses or randomness), so nbval can compare it, and it imports nothing from IPython,
ipywidgets or matplotlib.

Every style is an inline `style` attribute made of plain properties (colours, borders, padding,
fonts), and layout uses tables and inline blocks: an untrusted notebook, a read-only viewer or a
sanitizer drops `<style>` blocks and scripts but keeps these, so the picture is the same
everywhere. Each game draws its own table on these (`fliptoons_explore.fliptoons.render`,
`fliptoons_explore.flipology.render`).

    trace_table(trace, players, game)   the trace as a scrolling table (rule paraphrases as tooltips)
    trace_html(trace, players, game)    the same as a view
    rule_words(rule_id)                 a rule id with its paraphrase and source
"""  # noqa: E501

from __future__ import annotations

from dataclasses import dataclass
from html import escape

from .events import kind_colour
from .rules import RULES, SOURCES
from .words import cites, event_text

#: The class of every view's outer element (views carry no other styling hook).
SCOPE = "ft-view"

#: Player accent colours by seat (8 seats at most), on the player's box and trace rows.
PLAYER_COLOURS = (
    "#2f6fb5",
    "#c0562b",
    "#3b8c4a",
    "#8a4fb0",
    "#b08a1e",
    "#2a8c8c",
    "#b03a6a",
    "#5c6670",
)

INK, MUTED, LINE = "#1f2328", "#57606a", "#d0d7de"
FONT = "font-family:system-ui,-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif"
ACTING = "#d4a72c"  # the acting card's outline
CHAIN = "#fff4cc"  # the tint of cards its cause chain touched
TARGET = "#2f6fb5"  # a builder's chosen cell


def esc(value) -> str:
    return escape(str(value), quote=True)


def accent(index: int) -> str:
    return PLAYER_COLOURS[index % len(PLAYER_COLOURS)]


def root(body: str, extra: str = "") -> str:
    return (
        f'<div class="{SCOPE}{extra}" style="{FONT};font-size:12px;line-height:1.3;color:{INK};'
        f'background:#ffffff;padding:6px 8px;text-align:left">{body}</div>'
    )


# -- what a view marks -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Marks:
    """What a table view highlights: the `acting` card (a uid), the cards its cause chain touched
    (`chain`, uids), a card that just left a space (`ghost`: (player, row, col, card id)), the
    builder's chosen cell (`target`: (player, row, col)); `clickable` adds the data attributes
    the widgets listen to (`data-action`, `data-player`, `data-row`, `data-col`, `data-height`)."""

    acting: int | None = None
    chain: frozenset = frozenset()
    ghost: tuple | None = None
    target: tuple | None = None
    clickable: bool = False
    deck_mark: tuple | None = None  # (player, "top" | "bottom"): a card just put into a deck
    revealed: int | None = None  # the player whose just revealed card acts


NO_MARKS = Marks()


@dataclass(frozen=True)
class CardScore:
    """What one card scored: its fame and the breakdown in words ('2 printed +4 bonus')."""

    fame: int
    words: str = ""


def label(text: str, colour: str = "#eef1f4", ink: str = INK) -> str:
    return (
        f'<span style="display:inline-block;font-size:10px;padding:0 4px;border-radius:3px;'
        f'background:{colour};color:{ink};margin-right:2px">{esc(text)}</span> '
    )


def note(text: str, width: str = "36em") -> str:
    return (
        f'<div style="color:{MUTED};font-size:11px;margin-top:3px;max-width:{width}">{text}</div>'
    )


# -- the trace ------------------------------------------------------------------------------------


def rule_words(rule_id: str) -> str:
    """'s2.keyword.stack — put the card on top of … (FlipToons: Season 2 rulebook (English),
    Keywords)'."""
    rule = RULES.get(rule_id)
    if rule is None:
        return rule_id
    source = SOURCES.get(rule.source, rule.source)
    return f"{rule_id} — {rule.paraphrase} ({source}{', ' + rule.section if rule.section else ''})"


def rules_words(event) -> str:
    """`rule_words` of the rule an event cites and, a line each after it, of the ruling options
    that decided."""
    return "\n".join(rule_words(r) for r in cites(event))


def rule_html(rule_id: str) -> str:
    rule = RULES.get(rule_id)
    if rule is None:
        return esc(rule_id)
    source = SOURCES.get(rule.source, rule.source)
    tip = f"{rule.paraphrase}\n— {source}" + (f", {rule.section}" if rule.section else "")
    return (
        f'<span title="{esc(tip)}" style="text-decoration:underline dotted '
        f'#8c959f">{esc(rule_id)}</span>'
    )


def rules_html(event) -> str:
    """The rule an event cites and, beside it, the ruling option that decided, each with its
    paraphrase as a tooltip."""
    return "<br>".join(rule_html(r) for r in cites(event))


def event_detail(event) -> str:
    value, detail = event.value, event.detail
    if event.kind == "flip" and value is not None:
        return ("now face up" if value else "now face down") + (f"; {detail}" if detail else "")
    if event.kind == "fame":
        return f"= {value}" + (f" ({detail})" if detail and detail != str(value) else "")
    if event.kind == "decision" and value is not None:
        return f"= {value}" + (f" ({detail})" if detail else "")
    return detail


TD = (
    "text-align:left;vertical-align:top;padding:1px 6px;border-bottom:1px solid "
    "#eef1f4;white-space:nowrap"
)


def _trace_rows(trace, players, game, current: int | None = None, clickable: bool = False) -> str:
    by_step = {e.step: e for e in trace}
    rows = []
    for ev in trace:
        if ev.player is None:
            who, colour = "table", "transparent"
        else:
            who, colour = players[ev.player].name, accent(ev.player)
        bg = "#fff4cc" if ev.step == current else ("#eef3fa" if ev.kind == "phase" else "#ffffff")
        weight = "font-weight:600;" if ev.kind == "phase" else ""
        cause = "" if ev.cause is None else f"#{ev.cause}"
        if ev.cause in by_step:
            cause = (
                f'<span title="{esc(event_text(by_step[ev.cause], players, game))}">'
                f"#{ev.cause}</span>"
            )
        where = game.where(tuple(ev.pos), players) if ev.pos is not None else ""
        kind = (
            f'<span style="display:inline-block;padding:0 4px;border-radius:3px;font-size:10.5px;'
            f'background:{kind_colour(ev.kind)}">{esc(ev.kind.replace("_", " "))}</span>'
        )
        data = f' data-step="{ev.step}"' if clickable else ""
        if clickable and ev.step == current:
            data += ' data-current="1"'
        rows.append(
            f'<tr{data} style="background:{bg};{weight}{"cursor:pointer;" if clickable else ""}">'
            f'<td style="{TD};text-align:right;color:{MUTED}">{ev.step}</td>'
            f'<td style="{TD}">{esc(ev.phase)}</td>'
            f'<td style="{TD};border-left:3px solid {colour}">{esc(who)}</td>'
            f'<td style="{TD}">{kind}</td>'
            f'<td style="{TD}">{esc(ev.card or "")}</td>'
            f'<td style="{TD}">{esc(ev.target or "")}</td>'
            f'<td style="{TD}">{esc(where)}</td>'
            f'<td style="{TD};white-space:normal;min-width:12em;max-width:26em;color:#3d4650">'
            f"{esc(event_detail(ev))}</td>"
            f'<td style="{TD};color:{MUTED}">{cause}</td>'
            f'<td style="{TD}">{rules_html(ev)}</td>'
            "</tr>"
        )
    return "".join(rows)


def _compact_rows(trace, players, game, current: int | None, clickable: bool) -> str:
    rows = []
    for ev in trace:
        colour = "transparent" if ev.player is None else accent(ev.player)
        bg = "#fff4cc" if ev.step == current else ("#eef3fa" if ev.kind == "phase" else "#ffffff")
        data = f' data-step="{ev.step}"' if clickable else ""
        if clickable and ev.step == current:
            data += ' data-current="1"'
        kind = (
            f'<span style="display:inline-block;padding:0 4px;border-radius:3px;font-size:10.5px;'
            f'background:{kind_colour(ev.kind)}">{esc(ev.kind.replace("_", " "))}</span>'
        )
        cause = "" if ev.cause is None else f' <span style="color:{MUTED}">← #{ev.cause}</span>'
        rows.append(
            f'<tr{data} style="background:{bg}{";cursor:pointer" if clickable else ""}">'
            f'<td style="{TD};text-align:right;color:{MUTED};border-left:3px solid '
            f'{colour}">{ev.step}</td>'
            f'<td style="{TD};white-space:normal">{kind} '
            f"{esc(game.event_sentence(ev, players))}{cause}</td>"
            f'<td style="{TD}">{rules_html(ev)}</td></tr>'
        )
    return "".join(rows)


def trace_table(
    trace,
    players,
    game,
    current: int | None = None,
    max_height: str = "32em",
    clickable: bool = False,
    compact: bool = False,
) -> str:
    """The trace as a scrolling table (no outer view element): step, phase, player, event, card,
    target, position in words, detail, cause step (hover: the cause event), rule (hover: its
    paraphrase); the `current` step's row tinted; `clickable` rows carry `data-step`. `compact`:
    three columns only (step; the event as a sentence with its cause; rule), for a narrow panel."""
    if compact:
        head = "".join(
            f'<th style="{TD};background:#eaeef2;font-weight:600">{h}</th>'
            for h in ("#", "event", "rule")
        )
        return (
            f'<div style="max-height:{max_height};overflow:auto;border:1px solid '
            f'{LINE};border-radius:6px">'
            '<table style="border-collapse:collapse;margin:0;width:100%;font-size:11.5px;'
            f'color:{INK}">'
            f"<thead><tr>{head}</tr></thead><tbody>"
            f"{_compact_rows(trace, players, game, current, clickable)}"
            "</tbody></table></div>"
        )
    head = "".join(
        f'<th style="{TD};background:#eaeef2;font-weight:600">{h}</th>'
        for h in (
            "#",
            "phase",
            "player",
            "event",
            "card",
            "target",
            "where",
            "detail",
            "cause",
            "rule",
        )
    )
    return (
        f'<div style="max-height:{max_height};overflow:auto;border:1px solid '
        f'{LINE};border-radius:6px">'
        f'<table style="border-collapse:collapse;margin:0;width:auto;font-size:11.5px;color:{INK}">'
        f"<thead><tr>{head}</tr></thead><tbody>"
        f"{_trace_rows(trace, players, game, current, clickable)}</tbody></table></div>"
    )


def trace_html(trace, players, game) -> str:
    """The trace as a table: step, phase, player, event, card, target, position in words,
    detail, cause step (hover: the cause event) and rule id (hover: its paraphrase)."""
    return root(trace_table(trace, players, game))
