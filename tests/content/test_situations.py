"""The situation library (fliptoons_explore/content/library/): every situation plays to the
outcome its entry states, every FAQ entry and Key Concept of data/rules.csv is illustrated, and the
files are well-formed; each game's fields are checked and compared through its contract.

The expected outcomes were written by hand from the rulebooks (../shared/seeds/), cards.csv and
RULINGS.md; each entry's `explain` walks through it. This file replaces tests/test_key_concepts.py
and the Season 2 FAQ section of tests/fliptoons/test_cards_s2.py: each of their assertions lives on
in the expected outcome of the situation with the same scenario.
"""

from __future__ import annotations

import csv
import json
from importlib import resources
from pathlib import Path

import pytest

from fliptoons_explore import situation, situations
from fliptoons_explore.content.situations import (
    NOT_ILLUSTRATED,
    LibraryError,
    Situation,
    SituationError,
    differences,
    file_about,
    library_files,
    load_file,
)
from fliptoons_explore.stepping import Stepper
from util import CHECK_FAME_EXAMPLE

SHARED_EXAMPLES = Path(__file__).resolve().parents[3] / "shared" / "examples"


@pytest.mark.parametrize("s", situations(), ids=lambda s: s.name)
def test_situation_plays_to_its_expected_outcome(s):
    diffs = s.check()
    assert not diffs, f"{s.name} ({', '.join(s.rules)}): " + "; ".join(diffs)


# -- coverage ---------------------------------------------------------------------------------


def _rule_ids() -> list[str]:
    text = resources.files("fliptoons_explore").joinpath("data/rules.csv").read_text("utf-8")
    return [row["id"] for row in csv.DictReader(text.splitlines())]


def _faq_and_key_ids() -> list[str]:
    return [rid for rid in _rule_ids() if ".faq." in rid or ".key." in rid]


def _flipology_ids() -> list[str]:
    """Every rule and clarification of the Flipology rulebook (`fl.*`; the engine's own limits,
    `engine.flipology.*`, are not the rulebook's)."""
    return [rid for rid in _rule_ids() if rid.startswith("fl.")]


def test_every_faq_entry_and_key_concept_is_illustrated():
    """Each `.faq.` and `.key.` id of rules.csv is among some situation's rules, or is one of the
    documented exceptions (NOT_ILLUSTRATED, information-only rules)."""
    illustrated = {r for s in situations() for r in s.rules}
    missing = [
        rid for rid in _faq_and_key_ids() if rid not in illustrated and rid not in NOT_ILLUSTRATED
    ]
    assert missing == []


def test_every_flipology_rule_is_illustrated():
    """Each `fl.*` id of rules.csv is among some situation's rules, or is one of the documented
    exceptions (NOT_ILLUSTRATED: what happens before a scenario's table exists or between two of
    its games, covered by tests of whole games)."""
    illustrated = {r for s in situations() for r in s.rules}
    missing = [
        rid for rid in _flipology_ids() if rid not in illustrated and rid not in NOT_ILLUSTRATED
    ]
    assert missing == []
    assert len(_flipology_ids()) > 50


def test_flipology_exceptions_name_the_tests_that_cover_them():
    """A Flipology exception says where it is tested instead; that test exists."""
    tests = Path(__file__).resolve().parents[1]
    for rid, reason in NOT_ILLUSTRATED.items():
        if not rid.startswith("fl."):
            continue
        file, _, test = reason.partition("tests/")[2].partition("::")
        assert test and f"def {test}(" in (tests / file).read_text(encoding="utf-8"), rid


def test_exceptions_are_faq_or_key_ids_with_a_reason_and_not_illustrated():
    ids = set(_faq_and_key_ids()) | set(_flipology_ids())
    illustrated = {r for s in situations() for r in s.rules}
    for rid, reason in NOT_ILLUSTRATED.items():
        assert rid in ids and rid not in illustrated, rid
        assert len(reason) > 20, rid


