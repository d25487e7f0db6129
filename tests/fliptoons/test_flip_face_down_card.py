"""A flip ability aimed at a face-down card turns it face up again, without activating it.

S2 Keywords (s2.keyword.flip): "Flip: Turn over a card in a player's grid." S2 Key Concepts,
Face-down Cards (s2.key.face-down, s2.key.face-down.flipped-up): "A face-down card has no name,
rank, special effects, or abilities and does not generate fame ... A face-down card may be
flipped face up again by another card's ability, but does not activate any of its abilities."
S1 Keywords, Flip (s1.keyword.flip.face-up-again) says the same. Ruling `flip_face_down_card`
"stays-down" reads the card table's paraphrase ("turn ... face down") instead.
"""

from __future__ import annotations

from fliptoons_explore import OPTIONS, Rulings, resolve
from fliptoons_explore.analysis.compare import rulings_that_matter
from fliptoons_explore.events import Trace
from fliptoons_explore.fliptoons.flip import FlipRun
from fliptoons_explore.fliptoons.state import Table
from util import table_grid, with_rulings

STAYS_DOWN = {"flip_face_down_card": "stays-down"}


def _flips(trace, card=None):
    return [
        (e.card, e.value, e.pos, e.rule)
        for e in trace
        if e.kind == "flip" and (card is None or e.card == card)
    ]


def test_the_option_reads_the_keyword_by_default():
    option = OPTIONS["flip_face_down_card"]
    assert option.default == Rulings().flip_face_down_card == "turn-over"
    assert option.choices == ("turn-over", "stays-down")
    assert option.question.endswith("?")
    assert "turn over a card in a player's grid" in option.why_default


# An Eagle turns the Ostrich after it face down (S1 FAQ Eagle: its effects are ignored); the
# Elephant then flips the previous placed card, the face-down Ostrich. The Bull scores +7 only
# while a card of the grid is face down.
EAGLE_OSTRICH_ELEPHANT = {
    "season": "s1",
    "players": [
        {"name": "Ann", "deck": ["eagle", "ostrich", "elephant", "bee", "bull", "snail", "cat"]}
    ],
}


def test_elephant_turns_a_face_down_ostrich_face_up_and_it_does_not_activate():
    """Turned face up again (a `flip` event with value 1, citing the S1 Keyword Flip's "turned
    face up again", the Season 1 wording of the S2 Key Concept), the Ostrich
    activates nothing: the Bee goes to slot 4, not onto it (S1 FAQ Ostrich would stack the next
    revealed card on it). Face up, it scores its 1 at Check Fame; with no face-down card left
    the Bull scores its printed 3 alone: Eagle 4 + Ostrich 1 + Elephant 7 + Bee 1 + Bull 3 +
    Snail 2 = 18."""
    r = resolve(EAGLE_OSTRICH_ELEPHANT)
    ann = r.players[0]
    assert table_grid(ann) == [["eagle", "ostrich", "elephant"], ["bee", "bull", "snail"]]
    assert _flips(r.trace) == [
        ("ostrich", 0, (0, 1), "s2.key.next-revealed"),
        ("ostrich", 1, (0, 1), "s1.keyword.flip.face-up-again"),
    ]
    flip_up = [e for e in r.trace if e.kind == "flip" and e.value == 1][0]
    elephant_trigger = next(e for e in r.trace if e.kind == "trigger" and e.card == "elephant")
    assert flip_up.cause == elephant_trigger.step
    assert not [e for e in r.trace if e.kind == "trigger" and e.card == "ostrich"]
    assert {e.card.spec.id: e.fame for e in ann.fame} == {
        "eagle": 4,
        "ostrich": 1,
        "elephant": 7,
        "bee": 1,
        "bull": 3,
        "snail": 2,
    }
    assert ann.fame_total == 18


def test_stays_down_leaves_the_ostrich_face_down():
    """'stays-down': the Elephant's flip is ignored, citing the ruling; the Ostrich scores
    nothing and the Bull gains its +7 (S1 Bull: a face-down card in the grid): 4+7+1+10+2 = 24."""
    r = resolve(with_rulings(EAGLE_OSTRICH_ELEPHANT, **STAYS_DOWN))
    ann = r.players[0]
    assert table_grid(ann) == [["eagle", "~ostrich", "elephant"], ["bee", "bull", "snail"]]
    assert _flips(r.trace) == [("ostrich", 0, (0, 1), "s2.key.next-revealed")]
    (ignored,) = [e for e in r.trace if e.ruling == "ruling.flip_face_down_card"]
    assert (ignored.kind, ignored.card, ignored.detail) == (
        "ignored",
        "elephant",
        "ostrich is face down: it stays face down",
    )
    assert ann.fame_total == 24
    assert ("flip_face_down_card", "stays-down") in rulings_that_matter(EAGLE_OSTRICH_ELEPHANT)


STARFISH = {
    "season": "s2",
    "players": [
        {
            "name": "Ann",
            "deck": [
                "ladybug",
                "swordfish",
                "raccoon",
                "starfish",
                "mosquito",
                "mosquito",
                "mosquito",
                "mosquito",
                "spider",
            ],
        }
    ],
}


