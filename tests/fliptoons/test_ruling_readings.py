"""The readings the FlipToons rulebooks leave open, each a named ruling option: every test plays
every setting of its option on a situation built so that the reading matters, quotes the passage
it reads, checks that the trace cites `ruling.<name>` (beside the rule) where the option decided,
and that `rulings_that_matter` finds the option; beside each, a situation where the reading is no
question. Flipology's own options are in tests/flipology/test_flipology_rules.py.
"""

from __future__ import annotations

import pytest

from fliptoons_explore import OPTIONS, Rulings, new_game, play_round, resolve
from fliptoons_explore.analysis.compare import rulings_that_matter
from fliptoons_explore.fliptoons.game import Game
from fliptoons_explore.fliptoons.market import x_side_slots
from fliptoons_explore.fliptoons.scenario import ScenarioError, load
from util import table_grid, with_rulings

#: The open readings, each an option of `Rulings` (the one of a face-down card turned up by a
#: flip ability is tested in test_flip_face_down_card.py).
OPEN_READINGS = (
    "space_it_left",
    "x_side_price_cards",
    "snake_space_to_the_right",
    "after_market_refill",
    "rats_in_a_stack",
    "previous_placed_first",
    "crab_flip_end",
    "flip_face_down_card",
    "flipped_face_up",
    "fireflies_of_one_player",
    "monkey_above_a_card",
    "alligator_in_the_right_column",
    "taken_back_before_its_effect",
    "capybara_exactly_three",
    "solo_market_discard",
    "stacked_is_placed",
    "eagle_next_cannot_be_flipped",
    "peacock_counts_for_trigger",
)


def _cited(trace, rule):
    """The events that cite a rule id, as their rule or, beside it, as the ruling that decided."""
    return [e for e in trace if rule in e.cites]


def _values(name):
    return OPTIONS[name].choices


@pytest.mark.parametrize("name", OPEN_READINGS)
def test_every_open_reading_is_an_option_with_its_question_and_default(name):
    """Each is a question, its default `Rulings()`'s and the first of its choices (the most
    literal reading, with why), and there is at least one alternative."""
    option = OPTIONS[name]
    assert option.question.endswith("?") and len(option.why_default) > 40
    assert getattr(Rulings(), name) == option.default == option.choices[0]
    assert len(option.choices) >= 2


def test_every_option_is_in_the_docs_table():
    """docs/engine.md lists every ruling option in its table (one row each, default first); there
    are 37 options at least."""
    from pathlib import Path

    docs = (Path(__file__).resolve().parents[2] / "docs" / "engine.md").read_text(encoding="utf-8")
    # Flipology's own options follow (tests/flipology/test_flipology_rules.py)
    docs = docs.split("\n# Flipology\n")[0]
    rows = [line for line in docs.splitlines() if line.startswith("| `")]
    names = [row.split("`")[1] for row in rows]
    assert sorted(names) == sorted(OPTIONS)
    assert len(OPTIONS) >= 37
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


# -- 3. a Snake in slot 3 --------------------------------------------------------------------------

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


# -- 6. the first card placed, or the first slot ---------------------------------------------------

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


# -- 7. a Crab returned by another card ------------------------------------------------------------

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


# -- 8. a card turned face up again ----------------------------------------------------------------

GOAT_TURNED_UP = {
    "season": "s1",
    "players": [{"deck": ["eagle", "goat", "elephant", "bee", "snail", "caterpillar"]}],
}
DONKEY_TURNED_UP = {
    "season": "s1",
    "players": [{"deck": ["bee", "bee", "bee", "eagle", "donkey", "elephant", "snail"]}],
}
FIREFLY_TURNED_UP = {
    "season": "combined",
    "players": [
        {"name": "Ann", "deck": ["eagle", "firefly", "elephant", "mosquito"]},
        {"name": "Ben", "deck": ["elephant", "bee", "tiger", "snail", "bee", "bee"]},
    ],
}


