"""The card interaction graph (declared reach of every ability, immunity cuts, scoring links) and
the interaction finder (pinned sequences whose cards do more together than alone)."""

from __future__ import annotations

import pytest

from fliptoons_explore import RULES
from fliptoons_explore.analysis.interactions import (
    COLUMNS,
    EFFECTS,
    REACH,
    SELECTORS,
    affected_by,
    affects,
    edges_between,
    find_interactions,
    interaction_graph,
    neighbourhood_text,
    reach_of,
)
from fliptoons_explore.fliptoons.cards import CATALOG, cards_of

ALL = sorted(c.id for c in cards_of("combined"))
FLIP_IMMUNE = [
    "bull",
    "clownfish",
    "eagle",
    "elephant",
    "goldfish",
    "rabbit",
    "shark",
    "starfish",
    "swordfish",
]
DISMISS_IMMUNE = ["cat", "opossum", "tiger"]
RETURN_IMMUNE = ["coyote", "zebra"]
STARTING = [
    "bee",
    "caterpillar",
    "dragonfly",
    "firefly",
    "grasshopper",
    "ladybug",
    "mosquito",
    "skunk",
    "snail",
    "spider",
]
FISH = ["clownfish", "goldfish", "starfish", "swordfish"]


def but(*excluded):
    return sorted(set(ALL) - set(excluded))


@pytest.fixture(scope="module")
def g():
    return interaction_graph("combined")


# -- the declarative table ------------------------------------------------------------------------


def test_every_ability_key_of_the_card_table_is_declared():
    for spec in CATALOG.values():
        for column in COLUMNS:
            key = getattr(spec, column)
            if key:
                assert key in REACH[column], (spec.id, column, key)
    # and nothing is declared that no card uses
    used = {(column, getattr(s, column)) for s in CATALOG.values() for column in COLUMNS}
    for column, entries in REACH.items():
        for key in entries:
            assert (column, key) in used, (column, key)


def test_declared_rules_exist_and_kinds_are_known():
    for entries in REACH.values():
        for reaches in entries.values():
            for r in reaches:
                assert r.effect in EFFECTS and r.target in SELECTORS
                assert not r.rule or r.rule in RULES, r.rule
    for sel in SELECTORS.values():
        assert not sel.rule or sel.rule in RULES, sel.rule


def test_edges_cite_known_rules(g):
    assert {d["rule"] for _, _, d in g.edges(data=True)} <= set(RULES)


def test_reach_is_keyed_by_ability_not_card():
    # the four cards that stack on the previous card share one entry
    assert [r.effect for _, _, r in reach_of("turkey")] == ["stack_on"]
    assert reach_of("rat")[0] == reach_of("turkey")[0] == reach_of("panther")[0]
    assert [(c, k, r.effect, r.target) for c, k, r in reach_of("swordfish")] == [
        ("place", "flip_previous_and_next", "flip", "previous_placed"),
        ("place", "flip_previous_and_next", "flip", "next_revealed"),
    ]


# -- the graph ------------------------------------------------------------------------------------


def test_nodes_are_the_cards_of_the_season():
    g1, g2 = interaction_graph("s1"), interaction_graph("s2")
    assert sorted(g1) == sorted(c.id for c in cards_of("s1"))
    assert sorted(g2) == sorted(c.id for c in cards_of("s2"))
    assert "crab" not in g1 and "eagle" not in g2 and "platypus" in g1 and "platypus" in g2
    assert len(interaction_graph("combined")) == len(CATALOG) == 62
    node = interaction_graph("s1").nodes["rabbit"]
    assert node == {
        "name": "Rabbit",
        "rank": 9,
        "fame": 3,
        "season": "s1",
        "timing": "on-place",
        "starting": False,
        "icons": ("flip-immune",),
        "copies": 4,
    }


def test_eagle(g):
    # flips every card that can be flipped; an Eagle cannot flip a Rabbit (nor any flip-immune card)
    assert affects(g, "eagle", "flip") == but(*FLIP_IMMUNE)
    assert not g.has_edge("eagle", "rabbit")
    assert ("eagle", "rabbit", "flip", "flip-immune") in g.graph["cuts"]
    assert affected_by(g, "eagle", "flip") == []
    assert [e for e in EFFECTS if affects(g, "eagle", e)] == ["flip", "score_from"]


