"""Legal decks that need more than 1,000 reveals: the Flip follows the cards' rules to the end of
the deck (a Monkey rising into a new row each time, Crabs returning, Ostriches and Rabbits
stacking), and a table built directly with more cards than a scenario may hold stops at the reveal
limit of docs/limits.md, citing it.
"""

from __future__ import annotations

import pytest

from fliptoons_explore import resolve_scenario
from fliptoons_explore.limits import MAX_REVEALS


def reveals(doc, player=0):
    return [e for e in doc["trace"] if e["event"] == "reveal" and e["player"] == player]


def end_flip(doc, player=0):
    (end,) = [e for e in doc["trace"] if e["event"] == "end_flip" and e["player"] == player]
    return end


def test_1001_monkeys_all_go_up():
    """S1 Monkey FAQ: placed in the upper row it moves up into a new row; slot 1 is free again for
    the next card, so every Monkey rises above the left column and the deck runs out."""
    doc = resolve_scenario({"season": "s1", "players": [{"deck": ["monkey"] * 1001}]})
    p = doc["players"][0]
    assert len(reveals(doc)) == 1001
    assert len(p["grid"]) == 1001 + 2
    assert all(
        row[0] == [{"id": "monkey", "face_up": True}] and row[1:] == [None, None]
        for row in p["grid"][:-2]
    )
    assert p["grid"][-2:] == [[None] * 3, [None] * 3] and p["deck"] == []
    assert p["fame"]["total"] == 3 * 1001
    assert end_flip(doc)["rule"] == "s1.flip.short-deck"


def test_997_crabs_and_a_mosquito_end_on_a_deck_of_crabs():
    """S2 Crab FAQ: each Crab placed in the middle column returns; the Mosquito, 998th, takes slot
    2; slots 3 and 4 keep Crabs; the Crab in slot 5 returns to a deck of only Crabs: the Flip
    ends."""
    doc = resolve_scenario({"players": [{"deck": ["crab"] * 997 + ["mosquito"]}]})
    p = doc["players"][0]
    crab, mosquito = [{"id": "crab", "face_up": True}], [{"id": "mosquito", "face_up": True}]
    assert p["grid"] == [[crab, mosquito, crab], [crab, None, None]]
    assert p["deck"] == ["crab"] * 994
    assert len(reveals(doc)) == 1 + 996 + 1 + 3
    assert end_flip(doc)["rule"] == "s2.faq.crab.deck-only-crabs"


@pytest.mark.parametrize("card", ["ostrich", "rabbit"])
def test_1001_ostriches_or_rabbits_make_one_stack(card):
    """S1 Ostrich FAQ: the next card is stacked on it; a Rabbit joins the first face-up Rabbit.
    Either way the 1,001 cards end in one stack in slot 1."""
    doc = resolve_scenario({"season": "s1", "players": [{"deck": [card] * 1001}]})
    p = doc["players"][0]
    assert len(reveals(doc)) == 1001
    assert p["grid"] == [[[{"id": card, "face_up": True}] * 1001, None, None], [None] * 3]
    assert end_flip(doc)["rule"] == "s1.flip.short-deck"


def test_a_flip_ends_at_the_reveal_limit():
    """No deck within the card limit needs MAX_REVEALS reveals; a table built directly with
    12,000 Monkeys does: its Flip ends at the limit, citing it, and Check Fame follows."""
    from fliptoons_explore.fliptoons.engine import resolve_table
    from fliptoons_explore.fliptoons.state import Table

    table = Table("s1")
    p = table.add_player("P")
    p.deck.extend(table.new_card("monkey") for _ in range(12_000))
    result = resolve_table(table)
    flip = [e for e in result.trace if e.phase == "flip"]
    assert sum(e.kind == "reveal" for e in flip) == MAX_REVEALS == 10_000
    assert flip[-1].kind == "end_flip" and flip[-1].rule == "engine.flip.reveal-limit"
    assert flip[-1].detail == "10,000 cards revealed, the most one Flip may reveal"
    assert len(p.deck) == 2_000 and p.grid.extra_height() == 10_000
    assert p.fame_total == 3 * 10_000  # Check Fame follows
    assert len(table.locations()) == 12_000


def test_two_coyotes_do_not_loop():
    """The Coyote cannot be returned (card text; S2 FAQ): the second stacks on the first."""
    doc = resolve_scenario({"players": [{"deck": ["coyote", "coyote"]}]})
    assert doc["players"][0]["grid"][0][0] == [{"id": "coyote", "face_up": True}] * 2
    assert end_flip(doc)["rule"] == "s2.flip.short-deck"
