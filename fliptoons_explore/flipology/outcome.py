"""A played Flipology game's outcome as rows of a table (what experiments and tournaments count):
the winners, the scores, and the Moon (the Flipology rulebook, End of the Game)."""

from __future__ import annotations

from ..games import won_share


def outcome_rows(game, first: int, per: str) -> list[dict]:
    """A played Flipology game's outcome: one row (`per="game"`: the winners, whether a face-up
    Moon decided, the top score) or one per seat: its score (a multi-game match: its running
    score, and `last` the last game's count), whether it won, its share, whether its row holds
    the Moon (`moon_in_row`, either face) and whether a face-up Moon decided (`moon_up`)."""
    r = game.result
    t = game.table
    holders = [any(c.spec.kind == "moon" for c in p.cards()) for p in t.players]
    if per == "game":
        return [
            {
                "winners": " ".join(map(str, r.winners)),
                "moon_up": r.moon,
                "top_score": max(r.scores),
                "games_in_match": r.games,
            }
        ]
    rows = []
    for i, _p in enumerate(t.players):
        won, share = won_share(i, r.winners)
        score = r.running[i] if r.running else r.scores[i]
        rows.append(
            {
                "seat": i,
                "start": (i - first) % len(t.players),
                "score": score,
                "last": r.scores[i],
                "won": won,
                "share": share,
                "moon_in_row": holders[i],
                "moon_up": r.moon,
            }
        )
    return rows
