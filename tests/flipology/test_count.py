"""The end of a Flipology game and its count (`fliptoons_explore.flipology.count`): the Hermit
Crab's picks, each row's score, the winners (the Moon, the tiebreak) and the multi-game variant's
points and running scores. Each test builds a situation on purpose and asserts its exact outcome,
citing the passage of the Flipology rulebook (../shared/seeds/002_*.txt) it follows. Cards written
'+kind:points' start face up."""

from __future__ import annotations

from itertools import accumulate

import pytest

from flipology_util import resolve, scores
from fliptoons_explore import ScenarioError
from fliptoons_explore.flipology.count import GameResult, game_points
from fliptoons_explore.flipology.game import new_game
from fliptoons_explore.flipology.rulings import Rulings
from fliptoons_explore.policy import RandomPolicy

# -- the Hermit Crab's picks -----------------------------------------------------------------------


def test_hermit_crab_picks_an_animal_from_the_discard_pile():
    """HERMIT CRAB: 'If a HERMIT CRAB ... is faceup in your row at the end of the game, you may go
    through the discard pile, pick any animal, and adds its points to your score' (the Moon, an
    environment card, is no animal)."""
    r = resolve(["+hermit_crab", "panda"], ["kiwi"], discard=["moon", "dog:6"], end=["dog:6"])
    assert scores(r) == [8, 0] and r.table.players[0].parts["hermit_crab"] == 6
    with pytest.raises(ScenarioError, match=r'end_choices\[0\]: "moon:7" is not a legal answer'):
        resolve(["+hermit_crab", "panda"], ["kiwi"], discard=["moon", "dog:6"], end=["moon"])
    r = resolve(["+hermit_crab", "panda"], ["kiwi"], discard=["dog:6"], end=[None])
    assert scores(r) == [2, 0]


def test_hermit_crabs_pick_in_player_order():
    """'If two players have crab cards, they pick in player order': the first player takes the
    Quokka first, the next player the Dog that is left."""
    r = resolve(["+hermit_crab"], ["+hermit_crab"], discard=["quokka", "dog:5"], first=1)
    assert [c.spec.id for c in r.table.players[1].picked] == ["quokka:9"]
    assert [c.spec.id for c in r.table.players[0].picked] == ["dog:5"]


def test_two_hermit_crabs_pick_twice_unless_ruled_once():
    """Ruling hermit_crab_picks: 'anyone with a faceup Hermit Crab card decides ... if they want to
    use it': each card once; 'one-per-player' gives a player one pick however many Crabs."""
    r = resolve(["+hermit_crab", "+hermit_crab"], ["kiwi"], discard=["quokka", "dog:5"])
    assert scores(r) == [4 + 9 + 5, 0]
    r = resolve(
        ["+hermit_crab", "+hermit_crab"],
        ["kiwi"],
        discard=["quokka", "dog:5"],
        rulings={"hermit_crab_picks": "one-per-player"},
    )
    assert scores(r) == [4 + 9, 0]


def test_a_picked_sloth_counts_face_up_or_face_down_as_wished():
    """'Sloths and koalas can be treated as faceup or facedown depending on whether negative or
    positive points are desired.'"""
    r = resolve(["+hermit_crab"], ["kiwi"], discard=["sloth:7"], end=["sloth:7"])
    assert scores(r) == [9, 0]
    r = resolve(
        ["+hermit_crab"], ["kiwi"], discard=["sloth:7"], end=[{"id": "sloth:7", "face_up": True}]
    )
    assert scores(r) == [-5, 0]


# -- a row's score ---------------------------------------------------------------------------------


def test_sloths_and_koalas_score_face_down_and_count_against_face_up():
    """SLOTH, KOALA: 'worth 6 or 7 points, and the KOALA, 8 points, but only if they are facedown at
    the end of the game. Any that got flipped face have those points subtracted' (End of Game
    Scoring); face-down ones are revealed first (Overview of Play)."""
    r = resolve(["sloth:7", "+koala", "+panda"], ["+sloth:6"])
    assert scores(r) == [7 - 8 + 9, -6]
    assert r.table.players[0].parts == {
        "face_up": 9,
        "sloths_koalas_face_up": -8,
        "sloths_koalas_face_down": 7,
        "hermit_crab": 0,
    }
    assert [(e.card, e.rule) for e in r.trace if e.kind == "reveal"] == [
        ("sloth:7", "fl.end.reveal")
    ]


def test_unique_animals_score_face_up_only():
    """'six unique animal cards including the PANDA and the KIWI. These have no effect but score 8
    or 9 points if faceup.'"""
    r = resolve(["+panda", "kiwi", "+unnamed_unique_4"], ["quokka"])
    assert scores(r) == [9 + 8, 0]


