"""Season 2 cards: what the Flip and Check Fame do with each card. The Season 2 FAQ entries are
situations of the library (fliptoons_explore/content/library/s2-faq.json,
tests/content/test_situations.py).

Every expected outcome below was computed by hand from the Season 2 rulebook
(/work/shared/seeds/000_5c089f335070c9fa.txt), cards.csv and RULINGS.md; the comments walk through
the Flip card by card. Slots are numbered s1..s6 in reading order; positions are [row, col] with
row 0 the upper row, 1 the lower row, -1 an extra row above the upper row (docs/engine.md).
"""

from __future__ import annotations

from util import cites, compact_grid, entry, events, fame_of, player_of, resolve, solo

M = "mosquito"


def _two(deck0, deck1, season="s2", **extra):
    return {
        "season": season,
        "players": [{"name": "A", "deck": list(deck0)}, {"name": "B", "deck": list(deck1)}],
        **extra,
    }


# ---------------------------------------------------------------------------------------------
# Starting cards
# ---------------------------------------------------------------------------------------------


def test_mosquito_scores_zero():
    """Mosquito (0): vanilla starting card, printed fame 0."""
    doc = resolve(solo([M, "ladybug", M, "groundhog", M, "ladybug", "spider"]))
    p = player_of(doc)
    assert compact_grid(p) == [[M, "ladybug", M], ["groundhog", M, "ladybug"]]
    assert fame_of(p) == {
        (M, 0, 0, 0): 0,
        ("ladybug", 0, 1, 0): 1,
        (M, 0, 2, 0): 0,
        ("groundhog", 1, 0, 0): 3,
        (M, 1, 1, 0): 0,
        ("ladybug", 1, 2, 0): 1,
    }
    assert p["fame"]["total"] == 5
    assert p["deck"] == ["spider"]


def test_spider_counts_cards_below_it_in_its_column():
    """Spider (0): 1, +1 per card below this card in the same column (only its own column)."""
    # s1 spider (0,0), s2-s3 mosquitoes, s4 ladybug (1,0) below the spider, s5-s6 mosquitoes.
    doc = resolve(solo(["spider", M, M, "ladybug", M, M, "grasshopper"]))
    p = player_of(doc)
    assert compact_grid(p) == [["spider", M, M], ["ladybug", M, M]]
    assert fame_of(p) == {
        ("spider", 0, 0, 0): 2,
        (M, 0, 1, 0): 0,
        (M, 0, 2, 0): 0,
        ("ladybug", 1, 0, 0): 1,
        (M, 1, 1, 0): 0,
        (M, 1, 2, 0): 0,
    }
    assert p["fame"]["total"] == 3
    assert p["deck"] == ["grasshopper"]


def test_spider_in_lower_row_has_nothing_below():
    """Spider (0): in the lower row no card is below it, so it scores its printed 1."""
    doc = resolve(solo([M, "ladybug", M, "spider", M, M]))
    p = player_of(doc)
    assert compact_grid(p) == [[M, "ladybug", M], ["spider", M, M]]
    assert entry(p, "spider")["fame"] == 1
    assert p["fame"]["total"] == 2
    assert p["deck"] == []


def test_grasshopper_counts_cards_above_it_in_its_column():
    """Grasshopper (0): 1, +1 per card above this card in the same column."""
    # s4 grasshopper (1,0) under the mosquito at (0,0): 1+1 = 2.
    doc = resolve(solo([M, "ladybug", M, "grasshopper", M, M, "spider"]))
    p = player_of(doc)
    assert compact_grid(p) == [[M, "ladybug", M], ["grasshopper", M, M]]
    assert fame_of(p) == {
        (M, 0, 0, 0): 0,
        ("ladybug", 0, 1, 0): 1,
        (M, 0, 2, 0): 0,
        ("grasshopper", 1, 0, 0): 2,
        (M, 1, 1, 0): 0,
        (M, 1, 2, 0): 0,
    }
    assert p["fame"]["total"] == 3
    assert p["deck"] == ["spider"]


def test_grasshopper_in_upper_row_has_nothing_above():
    """Grasshopper (0): in the upper row (no extra row) nothing is above it: printed 1."""
    doc = resolve(solo(["grasshopper", M, M, "ladybug", M, M]))
    p = player_of(doc)
    assert compact_grid(p) == [["grasshopper", M, M], ["ladybug", M, M]]
    assert entry(p, "grasshopper")["fame"] == 1
    assert p["fame"]["total"] == 2


