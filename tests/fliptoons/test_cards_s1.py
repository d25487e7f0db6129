"""Season 1 cards: one test (at least) per card for what the Flip and Check Fame do with it, one
test per Season 1 FAQ entry that concerns the Flip or Check Fame, and the Season 1 rulebook's
Check Fame example.

Every expected outcome below is computed by hand from the rulebooks (seeds/), cards.csv,
RULINGS.md and docs/engine.md; the comments show the derivation.  Grid positions in comments are
[row, col] in the JSON grid (rows top first), i.e. the keys of fame_of().
"""

from __future__ import annotations

try:
    from util import compact_grid, events, fame_of, resolve, solo
except ImportError:  # run with the repository root on sys.path and tests as a package
    from tests.util import compact_grid, events, fame_of, resolve, solo


# --------------------------------------------------------------------------- helpers


def game(*players, season="s1", market=None, toon_deck=None, rulings=None):
    """A scenario with one player per argument: a deck (list of ids, top first) or a dict of
    player fields (deck, dismissed, choices...)."""
    ps = []
    for i, p in enumerate(players):
        fields = {"deck": list(p)} if isinstance(p, (list, tuple)) else dict(p)
        ps.append({"name": f"P{i}", **fields})
    scenario = {"season": season, "players": ps}
    if market is not None:
        scenario["market"] = list(market)
    if toon_deck is not None:
        scenario["toon_deck"] = list(toon_deck)
    if rulings:
        scenario["rulings"] = dict(rulings)
    return scenario


def one(deck, season="s1", **fields):
    """Resolve a one-player scenario; return (doc, player 0)."""
    scenario = solo(deck, season=season)
    for key in ("market", "toon_deck", "rulings"):
        if key in fields:
            scenario[key] = fields.pop(key)
    scenario["players"][0].update(fields)
    doc = resolve(scenario)
    return doc, doc["players"][0]


def cites(doc, *families, event=None, card=None):
    """True if an event of the trace (of this kind, about this card, when given) cites a rule of one
    of these families: the id itself or one of its sub-ids (`s1.faq.snake` covers
    `s1.faq.snake.final-space`). Several families are given where a Season 1 FAQ entry and a
    Season 2 Key Concept state the same rule."""
    for e in doc["trace"]:
        if event is not None and e["event"] != event:
            continue
        if card is not None and e["card"] != card:
            continue
        rule = e["rule"] or ""
        if any(rule == f or rule.startswith(f + ".") for f in families):
            return True
    return False


def index_of(doc, kind, card):
    """Position in the trace of the first event of this kind about this card."""
    return next(i for i, e in enumerate(doc["trace"]) if e["event"] == kind and e["card"] == card)


def least_fame_players(doc):
    return [e["player"] for e in events(doc, "least_fame")]


# =========================================================================== starting cards


def test_caterpillar_scores_zero_and_flip_stops_at_six():
    """Caterpillar (S1 starter, rank 0, fame 0): scores 0 when face up; its dismiss cost is a Market
    matter. The Flip stops when the six base slots are filled (S1 Flip)."""
    doc, p = one(["caterpillar", "snail", "caterpillar", "bee", "horse", "peacock", "camel"])
    assert compact_grid(p) == [
        ["caterpillar", "snail", "caterpillar"],
        ["bee", "horse", "peacock"],
    ]
    assert fame_of(p) == {
        ("caterpillar", 0, 0, 0): 0,
        ("snail", 0, 1, 0): 2,
        ("caterpillar", 0, 2, 0): 0,
        ("bee", 1, 0, 0): 1,
        ("horse", 1, 1, 0): 4,
        ("peacock", 1, 2, 0): 5,
    }
    assert p["fame"]["total"] == 12
    assert p["deck"] == ["camel"]
    assert p["dismissed"] == []


def test_skunk_alone_least_records_least_fame_for_that_player_only():
    """S1 FAQ Skunk: only one player benefits per round. The player who alone has the least fame and
    has a face-up Skunk is recorded (least_fame); another player's Skunk does nothing."""
    # P0: skunk caterpillar bee / caterpillar snail dragonfly(bee above, snail left: +2) = 5
    # P1: skunk horse peacock / alligator snail bee = 0+4+5+6+2+1 = 18
    doc = resolve(
        game(
            ["skunk", "caterpillar", "bee", "caterpillar", "snail", "dragonfly"],
            ["skunk", "horse", "peacock", "alligator", "snail", "bee"],
        )
    )
    p0, p1 = doc["players"]
    assert compact_grid(p0) == [
        ["skunk", "caterpillar", "bee"],
        ["caterpillar", "snail", "dragonfly"],
    ]
    assert fame_of(p0) == {
        ("skunk", 0, 0, 0): 0,
        ("caterpillar", 0, 1, 0): 0,
        ("bee", 0, 2, 0): 1,
        ("caterpillar", 1, 0, 0): 0,
        ("snail", 1, 1, 0): 2,
        ("dragonfly", 1, 2, 0): 2,
    }
    assert p0["fame"]["total"] == 5
    assert p1["fame"]["total"] == 18
    assert least_fame_players(doc) == [0]
    assert cites(doc, "s1.faq.skunk", event="least_fame")
    # recording the obligation dismisses nothing yet (the dismissal belongs to the Market)
    assert p0["dismissed"] == [] and p1["dismissed"] == []


def test_skunk_tie_for_least_records_nobody():
    """S1 FAQ Skunk: in case of a tie (for the least fame), the skunk has no effect."""
    low = ["skunk", "caterpillar", "bee", "caterpillar", "snail", "dragonfly"]  # 5 each
    doc = resolve(game(low, list(low), ["skunk", "horse", "peacock", "alligator", "snail", "bee"]))
    assert [p["fame"]["total"] for p in doc["players"]] == [5, 5, 18]
    assert events(doc, "least_fame") == []
    assert all(p["dismissed"] == [] for p in doc["players"])


def test_dragonfly_counts_distinct_adjacent_face_up_names():
    """Dragonfly: +1 per unique adjacent face-up card name (default ruling dragonfly_unique
    'distinct': one per distinct name)."""
    # dragonfly at [0,1]: neighbours caterpillar, caterpillar, snail -> 2 distinct names -> 0+2
    doc, p = one(["caterpillar", "dragonfly", "caterpillar", "bee", "snail", "bee"])
    assert compact_grid(p) == [["caterpillar", "dragonfly", "caterpillar"], ["bee", "snail", "bee"]]
    assert fame_of(p) == {
        ("caterpillar", 0, 0, 0): 0,
        ("dragonfly", 0, 1, 0): 2,
        ("caterpillar", 0, 2, 0): 0,
        ("bee", 1, 0, 0): 1,
        ("snail", 1, 1, 0): 2,
        ("bee", 1, 2, 0): 1,
    }
    assert p["fame"]["total"] == 6


def test_dragonfly_unique_once_ruling_counts_names_seen_once():
    """Ruling option dragonfly_unique='once' (DESIGN 4.4): only names seen exactly once among the
    neighbours count: snail only -> +1."""
    doc, p = one(
        ["caterpillar", "dragonfly", "caterpillar", "bee", "snail", "bee"],
        rulings={"dragonfly_unique": "once"},
    )
    assert fame_of(p)[("dragonfly", 0, 1, 0)] == 1
    assert p["fame"]["total"] == 5


def test_bee_scores_one_short_deck_fills_what_it_can():
    """Bee (vanilla, 1 fame). With fewer than six cards the player places as many as possible."""
    doc, p = one(["bee", "caterpillar", "caterpillar"])
    assert compact_grid(p) == [["bee", "caterpillar", "caterpillar"], [None, None, None]]
    assert fame_of(p) == {
        ("bee", 0, 0, 0): 1,
        ("caterpillar", 0, 1, 0): 0,
        ("caterpillar", 0, 2, 0): 0,
    }
    assert p["fame"]["total"] == 1
    assert p["deck"] == []


def test_snail_scores_two():
    """Snail (vanilla, 2 fame)."""
    doc, p = one(["snail", "bee", "caterpillar", "dragonfly", "caterpillar"])
    # dragonfly at [1,0]: neighbours snail (above) and caterpillar (right) -> +2
    assert compact_grid(p) == [
        ["snail", "bee", "caterpillar"],
        ["dragonfly", "caterpillar", None],
    ]
    assert fame_of(p) == {
        ("snail", 0, 0, 0): 2,
        ("bee", 0, 1, 0): 1,
        ("caterpillar", 0, 2, 0): 0,
        ("dragonfly", 1, 0, 0): 2,
        ("caterpillar", 1, 1, 0): 0,
    }
    assert p["fame"]["total"] == 5


