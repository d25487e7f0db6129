"""The Market phase: one test per card effect and FAQ entry of the Market's scope, through
`round_scenario` (Flip, Check Fame, the scripted Market actions and the after-Market effects;
docs/scenarios.md, What the commands print).

Every expected outcome was computed by hand from the rulebooks (Season 2:
/work/shared/seeds/000_5c089f335070c9fa.txt; Season 1: fliptoons-season1-rulebook-en.txt),
cards.csv and RULINGS.md (§11-§14, card entries). Decks are laid out so the Flip gives the grid
in the comments (slots s1..s6 in reading order); a hired card goes on TOP of the deck (both
rulebook examples); decks, the toon deck and the market are listed as the JSON lists them (deck top
first; market slots left to right, null where empty).

Two grids are used again and again:

- `CRABS20` (Season 2): crab, mosquito, crab / crab, mosquito, crab. A Crab returns itself only
  in the middle column, so these four stay and score 5 each; mosquitoes 0: 20 fame.
- `GOATS22` (Season 1): goat, sheep, goat / snail, sheep, snail. Goats in the upper row 1+3 = 4,
  sheep in the middle column 1+4 = 5, snails 2: 4+5+4+2+5+2 = 22 fame.

Market used for Season 2: salamander (1), raccoon (8), opossum (10), fox (16), vulture (20) under
the prices 3, 4, 7, 10, 15. For Season 1: eagle (2), butterfly (4), goat (6), rooster (13),
bull (21).
"""

from __future__ import annotations

import pytest

from fliptoons_explore.fliptoons.engine import play_round, round_scenario
from fliptoons_explore.fliptoons.scenario import ScenarioError
from util import MARKET_EXAMPLE, compact_grid, events

CRABS20 = ["crab", "mosquito", "crab", "crab", "mosquito", "crab"]
GOATS22 = ["goat", "sheep", "goat", "snail", "sheep", "snail"]
S2_MARKET = ["salamander", "raccoon", "opossum", "fox", "vulture"]
S1_MARKET = ["eagle", "butterfly", "goat", "rooster", "bull"]
CRABS20_GRID = [["crab", "mosquito", "crab"], ["crab", "mosquito", "crab"]]
GOATS22_GRID = [["goat", "sheep", "goat"], ["snail", "sheep", "snail"]]


def one(deck, season="s2", market=None, toon=(), actions=(), choices=(), rulings=None, **fields):
    """A one-player scenario."""
    sc = {
        "season": season,
        "players": [
            {
                "name": "A",
                "deck": list(deck),
                "actions": list(actions),
                "choices": list(choices),
                **fields,
            }
        ],
        "market": list(
            S2_MARKET
            if market is None and season == "s2"
            else S1_MARKET
            if market is None
            else market
        ),
        "toon_deck": list(toon),
    }
    if rulings:
        sc["rulings"] = rulings
    return sc


def run(sc) -> dict:
    return round_scenario(sc)


def P(doc, i=0) -> dict:
    return doc["players"][i]


def hand_grid(*rows):
    """A hand-built grid: rows top first, cells None, an id, or a list (a stack, bottom first);
    an id written '~id' is face down."""

    def card(c):
        return {"id": c[1:], "face_up": False} if c.startswith("~") else {"id": c, "face_up": True}

    return [
        [
            None if cell is None else [card(c) for c in ([cell] if isinstance(cell, str) else cell)]
            for cell in row
        ]
        for row in rows
    ]


def scenario_error(sc) -> str:
    with pytest.raises(ScenarioError) as e:
        round_scenario(sc)
    return str(e.value)


# ---------------------------------------------------------------------------------------------
# Prices, dismiss costs
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "card, price, market_after",
    [
        ("salamander", 3, ["goldfish", "raccoon", "opossum", "fox", "vulture"]),
        ("raccoon", 4, ["salamander", "goldfish", "opossum", "fox", "vulture"]),
        ("opossum", 7, ["salamander", "goldfish", "raccoon", "fox", "vulture"]),
        ("fox", 10, ["salamander", "goldfish", "raccoon", "opossum", "vulture"]),
        ("vulture", 15, ["salamander", "goldfish", "raccoon", "opossum", "fox"]),
    ],
)
def test_hire_costs_the_price_above_its_slot(card, price, market_after):
    """S2 Setup 3 (price cards 3, 4, 7, 10, 15 left to right) and Market, Hire a Toon: the hire
    costs the price on the card above it; the hired card goes on top of the deck (S2 Market
    example: "He places it on top of his deck"); the market is refilled (goldfish, rank 4) and
    sorted by rank."""
    doc = run(one(CRABS20 + ["hen"], toon=["goldfish", "mole"], actions=[{"hire": card}]))
    a = P(doc)
    assert a["fame"]["total"] == 20
    assert a["fame_left"] == 20 - price
    assert a["deck"] == [card, "hen"]
    assert doc["market"] == market_after
    assert doc["toon_deck"] == ["mole"]


def test_two_hires_in_one_turn_keep_the_slot_prices_until_the_refill():
    """S2 Market: up to two actions, "one action twice"; the market is refilled only "once a player
    has completed their actions", so the raccoon, still under the 4, costs 4 after the salamander
    (3) was hired: 20 - 3 - 4 = 13."""
    doc = run(
        one(
            CRABS20 + ["hen"],
            toon=["goldfish", "mole"],
            actions=[{"hire": "salamander"}, {"hire": "raccoon"}],
        )
    )
    a = P(doc)
    assert a["fame_left"] == 13
    assert a["deck"] == ["raccoon", "salamander", "hen"]
    assert doc["market"] == ["goldfish", "mole", "opossum", "fox", "vulture"]
    assert doc["toon_deck"] == []


@pytest.mark.parametrize(
    "slot, card",
    list(enumerate(["ostrich", "eagle", "donkey", "butterfly", "dog", "goat", "sheep"])),
)
def test_combined_prices_by_slot(slot, card):
    """S2 Combining Games, Setup 2: seven price cards 3, 3, 4, 7, 10, 15, 15 over a seven-card
    market (ranks 1..7 here, one card under each)."""
    price = (3, 3, 4, 7, 10, 15, 15)[slot]
    doc = run(
        one(
            GOATS22 + ["bee"],
            season="combined",
            market=["ostrich", "eagle", "donkey", "butterfly", "dog", "goat", "sheep"],
            toon=["deer"],
            actions=[{"hire": card}],
        )
    )
    a = P(doc)
    assert a["fame_left"] == 22 - price
    assert a["deck"] == [card, "bee"]
    rest = [
        c for c in ["ostrich", "eagle", "donkey", "butterfly", "dog", "goat", "sheep"] if c != card
    ]
    assert doc["market"] == rest + ["deer"]


def test_dismiss_costs_five():
    """S2 Market, Dismiss a Toon: dismiss one toon card of your revealed grid for 5 fame; it is set
    aside face up next to the deck. The first mosquito in reading order (s2) goes: 20 - 5 = 15."""
    doc = run(one(CRABS20 + ["hen"], actions=[{"dismiss": "mosquito"}]))
    a = P(doc)
    assert a["fame_left"] == 15
    assert a["dismissed"] == ["mosquito"]
    assert compact_grid(a) == [["crab", None, "crab"], ["crab", "mosquito", "crab"]]
    assert a["deck"] == ["hen"]
    assert events(doc, "dismiss", "mosquito")[0]["value"] == 5


