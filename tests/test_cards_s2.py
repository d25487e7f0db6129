"""Season 2 cards: what the Flip and Check Fame do with each card, and one test per Season 2 FAQ
entry that bears on the Flip or Check Fame.

Every expected outcome below was computed by hand from the Season 2 rulebook
(/work/shared/seeds/000_5c089f335070c9fa.txt), cards.csv and RULINGS.md; the comments walk through
the Flip card by card. Slots are numbered s1..s6 in reading order; positions are [row, col] with
row 0 the upper row, 1 the lower row, -1 an extra row above the upper row (docs/engine.md).
"""
from __future__ import annotations

from util import cites, compact_grid, entry, events, fame_of, player_of, resolve, solo

M = "mosquito"


def _two(deck0, deck1, season="s2", **extra):
    return {"season": season,
            "players": [{"name": "A", "deck": list(deck0)}, {"name": "B", "deck": list(deck1)}],
            **extra}


# ---------------------------------------------------------------------------------------------
# Starting cards
# ---------------------------------------------------------------------------------------------

def test_mosquito_scores_zero():
    """Mosquito (0): vanilla starting card, printed fame 0."""
    doc = resolve(solo([M, "ladybug", M, "groundhog", M, "ladybug", "spider"]))
    p = player_of(doc)
    assert compact_grid(p) == [[M, "ladybug", M], ["groundhog", M, "ladybug"]]
    assert fame_of(p) == {(M, 0, 0, 0): 0, ("ladybug", 0, 1, 0): 1, (M, 0, 2, 0): 0,
                          ("groundhog", 1, 0, 0): 3, (M, 1, 1, 0): 0, ("ladybug", 1, 2, 0): 1}
    assert p["fame"]["total"] == 5
    assert p["deck"] == ["spider"]


def test_spider_counts_cards_below_it_in_its_column():
    """Spider (0): 1, +1 per card below this card in the same column (only its own column)."""
    # s1 spider (0,0), s2-s3 mosquitoes, s4 ladybug (1,0) below the spider, s5-s6 mosquitoes.
    doc = resolve(solo(["spider", M, M, "ladybug", M, M, "grasshopper"]))
    p = player_of(doc)
    assert compact_grid(p) == [["spider", M, M], ["ladybug", M, M]]
    assert fame_of(p) == {("spider", 0, 0, 0): 2, (M, 0, 1, 0): 0, (M, 0, 2, 0): 0,
                          ("ladybug", 1, 0, 0): 1, (M, 1, 1, 0): 0, (M, 1, 2, 0): 0}
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
    assert fame_of(p) == {(M, 0, 0, 0): 0, ("ladybug", 0, 1, 0): 1, (M, 0, 2, 0): 0,
                          ("grasshopper", 1, 0, 0): 2, (M, 1, 1, 0): 0, (M, 1, 2, 0): 0}
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
    """Firefly (0): after Check Fame, if you alone have the least fame, gain 2 (in its own entry)."""
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
    assert fame_of(p) == {("salamander", 0, 0, 0): 3, ("groundhog", 0, 1, 0): 3, (M, 0, 2, 0): 0,
                          (M, 1, 0, 0): 0, (M, 1, 1, 0): 0, ("spider", 1, 2, 0): 1}
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
    assert fame_of(p) == {("groundhog", 0, 0, 0): 3, (M, 0, 1, 0): 0, ("ladybug", 0, 2, 0): 1,
                          (M, 1, 0, 0): 0, (M, 1, 1, 0): 0, (M, 1, 2, 0): 0}
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
    assert fame_of(p) == {("groundhog", 0, 0, 0): 3, ("rat", 0, 0, 1): 1, (M, 0, 1, 0): 0,
                          ("ladybug", 0, 2, 0): 1, (M, 1, 0, 0): 0, (M, 1, 1, 0): 0,
                          ("spider", 1, 2, 0): 1}
    assert p["fame"]["total"] == 6
    assert p["deck"] == ["firefly"]
    assert cites(doc, "card.rat")


def test_goldfish_counts_every_fish_including_itself():
    """Goldfish (4): 1, +1 per fish card in your grid (this card included)."""
    doc = resolve(solo(["goldfish", M, "goldfish", M, M, M, "spider"]))
    p = player_of(doc)
    assert compact_grid(p) == [["goldfish", M, "goldfish"], [M, M, M]]
    assert fame_of(p) == {("goldfish", 0, 0, 0): 3, (M, 0, 1, 0): 0, ("goldfish", 0, 2, 0): 3,
                          (M, 1, 0, 0): 0, (M, 1, 1, 0): 0, (M, 1, 2, 0): 0}
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
    assert fame_of(p) == {("ladybug", 0, 0, 0): 1, ("mole", 0, 0, 1): 3, (M, 0, 1, 0): 0,
                          ("groundhog", 0, 2, 0): 3, (M, 1, 0, 0): 0, (M, 1, 1, 0): 0,
                          (M, 1, 2, 0): 0}
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
    assert fame_of(p) == {("hen", 0, 0, 0): 3, ("raccoon", 0, 1, 0): 3, ("groundhog", 0, 2, 0): 3,
                          ("crow", 1, 0, 0): 2, (M, 1, 1, 0): 0, ("ladybug", 1, 2, 0): 1}
    assert p["fame"]["total"] == 12
    assert p["deck"] == ["spider"]