# -- the winners: the Moon and the tiebreak --------------------------------------------------------


def test_the_moon_face_up_makes_the_fewest_points_win():
    """MOON: 'If it finishes the game faceup in a player's row, the winner of the round will be the
    player with the fewest points' (it scores its 7 too)."""
    r = resolve(["+moon", "+panda"], ["+kiwi"], ["+cat"])
    assert scores(r) == [16, 8, 4] and r.table.result.winners == [2] and r.table.result.moon
    r = resolve(["moon", "+panda"], ["+kiwi"], ["+cat"])
    assert r.table.result.winners == [0] and not r.table.result.moon


def test_tim_and_rachel_tie_at_21_won_by_four_different_animals():
    """'Tiebreaker': Tim and Rachel both score 21; Tim has three different face-up animals (the
    Parrot, two Hawks of one value, the Cat), Rachel four (the Monkey, the Dog and two Frogs of
    different values): Rachel wins. Tim's face-down Sloth scores but is no face-up animal, and
    Rachel's Wind is no animal at all."""
    tim = ["+parrot", "+hawk:3", "+hawk:3", "+cat:5", "sloth:6", "dog", "frog"]
    rachel = ["+monkey:3", "+dog:6", "+frog:4", "+frog:5", "+wind", "panda", "kiwi"]
    r = resolve(tim, rachel, names=["Tim", "Rachel"])
    assert scores(r) == [21, 21]
    assert [p.different_animals for p in r.table.players] == [3, 4]
    assert r.table.result.winners == [1]
    end = [e for e in r.trace if e.kind == "game_end"][0]
    assert end.rule == "fl.tiebreak" and "tie broken" in end.detail


@pytest.mark.parametrize(
    "mode, winners", [("most-animals", [1]), ("fewest-animals", [0]), ("shared", [0, 1])]
)
def test_a_moon_tie_and_the_tiebreak_by_ruling(mode, winners):
    """Ruling moon_tiebreak: the Tiebreaker ('count the total number of different faceup animals
    ... The player with the most unique types of animals wins') has no exception for the Moon."""
    r = resolve(
        ["+moon", "+cat:4"],
        ["+dog:5", "+hawk:3", "+mole:1", "+mole:2"],
        ["+panda", "+quokka"],
        rulings={"moon_tiebreak": mode},
    )
    assert scores(r) == [11, 11, 18]
    assert r.table.result.winners == winners


@pytest.mark.parametrize(
    "counted, animals, winners, rule",
    [(False, [2, 3], [1], "fl.end.reveal"), (True, [4, 3], [0], "ruling.revealed_in_tiebreak")],
)
def test_revealed_sloths_and_koalas_in_the_tiebreak_by_ruling(counted, animals, winners, rule):
    """Ruling revealed_in_tiebreak: 'Then players should reveal any Sloths and Koalas in their rows
    that remained facedown' (Overview of Play); the count still adds them as 'facedown Sloths or
    Koalas' (End of Game Scoring), and the Tiebreaker counts 'different faceup animals'. Ann: Cat 4
    + Hawk 3 face up, Sloth 6 and Koala 8 face down = 21; Ben: Quokka 9, Kiwi 8, Hawk 4 = 21. By
    default Ann has two animals to Ben's three and Ben wins; counting the revealed ones, four."""
    r = resolve(
        ["+cat:4", "+hawk:3", "sloth:6", "koala"],
        ["+quokka", "+kiwi", "+hawk:4"],
        names=["Ann", "Ben"],
        rulings={"revealed_in_tiebreak": counted},
    )
    assert scores(r) == [21, 21]
    assert [
        p.different_animals for p in r.table.players
    ] == animals and r.table.result.winners == winners
    assert [(e.card, e.rule) for e in r.trace if e.kind == "reveal"] == [
        ("sloth:6", rule),
        ("koala:8", rule),
    ]


# -- the multi-game variant ------------------------------------------------------------------------


