"""The readings the rulebooks leave open, each a named ruling option: every test shows
both settings on a situation where the reading matters, quotes the passage it reads, checks that
the trace cites `ruling.<name>` where the option decided, and that `rulings_that_matter` finds
the option.
"""

from __future__ import annotations

import pytest

from fliptoons_explore import OPTIONS, Rulings, new_game, play_round, resolve
from fliptoons_explore.analysis.compare import rulings_that_matter
from fliptoons_explore.fliptoons.market import x_side_slots
from fliptoons_explore.fliptoons.scenario import ScenarioError
from util import table_grid, with_rulings

NEW_OPTIONS = (
    "space_it_left",
    "x_side_price_cards",
    "snake_space_to_the_right",
    "after_market_refill",
    "rats_in_a_stack",
    "previous_placed_first",
    "crab_flip_end",
    "flip_face_down_card",
)


def _cited(trace, rule):
    """The events that cite a rule id, as their rule or, beside it, as the ruling that decided."""
    return [e for e in trace if rule in e.cites]


def test_every_open_reading_is_an_option_with_its_question_and_default():
    """Each option has a question, a default that is `Rulings()`'s, and at least one alternative."""
    for name in NEW_OPTIONS:
        option = OPTIONS[name]
        assert option.question.endswith("?") and option.why_default
        assert getattr(Rulings(), name) == option.default and len(option.choices) >= 2


def test_every_option_is_in_the_docs_table():
    """docs/engine.md lists every ruling option in its table (one row each, default first)."""
    from pathlib import Path

    docs = (Path(__file__).resolve().parent.parent / "docs" / "engine.md").read_text(
        encoding="utf-8"
    )
    # Flipology's own options follow (test_flipology_rules.py)
    docs = docs.split("\n# Flipology\n")[0]
    rows = [line for line in docs.splitlines() if line.startswith("| `")]
    names = [row.split("`")[1] for row in rows]
    assert sorted(names) == sorted(OPTIONS)
    for row in rows:
        name = row.split("`")[1]
        default = OPTIONS[name].default
        shown = ("true" if default else "false") if isinstance(default, bool) else f'"{default}"'
        assert row.split("|")[2].strip().startswith(f"`{shown}`"), row


# -- 1. "the space it left" inside a stack (Coyote, Zebra) -----------------------------------------

ZEBRA_IN_A_STACK = {"season": "combined", "players": [{"deck": ["mosquito", "turkey", "zebra"]}]}


def test_space_it_left_height_or_top_of_stack():
    """Zebra: "return the lowest-rank card in your grid and put this card in the space it left"
    (card text; S2 Key Concepts, Lowest Rank Card). The Turkey stacked on the Mosquito (S1 Turkey:
    on the previously placed card); the Zebra returns the Mosquito from under the Turkey. Default:
    the Zebra takes the Mosquito's height, under the Turkey; 'top-of-stack': on top of it. The
    returned Mosquito, now the deck, fills slot 2 again (S2 Keywords, Return)."""
    default = resolve(ZEBRA_IN_A_STACK)
    top = resolve(with_rulings(ZEBRA_IN_A_STACK, space_it_left="top-of-stack"))
    assert table_grid(default.players[0]) == [
        ["zebra+turkey", "mosquito", None],
        [None, None, None],
    ]
    assert table_grid(top.players[0]) == [["turkey+zebra", "mosquito", None], [None, None, None]]
    for r in (default, top):
        (move,) = _cited(r.trace, "ruling.space_it_left")
        assert (move.kind, move.card, move.pos) == ("move", "zebra", (0, 0))
    assert ("space_it_left", "top-of-stack") in rulings_that_matter(ZEBRA_IN_A_STACK)


def test_space_it_left_is_no_question_for_a_top_card():
    """The Coyote returns the previous placed card, the top of no stack: both readings agree and
    no ruling is cited (S2 Coyote card: 'put this card in the space it left')."""
    scenario = {"season": "s2", "players": [{"deck": ["mosquito", "coyote"]}]}
    for value in OPTIONS["space_it_left"].choices:
        r = resolve(with_rulings(scenario, space_it_left=value))
        assert table_grid(r.players[0])[0] == ["coyote", "mosquito", None]
        assert not _cited(r.trace, "ruling.space_it_left")


# -- 2. the x-side price cards ---------------------------------------------------------------------