def test_starfish_flips_previous_card_and_stacks_on_it():
    """Starfish (7): turn the previously placed card face down and stack this card on it."""
    # s1 groundhog; starfish flips it and stacks on it (no slot filled); s2-s6 from the deck.
    doc = resolve(solo(["groundhog", "starfish", M, "ladybug", M, M, M, "spider"]))
    p = player_of(doc)
    assert compact_grid(p) == [["~groundhog+starfish", M, "ladybug"], [M, M, M]]
    assert fame_of(p) == {("starfish", 0, 0, 1): 4, (M, 0, 1, 0): 0, ("ladybug", 0, 2, 0): 1,
                          (M, 1, 0, 0): 0, (M, 1, 1, 0): 0, (M, 1, 2, 0): 0}
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
    assert fame_of(p) == {("goldfish", 0, 0, 0): 3, ("starfish", 0, 0, 1): 4, (M, 0, 1, 0): 0,
                          (M, 0, 2, 0): 0, (M, 1, 0, 0): 0, (M, 1, 1, 0): 0, (M, 1, 2, 0): 0}
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
    assert fame_of(p) == {("ladybug", 0, 0, 0): 1, ("panther", 0, 0, 1): 2, (M, 0, 1, 0): 0,
                          (M, 0, 2, 0): 0, (M, 1, 0, 0): 0, (M, 1, 1, 0): 0, (M, 1, 2, 0): 0}
    assert p["fame"]["total"] == 3
    assert p["deck"] == ["spider"]
    assert events(doc, "queued") == []
    assert cites(doc, "card.panther")


def test_opossum_two_per_pair_in_dismissed_pile():
    """Opossum (10): 2, +2 per pair of same-name cards in your dismissed pile."""
    # pairs: crow x2, ladybug x2 (the lone spider makes none) -> 2 + 4 = 6
    doc = resolve(solo(["opossum", M, M, "groundhog", M, M, "spider"],
                       dismissed=["crow", "crow", "ladybug", "ladybug", "spider"]))
    p = player_of(doc)
    assert compact_grid(p) == [["opossum", M, M], ["groundhog", M, M]]
    assert fame_of(p) == {("opossum", 0, 0, 0): 6, (M, 0, 1, 0): 0, (M, 0, 2, 0): 0,
                          ("groundhog", 1, 0, 0): 3, (M, 1, 1, 0): 0, (M, 1, 2, 0): 0}
    assert p["fame"]["total"] == 9
    assert p["dismissed"] == ["crow", "crow", "ladybug", "ladybug", "spider"]


def test_mongoose_dismisses_bottom_card_and_tops_deck_with_toon_card():
    """Mongoose (11): dismiss the bottom card of your deck, then put the top card of the toon deck on
    top of your deck; that card is the next revealed; its when-hired effect is ignored."""
    # s1 mongoose; spider (bottom) dismissed; raccoon from the toon deck on top -> revealed s2.
    sc = solo(["mongoose", M, "ladybug", M, M, "groundhog", "spider"])
    sc["toon_deck"] = ["raccoon", "hen"]
    doc = resolve(sc)
    p = player_of(doc)
    assert compact_grid(p) == [["mongoose", "raccoon", M], ["ladybug", M, M]]
    assert fame_of(p) == {("mongoose", 0, 0, 0): 2, ("raccoon", 0, 1, 0): 3, (M, 0, 2, 0): 0,
                          ("ladybug", 1, 0, 0): 1, (M, 1, 1, 0): 0, (M, 1, 2, 0): 0}
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
    assert fame_of(p) == {("mongoose", 0, 0, 0): 2, ("goldfish", 0, 1, 0): 2, (M, 0, 2, 0): 0,
                          (M, 1, 0, 0): 0, (M, 1, 1, 0): 0, (M, 1, 2, 0): 0}
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
    assert fame_of(p) == {("crow", 0, 0, 0): 2, (M, 0, 1, 0): 0, (M, 0, 2, 0): 0,
                          ("ladybug", 1, 0, 0): 1, (M, 1, 1, 0): 0, (M, 1, 2, 0): 0}
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
    assert fame_of(p) == {(M, 0, 0, 0): 0, ("coyote", 0, 1, 0): 5, ("ladybug", 0, 2, 0): 1,
                          (M, 1, 0, 0): 0, (M, 1, 1, 0): 0, (M, 1, 2, 0): 0}
    assert p["fame"]["total"] == 6
    assert p["deck"] == ["spider", "groundhog"]
    assert cites(doc, "card.coyote")


