"""A third game, Lights (`tests/helpers/lights.py`), written against the game contract alone,
goes through every game-neutral part with no change outside its own file: the contract's
lookup, the stepper, causal chains, the trace table, the JSON document, the command line's
scenario commands, whole games and their replay, a ruling comparison, an experiment's games, a
tournament between its policies, and a search and its advice (the contract's defaults,
`search.ReplaySearch`: Lights writes nothing of them; its rows hide nothing a player decides by,
so nothing is dealt again)."""

from __future__ import annotations

import json

import pytest

import lights
from fliptoons_explore import resolve
from fliptoons_explore.analysis import experiments as ex
from fliptoons_explore.analysis.advice import advise, advised_decision
from fliptoons_explore.analysis.compare import compare_command, compare_rulings, rulings_that_matter
from fliptoons_explore.analysis.tournament import standings, tournament
from fliptoons_explore.chains import causal_graph, chain_command, longest_chain
from fliptoons_explore.games import contract, contract_of, play_scenario
from fliptoons_explore.policy import RandomPolicy
from fliptoons_explore.stepping import Stepper, trace_frame, trace_lines

#: Ann flips her second card, a spark: it lights the plain 3 and the spark beside it, and that
#: spark lights the plain 2 past it. Ben flips his first card.
SCENARIO = {
    "game": "lights",
    "players": [
        {"name": "Ann", "row": ["plain:3", "spark:1", "spark:1", "plain:2"]},
        {"name": "Ben", "row": ["plain:2", "plain:1", "spark:1", "plain:3"]},
    ],
    "turns": [{"player": 0, "flip": 1}, {"player": 1, "flip": 0}],
}


def test_the_scenario_names_its_game_and_the_table_holds_its_contract():
    r = resolve(SCENARIO)
    assert contract_of(SCENARIO) is lights.GAME is contract("lights") is r.table.game
    assert contract_of(r) is lights.GAME


def test_a_spark_lights_its_neighbours_and_a_lit_spark_goes_on():
    r = resolve(SCENARIO)
    ann, ben = r.table.players
    assert [c.face_up for c in ann.row] == [True, True, True, True]
    assert [c.face_up for c in ben.row] == [True, False, False, False]
    assert (ann.score, ben.score) == (7, 2)
    assert r.trace[-1].kind == "game_end" and r.trace[-1].player == 0


def test_a_ruling_option_changes_the_outcome():
    # Ann's first turn lights the spark at 2 and its neighbours; her second flips the spark
    # at 0, whose neighbour at 1 is lit: turned back down, unless the ruling spares it
    scenario = {
        "game": "lights",
        "players": [{"name": "Ann", "row": ["spark:1", "plain:3", "spark:1"]}],
        "turns": [{"player": 0, "flip": 2}],
    }
    assert resolve(scenario).table.players[0].score == 4
    # the lit plain 3 is turned down by a second spark, unless spared
    twice = {**scenario, "players": [{"name": "Ann", "row": ["spark:1", "plain:3", "plain:1"]}]}
    twice["turns"] = [{"player": 0, "flip": 1}, {"player": 0, "flip": 0}]
    assert resolve(twice).table.players[0].score == 1
    spared = {**twice, "rulings": {"spark_spares_lit": "yes"}}
    assert resolve(spared).table.players[0].score == 4


def test_the_stepper_walks_the_recorded_resolution():
    s = Stepper.from_scenario(SCENARIO)
    flips = [e.step for e in s.trace if e.kind == "flip"]
    s.goto(flips[1])  # the spark lights the plain 3
    assert "Ann: flip plain:3 at Ann's card 1  <- #2  [lt.spark]" in s.words
    assert s.state["players"][0]["row"][0]["face_up"] is True
    assert s.before["players"][0]["row"][0]["face_up"] is False
    assert s.chain()[-1] == flips[1] and len(s.chain()) == 4  # decision, flip, trigger, flip
    assert "plain:3" in s._repr_html_()
    assert s.text().startswith(s.words)


def test_causal_chains_follow_the_sparks():
    graph = causal_graph(resolve(SCENARIO))
    longest = longest_chain(graph)
    # Ann's decision -> her spark flips -> it triggers -> the next spark flips -> triggers -> flip
    assert [graph.nodes[k]["kind"] for k in longest] == [
        "decision",
        "flip",
        "trigger",
        "flip",
        "trigger",
        "flip",
    ]
    doc = json.loads(chain_command(SCENARIO, as_json=True))
    assert len(doc["nodes"]) == len(resolve(SCENARIO).trace)


