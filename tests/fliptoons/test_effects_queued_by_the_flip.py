"""Effects the Flip queues resolve at the end of the Flip, before Check Fame, in `resolve` exactly
as in a round.

S2 Key Concepts, Ability/Special Effect Timing (s2.key.timing, s2.key.timing.after-flip): "If any
'When Hired' or 'When Dismissed' abilities are activated during the Flip phase, resolve them at
the end of the Flip phase in clockwise order starting with the player with the first player
card." S1 FAQ Snake (s1.faq.snake.when-hired, s1.faq.snake.peacock): "If the player places a card
with a 'When Hired' ability due to the snake's ability, resolve it after the Flip phase is
complete. If the stacked card is a peacock, add the fame to the player's total and take an
additional action in the Market phase." S2 FAQ Mongoose and Crow: a Crow the Mongoose dismisses
resolves after the Flip, clockwise from the first player.
"""

from __future__ import annotations

import pytest

from fliptoons_explore import play_round, resolve
from fliptoons_explore.analysis.compare import compare_rulings
from fliptoons_explore.fliptoons.scenario import ScenarioError
from fliptoons_explore.policy import Recording
from fliptoons_explore.stepping import Stepper

SNAKE_PEACOCK = {"season": "s1", "players": [{"deck": ["snake"]}], "toon_deck": ["peacock"]}


def _steps(trace, kind, card=None, phase=None):
    return [
        e
        for e in trace
        if e.kind == kind
        and (card is None or e.card == card)
        and (phase is None or e.phase == phase)
    ]


def _check_fame_step(trace):
    return next(e.step for e in trace if e.kind == "phase" and e.phase == "check-fame")


def _resolved_after_flip(trace, card):
    """The trigger of a card's queued effect: caused by its `queued` event, citing the timing Key
    Concept, after the Flip's last event and before the Check Fame phase."""
    (queued,) = _steps(trace, "queued", card)
    (trigger,) = _steps(trace, "trigger", card, phase="after-flip")
    assert trigger.cause == queued.step
    assert trigger.rule == "s2.key.timing.after-flip"
    assert queued.rule == "s2.key.timing"
    last_flip = max(e.step for e in trace if e.phase == "flip")
    assert last_flip < trigger.step < _check_fame_step(trace)
    return trigger


def _same_as_round(scenario, resolution):
    """`play_round` (Flip, queued effects, Check Fame, then the Market) reaches the same fame."""
    game = play_round(scenario)
    assert [p.fame_total for p in game.table.players] == [p.fame_total for p in resolution.players]


def test_snake_gains_a_peacock_8_fame():
    """The issue's scenario: the Snake (1) stacks a Peacock (5) whose when-hired +2 resolves at the
    end of the Flip (S1 FAQ Snake: "add the fame to the player's total"): 1 + 5 + 2 = 8."""
    r = resolve(SNAKE_PEACOCK)
    p = r.players[0]
    assert p.fame_total == 8
    assert [(e.card.spec.id, e.base, e.gained) for e in p.fame] == [
        ("snake", 1, 0),
        ("peacock", 5, 2),
    ]
    assert p.bonus_actions == 1
    trigger = _resolved_after_flip(r.trace, "peacock")
    (gain,) = _steps(r.trace, "fame_change", "peacock")
    assert (gain.cause, gain.value, gain.rule) == (trigger.step, 2, "s1.faq.snake.peacock")
    assert gain.step < _check_fame_step(r.trace)
    _same_as_round(SNAKE_PEACOCK, r)


# -- a Peacock's two halves go together ----------------------------------------------
#
# S1 FAQ Snake: "If the stacked card is a peacock, add the fame to the player's total and take an
# additional action in the Market phase." The effect waits for the end of the Flip, and it belongs
# to a card in the grid: once that card is face down it has none (S1 FAQ Eagle: "Ignore any
# special effect or ability of the card flipped face down"; S2 Key Concepts, Face-down Cards: "no
# name, rank, special effects, or abilities"), and once it has left the grid it takes no part in
# it (S2 FAQ Vulture: "no longer in the player's grid ... this ability is ignored"; S2 FAQ Rat).
# Either way both halves, the 2 fame and the bonus action, lapse together.

