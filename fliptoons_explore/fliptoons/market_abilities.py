"""The cards' abilities that act around the Market phase, one small function each, registered
by the name the card table gives them (`ability`): when hired (s1.icon.when-hired: Butterfly,
Horse, Pig, Peacock, Raccoon, Panther, the Big Button promos), when dismissed
(s1.icon.when-dismissed: Crow, Pig), after the Market phase, left to right and top row first
(s2.market.order: Donkey, Alligator, Groundhog, Vulture), and the Skunk's dismissal after Check
Fame, before the Market (s1.faq.skunk).

Each takes the game (`g`), the player whose card it is, the card and the step that caused it; it
asks the player's decisions through `g.choose`, and hires and dismisses as the Market does
(`market.hire`, `market.dismiss_card`): that is where a hired card's when-hired ability and a
dismissed card's when-dismissed ability run, looked up in the tables this module fills (a Raccoon
may hire a Peacock, a Panther dismiss a Crow). One triggered in the Flip waits for the end of the
Flip (`after_flip`).

    >>> sorted(WHEN_DISMISSED)
    ['free_hire', 'into_any_deck']
    >>> AFTER_MARKET["after_market_dismiss_lowest"].__name__
    'dismiss_lowest'
"""

from __future__ import annotations

from ..policy import Choice
from ..rulings import cite
from .events import Discard, FameChange, Ignored, Refill, ToDeck, Trigger
from .grid import LOWER, lowest_rank_card, not_in_play
from .market import (
    WHEN_DISMISSED,
    WHEN_HIRED,
    arrange_or_slide,
    dismiss_card,
    dismissable,
    hire,
    may_dismiss,
    not_for_hire,
    refill,
    take_from_market,
    too_few_to_dismiss,
    x_side_slots,
)
from .rulings import OPTIONS

#: The after-Market abilities (s2.market.order) by the name the card table's `other` column gives.
AFTER_MARKET: dict = {}


def ability(table: dict, *names: str):
    """Register the decorated ability in `table` (`WHEN_HIRED`, `WHEN_DISMISSED`, `AFTER_MARKET`)
    under the names the card table gives it, by default its own."""

    def register(fn):
        for name in names or (fn.__name__,):
            table[name] = fn
        return fn

    return register


# -- when hired -----------------------------------------------------------------------------------


@ability(WHEN_HIRED)
def dismiss_caterpillar(g, player, card, cause) -> None:
    """Butterfly: you may dismiss one face-up Caterpillar of your grid for 0 (s1.faq.butterfly)."""
    targets = [c for c in dismissable(player) if c.spec.id == "caterpillar"]
    _dismiss_chosen(
        g,
        player,
        card,
        cause,
        targets,
        optional=True,
        rule="s1.faq.butterfly",
        question="dismiss which Caterpillar (or none)?",
    )


@ability(WHEN_HIRED)
def dismiss_face_up(g, player, card, cause) -> None:
    """Panther: dismiss one face-up card of your grid for 0; mandatory (s2.faq.panther)."""
    _dismiss_chosen(
        g,
        player,
        card,
        cause,
        dismissable(player),
        optional=False,
        rule="s2.faq.panther",
        question="dismiss which face-up card?",
    )


def _dismiss_chosen(g, player, card, cause, targets, optional, rule, question, ruling=None) -> None:
    if not targets:
        g.emit(
            Ignored, player.index, card, cause, rule, detail="no card it can dismiss", ruling=ruling
        )
        return
    if not _ability_may_dismiss(g, player, card, cause, rule):
        return
    values = tuple(1 - c.spec.fame for c in targets)  # losing a card worth no fame is a gain
    ruling = cite(_minimum_ruling(g, player), ruling)
    i = g.choose(
        Choice(
            "dismiss_" + card.spec.id,
            player.index,
            card,
            tuple(targets),
            values,
            question,
            optional,
            g.table,
        ),
        cause,
        rule,
        ruling,
    )
    if i is not None:
        dismiss_card(g, player, targets[i], cause, rule, ruling=ruling)


def _minimum_ruling(g, player) -> str | None:
    """'ruling.minimum_limits_abilities' when an ability dismisses below the dismiss minimum
    (its other reading would stop it), else None."""
    if g.trace is not None and not may_dismiss(g.table, player):
        return "ruling.minimum_limits_abilities"
    return None


