"""The Market phase (S2 Market, S1 Market): each player's turn of up to two actions, Hire a Toon
and Dismiss a Toon (s2.market.actions); what a dismissal costs (5; 3 for a Caterpillar or a card
next to a Ladybug; 1 less per Rat in its stack); which actions a player may take, and why a
scripted one cannot be taken; refilling the market and arranging it by rank (S2 Market: Refill
the Market); and the discard of its end cards (S2 Cleanup).

Every function takes the `Game` (`g`): its table, policy (every decision goes through
`g.choose`) and trace (`g.emit`). Hiring a card runs its when-hired ability and dismissing one
its when-dismissed ability, looked up by the card table's name in `WHEN_HIRED` and
`WHEN_DISMISSED`, which `market_abilities` fills (one the Flip triggered waits for its end:
`after_flip`); a scenario's scripted actions are read in `market_scripts`.
"""

from __future__ import annotations

from typing import NamedTuple

from ..policy import Choice
from ..rulings import cite
from .events import Discard, Dismiss, Hire, Ignored, Refill, Skip, Slide
from .rulings import OPTIONS
from .state import PRICES

DISMISS_COST = 5  # S2 Market: Dismiss a Toon


class Action(NamedTuple):
    """A Market action: ('hire', card, market slot, price), ('dismiss', card, None, cost) or
    ('skip', None, None, 0)."""

    verb: str
    card: object
    slot: int | None
    cost: int

    @property
    def id(self) -> str:
        """How a scenario names it: 'hire:raccoon', 'dismiss:grasshopper', 'skip'."""
        return self.verb if self.card is None else f"{self.verb}:{self.card.spec.id}"


SKIP = Action("skip", None, None, 0)
#: `Action` made from its (verb, card, slot, cost) tuple at once, as the inner loops make many:
#: 6% more 8-player games a second (benchmarks/bench.py, games).
_action = tuple.__new__


# -- costs and legality -------------------------------------------------------------------------


def dismiss_cost(table, player, card, rulings=None) -> int:
    """What dismissing a face-up card of the grid costs: 5, or 3 for a Caterpillar or a card
    adjacent to a Ladybug, less 1 per face-up Rat in its stack, never below 0 (s2.faq.rat);
    combined as rulings `dismiss_costs_combine`, `rat_discounts_itself` and `rats_in_a_stack`
    say (`rulings`: other than the table's)."""
    grid = player.grid
    row, col, _ = grid.locate(card)
    return _cost(
        rulings or table.rulings, card, _near_ladybug(grid, row, col), _rats(grid.at(row, col))
    )


def dismiss_costs(table, player, rulings=None) -> dict[int, int]:
    """{card uid: `dismiss_cost`} for every face-up card of the grid, in one pass over it."""
    rulings = rulings or table.rulings
    return {c.uid: cost for c, cost in _face_up_costs(player.grid, rulings)}


def _face_up_costs(grid, rulings, dismissable_only: bool = False):
    """(card, `dismiss_cost`) for every face-up card of the grid (`dismissable_only`: but the
    dismiss-immune ones), in reading order: the spaces next to a Ladybug found once, from the
    Ladybugs (adjacency is mutual), not by looking around every space."""
    spaces = grid.spaces()
    near = _near_ladybugs(grid, spaces)
    costs = []
    for row, col, stack in spaces:
        ladybug, rats = near is not NOWHERE and (row, col) in near, _rats(stack)
        for c in stack:
            if c.face_up and not (dismissable_only and c.spec.dismiss_immune):
                costs.append((c, _cost(rulings, c, ladybug, rats)))
    return costs


def dismissals(grid, rulings) -> tuple[Action, ...]:
    """A Dismiss action for every card of the grid that can be dismissed, at its cost, in reading
    order (affordable or not): made once while the grid stays as it is (a Market turn asks
    again after a hire)."""
    kept = grid.costs
    if kept is not None and kept[0] == grid.version and kept[1] is rulings:
        return kept[2]
    actions = tuple(
        [
            _action(Action, ("dismiss", c, None, cost))
            for c, cost in _face_up_costs(grid, rulings, True)
        ]
    )
    grid.costs = (grid.version, rulings, actions)
    return actions


def _near_ladybugs(grid, spaces) -> frozenset | set:
    """The spaces adjacent to a face-up Ladybug."""
    near = None
    for row, col, stack in spaces:
        for c in stack:
            if c.face_up and c.spec.other == LADYBUG:
                if near is None:
                    near = set()
                near.update((r, k) for r, k, _ in grid.neighbours(row, col))
                break
    return near or NOWHERE


def _near_ladybug(grid, row, col) -> bool:
    return any(
        c.face_up and c.spec.other == LADYBUG
        for _, _, stack in grid.neighbours(row, col)
        for c in stack
    )