PEACOCK_FLIPPED = {
    "season": "s1",
    "players": [{"deck": ["snake", "bee", "elephant"]}],
    "toon_deck": ["peacock"],
}
PEACOCK_RETURNED = {
    "season": "combined",
    "players": [{"deck": ["snake", "bee", "coyote"] + ["bee"] * 5}],
    "toon_deck": ["peacock"],
}
PEACOCK_LEFT_ALONE = {
    "season": "s1",
    "players": [{"deck": ["snake", "bee", "bee"]}],
    "toon_deck": ["peacock"],
}


def _market_actions(scenario):
    """The Market actions a round gives the player (every one skipped: the scenario scripts
    none)."""
    game = play_round(scenario)
    return [e for e in game.trace if e.kind in ("skip", "hire", "dismiss") and e.phase == "market"]


def test_a_gained_peacock_flipped_face_down_gives_neither_half():
    """The issue's example: the Snake (1) dismisses the Bee on top of the deck and gains the
    Peacock; the Elephant (7) flips the previous placed card, the Peacock, face down. At the end
    of the Flip its when-hired effect is ignored, all of it, citing the Eagle FAQ: 8 fame, no
    gain in the trace, and the round gives two Market actions, not three."""
    r = resolve(PEACOCK_FLIPPED)
    p = r.players[0]
    assert p.fame_total == 8 and p.bonus_actions == 0
    assert [(e.card.spec.id, e.fame) for e in p.fame] == [("snake", 1), ("elephant", 7)]
    assert not _steps(r.trace, "fame_change")
    (ignored,) = _steps(r.trace, "ignored", "peacock", phase="after-flip")
    (queued,) = _steps(r.trace, "queued", "peacock")
    assert (ignored.cause, ignored.rule) == (queued.step, "s1.faq.eagle.ignore-flipped")
    assert ignored.detail == "its when hired effect does not happen: it is face down"
    assert not _steps(r.trace, "trigger", "peacock", phase="after-flip")
    _same_as_round(PEACOCK_FLIPPED, r)
    assert len(_market_actions(PEACOCK_FLIPPED)) == 2


def test_a_gained_peacock_returned_to_the_deck_gives_neither_half():
    """A combined game: the Coyote returns the previous placed card, the Peacock the Snake gained
    (S2 Coyote; S2 Keywords, Return), and takes its space on the Snake. The Peacock stays at the
    bottom of the deck (five Bees fill the grid): no longer in the grid, its effect is ignored,
    citing the Vulture FAQ; 1 + 5 + 5 = 11 fame and two Market actions."""
    r = resolve(PEACOCK_RETURNED)
    p = r.players[0]
    assert [c.spec.id for c in p.deck] == ["peacock"]
    assert p.fame_total == 11 and p.bonus_actions == 0
    (ignored,) = _steps(r.trace, "ignored", "peacock", phase="after-flip")
    assert (ignored.rule, ignored.detail) == (
        "s2.faq.vulture.left-grid",
        "its when hired effect does not happen: it is no longer in the grid",
    )
    assert not _steps(r.trace, "fame_change")
    _same_as_round(PEACOCK_RETURNED, r)
    assert len(_market_actions(PEACOCK_RETURNED)) == 2