def test_s1_market_example_goat_for_7_and_caterpillar_for_3():
    """S1 Market Phase Example: Renato has 13, hires the goat for seven fame (on top of his deck),
    dismisses a caterpillar for 3 (its banner: COSTS 3 TO DISMISS INSTEAD OF 5): 3 remaining; the
    market is refilled from the toon deck and re-sorted.

    Grid: caterpillar 0, sheep 1+4 (middle column), caterpillar 0 / dragonfly 0+2 (caterpillar
    above, snail beside), snail 2, camel 2+2 (nobody has more camels): 13."""
    doc = run(
        one(
            ["caterpillar", "sheep", "caterpillar", "dragonfly", "snail", "camel", "bee"],
            season="s1",
            toon=["horse"],
            actions=[{"hire": "goat"}, {"dismiss": "caterpillar"}],
        )
    )
    a = P(doc)
    assert a["fame"]["total"] == 13
    assert a["fame_left"] == 3
    assert a["deck"] == ["goat", "bee"]
    assert a["dismissed"] == ["caterpillar"]
    assert compact_grid(a) == [[None, "sheep", "caterpillar"], ["dragonfly", "snail", "camel"]]
    assert [e["value"] for e in events(doc, "hire")] == [7]
    assert [e["value"] for e in events(doc, "dismiss")] == [3]
    assert doc["market"] == ["eagle", "butterfly", "horse", "rooster", "bull"]
    assert doc["toon_deck"] == []


def test_card_adjacent_to_a_ladybug_costs_3_diagonal_costs_5():
    """Ladybug (S2 starter; cards.csv banner): dismiss cost 3 instead of 5 for cards adjacent to
    it; adjacent means sharing a side, diagonal cards are not adjacent (S2 Keywords: Adjacent).

    Grid: crab 5, ladybug 1, crab 5 / shark 3, mosquito 0, crab 5 = 19. The mosquito is below the
    ladybug (3); the shark is diagonal to it (5): 19 - 3 - 5 = 11."""
    doc = run(
        one(
            ["crab", "ladybug", "crab", "shark", "mosquito", "crab", "hen"],
            actions=[{"dismiss": "mosquito"}, {"dismiss": "shark"}],
        )
    )
    a = P(doc)
    assert a["fame"]["total"] == 19
    assert [e["value"] for e in events(doc, "dismiss")] == [3, 5]
    assert a["fame_left"] == 11
    assert a["dismissed"] == ["mosquito", "shark"]
    assert compact_grid(a) == [["crab", "ladybug", "crab"], [None, None, "crab"]]


def test_face_down_ladybug_gives_no_discount():
    """S2 KC Face-down Cards: "A face-down card has no name, rank, special effects, or abilities":
    the mosquito below a face-down ladybug costs 5. Grid: crab 5, ~ladybug, crab 5 / crab 5,
    mosquito 0, crab 5 = 20."""
    doc = run(
        one(
            ["hen"],
            actions=[{"dismiss": "mosquito"}],
            grid=hand_grid(["crab", "~ladybug", "crab"], ["crab", "mosquito", "crab"]),
        )
    )
    assert P(doc)["fame"]["total"] == 20
    assert [e["value"] for e in events(doc, "dismiss")] == [5]
    assert P(doc)["fame_left"] == 15


def test_caterpillar_next_to_a_ladybug_still_costs_3():
    """Caterpillar (3) and Ladybug (3 for adjacent cards) both say "3 instead of 5": together they
    still make 3, not less (RULINGS §11 cost changes; ruling `dismiss_costs_combine`: the lowest
    base, then the Rats). Combined game: caterpillar beside a ladybug."""
    doc = run(
        one(
            [],
            season="combined",
            market=[],
            actions=[{"dismiss": "caterpillar"}],
            grid=hand_grid(["caterpillar", "ladybug", "snail"], ["snail", "bee", "snail"]),
        )
    )
    a = P(doc)
    assert a["fame"]["total"] == 0 + 1 + 2 + 2 + 1 + 2
    assert [e["value"] for e in events(doc, "dismiss")] == [3]
    assert a["fame_left"] == 8 - 3


def test_caterpillar_in_a_rat_stack_costs_2_by_default():
    """RULINGS open question 2, ruling `dismiss_costs_combine` (default true): a Caterpillar (3) in
    a stack with a face-up Rat (-1) costs 3 - 1 = 2."""
    doc = run(
        one(
            [],
            season="combined",
            market=[],
            actions=[{"dismiss": "caterpillar"}],
            grid=hand_grid([["caterpillar", "rat"], "snail", "snail"], ["snail", "bee", "snail"]),
        )
    )
    a = P(doc)
    assert a["fame"]["total"] == 0 + 1 + 2 + 2 + 2 + 1 + 2
    assert [e["value"] for e in events(doc, "dismiss")] == [2]
    assert a["fame_left"] == 10 - 2


# ---------------------------------------------------------------------------------------------
# Rat (S2 FAQ)
# ---------------------------------------------------------------------------------------------


def test_rat_each_face_up_rat_in_the_stack_takes_1_off():
    """Rat banner (cards.csv; S2 Market example: 4 instead of 5) and RULINGS §5 ("Rat's discount
    applies to the cards in its own stack"): two face-up Rats on a grasshopper, 5 - 2 = 3.

    Grid (hand-built): crab 5, mosquito 0, crab 5 / grasshopper+rat+rat (grasshopper 1 + 1 for the
    crab above it; rats 1 each), mosquito 0, crab 5 = 19."""
    doc = run(
        one(
            ["hen"],
            actions=[{"dismiss": "grasshopper"}],
            grid=hand_grid(
                ["crab", "mosquito", "crab"],
                [["grasshopper", "rat", "rat"], "mosquito", "crab"],
            ),
        )
    )
    a = P(doc)
    assert a["fame"]["total"] == 19
    assert [e["value"] for e in events(doc, "dismiss")] == [3]
    assert a["fame_left"] == 16
    assert a["dismissed"] == ["grasshopper"]
    assert compact_grid(a) == [["crab", "mosquito", "crab"], ["rat+rat", "mosquito", "crab"]]


def test_rat_discount_never_below_zero():
    """S2 FAQ Rat: "The cost to dismiss a card cannot be reduced below 0 fame." Six face-up Rats on
    a spider: 5 - 6 -> 0; spending 0 leaves the fame as it was (22), then a mosquito for 5: 17.

    Grid: crab 5, mosquito 0, crab 5 / spider+6 rats (spider 1, nothing below it; rats 6),
    mosquito 0, crab 5 = 22."""
    doc = run(
        one(
            ["hen"],
            actions=[{"dismiss": "spider"}, {"dismiss": "mosquito"}],
            grid=hand_grid(
                ["crab", "mosquito", "crab"],
                [["spider"] + ["rat"] * 6, "mosquito", "crab"],
            ),
        )
    )
    a = P(doc)
    assert a["fame"]["total"] == 22
    assert [e["value"] for e in events(doc, "dismiss")] == [0, 5]
    assert a["fame_left"] == 17
    assert a["dismissed"] == ["spider", "mosquito"]


def test_face_down_rat_gives_no_discount():
    """S2 FAQ Rat: "If a rat is face down ... the special effect that reduces the fame cost of the
    dismiss action is ignored." A spider under a face-down rat costs 5.

    Grid: crab 5, mosquito 0, crab 5 / spider+~rat (spider 1; a face-down rat scores nothing),
    mosquito 0, crab 5 = 16."""
    doc = run(
        one(
            ["hen"],
            actions=[{"dismiss": "spider"}],
            grid=hand_grid(["crab", "mosquito", "crab"], [["spider", "~rat"], "mosquito", "crab"]),
        )
    )
    a = P(doc)
    assert a["fame"]["total"] == 16
    assert [e["value"] for e in events(doc, "dismiss")] == [5]
    assert a["fame_left"] == 11


def test_rat_no_longer_in_the_grid_gives_no_discount():
    """S2 FAQ Rat: a rat "no longer in the player's grid during the Market phase" gives no
    discount. The rat is dismissed first (5 - 1 = 4: it is one of the cards in its own stack,
    ruling `rat_discounts_itself`), then the spider it sat on costs the full 5: 17 - 4 - 5 = 8."""
    doc = run(
        one(
            ["hen"],
            actions=[{"dismiss": "rat"}, {"dismiss": "spider"}],
            grid=hand_grid(["crab", "mosquito", "crab"], [["spider", "rat"], "mosquito", "crab"]),
        )
    )
    a = P(doc)
    assert a["fame"]["total"] == 17
    assert [(e["card"], e["value"]) for e in events(doc, "dismiss")] == [("rat", 4), ("spider", 5)]
    assert a["fame_left"] == 8
    assert a["dismissed"] == ["rat", "spider"]


