"""Flipology, rule by rule and card by card: each test builds a situation on purpose and asserts
its exact outcome, citing the passage of the Flipology rulebook (../shared/seeds/002_*.txt) it
follows. Positions are [PLAYER, ROW, COL], row 0 the bottom row; cards written '+kind:points'
start face up."""

from __future__ import annotations

import pytest

from flipology_util import faces, kinds, resolve, rules, scenario, scores
from fliptoons_explore import ScenarioError, flipology
from fliptoons_explore.flipology.cards import CARDS, DECK, KINDS, deck_table, spec_of

# -- the rulebook's examples of cascades (its Tiebreaker example: test_count.py) -------------------


def test_joelles_cascade_monkey_opponents_frog_then_sloth():
    """'Example of cascading effects & affecting an opponent's row': Joelle flips the Monkey at the
    end of her row; it flips the Snake to its left and, to its right, the left-most card of her
    opponent's row, a Frog; both show effects, she uses the Frog, which flips the Sloth two spaces
    along the opponent's row: -6 for the opponent while it stays face up."""
    r = resolve(
        ["dog", "snake", "monkey"],
        ["frog:4", "panda", "sloth:6"],
        names=["Joelle", "Ben"],
        turns=[(0, [0, 2], [[1, 0, 0], [1, 0, 2]])],
    )
    assert faces(r, 0) == ["dog:5", "+snake:3", "+monkey:2"]
    assert faces(r, 1) == ["+frog:4", "panda:9", "+sloth:6"]
    assert scores(r) == [5, -2]
    flips = [(e.card, e.pos, e.rule) for e in r.trace if e.kind == "flip"]
    assert flips == [
        ("monkey:2", (0, 0, 2), "fl.turn.flip"),
        ("snake:3", (0, 0, 1), "fl.card.monkey"),
        ("frog:4", (1, 0, 0), "fl.turn.circle"),
        ("sloth:6", (1, 0, 2), "fl.card.frog"),
    ]
    # Joelle, not Ben, applies the Frog; the Snake's effect is not applied (one effect only)
    assert [(e.player, e.card, e.rule) for e in r.trace if e.kind == "trigger"] == [
        (0, "monkey:2", "fl.card.monkey"),
        (0, "frog:4", "fl.turn.you-apply"),
    ]
    assert ("snake:3", (0, 0, 1), "fl.turn.monkey-one-effect") in kinds(r, "ignored")


def test_nicolass_great_tree_snake_parrot_as_frog_quokka_below():
    """'Gameplay example for the Great Tree': Nicolas flips the left-most card of his new top row,
    a Snake (1), which flips the Parrot (2) three cards over; the Parrot pretends to be a Frog and
    flips the Quokka (3) in the bottom row: an L-shaped reach, ruling tree_two_spaces 'any-path'."""
    nicolas = [
        ["+cat:4", "+frog:5", "quokka", "kiwi", "dog:5"],
        ["snake:3", "monkey:2", "mole:1", "parrot", "hawk:3"],
    ]
    tim = [
        ["dog:6", "koala", "panda", "frog:4", "snake:4"],
        ["sloth:6", "hawk:4", "wolves", "cat:5", "monkey:3"],
    ]
    r = resolve(
        nicolas,
        tim,
        names=["Nicolas", "Tim"],
        variant="great-tree",
        turns=[(0, [1, 0], [[0, 1, 3], [0, 0, 1], [0, 0, 2]])],
    )
    assert faces(r, 0) == [
        ["+cat:4", "+frog:5", "+quokka:9", "kiwi:8", "dog:5"],
        ["+snake:3", "monkey:2", "mole:1", "+parrot:4", "hawk:3"],
    ]
    assert scores(r) == [25, 14]
    assert [e.rule for e in r.trace if e.kind == "flip"] == [
        "fl.turn.flip",
        "fl.card.snake",
        "ruling.tree_two_spaces",
    ]


def test_nicolas_under_straight_reach_cannot_reach_the_quokka():
    """Ruling tree_two_spaces 'straight': two steps in one line only; from the upper of two rows no
    line reaches the bottom row two spaces away, so the Quokka is no legal answer."""
    nicolas = [
        ["+cat:4", "+frog:5", "quokka", "kiwi", "dog:5"],
        ["snake:3", "monkey:2", "mole:1", "parrot", "hawk:3"],
    ]
    tim = [
        ["dog:6", "koala", "panda", "frog:4", "snake:4"],
        ["sloth:6", "hawk:4", "wolves", "cat:5", "monkey:3"],
    ]
    with pytest.raises(
        ScenarioError, match=r"turns\[0\]\.choices\[2\]: \[0, 0, 2\] is not a legal answer"
    ):
        resolve(
            nicolas,
            tim,
            variant="great-tree",
            rulings={"tree_two_spaces": "straight"},
            turns=[(0, [1, 0], [[0, 1, 3], [0, 0, 1], [0, 0, 2]])],
        )
    r = resolve(
        nicolas,
        tim,
        variant="great-tree",
        rulings={"tree_two_spaces": "straight"},
        turns=[(0, [1, 0], [[0, 1, 3], [0, 0, 1], [1, 1, 0]])],
    )
    assert faces(r, 0)[0][2] == "quokka:9" and faces(r, 1)[1][0] == "+sloth:6"
    straight = [e for e in r.trace if e.kind == "decision" and e.card == "parrot:4"][-1]
    assert straight.pos == (1, 1, 0) and straight.rule == "ruling.tree_two_spaces"


# -- the cards ---------------------------------------------------------------------------------