def test_clownfish_bonus_when_adjacent_to_a_fish():
    """Clownfish (15): 3, +2 if adjacent to at least one fish card."""
    # clownfish (0,0) next to goldfish (0,1): 5; goldfish 1 + 2 fish = 3.
    doc = resolve(solo(["clownfish", "goldfish", M, M, M, M, "spider"]))
    p = player_of(doc)
    assert compact_grid(p) == [["clownfish", "goldfish", M], [M, M, M]]
    assert fame_of(p) == {("clownfish", 0, 0, 0): 5, ("goldfish", 0, 1, 0): 3, (M, 0, 2, 0): 0,
                          (M, 1, 0, 0): 0, (M, 1, 1, 0): 0, (M, 1, 2, 0): 0}
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
    """Fox (16): 3, +3 if at least one Hen is in the market or in any player's grid (own included)."""
    # hen: ranks >= 6 are hen (6) and fox (16) -> 0 + 2.
    doc = resolve(solo(["fox", "hen", M, M, M, M, "spider"]))
    p = player_of(doc)
    assert compact_grid(p) == [["fox", "hen", M], [M, M, M]]
    assert fame_of(p) == {("fox", 0, 0, 0): 6, ("hen", 0, 1, 0): 2, (M, 0, 2, 0): 0,
                          (M, 1, 0, 0): 0, (M, 1, 1, 0): 0, (M, 1, 2, 0): 0}
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
    assert fame_of(p) == {(M, 0, 0, 0): 0, ("ladybug", 0, 1, 0): 1, (M, 0, 2, 0): 0,
                          (M, 1, 0, 0): 0, (M, 1, 1, 0): 0, (M, 1, 2, 0): 0}
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
    assert fame_of(p) == {("swordfish", 0, 1, 0): 8, (M, 1, 0, 0): 0, (M, 1, 1, 0): 0,
                          (M, 1, 2, 0): 0}
    assert p["fame"]["total"] == 8
    assert p["deck"] == ["spider"]
    assert cites(doc, "card.swordfish")


def test_swordfish_does_not_flip_flip_immune_neighbours():
    """Swordfish (18): 'unless flip-immune' - a Goldfish before and a Clownfish after stay face up."""
    doc = resolve(solo(["goldfish", "swordfish", "clownfish", M, M, M, "spider"]))
    p = player_of(doc)
    assert compact_grid(p) == [["goldfish", "swordfish", "clownfish"], [M, M, M]]
    # goldfish 1 + 3 fish; clownfish 3 + 2 (swordfish adjacent)
    assert fame_of(p) == {("goldfish", 0, 0, 0): 4, ("swordfish", 0, 1, 0): 8,
                          ("clownfish", 0, 2, 0): 5, (M, 1, 0, 0): 0, (M, 1, 1, 0): 0,
                          (M, 1, 2, 0): 0}
    assert p["fame"]["total"] == 17
    assert events(doc, "flip") == []


def test_gorilla_in_upper_row_puts_next_card_in_new_row_above():
    """Gorilla (19): if placed in the upper row, the next revealed card goes into a new row above
    this card; that card fills no slot."""
    # s1 mosquito, gorilla s2 (0,1), ladybug -> extra row [-1,1]; mosquitoes s3-s6.
    doc = resolve(solo([M, "gorilla", "ladybug", M, M, M, M, "spider"]))
    p = player_of(doc)
    assert compact_grid(p) == [[None, "ladybug", None], [M, "gorilla", M], [M, M, M]]
    assert fame_of(p) == {("ladybug", 0, 1, 0): 1, (M, 1, 0, 0): 0, ("gorilla", 1, 1, 0): 5,
                          (M, 1, 2, 0): 0, (M, 2, 0, 0): 0, (M, 2, 1, 0): 0, (M, 2, 2, 0): 0}
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
    assert fame_of(p) == {(M, 0, 0, 0): 0, ("vulture", 0, 1, 0): 6, (M, 0, 2, 0): 0,
                          (M, 1, 0, 0): 0, ("ladybug", 1, 1, 0): 1, (M, 1, 2, 0): 0}
    assert p["fame"]["total"] == 7
    assert p["dismissed"] == []


def test_zebra_returns_lowest_rank_card_and_takes_its_space():
    """Zebra (21): return the lowest-rank card in your grid and put this card in the space it left."""
    # s1 groundhog (2), s2 mosquito (0), zebra s3: mosquito returned, zebra moves to s2;
    # ladybug s3, mosquitoes s4-s6.
    doc = resolve(solo(["groundhog", M, "zebra", "ladybug", M, M, M, "spider"]))
    p = player_of(doc)
    assert compact_grid(p) == [["groundhog", "zebra", "ladybug"], [M, M, M]]
    assert fame_of(p) == {("groundhog", 0, 0, 0): 3, ("zebra", 0, 1, 0): 5, ("ladybug", 0, 2, 0): 1,
                          (M, 1, 0, 0): 0, (M, 1, 1, 0): 0, (M, 1, 2, 0): 0}
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
    assert fame_of(p) == {("shark", 0, 0, 0): 5, ("goldfish", 0, 1, 0): 3,
                          ("starfish", 0, 1, 1): 4, (M, 0, 2, 0): 0, (M, 1, 0, 0): 0,
                          (M, 1, 1, 0): 0, (M, 1, 2, 0): 0}
    assert p["fame"]["total"] == 12