def test_elephant_cannot_flip_a_bull(g):
    assert affects(g, "elephant", "flip") == but(*FLIP_IMMUNE)
    assert "bull" not in affects(g, "elephant")
    assert ("elephant", "bull", "flip", "flip-immune") in g.graph["cuts"]
    # the Bull still gains from any card that can lie face down
    assert affected_by(g, "bull", "score_from") == but(*FLIP_IMMUNE)


def test_coyote_stacks_on_a_zebra_instead_of_returning_it(g):
    assert affects(g, "coyote", "return") == but(*RETURN_IMMUNE)
    assert affects(g, "coyote", "stack_on") == ["coyote", "zebra"]
    assert affects(g, "coyote", "move") == ["coyote"]
    (data,) = g.get_edge_data("coyote", "zebra").values()
    assert (
        data["effect"] == "stack_on"
        and data["instead_of"] == "return"
        and data["rule"] == "s2.faq.coyote"
    )
    assert edges_between(g, "coyote", "zebra") == [
        "coyote -> zebra: returns the previously placed card; zebra cannot be returned: the coyote "
        "stacks on it instead"
    ]
    assert affected_by(g, "zebra", "return") == []
    assert affected_by(g, "zebra", "stack_on") == [
        "coyote",
        "mole",
        "ostrich",
        "panther",
        "rabbit",
        "rat",
        "sloth",
        "starfish",
        "turkey",
        "zebra",
    ]


def test_crab(g):
    expected = {
        "flip": ["eagle", "elephant", "starfish", "swordfish"],
        "return": ["coyote", "crab", "zebra"],
        "stack_on": ["mole", "ostrich", "panther", "rabbit", "rat", "sloth", "starfish", "turkey"],
        "dismiss": ["alligator", "mongoose", "panther", "skunk", "snake", "vulture"],
        "gain": ["crow", "mongoose", "raccoon", "snake"],
        "place_above": ["gorilla"],
        "discard": ["horse"],
        "cost": ["ladybug", "rat"],
    }
    assert {e: affected_by(g, "crab", e) for e in EFFECTS if affected_by(g, "crab", e)} == expected
    assert affects(g, "crab", "return") == ["crab"]
    assert affected_by(g, "crab", "flip", season="s1") == ["eagle", "elephant"]
    assert affected_by(g, "crab", "flip", season="s2") == ["starfish", "swordfish"]
    assert affected_by(g, "crab", ("return", "place_above")) == [
        "coyote",
        "crab",
        "gorilla",
        "zebra",
    ]


def test_gorilla(g):
    assert affects(g, "gorilla", "place_above") == ALL
    assert affects(g, "gorilla", "place_above", season="promo") == ["axolotl", "platypus"]
    assert [e for e in EFFECTS if affects(g, "gorilla", e)] == ["place_above", "score_from"]
    # rank 19: it cancels a neighbouring Lion's +4 and counts for the Hen, not the Rooster
    assert "lion" in affects(g, "gorilla", "score_from") and "hen" in affects(
        g, "gorilla", "score_from"
    )
    assert "rooster" not in affects(g, "gorilla", "score_from")


def test_salamander_returns_only_low_ranks(g):
    assert affects(g, "salamander", "return") == sorted(STARTING + ["ostrich", "salamander"])


def test_rabbit_joins_rabbits_and_cards_that_can_lie_face_down(g):
    assert affects(g, "rabbit", "stack_on") == but(*[c for c in FLIP_IMMUNE if c != "rabbit"])


def test_dismiss_immunity_cuts_every_dismissal(g):
    for card in ("vulture", "alligator", "panther", "skunk", "mongoose"):
        assert affects(g, card, "dismiss") == but(*DISMISS_IMMUNE), card
    assert "vulture" in affects(g, "vulture", "dismiss")  # one Vulture: it may dismiss itself
    for card in DISMISS_IMMUNE:
        assert affected_by(g, card, "dismiss") == []
        assert ("vulture", card, "dismiss", "dismiss-immune") in g.graph["cuts"]
    # a Snake cannot dismiss them from the top of the deck: they move instead
    assert affects(g, "snake", "move") == DISMISS_IMMUNE
    assert affects(g, "snake", "dismiss") == but(*DISMISS_IMMUNE)
    # they never reach a dismissed pile: the Tiger and the Raccoon never see them
    assert affected_by(g, "tiger", "score_from") == but(*DISMISS_IMMUNE)
    assert "cat" not in affects(g, "raccoon", "gain")


