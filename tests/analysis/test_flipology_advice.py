"""Advice on a Flipology situation: `advise(scenario or game)` gives every legal
answer of the first decision no script answers with its win rate over simulations to the count
of the round (a game: to its end), best first, from what the deciding player sees only.

The situations are built on purpose. Scores follow Scoring ('the sum of the points of all faceup
cards in your row minus any points from faceup Sloths and Koalas. Then add the points from any
facedown Sloths or Koalas'); a round is every player one turn (Nature, Taking a Turn).
"""

from __future__ import annotations

import copy
import random

import pytest

pytest.importorskip("pandas")

from fliptoons_explore.analysis.advice import advise, advised_decision  # noqa: E402
from fliptoons_explore.analysis.experiments import wilson  # noqa: E402
from fliptoons_explore.flipology import new_game, play_round  # noqa: E402
from fliptoons_explore.flipology.search import SearchPolicy, unseen_places  # noqa: E402
from fliptoons_explore.policy import Choice, DefaultPolicy  # noqa: E402
from fliptoons_explore.search import Simulation  # noqa: E402

COLUMNS = ["option", "index", "words", "win_rate", "low", "high", "value", "simulations", "best"]

#: Ben (first this round) has flipped his Clearing; Ann's turn completes the round. Her face-down
#: Sloth counts 7, her Panda nothing until turned up; Ben's face-down Koala counts 8 (or, dealt
#: again from what Ann has not seen, the discard pile's Mole or Hawk: 0).
LAST_FLIP = {
    "game": "flipology",
    "first_player": 1,
    "players": [
        {"name": "Ann", "rows": [["panda:9", "sloth:7"]]},
        {"name": "Ben", "rows": [["koala:8", "clearing:0"]]},
    ],
    "discard": ["mole:1", "hawk:3"],
    "turns": [{"player": 1, "flip": [0, 1]}],
}

#: Ann flips her Dog (turn 1, its answer left open): it flips an adjacent card, her Kiwi or, round
#: the circle of rows, Ben's right-most card (face down: Ann has not seen it); then Ben's turn.
DOG = {
    "game": "flipology",
    "players": [
        {"name": "Ann", "rows": [["dog:5", "kiwi:8", "sloth:6"]]},
        {"name": "Ben", "rows": [["koala:8", "frog:4", "quokka:9"]]},
    ],
    "discard": ["cat:6", "mole:1"],
    "turns": [{"player": 0, "flip": [0, 0]}],
}

#: The round played (Ann flips her Hermit Crab, Ben his Clearing), the end: Ann's face-up Hermit
#: Crab picks from the discard pile (Hermit Crab; The End of the Game). Ben has 10 (his face-down
#: Koala 8, his face-up Mole 2); Ann 2 and what she picks.
CRAB = {
    "game": "flipology",
    "players": [
        {"name": "Ann", "rows": [["hermit_crab"]]},
        {"name": "Ben", "rows": [["koala:8", "clearing:0", {"id": "mole:2", "face_up": True}]]},
    ],
    "discard": ["panda:9", "sloth:6"],
    "turns": [{"player": 0, "flip": [0, 0]}, {"player": 1, "flip": [0, 1]}],
}


def test_the_flip_that_wins_is_marked_best_with_every_answer_of_the_decision():
    """Ann's last flip of the round: her Panda makes 9 + 7 = 16, more than Ben can have (8),
    and wins every simulation; her Sloth turned face up counts -7, less than Ben's 0 or 8, and
    wins none. Each answer's Wilson interval is that of its wins; the value adds the margin (the
    Panda's 16 - 8 = 8 when Ben's Koala stays his, at most 0.1 x 8/20)."""
    df = advise(LAST_FLIP, simulations=12, seed=1)
    assert list(df.columns) == COLUMNS
    assert df["option"].tolist() == ["[0, 0, 0]", "[0, 0, 1]"]
    assert df["index"].tolist() == [0, 1]
    assert df["words"].tolist() == ["Ann's row, card 1: Panda 9", "Ann's row, card 2: Sloth 7"]
    assert df["win_rate"].tolist() == [1.0, 0.0] and df["best"].tolist() == [True, False]
    assert df["simulations"].tolist() == [12, 12]
    assert (df["low"][0], df["high"][0]) == wilson(12, 12) and (
        df["low"][1],
        df["high"][1],
    ) == wilson(0, 12)
    assert 1.04 <= df["value"][0] <= 1.08 and -0.075 <= df["value"][1] <= -0.035
    assert round(df["value"][0] - df["value"][1], 9) == 1.115  # margins 16 - B and -7 - B: 23 apart
    a = df.attrs
    assert a["decision"] == (
        "Ann's decision (turn 2, played on to complete the round): Which of your cards do you flip?"
    )
    assert (a["game"], a["kind"], a["player"], a["name"], a["end"], a["field"]) == (
        "flipology",
        "turn",
        0,
        "Ann",
        "the round",
        "turns[1].choices",
    )
    assert (
        a["simulations"] == 12
        and a["stopped"] is False
        and "sampled, not peeked at" in a["explained"]
    )
    assert advised_decision(LAST_FLIP) == a["decision"]