def test_rhinoceros_counts_adjacent_odd_ranks():
    """Rhinoceros (23): 1, +3 per adjacent card with an odd rank (rank 0 and 2 are even)."""
    # rhino (0,1): salamander (1) left, groundhog (2) right, clownfish (15) below -> 1 + 3 + 3.
    doc = resolve(solo(["salamander", "rhinoceros", "groundhog", M, "clownfish", M, "spider"]))
    p = player_of(doc)
    assert compact_grid(p) == [["salamander", "rhinoceros", "groundhog"], [M, "clownfish", M]]
    assert fame_of(p) == {("salamander", 0, 0, 0): 3, ("rhinoceros", 0, 1, 0): 7,
                          ("groundhog", 0, 2, 0): 3, (M, 1, 0, 0): 0, ("clownfish", 1, 1, 0): 3,
                          (M, 1, 2, 0): 0}
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
    assert fame_of(p) == {("ladybug", 0, 0, 0): 1, ("sloth", 0, 0, 1): 8, ("rat", 0, 0, 2): 1,
                          (M, 0, 1, 0): 0, (M, 0, 2, 0): 0, (M, 1, 0, 0): 0, (M, 1, 1, 0): 0,
                          (M, 1, 2, 0): 0}
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


# ---------------------------------------------------------------------------------------------
# Season 2 FAQ
# ---------------------------------------------------------------------------------------------

def test_faq_firefly_tie_for_least_fame_has_no_effect():
    """S2 FAQ Firefly (0): in case of a tie, the firefly has no effect."""
    doc = resolve(_two(["firefly", M, M, M, M, M], ["firefly", M, M, M, M, M]))
    for i in (0, 1):
        p = player_of(doc, i)
        ff = entry(p, "firefly")
        assert (ff["fame"], ff["base"], ff["bonus"]) == (1, 1, 0)
        assert p["fame"]["total"] == 1


def test_faq_firefly_only_one_beneficiary_even_if_no_longer_lowest():
    """S2 FAQ Firefly (0): only one player benefits each round, even if that player no longer has the
    lowest fame after benefitting."""
    # A: firefly 1 + ladybug 1 = 2 (alone lowest) -> 4. B: firefly 1 + ladybug 1 + spider 1 = 3.
    # B is now lower than A, but B's firefly stays at 1.
    doc = resolve(_two(["firefly", "ladybug", M, M, M, M],
                       ["firefly", "ladybug", M, M, M, "spider"]))
    a, b = player_of(doc, 0), player_of(doc, 1)
    assert entry(a, "firefly")["fame"] == 3
    assert a["fame"]["total"] == 4
    assert compact_grid(b) == [["firefly", "ladybug", M], [M, M, "spider"]]
    assert entry(b, "firefly")["fame"] == 1
    assert b["fame"]["total"] == 3
    assert cites(doc, "s2.faq.firefly")


def test_faq_spider_stacked_cards_below_in_column_count():
    """S2 FAQ Spider, Grasshopper (0): only the own column counts; stacked cards in that column
    count."""
    # spider s2 (0,1); groundhog s5 (1,1) with a rat stacked on it -> spider 1 + 2 = 3.
    doc = resolve(solo([M, "spider", M, M, "groundhog", "rat", M, "ladybug"]))
    p = player_of(doc)
    assert compact_grid(p) == [[M, "spider", M], [M, "groundhog+rat", M]]
    assert fame_of(p) == {(M, 0, 0, 0): 0, ("spider", 0, 1, 0): 3, (M, 0, 2, 0): 0,
                          (M, 1, 0, 0): 0, ("groundhog", 1, 1, 0): 3, ("rat", 1, 1, 1): 1,
                          (M, 1, 2, 0): 0}
    assert p["fame"]["total"] == 7
    assert p["deck"] == ["ladybug"]
    assert cites(doc, "s2.faq.spider-grasshopper")


def test_faq_grasshopper_face_down_cards_above_count():
    """S2 FAQ Spider, Grasshopper (0): face-down cards in the same column are counted."""
    # groundhog s2 flipped face down by the starfish stacked on it; grasshopper s5 (1,1) below:
    # 1 + 2 (face-down groundhog, starfish).
    doc = resolve(solo([M, "groundhog", "starfish", "ladybug", M, "grasshopper", M, "spider"]))
    p = player_of(doc)
    assert compact_grid(p) == [[M, "~groundhog+starfish", "ladybug"], [M, "grasshopper", M]]
    assert fame_of(p) == {(M, 0, 0, 0): 0, ("starfish", 0, 1, 1): 4, ("ladybug", 0, 2, 0): 1,
                          (M, 1, 0, 0): 0, ("grasshopper", 1, 1, 0): 3, (M, 1, 2, 0): 0}
    assert p["fame"]["total"] == 8
    assert p["deck"] == ["spider"]
    assert cites(doc, "s2.faq.spider-grasshopper")


def test_faq_grasshopper_under_rat_does_not_count_own_stack():
    """S2 FAQ Spider, Grasshopper (0): cards in the same stack as the grasshopper are not counted
    (rulebook example: a grasshopper beneath a rat with one card above scores 2)."""
    doc = resolve(solo([M, M, M, "grasshopper", "rat", M, M, "spider"]))
    p = player_of(doc)
    assert compact_grid(p) == [[M, M, M], ["grasshopper+rat", M, M]]
    assert fame_of(p) == {(M, 0, 0, 0): 0, (M, 0, 1, 0): 0, (M, 0, 2, 0): 0,
                          ("grasshopper", 1, 0, 0): 2, ("rat", 1, 0, 1): 1, (M, 1, 1, 0): 0,
                          (M, 1, 2, 0): 0}
    assert p["fame"]["total"] == 3
    assert p["deck"] == ["spider"]
    assert cites(doc, "s2.faq.spider-grasshopper")