# ---------------------------------------------------------------------------------------------
# The Season 2 Market example
# ---------------------------------------------------------------------------------------------


def test_s2_market_example():
    """S2 Market phase example (examples/README.md): Jordy has 13; hires the raccoon for 4 and puts
    it on top of his deck; the raccoon lets him take the crow from his neighbour's dismissed pile;
    he dismisses the grasshopper under the rat for 4 (5 - 1); 5 fame left; then the groundhog (in
    the last of the six slots) must be dismissed. Renato's dismissed pile is then empty.

    Market: the raccoon's slot is refilled with the goldfish (rank 4) after Jordy's actions."""
    doc = run(MARKET_EXAMPLE)
    jordy, renato = P(doc, 0), P(doc, 1)
    assert jordy["fame"]["total"] == 13
    assert jordy["fame_left"] == 5
    assert jordy["deck"] == ["crow", "raccoon", "spider", "ladybug", "hen", "salamander"]
    assert jordy["dismissed"] == ["grasshopper", "groundhog"]
    assert compact_grid(jordy) == [["mosquito", "capybara", "mosquito"], ["rat", "firefly", None]]
    assert renato["dismissed"] == []
    # Renato: 6, alone with the least fame, so his Firefly gains 2 (S2 FAQ Firefly): 8 to spend.
    assert renato["fame"]["total"] == 8 and renato["fame_left"] == 8
    assert [(e["card"], e["value"]) for e in events(doc, "hire")] == [("raccoon", 4), ("crow", 0)]
    assert [(e["card"], e["value"]) for e in events(doc, "dismiss")] == [
        ("grasshopper", 4),
        ("groundhog", 0),
    ]
    # the groundhog leaves after Jordy's actions (and before Renato's turn)
    groundhog = events(doc, "dismiss", "groundhog")[0]["step"]
    grasshopper = events(doc, "dismiss", "grasshopper")[0]["step"]
    renato_turn = [
        e["step"]
        for e in doc["trace"]
        if e["event"] == "phase" and e["player"] == 1 and e["phase"] == "market"
    ][0]
    assert grasshopper < groundhog < renato_turn
    assert doc["market"] == ["salamander", "goldfish", "opossum", "fox", "vulture"]
    assert doc["toon_deck"] == ["hen", "mole", "shark", "crab"]


# ---------------------------------------------------------------------------------------------
# What cannot be dismissed; illegal scripted actions
# ---------------------------------------------------------------------------------------------


def test_face_down_card_cannot_be_dismissed():
    """S2 Market: "Cards in the player's deck or face down in the player's grid cannot be
    dismissed." A scripted dismissal of the only shark, face down, is a bad scenario naming the
    action."""
    msg = scenario_error(
        one(
            ["hen"],
            actions=[{"dismiss": "shark"}],
            grid=hand_grid(["crab", "mosquito", "~shark"], ["crab", "mosquito", "crab"]),
        )
    )
    assert "players[0].actions[0]" in msg
    assert "face down" in msg


def test_card_in_the_deck_cannot_be_dismissed():
    """S2 Market: cards in the player's deck cannot be dismissed (the hen stays in the deck)."""
    msg = scenario_error(one(CRABS20 + ["hen"], actions=[{"skip": True}, {"dismiss": "hen"}]))
    assert "players[0].actions[1]" in msg


@pytest.mark.parametrize("season, immune", [("s2", "opossum"), ("s1", "tiger"), ("s1", "cat")])
def test_dismiss_immune_card_cannot_be_dismissed(season, immune):
    """Opossum, Tiger, Cat: "cannot be dismissed" (S1 Icons: "This card cannot be dismissed using
    the Dismiss a Toon action or by another card's ability")."""
    filler = "crab" if season == "s2" else "snail"
    deck = ["bee" if season == "s1" else "hen"]
    msg = scenario_error(
        one(
            deck,
            season=season,
            actions=[{"dismiss": immune}],
            grid=hand_grid([filler, immune, filler], [filler, filler, filler]),
        )
    )
    assert "players[0].actions[0]" in msg
    assert "cannot be dismissed" in msg


def test_no_dismiss_with_fewer_than_four_cards_in_deck_and_grid():
    """S2 Market: "Players may not dismiss a toon if they have fewer than four cards in their deck
    and grid." The second player has 3 cards (crab, mosquito, crab; deck empty)."""
    sc = {
        "season": "s2",
        "players": [
            {"name": "A", "deck": CRABS20 + ["hen"]},
            {
                "name": "B",
                "deck": ["crab", "mosquito", "crab"],
                "actions": [{"dismiss": "mosquito"}],
            },
        ],
        "market": S2_MARKET,
        "toon_deck": ["goldfish"],
    }
    msg = scenario_error(sc)
    assert "players[1].actions[0]" in msg
    assert "four" in msg


def test_four_cards_allow_one_dismissal_not_a_second():
    """S2 Market, the four-card minimum, counted when the action is taken: with exactly 4 cards
    (crab 5, mosquito 0, crab 5 / crab 5; deck empty: 15 fame) the first dismissal is allowed
    (cost 5, 10 left); the second, with 3 cards left, is forbidden though affordable."""
    msg = scenario_error(
        one(
            ["crab", "mosquito", "crab", "crab"],
            actions=[{"dismiss": "mosquito"}, {"dismiss": "crab"}],
        )
    )
    assert "players[0].actions[1]" in msg
    ok = run(one(["crab", "mosquito", "crab", "crab"], actions=[{"dismiss": "mosquito"}]))
    assert P(ok)["fame_left"] == 10
    assert P(ok)["dismissed"] == ["mosquito"]


def test_fewer_than_four_cards_may_still_hire():
    """S2 Market: the minimum limits only Dismiss a Toon; a player with 3 cards (10 fame) hires the
    salamander for 3."""
    doc = run(
        one(["crab", "mosquito", "crab"], toon=["goldfish"], actions=[{"hire": "salamander"}])
    )
    a = P(doc)
    assert a["fame_left"] == 7
    assert a["deck"] == ["salamander"]


def test_unaffordable_hire_is_a_bad_scenario():
    """S2 Market, Hire a Toon: the hire spends fame "equal to the cost"; 20 fame cannot pay the
    vulture (15) after the fox (10)."""
    msg = scenario_error(one(CRABS20 + ["hen"], actions=[{"hire": "fox"}, {"hire": "vulture"}]))
    assert "players[0].actions[1]" in msg


def test_a_third_action_without_a_peacock_is_a_bad_scenario():
    """S2 Market: "each player spends their fame to perform up to two actions"."""
    msg = scenario_error(
        one(
            CRABS20 + ["hen"],
            toon=["goldfish", "mole", "shark"],
            actions=[{"hire": "salamander"}, {"skip": True}, {"hire": "raccoon"}],
        )
    )
    assert "players[0].actions[2]" in msg


# ---------------------------------------------------------------------------------------------
# When hired (Market): Butterfly, Horse, Peacock, Pig, Raccoon, Panther
# ---------------------------------------------------------------------------------------------

BUTTERFLY_DECK = ["caterpillar", "sheep", "goat", "snail", "sheep", "caterpillar", "bee"]
# caterpillar 0, sheep 5, goat 4 / snail 2, sheep 5, caterpillar 0 = 16


def test_butterfly_dismisses_a_face_up_caterpillar_for_0():
    """Butterfly (4), when hired: "you may dismiss a caterpillar" for 0 (printed card; S1 FAQ
    Butterfly: a face-up caterpillar in the player's grid). Hired under the 4: 16 - 4 = 12; the
    caterpillar chosen (the first one, s1) goes for 0."""
    doc = run(
        one(
            BUTTERFLY_DECK,
            season="s1",
            toon=["horse"],
            actions=[{"hire": "butterfly"}],
            choices=["caterpillar"],
        )
    )
    a = P(doc)
    assert a["fame"]["total"] == 16
    assert a["fame_left"] == 12
    assert a["dismissed"] == ["caterpillar"]
    assert events(doc, "dismiss", "caterpillar")[0]["value"] == 0
    assert compact_grid(a) == [[None, "sheep", "goat"], ["snail", "sheep", "caterpillar"]]
    assert a["deck"] == ["butterfly", "bee"]
    assert doc["market"] == ["eagle", "goat", "horse", "rooster", "bull"]