def _ability_may_dismiss(g, player, card, cause, rule) -> bool:
    """Ruling `minimum_limits_abilities`: abilities obey the dismiss minimum too."""
    if g.table.rulings.minimum_limits_abilities and not may_dismiss(g.table, player):
        g.emit(
            Ignored,
            player.index,
            card,
            cause,
            rule,
            ruling="ruling.minimum_limits_abilities",
            detail=too_few_to_dismiss(g.table),
        )
        return False
    return True


@ability(WHEN_HIRED)
def redraw_market(g, player, card, cause) -> None:
    """Horse: discard any number of market cards, reveal as many from the toon deck, re-sort;
    the discards go face up beside the toon deck (s1.faq.horse)."""
    t = g.table
    discarded = 0
    while t.market_cards():
        cards = tuple(t.market_cards())
        i = g.choose(
            Choice(
                "horse_discard",
                player.index,
                card,
                cards,
                tuple(-c.spec.rank for c in cards),
                "discard which market card (or stop)?",
                True,
                t,
            ),
            cause,
            "s1.faq.horse",
        )
        if i is None:
            break
        take_from_market(t, cards[i])
        t.market_discard.append(cards[i])
        g.emit(
            Discard, player.index, cards[i], cause, "s1.faq.horse", detail="discarded by the Horse"
        )
        discarded += 1
    if not discarded:
        return
    cards = t.market_cards()
    for _ in range(discarded):
        if not t.toon_deck:
            break
        new = t.toon_deck.popleft()
        new.face_up = True
        cards.append(new)
        t.arrange_market(cards, depleted=False)
        g.emit(Refill, None, new, cause, "s1.faq.horse", value=t.market.index(new))
    arrange_or_slide(g, cards, cause)


@ability(WHEN_HIRED)
def fame_and_action(g, player, card, cause) -> None:
    """Peacock: gain 2 fame and one extra Market action."""
    player.fame_left += 2
    player.actions_left += 1
    g.emit(
        FameChange,
        player.index,
        card,
        cause,
        "card." + card.spec.id,
        value=2,
        detail="+2 fame and a bonus Market action",
    )


@ability(WHEN_HIRED)
def hire_dismissed(g, player, card, cause) -> None:
    """Raccoon: you may also hire any one dismissed card, from any player's pile, for 0
    (s2.faq.raccoon)."""
    t = g.table
    piles = [(p, c) for p in t.clockwise() for c in p.dismissed]
    if not piles:
        g.emit(Ignored, player.index, card, cause, "s2.faq.raccoon", detail="no dismissed card")
        return
    options = tuple(c for _, c in piles)
    i = g.choose(
        Choice(
            "raccoon",
            player.index,
            card,
            options,
            tuple(c.spec.fame for c in options),
            "hire which dismissed card for 0 (or none)?",
            True,
            t,
        ),
        cause,
        "s2.faq.raccoon",
    )
    if i is not None:
        owner, chosen = piles[i]
        owner.dismissed.remove(chosen)
        hire(g, player, chosen, cause, "s2.faq.raccoon", 0, f"{owner.name}'s dismissed pile", True)


@ability(WHEN_HIRED)
@ability(WHEN_DISMISSED)
def into_any_deck(g, player, card, cause) -> None:
    """Pig: put this card into any deck, a player's or the toon deck (shuffled) (s1.faq.pig)."""
    t = g.table
    targets = tuple(p.name for p in t.players) + ("toon deck",)
    values = tuple(p.fame_total if p is not player else -1 for p in t.players) + (0,)
    i = g.choose(
        Choice("pig", player.index, card, targets, values, "into which deck?", False, t),
        cause,
        "s1.faq.pig",
    )
    _remove_anywhere(t, card)
    if i == len(t.players):
        t.toon_deck.append(card)
        card.face_up = False
        t.rng.shuffle(t.toon_deck)
    else:
        card.face_up = False
        t.players[i].deck.appendleft(card)
    g.emit(
        ToDeck,
        player.index,
        card,
        cause,
        "s1.faq.pig",
        detail=f"into {targets[i]}'s deck"
        if i < len(t.players)
        else "into the toon deck, shuffled",
    )