def test_faq_spider_under_rat_does_not_count_own_stack():
    """S2 FAQ Spider, Grasshopper (0): the rat in the spider's own stack is not counted; the card
    below in the column is."""
    doc = resolve(solo(["spider", "rat", M, M, M, M, M, "ladybug"]))
    p = player_of(doc)
    assert compact_grid(p) == [["spider+rat", M, M], [M, M, M]]
    assert fame_of(p) == {("spider", 0, 0, 0): 2, ("rat", 0, 0, 1): 1, (M, 0, 1, 0): 0,
                          (M, 0, 2, 0): 0, (M, 1, 0, 0): 0, (M, 1, 1, 0): 0, (M, 1, 2, 0): 0}
    assert p["fame"]["total"] == 3
    assert p["deck"] == ["ladybug"]


def test_faq_opossum_three_mosquitoes_are_one_pair():
    """S2 FAQ Opossum (10): each dismissed card counts towards only one pair: three mosquitoes in
    the dismiss pile score only +2."""
    doc = resolve(solo(["opossum", "groundhog", "ladybug", "spider", "grasshopper", "firefly"],
                       dismissed=[M, M, M]))
    p = player_of(doc)
    assert compact_grid(p) == [["opossum", "groundhog", "ladybug"],
                               ["spider", "grasshopper", "firefly"]]
    # opossum 2+2; groundhog 3; ladybug 1; spider 1 (lower row); grasshopper 1+1 (groundhog above);
    # firefly 1 (single player: no least-fame trigger)
    assert fame_of(p) == {("opossum", 0, 0, 0): 4, ("groundhog", 0, 1, 0): 3,
                          ("ladybug", 0, 2, 0): 1, ("spider", 1, 0, 0): 1,
                          ("grasshopper", 1, 1, 0): 2, ("firefly", 1, 2, 0): 1}
    assert p["fame"]["total"] == 12
    assert p["dismissed"] == [M, M, M]
    assert cites(doc, "s2.faq.opossum")


def test_faq_mongoose_immune_bottom_card_still_adds_toon_card():
    """S2 FAQ Mongoose (11): if the bottom card cannot be dismissed (Opossum), the player still adds
    a card from the toon deck; it is the next revealed card."""
    sc = solo(["mongoose", M, M, M, M, "ladybug", "opossum"])
    sc["toon_deck"] = ["goldfish"]
    doc = resolve(sc)
    p = player_of(doc)
    assert compact_grid(p) == [["mongoose", "goldfish", M], [M, M, M]]
    assert fame_of(p) == {("mongoose", 0, 0, 0): 2, ("goldfish", 0, 1, 0): 2, (M, 0, 2, 0): 0,
                          (M, 1, 0, 0): 0, (M, 1, 1, 0): 0, (M, 1, 2, 0): 0}
    assert p["fame"]["total"] == 4
    assert p["deck"] == ["ladybug", "opossum"]
    assert p["dismissed"] == []
    assert doc["toon_deck"] == []
    assert cites(doc, "s2.faq.mongoose")


def test_faq_mongoose_empty_deck_still_adds_toon_card_revealed_next():
    """S2 FAQ Mongoose (11): if the deck is depleted after placing the mongoose, the player still
    adds a toon-deck card (nothing dismissed); the added card is revealed next."""
    # s1-s2 mosquitoes, s3 mongoose; deck empty -> hen on top -> revealed s4; deck empty: Flip ends.
    sc = solo([M, M, "mongoose"])
    sc["toon_deck"] = ["hen", "crow"]
    doc = resolve(sc)
    p = player_of(doc)
    assert compact_grid(p) == [[M, M, "mongoose"], ["hen", None, None]]
    # hen: hen (6) + mongoose (11) -> 0 + 2
    assert fame_of(p) == {(M, 0, 0, 0): 0, (M, 0, 1, 0): 0, ("mongoose", 0, 2, 0): 2,
                          ("hen", 1, 0, 0): 2}
    assert p["fame"]["total"] == 4
    assert p["deck"] == []
    assert p["dismissed"] == []
    assert doc["toon_deck"] == ["crow"]
    assert cites(doc, "s2.faq.mongoose")


def test_faq_capybara_counts_deck_after_the_flip():
    """S2 FAQ Capybara (12): its fame is fixed at Check Fame from the deck as it is after the Flip
    (a card returned during the Flip is in the deck)."""
    # capybara s1, salamander s2, mosquito s3 -> returned; ladybug s3, mosquitoes s4-s5,
    # groundhog s6; deck after the Flip: spider, firefly, mosquito (3 cards) -> 2 + 4.
    doc = resolve(solo(["capybara", "salamander", M, "ladybug", M, M, "groundhog", "spider",
                        "firefly"]))
    p = player_of(doc)
    assert compact_grid(p) == [["capybara", "salamander", "ladybug"], [M, M, "groundhog"]]
    assert fame_of(p) == {("capybara", 0, 0, 0): 6, ("salamander", 0, 1, 0): 3,
                          ("ladybug", 0, 2, 0): 1, (M, 1, 0, 0): 0, (M, 1, 1, 0): 0,
                          ("groundhog", 1, 2, 0): 3}
    assert p["fame"]["total"] == 13
    assert p["deck"] == ["spider", "firefly", M]