def test_butterfly_is_optional():
    """Butterfly: "you MAY dismiss" (RULINGS §14: optional): declined (null), nothing is
    dismissed."""
    doc = run(
        one(
            BUTTERFLY_DECK,
            season="s1",
            toon=["horse"],
            actions=[{"hire": "butterfly"}],
            choices=[None],
        )
    )
    a = P(doc)
    assert a["fame_left"] == 12
    assert a["dismissed"] == []
    assert a["grid"][0][0][0]["id"] == "caterpillar"


def test_butterfly_ignores_a_face_down_caterpillar():
    """S1 FAQ Butterfly: "may only dismiss a face-up caterpillar". The only caterpillar is face
    down: nothing to dismiss. Grid: ~caterpillar, sheep 5, goat 4 / snail 2, sheep 5, bee 1 = 17."""
    doc = run(
        one(
            ["bee"],
            season="s1",
            toon=["horse"],
            actions=[{"hire": "butterfly"}],
            grid=hand_grid(["~caterpillar", "sheep", "goat"], ["snail", "sheep", "bee"]),
        )
    )
    a = P(doc)
    assert a["fame"]["total"] == 17
    assert a["fame_left"] == 13
    assert a["dismissed"] == []
    assert compact_grid(a)[0][0] == "~caterpillar"


HORSE_MARKET = ["eagle", "butterfly", "horse", "rooster", "bull"]


def test_horse_discards_chosen_cards_reveals_as_many_and_resorts():
    """S1 FAQ Horse: "immediately discard any number of cards in the market, reveal an equal
    number of new cards from the deck, and arrange them by rank. Place the discarded cards face-up
    next to the toon deck."

    Hire the horse (under the 7): 22 - 7 = 15. Discard the eagle and the bull; the butterfly and the
    rooster stay; reveal 2: ostrich (1), lion (16) -> ostrich, butterfly, rooster, lion, (empty).
    Second action: the ostrich, now under the 3: 12. End of turn refill: monkey (17), deer (23)."""
    sc = one(
        GOATS22 + ["bee"],
        season="s1",
        market=HORSE_MARKET,
        toon=["ostrich", "lion", "monkey", "deer", "cow"],
        actions=[{"hire": "horse"}, {"hire": "ostrich"}],
        choices=["eagle", "bull", None],
    )
    doc = run(sc)
    a = P(doc)
    assert a["fame_left"] == 22 - 7 - 3
    assert [(e["card"], e["value"]) for e in events(doc, "hire")] == [("horse", 7), ("ostrich", 3)]
    assert a["deck"] == ["ostrich", "horse", "bee"]
    assert doc["market"] == ["butterfly", "rooster", "lion", "monkey", "deer"]
    assert doc["toon_deck"] == ["cow"]
    game = play_round(sc)
    assert [c.id for c in game.table.market_discard] == ["eagle", "bull"]
    assert all(c.face_up for c in game.table.market_discard)


def test_horse_may_discard_nothing():
    """Horse: "discard any number" includes none (RULINGS §14: optional): the market only loses
    the horse and is refilled after the turn."""
    sc = one(
        GOATS22 + ["bee"],
        season="s1",
        market=HORSE_MARKET,
        toon=["ostrich", "lion"],
        actions=[{"hire": "horse"}],
        choices=[None],
    )
    doc = run(sc)
    assert doc["market"] == ["ostrich", "eagle", "butterfly", "rooster", "bull"]
    assert doc["toon_deck"] == ["lion"]
    assert play_round(sc).table.market_discard == []


PEACOCK_MARKET = ["eagle", "butterfly", "goat", "peacock", "bull"]


def test_peacock_gains_2_fame_and_a_third_action():
    """Peacock (19), when hired: gain 2 fame and take one extra market action. Hired under the 10:
    22 - 10 + 2 = 14; then the eagle (3) and the goat (still under the 7): 14 - 3 - 7 = 4."""
    doc = run(
        one(
            GOATS22 + ["bee"],
            season="s1",
            market=PEACOCK_MARKET,
            toon=["ostrich", "lion", "monkey", "deer"],
            actions=[{"hire": "peacock"}, {"hire": "eagle"}, {"hire": "goat"}],
        )
    )
    a = P(doc)
    assert a["fame_left"] == 4
    assert a["deck"] == ["goat", "eagle", "peacock", "bee"]
    assert doc["market"] == ["ostrich", "butterfly", "lion", "monkey", "bull"]
    assert doc["toon_deck"] == ["deer"]


def test_peacock_gives_one_extra_action_not_two():
    """Peacock: ONE extra market action: a fourth scripted action is a bad scenario."""
    msg = scenario_error(
        one(
            GOATS22 + ["bee"],
            season="s1",
            market=PEACOCK_MARKET,
            toon=["ostrich", "lion", "monkey", "deer"],
            actions=[{"hire": "peacock"}, {"skip": True}, {"skip": True}, {"hire": "eagle"}],
        )
    )
    assert "players[0].actions[3]" in msg


PIG_MARKET = ["eagle", "butterfly", "goat", "pig", "bull"]
PIG_B_DECK = ["snail", "snail", "bee", "bee", "snail", "bee", "caterpillar"]  # 9 fame


def _pig_table(a_deck, a_actions, a_choices, toon=("ostrich", "lion")):
    return {
        "season": "s1",
        "players": [
            {"name": "A", "deck": list(a_deck), "actions": a_actions, "choices": a_choices},
            {"name": "B", "deck": list(PIG_B_DECK)},
        ],
        "market": PIG_MARKET,
        "toon_deck": list(toon),
    }


def test_pig_hired_goes_into_the_chosen_players_deck():
    """Pig (18), when hired: "put this card into any deck" (S1 FAQ Pig: "any player's deck").
    A hires it under the 10 (22 - 10 = 12) and puts it into B's deck (on top, as a hired card)."""
    doc = run(_pig_table(GOATS22 + ["bee"], [{"hire": "pig"}], ["B"]))
    a, b = P(doc, 0), P(doc, 1)
    assert a["fame_left"] == 12
    assert a["deck"] == ["bee"]
    assert b["deck"] == ["pig", "caterpillar"]
    assert doc["market"] == ["ostrich", "eagle", "butterfly", "goat", "bull"]
    assert doc["toon_deck"] == ["lion"]


def test_pig_hired_into_the_toon_deck_is_shuffled_in():
    """S1 FAQ Pig: "The pig can be placed ... back in the toon deck. Shuffle the deck if placed in
    the toon deck." The refill then draws from the shuffled deck: the pig is in the market or the
    toon deck, in no player's deck."""
    doc = run(_pig_table(GOATS22 + ["bee"], [{"hire": "pig"}], ["toon deck"]))
    a, b = P(doc, 0), P(doc, 1)
    assert a["fame_left"] == 12
    assert "pig" not in a["deck"] and "pig" not in b["deck"]
    assert None not in doc["market"]
    assert sorted(doc["market"] + doc["toon_deck"]) == sorted(
        ["eagle", "butterfly", "goat", "bull", "ostrich", "lion", "pig"]
    )


def test_pig_dismissed_goes_into_a_chosen_deck():
    """Pig: "when hired OR WHEN DISMISSED: put this card into any deck" (cards.csv; S1 Icons, the
    hired-or-dismissed icon). A dismisses her own pig (-1 fame: 4+5+4+2+5-1 = 19; cost 5: 14) and
    puts it back into her own deck: it is not in her dismissed pile."""
    doc = run(
        _pig_table(
            ["goat", "sheep", "goat", "snail", "sheep", "pig", "bee"], [{"dismiss": "pig"}], ["A"]
        )
    )
    a = P(doc)
    assert a["fame"]["total"] == 19
    assert a["fame_left"] == 14
    assert a["dismissed"] == []
    assert a["deck"] == ["pig", "bee"]