def test_examples_are_the_shared_example_files():
    """The library's Season 2 examples carry the scenarios of ../shared/examples (when present) and
    of tests/helpers/util.py."""
    check_fame = situation("s2.example.check-fame.jordy-13").scenario
    market = situation("s2.example.market.jordy-raccoon-rat-groundhog").scenario
    assert check_fame == CHECK_FAME_EXAMPLE
    for scenario, file in (
        (check_fame, "s2-check-fame-example.json"),
        (market, "s2-market-example.json"),
    ):
        shared = SHARED_EXAMPLES / file
        if shared.exists():
            assert json.loads(shared.read_text()) == scenario, file


# -- the files ----------------------------------------------------------------------------------

FILE_FAMILIES = {
    "examples.json": ("s1.example.", "s2.example."),
    "flipology.json": ("fl.",),
    "s1-faq.json": ("s1.faq.",),
    "s2-faq.json": ("s2.faq.",),
    "s2-key-concepts.json": ("s2.key.",),
    "keywords.json": ("s1.keyword.", "s2.keyword."),
    "rules-of-play.json": (
        "s1.flip.",
        "s2.flip.",
        "s1.icon.",
        "s1.market.",
        "s2.market.",
        "s1.check-fame.",
        "s2.check-fame.",
        "s1.cleanup.",
        "s2.cleanup.",
        "s1.solo.",
        "s2.solo.",
        "s2.combined.",
    ),
    "end-of-game.json": (
        "s1.cleanup.",
        "s1.final-flip.",
        "s2.check-fame.",
        "s2.cleanup.",
        "s2.combined.cleanup.",
        "s2.market.end.",
        "s1.solo.",
        "s2.solo.",
        "s2.final-flip.",
    ),
}


def test_library_files_are_the_documented_ones():
    assert library_files() == sorted(FILE_FAMILIES)


@pytest.mark.parametrize("file", sorted(FILE_FAMILIES))
def test_library_file_is_well_formed(file):
    """Loads and checks (LibraryError otherwise); its situations belong to the file's rule family;
    names are unique across the library."""
    loaded = load_file(file)
    assert loaded
    assert len(file_about(file)) > 40
    for s in loaded:
        assert s.name.startswith(FILE_FAMILIES[file]), s.name
        assert s.file == file
    names = [s.name for s in situations()]
    assert len(names) == len(set(names))


def _entry(**changes) -> dict:
    data = situation("s2.faq.crab.middle-column-returns").to_dict()
    data.update(changes)
    return data


@pytest.mark.parametrize(
    "changes, message",
    [
        ({"colour": "red"}, "colour: unknown field"),
        ({"name": "Crab returns"}, "a name is lowercase words joined by dots"),
        ({"name": "s2.faq.zebra.crab"}, "starts with its first rule id"),
        ({"rules": ["s2.faq.crabs"]}, "unknown rule id 's2.faq.crabs'"),
        ({"play": "flip"}, 'expected "resolve", "round" or "game"'),
        ({"expect": {"winners": ["Ann"]}}, 'winners needs play "game"'),
        ({"expect": {"final_fame": {"Ann": 1}}}, 'final_fame needs play "game"'),
        (
            {"expect": {"critics_choice": "Bob"}, "play": "game"},
            "critics_choice: expected a player name",
        ),
        ({"expect": {"solo": "win"}, "play": "game"}, 'solo: expected "won" or "lost"'),
        ({"title": ""}, "title: expected a non-empty string"),
        ({"expect": {"fame": {"Bob": 1}}}, "'Bob' is not a player of the scenario"),
        ({"expect": {"fame_left": {"Ann": 1}}}, 'fame_left needs play "round"'),
        ({"expect": {"score": 1}}, "score: unknown field"),
        ({"expect": {"events": [{"card": "crab", "where": 1}]}}, "where: unknown field"),
        ({"expect": {"cites": ["s2.faq.crabs"]}}, "unknown rule id 's2.faq.crabs'"),
        ({"expect": {"card_fame": {"Ann": {"crab@1": 5}}}}, "is not 'id', 'id@row,col'"),
        (
            {"expect": {"card_fame": {"Ann": {"ladybug": {"points": 1}}}}},
            'some of {"fame", "base", "bonus"}',
        ),
        ({"expect": {"fame_grid": {"Ann": []}}, "play": "round"}, 'fame_grid needs play "resolve"'),
    ],
)
def test_a_malformed_entry_is_reported_by_file_situation_and_field(changes, message):
    with pytest.raises(LibraryError) as e:
        Situation.from_dict(_entry(**changes), "mine.json")
    assert message in str(e.value)
    assert str(e.value).startswith("mine.json: ")
    assert "\n" not in str(e.value)


