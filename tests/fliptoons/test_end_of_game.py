"""The end of the game as a situation: `play_game` and `fliptoons-explore game`, the
scenario keys `seed`, `round`, `solo`, `critics_choice`, `end_triggered` and `start`, scripts
given round by round, the JSON document's `rounds` and `result`, and the end-of-game situations
of the library (content/library/end-of-game.json).

The passages: Season 2 rulebook (../shared/seeds/000_5c089f335070c9fa.txt), Check Fame ("If any
player generated at least 30 fame, the player who generated the most fame takes the critic's
choice card ... If multiple players generated at least 30 fame and are tied for the most fame,
return the critic's choice card to the game box instead. This triggers the end of the game"),
Market ("If the market is also depleted, complete the round and proceed to the Final Flip"),
Cleanup, Final Flip, Solo Play Rules, Combining Games (Cleanup Phase); the Season 1 rulebook's
Cleanup (two players); RULINGS.md §12-§18 and open questions 4 and 5.
"""

from __future__ import annotations

import json

import pytest

from fliptoons_explore import (
    RULES,
    ScenarioError,
    game_scenario,
    play_game,
    play_round,
    resolve,
    situation,
    situations,
)
from fliptoons_explore.policy import RandomPolicy
from inprocess import run_cli
from util import MARKET_EXAMPLE

#: The Final Flip of the issue's "done when": Ann's deck gives 5, Ben's 6 (decks as given).
FINAL_FLIP = {
    "season": "s2",
    "start": "final-flip",
    "players": [
        {
            "name": "Ann",
            "deck": ["crow", "raccoon", "mosquito", "mosquito", "mosquito", "mosquito"],
        },
        {"name": "Ben", "deck": ["raccoon", "crow", "ladybug", "mosquito", "mosquito", "mosquito"]},
    ],
}

END_OF_GAME = [s for s in situations() if s.file == "end-of-game.json"]


def kinds(game, kind, **match):
    """The events of a kind matching each field given; `rule` matches the rule an event cites or,
    beside it, the ruling option that decided (`Event.cites`)."""
    return [
        e
        for e in game.trace
        if e.kind == kind
        and all(v in e.cites if k == "rule" else getattr(e, k) == v for k, v in match.items())
    ]


# -- the Final Flip of the issue ------------------------------------------------------------------


def test_final_flip_the_critics_choice_plus_3_makes_ann_the_winner():
    """S2 Final Flip: "All players complete one last Flip and Check Fame phase. If a player has the
    critic's choice card, they add 3 fame to their total. The player who generated the most fame
    on the Final Flip ... wins". Ann 5 + 3 = 8 against Ben's 6."""
    game = play_game({**FINAL_FLIP, "critics_choice": "Ann"})
    assert game.result.winners == [0]
    assert game.result.final_fame == [8, 6]
    assert [(e.player, e.value, e.rule) for e in kinds(game, "fame_change")] == [
        (0, 3, "s2.final-flip")
    ]
    assert kinds(game, "game_end")[0].rule == "s2.final-flip.winner"
    assert not kinds(game, "shuffle")  # a scenario's first Flip takes the decks as given


def test_final_flip_without_the_card_ben_wins():
    """The same decks without the critic's choice card: Ben's 6 beats Ann's 5."""
    game = play_game(FINAL_FLIP)
    assert game.result.winners == [1]
    assert game.result.final_fame == [5, 6]
    assert not kinds(game, "fame_change")


def test_critics_choice_names_a_player_by_name_or_index():
    assert play_game({**FINAL_FLIP, "critics_choice": 0}).result.final_fame == [8, 6]
    assert play_game({**FINAL_FLIP, "critics_choice": "Ben"}).result.final_fame == [5, 9]


def test_every_final_flip_and_reflip_event_cites_its_rule():
    """From the Final Flip on, each event the end of the game adds (the phase,
    the shuffles, the collects of the tied players, the +3, the end) cites the Final Flip's rules,
    the rule that brought it, or the ruling option that decided; every cited id exists."""
    s = situation("s2.final-flip.tie.critics-choice-again-in-reflips")
    game = s.run().game
    start = kinds(game, "phase", phase="final-flip")[0].step
    end_of_game = {
        "s2.final-flip",
        "s2.final-flip.tie",
        "s2.final-flip.winner",
        "s2.cleanup.end",
        "ruling.critics_choice_in_reflips",
    }
    for e in game.trace[start:]:
        assert all(r in RULES for r in e.cites), e
        if e.kind in ("shuffle", "collect", "fame_change", "game_end") or e.phase == "final-flip":
            assert e.rule in end_of_game, e
    reflips = kinds(game, "phase", rule="s2.final-flip.tie")
    assert reflips and all("re-flip" in e.detail for e in reflips)
    # the first flip: decks as given
    assert {e.rule for e in kinds(game, "shuffle")} == {"s2.final-flip.tie"}
    after_a_round = situation("s2.check-fame.critics-choice.most-fame-takes-it").run().game
    start = kinds(after_a_round, "phase", phase="final-flip")[0].step
    assert {e.rule for e in after_a_round.trace[start:] if e.kind == "shuffle"} == {"s2.final-flip"}