def test_pig_default_goes_to_the_leaders_deck():
    """Pig with no scripted answer: the documented default (policy.DefaultPolicy: "the Pig goes
    into the deck of the other player with the most fame"): B, the other player with the most
    fame (9), gets it on top of the deck."""
    doc = run(_pig_table(GOATS22 + ["bee"], [{"hire": "pig"}], []))
    a, b = P(doc, 0), P(doc, 1)
    assert a["fame_left"] == 12
    assert a["deck"] == ["bee"]
    assert b["deck"] == ["pig", "caterpillar"]


RACCOON_B_DECK = ["shark", "shark", "mosquito", "mosquito", "shark", "mosquito"]  # 9 fame


def _raccoon_table(choices):
    return {
        "season": "s2",
        "players": [
            {
                "name": "A",
                "deck": CRABS20 + ["hen"],
                "dismissed": ["mosquito"],
                "actions": [{"hire": "raccoon"}],
                "choices": choices,
            },
            {"name": "B", "deck": RACCOON_B_DECK, "dismissed": ["crow"]},
        ],
        "market": S2_MARKET,
        "toon_deck": ["goldfish"],
    }


def test_raccoon_takes_a_card_from_any_dismissed_pile_own_included():
    """S2 FAQ Raccoon: "the player may immediately hire a card from their own or another player's
    dismiss pile for 0 fame." A takes back her own mosquito: 20 - 4 (raccoon) - 0 = 16."""
    doc = run(_raccoon_table(["mosquito"]))
    a, b = P(doc, 0), P(doc, 1)
    assert a["fame_left"] == 16
    assert a["deck"] == ["mosquito", "raccoon", "hen"]
    assert a["dismissed"] == []
    assert b["dismissed"] == ["crow"]
    assert [(e["card"], e["value"]) for e in events(doc, "hire")] == [
        ("raccoon", 4),
        ("mosquito", 0),
    ]


def test_raccoon_is_optional():
    """S2 FAQ Raccoon: "This ability is optional": declined (null), both piles stay."""
    doc = run(_raccoon_table([None]))
    a, b = P(doc, 0), P(doc, 1)
    assert a["fame_left"] == 16
    assert a["deck"] == ["raccoon", "hen"]
    assert a["dismissed"] == ["mosquito"]
    assert b["dismissed"] == ["crow"]


PANTHER_MARKET = ["salamander", "panther", "opossum", "fox", "vulture"]


def test_panther_dismisses_a_face_up_card_for_0():
    """S2 FAQ Panther: "If a player hires a panther, they immediately dismiss a face-up card in
    their grid for 0 fame ... mandatory and does not cost an action." Panther under the 4:
    20 - 4 = 16; the chosen crab (the first, s1) goes for 0; a second action still follows."""
    doc = run(
        one(
            CRABS20 + ["hen"],
            market=PANTHER_MARKET,
            toon=["goldfish", "mole"],
            actions=[{"hire": "panther"}, {"hire": "salamander"}],
            choices=["crab"],
        )
    )
    a = P(doc)
    assert a["fame_left"] == 16 - 3
    assert a["dismissed"] == ["crab"]
    assert events(doc, "dismiss", "crab")[0]["value"] == 0
    assert compact_grid(a) == [[None, "mosquito", "crab"], ["crab", "mosquito", "crab"]]
    assert a["deck"] == ["salamander", "panther", "hen"]


def test_panther_is_mandatory():
    """S2 FAQ Panther: "This ability is mandatory": declining (null) is a bad scenario."""
    msg = scenario_error(
        one(
            CRABS20 + ["hen"],
            market=PANTHER_MARKET,
            toon=["goldfish"],
            actions=[{"hire": "panther"}],
            choices=[None],
        )
    )
    assert "players[0].choices[0]" in msg


def test_panther_cannot_take_a_face_down_card():
    """S2 FAQ Panther: "a FACE-UP card in their grid": the face-down shark is not a legal answer."""
    msg = scenario_error(
        one(
            ["hen"],
            market=PANTHER_MARKET,
            toon=["goldfish"],
            actions=[{"hire": "panther"}],
            choices=["shark"],
            grid=hand_grid(["crab", "mosquito", "~shark"], ["crab", "mosquito", "crab"]),
        )
    )
    assert "players[0].choices[0]" in msg


# ---------------------------------------------------------------------------------------------
# Crow; effects queued during the Flip (Mongoose, Snake)
# ---------------------------------------------------------------------------------------------


def test_crow_dismissed_in_the_market_hires_for_0_and_refills_at_once():
    """S2 FAQ Crow: "If a crow is dismissed during the Market phase, the player may immediately hire
    a card from the market for 0 fame and refill the market ... does not cost an action."

    Grid: crab 5, crow 2, crab 5 / crab 5, mosquito 0, crab 5 = 22. Dismiss the crow (5): 17; the
    crow hires the vulture for 0 and the market refills at once (hen, rank 6, under the 4); the
    second action hires that hen for 4: 13. End of turn: mole (5)."""
    doc = run(
        one(
            ["crab", "crow", "crab", "crab", "mosquito", "crab", "hen"],
            toon=["hen", "mole", "shark", "crab"],
            actions=[{"dismiss": "crow"}, {"hire": "hen"}],
            choices=["vulture"],
        )
    )
    a = P(doc)
    assert a["fame"]["total"] == 22
    assert a["fame_left"] == 13
    assert a["dismissed"] == ["crow"]
    assert a["deck"] == ["hen", "vulture", "hen"]
    assert [(e["card"], e["value"]) for e in events(doc, "hire")] == [("vulture", 0), ("hen", 4)]
    assert doc["market"] == ["salamander", "mole", "raccoon", "opossum", "fox"]
    assert doc["toon_deck"] == ["shark", "crab"]


def test_peacock_hired_through_a_crow_gains_2_and_an_action():
    """S2 FAQ Crow (the crow lets the player "hire a card from the market for 0 fame") with the
    Peacock's "when hired: gain 2 fame and take one extra market action" (ruling
    `hired_by_ability_triggers`, default true: a hire by an ability is a hire). Combined game.

    Grid: crab 5, crow 2, crab 5 / crab 5, mosquito 0, crab 5 = 22. Dismiss the crow (5): 17; the
    crow hires the peacock (rank 19) for 0: +2 = 19 and a third action; the market refills at once
    (goat, rank 6, right of the hen); then the ostrich and the eagle, under the two 3s: 13."""
    doc = run(
        one(
            ["crab", "crow", "crab", "crab", "mosquito", "crab", "bee"],
            season="combined",
            market=["ostrich", "eagle", "donkey", "hen", "raccoon", "fox", "peacock"],
            toon=["goat", "sheep", "camel"],
            actions=[{"dismiss": "crow"}, {"hire": "ostrich"}, {"hire": "eagle"}],
            choices=["peacock"],
        )
    )
    a = P(doc)
    assert a["fame"]["total"] == 22
    assert [(e["card"], e["value"]) for e in events(doc, "hire")] == [
        ("peacock", 0),
        ("ostrich", 3),
        ("eagle", 3),
    ]
    assert a["fame_left"] == 22 - 5 + 2 - 3 - 3
    assert a["deck"] == ["eagle", "ostrich", "peacock", "bee"]
    # after the turn: sheep (7), then camel (8) right of the raccoon (8)
    assert doc["market"] == ["donkey", "hen", "goat", "sheep", "raccoon", "camel", "fox"]
    assert doc["toon_deck"] == []