def test_scoring_links(g):
    assert affected_by(g, "fox", "score_from") == ["hen", "rooster"]
    assert "fox" in affects(g, "hen", "score_from") and "fox" in affects(g, "rooster", "score_from")
    for counter in ("goldfish", "shark", "clownfish"):
        assert affected_by(g, counter, "score_from") == FISH, counter
    assert "shark" in affects(g, "goldfish", "score_from")
    assert "goldfish" not in affects(g, "shark", "score_from")  # the Shark is no fish
    assert affects(g, "butterfly", "dismiss") == ["caterpillar"]
    assert affected_by(g, "dog", "score_from") == ["dog"]
    assert affected_by(g, "camel", "score_from") == ["camel"]
    assert affected_by(g, "cat", "score_from") == STARTING
    assert affected_by(g, "rooster", "score_from") == sorted(
        c.id for c in cards_of("combined") if c.rank <= 13
    )
    assert affected_by(g, "hen", "score_from") == sorted(
        c.id for c in cards_of("combined") if c.rank >= 6
    )
    assert affected_by(g, "lion", "score_from") == [
        "axolotl",
        "bear",
        "bull",
        "cow",
        "crab",
        "deer",
        "gorilla",
        "hippopotamus",
        "monkey",
        "peacock",
        "pig",
        "platypus",
        "rhinoceros",
        "shark",
        "sloth",
        "swordfish",
        "tiger",
        "turkey",
        "vulture",
        "zebra",
    ]
    assert affected_by(g, "rhinoceros", "score_from") == sorted(  # one Rhinoceros: not itself
        c.id for c in cards_of("combined") if c.rank % 2 and c.id != "rhinoceros"
    )
    # a bonus that reads only its own space makes no edge
    assert (
        affected_by(g, "goat", "score_from") == [] and affected_by(g, "donkey", "score_from") == []
    )
    (data,) = g.get_edge_data("hen", "fox").values()
    assert (
        data["by"] == "fox"
        and data["ability"] == "hen_or_rooster_anywhere"
        and data["rule"] == "s2.faq.fox"
    )


def test_another_copy_only_if_the_boxes_hold_two(g):
    assert "sloth" not in affects(g, "sloth", "stack_on")  # one Sloth in the box
    assert "turkey" in affects(g, "turkey", "stack_on")  # two Turkeys
    assert "bear" not in affected_by(g, "bear", "score_from")
    assert affects(g, "crab", "return") == ["crab"]  # 'itself' needs no second copy
    assert affects(g, "monkey", "move") == ["monkey"]


def test_season_filter_and_errors(g):
    assert affected_by(g, "caterpillar", "dismiss", season="s1") == [
        "alligator",
        "butterfly",
        "skunk",
        "snake",
    ]
    with pytest.raises(KeyError, match='did you mean "crab"'):
        affects(g, "crabb")
    with pytest.raises(ValueError, match="unknown effect 'eat'"):
        affects(g, "crab", effect="eat")
    with pytest.raises(ValueError, match="season"):
        affects(g, "crab", season="s3")
    with pytest.raises(ValueError, match="season"):
        interaction_graph("s3")


def test_neighbourhood_text(g):
    assert neighbourhood_text(interaction_graph("s2"), "coyote") == "\n".join(
        [
            "coyote (rank 14, return-immune)",
            "  can affect:",
            "    return      axolotl, capybara, clownfish, crab, crow, firefly, fox, goldfish, "
            "gorilla, "
            "grasshopper, groundhog, hen, hippopotamus, ladybug, mole, mongoose, mosquito, "
            "opossum, panther, "
            "platypus, raccoon, rat, rhinoceros, salamander, shark, sloth, spider, starfish, "
            "swordfish, vulture",
            "    stack_on    coyote, zebra",
            "    move        coyote",
            "    score_from  capybara, grasshopper, hen, hippopotamus, opossum, sloth, spider",
            "  can be affected by:",
            "    flip        starfish, swordfish",
            "    stack_on    coyote, mole, panther, rat, sloth, starfish, zebra",
            "    move        coyote",
            "    dismiss     mongoose, panther, vulture",
            "    gain        crow, mongoose, raccoon",
            "    place_above gorilla",
            "    cost        ladybug, rat",
        ]
    )


# -- the interaction finder ------------------------------------------------------------------------


@pytest.fixture(scope="module")
def pairs():
    """Every pair of active cards of both seasons after two Mosquitoes (about 8000 resolutions)."""
    return find_interactions("combined", 2)