def _flipology_entry(**changes) -> dict:
    data = situation("fl.multi.running-score-and-the-winners-10").to_dict()
    data.update(changes)
    return data


@pytest.mark.parametrize(
    "changes, message",
    [
        ({"expect": {"fame": {"Ann": 1}}}, "fame: unknown field"),
        ({"expect": {"grid": {"Ann": []}}}, "grid: unknown field"),
        ({"expect": {"score": {"Cleo": 1}}}, "'Cleo' is not a player of the scenario"),
        (
            {"expect": {"winners": ["Ann", "Cleo"]}},
            "winners: expected a list of the scenario's player names",
        ),
        (
            {"expect": {"running_scores": [110]}},
            "running_scores: expected 2 whole numbers, one per player",
        ),
        ({"expect": {"game_points": [25, "8"]}}, "game_points: expected 2 whole numbers"),
        (
            {"expect": {"events": [{"event": "flip", "player": "Cleo"}]}},
            "'Cleo' is not a player of the scenario",
        ),
    ],
)
def test_a_malformed_flipology_entry_is_reported(changes, message):
    with pytest.raises(LibraryError) as e:
        Situation.from_dict(_flipology_entry(**changes), "mine.json")
    assert (
        message in str(e.value)
        and str(e.value).startswith("mine.json: ")
        and "\n" not in str(e.value)
    )


def test_flipology_differences_name_each_field_that_differs():
    """`check` can fail for a Flipology situation too: each expected field reports its own
    difference."""
    s = situation("fl.multi.running-score-and-the-winners-10")
    r = s.run()
    wrong = {
        "score": {"Ann": 16},
        "rows": {"Ben": [["~kiwi:8"]]},
        "score_parts": {"Ben": {"face_up": 9}},
        "different_animals": {"Ann": 1},
        "winners": ["Ben"],
        "moon": True,
        "discard": ["dog:6"],
        "running_scores": [110, 104],
        "game_points": [25, 9],
        "events": [{"event": "pick"}],
        "no_events": [{"event": "fame", "card": "kiwi:8"}],
        "cites": ["fl.card.moon"],
    }
    assert differences(wrong, r, s.players) == [
        "Ann score: expected 16, got 15",
        'Ben rows: expected [["~kiwi:8"]], got [["kiwi:8"]]',
        'Ben score_parts: expected {"face_up": 9}, got {"face_up": 8, "sloths_koalas_face_up": 0, '
        '"sloths_koalas_face_down": 0, "hermit_crab": 0}',
        "Ann different_animals: expected 1, got 2",
        'discard: expected ["dog:6"], got []',
        "moon: expected true, got false",
        "running_scores: expected [110, 104], got [110, 103]",
        "game_points: expected [25, 9], got [25, 8]",
        'winners: expected ["Ben"], got ["Ann"]',
        "events {event: pick}: none in the trace",
        f"no_events {{event: fame, card: kiwi:8}}: found at step {_step(r, 'fame', 'kiwi:8')}",
        "cites fl.card.moon: no event cites it",
    ]


def test_situations_of_one_game():
    """`situations(game=...)` keeps one game's situations (a FlipToons table, a Flipology one)."""
    flipology, fliptoons = situations(game="flipology"), situations(game="fliptoons")
    assert flipology and fliptoons and len(flipology) + len(fliptoons) == len(situations())
    assert all(s.name.startswith("fl.") and s.game == "flipology" for s in flipology)
    assert not any(s.name.startswith("fl.") for s in fliptoons)
    with pytest.raises(
        ValueError, match="^game: expected 'fliptoons' or 'flipology'.*, got 'chess'"
    ):
        situations(game="chess")