def test_season_1_end_of_game_events_cite_the_season_1_rulebook():
    """A Season 1 game cites the Season 1 rulebook's own end-of-game sections."""
    s = situation("s1.cleanup.two-players.discard-the-ends")
    rules = {e.rule for e in s.run().trace}
    assert {
        "s1.cleanup.two-players",
        "s1.check-fame.critics-choice",
        "s1.cleanup",
        "s1.cleanup.end",
        "s1.final-flip",
        "s1.final-flip.winner",
    } <= rules
    assert not {
        r for r in rules if r.startswith(("s2.cleanup", "s2.final-flip", "s2.check-fame.crit"))
    }


# -- the situations -------------------------------------------------------------------------------


@pytest.mark.parametrize("s", END_OF_GAME, ids=lambda s: s.name)
@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5])
def test_end_of_game_situations_do_not_depend_on_the_shuffles(s, seed):
    """Each end-of-game situation's outcome is written from the rulebooks, so it must not depend
    on how the later rounds' and the Final Flip's shuffles fall: under five other seeds it is the
    same (tests/content/test_situations.py checks the library's own seed)."""
    scenario = s.scenario
    scenario["seed"] = seed
    diffs = type(s).from_dict({**s.to_dict(), "scenario": scenario}, s.file).check()
    assert diffs == [], f"{s.name}, seed {seed}: " + "; ".join(diffs)


def test_the_situations_cover_every_item_of_the_issue():
    """Both kinds of critic's choice, each Cleanup case, the solo win, loss and
    market discard, the depletion ending, the Final Flip with the +3 deciding, a tie re-flipped by
    two of three players, both settings of both options; and the Season 1 tie for the critic's
    choice and the Season 1 round played on after the trigger that lesson 09 examines."""
    names = {s.name for s in END_OF_GAME}
    assert names == {
        "s2.check-fame.critics-choice.most-fame-takes-it",
        "s2.check-fame.critics-choice-tie.season-1-nobody-takes-the-card",
        "s1.final-flip.the-market-and-cleanup-come-first",
        "s2.check-fame.critics-choice-tie.back-to-the-box",
        "s2.cleanup.low-count.two-players-discard-the-ends",
        "s2.cleanup.low-count.not-with-three-players",
        "s1.cleanup.two-players.discard-the-ends",
        "s2.combined.cleanup.four-players-discard-the-ends",
        "s2.combined.cleanup.not-with-five-players",
        "s2.solo.market-discard.then-thirty-in-round-two",
        "s2.solo.lose.market-cannot-be-refilled",
        "s2.solo.win.thirty-in-one-check-fame",
        "s2.market.end.finish-the-round-then-final-flip",
        "s2.final-flip.critics-choice-adds-3",
        "s2.final-flip.winner.most-fame-wins",
        "s2.final-flip.tie.only-the-tied-players-reflip",
        "s2.final-flip.tie.critics-choice-again-in-reflips",
        "s2.final-flip.tie.critics-choice-only-in-the-final-flip",
        "s2.final-flip.firefly-gains-in-the-final-flip",
        "s2.final-flip.firefly-no-gain-in-the-final-flip",
        "s2.final-flip.tie.least-fame-of-every-player",
        "s2.final-flip.tie.least-fame-of-the-tied-players",
        "s2.cleanup.next-round.first-player-passes",
        # and Season 1's one-player discard, by the solo rule (notebook 11: "two players" against
        # "one or two")
        "s1.solo.market-discard.once-a-round-by-the-solo-rule",
    }
    assert all(s.play == "game" for s in END_OF_GAME)


def test_unique_leader_takes_the_critics_choice():
    """S2 Check Fame: Ann 34 and Ben 38 both generated 30 or more; Ben, who generated the most,
    takes the card; the round goes on through the Market and Cleanup (RULINGS §15), and the card
    adds 3 in the Final Flip."""
    game = situation("s2.check-fame.critics-choice.most-fame-takes-it").run().game
    assert [p.critics_choice for p in game.table.players] == [False, True, False]
    assert [e.player for e in kinds(game, "critics_choice")] == [1]
    assert game.history[0].fame == (34, 38, 0)
    assert game.result.final_fame == [34, 41, 0] and game.result.winners == [1]
    phases = [e.phase for e in game.trace]
    assert phases.index("market") < phases.index("cleanup") < phases.index("final-flip")


