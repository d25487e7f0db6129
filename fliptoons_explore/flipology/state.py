"""The state of a Flipology table: physical cards, each player's rows and hand, the draw pile, the
discard pile, the Clearings set aside and the cards left in the box, and where cards are
adjacent. Every card is always in exactly one place (`Table.locations`).

A position is `(player, row, col)`: row 0 is a player's bottom row (the first dealt: Nature has
only that one), col 0 its left-most card. Players sit in turn order and play passes to the left,
so the rows form one circle (Taking a Turn, 2): a row's right end is adjacent to the same row of
the previous player's left end, its left end to the next player's right end. In the Great Tree
each level of rows forms such a circle, and a card is also adjacent to the cards directly above
and below it in its player's rows (never diagonally).
"""

from __future__ import annotations

import random

from ..games import KitOf
from .cards import CARDS, FlipSpec
from .rulings import Rulings

VARIANTS = ("nature", "great-tree", "multi")
DEFAULT_RULINGS = Rulings()
#: Players a variant takes (Nature: 2-8 players; Great Tree Variant for 2-4 Players).
PLAYER_COUNTS = {"nature": (2, 8), "great-tree": (2, 4), "multi": (2, 8)}


class Card:
    """One physical card: a face (`spec`), a unique `uid`, and whether it shows its face."""

    __slots__ = ("uid", "spec", "face_up")

    def __init__(self, uid: int, spec: FlipSpec, face_up: bool = False) -> None:
        self.uid = uid
        self.spec = spec
        self.face_up = face_up

    @property
    def id(self) -> str:
        return self.spec.id

    @property
    def value(self) -> int:
        """What the card adds to its player's score as it lies (Sloths and Koalas count minus
        face up, plus face down; other cards their points face up, nothing face down)."""
        return self.spec.up_value if self.face_up else self.spec.down_value

    def __repr__(self) -> str:
        return f"{self.spec.id}#{self.uid}" + ("" if self.face_up else "(down)")


class Player:
    """A player's rows (bottom first, each left to right), hand (while cards are dealt), the
    cards a Hermit Crab picked, whether Regrowth is used, the cards seen by a Sun (`seen`: uids),
    and the final count (`score`, its `parts`, `different_animals`)."""

    __slots__ = (
        "index",
        "name",
        "rows",
        "hand",
        "picked",
        "regrown",
        "seen",
        "score",
        "parts",
        "different_animals",
    )

    def __init__(self, index: int, name: str) -> None:
        self.index = index
        self.name = name
        self.rows: list[list[Card]] = []
        self.hand: list[Card] = []
        self.picked: list[Card] = []
        self.regrown = False
        self.seen: set[int] = set()
        self.score: int | None = None
        self.parts: dict = {}
        self.different_animals = 0

    def cards(self):
        for row in self.rows:
            yield from row

    def __repr__(self) -> str:
        return (
            f"<Player {self.index} {self.name}: {sum(map(len, self.rows))} cards in "
            f"{len(self.rows)} rows>"
        )