def test_a_hermit_crab_pick_at_the_end_of_the_game():
    """Every turn of the round scripted, the decision left is the end's: the Panda (2 + 9 = 11)
    beats Ben's 10; the Sloth counted face down (2 + 6) or face up (2 - 6) or no pick loses.
    Ben's Koala is the one card Ann has not seen: there is nothing else to deal it from, so
    every simulation is the same and the values are exact (win share + 0.1 x margin / 20)."""
    df = advise(CRAB, simulations=3)
    assert df["words"].tolist() == ["Panda 9", "Sloth 6", "take none", "Sloth 6, counted face up"]
    assert df["option"].tolist() == [
        "panda:9",
        "sloth:6",
        "decline",
        '{"id": "sloth:6", "face_up": true}',
    ]
    assert df["win_rate"].tolist() == [1.0, 0.0, 0.0, 0.0]
    assert df["value"].round(6).tolist() == [1.005, -0.01, -0.04, -0.07]
    assert df["best"].tolist() == [True, False, False, False]
    assert df.attrs["decision"] == (
        "Ann's decision (the end of the game): Hermit Crab: which animal of the "
        "discard pile do you take (or none)?"
    )
    assert df.attrs["field"] == "end_choices"


def test_an_effects_answer_names_only_the_cards_its_player_knows():
    """The Dog's answer: Ann's own Kiwi by its face, Ben's unseen card as "a face-down card".
    Turning her Kiwi up (5 + 8 + 6 = 19) wins more often than turning Ben's card up."""
    df = advise(DOG, simulations=20, seed=2)
    assert df["words"].tolist() == [
        "Ann's row, card 2: Kiwi 8",
        "Ben's row, card 3: a face-down card",
    ]
    assert df["best"].tolist() == [True, False]
    assert df["win_rate"][0] > df["win_rate"][1]
    assert df.attrs["decision"] == "Ann's decision (turn 1): Dog: which adjacent card do you flip?"


def test_the_same_seed_gives_the_same_advice_and_a_time_limit_the_rows_of_a_smaller_budget():
    first = advise(DOG, simulations=10, seed=5)
    assert first.equals(advise(DOG, simulations=10, seed=5))
    assert first.equals(advise(DOG, policy=SearchPolicy(seed=5), simulations=10))
    cut = advise(DOG, simulations=50, seed=5, ms=0.001)
    assert cut.attrs["stopped"] and cut.attrs["simulations"] == 1
    assert cut.equals(advise(DOG, simulations=1, seed=5))


def test_no_peeking_the_cards_ann_has_not_seen_can_be_any_without_changing_the_advice():
    """Ben's unseen face-down Quokka exchanged with the discard pile's Cat, or with his unseen
    face-down Frog: the table differs (the Dog turning Ben's card 3 up ends the round otherwise),
    but not in anything Ann sees, and the advice is the same to the last digit."""
    swapped = copy.deepcopy(DOG)
    swapped["players"][1]["rows"][0][2], swapped["discard"][0] = "cat:6", "quokka:9"
    moved = copy.deepcopy(DOG)
    row = moved["players"][1]["rows"][0]
    row[1], row[2] = row[2], row[1]
    scores = set()
    for s in (DOG, swapped, moved):
        answered = copy.deepcopy(s)
        answered["turns"][0]["choices"] = [[1, 0, 2]]
        scores.add(tuple(p.score for p in play_round(answered, DefaultPolicy()).table.players))
    assert len(scores) == 3  # the hidden cards decide how the round ends
    advice = advise(DOG, simulations=12, seed=3)
    assert advice.equals(advise(swapped, simulations=12, seed=3))
    assert advice.equals(advise(moved, simulations=12, seed=3))


