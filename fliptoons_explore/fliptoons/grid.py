"""A player's grid: the six base slots, stacks, face-down cards and extra rows, with the pure
helpers the rules speak of (adjacent, column, reading order, lowest rank).

A space is `(row, col)`: row 0 is the upper row, 1 the lower row, -1 the first extra row above
the upper row, -2 the next; col 0..2 left to right. A stack is a list of cards, bottom first.
Base slots are numbered 1..6 in reading order (slot = row * 3 + col + 1).
"""

from __future__ import annotations

from collections.abc import Iterator

UPPER, LOWER = 0, 1
MIDDLE = 1
COL_NAMES = ("left", "middle", "right")
BASE = tuple((row, col) for row in (UPPER, LOWER) for col in range(3))  # the six slots' spaces


def space_name(pos: tuple[int, int]) -> str:
    """'slot 2 (upper middle)' or 'extra row 1, middle'."""
    row, col = pos
    if row >= 0:
        return f"slot {row * 3 + col + 1} ({('upper', 'lower')[row]} {COL_NAMES[col]})"
    return f"extra row {-row}, {COL_NAMES[col]}"


class Grid:
    """Stacks in the six base slots (`slots[0..5]`) and in extra cells above each column
    (`extra[col][level]`, level 0 directly above the upper row). Empty spaces hold None."""

    __slots__ = (
        "slots",
        "extra",
        "version",
        "holes",
        "_seen",
        "_spaces",
        "_cards_seen",
        "_cards",
        "costs",
    )

    def __init__(self) -> None:
        self.slots: list[list | None] = [None] * 6
        self.extra: tuple[list, list, list] = ([], [], [])
        self.version = 0  # counts changes (cards moved or turned), for caches of the grid's picture
        self.holes = False  # an extra column may have an empty cell below its top one
        self._seen = self._cards_seen = -1  # the versions `_spaces` and `_cards` were listed at
        self._spaces: tuple = ()
        self._cards: tuple = ()
        self.costs = (
            None  # the Market's dismiss costs, kept while the grid stays (market.dismissals)
        )

    # -- spaces -----------------------------------------------------------------------------
    def at(self, row: int, col: int) -> list | None:
        """The stack in a space, or None."""
        if row >= 0:
            return self.slots[row * 3 + col]
        column = self.extra[col]
        level = -row - 1
        return column[level] if level < len(column) else None

    def extra_height(self) -> int:
        """How many extra rows the grid has."""
        return max(len(self.extra[0]), len(self.extra[1]), len(self.extra[2]))

    def rows(self, extra_topmost: bool = True) -> list[int]:
        """Row indices in reading order (extra rows first when they count as topmost)."""
        extra = list(range(-self.extra_height(), 0))
        return extra + [UPPER, LOWER] if extra_topmost else [UPPER, LOWER] + extra[::-1]

    def spaces(self, extra_topmost: bool = True) -> tuple[tuple[int, int, list], ...]:
        """(row, col, stack) for every occupied space, in reading order: listed once per change
        of the grid (`version`), since the rules read the same grid many times over."""
        if self._seen != self.version:
            slots = self.slots
            extra = self.extra
            if extra[0] or extra[1] or extra[2]:
                self._spaces = tuple(self._in_order(True))
            else:
                self._spaces = tuple(
                    [(r, c, slots[i]) for i, (r, c) in enumerate(BASE) if slots[i]]
                )
            self._seen = self.version
        if extra_topmost or len(self._spaces) == len(self.slots) - self.slots.count(None):
            return self._spaces
        return tuple(self._in_order(False))  # extra rows read after the base rows

    def _in_order(self, extra_topmost: bool) -> Iterator[tuple[int, int, list]]:
        extra = self.extra
        if not (extra[0] or extra[1] or extra[2]):
            for i, stack in enumerate(self.slots):
                if stack:
                    yield i // 3, i % 3, stack
            return
        if extra_topmost:
            for level in range(self.extra_height() - 1, -1, -1):
                yield from self._extra_row(level)
        for i, stack in enumerate(self.slots):
            if stack:
                yield i // 3, i % 3, stack
        if not extra_topmost:
            for level in range(self.extra_height()):
                yield from self._extra_row(level)

    def _extra_row(self, level: int) -> Iterator[tuple[int, int, list]]:
        for col, column in enumerate(self.extra):
            if level < len(column) and column[level]:
                yield -level - 1, col, column[level]

    def cards(self) -> list:
        """Every card in the grid: spaces in reading order, each stack bottom first."""
        return list(self.all_cards())

    def all_cards(self) -> tuple:
        """`cards()` as a tuple shared until the grid changes: for reading, in the engine's
        loops."""
        if self._cards_seen != self.version:
            extra = self.extra
            if extra[0] or extra[1] or extra[2]:
                self._cards = tuple([c for _, _, stack in self.spaces() for c in stack])
            else:
                self._cards = tuple([c for stack in self.slots if stack for c in stack])
            self._cards_seen = self.version
        return self._cards

    def count(self) -> int:
        return len(self.all_cards())

    def first_empty_slot(self) -> int | None:
        """Index 0..5 of the first empty base slot in reading order, or None when all are filled."""
        try:
            return self.slots.index(None)
        except ValueError:
            return None

    def is_full(self) -> bool:
        return None not in self.slots

    def lowest_free_extra(self, col: int) -> int:
        """The row of the lowest empty extra cell above a column (a new row if needed)."""
        column = self.extra[col]
        if self.holes and None in column:
            return -column.index(None) - 1
        return -len(column) - 1

    def neighbours(self, row: int, col: int) -> list[tuple[int, int, list]]:
        """Occupied spaces sharing a side with (row, col): above, below, left, right."""
        out = []
        for r, c in ((row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1)):
            if 0 <= c <= 2 and r <= LOWER:
                stack = self.at(r, c)
                if stack:
                    out.append((r, c, stack))
        return out

    # -- finding and moving cards -------------------------------------------------------------
    def locate(self, card) -> tuple[int, int, int] | None:
        """(row, col, height in stack) of a card, or None if it is not in this grid. The top card
        of a stack is found at once; one below, by one pass over its stack."""
        where = card.where
        if where is None:
            return None
        row, col = where
        stack = self.slots[row * 3 + col] if row >= 0 else self.at(row, col)
        if not stack:
            return None
        if stack[-1] is card:
            return row, col, len(stack) - 1
        try:
            return row, col, stack.index(card)  # cards compare by identity
        except ValueError:
            return None

    def put(self, card, row: int, col: int) -> None:
        """Put a card into an empty space (a new extra row if `row` is above the current ones)."""
        card.where = (row, col)
        self.version += 1
        if row >= 0:
            self.slots[row * 3 + col] = [card]
            return
        column = self.extra[col]
        level = -row - 1
        if len(column) < level:
            self.holes = True
        while len(column) <= level:
            column.append(None)
        column[level] = [card]

    def stack_on(self, card, row: int, col: int) -> None:
        """Put a card on top of the stack in a space."""
        (self.slots[row * 3 + col] if row >= 0 else self.at(row, col)).append(card)
        card.where = (row, col)
        self.version += 1

    def insert(self, card, row: int, col: int, height: int) -> None:
        """Put a card at a height of a stack (or into the then empty space)."""
        stack = self.at(row, col)
        if stack is None:
            self.put(card, row, col)
        else:
            stack.insert(height, card)
            card.where = (row, col)
            self.version += 1

    def remove(self, card, where: tuple[int, int, int] | None = None) -> tuple[int, int, int]:
        """Take a card out of the grid; returns where it was (`where`: its `locate`, if known).
        An emptied space becomes None."""
        if where is None:
            where = self.locate(card)
        row, col, height = where
        stack = self.slots[row * 3 + col] if row >= 0 else self.at(row, col)
        del stack[height]
        card.where = None
        self.version += 1
        if not stack:
            if row >= 0:
                self.slots[row * 3 + col] = None
            else:
                column = self.extra[col]
                column[-row - 1] = None
                while column and column[-1] is None:
                    column.pop()
                if -row - 1 < len(column):
                    self.holes = True
        return where

    def clear(self) -> list:
        """Take every card out of the grid at once; returns them as `cards()` lists them. (The
        slot and column lists stay the same objects, emptied, as `remove` leaves them.)"""
        cards = self.cards()
        for c in cards:
            c.where = None
        slots = self.slots
        for i in range(len(slots)):
            slots[i] = None
        for column in self.extra:
            column.clear()
        self.holes = False
        self.version += 1
        return cards

    def copy(self, card=None) -> Grid:
        """A grid of the same stacks in the same spaces: the same cards, or `card(c)` for each
        card c (a table's copy gives its own cards: `Table.copy`); what it lists is listed anew."""
        g = Grid.__new__(Grid)
        if card is None:
            g.slots = [None if s is None else list(s) for s in self.slots]
            g.extra = tuple(
                [None if s is None else list(s) for s in column] for column in self.extra
            )
        else:
            g.slots = [None if s is None else [card(c) for c in s] for s in self.slots]
            g.extra = tuple(
                [None if s is None else [card(c) for c in s] for s in column]
                for column in self.extra
            )
        g.version = self.version
        g.holes = self.holes
        g._seen, g._spaces, g._cards_seen, g._cards, g.costs = -1, (), -1, (), None
        return g


