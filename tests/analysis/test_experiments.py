"""Experiments: seeded games and resolutions as DataFrames, the same for any split of
the work (one process, a process pool, chunks of any size, a dask.distributed cluster), rows
that replay to their outcome, progress only where a person watches, and the command line."""

from __future__ import annotations

import io
import json
import os
import signal
import subprocess
import sys
import time
import types

import pandas as pd
import pytest
from pandas.testing import assert_frame_equal

from fliptoons_explore import flipology, parallel, play_game, resolve
from fliptoons_explore.analysis import experiments as ex
from fliptoons_explore.analysis.experiments.ability_frequency import activations
from fliptoons_explore.analysis.experiments.decks import resolution_row, toon_cards
from fliptoons_explore.analysis.experiments.rounds_to_30 import by_round
from fliptoons_explore.analysis.experiments.ruling_impact import flip_fame, round_tables
from fliptoons_explore.cli.main import main
from fliptoons_explore.fliptoons.cards import STARTING_DECKS

#: Small runs of every kind of job: FlipToons games per game and per player, resolutions, pairs,
#: traced games, a seed's games under every option, Flipology per player.
SMALL = {
    "solo-win-rate": dict(
        games=3, seasons=("s2",), difficulties=("easy", "hard"), policies=("default", "random")
    ),
    "deck-fame": dict(games=20),
    "card-value": dict(games=6, cards=("capybara", "gorilla", "crab")),
    "seat-advantage": dict(games=4, players=(2, 5)),
    "rounds-to-30": dict(games=6, players=(2, 4)),
    "ability-frequency": dict(games=3),
    "ruling-impact": dict(
        games=2, options=("cow_copies", "x_side_price_cards", "flip_players"), rounds=(2, 5)
    ),
    "ruling-games": dict(games=2, policy="random,default,default,default"),
    "flipology-scores": dict(games=5, variants=("nature", "great-tree")),
}


def small(name, **more):
    return ex.run(name, seed=3, **{"progress": False, **SMALL[name], **more})


@pytest.fixture(scope="module")
def one_process():
    return {name: small(name, jobs=1) for name in SMALL}


def test_every_builtin_experiment_has_a_small_run():
    assert sorted(SMALL) == sorted(ex.names())
    assert ex.names()[:9] == [
        "solo-win-rate",
        "deck-fame",
        "card-value",
        "seat-advantage",
        "rounds-to-30",
        "ability-frequency",
        "ruling-impact",
        "ruling-games",
        "flipology-scores",
    ]


@pytest.fixture(scope="module")
def pool():
    workers = parallel.process_pool(2)
    yield workers
    workers.shutdown()


def test_the_same_dataframe_for_one_and_two_jobs_and_any_chunk(one_process, pool):
    """Each task carries its seed: two worker processes, one task a chunk, give the rows of one
    process, in the same order, with the same types."""
    assert_frame_equal(small("rounds-to-30", jobs=2), one_process["rounds-to-30"], check_exact=True)
    for name in (
        "deck-fame",
        "card-value",
        "seat-advantage",
        "ability-frequency",
        "flipology-scores",
    ):
        assert_frame_equal(small(name, executor=pool, chunk=1), one_process[name], check_exact=True)