def test_a_tie_for_the_most_sends_the_card_back_to_the_box():
    """S2 Check Fame: "If multiple players generated at least 30 fame and are tied for the most
    fame, return the critic's choice card to the game box instead"; the end is still triggered."""
    game = situation("s2.check-fame.critics-choice-tie.back-to-the-box").run().game
    (event,) = kinds(game, "critics_choice")
    assert event.player is None and event.rule == "s2.check-fame.critics-choice-tie"
    assert not any(p.critics_choice for p in game.table.players)
    assert game.result.final_fame == [30, 38] and game.result.winners == [1]


@pytest.mark.parametrize(
    "name, discarded",
    [
        ("s2.cleanup.low-count.two-players-discard-the-ends", ["salamander", "vulture"]),
        ("s2.cleanup.low-count.not-with-three-players", []),
        ("s1.cleanup.two-players.discard-the-ends", ["eagle", "bull"]),
        ("s2.combined.cleanup.four-players-discard-the-ends", ["ostrich", "sheep"]),
        ("s2.combined.cleanup.not-with-five-players", []),
        ("s2.solo.market-discard.then-thirty-in-round-two", ["salamander", "fox"]),
    ],
)
def test_each_cleanup_case(name, discarded):
    """S2 Cleanup ("If playing with one or two players ... discard the leftmost and rightmost cards
    in the market"), S1 Cleanup (two players), S2 Combining Games (four or fewer), S2 Solo ("After
    refilling the market at the end of the Market phase, discard the leftmost and rightmost")."""
    game = situation(name).run().game
    assert [c.spec.id for c in game.table.market_discard] == discarded
    assert [e.card for e in kinds(game, "discard", phase="cleanup")] == discarded


def test_depletion_finishes_the_round_then_the_final_flip():
    """S2 Market: "If the market is also depleted, complete the round and proceed to the Final
    Flip": Ann empties it in her turn; Ben and Cat still take theirs; no one reached 30."""
    game = situation("s2.market.end.finish-the-round-then-final-flip").run().game
    turns = [e.player for e in kinds(game, "phase", phase="market")]
    assert turns == [0, 1, 2]
    (final,) = kinds(game, "phase", phase="final-flip")
    assert (
        final.rule == "s2.market.end"
        and game.result.reason == "the toon deck and the market are empty"
    )
    assert game.result.final_fame == [23, 10, 3] and game.result.rounds == 1


def test_only_the_tied_players_reflip():
    """S2 Final Flip: "If players are tied for the most fame, the tied players collect all the
    cards in their grid and deck, shuffle their deck, Flip, and Check Fame again." Cat (1) flips
    once; Ann and Ben (9 each) re-flip until Ben's Starfish turns a card face down."""
    game = situation("s2.final-flip.tie.only-the-tied-players-reflip").run().game
    flips = game.result.flips
    assert flips[0].players == (0, 1, 2) and flips[0].fame == (9, 9, 1)
    assert all(f.players == (0, 1) for f in flips[1:]) and len(flips) >= 2
    assert flips[-1].fame == (9, 8)
    assert all(f.fame == (9, 9) for f in flips[1:-1])
    assert {e.player for e in kinds(game, "collect")} == {0, 1}
    assert len(kinds(game, "reveal", player=2)) == 5


@pytest.mark.parametrize("in_reflips, winner", [(True, 1), (False, 0)])
def test_critics_choice_in_reflips_both_settings(in_reflips, winner):
    """Ruling `critics_choice_in_reflips` (RULINGS open question 5): Ann 9 and Ben 6 + 3 tie in
    the Final Flip; in the re-flip Ben makes 6 (+3 if counted again) and Ann 8 or 9."""
    s = situation(
        "s2.final-flip.tie.critics-choice-again-in-reflips"
        if in_reflips
        else "s2.final-flip.tie.critics-choice-only-in-the-final-flip"
    )
    game = s.run().game
    assert game.result.winners == [winner]
    ben = [f.fame[1] for f in game.result.flips]
    assert ben[0] == 9 and set(ben[1:]) == ({9} if in_reflips else {6})
    decided = kinds(
        game, "fame_change" if in_reflips else "ignored", rule="ruling.critics_choice_in_reflips"
    )
    assert len(decided) == len(game.result.flips) - 1