def test_multi_game_points_are_traced_with_their_passages():
    """Nature Multi-Game Variant: 'Keep a running score. First to 100 points wins ... The winner of
    a round gets an extra 10 points added to their cumulative score. If a player wins a game with
    a moon in play, they earn 25 points and their opponents all score zero.' A multi-game
    scenario's trace says what the game adds and where the running scores stand."""
    r = resolve(
        ["+panda", "+dog:6"],
        ["+kiwi"],
        names=["Ann", "Ben"],
        variant="multi",
        running_scores=[85, 95],
    )
    assert r.table.result.game_points == [25, 8] and r.table.result.running == [110, 103]
    said = [
        (e.rule, e.detail) for e in r.trace if e.kind == "phase" and e.rule.startswith("fl.multi")
    ]
    assert said == [
        ("fl.multi.bonus", "Game points: Ann 15 + 10 for the winner = 25, Ben 8"),
        ("fl.multi", "Running scores: Ann 110, Ben 103: Ann is the first to 100 points"),
    ]
    r = resolve(
        ["+moon", "+panda"],
        ["+kiwi"],
        ["+cat:4"],
        names=["Ann", "Ben", "Cleo"],
        variant="multi",
        running_scores=[40, 60, 70],
    )
    said = [
        (e.rule, e.detail) for e in r.trace if e.kind == "phase" and e.rule.startswith("fl.multi")
    ]
    assert said == [
        ("fl.multi.moon", "Game points: a win with the Moon in play: Cleo 25, everyone else 0"),
        ("fl.multi", "Running scores: Ann 40, Ben 60, Cleo 95"),
    ]
    # ruling multi_moon_points 35: 'they earn 25 points' and 'The winner of a round gets an extra
    # 10'
    r = resolve(
        ["+moon", "+panda"],
        ["+kiwi"],
        ["+cat:4"],
        names=["Ann", "Ben", "Cleo"],
        variant="multi",
        running_scores=[40, 60, 70],
        rulings={"multi_moon_points": 35},
    )
    said = [(e.rule, e.detail) for e in r.trace if e.kind == "phase" and "multi" in e.rule]
    assert said == [
        (
            "ruling.multi_moon_points",
            "Game points: a win with the Moon in play: Cleo 35 (25 + 10 for the winner), everyone "
            "else 0",
        ),
        ("fl.multi", "Running scores: Ann 40, Ben 60, Cleo 105: Cleo is the first to 100 points"),
    ]
    assert r.table.result.game_points == [0, 0, 35]
    # both past 100 in a shared win (each gets the 10): no one is first to 100 alone, the match goes
    # on
    r = resolve(
        ["+kiwi"], ["+kiwi"], names=["Ann", "Ben"], variant="multi", running_scores=[95, 95]
    )
    assert r.table.result.running == [113, 113]
    assert [e.detail for e in r.trace if e.rule == "fl.multi"] == [
        "Running scores: Ann 113, Ben 113"
    ]


def _numbers(detail: str) -> list[int]:
    """The players' numbers in a detail such as "Game 2: Player 1 23, Player 2 56" (each
    player's last number: "Player 2 11 + 10 for the winner = 21" is 21)."""
    return [int(part.rsplit(" ", 1)[1]) for part in detail.split(": ", 1)[1].split(", ")]


def test_a_match_counts_the_games_it_plays():
    """Multi-game variant: 'Keep a running score. First to 100 points wins. ... The winner of a
    round gets an extra 10 points.' Seed 7, three players: five Nature games, each followed by
    the running scores (the sums of the games' points so far); the match ends after the fifth,
    the first after which a player has 100 or more, and its result counts five games."""
    game = new_game("multi", 3, 7, RandomPolicy(7))
    result = game.play()
    details = [e.detail for e in game.trace if e.kind == "phase"]
    points = [_numbers(d) for d in details if d.startswith("Game points: ")]
    running = [_numbers(d) for d in details if d.startswith("Game ") and d[5].isdigit()]
    assert result.games == len(points) == len(running) == 5
    assert running == list(accumulate(points, lambda a, b: [x + y for x, y in zip(a, b)]))
    assert [max(r) >= 100 for r in running] == [False, False, False, False, True]
    assert result.running == running[-1] == [38, 124, 59] and result.winners == [1]
    assert result.reason == "first to 100 points"


def test_multi_game_points_and_the_next_first_player():
    """Multi-game: 'The previous rounds' winner goes first. The winner of a round gets an extra 10
    points ... If a player wins a game with a moon in play, they earn 25 points and their
    opponents all score zero.'"""
    game = new_game("multi", 3, seed=2)
    result = game.play()
    starts = [
        e.detail
        for e in game.trace
        if e.kind == "phase" and e.rule == "fl.multi" and e.detail.startswith("Game ")
    ]
    assert len(starts) == result.games and max(result.running) >= 100
    plain = GameResult([1], [10, 20, 15])
    assert game_points(game, plain) == [10, 30, 15]
    game.table.moons[0].face_up = False
    assert game_points(game, GameResult([2], [10, 20, 5], moon=True)) == [0, 0, 25]
    game.table.rulings = game.table.rulings.but("multi_moon_points", 35)  # 25 and the round's 10
    assert game_points(game, GameResult([2], [10, 20, 5], moon=True)) == [0, 0, 35]
    assert game_points(game, plain) == [10, 30, 15]
    with pytest.raises(ValueError, match="ruling multi_moon_points must be one of 25, 35, got 30"):
        Rulings.from_dict({"multi_moon_points": 30})
