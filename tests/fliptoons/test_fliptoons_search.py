"""FlipToons' search policy (`fliptoons.search`, FlipToons' parts of the toolkit's
`search.SearchPolicy`), its advice (`fliptoons.advice`, through `analysis.advice.advise`) and the
engine API it plays on: `Table.copy` and `Game.market_phase(resume=...)`. Small budgets: these
check what the policy does, never how strong it is (benchmarks/strength.py measures that)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from fliptoons_explore.fliptoons.game import Game, new_game
from fliptoons_explore.fliptoons.state import snapshot
from fliptoons_explore.policy import DefaultPolicy


class CopyAt:
    """The default policy, which at the `at`-th Market action copies the table and notes the
    game around it (what a search starts from)."""

    name = "default"

    def __init__(self, at: int) -> None:
        self.at = at
        self.seen = 0
        self.game = None
        self.copied = None
        self.default = DefaultPolicy()

    def choose(self, choice):
        answer = self.default.choose(choice)
        if choice.kind == "market_action":
            self.seen += 1
            if self.seen == self.at:
                g = self.game
                self.copied = (
                    choice.table.copy(),
                    choice.player,
                    g.round,
                    g.stage,
                    g.end_triggered,
                    snapshot(choice.table),
                    choice.table.locations(),
                )
        return answer


@pytest.mark.parametrize(
    "season,players,solo,at",
    [("s2", 1, "normal", 5), ("s1", 1, "hard", 2), ("s2", 3, None, 7), ("combined", 5, None, 11)],
)
def test_a_copied_table_plays_on_as_the_game_does(season, players, solo, at):
    """Table.copy at a Market decision, played on by `market_phase(resume=player)`, Cleanup and the
    following rounds with the game's seed, ends exactly as the game itself does; the copy is the
    same table (every card in the same place) and shares nothing that changes with it."""
    policy = CopyAt(at)
    game = new_game(season, players, 41, solo, policy, traced=False)
    policy.game = game
    result = game.play()
    table, player, round_, stage, ended, before, where = policy.copied
    # untouched by the game's going on
    assert snapshot(table) == before and table.locations() == where
    copy = Game(table, DefaultPolicy(), traced=False, solo=solo, seed=game.seed)
    copy.round, copy.stage, copy.end_triggered, copy.phase = round_, stage, ended, "market"
    if copy.market_phase(resume=table.players[player]):
        copy.cleanup()
    while copy.result is None:
        copy.play_round()
    assert (copy.result.winners, copy.result.solo, copy.result.rounds, copy.result.final_fame) == (
        result.winners,
        result.solo,
        result.rounds,
        result.final_fame,
    )
    assert snapshot(copy.table) == snapshot(game.table)


def test_a_copy_is_independent():
    """Changing the copy (a deck, a grid, the market, the generator) leaves the table as it was."""
    game = new_game("s2", 2, 5, traced=False)
    game.play_round(stop_before_cleanup=True)
    table = game.table
    before = snapshot(table)
    state = table.rng.getstate()
    copy = table.copy()
    assert copy.rng.getstate() == state and copy.rng is not table.rng
    copy.players[0].deck.clear()
    card = copy.players[1].grid.cards()[0]
    copy.players[1].grid.remove(card)
    card.face_up = not card.face_up
    copy.market[0] = None
    copy.toon_deck.popleft()
    copy.rng.random()
    assert snapshot(table) == before and table.rng.getstate() == state
    assert all(c.where is not None for c in table.players[1].grid.cards())


def test_a_copy_holds_every_part_of_the_state():
    """Every attribute of the table and of each player is copied (a field added to the state
    later must be added to Table.copy too), to an equal value."""
    from fliptoons_explore.fliptoons.state import PlayerState, Table

    game = new_game("s1", 3, 9, traced=False)
    game.play_round(stop_before_cleanup=True)
    table = game.table
    copy = table.copy()
    assert set(vars(copy)) == set(vars(table)) | ({"game"} if "game" in vars(table) else set())
    for p, q in zip(table.players, copy.players):
        for name in PlayerState.__slots__:
            mine, theirs = getattr(p, name), getattr(q, name)
            if name in ("deck", "dismissed"):
                assert [(c.uid, c.spec, c.face_up) for c in mine] == [
                    (c.uid, c.spec, c.face_up) for c in theirs
                ]
            elif name == "grid":
                assert [c.uid for c in mine.cards()] == [c.uid for c in theirs.cards()]
            elif name == "fame":
                assert [(e.card.uid, e.fame) for e in mine] == [
                    (e.card.uid, e.fame) for e in theirs
                ]
            elif name == "queued":
                assert [e[0].uid for e in mine] == [e[0].uid for e in theirs]
            elif name == "revealed":
                assert (mine and mine.uid) == (theirs and theirs.uid)
            else:
                assert mine == theirs, name
    assert isinstance(copy, Table) and copy.first_player == table.first_player


def test_the_search_is_deterministic_for_a_seed():
    """The same seed, the same answers to every decision of a whole solo game (a small budget)."""
    from fliptoons_explore.fliptoons.search import MonteCarloPolicy

    def decisions(seed):
        game = new_game(
            "s2", 1, 8, "normal", MonteCarloPolicy(simulations=6, seed=seed), traced=False
        )
        game.play()
        return game.decisions, game.result.solo

    assert decisions(1) == decisions(1)


# -- no peeking ------------------------------------------------------------------------------------

#: Ann's round: six cards flipped (the Mosquito last), three more in her deck that no one sees, a
#: toon deck in an order no one sees. Changing those orders changes nothing she can see.
HIDDEN = {
    "season": "s2",
    "solo": "normal",
    "players": [
        {
            "name": "Ann",
            "deck": [
                "vulture",
                "clownfish",
                "goldfish",
                "shark",
                "hen",
                "mosquito",
                "capybara",
                "spider",
                "ladybug",
            ],
        }
    ],
    "market": ["salamander", "goldfish", "raccoon", "crab", "vulture"],
    "toon_deck": [
        "mole",
        "hen",
        "crab",
        "gorilla",
        "fox",
        "shark",
        "rat",
        "zebra",
        "capybara",
        "sloth",
    ],
}


def _with_orders(deck_tail, toon_deck):
    import copy

    scenario = copy.deepcopy(HIDDEN)
    scenario["players"][0]["deck"][6:] = deck_tail
    scenario["toon_deck"] = toon_deck
    return scenario


def _market_decision(scenario):
    from fliptoons_explore.fliptoons.advice import decision_of

    choice, _ = decision_of(scenario)
    return choice


def test_the_search_does_not_peek_at_the_order_of_hidden_cards():
    """S2 Solo: Ann's Market decision after her Flip. The order of the three cards left in her deck
    and of the toon deck is hidden; reversing both behind the policy changes neither its answer
    nor any option's estimate. (A search that skipped determinising, below, does see the change:
    the situation is one where the hidden order matters.)"""
    from fliptoons_explore.fliptoons import search
    from fliptoons_explore.fliptoons.search import MonteCarloPolicy

    toon = HIDDEN["toon_deck"]
    a = _market_decision(HIDDEN)
    b = _market_decision(_with_orders(["ladybug", "spider", "capybara"], toon[::-1]))
    assert snapshot(a.table)["toon_deck"] != snapshot(b.table)["toon_deck"]
    assert [c.spec.id for c in a.table.players[0].deck] == ["capybara", "spider", "ladybug"]
    assert [c.spec.id for c in b.table.players[0].deck] == ["ladybug", "spider", "capybara"]
    seen = {k: v for k, v in snapshot(a.table).items() if k != "toon_deck"}
    seen["players"] = [{**p, "deck": sorted(p["deck"])} for p in seen["players"]]
    seen_b = {k: v for k, v in snapshot(b.table).items() if k != "toon_deck"}
    seen_b["players"] = [{**p, "deck": sorted(p["deck"])} for p in seen_b["players"]]
    assert seen == seen_b and sorted(snapshot(a.table)["toon_deck"]) == sorted(
        snapshot(b.table)["toon_deck"]
    )

    def estimates(choice):
        policy = MonteCarloPolicy(simulations=6, seed=2)
        return policy.search(choice, policy.start(choice), 6 * len(choice.options), halving=False)

    assert estimates(a) == estimates(b)
    assert MonteCarloPolicy(simulations=24, seed=2).choose(a) == MonteCarloPolicy(
        simulations=24, seed=2
    ).choose(b)

    peeking = search.determinise
    try:
        search.determinise = lambda table, rng: None  # the copies keep the real orders
        assert estimates(a) != estimates(b)
    finally:
        search.determinise = peeking


def test_the_search_does_not_peek_at_other_players_decks():
    """Two players: reversing the rest of the other player's deck changes nothing for the one
    deciding."""
    import copy

    from fliptoons_explore.fliptoons.search import MonteCarloPolicy

    two = copy.deepcopy(HIDDEN)
    del two["solo"]
    two["players"].append(
        {
            "name": "Ben",
            "deck": [
                "mosquito",
                "mosquito",
                "spider",
                "grasshopper",
                "ladybug",
                "firefly",
                "fox",
                "rat",
                "vulture",
                "sloth",
            ],
        }
    )
    other = copy.deepcopy(two)
    other["players"][1]["deck"][6:] = other["players"][1]["deck"][6:][::-1]
    a, b = _market_decision(two), _market_decision(other)
    assert [c.spec.id for c in a.table.players[1].deck] != [
        c.spec.id for c in b.table.players[1].deck
    ]

    def estimates(choice):
        policy = MonteCarloPolicy(seed=4)
        return policy.search(choice, policy.start(choice), 4 * len(choice.options), halving=False)

    assert estimates(a) == estimates(b)


# -- what the search finds -------------------------------------------------------------------------

#: The end-of-game situation "s2.solo.win" without its scripted actions: with 29 fame Ann can
#: reach 30 next round (the situation's own line: dismiss the Mosquito, hire the Goldfish, and
#: every order of her six fish makes 36).
SIX_FISH = {
    "season": "s2",
    "solo": "normal",
    "players": [
        {
            "name": "Ann",
            "deck": ["swordfish", "swordfish", "starfish", "starfish", "clownfish", "mosquito"],
        }
    ],
    "market": ["salamander", "goldfish", "raccoon", "opossum", "fox"],
    "toon_deck": ["mole", "hen", "crab", "gorilla"],
}


def test_the_search_wins_where_a_market_turn_can_win():
    """S2 Solo: from Ann's 29, the search's Market turn wins in round 2 (30 fame or more in one
    Check Fame, "s2.solo.win"), for each of four seeds; the default policy (hire the card of most
    fame) does not."""
    from fliptoons_explore.fliptoons.engine import play_game
    from fliptoons_explore.fliptoons.search import MonteCarloPolicy

    for seed in range(4):
        game = play_game(SIX_FISH, MonteCarloPolicy(simulations=24, seed=seed), traced=False)
        assert (game.result.solo, game.result.rounds, game.history[0].fame) == ("won", 2, (29,))
        assert game.history[1].fame[0] >= 30
    default = play_game(SIX_FISH, traced=False)
    assert (default.result.solo, default.result.rounds) != ("won", 2)


def test_advise_gives_every_option_its_win_rate():
    """advise(scenario): every legal Market action of Ann's first decision (from 29 fame), each
    with the share of its simulations won and a Wilson interval, best first. The pick wins all
    of its simulations; dismissing a Swordfish, her 8-fame card, wins none of them."""
    from fliptoons_explore.analysis.advice import advise

    df = advise(SIX_FISH, simulations=8, seed=1)
    assert (
        df.attrs["kind"] == "market_action"
        and df.attrs["fame_left"] == 29
        and df.attrs["name"] == "Ann"
    )
    assert sorted(df["option"]) == sorted(
        [
            "hire:salamander",
            "hire:goldfish",
            "hire:raccoon",
            "hire:opossum",
            "hire:fox",
            "dismiss:swordfish",
            "dismiss:swordfish",
            "dismiss:starfish",
            "dismiss:starfish",
            "dismiss:clownfish",
            "dismiss:mosquito",
            "skip",
        ]
    )
    assert sorted(df["index"]) == list(range(12))
    assert (df["simulations"] == 8).all() and df["best"].sum() == 1 and df.loc[0, "best"]
    assert df.loc[0, "win_rate"] == 1 and df.loc[0, "value"] == df["value"].max()
    assert ((df["low"] <= df["win_rate"]) & (df["win_rate"] <= df["high"])).all()
    assert (df.loc[df["option"] == "dismiss:swordfish", "win_rate"] == 0).all()


def test_advise_on_a_game_leaves_the_game_as_it_is():
    """advise(game) plays a copy of the game on to its next Market decision; the game itself does
    not move, and plays on as it would have."""
    from fliptoons_explore.analysis.advice import advise

    game = new_game("s2", 2, 12, traced=False)
    game.play_round()
    before = snapshot(game.table)
    df = advise(game, simulations=2, player=1)
    assert df.attrs["player"] == 1 and snapshot(game.table) == before and game.round == 1
    twin = new_game("s2", 2, 12, traced=False)
    assert (game.play().winners, snapshot(game.table)) == (
        twin.play().winners,
        snapshot(twin.table),
    )


@pytest.mark.parametrize(
    "call,message",
    [
        (
            lambda a: a("nope"),
            'advise: expected a Game, a scenario (a dict) or a Choice, got "nope"',
        ),
        (
            lambda a: a(SIX_FISH, simulations=0),
            "simulations: expected a whole number of at least 1, got 0",
        ),
        (lambda a: a(SIX_FISH, policy=DefaultPolicy()), "policy: expected a MonteCarloPolicy"),
        (
            lambda a: a({"season": "s2", "players": [{"name": "A", "deck": ["nope"]}]}),
            'advise: players[0].deck[0]: unknown card id "nope"',
        ),
    ],
)
def test_advise_bad_arguments(call, message):
    from fliptoons_explore.analysis.advice import advise

    with pytest.raises(ValueError) as e:
        call(advise)
    assert str(e.value).startswith(message) and "\n" not in str(e.value)


# -- the command line ------------------------------------------------------------------------------


def test_play_and_tournament_name_the_search(capsys):
    """`play --policy montecarlo --simulations N` and `tournament`: the search by name; the
    tournament seats the policies turned one place a game and prints each one's share of its
    seats' games won with a Wilson interval."""
    from fliptoons_explore.analysis.tournament import seating, standings, tournament
    from fliptoons_explore.cli.main import main

    assert (
        main(
            [
                "play",
                "--season",
                "s2",
                "--players",
                "1",
                "--solo",
                "easy",
                "--policy",
                "montecarlo",
                "--simulations",
                "3",
                "--seed",
                "4",
                "--json",
            ]
        )
        == 0
    )
    doc = json.loads(capsys.readouterr().out)
    assert doc["policy"] == "montecarlo" and doc["games"][0]["solo"] in ("won", "lost")
    assert [seating(["a", "b", "c"], 4, k) for k in range(3)] == [
        ["a", "b", "c", "a"],
        ["b", "c", "a", "b"],
        ["c", "a", "b", "c"],
    ]
    df = tournament("random,default", "s2", players=2, games=2, seed=5)
    assert list(df["policy"]) == ["random,default"] * 2 + ["default,random"] * 2
    assert list(df["seat_policy"]) == ["random", "default", "default", "random"]
    table = standings(df)
    assert sorted(table["policy"]) == ["default", "random"] and (table["seats"] == 2).all()
    assert table["wins"].sum() == pytest.approx(2) and table["fair"].tolist() == pytest.approx(
        [1 / 2] * 2
    )
    assert (
        main(
            [
                "tournament",
                "--policies",
                "montecarlo,default",
                "--simulations",
                "2",
                "--season",
                "s1",
                "--players",
                "2",
                "--games",
                "2",
                "--seed",
                "1",
            ]
        )
        == 0
    )
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "2 games of s1, 2 players, from seed 1, seats turned one place a game:"
    assert {line.split()[0] for line in out[2:]} == {"montecarlo:2", "default"}
    assert all("(a fair share: 50.0%)" in line for line in out[2:])