def test_ladybug_scores_printed_fame_only():
    """Ladybug (0): its effect (dismiss cost 3 for adjacent cards) is Market-only; Check Fame: 1."""
    doc = resolve(solo([M, "ladybug", M, M, M, "spider", "grasshopper"]))
    p = player_of(doc)
    assert compact_grid(p) == [[M, "ladybug", M], [M, M, "spider"]]
    lb = entry(p, "ladybug")
    assert (lb["fame"], lb["base"], lb["bonus"]) == (1, 1, 0)
    assert p["fame"]["total"] == 2
    assert p["deck"] == ["grasshopper"]


def test_firefly_gains_two_when_its_owner_alone_has_least_fame():
    """Firefly (0): after Check Fame, if you alone have the least fame, gain 2 (in its own
    entry)."""
    # A: firefly + five mosquitoes = 1, alone lowest -> firefly 1+2 = 3.
    # B: groundhog 3 + ladybug 1 = 4.
    doc = resolve(_two(["firefly", M, M, M, M, M], ["groundhog", "ladybug", M, M, M, M]))
    a, b = player_of(doc, 0), player_of(doc, 1)
    assert compact_grid(a) == [["firefly", M, M], [M, M, M]]
    ff = entry(a, "firefly")
    assert (ff["row"], ff["col"], ff["stack"]) == (0, 0, 0)
    assert (ff["fame"], ff["base"], ff["bonus"]) == (3, 1, 2)
    assert a["fame"]["total"] == 3
    assert b["fame"]["total"] == 4
    assert cites(doc, "s2.faq.firefly")


# ---------------------------------------------------------------------------------------------
# Toon cards
# ---------------------------------------------------------------------------------------------


def test_salamander_returns_next_card_of_rank_one_or_lower():
    """Salamander (1): if the next revealed card has rank 1 or lower, return it (face down, bottom
    of the deck); the slot it took is filled by the following card."""
    # s1 salamander; mosquito (rank 0) placed s2 then returned to the bottom;
    # groundhog s2, mosquitoes s3-s5, spider s6; the returned mosquito stays in the deck.
    doc = resolve(solo(["salamander", M, "groundhog", M, M, M, "spider"]))
    p = player_of(doc)
    assert compact_grid(p) == [["salamander", "groundhog", M], [M, M, "spider"]]
    assert fame_of(p) == {
        ("salamander", 0, 0, 0): 3,
        ("groundhog", 0, 1, 0): 3,
        (M, 0, 2, 0): 0,
        (M, 1, 0, 0): 0,
        (M, 1, 1, 0): 0,
        ("spider", 1, 2, 0): 1,
    }
    assert p["fame"]["total"] == 7
    assert p["deck"] == [M]
    assert len(events(doc, "return", M)) == 1
    assert cites(doc, "card.salamander")


def test_salamander_keeps_next_card_of_rank_two():
    """Salamander (1): a next card of rank 2 (Groundhog) is not returned."""
    doc = resolve(solo(["salamander", "groundhog", M, M, M, M, "spider"]))
    p = player_of(doc)
    assert compact_grid(p) == [["salamander", "groundhog", M], [M, M, M]]
    assert p["fame"]["total"] == 6
    assert p["deck"] == ["spider"]
    assert events(doc, "return") == []


def test_groundhog_scores_three_and_stays_through_check_fame():
    """Groundhog (2): its dismissal happens after the Market phase, so after Flip + Check Fame it is
    still in slot 1 and scores its printed 3."""
    doc = resolve(solo(["groundhog", M, "ladybug", M, M, M, "spider"]))
    p = player_of(doc)
    assert compact_grid(p) == [["groundhog", M, "ladybug"], [M, M, M]]
    assert fame_of(p) == {
        ("groundhog", 0, 0, 0): 3,
        (M, 0, 1, 0): 0,
        ("ladybug", 0, 2, 0): 1,
        (M, 1, 0, 0): 0,
        (M, 1, 1, 0): 0,
        (M, 1, 2, 0): 0,
    }
    assert p["fame"]["total"] == 4
    assert p["dismissed"] == []
    assert p["deck"] == ["spider"]


def test_rat_stacks_on_previous_placed_card():
    """Rat (3): stack this card on the previously placed card (fills no slot, so one more card is
    revealed); its dismiss discount is Market-only."""
    # s1 groundhog; rat stacked on it; s2 mosquito, s3 ladybug, s4-s5 mosquitoes, s6 spider.
    doc = resolve(solo(["groundhog", "rat", M, "ladybug", M, M, "spider", "firefly"]))
    p = player_of(doc)
    assert compact_grid(p) == [["groundhog+rat", M, "ladybug"], [M, M, "spider"]]
    assert fame_of(p) == {
        ("groundhog", 0, 0, 0): 3,
        ("rat", 0, 0, 1): 1,
        (M, 0, 1, 0): 0,
        ("ladybug", 0, 2, 0): 1,
        (M, 1, 0, 0): 0,
        (M, 1, 1, 0): 0,
        ("spider", 1, 2, 0): 1,
    }
    assert p["fame"]["total"] == 6
    assert p["deck"] == ["firefly"]
    assert cites(doc, "card.rat")


