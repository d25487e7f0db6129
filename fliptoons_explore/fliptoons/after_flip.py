"""The effects the Flip queued, resolved at its end, clockwise from the first player, before
Check Fame (s2.key.timing.after-flip): the when-hired ability of a card a Snake gained into the
grid (S1 FAQ Snake: s1.faq.snake.when-hired) and the when-dismissed ability of a card a Snake or
a Mongoose dismissed from the deck (S2 FAQ Mongoose, S2 FAQ Crow: s2.faq.mongoose.when-dismissed,
s2.faq.crow.flip-phase). A player with two or more waiting resolves them in the order of their
choice (s2.key.timing.outside-grid: `effect_first`).

The Flip queues them in `table.after_flip` (`flip.flip_phase`); `Resolver.flip_and_check_fame`
resolves them here (`resolve_after_flip`), each by the ability the Market runs (`WHEN_HIRED`,
`WHEN_DISMISSED`), unless it reads otherwise at the end of the Flip (`WHEN_HIRED_AFTER_FLIP`: a
gained Peacock's 2 fame go to that round's total, s1.faq.snake.peacock).
"""

from __future__ import annotations

from itertools import groupby

from ..policy import Choice
from .events import FameChange, Ignored, Phase, Trigger
from .grid import not_in_play
from .market import WHEN_DISMISSED, WHEN_HIRED
from .market_abilities import ability

#: When-hired abilities that read differently when they resolve at the end of the Flip, by the
#: name the card table's `when_hired` column gives.
WHEN_HIRED_AFTER_FLIP: dict = {}


@ability(WHEN_HIRED_AFTER_FLIP, "fame_and_action")
def gain_fame_this_round(g, player, card, cause) -> None:
    """Peacock gained in the Flip: its 2 fame go to that round's total (added at Check Fame, in
    its own fame entry while it is there) and it gives a bonus Market action (s1.faq.snake.peacock);
    both at once, when its effect resolves at the end of the Flip."""
    player.gains[card] = player.gains.get(card, 0) + 2
    player.bonus_actions += 1
    g.emit(
        FameChange,
        player.index,
        card,
        cause,
        "s1.faq.snake.peacock",
        value=2,
        detail="+2 to this round's total and a bonus Market action",
    )


def resolve_after_flip(g) -> None:
    """The when-hired / when-dismissed effects the Flip queued (`table.after_flip`), at the end of
    the Flip phase, clockwise from the first player, before Check Fame (s2.key.timing.after-flip;
    s1.faq.snake.when-hired, s2.faq.mongoose.when-dismissed, s2.faq.crow.flip-phase). A player
    with two or more waiting resolves them in the order of their choice (`effect_first`). Each
    effect is a `trigger` caused by its `queued` event; what it does names the trigger as its
    cause. The when-hired effect of a card gained into the grid belongs to a card in the grid:
    once that card is face down or gone from the grid, it is ignored, all of it (`not_in_play`:
    a Peacock gives neither its 2 fame nor its bonus action)."""
    t = g.table
    queued, t.after_flip = t.after_flip, []
    if not queued:
        return
    phase = g.emit(
        Phase, None, None, None, "s2.key.timing.after-flip", detail="effects queued in the Flip"
    )
    for pi, entries in groupby(queued, key=lambda entry: entry[0]):
        player = t.players[pi]
        waiting = list(entries)
        while waiting:
            for entry in list(waiting):
                _, card, trigger, step = entry
                why = not_in_play(player.grid, card) if trigger == "when_hired" else None
                if why is not None:
                    waiting.remove(entry)
                    g.emit(
                        Ignored,
                        pi,
                        card,
                        step,
                        why[0],
                        detail=f"its when hired effect does not happen: {why[1]}",
                    )
            if not waiting:
                break
            _, card, trigger, step = waiting.pop(effect_first(g, pi, waiting, phase))
            rule, ruling = "s2.key.timing.after-flip", None
            if trigger == "when_hired":
                key = card.spec.when_hired
                effect = WHEN_HIRED_AFTER_FLIP.get(key) or WHEN_HIRED[key]
            else:
                effect = WHEN_DISMISSED[card.spec.when_dismissed]
                if card not in player.dismissed:  # a Raccoon took it back first
                    ruling = "ruling.taken_back_before_its_effect"
                    if t.rulings.taken_back_before_its_effect == "lapses":
                        g.emit(
                            Ignored,
                            pi,
                            card,
                            step,
                            rule,
                            ruling=ruling,
                            detail="its when dismissed "
                            "effect lapses: it has left the dismissed pile",
                        )
                        continue
            cause = g.emit(
                Trigger,
                pi,
                card,
                step,
                rule,
                ruling=ruling,
                detail=trigger.replace("_", " ") + " effect, at the end of the Flip",
            )
            effect(g, player, card, cause)


def effect_first(g, pi, waiting, cause) -> int:
    """Which of a player's waiting effects resolves next (its index in `waiting`): "If two or more
    abilities activate outside a player's grid, that player resolves them in the order of their
    choice" (s2.key.timing.outside-grid). Asked (decision `effect_order`) while two or more
    different cards wait (cards of one name do the same); the options, one per name, come in
    the order of ruling `flip_trigger_order`, the default policy's answer being the first."""
    firsts = {}
    for i, (_, card, _, _) in enumerate(waiting):
        firsts.setdefault(card.spec.id, i)
    if len(firsts) < 2:
        return 0
    at = tuple(firsts.values())
    cards = tuple(waiting[i][1] for i in at)
    ruling = "ruling.flip_trigger_order" if pi in g.table.effect_orders_differ else None
    i = g.choose(
        Choice(
            "effect_order",
            pi,
            None,
            cards,
            (0,) * len(cards),
            "which effect resolves first?",
            False,
            g.table,
        ),
        cause,
        "s2.key.timing.outside-grid",
        ruling,
    )
    return at[i]
