"""The Flipology search policy (`flipology.search`, Flipology's parts of the toolkit's
`search.SearchPolicy`): it answers every decision of a game it follows, the same answers for the
same seed, and never from what its player has not seen."""

from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest

from fliptoons_explore.analysis.experiments import SeatPolicies
from fliptoons_explore.flipology.game import new_game
from fliptoons_explore.flipology.play import make_policy, policy_name
from fliptoons_explore.flipology.search import SearchPolicy, determinise, unseen_places
from fliptoons_explore.policy import DefaultPolicy
from fliptoons_explore.search import Simulation


def seated(search, players: int = 2, seat: int = 0):
    """The search in `seat`, the documented default everywhere else."""
    policies = [DefaultPolicy() for _ in range(players)]
    policies[seat] = search
    return SeatPolicies(policies)


def test_the_search_answers_the_deal_the_row_and_every_turn_the_same_for_the_same_seed():
    runs = []
    for _ in range(2):
        search = SearchPolicy(12, seed=4)
        game = new_game("nature", 2, 5, seated(search), traced=False)
        game.play()
        runs.append((list(game.decisions), dict(search.searched), game.result.scores))
    assert runs[0] == runs[1]
    searched = runs[0][1]
    # Nature: the two cards discarded of nine, the row's order place by place (the last place
    # has one card left: not asked), three turns (Setup; Taking a Turn).
    assert searched["discard"] == 1
    assert searched["arrange"] == 6
    assert searched["turn"] == 3


def test_a_game_the_search_does_not_follow_is_answered_as_its_rollout_answers():
    """Without a game to replay (a scenario's situation, or a Choice alone) the search gives
    the documented default's answer."""
    asked = []

    class Spy(DefaultPolicy):
        def choose(self, choice):
            asked.append(choice)
            return super().choose(choice)

    new_game("nature", 2, 1, Spy(), traced=False).play()
    search = SearchPolicy(8)
    for choice in asked[:10]:
        assert search.choose(choice) == DefaultPolicy().choose(choice)
    assert not search.searched


class _Stop(Exception):
    pass


def table_at_first_turn(seed: int, player: int = 0):
    """A Nature table for 3 players at `player`'s first turn decision (the default answering
    the deal), and that decision."""
    found = []

    class StopAtTurn(DefaultPolicy):
        def choose(self, choice):
            if choice.kind == "turn" and choice.player == player:
                found.append(choice)
                raise _Stop
            return super().choose(choice)

    game = new_game("nature", 3, seed, StopAtTurn(), traced=False)
    with pytest.raises(_Stop):
        game.play()
    return game.table, found[0]


def faces(table):
    return [(c.uid, c.spec.id, c.face_up) for c in table.all_cards()]


def test_determinising_forgets_every_card_the_player_has_not_seen_and_keeps_the_rest():
    """Two tables alike in all that player 0 sees, but not in the cards hidden from them (an
    opponent's face-down cards swapped, the pile reordered): determinised with the same
    generator, they become the same table. What player 0 sees stays as it was."""
    a, _ = table_at_first_turn(11)
    b, _ = table_at_first_turn(11)
    hidden = [cards[k] for cards, k in unseen_places(b, 0)]
    down = [c for p in b.players[1:] for c in p.cards() if not c.face_up]
    assert down and all(c in hidden for c in down)  # the opponents' face-down cards
    assert len(hidden) == len(down) + len(b.pile) + len(b.discard)  # and the piles
    assert not any(c in hidden for c in b.players[0].cards())
    specs = [c.spec for c in hidden]
    random.Random(3).shuffle(specs)
    for card, spec in zip(hidden, specs):
        card.spec = spec
    assert faces(a) != faces(b)
    seen_before = [(c.uid, c.spec.id) for c in a.players[0].cards()]
    determinise(a, 0, random.Random(9))
    determinise(b, 0, random.Random(9))
    assert faces(a) == faces(b)
    assert [(c.uid, c.spec.id) for c in a.players[0].cards()] == seen_before
    assert sorted(a.locations()) == sorted(b.locations())  # every card still in one place