def _remove_anywhere(table, card) -> None:
    for p in table.players:
        if card in p.deck:
            p.deck.remove(card)
            return
        if card in p.dismissed:
            p.dismissed.remove(card)
            return
        if p.grid.locate(card) is not None:
            p.grid.remove(card)
            return
    raise AssertionError(f"{card!r} is nowhere")


@ability(WHEN_HIRED, "own_button_up", "all_buttons_up")
def big_button(g, player, card, cause) -> None:
    """Axolotl, Platypus: act on Big Button cards, which this engine does not model."""
    g.emit(
        Ignored,
        player.index,
        card,
        cause,
        "card." + card.spec.id,
        detail="the Big Button promo is not played",
    )


# -- when dismissed --------------------------------------------------------------------------------


@ability(WHEN_DISMISSED)
def free_hire(g, player, card, cause) -> None:
    """Crow: you may hire one market card for 0, then refill the market (s2.faq.crow); not a card
    under an x-side price card with ruling `x_side_price_cards` 'not-for-hire'."""
    t = g.table
    closed = not_for_hire(t)
    options = tuple(c for i, c in enumerate(t.market) if c is not None and i not in closed)
    for c in t.market_cards():
        if c not in options:
            g.emit(
                Ignored,
                player.index,
                c,
                cause,
                "s2.setup.low-count",
                ruling="ruling.x_side_price_cards",
                detail="under an x-side price card: the Crow may not hire it",
            )
    if not options:
        if not t.market_cards():
            g.emit(Ignored, player.index, card, cause, "s2.faq.crow", detail="the market is empty")
        return
    ruling = (
        "ruling.x_side_price_cards"
        if any(t.market[i] is not None for i in x_side_slots(t))
        else None
    )
    i = g.choose(
        Choice(
            "crow",
            player.index,
            card,
            options,
            tuple(c.spec.fame for c in options),
            "hire which market card for 0 (or none)?",
            True,
            t,
        ),
        cause,
        "s2.faq.crow",
        ruling,
    )
    if i is not None:
        take_from_market(t, options[i])
        hire(g, player, options[i], cause, "s2.faq.crow", 0, "the market, by the Crow", True)
        refill(g, cause, "s2.faq.crow")


# -- after Check Fame, before the Market ----------------------------------------------------------


def skunk_dismissal(g, cause) -> None:
    """Skunk: the player who alone has the least fame after Check Fame must dismiss one face-up
    card of their grid for 0, the Skunk included; no action used (s1.faq.skunk)."""
    p = g.table.least_fame_player
    if p is None:
        return
    for skunk in [
        c for c in p.grid.all_cards() if c.face_up and c.spec.other == "least_fame_dismiss"
    ][:1]:
        _dismiss_chosen(
            g,
            p,
            skunk,
            cause,
            dismissable(p),
            optional=False,
            rule="s1.faq.skunk",
            question="dismiss which face-up card (the Skunk may dismiss itself)?",
        )


# -- after the Market ------------------------------------------------------------------------------


@ability(AFTER_MARKET, "after_market_dismiss_in_lower_row")
def dismiss_in_lower_row(g, player, card, cause) -> None:
    """Donkey: after the Market phase, dismiss this card if it is in the lower row
    (s1.faq.donkey)."""
    if card.where and card.where[0] == LOWER:
        _self_dismiss(g, player, card, cause, "s1.faq.donkey")


@ability(AFTER_MARKET, "after_market_dismiss_in_end_slot")
def dismiss_in_end_slot(g, player, card, cause) -> None:
    """Groundhog: after the Market phase, dismiss this card if it is in the first or last of the six
    slots, stacked or not; extra rows do not count (s2.faq.groundhog)."""
    if card.where in ((0, 0), (1, 2)):
        _self_dismiss(g, player, card, cause, "s2.faq.groundhog")


def _self_dismiss(g, player, card, cause, rule) -> None:
    if _ability_may_dismiss(g, player, card, cause, rule):
        dismiss_card(g, player, card, cause, rule, ruling=_minimum_ruling(g, player))