# =========================================================================== Ostrich


def test_ostrich_stacks_next_revealed_card():
    """Ostrich: the next revealed card is stacked on top of it; a stacked card fills no slot, so
    one more card is revealed."""
    doc, p = one(["ostrich", "bee", "snail", "caterpillar", "horse", "peacock", "camel", "goat"])
    assert compact_grid(p) == [
        ["ostrich+bee", "snail", "caterpillar"],
        ["horse", "peacock", "camel"],
    ]
    assert fame_of(p) == {
        ("ostrich", 0, 0, 0): 1,
        ("bee", 0, 0, 1): 1,
        ("snail", 0, 1, 0): 2,
        ("caterpillar", 0, 2, 0): 0,
        ("horse", 1, 0, 0): 4,
        ("peacock", 1, 1, 0): 5,
        ("camel", 1, 2, 0): 4,
    }
    assert p["fame"]["total"] == 17
    assert p["deck"] == ["goat"]


def test_ostrich_in_last_slot_reveals_no_further_card():
    """S1 FAQ Ostrich: if an ostrich is placed as the final card of a grid, do not reveal or place
    another card."""
    doc, p = one(["bee", "snail", "caterpillar", "horse", "peacock", "ostrich", "goat"])
    assert compact_grid(p) == [["bee", "snail", "caterpillar"], ["horse", "peacock", "ostrich"]]
    assert p["fame"]["total"] == 1 + 2 + 0 + 4 + 5 + 1
    assert p["deck"] == ["goat"]
    assert cites(doc, "s1.faq.ostrich", "s2.key.next-revealed", event="ignored", card="ostrich")


def test_ostrich_stacks_before_the_stacked_cards_ability():
    """S1 FAQ Ostrich: the next revealed card is stacked before its ability is resolved. A Monkey
    stacked on the ostrich is then in the upper row and moves up to a new row; the ostrich's effect
    is spent, so the following card does not stack on the ostrich but takes the next empty slot."""
    doc, p = one(["ostrich", "monkey", "bee", "snail", "caterpillar", "horse", "peacock", "camel"])
    assert compact_grid(p) == [
        ["monkey", None, None],
        ["ostrich", "bee", "snail"],
        ["caterpillar", "horse", "peacock"],
    ]
    assert fame_of(p) == {
        ("monkey", 0, 0, 0): 3,
        ("ostrich", 1, 0, 0): 1,
        ("bee", 1, 1, 0): 1,
        ("snail", 1, 2, 0): 2,
        ("caterpillar", 2, 0, 0): 0,
        ("horse", 2, 1, 0): 4,
        ("peacock", 2, 2, 0): 5,
    }
    assert p["fame"]["total"] == 16
    assert p["deck"] == ["camel"]
    # the trace shows the order: the Monkey is stacked first, then its own ability moves it
    assert index_of(doc, "stack", "monkey") < index_of(doc, "move", "monkey")


def test_ostrich_applies_once_when_stacked_card_moves_away():
    """S1 FAQ Ostrich: if the next revealed card moves after being stacked on the ostrich, the next
    revealed card does not stack on the ostrich instead. Here a Rabbit stacked on the ostrich moves
    onto the face-down Bee (turned by the Eagle)."""
    doc, p = one(["eagle", "bee", "ostrich", "rabbit", "snail", "caterpillar", "horse"])
    assert compact_grid(p) == [
        ["eagle", "~bee+rabbit", "ostrich"],
        ["snail", "caterpillar", "horse"],
    ]
    assert fame_of(p) == {
        ("eagle", 0, 0, 0): 4,
        ("rabbit", 0, 1, 1): 3,
        ("ostrich", 0, 2, 0): 1,
        ("snail", 1, 0, 0): 2,
        ("caterpillar", 1, 1, 0): 0,
        ("horse", 1, 2, 0): 4,
    }
    assert p["fame"]["total"] == 14
    assert p["deck"] == []


# =========================================================================== Eagle


def test_eagle_turns_next_revealed_card_face_down():
    """Eagle: turn the next revealed card face down; it scores nothing."""
    doc, p = one(["eagle", "bee", "snail", "caterpillar", "horse", "peacock", "camel"])
    assert compact_grid(p) == [["eagle", "~bee", "snail"], ["caterpillar", "horse", "peacock"]]
    assert fame_of(p) == {
        ("eagle", 0, 0, 0): 4,
        ("snail", 0, 2, 0): 2,
        ("caterpillar", 1, 0, 0): 0,
        ("horse", 1, 1, 0): 4,
        ("peacock", 1, 2, 0): 5,
    }
    assert p["fame"]["total"] == 15
    assert p["deck"] == ["camel"]


def test_eagle_in_last_slot_reveals_no_further_card():
    """S1 FAQ Eagle: if an eagle is placed as the final card of a grid, do not reveal or place
    another card."""
    doc, p = one(["bee", "snail", "caterpillar", "horse", "peacock", "eagle", "camel"])
    assert compact_grid(p) == [["bee", "snail", "caterpillar"], ["horse", "peacock", "eagle"]]
    assert p["fame"]["total"] == 1 + 2 + 0 + 4 + 5 + 4
    assert p["deck"] == ["camel"]
    assert cites(doc, "s1.faq.eagle", "s2.key.next-revealed", event="ignored", card="eagle")


def test_eagle_flipped_card_ability_is_ignored():
    """S1 FAQ Eagle: ignore any special effect or ability of the card flipped face down: a flipped
    Ostrich does not stack the following card."""
    doc, p = one(["eagle", "ostrich", "bee", "snail", "caterpillar", "horse", "peacock"])
    assert compact_grid(p) == [["eagle", "~ostrich", "bee"], ["snail", "caterpillar", "horse"]]
    assert fame_of(p) == {
        ("eagle", 0, 0, 0): 4,
        ("bee", 0, 2, 0): 1,
        ("snail", 1, 0, 0): 2,
        ("caterpillar", 1, 1, 0): 0,
        ("horse", 1, 2, 0): 4,
    }
    assert p["fame"]["total"] == 11
    assert p["deck"] == ["peacock"]
    assert cites(doc, "s1.faq.eagle", "s2.key.next-revealed", event="ignored", card="ostrich")


def test_eagle_cannot_flip_elephant():
    """Eagle: 'unless it is flip-immune'. The Elephant stays face up, and its own ability still
    resolves (it tries the previous card, the Eagle, which is flip-immune too)."""
    doc, p = one(["eagle", "elephant", "bee", "snail", "caterpillar", "horse", "peacock"])
    assert compact_grid(p) == [["eagle", "elephant", "bee"], ["snail", "caterpillar", "horse"]]
    assert fame_of(p) == {
        ("eagle", 0, 0, 0): 4,
        ("elephant", 0, 1, 0): 7,
        ("bee", 0, 2, 0): 1,
        ("snail", 1, 0, 0): 2,
        ("caterpillar", 1, 1, 0): 0,
        ("horse", 1, 2, 0): 4,
    }
    assert p["fame"]["total"] == 18
    assert p["deck"] == ["peacock"]
    assert events(doc, "flip") == []


def test_eagle_cannot_flip_rabbit_and_rabbit_ability_still_resolves():
    """Eagle vs Rabbit (cannot be flipped): the Rabbit stays face up and, not being flipped, uses
    its ability: it moves onto the face-down Bee turned by the first Eagle."""
    doc, p = one(["eagle", "bee", "eagle", "rabbit", "snail", "caterpillar", "horse", "peacock"])
    assert compact_grid(p) == [
        ["eagle", "~bee+rabbit", "eagle"],
        ["snail", "caterpillar", "horse"],
    ]
    assert fame_of(p) == {
        ("eagle", 0, 0, 0): 4,
        ("rabbit", 0, 1, 1): 3,
        ("eagle", 0, 2, 0): 4,
        ("snail", 1, 0, 0): 2,
        ("caterpillar", 1, 1, 0): 0,
        ("horse", 1, 2, 0): 4,
    }
    assert p["fame"]["total"] == 17
    assert p["deck"] == ["peacock"]


# =========================================================================== Donkey


def test_donkey_scores_plus_five_only_in_lower_row():
    """Donkey: +5 if in the lower row (its after-Market self-dismissal is a Market matter; during
    Flip and Check Fame nothing is dismissed)."""
    doc, p = one(["donkey", "bee", "snail", "donkey", "caterpillar", "horse"])
    assert compact_grid(p) == [["donkey", "bee", "snail"], ["donkey", "caterpillar", "horse"]]
    assert fame_of(p) == {
        ("donkey", 0, 0, 0): 1,
        ("bee", 0, 1, 0): 1,
        ("snail", 0, 2, 0): 2,
        ("donkey", 1, 0, 0): 6,
        ("caterpillar", 1, 1, 0): 0,
        ("horse", 1, 2, 0): 4,
    }
    assert p["fame"]["total"] == 14
    assert p["dismissed"] == []