#: The `other` effects a dismiss cost depends on: the Ladybug's, the Rat's, the Caterpillar's.
LADYBUG, RAT, CHEAP = "adjacent_dismiss_cost_3", "stack_dismiss_discount", "dismiss_cost_3"
NOWHERE = frozenset()


def _rats(stack) -> int:
    n = 0
    for c in stack:
        if c.face_up and c.spec.other == RAT:
            n += 1
    return n


def _cost(rulings, card, near_ladybug: bool, rats: int) -> int:
    low = 3 if near_ladybug or card.spec.other == CHEAP else DISMISS_COST
    if not rats:
        return low
    if not rulings.rat_discounts_itself and card.face_up and card.spec.other == RAT:
        rats -= 1  # the card is a face-up Rat of the stack
    if rats > 1 and rulings.rats_in_a_stack == "one":
        rats = 1
    if rulings.dismiss_costs_combine:
        return max(0, low - rats)
    return max(0, min(low, DISMISS_COST - rats))


COST_RULINGS = ("dismiss_costs_combine", "rat_discounts_itself", "rats_in_a_stack")


def dismiss_cost_ruling(table, player, card) -> str | None:
    """The ruling options a dismissal's cost cites beside the Dismiss action's rule: each whose
    other reading would change it (`ruling.<name>`, joined by '; '), else None."""
    cost = dismiss_cost(table, player, card)
    return cite(
        *(
            "ruling." + name
            for name in COST_RULINGS
            if any(
                dismiss_cost(table, player, card, table.rulings.but(name, value)) != cost
                for value in OPTIONS[name].choices
            )
        )
    )


def x_side_slots(table) -> tuple[int, ...]:
    """The market slots under price cards lying x side up: the 3 and 15 with 1-2 players (S2 Setup,
    Season 2 and its solo game) and the extra Season 2 3 and 15 with 4 or fewer players in a
    combined game (S2 Combining Games); Season 1's price cards lie face up (S1 Setup)."""
    n = len(table.players)
    if table.season == "s2" and n <= 2 or table.season == "combined" and n <= 4:
        return (0, len(table.prices) - 1)
    return ()


def not_for_hire(table, rulings=None) -> tuple[int, ...]:
    """The market slots whose cards may not be hired (ruling `x_side_price_cards`)."""
    return () if (rulings or table.rulings).x_side_price_cards == "priced" else x_side_slots(table)


def may_dismiss(table, player, rulings=None) -> bool:
    """The dismiss minimum (s2.market.minimum; ruling `dismiss_minimum`; `rulings`: other than
    the table's)."""
    if (rulings or table.rulings).dismiss_minimum == "deck-3":
        return len(player.deck) >= 3
    return len(player.deck) + player.grid.count() >= 4


def dismissable(player) -> list:
    """Face-up cards of the grid that can be dismissed (not face-down, not dismiss-immune;
    s2.market.not-dismissable, s1.icon.dismiss-immune), in reading order."""
    return [c for c in player.grid.all_cards() if c.face_up and not c.spec.dismiss_immune]


def legal_actions(table, player, rulings=None) -> list[Action]:
    """Every action the player may take now: affordable hires, affordable dismissals, skip
    (`rulings`: other than the table's)."""
    fame = player.fame_left
    closed = not_for_hire(table, rulings)
    actions = [
        _action(Action, ("hire", c, i, price))
        for i, (c, price) in enumerate(zip(table.market, PRICES[table.season]))
        if c is not None and price <= fame and i not in closed
    ]
    if fame >= 0 and may_dismiss(table, player, rulings):
        actions += [a for a in dismissals(player.grid, rulings or table.rulings) if a.cost <= fame]
    actions.append(SKIP)
    return actions


def options_ruling(table, player, options) -> str | None:
    """'ruling.<name>' (several joined by '; ') for each of the Rat's cost rulings whose other
    reading would offer the player other dismissals than `options` (one they could not afford, or
    could), else None; looked at
    only while a face-up Rat is in the grid. (The x-side price cards and the dismiss minimum say
    so once, at the start of the turn, where they restrict the options.)"""
    if not any(
        c.face_up and c.spec.other == "stack_dismiss_discount" for c in player.grid.all_cards()
    ):
        return None
    rulings = table.rulings
    offered = _offer(options)
    return cite(
        *(
            "ruling." + name
            for name in COST_RULINGS
            if any(
                _offer(legal_actions(table, player, rulings.but(name, value))) != offered
                for value in OPTIONS[name].choices
                if value != getattr(rulings, name)
            )
        )
    )


