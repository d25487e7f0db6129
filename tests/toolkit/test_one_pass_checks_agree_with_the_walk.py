"""The lean paths of loading accept exactly what the careful ones accept: the
one-pass JSON check passes only what the walk that names a wrong field passes, at every limit
(docs/limits.md), and a scenario's table is the same however its cards are checked."""

from __future__ import annotations

import pytest

from fliptoons_explore import jsonio, resolve
from fliptoons_explore.fliptoons.cards import CATALOG, cards_of, ids_of, owned_copies
from fliptoons_explore.fliptoons.scenario import load
from fliptoons_explore.jsonio import ScenarioError
from fliptoons_explore.limits import MAX_DEPTH, MAX_STRING_LENGTH, MAX_VALUES


def _nested(levels: int):
    value: list = []
    for _ in range(levels - 1):
        value = [value]
    return value


class _Key(str):
    pass


#: (data, whether the careful walk passes it): each on either side of a limit.
CASES = [
    ({"players": [{"deck": ["crab"] * 10}]}, True),
    (list(range(MAX_VALUES - 1)), True),  # the list itself is a value too
    (list(range(MAX_VALUES)), False),
    ({"a": list(range(MAX_VALUES - 2))}, True),
    ({"a": list(range(MAX_VALUES - 1))}, False),
    (_nested(MAX_DEPTH + 1), True),  # MAX_DEPTH levels below the top
    (_nested(MAX_DEPTH + 2), False),
    ([[[["x"] * 3]]] * 2, True),
    ("x" * MAX_STRING_LENGTH, True),
    (["x" * (MAX_STRING_LENGTH + 1)], False),
    ({"k" * (MAX_STRING_LENGTH + 1): 1}, False),
    (["a", "b\nc"], False),
    (["a\u2028"], False),
    (["\ud800", "x"], False),
    ({"a": "\x7f"}, False),
    ([10**20 - 1, -(10**20) + 1], True),
    ([10**20], False),
    ([-(10**20)], False),
    ([1.5, float("inf")], False),
    ([float("nan")], False),
    ([True, False, None, 0.25], True),
    ({1: "a"}, False),
    ({_Key("a"): 1}, True),  # unusual but plain: the walk decides
    ([(1, 2)], False),
    ([object()], False),
]


@pytest.mark.parametrize("data, passes", CASES, ids=range(len(CASES)))
def test_the_one_pass_check_passes_only_what_the_walk_passes(data, passes):
    try:
        jsonio._walk(data, "scenario", 0, [MAX_VALUES])
        walked = True
    except ScenarioError:
        walked = False
    assert walked is passes
    fast = jsonio._within_limits(data)
    assert not fast or walked  # never passes what the walk refuses
    if passes and type(data) in (list, dict, str) and not isinstance(next(iter(data), ""), _Key):
        assert fast  # and the plain cases take the one pass


def test_a_cycle_is_refused_by_the_depth_limit():
    data: list = []
    data.append(data)
    assert jsonio._within_limits(data) is False
    with pytest.raises(ScenarioError, match="nested more than 20 levels deep"):
        jsonio.check_json(data)


def test_a_season_s_cards_are_read_once():
    for season in ("s1", "s2", "combined"):
        assert ids_of(season) == {c.id for c in cards_of(season)}
        assert cards_of(season) is not cards_of(season)  # a list of one's own
    crab = CATALOG["crab"]
    assert (crab.season, crab.starting, crab.promo) == ("s2", False, False)
    assert (CATALOG["mosquito"].season, CATALOG["mosquito"].starting) == ("s2", True)
    assert owned_copies("mosquito", "s2") == 12 and owned_copies("crab", "s1") == 0


def test_a_list_checked_at_once_names_its_first_wrong_card():
    with pytest.raises(ScenarioError, match=r'^players\[0\]\.deck\[2\]: unknown card id "crbb"'):
        load({"players": [{"deck": ["crab", "rat", "crbb", 7]}]})
    with pytest.raises(ScenarioError, match=r"^toon_deck\[1\]: expected a card id, got a number"):
        load({"players": [{"deck": ["crab"]}], "toon_deck": ["rat", 7]})


def test_copy_notes_count_every_card_of_the_scenario():
    table, _ = load(
        {
            "players": [{"deck": ["capybara"] * 2, "dismissed": ["capybara"]}],
            "market": ["capybara"],
            "toon_deck": ["capybara", "rat"],
        }
    )
    assert table.notes == ['5 copies of "capybara": a "s2" game has 2']
    r = resolve({"players": [{"deck": ["rat", "crab"]}], "rulings": {}})
    # the shared default
    assert r.table.rulings is load({"players": [{"deck": ["rat"]}]})[0].rulings