def test_goldfish_counts_every_fish_including_itself():
    """Goldfish (4): 1, +1 per fish card in your grid (this card included)."""
    doc = resolve(solo(["goldfish", M, "goldfish", M, M, M, "spider"]))
    p = player_of(doc)
    assert compact_grid(p) == [["goldfish", M, "goldfish"], [M, M, M]]
    assert fame_of(p) == {
        ("goldfish", 0, 0, 0): 3,
        (M, 0, 1, 0): 0,
        ("goldfish", 0, 2, 0): 3,
        (M, 1, 0, 0): 0,
        (M, 1, 1, 0): 0,
        (M, 1, 2, 0): 0,
    }
    assert p["fame"]["total"] == 6
    assert p["deck"] == ["spider"]


def test_mole_in_lower_row_stacks_on_card_above():
    """Mole (5): if placed in the lower row, stack this card on the card directly above it; the
    lower slot it left is filled by the next card."""
    # s1 ladybug, s2-s3 mosquito/groundhog, mole s4 (1,0) -> stacked on the ladybug at (0,0);
    # mosquitoes fill s4-s6.
    doc = resolve(solo(["ladybug", M, "groundhog", "mole", M, M, M, "spider"]))
    p = player_of(doc)
    assert compact_grid(p) == [["ladybug+mole", M, "groundhog"], [M, M, M]]
    assert fame_of(p) == {
        ("ladybug", 0, 0, 0): 1,
        ("mole", 0, 0, 1): 3,
        (M, 0, 1, 0): 0,
        ("groundhog", 0, 2, 0): 3,
        (M, 1, 0, 0): 0,
        (M, 1, 1, 0): 0,
        (M, 1, 2, 0): 0,
    }
    assert p["fame"]["total"] == 7
    assert p["deck"] == ["spider"]
    assert cites(doc, "card.mole")


def test_mole_in_upper_row_stays():
    """Mole (5): placed in the upper row, its ability does nothing."""
    doc = resolve(solo(["mole", M, M, "ladybug", M, M, "spider"]))
    p = player_of(doc)
    assert compact_grid(p) == [["mole", M, M], ["ladybug", M, M]]
    assert p["fame"]["total"] == 4
    assert p["deck"] == ["spider"]


def test_hen_counts_cards_of_rank_six_or_higher():
    """Hen (6): 0, +1 per card of rank 6 or higher in your grid (this card included)."""
    # hen 6, raccoon 8, crow 13 -> hen 3; groundhog (2), mosquito, ladybug (0) do not count.
    doc = resolve(solo(["hen", "raccoon", "groundhog", "crow", M, "ladybug", "spider"]))
    p = player_of(doc)
    assert compact_grid(p) == [["hen", "raccoon", "groundhog"], ["crow", M, "ladybug"]]
    assert fame_of(p) == {
        ("hen", 0, 0, 0): 3,
        ("raccoon", 0, 1, 0): 3,
        ("groundhog", 0, 2, 0): 3,
        ("crow", 1, 0, 0): 2,
        (M, 1, 1, 0): 0,
        ("ladybug", 1, 2, 0): 1,
    }
    assert p["fame"]["total"] == 12
    assert p["deck"] == ["spider"]


def test_starfish_flips_previous_card_and_stacks_on_it():
    """Starfish (7): turn the previously placed card face down and stack this card on it."""
    # s1 groundhog; starfish flips it and stacks on it (no slot filled); s2-s6 from the deck.
    doc = resolve(solo(["groundhog", "starfish", M, "ladybug", M, M, M, "spider"]))
    p = player_of(doc)
    assert compact_grid(p) == [["~groundhog+starfish", M, "ladybug"], [M, M, M]]
    assert fame_of(p) == {
        ("starfish", 0, 0, 1): 4,
        (M, 0, 1, 0): 0,
        ("ladybug", 0, 2, 0): 1,
        (M, 1, 0, 0): 0,
        (M, 1, 1, 0): 0,
        (M, 1, 2, 0): 0,
    }
    assert p["fame"]["total"] == 5
    assert p["deck"] == ["spider"]
    assert cites(doc, "card.starfish")


