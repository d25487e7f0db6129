"""Building Flipology scenarios for tests, and reading what a resolution left on the table."""

from __future__ import annotations

from fliptoons_explore import flipology


def scenario(
    *rows,
    names=None,
    variant="nature",
    turns=(),
    discard=(),
    end=(),
    rulings=None,
    first=None,
    **extra,
):
    """A Flipology scenario: `rows[i]` is player i's rows (Nature: a list of cards; the Great Tree:
    a list of rows, bottom first, when `variant` is "great-tree"). A card written with a leading
    '+' is face up ('+cat:6'). `turns`: (player, [row, col], [choices...]) each."""

    def card(c):
        return {"id": c[1:], "face_up": True} if c.startswith("+") else c

    players = []
    for i, r in enumerate(rows):
        player_rows = r if variant == "great-tree" else [r] if r else []
        players.append(
            {
                "name": names[i] if names else f"P{i}",
                "rows": [[card(c) for c in row] for row in player_rows],
            }
        )
    data = {
        "game": "flipology",
        "variant": variant,
        "players": players,
        "turns": [{"player": p, "flip": list(f), "choices": list(ch)} for p, f, ch in turns],
    }
    if discard:
        data["discard"] = list(discard)
    if end:
        data["end_choices"] = list(end)
    if rulings:
        data["rulings"] = dict(rulings)
    if first is not None:
        data["first_player"] = first
    data.update(extra)
    return data


def resolve(*rows, **kw):
    return flipology.resolve(scenario(*rows, **kw))


def faces(r, player: int) -> list:
    """A player's rows as 'kind:points' ('+' marks a face-up card), bottom row first; one row as a
    flat list."""
    rows = [
        [("+" if c.face_up else "") + c.spec.id for c in row]
        for row in r.table.players[player].rows
    ]
    return rows[0] if len(rows) == 1 else rows


def scores(r) -> list:
    return [p.score for p in r.table.players]


def kinds(r, kind: str) -> list:
    """The events of one kind, as (card, pos, rule)."""
    return [(e.card, e.pos, e.rule) for e in r.trace if e.kind == kind]


def rules(r) -> set:
    return {e.rule for e in r.trace}


#: The rulebook's 'Example of cascading effects & affecting an opponent's row' (Joelle's
#: cascade), as a scenario.
JOELLE = {
    "game": "flipology",
    "variant": "nature",
    "players": [
        {"name": "Joelle", "rows": [["dog", "snake", "monkey"]]},
        {"name": "Ben", "rows": [["frog:4", "panda", "sloth:6"]]},
    ],
    "turns": [{"player": 0, "flip": [0, 2], "choices": [[1, 0, 0], [1, 0, 2]]}],
}