def test_starfish_turns_a_face_down_card_face_up_then_stacks_on_it():
    """S2 Starfish: "flip the previously placed card ... and stack this card on it". The
    Swordfish turned the Raccoon after it face down; the Starfish turns it face up again and
    stacks on it. Swordfish 8 + Raccoon 3 + Starfish 4 = 15. 'stays-down': the Starfish still
    stacks on the face-down Raccoon (the flip is the only part ignored): 12."""
    turn = resolve(STARFISH)
    stay = resolve(with_rulings(STARFISH, **STAYS_DOWN))
    assert table_grid(turn.players[0]) == [
        ["~ladybug", "swordfish", "raccoon+starfish"],
        ["mosquito", "mosquito", "mosquito"],
    ]
    assert table_grid(stay.players[0]) == [
        ["~ladybug", "swordfish", "~raccoon+starfish"],
        ["mosquito", "mosquito", "mosquito"],
    ]
    assert ("raccoon", 1, (0, 2), "s2.key.face-down.flipped-up") in _flips(turn.trace)
    stack = next(e for e in turn.trace if e.kind == "stack" and e.card == "starfish")
    flip_up = next(e for e in turn.trace if e.kind == "flip" and e.value == 1)
    assert flip_up.step < stack.step and stack.target == "raccoon"
    assert (turn.players[0].fame_total, stay.players[0].fame_total) == (15, 12)


def test_swordfish_turns_the_previous_face_up_and_the_next_face_down():
    """S2 Swordfish, both parts on their own: the second Swordfish's previous placed card is the
    Raccoon the first one turned face down: it is turned face up again; its next revealed card,
    the Hen, face up when revealed, is turned face down and does not activate (S2 Key
    Concepts, Next Revealed Card). Swordfish 8 + Raccoon 3 + Swordfish 8 + Mosquito 0 = 19."""
    scenario = {
        "season": "s2",
        "players": [
            {
                "name": "Ann",
                "deck": ["ladybug", "swordfish", "raccoon", "swordfish", "hen", "mosquito"],
            }
        ],
    }
    r = resolve(scenario)
    assert table_grid(r.players[0]) == [
        ["~ladybug", "swordfish", "raccoon"],
        ["swordfish", "~hen", "mosquito"],
    ]
    assert [(c, v) for c, v, _, _ in _flips(r.trace)] == [
        ("ladybug", 0),
        ("raccoon", 0),
        ("raccoon", 1),
        ("hen", 0),
    ]
    assert r.players[0].fame_total == 19
    stay = resolve(with_rulings(scenario, **STAYS_DOWN))
    assert table_grid(stay.players[0]) == [
        ["~ladybug", "swordfish", "~raccoon"],
        ["swordfish", "~hen", "mosquito"],
    ]
    assert stay.players[0].fame_total == 16


def test_the_eagle_s_next_revealed_card_is_face_up_so_the_option_does_not_touch_it():
    """The next revealed card is face up when the Eagle's effect reaches it (S2 Key Concepts,
    Next Revealed Card): it is turned face down and its ability does not activate (S1 FAQ
    Eagle), whatever the option says. Here the Ostrich would stack the Bee on itself."""
    scenario = {"season": "s1", "players": [{"deck": ["eagle", "ostrich", "bee", "snail"]}]}
    for rulings in ({}, STAYS_DOWN):
        r = resolve(with_rulings(scenario, **rulings))
        assert table_grid(r.players[0]) == [["eagle", "~ostrich", "bee"], ["snail", None, None]]
        assert _flips(r.trace) == [("ostrich", 0, (0, 1), "s2.key.next-revealed")]
    assert ("flip_face_down_card", "stays-down") not in rulings_that_matter(scenario)


def _run_on_face_down(card_id, rulings=None):
    """A Flip whose previous placed card is a face-down `card_id` in slot 1, then an Elephant:
    the grid is laid out by hand, as no ability turns a flip-immune card face down."""
    table = Table("s1", rulings or Rulings())
    p = table.add_player("Ann")
    target = table.new_card(card_id, face_up=False)
    p.grid.put(target, 0, 0)
    p.deck.append(table.new_card("elephant"))
    trace = Trace()
    run = FlipRun(table, p, trace)
    run.added.append((target, (0, 0)))
    run.step()
    return target, trace


def test_a_face_down_flip_immune_card_has_no_immunity():
    """A face-down card "has no name, rank, special effects, or abilities" (S2 Key Concepts,
    Face-down Cards): a face-down Rabbit has no 'cannot be flipped' banner, so the Elephant
    turns it face up; face up, it would have been immune (S1 Rabbit banner)."""
    rabbit, trace = _run_on_face_down("rabbit")
    assert rabbit.face_up
    assert _flips(trace) == [("rabbit", 1, (0, 0), "s2.key.face-down.flipped-up")]
    assert not [e for e in trace if e.rule == "s1.icon.flip-immune"]
    rabbit, trace = _run_on_face_down("rabbit", Rulings(flip_face_down_card="stays-down"))
    assert not rabbit.face_up and _flips(trace) == []


def test_a_face_up_flip_immune_card_is_still_immune():
    table = Table("s1")
    p = table.add_player("Ann")
    rabbit = table.new_card("rabbit", face_up=True)
    p.grid.put(rabbit, 0, 0)
    p.deck.append(table.new_card("elephant"))
    trace = Trace()
    run = FlipRun(table, p, trace)
    run.added.append((rabbit, (0, 0)))
    run.step()
    assert rabbit.face_up and _flips(trace) == []
    (ignored,) = [e for e in trace if e.rule == "s1.icon.flip-immune"]
    assert ignored.detail == "rabbit cannot be flipped"