@pytest.mark.parametrize("in_final_flip, fame, winner", [(True, [9, 10], 1), (False, [9, 8], 0)])
def test_firefly_in_final_flip_both_settings(in_final_flip, fame, winner):
    """Ruling `firefly_in_final_flip` (RULINGS open question 4): Ben (8) alone has the least fame
    in the Final Flip; his Firefly gains 2 (the default) or nothing, which the trace says."""
    s = situation(
        "s2.final-flip.firefly-gains-in-the-final-flip"
        if in_final_flip
        else "s2.final-flip.firefly-no-gain-in-the-final-flip"
    )
    game = s.run().game
    assert game.result.final_fame == fame and game.result.winners == [winner]
    assert len(kinds(game, "least_fame")) == (1 if in_final_flip else 0)
    assert len(kinds(game, "ignored", rule="ruling.firefly_in_final_flip")) == (
        0 if in_final_flip else 1
    )


@pytest.mark.parametrize(
    "reading, fame, winner", [("all", [12, 11, 1], 0), ("tied", [12, 13, 1], 1)]
)
def test_least_fame_in_reflips_both_settings(reading, fame, winner):
    """Ruling `least_fame_in_reflips`: in the re-flip Ann makes 12 and Ben 11; Cat, who does not
    re-flip, keeps 1. Of every player's fame the least is Cat's, so Ben's Firefly gains nothing;
    of the re-flipping players' it is Ben's, and it gains 2 (S2 FAQ Firefly). Either way the
    trace cites the ruling, which decided."""
    name = {
        "all": "s2.final-flip.tie.least-fame-of-every-player",
        "tied": "s2.final-flip.tie.least-fame-of-the-tied-players",
    }[reading]
    game = situation(name).run().game
    assert game.result.final_fame == fame and game.result.winners == [winner]
    decided = kinds(
        game, "least_fame" if reading == "tied" else "ignored", rule="ruling.least_fame_in_reflips"
    )
    assert decided and all(e.player == 1 and e.card == "firefly" for e in decided)
    # the first flip: Cat is least
    first = kinds(game, "ignored", card="firefly", rule="s2.faq.firefly")
    assert first and first[0].step < kinds(game, "phase", rule="s2.final-flip.tie")[0].step


def test_solo_win_loss_and_no_critics_choice():
    """S2 Solo Play Rules: 30 in one Check Fame wins, before the Market; the market that cannot be
    refilled completely loses; a solo game has no critic's choice card and no Final Flip."""
    won = situation("s2.solo.win.thirty-in-one-check-fame").run().game
    assert (won.result.solo, won.result.rounds) == ("won", 1) and not kinds(
        won, "phase", phase="market"
    )
    lost = situation("s2.solo.lose.market-cannot-be-refilled").run().game
    assert (lost.result.solo, lost.result.winners) == ("lost", [])
    assert kinds(lost, "game_end")[0].rule == "s2.solo.lose"
    later = situation("s2.solo.market-discard.then-thirty-in-round-two").run().game
    assert [r.fame for r in later.history] == [(29,), (36,)] and later.result.solo == "won"
    for game in (won, lost, later):
        assert not kinds(game, "critics_choice") and not game.final


def test_the_first_player_card_passes_between_rounds():
    """S2 Cleanup: "If no player generated at least 30 fame ..., pass the first player card to the
    next player in clockwise order and begin a new round": Ben is first in round 2's Market."""
    game = situation("s2.cleanup.next-round.first-player-passes").run().game
    assert [(r.round, r.first_player) for r in game.history] == [(1, 0), (2, 1)]
    market_turns = [e.player for e in kinds(game, "phase", phase="market")]
    assert market_turns == [0, 1, 1, 0]


# -- the scenario keys ----------------------------------------------------------------------------


def test_the_round_key_numbers_the_rounds():
    s = situation("s2.cleanup.next-round.first-player-passes").scenario
    game = play_game({**s, "round": 7})
    assert [r.round for r in game.history] == [7, 8] and game.result.rounds == 8


def test_a_scenario_without_a_seed_plays_the_same_game_every_time():
    scenario = {
        "season": "s2",
        "players": [
            {"name": "Ann", "deck": ["mosquito", "spider", "grasshopper", "ladybug"]},
            {"name": "Ben", "deck": ["mosquito", "rat", "coyote", "crab"]},
        ],
        "market": ["salamander", "raccoon", "opossum", "fox", "vulture"],
        "toon_deck": ["goldfish", "hen", "mole", "shark", "crab", "zebra", "gorilla"],
    }
    first, again = game_scenario(scenario), game_scenario(scenario)
    assert first == again
    assert first == game_scenario({**scenario, "seed": 0})
    shuffles = {json.dumps(game_scenario({**scenario, "seed": s})["trace"]) for s in range(6)}
    assert len(shuffles) > 1  # the seed decides the later shuffles