# =========================================================================== Butterfly


def test_butterfly_scores_two_and_dismisses_nothing_in_flip():
    """Butterfly: its when-hired effect belongs to the Market; in the grid it simply scores 2 and
    the Caterpillars stay."""
    doc, p = one(["caterpillar", "butterfly", "bee", "snail", "caterpillar", "horse"])
    assert compact_grid(p) == [
        ["caterpillar", "butterfly", "bee"],
        ["snail", "caterpillar", "horse"],
    ]
    assert fame_of(p) == {
        ("caterpillar", 0, 0, 0): 0,
        ("butterfly", 0, 1, 0): 2,
        ("bee", 0, 2, 0): 1,
        ("snail", 1, 0, 0): 2,
        ("caterpillar", 1, 1, 0): 0,
        ("horse", 1, 2, 0): 4,
    }
    assert p["fame"]["total"] == 9
    assert p["dismissed"] == []
    assert events(doc, "queued") == []


# =========================================================================== Dog


def test_dog_scores_with_a_dog_in_another_players_grid():
    """Dog: +5 if at least one Dog is in any other player's grid (each player's Dog sees the
    other's)."""
    deck = ["dog", "bee", "snail", "caterpillar", "horse", "peacock"]
    doc = resolve(game(deck, list(deck)))
    for p in doc["players"]:
        assert compact_grid(p) == [["dog", "bee", "snail"], ["caterpillar", "horse", "peacock"]]
        assert fame_of(p) == {
            ("dog", 0, 0, 0): 5,
            ("bee", 0, 1, 0): 1,
            ("snail", 0, 2, 0): 2,
            ("caterpillar", 1, 0, 0): 0,
            ("horse", 1, 1, 0): 4,
            ("peacock", 1, 2, 0): 5,
        }
        assert p["fame"]["total"] == 17


def test_dog_scores_with_a_dog_in_the_market():
    """Dog: +5 if at least one Dog is in the market (solo: only the market can satisfy it)."""
    doc, p = one(
        ["dog", "bee", "snail", "caterpillar", "peacock", "alligator"],
        market=["dog", "goat", "sheep", "camel", "horse"],
    )
    assert fame_of(p) == {
        ("dog", 0, 0, 0): 5,
        ("bee", 0, 1, 0): 1,
        ("snail", 0, 2, 0): 2,
        ("caterpillar", 1, 0, 0): 0,
        ("peacock", 1, 1, 0): 5,
        ("alligator", 1, 2, 0): 6,
    }
    assert p["fame"]["total"] == 19


def test_dog_own_grid_and_other_players_deck_do_not_count():
    """Dog (S1 FAQ / card): only the market and OTHER players' grids count. Two Dogs in your own
    grid score 0 each; a Dog left in another player's deck is not in a grid."""
    doc = resolve(
        game(
            ["dog", "dog", "bee", "snail", "caterpillar", "camel"],
            ["bee", "snail", "caterpillar", "horse", "peacock", "goat", "dog"],
            market=["goat", "sheep", "lion", "alligator", "horse"],
        )
    )
    p0, p1 = doc["players"]
    assert compact_grid(p0) == [["dog", "dog", "bee"], ["snail", "caterpillar", "camel"]]
    # camel: P1's grid and the market hold no camels -> 2+2
    assert fame_of(p0) == {
        ("dog", 0, 0, 0): 0,
        ("dog", 0, 1, 0): 0,
        ("bee", 0, 2, 0): 1,
        ("snail", 1, 0, 0): 2,
        ("caterpillar", 1, 1, 0): 0,
        ("camel", 1, 2, 0): 4,
    }
    assert p0["fame"]["total"] == 7
    # P1: goat in the lower row scores its printed 1
    assert compact_grid(p1) == [["bee", "snail", "caterpillar"], ["horse", "peacock", "goat"]]
    assert p1["fame"]["total"] == 1 + 2 + 0 + 4 + 5 + 1
    assert p1["deck"] == ["dog"]


# =========================================================================== Goat


def test_goat_scores_plus_three_only_in_upper_row():
    """Goat: +3 if in the upper row."""
    doc, p = one(["goat", "bee", "snail", "goat", "caterpillar", "horse"])
    assert fame_of(p) == {
        ("goat", 0, 0, 0): 4,
        ("bee", 0, 1, 0): 1,
        ("snail", 0, 2, 0): 2,
        ("goat", 1, 0, 0): 1,
        ("caterpillar", 1, 1, 0): 0,
        ("horse", 1, 2, 0): 4,
    }
    assert p["fame"]["total"] == 12


def test_goat_still_scores_in_upper_row_below_a_monkey_row():
    """S1 FAQ Goat: if a monkey creates a new row above the upper row, the goat's ability still
    activates. The Goat fills the slot the Monkey left, in the upper row, under the Monkey."""
    doc, p = one(["monkey", "goat", "bee", "snail", "caterpillar", "horse", "peacock"])
    assert compact_grid(p) == [
        ["monkey", None, None],
        ["goat", "bee", "snail"],
        ["caterpillar", "horse", "peacock"],
    ]
    assert fame_of(p) == {
        ("monkey", 0, 0, 0): 3,
        ("goat", 1, 0, 0): 4,
        ("bee", 1, 1, 0): 1,
        ("snail", 1, 2, 0): 2,
        ("caterpillar", 2, 0, 0): 0,
        ("horse", 2, 1, 0): 4,
        ("peacock", 2, 2, 0): 5,
    }
    assert p["fame"]["total"] == 19
    assert p["deck"] == []
    assert cites(doc, "s1.faq.monkey")


# =========================================================================== Sheep


def test_sheep_scores_plus_four_only_in_middle_column():
    """Sheep: +4 if in the middle column."""
    doc, p = one(["bee", "sheep", "snail", "sheep", "caterpillar", "horse"])
    assert fame_of(p) == {
        ("bee", 0, 0, 0): 1,
        ("sheep", 0, 1, 0): 5,
        ("snail", 0, 2, 0): 2,
        ("sheep", 1, 0, 0): 1,
        ("caterpillar", 1, 1, 0): 0,
        ("horse", 1, 2, 0): 4,
    }
    assert p["fame"]["total"] == 13


# =========================================================================== Camel


def test_camel_scores_plus_two_when_nobody_has_more():
    """Camel: +2 if neither the market nor any other player's grid holds more Camels; each Camel in
    the grid gets its own +2."""
    doc, p = one(
        ["camel", "camel", "bee", "snail", "caterpillar", "horse"],
        market=["goat", "sheep", "dog", "lion", "camel"],
    )
    assert fame_of(p) == {
        ("camel", 0, 0, 0): 4,
        ("camel", 0, 1, 0): 4,
        ("bee", 0, 2, 0): 1,
        ("snail", 1, 0, 0): 2,
        ("caterpillar", 1, 1, 0): 0,
        ("horse", 1, 2, 0): 4,
    }
    assert p["fame"]["total"] == 15


def test_camel_tie_for_most_all_tied_camels_score_four():
    """S1 FAQ Camel: if there is a tie for most camels in the players' grids and/or the market, all
    tied players' camels generate four fame."""
    doc = resolve(
        game(
            ["camel", "camel", "bee", "snail", "caterpillar", "horse"],
            ["camel", "camel", "bee", "snail", "caterpillar", "peacock"],
            market=["camel", "goat", "sheep", "dog", "lion"],
        )
    )
    p0, p1 = doc["players"]
    for p in (p0, p1):
        assert fame_of(p)[("camel", 0, 0, 0)] == 4
        assert fame_of(p)[("camel", 0, 1, 0)] == 4
    assert p0["fame"]["total"] == 4 + 4 + 1 + 2 + 0 + 4
    assert p1["fame"]["total"] == 4 + 4 + 1 + 2 + 0 + 5