def test_crow_dismissed_by_a_mongoose_resolves_after_the_flip():
    """S2 FAQ Mongoose ("If the mongoose dismisses a card with a 'When Dismissed' ability, resolve
    that ability after the Flip phase is complete") and S2 FAQ Crow (dismissed during the Flip:
    after the Flip).

    Flip: s1 crab; s2 mongoose dismisses the bottom card of the deck (the crow) and puts the top
    toon card (shark) on the deck; s3 shark, s4 crab, s5 mosquito, s6 crab; deck [mosquito].
    Fame 5+2+3+5+0+5 = 20. After the Flip the crow hires the fox for 0 (top of the deck) and the
    market refills (goldfish) before Check Fame."""
    doc = run(
        one(
            ["crab", "mongoose", "crab", "mosquito", "crab", "mosquito", "crow"],
            toon=["shark", "goldfish", "hen"],
            choices=["fox"],
        )
    )
    a = P(doc)
    assert compact_grid(a) == [["crab", "mongoose", "shark"], ["crab", "mosquito", "crab"]]
    assert a["fame"]["total"] == 20
    assert a["fame_left"] == 20
    assert a["dismissed"] == ["crow"]
    assert a["deck"] == ["fox", "mosquito"]
    assert doc["market"] == ["salamander", "goldfish", "raccoon", "opossum", "vulture"]
    assert doc["toon_deck"] == ["hen"]
    hire = events(doc, "hire", "fox")[0]
    assert hire["value"] == 0 and hire["rule"].startswith("s2.faq.crow")
    flip_end = max(e["step"] for e in doc["trace"] if e["phase"] == "flip")
    check_fame = [
        e["step"] for e in doc["trace"] if e["event"] == "phase" and e["phase"] == "check-fame"
    ][0]
    assert flip_end < hire["step"] < check_fame


def test_crow_dismissed_by_a_snake_resolves_after_the_flip():
    """S1 FAQ Snake + S2 KC Ability Timing ("If any 'When Hired' or 'When Dismissed' abilities are
    activated during the Flip phase, resolve them at the end of the Flip phase"); combined game.

    Flip: s1 snake dismisses the top card of the deck (the crow) and stacks the top toon card
    (shark) on itself; s2 goat 4, s3 goat 4 / snail 2, sheep 5, snail 2; snake 1 + shark 3: 21 fame.
    After the Flip the crow hires the vulture (under a 15) for 0; the 7-card market refills
    (goldfish)."""
    doc = run(
        one(
            ["snake", "crow", "goat", "goat", "snail", "sheep", "snail", "bee"],
            season="combined",
            market=["ostrich", "groundhog", "donkey", "hen", "raccoon", "fox", "vulture"],
            toon=["shark", "goldfish", "mole"],
            choices=["vulture"],
        )
    )
    a = P(doc)
    assert compact_grid(a) == [["snake+shark", "goat", "goat"], ["snail", "sheep", "snail"]]
    assert a["fame"]["total"] == 21
    assert a["fame_left"] == 21
    assert a["dismissed"] == ["crow"]
    assert a["deck"] == ["vulture", "bee"]
    assert doc["market"] == ["ostrich", "groundhog", "donkey", "goldfish", "hen", "raccoon", "fox"]
    assert doc["toon_deck"] == ["mole"]
    hire = events(doc, "hire", "vulture")[0]
    check_fame = [
        e["step"] for e in doc["trace"] if e["event"] == "phase" and e["phase"] == "check-fame"
    ][0]
    assert hire["value"] == 0 and hire["step"] < check_fame


def test_peacock_gained_by_a_snake_adds_2_to_the_total_and_an_action():
    """S1 FAQ Snake: "If the stacked card is a peacock, add the fame to the player's total and take
    an additional action in the Market phase."

    Flip: s1 snake dismisses the bee (top of the deck) and stacks the peacock (top toon card);
    s2 goat 4, s3 goat 4 / snail 2, sheep 5, snail 2. Snake 1 + peacock 5 (+2 in its own entry):
    25 = the round's total and fame_left. Three hires: eagle 3, butterfly 4, goat 7: 11 left."""
    doc = run(
        one(
            ["snake", "bee", "goat", "goat", "snail", "sheep", "snail", "caterpillar"],
            season="s1",
            toon=["peacock", "ostrich", "lion", "monkey", "deer"],
            actions=[{"hire": "eagle"}, {"hire": "butterfly"}, {"hire": "goat"}],
        )
    )
    a = P(doc)
    assert compact_grid(a) == [["snake+peacock", "goat", "goat"], ["snail", "sheep", "snail"]]
    assert a["fame"]["total"] == 25
    assert [c["fame"] for c in a["fame"]["cards"] if c["id"] == "peacock"] == [7]
    assert a["fame_left"] == 11
    assert a["dismissed"] == ["bee"]
    assert a["deck"] == ["goat", "butterfly", "eagle", "caterpillar"]
    assert doc["market"] == ["ostrich", "rooster", "lion", "monkey", "bull"]
    assert doc["toon_deck"] == ["deer"]


# ---------------------------------------------------------------------------------------------
# After Check Fame: Skunk, Firefly
# ---------------------------------------------------------------------------------------------

SKUNK_DECK = ["skunk", "bee", "caterpillar", "caterpillar", "dragonfly", "snail", "snail"]
# skunk 0, bee 1, caterpillar 0 / caterpillar 0, dragonfly 0+3 (bee, caterpillar, snail), snail 2 =
# 6


def test_skunk_alone_with_least_fame_must_dismiss_a_card_for_0_still_two_actions():
    """S1 FAQ Skunk: "The skunk's ability can be used to dismiss itself. This ability is mandatory
    and does not cost an action. If a player benefits from the skunk's ability, they still take up
    to two actions in the Market phase."

    B (6) alone has the least fame (A: 22): B dismisses the skunk itself for 0, then hires the eagle
    (3) and dismisses a caterpillar (3): 0 left."""
    sc = {
        "season": "s1",
        "players": [
            {"name": "A", "deck": GOATS22 + ["bee"]},
            {
                "name": "B",
                "deck": SKUNK_DECK,
                "actions": [{"hire": "eagle"}, {"dismiss": "caterpillar"}],
                "choices": ["skunk"],
            },
        ],
        "market": S1_MARKET,
        "toon_deck": ["horse", "lion"],
    }
    doc = run(sc)
    a, b = P(doc, 0), P(doc, 1)
    assert b["fame"]["total"] == 6
    assert b["fame_left"] == 0
    assert b["dismissed"] == ["skunk", "caterpillar"]
    assert events(doc, "dismiss", "skunk")[0]["value"] == 0
    assert compact_grid(b) == [[None, "bee", None], ["caterpillar", "dragonfly", "snail"]]
    assert b["deck"] == ["eagle", "snail"]
    assert a["fame_left"] == 22 and a["dismissed"] == []
    assert doc["market"] == ["butterfly", "goat", "horse", "rooster", "bull"]


def test_skunk_tie_for_least_fame_has_no_effect():
    """S1 FAQ Skunk: "In case of a tie, the skunk has no effect." Both players score 6."""
    sc = {
        "season": "s1",
        "players": [{"name": "A", "deck": SKUNK_DECK}, {"name": "B", "deck": SKUNK_DECK}],
        "market": S1_MARKET,
        "toon_deck": ["horse"],
    }
    doc = run(sc)
    assert [P(doc, i)["dismissed"] for i in (0, 1)] == [[], []]
    assert [P(doc, i)["fame_left"] for i in (0, 1)] == [6, 6]


RENATO = ["mosquito", "mosquito", "spider", "grasshopper", "ladybug", "firefly"]
# mosquito 0, mosquito 0, spider 1+1 / grasshopper 1+1, ladybug 1, firefly 1 = 6


def test_firefly_alone_with_least_fame_gains_2_to_spend():
    """Firefly: after Check Fame, if you alone have the least fame, gain 2 (S2 FAQ Firefly; examples
    README: Renato scores 6, is alone with the least fame, ends with 8). The 2 is in fame_left."""
    sc = {
        "season": "s2",
        "players": [{"name": "A", "deck": CRABS20 + ["hen"]}, {"name": "B", "deck": RENATO}],
        "market": S2_MARKET,
        "toon_deck": ["goldfish"],
    }
    doc = run(sc)
    b = P(doc, 1)
    assert b["fame"]["total"] == 8
    assert b["fame_left"] == 8
    assert [c["fame"] for c in b["fame"]["cards"] if c["id"] == "firefly"] == [3]
    assert P(doc, 0)["fame_left"] == 20


