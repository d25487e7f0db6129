"""The situation library: every FAQ entry and Key Concept of the FlipToons rulebooks, every rule
and clarification of the Flipology rulebook, and their worked examples, as named situations that
the tests, the notebooks and the explorer all load.

A situation is a scenario (docs/scenarios.md) built on purpose, the rule ids it illustrates, a
one-line title, a short explanation in plain words, how it is played (`resolve`: FlipToons' Flip
+ Check Fame, a Flipology scenario's turns and count; `round`: the round; `game`: on to the end
of the game) and its expected outcome, written from the rulebooks (not from the engine). The
library is package data, one JSON file per season and kind (`library/s2-faq.json`, ...);
`library/README.md` describes the fields.

The library reads every game alike, through its contract (`games.GameContract`): which fields of
an expected outcome are the game's own and what values they may hold (`expect_fields`,
`check_expected`), how an outcome differs from them (`expected_differences`, built on
`outcome_fields`), a situation's season (`season_of`) and its cards (`cards_in`). The trace's
fields (`events`, `no_events`, `order`, `cites`) are read here, for every game.

    >>> from fliptoons_explore import situation, situations
    >>> s = situation('s2.faq.crab.middle-column-returns')
    >>> s.title
    'A Crab placed in the middle column is returned to the bottom of the deck'
    >>> s.check()   # the engine's outcome against the expected one: [] when they agree
    []
    >>> len(situations(rule='s2.faq.crab')) > 1
    True
"""

from __future__ import annotations

import difflib
import json
import re
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

from ..games import GAMES, contract_of, play_scenario
from ..resolution import Resolution
from ..rules import RULES

__all__ = [
    "Situation",
    "SituationError",
    "LibraryError",
    "situations",
    "situation",
    "library_files",
    "file_about",
    "NOT_ILLUSTRATED",
    "differences",
]

PLAYS = ("resolve", "round", "game")
FIELDS = ("name", "title", "rules", "play", "explain", "scenario", "expect")
#: The expected-outcome fields about the trace, every game's; the others are its game's own
#: (`GameContract.expect_fields`).
TRACE_FIELDS = ("events", "no_events", "order", "cites")
PATTERN_FIELDS = (
    "event",
    "card",
    "player",
    "phase",
    "rule",
    "ruling",
    "pos",
    "target",
    "value",
    "count",
)
NAME = re.compile(r"^(s1|s2|jp|fl)\.[a-z0-9_-]+(\.[a-z0-9_-]+)+$")

#: Rule ids of kind `.faq.` / `.key.` and Flipology rules (`fl.*`) that no situation illustrates,
#: and why. No FlipToons rule now: the information rules (dismissed piles, one's own deck, counting
#: decks) have situations in which what a player may know decides what they can work out or
#: choose. The Flipology rules that happen before a scenario's table exists (the deal, the cards
#: left out) or between two of its games, which the tests of whole games cover instead.
NOT_ILLUSTRATED = {
    "fl.components": "the deck's make-up (78 cards and 6 Clearings), not a table in play: "
    "tests/flipology/test_flipology_rules.py::test_the_deck_table_sums_to_78_with_the_known_counts",
    "fl.moon.learning": "a choice made before the deal (leave the Moon out): new_game(moon=False), "
    "tests/flipology/test_flipology_games.py::test_leaving_the_moon_and_the_wolves_out",
    "fl.nature.setup": "the deal (nine cards each, seven kept in a row, two discarded) comes "
    "before a "
    "scenario's table exists: tests/flipology/test_flipology_games.py::test_the_nature_deal",
    "fl.nature.wolves-optional": "a choice made before the deal (leave the two Wolves out): "
    "new_game(wolves=False), tests/flipology/test_flipology_games.py::"
    "test_leaving_the_moon_and_the_wolves_out",
    "fl.tree.setup": "the Great Tree's setup: 2-4 players, the Rain and the Hermit Crabs set aside "
    "(a "
    "scenario naming them is refused): tests/flipology/test_flipology_games.py::"
    "test_the_great_tree_deal_sets_the_rain_and_the_crabs_aside",
    "fl.tree.deal": "the deal of five cards in a row, before a scenario's table exists: "
    "tests/flipology/test_flipology_games.py::test_the_great_tree_deal_sets_the_rain_and_the_crabs_aside",
    "fl.tree.regrowth": "a choice at the deal, before the hand is a row: "
    "tests/flipology/test_flipology_games.py::test_regrowth_once_a_game_from_the_starting_player",
    "fl.tree.starting-player": "happens between two rounds, at the deal of the next row: "
    "tests/flipology/test_flipology_games.py::test_the_highest_score_showing_starts_the_next_round",
    "fl.multi.first": "happens between two games of a match; a scenario is one game with its "
    "first_player: "
    "tests/flipology/test_flipology_games.py::test_the_winner_of_a_game_starts_the_next",
}