def _offer(options) -> list:
    """The actions offered (a cost that changes but stays affordable changes no option: the
    dismissal, if taken, cites its cost's ruling)."""
    return [(a.verb, a.card.uid if a.card else None) for a in options]


def why_illegal(table, player, verb: str, card_id: str | None) -> str:
    """Why a scripted action cannot be taken (one phrase), or '' if it can."""
    fame = player.fame_left
    if verb == "hire":
        slots = [
            (i, p)
            for i, (c, p) in enumerate(zip(table.market, table.prices))
            if c is not None and c.spec.id == card_id
        ]
        if not slots:
            return f"cannot hire {card_id!r}: it is not in the market"
        closed = not_for_hire(table)
        slots = [(i, p) for i, p in slots if i not in closed] or slots
        if slots[0][0] in closed:
            return (
                f"cannot hire {card_id!r}: it lies under an x-side price card "
                '(ruling x_side_price_cards "not-for-hire")'
            )
        if slots[0][1] > fame:
            return f"cannot hire {card_id!r}: it costs {slots[0][1]} fame, {fame} left"
        return ""
    if verb == "dismiss":
        cards = [c for c in player.grid.cards() if c.spec.id == card_id]
        if not cards:
            return f"cannot dismiss {card_id!r}: it is not in the grid"
        up = [c for c in cards if c.face_up]
        if not up:
            return f"cannot dismiss {card_id!r}: it is face down"
        if up[0].spec.dismiss_immune:
            return f"cannot dismiss {card_id!r}: it cannot be dismissed"
        if not may_dismiss(table, player):
            return f"cannot dismiss {card_id!r}: {too_few_to_dismiss(table)}"
        cost = dismiss_cost(table, player, topmost_face_up(player, card_id))
        if cost > fame:
            return f"cannot dismiss {card_id!r}: it costs {cost} fame, {fame} left"
    return ""


def topmost_face_up(player, card_id):
    """The face-up card a scripted `{"dismiss": ID}` names: the first with this id in reading
    order, the topmost one in a stack; None if there is none."""
    for _, _, stack in player.grid.spaces():
        for c in reversed(stack):
            if c.face_up and c.spec.id == card_id:
                return c
    return None


# -- moving cards -------------------------------------------------------------------------------

#: The abilities a card uses when hired and when dismissed (s1.icon.when-hired,
#: s1.icon.when-dismissed), by the name the card table's `when_hired` and `when_dismissed` columns
#: give. `market_abilities` registers them (its `ability`), building on this module: `hire` and
#: `dismiss_card` run them, and a Raccoon or a Crow hires, a Panther dismisses, as the Market does.
WHEN_HIRED: dict = {}
WHEN_DISMISSED: dict = {}


def dismiss_card(g, player, card, cause, rule, cost: int = 0, ruling=None) -> None:
    """Dismiss a face-up card of the player's grid (s2.keyword.dismiss); its when-dismissed
    effect happens at once (s2.faq.crow)."""
    player.grid.remove(card)
    card.face_up = True
    player.dismissed.append(card)
    step = g.emit(
        Dismiss, player.index, card, cause, rule, value=cost, detail="from the grid", ruling=ruling
    )
    if card.spec.when_dismissed:
        WHEN_DISMISSED[card.spec.when_dismissed](g, player, card, step)


def hire(
    g, player, card, cause, rule, price: int, source: str, by_ability: bool = False, ruling=None
):
    """Put a hired card on top of the player's deck (the rulebook examples do) and pay; then its
    when-hired effect (for a hire by a Raccoon or Crow: ruling `hired_by_ability_triggers`, cited
    on the hire of a card that has one)."""
    card.face_up = False
    player.deck.appendleft(card)
    player.fame_left -= price
    if by_ability and card.spec.when_hired:
        ruling = "ruling.hired_by_ability_triggers"
    step = (
        None
        if g.trace is None
        else g.emit(
            Hire,
            player.index,
            card,
            cause,
            rule,
            value=price,
            detail=f"from {source}",
            ruling=ruling,
        )
    )
    if card.spec.when_hired:
        if not by_ability or g.table.rulings.hired_by_ability_triggers:
            WHEN_HIRED[card.spec.when_hired](g, player, card, step)
        else:
            g.emit(
                Ignored,
                player.index,
                card,
                step,
                "card." + card.spec.id,
                ruling=ruling,
                detail="hired by an ability: its when hired effect does not happen",
            )
    return step


def take_from_market(table, card) -> None:
    table.market[table.market.index(card)] = None