@pytest.mark.parametrize(
    "argv,message",
    [
        (
            [
                "tournament",
                "--policies",
                "greedy,nope",
                "--season",
                "s2",
                "--players",
                "2",
                "--games",
                "2",
            ],
            "error: --policies: expected a policy, default, random, greedy, montecarlo or "
            "montecarlo:N",
        ),
        (
            [
                "tournament",
                "--policies",
                "greedy",
                "--season",
                "s2",
                "--players",
                "5",
                "--games",
                "2",
            ],
            "error: --players: expected 2 to 4 players with --season s2",
        ),
        (
            ["play", "--season", "s2", "--players", "2", "--policy", "montecarlo:0", "--seed", "1"],
            "error: argument --policy: expected a policy",
        ),
        (
            [
                "play",
                "--season",
                "s2",
                "--players",
                "2",
                "--policy",
                "montecarlo",
                "--simulations",
                "0",
                "--seed",
                "1",
            ],
            "error: --simulations: expected 1 to 100,000 simulations a decision, got 0",
        ),
    ],
)
def test_bad_policy_arguments_exit_2(argv, message, capsys):
    from fliptoons_explore.cli.main import main

    try:
        code = main(argv)
    except SystemExit as stop:  # argparse's own checks
        code = stop.code
    err = capsys.readouterr().err
    assert code == 2 and message in err and err.count("\n") == 1


