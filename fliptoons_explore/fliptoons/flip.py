"""The Flip phase: reveal, place, resolve placement abilities, as the Key Concepts order them.

`FlipRun` is one player's Flip; `step()` reveals and resolves one card. The placement abilities
are small functions in `PLACEMENT`, keyed by the `place` column of the card table, each built from
the primitives of `FlipRun` (place, stack, move, flip, return, dismiss, gain).
"""

from __future__ import annotations

# a player's Flip ends after this many reveals (engine.flip.reveal-limit)
from ..limits import (
    MAX_REVEALS,
)
from ..rulings import cite
from .events import (
    Dismiss,
    EndFlip,
    Flip,
    Gain,
    Ignored,
    Move,
    Phase,
    Place,
    Queued,
    Return,
    Reveal,
    Stack,
    Trace,
    Trigger,
)
from .grid import BASE, LOWER, MIDDLE, UPPER, lowest_rank

FIRST_SLOT = (UPPER, 0)

# Kinds of pending next-revealed effects: where the card goes, and what happens to it after.
PUT_STACK_ON, PUT_ABOVE = "stack_on", "above"
THEN_FLIP, THEN_RETURN_LOW = "flip", "return_low"
#: An Eagle's flip: "that card's ability does not activate" (ruling `eagle_next_cannot_be_flipped`
#: for a card that cannot be flipped).
THEN_FLIP_SILENCING = "flip_silencing"