class SituationError(KeyError):
    """An unknown situation name; the message names it and suggests the closest names."""

    def __str__(self) -> str:
        return str(self.args[0])


class LibraryError(ValueError):
    """A malformed situation file (which file, which situation, what is wrong)."""


# -- a situation --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Situation:
    """A named situation of the library. `scenario` and `expect` are fresh copies each time."""

    name: str
    title: str
    rules: tuple[str, ...]
    play: str
    explain: str
    season: str
    file: str
    scenario_json: str
    expect_json: str

    @property
    def scenario(self) -> dict:
        """The scenario (docs/scenarios.md), a fresh copy to change at will."""
        return json.loads(self.scenario_json)

    @property
    def expect(self) -> dict:
        """The expected outcome, as written in the library."""
        return json.loads(self.expect_json)

    @property
    def players(self) -> list[str]:
        return [p.get("name", f"Player {i + 1}") for i, p in enumerate(self.scenario["players"])]

    @property
    def game(self) -> str:
        """The name of the game it is of ('fliptoons', 'flipology')."""
        return contract_of(self.scenario).name

    def run(self, record: bool = False, policy=None) -> Resolution:
        """Play the situation as the library says (`resolve`, `round` or `game`); a `Resolution`
        (for a FlipToons round a `RoundResolution`, whose JSON has `fame_left`; for a game a
        `GameResolution`, whose `game` holds the result: `games.play_scenario`). `record` keeps
        every state, for `stepping.Stepper`."""
        return play_scenario(self.scenario, self.play, policy, record)

    def outcome(self, resolution: Resolution | None = None) -> dict:
        """What the situation's play settles, in the terms of its expected outcome (its game's
        `outcome_fields`: `{"fame": {"Ann": 14}, "market": [...], ...}`)."""
        r = self.run() if resolution is None else resolution
        return contract_of(r).outcome_fields(r)

    def check(self, resolution: Resolution | None = None) -> list[str]:
        """Play the situation and compare with the expected outcome: one line per difference,
        [] when the engine gives what the rulebook says."""
        r = self.run() if resolution is None else resolution
        return differences(self.expect, r, self.players)

    def __repr__(self) -> str:
        return f"<Situation {self.name} ({self.play}): {self.title}>"

    @classmethod
    def from_dict(cls, data: dict, file: str = "<dict>") -> Situation:
        """A situation written like a library entry (library/README.md), checked;
        LibraryError names what is wrong. For trying a variation of a library situation."""
        return _situation(data, file, 0)

    def to_dict(self) -> dict:
        """The library entry of this situation (the inverse of `from_dict`)."""
        return {
            "name": self.name,
            "title": self.title,
            "rules": list(self.rules),
            "play": self.play,
            "explain": self.explain,
            "scenario": self.scenario,
            "expect": self.expect,
        }


# -- comparing an outcome with an expectation ---------------------------------------------------


def _matches(event: dict, pattern: dict, players: list[str]) -> bool:
    for key, want in pattern.items():
        if key == "count":
            continue
        if key == "player":
            want = players.index(want) if want in players else want
        if key == "ruling":
            if want not in (event.get("ruling") or "").split("; "):
                return False
        elif event.get(key) != want:
            return False
    return True


def _show(pattern: dict) -> str:
    return "{" + ", ".join(f"{k}: {v}" for k, v in pattern.items()) + "}"


