"""What a Flipology player may see: the one place that decides it, for the engine's hints, the
policies, the search, the advice and the explorer's words.

A player sees every face-up card; their own face-down cards ('You can peek at any of your
facedown cards whenever you like', Nature: Set Up); and the face-down cards of opponents that
their Sun peeked at ('peek at any three facedown cards in your opponents' rows', recorded in
`Player.seen`). Everything else is hidden from them: the other players' face-down cards they
have not peeked at, the other hands, the draw pile and the face-down discard pile (which a
Hermit Crab's owner looks through when picking: `discard_seen`).

    >>> from fliptoons_explore.flipology.state import Table
    >>> t = Table(); ann, ben = t.add_player("Ann"), t.add_player("Ben")
    >>> ann.rows, ben.rows = [[t.new_card("dog:5")]], [[t.new_card("sloth:7"), t.new_card("cat:6", True)]]
    >>> [sees(t, 0, q) for q in t.positions()]
    [True, False, True]
    >>> ann.seen.add(ben.rows[0][0].uid)                                   # her Sun peeked at it
    >>> sees(t, 0, (1, 0, 0))
    True
"""  # noqa: E501

from __future__ import annotations

from .cards import FlipSpec
from .state import Card, Table

__all__ = ["sees", "seen_card", "unseen_places", "view_of", "unseen_spec"]


def seen_card(table: Table, player: int, owner: int, card: Card) -> bool:
    """Whether `player` may see the face of `card`, which lies in `owner`'s rows: face up, their
    own, or peeked at by their Sun."""
    return card.face_up or owner == player or card.uid in table.players[player].seen


def sees(table: Table, player: int, pos) -> bool:
    """Whether `player` may see the face of the card at `pos` (see the module)."""
    return seen_card(table, player, pos[0], table.at(pos))


def unseen_places(table: Table, player: int, discard_seen: bool = False) -> list[tuple[list, int]]:
    """Every place holding a card `player` may not see, as (list, index): the other players'
    row cards they do not see (`seen_card`), their hands, the draw pile, and the face-down
    discard pile unless `discard_seen` (a Hermit Crab's owner looks through it)."""
    places = []
    for p in table.players:
        if p.index == player:
            continue
        for row in p.rows:
            places += [
                (row, k) for k, c in enumerate(row) if not seen_card(table, player, p.index, c)
            ]
        places += [(p.hand, k) for k in range(len(p.hand))]
    places += [(table.pile, k) for k in range(len(table.pile))]
    if not discard_seen:
        places += [(table.discard, k) for k, c in enumerate(table.discard) if not c.face_up]
    return places


def unseen_spec(table: Table) -> FlipSpec:
    """An average unseen card of the table's deck: its mean score face up and face down, no
    effect, no animal."""
    gain, down, _ = table.averages
    return FlipSpec(
        id="unseen:0",
        kind="unseen",
        name="an unseen card",
        points=0,
        group="unseen",
        effect="",
        text="",
        copies=0,
        copies_source="",
        points_source="",
        up_value=gain + down,
        down_value=down,
        up_gain=gain,
    )


def view_of(table: Table, player: int) -> Table:
    """A copy of the table's rows as `player` sees them: every card they see (`seen_card`) as it
    is, every other card an average unseen card (`unseen_spec`: same uid, same face)."""
    unseen = unseen_spec(table)
    view = Table(table.variant, table.rulings, first_player=table.first_player)
    view.averages = table.averages
    for p in table.players:
        q = view.add_player(p.name)
        q.rows = [
            [
                Card(c.uid, c.spec if seen_card(table, player, p.index, c) else unseen, c.face_up)
                for c in row
            ]
            for row in p.rows
        ]
        q.picked = [Card(c.uid, c.spec, c.face_up) for c in p.picked]
        q.seen = set(p.seen)
    view.clearings = [Card(c.uid, c.spec, c.face_up) for c in table.clearings]
    view.moons = [c for p in view.players for c in p.cards() if c.spec.kind == "moon"]
    view._next_uid = table._next_uid
    return view