class FlipRun:
    """One player's Flip. `trace` is a `Trace` or None (untraced: no events are built)."""

    __slots__ = (
        "table",
        "player",
        "trace",
        "rules",
        "added",
        "pending",
        "done",
        "reveals",
        "flip_rule",
        "pi",
    )

    def __init__(self, table, player, trace: Trace | None) -> None:
        self.table = table
        self.player = player
        self.pi = player.index
        self.trace = trace
        self.rules = table.rulings
        self.added: list = []  # (card, space when added), in order (previous placed card)
        self.pending: list = []  # (kind, source card, trigger step) for the next revealed card
        self.done = False
        self.reveals = 0
        self.flip_rule = "s1.flip" if table.season == "s1" else "s2.flip"
        player.queued = []
        player.flip_ended = ""
        player.turned_up = set()

    # -- tracing ------------------------------------------------------------------------------
    def emit(
        self, cls, card, cause, rule, pos=None, target=None, detail="", value=None, ruling=None
    ):
        if self.trace is None:
            return None
        return self.trace.emit(
            cls, "flip", self.pi, card, cause, rule, pos, target, detail, value, ruling
        )

    def ignored(self, card, cause, rule, why, ruling=None):
        if self.trace is not None:
            self.trace.emit(Ignored, "flip", self.pi, card, cause, rule, detail=why, ruling=ruling)

    # -- the loop -----------------------------------------------------------------------------
    def step(self) -> bool:
        """Reveal and resolve one card; False once this player's Flip is over."""
        if self.done:
            return False
        p = self.player
        slots = p.grid.slots
        if None not in slots:
            return self.end("all six slots are filled", self.flip_rule + ".fill")
        if not p.deck:
            return self.end("the deck is empty", self.flip_rule + ".short-deck")
        self.reveals += 1
        if self.reveals > MAX_REVEALS:
            return self.end(
                f"{MAX_REVEALS:,} cards revealed, the most one Flip may reveal",
                "engine.flip.reveal-limit",
            )
        card = p.deck.popleft()
        card.face_up = True
        p.revealed = card
        tr = self.trace
        cause = (
            tr.emit(Reveal, "flip", self.pi, card, None, self.flip_rule + ".reveal")
            if tr is not None
            else None
        )
        pending = self.pending
        alive = True
        ruling = None
        if pending:
            self.pending = []
            cause = self.place_next_revealed(card, cause, pending)
            alive, ruling = self.resolve_on_next_revealed(card, pending)
            if not alive and tr is not None:
                cause = len(tr) - 1  # the flip or return that stopped it
        else:
            i = slots.index(None)
            slots[i] = [card]
            p.grid.version += 1
            p.revealed = None
            card.where = pos = BASE[i]
            self.added.append((card, pos))
            if tr is not None:
                cause = tr.emit(
                    Place, "flip", self.pi, card, cause, self.flip_rule + ".next-slot", pos=pos
                )
        if card.spec.place:
            if alive:
                self.activate(card, cause, ruling)
            elif ruling is not None:
                self.ignored(
                    card,
                    cause,
                    "card.eagle",
                    "its ability does not activate: the Eagle's "
                    "next revealed card, though it cannot be flipped",
                    ruling,
                )
            else:
                self.ignored(
                    card,
                    cause,
                    "s2.key.next-revealed.flipped-or-returned",
                    "its ability does not resolve: it was flipped face down or returned",
                )
        return True

    def place_next_revealed(self, card, cause, pending):
        """Place a card revealed while next-revealed effects wait: where an Ostrich or Gorilla says,
        else the first empty slot. Returns the step of the placement (None untraced)."""
        placed = None
        for kind, source, trig in pending:
            if kind is PUT_STACK_ON or kind is PUT_ABOVE:
                placed = self.put_by_effect(card, kind, source, trig)
                break
        self.player.revealed = None
        if placed is None:
            i = self.player.grid.first_empty_slot()
            pos = BASE[i]
            self.player.grid.put(card, *pos)
            if self.trace is not None:
                cause = self.emit(Place, card, cause, self.flip_rule + ".next-slot", pos=pos)
        else:
            cause, pos = placed
        self.added.append((card, pos))
        return cause

    def resolve_on_next_revealed(self, card, pending) -> tuple[bool, str | None]:
        """Eagle, Swordfish, Salamander on the card just revealed: (whether its own ability may
        resolve, the ruling option that decided it, if one did). It may not if it was flipped or
        returned (s2.key.next-revealed); an Eagle's next card that cannot be flipped is ruling
        `eagle_next_cannot_be_flipped`'s question."""
        alive, ruling = True, None
        for kind, source, trig in pending:
            if kind is THEN_FLIP or kind is THEN_FLIP_SILENCING:
                unturned = self.turn_over(card, source, trig, "s2.key.next-revealed")
                if unturned and kind is THEN_FLIP_SILENCING and card.spec.place:
                    ruling = "ruling.eagle_next_cannot_be_flipped"
                    unturned = self.rules.eagle_next_cannot_be_flipped == "acts"
                alive = unturned and alive
            elif kind is THEN_RETURN_LOW:
                alive = self.return_if_low_rank(card, source, trig) and alive
        return alive, ruling

    def activate(self, card, cause, ruling: str | None = None) -> None:
        """Resolve a card's placement ability, then drop a next-revealed part that has no next card.
        The trigger cites the card's text and, beside it, `ruling` (a ruling option that let it
        act), or ruling `previous_placed_first` when that reading lets a previous-placed ability
        act in slot 1."""
        trig = None
        if self.trace is not None:
            if (
                card.where == FIRST_SLOT
                and card.spec.place in PREVIOUS_PLACED
                and self.rules.previous_placed_first == "first-card"
                and self.previous_placed(card)[0] is not None
            ):
                ruling = "ruling.previous_placed_first"
            row = PLACED_IN_A_ROW.get(card.spec.place)
            if row is not None and card.where[0] == row and self.player.grid.locate(card)[2]:
                ruling = cite(ruling, "ruling.stacked_is_placed")  # stacked there: placed there?
            trig = self.emit(Trigger, card, cause, "card." + card.spec.id, ruling=ruling)
        PLACEMENT[card.spec.place](self, card, trig)
        if self.pending and self.player.grid.is_full():
            for _, source, t in self.pending:
                self.ignored(
                    source,
                    t,
                    "s2.key.next-revealed.last-slot",
                    "placed in the last slot: no next card is revealed",
                )
            self.pending = []

    def end(self, why: str, rule: str, cause=None, ruling=None) -> bool:
        if not self.done:
            self.done = True
            for _, source, trig in self.pending:
                self.ignored(source, trig, "s2.key.next-revealed", "no next card was revealed")
            self.pending = []
            self.player.flip_ended = why
            if self.trace is not None:
                self.emit(EndFlip, None, cause, rule, detail=why, ruling=ruling)
        return False

    # -- where the next revealed card goes ------------------------------------------------------
    def put_by_effect(self, card, kind, source, trig):
        """Put the next revealed card where an Ostrich (on it) or a Gorilla (above it) says;
        returns the step of the event (None untraced), or None if it could not."""
        grid = self.player.grid
        where = grid.locate(source)
        if where is None:
            self.ignored(source, trig, "s2.key.next-revealed", "it has left the grid")
            return None
        row, col, height = where
        self.player.revealed = None
        if kind is PUT_STACK_ON:
            grid.stack_on(card, row, col)
            step = self.emit(Stack, card, trig, "s1.faq.ostrich", pos=(row, col), target=source)
        # a Gorilla stacked in the upper row acts as placed there (ruling `stacked_is_placed`)
        else:
            row = grid.lowest_free_extra(col)
            grid.put(card, row, col)
            step = self.emit(
                Place,
                card,
                trig,
                "s2.faq.gorilla",
                pos=(row, col),
                target=source,
                detail="in a new row above",
                ruling="ruling.stacked_is_placed" if height else None,
            )
        return step, (row, col)

    # -- primitives -----------------------------------------------------------------------------
    def previous_placed(self, card):
        """(card, rule): the card last added to the grid that is still there, other than `card`,
        or (None, None). `rule` names the part of that Key Concept that decided the target, else
        None: 's2.key.previous-placed.returned' when a card added after it was returned,
        's2.key.previous-placed.moved' when it has moved since it was added."""
        grid = self.player.grid
        skipped = False
        for c, pos in reversed(self.added):
            if c is card:
                continue
            where = grid.locate(c)
            if where is not None:
                if skipped:
                    return c, "s2.key.previous-placed.returned"
                return c, ("s2.key.previous-placed.moved" if c.where != pos else None)
            skipped = True
        return None, None

    def turn_over(self, target, source, cause, rule=None) -> bool:
        """Flip: turn a card over (s2.keyword.flip). A face-up card turns face down unless it is
        flip-immune; a face-down card, which has no special effect and so no immunity, turns face
        up again and activates none of its abilities (s2.key.face-down.flipped-up; ruling
        `flip_face_down_card`: or it stays face down). True only if the card was not turned and
        is face up (flip-immune): its ability may still resolve. `rule`: the Key Concept or FAQ
        that chose the target, if any (else s2.keyword.flip)."""
        grid = self.player.grid
        if not target.face_up:
            if self.rules.flip_face_down_card == "stays-down":
                self.ignored(
                    source,
                    cause,
                    "s2.keyword.flip",
                    f"{target.spec.id} is face down: it stays face down",
                    "ruling.flip_face_down_card",
                )
                return False
            target.face_up = True
            self.player.turned_up.add(target.uid)
            grid.version += 1
            if self.trace is not None:
                self.emit(
                    Flip,
                    target,
                    cause,
                    "s2.key.face-down.flipped-up",
                    value=1,
                    pos=grid.locate(target)[:2],
                    detail="none of its abilities activate",
                    ruling="ruling.flip_face_down_card",
                )
            return False
        if target.spec.flip_immune:
            if self.trace is not None:
                self.ignored(
                    source,
                    cause,
                    flip_immunity_rule(target.spec),
                    f"{target.spec.id} cannot be flipped",
                )
            return True
        target.face_up = False
        grid.version += 1
        if self.trace is not None:
            self.emit(
                Flip, target, cause, rule or "s2.keyword.flip", value=0, pos=grid.locate(target)[:2]
            )
        return False

    def return_to_deck(self, card, cause, rule=None, ruling=None) -> None:
        """Return: face down to the bottom of the owner's deck; into an empty deck it becomes the
        deck and the Flip goes on (s2.keyword.return)."""
        pos = card.where
        self.player.grid.remove(card)
        card.face_up = False
        deck = self.player.deck
        was_empty = not deck
        deck.append(card)
        if self.trace is not None:
            self.emit(
                Return,
                card,
                cause,
                rule or "s2.keyword.return",
                pos=pos,
                ruling=ruling,
                detail="the deck was empty: it is now the deck" if was_empty else "",
            )

    def stack_onto(self, card, target, cause, rule=None, ruling=None) -> None:
        """Move a card of the grid onto the top of the stack holding `target` (s2.keyword.stack,
        unless `rule` names what chose the target)."""
        grid = self.player.grid
        here = grid.locate(card)
        row, col, _ = grid.locate(target)  # taking `card` away moves no other stack
        if here[0] == row and here[1] == col and here[2] == len(grid.at(row, col)) - 1:
            self.ignored(
                card,
                cause,
                rule or "s2.keyword.stack",
                f"already on top of the stack holding {target.spec.id}",
                ruling,
            )
            return
        grid.remove(card, here)
        grid.stack_on(card, row, col)
        if self.trace is not None:
            self.emit(
                Stack,
                card,
                cause,
                rule or "s2.keyword.stack",
                pos=(row, col),
                target=target,
                ruling=ruling,
            )

    def take_space_of(self, card, target, cause, rule, ruling=None) -> None:
        """Return `target` and put `card` into the space it left (Coyote, Zebra): its cell, at its
        height in a stack or on top (ruling `space_it_left`). A returned Crab may end the Flip
        (ruling `crab_flip_end`)."""
        grid = self.player.grid
        row, col, height = grid.locate(target)
        crab_at_the_end = (
            target.face_up
            and target.spec.place == CRAB
            and all(c.spec.place == CRAB for c in self.player.deck)
        )
        self.return_to_deck(
            target, cause, ruling=cite(ruling, "ruling.crab_flip_end" if crab_at_the_end else None)
        )
        returned = None if self.trace is None else len(self.trace) - 1
        grid.remove(card)
        stack = grid.at(row, col) or ()
        if height < len(stack):  # cards were above it: which space it left is a reading
            ruling = cite(ruling, "ruling.space_it_left")
            if self.rules.space_it_left == "top-of-stack":
                height = len(stack)
        grid.insert(card, row, col, height)
        if self.trace is not None:
            self.emit(
                Move,
                card,
                cause,
                rule,
                pos=(row, col),
                detail="into the space it left",
                ruling=ruling,
            )
        if crab_at_the_end and self.rules.crab_flip_end == "any-return":
            self.end(
                "a Crab was returned to a deck that was empty or held only Crabs",
                "s2.faq.crab.deck-only-crabs",
                returned,
                "ruling.crab_flip_end",
            )

    def raise_extra_rows(self, cause, rule, ruling=None) -> None:
        """Every card of the extra rows moves one row up, one card at a time (the top row first,
        each stack bottom first), leaving the row directly above the upper row empty."""
        grid = self.player.grid
        for level in range(grid.extra_height() - 1, -1, -1):
            for col in range(3):
                for card in list(grid.at(-level - 1, col) or ()):
                    grid.remove(card)
                    up = -level - 2
                    if grid.at(up, col):
                        grid.stack_on(card, up, col)
                    else:
                        grid.put(card, up, col)
                    self.emit(
                        Move, card, cause, rule, pos=(up, col), detail="one row up", ruling=ruling
                    )

    def dismiss_from_deck(self, card, cause, rule, where: str) -> None:
        """Dismiss a card from the deck; a when-dismissed effect waits for the end of the Flip."""
        p = self.player
        p.deck.remove(card)
        card.face_up = True
        p.dismissed.append(card)
        dismiss = (
            None
            if self.trace is None
            else self.emit(Dismiss, card, cause, rule, detail=f"from the {where} of the deck")
        )
        if card.spec.when_dismissed:
            self.queue(card, "when_dismissed", dismiss, rule)

    def take_from_toon_deck(self, source, cause, rule):
        """The top card of the toon deck, or None (nothing happens) if it is empty."""
        toon = self.table.toon_deck
        if not toon:
            self.ignored(source, cause, rule, "the toon deck is empty")
            return None
        return toon.popleft()

    def queue(self, card, trigger: str, cause, rule) -> None:
        """Record a when-hired / when-dismissed effect for the end of the Flip (s2.key.timing)."""
        source = self.player.grid.locate(card) or self.player.grid.locate(self.added[-1][0])
        step = self.emit(
            Queued,
            card,
            cause,
            "s2.key.timing",
            detail=f"{trigger.replace('_', ' ')} effect: resolved after the Flip phase",
            target=None,
        )
        self.player.queued.append(
            (card, trigger, len(self.added), source[:2] if source else (9, 9), step)
        )

    # -- effects on the next revealed card -----------------------------------------------------
    def return_if_low_rank(self, card, source, trig) -> bool:
        """Salamander: return the next revealed card if its rank is 1 or lower."""
        if card.face_up and card.spec.rank <= 1:
            self.return_to_deck(card, trig)
            return False
        if self.trace is not None:
            self.ignored(
                source, trig, "card." + source.spec.id, f"{card.spec.id} has rank {card.spec.rank}"
            )
        return True