def test_the_trace_table_and_its_lines():
    r = resolve(SCENARIO)
    frame = trace_frame(r, kind="flip")
    assert list(frame["card"]) == ["spark:1", "plain:3", "spark:1", "plain:2", "plain:2"]
    assert "flip plain:2 at Ann's card 4" in trace_lines(r, kind="flip")


def test_the_json_document():
    doc = resolve(SCENARIO).to_json()
    assert [p["fame"] for p in doc["players"]] == [7, 2]
    assert doc["trace"][0]["event"] == "decision"


def test_every_way_to_play_a_scenario_goes_through_the_contract():
    assert play_scenario(SCENARIO, "round").table.players[1].score == 2
    assert len(play_scenario(SCENARIO, "game").trace) > len(resolve(SCENARIO).trace)


def test_a_bad_scenario_is_one_line():
    with pytest.raises(ValueError, match=r"players\[0\]\.row: 'moon:1': a Lights card"):
        resolve({"game": "lights", "players": [{"row": ["moon:1"]}]})


def test_a_whole_game_replays_from_its_seed_and_decisions():
    game = lights.GAME.new_game({"players": 3}, seed=7, policy=lights.GAME.make_policy("random", 7))
    game.play()
    again = lights.GAME.replay({"players": 3}, 7, game.decisions)
    assert again.table.snapshot() == game.table.snapshot()
    assert [e.to_json() for e in again.trace] == [e.to_json() for e in game.trace]
    rows = lights.GAME.outcome_rows(game, 0, "player")
    assert sum(r["share"] for r in rows) == pytest.approx(1)


#: Ann flips her plain 3, then the spark beside it, which turns the lit plain 3 back down unless
#: the ruling spares it: 1 point by the rule, 4 when spared.
TWICE = {
    "game": "lights",
    "players": [{"name": "Ann", "row": ["spark:1", "plain:3", "plain:1"]}],
    "turns": [{"player": 0, "flip": 1}, {"player": 0, "flip": 0}],
}


def test_a_ruling_comparison_shows_what_the_option_changes():
    c = compare_rulings(TWICE, {"spark_spares_lit": "yes"})
    assert c.changed and c.players[0].fame == (1, 4)
    assert [r.table.players[0].score for r in (c.before, c.after)] == [1, 4]
    assert rulings_that_matter(TWICE) == [("spark_spares_lit", "yes")]
    text = c.text()
    assert text.splitlines()[:2] == [
        'rulings: spark_spares_lit "no" -> "yes"',
        "Ann: 1 -> 4 points (+3)",
    ]
    assert "  cards before:" in text and "    Ann: spark:1 ~ ~" in text
    assert "    Ann: spark:1 plain:3 ~" in text  # after: the plain 3 spared
    assert compare_command(TWICE, ["spark_spares_lit=yes"]) == text
    assert json.loads(compare_command(TWICE, ["spark_spares_lit=yes"], as_json=True))["changed"]
    assert compare_command(TWICE, []).splitlines()[1].startswith("  --ruling spark_spares_lit=yes")
    assert "Ann: 1 -&gt; 4 points" in contract_of(TWICE).comparison_html(c)


def _lights_rows(players: int, cards: int, seed: int) -> list[dict]:
    """One game's rows recomputed without the runner: the game the setup deals from `seed`,
    played by a random policy seeded with it; each seat's face-up values summed, the most wins."""
    game = lights.GAME.new_game({"players": players, "cards": cards}, seed, RandomPolicy(seed))
    game.play()
    scores = [sum(c.spec.value for c in p.row if c.face_up) for p in game.table.players]
    winners = [i for i, s in enumerate(scores) if s == max(scores)]
    head = {"game": "lights", "players": players, "cards": cards, "turns": 2}
    head.update(policy="random", rulings="{}", seed=seed)
    return [
        {
            **head,
            "seat": i,
            "start": i,  # Lights' first player is seat 0
            "score": s,
            "won": i in winners,
            "share": 1 / len(winners) if i in winners else 0.0,
        }
        for i, s in enumerate(scores)
    ]


def test_an_experiment_plays_a_lights_setup_through_the_contract():
    setup = ex.Setup.of("lights", players=3, cards=4, policy="random")
    assert (setup.players, setup.cards, setup.turns) == (3, 4, 2)
    df = ex.games(setup, n=3, seed=5, per="player", jobs=1, progress=False)
    expected = [row for seed in (5, 6, 7) for row in _lights_rows(3, 4, seed)]
    assert df.to_dict("records") == expected
    row = df.iloc[4]
    assert ex.setup_of(row) == setup
    assert ex.replay(row).result["scores"][row["seat"]] == row["score"]
    again = lights.GAME.play_game(ex.scenario(row), RandomPolicy(int(row["seed"])))
    assert again.table.players[row["seat"]].score == row["score"]
    with pytest.raises(ValueError, match="^colour: not a field of a lights setup"):
        ex.Setup.of("lights", colour="red")


