"""Links that open the explorer on a situation at a step: what they hold and
how a damaged one is refused, in one line, as a bad file is."""

from __future__ import annotations

import base64
import json
import zlib

import pytest

from fliptoons_explore.jsonio import ScenarioError
from fliptoons_explore.limits import MAX_SCENARIO_BYTES
from fliptoons_explore.links import Link

SCENARIO = {
    "season": "s1",
    "players": [{"name": "Zoë", "deck": ["bee", "cow"], "choices": [None]}],
    "rulings": {"cow_copies": "total"},
}


def test_a_link_keeps_the_situation_the_step_and_how_it_is_played():
    link = Link(SCENARIO, 12, "round")
    fragment = link.fragment()
    assert fragment.startswith("s=") and fragment.endswith("&step=12&play=round")
    assert Link.from_fragment(fragment) == link
    assert Link.from_fragment("http://127.0.0.1:8866/#" + fragment) == link  # a whole URL reads too
    assert Link(SCENARIO).fragment().count("&") == 0  # defaults are left out
    assert (
        Link(SCENARIO).url("http://127.0.0.1:9000/voila/#old")
        == "http://127.0.0.1:9000/voila/#" + Link(SCENARIO).fragment()
    )


def _packed(data: bytes) -> str:
    return base64.urlsafe_b64encode(zlib.compress(data)).decode().rstrip("=")


@pytest.mark.parametrize(
    "fragment, message",
    [
        ("step=3", "link: no situation in it (expected '#s=...')"),
        ("s=%%%", "link: the situation is damaged or cut short (not URL-safe base64)"),
        (
            "s=" + _packed(b'{"players": [{"name": "Ann"}]}')[:-4],
            "link: the situation is cut short: was the link copied whole?",
        ),
        ("s=" + _packed(b'{"players": [{"name": "Ann"}]}')[:-5], "link: the situation is"),
        ("s=" + _packed(b'{"players": [}'), "link: not valid JSON (line 1, column 14"),
        ("s=" + _packed(b"[1, 2]"), "link: the situation is not a JSON object"),
        (
            "s=" + _packed(b'{"players": [{"deck": ["crab"]}]}') + "&step=-2",
            "link: step: expected a whole number from -1, got '-2'",
        ),
        (
            "s=" + _packed(b'{"players": [{"deck": ["crab"]}]}') + "&play=all",
            "link: play: expected resolve, round or game, got 'all'",
        ),
        (
            "s=" + _packed(b'{"players": [{"deck": ["crab"]}]}') + "&who=me",
            "link: unknown part 'who' (expected s, step, play)",
        ),
        (
            "s=" + _packed(b" " * (MAX_SCENARIO_BYTES + 10)),
            f"link: the situation is more than {MAX_SCENARIO_BYTES:,} bytes",
        ),
    ],
)
def test_a_damaged_link_is_one_line(fragment, message):
    with pytest.raises(ScenarioError) as e:
        Link.from_fragment(fragment)
    assert str(e.value).startswith(message) and "\n" not in str(e.value)


def test_what_a_link_holds_goes_through_the_scenario_limits():
    """A key given twice is refused as in a file (jsonio.parse_scenario_text)."""
    with pytest.raises(ScenarioError, match="players.*twice"):
        Link.from_fragment(
            "s=" + _packed(json.dumps({"players": []}).encode()[:-1] + b', "players": []}')
        )