# -- placement abilities (the `place` column of data/cards.csv) ----------------------------------


def stack_next_on_this(run: FlipRun, card, trig) -> None:
    """Ostrich: the next revealed card is stacked on this card (s1.faq.ostrich)."""
    run.pending.append((PUT_STACK_ON, card, trig))


def flip_next(run: FlipRun, card, trig) -> None:
    """Eagle: turn the next revealed card face down unless it cannot be flipped; that card's
    ability does not activate (s1.faq.eagle; a card that cannot be flipped: ruling
    `eagle_next_cannot_be_flipped`)."""
    run.pending.append((THEN_FLIP_SILENCING, card, trig))


def flip_previous(run: FlipRun, card, trig) -> None:
    """Elephant: flip the previously placed card: face down, or face up again if it is face down
    (s1.faq.elephant, s2.key.face-down.flipped-up)."""
    prev, chosen_by = _previous_or_ignore(run, card, trig)
    if prev is not None:
        run.turn_over(prev, card, trig, chosen_by)


def flip_previous_and_next(run: FlipRun, card, trig) -> None:
    """Swordfish: flip the previously placed card and the next revealed card."""
    flip_previous(run, card, trig)
    run.pending.append((THEN_FLIP, card, trig))


def flip_previous_and_stack_on_it(run: FlipRun, card, trig) -> None:
    """Starfish: flip the previously placed card, and stack this card on it."""
    prev, chosen_by = _previous_or_ignore(run, card, trig)
    if prev is not None:
        run.turn_over(prev, card, trig, chosen_by)
        run.stack_onto(card, prev, trig, chosen_by)


