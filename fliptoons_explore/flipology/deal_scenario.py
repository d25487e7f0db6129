"""A whole game written as a scenario once it is dealt and arranged, before the first turn
(Nature: Set Up; Taking a Turn): each player's rows, the discard pile, the first player and the
ruling options, so that the explorer plays its turns. What an experiment's row opens as in the
explorer (`analysis.experiments.scenario`)."""

from __future__ import annotations


class Dealt(Exception):
    """Raised by `AtFirstTurn` to stop a game once it is dealt."""


class AtFirstTurn:
    """A policy that answers as `inner` does until the first turn is asked, then writes the
    table as a scenario and stops the game."""

    def __init__(self, inner) -> None:
        self.inner = inner
        self.name = getattr(inner, "name", "policy")
        self.scenario = None

    def choose(self, choice):
        if choice.kind == "turn":
            t = choice.table
            players = [
                {
                    "name": p.name,
                    "rows": [
                        [{"id": c.id, "face_up": True} if c.face_up else c.id for c in row]
                        for row in p.rows
                    ],
                }
                for p in t.players
            ]
            self.scenario = {
                "game": "flipology",
                "variant": t.variant,
                "players": players,
                "discard": [c.id for c in t.discard],
                "first_player": t.first_player,
                "rulings": t.rulings.changed(),
            }
            raise Dealt
        return self.inner.choose(choice)


def deal_scenario(game) -> dict:
    """`game` (new, not yet played) played up to its first turn, its deal's decisions answered by
    its policy, and written as a scenario."""
    capture = AtFirstTurn(game.policy)
    game.policy = capture
    try:
        game.play()
    except Dealt:
        return capture.scenario
    raise ValueError(
        "this game asked no turn"
    )  # pragma: no cover  (every deal leaves a choice of card)