def test_a_decision_inside_a_market_action_is_searched_by_replaying_the_turn():
    """The Season 2 Market example without its scripts: the search hires the Raccoon and then
    searches the Raccoon's free hire too ("hire any one dismissed card", s2.faq.raccoon), by
    replaying the turn from its copy of the table at the Market action; it takes Renato's
    dismissed Crow."""
    from fliptoons_explore.fliptoons.engine import play_game
    from fliptoons_explore.fliptoons.search import MonteCarloPolicy
    from fliptoons_explore.policy import Recording

    scenario = json.loads(
        (Path(__file__).resolve().parents[2] / "examples" / "s2-market-example.json").read_text()
    )
    for p in scenario["players"]:
        p.pop("actions"), p.pop("choices", None)
    search = MonteCarloPolicy(12, seed=1)
    asked = Recording(search)
    play_game(scenario, asked, traced=False)
    raccoon = [a for a in asked.asked if a.kind == "raccoon"]
    assert (
        search.searched["raccoon"] == 1
        and len(raccoon) == 1
        and raccoon[0].options[raccoon[0].answer] == "crow"
    )
    assert search.searched["market_action"] == sum(
        a.kind == "market_action" and len(a.options) > 1 for a in asked.asked
    )


def test_a_search_too_small_to_tell_options_apart_plays_the_rollouts_answer():
    """One simulation an option gives no standard error: the search plays the rollout's own
    answer to every decision of the game (and so the same game as the rollout policy)."""
    from fliptoons_explore.fliptoons.rollout import RolloutPolicy
    from fliptoons_explore.fliptoons.search import MonteCarloPolicy

    search = new_game("s1", 1, 6, "normal", MonteCarloPolicy(simulations=1, seed=3), traced=False)
    search.play()
    rollout = new_game("s1", 1, 6, "normal", RolloutPolicy(), traced=False)
    rollout.play()
    assert search.policy.searched["market_action"] > 10
    assert search.decisions == rollout.decisions and snapshot(search.table) == snapshot(
        rollout.table
    )


