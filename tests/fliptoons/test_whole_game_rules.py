"""Whole-game rules: Cleanup, the market-end discards with few players, the 30-fame trigger and the
critic's choice, the Final Flip and its re-flips, solo setups, wins and losses, the combined setup,
and replays.

Outcomes are computed by hand from the rulebooks (Season 2: seeds/000_5c089f335070c9fa.txt;
Season 1: fliptoons-season1-rulebook-en.txt) and RULINGS.md §12-§19. Small tables are built by
hand (`Table`) with decks whose fame does not depend on the shuffle:

- six Clownfish: each is adjacent to another fish, 3+2 = 5 each: 30 (5 Clownfish and a Mosquito:
  every Clownfish still has a Clownfish beside it: 25);
- Sharks: 3 each (+1 per fish card; the Shark is not a fish, S2 KC Fish Cards): six make 18;
- Mosquitoes 0, Bees 1.
"""

from __future__ import annotations

from collections import Counter

import pytest

from fliptoons_explore import Rulings
from fliptoons_explore.fliptoons.cards import CATALOG
from fliptoons_explore.fliptoons.game import MAX_REFLIPS, Game, new_game, replay
from fliptoons_explore.fliptoons.market import SKIP
from fliptoons_explore.fliptoons.market_scripts import ScriptedRound
from fliptoons_explore.fliptoons.state import Table
from fliptoons_explore.policy import DefaultPolicy, RandomPolicy

S2_MARKET = ["salamander", "raccoon", "opossum", "fox", "vulture"]  # ranks 1, 8, 10, 16, 20
S1_MARKET = ["eagle", "butterfly", "goat", "rooster", "bull"]  # ranks 2, 4, 6, 13, 21
C_MARKET = ["ostrich", "eagle", "donkey", "butterfly", "dog", "goat", "sheep"]  # ranks 1..7


class SkipPolicy:
    """Skips every Market action; other decisions as the default policy."""

    name = "skip"

    def choose(self, choice):
        if choice.kind == "market_action":
            return choice.options.index(SKIP)
        return DefaultPolicy().choose(choice)


def table(season, decks, market=(), toon=(), rulings=None, seed=0, first=0) -> Table:
    """A hand-built table: decks top first, the market arranged by rank, the toon deck top first."""
    t = Table(season, rulings, seed=seed, first_player=first)
    for i, deck in enumerate(decks):
        p = t.add_player(f"P{i}")
        p.deck.extend(t.new_card(c) for c in deck)
    t.toon_deck.extend(t.new_card(c) for c in toon)
    t.arrange_market([t.new_card(c, face_up=True) for c in market])
    return t


def ids(cards) -> list:
    return [None if c is None else c.spec.id for c in cards]


def kinds(game, kind):
    return [e for e in game.trace if e.kind == kind]


# ---------------------------------------------------------------------------------------------
# Cleanup
# ---------------------------------------------------------------------------------------------


def test_cleanup_collects_every_grid_into_its_deck_and_passes_the_first_player():
    """S2 Cleanup: "All players collect the cards in their grid and add them to their deck ... If no
    player generated at least 30 fame ..., pass the first player card to the next player in
    clockwise order and begin a new round." """
    game = new_game("s2", players=3, seed=7, policy=DefaultPolicy())
    first = game.table.first_player
    game.play_round(stop_before_cleanup=True)
    assert not game.end_triggered
    before = {
        p.index: sorted(c.uid for c in list(p.deck) + p.grid.cards()) for p in game.table.players
    }
    assert all(p.grid.count() > 0 for p in game.table.players)
    game.cleanup()
    for p in game.table.players:
        assert p.grid.count() == 0
        assert sorted(c.uid for c in p.deck) == before[p.index]
        assert not any(c.face_up for c in p.deck)
    assert game.table.first_player == (first + 1) % 3


