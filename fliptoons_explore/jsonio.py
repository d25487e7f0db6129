"""Scenario files (docs/scenarios.md): read and check a scenario, build a `Table` from it, and write
a resolved table as the JSON document of docs/scenarios.md.

This is the one validation layer every door goes through: a file or standard input
(`read_scenario`), JSON text from the explorer (`parse_scenario_text`), a dict from the Python API
(`check`, and `load`, which every resolving function calls). Every mistake raises `ScenarioError`
with one line naming the field (as a path, `players[0].deck[3]`), the value (quoted safely:
`limits.quote`) and what was expected; the limits of `fliptoons_explore.limits` (docs/limits.md)
hold at every door; nothing is built from a bad scenario.

    >>> from fliptoons_explore.fliptoons.scenario import parse_scenario_text, check
    >>> check(parse_scenario_text('{"players": [{"deck": ["crab"]}]}'))
"""

from __future__ import annotations

import json
import math
import re
import sys

from .limits import (
    MAX_DEPTH,
    MAX_INTEGER_DIGITS,
    MAX_SCENARIO_BYTES,
    MAX_STRING_LENGTH,
    MAX_VALUES,
    quote,
    unsafe_character,
)

LIMITS = "docs/limits.md"


class ScenarioError(ValueError):
    """A scenario that cannot be resolved; the message is one line: field, value, expectation."""


# -- reading JSON text with the limits ---------------------------------------------------------


def read_scenario(path: str) -> dict:
    """The JSON of a scenario file, or of standard input when `path` is "-" (checked as
    `parse_scenario_text` does); ScenarioError (one line, naming the file) if it cannot be read."""
    source = "standard input" if path == "-" else _file_name(path)
    try:
        if path == "-":
            stream = getattr(sys.stdin, "buffer", sys.stdin)
            data = stream.read(MAX_SCENARIO_BYTES + 1)
        else:
            with open(path, "rb") as f:
                data = f.read(MAX_SCENARIO_BYTES + 1)
    except OSError as e:
        raise ScenarioError(
            f"{source}: cannot read the file ({e.strerror or type(e).__name__})"
        ) from None
    return parse_scenario_text(data, source)


def parse_scenario_text(
    text, source: str = "<text>"
) -> dict | list | str | int | float | bool | None:
    """Parse scenario JSON (a str, or UTF-8 bytes as a file upload gives them) within the limits:
    at most `MAX_SCENARIO_BYTES`, valid JSON, no key twice in an object, and every value within the
    limits of `check_json`. Returns the parsed data, to be checked as a scenario by `check` (or
    `load`); ScenarioError (one line, starting with `source`) otherwise."""
    where = _file_name(source)
    too_big = (
        f"{where}: more than {MAX_SCENARIO_BYTES:,} bytes (the limit for a scenario, {LIMITS})"
    )
    if isinstance(text, (bytes, bytearray)):
        if len(text) > MAX_SCENARIO_BYTES:
            raise ScenarioError(too_big)
        try:
            text = bytes(text).decode("utf-8-sig")
        except UnicodeDecodeError:
            raise ScenarioError(f"{where}: not a UTF-8 text file") from None
    elif isinstance(text, str):
        if (
            len(text) > MAX_SCENARIO_BYTES
            or len(text.encode("utf-8", "surrogatepass")) > MAX_SCENARIO_BYTES
        ):
            raise ScenarioError(too_big)
        text = text.removeprefix("\ufeff")
    else:
        raise ScenarioError(
            f"{where}: expected JSON text (a str or UTF-8 bytes), got {quote(text)}"
        )
    try:
        data = json.loads(
            text,
            object_pairs_hook=_object,
            parse_int=_integer,
            parse_float=_number,
            parse_constant=_NotJson,
        )
    except json.JSONDecodeError as e:
        raise ScenarioError(
            f"{where}: not valid JSON (line {e.lineno}, column {e.colno}: {e.msg})"
        ) from None
    except RecursionError:
        raise ScenarioError(
            f"{where}: nested more than {MAX_DEPTH} levels deep (the limit, {LIMITS})"
        ) from None
    check_json(data)
    return data


