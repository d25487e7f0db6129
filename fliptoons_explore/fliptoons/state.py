"""The state of a table: physical cards, each player's deck, grid and dismissed pile, the market,
the toon deck and the other piles. Every card is always in exactly one place (`Table.locations`).
"""

from __future__ import annotations

import random
from collections import deque
from copy import copy

from ..games import KitOf
from .cards import CATALOG, CardSpec
from .grid import Grid
from .rulings import Rulings

#: Price cards left to right (S1/S2 Setup; S2 Combining Games).
PRICES = {"s1": (3, 4, 7, 10, 15), "s2": (3, 4, 7, 10, 15), "combined": (3, 3, 4, 7, 10, 15, 15)}


def part_rng(seed: int, part: str) -> random.Random:
    """The generator of one part of a seeded game ("round 3", "round 3 shuffles", "final flip 0",
    ...), made from the game's seed and the part's name alone: a game taken up at the start of
    any round (a scenario with that `seed` and `round`) draws exactly what the whole game draws
    from there on. (A `str` seed is hashed with SHA-512: the same on every platform.)"""
    return random.Random(f"{seed}/{part}")


class Card:
    """One physical card: a spec, a unique `uid`, whether it shows its face, and its space
    while it is in a grid."""

    __slots__ = ("uid", "spec", "face_up", "where")

    def __init__(self, uid: int, spec: CardSpec, face_up: bool = False) -> None:
        self.uid = uid
        self.spec = spec
        self.face_up = face_up
        self.where = None  # (row, col) while in a grid; kept by Grid

    @property
    def id(self) -> str:
        return self.spec.id

    def __repr__(self) -> str:
        return f"{self.spec.id}#{self.uid}" + ("" if self.face_up else "(down)")


class PlayerState:
    """A player's deck (top at the left), grid and dismissed pile, plus this round's results."""

    __slots__ = (
        "index",
        "name",
        "deck",
        "grid",
        "dismissed",
        "revealed",
        "built_grid",
        "actions",
        "choices",
        "fame",
        "fame_total",
        "queued",
        "flip_ended",
        "fame_left",
        "actions_left",
        "critics_choice",
        "starting_season",
        "gains",
        "bonus_actions",
        "fame_generated",
        "fame_extra_rows",
        "fame_after_flip",
        "turned_up",
    )

    def __init__(self, index: int, name: str) -> None:
        self.index = index
        self.name = name
        self.deck: deque[Card] = deque()
        self.grid = Grid()
        self.dismissed: list[Card] = []
        self.revealed: Card | None = None  # revealed in the Flip and not yet placed
        self.built_grid = False  # the grid was built by hand: this player does not flip
        self.actions: list[dict] = []
        self.choices: list = []
        self.fame: list = []  # CardFame entries after Check Fame
        self.fame_total = 0
        self.queued: list = []  # effects waiting for the end of the Flip (s2.key.timing)
        self.flip_ended = ""
        self.fame_left = 0  # fame not yet spent in the Market
        self.actions_left = 0
        self.critics_choice = False
        self.starting_season = ""
        self.gains: dict[int, int] = {}  # fame a card gains after the Flip (card uid -> fame)
        self.bonus_actions = 0  # extra Market actions gained after the Flip (a gained Peacock)
        self.fame_generated = 0  # fame generated at Check Fame, before least-fame gains
        self.fame_extra_rows = (
            0  # extra rows of the grid at Check Fame (where `fame` entries scored)
        )
        self.fame_after_flip = (
            0  # of fame_generated, what was gained after the Flip (a gained Peacock's 2)
        )
        self.turned_up: set[int] = set()  # uids of cards a flip turned face up again this round

    def __repr__(self) -> str:
        return f"<Player {self.index} {self.name}: deck {len(self.deck)}, grid {self.grid.count()}>"


#: The default rulings, one instance for every table that plays them (rulings are frozen).
DEFAULT_RULINGS = Rulings()