def test_firefly_tie_for_least_fame_has_no_effect():
    """S2 FAQ Firefly: "In case of a tie, the firefly has no effect." Both score 6."""
    sc = {
        "season": "s2",
        "players": [{"name": "A", "deck": RENATO}, {"name": "B", "deck": RENATO}],
        "market": S2_MARKET,
        "toon_deck": ["goldfish"],
    }
    doc = run(sc)
    assert [P(doc, i)["fame_left"] for i in (0, 1)] == [6, 6]


# ---------------------------------------------------------------------------------------------
# After the Market: Donkey, Alligator, Groundhog, Vulture
# ---------------------------------------------------------------------------------------------


def test_donkey_in_the_lower_row_is_dismissed_after_the_market_upper_row_stays():
    """Donkey (3): +5 if in the lower row; "If so, dismiss this card after the Market phase" (S1
    card art); S1 FAQ Donkey: "If a donkey is placed in the upper row of a grid, it is not
    dismissed."

    Flip: goat 4, sheep 5, donkey 1 (upper) / donkey 1+5 (lower), sheep 5, snail 2 = 23. The lower
    donkey's fame is spent like any other (hire the bull, 15: 8 left), then it is dismissed: after
    A's own turn, before B's (ruling `after_market_timing`, default each-turn)."""
    sc = {
        "season": "s1",
        "players": [
            {
                "name": "A",
                "deck": ["goat", "sheep", "donkey", "donkey", "sheep", "snail", "bee"],
                "actions": [{"hire": "bull"}],
            },
            {"name": "B", "deck": GOATS22},
        ],
        "market": S1_MARKET,
        "toon_deck": ["horse"],
    }
    doc = run(sc)
    a = P(doc)
    assert a["fame"]["total"] == 23
    assert a["fame_left"] == 8
    assert a["dismissed"] == ["donkey"]
    assert compact_grid(a) == [["goat", "sheep", "donkey"], [None, "sheep", "snail"]]
    assert a["deck"] == ["bull", "bee"]
    donkey = events(doc, "dismiss", "donkey")[0]
    b_turn = [
        e["step"]
        for e in doc["trace"]
        if e["event"] == "phase" and e["player"] == 1 and e["phase"] == "market"
    ][0]
    assert donkey["value"] == 0 and donkey["step"] < b_turn


def test_alligator_dismisses_the_card_to_its_right_after_the_market():
    """Alligator (15): after the Market phase, dismiss one card in the space directly to its right;
    S1 FAQ Alligator: "The target ... generates fame in the Check Fame phase which can be spent in
    the Market phase, even though the target is dismissed at the end of the Market phase."

    Grid: alligator 6, goat 4, snail 2 / bee 1, snail 2, bee 1 = 16; hire the eagle (3): 13; then
    the goat goes."""
    doc = run(
        one(
            ["bee"],
            season="s1",
            toon=["horse"],
            actions=[{"hire": "eagle"}],
            grid=hand_grid(["alligator", "goat", "snail"], ["bee", "snail", "bee"]),
        )
    )
    a = P(doc)
    assert a["fame"]["total"] == 16
    assert a["fame_left"] == 13
    assert a["dismissed"] == ["goat"]
    assert compact_grid(a) == [["alligator", None, "snail"], ["bee", "snail", "bee"]]


def test_alligator_on_a_stack_dismisses_the_chosen_card():
    """S1 FAQ Alligator: "If the target of the alligator's ability is a stack, dismiss any one card
    in the stack." The stack on its right is bee (bottom) + snail; the bee is chosen."""
    doc = run(
        one(
            ["bee"],
            season="s1",
            toon=["horse"],
            choices=["bee"],
            grid=hand_grid(["alligator", ["bee", "snail"], "goat"], ["bee", "snail", "bee"]),
        )
    )
    a = P(doc)
    assert a["dismissed"] == ["bee"]
    assert compact_grid(a) == [["alligator", "snail", "goat"], ["bee", "snail", "bee"]]


def test_alligator_dismissed_in_the_market_does_nothing():
    """S1 FAQ Alligator: "If dismissed during the market phase, the alligator no longer dismisses a
    card." 16 - 5 = 11; the goat stays."""
    doc = run(
        one(
            ["bee"],
            season="s1",
            toon=["horse"],
            actions=[{"dismiss": "alligator"}],
            grid=hand_grid(["alligator", "goat", "snail"], ["bee", "snail", "bee"]),
        )
    )
    a = P(doc)
    assert a["fame_left"] == 11
    assert a["dismissed"] == ["alligator"]
    assert compact_grid(a) == [[None, "goat", "snail"], ["bee", "snail", "bee"]]


def test_crow_dismissed_by_an_alligator_hires_at_once():
    """RULINGS §14: when-dismissed effects in the Market phase (including a Crow dismissed by an
    after-Market effect) resolve immediately; S2 FAQ Crow: hire for 0, then refill. Combined game:
    the alligator dismisses the crow on its right (the only card there: a forced decision, not
    scripted); the crow hires the vulture; the market refills."""
    doc = run(
        one(
            ["bee"],
            season="combined",
            choices=["vulture"],
            market=["ostrich", "groundhog", "donkey", "hen", "raccoon", "fox", "vulture"],
            toon=["goldfish", "mole"],
            grid=hand_grid(["alligator", "crow", "snail"], ["bee", "snail", "bee"]),
        )
    )
    a = P(doc)
    assert a["dismissed"] == ["crow"]
    assert a["deck"] == ["vulture", "bee"]
    assert doc["market"] == ["ostrich", "groundhog", "donkey", "goldfish", "hen", "raccoon", "fox"]
    assert doc["toon_deck"] == ["mole"]
    decision = next(
        e for e in doc["trace"] if e["event"] == "decision" and e["card"] == "alligator"
    )
    assert decision["target"] == "crow" and decision["detail"].endswith(
        "(forced: the only legal answer)"
    )


def test_groundhog_in_slot_1_or_6_is_dismissed_even_in_a_stack():
    """S2 FAQ Groundhog: "This ability is mandatory and does not cost an action ... The groundhog is
    dismissed even if it is in a stack in the first or last slot of the grid."

    Grid: mosquito+groundhog (slot 1), crab, shark / shark, mosquito, groundhog+rat (slot 6):
    0+3+5+3+3+0+3+1 = 18 (a hand-built grid does not flip: the crab stays in the middle)."""
    doc = run(
        one(
            ["hen"],
            grid=hand_grid(
                [["mosquito", "groundhog"], "crab", "shark"],
                ["shark", "mosquito", ["groundhog", "rat"]],
            ),
        )
    )
    a = P(doc)
    assert a["fame"]["total"] == 18
    assert a["fame_left"] == 18
    assert a["dismissed"] == ["groundhog", "groundhog"]
    assert compact_grid(a) == [["mosquito", "crab", "shark"], ["shark", "mosquito", "rat"]]


def test_groundhog_elsewhere_or_in_an_extra_row_stays():
    """S2 FAQ Groundhog: "The groundhog considers only the six grid slots ... and does not consider
    cards in additional rows outside of the 3-by-2 grid." One groundhog sits in the extra row above
    a gorilla in slot 1, another in slot 3: neither is in slot 1 or 6."""
    doc = run(
        one(
            ["hen"],
            grid=hand_grid(
                ["groundhog", None, None],
                ["gorilla", "mosquito", "groundhog"],
                ["shark", "mosquito", "shark"],
            ),
        )
    )
    a = P(doc)
    assert a["dismissed"] == []
    assert compact_grid(a) == [
        ["groundhog", None, None],
        ["gorilla", "mosquito", "groundhog"],
        ["shark", "mosquito", "shark"],
    ]


def test_groundhog_leaves_even_below_the_four_card_minimum_by_default():
    """RULINGS open question 1, ruling `minimum_limits_abilities` (default false: the minimum is
    written under the Dismiss a Toon action): with 3 cards (groundhog, mosquito, shark) the
    groundhog in slot 1 is still dismissed; with the option on, it stays."""
    doc = run(one(["groundhog", "mosquito", "shark"]))
    assert P(doc)["dismissed"] == ["groundhog"]
    doc = run(one(["groundhog", "mosquito", "shark"], rulings={"minimum_limits_abilities": True}))
    assert P(doc)["dismissed"] == []