def test_the_deck_table_sums_to_78_with_the_known_counts():
    """Components: '84 cards in total. 78 of them are animals or environmental elements ... 6
    Clearing cards'; 'the two Wolves cards'; 'the Moon card' (and the Rain, Sun, Wind); 'six
    unique animal cards'. Every other count is marked as an assumption."""
    assert sum(DECK.values()) == 78 and CARDS["clearing:0"].copies == 6
    assert DECK["wolves:2"] == 2 and all(
        DECK[f"{k}:{v}"] == 1 for k, v in (("moon", 7), ("rain", 3), ("sun", 3), ("wind", 3))
    )
    uniques = [s for s in CARDS.values() if s.group == "unique"]
    assert len(uniques) == 6 and sum(DECK[s.id] for s in uniques) == 6
    assert {s.kind for s in uniques} >= {"panda", "kiwi", "quokka"}
    assert sorted(s.kind for s in uniques if s.kind.startswith("unnamed_unique_")) == [
        "unnamed_unique_4",
        "unnamed_unique_5",
        "unnamed_unique_6",
    ]
    assert all(s.points in (8, 9) for s in uniques)
    sources = {s.kind: s.copies_source for s in CARDS.values()}
    assert sources["dog"] == sources["sloth"] == sources["parrot"] == "assumed"
    assert (
        sources["wolves"] == sources["moon"] == "rulebook" and sources["hermit_crab"] == "publisher"
    )


@pytest.mark.parametrize(
    "kind, values",
    [
        ("dog", (5, 6)),
        ("frog", (4, 5)),
        ("hawk", (3, 4)),
        ("mole", (1, 2)),
        ("monkey", (2, 3)),
        ("parrot", (4,)),
        ("snake", (3, 4)),
        ("wolves", (2,)),
        ("hermit_crab", (2,)),
        ("cat", (4, 5, 6)),
        ("sloth", (6, 7)),
        ("koala", (8,)),
        ("moon", (7,)),
        ("rain", (3,)),
        ("sun", (3,)),
        ("wind", (3,)),
    ],
)
def test_every_card_has_the_rulebooks_points(kind, values):
    """The Animals and Environment cards: 'A DOG is worth 5 or 6 points', ... 'The MOON is worth
    7'."""
    assert tuple(s.points for s in KINDS[kind]) == values
    assert spec_of(kind).points == values[0]  # the kind alone is its lowest value


def test_card_ids_and_their_mistakes():
    assert spec_of("dog:6").id == "dog:6" and spec_of("hermit_crab").id == "hermit_crab:2"
    with pytest.raises(
        KeyError, match=r'"dog:7": a Dog is worth 5 or 6 \(write "dog:5" or "dog:6"\)'
    ):
        spec_of("dog:7")
    with pytest.raises(
        KeyError, match=r'unknown Flipology card "hermit" \(did you mean "hermit_crab"\?\)'
    ):
        spec_of("hermit")


def test_a_users_own_deck_table(tmp_path):
    """'Ship a deck table that sums to 78 ... and accepts a user's own table': a dict or a CSV
    file."""
    assert deck_table({"dog": 3, "panda": 1}) == {"dog:5": 3, "panda:9": 1}
    f = tmp_path / "deck.csv"
    f.write_text("id,copies\ndog:6,10\nsloth,2\n", "utf-8")
    assert deck_table(str(f)) == {"dog:6": 10, "sloth:6": 2}
    with pytest.raises(
        ValueError, match=r'deck table: "dog": expected a whole number of copies from 0, got -1'
    ):
        deck_table({"dog": -1})
    game = flipology.new_game("nature", 2, seed=3, deck={"dog:5": 20})
    game.play()
    assert {c.spec.id for c in game.table.all_cards() if c.spec.kind != "clearing"} == {"dog:5"}
    with pytest.raises(
        ValueError, match="deck: 3 players of nature need 27 cards, the deck table has 20"
    ):
        flipology.new_game("nature", 3, seed=3, deck={"dog:5": 20})


# -- a turn ------------------------------------------------------------------------------------


def test_a_turn_flips_one_own_card_face_up_or_face_down():
    """Taking a Turn, 1: 'you must flip a single card in your row (face up or face down)'; 2: a
    card flipped face up with an effect applies it, one flipped face down does nothing."""
    r = resolve(["+dog", "panda"], ["kiwi"], turns=[(0, [0, 0], [])])
    assert faces(r, 0) == ["dog:5", "panda:9"] and len(kinds(r, "trigger")) == 0
    r = resolve(["dog", "panda"], ["kiwi"], turns=[(0, [0, 0], [[0, 0, 1]])])
    assert faces(r, 0) == ["+dog:5", "+panda:9"] and scores(r) == [14, 0]


def test_the_rows_form_one_circle():
    """Taking a Turn, 2: 'the cards at the ends of the rows of two players who are sitting next to
    each other' are adjacent, 'one big circle'. Play passes to the left: a row's right end touches
    the previous player's left end, its left end the next player's right end."""
    t, _ = flipology.load(scenario(["panda", "kiwi"], ["quokka", "sloth"], ["cat", "koala"]))
    assert t.right((0, 0, 1)) == (2, 0, 0) and t.left((0, 0, 0)) == (1, 0, 1)
    assert t.right((1, 0, 1)) == (0, 0, 0) and t.left((2, 0, 0)) == (0, 0, 1)
    assert t.adjacent((1, 0, 0)) == [(2, 0, 1), (1, 0, 1)]


def test_dog_flips_an_adjacent_card_of_the_next_player_and_applies_its_effect():
    """DOG: 'flip one card adjacent ... If you use the dog to flip an opponent's card face up,
    you (not the opponent) apply the effect': Ann's Dog, at her left end, flips Ben's right-most
    Snake; Ann chooses the card of Ben's row the Snake flips."""
    r = resolve(
        ["dog", "panda"],
        ["kiwi", "sloth:7", "snake"],
        names=["Ann", "Ben"],
        turns=[(0, [0, 0], [[1, 0, 2], [1, 0, 1]])],
    )
    assert faces(r, 1) == ["kiwi:8", "+sloth:7", "+snake:3"] and scores(r) == [5, -4]
    assert [(e.player, e.card, e.rule) for e in r.trace if e.kind == "trigger"] == [
        (0, "dog:5", "fl.card.dog"),
        (0, "snake:3", "fl.turn.you-apply"),
    ]