def test_starfish_on_flip_immune_card_still_stacks():
    """Starfish (7): a flip-immune previous card (Goldfish) stays face up; the starfish still
    stacks on it."""
    doc = resolve(solo(["goldfish", "starfish", M, M, M, M, M, "spider"]))
    p = player_of(doc)
    assert compact_grid(p) == [["goldfish+starfish", M, M], [M, M, M]]
    # goldfish: 1 + 2 fish (goldfish, starfish)
    assert fame_of(p) == {
        ("goldfish", 0, 0, 0): 3,
        ("starfish", 0, 0, 1): 4,
        (M, 0, 1, 0): 0,
        (M, 0, 2, 0): 0,
        (M, 1, 0, 0): 0,
        (M, 1, 1, 0): 0,
        (M, 1, 2, 0): 0,
    }
    assert p["fame"]["total"] == 7
    assert p["deck"] == ["spider"]


def test_raccoon_scores_printed_fame_and_queues_nothing_in_the_flip():
    """Raccoon (8): its ability is when-hired (Market only); in the Flip it is a 3-fame card."""
    doc = resolve(solo(["raccoon", M, M, M, M, "ladybug", "spider"]))
    p = player_of(doc)
    assert compact_grid(p) == [["raccoon", M, M], [M, M, "ladybug"]]
    assert p["fame"]["total"] == 4
    assert entry(p, "raccoon")["fame"] == 3
    assert events(doc, "queued") == []
    assert p["deck"] == ["spider"]


def test_panther_stacks_on_previous_placed_card():
    """Panther (9): stack this card on the previously placed card; its when-hired dismissal is
    Market-only."""
    doc = resolve(solo(["ladybug", "panther", M, M, M, M, M, "spider"]))
    p = player_of(doc)
    assert compact_grid(p) == [["ladybug+panther", M, M], [M, M, M]]
    assert fame_of(p) == {
        ("ladybug", 0, 0, 0): 1,
        ("panther", 0, 0, 1): 2,
        (M, 0, 1, 0): 0,
        (M, 0, 2, 0): 0,
        (M, 1, 0, 0): 0,
        (M, 1, 1, 0): 0,
        (M, 1, 2, 0): 0,
    }
    assert p["fame"]["total"] == 3
    assert p["deck"] == ["spider"]
    assert events(doc, "queued") == []
    assert cites(doc, "card.panther")


def test_opossum_two_per_pair_in_dismissed_pile():
    """Opossum (10): 2, +2 per pair of same-name cards in your dismissed pile."""
    # pairs: crow x2, ladybug x2 (the lone spider makes none) -> 2 + 4 = 6
    doc = resolve(
        solo(
            ["opossum", M, M, "groundhog", M, M, "spider"],
            dismissed=["crow", "crow", "ladybug", "ladybug", "spider"],
        )
    )
    p = player_of(doc)
    assert compact_grid(p) == [["opossum", M, M], ["groundhog", M, M]]
    assert fame_of(p) == {
        ("opossum", 0, 0, 0): 6,
        (M, 0, 1, 0): 0,
        (M, 0, 2, 0): 0,
        ("groundhog", 1, 0, 0): 3,
        (M, 1, 1, 0): 0,
        (M, 1, 2, 0): 0,
    }
    assert p["fame"]["total"] == 9
    assert p["dismissed"] == ["crow", "crow", "ladybug", "ladybug", "spider"]


def test_mongoose_dismisses_bottom_card_and_tops_deck_with_toon_card():
    """Mongoose (11): dismiss the bottom card of your deck, then put the top card of the toon deck
    on top of your deck; that card is the next revealed; its when-hired effect is ignored."""
    # s1 mongoose; spider (bottom) dismissed; raccoon from the toon deck on top -> revealed s2.
    sc = solo(["mongoose", M, "ladybug", M, M, "groundhog", "spider"])
    sc["toon_deck"] = ["raccoon", "hen"]
    doc = resolve(sc)
    p = player_of(doc)
    assert compact_grid(p) == [["mongoose", "raccoon", M], ["ladybug", M, M]]
    assert fame_of(p) == {
        ("mongoose", 0, 0, 0): 2,
        ("raccoon", 0, 1, 0): 3,
        (M, 0, 2, 0): 0,
        ("ladybug", 1, 0, 0): 1,
        (M, 1, 1, 0): 0,
        (M, 1, 2, 0): 0,
    }
    assert p["fame"]["total"] == 6
    assert p["deck"] == ["groundhog"]
    assert p["dismissed"] == ["spider"]
    assert doc["toon_deck"] == ["hen"]
    assert events(doc, "queued", "raccoon") == []
    assert cites(doc, "card.mongoose")