@pytest.mark.parametrize(
    "season, n, market, toon, after, discarded, toon_after",
    [
        # S2 Cleanup: "If playing with one or two players ... discard the leftmost and rightmost
        # cards in
        # the market. Refill the market again and rearrange the cards by rank".
        (
            "s2",
            1,
            S2_MARKET,
            ["goldfish", "mole", "hen"],
            ["goldfish", "mole", "raccoon", "opossum", "fox"],
            ["salamander", "vulture"],
            ["hen"],
        ),
        (
            "s2",
            2,
            S2_MARKET,
            ["goldfish", "mole", "hen"],
            ["goldfish", "mole", "raccoon", "opossum", "fox"],
            ["salamander", "vulture"],
            ["hen"],
        ),
        (
            "s2",
            3,
            S2_MARKET,
            ["goldfish", "mole", "hen"],
            S2_MARKET,
            [],
            ["goldfish", "mole", "hen"],
        ),
        # S1 Cleanup: "If playing with two players ..." the same discard.
        (
            "s1",
            2,
            S1_MARKET,
            ["ostrich", "lion", "monkey"],
            ["ostrich", "butterfly", "goat", "rooster", "lion"],
            ["eagle", "bull"],
            ["monkey"],
        ),
        (
            "s1",
            3,
            S1_MARKET,
            ["ostrich", "lion", "monkey"],
            S1_MARKET,
            [],
            ["ostrich", "lion", "monkey"],
        ),
        # S2 Combining Games, Cleanup Phase: "If playing with four or fewer players ..."
        (
            "combined",
            4,
            C_MARKET,
            ["deer", "cow", "bear"],
            ["eagle", "donkey", "butterfly", "dog", "goat", "deer", "cow"],
            ["ostrich", "sheep"],
            ["bear"],
        ),
        ("combined", 5, C_MARKET, ["deer", "cow", "bear"], C_MARKET, [], ["deer", "cow", "bear"]),
    ],
)
def test_cleanup_discards_the_market_ends_with_few_players(
    season, n, market, toon, after, discarded, toon_after
):
    """S2 Cleanup (1-2 players), S1 Cleanup (2 players), S2 Combining Games (four or fewer): after
    the last player's refill, discard the leftmost and rightmost market cards, refill, re-sort.
    Everybody skips; with more players the market stays as it was."""
    filler = "mosquito" if season == "s2" else "bee"
    t = table(season, [[filler] * 6] * n, market, toon)
    game = Game(t, SkipPolicy(), shuffle=False)
    game.play_round()
    assert game.result is None
    assert ids(t.market) == after
    assert ids(t.market_discard) == discarded
    assert ids(t.toon_deck) == toon_after


def test_two_player_discard_comes_after_the_last_players_refill():
    """S2 Cleanup: the discard happens "after refilling the market during the last player's Market
    phase". P0 (18 fame) hires the raccoon (4); the goldfish (4) refills it; P1 skips; then the ends
    (salamander, vulture) go and the mole (5) and hen (6) come in."""
    t = table(
        "s2", [["shark"] * 6, ["mosquito"] * 6], S2_MARKET, ["goldfish", "mole", "hen", "crab"]
    )
    policy = ScriptedRound({0: [], 1: []}, DefaultPolicy(), {0: [{"hire": "raccoon"}], 1: []})
    game = Game(t, policy, shuffle=False)
    game.play_round()
    assert ids(t.market_discard) == ["salamander", "vulture"]
    assert ids(t.market) == ["goldfish", "mole", "hen", "opossum", "fox"]
    assert ids(t.toon_deck) == ["crab"]
    assert "raccoon" in ids(t.players[0].deck)


def test_market_and_toon_deck_both_empty_end_the_game_after_the_round():
    """S2 Market: "If the market is also depleted, complete the round and proceed to the Final
    Flip." Three players (no end discard); the fox, alone in the market under the 15 (the toon deck
    is empty), is hired by P0 (six sharks, 18). Final Flip: P0 flips 6 of her 7 cards, sharks and
    the fox all score 3: 18; the others score 0."""
    t = table("s2", [["shark"] * 6, ["mosquito"] * 6, ["mosquito"] * 6], ["fox"], [])
    assert ids(t.market) == [None, None, None, None, "fox"]
    policy = ScriptedRound(
        {0: [], 1: [], 2: []}, DefaultPolicy(), {0: [{"hire": "fox"}], 1: [], 2: []}
    )
    game = Game(t, policy, shuffle=False)
    result = game.play()
    assert result.rounds == 1
    assert "empty" in result.reason
    assert result.winners == [0]
    assert result.final_fame == [18, 0, 0]
    assert [e.value for e in kinds(game, "hire")] == [15]