def test_flipology_situations_by_variant_and_card():
    tree = situations(season="great-tree")
    assert "fl.example.tree.nicolas-snake-parrot-frog-quokka" in {s.name for s in tree}
    assert tree and all(s.season == "great-tree" and s.game == "flipology" for s in tree)
    parrots = {s.name for s in situations(card="parrot")}
    assert (
        "fl.card.parrot.mole.exchanges-the-parrot" in parrots
        and "fl.card.snake.any-other-card-of-its-row" not in parrots
    )
    assert {s.name for s in situations(rule="fl.example")} == {
        "fl.example.cascade.joelles-monkey-frog-sloth",
        "fl.example.tree.nicolas-snake-parrot-frog-quokka",
        "fl.example.tree.straight-reach-misses-the-quokka",
        "fl.example.tiebreak.tim-and-rachel-21",
    }


def test_a_recorded_flipology_situation_steps_like_any_resolution():
    r = situation("fl.example.cascade.joelles-monkey-frog-sloth").run(record=True)
    flips = [e.step for e in r.trace if e.kind == "flip"]
    stepper = Stepper(r).goto(flips[-1])
    assert [c["face_up"] for c in stepper.state["players"][1]["rows"][0][:3]] == [True, False, True]
    assert Stepper(r).goto(flips[0]).state["players"][1]["rows"][0][0]["face_up"] is False


def test_round_trip_of_an_entry():
    s = situation("s2.faq.crab.middle-column-returns")
    assert Situation.from_dict(s.to_dict(), s.file) == s


# -- the API ------------------------------------------------------------------------------------


def test_unknown_name_suggests_close_names():
    with pytest.raises(KeyError) as e:
        situation("s2.faq.crab.middle-column-return")
    assert isinstance(e.value, SituationError)
    assert str(e.value).startswith(
        "no situation named 's2.faq.crab.middle-column-return'; did you "
        "mean s2.faq.crab.middle-column-returns, "
    )


def test_unknown_name_far_from_any_points_at_the_list():
    with pytest.raises(SituationError) as e:
        situation("flip")
    assert str(e.value) == "no situation named 'flip'; situations() lists them"


def test_situations_by_rule_family_season_play_and_card():
    crab = situations(rule="s2.faq.crab")
    assert {s.name for s in crab} >= {
        "s2.faq.crab.middle-column-returns",
        "s2.faq.crab.deck-only-crabs.empty-deck",
    }
    assert all(
        any(r == "s2.faq.crab" or r.startswith("s2.faq.crab.") for r in s.rules) for s in crab
    )
    assert situations(rule="s2.faq.cr") == []
    s1 = situations(season="s1")
    assert s1 and all(s.season == "s1" for s in s1)
    rounds = situations(play="round")
    assert rounds and all(s.play == "round" for s in rounds)
    with_crab = situations(card="crab")
    assert "s2.faq.crab.middle-column-returns" in {s.name for s in with_crab}
    assert "s1.faq.cow.chooses-the-bottom-card" not in {s.name for s in with_crab}
    both = situations(rule="s1.faq", season="combined")
    assert both and all(
        s.season == "combined" and any(r.startswith("s1.faq.") for r in s.rules) for s in both
    )


def test_scenario_and_expect_are_fresh_copies():
    s = situation("s2.faq.crab.middle-column-returns")
    s.scenario["players"][0]["deck"].clear()
    s.expect["fame"]["Ann"] = 99
    assert s.scenario["players"][0]["deck"][1] == "crab"
    assert s.expect["fame"]["Ann"] == 1
    assert s.check() == []


def test_a_recorded_run_steps_like_any_resolution():
    flip = situation("s2.faq.crab.middle-column-returns").run(record=True)
    stepper = Stepper(flip).goto(len(flip.trace) - 1)
    assert stepper.state["players"][0]["deck"] == ["spider", "crab"]
    round_ = situation("s2.faq.crow.dismissed-in-the-market").run(record=True)
    assert round_.to_json()["players"][0]["fame_left"] == 13
    assert round_.game.table is round_.table
    assert Stepper(round_).goto(3).step == 3


