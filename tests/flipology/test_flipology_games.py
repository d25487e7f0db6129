"""Whole Flipology games: seeded invariants over games of every variant and player count (every
card in exactly one place, every game ends, a seed replays exactly; 2,000 games of each variant
under the soak switch, tests/helpers/soak.py), the policies, and the game's command line."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from flipology_util import JOELLE
from fliptoons_explore import flipology
from fliptoons_explore.flipology.count import GameResult
from fliptoons_explore.flipology.game import Game, new_game, replay
from fliptoons_explore.flipology.policies import GreedyPolicy
from fliptoons_explore.policy import DefaultPolicy, RandomPolicy
from soak import games

#: Games per variant in the seeded runs: 2,000 of each variant under the soak switch (soak.py), a
#: sample otherwise; the multi-game variant plays a quarter as many matches, of some four games.
GAMES = games(400, 2000)
COUNTS = {"nature": range(2, 9), "great-tree": range(2, 5), "multi": range(2, 9)}


class Checked(Game):
    """A game that checks, after the deal and after every turn, that every card is in exactly one
    place and the table holds every card it began with."""

    def turn(self, *args, **kwargs):
        super().turn(*args, **kwargs)
        self.check()

    def arrange(self, *args, **kwargs):
        super().arrange(*args, **kwargs)
        self.check()

    def check(self):
        where = self.table.locations()
        assert len(where) == self.table._next_uid
        assert all(len(row) for p in self.table.players for row in p.rows)


def _checked_game(variant, players, seed, policy):
    game = new_game(variant, players, seed, policy, traced=False)
    game.__class__ = Checked
    return game


@pytest.mark.slow
@pytest.mark.parametrize("variant", ["nature", "great-tree", "multi"])
def test_seeded_games_keep_every_card_in_one_place_and_end(variant):
    """`GAMES` seeded games of the variant over every player count it takes, half with the
    random policy (every legal answer gets tried) and half with the default: every card is in
    exactly one place after the deal and after every turn; every game ends with winners and
    scores. The multi-game variant plays Nature games in a row: its `GAMES` / 4 matches play at
    least `GAMES` games in all, counted by each match's result."""
    counts = list(COUNTS[variant])
    played = 0
    for k in range(GAMES if variant != "multi" else GAMES // 4):
        players = counts[k % len(counts)]
        policy = RandomPolicy(k) if k % 2 else DefaultPolicy()
        game = _checked_game(variant, players, k, policy)
        result = game.play()
        assert isinstance(result, GameResult) and result.winners and len(result.scores) == players
        assert all(p.score is not None for p in game.table.players)
        game.check()
        played += result.games
        if variant == "multi":
            assert max(result.running) >= 100 and result.running[result.winners[0]] == max(
                result.running
            )
    assert played >= GAMES


@pytest.mark.slow
@pytest.mark.parametrize("variant", ["nature", "great-tree", "multi"])
def test_a_seed_replays_exactly(variant):
    """Randomness lives in the table's generator and every decision is logged: replaying a game
    from its seed, setup and decisions gives the same trace, event for event; playing the same
    seed again gives the same game."""
    counts = list(COUNTS[variant])
    for k in range(60):
        game = new_game(variant, counts[k % len(counts)], 1000 + k, RandomPolicy(k))
        game.play()
        again = replay(game)
        assert [e.to_json() for e in again.trace] == [e.to_json() for e in game.trace]
        same = new_game(variant, counts[k % len(counts)], 1000 + k, RandomPolicy(k))
        same.play()
        assert same.result == game.result and same.decisions == game.decisions


def test_recorded_states_match_the_table_after_every_event():
    """A recorded game keeps the table's state after every event; each state holds every card
    once (its uid in exactly one row or pile), the last one is the table as it ends."""
    for k, (variant, players) in enumerate((("nature", 5), ("great-tree", 3), ("multi", 2))):
        game = new_game(variant, players, 40 + k, RandomPolicy(k), record=True)
        game.play()
        for state in game.trace.states[:: max(1, len(game.trace.states) // 50)]:
            uids = [c["uid"] for p in state["players"] for row in p["rows"] for c in row]
            assert len(uids) == len(set(uids))
            total = len(uids) + sum(len(p["hand"]) + len(p["picked"]) for p in state["players"])
            total += (
                len(state["pile"]) + len(state["discard"]) + state["clearings"] + len(state["box"])
            )
            assert total == game.table._next_uid
        assert game.trace.states[-1] == game.table.snapshot()


def test_the_deal_of_nature_and_of_the_great_tree():
    """Nature: 'Deal each player nine cards ... select seven to arrange ... discard the two
    leftover cards'; the Clearings set aside. Great Tree: three rounds of five, the Rain and the
    Hermit Crabs set aside, rows stacked upwards."""
    game = new_game("nature", 4, seed=5)
    game.play()
    t = game.table
    assert [len(p.rows[0]) for p in t.players] == [7] * 4 and len(t.discard) >= 8
    assert (
        len(t.clearings)
        + sum(c.spec.kind == "clearing" for c in t.all_cards() if c not in t.clearings)
        == 6
    )
    assert game.result.reason == "everyone has had three turns"
    assert sum(e.kind == "phase" and e.phase == "turns" for e in game.trace) == 12
    tree = new_game("great-tree", 3, seed=5)
    tree.play()
    assert [[len(r) for r in p.rows] for p in tree.table.players] == [[5, 5, 5]] * 3
    assert {c.spec.kind for c in tree.table.box} == {"rain", "hermit_crab"}
    assert sum(e.kind == "phase" and e.phase == "turns" for e in tree.trace) == 18


def test_a_great_tree_turn_flips_the_top_row_only():
    """'flipping only cards in their current (top-most) row'."""
    game = new_game("great-tree", 2, seed=8)
    game.play()
    rounds = [e for e in game.trace if e.kind == "flip" and e.rule == "fl.turn.flip"]
    assert [e.pos[1] for e in rounds] == [0] * 4 + [1] * 4 + [2] * 4


def test_leaving_the_moon_and_the_wolves_out():
    """Set Up: 'Decide if you wish to remove or include the Moon card ... you may also wish to
    remove the two Wolves cards' (and 'If you are learning the game, we suggest leaving the Moon
    card out'): they stay in the box, and none is ever dealt."""
    for seed in range(20):
        game = new_game("nature", 8, seed=seed, moon=False, wolves=False)
        game.play()
        assert sorted(c.spec.kind for c in game.table.box) == ["moon", "wolves", "wolves"]
        assert not [
            e for e in game.trace if e.kind == "deal" and e.card.split(":")[0] in ("moon", "wolves")
        ]
        assert not game.result.moon
    with_them = new_game("nature", 8, seed=0)
    assert with_them.table.box == [] and {"moon", "wolves"} <= {
        c.spec.kind for c in with_them.table.pile
    }


class AtFirstTurn(Game):
    """A game that keeps the table's state as the first turn begins (after the deal)."""

    at_first_turn = None

    def turn(self, *args, **kwargs):
        if self.at_first_turn is None:
            self.at_first_turn = self.table.snapshot()
        super().turn(*args, **kwargs)


def test_the_nature_deal():
    """Nature, Set Up: 'Remove the Clearing cards and place them within reach ... Shuffle the
    remaining cards. Deal each player nine cards face down. Players look at their cards and select
    seven to arrange in any order in a facedown horizontal row in front of them. They discard the
    two leftover cards into a facedown pile.' The starting player is chosen at random ('or choose
    randomly'), from the seed."""
    starters = set()
    for k in range(40):
        players = 2 + k % 7
        game = new_game(
            "nature", players, seed=k, policy=RandomPolicy(k) if k % 2 else DefaultPolicy()
        )
        game.__class__ = AtFirstTurn
        game.play()
        state = game.at_first_turn
        deal = [e for e in game.trace if e.phase == "deal"]
        for p in range(players):
            assert sum(e.kind == "deal" and e.player == p for e in deal) == 9
            assert sum(e.kind == "discard" and e.player == p for e in deal) == 2
            (row,) = state["players"][p]["rows"]
            assert len(row) == 7 and not any(c["face_up"] for c in row)
            assert state["players"][p]["hand"] == []
        assert len(state["discard"]) == 2 * players and state["clearings"] == 6
        assert len(state["pile"]) == 78 - 9 * players
        first = next(e.player for e in game.trace if e.kind == "phase" and e.phase == "turns")
        assert first == game.table.first_player
        starters.add(first)
    assert len(starters) > 3


def test_the_great_tree_deal_sets_the_rain_and_the_crabs_aside():
    """Great Tree: 2-4 players; 'Set aside the Rain and Hermit Crab cards; they cannot be used in
    this variant. Also set aside the Clearing cards'; 'deal five facedown to each player ...
    arrange them face down in any order in a horizontal row', and after each round 'another five
    cards ... face down in a horizontal row above their previously played cards'."""
    with pytest.raises(ValueError, match="players: a great-tree game takes 2 to 4 players, got 5"):
        new_game("great-tree", 5, seed=1)
    for k in range(30):
        players = 2 + k % 3
        game = new_game("great-tree", players, seed=k, policy=RandomPolicy(k), record=True)
        game.play()
        t = game.table
        assert sorted(c.spec.kind for c in t.box) == ["hermit_crab", "hermit_crab", "rain"]
        dealt = [e.card.split(":")[0] for e in game.trace if e.kind == "deal"]
        assert "rain" not in dealt and "hermit_crab" not in dealt
        rounds = [e.step for e in game.trace if e.kind == "phase" and e.rule == "fl.tree.deal"]
        assert len(rounds) == 3
        for r, step in enumerate(rounds):
            turn = next(
                e.step for e in game.trace[step:] if e.kind == "phase" and e.phase == "turns"
            )
            state = game.trace.states[turn]
            for p in state["players"]:
                assert [len(row) for row in p["rows"]] == [5] * (r + 1)
                assert not any(c["face_up"] for c in p["rows"][r])  # the new row, on top, face down
        places = [
            e.pos[1]
            for e in game.trace
            if e.kind == "place" and e.rule in ("fl.tree.deal", "fl.tree.next-row")
        ]
        assert places == [0] * 5 * players + [1] * 5 * players + [2] * 5 * players


class Regrows:
    """Answers every Regrowth with yes, every other decision as the default does."""

    name = "regrows"

    def __init__(self) -> None:
        self.default = DefaultPolicy()

    def choose(self, choice):
        return 0 if choice.kind == "regrowth" else self.default.choose(choice)


def test_regrowth_once_a_game_from_the_starting_player():
    """Regrowth: 'When the cards are dealt, starting with the starting player, players may choose
    to discard their entire hand and draw five new cards, shuffling their discards back into the
    pile. Players can only do this once per game.'"""
    for seed in range(12):
        players = 2 + seed % 3
        game = new_game("great-tree", players, seed=seed, policy=Regrows(), record=True)
        first = game.table.first_player
        game.play()
        regrows = [e for e in game.trace if e.kind == "regrow"]
        assert [e.player for e in regrows] == [(first + k) % players for k in range(players)]
        asked = [e for e in game.trace if e.kind == "decision" and e.rule == "fl.tree.regrowth"]
        assert len(asked) == players  # never asked again after a player has regrown
        for e in regrows:
            before = game.trace.states[e.step]["players"][e.player]["hand"]
            back = [x.card for x in game.trace if x.cause == e.step and x.kind == "discard"]
            new = [x.card for x in game.trace if x.cause == e.step and x.kind == "deal"]
            assert sorted(back) == sorted(before) and len(new) == 5
            shuffled = next(x.step for x in game.trace if x.cause == e.step and x.kind == "shuffle")
            state = game.trace.states[shuffled]
            assert state["players"][e.player]["hand"] == new and state["discard"] == []
            assert len(state["pile"]) + sum(len(p["hand"]) for p in state["players"]) == 78 - 3
        assert len(game.table.locations()) == game.table._next_uid
    never = new_game("great-tree", 3, seed=1, policy=DefaultPolicy())
    never.policy = type(
        "Never",
        (),
        {
            "name": "never",
            "choose": lambda self, c: None if c.kind == "regrowth" else DefaultPolicy().choose(c),
        },
    )()
    never.play()
    assert not [e for e in never.trace if e.kind == "regrow"]


def _starts(*rows, first=0, rulings=None):
    """Who starts the next Great Tree round from a table whose rows are `rows` (one list of rows
    per player, '+' a face-up card)."""
    from flipology_util import scenario

    t, _ = flipology.load(scenario(*rows, variant="great-tree", first=first, rulings=rulings))
    game = Game(t)
    game.next_starting_player()
    return t.first_player, game.trace[-1].rule


def test_the_highest_score_showing_starts_the_next_round():
    """Great Tree: 'The player with the highest score showing takes the baobab tile ... If the
    previous starting player is in a tie for the highest score, the starting player doesn't
    change.' A score showing counts face-up cards only (a face-up Sloth against); a tie of other
    players: ruling tree_start_tie (default 'clockwise': the tile goes to a player with the highest
    score, the first of them clockwise from the starting player; 'keep': the tile stays)."""
    ann, ben, cleo = [["+dog:5", "koala"]], [["+panda", "+sloth:7"]], [["+kiwi"]]
    # Kiwi 8 > Dog 5 > Panda 9 - Sloth 7
    assert _starts(ann, ben, cleo) == (
        2,
        "fl.tree.starting-player",
    )
    # tied with Ann: stays
    assert _starts(ann, ben, [["+cat:5"]], first=2) == (
        2,
        "fl.tree.starting-player",
    )
    # clockwise from Ben: Cleo
    assert _starts(ann, ben, [["+cat:5"]], first=1) == (
        2,
        "ruling.tree_start_tie",
    )
    # Player 1 starts and shows 2; Players 2 and 3 show 14 each
    game = new_game("great-tree", 3, seed=57)
    game.play()
    starts = [e for e in game.trace if e.kind == "phase" and "starts the round" in e.detail]
    assert (starts[0].player, starts[0].rule) == (1, "ruling.tree_start_tie")
    assert "Player 1 2, Player 2 14, Player 3 14" in starts[0].detail
    # Cleo before Ann
    assert _starts([["+cat:5"]], ben, [["+dog:5"]], first=1) == (
        2,
        "ruling.tree_start_tie",
    )
    assert _starts(ann, ben, [["+cat:5"]], first=1, rulings={"tree_start_tie": "keep"}) == (
        1,
        "ruling.tree_start_tie",
    )
    for seed in range(20):
        game = new_game(
            "great-tree", 2 + seed % 3, seed=seed, policy=RandomPolicy(seed), record=True
        )
        game.play()
        for e in (
            e for e in game.trace if e.kind == "phase" and e.rule == "fl.tree.starting-player"
        ):
            showing = [
                sum(
                    c["points"] * (-1 if c["id"] in ("sloth", "koala") else 1)
                    for row in p["rows"]
                    for c in row
                    if c["face_up"]
                )
                for p in game.trace.states[e.step]["players"]
            ]
            assert showing[e.player] == max(showing)
            turn = next(x for x in game.trace[e.step :] if x.kind == "phase" and x.phase == "turns")
            assert turn.player == e.player


def test_the_winner_of_a_game_starts_the_next():
    """Multi-game: 'The previous rounds' winner goes first' (a shared win: the first of the
    winners clockwise from the player who started)."""
    checked = 0
    for seed in range(10):
        game = new_game(
            "multi",
            2 + seed % 4,
            seed=seed,
            policy=RandomPolicy(seed) if seed % 2 else DefaultPolicy(),
        )
        game.play()
        ends = [e for e in game.trace if e.kind == "game_end" and e.rule != "fl.multi"]
        deals = [e.step for e in game.trace if e.kind == "phase" and e.rule == "fl.nature.setup"]
        starts = [
            next(x.player for x in game.trace[step:] if x.kind == "phase" and x.phase == "turns")
            for step in deals
        ]
        assert len(ends) == len(starts) == game.result.games > 1
        for end, start in zip(ends, starts[1:]):
            if end.player is not None:
                assert start == end.player
                checked += 1
    assert checked > 20


def test_greedy_beats_the_default_and_never_peeks():
    """The greedy policy plays each option out on the table as its player sees it: changing the
    cards it has not seen (an opponent's face-down card) changes none of its answers."""
    from flipology_util import scenario

    base = scenario(["dog", "panda", "frog"], ["kiwi", "sloth:7", "snake"], turns=[])
    other = scenario(["dog", "panda", "frog"], ["quokka", "koala", "snake"], turns=[])
    answers = []
    for data in (base, other):
        t, _ = flipology.load(data)
        g = Game(t, GreedyPolicy(), traced=False)
        g.turn(0, 1, 1)
        answers.append(g.decisions)
    assert answers[0] == answers[1]
    wins = 0
    for k in range(40):

        class Seats:
            name = "seats"
            policies = [GreedyPolicy(), DefaultPolicy(), DefaultPolicy()]

            def choose(self, c):
                return self.policies[c.player].choose(c)

        r = new_game("nature", 3, seed=k, policy=Seats(), traced=False).play()
        wins += 0 in r.winners
    assert wins > 40 / 3


# -- the command line ------------------------------------------------------------------------------


def run(*args, stdin=None):
    return subprocess.run(
        [sys.executable, "-m", "fliptoons_explore", *args],
        capture_output=True,
        text=True,
        input=stdin,
        timeout=60,
    )


def test_cli_flipology_resolve_json():
    """`fliptoons-explore flipology resolve SCENARIO.json --json` prints the document the issue
    fixes: game, variant, players (rows of {id: kind, points, face_up}, score, score_parts,
    different_animals), winners, moon, discard, trace."""
    out = run("flipology", "resolve", "-", "--json", stdin=json.dumps(JOELLE))
    assert out.returncode == 0, out.stderr
    doc = json.loads(out.stdout)
    assert set(doc) >= {"game", "variant", "players", "winners", "moon", "discard", "trace"}
    assert doc["players"][1]["rows"] == [
        [
            {"id": "frog", "points": 4, "face_up": True},
            {"id": "panda", "points": 9, "face_up": False},
            {"id": "sloth", "points": 6, "face_up": True},
        ]
    ]
    assert (
        [p["score"] for p in doc["players"]] == [5, -2]
        and doc["winners"] == [0]
        and doc["moon"] is False
    )
    assert doc["players"][1]["score_parts"]["sloths_koalas_face_up"] == -6
    assert {"step", "phase", "player", "event", "card", "cause", "rule"} <= set(doc["trace"][0])


def test_cli_resolve_and_round_take_a_flipology_scenario():
    out = run("resolve", "-", stdin=json.dumps(JOELLE))
    assert (
        out.returncode == 0
        and "Joelle: 5 points" in out.stdout
        and "[fl.turn.you-apply]" in out.stdout
    )
    out = run("round", "-", "--json", stdin=json.dumps(JOELLE))
    doc = json.loads(out.stdout)
    turns = [e for e in doc["trace"] if e["event"] == "phase" and e["phase"] == "turns"]
    assert len(turns) == 2  # Joelle's scripted turn, then Ben's to complete the round


def test_cli_resolve_markdown_writes_a_flipology_resolution_for_a_post():
    """`resolve SCENARIO.json --markdown` of Joelle's cascade: the table as set up, each event in
    words with its rule and cause, the rows and count at the end, the winner, the rules cited."""
    out = run("resolve", "-", "--markdown", stdin=json.dumps(JOELLE))
    assert out.returncode == 0, out.stderr
    md = out.stdout
    assert md.startswith(
        "**Flipology: Nature** — the turns, then the count, step by step\n\nSet up:\n"
        "- **Joelle** — dog:5 (face down), snake:3 (face down), monkey:2 (face down)\n"
    )
    assert (
        "- #1 Joelle: The Monkey (2) is turned face up in Joelle's row, card 3. (`fl.turn.flip`, "
        "after #0)" in md
    )
    assert "Joelle: 5 points\n  row    (dog:5)  snake:3  monkey:2\n" in md
    assert "Ben: -2 points" in md and "\nJoelle wins.\n" in md
    assert "- `fl.card.frog` — " in md.split("Rules cited:")[1]


def test_cli_flipology_play():
    out = run(
        "flipology",
        "play",
        "--variant",
        "nature",
        "--players",
        "6",
        "--seed",
        "1",
        "--games",
        "3",
        "--json",
    )
    assert out.returncode == 0, out.stderr
    doc = json.loads(out.stdout)
    assert [g["seed"] for g in doc["games"]] == [1, 2, 3] and len(doc["games"][0]["scores"]) == 6
    again = run(
        "flipology",
        "play",
        "--variant",
        "nature",
        "--players",
        "6",
        "--seed",
        "1",
        "--games",
        "3",
        "--json",
    )
    assert again.stdout == out.stdout


@pytest.mark.parametrize(
    "args, message",
    [
        (
            ("flipology", "play", "--variant", "great-tree", "--players", "6", "--seed", "1"),
            "--players: a great-tree game takes 2 to 4 players, got 6",
        ),
        (
            ("flipology", "play", "--variant", "jungle", "--players", "2", "--seed", "1"),
            "invalid choice: 'jungle'",
        ),
        (
            (
                "flipology",
                "play",
                "--variant",
                "nature",
                "--players",
                "2",
                "--seed",
                "1",
                "--games",
                "0",
            ),
            "--games: expected 1 to 100,000, got 0",
        ),
    ],
)
def test_cli_flipology_mistakes_are_one_line(args, message):
    out = run(*args)
    assert out.returncode == 2 and message in out.stderr and out.stderr.count("\n") == 1


def test_cli_a_bad_flipology_scenario_is_one_line_exit_2():
    bad = dict(JOELLE, turns=[{"player": 0, "flip": [0, 2], "choices": [[0, 0, 0]]}])
    out = run("flipology", "resolve", "-", stdin=json.dumps(bad))
    assert out.returncode == 2 and out.stdout == ""
    assert out.stderr.startswith(
        "fliptoons-explore: error: turns[0].choices[0]: [0, 0, 0] is not a legal answer"
    )
    assert out.stderr.count("\n") == 1