def test_the_seed_decides_what_resolve_and_round_draw_too():
    """A Pig hired into the toon deck is shuffled into it (S1 FAQ Pig) from the round's own
    generator, the same in `round` and in the first round of `game`."""
    scenario = {
        "season": "s1",
        "players": [
            {
                "name": "Ann",
                "deck": ["horse", "peacock", "bee", "snail"],
                "actions": [{"hire": "pig"}, {"skip": True}],
                "choices": ["toon deck"],
            },
            {"name": "Ben", "deck": ["bee"], "actions": [{"skip": True}, {"skip": True}]},
        ],
        "market": ["pig", "turkey", "bull"],
        "toon_deck": ["ostrich", "eagle", "butterfly", "goat", "sheep", "camel"],
    }
    orders = set()
    for seed in range(4):
        seeded = {**scenario, "seed": seed}
        played = play_round(seeded)
        order = [c.spec.id for c in played.table.toon_deck]
        orders.add(tuple(order))
        game = play_game(seeded)
        end = next(e.step for e in game.trace if e.phase == "cleanup")
        assert [e.to_json() for e in game.trace[:end]] == [e.to_json() for e in played.trace], seed
    assert len(orders) > 1


def test_scripts_round_by_round_answer_each_round_with_its_own_list():
    """`"choices": [[...], [...]]`: the k-th list answers the decisions of the k-th round from the
    scenario's; a round without answers (or past the lists) takes the policy's. Ann hires a Pig in
    each of two rounds (S1 FAQ Pig: "put this card into any deck"): round 1's decision is left to
    the default policy (the leader's deck, Ben's), round 2's is scripted ("toon deck"). Given as
    one flat list, "toon deck" would answer round 1's decision instead."""
    scenario = {
        "season": "s1",
        "players": [
            {
                "name": "Ann",
                "deck": ["horse", "peacock", "bee", "snail"],
                "actions": [[{"hire": "pig"}, {"skip": True}], [{"hire": "pig"}, {"skip": True}]],
                "choices": [[], ["toon deck"]],
            },
            {
                "name": "Ben",
                "deck": ["bee", "bee"],
                "actions": [[{"skip": True}] * 2, [{"skip": True}] * 2],
            },
        ],
        "market": ["pig", "pig", "turkey", "bull", "tiger"],
        "toon_deck": ["ostrich", "eagle", "butterfly"],
    }
    game = play_game(scenario)
    pigs = [(e.player, e.detail) for e in kinds(game, "to_deck")]
    assert pigs[:2] == [(0, "into Ben's deck"), (0, "into the toon deck, shuffled")]
    flat = {
        **scenario,
        "players": [{**scenario["players"][0], "choices": ["toon deck"]}, scenario["players"][1]],
    }
    assert [e.detail for e in kinds(play_game(flat), "to_deck")][
        0
    ] == "into the toon deck, shuffled"


def test_a_game_plays_the_round_as_round_does_when_every_action_is_scripted():
    """ "This round runs as round plays it": with every Market action scripted,
    the game's first round, up to Cleanup, is `round`'s, event for event."""
    scenario = json.loads(json.dumps(MARKET_EXAMPLE))
    scenario["players"][1]["actions"] = [{"skip": True}, {"skip": True}]
    played = play_round(scenario)
    game = play_game(scenario)
    end = next(e.step for e in game.trace if e.phase == "cleanup")
    assert [e.to_json() for e in game.trace[:end]] == [e.to_json() for e in played.trace]


def test_unscripted_market_actions_go_to_the_policy():
    """What no script answers the policy answers, a Market action too (`round` skips instead):
    Renato, without actions, hires with his 8 fame in the game."""
    played, game = play_round(MARKET_EXAMPLE), play_game(MARKET_EXAMPLE)
    renato_round = [
        e.kind for e in played.trace if e.player == 1 and e.phase == "market" and e.kind != "phase"
    ]
    end = next(e.step for e in game.trace if e.phase == "cleanup")
    renato_game = [
        e.kind
        for e in game.trace[:end]
        if e.player == 1 and e.phase == "market" and e.kind != "phase"
    ]
    assert renato_round == ["skip", "skip"]
    assert "hire" in renato_game


def test_the_policy_answers_what_no_script_answers():
    scenario = situation("s2.market.end.finish-the-round-then-final-flip").scenario
    for p in scenario["players"]:
        p.pop("actions")
    default, other = play_game(scenario), play_game(scenario, RandomPolicy(3))
    assert [e.to_json() for e in default.trace] != [e.to_json() for e in other.trace]