def test_frog_flips_two_spaces_away_along_the_circle():
    """FROG: 'flip one card two spaces away. If you position the frog at the end of your row, the
    card it flips will likely belong to an opponent.'"""
    t, _ = flipology.load(scenario(["panda", "kiwi", "frog"], ["quokka", "cat", "koala"]))
    assert t.two_away((0, 0, 2), straight=False) == [(0, 0, 0), (1, 0, 1)]
    r = resolve(
        ["panda", "kiwi", "frog"], ["quokka", "cat", "koala"], turns=[(0, [0, 2], [[1, 0, 1]])]
    )
    assert faces(r, 1) == ["quokka:9", "+cat:4", "koala:8"] and scores(r) == [4, 12]


def test_hawk_flips_a_card_of_an_opponents_row_and_takes_its_action():
    """HAWK: 'flip a card in an opponent's row and take its action': in Nature never its own row,
    any opponent's card otherwise; the flipped Dog acts for Ann."""
    r = resolve(
        ["hawk", "panda"], ["kiwi", "dog"], ["cat"], turns=[(0, [0, 0], [[1, 0, 1], [1, 0, 0]])]
    )
    assert faces(r, 1) == ["+kiwi:8", "+dog:5"]
    assert [c.rule for c in r.trace if c.kind == "trigger"][1] == "fl.turn.you-apply"
    with pytest.raises(ScenarioError, match=r"\[0, 0, 1\] is not a legal answer to \"Hawk"):
        resolve(["hawk", "panda"], ["kiwi", "dog"], turns=[(0, [0, 0], [[0, 0, 1]])])


def test_an_opponents_hawk_never_flips_its_own_row():
    """'The hawk can never be used on a card in the row it has come from': Ann's Dog turns up
    Ben's Hawk; its targets are the rows of Ann's opponents but the Hawk's own (Cleo's); never
    Ann's own in Nature."""
    r = resolve(
        ["dog", "panda"],
        ["kiwi", "hawk"],
        ["cat", "koala"],
        turns=[(0, [0, 0], [[1, 0, 1], [2, 0, 1]])],
    )
    assert faces(r, 2) == ["cat:4", "+koala:8"]
    two = resolve(["dog", "panda"], ["kiwi", "hawk"], turns=[(0, [0, 0], [[1, 0, 1]])])
    assert ("hawk:3", (1, 0, 1), "fl.card.hawk") in kinds(two, "ignored")  # no row left to reach


def test_great_tree_hawk_may_flip_another_own_row():
    """Great Tree: 'you can play the hawk on yourself, provided it is used on a card in a different
    one of your rows. The hawk can never be used on a card in the row it has come from.'"""
    me = [["panda", "kiwi"], ["hawk", "quokka"]]
    r = resolve(
        me,
        [["cat", "koala"], ["dog", "frog"]],
        variant="great-tree",
        turns=[(0, [1, 0], [[0, 0, 0]])],
    )
    assert faces(r, 0) == [["+panda:9", "kiwi:8"], ["+hawk:3", "quokka:9"]]
    with pytest.raises(ScenarioError, match=r"\[0, 1, 1\] is not a legal answer"):
        resolve(
            me,
            [["cat", "koala"], ["dog", "frog"]],
            variant="great-tree",
            turns=[(0, [1, 0], [[0, 1, 1]])],
        )


def test_mole_exchanges_with_any_card_each_keeping_its_face_and_not_acting():
    """MOLE: 'exchanged for any other card in play, whether faceup or facedown ... put the mole in
    its place and put the card where the mole was. This does not trigger the new card's effect. If
    the mole was swapped for a facedown card, the card remains facedown.'"""
    r = resolve(["mole:2", "panda"], ["+dog", "koala"], turns=[(0, [0, 0], [[1, 0, 1]])])
    assert faces(r, 0) == ["koala:8", "panda:9"] and faces(r, 1) == ["+dog:5", "+mole:2"]
    assert scores(r) == [8, 7]
    r = resolve(["mole:2", "panda"], ["dog", "+snake"], turns=[(0, [0, 0], [[1, 0, 1]])])
    # the Snake does not act
    assert faces(r, 0) == ["+snake:3", "panda:9"] and len(kinds(r, "trigger")) == 1
    assert [e.rule for e in r.trace if e.kind == "move"] == [
        "fl.card.mole",
        "fl.card.mole.no-trigger",
    ]


def test_monkey_flips_both_neighbours_and_one_effect_applies():
    """MONKEY: 'flip the two cards directly adjacent to it'; Taking a Turn: 'if they both have
    active effects, you must choose and apply one effect only'; with one effect it applies."""
    r = resolve(["panda", "monkey", "dog"], ["kiwi", "quokka"], turns=[(0, [0, 1], [[1, 0, 0]])])
    assert faces(r, 0) == ["+panda:9", "+monkey:2", "+dog:5"] and faces(r, 1) == [
        "+kiwi:8",
        "quokka:9",
    ]
    with pytest.raises(
        ScenarioError, match=r"turns\[0\]\.choices\[1\]: no decision is left to answer"
    ):
        resolve(
            ["panda", "monkey", "dog"],
            ["kiwi", "quokka"],
            turns=[(0, [0, 1], [[1, 0, 0], [1, 0, 1]])],
        )


