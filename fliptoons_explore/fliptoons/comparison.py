"""What a ruling comparison (`analysis.compare`) shows of a FlipToons outcome: where each card
ended up (a slot or a stack in the grid, face down, the deck or the dismissed pile) and the fame
it scored, each player's grid, deck and the fame left after a round's Market, who won a game
played to its end (S2 Final Flip), and both outcomes drawn side by side, the cards that differ
tinted."""

from __future__ import annotations

import json
from html import escape

from ..games import SeatOutcome
from .engine import GameResolution, RoundResolution
from .grid import space_name
from .render import Marks, fame_of_players, table_html, table_info
from .scenario import grid_json
from .state import snapshot
from .text import grid_text


def places(player) -> dict:
    """{card uid: (id, where, fame)} for every card of a player's grid, deck and dismissed pile:
    'slot 2 (upper middle)', 'extra row 1, middle, stack 2', 'face down at slot 4 (lower left)',
    'deck', 'dismissed'; fame 0 for a card that does not score."""
    fame = {e.card.uid: e.fame for e in player.fame}
    out = {}
    for row, col, stack in player.grid.spaces():
        for h, c in enumerate(stack):
            where = space_name((row, col)) + (f", stack {h + 1}" if h else "")
            if not c.face_up:
                where = "face down at " + where
            out[c.uid] = (c.spec.id, where, fame.get(c.uid, 0))
    for c in player.deck:
        out[c.uid] = (c.spec.id, "deck", 0)
    for c in player.dismissed:
        out[c.uid] = (c.spec.id, "dismissed", 0)
    return out


def seat_outcome(resolution, seat: int) -> SeatOutcome:
    """A player's fame, grid (as a scenario writes it, and as text), cards, deck (top first) and,
    after a round played, the fame the Market left unspent."""
    p = resolution.table.players[seat]
    return SeatOutcome(
        p.fame_total,
        grid_json(p.grid),
        grid_text(p),
        places(p),
        tuple(c.spec.id for c in p.deck),
        p.fame_left if isinstance(resolution, RoundResolution) else None,
    )


def winners(resolution) -> list | None:
    """The winners of a game played on to its end (`play_game`); None for a resolution (Flip +
    Check Fame) or a round, which decide no winner."""
    if not isinstance(resolution, GameResolution):
        return None
    return list(resolution.game.result.winners)


def _placed(resolution) -> dict:
    """{card uid: (player, row, col, height, face up, fame)} for every card in a grid."""
    fame = fame_of_players(resolution.table.players)
    out = {}
    for pi, p in enumerate(snapshot(resolution.table)["players"]):
        rows = p["grid"]
        n_extra = len(rows) - 2
        for j, row in enumerate(rows):
            for col, stack in enumerate(row):
                for h, e in enumerate(stack or ()):
                    score = fame.get(e["uid"])
                    out[e["uid"]] = (
                        pi,
                        j - n_extra,
                        col,
                        h,
                        e["face_up"],
                        score.fame if score else 0,
                    )
    return out


def comparison_html(comparison) -> str:
    """Two outcomes, labelled, side by side where there is room and one above the other where
    there is not; the cards whose place, face or fame differ are tinted in both, and each side
    says who ends with how much fame."""
    a, b = _placed(comparison.before), _placed(comparison.after)
    changed = frozenset(u for u in set(a) | set(b) if a.get(u) != b.get(u))
    marks = Marks(chain=changed)
    sides = []
    labels = (
        ("as set", comparison.before, comparison.rulings_before),
        (
            "with " + ", ".join(f"{k} = {json.dumps(v)}" for k, v in comparison.changes.items()),
            comparison.after,
            comparison.rulings_after,
        ),
    )
    for label, res, _rulings in labels:
        info = table_info(res.table, show_order=True, flip_notes=False)
        info.compact = True
        html = table_html(snapshot(res.table), fame_of_players(res.table.players), marks, info)
        fame = " · ".join(f"{escape(p.name)} {p.fame_total}" for p in res.table.players)
        sides.append(
            '<div style="display:inline-block;vertical-align:top;max-width:100%;margin:0 8px 6px '
            "0;"
            f'border:1px solid #d0d7de;border-radius:6px;padding:2px 4px">'
            f'<div style="font-weight:700;margin:2px 4px">{escape(label)} '
            f'<span style="font-weight:400;color:#57606a">— {fame} fame</span></div>{html}</div>'
        )
    lines = "".join(
        f"<div>{escape(line)}</div>"
        for line in comparison.text().splitlines()
        if not line.startswith(("  grid", "    "))
    )
    legend = (
        f'<div style="font-size:11px;color:#57606a;margin:2px 0 4px">Tinted: the {len(changed)} '
        "card"
        f"{'s' if len(changed) != 1 else ''} whose place, face or fame differ between the "
        "two.</div>"
        if changed
        else '<div style="font-size:11px;color:#57606a;margin:2px 0 4px">No card differs.</div>'
    )
    return (
        f'<div style="max-width:100%;white-space:normal">{legend}<div>{"".join(sides)}</div>'
        '<div style="font-size:11px;color:#3d4650;margin-top:4px;white-space:normal;'
        'overflow-wrap:anywhere">'
        f"{lines}</div></div>"
    )