# ---------------------------------------------------------------------------------------------
# The 30-fame trigger and the critic's choice
# ---------------------------------------------------------------------------------------------


def _trigger(fames, **rulings):
    t = table("s2", [[]] * len(fames), rulings=Rulings.from_dict(rulings) if rulings else None)
    for p, f in zip(t.players, fames):
        generated, total = f if isinstance(f, tuple) else (f, f)
        p.fame_generated, p.fame_total = generated, total
    game = Game(t, SkipPolicy())
    game.check_end_trigger()
    return game, [p.critics_choice for p in t.players]


@pytest.mark.parametrize(
    "fames, triggered, holder",
    [
        ([31, 28], True, 0),
        ([30, 12], True, 0),  # "at least 30"
        ([29, 29], False, None),
        ([12, 33, 31], True, 1),  # the most fame takes it
        ([32, 32, 35], True, 2),  # a tie below the top does not matter
    ],
)
def test_30_fame_triggers_the_end_and_the_most_fame_takes_the_critics_choice(
    fames, triggered, holder
):
    """S2 Check Fame: "If any player generated at least 30 fame, the player who generated the most
    fame takes the critic's choice card ... This triggers the end of the game." """
    game, holders = _trigger(fames)
    assert game.end_triggered is triggered
    assert holders == [i == holder for i in range(len(fames))]


def test_critics_choice_goes_back_to_the_box_on_a_tie_of_leaders_at_30():
    """S2 Check Fame: "If multiple players generated at least 30 fame and are tied for the most
    fame, return the critic's choice card to the game box instead." The end is still triggered."""
    game, holders = _trigger([31, 31, 20])
    assert game.end_triggered
    assert holders == [False, False, False]
    event = kinds(game, "critics_choice")[-1]
    assert event.player is None


def test_firefly_gain_does_not_count_for_the_trigger_by_default():
    """RULINGS open question 4, ruling `firefly_counts_for_trigger` (default false: the trigger
    counts the fame generated at Check Fame; the Firefly's 2 come after it): 29 generated + 2 = 31
    does not trigger; with the option on, it does."""
    game, _ = _trigger([(29, 31), (12, 12)])
    assert not game.end_triggered
    game, holders = _trigger([(29, 31), (12, 12)], firefly_counts_for_trigger=True)
    assert game.end_triggered and holders == [True, False]


def test_trigger_round_still_has_market_and_cleanup_then_final_flip_with_plus_3():
    """S2 Check Fame + Cleanup + Final Flip: P0 flips six clownfish (30) and takes the critic's
    choice; the Market and Cleanup still happen (the first player card does not pass); in the Final
    Flip P0 scores 30 + 3 = 33 and P1 (six sharks) 18: P0 wins after 1 round."""
    t = table("s2", [["clownfish"] * 6, ["shark"] * 6], S2_MARKET, ["goldfish", "mole", "hen"])
    game = Game(t, SkipPolicy(), shuffle=False)
    result = game.play()
    assert t.players[0].critics_choice and not t.players[1].critics_choice
    assert result.rounds == 1
    assert result.winners == [0]
    assert result.final_fame == [33, 18]
    assert t.first_player == 0
    phases = [e.phase for e in game.trace if e.kind == "phase"]
    assert phases.index("market") < phases.index("final-flip")
    assert ids(t.market_discard) == ["salamander", "vulture"]  # the 2-player Cleanup happened
    plus3 = [e for e in kinds(game, "fame_change") if e.phase == "final-flip"]
    assert [(e.player, e.value) for e in plus3] == [(0, 3)]