def test_camel_more_camels_in_market_means_no_bonus():
    """Camel: no bonus when the market holds more Camels than your grid (P0: 1 vs market 2); a
    player tied with the market (P1: 2) still scores 4 per camel (S1 FAQ Camel)."""
    doc = resolve(
        game(
            ["camel", "bee", "snail", "caterpillar", "horse", "peacock"],
            ["camel", "camel", "bee", "snail", "caterpillar", "alligator"],
            market=["camel", "camel", "goat", "sheep", "dog"],
        )
    )
    p0, p1 = doc["players"]
    assert fame_of(p0) == {
        ("camel", 0, 0, 0): 2,
        ("bee", 0, 1, 0): 1,
        ("snail", 0, 2, 0): 2,
        ("caterpillar", 1, 0, 0): 0,
        ("horse", 1, 1, 0): 4,
        ("peacock", 1, 2, 0): 5,
    }
    assert p0["fame"]["total"] == 14
    assert fame_of(p1) == {
        ("camel", 0, 0, 0): 4,
        ("camel", 0, 1, 0): 4,
        ("bee", 0, 2, 0): 1,
        ("snail", 1, 0, 0): 2,
        ("caterpillar", 1, 1, 0): 0,
        ("alligator", 1, 2, 0): 6,
    }
    assert p1["fame"]["total"] == 17


# =========================================================================== Rabbit


def test_rabbit_moves_onto_first_face_up_rabbit():
    """Rabbit: move onto the first face-up Rabbit already in the grid (not itself); the first Rabbit
    has no target and stays. The moved Rabbit frees its slot, which the next card fills."""
    doc, p = one(["bee", "rabbit", "snail", "rabbit", "caterpillar", "horse", "peacock"])
    assert compact_grid(p) == [
        ["bee", "rabbit+rabbit", "snail"],
        ["caterpillar", "horse", "peacock"],
    ]
    assert fame_of(p) == {
        ("bee", 0, 0, 0): 1,
        ("rabbit", 0, 1, 0): 3,
        ("rabbit", 0, 1, 1): 3,
        ("snail", 0, 2, 0): 2,
        ("caterpillar", 1, 0, 0): 0,
        ("horse", 1, 1, 0): 4,
        ("peacock", 1, 2, 0): 5,
    }
    assert p["fame"]["total"] == 18
    assert p["deck"] == []


def test_rabbit_moves_onto_face_down_card():
    """Rabbit: move onto the first face-down card in the grid (the Bee turned by the Eagle)."""
    doc, p = one(["eagle", "bee", "rabbit", "snail", "caterpillar", "horse", "peacock"])
    assert compact_grid(p) == [
        ["eagle", "~bee+rabbit", "snail"],
        ["caterpillar", "horse", "peacock"],
    ]
    assert fame_of(p) == {
        ("eagle", 0, 0, 0): 4,
        ("rabbit", 0, 1, 1): 3,
        ("snail", 0, 2, 0): 2,
        ("caterpillar", 1, 0, 0): 0,
        ("horse", 1, 1, 0): 4,
        ("peacock", 1, 2, 0): 5,
    }
    assert p["fame"]["total"] == 18
    assert p["deck"] == []


# =========================================================================== Horse


def test_horse_scores_four_market_untouched():
    """Horse: its when-hired market discard belongs to the Market; in the grid it scores 4 and the
    market is only arranged by rank."""
    doc, p = one(
        ["horse", "bee", "snail", "caterpillar", "peacock", "alligator"],
        market=["goat", "sheep", "camel", "dog", "lion"],
    )
    assert fame_of(p) == {
        ("horse", 0, 0, 0): 4,
        ("bee", 0, 1, 0): 1,
        ("snail", 0, 2, 0): 2,
        ("caterpillar", 1, 0, 0): 0,
        ("peacock", 1, 1, 0): 5,
        ("alligator", 1, 2, 0): 6,
    }
    assert p["fame"]["total"] == 18
    assert doc["market"] == ["dog", "goat", "sheep", "camel", "lion"]
    assert events(doc, "queued") == []


# =========================================================================== Snake


def test_snake_dismisses_top_card_and_stacks_toon_card():
    """Snake: dismiss the top card of your own deck (Bee), then stack the top card of the toon deck
    (Goat, in the upper row: +3) on the snake."""
    doc, p = one(
        ["snake", "bee", "snail", "caterpillar", "horse", "peacock", "alligator", "camel"],
        toon_deck=["goat", "sheep"],
    )
    assert compact_grid(p) == [
        ["snake+goat", "snail", "caterpillar"],
        ["horse", "peacock", "alligator"],
    ]
    assert fame_of(p) == {
        ("snake", 0, 0, 0): 1,
        ("goat", 0, 0, 1): 4,
        ("snail", 0, 1, 0): 2,
        ("caterpillar", 0, 2, 0): 0,
        ("horse", 1, 0, 0): 4,
        ("peacock", 1, 1, 0): 5,
        ("alligator", 1, 2, 0): 6,
    }
    assert p["fame"]["total"] == 22
    assert p["deck"] == ["camel"]
    assert p["dismissed"] == ["bee"]
    assert doc["toon_deck"] == ["sheep"]


def test_snake_immune_top_card_goes_right_of_snake():
    """S1 FAQ Snake: if the card on top of the deck cannot be dismissed (Cat), place it to the right
    of the snake instead; the toon card is still stacked on the snake."""
    doc, p = one(
        ["snake", "cat", "bee", "snail", "caterpillar", "horse", "peacock"],
        toon_deck=["sheep", "dog"],
    )
    assert compact_grid(p) == [["snake+sheep", "cat", "bee"], ["snail", "caterpillar", "horse"]]
    assert fame_of(p) == {
        ("snake", 0, 0, 0): 1,
        ("sheep", 0, 0, 1): 1,
        ("cat", 0, 1, 0): 1,
        ("bee", 0, 2, 0): 1,
        ("snail", 1, 0, 0): 2,
        ("caterpillar", 1, 1, 0): 0,
        ("horse", 1, 2, 0): 4,
    }
    assert p["fame"]["total"] == 10
    assert p["deck"] == ["peacock"]
    assert p["dismissed"] == []
    assert doc["toon_deck"] == ["dog"]
    assert cites(doc, "s1.faq.snake")


def test_snake_in_final_space_returns_immune_top_card_to_deck():
    """S1 FAQ Snake: if the snake is in the final space, the undismissable top card (Cat) is
    returned to the player's deck (returned: bottom of the deck); the toon card still stacks on the
    snake."""
    doc, p = one(
        ["bee", "snail", "caterpillar", "horse", "peacock", "snake", "cat", "camel"],
        toon_deck=["goat"],
    )
    assert compact_grid(p) == [
        ["bee", "snail", "caterpillar"],
        ["horse", "peacock", "snake+goat"],
    ]
    assert fame_of(p) == {
        ("bee", 0, 0, 0): 1,
        ("snail", 0, 1, 0): 2,
        ("caterpillar", 0, 2, 0): 0,
        ("horse", 1, 0, 0): 4,
        ("peacock", 1, 1, 0): 5,
        ("snake", 1, 2, 0): 1,
        ("goat", 1, 2, 1): 1,
    }
    assert p["fame"]["total"] == 14
    assert p["deck"] == ["camel", "cat"]
    assert p["dismissed"] == []
    assert doc["toon_deck"] == []
    assert cites(doc, "s1.faq.snake")


def after_flip_steps(doc, card):
    """(queued step, trigger step, Check Fame phase step) of a card's effect queued in the Flip."""
    queued = [e["step"] for e in doc["trace"] if e["event"] == "queued" and e["card"] == card]
    trigger = [
        e
        for e in doc["trace"]
        if e["event"] == "trigger" and e["card"] == card and e["phase"] == "after-flip"
    ]
    check_fame = next(
        e["step"] for e in doc["trace"] if e["event"] == "phase" and e["phase"] == "check-fame"
    )
    assert len(queued) == 1 and len(trigger) == 1
    assert trigger[0]["cause"] == queued[0] and trigger[0]["rule"] == "s2.key.timing.after-flip"
    return queued[0], trigger[0]["step"], check_fame


def test_snake_gained_peacock_when_hired_resolves_after_the_flip():
    """S1 FAQ Snake: a stacked card with a When Hired ability resolves after the Flip phase is
    complete; a Peacock adds its 2 fame to the player's total (and a Market action). S2 Key
    Concepts, Ability Timing: When Hired abilities activated in the Flip resolve at its end, so
    before Check Fame: the Peacock scores 5 + 2."""
    doc, p = one(
        ["snake", "bee", "snail", "caterpillar", "horse", "alligator", "camel"],
        toon_deck=["peacock"],
    )
    assert compact_grid(p) == [
        ["snake+peacock", "snail", "caterpillar"],
        ["horse", "alligator", "camel"],
    ]
    assert fame_of(p) == {
        ("snake", 0, 0, 0): 1,
        ("peacock", 0, 0, 1): 7,
        ("snail", 0, 1, 0): 2,
        ("caterpillar", 0, 2, 0): 0,
        ("horse", 1, 0, 0): 4,
        ("alligator", 1, 1, 0): 6,
        ("camel", 1, 2, 0): 4,
    }
    assert p["fame"]["total"] == 24
    assert p["dismissed"] == ["bee"]
    assert doc["toon_deck"] == []
    queued, trigger, check_fame = after_flip_steps(doc, "peacock")
    assert queued < trigger < check_fame
    (gain,) = events(doc, "fame_change", "peacock")
    assert (gain["cause"], gain["value"], gain["rule"]) == (trigger, 2, "s1.faq.snake.peacock")
    assert cites(doc, "s1.faq.snake", "s2.key.timing", event="queued", card="peacock")