def test_a_gained_peacock_left_alone_gives_both_halves():
    """Left face up in the grid, the Peacock's effect resolves at the end of the Flip: +2 in its
    own fame entry (5 printed + 2) and a bonus action; 1 + 7 + 1 = 9 fame, three Market actions."""
    r = resolve(PEACOCK_LEFT_ALONE)
    p = r.players[0]
    assert p.fame_total == 9 and p.bonus_actions == 1
    peacock = next(e for e in p.fame if e.card.spec.id == "peacock")
    assert (peacock.base, peacock.gained, peacock.fame) == (5, 2, 7)
    (fame,) = [e for e in r.trace if e.kind == "fame" and e.card == "peacock"]
    assert (fame.value, fame.rule, fame.detail) == (
        7,
        "s1.faq.snake.peacock",
        "5 printed +2 gained after the Flip",
    )
    _same_as_round(PEACOCK_LEFT_ALONE, r)
    assert len(_market_actions(PEACOCK_LEFT_ALONE)) == 3


def test_a_peacock_dismissed_after_its_effect_keeps_its_2_fame():
    """Two Snakes gain a Peacock and a Panther. The player resolves the Peacock first (S2 Key
    Concepts: abilities outside the grid "in the order of their choice"): both halves happen at
    once. The Panther then dismisses the Peacock (S2 FAQ Panther). The 2 fame were already added
    to the round's total, so Check Fame still counts them, as its own event (the Peacock has no
    fame entry left): 1 + 1 + 2 (Panther) + 2 = 6, and the bonus action stays."""
    scenario = {
        "season": "combined",
        "players": [{"deck": ["snake", "bee", "snake", "bee"], "choices": ["peacock", "peacock"]}],
        "toon_deck": ["peacock", "panther"],
    }
    r = resolve(scenario)
    p = r.players[0]
    assert p.fame_total == 6 and p.bonus_actions == 1
    assert [c.spec.id for c in p.dismissed] == ["bee", "bee", "peacock"]
    (late,) = _steps(r.trace, "fame_change", "peacock", phase="check-fame")
    assert (late.value, late.rule) == (2, "s1.faq.snake.peacock")
    assert r.to_json()["players"][0]["fame"]["total"] == 6
    _same_as_round(scenario, r)


def test_the_effect_phase_comes_between_flip_and_check_fame():
    """The trace's phases: Flip, the effects queued in it, Check Fame (S2 Key Concepts timing)."""
    r = resolve(SNAKE_PEACOCK)
    phases = [(e.phase, e.rule) for e in r.trace if e.kind == "phase"]
    assert phases == [
        ("flip", "s1.flip"),
        ("after-flip", "s2.key.timing.after-flip"),
        ("check-fame", "s1.check-fame"),
    ]


def test_no_queued_effect_no_after_flip_phase():
    """Nothing queued: the trace goes from the Flip straight to Check Fame."""
    r = resolve({"season": "s1", "players": [{"deck": ["snake", "bee"]}], "toon_deck": ["goat"]})
    assert [e.phase for e in r.trace if e.kind == "phase"] == ["flip", "check-fame"]


def test_snake_gains_a_pig_it_goes_into_a_deck_before_check_fame():
    """S1 FAQ Pig: when hired (here gained by a Snake, S1 FAQ Snake), the Pig goes into any deck;
    the effect resolves at the end of the Flip, so the Pig (-1) has left the grid at Check Fame.
    Scripted: into the player's own deck (on top)."""
    scenario = {
        "season": "s1",
        "players": [{"name": "Ann", "deck": ["snake"], "choices": ["Ann"]}],
        "toon_deck": ["pig"],
    }
    r = resolve(scenario)
    p = r.players[0]
    assert p.fame_total == 1  # the Snake alone; the Pig would have scored -1
    assert [c.spec.id for c in p.deck] == ["pig"]
    assert [c.spec.id for c in p.grid.cards()] == ["snake"]
    trigger = _resolved_after_flip(r.trace, "pig")
    (decision,) = _steps(r.trace, "decision", "pig")
    (to_deck,) = _steps(r.trace, "to_deck", "pig")
    assert decision.cause == to_deck.cause == trigger.step
    assert (decision.target, to_deck.rule) == ("Ann", "s1.faq.pig")
    _same_as_round(scenario, r)