def parse_json_value(text: str, where: str):
    """One JSON value (a command-line argument's), within the same limits; ScenarioError if it is
    JSON over a limit, ValueError if it is not JSON at all."""
    try:
        value = json.loads(
            text,
            object_pairs_hook=_object,
            parse_int=_integer,
            parse_float=_number,
            parse_constant=_NotJson,
        )
    except RecursionError:
        raise ScenarioError(
            f"{where}: nested more than {MAX_DEPTH} levels deep (the limit, {LIMITS})"
        ) from None
    check_json(value, where)
    return value


def _file_name(path: str) -> str:
    """A file name as a message shows it: as is when it is plain printable ASCII, else quoted."""
    return path if quote(path, limit=200)[1:-1] == path else quote(path, limit=200)


class _Object(dict):
    """A JSON object in which a key was given twice (`duplicate`): refused by `check_json`."""

    __slots__ = ("duplicate",)


def _object(pairs):
    obj = dict(pairs)
    if len(obj) != len(pairs):
        seen = set()
        dup = next(k for k, _ in pairs if k in seen or seen.add(k))
        obj = _Object(obj)
        obj.duplicate = dup
    return obj


class _NotJson:
    """A number the parser read but the limits refuse (`text`: as written); `check_json` says
    where."""

    __slots__ = ("text",)

    def __init__(self, text: str) -> None:
        self.text = text


def _integer(text: str):
    if len(text) - text.startswith("-") > MAX_INTEGER_DIGITS:
        return _NotJson(text)
    return int(text)


def _number(text: str):
    value = float(text)
    return value if math.isfinite(value) else _NotJson(text)


def check_json(data, where: str = "scenario") -> None:
    """Check that `data` is JSON data within the limits: only objects with string keys, lists,
    strings, finite numbers, true/false and null; at most `MAX_VALUES` values, `MAX_DEPTH` levels,
    `MAX_STRING_LENGTH` characters a string (plain text: no control character, line separator or
    lone surrogate), `MAX_INTEGER_DIGITS` digits an integer; no key twice in an object.
    ScenarioError (one line, naming the path) otherwise. A cycle of Python objects is caught by
    the depth limit."""
    if not _within_limits(data):
        _walk(data, where, 0, [MAX_VALUES])  # finds the first thing wrong and names its path


_BIGGEST = 10**MAX_INTEGER_DIGITS


def _within_limits(data) -> bool:
    """Whether `data` is plain JSON data within the limits, in one pass that builds no path:
    True for any scenario `_walk` passes; False sends it to `_walk`, which says what is wrong
    (or, for data that is merely unusual, such as a subclass of str, passes it)."""
    budget = MAX_VALUES - 1  # the top value counts too
    texts = []
    todo = [(data, 0)]
    pop, push, text = todo.pop, todo.append, texts.append
    while todo:
        value, depth = pop()
        kind = type(value)
        if kind is str:
            text(value)
        elif kind is list or kind is dict:
            depth += 1  # its items' depth
            if depth > MAX_DEPTH and value:
                return False
            if kind is dict:
                for key in value:
                    if type(key) is not str:
                        return False
                    text(key)
                items = value.values()
            else:
                items = value
            budget -= len(value)
            if budget < 0:
                return False
            for item in items:
                if type(item) is str:
                    text(item)
                else:
                    push((item, depth))
        elif kind is int:
            if not -_BIGGEST < value < _BIGGEST:
                return False
        elif kind is float:
            if not math.isfinite(value):
                return False
        elif value is not None and kind is not bool:
            return False
    if not texts:
        return True
    return (
        len(max(texts, key=len)) <= MAX_STRING_LENGTH and unsafe_character(" ".join(texts)) is None
    )