def test_snake_gained_butterfly_dismisses_the_caterpillar_after_the_flip():
    """S1 FAQ Snake / S2 Key Concepts timing: a gained Butterfly's when-hired effect resolves at the
    end of the Flip, before Check Fame: it may dismiss a face-up Caterpillar (S1 FAQ Butterfly),
    which leaves its slot empty (the Flip is over) and scores nothing."""
    doc, p = one(
        ["snake", "bee", "snail", "caterpillar", "horse", "peacock", "alligator"],
        toon_deck=["butterfly"],
    )
    assert compact_grid(p) == [
        ["snake+butterfly", "snail", None],
        ["horse", "peacock", "alligator"],
    ]
    assert fame_of(p) == {
        ("snake", 0, 0, 0): 1,
        ("butterfly", 0, 0, 1): 2,
        ("snail", 0, 1, 0): 2,
        ("horse", 1, 0, 0): 4,
        ("peacock", 1, 1, 0): 5,
        ("alligator", 1, 2, 0): 6,
    }
    assert p["fame"]["total"] == 20
    assert p["dismissed"] == ["bee", "caterpillar"]
    queued, trigger, check_fame = after_flip_steps(doc, "butterfly")
    (dismiss,) = [e for e in events(doc, "dismiss", "caterpillar")]
    assert trigger < dismiss["step"] < check_fame and dismiss["cause"] == trigger
    assert dismiss["rule"] == "s1.faq.butterfly"


def test_snake_gained_butterfly_may_keep_the_caterpillar():
    """S1 FAQ Butterfly: the dismissal is optional ("you may"): a scripted null declines it."""
    doc, p = one(
        ["snake", "bee", "snail", "caterpillar", "horse", "peacock", "alligator"],
        toon_deck=["butterfly"],
        choices=[None],
    )
    assert compact_grid(p)[0] == ["snake+butterfly", "snail", "caterpillar"]
    assert p["dismissed"] == ["bee"]


def test_snake_gained_horse_when_hired_keeps_the_market_by_default():
    """S1 FAQ Snake: a gained Horse's when-hired effect resolves after the Flip; the Horse "may"
    discard market cards (S1 FAQ Horse: any number), and the default policy discards none."""
    doc, p = one(
        ["snake", "bee", "snail", "caterpillar", "peacock", "alligator", "camel"],
        toon_deck=["horse", "goat"],
        market=["dog", "sheep", "lion", "cow", "deer"],
    )
    assert compact_grid(p) == [
        ["snake+horse", "snail", "caterpillar"],
        ["peacock", "alligator", "camel"],
    ]
    assert p["fame"]["total"] == 1 + 4 + 2 + 0 + 5 + 6 + 4
    assert doc["market"] == ["dog", "sheep", "lion", "deer", "cow"]
    assert doc["toon_deck"] == ["goat"]
    after_flip_steps(doc, "horse")


def test_snake_gained_horse_discards_before_check_fame():
    """S1 FAQ Horse, resolved at the end of the Flip (S1 FAQ Snake): the discarded Dog is replaced
    by the toon deck's Goat before Check Fame; the discard goes face up beside the toon deck."""
    doc, p = one(
        ["snake", "bee", "snail", "caterpillar", "peacock", "alligator", "camel"],
        toon_deck=["horse", "goat"],
        market=["dog", "sheep", "lion", "cow", "deer"],
        choices=["dog", None],
    )
    assert doc["market"] == ["goat", "sheep", "lion", "deer", "cow"]
    assert doc["toon_deck"] == []
    assert [e["card"] for e in events(doc, "discard")] == ["dog"]


def test_snake_dismissed_pig_goes_into_a_deck_after_the_flip():
    """S1 Pig ruling + S2 Key Concepts timing: a Pig dismissed by a Snake during the Flip resolves
    its when-dismissed effect at the end of the Flip: it goes into a deck of its owner's choice
    (S1 FAQ Pig), here P1's (scripted), before Check Fame."""
    doc = resolve(
        game(
            {
                "deck": ["snake", "pig", "bee", "snail", "caterpillar", "horse", "peacock"],
                "choices": ["P1"],
            },
            ["bee", "snail", "caterpillar"],
            toon_deck=["goat"],
        )
    )
    p0, p1 = doc["players"]
    assert compact_grid(p0) == [
        ["snake+goat", "bee", "snail"],
        ["caterpillar", "horse", "peacock"],
    ]
    assert p0["fame"]["total"] == 1 + 4 + 1 + 2 + 0 + 4 + 5
    assert p0["dismissed"] == [] and p0["deck"] == []
    assert p1["deck"] == ["pig"]
    queued, trigger, check_fame = after_flip_steps(doc, "pig")
    (to_deck,) = events(doc, "to_deck", "pig")
    assert trigger < to_deck["step"] < check_fame and to_deck["rule"] == "s1.faq.pig"
    assert p1["fame"]["total"] == 3


def test_snake_dismissed_pig_into_the_toon_deck():
    """S1 FAQ Pig: the pig may go back into the toon deck, which is then shuffled."""
    doc = resolve(
        game({"deck": ["snake", "pig", "bee"], "choices": ["toon deck"]}, toon_deck=["goat"])
    )
    assert doc["players"][0]["dismissed"] == []
    assert doc["toon_deck"] == ["pig"]


def test_snake_gained_rabbit_stays_on_snake():
    """S1 FAQ Snake: if the stacked card is a rabbit, it stays on the snake (it does not move onto
    the face-down Bee)."""
    doc, p = one(
        ["eagle", "bee", "snake", "snail", "caterpillar", "horse", "peacock"], toon_deck=["rabbit"]
    )
    assert compact_grid(p) == [
        ["eagle", "~bee", "snake+rabbit"],
        ["caterpillar", "horse", "peacock"],
    ]
    assert fame_of(p) == {
        ("eagle", 0, 0, 0): 4,
        ("snake", 0, 2, 0): 1,
        ("rabbit", 0, 2, 1): 3,
        ("caterpillar", 1, 0, 0): 0,
        ("horse", 1, 1, 0): 4,
        ("peacock", 1, 2, 0): 5,
    }
    assert p["fame"]["total"] == 17
    assert p["dismissed"] == ["snail"]
    assert p["deck"] == []
    assert cites(doc, "s1.faq.snake", card="rabbit")


def test_snake_gained_turkey_stays_on_snake():
    """S1 FAQ Snake: if the stacked card is a turkey, it stays on the snake."""
    doc, p = one(
        ["bee", "snake", "snail", "caterpillar", "horse", "peacock", "alligator"],
        toon_deck=["turkey"],
    )
    assert compact_grid(p) == [
        ["bee", "snake+turkey", "caterpillar"],
        ["horse", "peacock", "alligator"],
    ]
    assert fame_of(p) == {
        ("bee", 0, 0, 0): 1,
        ("snake", 0, 1, 0): 1,
        ("turkey", 0, 1, 1): 5,
        ("caterpillar", 0, 2, 0): 0,
        ("horse", 1, 0, 0): 4,
        ("peacock", 1, 1, 0): 5,
        ("alligator", 1, 2, 0): 6,
    }
    assert p["fame"]["total"] == 22
    assert p["dismissed"] == ["snail"]
    assert cites(doc, "s1.faq.snake", card="turkey")


def test_snake_with_empty_deck_still_stacks_toon_card():
    """S1 FAQ Snake: if a player's deck is depleted before revealing the snake (here: the snake is
    the last card), still stack a card from the toon deck on the snake; nothing is dismissed."""
    doc, p = one(["bee", "snail", "snake"], toon_deck=["goat", "sheep"])
    assert compact_grid(p) == [["bee", "snail", "snake+goat"], [None, None, None]]
    assert fame_of(p) == {
        ("bee", 0, 0, 0): 1,
        ("snail", 0, 1, 0): 2,
        ("snake", 0, 2, 0): 1,
        ("goat", 0, 2, 1): 4,
    }
    assert p["fame"]["total"] == 8
    assert p["dismissed"] == []
    assert p["deck"] == []
    assert doc["toon_deck"] == ["sheep"]
    assert cites(doc, "s1.faq.snake")


