"""Flipology's own policy, beside the toolkit's `DefaultPolicy` (the option the engine's hint
values most: as far as the deciding player knows the cards, what a flip, an exchange or a
removal does to their score against their opponents') and `RandomPolicy`.

`GreedyPolicy` looks one decision ahead: for each option it plays the option out on a copy of
the table as the deciding player sees it (every card they have not seen replaced by an average
unseen card, which scores the deck table's mean and does nothing), lets the documented default
finish what the option starts, and counts the score: their own against the best opponent's (the
other way round with a face-up Moon). It never looks at a card its player has not seen. At the
deal it keeps, orders and regrows as the default does.
"""
from __future__ import annotations

from ..policy import Choice, DefaultPolicy
from .cards import FlipSpec
from .effects import EFFECTS
from .state import Card, Table

#: Decisions the greedy policy plays out; the others it leaves to the default.
FLIPS = ("turn", "dog", "frog", "hawk", "snake", "sun", "rain", "monkey_pair")


def unseen_spec(table) -> FlipSpec:
    """An average unseen card of the table's deck: its mean score face up and face down, no
    effect, no animal."""
    gain, down, _ = table.averages
    return FlipSpec(id="unseen:0", kind="unseen", name="an unseen card", points=0, group="unseen", effect="",
                    text="", copies=0, copies_source="", points_source="", up_value=gain + down,
                    down_value=down, up_gain=gain)


def view_of(table: Table, player: int) -> Table:
    """A copy of the table as `player` sees it: their own cards, face-up cards and cards their Sun
    showed as they are, every other card an average unseen card (same uid, same face)."""
    unseen = unseen_spec(table)
    seen = table.players[player].seen
    view = Table(table.variant, table.rulings, first_player=table.first_player)
    view.averages = table.averages
    for p in table.players:
        q = view.add_player(p.name)
        q.rows = [[Card(c.uid, c.spec if c.face_up or p.index == player or c.uid in seen else unseen, c.face_up)
                   for c in row] for row in p.rows]
        q.picked = [Card(c.uid, c.spec, c.face_up) for c in p.picked]
    view.clearings = [Card(c.uid, c.spec, c.face_up) for c in table.clearings]
    view.moons = [c for p in view.players for c in p.cards() if c.spec.kind == "moon"]
    view._next_uid = table._next_uid
    return view


def standing(view: Table, player: int) -> float:
    """How `player` stands on a table: their score less the best opponent's, or with a face-up
    Moon the lowest opponent's less theirs (unseen cards count their average)."""
    scores = [sum(c.value for c in p.cards()) + sum(c.value for c in p.picked) for p in view.players]
    mine = scores[player]
    others = scores[:player] + scores[player + 1:] or [0]
    return min(others) - mine if view.moon_up() else mine - max(others)


class GreedyPolicy:
    """One decision ahead, on the table as the deciding player sees it (see the module)."""

    name = "greedy"

    def __init__(self) -> None:
        self.default = DefaultPolicy()

    def choose(self, choice: Choice) -> int | None:
        if getattr(choice.table, "averages", None) is None or choice.kind not in (
                FLIPS + ("monkey_effect", "mole", "wolves", "parrot")):
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