def test_faq_hippopotamus_counts_deck_after_the_flip():
    """S2 FAQ Hippopotamus (24): its fame is fixed at Check Fame from the deck after the Flip (after
    a Mongoose dismissed its bottom card and added a toon card)."""
    # hippo s1, mongoose s2 (grasshopper dismissed, goldfish on top), goldfish s3, mosquitoes
    # s4-s6; deck after: mosquito, spider, ladybug -> 0 + 6.
    sc = solo(["hippopotamus", "mongoose", M, M, M, M, "spider", "ladybug", "grasshopper"])
    sc["toon_deck"] = ["goldfish"]
    doc = resolve(sc)
    p = player_of(doc)
    assert compact_grid(p) == [["hippopotamus", "mongoose", "goldfish"], [M, M, M]]
    assert fame_of(p) == {("hippopotamus", 0, 0, 0): 6, ("mongoose", 0, 1, 0): 2,
                          ("goldfish", 0, 2, 0): 2, (M, 1, 0, 0): 0, (M, 1, 1, 0): 0,
                          (M, 1, 2, 0): 0}
    assert p["fame"]["total"] == 10
    assert p["deck"] == [M, "spider", "ladybug"]
    assert p["dismissed"] == ["grasshopper"]


def test_faq_coyote_stacks_on_return_immune_previous_card():
    """S2 FAQ Coyote (14): if the previous placed card cannot be returned, stack the coyote on it."""
    # s1 mosquito; coyote A s2 returns it and moves to s1; coyote B s2: previous placed = coyote A
    # (return-immune) -> B stacks on A; ladybug s2, groundhog s3, mosquitoes s4-s6.
    doc = resolve(solo([M, "coyote", "coyote", "ladybug", "groundhog", M, M, M, "spider"]))
    p = player_of(doc)
    assert compact_grid(p) == [["coyote+coyote", "ladybug", "groundhog"], [M, M, M]]
    assert fame_of(p) == {("coyote", 0, 0, 0): 5, ("coyote", 0, 0, 1): 5, ("ladybug", 0, 1, 0): 1,
                          ("groundhog", 0, 2, 0): 3, (M, 1, 0, 0): 0, (M, 1, 1, 0): 0,
                          (M, 1, 2, 0): 0}
    assert p["fame"]["total"] == 14
    assert p["deck"] == ["spider", M]
    assert cites(doc, "s2.faq.coyote")


def test_faq_fox_hen_in_market_counts():
    """S2 FAQ Fox (16): a Hen in the market satisfies the Fox (value fixed at Check Fame)."""
    sc = solo(["fox", M, M, M, M, M, "spider"])
    sc["market"] = ["salamander", "groundhog", "hen", "raccoon", "crow"]
    doc = resolve(sc)
    p = player_of(doc)
    assert compact_grid(p) == [["fox", M, M], [M, M, M]]
    assert entry(p, "fox")["fame"] == 6
    assert p["fame"]["total"] == 6


def test_faq_fox_hen_in_another_players_grid_counts():
    """S2 FAQ Fox (16): a Hen in any player's grid counts."""
    doc = resolve(_two(["fox", M, M, M, M, M], ["hen", M, M, M, M, M]))
    a, b = player_of(doc, 0), player_of(doc, 1)
    assert entry(a, "fox")["fame"] == 6
    assert a["fame"]["total"] == 6
    assert entry(b, "hen")["fame"] == 1
    assert b["fame"]["total"] == 1


def test_faq_fox_rooster_counts_in_combined_game():
    """S2 FAQ Fox (16): the Rooster is a Season 1 card; in a combined game a Rooster in the market
    satisfies the Fox."""
    sc = solo(["fox", M, M, M, M, M, "spider"], season="combined")
    sc["market"] = ["ostrich", "salamander", "rooster", "raccoon", "crow", "dog", "shark"]
    doc = resolve(sc)
    p = player_of(doc)
    assert entry(p, "fox")["fame"] == 6
    assert p["fame"]["total"] == 6


def test_faq_crab_returned_from_extra_row_above_gorilla():
    """S2 FAQ Crab (17): returned if placed anywhere in the middle column, including a new row above
    a gorilla."""
    # s1 mosquito, gorilla s2 (0,1); crab -> extra row [-1,1] -> returned; the gorilla's effect is
    # spent, so ladybug fills s3; mosquitoes s4-s6. The extra row is empty again.
    doc = resolve(solo([M, "gorilla", "crab", "ladybug", M, M, M, "spider"]))
    p = player_of(doc)
    assert compact_grid(p) == [[M, "gorilla", "ladybug"], [M, M, M]]
    assert fame_of(p) == {(M, 0, 0, 0): 0, ("gorilla", 0, 1, 0): 5, ("ladybug", 0, 2, 0): 1,
                          (M, 1, 0, 0): 0, (M, 1, 1, 0): 0, (M, 1, 2, 0): 0}
    assert p["fame"]["total"] == 6
    assert p["deck"] == ["spider", "crab"]
    assert cites(doc, "s2.faq.crab")