# =========================================================================== Elephant


def test_elephant_turns_previous_card_face_down():
    """Elephant: turn the previously placed card (Bee) face down."""
    doc, p = one(["bee", "elephant", "snail", "caterpillar", "horse", "peacock", "camel"])
    assert compact_grid(p) == [["~bee", "elephant", "snail"], ["caterpillar", "horse", "peacock"]]
    assert fame_of(p) == {
        ("elephant", 0, 1, 0): 7,
        ("snail", 0, 2, 0): 2,
        ("caterpillar", 1, 0, 0): 0,
        ("horse", 1, 1, 0): 4,
        ("peacock", 1, 2, 0): 5,
    }
    assert p["fame"]["total"] == 18
    assert p["deck"] == ["camel"]


def test_elephant_placed_first_is_ignored():
    """S1 FAQ Elephant: if an elephant is the first card placed in a grid, ignore its ability."""
    doc, p = one(["elephant", "bee", "snail", "caterpillar", "horse", "peacock"])
    assert compact_grid(p) == [["elephant", "bee", "snail"], ["caterpillar", "horse", "peacock"]]
    assert p["fame"]["total"] == 7 + 1 + 2 + 0 + 4 + 5
    assert events(doc, "flip") == []
    assert cites(doc, "s1.faq.elephant", "s2.key.previous-placed", event="ignored", card="elephant")


def test_elephant_flips_last_placed_card_after_it_moved():
    """S1 FAQ Elephant: the elephant flips the last placed card even if that card has moved to a new
    position: the Monkey, moved up into a new row, is turned face down there."""
    doc, p = one(["monkey", "elephant", "bee", "snail", "caterpillar", "horse", "peacock"])
    assert compact_grid(p) == [
        ["~monkey", None, None],
        ["elephant", "bee", "snail"],
        ["caterpillar", "horse", "peacock"],
    ]
    assert fame_of(p) == {
        ("elephant", 1, 0, 0): 7,
        ("bee", 1, 1, 0): 1,
        ("snail", 1, 2, 0): 2,
        ("caterpillar", 2, 0, 0): 0,
        ("horse", 2, 1, 0): 4,
        ("peacock", 2, 2, 0): 5,
    }
    assert p["fame"]["total"] == 19
    assert p["deck"] == []
    # the FAQ branch (a moved target) decides which card is flipped
    assert cites(doc, "s1.faq.elephant", "s2.key.previous-placed", event="flip", card="monkey")


# =========================================================================== Rooster


def test_rooster_counts_face_up_cards_of_rank_13_or_lower():
    """Rooster: +1 per card of rank 13 or lower in the grid, itself included; a face-down card has
    no rank and does not count: eagle(2), rooster(13), snail(0), caterpillar(0) -> +4."""
    doc, p = one(["eagle", "bee", "rooster", "snail", "caterpillar", "alligator", "peacock"])
    assert compact_grid(p) == [
        ["eagle", "~bee", "rooster"],
        ["snail", "caterpillar", "alligator"],
    ]
    assert fame_of(p) == {
        ("eagle", 0, 0, 0): 4,
        ("rooster", 0, 2, 0): 4,
        ("snail", 1, 0, 0): 2,
        ("caterpillar", 1, 1, 0): 0,
        ("alligator", 1, 2, 0): 6,
    }
    assert p["fame"]["total"] == 16
    assert p["deck"] == ["peacock"]


# =========================================================================== Cat


def test_cat_counts_starting_cards_in_dismissed_pile():
    """Cat: +1 per starting (rank-0) card in your dismissed pile: caterpillar and dragonfly count,
    the horse does not -> 1+2."""
    doc, p = one(
        ["cat", "bee", "snail", "caterpillar", "horse", "peacock"],
        dismissed=["caterpillar", "dragonfly", "horse"],
    )
    assert fame_of(p) == {
        ("cat", 0, 0, 0): 3,
        ("bee", 0, 1, 0): 1,
        ("snail", 0, 2, 0): 2,
        ("caterpillar", 1, 0, 0): 0,
        ("horse", 1, 1, 0): 4,
        ("peacock", 1, 2, 0): 5,
    }
    assert p["fame"]["total"] == 15
    assert p["dismissed"] == ["caterpillar", "dragonfly", "horse"]


# =========================================================================== Alligator


def test_alligator_scores_six_and_its_target_still_scores():
    """Alligator: its dismissal happens after the Market phase; at Check Fame it scores 6 and the
    card to its right (Bee) still scores (S1 FAQ Alligator)."""
    doc, p = one(["alligator", "bee", "snail", "caterpillar", "horse", "peacock"])
    assert compact_grid(p) == [["alligator", "bee", "snail"], ["caterpillar", "horse", "peacock"]]
    assert fame_of(p) == {
        ("alligator", 0, 0, 0): 6,
        ("bee", 0, 1, 0): 1,
        ("snail", 0, 2, 0): 2,
        ("caterpillar", 1, 0, 0): 0,
        ("horse", 1, 1, 0): 4,
        ("peacock", 1, 2, 0): 5,
    }
    assert p["fame"]["total"] == 18
    assert p["dismissed"] == []


# =========================================================================== Lion


def test_lion_plus_four_when_all_face_up_neighbours_rank_16_or_lower():
    """Lion: +4 if every face-up adjacent card has rank 16 or lower (bee 0, snail 0, horse 10)."""
    doc, p = one(["bee", "lion", "snail", "caterpillar", "horse", "peacock"])
    assert fame_of(p) == {
        ("bee", 0, 0, 0): 1,
        ("lion", 0, 1, 0): 7,
        ("snail", 0, 2, 0): 2,
        ("caterpillar", 1, 0, 0): 0,
        ("horse", 1, 1, 0): 4,
        ("peacock", 1, 2, 0): 5,
    }
    assert p["fame"]["total"] == 19


def test_lion_no_bonus_with_a_neighbour_above_rank_16():
    """Lion: no bonus when an adjacent face-up card has a rank above 16 (Peacock, 19, below it)."""
    doc, p = one(["bee", "lion", "snail", "caterpillar", "peacock", "horse"])
    assert fame_of(p)[("lion", 0, 1, 0)] == 3
    assert p["fame"]["total"] == 1 + 3 + 2 + 0 + 5 + 4


def test_lion_ignores_face_down_neighbour():
    """Lion: face-down cards have no rank (S2 Key Concepts), so the face-down Peacock beside it does
    not stop the bonus."""
    doc, p = one(["eagle", "peacock", "lion", "bee", "snail", "caterpillar"])
    assert compact_grid(p) == [["eagle", "~peacock", "lion"], ["bee", "snail", "caterpillar"]]
    assert fame_of(p) == {
        ("eagle", 0, 0, 0): 4,
        ("lion", 0, 2, 0): 7,
        ("bee", 1, 0, 0): 1,
        ("snail", 1, 1, 0): 2,
        ("caterpillar", 1, 2, 0): 0,
    }
    assert p["fame"]["total"] == 14


# =========================================================================== Monkey


def test_monkey_moves_up_and_next_card_fills_its_space():
    """S1 FAQ Monkey: a monkey placed in the upper row moves above the upper row into a new row; the
    next revealed card is placed in the space the monkey was originally placed."""
    doc, p = one(["bee", "monkey", "snail", "caterpillar", "horse", "peacock", "alligator"])
    assert compact_grid(p) == [
        [None, "monkey", None],
        ["bee", "snail", "caterpillar"],
        ["horse", "peacock", "alligator"],
    ]
    assert fame_of(p) == {
        ("monkey", 0, 1, 0): 3,
        ("bee", 1, 0, 0): 1,
        ("snail", 1, 1, 0): 2,
        ("caterpillar", 1, 2, 0): 0,
        ("horse", 2, 0, 0): 4,
        ("peacock", 2, 1, 0): 5,
        ("alligator", 2, 2, 0): 6,
    }
    assert p["fame"]["total"] == 21
    assert p["deck"] == []
    assert cites(doc, "s1.faq.monkey")


def test_monkey_in_lower_row_stays():
    """Monkey: only a monkey placed in the upper row moves."""
    doc, p = one(["bee", "snail", "caterpillar", "monkey", "horse", "peacock", "alligator"])
    assert compact_grid(p) == [["bee", "snail", "caterpillar"], ["monkey", "horse", "peacock"]]
    assert p["fame"]["total"] == 1 + 2 + 0 + 3 + 4 + 5
    assert p["deck"] == ["alligator"]