class Table:
    """Everything on the table for one resolution. `game`: FlipToons on the toolkit
    (`kit.KIT`, a `games.GameKit`)."""

    game = KitOf("fliptoons")

    def __init__(
        self,
        season: str = "s2",
        rulings: Rulings | None = None,
        seed: int | None = None,
        first_player: int = 0,
        rng: random.Random | None = None,
    ) -> None:
        self.season = season
        self.rulings = rulings or DEFAULT_RULINGS
        self._rng = rng  # `rng`: a generator made already; else made when first drawn from
        self._rng_from: tuple = ("seed", seed)
        self.players: list[PlayerState] = []
        self.market: list[Card | None] = [None] * len(PRICES[season])
        self.toon_deck: deque[Card] = deque()
        self.market_discard: list[Card] = []  # discarded market cards (and the solo discard pile)
        self.box: list[Card] = []  # cards returned to the game box (the Pig in solo)
        self.first_player = first_player
        # remarks on the situation (e.g. more copies than the boxes hold)
        self.notes: list[str] = []
        self.after_flip: list = []  # (player, card, trigger) effects queued in the Flip, in order
        # players whose order the Flip's readings differ on
        self.effect_orders_differ: set[int] = set()
        self.least_fame_player = None  # who alone had the least fame at Check Fame
        #: the critic's choice of this Check Fame, if it triggered the end: {"player": index, or
        #: None when a tie sent it back to the box, "fame": the most fame}; None otherwise (each
        #: Check Fame clears it)
        self.critics_choice: dict | None = None
        self._next_uid = 0

    @property
    def rng(self) -> random.Random:
        """The generator the table draws from (a Pig shuffled into the toon deck...), made when
        first drawn from: most rounds draw nothing, and making one is the dearest step of a
        small round."""
        if self._rng is None:
            how, *args = self._rng_from
            self._rng = part_rng(*args) if how == "part" else random.Random(*args)
        return self._rng

    @rng.setter
    def rng(self, value: random.Random) -> None:
        self._rng = value

    def draw_from(self, seed, part: str) -> None:
        """From now on the table draws from `part_rng(seed, part)` (made when first drawn from)."""
        self._rng = None
        self._rng_from = ("part", seed, part)

    def new_card(self, card_id: str, face_up: bool = False) -> Card:
        card = Card(self._next_uid, CATALOG[card_id], face_up)
        self._next_uid += 1
        return card

    def new_cards(self, card_ids, face_up: bool = False) -> list[Card]:
        """`new_card` of each id, in order (their uids in that order)."""
        uid = self._next_uid
        self._next_uid = uid + len(card_ids)
        return [Card(uid + k, CATALOG[cid], face_up) for k, cid in enumerate(card_ids)]

    def add_player(self, name: str) -> PlayerState:
        player = PlayerState(len(self.players), name)
        self.players.append(player)
        return player

    def clockwise(self) -> list[PlayerState]:
        """Players in clockwise order starting with the first player."""
        n = len(self.players)
        return [self.players[(self.first_player + i) % n] for i in range(n)]

    def locations(self) -> dict[int, str]:
        """{card uid: place} for every card; raises if a card is in two places."""
        where: dict[int, str] = {}

        def see(cards, place):
            for c in cards:
                if c is None:
                    continue
                if c.uid in where:
                    raise AssertionError(f"card {c!r} is both in {where[c.uid]} and in {place}")
                where[c.uid] = place

        for p in self.players:
            see(p.deck, f"deck {p.index}")
            see(p.grid.cards(), f"grid {p.index}")
            see(p.dismissed, f"dismissed {p.index}")
            see([p.revealed], f"revealed by {p.index}")
        see(self.market, "market")
        see(self.toon_deck, "toon deck")
        see(self.market_discard, "discard")
        see(self.box, "box")
        return where

    @property
    def prices(self) -> tuple[int, ...]:
        """The price card above each market slot, left to right."""
        return PRICES[self.season]

    def arrange_market(self, cards: list[Card], depleted: bool | None = None) -> None:
        """Market slots by rank, lowest left (a later card of equal rank to the right, S2 Combining
        Games); with the toon deck empty (`depleted`, by default whether it is) the cards sit
        under the highest price cards (S2 Market)."""
        slots = len(PRICES[self.season])
        ordered = sorted(cards, key=lambda c: c.spec.rank)  # stable: equal ranks keep their order
        pad = [None] * (slots - len(ordered))
        if depleted is None:
            depleted = not self.toon_deck
        self.market = (pad + ordered) if depleted else (ordered + pad)

    def market_cards(self) -> list[Card]:
        return [c for c in self.market if c is not None]

    def copy(self) -> Table:
        """An exact copy to play on: every card a new `Card` with the same uid, face and space,
        in the same places and orders (decks, grids, dismissed piles, market, toon deck), each
        player's state, the first player, the effects waiting after the Flip and the generator's
        state, so that the copy plays on exactly as the table would. The cards of the market's
        discard pile and of the box, which nothing takes back, are shared. What a search
        simulates on (`montecarlo`)."""
        made: dict[int, Card] = {}
        new_card = Card.__new__

        def card(c: Card | None) -> Card | None:
            if c is None:
                return None
            new = made.get(c.uid)
            if new is None:
                new = made[c.uid] = new_card(Card)
                new.uid, new.spec, new.face_up, new.where = c.uid, c.spec, c.face_up, c.where
            return new

        t = Table.__new__(Table)
        t.season, t.rulings = self.season, self.rulings
        t._rng_from = self._rng_from
        t._rng = None  # made when first drawn from, as the table's would be
        if self._rng is not None:
            t._rng = random.Random.__new__(random.Random)
            t._rng.setstate(self._rng.getstate())
        t.players = []
        for p in self.players:
            q = PlayerState.__new__(PlayerState)
            q.index, q.name = p.index, p.name
            q.deck = deque([card(c) for c in p.deck])
            q.grid = p.grid.copy(card)
            q.dismissed = [card(c) for c in p.dismissed]
            q.revealed = card(p.revealed)
            q.built_grid, q.actions, q.choices = p.built_grid, p.actions, p.choices
            q.fame = [_moved_entry(e, card(e.card)) for e in p.fame]
            q.queued = [(card(c), *rest) for c, *rest in p.queued]
            q.fame_total, q.flip_ended, q.fame_left = p.fame_total, p.flip_ended, p.fame_left
            q.actions_left, q.critics_choice = p.actions_left, p.critics_choice
            q.starting_season, q.bonus_actions = p.starting_season, p.bonus_actions
            q.fame_generated, q.fame_extra_rows = p.fame_generated, p.fame_extra_rows
            q.fame_after_flip, q.turned_up = p.fame_after_flip, set(p.turned_up)
            q.gains = dict(p.gains)
            t.players.append(q)
        t.market = [card(c) for c in self.market]
        t.toon_deck = deque([card(c) for c in self.toon_deck])
        t.market_discard = list(self.market_discard)
        t.box = list(self.box)
        t.first_player = self.first_player
        t.notes = list(self.notes)
        t.after_flip = [(i, card(c), *rest) for i, c, *rest in self.after_flip]
        t.effect_orders_differ = set(self.effect_orders_differ)
        t.critics_choice = None if self.critics_choice is None else dict(self.critics_choice)
        least = self.least_fame_player
        t.least_fame_player = None if least is None else t.players[least.index]
        t._next_uid = self._next_uid
        if "game" in self.__dict__:
            t.game = self.game
        return t

    def snapshot(self, grids: dict | None = None) -> dict:
        """The table's state as plain values (`snapshot`)."""
        return snapshot(self, grids)