def refill(g, cause, rule: str = "s2.market.refill", ruling: str | None = None) -> bool:
    """Reveal toon cards until the market is full, then arrange it by rank (S2 Market: Refill;
    equal ranks to the right, S2 Combining Games). False if the toon deck could not fill it."""
    t = g.table
    cards = t.market_cards()
    size = len(t.prices)
    while len(cards) < size and t.toon_deck:
        card = t.toon_deck.popleft()
        card.face_up = True
        cards.append(card)
        if g.trace is not None:  # the market as each card joins it (untraced: arranged once, below)
            t.arrange_market(cards, depleted=False)
            g.emit(Refill, None, card, cause, rule, value=t.market.index(card), ruling=ruling)
    arrange_or_slide(g, cards, cause)
    return len(cards) == size


def arrange_or_slide(g, cards, cause) -> None:
    """The market's cards in rank order after a refill; with the toon deck empty, under the
    highest price cards (S2 Market: "Any remaining cards in the market are arranged under the
    highest price cards"), recorded as a `slide` when any card changes slot."""
    t = g.table
    before = list(t.market)
    t.arrange_market(cards)
    if not t.toon_deck and t.market != before:
        g.emit(
            Slide,
            None,
            None,
            cause,
            "s1.market.depleted" if t.season == "s1" else "s2.market.depleted",
            detail="the toon deck is empty, so the market's cards move under the highest price "
            "cards",
        )


def discard_market_ends(g, cause, rule) -> None:
    """Discard the leftmost and rightmost market cards (S2 Cleanup with 1-2 players; solo)."""
    t = g.table
    cards = t.market_cards()
    for card in {id(c): c for c in (cards[:1] + cards[-1:])}.values():
        take_from_market(t, card)
        t.market_discard.append(card)
        g.emit(Discard, None, card, cause, rule, detail="an end of the market")


# -- a player's Market turn ------------------------------------------------------------------------


def market_turn(g, player, cause) -> None:
    """Up to two actions (plus bonus actions), each a Hire, a Dismiss or a skip
    (s2.market.actions)."""
    t = g.table
    if t.rulings.x_side_price_cards == "not-for-hire":
        for i in x_side_slots(t):
            if t.market[i] is not None:
                g.emit(
                    Ignored,
                    player.index,
                    t.market[i],
                    cause,
                    "s2.setup.low-count",
                    ruling="ruling.x_side_price_cards",
                    detail="under an x-side price card: not for hire",
                )
    # its readings disagree here
    minimum = _minimum_reading(t, player) if g.trace is not None else None
    if minimum and not may_dismiss(t, player):
        g.emit(
            Ignored,
            player.index,
            None,
            cause,
            "s2.market.minimum",
            ruling=minimum,
            detail=f"may not dismiss: {too_few_to_dismiss(t)}",
        )
    while player.actions_left > 0:
        options = legal_actions(t, player)
        ruling = options_ruling(t, player, options) if g.trace is not None else None
        i = g.choose(
            Choice(
                "market_action",
                player.index,
                None,
                tuple(options),
                tuple([_naive_worth(o) for o in options]),
                f"action ({player.fame_left} fame left)?",
                False,
                t,
            ),
            cause,
            "s2.market.actions",
            ruling,
        )
        action = options[i]
        player.actions_left -= 1
        if action.verb == "skip":
            g.emit(Skip, player.index, None, cause, "s2.market.actions")
        elif action.verb == "hire":
            ruling = None
            if g.trace is not None and action.slot in x_side_slots(t):  # at its printed price
                ruling = "ruling.x_side_price_cards"
            take_from_market(t, action.card)
            hire(
                g,
                player,
                action.card,
                cause,
                "s2.market.hire",
                action.cost,
                "the market",
                ruling=ruling,
            )
        else:
            ruling = None
            if g.trace is not None:
                ruling = cite(
                    dismiss_cost_ruling(t, player, action.card), _minimum_reading(t, player)
                )
            player.fame_left -= action.cost
            dismiss_card(g, player, action.card, cause, "s2.market.dismiss", action.cost, ruling)


def _minimum_reading(table, player) -> str | None:
    """'ruling.dismiss_minimum' when its two readings disagree on whether the player may dismiss."""
    in_deck = len(player.deck)
    if (in_deck >= 3) == (in_deck + player.grid.count() >= 4):
        return None
    return "ruling.dismiss_minimum"


def too_few_to_dismiss(table) -> str:
    """Why the dismiss minimum forbids dismissing (s2.market.minimum), as ruling
    `dismiss_minimum` reads it."""
    return (
        "fewer than three cards in the deck"
        if table.rulings.dismiss_minimum == "deck-3"
        else "fewer than four cards in deck and grid"
    )


def _naive_worth(action: Action) -> int:
    """A hint for simple policies: a hire is worth the card's printed fame, a dismissal minus it."""
    if action.verb == "hire":
        return action.card.spec.fame
    if action.verb == "dismiss":
        return -action.card.spec.fame
    return 0