def test_two_monkeys_in_one_column_make_two_extra_rows():
    """Monkey: the second monkey placed in the same upper slot moves to a new row above the first
    (the lowest empty extra cell above its column, docs/engine.md)."""
    doc, p = one(
        ["monkey", "monkey", "bee", "snail", "caterpillar", "horse", "peacock", "alligator"]
    )
    assert compact_grid(p) == [
        ["monkey", None, None],
        ["monkey", None, None],
        ["bee", "snail", "caterpillar"],
        ["horse", "peacock", "alligator"],
    ]
    assert fame_of(p) == {
        ("monkey", 0, 0, 0): 3,
        ("monkey", 1, 0, 0): 3,
        ("bee", 2, 0, 0): 1,
        ("snail", 2, 1, 0): 2,
        ("caterpillar", 2, 2, 0): 0,
        ("horse", 3, 0, 0): 4,
        ("peacock", 3, 1, 0): 5,
        ("alligator", 3, 2, 0): 6,
    }
    assert p["fame"]["total"] == 24


def test_goat_in_extra_row_is_not_in_upper_row():
    """S1 FAQ Monkey / S2 FAQ Gorilla: an additional row is part of the grid but is not the 'upper
    row': a Goat put in the new row above a Gorilla scores only its printed 1."""
    doc, p = one(
        ["gorilla", "goat", "bee", "snail", "caterpillar", "horse", "peacock"], season="combined"
    )
    assert compact_grid(p) == [
        ["goat", None, None],
        ["gorilla", "bee", "snail"],
        ["caterpillar", "horse", "peacock"],
    ]
    assert fame_of(p) == {
        ("goat", 0, 0, 0): 1,
        ("gorilla", 1, 0, 0): 5,
        ("bee", 1, 1, 0): 1,
        ("snail", 1, 2, 0): 2,
        ("caterpillar", 2, 0, 0): 0,
        ("horse", 2, 1, 0): 4,
        ("peacock", 2, 2, 0): 5,
    }
    assert p["fame"]["total"] == 18
    assert p["deck"] == []
    assert cites(doc, "s2.faq.gorilla")


# =========================================================================== Pig


def test_pig_scores_minus_one_nothing_queued():
    """Pig: printed fame -1. Its when-hired/when-dismissed effect belongs to the Market; a Pig
    simply revealed in the grid triggers nothing. (Two players: the pig is removed in solo.)"""
    doc = resolve(
        game(
            ["pig", "bee", "snail", "caterpillar", "horse", "peacock"],
            ["bee", "snail", "caterpillar"],
        )
    )
    p0 = doc["players"][0]
    assert compact_grid(p0) == [["pig", "bee", "snail"], ["caterpillar", "horse", "peacock"]]
    assert fame_of(p0) == {
        ("pig", 0, 0, 0): -1,
        ("bee", 0, 1, 0): 1,
        ("snail", 0, 2, 0): 2,
        ("caterpillar", 1, 0, 0): 0,
        ("horse", 1, 1, 0): 4,
        ("peacock", 1, 2, 0): 5,
    }
    assert p0["fame"]["total"] == 11
    assert events(doc, "queued") == []
    assert p0["dismissed"] == []


# =========================================================================== Peacock


def test_peacock_in_grid_scores_five_without_when_hired_bonus():
    """Peacock: its +2 is a when-hired effect (Market); revealed in the grid it scores its printed 5
    and nothing is queued."""
    doc, p = one(["peacock", "bee", "snail", "caterpillar", "horse", "alligator"])
    assert fame_of(p) == {
        ("peacock", 0, 0, 0): 5,
        ("bee", 0, 1, 0): 1,
        ("snail", 0, 2, 0): 2,
        ("caterpillar", 1, 0, 0): 0,
        ("horse", 1, 1, 0): 4,
        ("alligator", 1, 2, 0): 6,
    }
    assert p["fame"]["total"] == 18
    assert events(doc, "queued") == []


# =========================================================================== Turkey


def test_turkey_stacks_on_previous_card():
    """Turkey: stack this card on the previously placed card (Bee); it frees its slot, which the
    next card fills."""
    doc, p = one(["bee", "turkey", "snail", "caterpillar", "horse", "peacock", "alligator"])
    assert compact_grid(p) == [
        ["bee+turkey", "snail", "caterpillar"],
        ["horse", "peacock", "alligator"],
    ]
    assert fame_of(p) == {
        ("bee", 0, 0, 0): 1,
        ("turkey", 0, 0, 1): 5,
        ("snail", 0, 1, 0): 2,
        ("caterpillar", 0, 2, 0): 0,
        ("horse", 1, 0, 0): 4,
        ("peacock", 1, 1, 0): 5,
        ("alligator", 1, 2, 0): 6,
    }
    assert p["fame"]["total"] == 23
    assert p["deck"] == []


def test_turkey_placed_first_is_ignored():
    """S1 FAQ Turkey: if a turkey is the first card placed in a grid, ignore its ability."""
    doc, p = one(["turkey", "bee", "snail", "caterpillar", "horse", "peacock"])
    assert compact_grid(p) == [["turkey", "bee", "snail"], ["caterpillar", "horse", "peacock"]]
    assert p["fame"]["total"] == 5 + 1 + 2 + 0 + 4 + 5
    assert cites(doc, "s1.faq.turkey", "s2.key.previous-placed", event="ignored", card="turkey")


def test_turkey_follows_the_last_placed_card_after_it_moved():
    """S1 FAQ Turkey: a turkey is stacked on the last placed card, even if that card has moved: the
    Monkey moved up into a new row, so the Turkey stacks on it there and the upper-left slot is
    filled by the next card."""
    doc, p = one(
        ["monkey", "turkey", "bee", "snail", "caterpillar", "horse", "peacock", "alligator"]
    )
    assert compact_grid(p) == [
        ["monkey+turkey", None, None],
        ["bee", "snail", "caterpillar"],
        ["horse", "peacock", "alligator"],
    ]
    assert fame_of(p) == {
        ("monkey", 0, 0, 0): 3,
        ("turkey", 0, 0, 1): 5,
        ("bee", 1, 0, 0): 1,
        ("snail", 1, 1, 0): 2,
        ("caterpillar", 1, 2, 0): 0,
        ("horse", 2, 0, 0): 4,
        ("peacock", 2, 1, 0): 5,
        ("alligator", 2, 2, 0): 6,
    }
    assert p["fame"]["total"] == 26
    assert p["deck"] == []
    # the FAQ branch (a moved target) decides where the Turkey goes
    assert cites(doc, "s1.faq.turkey", "s2.key.previous-placed", event="stack", card="turkey")


# =========================================================================== Bull


def test_bull_plus_seven_with_a_face_down_card():
    """Bull: +7 if at least one card in your grid is face down."""
    doc, p = one(["eagle", "bee", "bull", "snail", "caterpillar", "horse"])
    assert compact_grid(p) == [["eagle", "~bee", "bull"], ["snail", "caterpillar", "horse"]]
    assert fame_of(p) == {
        ("eagle", 0, 0, 0): 4,
        ("bull", 0, 2, 0): 10,
        ("snail", 1, 0, 0): 2,
        ("caterpillar", 1, 1, 0): 0,
        ("horse", 1, 2, 0): 4,
    }
    assert p["fame"]["total"] == 20


def test_bull_cannot_be_flipped_and_scores_printed_without_face_down_cards():
    """Bull: cannot be flipped (the Eagle's effect is ignored); with no face-down card it scores its
    printed 3."""
    doc, p = one(["eagle", "bull", "bee", "snail", "caterpillar", "horse"])
    assert compact_grid(p) == [["eagle", "bull", "bee"], ["snail", "caterpillar", "horse"]]
    assert fame_of(p)[("bull", 0, 1, 0)] == 3
    assert p["fame"]["total"] == 4 + 3 + 1 + 2 + 0 + 4


# =========================================================================== Tiger


def test_tiger_counts_every_dismissed_card():
    """Tiger: +1 per card in your dismissed pile (any rank)."""
    doc, p = one(
        ["tiger", "bee", "snail", "caterpillar", "peacock", "alligator"],
        dismissed=["caterpillar", "horse", "bee"],
    )
    assert fame_of(p) == {
        ("tiger", 0, 0, 0): 6,
        ("bee", 0, 1, 0): 1,
        ("snail", 0, 2, 0): 2,
        ("caterpillar", 1, 0, 0): 0,
        ("peacock", 1, 1, 0): 5,
        ("alligator", 1, 2, 0): 6,
    }
    assert p["fame"]["total"] == 20