def test_x_side_slots_follow_the_setups():
    """S2 Setup 3: "If playing with 1-2 players, place the 3 and 15 price cards with the 'x' side
    face up." S2 Combining Games, Setup 2: with four or fewer players the extra Season 2 3 and 15
    lie x side up. S1 Setup 3: "Place the five price cards face up" (no x side)."""

    def slots(season, players):
        return x_side_slots(resolve({"season": season, "players": [{"deck": []}] * players}).table)

    assert slots("s2", 1) == slots("s2", 2) == (0, 4) and slots("s2", 3) == ()
    assert slots("combined", 4) == (0, 6) and slots("combined", 5) == ()
    assert slots("s1", 1) == slots("s1", 2) == ()


RICH_HIRE = {
    "season": "s2",
    "players": [
        {
            "grid": [[["swordfish"], ["zebra"], ["coyote"]], [None, None, None]],
            "actions": [{"hire": "fox"}],
        }
    ],
    "market": ["goldfish", "rat", "mole", "hen", "fox"],
    "toon_deck": ["zebra"],
}


def test_x_side_price_cards_priced_or_not_for_hire():
    """One player (S2 Setup 3: the 3 and 15 x side up). Default 'priced': the Fox under the 15
    is hired for 15 and the hire cites the ruling; 'not-for-hire': the scripted hire is illegal,
    one line naming the ruling, and the turn shows both x-slot cards (the Rat, the Fox) as not
    for hire."""
    game = play_round(RICH_HIRE)
    p = game.table.players[0]
    assert p.fame_total == 18 and p.fame_left == 3 and p.deck[0].spec.id == "fox"
    (hire,) = [e for e in game.trace if e.kind == "hire"]
    assert (hire.card, hire.value, hire.rule, hire.ruling) == (
        "fox",
        15,
        "s2.market.hire",
        "ruling.x_side_price_cards",
    )
    with pytest.raises(
        ScenarioError,
        match=r"^players\[0\]\.actions\[0\]: cannot hire 'fox': it lies "
        r"under an x-side price card",
    ):
        play_round(with_rulings(RICH_HIRE, x_side_price_cards="not-for-hire"))
    skip = with_rulings(
        {**RICH_HIRE, "players": [{**RICH_HIRE["players"][0], "actions": [{"skip": True}]}]},
        x_side_price_cards="not-for-hire",
    )
    shown = [(e.kind, e.card) for e in _cited(play_round(skip).trace, "ruling.x_side_price_cards")]
    assert shown == [("ignored", "rat"), ("ignored", "fox")]
    assert ("x_side_price_cards", "not-for-hire") in rulings_that_matter(RICH_HIRE)


MONGOOSE_CROW = {
    "season": "s2",
    "players": [{"deck": ["mongoose", "swordfish", "crow"]}],
    "market": ["goldfish", "rat", "mole", "hen", "swordfish"],
    "toon_deck": ["zebra", "fox"],
}


def test_x_side_price_cards_and_the_crow():
    """S2 FAQ Crow: "the player may immediately hire a card from the market for 0" - here after
    the Flip (S2 FAQ Mongoose). Default: the Crow takes the Swordfish (8 fame) under the x-side
    15; 'not-for-hire': not that one, the Mole (3) instead, and the trace says why."""
    default = resolve(MONGOOSE_CROW)
    other = resolve(with_rulings(MONGOOSE_CROW, x_side_price_cards="not-for-hire"))
    assert default.players[0].deck[0].spec.id == "swordfish"
    assert other.players[0].deck[0].spec.id == "mole"
    assert [(e.kind, e.card) for e in _cited(other.trace, "ruling.x_side_price_cards")] == [
        ("ignored", "rat"),
        ("ignored", "swordfish"),
        ("decision", "crow"),
    ]
    # the Crow's options depend on it
    (decision,) = _cited(default.trace, "ruling.x_side_price_cards")
    assert (decision.kind, decision.target, decision.rule) == (
        "decision",
        "swordfish",
        "s2.faq.crow",
    )
    assert rulings_that_matter(MONGOOSE_CROW) == [("x_side_price_cards", "not-for-hire")]