def test_advice_on_a_game_from_its_seed_leaves_the_game_as_it_is():
    """A new Nature game: the first decision is the deal's (Setup: 'select seven ... discard
    the two leftover cards'), 36 pairs of the nine cards dealt, each played to the end of the
    game; the game itself has not moved. `player` picks the other player's discard."""
    game = new_game("nature", 2, seed=4, traced=False)
    first = game.table.first_player
    df = advise(game, simulations=2, seed=1)
    assert len(df) == 36 and df["best"].sum() == 1 and (df["simulations"] == 2).all()
    assert (
        df.attrs["kind"] == "discard"
        and df.attrs["player"] == first
        and df.attrs["end"] == "the game"
    )
    assert df.attrs["decision"].endswith(
        "'s decision (the deal): Which 2 of your 9 cards do you discard?"
    )
    assert all(w.startswith("discard ") and " and " in w for w in df["words"])
    assert game.decisions == [] and game.result is None
    other = advise(game, simulations=1, player=1 - first)
    assert other.attrs["player"] == 1 - first and len(other) == 36


def test_no_peeking_in_a_game_simulations_that_scramble_the_hidden_cards_advise_the_same():
    """Every simulation first scrambling what its player has not seen (the other hand, the
    pile), as if the deal had been another, gives the same advice on a game's discard."""

    class Scrambled(Simulation):
        def choose(self, choice):
            if self.asked == len(self.prefix):
                hidden = [cards[k] for cards, k in unseen_places(choice.table, choice.player)]
                specs = [c.spec for c in hidden]
                random.Random(len(hidden)).shuffle(specs)
                for card, spec in zip(hidden, specs):
                    card.spec = spec
            return super().choose(choice)

    game = new_game("nature", 3, seed=8, traced=False)
    plain = advise(game, simulations=2, seed=6)
    scrambled = SearchPolicy(seed=6)
    scrambled.branch = Scrambled
    assert plain.equals(advise(game, policy=scrambled, simulations=2))


def _one_line(call) -> str:
    with pytest.raises(ValueError) as e:
        call()
    assert "\n" not in str(e.value)
    return str(e.value)


def test_bad_input_is_one_line():
    bad_card = {"game": "flipology", "players": [{"rows": [["nope"]]}, {"rows": [["dog"]]}]}
    assert _one_line(lambda: advise(bad_card)).startswith(
        'advise: players[0].rows[0][0]: unknown Flipology card "nope"'
    )
    assert (
        _one_line(lambda: advise(LAST_FLIP, player=2))
        == "player: expected None or a player index, 0 to 1, got 2"
    )
    assert _one_line(lambda: advise(LAST_FLIP, policy=DefaultPolicy())).startswith(
        "policy: expected a Flipology SearchPolicy (the search gives the advice), got "
    )
    done = copy.deepcopy(CRAB)
    done["end_choices"] = ["panda"]
    assert _one_line(lambda: advise(done)) == (
        "advise: the round ends with no decision the scenario leaves open for anyone"
    )
    assert _one_line(lambda: advise(LAST_FLIP, player=1)) == (
        "advise: the round ends with no decision the scenario leaves open for Ben"
    )
    game = new_game("nature", 2, seed=1, traced=False)
    game.play()
    assert _one_line(lambda: advise(game)) == "advise: this game is over: there is no decision left"
    asked = Choice("turn", 0, None, ((0, 0, 0), (0, 0, 1)), (0, 0), "Which?", False, game.table)
    assert _one_line(lambda: advise(asked)).startswith(
        "advise: a Flipology decision is advised from its scenario"
    )
    assert _one_line(lambda: advise(LAST_FLIP, simulations=0)) == (
        "simulations: expected a whole number of at least 1, got 0"
    )