def test_a_time_limit_stops_the_search_after_one_simulation_an_option():
    """`ms`: once the time is up, no option gets another simulation (each has had one)."""
    from fliptoons_explore.fliptoons.search import MonteCarloPolicy

    choice = _market_decision(HIDDEN)
    policy = MonteCarloPolicy(simulations=500, ms=1e-6, seed=1)
    estimates = policy.search(choice, policy.start(choice), 500)
    assert [e.simulations for e in estimates] == [1] * len(choice.options)


@pytest.mark.parametrize(
    "kwargs,message",
    [
        ({"simulations": 0}, "simulations: expected None or a whole number of at least 1, got 0"),
        (
            {"simulations": True},
            "simulations: expected None or a whole number of at least 1, got True",
        ),
        ({"ms": -1}, "ms: expected None or a positive number of milliseconds, got -1"),
        ({"horizon": -1}, 'horizon: expected "season", None or a whole number of rounds, got -1'),
        (
            {"horizon": "end"},
            "horizon: expected \"season\", None or a whole number of rounds, got 'end'",
        ),
        ({"horizon": 1.5}, 'horizon: expected "season", None or a whole number of rounds, got 1.5'),
    ],
)
def test_bad_budgets(kwargs, message):
    from fliptoons_explore.fliptoons.search import MonteCarloPolicy

    with pytest.raises(
        ValueError, match="^" + message.replace("(", r"\(").replace(")", r"\)") + "$"
    ):
        MonteCarloPolicy(**kwargs)