VULTURE_GRID = (["~mosquito", "crab", "vulture"], ["shark", "crab", "hippopotamus"])


def test_vulture_dismisses_the_lowest_rank_face_down_never():
    """S2 FAQ Vulture: "A face-down card has no rank and cannot be dismissed. The dismiss ability is
    mandatory"; S2 KC Lowest Rank Card: ties go to the leftmost card in the topmost row.

    The face-down mosquito has no rank; the lowest face-up rank is 17 (two crabs): the upper one
    goes. Fame: crab 5, vulture 6 / shark 3, crab 5, hippopotamus 0+2 (1 card in deck) = 21."""
    doc = run(one(["hen"], grid=hand_grid(*VULTURE_GRID)))
    a = P(doc)
    assert a["fame"]["total"] == 21
    assert a["dismissed"] == ["crab"]
    assert compact_grid(a) == [["~mosquito", None, "vulture"], ["shark", "crab", "hippopotamus"]]


def test_vulture_lowest_rank_tie_in_a_stack_takes_the_topmost():
    """S2 KC Lowest Rank Card: "If there is still a tie between stacked cards, the lowest rank is
    the topmost of the tied cards in the stack." Mosquito (bottom) and ladybug, both rank 0, share
    slot 1 (the leftmost of the topmost row; the spider, rank 0 too, comes later): the ladybug
    goes."""
    doc = run(
        one(
            ["hen"],
            grid=hand_grid(
                [["mosquito", "ladybug"], "vulture", "shark"],
                ["spider", "crab", "shark"],
            ),
        )
    )
    a = P(doc)
    assert a["dismissed"] == ["ladybug"]
    assert compact_grid(a) == [["mosquito", "vulture", "shark"], ["spider", "crab", "shark"]]


def test_vulture_with_a_dismiss_immune_lowest_card_does_nothing_by_default():
    """Vulture (cards.csv): "dismiss the lowest-rank card in your grid UNLESS that card is
    dismiss-immune" (ruling `vulture_immune_lowest`, default skip): the opossum (10) is the lowest
    and cannot be dismissed: nothing happens. With "next-lowest", the upper crab goes."""
    grid = hand_grid(["opossum", "crab", "vulture"], ["shark", "crab", "hippopotamus"])
    doc = run(one(["hen"], grid=grid))
    assert P(doc)["dismissed"] == []
    doc = run(one(["hen"], grid=grid, rulings={"vulture_immune_lowest": "next-lowest"}))
    assert P(doc)["dismissed"] == ["crab"]


def test_vulture_dismissed_in_the_market_does_nothing():
    """S2 FAQ Vulture: "If the vulture is no longer in the player's grid at the end of the Market
    phase, this ability is ignored": dismissed for 5 (21 - 5 = 16), the crabs stay."""
    doc = run(one(["hen"], actions=[{"dismiss": "vulture"}], grid=hand_grid(*VULTURE_GRID)))
    a = P(doc)
    assert a["fame_left"] == 16
    assert a["dismissed"] == ["vulture"]
    assert compact_grid(a) == [["~mosquito", "crab", None], ["shark", "crab", "hippopotamus"]]


def test_vulture_as_the_lowest_rank_dismisses_itself():
    """RULINGS open question 11, the sensible reading (the Vulture may take itself): all other
    cards rank higher than 20 (zebra 21, shark 22, rhinoceros 23, hippopotamus 24, sloth 25)."""
    doc = run(
        one(
            ["hen"],
            grid=hand_grid(
                ["vulture", "zebra", "shark"],
                ["rhinoceros", "hippopotamus", "sloth"],
            ),
        )
    )
    assert P(doc)["dismissed"] == ["vulture"]


# ---------------------------------------------------------------------------------------------
# Refill, sort, equal ranks, an empty toon deck
# ---------------------------------------------------------------------------------------------


def test_market_is_refilled_and_sorted_after_each_players_turn():
    """S2 Market, Refill the Market: "Once a player has completed their actions ... reveal cards
    from the toon deck until there are five ... ordered by rank"; the next player then sees the
    refilled market. A hires the opossum (7): the hen (6) comes in under the 4; B hires it for 4;
    then the mole (5)."""
    sc = {
        "season": "s2",
        "players": [
            {"name": "A", "deck": CRABS20 + ["hen"], "actions": [{"hire": "opossum"}]},
            {"name": "B", "deck": CRABS20 + ["hen"], "actions": [{"hire": "hen"}]},
        ],
        "market": S2_MARKET,
        "toon_deck": ["hen", "mole"],
    }
    doc = run(sc)
    assert P(doc, 0)["fame_left"] == 13
    assert P(doc, 1)["fame_left"] == 16
    assert P(doc, 1)["deck"] == ["hen", "hen"]
    refills = [(e["card"], e["value"]) for e in events(doc, "refill")]
    assert refills == [("hen", 1), ("mole", 1)]
    assert doc["market"] == ["salamander", "mole", "raccoon", "fox", "vulture"]
    assert doc["toon_deck"] == []


def test_equal_ranks_go_right_of_the_rightmost_equal_card():
    """S2 Combining Games, Gameplay Changes: "Place cards that share a rank with an existing card in
    the market below the price card to the right of the rightmost card with the same rank."

    Market ostrich 1, eagle 2, donkey 3, goldfish 4, dog 5, hen 6, sheep 7. A hires the ostrich (3)
    and the goldfish (7): 22 - 10 = 12; refill reveals the rat (3: right of the donkey), then the
    groundhog (2: right of the eagle). B hires the dog (now under the 10): 12; refill reveals an
    eagle (2): right of the groundhog, the rightmost rank-2 card."""
    sc = {
        "season": "combined",
        "players": [
            {
                "name": "A",
                "deck": GOATS22 + ["bee"],
                "actions": [{"hire": "ostrich"}, {"hire": "goldfish"}],
            },
            {"name": "B", "deck": GOATS22 + ["bee"], "actions": [{"hire": "dog"}]},
        ],
        "market": ["ostrich", "eagle", "donkey", "goldfish", "dog", "hen", "sheep"],
        "toon_deck": ["rat", "groundhog", "eagle"],
    }
    doc = run(sc)
    assert P(doc, 0)["fame_left"] == 12
    assert P(doc, 1)["fame_left"] == 12
    assert doc["market"] == ["eagle", "groundhog", "eagle", "donkey", "rat", "hen", "sheep"]
    assert doc["toon_deck"] == []


def test_toon_deck_empty_market_slides_under_the_highest_prices():
    """S2 Market: "If the toon deck is ever depleted, do not add additional cards to the market. Any
    remaining cards in the market are arranged under the highest price cards, in order by rank."

    A hires the raccoon (4); nothing comes in; the four cards slide right: the salamander is now
    under the 4 and costs B 4."""
    sc = {
        "season": "s2",
        "players": [
            {"name": "A", "deck": CRABS20 + ["hen"], "actions": [{"hire": "raccoon"}]},
            {"name": "B", "deck": CRABS20 + ["hen"], "actions": [{"hire": "salamander"}]},
        ],
        "market": S2_MARKET,
        "toon_deck": [],
    }
    doc = run(sc)
    assert P(doc, 0)["fame_left"] == 16
    assert P(doc, 1)["fame_left"] == 16
    assert doc["market"] == [None, None, "opossum", "fox", "vulture"]
    assert doc["toon_deck"] == []


def test_toon_deck_running_out_mid_refill_slides_the_market():
    """S2 Market: the toon deck runs out during the refill (one card for two empty slots): the four
    cards go under the four highest prices."""
    doc = run(
        one(
            CRABS20 + ["hen"],
            toon=["goldfish"],
            actions=[{"hire": "salamander"}, {"hire": "raccoon"}],
        )
    )
    assert doc["market"] == [None, "goldfish", "opossum", "fox", "vulture"]
    assert doc["toon_deck"] == []