def _moved_entry(entry, card):
    """A copy of a Check Fame entry (`fame.CardFame`) naming `card`, the copy of its card."""
    new = copy(entry)
    new.card = card
    return new


def snapshot(table: Table, grids: dict | None = None) -> dict:
    """The state of a table as plain values: every player's grid (rows top first, stacks bottom
    first, as the JSON output shapes it, each card also giving its `uid`), deck (top first),
    dismissed pile, revealed card, fame and fame left to spend, the market, the toon deck, the
    discards and the box. Read-only: parts are shared between snapshots. `grids` (a dict kept by
    the caller) reuses a grid's picture while its `version` stays."""
    return {
        "players": [
            {
                "name": p.name,
                "grid": _grid_state(p.grid, grids),
                "deck": [c.spec.id for c in p.deck],
                "dismissed": [c.spec.id for c in p.dismissed],
                "revealed": p.revealed.spec.id if p.revealed else None,
                "fame": p.fame_total,
                "fame_left": p.fame_left,
            }
            for p in table.players
        ],
        "market": [c.spec.id if c else None for c in table.market],
        "toon_deck": [c.spec.id for c in table.toon_deck],
        "discard": [c.spec.id for c in table.market_discard],
        "box": [c.spec.id for c in table.box],
    }


def grid_state(grid: Grid) -> list:
    """A grid as the JSON output shapes it (rows top first, 3 cells a row, stacks bottom first),
    each card `{"id", "face_up", "uid"}`: the uid tells one physical card from its copies."""
    return [
        [
            None
            if not grid.at(r, c)
            else [
                {"id": card.spec.id, "face_up": card.face_up, "uid": card.uid}
                for card in grid.at(r, c)
            ]
            for c in range(3)
        ]
        for r in range(-grid.extra_height(), 2)
    ]


def _grid_state(grid: Grid, cache: dict | None) -> list:
    if cache is None:
        return grid_state(grid)
    key = grid.version
    cached = cache.get(id(grid))
    if cached is not None and cached[0] == key:
        return cached[1]
    out = grid_state(grid)
    cache[id(grid)] = (key, out)
    return out