def test_snake_gains_a_pig_default_puts_it_in_the_toon_deck():
    """The default policy's Pig, alone at the table, goes into the toon deck (S1 FAQ Pig: "or back
    in the toon deck. Shuffle the deck")."""
    scenario = {"season": "s1", "players": [{"deck": ["snake"]}], "toon_deck": ["pig", "goat"]}
    r = resolve(scenario)
    assert r.players[0].fame_total == 1
    assert sorted(c.spec.id for c in r.table.toon_deck) == ["goat", "pig"]
    assert [s.spec.id for s in r.players[0].grid.cards()] == ["snake"]
    assert resolve(scenario).to_json() == r.to_json()  # the shuffle replays exactly
    _same_as_round(scenario, r)


def test_snake_gains_a_butterfly_it_dismisses_the_caterpillar_before_check_fame():
    """S1 FAQ Butterfly (a face-up Caterpillar of the player's grid) resolved at the end of the
    Flip (S1 FAQ Snake): the Caterpillar is dismissed before Check Fame, its slot stays empty."""
    scenario = {
        "season": "s1",
        "players": [{"deck": ["caterpillar", "snake"]}],
        "toon_deck": ["butterfly"],
    }
    r = resolve(scenario)
    p = r.players[0]
    assert [c.spec.id for c in p.dismissed] == ["caterpillar"]
    assert p.grid.at(0, 0) is None and [c.spec.id for c in p.grid.at(0, 1)] == [
        "snake",
        "butterfly",
    ]
    assert p.fame_total == 1 + 2
    trigger = _resolved_after_flip(r.trace, "butterfly")
    (dismiss,) = _steps(r.trace, "dismiss", "caterpillar")
    assert (dismiss.cause, dismiss.rule) == (trigger.step, "s1.faq.butterfly")
    _same_as_round(scenario, r)


MONGOOSE_CROW = {
    "season": "s2",
    "players": [{"deck": ["mongoose", "hippopotamus", "crow"]}],
    "market": ["mosquito", "fox", "rat"],
    "toon_deck": ["goldfish", "shark"],
}


def test_mongoose_dismisses_a_crow_it_hires_before_check_fame():
    """S2 FAQ Mongoose and Crow: the Crow the Mongoose dismisses from the bottom of the deck
    resolves after the Flip: its owner hires a market card for 0 (the default policy: the most
    fame, the Fox) onto the deck, and the market refills, all before Check Fame, so the
    Hippopotamus (+2 per card in the deck, S2 FAQ) counts the hired Fox: 1 card, +2."""
    r = resolve(MONGOOSE_CROW)
    p = r.players[0]
    assert [c.spec.id for c in p.dismissed] == ["crow"]
    assert [c.spec.id for c in p.deck] == ["fox"]
    # the refill empties the toon deck: the cards slide under the highest prices (S2 Market)
    assert [c.spec.id if c else None for c in r.table.market] == [
        None,
        None,
        "mosquito",
        "rat",
        "shark",
    ]
    assert [c.spec.id for s in (p.grid.at(0, 0), p.grid.at(0, 1), p.grid.at(0, 2)) for c in s] == [
        "mongoose",
        "goldfish",
        "hippopotamus",
    ]
    (hippo,) = [e for e in p.fame if e.card.spec.id == "hippopotamus"]
    assert hippo.bonus == 2
    trigger = _resolved_after_flip(r.trace, "crow")
    (hire,) = _steps(r.trace, "hire", "fox")
    (refill,) = _steps(r.trace, "refill", "shark")
    assert hire.cause == refill.cause == trigger.step
    assert (hire.rule, hire.value, refill.rule) == ("s2.faq.crow", 0, "s2.faq.crow")
    _same_as_round(MONGOOSE_CROW, r)