def test_monkey_turns_its_neighbours_face_up_and_leaves_a_face_up_one_unless_ruled_otherwise():
    """Taking a Turn, 2: 'The Monkey flips two cards faceup' (ruling monkey_flips, default
    'face-up'): a neighbour already face up stays so. 'turn-over' follows the Monkey's own
    paragraph ('allows you to flip the two cards directly adjacent to it') and turns it down."""
    r = resolve(["+panda", "monkey", "kiwi"], ["quokka"], turns=[(0, [0, 1], [])])
    assert faces(r, 0) == ["+panda:9", "+monkey:2", "+kiwi:8"]
    assert ("panda:9", (0, 0, 0), "ruling.monkey_flips") in kinds(r, "ignored")
    assert scores(r) == [19, 0]
    r = resolve(
        ["+panda", "monkey", "kiwi"],
        ["quokka"],
        turns=[(0, [0, 1], [])],
        rulings={"monkey_flips": "turn-over"},
    )
    assert faces(r, 0) == ["panda:9", "+monkey:2", "+kiwi:8"]
    assert ("panda:9", (0, 0, 0), "fl.card.monkey") in [
        (e.card, e.pos, e.rule) for e in r.trace if e.kind == "flip"
    ]
    assert scores(r) == [10, 0]


def test_great_tree_monkey_chooses_two_of_its_neighbours():
    """MONKEY in the Great Tree: 'you might have a choice of cards, because any card above or below
    the monkey is also considered adjacent': the two cards are a decision (a list of two
    positions)."""
    me = [["panda", "kiwi", "quokka"], ["cat", "monkey", "koala"]]
    r = resolve(
        me, [["dog"], ["frog"]], variant="great-tree", turns=[(0, [1, 1], [[[0, 0, 1], [0, 1, 0]]])]
    )
    assert faces(r, 0) == [["panda:9", "+kiwi:8", "quokka:9"], ["+cat:4", "+monkey:2", "koala:8"]]


def test_parrot_mimics_a_face_up_animal_from_its_own_place():
    """PARROT: 'mimic the active effect of any player's faceup animal. For example, the parrot can
    pretend to be a dog and flip a card adjacent to itself.'"""
    r = resolve(["parrot", "panda"], ["+dog:6", "kiwi"], turns=[(0, [0, 0], [[0, 0, 1]])])
    assert faces(r, 0) == ["+parrot:4", "+panda:9"]
    assert [e.rule for e in r.trace if e.kind == "trigger"] == ["fl.card.parrot", "fl.card.parrot"]


def test_parrot_as_a_mole_exchanges_itself():
    """'If the parrot mimics a mole, you exchange it with any other card in play (do not apply the
    card's effect).'"""
    r = resolve(["parrot", "panda"], ["+mole", "quokka"], turns=[(0, [0, 0], [[1, 0, 1]])])
    assert faces(r, 0) == ["quokka:9", "panda:9"] and faces(r, 1) == ["+mole:1", "+parrot:4"]
    # the trace cites the passage: the Parrot acting as the Mole is the rulebook's own clarification
    acts = [(e.card, e.target, e.rule) for e in r.trace if e.kind == "trigger" and e.target]
    assert acts == [("parrot:4", "mole:1", "fl.card.parrot.mole")]


def test_parrot_never_mimics_a_hermit_crab_and_does_nothing_alone():
    """'A parrot cannot mimic a hermit crab. If there are no other faceup animals when a parrot is
    flipped, it does nothing.' (an environment card is no animal either)"""
    r = resolve(["parrot", "panda"], ["+hermit_crab", "+sun"], turns=[(0, [0, 0], [])])
    assert faces(r, 0) == ["+parrot:4", "panda:9"]
    assert ("parrot:4", (0, 0, 0), "fl.card.parrot") in kinds(r, "ignored")


def test_parrot_and_another_parrot_by_ruling():
    """Ruling parrot_mimics_parrot: by default another face-up Parrot is no model; 'true' offers
    it, and mimicking it chooses again among the other face-up animals."""
    r = resolve(["parrot", "panda"], ["+parrot", "kiwi"], turns=[(0, [0, 0], [])])
    assert ("parrot:4", (0, 0, 0), "ruling.parrot_mimics_parrot") in kinds(r, "ignored")
    r = resolve(
        ["parrot", "panda"],
        ["+parrot", "+dog", "kiwi"],
        turns=[(0, [0, 0], [[1, 0, 0], [0, 0, 1]])],
        rulings={"parrot_mimics_parrot": True},
    )
    assert faces(r, 0) == ["+parrot:4", "+panda:9"]
    assert "ruling.parrot_mimics_parrot" in rules(r)


def test_parrot_and_a_passive_animal_by_ruling():
    """Ruling parrot_mimics_passive: a Cat has no active effect to mimic, so the Parrot with only a
    Cat face up does nothing; 'true' lets it choose the Cat, and still nothing happens."""
    r = resolve(["parrot", "panda"], ["+cat", "+dog"], turns=[(0, [0, 0], [[0, 0, 1]])])
    assert faces(r, 0) == ["+parrot:4", "+panda:9"]
    r = resolve(
        ["parrot", "panda"],
        ["+cat", "+dog"],
        turns=[(0, [0, 0], [[1, 0, 0]])],
        rulings={"parrot_mimics_passive": True},
    )
    assert faces(r, 0) == ["+parrot:4", "panda:9"]
    assert ("parrot:4", (0, 0, 0), "ruling.parrot_mimics_passive") in kinds(r, "ignored")


def test_snake_flips_any_other_card_in_its_row():
    """SNAKE: 'flip any other card in its row' (never a card of another row, never itself)."""
    r = resolve(["snake", "panda", "kiwi"], ["quokka"], turns=[(0, [0, 0], [[0, 0, 2]])])
    assert faces(r, 0) == ["+snake:3", "panda:9", "+kiwi:8"]
    with pytest.raises(ScenarioError, match=r"\[1, 0, 0\] is not a legal answer"):
        resolve(["snake", "panda", "kiwi"], ["quokka"], turns=[(0, [0, 0], [[1, 0, 0]])])


