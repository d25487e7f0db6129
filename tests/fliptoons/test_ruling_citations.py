"""Every deciding ruling is cited: each ruling option is set to each of its
other values over the situation library, a situation per reading and seeded rounds and games;
wherever that changes the outcome, the traces must cite `ruling.<name>` (as an event's ruling,
beside its rule) where they start to differ.

- A situation (the library's FlipToons ones, and the ones below, built for each reading): both
traces, the
  one with the scenario's rulings and the one with the option changed, cite the ruling at or
  before their first difference (events compared without the rules they cite).
- A seeded round of a random table (the random policy): one of the two traces cites it at or
  before their first difference: an option that narrows a player's Market actions (the x-side
  price cards, the dismiss minimum) says so where it narrows them; where it widens them the
  policy simply has more to choose from.
- A seeded whole game: one of the two traces cites it; a game can first differ long before the
  option decides (`flip_players` reorders the trace of every Flip, and changes an outcome only
  where two players take from the toon deck).

Every option must change the outcome of at least one case here, so that each one's citation is
really tested.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

import test_ruling_readings as readings
from fliptoons_explore import OPTIONS, DefaultPolicy, RandomPolicy, Rulings, situations
from fliptoons_explore.fliptoons.engine import play_game, play_round, resolve
from fliptoons_explore.fliptoons.game import Game, new_game
from fliptoons_explore.fliptoons.sample import random_table
from fliptoons_explore.fliptoons.scenario import ScenarioError, load
from golden_outcomes import table_line
from util import CATERPILLAR_UNDER_RAT, COW, LION, SPIDER, with_rulings

#: A situation per reading the library does not show, each {option: [(play, scenario)]}.
READINGS = {
    "flip_players": [
        (
            "resolve",
            {  # the Snake of the second player comes first in lockstep
                "season": "s1",
                "players": [{"deck": ["bee", "snake", "bee"]}, {"deck": ["snake", "bee", "bee"]}],
                "toon_deck": ["goat", "peacock"],
            },
        )
    ],
    "flip_trigger_order": [
        (
            "resolve",
            {  # a Pig gained in an extra row comes first left to right
                "season": "combined",
                "players": [{"deck": ["snake", "crow", "gorilla", "snake", "bee", "cat"]}],
                "market": ["mosquito", "fox", "rat"],
                "toon_deck": ["goat", "pig"],
            },
        )
    ],
    "extra_rows_in_columns": [("resolve", SPIDER)],
    "cow_copies": [("resolve", COW)],
    "lion_without_neighbours": [("resolve", LION)],
    "dragonfly_unique": [
        (
            "resolve",
            {  # two Bees beside the Dragonfly
                "season": "s1",
                "players": [{"grid": [[["bee"], ["dragonfly"], ["bee"]], [None, ["snail"], None]]}],
            },
        )
    ],
    "snake_gained_abilities": [
        (
            "resolve",
            {  # a Monkey gained in the upper row
                "season": "s1",
                "players": [{"deck": ["snake", "bee", "bee"]}],
                "toon_deck": ["monkey"],
            },
        )
    ],
    "sloth_counts": [
        (
            "resolve",
            {  # eight cards, one face down
                "season": "combined",
                "players": [
                    {
                        "grid": [
                            [["sloth", "bee", {"id": "bee", "face_up": False}], ["bee"], ["bee"]],
                            [["bee"], ["bee"], ["bee"]],
                        ]
                    }
                ],
            },
        )
    ],
    "dismiss_costs_combine": [("round", CATERPILLAR_UNDER_RAT)],
    "firefly_counts_for_trigger": [
        (
            "resolve",
            {  # Ann 29 + the Firefly's 2 = 31 passes Ben's 30
                "season": "s2",
                "players": [
                    {"name": "Ann", "deck": ["firefly", "hippopotamus"] + ["mosquito"] * 18},
                    {"name": "Ben", "deck": ["hippopotamus"] + ["mosquito"] * 20},
                ],
            },
        )
    ],
    "vulture_immune_lowest": [
        (
            "round",
            {  # the Opossum, lowest, cannot be dismissed
                "season": "s2",
                "players": [
                    {
                        "grid": [[["vulture"], ["opossum"], ["swordfish"]], [None, None, None]],
                        "deck": ["mosquito"] * 3,
                    }
                ],
            },
        )
    ],
    "hired_by_ability_triggers": [
        (
            "round",
            {  # the Raccoon hires a dismissed Panther back
                "season": "s2",
                "players": [
                    {
                        "grid": [[["swordfish"], ["mosquito"], ["zebra"]], [None, None, None]],
                        "deck": ["mosquito"] * 3,
                        "dismissed": ["panther"],
                        "actions": [{"hire": "raccoon"}],
                        "choices": ["panther", "mosquito"],
                    }
                ],
                "market": ["raccoon", "goldfish", "rat"],
                "toon_deck": ["hen", "fox"],
            },
        )
    ],
    "after_market_refill": [("round", readings.VULTURE_CROW)],
    "snake_space_to_the_right": [("resolve", readings.SNAKE_IN_SLOT_3)],
    "crab_flip_end": [("resolve", readings.COYOTE_CRAB)],
    "space_it_left": [("resolve", readings.ZEBRA_IN_A_STACK)],
    "x_side_price_cards": [("round", readings.RICH_HIRE), ("resolve", readings.MONGOOSE_CROW)],
    "rats_in_a_stack": [("round", readings.TWO_RATS)],
    "previous_placed_first": [("resolve", readings.MONKEY_ELEPHANT)],
    "flipped_face_up": [
        ("resolve", readings.GOAT_TURNED_UP),
        ("round", readings.DONKEY_TURNED_UP),
        ("resolve", readings.FIREFLY_TURNED_UP),
    ],
    "fireflies_of_one_player": [("resolve", readings.TWO_FIREFLIES)],
    "monkey_above_a_card": [("resolve", readings.MONKEY_UNDER_A_CARD)],
    "alligator_in_the_right_column": [("round", readings.ALLIGATOR_IN_SLOT_3)],
    "taken_back_before_its_effect": [("resolve", readings.CROW_TAKEN_BACK)],
    "capybara_exactly_three": [("resolve", readings.CAPYBARA_THREE_LEFT)],
    "stacked_is_placed": [
        ("resolve", readings.GORILLA_ON_AN_OSTRICH),
        ("resolve", readings.MOLE_ON_AN_OSTRICH),
    ],
    "eagle_next_cannot_be_flipped": [("resolve", readings.EAGLE_EAGLE)],
    "peacock_counts_for_trigger": [("resolve", readings.PEACOCK_TO_30)],
}


def _final_flip(decks, holder=None):
    """A Final Flip of these decks (S2 Final Flip), `holder` holding the critic's choice; ties
    re-flip (the same decks tie again, up to the safety bound)."""

    def play(rulings):
        table, _ = load(
            {"season": "s2", "rulings": rulings, "players": [{"deck": deck} for deck in decks]}
        )
        table.rng.seed(0)
        if holder is not None:
            table.players[holder].critics_choice = True
        game = Game(table, RandomPolicy(3))
        game.final_flip("the test")
        return game

    return play


#: Six Sharks (18) against five and a Firefly (16, +2 alone with the least fame: a tie).
FIREFLY_FINAL = _final_flip([["shark"] * 6, ["shark"] * 5 + ["firefly"]])
#: Six Sharks (18) against five and a Mosquito (15) with the critic's choice (+3: a tie).
CRITICS_FINAL = _final_flip([["shark"] * 6, ["shark"] * 5 + ["mosquito"]], holder=1)


def _round_of(scenario):
    """The scenario's round played by the default policy (a scripted round skips once its
    actions run out; the default policy hires, or dismisses a card worth nothing)."""

    def play(rulings):
        table, _ = load({**scenario, "rulings": rulings})
        table.rng.seed(0)
        game = Game(table, DefaultPolicy(), shuffle=False)
        game.play_round(stop_before_cleanup=True)
        return game

    return play


#: Four cards in deck and grid, one in the deck: the two dismiss minimums disagree.
MINIMUM = _round_of(
    {
        "season": "s2",
        "players": [
            {
                "grid": [[["swordfish"], ["mosquito"], ["mosquito"]], [None, None, None]],
                "deck": ["mosquito"],
            }
        ],
    }
)
#: Ann's Vulture dismisses her Crow, which hires from the market before or after Ben's turn.
AFTER_ANNS_TURN = _round_of(
    {
        "season": "s2",
        "players": [
            {
                "name": "Ann",
                "grid": [[["vulture"], ["crow"], ["swordfish"]], [None, None, None]],
                "deck": ["mosquito"] * 3,
            },
            {
                "name": "Ben",
                "grid": [[["swordfish"], ["swordfish"], None], [None, None, None]],
                "deck": ["mosquito"] * 3,
            },
        ],
        "market": ["goldfish", "rat", "mole", "hen", "fox"],
        "toon_deck": ["zebra", "shark", "clownfish"],
    }
)


def _solo_round(rulings):
    table, _ = load({**readings.SOLO_VULTURE_CROW, "rulings": rulings})
    game = Game(table, readings._Skip(), solo="normal", shuffle=False)
    game.play_round()
    return game


#: Cases a scenario cannot start from (the Final Flip, a solo game): {option: [game of rulings]}.
GAME_CASES = {
    "firefly_in_final_flip": [FIREFLY_FINAL],
    "critics_choice_in_reflips": [CRITICS_FINAL],
    "solo_market_discard": [_solo_round],
    "dismiss_minimum": [MINIMUM],
    "after_market_timing": [AFTER_ANNS_TURN],
}


def _key(e):
    return (e.kind, e.phase, e.player, e.card, e.pos, e.target, e.detail, e.value)


def first_difference(a, b) -> int | None:
    """The first step at which two traces differ (the rules cited aside), or None."""
    for k in range(max(len(a), len(b))):
        if k >= len(a) or k >= len(b) or _key(a[k]) != _key(b[k]):
            return k
    return None


def cites(trace, ruling, upto=None) -> bool:
    return any(ruling in e.cites for e in trace[: None if upto is None else upto + 1])


def _other_values(name, current):
    return [v for v in OPTIONS[name].choices if v != current]


def _play(play, scenario):
    """(outcome, trace) of a scenario played as `play` says."""
    if play == "round":
        game = play_round(scenario)
        return table_line(game.table, fame_left=True), game.trace
    if play == "game":
        game = play_game(scenario)
        return table_line(game.table) + repr(game.result), game.trace
    r = resolve(scenario)
    return table_line(r.table) + repr(r.table.critics_choice), r.trace


def walk_scenario(name, play, scenario, label, both=True) -> tuple[int, list[str]]:
    """(how many values of option `name` change the outcome, what is wrong)."""
    base_rulings = dict(scenario.get("rulings") or {})
    current = base_rulings.get(name, OPTIONS[name].default)
    outcome, trace = _play(play, scenario)
    changed, wrong = 0, []
    for value in _other_values(name, current):
        try:
            other, other_trace = _play(
                play, with_rulings(scenario, **{**base_rulings, name: value})
            )
        except ScenarioError:  # a scripted action is not legal under it: covered by its error
            continue
        if other == outcome:
            continue
        changed += 1
        wrong += _judge(name, value, label, trace, other_trace, both)
    return changed, wrong


def _judge(name, value, label, trace, other_trace, both, anywhere=False) -> list[str]:
    ruling = "ruling." + name
    k = None if anywhere else first_difference(trace, other_trace)
    if not anywhere and k is None:
        return [f"{label}: {name}={value!r} changes the outcome, but not the trace"]
    here = [cites(trace, ruling, k), cites(other_trace, ruling, k)]
    if all(here) if both else any(here):
        return []
    return [
        f"{label}: {name}={value!r} changes the outcome; {ruling} is cited "
        + ("nowhere" if not any(here) else f"only {'with' if here[1] else 'without'} the change")
        + ("" if anywhere else f" at or before step {k}, where the traces first differ")
    ]


@pytest.mark.parametrize("name", list(OPTIONS))
def test_every_ruling_that_changes_a_situation_is_cited(name):
    """The library's situations and each reading's own: where option `name` changes the outcome,
    both traces cite it at or before their first difference; and some situation or game case
    shows it changing an outcome."""
    changed, wrong = 0, []
    cases = [(s.play, s.scenario, s.name) for s in situations(game="fliptoons")]
    cases += [
        (play, scenario, f"reading {name} #{i}")
        for i, (play, scenario) in enumerate(READINGS.get(name, ()))
    ]
    for play, scenario, label in cases:
        n, w = walk_scenario(name, play, scenario, label)
        changed, wrong = changed + n, wrong + w
    for i, make in enumerate(GAME_CASES.get(name, ())):
        base = make({})
        for value in _other_values(name, OPTIONS[name].default):
            other = make({name: value})
            if table_line(other.table) + repr(other.result) != table_line(base.table) + repr(
                base.result
            ):
                changed += 1
                wrong += _judge(
                    name, value, f"game case {name} #{i}", base.trace, other.trace, both=True
                )
    assert not wrong, "\n".join(wrong[:10])
    assert changed, f"no situation or case shows {name} changing an outcome"


SEASONS = ("s1", "s2", "combined")
ROUNDS = 40  # seeded rounds of random tables per season
GAMES = 12  # seeded whole games per season


def _round(season, seed, rulings):
    table = random_table(
        seed, n_cards=(4, 16), players=1 + seed % 5, season=season, toon_cards=seed % 9
    )
    table.rulings = rulings
    game = Game(table, RandomPolicy(seed), shuffle=False)
    game.play_round(stop_before_cleanup=True)
    return table_line(table, fame_left=True), game.trace


def _game(season, seed, rulings):
    players = 1 + seed % (8 if season == "combined" else 4)
    game = new_game(
        season,
        players,
        seed,
        "normal" if players == 1 else None,
        policy=RandomPolicy(seed),
        rulings=rulings,
    )
    game.play()
    return table_line(game.table) + repr(game.result), game.trace


@pytest.mark.slow
@pytest.mark.parametrize("season", SEASONS)
def test_every_ruling_that_changes_a_seeded_round_or_game_is_cited(season):
    """40 seeded rounds of random tables and 12 seeded games per season, every option set to each
    of its other values: a changed round cites the ruling at or before the traces' first
    difference in one of them, a changed game somewhere in one of them."""
    wrong = []
    for seed in range(ROUNDS + GAMES):
        play, label = (
            (_round, f"round {season} seed {seed}")
            if seed < ROUNDS
            else (_game, f"game {season} seed {seed}")
        )
        default = Rulings()
        outcome, trace = play(season, seed, default)
        for name in OPTIONS:
            for value in _other_values(name, OPTIONS[name].default):
                other, other_trace = play(season, seed, replace(default, **{name: value}))
                if other != outcome:
                    wrong += _judge(
                        name, value, label, trace, other_trace, both=False, anywhere=play is _game
                    )
    assert not wrong, "\n".join(wrong[:10])