def test_x_side_price_cards_change_nothing_in_season_1():
    """S1 Setup 3 lays every price card face up: with two Season 1 players the reading is moot."""
    scenario = {
        "season": "s1",
        "players": [
            {
                "grid": [[["alligator"], ["elephant"], ["tiger"]], [None, None, None]],
                "actions": [{"hire": "cow"}],
            },
            {"deck": ["bee"]},
        ],
        "market": ["ostrich", "eagle", "donkey", "dog", "cow"],
    }
    for value in OPTIONS["x_side_price_cards"].choices:
        game = play_round(with_rulings(scenario, x_side_price_cards=value))
        assert game.table.players[0].deck[0].spec.id == "cow"
        assert not _cited(game.trace, "ruling.x_side_price_cards")


# -- 3. a Snake in slot 3 -------------------------------------------------------------------------

SNAKE_IN_SLOT_3 = {
    "season": "s1",
    "players": [{"deck": ["bee", "snail", "snake", "cat", "caterpillar", "horse", "peacock"]}],
    "toon_deck": ["goat"],
}


def test_snake_space_to_the_right_of_slot_3():
    """S1 FAQ Snake: "If the card on top of the player's deck cannot be dismissed, place it to the
    right of the snake instead, or return it to the player's deck if the snake is in the final
    space of the player's grid." Slot 3 is not the final space. Default 'reading-order': the Cat
    (dismiss-immune) goes into slot 4; 'same-row': no space to its right in the upper row, the Cat
    is returned to the bottom of the deck and the Peacock fills slot 6 instead (13 -> 17)."""
    default = resolve(SNAKE_IN_SLOT_3)
    same_row = resolve(with_rulings(SNAKE_IN_SLOT_3, snake_space_to_the_right="same-row"))
    assert table_grid(default.players[0]) == [
        ["bee", "snail", "snake+goat"],
        ["cat", "caterpillar", "horse"],
    ]
    assert table_grid(same_row.players[0]) == [
        ["bee", "snail", "snake+goat"],
        ["caterpillar", "horse", "peacock"],
    ]
    assert [c.spec.id for c in same_row.players[0].deck] == ["cat"]
    assert (default.players[0].fame_total, same_row.players[0].fame_total) == (13, 17)
    (place,) = _cited(default.trace, "ruling.snake_space_to_the_right")
    (back,) = _cited(same_row.trace, "ruling.snake_space_to_the_right")
    assert (place.kind, place.card, place.pos) == ("place", "cat", (1, 0))
    assert (back.kind, back.card) == ("return", "cat")
    assert rulings_that_matter(SNAKE_IN_SLOT_3) == [("snake_space_to_the_right", "same-row")]


def test_snake_in_slot_2_is_no_question():
    """A Snake in slot 2 has slot 3 on its right in either reading (S1 FAQ Snake)."""
    scenario = {
        "season": "s1",
        "players": [{"deck": ["bee", "snake", "cat"]}],
        "toon_deck": ["goat"],
    }
    for value in OPTIONS["snake_space_to_the_right"].choices:
        r = resolve(with_rulings(scenario, snake_space_to_the_right=value))
        assert table_grid(r.players[0])[0] == ["bee", "snake+goat", "cat"]
        assert not _cited(r.trace, "ruling.snake_space_to_the_right")


# -- 4. the refill and the after-Market effects ----------------------------------------------------

VULTURE_CROW = {
    "season": "s2",
    "players": [
        {
            "grid": [[["vulture"], ["crow"], ["swordfish"]], [None, None, None]],
            "deck": ["mosquito"],
            "actions": [{"hire": "goldfish"}],
        }
    ],
    "market": ["goldfish", "rat", "mole", "hen", "fox"],
    "toon_deck": ["swordfish", "zebra"],
}


def test_after_market_refill_first_or_after_the_effects():
    """S2 Market: "Once a player has completed their actions ... reveal cards from the toon deck";
    the Vulture acts "after the Market phase" (card text) and dismisses the lowest-rank card, the
    Crow, which "may hire one market card for 0" (S2 FAQ Crow). Default 'refill-first': the
    Swordfish just refilled into the Goldfish's slot is there to hire; 'effects-first': the Crow
    hires from the four cards left (the Mole), then refills."""
    default = play_round(VULTURE_CROW)
    later = play_round(with_rulings(VULTURE_CROW, after_market_refill="effects-first"))
    assert [c.spec.id for c in default.table.players[0].deck] == [
        "swordfish",
        "goldfish",
        "mosquito",
    ]
    assert [c.spec.id for c in later.table.players[0].deck] == ["mole", "goldfish", "mosquito"]
    (refill,) = _cited(default.trace, "ruling.after_market_refill")
    assert (refill.kind, refill.card) == ("refill", "swordfish")
    # the Crow's own refill fills the gap
    (first,) = _cited(later.trace, "ruling.after_market_refill")
    (dismiss_crow,) = [e for e in later.trace if e.kind == "dismiss" and e.card == "crow"]
    assert first.kind == "phase" and first.step < dismiss_crow.step
    assert ("after_market_refill", "effects-first") in rulings_that_matter(VULTURE_CROW)