def test_two_crows_resolve_clockwise_from_the_first_player():
    """S2 FAQ Crow: "If more than one player dismisses a crow during the Flip phase, resolve them
    in clockwise order starting from the player with the first player card." Player 1 holds it:
    their Crow takes the one market card; player 0's Crow finds the market empty."""
    scenario = {
        "season": "s2",
        "first_player": 1,
        "players": [
            {"name": "A", "deck": ["mongoose", "crow"]},
            {"name": "B", "deck": ["mongoose", "crow"]},
        ],
        "market": ["fox"],
        "toon_deck": ["goldfish", "goldfish"],
    }
    r = resolve(scenario)
    a, b = r.players
    assert [c.spec.id for c in b.deck] == ["fox"] and list(a.deck) == []
    triggers = _steps(r.trace, "trigger", "crow", phase="after-flip")
    assert [e.player for e in triggers] == [1, 0]
    (empty,) = [e for e in r.trace if e.kind == "ignored" and e.card == "crow"]
    assert (empty.player, empty.cause, empty.detail) == (0, triggers[1].step, "the market is empty")
    _same_as_round(scenario, r)


def test_stepping_and_comparison_see_the_effect():
    """Everything built on `resolve` resolves the queued effect too: the recorded state after the
    Peacock's +2 has 1 + 5 + 2 at the end, and a ruling comparison starts from 8."""
    stepper = Stepper.from_scenario(SNAKE_PEACOCK)
    assert stepper.goto(stepper.last).state["players"][0]["fame"] == 8
    comparison = compare_rulings(SNAKE_PEACOCK, {"snake_gained_abilities": True})
    assert comparison.players[0].fame == (8, 8)


# -- two effects of one player: the order of their choice -----------------------------------------
# S2 Key Concepts, Ability/Special Effect Timing (s2.key.timing.outside-grid): "If two or more
# abilities activate outside a player's grid, that player resolves them in the order of their
# choice." The effects a Flip queued wait outside the grid for its end: the player orders them
# (decision `effect_order`, scripted by a scenario's `choices`); the default policy keeps the
# order of ruling `flip_trigger_order`.

SNAKE_CROW_PIG = {
    "season": "combined",
    "players": [{"name": "Ann", "deck": ["snake", "crow", "bee"]}],
    "market": ["mosquito", "fox", "rat"],
    "toon_deck": ["pig"],
}


def _choosing(scenario, *choices):
    return {**scenario, "players": [{**scenario["players"][0], "choices": list(choices)}]}


def _market(table):
    return [c.spec.id if c else None for c in table.market]


def test_the_player_orders_a_crow_and_a_pig_the_snake_queued():
    """The Snake dismisses the Crow on top of the deck and stacks the Pig, the last toon card, on
    itself (S1 FAQ Snake): both effects wait for the end of the Flip (S2 FAQ Crow; S1 FAQ Pig).
    Crow first: it hires the Fox for 0 and the market cannot refill from the empty toon deck;
    then the Pig, alone at the table, goes into the toon deck. Pig first: the Pig goes into the
    toon deck, and the Crow's refill then reveals it into the market."""
    crow_first = resolve(_choosing(SNAKE_CROW_PIG, "crow"))
    pig_first = resolve(_choosing(SNAKE_CROW_PIG, "pig"))
    for r in (crow_first, pig_first):
        ann = r.players[0]
        assert [c.spec.id for c in ann.deck] == ["fox"] and [c.spec.id for c in ann.dismissed] == [
            "crow"
        ]
        assert ann.fame_total == 1 + 1  # Snake and Bee; the Pig left the grid before Check Fame
    assert _market(crow_first.table) == [None, None, None, None, None, "mosquito", "rat"]
    assert [c.spec.id for c in crow_first.table.toon_deck] == ["pig"]
    assert _market(pig_first.table) == [None, None, None, None, "mosquito", "rat", "pig"]
    assert list(pig_first.table.toon_deck) == []
    for r, first, second in ((crow_first, "crow", "pig"), (pig_first, "pig", "crow")):
        (decision,) = [e for e in _steps(r.trace, "decision", phase="after-flip") if e.card is None]
        assert (decision.kind, decision.card, decision.target, decision.rule, decision.detail) == (
            "decision",
            None,
            first,
            "s2.key.timing.outside-grid",
            "which effect resolves first?",
        )
        (phase,) = [e for e in r.trace if e.kind == "phase" and e.phase == "after-flip"]
        assert decision.cause == phase.step
        triggers = [e.card for e in _steps(r.trace, "trigger", phase="after-flip")]
        assert triggers == [first, second]
        _same_as_round(_choosing(SNAKE_CROW_PIG, first), r)