def test_flipped_face_up_goat_bonus():
    """S2 Key Concepts, Face-down Cards: "A face-down card may be flipped face up again by another
    card's ability, but does not activate any of its abilities." The Eagle turns the Goat face
    down (S1 FAQ Eagle); the Elephant flips the previous placed card, the Goat, face up again. In
    the upper row it scores 1 + 3 ('active', 'bonus-only': its bonus is part of its fame) or its
    printed 1 ('inactive'): 18 or 15, the Goat's fame event citing the ruling."""
    fame = {}
    for value in _values("flipped_face_up"):
        r = resolve(with_rulings(GOAT_TURNED_UP, flipped_face_up=value))
        assert table_grid(r.players[0])[0] == ["eagle", "goat", "elephant"]
        fame[value] = r.players[0].fame_total
        (goat,) = [e for e in r.trace if e.kind == "fame" and e.card == "goat"]
        assert (goat.rule, goat.ruling) == ("s1.faq.goat", "ruling.flipped_face_up")
    assert fame == {"active": 18, "bonus-only": 18, "inactive": 15}
    assert ("flipped_face_up", "inactive") in rulings_that_matter(GOAT_TURNED_UP)


def test_flipped_face_up_donkey_after_the_market():
    """The Donkey turned face up again in the lower row: +5 (S1 Donkey), and "after the Market
    phase: if this card is in the lower row, dismiss it". 'active': both, and it is dismissed
    (the trigger cites the ruling); 'bonus-only': 20 fame but it stays (its ability does not
    apply); 'inactive': 15 and it stays."""
    seen = {}
    for value in _values("flipped_face_up"):
        game = play_round(with_rulings(DONKEY_TURNED_UP, flipped_face_up=value))
        p = game.table.players[0]
        seen[value] = (p.fame_total, [c.spec.id for c in p.dismissed])
        (after,) = [e for e in _cited(game.trace, "ruling.flipped_face_up") if e.phase == "market"]
        assert (after.kind, after.card) == (
            ("trigger", "donkey") if value == "active" else ("ignored", "donkey")
        )
    assert seen == {"active": (20, ["donkey"]), "bonus-only": (20, []), "inactive": (15, [])}
    assert {("flipped_face_up", "bonus-only"), ("flipped_face_up", "inactive")} <= set(
        rulings_that_matter(DONKEY_TURNED_UP, play="round")
    )


def test_flipped_face_up_firefly_after_check_fame():
    """Ann's Firefly, turned face down and up again, and Ann alone with the least fame (12 to
    Ben's 15): 'active' gains 2 (S2 FAQ Firefly), the others do not (an ability after Check
    Fame)."""
    for value, ann in (("active", 14), ("bonus-only", 12), ("inactive", 12)):
        r = resolve(with_rulings(FIREFLY_TURNED_UP, flipped_face_up=value))
        assert [p.fame_total for p in r.players] == [ann, 15]
        (least,) = [
            e for e in r.trace if e.card == "firefly" and e.kind in ("least_fame", "ignored")
        ]
        assert least.kind == ("least_fame" if value == "active" else "ignored")
        assert least.ruling == "ruling.flipped_face_up"


# -- 9. two Fireflies ------------------------------------------------------------------------------

TWO_FIREFLIES = {
    "season": "s2",
    "players": [
        {
            "name": "Ann",
            "deck": ["firefly", "firefly", "mosquito", "mosquito", "mosquito", "mosquito"],
        },
        {
            "name": "Ben",
            "deck": ["spider", "ladybug", "mosquito", "grasshopper", "mosquito", "mosquito"],
        },
    ],
}


def test_fireflies_of_one_player_each_or_once():
    """S2 FAQ Firefly: "Only one player can benefit from the firefly's ability each round." Ann (2)
    is alone with the least fame against Ben (5: the Spider and the Grasshopper count each other,
    S2 FAQ Spider, Grasshopper). 'each': both Fireflies gain 2 (6); 'once': only the first (4)."""
    for value, ann in (("each", 6), ("once", 4)):
        r = resolve(with_rulings(TWO_FIREFLIES, fireflies_of_one_player=value))
        assert [p.fame_total for p in r.players] == [ann, 5]
        events = [(e.kind, e.value) for e in _cited(r.trace, "ruling.fireflies_of_one_player")]
        assert events == (
            [("least_fame", 2), ("least_fame", 2)]
            if value == "each"
            else [("least_fame", 2), ("ignored", None)]
        )
    assert rulings_that_matter(TWO_FIREFLIES) == [("fireflies_of_one_player", "once")]