# -- the horizon: solo simulations cut short and valued by the leaf --------------------------------


def _s1_decision(seed=4):
    """The first Market action of a seeded Season 1 normal solo game (after round 1's Flip)."""
    from fliptoons_explore.fliptoons.advice import decision_of

    choice, _ = decision_of(new_game("s1", 1, seed, "normal", traced=False))
    return choice


def test_a_solo_simulation_past_its_horizon_is_valued_by_the_leaf(monkeypatch):
    """horizon 0: each simulation plays the rest of the Market and Cleanup, then stops at the
    start of round 2 and is worth what `LeafValue` says of that table (here a stand-in that
    notes the table and says 0.375): every option's value and win share is exactly that."""
    from fliptoons_explore.fliptoons.leaf import LeafValue
    from fliptoons_explore.fliptoons.search import MonteCarloPolicy

    seen = []

    def leaf(table):
        seen.append((len(table.players[0].grid.cards()), all(c is not None for c in table.market)))
        return 0.375

    monkeypatch.setattr(LeafValue, "of", staticmethod(lambda season: leaf))
    choice = _s1_decision()
    policy = MonteCarloPolicy(seed=1, horizon=0)
    estimates = policy.search(choice, policy.start(choice), 2 * len(choice.options), halving=False)
    assert [(e.value, e.wins, e.simulations) for e in estimates] == [(0.375, 0.75, 2)] * len(
        estimates
    )
    # grid collected, market refilled: a round's start
    assert seen == [(0, True)] * 2 * len(choice.options)


def test_the_horizon_is_the_seasons_unless_told():
    """`DEFAULT_HORIZON`: Season 1 solo simulations stop 2 rounds on, Season 2 play to the end;
    an explicit horizon (or None: to the end) is kept."""
    from fliptoons_explore.fliptoons.search import DEFAULT_HORIZON, MonteCarloPolicy

    s1, s2 = _s1_decision().table, new_game("s2", 1, 4, "normal", traced=False).table
    assert DEFAULT_HORIZON == {"s1": 2, "s2": None, "combined": None}
    assert [MonteCarloPolicy().horizon_of(t) for t in (s1, s2)] == [2, None]
    assert [MonteCarloPolicy(horizon=h).horizon_of(s1) for h in (None, 0, 5)] == [None, 0, 5]


def test_advice_plays_every_simulation_to_the_end():
    """advise() by default plays to the end even in Season 1 (horizon None): every win rate is a
    share of whole games, a multiple of 1/4 with 4 simulations an option."""
    from fliptoons_explore.analysis.advice import advise

    df = advise(new_game("s1", 1, 4, "normal", traced=False), simulations=4, seed=2)
    assert df.attrs["simulations"] == 4
    assert all((4 * r) == int(4 * r) for r in df.win_rate)