def stack_on_previous(run: FlipRun, card, trig) -> None:
    """Turkey, Rat, Panther, Sloth: stack this card on the previously placed card."""
    prev, chosen_by = _previous_or_ignore(run, card, trig)
    if prev is not None:
        run.stack_onto(card, prev, trig, chosen_by)


def placed_in_row(run: FlipRun, card, trig, row: int, words: str):
    """Whether a card's 'if placed in the <row>' ability acts: (True or False, the ruling option
    that decided, or None). A card stacked there (by an Ostrich) is placed there, as ruling
    `stacked_is_placed` reads it; when it is not, the ability is recorded as ignored."""
    where = run.player.grid.locate(card)
    if where[0] != row:
        if run.trace is not None:
            run.ignored(card, trig, "card." + card.spec.id, f"not in the {words}")
        return False, None
    if where[2] == 0:
        return True, None
    if run.rules.stacked_is_placed:
        return True, "ruling.stacked_is_placed"
    run.ignored(
        card,
        trig,
        "card." + card.spec.id,
        f"stacked onto a card in the {words}, not placed there",
        "ruling.stacked_is_placed",
    )
    return False, None


def stack_on_card_above(run: FlipRun, card, trig) -> None:
    """Mole: if placed in the lower row, stack this card on the card directly above it."""
    acts, ruling = placed_in_row(run, card, trig, LOWER, "lower row")
    if not acts:
        return
    grid = run.player.grid
    col = card.where[1]
    if not grid.at(UPPER, col):
        run.ignored(card, trig, "card." + card.spec.id, "no card above it", ruling)
    else:
        run.stack_onto(card, grid.at(UPPER, col)[-1], trig, ruling=ruling)