# ---------------------------------------------------------------------------------------------
# Final Flip and ties
# ---------------------------------------------------------------------------------------------


def _final_table(rulings=None):
    """P0 six sharks (18); P1 five sharks and a mosquito (15) with the critic's choice (+3 = 18);
    P2 six mosquitoes (0)."""
    t = table(
        "s2",
        [["shark"] * 6, ["shark"] * 5 + ["mosquito"], ["mosquito"] * 6],
        rulings=Rulings.from_dict(rulings or {}),
        seed=3,
    )
    t.players[1].critics_choice = True
    return t


def test_final_flip_ties_are_reflipped_by_the_tied_players_only():
    """S2 Final Flip: "If players are tied for the most fame, the tied players collect all the cards
    in their grid and deck, shuffle their deck, Flip, and Check Fame again. The tied player who
    generated the most fame wins." P0 18 and P1 15+3 tie; P2 (0) does not flip again. With ruling
    `critics_choice_in_reflips` off, the re-flip gives P0 18, P1 15: P0 wins."""
    t = _final_table({"critics_choice_in_reflips": False})
    game = Game(t, SkipPolicy())
    game.final_flip("test")
    result = game.result
    assert result.winners == [0]
    assert result.final_fame == [18, 15, 0]
    steps = [e.step for e in game.trace if e.kind == "phase" and e.rule == "s2.final-flip.tie"]
    assert len(steps) == 1
    reflip_reveals = {e.player for e in game.trace[steps[0] :] if e.kind == "reveal"}
    assert reflip_reveals == {0, 1}
    assert len([e for e in game.trace if e.kind == "reveal" and e.player == 2]) == 6


def test_final_flip_tie_that_cannot_break_stops_at_the_documented_bound():
    """S2 Final Flip: "Repeat this procedure until a winner is determined"; with the critic's choice
    counted in re-flips (ruling default) P0 18 and P1 15+3 tie every time: the engine stops after
    its documented safety bound (MAX_REFLIPS) and names both."""
    t = _final_table()
    game = Game(t, SkipPolicy())
    game.final_flip("test")
    result = game.result
    assert result.winners == [0, 1]
    assert "safety bound" in result.reason
    assert (
        len([e for e in game.trace if e.kind == "phase" and e.rule == "s2.final-flip.tie"])
        == MAX_REFLIPS
    )


def test_final_flip_peacock_gained_by_a_snake_adds_2():
    """S1 FAQ Snake: a Peacock gained by a Snake adds its 2 fame "to the player's total"; its
    when-hired effect resolves "after the Flip phase is complete" (S2 KC Timing), and the Final Flip
    is a Flip and a Check Fame. P0's deck is a lone snake: it gains the peacock from the toon deck:
    snake 1 + peacock 5 + 2 = 8, beating P1's five bees and a snail (7)."""
    t = table("s1", [["snake"], ["bee"] * 5 + ["snail"]], [], ["peacock"])
    game = Game(t, SkipPolicy())
    game.final_flip("test")
    assert game.result.winners == [0]
    assert game.result.final_fame == [8, 7]


# ---------------------------------------------------------------------------------------------
# Solo
# ---------------------------------------------------------------------------------------------

SOLO_DECKS = {
    "s1": Counter({"caterpillar": 3, "dragonfly": 1, "bee": 1, "snail": 1}),
    "s2": Counter({"mosquito": 3, "spider": 1, "grasshopper": 1, "ladybug": 1}),
}