def test_end_triggered_in_an_earlier_round():
    """`"end_triggered": true`: this round's Check Fame triggers nothing again (the critic's choice
    card was settled at the trigger) and its Cleanup goes to the Final Flip; the table notes that
    by the rulebooks the Final Flip follows the triggering round."""
    s = situation("s2.check-fame.critics-choice.most-fame-takes-it").scenario
    game = play_game({**s, "end_triggered": True})
    assert not kinds(game, "critics_choice") and not any(
        p.critics_choice for p in game.table.players
    )
    assert game.result.rounds == 1 and game.result.final_fame == [34, 38, 0]
    assert any("end_triggered" in note for note in game.table.notes)


def test_a_hand_built_grid_is_collected_and_flipped_in_the_next_round():
    """A player with a grid built by hand does not flip in the scenario's round; Cleanup collects
    it into the deck, and from the next round on the player flips like any other (S2 Cleanup)."""
    scenario = {
        "season": "s2",
        "players": [
            {
                "name": "Ann",
                "grid": [[["raccoon"], ["crow"], None], [None, None, None]],
                "deck": ["ladybug"],
                "actions": [[{"skip": True}] * 2, [{"skip": True}] * 2],
            },
            {
                "name": "Ben",
                "deck": ["mosquito"],
                "actions": [[{"skip": True}] * 2, [{"skip": True}] * 2],
            },
        ],
        "market": ["salamander", "raccoon", "opossum", "fox", "vulture"],
        "toon_deck": ["mole", "hen", "crab", "zebra"],
    }
    game = play_game(scenario)
    assert game.history[0].fame == (5, 0)
    rounds = [e.step for e in game.trace if e.kind == "phase" and e.rule == "s2.cleanup.next-round"]
    assert rounds
    assert {e.card for e in game.trace[rounds[0] :] if e.kind == "reveal" and e.player == 0} == {
        "raccoon",
        "crow",
        "ladybug",
    }


# -- bad scenarios --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "changes, message",
    [
        (
            {"start": "market"},
            'start: expected "flip" (this round\'s Flip) or "final-flip", got "market"',
        ),
        ({"start": 1}, 'start: expected "flip"'),
        (
            {"critics_choice": "Cat"},
            'critics_choice: "Cat" names no player (the players: "Ann", "Ben")',
        ),
        ({"critics_choice": 2}, "critics_choice: expected a player index, 0 to 1, got 2"),
        ({"critics_choice": True}, "critics_choice: expected a player's name or index, got true"),
        (
            {"critics_choice": "Ann", "start": "flip"},
            "critics_choice: Ann takes the card only when the end is triggered: give "
            '"end_triggered": true',
        ),
        ({"end_triggered": "yes"}, "end_triggered: expected true or false"),
        ({"round": 0}, "round: expected 1 to 300"),
        ({"round": 301}, "round: expected 1 to 300"),
        ({"round": "3"}, "round: expected the round's number"),
        ({"seed": 1.5}, "seed: expected a whole number"),
        ({"solo": "normal"}, "solo: a solo game has one player, got 2 players"),
        ({"solo": "medium"}, 'solo: expected "easy", "normal" or "hard"'),
        (
            {
                "players": [
                    {"name": "Ann", "actions": [{"skip": True}, [{"skip": True}]]},
                    {"name": "Ben"},
                ]
            },
            "players[0].actions[1]: a list among single actions",
        ),
        (
            {"players": [{"name": "Ann", "choices": [["crow"], [7]]}, {"name": "Ben"}]},
            "players[0].choices[1][0]: expected a card id",
        ),
    ],
)
def test_a_bad_game_scenario_is_one_line_and_exit_2(tmp_path, changes, message):
    """A `start` or `critics_choice` that cannot be, `solo` with two players
    and the other bad values of the new keys: one line naming the field, exit 2, nothing written."""
    scenario = {**FINAL_FLIP, **changes}
    if "start" in changes and changes["start"] == "flip":
        scenario.pop("end_triggered", None)
    with pytest.raises(ScenarioError) as e:
        play_game(scenario)
    assert message in str(e.value) and "\n" not in str(e.value)
    path = tmp_path / "s.json"
    path.write_text(json.dumps(scenario))
    for mode in ([], ["--json"]):
        run = run_cli(["game", str(path), *mode])
        assert run.contract_broken() == "" and message in run.err