def test_faq_crab_in_extra_row_of_left_column_stays():
    """S2 FAQ Crab (17) / Gorilla (19): only the middle column returns the crab; above a gorilla in
    the left column it stays (and fills no slot)."""
    # gorilla s1 (0,0); crab -> [-1,0]; mosquitoes s2-s6.
    doc = resolve(solo(["gorilla", "crab", M, M, M, M, M, "spider"]))
    p = player_of(doc)
    assert compact_grid(p) == [["crab", None, None], ["gorilla", M, M], [M, M, M]]
    assert fame_of(p) == {("crab", 0, 0, 0): 5, ("gorilla", 1, 0, 0): 5, (M, 1, 1, 0): 0,
                          (M, 1, 2, 0): 0, (M, 2, 0, 0): 0, (M, 2, 1, 0): 0, (M, 2, 2, 0): 0}
    assert p["fame"]["total"] == 10
    assert p["deck"] == ["spider"]


def test_faq_crab_returned_when_stacked_in_middle_column():
    """S2 FAQ Crab (17): returned if stacked on another card in the middle column (an Ostrich stacks
    it: combined game)."""
    # s1 mosquito, ostrich s2 (0,1); crab stacked on the ostrich -> returned; ladybug s3,
    # mosquitoes s4-s6.
    doc = resolve(solo([M, "ostrich", "crab", "ladybug", M, M, M, "spider"], season="combined"))
    p = player_of(doc)
    assert compact_grid(p) == [[M, "ostrich", "ladybug"], [M, M, M]]
    assert fame_of(p) == {(M, 0, 0, 0): 0, ("ostrich", 0, 1, 0): 1, ("ladybug", 0, 2, 0): 1,
                          (M, 1, 0, 0): 0, (M, 1, 1, 0): 0, (M, 1, 2, 0): 0}
    assert p["fame"]["total"] == 2
    assert p["deck"] == ["spider", "crab"]
    assert cites(doc, "s2.faq.crab")


def test_faq_crab_returned_into_empty_deck_ends_the_flip():
    """S2 FAQ Crab (17): if a crab is returned when the deck is depleted, the Flip ends at once,
    leaving the crab in the deck."""
    doc = resolve(solo([M, "crab"]))
    p = player_of(doc)
    assert compact_grid(p) == [[M, None, None], [None, None, None]]
    assert fame_of(p) == {(M, 0, 0, 0): 0}
    assert p["fame"]["total"] == 0
    assert p["deck"] == ["crab"]
    assert cites(doc, "s2.faq.crab")


def test_faq_crab_returned_into_deck_of_only_crabs_ends_the_flip():
    """S2 FAQ Crab (17): if the deck then contains only crab cards, the Flip ends at once, leaving the
    crabs in the deck."""
    doc = resolve(solo([M, "crab", "crab"]))
    p = player_of(doc)
    assert compact_grid(p) == [[M, None, None], [None, None, None]]
    assert p["fame"]["total"] == 0
    assert p["deck"] == ["crab", "crab"]
    assert cites(doc, "s2.faq.crab")


def test_faq_gorilla_card_already_above_new_row_above_that():
    """S2 FAQ Gorilla (19): if there is already a card above the gorilla, create an additional row
    above that card instead (a Monkey moved up first: combined game)."""
    # monkey s1 -> moves to [-1,0]; gorilla fills s1 (0,0); ladybug -> [-2,0] above the monkey;
    # mosquitoes s2-s6.
    doc = resolve(solo(["monkey", "gorilla", "ladybug", M, M, M, M, M, "spider"],
                       season="combined"))
    p = player_of(doc)
    assert compact_grid(p) == [["ladybug", None, None], ["monkey", None, None],
                               ["gorilla", M, M], [M, M, M]]
    assert fame_of(p) == {("ladybug", 0, 0, 0): 1, ("monkey", 1, 0, 0): 3, ("gorilla", 2, 0, 0): 5,
                          (M, 2, 1, 0): 0, (M, 2, 2, 0): 0, (M, 3, 0, 0): 0, (M, 3, 1, 0): 0,
                          (M, 3, 2, 0): 0}
    assert p["fame"]["total"] == 9
    assert p["deck"] == ["spider"]
    assert cites(doc, "s2.faq.gorilla")


def test_faq_gorilla_extra_row_is_not_the_upper_row():
    """S2 FAQ Gorilla (19): the additional row is not the 'upper row': a second gorilla placed in it
    creates no row."""
    # s1 mosquito, gorilla A s2; gorilla B -> [-1,1] (no effect); ladybug s3; mosquitoes s4-s6.
    doc = resolve(solo([M, "gorilla", "gorilla", "ladybug", M, M, M, M, "spider"]))
    p = player_of(doc)
    assert compact_grid(p) == [[None, "gorilla", None], [M, "gorilla", "ladybug"], [M, M, M]]
    assert fame_of(p) == {("gorilla", 0, 1, 0): 5, (M, 1, 0, 0): 0, ("gorilla", 1, 1, 0): 5,
                          ("ladybug", 1, 2, 0): 1, (M, 2, 0, 0): 0, (M, 2, 1, 0): 0,
                          (M, 2, 2, 0): 0}
    assert p["fame"]["total"] == 11
    assert p["deck"] == [M, "spider"]