def test_after_market_refill_moot_without_after_market_effects():
    """No after-Market card in the grid: the order is moot and the refill cites the Market rule."""
    scenario = {
        "season": "s2",
        "players": [
            {
                "grid": [[["crow"], ["swordfish"], None], [None, None, None]],
                "actions": [{"hire": "goldfish"}],
            }
        ],
        "market": ["goldfish", "rat", "mole", "hen", "fox"],
        "toon_deck": ["zebra"],
    }
    for value in OPTIONS["after_market_refill"].choices:
        game = play_round(with_rulings(scenario, after_market_refill=value))
        assert [e.rule for e in game.trace if e.kind == "refill"] == ["s2.market.refill"]


# -- 5. two Rats in one stack ----------------------------------------------------------------------

TWO_RATS = {
    "season": "s2",
    "players": [
        {
            "grid": [[["grasshopper", "rat", "rat"], ["swordfish"], None], [None, None, None]],
            "deck": ["mosquito"],
            "actions": [{"dismiss": "grasshopper"}],
        }
    ],
}


def test_rats_in_a_stack_each_or_one_discount():
    """S2 Rat banner: "dismiss cost -1 for each card in this card's stack"; S2 Key Concepts,
    Stacked Cards: every face-up card of a stack is active. Default 'each': 5 - 1 - 1 = 3;
    'one': the two Rats give one discount, 4 (S2 Market example: 4 with one Rat)."""
    default = play_round(TWO_RATS)
    one = play_round(with_rulings(TWO_RATS, rats_in_a_stack="one"))
    assert default.table.players[0].fame_total == one.table.players[0].fame_total == 11
    assert (default.table.players[0].fame_left, one.table.players[0].fame_left) == (8, 7)
    for game, cost in ((default, 3), (one, 4)):
        (dismiss,) = [e for e in game.trace if e.kind == "dismiss"]
        # with one card in the deck, the dismiss minimum's two readings disagree too (cited after)
        assert (dismiss.card, dismiss.value, dismiss.rule, dismiss.ruling) == (
            "grasshopper",
            cost,
            "s2.market.dismiss",
            "ruling.rats_in_a_stack; ruling.dismiss_minimum",
        )
    assert ("rats_in_a_stack", "one") in rulings_that_matter(TWO_RATS)


def test_one_rat_is_no_question():
    """One Rat: 5 - 1 = 4 either way, as in the S2 Market example; the Dismiss rule is cited."""
    scenario = {
        "season": "s2",
        "players": [
            {
                "grid": [[["grasshopper", "rat"], ["swordfish"], None], [None, None, None]],
                "deck": ["mosquito"],
                "actions": [{"dismiss": "grasshopper"}],
            }
        ],
    }
    for value in OPTIONS["rats_in_a_stack"].choices:
        (dismiss,) = [
            e
            for e in play_round(with_rulings(scenario, rats_in_a_stack=value)).trace
            if e.kind == "dismiss"
        ]
        assert (dismiss.value, dismiss.rule) == (4, "s2.market.dismiss")


def test_season_1_two_player_discards_and_solo_discards():
    """S1 Cleanup: "If playing with two players, ... discard the leftmost and rightmost cards in
    the market"; S1 Solo: "discard the leftmost and rightmost cards". With one player a game is a
    solo game (`new_game` refuses one player without a difficulty), so both discard the ends,
    each citing its Season 1 section."""
    for players, solo, rule in (
        (2, None, "s1.cleanup.two-players"),
        (1, "normal", "s1.solo.market-discard"),
    ):
        game = new_game("s1", players=players, seed=3, solo=solo)
        game.play_round()
        assert [e.rule for e in game.trace if e.kind == "discard"] == [rule, rule]
    with pytest.raises(ValueError, match="one player is a solo game"):
        new_game("s1", players=1, seed=3)


# -- 7. the first card placed, or the first slot ---------------------------------------------------

MONKEY_ELEPHANT = {
    "season": "s1",
    "players": [
        {"deck": ["monkey", "elephant", "bee", "snail", "caterpillar", "horse", "peacock"]}
    ],
}