def test_one_firefly_is_no_question():
    """One Firefly gains 2 either way, citing only its FAQ entry."""
    scenario = {
        "season": "s2",
        "players": [
            TWO_FIREFLIES["players"][0] | {"deck": ["firefly", "mosquito"]},
            TWO_FIREFLIES["players"][1],
        ],
    }
    for value in _values("fireflies_of_one_player"):
        r = resolve(with_rulings(scenario, fireflies_of_one_player=value))
        (gain,) = [e for e in r.trace if e.kind == "least_fame"]
        assert (gain.value, gain.rule, gain.ruling) == (2, "s2.faq.firefly", None)


# -- 10. a Monkey under a card already above -------------------------------------------------------

MONKEY_UNDER_A_CARD = {
    "season": "combined",
    "players": [
        {
            "deck": [
                "bee",
                "gorilla",
                "goat",
                "monkey",
                "ostrich",
                "monkey",
                "bee",
                "snail",
                "caterpillar",
            ]
        }
    ],
}


def test_monkey_above_a_card_above_that_card_or_pushes_it_up():
    """The Gorilla puts the Goat in a new row above it (S2 FAQ Gorilla); the first Monkey moves up
    from slot 3 into that row (S1 FAQ Monkey); the Ostrich fills slot 3 and the second Monkey is
    stacked on it, in the upper row, a card above it. Default: a new row above that card (as S2
    FAQ Gorilla: "If there is already a card above gorilla, create an additional row above that
    card instead"); 'pushes-it-up': a new row directly above the upper row, the Goat and the first
    Monkey one row up."""
    default = resolve(MONKEY_UNDER_A_CARD)
    pushed = resolve(with_rulings(MONKEY_UNDER_A_CARD, monkey_above_a_card="pushes-it-up"))
    base = [["bee", "gorilla", "ostrich"], ["bee", "snail", "caterpillar"]]
    assert (
        table_grid(default.players[0]) == [[None, None, "monkey"], [None, "goat", "monkey"]] + base
    )
    assert (
        table_grid(pushed.players[0]) == [[None, "goat", "monkey"], [None, None, "monkey"]] + base
    )
    (move,) = [e for e in _cited(default.trace, "ruling.monkey_above_a_card")]
    assert (move.kind, move.pos, move.rule) == ("move", (-2, 2), "s2.faq.gorilla.existing-row")
    assert [(e.card, e.pos) for e in _cited(pushed.trace, "ruling.monkey_above_a_card")] == [
        ("goat", (-2, 1)),
        ("monkey", (-2, 2)),
        ("monkey", (-1, 2)),
    ]
    assert ("monkey_above_a_card", "pushes-it-up") in rulings_that_matter(MONKEY_UNDER_A_CARD)


def test_monkey_with_nothing_above_is_no_question():
    """A Monkey in slot 1 with nothing above goes into a new row either way (S1 FAQ Monkey)."""
    scenario = {"season": "s1", "players": [{"deck": ["monkey", "bee"]}]}
    for value in _values("monkey_above_a_card"):
        r = resolve(with_rulings(scenario, monkey_above_a_card=value))
        assert table_grid(r.players[0]) == [
            ["monkey", None, None],
            ["bee", None, None],
            [None, None, None],
        ]
        assert not _cited(r.trace, "ruling.monkey_above_a_card")


# -- 11. an Alligator in the right column ----------------------------------------------------------

ALLIGATOR_IN_SLOT_3 = {
    "season": "s1",
    "players": [
        {
            "grid": [[["bee"], ["snail"], ["alligator"]], [["goat"], ["caterpillar"], None]],
            "deck": ["bee", "bee"],
        }
    ],
}