def test_a_tournament_of_lights_policies_seats_them_in_turn():
    df = tournament("default,random", players=2, games=6, seed=3, game="lights", cards=4)
    assert list(df["seat_policy"]) == ["default", "random", "random", "default"] * 3
    assert df.groupby("seed")["share"].sum().tolist() == pytest.approx([1.0] * 6)
    table = standings(df)
    assert sorted(table["policy"]) == ["default", "random"] and (table["seats"] == 6).all()
    assert table["wins"].sum() == pytest.approx(6)  # the games played, ties shared
    with pytest.raises(ValueError, match="^policies: policy: expected default or random"):
        tournament("greedy", players=2, games=1, game="lights")


#: Ann's one turn, then Ben's (forced: one card). Her spark lights itself and both neighbours,
#: 1 + 3 + 2 = 6, the one flip that beats Ben's 5; her plain 3 makes 3, her plain 2 makes 2 and
#: her plain 1 makes 1, each less.
ONE_FLIP = {
    "game": "lights",
    "players": [
        {"name": "Ann", "row": ["plain:1", "plain:3", "spark:1", "plain:2"]},
        {"name": "Ben", "row": ["plain:5"]},
    ],
    "turns_each": 1,
}


def test_advice_on_a_lights_situation_gives_every_flip_its_win_rate():
    """`advise` through the contract alone: one row per option of Ann's flip, each with its win
    rate over its simulations, the spark (card 3, row position 2) best and the only one that
    wins; nothing is hidden, so every simulation of an option ends alike."""
    df = advise(ONE_FLIP, simulations=5, seed=1)
    assert sorted(df["index"]) == [0, 1, 2, 3] and (df["simulations"] == 5).all()
    assert df["option"].tolist()[0] == "2" and df["best"].tolist() == [True, False, False, False]
    assert dict(zip(df["index"], df["win_rate"])) == {0: 0.0, 1: 0.0, 2: 1.0, 3: 0.0}
    assert (df["value"] == df["win_rate"]).all()  # Lights' search adds nothing to a win
    a = df.attrs
    assert (a["game"], a["kind"], a["player"], a["name"], a["stopped"]) == (
        "lights",
        "flip",
        0,
        "Ann",
        False,
    )
    assert a["decision"] == "Ann's decision: Ann: which card to flip?" == advised_decision(ONE_FLIP)
    assert a["explained"] == lights.GAME.advice_explained
    with pytest.raises(ValueError, match="^advise: the game ends with no decision left for Ben$"):
        advise(ONE_FLIP, player=1)
    with pytest.raises(ValueError, match="^policy: expected a Lights search policy"):
        advise(ONE_FLIP, policy=RandomPolicy(1))
    with pytest.raises(
        ValueError, match="^advise: players\\[0\\].row: 'spark:x': a Lights card is"
    ):
        advise({"game": "lights", "players": [{"row": ["spark:x"]}, {"row": []}]})


#: Two turns each. The default flips the highest card first: Ann's plain 3, then a plain 2, 5
#: points against Ben's 4 + 3 = 7. Her spark first lights the 2, itself and the other 2 (5), and
#: her plain 3 after it makes 8; a plain 1 after it makes 6, still short.
TWO_TURNS = {
    "game": "lights",
    "players": [
        {"name": "Ann", "row": ["plain:3", "plain:2", "spark:1", "plain:2", "plain:1"]},
        {"name": "Ben", "row": ["plain:4", "plain:3"]},
    ],
}


def test_the_search_policy_plays_a_lights_game_and_finds_the_spark():
    """The contract's search policy, following the scenario it plays, searches every decision
    with two options or more (Ann's two, Ben's first: his last flip is forced) by playing the
    scenario again, and wins where the default loses; the same seed, the same game."""
    default = lights.GAME.play_game(TWO_TURNS, traced=False)
    assert [p.fame_total for p in default.table.players] == [5, 7]
    games = []
    for _ in range(2):
        search = lights.GAME.search_policy(seed=4, simulations=6)
        played = lights.GAME.play_game(TWO_TURNS, search.follow(TWO_TURNS), traced=False)
        games.append(([p.fame_total for p in played.table.players], search.given))
        assert search.searched == {"flip": 3}
    assert games[0] == games[1] == ([8, 7], [2, 0, 0])  # the spark, Ben's 4, then her plain 3