def test_mongoose_dismissing_crow_queues_its_when_dismissed_effect():
    """Mongoose (11) FAQ / Crow (13) FAQ: a Crow dismissed during the Flip resolves after the Flip:
    the engine records a `queued` event."""
    sc = solo(["mongoose", M, M, M, M, "ladybug", "crow"])
    sc["toon_deck"] = ["goldfish"]
    doc = resolve(sc)
    p = player_of(doc)
    # s1 mongoose; crow dismissed from the bottom; goldfish on top -> s2; s3-s6 mosquitoes+ladybug
    assert compact_grid(p) == [["mongoose", "goldfish", M], [M, M, M]]
    assert fame_of(p) == {
        ("mongoose", 0, 0, 0): 2,
        ("goldfish", 0, 1, 0): 2,
        (M, 0, 2, 0): 0,
        (M, 1, 0, 0): 0,
        (M, 1, 1, 0): 0,
        (M, 1, 2, 0): 0,
    }
    assert p["fame"]["total"] == 4
    assert p["deck"] == ["ladybug"]
    assert p["dismissed"] == ["crow"]
    assert doc["toon_deck"] == []
    queued = events(doc, "queued", "crow")
    assert len(queued) == 1
    assert queued[0]["player"] == 0


def test_capybara_bonus_with_three_cards_left_in_deck():
    """Capybara (12): 2, +4 if at least three cards remain in your deck."""
    doc = resolve(solo(["capybara", M, M, M, M, M, "spider", "ladybug", "grasshopper"]))
    p = player_of(doc)
    assert compact_grid(p) == [["capybara", M, M], [M, M, M]]
    assert entry(p, "capybara")["fame"] == 6
    assert p["fame"]["total"] == 6
    assert p["deck"] == ["spider", "ladybug", "grasshopper"]


def test_capybara_no_bonus_with_two_cards_left_in_deck():
    """Capybara (12): with only two cards left in the deck it scores its printed 2."""
    doc = resolve(solo(["capybara", M, M, M, M, M, "spider", "ladybug"]))
    p = player_of(doc)
    assert entry(p, "capybara")["fame"] == 2
    assert p["fame"]["total"] == 2
    assert p["deck"] == ["spider", "ladybug"]


def test_crow_scores_printed_fame_in_the_flip():
    """Crow (13): its ability is when-dismissed (Market, or after the Flip); placed normally it is a
    2-fame card and nothing is queued."""
    doc = resolve(solo(["crow", M, M, "ladybug", M, M, "spider"]))
    p = player_of(doc)
    assert compact_grid(p) == [["crow", M, M], ["ladybug", M, M]]
    assert fame_of(p) == {
        ("crow", 0, 0, 0): 2,
        (M, 0, 1, 0): 0,
        (M, 0, 2, 0): 0,
        ("ladybug", 1, 0, 0): 1,
        (M, 1, 1, 0): 0,
        (M, 1, 2, 0): 0,
    }
    assert p["fame"]["total"] == 3
    assert events(doc, "queued") == []
    assert p["dismissed"] == []


def test_coyote_returns_previous_card_and_takes_its_space():
    """Coyote (14): return the previously placed card and put this card in the space it left; the
    Coyote's own slot is filled next."""
    # s1 mosquito, s2 groundhog, coyote s3 -> groundhog returned (bottom), coyote moves to s2;
    # ladybug s3, mosquitoes s4-s6.
    doc = resolve(solo([M, "groundhog", "coyote", "ladybug", M, M, M, "spider"]))
    p = player_of(doc)
    assert compact_grid(p) == [[M, "coyote", "ladybug"], [M, M, M]]
    assert fame_of(p) == {
        (M, 0, 0, 0): 0,
        ("coyote", 0, 1, 0): 5,
        ("ladybug", 0, 2, 0): 1,
        (M, 1, 0, 0): 0,
        (M, 1, 1, 0): 0,
        (M, 1, 2, 0): 0,
    }
    assert p["fame"]["total"] == 6
    assert p["deck"] == ["spider", "groundhog"]
    assert cites(doc, "card.coyote")


def test_clownfish_bonus_when_adjacent_to_a_fish():
    """Clownfish (15): 3, +2 if adjacent to at least one fish card."""
    # clownfish (0,0) next to goldfish (0,1): 5; goldfish 1 + 2 fish = 3.
    doc = resolve(solo(["clownfish", "goldfish", M, M, M, M, "spider"]))
    p = player_of(doc)
    assert compact_grid(p) == [["clownfish", "goldfish", M], [M, M, M]]
    assert fame_of(p) == {
        ("clownfish", 0, 0, 0): 5,
        ("goldfish", 0, 1, 0): 3,
        (M, 0, 2, 0): 0,
        (M, 1, 0, 0): 0,
        (M, 1, 1, 0): 0,
        (M, 1, 2, 0): 0,
    }
    assert p["fame"]["total"] == 8
    assert p["deck"] == ["spider"]