def test_alligator_in_the_right_column_nothing_or_reading_order():
    """S1 Alligator: "after the Market phase: dismiss one card in the space directly to the right
    of this card". In slot 3, default 'nothing': no space right of it in its row; 'reading-order':
    the next space, slot 4, whose Goat is dismissed (S1 FAQ Alligator: it still scored)."""
    default = play_round(ALLIGATOR_IN_SLOT_3)
    other = play_round(
        with_rulings(ALLIGATOR_IN_SLOT_3, alligator_in_the_right_column="reading-order")
    )
    assert [c.spec.id for c in default.table.players[0].dismissed] == []
    assert [c.spec.id for c in other.table.players[0].dismissed] == ["goat"]
    assert default.table.players[0].fame_total == other.table.players[0].fame_total == 10
    (ignored,) = _cited(default.trace, "ruling.alligator_in_the_right_column")
    assert (ignored.kind, ignored.card, ignored.rule) == (
        "ignored",
        "alligator",
        "s1.faq.alligator",
    )
    dismiss = [
        e
        for e in _cited(other.trace, "ruling.alligator_in_the_right_column")
        if e.kind == "dismiss"
    ]
    assert [(e.card, e.rule) for e in dismiss] == [("goat", "s1.faq.alligator")]
    assert rulings_that_matter(ALLIGATOR_IN_SLOT_3, play="round") == [
        ("alligator_in_the_right_column", "reading-order")
    ]


def test_alligator_in_the_lower_right_is_no_question():
    """Slot 6 is the last space in either reading: nothing to dismiss, no ruling cited."""
    scenario = {
        "season": "s1",
        "players": [
            {
                "grid": [[["bee"], ["snail"], ["goat"]], [["bee"], ["caterpillar"], ["alligator"]]],
                "deck": ["bee"],
            }
        ],
    }
    for value in _values("alligator_in_the_right_column"):
        game = play_round(with_rulings(scenario, alligator_in_the_right_column=value))
        assert not game.table.players[0].dismissed
        assert not _cited(game.trace, "ruling.alligator_in_the_right_column")


# -- 12. a Crow taken back before its effect -------------------------------------------------------

CROW_TAKEN_BACK = {
    "season": "combined",
    "players": [
        {"deck": ["mongoose", "snake", "bee", "crow"], "choices": ["raccoon", "crow", "fox"]}
    ],
    "market": ["goldfish", "fox", "rat"],
    "toon_deck": ["mole", "raccoon", "hen", "shark"],
}


def test_taken_back_before_its_effect_resolves_or_lapses():
    """The Mongoose dismisses the Crow from the bottom of the deck; its effect waits for the end
    of the Flip (S2 FAQ Mongoose, Crow). The Snake gains a Raccoon, whose when-hired effect waits
    too (S1 FAQ Snake). The player resolves the Raccoon first (S2 Key Concepts: "in the order of
    their choice") and takes the Crow back for 0 (S2 FAQ Raccoon). Default 'resolves': the Crow's
    effect still happens, it hires the Fox; 'lapses': it has left the dismissed pile, nothing."""
    default = resolve(CROW_TAKEN_BACK)
    lapses = resolve(with_rulings(CROW_TAKEN_BACK, taken_back_before_its_effect="lapses"))
    assert [c.spec.id for c in default.players[0].deck] == ["fox", "crow"]
    assert [c.spec.id for c in lapses.players[0].deck] == ["crow"]
    (trigger,) = _cited(default.trace, "ruling.taken_back_before_its_effect")
    (ignored,) = _cited(lapses.trace, "ruling.taken_back_before_its_effect")
    assert (trigger.kind, trigger.card, trigger.rule) == (
        "trigger",
        "crow",
        "s2.key.timing.after-flip",
    )
    assert (ignored.kind, ignored.card) == ("ignored", "crow")
    assert rulings_that_matter(CROW_TAKEN_BACK) == [("taken_back_before_its_effect", "lapses")]


# -- 13. the Capybara with exactly three cards left ------------------------------------------------

CAPYBARA_THREE_LEFT = {"season": "s2", "players": [{"deck": ["capybara"] + ["mosquito"] * 8}]}