@pytest.mark.parametrize(
    "scenario, message",
    [
        (
            {
                "season": "s2",
                "solo": "easy",
                "start": "final-flip",
                "players": [{"deck": ["crab"]}],
            },
            "start: a solo game has no Final Flip",
        ),
        (
            {
                "season": "s2",
                "solo": "easy",
                "critics_choice": 0,
                "start": "flip",
                "end_triggered": False,
                "players": [{"deck": ["crab"]}],
            },
            "critics_choice: a solo game uses no critic's choice card",
        ),
        (
            {
                "season": "s2",
                "solo": "easy",
                "end_triggered": True,
                "players": [{"deck": ["crab"]}],
            },
            "end_triggered: a solo game has no end trigger",
        ),
        (
            {"season": "s2", "players": [{"deck": ["crab"]}]},
            'players: one player is a solo game: give "solo"',
        ),
        (
            {
                "season": "s2",
                "players": [
                    {
                        "name": "Ann",
                        "deck": ["crab"],
                        "actions": [[{"skip": True}], [], [{"skip": True}]],
                    },
                    {"name": "Ben", "deck": ["goldfish"] * 5 + ["shark"]},
                ],
                "start": "final-flip",
            },
            "players[0].actions[0][0]: more actions than Ann takes in the Final Flip (it has no "
            "Market)",
        ),
        (
            {
                "season": "s2",
                "players": [
                    {
                        "name": "Ann",
                        "deck": ["clownfish"] * 6,
                        "actions": [[], [], [{"skip": True}]],
                    },
                    {"name": "Ben", "deck": ["crab"]},
                ],
            },
            "players[0].actions[2]: a script for a round the game does not reach (it ended in the "
            "Final Flip)",
        ),
        (
            {
                "season": "s2",
                "players": [
                    {"name": "Ann", "deck": ["clownfish"] * 6, "actions": [[], [{"skip": True}]]},
                    {"name": "Ben", "deck": ["crab"]},
                ],
            },
            "players[0].actions[1][0]: more actions than Ann takes in the Final Flip (it has no "
            "Market)",
        ),
        (
            {
                "season": "s2",
                "players": [
                    {"name": "Ann", "deck": ["clownfish"] * 6, "actions": [{"skip": True}] * 3},
                    {"name": "Ben", "deck": ["crab"]},
                ],
            },
            "players[0].actions[2]: more actions than Ann takes in round 1",
        ),
        (
            {
                "season": "s2",
                "players": [
                    {"name": "Ann", "deck": ["crab"], "actions": [[{"hire": "crab"}], []]},
                    {"name": "Ben", "deck": ["mosquito"]},
                ],
                "market": ["fox"],
                "toon_deck": ["hen"],
            },
            "players[0].actions[0][0]: cannot hire 'crab': it is not in the market",
        ),
    ],
)
def test_game_refuses_what_cannot_be(scenario, message):
    with pytest.raises(ScenarioError) as e:
        play_game(scenario)
    assert message in str(e.value), str(e.value)
    run = run_cli(["game", "-"], stdin=json.dumps(scenario).encode())
    assert run.contract_broken() == "" and message in run.err


@pytest.mark.parametrize(
    "key, value",
    [("solo", "easy"), ("critics_choice", "Ann"), ("end_triggered", True), ("start", "final-flip")],
)
def test_resolve_and_round_refuse_the_game_keys_naming_game(key, value):
    """`resolve` and `round` keep their meaning and refuse keys they cannot
    honour, with a one-line error that names `game`. They take `seed`, `round` and `"start":
    "flip"` (what they do)."""
    scenario = {"season": "s2", "players": [{"name": "Ann", "deck": ["crab"]}], key: value}
    if key == "critics_choice":
        scenario["end_triggered"] = True
    for door, command in ((resolve, "resolve"), (play_round, "round")):
        with pytest.raises(ScenarioError) as e:
            door(scenario)
        text = str(e.value)
        assert text.startswith(f"{key}: {command} does not play") and "game" in text, text
        run = run_cli([command, "-"], stdin=json.dumps(scenario).encode())
        assert run.contract_broken() == "" and "fliptoons-explore game" in run.err
    fine = {
        "season": "s2",
        "players": [{"name": "Ann", "deck": ["crab"]}],
        "seed": 4,
        "round": 3,
        "start": "flip",
    }
    assert resolve(fine).players[0].fame_total == 5 and play_round(fine).game.result is None


def test_round_and_resolve_read_the_first_list_of_a_script_given_round_by_round():
    """Scripts given round by round: `round` and `resolve` play this round, with the first list;
    the later lists are the game's."""
    two = {
        "season": "s2",
        "players": [
            {"name": "Ann", "deck": ["crab"], "actions": [[{"skip": True}], [{"hire": "fox"}]]}
        ],
    }
    one = {
        "season": "s2",
        "players": [{"name": "Ann", "deck": ["crab"], "actions": [{"skip": True}]}],
    }
    assert [e.to_json() for e in play_round(two).trace] == [
        e.to_json() for e in play_round(one).trace
    ]
    assert resolve(two).to_json() == resolve(one).to_json()