def test_the_same_dataframe_on_a_dask_cluster_of_two_worker_processes(one_process):
    distributed = pytest.importorskip("distributed")  # the cluster extra; `test` installs it
    with (
        distributed.LocalCluster(
            n_workers=2,
            threads_per_worker=1,
            processes=True,
            host="127.0.0.1",
            dashboard_address=None,
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        workers = [w.process.pid for w in cluster.workers.values()]
        executor = client.get_executor()
        for name in ("card-value", "solo-win-rate", "flipology-scores"):
            assert_frame_equal(
                small(name, executor=executor, chunk=2), one_process[name], check_exact=True
            )
    time.sleep(0.2)
    assert len(workers) == 2 and not [pid for pid in workers if _alive(pid)]


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().split(")")[-1].split()[0] != "Z"
    except FileNotFoundError:
        return False


def test_rows_name_their_setup_and_seed(one_process):
    df = one_process["solo-win-rate"]
    assert list(df.columns[:7]) == [
        "game",
        "season",
        "players",
        "solo",
        "policy",
        "rulings",
        "seed",
    ]
    assert len(df) == 3 * 2 * 2
    # paired seeds
    assert df.groupby(["solo", "policy"])["seed"].apply(list).tolist() == [[3, 4, 5]] * 4
    assert df.attrs == {
        "experiment": "solo-win-rate",
        "games": 3,
        "seed": 3,
        "params": {
            "seasons": ["s2"],
            "difficulties": ["easy", "hard"],
            "policies": ["default", "random"],
        },
    }


def test_a_game_row_replays_to_its_outcome(one_process):
    for _, row in one_process["solo-win-rate"].iterrows():
        game = ex.replay(row)
        assert (
            game.result.rounds,
            game.result.solo == "won",
            game.table.players[0].fame_total,
        ) == (row["rounds"], row["won"], row["fame"])
        assert game.trace[-1].kind == "game_end"  # traced
    for _, row in one_process["seat-advantage"].iterrows():
        result = ex.replay(row).result
        assert (result.final_fame[row["seat"]], row["seat"] in result.winners) == (
            row["fame"],
            row["won"],
        )


def test_a_flipology_row_replays_to_its_scores(one_process):
    for _, row in one_process["flipology-scores"].iterrows():
        game = ex.replay(row)
        assert game.result.scores[row["seat"]] == row["score"]
        assert (row["seat"] in game.result.winners, game.result.moon) == (
            row["won"],
            row["moon_up"],
        )


def test_a_resolution_row_replays_and_opens_as_a_scenario(one_process):
    df = one_process["deck-fame"]
    for _, row in df.iterrows():
        assert ex.replay(row).players[0].fame_total == row["fame"]
        s = ex.scenario(row)
        assert s["players"][0]["deck"] == row["deck"].split()
        assert resolve(s).players[0].fame_total == row["fame"]
    assert sorted(df["deck"][0].split()) == sorted(STARTING_DECKS["s2", "multi"])


def test_card_value_pairs_the_same_order_without_the_card(one_process):
    df = one_process["card-value"]
    for (card, seed), pair in df.groupby(["card", "seed"]):
        with_card = pair[pair["added"]]["deck"].item().split()
        without = pair[~pair["added"]]["deck"].item().split()
        with_card.remove(card)
        assert with_card == without
        assert ex.scenario(pair.iloc[0])["market"] == ex.scenario(pair.iloc[1])["market"]
        # the starting deck and the 5 toon cards after the market's, which the toon deck lacks
        market, hires, rest = toon_cards("s2", seed, 5)
        assert sorted(without) == sorted([*STARTING_DECKS["s2", "multi"], *hires])
        assert ex.scenario(pair.iloc[0])["toon_deck"] == rest
        for _, row in pair.iterrows():
            assert ex.replay(row).players[0].fame_total == row["fame"]
    s = ex.summary(df)
    gorilla = df[df["card"] == "gorilla"]
    gains = (
        gorilla[gorilla["added"]]["fame"].to_numpy() - gorilla[~gorilla["added"]]["fame"].to_numpy()
    )
    row = s.set_index("card").loc["gorilla"]
    assert row["gain"] == pytest.approx(gains.mean())
    assert row["changed"] == pytest.approx((gains != 0).mean())
    assert s["gain"].is_monotonic_decreasing


def test_a_capybara_scores_its_bonus_only_in_a_deck_that_outlasts_the_grid():
    """'+4 if at least three cards remain in your deck': five Mosquitoes fill the grid after the
    Capybara; with three cards left it scores 2 + 4, with two (a deck of 8) only 2."""
    deck = ["capybara"] + ["mosquito"] * 5 + ["rat", "rat", "rat"]
    long = resolution_row("s2", deck, 1, "{}")
    short = resolution_row("s2", deck[:-1], 1, "{}")
    assert (long["cards"], long["left"], long["fame"]) == (6, 3, 6)
    assert (short["cards"], short["left"], short["fame"]) == (6, 2, 2)


def test_the_hired_toon_cards_are_checked():
    with pytest.raises(ValueError, match="hired: expected a whole number from 0 to 48, got 49"):
        ex.run("card-value", games=1, cards=("crab",), hired=49)


def test_a_game_round_opens_as_a_scenario_that_plays_on_as_the_game_did():
    """With the default policy, the scenario of round k resolves to the fame each player made in
    that round's Flip and Check Fame, and `play_game` plays it to the row's end."""
    row = {
        "game": "fliptoons",
        "season": "combined",
        "players": 4,
        "solo": None,
        "policy": "default",
        "rulings": "{}",
        "seed": 11,
    }
    game = ex.setup_of(row).new_game(11)
    whole = ex.replay(row).result
    for k in (1, 2, 3):
        game.play_round()
        fame = [p.fame_total for p in game.table.players]
        s = ex.scenario(row, round=k)
        assert (s["round"], s["first_player"]) == (k, game.history[-1].first_player)
        assert [p.fame_total for p in resolve(s).players] == fame
        rest = play_game(s).result
        assert (rest.winners, rest.rounds, rest.final_fame, rest.reason) == (
            whole.winners,
            whole.rounds,
            whole.final_fame,
            whole.reason,
        )
    solo = {**row, "players": 1, "solo": "normal", "season": "s2", "seed": 3}
    end = ex.replay(solo).result
    later = play_game(ex.scenario(solo, round=4)).result
    assert (later.solo, later.rounds, later.reason) == (end.solo, end.rounds, end.reason)
    with pytest.raises(ValueError, match="round: this game ended after round"):
        ex.scenario(row, round=300)


def test_a_flipology_row_opens_as_the_table_dealt():
    row = {
        "game": "flipology",
        "variant": "nature",
        "players": 3,
        "moon": True,
        "wolves": True,
        "policy": "default",
        "rulings": "{}",
        "seed": 5,
    }
    s = ex.scenario(row)
    flipology.check(s)
    assert [len(p["rows"][0]) for p in s["players"]] == [7, 7, 7] and len(s["discard"]) == 6
    game = ex.setup_of(row).new_game(5)
    assert s["first_player"] == game.table.first_player
    r = flipology.resolve(s)  # no turns yet: every card face down
    assert [p.score for p in r.players] == [
        sum(c.spec.down_value for c in p.cards()) for p in r.table.players
    ]


def test_ability_counts_are_the_traces_activations(one_process):
    df = one_process["ability-frequency"]
    seed = df["seed"].iloc[0]
    game = ex.replay(df[df["seed"] == seed].iloc[0])
    triggers = [e.card for e in game.trace if e.kind == "trigger"]
    mine = df[df["seed"] == seed]
    assert mine["activations"].sum() == len(triggers)
    assert (
        mine.groupby("card")["activations"].sum()[lambda s: s > 0].to_dict()
        == pd.Series(triggers).value_counts().to_dict()
    )
    fired = [card for card, _, did in activations(game.trace) if did]
    assert mine["fires"].sum() == len(fired) < len(triggers)
    assert mine["revealed"].sum() == sum(e.kind == "reveal" for e in game.trace)
    chains = ex.chains(df)
    assert chains["fires"].sum() == df[df["by"] != ""]["fires"].sum()
    s = ex.summary(df).set_index("card")
    assert (s["fires"] <= s["activations"]).all() and (s["games"] == 3).all()


#: Built Flips: (deck, the one activation's card, whether it changes the table).
ACTIVATIONS = [
    # the Gorilla lands in the lower row (slot 4): 'not in the upper row'
    (["mosquito", "mosquito", "mosquito", "gorilla", "mosquito"], "gorilla", False),
    # in the upper row it puts the next card into a new row above
    (["mosquito", "gorilla", "mosquito"], "gorilla", True),
    # no face-up Rabbit and no face-down card in the grid: the Rabbit stays
    (["mosquito", "rabbit", "mosquito"], "rabbit", False),
    # a face-up Rabbit to join: it moves onto it (and the first Rabbit has nothing to join)
    (["rabbit", "mosquito", "rabbit"], "rabbit", True),
]


@pytest.mark.parametrize("deck, card, did", ACTIVATIONS)
def test_an_ability_that_did_nothing_is_an_activation_not_a_fire(deck, card, did):
    """Counted from the trace's causes, and the same as the recorded states say: a fire's
    events change the table's state, a mere activation's events change nothing."""
    r = resolve({"season": "combined", "players": [{"name": "Ann", "deck": deck}]}, record=True)
    found = [(c, by, d) for c, by, d in activations(r.trace) if c == card]
    assert found[-1] == (card, "", did)
    trigger = [e.step for e in r.trace if e.kind == "trigger" and e.card == card][-1]
    caused = [e.step for e in r.trace if _caused_by(r.trace, e, trigger)]
    states = [r.trace.initial, *r.trace.states]
    assert any(states[k + 1] != states[k] for k in caused) == did


def _caused_by(trace, event, step) -> bool:
    while event.cause is not None:
        if event.cause == step:
            return True
        event = trace[event.cause]
    return False


def test_a_gorilla_in_the_lower_row_is_counted_as_activated_but_not_fired():
    r = resolve(
        {
            "season": "s2",
            "players": [{"name": "Ann", "deck": ["mosquito"] * 3 + ["gorilla", "mosquito"]}],
        }
    )
    assert [e.detail for e in r.trace if e.kind == "ignored"] == ["not in the upper row"]
    assert activations(r.trace) == [("gorilla", "", False)]


def test_paired_impact_on_a_built_table():
    """Ann's Capybara ends its Flip with exactly three cards left in her deck: 2 + 4 by the
    default reading of 'at least three', 2 when three does not count; Bo's Mosquitoes make 0
    either way. One table of two players: it differs, by -4 / 2 = -2 fame a player."""
    table = {
        "season": "s2",
        "players": [
            {"name": "Ann", "deck": ["capybara"] + ["mosquito"] * 5 + ["rat"] * 3},
            {"name": "Bo", "deck": ["mosquito"] * 6},
        ],
    }
    assert flip_fame(table, {}, None) == [6, 0]
    assert flip_fame(table, {"capybara_exactly_three": "does-not-count"}, None) == [2, 0]
    rows = pd.DataFrame(
        {
            "option": ["capybara_exactly_three"] * 4,
            "value": ['"does-not-count"'] * 4,
            "differs": [True, False, False, False],
            "difference": [-2.0, 0.0, 0.0, 0.0],
        }
    )
    s = ex.summary(rows, "ruling-impact").iloc[0]
    assert (s["tables"], s["differs"], s["rate"]) == (4, 1, 0.25)
    assert (round(s["low"], 4), round(s["high"], 4)) == (0.0456, 0.6994)  # Wilson, 1 of 4
    # mean -0.5, sample sd 1: -0.5 -+ 1.96 / 2
    assert (s["difference"], round(s["diff_low"], 3), round(s["diff_high"], 3)) == (
        -0.5,
        -1.48,
        0.48,
    )


def test_ruling_impact_resolves_the_same_tables_both_ways(one_process):
    df = one_process["ruling-impact"]
    assert sorted(set(zip(df["option"], df["value"]))) == [
        ("cow_copies", '"total"'),
        ("flip_players", '"lockstep"'),
        ("x_side_price_cards", '"not-for-hire"'),
    ]
    assert set(df["round"]) == {2, 5}
    setup = ex.Setup.of("fliptoons", season="combined", players=4)
    for (seed, r), rows in df.groupby(["seed", "round"]):
        table = dict(round_tables(setup, int(seed), (r,)))[r]
        plain = flip_fame(table, {}, None)
        for _, row in rows.iterrows():
            fame = flip_fame(table, json.loads(f'{{"{row["option"]}": {row["value"]}}}'), None)
            assert (row["fame_default"], row["fame"]) == (
                " ".join(map(str, plain)),
                " ".join(map(str, fame)),
            )
            assert row["differs"] == (fame != plain)
            assert row["difference"] == pytest.approx((sum(fame) - sum(plain)) / 4)
    # the Market's x-side price cards change no Flip
    assert not df[df["option"] == "x_side_price_cards"]["differs"].any()


def test_ruling_games_compare_the_settings_by_seat_and_policy(one_process):
    df = one_process["ruling-games"]
    assert df[["option", "value"]].drop_duplicates().values.tolist() == [
        ["(default)", ""],
        ["x_side_price_cards", '"not-for-hire"'],
    ]
    s = ex.summary(df)
    assert (
        s[["seat", "policy", "games"]].values.tolist()
        == [
            [0, "random", 2],
            [1, "default", 2],
            [2, "default", 2],
            [3, "default", 2],
        ]
        * 2
    )
    assert s.groupby(["option", "value"])["wins"].sum().tolist() == [2.0, 2.0]  # a game each
    for _, row in df.iterrows():
        assert ex.replay(row).result.final_fame[row["seat"]] == row["fame"]
    end = ex.endings(df)
    assert end["games"].tolist() == [2, 2]


def test_seat_shares_add_up_to_one_game_each(one_process):
    df = one_process["seat-advantage"]
    assert df.groupby(["players", "seed"])["share"].sum().tolist() == [1.0] * 8
    assert sorted(df.groupby(["players", "seed"])["start"].apply(sorted).map(tuple).unique()) == [
        (0, 1),
        (0, 1, 2, 3, 4),
    ]
    s = ex.summary(df)
    assert (
        s["games"].tolist() == [4, 4] + [4] * 5 and (s["low"] >= 0).all() and (s["high"] <= 1).all()
    )


def test_seat_shares_on_built_games():
    """Four 2-player games: seat 0 wins three, one is a tie (half a win each)."""
    rows = pd.DataFrame(
        {
            "players": [2] * 8,
            "seed": [1, 1, 2, 2, 3, 3, 4, 4],
            "start": [0, 1] * 4,
            "share": [1.0, 0.0, 1.0, 0.0, 1.0, 0.0, 0.5, 0.5],
        }
    )
    s = ex.summary(rows, "seat-advantage")
    assert s[["start", "games", "wins", "win_share", "fair", "unfair"]].values.tolist() == [
        [0, 4, 3.5, 0.875, 0.5, False],
        [1, 4, 0.5, 0.125, 0.5, False],
    ]
    assert (round(s["low"][0], 4), round(s["high"][0], 4)) == tuple(
        round(v, 4) for v in ex.wilson(3.5, 4)
    )


def test_rounds_to_30_shares_are_of_all_games():
    """Four 3-player games, two ended by the trigger (rounds 7 and 9): a share of 0.5, and the
    by-round shares (of all four games) sum to it, not to 1."""
    rows = pd.DataFrame(
        {"players": [3] * 4, "triggered": [True, False, True, False], "rounds": [7, 11, 9, 12]}
    )
    s = ex.summary(rows, "rounds-to-30").iloc[0]
    assert (s["games"], s["triggered"], s["share"], s["mean_round"]) == (4, 2, 0.5, 8.0)
    assert (s["low"], s["high"]) == ex.wilson(2, 4)
    shares = by_round(rows)[3]
    assert shares.to_dict() == {7: 0.25, 8: 0.0, 9: 0.25}


def test_summaries_count_what_the_rows_hold(one_process):
    s = ex.summary(one_process["solo-win-rate"])
    assert s[["solo", "policy", "games"]].values.tolist() == [
        ["easy", "default", 3],
        ["easy", "random", 3],
        ["hard", "default", 3],
        ["hard", "random", 3],
    ]
    deck = ex.summary(one_process["deck-fame"])
    assert deck["resolutions"].sum() == 20 and deck["at_least"].iloc[0] == 1.0
    rounds = ex.summary(one_process["rounds-to-30"])
    df = one_process["rounds-to-30"]
    assert rounds["triggered"].tolist() == [
        int(df[df["players"] == p]["triggered"].sum()) for p in (2, 4)
    ]
    assert (df[df["triggered"]]["reason"] == "a player generated 30 fame").all()
    scores = ex.summary(one_process["flipology-scores"])
    assert scores[["variant", "moon", "games"]].values.tolist() == [
        ["nature", True, 5],
        ["nature", False, 5],
        ["great-tree", True, 5],
        ["great-tree", False, 5],
    ]


def test_every_plot_draws(one_process, tmp_path):
    pytest.importorskip("matplotlib")
    for name, df in one_process.items():
        fig = ex.plot(df)
        assert fig.axes and all(ax.has_data() for ax in fig.axes), name
        assert all(ax.get_xlabel() and ax.get_title() for ax in fig.axes), name
        if name in ("solo-win-rate", "flipology-scores"):  # one axes; two
            fig.savefig(tmp_path / f"{name}.png")
            assert (tmp_path / f"{name}.png").read_bytes()[:4] == b"\x89PNG"


def test_the_seat_plot_numbers_seats_as_the_table_does(one_process):
    """Seats 0 to 4 as `start` prints them, whole-number ticks only."""
    pytest.importorskip("matplotlib")
    ax = ex.plot(one_process["seat-advantage"]).axes[0]
    assert ax.get_xticks().tolist() == [0, 1, 2, 3, 4]
    assert ax.get_xlabel().startswith("seat (start): 0 = the first player")


def test_the_rounds_plot_draws_shares_of_all_games(one_process):
    pytest.importorskip("matplotlib")
    df = one_process["rounds-to-30"]
    ax = ex.plot(df).axes[0]
    share = ex.summary(df)["share"].tolist()
    assert [round(sum(line.get_ydata()), 9) for line in ax.lines] == [round(v, 9) for v in share]
    assert "ALL games" in ax.get_ylabel()


def test_wilson_intervals():
    assert ex.wilson(0, 10) == (0.0, pytest.approx(0.2775, abs=1e-4))
    assert ex.wilson(5, 10) == (pytest.approx(0.2366, abs=1e-4), pytest.approx(0.7634, abs=1e-4))
    # 54% of 300 and 20% of 300 (the seat question's first sample)
    assert [round(v, 3) for v in ex.wilson(162, 300)] == [0.483, 0.596]
    assert [round(v, 3) for v in ex.wilson(60, 300)] == [0.159, 0.249]
    mean, low, high = ex.mean_interval([1, 2, 3, 4])
    assert (mean, round(low, 3), round(high, 3)) == (2.5, 1.235, 3.765)


def test_games_for_setups_of_ones_own():
    setups = [
        ex.Setup.of(season="s2", players=2, policy="greedy,default"),
        ex.Setup.of(
            "flipology", variant="multi", players=3, rulings={"multi_moon_bonus": "in-a-row"}
        ),
    ]
    df = ex.games(setups, n=2, seed=8, per="player", jobs=1, progress=False)
    assert df[["game", "seed", "seat"]].values.tolist() == [
        ["fliptoons", 8, 0],
        ["fliptoons", 8, 1],
        ["fliptoons", 9, 0],
        ["fliptoons", 9, 1],
        ["flipology", 8, 0],
        ["flipology", 8, 1],
        ["flipology", 8, 2],
        ["flipology", 9, 0],
        ["flipology", 9, 1],
        ["flipology", 9, 2],
    ]
    row = df.iloc[0]
    assert ex.setup_of(row) == setups[0] and ex.replay(row).policy.name == "greedy,default"
    multi = df[df["game"] == "flipology"].iloc[0]
    assert ex.replay(multi).result.running[0] == multi["score"]


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda: ex.run("nope"), 'experiment: unknown name "nope" (known: solo-win-rate, '),
        (
            lambda: ex.run("deck-fame", games=0),
            "games: expected a whole number from 1 to 100,000, got 0",
        ),
        (
            lambda: ex.run("deck-fame", jobs=0),
            "jobs: expected a whole number of worker processes from 1 to 1024",
        ),
        (
            lambda: ex.run("deck-fame", colour="red"),
            "colour: not a parameter of deck-fame (its parameters: season, deck, rulings)",
        ),
        (
            lambda: ex.run("deck-fame", deck=["capybara", "unicorn"]),
            'deck: "unicorn" is unknown card',
        ),
        (
            lambda: ex.run("card-value", cards=["crab"], season="s1"),
            'deck: "crab" is a S2 card, not in s1',
        ),
        (
            lambda: ex.run("deck-fame", rulings={"cow_copies": "sum"}),
            "rulings: ruling cow_copies must be one of",
        ),
        (
            lambda: ex.run("seat-advantage", players=(9,)),
            'players: "combined" takes 1 (solo) or 2 to 8 players, got 9',
        ),
        (
            lambda: ex.run("solo-win-rate", policies=("clever",)),
            "policy: expected default, random, greedy",
        ),
        (
            lambda: ex.run("deck-fame", chunk=0),
            "chunk: expected a whole number of tasks of at least 1, got 0",
        ),
        (
            lambda: ex.run("deck-fame", executor="pool"),
            "executor: expected a concurrent.futures.Executor",
        ),
        (
            lambda: ex.games(ex.Setup.of(season="s2", players=3, policy="greedy,default")),
            "policy: expected one policy name or 3 (one per seat",
        ),
        (
            lambda: ex.summary(pd.DataFrame({"a": [1]})),
            "name: this DataFrame does not say which experiment made it",
        ),
    ],
)
def test_a_wrong_argument_is_one_line_naming_it(call, message):
    with pytest.raises(ValueError) as e:
        call()
    assert str(e.value).startswith(message) and "\n" not in str(e.value)