def _walk(value, where: str, depth: int, budget: list) -> None:
    budget[0] -= 1
    if budget[0] < 0:
        raise ScenarioError(
            f"{where}: the scenario holds more than {MAX_VALUES:,} JSON values "
            f"(the limit, {LIMITS})"
        )
    if depth > MAX_DEPTH:
        raise ScenarioError(
            f"{where}: nested more than {MAX_DEPTH} levels deep (the limit, {LIMITS})"
        )
    if isinstance(value, str):
        _check_text(value, where)
    elif isinstance(value, dict):
        if type(value) is _Object:
            raise ScenarioError(
                f"{field(where, value.duplicate)}: the key {quote(value.duplicate)} "
                f"is given twice in {where} (each key once)"
            )
        for key, item in value.items():
            if not isinstance(key, str):
                raise ScenarioError(
                    f"{where}: the key {quote(key)} is not a string (JSON keys are strings)"
                )
            _check_text(key, field(where, key))
            _walk(item, field(where, key), depth + 1, budget)
    elif isinstance(value, list):
        for i, item in enumerate(value):
            _walk(item, f"{where}[{i}]", depth + 1, budget)
    elif value is None or isinstance(value, bool):
        pass
    elif isinstance(value, int):
        if abs(value) >= 10**MAX_INTEGER_DIGITS:
            raise ScenarioError(
                f"{where}: {quote(value)} (at most {MAX_INTEGER_DIGITS} digits, {LIMITS})"
            )
    elif isinstance(value, float):
        if not math.isfinite(value):
            raise ScenarioError(f"{where}: {quote(value)} is not a JSON number")
    elif isinstance(value, _NotJson):
        text = value.text
        if text in ("NaN", "Infinity", "-Infinity"):
            raise ScenarioError(
                f"{where}: {text} is not JSON (expected a number, a string, true, false or null)"
            )
        if "." in text or "e" in text.lower():
            raise ScenarioError(f"{where}: the number {quote(text, 20)} is too large")
        digits = len(text) - text.startswith("-")
        raise ScenarioError(
            f"{where}: a number of {digits:,} digits (at most {MAX_INTEGER_DIGITS}, {LIMITS})"
        )
    else:
        raise ScenarioError(
            f"{where}: expected JSON data (an object, a list, a string, a number, "
            f"true/false or null), got {quote(value)}"
        )


def _check_text(text: str, where: str) -> None:
    if len(text) > MAX_STRING_LENGTH:
        raise ScenarioError(
            f"{where}: a string of {len(text):,} characters (at most {MAX_STRING_LENGTH}, {LIMITS})"
        )
    bad = unsafe_character(text)
    if bad is not None:
        what = (
            "a lone surrogate"
            if "\ud800" <= bad <= "\udfff"
            else "a line separator"
            if bad in "\u2028\u2029"
            else "a control character"
        )
        raise ScenarioError(
            f"{where}: {quote(text)} holds {what}, {quote(bad)} (expected plain text)"
        )


_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")


def field(where: str, key: str) -> str:
    """The path of an object's field: `players[0].deck`, `rulings["a b"]`; `where` "scenario"
    is the top."""
    part = f".{key}" if isinstance(key, str) and _NAME.match(key) else f"[{quote(key)}]"
    if where == "scenario":
        return part[1:] if part[0] == "." else "scenario" + part
    return where + part


# -- checking a scenario's fields ---------------------------------------------------------------


def type_name(value) -> str:
    return {
        dict: "an object",
        list: "a list",
        str: "a string",
        bool: "true/false",
        int: "a number",
        float: "a number",
        type(None): "null",
    }.get(type(value), f"a Python {type(value).__name__}")


def expect(value, kind, where: str, what: str):
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        got = type_name(value)
        if kind is int and isinstance(value, float):
            got = f"{quote(value)}, not a whole number"
        raise ScenarioError(f"{where}: expected {what}, got {got}")
    return value


def known_fields(obj: dict, allowed, where: str) -> None:
    for key in obj:
        if key not in allowed:
            raise ScenarioError(
                f"{field(where, key)}: unknown field (expected one of: {', '.join(allowed)})"
            )


def closest(text: str, among: list[str]) -> list[str]:
    import difflib

    by_lower = {a.lower(): a for a in among}
    return [
        by_lower[m]
        for m in difflib.get_close_matches(text.lower(), list(by_lower), n=3, cutoff=0.6)
    ]
