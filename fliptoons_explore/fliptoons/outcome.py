"""A played FlipToons game's outcome as rows of a table (what experiments and tournaments count):
who won and how (S2 Check Fame: 30 fame triggers the end; the Final Flip decides)."""

from __future__ import annotations

from ..games import won_share
from .resolver import TRIGGER_FAME


def outcome_rows(game, first: int, per: str) -> list[dict]:
    """A played FlipToons game's outcome: one row (`per="game"`) or one per seat
    (`per="player"`): `rounds`, `reason`, whether the 30-fame trigger ended it (`triggered`),
    the winners (seats, by a space), and per seat its place from the first player of round 1
    (`start`, 0 = the first player), its Final Flip fame, whether it won and its share of the
    win (1/k for k tied winners)."""
    r = game.result
    t = game.table
    n = len(t.players)
    common = {
        "rounds": r.rounds,
        "reason": r.reason,
        "triggered": r.solo == "won" or r.reason.startswith(f"a player generated {TRIGGER_FAME}"),
    }
    fame = r.final_fame or [p.fame_total for p in t.players]
    if per == "game":
        row = {**common, "winners": " ".join(map(str, r.winners))}
        if r.solo:
            row.update(won=r.solo == "won", fame=t.players[0].fame_total)
        else:
            row.update(top_fame=max(fame))
        return [row]
    rows = []
    for i in range(n):
        won, share = (
            won_share(i, r.winners) if not r.solo else (r.solo == "won", float(r.solo == "won"))
        )
        rows.append(
            {
                "seat": i,
                "start": (i - first) % n,
                **common,
                "fame": fame[i],
                "won": won,
                "share": share,
            }
        )
    return rows