@ability(AFTER_MARKET, "after_market_dismiss_right")
def dismiss_right(g, player, card, cause) -> None:
    """Alligator: dismiss one card in the space directly right of it; of a stack, any one card
    (s1.faq.alligator); in the right column, none, or the next space in reading order (ruling
    `alligator_in_the_right_column`)."""
    row, col = card.where
    ruling = None
    if col < 2:
        space = (row, col + 1)
    else:
        space = (row + 1, 0) if row < LOWER else None  # reading order: the left of the row below
        if space is not None and player.grid.at(*space):
            ruling = "ruling.alligator_in_the_right_column"
        if g.table.rulings.alligator_in_the_right_column == "nothing":
            space = None
    stack = player.grid.at(*space) if space else None
    targets = [c for c in stack or () if c.face_up and not c.spec.dismiss_immune]
    _dismiss_chosen(
        g,
        player,
        card,
        cause,
        targets,
        optional=False,
        rule="s1.faq.alligator",
        question="dismiss which card of the stack on its right?"
        if stack and len(stack) > 1
        else "dismiss the card on its right?",
        ruling=ruling,
    )


@ability(AFTER_MARKET, "after_market_dismiss_lowest")
def dismiss_lowest(g, player, card, cause) -> None:
    """Vulture: dismiss the lowest-rank card of your grid unless it cannot be dismissed; face-down
    cards have no rank (s2.faq.vulture; rulings `vulture_immune_lowest`, `extra_rows_topmost`)."""
    rulings = g.table.rulings
    target = _vulture_target(player.grid, rulings)
    ruling = cite(
        *(
            "ruling." + name
            for name in ("vulture_immune_lowest", "extra_rows_topmost")
            if any(
                _vulture_target(player.grid, rulings.but(name, v)) is not target
                for v in OPTIONS[name].choices
            )
        )
    )
    if target is None:
        g.emit(
            Ignored,
            player.index,
            card,
            cause,
            "s2.faq.vulture",
            ruling=ruling,
            detail="no lowest-rank card it can dismiss",
        )
    elif _ability_may_dismiss(g, player, card, cause, "s2.faq.vulture"):
        dismiss_card(
            g,
            player,
            target,
            cause,
            "s2.key.lowest-rank",
            ruling=cite(_minimum_ruling(g, player), ruling),
        )


def _vulture_target(grid, rulings):
    """The card a Vulture dismisses under these rulings, or None."""
    target = lowest_rank_card(grid, rulings.extra_rows_topmost)
    if (
        target is not None
        and target.spec.dismiss_immune
        and rulings.vulture_immune_lowest == "next-lowest"
    ):
        candidates = [c for c in grid.all_cards() if c.face_up and not c.spec.dismiss_immune]
        target = None
        if candidates:
            low = min(c.spec.rank for c in candidates)
            target = next(
                c
                for _, _, stack in grid.spaces(rulings.extra_rows_topmost)
                for c in reversed(stack)
                if c in candidates and c.spec.rank == low
            )
    if target is not None and target.spec.dismiss_immune:
        target = None
    return target


def has_after_market(table, player) -> bool:
    """Has the player a face-up card with an after-Market effect in the grid?"""
    return any(c.face_up and c.spec.other in AFTER_MARKET for c in player.grid.all_cards())


def after_market(g, player, cause) -> None:
    """The player's after-Market effects, left to right, top row first (s2.market.order), each only
    if its card is still face up in the grid (`not_in_play`: s2.faq.vulture, s1.faq.alligator); a
    card a flip turned face up again acts as ruling `flipped_face_up` says."""
    sources = [
        c
        for _, _, stack in player.grid.spaces(g.table.rulings.extra_rows_topmost)
        for c in reversed(stack)
        if c.face_up and c.spec.other in AFTER_MARKET
    ]
    for card in sources:
        if not_in_play(player.grid, card) is not None:
            continue
        effect_cause = cause
        if card.uid in player.turned_up:
            if g.table.rulings.flipped_face_up != "active":
                g.emit(
                    Ignored,
                    player.index,
                    card,
                    cause,
                    "s2.key.face-down.flipped-up",
                    ruling="ruling.flipped_face_up",
                    detail="turned face up again by a flip: its after-Market ability does not "
                    "apply",
                )
                continue
            effect_cause = g.emit(
                Trigger,
                player.index,
                card,
                cause,
                "card." + card.spec.id,
                ruling="ruling.flipped_face_up",
                detail="after the Market, though a flip turned it face up again",
            )
        AFTER_MARKET[card.spec.other](g, player, card, effect_cause)