def test_previous_placed_first_card_or_first_slot():
    """S2 Key Concepts, Previous Placed Card: "If a card placed in the first slot of a player's grid
    refers to a previous placed card, ignore that part of its ability"; S1 FAQ Elephant: "If an
    elephant is the first card placed in a player's grid, ignore its ability." The Monkey leaves
    slot 1 (S1 FAQ Monkey) and the Elephant fills it. Default 'first-card': it is not the first
    card, so it flips the Monkey (19 fame); 'first-slot': it is in slot 1, ignored (22)."""
    default = resolve(MONKEY_ELEPHANT)
    slot = resolve(with_rulings(MONKEY_ELEPHANT, previous_placed_first="first-slot"))
    assert table_grid(default.players[0])[0] == ["~monkey", None, None]
    assert table_grid(slot.players[0])[0] == ["monkey", None, None]
    assert (default.players[0].fame_total, slot.players[0].fame_total) == (19, 22)
    (trigger,) = _cited(default.trace, "ruling.previous_placed_first")
    (ignored,) = _cited(slot.trace, "ruling.previous_placed_first")
    assert (trigger.kind, trigger.card) == ("trigger", "elephant")
    assert (ignored.kind, ignored.card, ignored.detail) == (
        "ignored",
        "elephant",
        "placed in the first slot",
    )
    assert rulings_that_matter(MONKEY_ELEPHANT) == [("previous_placed_first", "first-slot")]


def test_previous_placed_first_agree_on_the_first_card():
    """The first card placed is in slot 1 and has no previous card: ignored in both readings,
    citing the Key Concept (S1 FAQ Elephant)."""
    scenario = {"season": "s1", "players": [{"deck": ["elephant", "bee"]}]}
    for value in OPTIONS["previous_placed_first"].choices:
        r = resolve(with_rulings(scenario, previous_placed_first=value))
        (ignored,) = [e for e in r.trace if e.kind == "ignored"]
        assert (ignored.card, ignored.rule) == ("elephant", "s2.key.previous-placed.first-slot")


# -- 8. a Crab returned by another card ------------------------------------------------------------

COYOTE_CRAB = {"season": "s2", "players": [{"deck": ["mosquito", "mosquito", "crab", "coyote"]}]}


def test_crab_flip_end_own_ability_or_any_return():
    """S2 FAQ Crab: "If a crab is returned when the player's deck is depleted or contains only crab
    cards, they immediately end their Flip phase, leaving the crab(s) in their deck." The Coyote
    returns the Crab from slot 3 into the empty deck (S2 Keywords, Return: it becomes the deck).
    Default 'own-ability': the Flip goes on, the Crab fills slot 4 (10 fame); 'any-return': the
    Flip ends, the Crab stays in the deck (5)."""
    default = resolve(COYOTE_CRAB)
    any_return = resolve(with_rulings(COYOTE_CRAB, crab_flip_end="any-return"))
    assert table_grid(default.players[0]) == [
        ["mosquito", "mosquito", "coyote"],
        ["crab", None, None],
    ]
    assert table_grid(any_return.players[0]) == [
        ["mosquito", "mosquito", "coyote"],
        [None, None, None],
    ]
    assert [c.spec.id for c in any_return.players[0].deck] == ["crab"]
    assert (default.players[0].fame_total, any_return.players[0].fame_total) == (10, 5)
    (returned,) = _cited(default.trace, "ruling.crab_flip_end")
    assert (returned.kind, returned.card) == ("return", "crab")
    ret, end = _cited(any_return.trace, "ruling.crab_flip_end")
    assert (end.kind, end.cause) == ("end_flip", ret.step)
    assert rulings_that_matter(COYOTE_CRAB) == [("crab_flip_end", "any-return")]


def test_crab_returning_itself_ends_the_flip_in_both_readings():
    """S2 FAQ Crab: a Crab placed in the middle column returns itself; into an empty deck, the Flip
    ends (the FAQ's own case), whatever the reading."""
    scenario = {"season": "s2", "players": [{"deck": ["mosquito", "crab"]}]}
    for value in OPTIONS["crab_flip_end"].choices:
        r = resolve(with_rulings(scenario, crab_flip_end=value))
        (end,) = [e for e in r.trace if e.kind == "end_flip"]
        assert end.rule == "s2.faq.crab.deck-only-crabs"