def test_the_search_never_reads_the_hidden_cards_its_simulations_start_from():
    """No peeking, end to end: a search whose every simulation first scrambles the cards its
    player has not seen (as if the deal had been another) answers exactly as the plain search."""

    class Scrambled(Simulation):
        def choose(self, choice):
            if self.asked == len(self.prefix):
                hidden = [
                    cards[k]
                    for cards, k in unseen_places(
                        choice.table, choice.player, choice.kind == "hermit_crab"
                    )
                ]
                specs = [c.spec for c in hidden]
                random.Random(self.asked * 7919 + len(hidden)).shuffle(specs)
                for card, spec in zip(hidden, specs):
                    card.spec = spec
            return super().choose(choice)

    answers = []
    for branch in (Simulation, Scrambled):
        search = SearchPolicy(10, seed=2)
        search.branch = branch
        game = new_game("nature", 3, 8, seated(search, 3, 1), traced=False)
        game.play()
        answers.append(list(game.decisions))
    assert answers[0] == answers[1]


@pytest.mark.parametrize("variant,players", [("great-tree", 2), ("multi", 2), ("nature", 4)])
def test_the_search_plays_every_variant_to_its_end_with_every_card_in_one_place(variant, players):
    search = SearchPolicy(6, seed=1)
    game = new_game(variant, players, 2, seated(search, players, players - 1), traced=False)
    result = game.play()
    assert result.winners
    assert search.searched["turn"] >= 3
    where = game.table.locations()
    assert len(where) == len(list(game.table.all_cards()))
    if variant == "great-tree":
        assert search.searched["arrange"] >= 3 * 4  # three rows of five, the last place forced


def test_policy_names_give_the_search_its_budget_and_refuse_a_bad_one_in_one_line():
    assert policy_name("montecarlo:40") == ("montecarlo", 40)
    policy = make_policy("montecarlo:40", 3)
    assert isinstance(policy, SearchPolicy) and policy.simulations == 40 and policy.seed == 3
    for bad in ("montecarlo:0", "montecarlo:x", "greedy:4", "best"):
        with pytest.raises(
            ValueError, match=r"^policy: expected one of default, random, greedy, montecarlo"
        ):
            policy_name(bad)
    with pytest.raises(ValueError, match="simulations: expected"):
        SearchPolicy(0)


def test_flipology_play_takes_the_search_on_the_command_line():
    cmd = [
        sys.executable,
        "-m",
        "fliptoons_explore",
        "flipology",
        "play",
        "--variant",
        "nature",
        "--players",
        "2",
        "--seed",
        "3",
        "--policy",
        "montecarlo:6",
        "--json",
    ]
    out = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    doc = json.loads(out.stdout)
    assert doc["policy"] == "montecarlo:6" and len(doc["games"]) == 1
    again = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    assert json.loads(again.stdout) == doc  # seeded: the same game again
    bad = subprocess.run(cmd[:-2] + ["montecarlo:zero"], capture_output=True, text=True, timeout=60)
    assert bad.returncode == 2
    assert bad.stderr.strip().splitlines()[-1].endswith("got 'montecarlo:zero'")
    assert "Traceback" not in bad.stderr


def test_a_flipology_tournament_seats_the_search_in_every_seat_in_turn():
    from fliptoons_explore.analysis.tournament import standings, tournament

    df = tournament(
        "montecarlo:6,default", players=2, games=4, seed=1, game="flipology", variant="nature"
    )
    assert list(df["seat_policy"]) == ["montecarlo:6", "default", "default", "montecarlo:6"] * 2
    assert set(df["game"]) == {"flipology"} and set(df["variant"]) == {"nature"}
    table = standings(df).set_index("policy")
    assert table.loc["montecarlo:6", "seats"] == 4
    assert table["wins"].sum() == 4  # one win a game, ties shared
    with pytest.raises(ValueError, match="^policies: policy: expected one of"):
        tournament("montecarlo:x,default", players=2, games=1, game="flipology")


def test_the_tournament_command_takes_a_flipology_variant_and_refuses_a_solo_one():
    run = [
        sys.executable,
        "-m",
        "fliptoons_explore",
        "tournament",
        "--policies",
        "montecarlo:4,greedy",
        "--variant",
        "nature",
        "--players",
        "2",
        "--games",
        "2",
    ]
    out = subprocess.run(run, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert (
        out.stdout.splitlines()[0]
        == "2 games of Flipology nature, 2 players, from seed 0, seats turned one place a game:"
    )
    bad = subprocess.run(run + ["--solo", "normal"], capture_output=True, text=True, timeout=60)
    assert bad.returncode == 2 and "--solo: Flipology has no solo game" in bad.stderr
    assert "Traceback" not in bad.stderr