def differences(expect: dict, resolution: Resolution, players: list[str]) -> list[str]:
    """Each way a resolution differs from an expected outcome `expect`: the fields that are its
    game's own first (`GameContract.expected_differences`), then the trace's; `players` are the
    scenario's player names in seat order (a pattern names a player)."""
    out = contract_of(resolution).expected_differences(expect, resolution)
    trace = [e.to_json() for e in resolution.trace or ()]
    for pattern in expect.get("events", []):
        n = sum(1 for e in trace if _matches(e, pattern, players))
        if "count" in pattern and n != pattern["count"]:
            out.append(f"events {_show(pattern)}: {n} in the trace")
        elif n == 0:
            out.append(f"events {_show(pattern)}: none in the trace")
    for pattern in expect.get("no_events", []):
        steps = [e["step"] for e in trace if _matches(e, pattern, players)]
        if steps:
            out.append(f"no_events {_show(pattern)}: found at step {steps[0]}")
    start = 0
    for pattern in expect.get("order", []):
        step = next((e["step"] for e in trace[start:] if _matches(e, pattern, players)), None)
        if step is None:
            out.append(f"order {_show(pattern)}: not found after step {start - 1}")
            break
        start = step + 1
    cited = {e["rule"] for e in trace} | {
        r for e in trace if "ruling" in e for r in e["ruling"].split("; ")
    }
    for rule in expect.get("cites", []):
        if not any(r == rule or r.startswith(rule + ".") for r in cited):
            out.append(f"cites {rule}: no event cites it")
    return out


# -- loading and checking the library -----------------------------------------------------------


def _check_pattern(pattern, where: str, players: list[str]) -> None:
    if not isinstance(pattern, dict) or not pattern:
        raise LibraryError(f"{where}: expected an event pattern (an object)")
    for key, value in pattern.items():
        if key not in PATTERN_FIELDS:
            raise LibraryError(
                f"{where}.{key}: unknown field (expected one of: {', '.join(PATTERN_FIELDS)})"
            )
        if key in ("rule", "ruling") and value not in RULES:
            raise LibraryError(f"{where}.{key}: unknown rule id {value!r}")
        if key == "player" and value not in players:
            raise LibraryError(f"{where}.player: {value!r} is not a player of the scenario")


def _check_expect(expect, where: str, play: str, players: list[str], game) -> None:
    """The trace's fields here; the fields that are the game's own by the game's contract (a
    player's field is an object keyed by their names first)."""
    if not isinstance(expect, dict) or not expect:
        raise LibraryError(f"{where}: expected an object with at least one expected field")
    fields = game.expect_fields
    for key, value in expect.items():
        w = f"{where}.{key}"
        if key in ("events", "no_events", "order"):
            if not isinstance(value, list) or not value:
                raise LibraryError(f"{w}: expected a list of event patterns")
            for k, pattern in enumerate(value):
                _check_pattern(pattern, f"{w}[{k}]", players)
            continue
        if key == "cites":
            for rule in value:
                if rule not in RULES:
                    raise LibraryError(f"{w}: unknown rule id {rule!r}")
            continue
        if key not in fields:
            raise LibraryError(
                f"{w}: unknown field (expected one of: {', '.join((*fields, *TRACE_FIELDS))})"
            )
        if fields[key] == "player":
            if not isinstance(value, dict) or not value:
                raise LibraryError(f"{w}: expected an object keyed by player name")
            for name in value:
                if name not in players:
                    raise LibraryError(f"{w}: {name!r} is not a player of the scenario")
        try:
            game.check_expected(w, key, value, play, players)
        except ValueError as e:
            raise LibraryError(str(e)) from None


def _situation(data, file: str, k: int) -> Situation:
    where = f"{file}: situations[{k}]"
    if not isinstance(data, dict):
        raise LibraryError(f"{where}: expected an object")
    name = data.get("name")
    if isinstance(name, str):
        where = f"{file}: {name}"
    for key in data:
        if key not in FIELDS:
            raise LibraryError(
                f"{where}.{key}: unknown field (expected one of: {', '.join(FIELDS)})"
            )
    for key in FIELDS:
        if key not in data:
            raise LibraryError(f"{where}: missing field {key!r}")
    if not isinstance(name, str) or not NAME.match(name):
        raise LibraryError(
            f"{where}: a name is lowercase words joined by dots, starting with "
            "its source (s1., s2., jp., fl.)"
        )
    for key in ("title", "explain"):
        if not isinstance(data[key], str) or not data[key].strip():
            raise LibraryError(f"{where}.{key}: expected a non-empty string")
    rules = data["rules"]
    if not isinstance(rules, list) or not rules:
        raise LibraryError(f"{where}.rules: expected a list of rule ids")
    for rule in rules:
        if rule not in RULES:
            raise LibraryError(f"{where}.rules: unknown rule id {rule!r}")
    if not name.startswith(rules[0] + "."):
        raise LibraryError(
            f"{where}: the name starts with its first rule id and a few words "
            f"(e.g. {rules[0]}.what-happens)"
        )
    if data["play"] not in PLAYS:
        raise LibraryError(
            f'{where}.play: expected "resolve", "round" or "game", got {data["play"]!r}'
        )
    scenario = data["scenario"]
    if not isinstance(scenario, dict) or not isinstance(scenario.get("players"), list):
        raise LibraryError(f"{where}.scenario: expected a scenario with players")
    players = [p.get("name", f"Player {i + 1}") for i, p in enumerate(scenario["players"])]
    if len(set(players)) != len(players):
        raise LibraryError(f"{where}.scenario: player names must differ")
    game = contract_of(scenario)
    _check_expect(data["expect"], f"{where}.expect", data["play"], players, game)
    season = game.season_of(scenario)
    return Situation(
        name,
        data["title"],
        tuple(rules),
        data["play"],
        data["explain"],
        season,
        file,
        json.dumps(scenario),
        json.dumps(data["expect"]),
    )