# -- progress --------------------------------------------------------------------------------------


def test_no_progress_when_standard_error_is_not_a_terminal(capsys, monkeypatch):
    monkeypatch.setattr(parallel, "PROGRESS_DELAY", 0)
    small("deck-fame", jobs=1, progress=None)
    assert capsys.readouterr().err == ""
    small("deck-fame", jobs=1, progress=True)  # the same run, asked to show it
    assert "deck-fame:   0%|          | 0/20" in capsys.readouterr().err


def test_progress_in_a_kernel_only_when_a_person_can_answer(monkeypatch):
    """JupyterLab lets the kernel ask for input; nbval, nbconvert and papermill do not."""
    kernel = types.SimpleNamespace(_allow_stdin=True)
    shell = types.SimpleNamespace(kernel=kernel)
    monkeypatch.setitem(sys.modules, "IPython", types.SimpleNamespace(get_ipython=lambda: shell))
    assert parallel.show_progress() is True
    kernel._allow_stdin = False
    assert parallel.show_progress() is False
    assert parallel.show_progress(True) is True


class _Terminal(io.StringIO):
    def isatty(self):
        return True


def test_progress_on_a_terminal_and_none_in_a_pipe(monkeypatch):
    """A terminal gets the bar (with the time left); the command line's output through a pipe
    gets none."""
    monkeypatch.setattr(parallel, "PROGRESS_DELAY", 0)
    terminal = _Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    monkeypatch.setattr(os, "get_terminal_size", lambda *a: os.terminal_size((100, 24)))
    small("rounds-to-30", jobs=1, progress=None)
    drawn = terminal.getvalue()
    assert "rounds-to-30:   0%|" in drawn and "/12 [" in drawn and "<?, ?game/s]" in drawn
    monkeypatch.undo()
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "fliptoons_explore",
            "experiment",
            "rounds-to-30",
            "--games",
            "30",
            "--set",
            "players=4",
            "--jobs",
            "1",
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0 and done.stderr == "" and done.stdout.startswith("rounds-to-30:")