@pytest.mark.parametrize(
    "season, level, discards",
    [
        ("s1", "easy", 17),
        ("s1", "normal", 20),
        ("s1", "hard", 23),
        ("s2", "easy", 17),
        ("s2", "normal", 20),
        ("s2", "hard", 23),
        ("combined", "easy", 67),
        ("combined", "normal", 70),
        ("combined", "hard", 73),
    ],
)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_solo_setup(season, level, discards, seed):
    """Solo Setup (S1, S2) and Combined Solo Setup Changes: the solo starting deck (3 caterpillars,
    dragonfly, bee, snail; or 3 mosquitoes, spider, grasshopper, ladybug: either one when combined),
    the Pig back in the box (S1 and combined), the market (5, or 7 combined), then 17/20/23 (or
    67/70/73) toon cards discarded face up. Counted: toon deck + market + discard + box = 53
    (106)."""
    game = new_game(season, players=1, seed=seed, solo=level)
    t = game.table
    deck = Counter(c.spec.id for c in t.players[0].deck)
    if season == "combined":
        assert deck in (SOLO_DECKS["s1"], SOLO_DECKS["s2"])
    else:
        assert deck == SOLO_DECKS[season]
    market = [c for c in t.market if c is not None]
    assert len(market) == (7 if season == "combined" else 5)
    assert len(t.market_discard) == discards
    assert all(c.face_up for c in t.market_discard)
    toons = 106 if season == "combined" else 53
    pig = season in ("s1", "combined")
    assert ids(t.box) == (["pig"] if pig else [])
    assert len(t.toon_deck) == toons - (1 if pig else 0) - len(market) - discards
    assert len(t.toon_deck) + len(market) + len(t.market_discard) + len(t.box) == toons
    everything = list(t.toon_deck) + market + t.market_discard
    assert "pig" not in ids(everything)
    assert all(not c.spec.starting for c in everything)
    if season == "combined" and level == "normal":
        assert len(t.toon_deck) == 28  # "count out 28 cards and discard the rest"


def test_solo_win_at_30_in_one_check_fame():
    """S2 Solo Play Rules: "After the Check Fame phase, if you have generated at least 30 fame, you
    win the game!" Six clownfish make exactly 30 in round 1."""
    t = table("s2", [["clownfish"] * 6], S2_MARKET, ["goldfish", "mole", "hen", "crab"])
    game = Game(t, SkipPolicy(), solo="normal", shuffle=False)
    result = game.play()
    assert result.solo == "won"
    assert result.rounds == 1
    assert result.winners == [0]
    assert not kinds(game, "skip")  # the game ends before the Market


def test_solo_loss_when_the_market_cannot_be_refilled_completely_at_cleanup():
    """S2 Solo: "When refilling the market, if there are not enough cards in the toon deck to refill
    it completely, the game is over, and you have lost." 25 fame a round (5 clownfish, a mosquito);
    round 1's end discard is refilled by the last 2 toon cards; round 2's cannot be."""
    t = table("s2", [["clownfish"] * 5 + ["mosquito"]], S2_MARKET, ["goldfish", "mole"])
    game = Game(t, SkipPolicy(), solo="normal", shuffle=False)
    result = game.play()
    assert result.solo == "lost"
    assert result.rounds == 2
    assert result.winners == []
    end = kinds(game, "game_end")[0]
    assert end.rule == "s2.solo.lose"
    # round 2's end discard, with nothing left to refill: the five cards left slide under the
    # highest prices (S2 Market: "If the toon deck is ever depleted ...")
    discard, slide = game.trace[end.step - 2 : end.step]
    assert (discard.kind, discard.phase) == ("discard", "cleanup")
    assert (slide.kind, slide.rule, slide.cause) == ("slide", "s2.market.depleted", discard.cause)


def test_solo_loss_when_the_market_turn_refill_falls_short():
    """S2 Solo (as above), the refill after the Market turn: the toon deck is empty, the player (25
    fame) hires a card, the market cannot be refilled: lost in round 1."""
    t = table("s2", [["clownfish"] * 5 + ["mosquito"]], S2_MARKET, [])
    policy = ScriptedRound({0: []}, DefaultPolicy(), {0: [{"hire": "salamander"}]})
    game = Game(t, policy, solo="normal", shuffle=False)
    result = game.play()
    assert result.solo == "lost"
    assert result.rounds == 1
    end = kinds(game, "game_end")[0]
    # the turn, then no refill
    turn = [(e.kind, e.phase) for e in game.trace[end.step - 2 : end.step]]
    assert end.rule == "s2.solo.lose" and turn == [("hire", "market"), ("skip", "market")]
    assert ids(t.market) == [None, "raccoon", "opossum", "fox", "vulture"]


