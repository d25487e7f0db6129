"""What the situation library (`content.situations`) and the exercises (`content.teach`) read of
a Flipology outcome: the fields of a situation's expected outcome (the library's README,
`fliptoons_explore/content/library/README.md`, Flipology situations), each read from a
resolution in those terms, the checks a library entry's values pass, and a player's rows as
words.

    >>> from fliptoons_explore import situation
    >>> r = situation("fl.example.tiebreak.tim-and-rachel-21").run()
    >>> outcome_fields(r)["score"], outcome_fields(r)["winners"]   # the tiebreak: more animals
    ({'Tim': 21, 'Rachel': 21}, ['Rachel'])
"""

from __future__ import annotations

from ..games import field_differences
from .cards import spec_of

__all__ = [
    "EXPECT_FIELDS",
    "compact_rows",
    "outcome_fields",
    "check_expected",
    "expected_differences",
    "cards_in",
]

#: The fields of an expected outcome that are Flipology's own, in the order a check reports them:
#: "player" (an object keyed by player name) or "table" (`games.GameContract.expect_fields`).
EXPECT_FIELDS = {
    "score": "player",
    "rows": "player",
    "score_parts": "player",
    "different_animals": "player",
    "discard": "table",
    "moon": "table",
    "running_scores": "table",
    "game_points": "table",
    "winners": "table",
}


def compact_rows(player: dict) -> list[list[str]]:
    """A player's rows (bottom first) as words: each card 'kind:points', a face-down card
    '~kind:points'."""
    return [
        [("" if c["face_up"] else "~") + f"{c['id']}:{c['points']}" for c in row]
        for row in player["rows"]
    ]


def outcome_fields(resolution, step: int | None = None) -> dict:
    """Each player's score and rows (compact: `compact_rows`) and the discard pile; at the end also
    each score's parts, the different face-up animals, the winners, the Moon and a match's running
    scores. Before their count a player has no score yet: a recorded state gives the score their
    face-up cards show (a face-up Sloth or Koala minus its points), as the Great Tree reads 'the
    highest score showing' (Regrowth), and during the count each card counted otherwise than it
    shows (a face-down Sloth or Koala, a Hermit Crab's pick) changes it at its own step (End of
    Game Scoring)."""

    def shown(card: dict) -> int:
        return spec_of(f"{card['id']}:{card['points']}").up_value if card["face_up"] else 0

    if step is not None:
        state = resolution.state_after(step)
        rows = [p["rows"] for p in state["players"]]
        score = [sum(shown(c) for row in r for c in row) for r in rows]
        for e in resolution.trace[: step + 1]:
            if e.kind == "fame" and e.player is not None:
                at = rows[e.pos[0]][e.pos[1]][e.pos[2]] if e.pos else None
                score[e.player] += e.value - (shown(at) if at else 0)
        players = state["players"]
        return {
            "score": {
                p["name"]: s if p["score"] is None else p["score"] for p, s in zip(players, score)
            },
            "rows": {p["name"]: compact_rows(p) for p in players},
            "discard": state["discard"],
        }
    doc = resolution.to_json()
    names = [p["name"] for p in doc["players"]]
    out = {
        field: {p["name"]: p[field] for p in doc["players"]}
        for field in ("score", "score_parts", "different_animals")
    }
    out["rows"] = {p["name"]: compact_rows(p) for p in doc["players"]}
    out["winners"] = [names[i] for i in doc["winners"]]
    out.update(
        {k: doc[k] for k in ("moon", "discard", "running_scores", "game_points") if k in doc}
    )
    return out


def check_expected(where: str, field: str, value, play: str, players: list) -> None:
    """ValueError (one line, starting with `where`) for a value of one of `EXPECT_FIELDS` that a
    library entry cannot hold: winners that are not the scenario's players, a multi-game
    scenario's running scores or game points that are not one whole number per player."""
    if field == "winners":
        if not isinstance(value, list) or not all(v in players for v in value):
            raise ValueError(f"{where}: expected a list of the scenario's player names")
    elif field in ("running_scores", "game_points"):
        if (
            not isinstance(value, list)
            or len(value) != len(players)
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)
        ):
            raise ValueError(
                f"{where}: expected {len(players)} whole numbers, one per player in seat order"
            )


def expected_differences(expect: dict, resolution) -> list[str]:
    """Each way a resolution's outcome differs from the Flipology fields of an expected outcome,
    one line each (`games.field_differences`: every field compared as it reads)."""
    return field_differences(expect, outcome_fields(resolution), EXPECT_FIELDS)


def cards_in(scenario: dict) -> set[str]:
    """Every card kind a scenario names: the players' rows and the discard pile."""
    ids = {c.split(":")[0] for c in scenario.get("discard", [])}
    for p in scenario["players"]:
        for row in p.get("rows", []):
            ids |= {(c if isinstance(c, str) else c["id"]).split(":")[0] for c in row}
    return ids