# -- the command line ------------------------------------------------------------------------------


def test_experiment_list_names_them_all(capsys):
    assert main(["experiment", "--list"]) == 0
    out = capsys.readouterr().out
    assert [line.split()[0] for line in out.splitlines() if not line.startswith(" ")] == ex.names()


def test_csv_files_are_identical_for_any_jobs(tmp_path, capsys):
    common = ["experiment", "card-value", "--games", "5", "--seed", "2", "--set", "cards=crab,fox"]
    assert main(common + ["--jobs", "1", "--csv", str(tmp_path / "one.csv")]) == 0
    assert (
        main(
            common
            + ["--jobs", "2", "--csv", str(tmp_path / "two.csv"), "--plot", str(tmp_path / "p.png")]
        )
        == 0
    )
    out = capsys.readouterr().out
    assert (tmp_path / "one.csv").read_bytes() == (tmp_path / "two.csv").read_bytes()
    assert (tmp_path / "p.png").read_bytes()[:4] == b"\x89PNG"
    assert "card-value: What is a card worth" in out and f"the plot in {tmp_path / 'p.png'}" in out
    rows = pd.read_csv(tmp_path / "one.csv")
    assert len(rows) == 2 * 5 * 2 and list(rows.columns[:4]) == ["card", "added", "game", "season"]