def test_clownfish_without_adjacent_fish_scores_printed_fame():
    """Clownfish (15): a fish that is only diagonal is not adjacent: printed 3."""
    # clownfish (0,0), goldfish (1,1) diagonal.
    doc = resolve(solo(["clownfish", M, M, M, "goldfish", M, "spider"]))
    p = player_of(doc)
    assert compact_grid(p) == [["clownfish", M, M], [M, "goldfish", M]]
    assert entry(p, "clownfish")["fame"] == 3
    assert entry(p, "goldfish")["fame"] == 3
    assert p["fame"]["total"] == 6


def test_fox_bonus_with_hen_in_own_grid():
    """Fox (16): 3, +3 if at least one Hen is in the market or in any player's grid (own
    included)."""
    # hen: ranks >= 6 are hen (6) and fox (16) -> 0 + 2.
    doc = resolve(solo(["fox", "hen", M, M, M, M, "spider"]))
    p = player_of(doc)
    assert compact_grid(p) == [["fox", "hen", M], [M, M, M]]
    assert fame_of(p) == {
        ("fox", 0, 0, 0): 6,
        ("hen", 0, 1, 0): 2,
        (M, 0, 2, 0): 0,
        (M, 1, 0, 0): 0,
        (M, 1, 1, 0): 0,
        (M, 1, 2, 0): 0,
    }
    assert p["fame"]["total"] == 8


def test_fox_without_hen_or_rooster_scores_printed_fame():
    """Fox (16): no Hen or Rooster in the market or any grid: printed 3."""
    sc = solo(["fox", M, M, M, M, M, "spider"])
    sc["market"] = ["salamander", "groundhog", "rat", "raccoon", "crow"]
    doc = resolve(sc)
    p = player_of(doc)
    assert entry(p, "fox")["fame"] == 3
    assert p["fame"]["total"] == 3


def test_crab_in_middle_column_is_returned():
    """Crab (17): if placed in the middle column, return this card (face down, bottom of deck)."""
    # s1 mosquito, crab s2 -> returned; ladybug s2, mosquitoes s3-s6.
    doc = resolve(solo([M, "crab", "ladybug", M, M, M, M, "spider"]))
    p = player_of(doc)
    assert compact_grid(p) == [[M, "ladybug", M], [M, M, M]]
    assert fame_of(p) == {
        (M, 0, 0, 0): 0,
        ("ladybug", 0, 1, 0): 1,
        (M, 0, 2, 0): 0,
        (M, 1, 0, 0): 0,
        (M, 1, 1, 0): 0,
        (M, 1, 2, 0): 0,
    }
    assert p["fame"]["total"] == 1
    assert p["deck"] == ["spider", "crab"]
    assert len(events(doc, "return", "crab")) == 1


def test_crab_outside_middle_column_stays():
    """Crab (17): placed in the left column it stays and scores 5."""
    doc = resolve(solo(["crab", M, M, M, M, M, "spider"]))
    p = player_of(doc)
    assert compact_grid(p) == [["crab", M, M], [M, M, M]]
    assert entry(p, "crab")["fame"] == 5
    assert p["fame"]["total"] == 5
    assert p["deck"] == ["spider"]
    assert events(doc, "return") == []


def test_crab_returned_and_revealed_again_lands_outside_middle():
    """Crab (17) + Return keyword: a returned crab goes to the bottom; revealed again later it is
    placed normally (here in the right column, where it stays)."""
    # s1 mosquito, crab s2 -> returned (deck: ladybug, crab); ladybug s2; crab s3 (0,2) stays.
    doc = resolve(solo([M, "crab", "ladybug"]))
    p = player_of(doc)
    assert compact_grid(p) == [[M, "ladybug", "crab"], [None, None, None]]
    assert fame_of(p) == {(M, 0, 0, 0): 0, ("ladybug", 0, 1, 0): 1, ("crab", 0, 2, 0): 5}
    assert p["fame"]["total"] == 6
    assert p["deck"] == []


def test_swordfish_flips_previous_and_next_cards():
    """Swordfish (18): turn the previously placed card and the next revealed card face down."""
    # s1 groundhog (flipped by the swordfish), s2 swordfish, s3 ladybug (flipped), s4-s6 mosquitoes.
    doc = resolve(solo(["groundhog", "swordfish", "ladybug", M, M, M, "spider"]))
    p = player_of(doc)
    assert compact_grid(p) == [["~groundhog", "swordfish", "~ladybug"], [M, M, M]]
    assert fame_of(p) == {
        ("swordfish", 0, 1, 0): 8,
        (M, 1, 0, 0): 0,
        (M, 1, 1, 0): 0,
        (M, 1, 2, 0): 0,
    }
    assert p["fame"]["total"] == 8
    assert p["deck"] == ["spider"]
    assert cites(doc, "card.swordfish")


