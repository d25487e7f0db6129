"""Links that open the explorer on a situation at a step: the scenario, compressed, and the step
in a URL's fragment, so that a link pasted in a forum thread opens the same view.

    >>> from fliptoons_explore.links import Link
    >>> link = Link({"players": [{"name": "Ann", "deck": ["gorilla", "coyote"]}]}, step=4)
    >>> text = link.fragment()
    >>> text[:2], Link.from_fragment(text) == link
    ('s=', True)

A fragment reads `s=<the scenario>&step=<N>&play=<resolve|round|game>`: the scenario's JSON
(compact) compressed with zlib and written in URL-safe base64 without padding; `step` (default -1:
before the first event) and `play` (default `resolve`) only when they differ from their defaults.
The fragment never reaches the server (browsers keep it to themselves), so a link of any length
works behind any proxy; the page hands it to the explorer.

Reading a link is a door like a scenario file: a damaged link is a `ScenarioError` of one line
("link: ..."), and the scenario inside goes through the same limits (`jsonio.parse_scenario_text`)
before the game checks it. Pure Python, no game imported.
"""

from __future__ import annotations

import base64
import binascii
import json
import re
import zlib
from dataclasses import dataclass, field
from urllib.parse import parse_qsl, urlencode

from .jsonio import ScenarioError, parse_scenario_text
from .limits import MAX_SCENARIO_BYTES

PLAYS = ("resolve", "round", "game")
#: The longest fragment read (characters): a scenario at its size limit compresses far below.
MAX_FRAGMENT = 2 * MAX_SCENARIO_BYTES
_STEP = re.compile(r"-?[0-9]{1,7}")
_BASE64 = re.compile(r"[A-Za-z0-9_-]*={0,2}")


@dataclass(frozen=True)
class Link:
    """A situation (a scenario dict), the step the explorer stands at (-1: before the first
    event) and how it is played (`resolve`: Flip + Check Fame; `round`: + the Market; `game`:
    on to the end of the game)."""

    scenario: dict = field(compare=True)
    step: int = -1
    play: str = "resolve"

    def fragment(self) -> str:
        """The URL fragment (without the '#'), e.g. 's=eJyr...&step=12'."""
        data = json.dumps(self.scenario, separators=(",", ":"), ensure_ascii=False).encode("utf-8")
        packed = base64.urlsafe_b64encode(zlib.compress(data, 9)).decode("ascii").rstrip("=")
        fields = {"s": packed}
        if self.step != -1:
            fields["step"] = str(self.step)
        if self.play != "resolve":
            fields["play"] = self.play
        return urlencode(fields, safe="")

    def url(self, base: str) -> str:
        """The whole link: `base` (the app's address, e.g. 'http://127.0.0.1:8866/') + '#' +
        fragment."""
        return base.split("#", 1)[0] + "#" + self.fragment()

    @classmethod
    def from_fragment(cls, text: str) -> Link:
        """Read a fragment (with or without its '#', or a whole URL holding one); ScenarioError
        (one line, 'link: ...') when it is not one of these links or is damaged."""
        if not isinstance(text, str):
            raise ScenarioError("link: expected text")
        text = text.split("#", 1)[1] if "#" in text else text
        if len(text) > MAX_FRAGMENT:
            raise ScenarioError(f"link: more than {MAX_FRAGMENT:,} characters")
        fields = dict(parse_qsl(text, keep_blank_values=True))
        if "s" not in fields:
            raise ScenarioError("link: no situation in it (expected '#s=...')")
        unknown = sorted(set(fields) - {"s", "step", "play"})
        if unknown:
            raise ScenarioError(f"link: unknown part {unknown[0]!r} (expected s, step, play)")
        scenario = parse_scenario_text(_unpack(fields["s"]), "link")
        if not isinstance(scenario, dict):
            raise ScenarioError("link: the situation is not a JSON object")
        step = fields.get("step", "-1")
        if not _STEP.fullmatch(step) or int(step) < -1:
            raise ScenarioError(f"link: step: expected a whole number from -1, got {step[:20]!r}")
        play = fields.get("play", "resolve")
        if play not in PLAYS:
            raise ScenarioError(f"link: play: expected resolve, round or game, got {play[:20]!r}")
        return cls(scenario, int(step), play)


def _unpack(packed: str) -> bytes:
    """The scenario's JSON bytes from the fragment's `s`: base64 (URL-safe, padding optional),
    zlib, never more than the scenario size limit once unpacked."""
    if not _BASE64.fullmatch(packed):
        raise ScenarioError("link: the situation is damaged or cut short (not URL-safe base64)")
    try:
        raw = base64.urlsafe_b64decode(packed + "=" * (-len(packed) % 4))
    except (binascii.Error, ValueError):
        raise ScenarioError(
            "link: the situation is damaged or cut short (not URL-safe base64)"
        ) from None
    unpack = zlib.decompressobj()
    try:
        data = unpack.decompress(raw, MAX_SCENARIO_BYTES + 1)
    except zlib.error:
        raise ScenarioError("link: the situation is damaged or cut short (not zlib data)") from None
    if len(data) > MAX_SCENARIO_BYTES or unpack.unconsumed_tail:
        raise ScenarioError(f"link: the situation is more than {MAX_SCENARIO_BYTES:,} bytes")
    if not unpack.eof:
        raise ScenarioError("link: the situation is cut short: was the link copied whole?")
    return data