def test_faq_zebra_ignored_as_first_card():
    """S2 FAQ Zebra (21): if a zebra is placed as the first card, ignore its ability."""
    doc = resolve(solo(["zebra", M, M, M, M, M, "spider"]))
    p = player_of(doc)
    assert compact_grid(p) == [["zebra", M, M], [M, M, M]]
    assert p["fame"]["total"] == 5
    assert p["deck"] == ["spider"]
    assert events(doc, "return") == []
    assert cites(doc, "s2.faq.zebra") or cites(doc, "s2.key.previous-placed")


def test_faq_zebra_never_returns_face_down_card():
    """S2 FAQ Zebra (21): a face-down card has no rank and is never returned by a zebra."""
    # ladybug s1 flipped by the starfish stacked on it; groundhog s2; zebra s3: face-up candidates
    # starfish (7), groundhog (2) -> groundhog returned, zebra into s2; mosquitoes s3-s6.
    doc = resolve(solo(["ladybug", "starfish", "groundhog", "zebra", M, M, M, M, "spider"]))
    p = player_of(doc)
    assert compact_grid(p) == [["~ladybug+starfish", "zebra", M], [M, M, M]]
    assert fame_of(p) == {("starfish", 0, 0, 1): 4, ("zebra", 0, 1, 0): 5, (M, 0, 2, 0): 0,
                          (M, 1, 0, 0): 0, (M, 1, 1, 0): 0, (M, 1, 2, 0): 0}
    assert p["fame"]["total"] == 9
    assert p["deck"] == ["spider", "groundhog"]


def test_faq_zebra_stacks_on_return_immune_lowest_card():
    """S2 FAQ Zebra (21): if the lowest rank card cannot be returned, stack the zebra on it."""
    # coyote s1 (first: ignored); zebra s2: lowest other card is the coyote (return-immune) ->
    # zebra stacks on it; mosquitoes s2-s6.
    doc = resolve(solo(["coyote", "zebra", M, M, M, M, M, "spider"]))
    p = player_of(doc)
    assert compact_grid(p) == [["coyote+zebra", M, M], [M, M, M]]
    assert fame_of(p) == {("coyote", 0, 0, 0): 5, ("zebra", 0, 0, 1): 5, (M, 0, 1, 0): 0,
                          (M, 0, 2, 0): 0, (M, 1, 0, 0): 0, (M, 1, 1, 0): 0, (M, 1, 2, 0): 0}
    assert p["fame"]["total"] == 10
    assert p["deck"] == ["spider"]
    assert cites(doc, "s2.faq.zebra")


def test_faq_zebra_lowest_rank_tie_topmost_row_first():
    """S2 FAQ Zebra (21) + Key Concept Lowest Rank Card: among tied lowest ranks, the leftmost card
    of the topmost row (an upper-row card beats a lower-row card further left)."""
    # hen s1, groundhog s2, mosquito s3 (0,2), mosquito s4 (1,0), zebra s5: tie at rank 0 between
    # (0,2) and (1,0) -> (0,2) returned, zebra into s3; ladybug s5, spider s6.
    doc = resolve(solo(["hen", "groundhog", M, M, "zebra", "ladybug", "spider", "firefly"]))
    p = player_of(doc)
    assert compact_grid(p) == [["hen", "groundhog", "zebra"], [M, "ladybug", "spider"]]
    # hen: hen (6) + zebra (21) -> 2
    assert fame_of(p) == {("hen", 0, 0, 0): 2, ("groundhog", 0, 1, 0): 3, ("zebra", 0, 2, 0): 5,
                          (M, 1, 0, 0): 0, ("ladybug", 1, 1, 0): 1, ("spider", 1, 2, 0): 1}
    assert p["fame"]["total"] == 12
    assert p["deck"] == ["firefly", M]
    assert cites(doc, "s2.key.lowest-rank")


def test_faq_zebra_lowest_rank_tie_topmost_in_stack():
    """S2 FAQ Zebra (21) + Key Concept Lowest Rank Card: a tie between stacked cards goes to the
    topmost of the tied cards; the zebra takes exactly the space it left."""
    # hen s1; rat A on hen; rat B on top; zebra s2: lowest rank 3 (both rats in (0,0)) -> the top
    # rat B is returned, zebra takes its place on top; ladybug s2, mosquitoes s3-s6.
    doc = resolve(solo(["hen", "rat", "rat", "zebra", "ladybug", M, M, M, M, "spider"]))
    p = player_of(doc)
    assert compact_grid(p) == [["hen+rat+zebra", "ladybug", M], [M, M, M]]
    assert fame_of(p) == {("hen", 0, 0, 0): 2, ("rat", 0, 0, 1): 1, ("zebra", 0, 0, 2): 5,
                          ("ladybug", 0, 1, 0): 1, (M, 0, 2, 0): 0, (M, 1, 0, 0): 0,
                          (M, 1, 1, 0): 0, (M, 1, 2, 0): 0}
    assert p["fame"]["total"] == 9
    assert p["deck"] == ["spider", "rat"]
    assert cites(doc, "s2.key.lowest-rank")