def test_swordfish_does_not_flip_flip_immune_neighbours():
    """Swordfish (18): 'unless flip-immune' - a Goldfish before and a Clownfish after stay face
    up."""
    doc = resolve(solo(["goldfish", "swordfish", "clownfish", M, M, M, "spider"]))
    p = player_of(doc)
    assert compact_grid(p) == [["goldfish", "swordfish", "clownfish"], [M, M, M]]
    # goldfish 1 + 3 fish; clownfish 3 + 2 (swordfish adjacent)
    assert fame_of(p) == {
        ("goldfish", 0, 0, 0): 4,
        ("swordfish", 0, 1, 0): 8,
        ("clownfish", 0, 2, 0): 5,
        (M, 1, 0, 0): 0,
        (M, 1, 1, 0): 0,
        (M, 1, 2, 0): 0,
    }
    assert p["fame"]["total"] == 17
    assert events(doc, "flip") == []


def test_gorilla_in_upper_row_puts_next_card_in_new_row_above():
    """Gorilla (19): if placed in the upper row, the next revealed card goes into a new row above
    this card; that card fills no slot."""
    # s1 mosquito, gorilla s2 (0,1), ladybug -> extra row [-1,1]; mosquitoes s3-s6.
    doc = resolve(solo([M, "gorilla", "ladybug", M, M, M, M, "spider"]))
    p = player_of(doc)
    assert compact_grid(p) == [[None, "ladybug", None], [M, "gorilla", M], [M, M, M]]
    assert fame_of(p) == {
        ("ladybug", 0, 1, 0): 1,
        (M, 1, 0, 0): 0,
        ("gorilla", 1, 1, 0): 5,
        (M, 1, 2, 0): 0,
        (M, 2, 0, 0): 0,
        (M, 2, 1, 0): 0,
        (M, 2, 2, 0): 0,
    }
    assert p["fame"]["total"] == 6
    assert p["deck"] == ["spider"]
    assert cites(doc, "s2.faq.gorilla") or cites(doc, "card.gorilla")


def test_gorilla_in_lower_row_does_nothing():
    """Gorilla (19): placed in the lower row, no new row is created."""
    doc = resolve(solo([M, "ladybug", M, "gorilla", M, M, "spider"]))
    p = player_of(doc)
    assert compact_grid(p) == [[M, "ladybug", M], ["gorilla", M, M]]
    assert p["fame"]["total"] == 6
    assert p["deck"] == ["spider"]


def test_vulture_scores_printed_fame_and_dismisses_nothing_before_market():
    """Vulture (20): its dismissal happens after the Market phase; Check Fame value 6."""
    doc = resolve(solo([M, "vulture", M, M, "ladybug", M, "spider"]))
    p = player_of(doc)
    assert compact_grid(p) == [[M, "vulture", M], [M, "ladybug", M]]
    assert fame_of(p) == {
        (M, 0, 0, 0): 0,
        ("vulture", 0, 1, 0): 6,
        (M, 0, 2, 0): 0,
        (M, 1, 0, 0): 0,
        ("ladybug", 1, 1, 0): 1,
        (M, 1, 2, 0): 0,
    }
    assert p["fame"]["total"] == 7
    assert p["dismissed"] == []


def test_zebra_returns_lowest_rank_card_and_takes_its_space():
    """Zebra (21): return the lowest-rank card in your grid and put this card in the space it
    left."""
    # s1 groundhog (2), s2 mosquito (0), zebra s3: mosquito returned, zebra moves to s2;
    # ladybug s3, mosquitoes s4-s6.
    doc = resolve(solo(["groundhog", M, "zebra", "ladybug", M, M, M, "spider"]))
    p = player_of(doc)
    assert compact_grid(p) == [["groundhog", "zebra", "ladybug"], [M, M, M]]
    assert fame_of(p) == {
        ("groundhog", 0, 0, 0): 3,
        ("zebra", 0, 1, 0): 5,
        ("ladybug", 0, 2, 0): 1,
        (M, 1, 0, 0): 0,
        (M, 1, 1, 0): 0,
        (M, 1, 2, 0): 0,
    }
    assert p["fame"]["total"] == 9
    assert p["deck"] == ["spider", M]
    assert cites(doc, "card.zebra")