def test_wolves_remove_any_card_to_the_discard_and_a_clearing_takes_its_place():
    """WOLVES: 'remove any card in play, including your own and including facedown cards. Put the
    card in the discard pile; replace it with a Clearing card.' (face up: ruling clearing_face)"""
    r = resolve(["wolves", "panda"], ["koala", "kiwi"], turns=[(0, [0, 0], [[1, 0, 0]])])
    assert faces(r, 1) == ["+clearing:0", "kiwi:8"] and [c.spec.id for c in r.table.discard] == [
        "koala:8"
    ]
    assert scores(r) == [2, 0] and len(r.table.clearings) == 5
    for face, want in (("face-down", "clearing:0"), ("as-removed", "clearing:0")):
        r = resolve(
            ["wolves", "panda"],
            ["koala", "kiwi"],
            turns=[(0, [0, 0], [[1, 0, 0]])],
            rulings={"clearing_face": face},
        )
        assert faces(r, 1)[0] == want
    r = resolve(
        ["wolves", "panda"],
        ["+koala", "kiwi"],
        turns=[(0, [0, 0], [[1, 0, 0]])],
        rulings={"clearing_face": "as-removed"},
    )
    assert faces(r, 1)[0] == "+clearing:0"


def test_wolves_and_rain_on_themselves_by_ruling():
    """Ruling effects_on_themselves: 'any card in play, including your own' takes in the Wolves
    themselves; 'false' leaves them out (with no other card, nothing happens)."""
    r = resolve(["wolves"], [], turns=[(0, [0, 0], [])], names=["Ann", "Ben"])
    assert faces(r, 0) == ["+clearing:0"] and [c.spec.id for c in r.table.discard] == ["wolves:2"]
    r = resolve(["wolves"], [], turns=[(0, [0, 0], [])], rulings={"effects_on_themselves": False})
    assert faces(r, 0) == ["+wolves:2"] and ("wolves:2", (0, 0, 0), "fl.card.wolves") in kinds(
        r, "ignored"
    )


def test_a_face_up_cat_stays_face_up_under_effects_but_not_its_owners_turn():
    """CAT: 'once flipped face up, cannot be flipped face down via the effects on other cards. It
    can be targeted by a flip effect but remains face up.' Its owner's own turn may turn it down."""
    r = resolve(["dog", "panda"], ["kiwi", "+cat:6"], turns=[(0, [0, 0], [[1, 0, 1]])])
    assert faces(r, 1) == ["kiwi:8", "+cat:6"] and ("cat:6", (1, 0, 1), "fl.card.cat") in kinds(
        r, "ignored"
    )
    r = resolve(["+cat:6", "panda"], ["kiwi"], turns=[(0, [0, 0], [])])
    assert faces(r, 0) == ["cat:6", "panda:9"]


def test_a_cat_can_be_exchanged_by_a_mole_or_removed_by_the_wolves():
    """'A cat can be exchanged for a mole or destroyed by the wolves.'"""
    r = resolve(["mole", "panda"], ["+cat:6"], turns=[(0, [0, 0], [[1, 0, 0]])])
    assert faces(r, 0) == ["+cat:6", "panda:9"] and faces(r, 1) == ["+mole:1"]
    r = resolve(["wolves", "panda"], ["+cat:6"], turns=[(0, [0, 0], [[1, 0, 0]])])
    assert faces(r, 1) == ["+clearing:0"] and [c.spec.id for c in r.table.discard] == ["cat:6"]


def test_the_text_view_names_the_winners_and_the_running_scores():
    """`resolve` prints who won (the Moon's reversal said), and for a multi-game scenario the
    running scores with what the game added."""
    from fliptoons_explore.flipology.text import resolution_text

    tie = resolution_text(
        resolve(["+dog:5", "+frog:4"], ["+hawk:4", "+dog:5"], names=["Ann", "Ben"]), trace=False
    )
    assert "\nwinners: Ann & Ben\n" in tie + "\n"
    moon = resolution_text(resolve(["+moon"], ["+kiwi"], names=["Ann", "Ben"]), trace=False)
    assert "winner: Ann (the Moon is face up: the fewest points win)" in moon
    multi = resolution_text(
        resolve(
            ["+panda", "+dog:6"],
            ["+kiwi"],
            names=["Ann", "Ben"],
            variant="multi",
            running_scores=[85, 95],
        ),
        trace=False,
    )
    assert "winner: Ann\nrunning scores: Ann 110 (+25), Ben 103 (+8)" in multi


def test_rain_flips_one_card_in_every_row_without_their_effects():
    """RAIN: 'flip one card in every row, including your own'; 'Do not apply effects of cards flip
    face up by the Wind, Rain, or Sun cards.' One answer: a position per row, in seat order from
    the acting player."""
    r = resolve(
        ["rain", "panda"],
        ["kiwi", "dog"],
        ["quokka", "snake"],
        turns=[(0, [0, 0], [[[0, 0, 1], [1, 0, 1], [2, 0, 1]]])],
    )
    assert faces(r, 0) == ["+rain:3", "+panda:9"] and faces(r, 1) == ["kiwi:8", "+dog:5"]
    assert faces(r, 2) == ["quokka:9", "+snake:3"]
    assert len(kinds(r, "trigger")) == 1  # the Rain's own
    assert [e.rule for e in r.trace if e.kind == "ignored"] == ["fl.turn.environment-no-effect"] * 2