def test_tiger_counts_card_dismissed_by_snake_during_flip():
    """Tiger: Check Fame reads the dismissed pile after the Flip, so the Bee the Snake dismissed
    counts (+1)."""
    doc, p = one(
        ["snake", "bee", "tiger", "snail", "caterpillar", "horse", "peacock"], toon_deck=["sheep"]
    )
    assert compact_grid(p) == [
        ["snake+sheep", "tiger", "snail"],
        ["caterpillar", "horse", "peacock"],
    ]
    assert fame_of(p) == {
        ("snake", 0, 0, 0): 1,
        ("sheep", 0, 0, 1): 1,
        ("tiger", 0, 1, 0): 4,
        ("snail", 0, 2, 0): 2,
        ("caterpillar", 1, 0, 0): 0,
        ("horse", 1, 1, 0): 4,
        ("peacock", 1, 2, 0): 5,
    }
    assert p["fame"]["total"] == 17
    assert p["dismissed"] == ["bee"]


# =========================================================================== Deer


def test_deer_plus_five_when_all_names_differ():
    """Deer: +5 if no two face-up cards in your grid share a name."""
    doc, p = one(["deer", "bee", "snail", "caterpillar", "horse", "peacock"])
    assert fame_of(p)[("deer", 0, 0, 0)] == 8
    assert p["fame"]["total"] == 8 + 1 + 2 + 0 + 4 + 5


def test_deer_no_bonus_with_two_same_named_cards():
    """Deer: two face-up Caterpillars share a name -> printed 3 only."""
    doc, p = one(["deer", "caterpillar", "snail", "caterpillar", "horse", "peacock"])
    assert fame_of(p)[("deer", 0, 0, 0)] == 3
    assert p["fame"]["total"] == 3 + 0 + 2 + 0 + 4 + 5


def test_deer_ignores_face_down_duplicate():
    """Deer: a face-down card has no name (S1 Keywords: Flip), so a face-down Caterpillar does not
    pair with the face-up one."""
    doc, p = one(["eagle", "caterpillar", "deer", "caterpillar", "snail", "horse"])
    assert compact_grid(p) == [
        ["eagle", "~caterpillar", "deer"],
        ["caterpillar", "snail", "horse"],
    ]
    assert fame_of(p) == {
        ("eagle", 0, 0, 0): 4,
        ("deer", 0, 2, 0): 8,
        ("caterpillar", 1, 0, 0): 0,
        ("snail", 1, 1, 0): 2,
        ("horse", 1, 2, 0): 4,
    }
    assert p["fame"]["total"] == 18


# =========================================================================== Bear


def test_bear_counts_stacked_face_up_cards_and_itself():
    """S1 FAQ Bear: the bear counts all face-up stacked cards as well as itself (face-down cards do
    not count): ostrich, bee (stacked), bear, snail, caterpillar, eagle = 6 -> 1+6."""
    doc, p = one(["ostrich", "bee", "bear", "snail", "caterpillar", "eagle", "horse", "peacock"])
    assert compact_grid(p) == [
        ["ostrich+bee", "bear", "snail"],
        ["caterpillar", "eagle", "~horse"],
    ]
    assert fame_of(p) == {
        ("ostrich", 0, 0, 0): 1,
        ("bee", 0, 0, 1): 1,
        ("bear", 0, 1, 0): 7,
        ("snail", 0, 2, 0): 2,
        ("caterpillar", 1, 0, 0): 0,
        ("eagle", 1, 1, 0): 4,
    }
    assert p["fame"]["total"] == 15
    assert p["deck"] == ["peacock"]


# =========================================================================== Cow


def test_cow_default_copies_highest_adjacent():
    """Cow: fame equals one chosen adjacent card; with no scripted answer the default picks the
    highest (bee 1, snail 2, horse 4 -> 4)."""
    doc, p = one(["bee", "cow", "snail", "caterpillar", "horse", "peacock"])
    assert compact_grid(p) == [["bee", "cow", "snail"], ["caterpillar", "horse", "peacock"]]
    assert fame_of(p)[("cow", 0, 1, 0)] == 4
    assert p["fame"]["total"] == 1 + 4 + 2 + 0 + 4 + 5


def test_cow_scripted_choice():
    """Cow: the player chooses the adjacent card to copy; scripted through players[i].choices."""
    doc, p = one(["bee", "cow", "snail", "caterpillar", "horse", "peacock"], choices=["snail"])
    assert fame_of(p)[("cow", 0, 1, 0)] == 2
    assert p["fame"]["total"] == 1 + 2 + 2 + 0 + 4 + 5


def test_cow_may_copy_any_card_of_adjacent_stack_default_highest():
    """S1 FAQ Cow: if there is a stack adjacent to a cow, you may copy any one card's fame in the
    stack; the default takes the highest (the Peacock on the Ostrich: 5)."""
    doc, p = one(["ostrich", "peacock", "cow", "bee", "snail", "caterpillar", "horse"])
    assert compact_grid(p) == [
        ["ostrich+peacock", "cow", "bee"],
        ["snail", "caterpillar", "horse"],
    ]
    assert fame_of(p) == {
        ("ostrich", 0, 0, 0): 1,
        ("peacock", 0, 0, 1): 5,
        ("cow", 0, 1, 0): 5,
        ("bee", 0, 2, 0): 1,
        ("snail", 1, 0, 0): 2,
        ("caterpillar", 1, 1, 0): 0,
        ("horse", 1, 2, 0): 4,
    }
    assert p["fame"]["total"] == 18
    assert cites(doc, "s1.faq.cow")


def test_cow_scripted_choice_of_bottom_card_in_adjacent_stack():
    """S1 FAQ Cow: any one card of the adjacent stack may be copied, here the Ostrich under the
    Peacock (scripted choice)."""
    doc, p = one(
        ["ostrich", "peacock", "cow", "bee", "snail", "caterpillar", "horse"], choices=["ostrich"]
    )
    assert fame_of(p)[("cow", 0, 1, 0)] == 1
    assert p["fame"]["total"] == 14
    assert cites(doc, "s1.faq.cow")


def test_cow_copies_printed_fame_by_default():
    """Cow (RULINGS open question 7, ruling cow_copies default 'printed'): the Goat's printed 1 is
    copied, not its 4 in the upper row."""
    doc, p = one(["goat", "cow", "bee", "snail", "caterpillar", "horse"])
    assert fame_of(p)[("goat", 0, 0, 0)] == 4
    assert fame_of(p)[("cow", 0, 1, 0)] == 1
    assert p["fame"]["total"] == 4 + 1 + 1 + 2 + 0 + 4


def test_cow_copies_total_fame_with_ruling():
    """Ruling cow_copies='total': the Cow copies the Goat's total 4."""
    doc, p = one(
        ["goat", "cow", "bee", "snail", "caterpillar", "horse"], rulings={"cow_copies": "total"}
    )
    assert fame_of(p)[("cow", 0, 1, 0)] == 4
    assert p["fame"]["total"] == 4 + 4 + 1 + 2 + 0 + 4


# =========================================================================== rulebook example


def test_s1_rulebook_check_fame_example_renato_12():
    """S1 rulebook, Check Fame example: Renato generates 12: caterpillars 0, sheep 5 (centre
    column), dragonfly 2 (caterpillar above, bee beside), bee 1, camel 4 (no other player or the
    market has more camels: Jordy has one, the market none)."""
    doc = resolve(
        game(
            {
                "name": "Renato",
                "deck": [
                    "caterpillar",
                    "sheep",
                    "caterpillar",
                    "dragonfly",
                    "bee",
                    "camel",
                    "skunk",
                    "snail",
                ],
            },
            {"name": "Jordy", "deck": ["camel", "horse", "peacock", "bee", "snail", "caterpillar"]},
            market=["goat", "dog", "lion", "alligator", "eagle"],
        )
    )
    renato, jordy = doc["players"]
    assert renato["name"] == "Renato"
    assert compact_grid(renato) == [
        ["caterpillar", "sheep", "caterpillar"],
        ["dragonfly", "bee", "camel"],
    ]
    assert fame_of(renato) == {
        ("caterpillar", 0, 0, 0): 0,
        ("sheep", 0, 1, 0): 5,
        ("caterpillar", 0, 2, 0): 0,
        ("dragonfly", 1, 0, 0): 2,
        ("bee", 1, 1, 0): 1,
        ("camel", 1, 2, 0): 4,
    }
    assert renato["fame"]["total"] == 12
    assert renato["deck"] == ["skunk", "snail"]
    assert jordy["fame"]["total"] == 4 + 4 + 5 + 1 + 2 + 0
    # Renato's skunk stayed in his deck: no least-fame obligation is recorded
    assert events(doc, "least_fame") == []