def test_capybara_exactly_three_counts_or_not():
    """S2 Capybara: "+4 if at least three cards remain in your deck" (S2 FAQ Capybara: counted at
    Check Fame). Six cards placed, three left: 'counts' 2 + 4 = 6; 'does-not-count' 2."""
    for value, fame in (("counts", 6), ("does-not-count", 2)):
        r = resolve(with_rulings(CAPYBARA_THREE_LEFT, capybara_exactly_three=value))
        assert len(r.players[0].deck) == 3 and r.players[0].fame_total == fame
        (capybara,) = _cited(r.trace, "ruling.capybara_exactly_three")
        assert (capybara.kind, capybara.value, capybara.rule) == ("fame", fame, "s2.faq.capybara")
    assert rulings_that_matter(CAPYBARA_THREE_LEFT) == [
        ("capybara_exactly_three", "does-not-count")
    ]


def test_capybara_with_four_cards_left_is_no_question():
    """The S2 Check Fame example's Capybara, four cards left: 2 + 4 either way."""
    scenario = {"season": "s2", "players": [{"deck": ["capybara"] + ["mosquito"] * 9}]}
    for value in _values("capybara_exactly_three"):
        r = resolve(with_rulings(scenario, capybara_exactly_three=value))
        assert r.players[0].fame_total == 6 and not _cited(r.trace, "ruling.capybara_exactly_three")


# -- 14. the solo market discard -------------------------------------------------------------------

SOLO_VULTURE_CROW = {
    "season": "s2",
    "players": [{"grid": [[["vulture"], ["crow"], ["swordfish"]], [None, None, None]]}],
    "market": ["goldfish", "rat", "mole", "hen", "shark"],
    "toon_deck": ["clownfish", "zebra", "goldfish", "starfish", "mosquito", "fox"],
}


class _Skip:
    """Skips every Market action; takes the first option of any other decision (the most fame
    for a Crow, as the default policy's hint is)."""

    name = "skip"

    def choose(self, choice):
        if choice.kind == "market_action":
            return len(choice.options) - 1  # skip is the last action
        return choice.values.index(max(choice.values))


def _solo_round(value):
    table, _ = load(with_rulings(SOLO_VULTURE_CROW, solo_market_discard=value))
    game = Game(table, _Skip(), solo="normal", shuffle=False)
    game.play_round()
    return game


def test_solo_market_discard_at_cleanup_or_at_the_end_of_the_market():
    """S2 Solo: "After refilling the market at the end of the Market phase, discard the leftmost
    and rightmost cards in the market"; S2 Cleanup: "If playing with one or two players, after
    refilling the market during the last player's Market phase, discard ...". The Vulture
    dismisses the Crow after the Market (its lowest-rank card), which hires a market card for 0
    (S2 FAQ Crow). Default 'cleanup': the Crow chooses first, from the Rat to the Shark, then the
    ends go; 'end-of-market': the Rat and the Shark go first and the Crow hires the Zebra just
    revealed. Both discards cite the ruling on the phase event they follow."""
    default, early = _solo_round("cleanup"), _solo_round("end-of-market")
    assert [c.spec.id for c in default.table.players[0].deck][0] == "mole"
    assert [c.spec.id for c in early.table.players[0].deck][0] == "zebra"
    for game, phase in ((default, "cleanup"), (early, "market")):
        assert [c.spec.id for c in game.table.market_discard] == ["rat", "shark"]
        markers = _cited(game.trace, "ruling.solo_market_discard")
        assert [(e.kind, e.phase, e.rule) for e in markers][-1] == (
            "phase",
            phase,
            "s2.solo.market-discard",
        )
        discards = [e for e in game.trace if e.kind == "discard"]
        assert [e.cause for e in discards] == [markers[-1].step, markers[-1].step]
    # said where the other reading acts
    waits, at_cleanup = _cited(default.trace, "ruling.solo_market_discard")
    assert (waits.detail, waits.phase) == ("the solo market discard waits for Cleanup", "market")