def test_sun_peeks_and_may_flip_one_opponents_card_without_its_effect():
    """SUN: 'peek at any three facedown cards in your opponents' rows. Then you can choose one to
    flip over. You can leave all three facedown.' With three face-down cards or fewer the Sun
    peeks at all of them and the peek is not asked: the first answer is the flip."""
    r = resolve(["sun", "panda"], ["dog", "sloth:7"], turns=[(0, [0, 0], [[1, 0, 1]])])
    assert faces(r, 1) == ["dog:5", "+sloth:7"] and scores(r) == [3, -7]
    assert len(kinds(r, "peek")) == 1
    assert not [e for e in r.trace if e.kind == "decision" and "peek at" in e.detail]
    r = resolve(["sun", "panda"], ["dog", "sloth:7"], turns=[(0, [0, 0], [None])])
    assert faces(r, 1) == ["dog:5", "sloth:7"]
    r = resolve(["sun", "panda"], ["dog", "sloth:7"], turns=[(0, [0, 0], [[1, 0, 0]])])
    assert faces(r, 1) == ["+dog:5", "sloth:7"] and len(kinds(r, "trigger")) == 1


FIVE_HIDDEN = (["sun", "panda"], ["dog:5", "kiwi", "sloth:7", "quokka", "koala"])


def test_sun_peeks_at_the_three_cards_chosen_and_learns_only_those():
    """SUN: 'peek at any three facedown cards in your opponents' rows': with five face-down cards
    the player chooses three, one at a time (one list in a script); the peek event names those
    three, and the player knows those three afterwards, and only those (Player.seen)."""
    r = resolve(*FIVE_HIDDEN, turns=[(0, [0, 0], [[[1, 0, 4], [1, 0, 0], [1, 0, 2]], None])])
    asked = [e for e in r.trace if e.kind == "decision" and e.card == "sun:3"]
    assert [e.detail for e in asked[:3]] == [
        f"Sun: which face-down card of an opponent do you peek at ({k} of 3)?" for k in (1, 2, 3)
    ]
    assert [e.pos for e in asked[:3]] == [(1, 0, 4), (1, 0, 0), (1, 0, 2)]
    peek = [e for e in r.trace if e.kind == "peek"]
    assert len(peek) == 1 and peek[0].rule == "fl.card.sun"
    assert (
        peek[0].detail
        == "peeks at P1's row, card 5: Koala 8; P1's row, card 1: Dog 5; P1's row, card 3: Sloth 7"
    )
    ben = r.table.players[1].rows[0]
    assert r.table.players[0].seen == {ben[4].uid, ben[0].uid, ben[2].uid}
    assert faces(r, 1) == ["dog:5", "kiwi:8", "sloth:7", "quokka:9", "koala:8"]  # left face down


def test_sun_flips_one_of_the_peeked_cards_or_none_and_nothing_else():
    """SUN: 'Then you can choose one to flip over. You can leave all three facedown': the flip is
    one of the three peeked cards; a scripted flip of a card not peeked at is refused in one line,
    and null leaves all three face down."""
    peek = [[1, 0, 0], [1, 0, 1], [1, 0, 2]]
    r = resolve(*FIVE_HIDDEN, turns=[(0, [0, 0], [peek, [1, 0, 2]])])
    assert faces(r, 1) == ["dog:5", "kiwi:8", "+sloth:7", "quokka:9", "koala:8"] and scores(r) == [
        3,
        -7 + 8,
    ]
    assert ("sloth:7", (1, 0, 2), "fl.card.sun") in kinds(r, "flip")
    with pytest.raises(ScenarioError) as e:
        resolve(*FIVE_HIDDEN, turns=[(0, [0, 0], [peek, [1, 0, 4]])])
    assert str(e.value) == (
        "turns[0].choices[1]: [1, 0, 4] was not peeked at: the Sun flips one of the cards it "
        "peeked at ([1, 0, 0], [1, 0, 1], [1, 0, 2]) or none (null)"
    )
    r = resolve(*FIVE_HIDDEN, turns=[(0, [0, 0], [peek, None])])
    assert faces(r, 1) == ["dog:5", "kiwi:8", "sloth:7", "quokka:9", "koala:8"]
    # 'leaves the peeked cards face down'
    assert ("sun:3", (0, 0, 0), "fl.card.sun") in kinds(r, "ignored")


def test_a_sun_peek_that_is_no_peek_is_refused_in_one_line():
    """The peek's answer is one list of up to three different face-down cards of opponents."""
    bad = {
        "[[1, 0, 0], [1, 0, 0]]": r"choices\[0\]\[1\]: \[1, 0, 0\] is peeked at twice",
        "[[1, 0, 0], [1, 0, 1], [1, 0, 2], [1, 0, 3]]": r"choices\[0\]: the Sun peeks at 3 "
        r"face-down cards",
        "[1, 0, 0]": r"choices\[0\]: the Sun peeks at 3 face-down cards",
        "[[0, 0, 1]]": r"choices\[0\]\[0\]: \[0, 0, 1\] is not a legal answer to \"Sun: which "
        r"face-down card",
    }
    import json

    for answer, message in bad.items():
        with pytest.raises(ScenarioError, match=message):
            resolve(*FIVE_HIDDEN, turns=[(0, [0, 0], [json.loads(answer)])])


def test_a_short_peek_list_leaves_the_rest_to_the_policy():
    """A peek list shorter than three: the picks it does not reach are the policy's (the default
    peeks at the first unseen cards), and the flip is the next answer."""
    r = resolve(*FIVE_HIDDEN, turns=[(0, [0, 0], [[[1, 0, 4]], [1, 0, 4]])])
    peek = kinds(r, "peek")
    assert len(peek) == 1
    assert [e.pos for e in r.trace if e.kind == "decision" and e.card == "sun:3"][:3] == [
        (1, 0, 4),
        (1, 0, 0),
        (1, 0, 1),
    ]
    assert faces(r, 1)[4] == "+koala:8" and scores(r) == [3, 7 - 8]