def test_the_default_order_is_the_flip_order_ruling():
    """Unscripted, the default policy answers with the first option, the order of ruling
    `flip_trigger_order` (flip order: the Crow was dismissed before the Pig was gained)."""
    default = resolve(SNAKE_CROW_PIG)
    assert default.to_json() == resolve(_choosing(SNAKE_CROW_PIG, "crow")).to_json()
    (decision,) = [
        e for e in _steps(default.trace, "decision", phase="after-flip") if e.card is None
    ]
    assert decision.target == "crow"


def test_the_options_come_in_the_order_of_the_ruling():
    """Two Snakes: the first, in slot 1, dismisses a Crow; a Gorilla in slot 2 puts the second
    above itself, in an extra row (S2 FAQ Gorilla), where it gains a Peacock. In flip order the
    Crow comes first; left to right, top row first (ruling `flip_trigger_order`
    'reading-order'), the extra row's Peacock does."""
    scenario = {
        "season": "combined",
        "players": [{"name": "Ann", "deck": ["snake", "crow", "gorilla", "snake", "bee", "cat"]}],
        "market": ["mosquito", "fox", "rat"],
        "toon_deck": ["goat", "peacock"],
    }
    asked = {}
    for order in ("flip-order", "reading-order"):
        recording = Recording()
        resolve({**scenario, "rulings": {"flip_trigger_order": order}}, recording)
        asked[order] = [
            (a.kind, a.options, a.answer) for a in recording.asked if a.kind == "effect_order"
        ]
    assert asked == {
        "flip-order": [("effect_order", ("crow", "peacock"), 0)],
        "reading-order": [("effect_order", ("peacock", "crow"), 0)],
    }


def test_one_effect_each_or_cards_of_one_name_ask_nothing():
    """Two players with one Crow each (S2 FAQ Crow: clockwise from the first player) choose no
    order; nor does a player whose waiting effects are all of one card, which do the same."""
    two_players = {
        "season": "s2",
        "players": [{"deck": ["mongoose", "crow"]}, {"deck": ["mongoose", "crow"]}],
        "market": ["fox"],
        "toon_deck": ["goldfish", "goldfish"],
    }
    two_crows = {
        "season": "combined",
        "players": [{"deck": ["snake", "crow", "mongoose", "bee", "crow"]}],
        "market": ["fox", "rat"],
        "toon_deck": ["goat", "cat", "hen"],
    }
    for scenario in (two_players, two_crows):
        r = resolve(scenario)
        assert not [e for e in r.trace if e.kind == "decision" and e.card is None]
    assert len(_steps(resolve(two_crows).trace, "trigger", "crow", phase="after-flip")) == 2


def test_a_bad_order_answer_names_the_options():
    """A scripted answer that is not a waiting card is a one-line error naming the options."""
    with pytest.raises(
        ScenarioError,
        match=r'players\[0\]\.choices\[0\]: "bee" is not a legal answer to '
        r'"which effect resolves first\?" \(expected one of: "crow", "pig"\)',
    ):
        resolve(_choosing(SNAKE_CROW_PIG, "bee"))