def lowest_rank_card(grid: Grid, extra_topmost: bool = True, exclude=None):
    """The lowest-rank face-up card (s2.key.lowest-rank): ties go to the leftmost card of the
    topmost row, then to the topmost of the tied cards in a stack. Face-down cards have no rank."""
    best = None
    best_rank = None
    for _, _, stack in grid.spaces(extra_topmost):
        for c in reversed(stack):  # topmost first
            if c.face_up and c is not exclude:
                if best is None or c.spec.rank < best_rank:
                    best, best_rank = c, c.spec.rank
    return best


def not_in_play(grid: Grid, card) -> tuple[str, str] | None:
    """Why a card's special effects and abilities do nothing now, as (rule, words), or None when
    it is face up in this grid. A face-down card "has no name, rank, special effects, or
    abilities" (s2.key.face-down; S1 FAQ Eagle: "Ignore any special effect or ability of the card
    flipped face down", s1.faq.eagle.ignore-flipped); a card that has left the grid takes no part
    in it (S2 FAQ Vulture: "no longer in the player's grid ... this ability is ignored",
    s2.faq.vulture.left-grid; S2 FAQ Rat; S1 FAQ Alligator). One rule for every effect that belongs
    to a card in the grid: an after-Market ability, a Rat's discount, and a when-hired effect of
    a card gained in the Flip that waits for the Flip's end."""
    if grid.locate(card) is None:
        return "s2.faq.vulture.left-grid", "it is no longer in the grid"
    if not card.face_up:
        return "s1.faq.eagle.ignore-flipped", "it is face down"
    return None


def lowest_rank(grid: Grid, extra_topmost: bool = True, exclude=None):
    """(`lowest_rank_card`, 'ruling.extra_rows_topmost' when the other reading of that ruling
    option, an extra row below the base rows in reading order, picks another card; else None)."""
    card = lowest_rank_card(grid, extra_topmost, exclude)
    if card is None or not grid.extra_height():
        return card, None
    other = lowest_rank_card(grid, not extra_topmost, exclude)
    return card, None if other is card else "ruling.extra_rows_topmost"