def test_the_default_policy_flips_only_what_its_sun_showed():
    """The documented default peeks at the first three unseen cards and flips the peeked card
    worth most to it: it cannot pick a card it did not peek at, however good (the Sloth here is
    the fourth card)."""
    r = resolve(
        ["sun", "panda"], ["dog:5", "kiwi", "quokka", "sloth:7", "koala"], turns=[(0, [0, 0], [])]
    )
    flipped = [(e.card, e.pos) for e in r.trace if e.kind == "flip" and e.rule == "fl.card.sun"]
    assert flipped == [] and scores(r) == [3, 7 + 8]  # Ben's Sloth and Koala stay face down


def test_wind_flips_all_the_other_cards_of_its_row():
    """WIND: 'you must flip all the other cards in its row' (a face-up Cat stays face up; the
    cards do not act)."""
    r = resolve(["dog", "wind", "+panda", "+cat"], ["kiwi"], turns=[(0, [0, 1], [])])
    assert faces(r, 0) == ["+dog:5", "+wind:3", "panda:9", "+cat:4"] and faces(r, 1) == ["kiwi:8"]


# -- options, decisions ---------------------------------------------------------------------------


def test_effects_are_applied_unless_ruled_optional():
    """Ruling effects_optional: 'If you have flipped a card face up and it has an effect, you must
    apply it' (Taking a Turn, 2); 'true' lets a Dog's flip be declined (null)."""
    with pytest.raises(ScenarioError, match=r"turns\[0\]\.choices\[0\]: null declines, but"):
        resolve(["dog", "panda"], ["kiwi"], turns=[(0, [0, 0], [None])])
    r = resolve(
        ["dog", "panda"], ["kiwi"], turns=[(0, [0, 0], [None])], rulings={"effects_optional": True}
    )
    assert faces(r, 0) == ["+dog:5", "panda:9"] and faces(r, 1) == ["kiwi:8"]


#: For each effect ruling effects_optional names: a row whose effect would turn a card over,
#: and Ben's row. Ann flips her card 0; declining leaves every other card as it was.
DECLINABLE = {
    "dog": (["dog", "panda", "kiwi"], ["quokka"]),
    "frog": (["frog", "panda", "kiwi"], ["quokka", "cat"]),
    "hawk": (["hawk", "panda"], ["quokka", "kiwi"]),
    "snake": (["snake", "panda", "kiwi"], ["quokka"]),
    "monkey": (["kiwi", "monkey", "panda"], ["quokka"]),  # Ann flips her card 1
    "mole": (["mole", "panda"], ["quokka", "kiwi"]),
    "wolves": (["wolves", "panda"], ["quokka", "kiwi"]),
    "rain": (["rain", "panda"], ["quokka", "kiwi"]),
}


@pytest.mark.parametrize("kind", sorted(DECLINABLE))
def test_every_effect_named_by_effects_optional_can_be_declined(kind):
    """Ruling effects_optional: 'Is an effect's flip (Dog, Frog, Hawk, Snake, Monkey, Mole, Wolves,
    Rain) optional?' By default 'you must apply it' (Taking a Turn, 2), so null is refused; with
    the ruling, null declines it and nothing but the card itself is turned (a Monkey between two
    cards in Nature included)."""
    ann, ben = DECLINABLE[kind]
    at = [0, 1] if kind == "monkey" else [0, 0]
    refused = (
        r"no decision is left to answer"
        if kind == "monkey"  # not even asked: both flip
        else r"null declines, but .* must be answered"
    )
    with pytest.raises(ScenarioError, match=r"turns\[0\]\.choices\[0\]: " + refused):
        resolve(ann, ben, turns=[(0, at, [None])])
    r = resolve(ann, ben, turns=[(0, at, [None])], rulings={"effects_optional": True})
    expected = [("+" if i == at[1] else "") + c for i, c in enumerate(faces(resolve(ann, ben), 0))]
    assert faces(r, 0) == expected and faces(r, 1) == faces(resolve(ann, ben), 1)
    declined = [e for e in r.trace if e.kind == "decision"]
    # the Rain: a row each
    assert [e.target for e in declined] == ["none"] * (2 if kind == "rain" else 1)
    assert r.table.discard == [] and [e for e in r.trace if e.kind == "move"] == []


def test_a_nature_monkey_under_effects_optional_flips_both_when_not_declined():
    """The Monkey's one pair under effects_optional is an answer, not only a decline: the list of
    its two neighbours flips both ('allows you to flip the two cards directly adjacent to it')."""
    r = resolve(
        ["kiwi", "monkey", "panda"],
        ["quokka"],
        turns=[(0, [0, 1], [[[0, 0, 2], [0, 0, 0]]])],
        rulings={"effects_optional": True},
    )
    assert faces(r, 0) == ["+kiwi:8", "+monkey:2", "+panda:9"] and scores(r) == [19, 0]


def test_only_real_choices_are_asked():
    """A decision is asked only where there is more than one legal answer or the rule lets it be
    declined: a Snake in a row of two has one card to flip, taken without an answer and marked
    forced in the trace."""
    r = resolve(["snake", "panda"], ["kiwi"], turns=[(0, [0, 0], [])])
    assert faces(r, 0) == ["+snake:3", "+panda:9"]
    decision = [e for e in r.trace if e.kind == "decision"][0]
    assert "forced: the only legal answer" in decision.detail and decision.target == "panda:9"


def test_great_tree_turns_flip_only_the_top_row():
    """Great Tree: 'flipping only cards in their current (top-most) row. Effects can cascade
    through previously played rows, however.'"""
    with pytest.raises(
        ScenarioError,
        match=r"turns\[0\]\.flip: in the Great Tree a turn flips a card of the top row",
    ):
        resolve(
            [["panda"], ["kiwi"]], [["cat"], ["dog"]], variant="great-tree", turns=[(0, [0, 0], [])]
        )