def test_solo_market_discard_without_after_market_effects_is_no_question():
    """No after-Market card: the moment of the discard changes nothing, and nothing cites it."""
    scenario = {
        **SOLO_VULTURE_CROW,
        "players": [{"grid": [[["crow"], ["swordfish"], None], [None, None, None]]}],
    }
    for value in _values("solo_market_discard"):
        table, _ = load(with_rulings(scenario, solo_market_discard=value))
        game = Game(table, _Skip(), solo="normal", shuffle=False)
        game.play_round()
        assert [c.spec.id for c in table.market_discard] == ["rat", "shark"]
        assert not _cited(game.trace, "ruling.solo_market_discard")


# -- 15. a card an Ostrich stacks ------------------------------------------------------------------

GORILLA_ON_AN_OSTRICH = {
    "season": "combined",
    "players": [
        {"deck": ["ostrich", "gorilla", "bee", "snail", "caterpillar", "bee", "bee", "goat"]}
    ],
}
MOLE_ON_AN_OSTRICH = {
    "season": "combined",
    "players": [{"deck": ["bee", "snail", "goat", "ostrich", "mole", "bee", "caterpillar"]}],
}
MONKEY_ON_AN_OSTRICH = {
    "season": "s1",
    "players": [{"deck": ["ostrich", "monkey", "bee", "snail", "caterpillar", "horse", "peacock"]}],
}


def test_stacked_is_placed_gorilla():
    """S1 FAQ Ostrich: the next revealed card is stacked on it; S2 FAQ Crab counts a card "stacked
    on another card" as placed there. Default: the Gorilla stacked in the upper row is placed in
    the upper row, its next card goes into a new row above (the Bee); false: its ability is
    ignored and the Bee fills slot 2 (12 or 11 fame)."""
    default = resolve(GORILLA_ON_AN_OSTRICH)
    other = resolve(with_rulings(GORILLA_ON_AN_OSTRICH, stacked_is_placed=False))
    assert table_grid(default.players[0]) == [
        ["bee", None, None],
        ["ostrich+gorilla", "snail", "caterpillar"],
        ["bee", "bee", "goat"],
    ]
    assert table_grid(other.players[0]) == [
        ["ostrich+gorilla", "bee", "snail"],
        ["caterpillar", "bee", "bee"],
    ]
    trigger, place = _cited(default.trace, "ruling.stacked_is_placed")
    trigger_too, ignored = _cited(other.trace, "ruling.stacked_is_placed")
    assert (
        (trigger.kind, trigger.card)
        == (trigger_too.kind, trigger_too.card)
        == ("trigger", "gorilla")
    )
    assert (place.kind, place.card, place.rule) == ("place", "bee", "s2.faq.gorilla")
    assert (ignored.kind, ignored.card) == ("ignored", "gorilla")
    assert rulings_that_matter(GORILLA_ON_AN_OSTRICH) == [("stacked_is_placed", False)]


def test_stacked_is_placed_mole_and_monkey():
    """The Mole an Ostrich stacks in the lower row moves onto the card above it (S2 Mole) by
    default, stays otherwise; the Monkey stacked in the upper row moves up (S1 FAQ Monkey) by
    default, stays otherwise."""
    for scenario, default_grid, other_grid in (
        (
            MOLE_ON_AN_OSTRICH,
            [["bee+mole", "snail", "goat"], ["ostrich", "bee", "caterpillar"]],
            [["bee", "snail", "goat"], ["ostrich+mole", "bee", "caterpillar"]],
        ),
        (
            MONKEY_ON_AN_OSTRICH,
            [
                ["monkey", None, None],
                ["ostrich", "bee", "snail"],
                ["caterpillar", "horse", "peacock"],
            ],
            [["ostrich+monkey", "bee", "snail"], ["caterpillar", "horse", "peacock"]],
        ),
    ):
        default = resolve(scenario)
        other = resolve(with_rulings(scenario, stacked_is_placed=False))
        assert table_grid(default.players[0]) == default_grid
        assert table_grid(other.players[0]) == other_grid
        assert _cited(default.trace, "ruling.stacked_is_placed") and _cited(
            other.trace, "ruling.stacked_is_placed"
        )
        assert ("stacked_is_placed", False) in rulings_that_matter(scenario)