# ---------------------------------------------------------------------------------------------
# Combined setup
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 4, 5, 8])
@pytest.mark.parametrize("seed", range(5))
def test_combined_setup(players, seed):
    """S2 Combining Games, Setup Changes: a random starting deck from either game per player (each
    box holds 4 decks: at most four of each), both toon decks shuffled together (53 + 53), seven
    price cards 3, 3, 4, 7, 10, 15, 15, and a seven-card market sorted by rank."""
    game = new_game("combined", players=players, seed=seed)
    t = game.table
    assert t.prices == (3, 3, 4, 7, 10, 15, 15)
    assert None not in t.market and len(t.market) == 7
    ranks = [c.spec.rank for c in t.market]
    assert ranks == sorted(ranks)
    seasons = []
    for p in t.players:
        deck = sorted(c.spec.id for c in p.deck)
        s1 = sorted(["caterpillar", "caterpillar", "skunk", "dragonfly", "bee", "snail"])
        s2 = sorted(["mosquito", "mosquito", "spider", "grasshopper", "ladybug", "firefly"])
        assert deck in (s1, s2)
        seasons.append("s1" if deck == s1 else "s2")
    assert seasons.count("s1") <= 4 and seasons.count("s2") <= 4
    toons = list(t.toon_deck) + list(t.market)
    assert len(toons) == 106
    assert Counter(c.spec.id for c in toons) == Counter(
        {c.id: c.copies for c in CATALOG.values() if c.set in ("s1", "s2")}
    )
    assert t.box == [] and t.market_discard == []


@pytest.mark.parametrize("seed", range(40))
def test_combined_setup_market_equal_ranks_in_reveal_order(seed):
    """S2 Combining Games, Setup 4: "Reveal and place the top seven cards from the toon deck one at
    a time ... If any card shares a rank with one or more cards already in the market, place it
    below the price card to the right of the rightmost card with the same rank." So cards of equal
    rank sit left to right in the order they were revealed (the setup's refill events)."""
    game = new_game("combined", players=3, seed=seed)
    revealed = [e.uid for e in game.trace if e.kind == "refill"]
    market = game.table.market
    assert sorted(revealed) == sorted(c.uid for c in market)
    for left, right in zip(market, market[1:]):
        assert left.spec.rank <= right.spec.rank
        if left.spec.rank == right.spec.rank:
            assert revealed.index(left.uid) < revealed.index(right.uid)


# ---------------------------------------------------------------------------------------------
# Replay
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "season, players, solo, seed",
    [
        ("s2", 3, None, 11),
        ("s1", 2, None, 5),
        ("combined", 6, None, 2),
        ("s1", 1, "hard", 4),
        ("s2", 1, "easy", 9),
        ("combined", 1, "normal", 8),
    ],
)
def test_replay_reproduces_the_trace(season, players, solo, seed):
    """Seed, setup and decisions replay a game exactly: `replay(season, players,
    seed, solo, game.decisions)` gives the same events and the same result."""
    game = new_game(season, players, seed, solo, policy=RandomPolicy(seed))
    result = game.play()
    again = replay(season, players, seed, solo, game.decisions)
    assert again.result == result
    assert [e.to_json() for e in again.trace] == [e.to_json() for e in game.trace]


def test_replay_reproduces_the_trace_of_a_game_with_a_cow_decision():
    """As above, for a game in which a Cow chose which card to copy (a decision taken
    at Check Fame): the first such game of Season 1, 4 players, random policy."""
    for seed in range(200):
        game = new_game("s1", 4, seed, policy=RandomPolicy(seed))
        game.play()
        if any(e.kind == "decision" and e.card == "cow" for e in game.trace):
            break
    else:
        pytest.fail("no game with a Cow decision in 200 seeds")
    again = replay("s1", 4, seed, None, game.decisions)
    assert again.result == game.result
    diff = [(a.to_json(), b.to_json()) for a, b in zip(game.trace, again.trace) if a != b]
    assert not diff, f"seed {seed}: {len(diff)} events differ, first: {diff[0]}"