def monkey_up(run: FlipRun, card, trig) -> None:
    """Monkey: if placed in the upper row, move up into a new row above the grid; the next
    revealed card fills the space it left (s1.faq.monkey). With a card already directly above
    it, the new row goes above that card (as S2 FAQ Gorilla says: cited where Season 2's FAQ
    applies, in Season 2 and combined games; a Season 1 game cites the Monkey's own entry), or
    directly above the upper row, pushing the rows there up (ruling `monkey_above_a_card`)."""
    acts, ruling = placed_in_row(run, card, trig, UPPER, "upper row")
    if not acts:
        return
    grid = run.player.grid
    col = card.where[1]
    rule = "s1.faq.monkey"
    if grid.at(-1, col):
        ruling = cite(ruling, "ruling.monkey_above_a_card")
        if run.rules.monkey_above_a_card == "pushes-it-up":
            run.raise_extra_rows(trig, rule, "ruling.monkey_above_a_card")
        elif run.table.season != "s1":
            rule = "s2.faq.gorilla.existing-row"
    grid.remove(card)
    new_row = grid.lowest_free_extra(col)
    grid.put(card, new_row, col)
    run.emit(Move, card, trig, rule, pos=(new_row, col), detail="up into a new row", ruling=ruling)


def next_card_above(run: FlipRun, card, trig) -> None:
    """Gorilla: if placed in the upper row, the next revealed card goes into a new row above it
    (s2.faq.gorilla)."""
    acts, _ = placed_in_row(run, card, trig, UPPER, "upper row")
    if acts:
        run.pending.append((PUT_ABOVE, card, trig))


