"""Ruling comparison: exact differences under two settings of the ruling options, the options that
matter for a scenario, and the CLI's `compare` subcommand."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from fliptoons_explore import ScenarioError
from fliptoons_explore.analysis.compare import (
    CardChange,
    compare_command,
    compare_rulings,
    parse_ruling_args,
    rulings_that_matter,
)
from util import CATERPILLAR_UNDER_RAT, COW, LION, SPIDER

# A Zebra choosing between two rank-0 Mosquitoes, one in the Gorilla's row, one in slot 1.
ZEBRA = {
    "season": "s2",
    "players": [
        {
            "name": "Jordy",
            "deck": [
                "mosquito",
                "gorilla",
                "mosquito",
                "zebra",
                "mosquito",
                "mosquito",
                "mosquito",
            ],
        }
    ],
}


def test_lion_without_neighbours():
    c = compare_rulings(LION, {"lion_without_neighbours": "no-bonus"})
    assert c.changed and c.players[0].fame == (7, 3) and not c.players[0].grid_changed
    assert c.players[0].cards == (
        CardChange("lion", ("slot 1 (upper left)", 7), ("slot 1 (upper left)", 3)),
    )
    assert c.text() == "\n".join(
        [
            'rulings: lion_without_neighbours "bonus" -> "no-bonus"',
            "Ann: 7 -> 3 fame (-4)",
            "  lion  slot 1 (upper left): 7 -> 3",
            "the traces first differ at step 2:",
            "  before: #2   check-fame Ann: lion at slot 1 (upper left) scores 7: 3 printed +4 "
            "bonus  [card.lion; ruling.lion_without_neighbours]",
            "  after:  #2   check-fame Ann: lion at slot 1 (upper left) scores 3: 3 printed +0 "
            "bonus  [card.lion; ruling.lion_without_neighbours]",
        ]
    )
    assert repr(c) == '<Comparison lion_without_neighbours="no-bonus": Ann 7 -> 3>'
    assert rulings_that_matter(LION) == [("lion_without_neighbours", "no-bonus")]


def test_cow_copies_total_fame():
    c = compare_rulings(COW, {"cow_copies": "total"})
    assert c.players[0].fame == (5, 8)
    assert c.text().splitlines()[:3] == [
        'rulings: cow_copies "printed" -> "total"',
        "Ann: 5 -> 8 fame (+3)",
        "  cow  slot 1 (upper left): 1 -> 4",
    ]
    step, before, after = c.first_difference()
    assert (before.kind, before.target, before.value, after.value) == ("decision", "goat", 1, 4)
    frame = c.to_frame()
    assert frame.to_dict("records") == [
        {
            "player": "Ann",
            "card": "cow",
            "where_before": "slot 1 (upper left)",
            "fame_before": 1,
            "where_after": "slot 1 (upper left)",
            "fame_after": 4,
            "change": 3,
        }
    ]
    # from a scenario that already plays 'total', back to the default
    back = compare_rulings({**COW, "rulings": {"cow_copies": "total"}}, {"cow_copies": "printed"})
    assert back.players[0].fame == (8, 5)
    assert back.text().splitlines()[0] == 'rulings: cow_copies "total" -> "printed"'
    assert rulings_that_matter({**COW, "rulings": {"cow_copies": "total"}}) == [
        ("cow_copies", "printed")
    ]


def test_spider_above_a_gorilla():
    c = compare_rulings(SPIDER, {"extra_rows_in_columns": False})
    assert c.players[0].fame == (8, 6) and not c.players[0].grid_changed
    assert c.players[0].cards == (
        CardChange("spider", ("extra row 1, middle", 3), ("extra row 1, middle", 1)),
    )
    assert rulings_that_matter(SPIDER) == [("extra_rows_in_columns", False)]


def test_a_ruling_that_changes_the_grid():
    c = compare_rulings(ZEBRA, {"extra_rows_topmost": False})
    p = c.players[0]
    assert p.fame == (10, 10) and p.grid_changed and c.changed
    assert p.grid_before[0] == [None, [{"id": "zebra", "face_up": True}], None]
    assert p.grid_after[0] == [None, [{"id": "mosquito", "face_up": True}], None]
    assert p.cards[0] == CardChange("zebra", ("extra row 1, middle", 5), ("slot 1 (upper left)", 5))
    assert c.text().splitlines()[1:10] == [
        "Jordy: 10 -> 10 fame (+0)",
        "  zebra     extra row 1, middle (5) -> slot 1 (upper left) (5)",
        "  mosquito  slot 1 (upper left) (0) -> slot 6 (lower right) (0)",
        "  mosquito  slot 6 (lower right) (0) -> extra row 1, middle (0)",
        "  grid before:",
        "            | left            | middle          | right           |",
        "    extra 1 |                 | zebra           |                 |",
        "    upper   | mosquito        | gorilla         | mosquito        |",
        "    lower   | mosquito        | mosquito        | mosquito        |",
    ]


def test_no_difference():
    c = compare_rulings(SPIDER, {"cow_copies": "total"})
    assert not c.changed and c.first_difference() is None
    assert c.text() == "\n".join(
        [
            'rulings: cow_copies "printed" -> "total"',
            "no difference: every grid, deck, dismissed pile and fame is the same",
        ]
    )
    assert c.text(everything=True).splitlines()[2:4] == [
        "Jordy: 8 fame, unchanged",
        "  spider    extra row 1, middle: 3",
    ]
    assert compare_command(COW, [], as_json=False) == (
        "ruling options that change the outcome of this scenario:\n"
        '  --ruling cow_copies=total   (now "printed"): Ann 5 -> 8'
    )
    assert compare_command({"season": "s2", "players": [{"deck": ["mosquito"]}]}, []) == (
        "no ruling option changes the outcome of this scenario"
    )


def test_bad_changes():
    with pytest.raises(ScenarioError, match='unknown ruling option "cow"'):
        compare_rulings(COW, {"cow": "total"})
    with pytest.raises(
        ScenarioError, match='cow_copies must be one of "printed", "total", got "all"'
    ):
        compare_rulings(COW, {"cow_copies": "all"})
    with pytest.raises(ScenarioError, match=r"players\[0\]\.deck\[0\]"):
        compare_rulings({"players": [{"deck": ["crabb"]}]}, {"cow_copies": "total"})


def test_parse_ruling_args():
    assert parse_ruling_args(
        ["cow_copies=total", "extra_rows_in_columns=false", 'sloth_counts="face-up"']
    ) == {"cow_copies": "total", "extra_rows_in_columns": False, "sloth_counts": "face-up"}
    for args, message in (
        (["cow_copies"], "expected NAME=VALUE"),
        (["=total"], "expected NAME=VALUE"),
        (["cow_copies=total", "cow_copies=printed"], "given twice"),
        (["extra_rows_in_columns=no"], 'must be one of true, false, got "no"'),
        (['extra_rows_in_columns="false"'], 'got "false"'),
    ):
        with pytest.raises(ScenarioError, match=message):
            parse_ruling_args(args)


# -- the command line ------------------------------------------------------------------------------


def run(tmp_path, scenario, *args):
    path = tmp_path / "scenario.json"
    path.write_text(json.dumps(scenario), encoding="utf-8")
    return subprocess.run(
        [sys.executable, "-m", "fliptoons_explore", "compare", str(path), *args],
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_cli_compare(tmp_path):
    done = run(tmp_path, COW, "--ruling", "cow_copies=total")
    assert done.returncode == 0 and done.stderr == ""
    assert done.stdout == compare_rulings(COW, {"cow_copies": "total"}).text() + "\n"
    done = run(tmp_path, SPIDER, "--ruling", "extra_rows_in_columns=false", "--json")
    doc = json.loads(done.stdout)
    assert doc["changes"] == {"extra_rows_in_columns": False} and doc["changed"] is True
    assert doc["players"][0]["fame"] == [8, 6]
    assert doc["players"][0]["cards"] == [
        {
            "id": "spider",
            "before": {"where": "extra row 1, middle", "fame": 3},
            "after": {"where": "extra row 1, middle", "fame": 1},
        }
    ]
    assert doc["first_difference"]["before"]["event"] == "fame"


def test_cli_compare_lists_the_options_that_matter(tmp_path):
    done = run(tmp_path, LION)
    assert done.returncode == 0
    assert done.stdout == (
        "ruling options that change the outcome of this scenario:\n"
        '  --ruling lion_without_neighbours=no-bonus   (now "bonus"): Ann 7 -> 3\n'
    )
    doc = json.loads(run(tmp_path, LION, "--json").stdout)
    assert doc["matters"] == [
        {
            "name": "lion_without_neighbours",
            "value": "no-bonus",
            "fame": [{"name": "Ann", "before": 7, "after": 3}],
        }
    ]
    assert doc["rulings"]["lion_without_neighbours"] == "bonus"


@pytest.mark.parametrize(
    "args, message",
    [
        (
            ["--ruling", "cow_copy=total"],
            'fliptoons-explore: error: --ruling "cow_copy=total": unknown ruling '
            'option "cow_copy" (known: ',
        ),
        (
            ["--ruling", "cow_copies=maybe"],
            'fliptoons-explore: error: --ruling "cow_copies=maybe": cow_copies '
            'must be one of "printed", "total", got "maybe"',
        ),
        (
            ["--ruling", "cow_copies"],
            'fliptoons-explore: error: --ruling "cow_copies": expected NAME=VALUE',
        ),
    ],
)
def test_cli_bad_ruling(tmp_path, args, message):
    done = run(tmp_path, COW, *args)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith(message) and done.stderr.count("\n") == 1


def test_cli_bad_scenario(tmp_path):
    done = run(tmp_path, {"players": [{"deck": ["crabb"]}]}, "--ruling", "cow_copies=total")
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith(
        'fliptoons-explore: error: players[0].deck[0]: unknown card id "crabb" (did you mean "crab"'
    )
    assert done.stderr.count("\n") == 1


def test_a_scenario_with_market_actions_is_compared_as_a_round():
    """With scripted actions the comparison plays the round, so the Market's ruling options show:
    a Caterpillar (3) in a Rat stack costs 3 - 1 = 2 when costs combine, 3 when only the lowest
    applies (RULINGS open question 2); with 8 fame and the Bee at 5, 1 or 0 is left."""
    c = compare_rulings(CATERPILLAR_UNDER_RAT, {"dismiss_costs_combine": False})
    ann = c.players[0]
    assert ann.fame == (8, 8) and ann.fame_left == (1, 0) and ann.changed
    assert ann.cards == ()
    assert "Ann: 8 -> 8 fame (+0); fame left 1 -> 0" in c.text()


def test_an_option_that_makes_a_scripted_action_illegal_matters():
    """Under the Japanese summary's minimum (fewer than three cards in the deck) Ann, with two
    cards left in her deck, may not dismiss: the option changes the outcome."""
    found = rulings_that_matter(CATERPILLAR_UNDER_RAT)
    assert ("dismiss_minimum", "deck-3") in found and ("dismiss_costs_combine", False) in found
    text = compare_command(CATERPILLAR_UNDER_RAT, [])
    assert (
        '--ruling dismiss_minimum=deck-3   (now "deck-and-grid-4"): with dismiss_minimum="deck-3": '
        "players[0].actions[0]: cannot dismiss 'caterpillar': fewer than three cards in the deck"
    ) in text
    assert (
        "--ruling dismiss_costs_combine=false   (now true): Ann 8 -> 8 (fame left 1 -> 0)\n"
        in text + "\n"
    )
    assert (
        "--ruling dismiss_costs_combine=false   (now true): Ann 8 -> 8 (fame left 1 -> 0); Bo 0 -> "
        "0" in compare_command(CATERPILLAR_UNDER_RAT, [], everything=True)
    )


def test_compare_plays_the_round_when_asked():
    """The Groundhog is dismissed after the Market phase (S2 FAQ: Groundhog); whether the
    four-card minimum stops it is ruling `minimum_limits_abilities` (RULINGS open question 1).
    Without scripted Market actions a scenario is compared on its Flip and Check Fame unless the
    round is asked for."""
    from fliptoons_explore import situation

    s = situation("s2.faq.groundhog.below-the-four-card-minimum")
    assert s.play == "round" and not any(p.get("actions") for p in s.scenario["players"])
    assert compare_rulings(s.scenario, {"minimum_limits_abilities": True}, play="round").changed
    assert not compare_rulings(s.scenario, {"minimum_limits_abilities": True}).changed
    assert ("minimum_limits_abilities", True) in rulings_that_matter(s.scenario, play="round")
    assert ("minimum_limits_abilities", True) not in rulings_that_matter(s.scenario)
    with pytest.raises(
        ScenarioError, match='play: expected "resolve", "round" or "game", got "market"'
    ):
        compare_rulings(s.scenario, {"minimum_limits_abilities": True}, play="market")


def test_a_difference_in_deck_order_alone_is_reported():
    """Effects queued in the Flip resolve in flip order (S2 Key Concepts: 'in the order they were
    flipped') or left to right, top row first (S1 text; ruling `flip_trigger_order`): here a Crow
    dismissed by a Snake and a Raccoon gained by another hire cards onto the deck in two orders,
    and nothing else differs."""
    scenario = {
        "season": "combined",
        "players": [
            {
                "name": "Ann",
                "deck": [
                    "snake",
                    "crow",
                    "gorilla",
                    "snake",
                    "bee",
                    "snail",
                    "caterpillar",
                    "bee",
                    "snail",
                ],
            }
        ],
        "market": ["ostrich", "eagle", "donkey", "hen", "raccoon", "fox", "peacock"],
        "toon_deck": ["goat", "raccoon", "sheep", "camel"],
    }
    c = compare_rulings(scenario, {"flip_trigger_order": "reading-order"})
    p = c.players[0]
    assert (
        c.changed and p.changed and p.deck_changed and not p.grid_changed and p.fame[0] == p.fame[1]
    )
    assert p.deck[0] != p.deck[1] and sorted(p.deck[0]) == sorted(p.deck[1])
    assert f"  deck (top first): {', '.join(p.deck[0])} -> {', '.join(p.deck[1])}" in c.text()
    assert c.to_json()["players"][0]["deck"] == {
        "before": list(p.deck[0]),
        "after": list(p.deck[1]),
    }


def test_compare_plays_a_game_to_its_end_when_asked():
    """Ruling `firefly_in_final_flip` (RULINGS open question 4) changes who wins the Final Flip of
    the library's situation: Ben's Firefly gains 2 (10 against Ann's 9) or nothing (8)."""
    from fliptoons_explore import situation

    s = situation("s2.final-flip.firefly-gains-in-the-final-flip")
    assert rulings_that_matter(s.scenario, play="game") == [("firefly_in_final_flip", False)]
    c = compare_rulings(s.scenario, {"firefly_in_final_flip": False}, play="game")
    assert c.changed and [p.fame for p in c.players] == [(9, 9), (10, 8)]
    assert c.text().splitlines()[1] == "the game is won by Ben -> Ann"
