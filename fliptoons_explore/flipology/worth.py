"""What an option of a Flipology decision is worth to the player who decides, by the engine's
plain hint: the number each option of a decision carries (`Choice.values`), which the documented
default (`DefaultPolicy`) takes the highest of, and which the greedy policy, the search and the
advice leave behind when they look further. None of it is a rule: the game is the same whatever
the numbers, and a policy may ignore them.

    >>> from fliptoons_explore.flipology.cards import CARDS
    >>> keep_worth(CARDS["koala:8"]), keep_worth(CARDS["moon:7"])
    (8, 0)

A worth is what an answer does to the decider's score against their opponents', as far as the
decider knows the cards (`view.sees`: a face-up card, one of their own, 'You can peek at any of
your facedown cards whenever you like' (Nature, Set Up), or one their Sun peeked at). A card
turned face up adds its points, a Sloth or a Koala turned face up takes its points off twice
over ('the sum of the points of all faceup cards in your row minus any points from faceup Sloths
and Koalas. Then add the points from any facedown Sloths or Koalas': End of Game Scoring), and a
face-up Cat stays face up under another card's effect (The Animals: the CAT); a change to an
opponent's row counts against the decider. A card the decider has not seen counts the deck
table's average (`deck_averages`). With the Moon face up 'the winner of the round will be the
player with the fewest points' (The Animals: the MOON), so every worth turns round. docs/engine.md
has the table of every decision's worth.
"""

from __future__ import annotations

from .cards import CARDS
from .view import seen_card, sees

#: How much the documented default prefers each effect when it has to choose one (a Parrot's
#: model, the one effect a Monkey applies): flips first, then the others.
EFFECT_PREFERENCE = {
    "dog": 3,
    "frog": 3,
    "hawk": 3,
    "snake": 3,
    "monkey": 2,
    "mole": 1,
    "wolves": 1,
    "parrot": 0,
    "rain": 0,
    "sun": 0,
    "wind": 0,
}

_AVERAGES: dict = {}


def deck_averages(deck: dict[str, int]) -> tuple[float, float, float]:
    """(what turning an unseen face-down card face up is worth to its player, what an unseen
    face-down card counts, what keeping a dealt card is worth) on average over a deck table: a
    game keeps them as its table's `averages`."""
    key = tuple(sorted(deck.items()))
    if key not in _AVERAGES:
        _AVERAGES[key] = _average(deck)
    return _AVERAGES[key]


def _average(deck: dict[str, int]) -> tuple[float, float, float]:
    n = sum(deck.values()) or 1
    up = sum(CARDS[c].up_value * k for c, k in deck.items()) / n
    down = sum(CARDS[c].down_value * k for c, k in deck.items()) / n
    keep = sum(keep_worth(CARDS[c]) * k for c, k in deck.items()) / n
    return up - down, down, keep


def keep_worth(spec) -> int:
    """What the documented default thinks a dealt card is worth keeping: its points (a Sloth or
    Koala scores them face down), the Moon nothing (the default does not play for the fewest)."""
    return 0 if spec.kind == "moon" else spec.points


def discard_worths(hand, pairs) -> tuple:
    """Nature's deal ('select seven to arrange ... discard the two leftover cards'): each group
    of `pairs` (indices into `hand`) is worth minus what its cards are worth keeping, so the two
    worth least go."""
    worth = [keep_worth(c.spec) for c in hand]
    if pairs and len(pairs[0]) == 2:
        return tuple(-worth[a] - worth[b] for a, b in pairs)
    return tuple(-sum(worth[i] for i in pair) for pair in pairs)


def regrowth_worth(table, hand) -> float:
    """The Great Tree's Regrowth: what as many average cards of the deck table are worth keeping,
    less what `hand` is worth (regrow when the hand is worth less)."""
    return len(hand) * table.averages[2] - sum(keep_worth(c.spec) for c in hand)


def flip_worths(table, actor: int, targets, applies: bool, by_effect: bool = True) -> tuple:
    """What turning each card of `targets` over gives `actor`, as far as they know the cards:
    the change of its player's score (for an unseen card, the deck table's average), counted
    for the actor when it is theirs and against them when it is an opponent's; a little more
    for an effect that will act; everything the other way round with a face-up Moon."""
    players = table.players
    sign = -1 if table.moon_up() else 1
    unseen = table.averages[0]
    out = []
    for p, r, c in targets:
        card = players[p].rows[r][c]
        spec = card.spec
        if card.face_up:
            gain = 0 if by_effect and spec.kind == "cat" else -spec.up_gain
        elif seen_card(table, actor, p, card):
            gain = spec.up_gain + 0.5 if applies and spec.effect else spec.up_gain
        else:
            gain = unseen
        out.append(sign * gain if p == actor else -sign * gain)
    return tuple(out)


def pair_worths(table, actor: int, near, pairs) -> tuple:
    """A Great Tree Monkey's pairs of the cards `near` it (or the one pair a ruling lets be
    declined): each pair the sum of its two flips (`flip_worths`)."""
    worth = dict(zip(near, flip_worths(table, actor, near, True)))
    return tuple(sum(worth[q] for q in pair) for pair in pairs)


def effect_worths(table, positions, missing: int) -> tuple:
    """The effect of each face-up card at `positions` (the one a Monkey applies, the animal a
    Parrot mimics) by `EFFECT_PREFERENCE`; `missing` for a card without an effect there."""
    return tuple(EFFECT_PREFERENCE.get(table.at(q).spec.effect, missing) for q in positions)


def swap_worths(table, actor: int, mole_pos, targets) -> tuple:
    """A Mole's exchange with each card of `targets`: what the two players' scores change by,
    for the actor (an unseen card counts the deck table's average face-down value)."""
    mole = table.at(mole_pos)
    sign = -1 if table.moon_up() else 1
    hidden = table.averages[1]
    out = []
    for pos in targets:
        other = table.at(pos)
        other_value = other.value if sees(table, actor, pos) else hidden
        change = {mole_pos[0]: other_value - mole.value}
        change[pos[0]] = change.get(pos[0], 0) + mole.value - other_value
        out.append(sign * sum(v if p == actor else -v for p, v in change.items()))
    return tuple(out)


def remove_worths(table, actor: int, targets) -> tuple:
    """The Wolves' removal of each card of `targets`: its value leaves its player's score (a
    Clearing scores 0)."""
    sign = -1 if table.moon_up() else 1
    hidden = table.averages[1]
    out = []
    for pos in targets:
        value = table.at(pos).value if sees(table, actor, pos) else hidden
        out.append(sign * (-value if pos[0] == actor else value))
    return tuple(out)


def pick_worths(table, options) -> tuple:
    """A Hermit Crab's pick of each (card, counted face up) of `options`: the points it adds to
    the decider's score ('Sloths and koalas can be treated as faceup or facedown': offered both
    ways), the other way round with a face-up Moon."""
    sign = -1 if table.moon_up() else 1
    return tuple(
        sign * (card.spec.up_value if face_up else card.spec.down_value)
        for card, face_up in options
    )