def test_a_card_placed_in_a_slot_is_no_question():
    """A Gorilla placed in slot 1 itself: placed in the upper row either way."""
    scenario = {"season": "s2", "players": [{"deck": ["gorilla", "mosquito"]}]}
    for value in _values("stacked_is_placed"):
        r = resolve(with_rulings(scenario, stacked_is_placed=value))
        assert table_grid(r.players[0])[0] == ["mosquito", None, None]
        assert not _cited(r.trace, "ruling.stacked_is_placed")


# -- 16. an Eagle's next card that cannot be flipped -----------------------------------------------

EAGLE_EAGLE = {
    "season": "s1",
    "players": [{"deck": ["eagle", "eagle", "bee", "snail", "caterpillar", "horse"]}],
}


def test_eagle_next_cannot_be_flipped_acts_or_not():
    """S2 Key Concepts, Next Revealed Card: "If the next revealed card is flipped or returned, do
    not resolve any of its abilities"; the Eagle: "turn the next revealed card face down unless it
    is flip-immune; that card's ability does not activate". The second Eagle cannot be flipped.
    Default 'acts': it turns the Bee face down (14 fame); 'does-not-act': the Bee stays up (15)."""
    default = resolve(EAGLE_EAGLE)
    silent = resolve(with_rulings(EAGLE_EAGLE, eagle_next_cannot_be_flipped="does-not-act"))
    assert table_grid(default.players[0])[0] == ["eagle", "eagle", "~bee"]
    assert table_grid(silent.players[0])[0] == ["eagle", "eagle", "bee"]
    assert (default.players[0].fame_total, silent.players[0].fame_total) == (14, 15)
    (trigger,) = _cited(default.trace, "ruling.eagle_next_cannot_be_flipped")
    (ignored,) = _cited(silent.trace, "ruling.eagle_next_cannot_be_flipped")
    assert (trigger.kind, trigger.rule, trigger.pos) == ("trigger", "card.eagle", None)
    assert (ignored.kind, ignored.card, ignored.rule) == ("ignored", "eagle", "card.eagle")
    assert rulings_that_matter(EAGLE_EAGLE) == [("eagle_next_cannot_be_flipped", "does-not-act")]


def test_a_swordfish_next_card_is_no_question():
    """The Swordfish's text has no 'that card's ability does not activate': its unflippable next
    card (an Eagle) acts in both readings."""
    scenario = {
        "season": "combined",
        "players": [{"deck": ["mosquito", "swordfish", "eagle", "bee", "snail"]}],
    }
    for value in _values("eagle_next_cannot_be_flipped"):
        r = resolve(with_rulings(scenario, eagle_next_cannot_be_flipped=value))
        assert table_grid(r.players[0])[0] == ["~mosquito", "swordfish", "eagle"]
        assert table_grid(r.players[0])[1][0] == "~bee"
        assert not _cited(r.trace, "ruling.eagle_next_cannot_be_flipped")


# -- 17. a gained Peacock's 2 and the 30-fame trigger ----------------------------------------------

PEACOCK_TO_30 = {
    "season": "combined",
    "players": [
        {
            "name": "Ann",
            "deck": ["snake", "bee", "hippopotamus", "bee", "bee", "bee", "bee"] + ["mosquito"] * 9,
        },
        {"name": "Ben", "deck": ["bee", "snail", "goat"]},
    ],
    "toon_deck": ["peacock"],
}


