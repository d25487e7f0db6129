"""The ruling options of FlipToons: the readings its rulebooks leave open, each a named switch
with its default (the English rulebooks' most literal reading) and the alternatives a table might
play (the mechanism: `fliptoons_explore.rulings`). `Rulings()` is the default set;
`Rulings.from_dict({...})` checks names and values. The trace cites `ruling.<name>` wherever an
option decided something.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ..rulings import RulingOption, RulingSet, options_table

__all__ = ["OPTIONS", "Rulings", "RulingOption"]

OPTIONS: dict[str, RulingOption] = options_table(
    RulingOption(
        "flip_players",
        "clockwise",
        ("clockwise", "lockstep"),
        "All players flip at once; in what order do they draw from the shared toon deck (Snake, "
        "Mongoose)?",
        "Each player's whole Flip in turn, clockwise from the first player, the order the Key "
        "Concepts give for effects resolved after the Flip; 'lockstep' reveals one card per player "
        "in turn.",
    ),
    RulingOption(
        "flip_trigger_order",
        "flip-order",
        ("flip-order", "reading-order"),
        "Effects of one player waiting at the end of the Flip, which the player resolves in the "
        "order "
        "of their choice (decision 'effect_order'): offered, and taken by the default policy, in "
        "flip "
        "order (S2) or left to right, top row first (S1 text)?",
        "Season 2 says 'in the order they were flipped' and is the newer text.",
    ),
    RulingOption(
        "extra_rows_in_columns",
        True,
        (True, False),
        "Do Spider, Grasshopper and Sheep columns run through the extra rows a Monkey or Gorilla "
        "creates?",
        "An extra row 'is considered part of a player's grid' and the Crab FAQ puts the row above "
        "a "
        "middle-column Gorilla in the middle column.",
    ),
    RulingOption(
        "extra_rows_topmost",
        True,
        (True, False),
        "Is an extra row the 'topmost row' when breaking lowest-rank ties and reading 'the first' "
        "card?",
        "The extra row is part of the grid and lies above the upper row; it is only 'not the upper "
        "row'.",
    ),
    RulingOption(
        "cow_copies",
        "printed",
        ("printed", "total"),
        "Does the Cow copy a card's printed fame or its total with bonus?",
        "The Cow copies 'the fame of' a card: the printed number in its fame circle.",
    ),
    RulingOption(
        "lion_without_neighbours",
        "bonus",
        ("bonus", "no-bonus"),
        "What does a Lion score with no face-up adjacent card?",
        "'+4 if every face-up adjacent card has rank 16 or lower' holds when there is none.",
    ),
    RulingOption(
        "dragonfly_unique",
        "distinct",
        ("distinct", "once"),
        "Dragonfly '+1 per unique adjacent card': one per distinct name, or only names seen "
        "exactly once?",
        "The S1 example counts each different name; 'distinct' reads it so.",
    ),
    RulingOption(
        "snake_gained_abilities",
        False,
        (False, True),
        "Does a card a Snake stacks from the toon deck use its placement ability?",
        "The Snake FAQ has a gained Rabbit or Turkey stay on the Snake: gained cards do not "
        "activate.",
    ),
    RulingOption(
        "sloth_counts",
        "all",
        ("all", "face-up"),
        "Which cards count toward the Sloth's 'at least eight cards' in the grid?",
        "A face-down card 'is still a card'; every card in the grid, extra rows included, counts.",
    ),
    RulingOption(
        "dismiss_minimum",
        "deck-and-grid-4",
        ("deck-and-grid-4", "deck-3"),
        "When may a player not dismiss: fewer than four cards in deck and grid (S1/S2), or fewer "
        "than three in the deck (JP summary)?",
        "Both English rulebooks say fewer than four cards in deck and grid.",
    ),
    RulingOption(
        "minimum_limits_abilities",
        False,
        (False, True),
        "Does the dismiss minimum also stop dismissals by abilities (Skunk, Panther, Butterfly, "
        "Alligator, Donkey, Groundhog, Vulture)?",
        "The minimum is written under the Dismiss a Toon action; abilities are not that action.",
    ),
    RulingOption(
        "dismiss_costs_combine",
        True,
        (True, False),
        "Do dismiss-cost changes combine (a Caterpillar in a Rat stack: 3 - 1 = 2)?",
        "Each banner changes the cost independently: the lowest base (5, or 3 for a Caterpillar or "
        "a "
        "card next to a Ladybug), then -1 per face-up Rat in the stack; 'false' takes the single "
        "lowest.",
    ),
    RulingOption(
        "rat_discounts_itself",
        True,
        (True, False),
        "Does a Rat's discount apply to the Rat itself?",
        "The Rat is one of the cards in its own stack.",
    ),
    RulingOption(
        "after_market_timing",
        "each-turn",
        ("each-turn", "end-of-phase"),
        "Do after-Market effects (Donkey, Alligator, Groundhog, Vulture) resolve after each "
        "player's own Market turn or once all players are done?",
        "The S2 Market example dismisses the Groundhog right after Jordy's actions.",
    ),
    RulingOption(
        "firefly_counts_for_trigger",
        False,
        (False, True),
        "Does the Firefly's +2 count toward the 30-fame end trigger and the critic's choice?",
        "The trigger counts fame 'generated' at Check Fame; the Firefly's 2 are gained after it.",
    ),
    RulingOption(
        "firefly_in_final_flip",
        True,
        (True, False),
        "Does the Firefly gain its 2 in the Final Flip (and its re-flips)?",
        "The Final Flip is a Flip and a Check Fame phase, after which the Firefly's ability "
        "applies.",
    ),
    RulingOption(
        "critics_choice_in_reflips",
        True,
        (True, False),
        "Does the critic's choice +3 apply in the re-flips that break a tie?",
        "The tied players 'Flip and Check Fame again' and still hold the card.",
    ),
    RulingOption(
        "least_fame_in_reflips",
        "all",
        ("all", "tied"),
        "In a re-flip that breaks a Final Flip tie, whose fame does 'you alone have the least "
        "fame' (the Firefly) compare: every player's, or only the re-flipping players'?",
        "Only the tied players Flip and Check Fame again; the others keep the fame of their Final "
        "Flip, and 'the least fame' is the least of every player's. 'tied': the re-flip's players "
        "alone. Only with firefly_in_final_flip.",
    ),
    RulingOption(
        "vulture_immune_lowest",
        "skip",
        ("skip", "next-lowest"),
        "A Vulture whose lowest-rank card cannot be dismissed: nothing, or the next lowest?",
        "The card reads 'dismiss the lowest-rank card unless that card is dismiss-immune'.",
    ),
    RulingOption(
        "hired_by_ability_triggers",
        True,
        (True, False),
        "Does a card hired for 0 by a Raccoon or a Crow use its when-hired effect?",
        "Both abilities say 'hire': a hired card's when-hired effect happens.",
    ),
    RulingOption(
        "space_it_left",
        "its-height",
        ("its-height", "top-of-stack"),
        "A Coyote or Zebra takes 'the space it left' of a card returned from inside a stack: that "
        "card's height in the stack, or the top of the stack?",
        "The space a card leaves is its exact place, its cell and its height: the cards that were "
        "above it stay above; 'top-of-stack' stacks the Coyote or Zebra on them.",
    ),
    RulingOption(
        "x_side_price_cards",
        "priced",
        ("priced", "not-for-hire"),
        "With 1-2 players (Season 2, its solo game) and 4 or fewer in a combined game, two price "
        "cards lie x side up: are the cards under them hired at 3 and 15, or not for hire at all?",
        "The rulebooks only say which cards to turn, and Cleanup then discards the market's end "
        "cards, the ones under them; no text changes a price, so the x marks the two slots Cleanup "
        "discards (RULINGS §13). 'not-for-hire': no action or Crow may hire them.",
    ),
    RulingOption(
        "snake_space_to_the_right",
        "reading-order",
        ("reading-order", "same-row"),
        "A Snake's undismissable top card goes 'to the right of the snake': the next slot in "
        "reading "
        "order (slot 3 -> slot 4), or only a slot in the Snake's row (slot 3 has none)?",
        "The FAQ returns the card to the deck only 'if the snake is in the final space of the "
        "player's grid', slot 6: every other slot, slot 3 included, has a space to its right.",
    ),
    RulingOption(
        "after_market_refill",
        "refill-first",
        ("refill-first", "effects-first"),
        "After a player's Market actions, does the market refill before their after-Market effects "
        "(Donkey, Alligator, Groundhog, Vulture) resolve, or after?",
        "The refill comes 'once a player has completed their actions', and the after-Market "
        "effects "
        "come 'after the Market phase': a Crow a Vulture dismisses may hire the card just "
        "refilled. "
        "Only with after_market_timing 'each-turn'.",
    ),
    RulingOption(
        "rats_in_a_stack",
        "each",
        ("each", "one"),
        "Two face-up Rats in one stack: does each take 1 off a dismiss cost there, or do they give "
        "a single discount?",
        "Each Rat's banner applies on its own ('cards in its stack' cost 1 less), as every face-up "
        "card of a stack is active (S2 Key Concepts, Stacked Cards).",
    ),
    RulingOption(
        "previous_placed_first",
        "first-card",
        ("first-card", "first-slot"),
        "A previous-placed ability is ignored for the 'first' card: the first card placed "
        "(Elephant, "
        "Turkey FAQ), or any card placed in slot 1 (Key Concepts: 'placed in the first slot'), "
        "such "
        "as the card that fills it after a Monkey left it, or one stacked there?",
        "The Elephant and Turkey FAQ entries say 'the first card placed'; the Key Concept gives "
        "the "
        "reason, no card placed before it, which a card in slot 1 after a Monkey does not lack.",
    ),
    RulingOption(
        "crab_flip_end",
        "own-ability",
        ("own-ability", "any-return"),
        "A Crab returned into an empty deck (or one of only Crabs) ends its owner's Flip: only "
        "when "
        "its own ability returns it, or also when a Coyote or Zebra returns it?",
        "The FAQ's sentence follows the Crab's own return ('The crab is returned if placed "
        "anywhere "
        "in the middle column'); it stops a Crab from returning itself again and again.",
    ),
    RulingOption(
        "flip_face_down_card",
        "turn-over",
        ("turn-over", "stays-down"),
        "A flip ability aimed at a face-down card (an Elephant's, Starfish's or Swordfish's "
        "previous "
        "placed card that an Eagle or Swordfish turned): is the card turned face up again, or does "
        "it stay face down?",
        "To flip is to 'turn over a card in a player's grid' (S1, S2 Keywords: Flip), and 'a "
        "face-down card may be flipped face up again by another card's ability, but does not "
        "activate any of its abilities' (S2 Key Concepts: Face-down Cards; S1 Keywords). A "
        "face-down card has no special effect, so no 'cannot be flipped' either. 'stays-down' "
        "reads the card table's paraphrase, 'turn ... face down'.",
    ),
    RulingOption(
        "flipped_face_up",
        "active",
        ("active", "bonus-only", "inactive"),
        "A face-down card turned face up again by a flip 'does not activate any of its abilities': "
        "for the rest of the round, does its Check Fame bonus still count (Goat, Spider...) and do "
        "its abilities after Check Fame (Firefly, Skunk) and after the Market (Donkey, Alligator, "
        "Groundhog, Vulture) still apply?",
        "The Key Concept speaks of the moment it is turned ('may be flipped face up again ... but "
        "does not activate any of its abilities'): it is not placed again, and from then on it is "
        "a "
        "face-up card, whose abilities are all active (S2 Key Concepts: Stacked Cards). "
        "'bonus-only': its bonus counts (it is part of the fame it generates) but none of its "
        "abilities apply; 'inactive': it scores its printed fame only.",
    ),
    RulingOption(
        "fireflies_of_one_player",
        "each",
        ("each", "once"),
        "Two face-up Fireflies for the player alone with the least fame: does each gain 2, or does "
        "the player gain 2 once?",
        "Each Firefly's ability says 'gain 2 fame'; the FAQ's 'only one player can benefit from "
        "the "
        "firefly's ability each round' limits players, not cards.",
    ),
    RulingOption(
        "monkey_above_a_card",
        "above-that-card",
        ("above-that-card", "pushes-it-up"),
        "A Monkey placed in the upper row of a column that already has a card above it: does it go "
        "into a new row above that card, or into a new row directly above the upper row, the rows "
        "already there moving one row up?",
        "The Gorilla FAQ, the one text that speaks of a card already above, says 'create an "
        "additional row above that card instead'; the Monkey FAQ describes the same additional "
        "row.",
    ),
    RulingOption(
        "alligator_in_the_right_column",
        "nothing",
        ("nothing", "reading-order"),
        "An Alligator in the right column: is there a 'space directly to the right of this card' "
        "(the next space in reading order, slot 3 -> slot 4), or none?",
        "'Directly to the right' is the space beside it in its row: the right column has none. The "
        "Snake FAQ's 'to the right of the snake' is read in reading order only because that FAQ "
        "returns the card solely from 'the final space'.",
    ),
    RulingOption(
        "taken_back_before_its_effect",
        "resolves",
        ("resolves", "lapses"),
        "A when-dismissed effect waiting for the end of the Flip (a Crow a Mongoose dismissed) "
        "whose "
        "card a Raccoon has already taken back from the dismissed pile: does it still resolve?",
        "The effect was triggered when the card was dismissed, and the FAQ says to 'resolve its "
        "ability after the Flip phase is complete', with no condition on where the card is then.",
    ),
    RulingOption(
        "capybara_exactly_three",
        "counts",
        ("counts", "does-not-count"),
        "A Capybara's '+4 if at least three cards remain in your deck' with exactly three cards "
        "left: does it score the +4?",
        "'At least three' includes three (the card table's wording; the S2 example, with four "
        "cards, cannot tell the two apart).",
    ),
    RulingOption(
        "solo_market_discard",
        "cleanup",
        ("cleanup", "end-of-market"),
        "Solo: are the market's end cards discarded at Cleanup, or right after the refill that "
        "ends "
        "the Market turn, before the after-Market effects?",
        "S2 Cleanup gives the discard 'if playing with one or two players', so one player too; the "
        "solo text ('after refilling the market at the end of the Market phase') says what it "
        "follows, not in which phase it is.",
    ),
    RulingOption(
        "stacked_is_placed",
        True,
        (True, False),
        "A Monkey or Gorilla an Ostrich stacks in the upper row, or a Mole one stacks in the lower "
        "row: is it 'placed in' that row, so that its ability acts?",
        "The Crab FAQ counts a card 'stacked on another card' as placed there ('returned if placed "
        "anywhere in the middle column, including ... stacked on another card').",
    ),
    RulingOption(
        "eagle_next_cannot_be_flipped",
        "acts",
        ("acts", "does-not-act"),
        "An Eagle whose next revealed card cannot be flipped (an Eagle, Elephant, Rabbit, "
        "Starfish, "
        "Swordfish): does that card's ability still act?",
        "The Key Concept silences a next revealed card only 'if [it] is flipped or returned'; the "
        "Eagle's 'its ability does not activate' follows 'turn ... face down unless it cannot be "
        "flipped'. 'does-not-act' reads it as applying to the next card either way.",
    ),
    RulingOption(
        "peacock_counts_for_trigger",
        True,
        (True, False),
        "Does the 2 fame of a Peacock gained by a Snake (added after the Flip) count toward the "
        "30-fame end trigger, the critic's choice and the solo win, or only toward spending?",
        "The Snake FAQ says to 'add the fame to the player's total': the total that Check Fame "
        "generates.",
    ),
)


@dataclass(frozen=True)
class Rulings(RulingSet):
    """The ruling options of FlipToons in force. Field defaults are the documented defaults of
    `OPTIONS`."""

    OPTIONS: ClassVar[dict[str, RulingOption]] = OPTIONS

    flip_players: str = "clockwise"
    flip_trigger_order: str = "flip-order"
    extra_rows_in_columns: bool = True
    extra_rows_topmost: bool = True
    cow_copies: str = "printed"
    lion_without_neighbours: str = "bonus"
    dragonfly_unique: str = "distinct"
    snake_gained_abilities: bool = False
    sloth_counts: str = "all"
    dismiss_minimum: str = "deck-and-grid-4"
    minimum_limits_abilities: bool = False
    dismiss_costs_combine: bool = True
    rat_discounts_itself: bool = True
    after_market_timing: str = "each-turn"
    firefly_counts_for_trigger: bool = False
    firefly_in_final_flip: bool = True
    critics_choice_in_reflips: bool = True
    least_fame_in_reflips: str = "all"
    vulture_immune_lowest: str = "skip"
    hired_by_ability_triggers: bool = True
    space_it_left: str = "its-height"
    x_side_price_cards: str = "priced"
    snake_space_to_the_right: str = "reading-order"
    after_market_refill: str = "refill-first"
    rats_in_a_stack: str = "each"
    previous_placed_first: str = "first-card"
    crab_flip_end: str = "own-ability"
    flip_face_down_card: str = "turn-over"
    flipped_face_up: str = "active"
    fireflies_of_one_player: str = "each"
    monkey_above_a_card: str = "above-that-card"
    alligator_in_the_right_column: str = "nothing"
    taken_back_before_its_effect: str = "resolves"
    capybara_exactly_three: str = "counts"
    solo_market_discard: str = "cleanup"
    stacked_is_placed: bool = True
    eagle_next_cannot_be_flipped: str = "acts"
    peacock_counts_for_trigger: bool = True


Rulings.check_fields()
