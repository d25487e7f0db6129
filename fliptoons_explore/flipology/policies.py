"""Flipology's own policy, beside the toolkit's `DefaultPolicy` (the option the engine's hint,
`worth`, values most: as far as the deciding player knows the cards, what a flip, an exchange or
a removal does to their score against their opponents') and `RandomPolicy`.

`GreedyPolicy` looks one decision ahead: for each option it plays the option out on a copy of
the table as the deciding player sees it (every card they have not seen replaced by an average
unseen card, which scores the deck table's mean and does nothing), lets the documented default
finish what the option starts, and counts the score: their own against the best opponent's (the
other way round with a face-up Moon). It never looks at a card its player has not seen. At the
deal it keeps, orders and regrows as the default does.
"""

from __future__ import annotations

from ..policy import Choice, DefaultPolicy
from .effects import EFFECTS
from .state import Table
from .view import view_of

#: Decisions the greedy policy plays out; the others it leaves to the default.
FLIPS = ("turn", "dog", "frog", "hawk", "snake", "sun", "rain", "monkey_pair")


def standing(view: Table, player: int) -> float:
    """How `player` stands on a table: their score less the best opponent's, or with a face-up
    Moon the lowest opponent's less theirs (unseen cards count their average)."""
    scores = [
        sum(c.value for c in p.cards()) + sum(c.value for c in p.picked) for p in view.players
    ]
    mine = scores[player]
    others = scores[:player] + scores[player + 1 :] or [0]
    return min(others) - mine if view.moon_up() else mine - max(others)


class GreedyPolicy:
    """One decision ahead, on the table as the deciding player sees it (see the module)."""

    name = "greedy"

    def __init__(self) -> None:
        self.default = DefaultPolicy()

    def choose(self, choice: Choice) -> int | None:
        if getattr(choice.table, "averages", None) is None or choice.kind not in (
            FLIPS + ("monkey_effect", "mole", "wolves", "parrot")
        ):
            return self.default.choose(choice)
        best, best_value = None, None
        answers = list(range(len(choice.options))) + ([None] if choice.optional else [])
        for i in answers:
            value = self.value(choice, i)
            if best_value is None or value > best_value + 1e-9:
                best, best_value = i, value
        return best

    def value(self, choice: Choice, i: int | None) -> float:
        """How the deciding player stands after answer `i`, the rest played by the default."""
        from .game import Game

        view = view_of(choice.table, choice.player)
        if i is None:
            return standing(view, choice.player)
        sim = Game(view, self.default, traced=False)
        actor, option, kind = choice.player, choice.options[i], choice.kind
        if kind in ("sun", "rain"):
            sim.flip(option, actor, None, "", then="never")
        elif kind == "turn":
            sim.flip(option, actor, None, "", by_effect=False)
        elif kind == "monkey_pair":
            for q in option:
                sim.flip(q, actor, None, "", then="never")
        elif kind in FLIPS:
            sim.flip(option, actor, None, "")
        elif kind == "monkey_effect":
            sim.apply(view.at(option), option, actor, None)
        elif kind == "mole":
            mole_pos = _where(view, choice.card)
            mole, other = view.at(mole_pos), view.at(option)
            view.put(option, mole)
            view.put(mole_pos, other)
        elif kind == "wolves":
            clearing = view.clearings.pop() if view.clearings else None
            if clearing is not None:
                view.put(option, clearing)
        elif kind == "parrot":
            name = view.at(option).spec.effect
            parrot_pos = _where(view, choice.card)
            if name and name != "parrot" and parrot_pos is not None:
                EFFECTS[name](sim, view.at(parrot_pos), parrot_pos, actor, None)
        return standing(view, actor)


def _where(view: Table, card):
    uid = getattr(card, "uid", None)
    for pos in view.positions():
        if view.at(pos).uid == uid:
            return pos
    return None