def test_experiment_json_is_one_document_with_summary_and_rows(capsys):
    assert (
        main(
            [
                "experiment",
                "flipology-scores",
                "--games",
                "2",
                "--set",
                "variants=nature",
                "--set",
                "moon=true",
                "--json",
                "--jobs",
                "1",
            ]
        )
        == 0
    )
    doc = json.loads(capsys.readouterr().out)
    assert (doc["experiment"], doc["games"], doc["seed"], len(doc["rows"])) == (
        "flipology-scores",
        2,
        0,
        8,
    )
    assert doc["params"]["variants"] == ["nature"] and doc["summary"][0]["games"] == 2
    assert doc["reading"].startswith("moon_decides: the share of `games` a face-up Moon")


def test_ruling_games_prints_its_endings_after_the_summary(capsys):
    common = ["experiment", "ruling-games", "--games", "2", "--seed", "5", "--jobs", "1"]
    assert main(common) == 0
    out = capsys.readouterr().out.splitlines()
    at = out.index("endings:")
    assert out[at + 1].split()[:4] == ["option", "value", "games", "rounds"]
    assert len(out) == at + 4  # the default rulings and not-for-hire
    assert main(common + ["--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert [(e["option"], e["games"]) for e in doc["endings"]] == [
        ("(default)", 2),
        ("x_side_price_cards", 2),
    ]
    assert len(doc["summary"]) == 8 and len(doc["rows"]) == 16


def test_experiment_text_says_who_played_and_how_to_read_it(capsys):
    args = ["experiment", "seat-advantage", "--games", "3", "--set", "players=2", "--jobs", "1"]
    assert main(args) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[2].startswith("Played by the simple bot (policy 'default'). win_share: the seat's")
    assert out[-3].split() == [
        "players",
        "start",
        "games",
        "wins",
        "win_share",
        "low",
        "high",
        "fair",
        "unfair",
    ]


@pytest.mark.parametrize(
    "args, message",
    [
        (["experiment"], "experiment: give a NAME (solo-win-rate, "),
        (["experiment", "nope"], 'experiment: unknown name "nope"'),
        (["experiment", "deck-fame", "--set", "deck"], 'expected NAME=VALUE, got "deck"'),
        (
            ["experiment", "deck-fame", "--set", "colour=red"],
            "--set colour: not a parameter of deck-fame",
        ),
        (
            ["experiment", "seat-advantage", "--set", "players=two"],
            '--set players: expected a whole number, got "two"',
        ),
        (
            ["experiment", "deck-fame", "--set", "rulings=cow"],
            "--set rulings: expected a JSON object",
        ),
        (
            ["experiment", "card-value", "--set", "hired=60"],
            "hired: expected a whole number from 0 to 48, got 60",
        ),
        (
            ["experiment", "ruling-impact", "--set", "rounds=0"],
            "rounds: expected round numbers of at least 1, got 0",
        ),
        (
            ["experiment", "ruling-games", "--set", "options=x_side"],
            'options: unknown ruling option "x_side"',
        ),
        (
            ["experiment", "deck-fame", "--jobs", "0"],
            "jobs: expected a whole number of worker processes",
        ),
        (
            ["experiment", "deck-fame", "--games", "10", "--csv", "/nonexistent/x.csv"],
            "cannot write it",
        ),
        (
            ["play", "--season", "s2", "--players", "2", "--seed", "1", "--jobs", "0"],
            "jobs: expected a whole number",
        ),
    ],
)
def test_experiment_mistakes_are_one_line_and_exit_2(args, message, capsys):
    assert main(args) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1


def test_play_with_two_jobs_prints_what_one_job_prints(capsys):
    for command in (
        [
            "play",
            "--season",
            "combined",
            "--players",
            "3",
            "--seed",
            "4",
            "--games",
            "12",
            "--json",
        ],
        [
            "flipology",
            "play",
            "--variant",
            "nature",
            "--players",
            "4",
            "--seed",
            "4",
            "--games",
            "12",
        ],
    ):
        assert main(command + ["--jobs", "1"]) == 0
        one = capsys.readouterr().out
        assert main(command + ["--jobs", "2"]) == 0
        assert capsys.readouterr().out == one and one.count("seed") >= 12


@pytest.mark.parametrize("stop", [signal.SIGTERM, signal.SIGKILL], ids=["sigterm", "sigkill"])
def test_a_stopped_run_leaves_no_worker_process(stop):
    """SIGTERM ends the run as Ctrl-C does (one line, exit 130, the pool stopped); after SIGKILL,
    when nothing can run in the killed process, the workers notice it is gone and end."""
    psutil = pytest.importorskip("psutil")
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "fliptoons_explore",
            "experiment",
            "ability-frequency",
            "--games",
            "5000",
            "--jobs",
            "2",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        deadline = time.time() + 60
        workers = []
        while time.time() < deadline and len(workers) < 3:  # the process server and two workers
            time.sleep(0.2)
            workers = psutil.Process(proc.pid).children(recursive=True)
        assert len(workers) >= 3
        time.sleep(1)
        proc.send_signal(stop)
        out, err = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
    if stop == signal.SIGTERM:
        assert proc.returncode == 130 and err.strip().endswith("fliptoons-explore: interrupted")
    deadline = time.time() + 10 * parallel.WATCH_INTERVAL
    while time.time() < deadline and any(_running(w, psutil) for w in workers):
        time.sleep(0.2)
    assert [w.pid for w in workers if _running(w, psutil)] == []


def _running(process, psutil) -> bool:
    try:
        return process.is_running() and process.status() != psutil.STATUS_ZOMBIE
    except psutil.NoSuchProcess:
        return False