#: The library's folder in the package (`pyproject.toml` ships it as package data).
LIBRARY = resources.files("fliptoons_explore.content").joinpath("library")


def library_files() -> list[str]:
    """The library's file names (library/*.json), sorted."""
    return sorted(f.name for f in LIBRARY.iterdir() if f.name.endswith(".json"))


def _read_file(file: str) -> dict:
    text = LIBRARY.joinpath(file).read_text("utf-8")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise LibraryError(f"{file}: not JSON ({e})") from None
    if not isinstance(data, dict) or set(data) != {"about", "situations"}:
        raise LibraryError(f'{file}: expected an object with "about" and "situations"')
    return data


def load_file(file: str) -> list[Situation]:
    """The situations of one library file, checked (LibraryError if malformed)."""
    return [_situation(s, file, k) for k, s in enumerate(_read_file(file)["situations"])]


def file_about(file: str) -> str:
    """What one library file holds, in a sentence or two (for a menu's headings)."""
    return _read_file(file)["about"]


@lru_cache(maxsize=1)
def _library() -> dict[str, Situation]:
    library: dict[str, Situation] = {}
    for file in library_files():
        for s in load_file(file):
            if s.name in library:
                raise LibraryError(
                    f"{file}: {s.name}: the name is used twice (also in {library[s.name].file})"
                )
            library[s.name] = s
    return library


def situations(
    rule: str | None = None,
    season: str | None = None,
    play: str | None = None,
    card: str | None = None,
    game: str | None = None,
) -> list[Situation]:
    """The library's situations in file order, optionally only those that illustrate `rule` (an
    id or a family: 's2.faq.crab' also takes 's2.faq.crab.deck-only-crabs'; 's1.faq' every
    Season 1 FAQ entry), are played in `season` ('s1', 's2', 'combined'; for Flipology its
    variant, 'nature', 'great-tree' or 'multi'), are played with `play` ('resolve', 'round' or
    'game'), use `card` (an id; a Flipology kind) anywhere in their scenario (`GameContract.
    cards_in`), or are of `game` (a game's name: 'fliptoons', 'flipology')."""
    if game is not None and game not in GAMES:
        raise ValueError(f"game: expected {' or '.join(map(repr, GAMES))}, got {game!r}")
    found = []
    for s in _library().values():
        if game is not None and s.game != game:
            continue
        if rule is not None and not any(r == rule or r.startswith(rule + ".") for r in s.rules):
            continue
        if season is not None and s.season != season:
            continue
        if play is not None and s.play != play:
            continue
        if card is not None and card not in contract_of(s.scenario).cards_in(s.scenario):
            continue
        found.append(s)
    return found


def situation(name: str) -> Situation:
    """The situation of this name; SituationError (a KeyError) naming the closest names if none."""
    library = _library()
    if name in library:
        return library[name]
    close = difflib.get_close_matches(str(name), list(library), n=3, cutoff=0.6)
    if not close:
        prefix = str(name).rsplit(".", 1)[0]
        close = [n for n in library if n.startswith(prefix)][:3]
    hint = f"; did you mean {', '.join(close)}?" if close else "; situations() lists them"
    raise SituationError(f"no situation named {name!r}{hint}")