def test_differences_name_each_field_that_differs():
    """`check` can fail: every kind of expected field reports its own difference."""
    s = situation("s2.example.check-fame.jordy-13")
    r = s.run()
    players = s.players
    wrong = {
        "fame": {"Jordy": 14},
        "grid": {
            "Renato": [["mosquito", "mosquito", "spider"], ["grasshopper", "firefly", "ladybug"]]
        },
        "fame_grid": {"Jordy": [[0, 6, 0], ["1+1", 1, 3]]},
        "card_fame": {"Jordy": {"capybara": 2, "mosquito": 0, "rat@1,0,1": {"bonus": 1}}},
        "deck": {"Renato": ["spider"]},
        "market": ["hen"],
        "events": [{"event": "return"}, {"event": "fame", "card": "firefly", "count": 1}],
        "no_events": [{"event": "stack", "card": "rat"}],
        "order": [{"event": "place", "card": "rat"}, {"event": "reveal", "card": "capybara"}],
        "cites": ["s2.faq.crab"],
    }
    assert differences(wrong, r, players) == [
        "Jordy fame: expected 14, got 13",
        'Renato grid: expected [["mosquito", "mosquito", "spider"], ["grasshopper", "firefly", '
        '"ladybug"]], got [["mosquito", "mosquito", "spider"], ["grasshopper", "ladybug", '
        '"firefly"]]',
        'Jordy fame_grid: expected [[0, 6, 0], ["1+1", 1, 3]], got [[0, 6, 0], ["2+1", 1, 3]]',
        "Jordy card_fame capybara: expected 2, got 6",
        "Jordy card_fame mosquito: 2 scoring cards match",
        "Jordy card_fame rat@1,0,1: expected {'bonus': 1}, got {'bonus': 0}",
        'Renato deck: expected ["spider"], got []',
        'market: expected ["hen"], got [null, null, null, null, null]',
        "events {event: return}: none in the trace",
        "events {event: fame, card: firefly, count: 1}: 2 in the trace",
        f"no_events {{event: stack, card: rat}}: found at step {_step(r, 'stack', 'rat')}",
        f"order {{event: reveal, card: capybara}}: not found after step {_step(r, 'place', 'rat')}",
        "cites s2.faq.crab: no event cites it",
    ]


def _step(r, kind, card):
    return next(e.step for e in r.trace if e.kind == kind and e.card == card)


class _Edited:
    """A resolution whose JSON document is `doc` (edited by a test), the rest `r`'s own."""

    def __init__(self, r, doc: dict) -> None:
        self.table, self.trace, self.doc = r.table, r.trace, doc

    def to_json(self) -> dict:
        return json.loads(json.dumps(self.doc))


def test_a_fame_entry_on_no_card_is_a_difference():
    s = situation("s2.faq.crab.middle-column-returns")
    r = s.run()
    doc = r.to_json()
    doc["players"][0]["fame"]["cards"].append(
        {"id": "crab", "row": 0, "col": 1, "stack": 1, "fame": 5, "base": 5, "bonus": 0}
    )
    assert differences(
        {"fame_grid": {"Ann": [[0, 1, 0], [0, 0, 0]]}}, _Edited(r, doc), s.players
    ) == [
        "Ann fame_grid: fame entries for no card of the grid: [{'id': 'crab', 'row': 0, 'col': 1, "
        "'stack': 1, 'fame': 5, 'base': 5, 'bonus': 0}]"
    ]


def test_a_shuffled_toon_deck_is_compared_in_any_order():
    """`toon_deck_cards`: the toon deck's cards whatever their order (after a Pig goes into it and
    it is shuffled, S1 FAQ Pig), for situations whose order no rulebook can give."""
    s = situation("s2.faq.crab.middle-column-returns")
    r = s.run()
    doc = r.to_json()
    doc["toon_deck"] = ["goat", "pig", "sheep"]
    shuffled = _Edited(r, doc)
    assert differences({"toon_deck_cards": ["pig", "sheep", "goat"]}, shuffled, s.players) == []
    assert differences({"toon_deck_cards": ["pig", "goat"]}, shuffled, s.players) == [
        'toon_deck_cards: expected ["goat", "pig"] in any order, got ["goat", "pig", "sheep"]'
    ]