def test_great_tree_sets_aside_the_rain_and_the_hermit_crab():
    """'Set aside the Rain and Hermit Crab cards; they cannot be used in this variant.'"""
    with pytest.raises(
        ScenarioError, match=r'players\[0\]\.rows\[0\]\[1\]: "rain" is set aside in the Great Tree'
    ):
        resolve([["panda", "rain"]], [["cat"]], variant="great-tree")


def test_great_tree_adjacency_is_vertical_too_and_level_by_level_across_players():
    """'In the Great Tree, adjacency counts vertically as well as horizontally (but not diagonally)
    ... the cards at the ends of your opponents' rows are adjacent to your corresponding end
    cards.'"""
    t, _ = flipology.load(
        scenario(
            [["panda", "kiwi"], ["dog", "cat"]],
            [["sloth", "koala"], ["frog", "hawk"]],
            variant="great-tree",
        )
    )
    assert t.adjacent((0, 1, 0)) == [(1, 1, 1), (0, 1, 1), (0, 0, 0)]
    assert t.adjacent((0, 0, 1)) == [(0, 0, 0), (1, 0, 0), (0, 1, 1)]


# -- scenario mistakes ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "change, message",
    [
        ({"variant": "forest"}, 'variant: expected "nature", "great-tree", "multi", got "forest"'),
        ({"players": []}, "players: expected 1 to 8 players, got 0"),
        (
            {"rulings": {"tree_two_spaces": "diagonal"}},
            'rulings.tree_two_spaces: expected one of "any-path", "straight", got "diagonal"',
        ),
        (
            {"rulings": {"cow_copies": "total"}},
            "rulings.cow_copies: unknown ruling option (known: tree_two_spaces,",
        ),
        (
            {"turns": [{"player": 0, "flip": [0, 9]}]},
            "turns[0].flip: [0, 9] is not a card of P0's rows",
        ),
        ({"turns": [{"player": 5, "flip": [0, 0]}]}, "turns[0].player: expected 0 to 1, got 5"),
        ({"discard": ["dragon"]}, 'discard[0]: unknown Flipology card "dragon"'),
        ({"season": "s2"}, "season: unknown field"),
        (
            {"discard": ["kiwi"], "end_choices": [{"id": "kiwi", "face_up": True}]},
            'end_choices[0].face_up: only a Sloth or a Koala is picked face up ("Sloths and koalas '
            "can be treated as "
            'faceup or facedown"), not "kiwi"',
        ),
        (
            {"rulings": {"multi_moon_points": 30}},
            "rulings.multi_moon_points: expected one of 25, 35, got 30",
        ),
    ],
)
def test_bad_scenarios_are_one_line_errors(change, message):
    data = scenario(["dog", "panda"], ["kiwi"])
    data.update(change)
    with pytest.raises(ScenarioError) as e:
        flipology.resolve(data)
    assert message in str(e.value) and "\n" not in str(e.value)


def test_a_null_rain_must_be_answered_unless_effects_are_optional():
    """RAIN: 'flip one card in every row': without ruling effects_optional there is no declining
    it, and null says so in one line."""
    with pytest.raises(ScenarioError) as e:
        resolve(["rain", "panda"], ["quokka", "kiwi"], turns=[(0, [0, 0], [None])])
    assert str(e.value) == (
        "turns[0].choices[0]: null declines, but the Rain must be answered: one card in each "
        "of 2 rows (a list of positions [PLAYER, ROW, COL], one per row in seat order from the "
        "acting player)"
    )


def test_a_clearing_in_the_discard_pile_gets_a_note():
    """'Remove the Clearing cards and place them within reach of all players': a Clearing takes the
    place of a card the Wolves remove, and none is discarded; a scenario may put one in the
    discard pile (a situation built on purpose), and the output says it."""
    note = (
        "1 Clearing card in the discard pile: Clearings are set aside within reach and only take "
        "the "
        "place of a card the Wolves remove"
    )
    r = flipology.resolve(scenario(["dog", "panda"], ["kiwi"], discard=["clearing", "quokka"]))
    assert note in r.table.notes and note in r.to_json()["notes"]
    r = flipology.resolve(scenario(["dog", "panda"], ["kiwi"], discard=["quokka"]))
    assert not [n for n in r.table.notes if "Clearing" in n]


def test_a_nature_player_has_one_row():
    data = scenario(["dog"], ["kiwi"])
    data["players"][0]["rows"].append(["cat"])
    with pytest.raises(
        ScenarioError, match=r"players\[0\]\.rows: a nature player has one row, got 2"
    ):
        flipology.resolve(data)


def test_every_ruling_option_is_in_the_docs_table():
    """docs/engine.md's Flipology part lists every Flipology ruling option (one row each, its
    default first) and every engine limit of Flipology (`engine.flipology.*`)."""
    from pathlib import Path

    from fliptoons_explore.flipology.rulings import OPTIONS
    from fliptoons_explore.rules import RULES

    docs = (Path(__file__).resolve().parents[2] / "docs" / "engine.md").read_text(encoding="utf-8")
    part = docs.split("\n# Flipology\n")[1]
    options = part[part.index("## Ruling options of Flipology") : part.index("## Engine limits")]
    rows = [line for line in options.splitlines() if line.startswith("| `")]
    assert sorted(row.split("`")[1] for row in rows) == sorted(OPTIONS)
    for row in rows:
        default = OPTIONS[row.split("`")[1]].default
        shown = (
            ("true" if default else "false")
            if isinstance(default, bool)
            else str(default)
            if isinstance(default, int)
            else f'"{default}"'
        )
        assert row.split("|")[2].strip().startswith(f"`{shown}`"), row
    limits = part[part.index("## Engine limits") : part.index("## The deck table")]
    assert {r for r in RULES if r.startswith("engine.flipology.")} == {
        line.split("`")[1] for line in limits.splitlines() if line.startswith("| `")
    }