def return_next_low_rank(run: FlipRun, card, trig) -> None:
    """Salamander: if the next revealed card has rank 1 or lower, return it."""
    run.pending.append((THEN_RETURN_LOW, card, trig))


#: The Crab's placement ability: a Crab returned to a deck of nothing but Crabs ends the Flip.
CRAB = "return_self_in_middle_column"


def return_self_in_middle_column(run: FlipRun, card, trig) -> None:
    """Crab: if placed in the middle column (any row, stacked or not), return this card; if the
    deck is then empty or only Crabs, the Flip ends (s2.faq.crab)."""
    _, col, _ = run.player.grid.locate(card)
    if col != MIDDLE:
        run.ignored(card, trig, "card." + card.spec.id, "not in the middle column")
        return
    deck = run.player.deck
    only_crabs = all(c.spec.id == card.spec.id for c in deck)
    run.return_to_deck(card, trig, "s2.faq.crab")
    if only_crabs:
        returned = None if run.trace is None else len(run.trace) - 1
        run.end(
            "a Crab was returned to a deck that was empty or held only Crabs",
            "s2.faq.crab.deck-only-crabs",
            returned,
        )


def return_previous_take_its_space(run: FlipRun, card, trig) -> None:
    """Coyote: return the previously placed card and take the space it left; a card that cannot
    be returned gets the Coyote stacked on it instead (s2.faq.coyote)."""
    prev, chosen_by = _previous_or_ignore(run, card, trig)
    if prev is None:
        return
    if prev.spec.return_immune and prev.face_up:  # a face-down card has no special effect
        run.stack_onto(card, prev, trig, "s2.faq.coyote")
    else:
        run.take_space_of(card, prev, trig, chosen_by or "card." + card.spec.id)


def return_lowest_take_its_space(run: FlipRun, card, trig) -> None:
    """Zebra: return the lowest-rank card of the grid and take the space it left; ignored as the
    first card; a card that cannot be returned gets the Zebra stacked on it (s2.faq.zebra)."""
    if len(run.added) == 1:
        run.ignored(card, trig, "s2.faq.zebra", "the first card placed")
        return
    grid = run.player.grid
    target, ruling = lowest_rank(grid, run.rules.extra_rows_topmost, exclude=card)
    if target is None:
        run.ignored(card, trig, "s2.key.lowest-rank", "no other face-up card")
    elif target.spec.return_immune:
        run.stack_onto(card, target, trig, "s2.faq.zebra.immune", ruling)
    else:
        run.take_space_of(card, target, trig, "s2.key.lowest-rank", ruling)


def join_rabbit_or_face_down(run: FlipRun, card, trig) -> None:
    """Rabbit: move onto the first face-up Rabbit or face-down card already in the grid (reading
    order; in a stack, the topmost); stay if there is none."""
    grid = run.player.grid
    own = grid.at(*card.where)

    def first(extra_topmost):
        for _, _, stack in grid.spaces(extra_topmost):
            if stack is not own:
                for c in reversed(stack):
                    if not c.face_up or c.spec.id == card.spec.id:
                        return c
        return None

    target = first(run.rules.extra_rows_topmost)
    if target is None:
        run.ignored(
            card, trig, "card." + card.spec.id, "no face-up Rabbit or face-down card in the grid"
        )
    else:
        other = first(not run.rules.extra_rows_topmost)
        run.stack_onto(
            card, target, trig, ruling=None if other is target else "ruling.extra_rows_topmost"
        )


#: The Snake FAQ names these: gained by a Snake, they stay on it whatever the ruling options.
STAYS_ON_SNAKE = ("rabbit", "turkey")


