"""Ruling options: named switches for the readings the rulebooks leave open (docs/engine.md, Ruling
options).

Each game keeps its own options (`fliptoons_explore.fliptoons.rulings`,
`fliptoons_explore.flipology.rulings`): a `RulingOption` per reading, with its default (the most
literal reading of the rulebook), the alternatives a table might play, the question in plain
words and why the default is the default; and a frozen dataclass of the options in force, made
from `RulingSet`, whose fields are the options' defaults. `Rulings.from_dict({...})` checks
names and values. The trace cites `ruling.<name>` wherever an option decided something.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, fields, replace
from functools import lru_cache
from typing import ClassVar


@dataclass(frozen=True)
class RulingOption:
    name: str
    default: object
    choices: tuple
    question: str
    why_default: str


@lru_cache(maxsize=4096)
def _variant(rulings: RulingSet, name: str, value) -> RulingSet:
    return replace(rulings, **{name: value})


def options_table(*options: RulingOption) -> dict[str, RulingOption]:
    """{name: option}, refusing a name given twice."""
    table: dict[str, RulingOption] = {}
    for option in options:
        if option.name in table:
            raise ValueError(f"ruling option {option.name!r} is defined twice")
        if not allowed(option.default, option.choices):
            raise ValueError(
                f"ruling option {option.name!r}: its default is not one of its choices"
            )
        table[option.name] = option
    return table


class RulingSet:
    """The base of a game's frozen dataclass of ruling options in force (`OPTIONS`: the game's
    options by name; the dataclass's fields and their defaults must match them)."""

    OPTIONS: ClassVar[dict[str, RulingOption]] = {}

    def __post_init__(self) -> None:
        """Every value must be one of its option's choices: `Rulings(cow_copies='sum')` is a
        ValueError naming the option, whoever builds the rulings."""
        for name, option in self.OPTIONS.items():
            value = getattr(self, name)
            if not allowed(value, option.choices):
                refuse(option, value)

    @classmethod
    def from_dict(cls, values: dict):
        """Rulings from {name: value}; ValueError (one line) naming a wrong name or value."""
        from .limits import quote

        if not isinstance(values, dict):
            raise ValueError(f"rulings: expected an object {{name: value}}, got {quote(values)}")
        for name, value in values.items():
            if name not in cls.OPTIONS:
                raise ValueError(
                    f"unknown ruling option {quote(name)} (known: {', '.join(cls.OPTIONS)})"
                )
            if not allowed(value, cls.OPTIONS[name].choices):
                refuse(cls.OPTIONS[name], value)
        return replace(cls(), **values)

    def but(self, name: str, value):
        """These rulings with option `name` set to `value`: what the other reading would do, asked
        wherever the engine says which rulings decided something. Made once per ruling set and
        value (a table's rulings ask for the same few again and again)."""
        return _variant(self, name, value)

    @classmethod
    def from_scenario(cls, value, where: str = "rulings"):
        """The rulings a scenario's `rulings` field names, each option checked once;
        `ScenarioError` (one line, naming the field) for a wrong name or value."""
        from .jsonio import ScenarioError, expect, field
        from .limits import quote

        values = expect(value, dict, where, "an object")
        for name, v in values.items():
            option = cls.OPTIONS.get(name)
            if option is None:
                raise ScenarioError(
                    f"{field(where, name)}: unknown ruling option (known: {', '.join(cls.OPTIONS)})"
                )
            if not allowed(v, option.choices):
                raise ScenarioError(
                    f"{field(where, name)}: expected one of "
                    f"{', '.join(map(show, option.choices))}, got {quote(v)}"
                )
        return replace(cls(), **values)

    def changed(self) -> dict:
        """The options that differ from the defaults."""
        return {
            f.name: getattr(self, f.name)
            for f in fields(self)
            if getattr(self, f.name) != f.default
        }

    @classmethod
    def check_fields(cls) -> None:
        """The dataclass's fields are the options, with their defaults (checked at import)."""
        have = {f.name: f.default for f in fields(cls)}
        want = {n: o.default for n, o in cls.OPTIONS.items()}
        if have != want:
            raise AssertionError(
                f"{cls.__qualname__}: fields {have} do not match the options {want}"
            )


def cite(*rulings: str | None) -> str | None:
    """What an event cites beside its rule for these deciding ruling options (`ruling.<name>`
    ids, None for none): those given, joined by '; ', or None."""
    given = [r for r in rulings if r]
    return "; ".join(dict.fromkeys(given)) or None


def show(value: object) -> str:
    return json.dumps(value)


def allowed(value, choices: tuple) -> bool:
    """One of the choices, of the same type (true is not 1, "true" is not true)."""
    return any(value == c and type(value) is type(c) for c in choices)


def refuse(option: RulingOption, value) -> None:
    from .limits import quote

    raise ValueError(
        f"ruling {option.name} must be one of {', '.join(map(show, option.choices))}, "
        f"got {quote(value)}"
    )
