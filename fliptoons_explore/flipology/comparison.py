"""What a ruling comparison (`analysis.compare`) shows of a Flipology outcome: where each card
ended up (a player's row and place in it, face down, or picked by a Hermit Crab) and the points
it is worth, each player's rows and score (End of Game Scoring), and both outcomes drawn side
by side as the game draws the end of a resolution."""

from __future__ import annotations

import json
from html import escape

from ..games import SeatOutcome
from .scenario import card_json
from .text import rows_text


def places(table, seat: int) -> dict:
    """{card uid: (id, where, points)} for every card of a player's rows and picks: "Ben's row,
    card 1", "Ben's row, card 2, face down", "picked by a Hermit Crab"."""
    out = {}
    for pos in table.positions(seat):
        c = table.at(pos)
        where = table.game.where(pos, table.players) + ("" if c.face_up else ", face down")
        out[c.uid] = (c.spec.id, where, c.value)
    for c in table.players[seat].picked:
        out[c.uid] = (c.spec.id, "picked by a Hermit Crab", c.value)
    return out


def seat_outcome(resolution, seat: int) -> SeatOutcome:
    """A player's score, rows (as a scenario writes them, and as text) and cards."""
    t = resolution.table
    p = t.players[seat]
    shown = [
        [{"id": c.spec.kind, "points": c.spec.points, "face_up": c.face_up} for c in row]
        for row in p.rows
    ]
    return SeatOutcome(
        p.score,
        [[card_json(c) for c in row] for row in p.rows],
        rows_text(shown, indent=""),
        places(t, seat),
    )


def comparison_html(comparison) -> str:
    """A comparison's two tables, each as the game draws the end of a resolution, labelled with
    each player's points, then the comparison in words."""
    sides = []
    labels = (
        ("as set", comparison.before),
        (
            "with " + ", ".join(f"{k} = {json.dumps(v)}" for k, v in comparison.changes.items()),
            comparison.after,
        ),
    )
    for label, res in labels:
        score = " · ".join(f"{escape(p.name)} {p.score}" for p in res.table.players)
        sides.append(
            '<div style="display:inline-block;vertical-align:top;max-width:100%;margin:0 8px 6px '
            "0;"
            f'border:1px solid #d0d7de;border-radius:6px;padding:2px 4px">'
            f'<div style="font-weight:700;margin:2px 4px">{escape(label)} '
            f'<span style="font-weight:400;color:#57606a">— {score} points</span></div>'
            f"{res.table.game.resolution_html(res)}</div>"
        )
    lines = "".join(f"<div>{escape(line)}</div>" for line in comparison.text().splitlines())
    return (
        f'<div style="max-width:100%;white-space:normal"><div>{"".join(sides)}</div>'
        '<div style="font-size:11px;color:#3d4650;margin-top:4px;white-space:normal;'
        'overflow-wrap:anywhere">'
        f"{lines}</div></div>"
    )