# -- the command line ------------------------------------------------------------------------------


def test_game_json_has_rounds_and_result(tmp_path):
    """`round`'s document plus `rounds` (each round's fame per player and who
    was first) and `result` (`winners`, `reason`, `rounds`, `final_fame`)."""
    scenario = situation("s2.cleanup.next-round.first-player-passes").scenario
    path = tmp_path / "s.json"
    path.write_text(json.dumps(scenario))
    run = run_cli(["game", str(path), "--json"])
    assert run.code == 0, run
    doc = json.loads(run.out)
    assert doc == game_scenario(scenario)
    assert doc["rounds"] == [
        {"round": 1, "first_player": 0, "fame": [29, 8]},
        {"round": 2, "first_player": 1, "fame": [36, 8]},
    ]
    assert doc["result"] == {
        "winners": [0],
        "reason": "a player generated 30 fame",
        "rounds": 2,
        "final_fame": [39, 8],
        "solo": None,
        "critics_choice": 0,
        "final_flips": [{"players": [0, 1], "fame": [39, 8]}],
    }
    ann = doc["players"][0]
    assert (
        ann["fame"]["total"] == 39
        and ann["fame"]["critics_choice"] == 3
        and ann["critics_choice"] is True
    )
    assert sum(c["fame"] for c in ann["fame"]["cards"]) == 36
    assert {"players", "market", "toon_deck", "trace"} <= set(doc) and "fame_left" in ann


def test_game_text_shows_the_rounds_the_final_flip_and_the_result(tmp_path):
    scenario = situation("s2.final-flip.tie.only-the-tied-players-reflip").scenario
    run = run_cli(["game", "-"], stdin=json.dumps(scenario).encode())
    assert run.code == 0 and run.err == "", run
    out = run.out
    assert "== rounds ==\nFinal Flip: Ann 9, Ben 9, Cat 1\nre-flip 1: Ann " in out
    assert "== result ==\nAnn wins after 1 round: a player generated 30 fame" in out
    assert "== trace ==" in out and "[s2.final-flip.tie]" in out


def test_game_policy_option():
    scenario = situation("s2.market.end.finish-the-round-then-final-flip").scenario
    for p in scenario["players"]:
        p.pop("actions")
    data = json.dumps(scenario).encode()
    default = run_cli(["game", "-", "--json"], stdin=data)
    random_ = run_cli(["game", "-", "--json", "--policy", "random"], stdin=data)
    assert default.code == random_.code == 0
    assert json.loads(default.out) == game_scenario(scenario)
    assert random_.out == run_cli(["game", "-", "--json", "--policy", "random"], stdin=data).out
    bad = run_cli(["game", "-", "--policy", "clever"], stdin=data)
    assert bad.contract_broken() == "" and "--policy" in bad.err


def test_the_stepper_keeps_the_fame_of_a_player_who_does_not_reflip():
    """While Ann and Ben re-flip (S2 Final Flip: "the tied players ... Flip, and Check Fame
    again"), Cat's Final Flip fame and card scores stay as they were; the tied players' are
    cleared at their Flip and counted again at their Check Fame."""
    from fliptoons_explore.stepping import Stepper

    r = situation("s2.final-flip.tie.only-the-tied-players-reflip").run(record=True)
    reflip = kinds(r.game, "phase", rule="s2.final-flip.tie")[-1].step
    flip = next(e.step for e in r.trace[reflip:] if e.kind == "phase" and e.phase == "flip")
    check = next(e.step for e in r.trace[flip:] if e.kind == "phase" and e.phase == "check-fame")
    s = Stepper(r)
    assert s.goto(reflip).fame == {0: 9, 1: 9, 2: 1}
    assert s.goto(flip).fame == {0: None, 1: None, 2: 1}
    assert s.goto(check).fame == {0: 0, 1: 0, 2: 1}
    assert s.goto(s.last).fame == {0: 9, 1: 8, 2: 1}
    cat_bee = next(c.uid for c in r.table.players[2].grid.cards() if c.spec.id == "bee")
    assert s.goto(flip).card_fame[cat_bee].fame == 1


def test_the_game_keys_at_their_defaults_are_no_game():
    """`"solo": null`, `"critics_choice": null`, `"end_triggered": false`, `"start": "flip"` say
    nothing about the game: `resolve` and `round` take them."""
    scenario = {
        "season": "s2",
        "players": [{"name": "Ann", "deck": ["crab"]}],
        "solo": None,
        "critics_choice": None,
        "end_triggered": False,
        "start": "flip",
    }
    assert resolve(scenario).players[0].fame_total == 5
    assert play_round(scenario).game.result is None
