"""The limits on what the engine accepts (docs/limits.md), and how messages quote what a user gave.

Every door (a scenario file, standard input, JSON text from the explorer, a dict from the Python
API, the command line's arguments) is held to the same limits; going over one is a one-line
`ScenarioError` naming the field. The limits are far above any real game (a whole combined game
holds about 160 cards) and keep the work of one request well under a second.

User text goes into messages through `quote`: JSON-quoted, every character outside printable
ASCII escaped, so a newline, a terminal control code or a lone surrogate cannot break the message
over two lines or fail to print; long text is shortened.
"""

from __future__ import annotations

import json
import re

#: Bytes of UTF-8 in a scenario file, on standard input, or in scenario JSON text.
MAX_SCENARIO_BYTES = 1_000_000
#: Cards in one scenario: decks, grids, dismissed piles, the market and the toon deck together.
MAX_CARDS = 1_500
#: JSON values (objects, lists, strings, numbers...) in one scenario, all levels counted.
MAX_VALUES = 100_000
#: Levels of nesting: a grid's card object is at level 7 (scenario, players, player, grid, row,
#: cell, card).
MAX_DEPTH = 20
#: Characters in any string (a name, a card id, an object key, a ruling value).
MAX_STRING_LENGTH = 200
#: Digits in any integer (a 64-bit number has at most 20).
MAX_INTEGER_DIGITS = 20
#: Cards one player's Flip may reveal before it ends (rule `engine.flip.reveal-limit`). A deck of
#: 1,001 Monkeys reveals each card once, 997 Crabs and a Mosquito about 1,000; no deck of
#: `MAX_CARDS` cards is known to need as many (docs/limits.md).
MAX_REVEALS = 10_000
#: Games in one `fliptoons-explore play`.
MAX_GAMES = 100_000

_QUOTE_LENGTH = 60  # characters of a string shown in a message before it is shortened


def quote(value, limit: int = _QUOTE_LENGTH) -> str:
    """A value as a message shows it: a string JSON-quoted with everything outside printable ASCII
    escaped (`"a\\nb"`, `"\\ud800"`), shortened past `limit` characters; a number, true, false or
    null as JSON; a list or an object as a short preview (`["crab", ...]`)."""
    return _preview(value, limit, 0)


def _preview(value, limit: int, depth: int) -> str:
    if isinstance(value, str):
        if len(value) <= limit:
            return json.dumps(value, ensure_ascii=True)
        return (
            json.dumps(value[:limit], ensure_ascii=True)[:-1] + f'..." ({len(value):,} characters)'
        )
    if value is None or isinstance(value, bool):
        return json.dumps(value)
    if isinstance(value, int):
        if abs(value) >= 10**MAX_INTEGER_DIGITS:
            return f"a number of about {int(value.bit_length() * 0.30103) + 1:,} digits"
        return str(int(value))
    if isinstance(value, float):
        return json.dumps(value)
    if isinstance(value, dict):
        if depth >= 2 or len(value) > 3:
            return "{...}" if value else "{}"
        return (
            "{"
            + ", ".join(
                f"{_preview(k, 20, 2)}: {_preview(v, 20, depth + 1)}" for k, v in value.items()
            )
            + "}"
        )
    if isinstance(value, list):
        if depth >= 2 or len(value) > 3:
            return "[...]" if value else "[]"
        return "[" + ", ".join(_preview(v, 20, depth + 1) for v in value) + "]"
    return f"a Python {type(value).__name__}"


_UNSAFE = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff]")


def one_line(text: str) -> str:
    """`text` with control characters, line separators and lone surrogates escaped (`\\n`,
    `\\u001b`), so it prints as one line in any terminal encoding."""
    return _UNSAFE.sub(lambda m: json.dumps(m.group(), ensure_ascii=True)[1:-1], text)


def unsafe_character(text: str) -> str | None:
    """The first control character, line separator or lone surrogate in `text`, or None."""
    m = _UNSAFE.search(text)
    return m.group() if m else None