def test_shark_without_fish_scores_printed_fame():
    """Shark (22): 3, +1 per fish card in your grid; the Shark itself is not a fish."""
    doc = resolve(solo(["shark", M, M, M, M, M, "spider"]))
    p = player_of(doc)
    assert compact_grid(p) == [["shark", M, M], [M, M, M]]
    assert entry(p, "shark")["fame"] == 3
    assert p["fame"]["total"] == 3


def test_shark_counts_each_fish_including_stacked_ones():
    """Shark (22): +1 per fish card in the grid (a Starfish stacked on a Goldfish counts too)."""
    # shark s1; goldfish s2; starfish stacks on the (flip-immune) goldfish; mosquitoes s3-s6.
    doc = resolve(solo(["shark", "goldfish", "starfish", M, M, M, M, "spider"]))
    p = player_of(doc)
    assert compact_grid(p) == [["shark", "goldfish+starfish", M], [M, M, M]]
    assert fame_of(p) == {
        ("shark", 0, 0, 0): 5,
        ("goldfish", 0, 1, 0): 3,
        ("starfish", 0, 1, 1): 4,
        (M, 0, 2, 0): 0,
        (M, 1, 0, 0): 0,
        (M, 1, 1, 0): 0,
        (M, 1, 2, 0): 0,
    }
    assert p["fame"]["total"] == 12


def test_rhinoceros_counts_adjacent_odd_ranks():
    """Rhinoceros (23): 1, +3 per adjacent card with an odd rank (rank 0 and 2 are even)."""
    # rhino (0,1): salamander (1) left, groundhog (2) right, clownfish (15) below -> 1 + 3 + 3.
    doc = resolve(solo(["salamander", "rhinoceros", "groundhog", M, "clownfish", M, "spider"]))
    p = player_of(doc)
    assert compact_grid(p) == [["salamander", "rhinoceros", "groundhog"], [M, "clownfish", M]]
    assert fame_of(p) == {
        ("salamander", 0, 0, 0): 3,
        ("rhinoceros", 0, 1, 0): 7,
        ("groundhog", 0, 2, 0): 3,
        (M, 1, 0, 0): 0,
        ("clownfish", 1, 1, 0): 3,
        (M, 1, 2, 0): 0,
    }
    assert p["fame"]["total"] == 16
    assert p["deck"] == ["spider"]


def test_hippopotamus_two_per_card_left_in_deck():
    """Hippopotamus (24): 0, +2 per card remaining in your deck."""
    doc = resolve(solo(["hippopotamus", M, M, M, M, M, "spider", "ladybug"]))
    p = player_of(doc)
    assert compact_grid(p) == [["hippopotamus", M, M], [M, M, M]]
    assert entry(p, "hippopotamus")["fame"] == 4
    assert p["fame"]["total"] == 4
    assert p["deck"] == ["spider", "ladybug"]


def test_hippopotamus_with_empty_deck_scores_zero():
    """Hippopotamus (24): no card left in the deck: 0."""
    doc = resolve(solo(["hippopotamus", M, M, M, M, "ladybug"]))
    p = player_of(doc)
    assert entry(p, "hippopotamus")["fame"] == 0
    assert p["fame"]["total"] == 1
    assert p["deck"] == []


def test_sloth_stacks_and_scores_bonus_with_eight_cards():
    """Sloth (25): stack this card on the previously placed card; 3, +5 if your grid holds at least
    eight cards."""
    # s1 ladybug; sloth on it; rat on the sloth (top of the stack); mosquitoes s2-s6: 8 cards.
    doc = resolve(solo(["ladybug", "sloth", "rat", M, M, M, M, M, "spider"]))
    p = player_of(doc)
    assert compact_grid(p) == [["ladybug+sloth+rat", M, M], [M, M, M]]
    assert fame_of(p) == {
        ("ladybug", 0, 0, 0): 1,
        ("sloth", 0, 0, 1): 8,
        ("rat", 0, 0, 2): 1,
        (M, 0, 1, 0): 0,
        (M, 0, 2, 0): 0,
        (M, 1, 0, 0): 0,
        (M, 1, 1, 0): 0,
        (M, 1, 2, 0): 0,
    }
    assert p["fame"]["total"] == 10
    assert p["deck"] == ["spider"]
    assert cites(doc, "card.sloth")


def test_sloth_without_eight_cards_scores_printed_fame():
    """Sloth (25): seven cards in the grid: no bonus."""
    doc = resolve(solo(["ladybug", "sloth", M, M, M, M, M, "spider"]))
    p = player_of(doc)
    assert compact_grid(p) == [["ladybug+sloth", M, M], [M, M, M]]
    assert entry(p, "sloth")["fame"] == 3
    assert p["fame"]["total"] == 4
    assert p["deck"] == ["spider"]