class Table:
    """Everything on a Flipology table. `game` is Flipology on the toolkit (`games.GameKit`,
    `kit.KIT`); `variant` is 'nature', 'great-tree' or 'multi' (Nature games in a row)."""

    game = KitOf("flipology")

    def __init__(
        self,
        variant: str = "nature",
        rulings: Rulings | None = None,
        seed: int | None = None,
        first_player: int = 0,
    ) -> None:
        self.variant = variant
        self.rulings = rulings or DEFAULT_RULINGS
        self.rng = random.Random(seed)
        self.players: list[Player] = []
        self.pile: list[Card] = []  # the draw pile, top last
        self.discard: list[Card] = []  # the face-down discard pile, oldest first
        self.clearings: list[Card] = []  # the Clearing cards set aside, within reach
        self.box: list[Card] = []  # cards left out of this game (the Moon, the Wolves, the Rain...)
        self.first_player = first_player
        self.notes: list[str] = []
        self.running: list[int] | None = (
            None  # a multi-game scenario's running scores before this game
        )
        self.result = None  # the `GameResult` once the game is counted
        # (flip gain, face-down value, keep worth) of an unseen card: `worth.deck_averages`
        self.averages = None
        self.moons: list[Card] = []  # the Moon cards (a face-up one is always in a row: `moon_up`)
        self._positions: list | None = (
            None  # every position, until a row grows or goes (`rows_changed`)
        )
        self._next_uid = 0

    @property
    def tree(self) -> bool:
        return self.variant == "great-tree"

    def new_card(self, spec: FlipSpec | str, face_up: bool = False) -> Card:
        card = Card(self._next_uid, spec if isinstance(spec, FlipSpec) else CARDS[spec], face_up)
        self._next_uid += 1
        if card.spec.kind == "moon":
            self.moons.append(card)
        return card

    def moon_up(self) -> bool:
        """Whether a Moon is face up in a row (cards anywhere else lie face down)."""
        return any(c.face_up for c in self.moons)

    def add_player(self, name: str) -> Player:
        player = Player(len(self.players), name)
        self.players.append(player)
        return player

    def clockwise(self, start: int | None = None) -> list[Player]:
        """Players in turn order from `start` (default: the starting player)."""
        n = len(self.players)
        s = self.first_player if start is None else start
        return [self.players[(s + i) % n] for i in range(n)]

    # -- positions ---------------------------------------------------------------------------
    def at(self, pos) -> Card:
        p, r, c = pos
        return self.players[p].rows[r][c]

    def exists(self, pos) -> bool:
        p, r, c = pos
        if not 0 <= p < len(self.players):
            return False
        rows = self.players[p].rows
        return 0 <= r < len(rows) and 0 <= c < len(rows[r])

    def put(self, pos, card: Card) -> Card:
        """Put `card` at `pos`; returns the card that was there."""
        p, r, c = pos
        row = self.players[p].rows[r]
        old, row[c] = row[c], card
        return old

    def positions(self, player: int | None = None) -> list:
        """Every position holding a card, player by player (turn order from seat 0), bottom row
        first, left to right (a list to read, not to change)."""
        if player is not None:
            return [
                (player, r, c)
                for r, row in enumerate(self.players[player].rows)
                for c in range(len(row))
            ]
        if self._positions is None:
            self._positions = [
                (pl.index, r, c)
                for pl in self.players
                for r, row in enumerate(pl.rows)
                for c in range(len(row))
            ]
        return self._positions

    def rows_changed(self) -> None:
        """A row was added, grew or went: the positions are counted again."""
        self._positions = None

    def locate(self, card: Card):
        for pos in self.positions():
            if self.at(pos) is card:
                return pos
        return None

    def left(self, pos):
        """The card to the left of `pos`: in its row, or past the row's end the next player's
        (in turn order) right-most card of the same level."""
        p, r, c = pos
        if c > 0:
            return (p, r, c - 1)
        n = len(self.players)
        for k in range(1, n + 1):
            q = (p + k) % n
            rows = self.players[q].rows
            if r < len(rows) and rows[r]:
                return (q, r, len(rows[r]) - 1)
        return None

    def right(self, pos):
        """The card to the right of `pos`: in its row, or past the row's end the previous
        player's left-most card of the same level."""
        p, r, c = pos
        if c + 1 < len(self.players[p].rows[r]):
            return (p, r, c + 1)
        n = len(self.players)
        for k in range(1, n + 1):
            q = (p - k) % n
            rows = self.players[q].rows
            if r < len(rows) and rows[r]:
                return (q, r, 0)
        return None

    def up(self, pos):
        p, r, c = pos
        rows = self.players[p].rows
        return (p, r + 1, c) if r + 1 < len(rows) and c < len(rows[r + 1]) else None

    def down(self, pos):
        p, r, c = pos
        rows = self.players[p].rows
        return (p, r - 1, c) if r > 0 and c < len(rows[r - 1]) else None

    def adjacent(self, pos) -> list:
        """The cards adjacent to `pos` (orthogonally): left and right along the circle, and in
        the Great Tree above and below; each once, `pos` itself never."""
        steps = (
            (self.left, self.right, self.up, self.down) if self.tree else (self.left, self.right)
        )
        out = []
        for step in steps:
            q = step(pos)
            if q is not None and q != pos and q not in out:
                out.append(q)
        return out

    def two_away(self, pos, straight: bool) -> list:
        """The cards 'two spaces away' (the Frog): two steps in one line (`straight`), or any
        card two orthogonal steps away and not adjacent (L-shapes included)."""
        out = []
        if straight or not self.tree:
            steps = (
                (self.left, self.right, self.up, self.down)
                if self.tree
                else (self.left, self.right)
            )
            for step in steps:
                q = step(pos)
                q = step(q) if q is not None else None
                if q is not None and q != pos and q not in out:
                    out.append(q)
            return out
        near = self.adjacent(pos)
        for q in near:
            for far in self.adjacent(q):
                if far != pos and far not in near and far not in out:
                    out.append(far)
        return out

    def row_of(self, pos) -> list:
        """Every position of the row (one player's, one level) holding `pos`."""
        p, r, _ = pos
        return [(p, r, c) for c in range(len(self.players[p].rows[r]))]

    # -- where every card is ------------------------------------------------------------------
    def all_cards(self):
        for p in self.players:
            yield from p.cards()
            yield from p.hand
            yield from p.picked
        yield from self.pile
        yield from self.discard
        yield from self.clearings
        yield from self.box

    def locations(self) -> dict[int, str]:
        """{card uid: place} for every card; raises if a card is in two places."""
        where: dict[int, str] = {}

        def see(cards, place):
            for card in cards:
                if card.uid in where:
                    raise AssertionError(
                        f"card {card!r} is both in {where[card.uid]} and in {place}"
                    )
                where[card.uid] = place

        for p in self.players:
            see(p.cards(), f"rows {p.index}")
            see(p.hand, f"hand {p.index}")
            see(p.picked, f"picked by {p.index}")
        see(self.pile, "pile")
        see(self.discard, "discard")
        see(self.clearings, "clearings")
        see(self.box, "box")
        return where

    def snapshot(self, cache: dict | None = None) -> dict:
        """The table's state as plain values: every player's rows (bottom first; each card
        `{"id": kind, "points", "face_up", "uid"}`), hand, picked cards and score, then the piles
        (top of the draw pile last). Read-only."""
        return {
            "players": [
                {
                    "name": p.name,
                    "rows": [[card_state(c) for c in row] for row in p.rows],
                    "hand": [c.spec.id for c in p.hand],
                    "picked": [c.spec.id for c in p.picked],
                    "score": p.score,
                }
                for p in self.players
            ],
            "pile": [c.spec.id for c in self.pile],
            "discard": [c.spec.id for c in self.discard],
            "clearings": len(self.clearings),
            "box": [c.spec.id for c in self.box],
        }


def card_state(card: Card) -> dict:
    return {
        "id": card.spec.kind,
        "points": card.spec.points,
        "face_up": card.face_up,
        "uid": card.uid,
    }