def row(df, *sequence):
    found = df[df["sequence"] == tuple(sequence)]
    assert len(found) == 1, f"{sequence} not reported"
    return found.iloc[0]


def test_finder_columns(pairs):
    assert list(pairs.columns) == [
        "sequence",
        "kind",
        "changed",
        "fame",
        "expected_fame",
        "fame_change",
        "description",
    ]
    assert set(pairs["kind"]) == {"grid", "fame"}
    # one Sloth in the boxes: no Sloth after a Sloth (unless asked)
    assert not (pairs["sequence"] == ("sloth", "sloth")).any()
    assert (pairs["sequence"] == ("turkey", "turkey")).any()
    assert len(find_interactions(cards=["sloth"], within_copies=False)) == 1


def test_gorilla_then_crab():
    df = find_interactions(prefix=["mosquito"], cards=["gorilla", "crab"])
    r = row(df, "gorilla", "crab")
    assert r.description == (
        "gorilla > crab: crab ends in the deck, expected face up at extra row 1, middle "
        "and scores 0, expected 5 [alone, crab: not in the middle column]"
    )
    assert (r.kind, r.changed, r.fame, r.expected_fame, r.fame_change) == (
        "grid",
        ("crab",),
        5,
        10,
        -5,
    )


def test_gorilla_then_coyote(pairs):
    r = row(pairs, "gorilla", "coyote")
    assert r.description == (
        "gorilla > coyote: coyote ends face up at slot 3 (upper right) (gorilla alone: face up at "
        "extra "
        "row 1, right; coyote alone: face up at slot 3 (upper right))"
    )
    assert r.changed == ("coyote",)


def test_eagle_then_a_card_that_stacks(pairs):
    for card in ("rat", "turkey", "panther", "sloth"):
        r = row(pairs, "eagle", card)
        assert r.description == (
            f"eagle > {card}: {card} ends face down at slot 4 (lower left), expected face down at "
            "slot 3 "
            f"(upper right), card 2 of its stack (+3 more cards) [{card}: its ability does not "
            "resolve: "
            "it was flipped face down or returned]"
        )
    # a Rabbit cannot be flipped and finds no face-down card: nothing to report
    assert not (pairs["sequence"] == ("eagle", "rabbit")).any()


def test_eagle_saves_itself_from_a_coyote(pairs):
    r = row(pairs, "eagle", "coyote")
    assert r.changed[:2] == ("eagle", "coyote") and r.fame_change == 4


def test_swordfish_last():
    # After four cards, a Swordfish alone lands in the last slot: its next-revealed part is ignored.
    # A Rat stacking before it leaves it a slot earlier, and the next card is flipped face down.
    df = find_interactions(prefix=["mosquito"] * 4, cards=["rat", "swordfish"])
    r = row(df, "rat", "swordfish")
    assert r.description == (
        "rat > swordfish: mosquito (tail 1) ends face down at slot 6 (lower right), expected face "
        "up at "
        "slot 6 (lower right) [alone, swordfish: placed in the last slot: no next card is revealed]"
    )
    assert list(df["sequence"]) == [("rat", "rat"), ("rat", "swordfish"), ("swordfish", "rat")]


def test_fame_interactions(pairs):
    assert row(pairs, "elephant", "bull").fame_change == 7  # a face-down neighbour for the Bull
    assert row(pairs, "gorilla", "lion").description == "gorilla > lion: lion scores 3, expected 7"
    assert row(pairs, "ostrich", "goat").description == "ostrich > goat: goat scores 4, expected 1"


def test_no_report_without_abilities():
    df = find_interactions(cards=["mosquito", "bee", "snail", "eagle"])
    assert list(df["sequence"]) == []
    assert list(df.columns)[0] == "sequence"


def test_triples_and_seasons():
    df = find_interactions(length=3, prefix=["mosquito"], cards=["gorilla", "ostrich", "crab"])
    r = row(df, "gorilla", "ostrich", "crab")
    assert r.changed[0] == "crab" and r.fame_change == -5
    s1 = find_interactions("s1")
    assert row(s1, "eagle", "turkey").description.startswith(
        "eagle > turkey: turkey ends face down"
    )
    # the Bee is the Season 1 neutral card
    assert not any("mosquito" in str(c) for c in s1["changed"])
    with pytest.raises(ValueError, match="give `cards`"):
        find_interactions(length=3)
    with pytest.raises(KeyError, match="crab"):
        find_interactions("s1", cards=["crab"])