def snake(run: FlipRun, card, trig) -> None:
    """Snake: dismiss the top card of your deck, then stack the top toon-deck card on this card
    (s1.faq.snake: an undismissable top card goes to the space on the Snake's right, or back to the
    deck from the final space; with an empty deck only the toon card is stacked)."""
    p = run.player
    grid = p.grid
    if not p.deck:
        run.ignored(
            card, trig, "s1.faq.snake.empty-deck", "the deck is empty: nothing is dismissed"
        )
    elif p.deck[0].spec.dismiss_immune:
        top = p.deck[0]
        row, col, _ = grid.locate(card)
        right = row * 3 + col + 1 if row >= 0 else 6
        ruling = None
        if col == 2 and row == UPPER:  # slot 3: is slot 4 'to the right of the snake'?
            ruling = "ruling.snake_space_to_the_right"
            if run.rules.snake_space_to_the_right == "same-row":
                right = 6
        if right < 6 and grid.slots[right] is None:
            p.deck.popleft()
            top.face_up = True
            grid.put(top, right // 3, right % 3)
            run.added.append((top, (right // 3, right % 3)))
            run.emit(
                Place,
                top,
                trig,
                "s1.faq.snake.immune-top-card",
                pos=(right // 3, right % 3),
                detail="cannot be dismissed: placed right of the Snake",
                ruling=ruling,
            )
        else:
            p.deck.popleft()
            p.deck.append(top)
            run.emit(
                Return,
                top,
                trig,
                "s1.faq.snake.final-space"
                if right == 6 and ruling is None
                else "s1.faq.snake.immune-top-card",
                detail="cannot be dismissed and no space right of the Snake: back into the deck",
                ruling=ruling,
            )
    else:
        run.dismiss_from_deck(p.deck[0], trig, "card." + card.spec.id, "top")
    gained = run.take_from_toon_deck(card, trig, "card." + card.spec.id)
    if gained is None:
        return
    gained.face_up = True
    row, col, _ = grid.locate(card)
    grid.stack_on(gained, row, col)
    run.added.append((gained, (row, col)))
    gain = run.emit(
        Gain,
        gained,
        trig,
        "card." + card.spec.id,
        pos=(row, col),
        target=card,
        detail="stacked on the Snake",
    )
    if gained.spec.when_hired:
        run.queue(gained, "when_hired", gain, "s1.faq.snake.when-hired")
    if gained.spec.place:
        if gained.spec.id in STAYS_ON_SNAKE:
            run.ignored(gained, gain, "s1.faq.snake.rabbit-turkey", "it stays on the Snake")
        elif run.rules.snake_gained_abilities:
            run.activate(gained, gain, "ruling.snake_gained_abilities")
        else:
            run.ignored(
                gained,
                gain,
                "s1.faq.snake.rabbit-turkey",
                "a card gained by a Snake does not use its placement ability",
                "ruling.snake_gained_abilities",
            )


def mongoose(run: FlipRun, card, trig) -> None:
    """Mongoose: dismiss the bottom card of your deck unless it cannot be dismissed, then put the
    top toon-deck card on top of your deck; its when-hired effect is ignored (s2.faq.mongoose)."""
    p = run.player
    rule = "card." + card.spec.id
    if not p.deck:
        run.ignored(card, trig, "s2.faq.mongoose", "the deck is empty: nothing is dismissed")
    elif p.deck[-1].spec.dismiss_immune:
        run.ignored(card, trig, "s2.faq.mongoose", f"{p.deck[-1].spec.id} cannot be dismissed")
    else:
        run.dismiss_from_deck(p.deck[-1], trig, rule, "bottom")
    gained = run.take_from_toon_deck(card, trig, rule)
    if gained is None:
        return
    gained.face_up = False
    p.deck.appendleft(gained)
    gain = run.emit(Gain, gained, trig, rule, detail="on top of the deck")
    if gained.spec.when_hired:
        run.ignored(
            gained, gain, "s2.faq.mongoose.when-hired", "a card put on the deck is not hired"
        )


def _previous_or_ignore(run: FlipRun, card, trig):
    """(previous placed card, the rule that chose it if not the card's own text: the Key
    Concept or a ruling), or (None, None) after recording that the ability is ignored: for the
    first card placed, or for one placed in slot 1 (ruling `previous_placed_first`)."""
    prev, chosen_by = run.previous_placed(card)
    if prev is None:
        run.ignored(card, trig, "s2.key.previous-placed.first-slot", "no previously placed card")
    elif card.where == FIRST_SLOT and run.rules.previous_placed_first == "first-slot":
        run.ignored(
            card,
            trig,
            "s2.key.previous-placed.first-slot",
            "placed in the first slot",
            "ruling.previous_placed_first",
        )
        return None, None
    return prev, chosen_by


#: Placement abilities that refer to the previous placed card (s2.key.previous-placed).
PREVIOUS_PLACED = frozenset(
    f.__name__
    for f in (
        flip_previous,
        flip_previous_and_next,
        flip_previous_and_stack_on_it,
        stack_on_previous,
        return_previous_take_its_space,
    )
)

#: Placement abilities that act 'if placed in' a row, and that row (ruling `stacked_is_placed`).
PLACED_IN_A_ROW = {
    monkey_up.__name__: UPPER,
    next_card_above.__name__: UPPER,
    stack_on_card_above.__name__: LOWER,
}

PLACEMENT = {
    f.__name__: f
    for f in (
        stack_next_on_this,
        flip_next,
        flip_previous,
        flip_previous_and_next,
        flip_previous_and_stack_on_it,
        stack_on_previous,
        stack_on_card_above,
        monkey_up,
        next_card_above,
        return_next_low_rank,
        return_self_in_middle_column,
        return_previous_take_its_space,
        return_lowest_take_its_space,
        join_rabbit_or_face_down,
        snake,
        mongoose,
    )
}


#: Placement abilities that take cards from the shared toon deck during the Flip.
TAKE_FROM_TOON_DECK = frozenset(f.__name__ for f in (snake, mongoose))


def _shared_toon_deck(table, flipping) -> bool:
    """Do two or more flipping players hold a card that takes from the toon deck (so that the
    order in which they flip, ruling `flip_players`, can decide who gets which toon card)?"""
    if not table.toon_deck or len(flipping) < 2:
        return False
    takers = sum(1 for p in flipping if any(c.spec.place in TAKE_FROM_TOON_DECK for c in p.deck))
    return takers >= 2


def flip_phase(table, trace: Trace | None, players=None) -> None:
    """Every player (of `players`, default all) without a hand-built grid flips (ruling
    `flip_players`, cited on the phase event when the order can decide who takes which toon card),
    then their queued when-hired / when-dismissed effects are put in resolution
    order in `table.after_flip` as (player index, card, trigger, step of its `queued` event)
    (s2.key.timing; `after_flip.resolve_after_flip` resolves them); `table.effect_orders_differ`:
    the players whose effects the two readings of ruling `flip_trigger_order` offer in other
    orders."""
    flipping = [
        p for p in table.clockwise() if not p.built_grid and (players is None or p in players)
    ]
    if trace is not None:
        trace.emit(
            Phase,
            "flip",
            None,
            None,
            None,
            "s1.flip" if table.season == "s1" else "s2.flip",
            detail="Flip",
            ruling="ruling.flip_players" if _shared_toon_deck(table, flipping) else None,
        )
    runs = [FlipRun(table, p, trace) for p in flipping]
    if table.rulings.flip_players == "clockwise":
        for run in runs:
            while run.step():
                pass
    else:
        active = runs
        while active:
            active = [run for run in active if run.step()]
    table.after_flip = []
    table.effect_orders_differ = set()
    by_position = table.rulings.flip_trigger_order == "reading-order"
    for run in runs:
        p = run.player
        if p.queued:
            in_reading_order = sorted(p.queued, key=lambda e: e[3])
            if _names(in_reading_order) != _names(p.queued):  # ruling `flip_trigger_order` decides
                table.effect_orders_differ.add(p.index)
            entries = in_reading_order if by_position else p.queued
            table.after_flip.extend(
                (p.index, card, trigger, step) for card, trigger, _, _, step in entries
            )


def flip_immunity_rule(spec) -> str:
    """What says a card cannot be flipped: the Season 1 rulebook's Icons section for a Season 1
    card; a Season 2 card's own printed banner (the S2 rulebook does not describe the icon)."""
    return "s1.icon.flip-immune" if spec.season == "s1" else "card." + spec.id


def _names(queued) -> list:
    """The card names of queued effects, each once, in order (the options of `effect_order`)."""
    return list(dict.fromkeys(card.spec.id for card, *_ in queued))