def test_peacock_counts_for_trigger():
    """S2 Check Fame: "If any player generated at least 30 fame, the player who generated the most
    fame takes the critic's choice card"; S1 FAQ Snake: "add the fame to the player's total". Ann:
    Snake 1 + Peacock 5 + 2 + Hippopotamus 18 (nine cards left) + four Bees = 30. Default: 30
    generated, Ann takes the critic's choice (in `resolve` and its JSON too); false: 28, the end is
    not triggered, and an event says so."""
    default = resolve(PEACOCK_TO_30)
    other = resolve(with_rulings(PEACOCK_TO_30, peacock_counts_for_trigger=False))
    assert (
        [p.fame_total for p in default.players] == [p.fame_total for p in other.players] == [30, 7]
    )
    assert default.to_json()["critics_choice"] == {"player": 0, "fame": 30}
    assert "critics_choice" not in other.to_json()
    (taken,) = _cited(default.trace, "ruling.peacock_counts_for_trigger")
    assert (taken.kind, taken.player, taken.rule, taken.value) == (
        "critics_choice",
        0,
        "s2.check-fame.critics-choice",
        30,
    )
    (untriggered,) = _cited(other.trace, "ruling.peacock_counts_for_trigger")
    assert (untriggered.kind, untriggered.rule) == ("ignored", "s2.check-fame.trigger")
    played = play_round(PEACOCK_TO_30)
    assert played.game.end_triggered and played.table.players[0].critics_choice
    assert not play_round(
        with_rulings(PEACOCK_TO_30, peacock_counts_for_trigger=False)
    ).game.end_triggered
    assert rulings_that_matter(PEACOCK_TO_30) == [("peacock_counts_for_trigger", False)]


def test_the_solo_win_counts_the_peacock_as_the_ruling_says():
    """Solo: "If, at the end of a Check Fame phase, you have generated at least 30 you win" (S1
    Solo). The same 30 with a gained Peacock wins by default, and does not with the option off."""
    solo = {
        **PEACOCK_TO_30,
        "players": PEACOCK_TO_30["players"][:1],
        "toon_deck": ["peacock"] + ["goat"] * 14,
    }
    for value, won in ((True, "won"), (False, None)):
        table, _ = load(with_rulings(solo, peacock_counts_for_trigger=value))
        game = Game(table, _Skip(), solo="normal", shuffle=False)
        game.play_round(stop_before_cleanup=True)
        assert (game.result.solo if game.result else None) == won
        (cited,) = _cited(game.trace, "ruling.peacock_counts_for_trigger")
        assert cited.kind == ("game_end" if won else "ignored")


# -- the critic's choice in resolve ----------------------------------------------------------------


@pytest.mark.parametrize(
    "decks, expected",
    [
        ((["hippopotamus"] + ["mosquito"] * 20, ["mosquito"]), {"player": 0, "fame": 30}),
        (
            (["hippopotamus"] + ["mosquito"] * 20, ["hippopotamus"] + ["mosquito"] * 20),
            {"player": None, "fame": 30},
        ),
        ((["hippopotamus"] + ["mosquito"] * 19, ["mosquito"]), None),
    ],
)
def test_resolve_gives_the_critics_choice(decks, expected):
    """S2 Check Fame: "If any player generated at least 30 fame, the player who generated the most
    fame takes the critic's choice card ... If multiple players generated at least 30 fame and
    are tied for the most fame, return the critic's choice card to the game box instead." The
    Hippopotamus scores 2 per card left in the deck (S2 FAQ Hippopotamus): fifteen left, 30."""
    scenario = {
        "season": "s2",
        "players": [{"name": f"P{i}", "deck": deck} for i, deck in enumerate(decks)],
    }
    doc = resolve(scenario).to_json()
    assert doc.get("critics_choice") == expected
    events = [e for e in doc["trace"] if e["event"] == "critics_choice"]
    if expected is None:
        assert not events
    else:
        (event,) = events
        assert (event["player"], event["value"], event["phase"]) == (
            expected["player"],
            30,
            "check-fame",
        )
        assert event["rule"] == (
            "s2.check-fame.critics-choice"
            if expected["player"] == 0
            else "s2.check-fame.critics-choice-tie"
        )


def test_one_player_resolves_without_a_critics_choice():
    """S2 Solo Setup: "The first player card and the critic's choice card are not used in solo
    play"."""
    doc = resolve(
        {"season": "s2", "players": [{"deck": ["hippopotamus"] + ["mosquito"] * 20}]}
    ).to_json()
    assert doc["players"][0]["fame"]["total"] == 30 and "critics_choice" not in doc
