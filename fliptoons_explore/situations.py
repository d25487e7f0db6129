"""The situation library: every FAQ entry and Key Concept of the FlipToons rulebooks, every rule
and clarification of the Flipology rulebook, and their worked examples, as named situations that
the tests, the notebooks and the explorer all load.

A situation is a scenario (docs/scenarios.md) built on purpose, the rule ids it illustrates, a
one-line title, a short explanation in plain words, how it is played (`resolve`: Flip + Check
Fame; `round`: + the Market and the after-Market effects; `game`: on to the end of the game,
through Cleanup and the Final Flip) and its expected outcome, written from the rulebooks (not
from the engine). The library is package data, one JSON file per season and
kind (`data/situations/s2-faq.json`, ...); `data/situations/README.md` describes the fields.

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

from .fliptoons.engine import Resolution
from .games import game_of, play_scenario
from .rules import RULES

__all__ = [
    "Situation",
    "SituationError",
    "LibraryError",
    "situations",
    "situation",
    "library_files",
    "file_about",
    "NOT_ILLUSTRATED",
    "compact_grid",
    "compact_rows",
    "fame_grid",
]

PLAYS = ("resolve", "round", "game")
GAMES = ("fliptoons", "flipology")
FIELDS = ("name", "title", "rules", "play", "explain", "scenario", "expect")
#: expected-outcome fields keyed by player name
PLAYER_EXPECT = (
    "fame",
    "fame_left",
    "grid",
    "fame_grid",
    "card_fame",
    "deck",
    "dismissed",
    "final_fame",
    "round_fame",
)
#: expected-outcome fields about the table or the trace
TABLE_EXPECT = (
    "market",
    "toon_deck",
    "toon_deck_cards",
    "market_discard",
    "events",
    "no_events",
    "order",
    "cites",
    "winners",
    "rounds",
    "critics_choice",
    "solo",
)
#: expected-outcome fields about how a game ended (play "game" only)
GAME_EXPECT = ("final_fame", "round_fame", "winners", "rounds", "critics_choice", "solo")
#: a Flipology situation's: by player name, then about the table
FLIPOLOGY_PLAYER_EXPECT = ("score", "rows", "score_parts", "different_animals")
FLIPOLOGY_TABLE_EXPECT = (
    "winners",
    "moon",
    "discard",
    "running_scores",
    "game_points",
    "events",
    "no_events",
    "order",
    "cites",
)
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
CARD_KEY = re.compile(r"^([a-z]+)(?:@(\d+),(\d+)(?:,(\d+))?)?$")

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


# -- reading a resolved table compactly ---------------------------------------------------------


def compact_grid(player: dict) -> list[list[str | None]]:
    """A player's JSON grid (docs/scenarios.md, What the commands print) as words: rows top first,
    each cell None or the ids of its stack bottom first joined by '+', a face-down card written
    '~id'."""
    return [
        [
            None
            if cell is None
            else "+".join(("" if c["face_up"] else "~") + c["id"] for c in cell)
            for cell in row
        ]
        for row in player["grid"]
    ]


def fame_grid(player: dict) -> list[list]:
    """The fame of every card where the grid holds it: a cell is None (empty), a number (one
    face-up card), '~' (one face-down card) or, for a stack, the fames bottom first joined by '+'
    ('2+1', '~+4'). A face-up card without a fame entry shows '?'; a card that has left the grid
    since Check Fame is not shown."""
    entries = {
        (c["row"], c["col"], c["stack"]): c
        for c in player["fame"]["cards"]
        if not c.get("left_grid")
    }
    rows = []
    for r, row in enumerate(player["grid"]):
        out = []
        for col, cell in enumerate(row):
            if cell is None:
                out.append(None)
                continue
            parts = []
            for h, card in enumerate(cell):
                e = entries.get((r, col, h))
                parts.append(
                    e["fame"]
                    if e is not None and e["id"] == card["id"]
                    else "~"
                    if not card["face_up"]
                    else "?"
                )
            out.append(parts[0] if len(parts) == 1 else "+".join(map(str, parts)))
        rows.append(out)
    return rows


def compact_rows(player: dict) -> list[list[str]]:
    """A Flipology player's rows (bottom first) as words: each card 'kind:points', a face-down
    card '~kind:points'."""
    return [
        [("" if c["face_up"] else "~") + f"{c['id']}:{c['points']}" for c in row]
        for row in player["rows"]
    ]


def _unplaced(player: dict) -> list[dict]:
    """Fame entries of cards in the grid whose row, column and height hold no card of that id."""
    grid = player["grid"]

    def holds(c) -> bool:
        cell = grid[c["row"]][c["col"]] if 0 <= c["row"] < len(grid) else None
        return cell is not None and c["stack"] < len(cell) and cell[c["stack"]]["id"] == c["id"]

    return [c for c in player["fame"]["cards"] if not c.get("left_grid") and not holds(c)]


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
        """'fliptoons' or 'flipology'."""
        return game_of(self.scenario)

    def run(self, record: bool = False, policy=None) -> Resolution:
        """Play the situation as the library says (`resolve`, `round` or `game`); a `Resolution`
        (for a FlipToons round a `RoundResolution`, whose JSON has `fame_left`; for a game a
        `GameResolution`, whose `game` holds the result: `games.play_scenario`). `record` keeps
        every state, for `stepping.Stepper`."""
        return play_scenario(self.scenario, self.play, policy, record)

    def outcome(self, resolution: Resolution | None = None) -> dict:
        """The outcome as the CLI's JSON document (docs/scenarios.md, What the commands print), plus
        `market_discard` (the market cards discarded face up next to the toon deck, e.g. by a
        Horse)."""
        r = self.run() if resolution is None else resolution
        doc = r.to_json()
        if self.game == "fliptoons":
            doc["market_discard"] = [c.spec.id for c in r.table.market_discard]
        return doc

    def check(self, resolution: Resolution | None = None) -> list[str]:
        """Play the situation and compare with the expected outcome: one line per difference,
        [] when the engine gives what the rulebook says."""
        return differences(self.expect, self.outcome(resolution), self.players)

    def __repr__(self) -> str:
        return f"<Situation {self.name} ({self.play}): {self.title}>"

    @classmethod
    def from_dict(cls, data: dict, file: str = "<dict>") -> Situation:
        """A situation written like a library entry (data/situations/README.md), checked;
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


def _card_entry(player: dict, key: str):
    """The fame entry a `card_fame` key names: 'capybara' (the only scoring capybara),
    'mosquito@1,0' (JSON row, column) or 'rat@1,0,1' (and height in the stack, 0 the bottom)."""
    cid, row, col, height = CARD_KEY.match(key).groups()
    found = [
        c
        for c in player["fame"]["cards"]
        if c["id"] == cid
        and (row is None or (c["row"], c["col"]) == (int(row), int(col)))
        and (height is None or c["stack"] == int(height))
    ]
    if len(found) == 1:
        return found[0], None
    return None, f"{len(found)} scoring cards match"


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


def differences(expect: dict, doc: dict, players: list[str]) -> list[str]:
    """Each way the outcome `doc` (the JSON document with `market_discard`) differs from
    `expect`; `players` are the scenario's player names in seat order."""
    out = []
    by_name = {p["name"]: p for p in doc["players"]}
    names = [p["name"] for p in doc["players"]]
    result, history = doc.get("result") or {}, doc.get("rounds") or []
    seat = {p["name"]: i for i, p in enumerate(doc["players"])}
    readers = {
        "fame": lambda p: p["fame"]["total"],
        "fame_left": lambda p: p.get("fame_left"),
        "grid": compact_grid,
        "fame_grid": fame_grid,
        "deck": lambda p: p["deck"],
        "dismissed": lambda p: p["dismissed"],
        "final_fame": lambda p: (result.get("final_fame") or [None] * len(names))[seat[p["name"]]],
        "round_fame": lambda p: [r["fame"][seat[p["name"]]] for r in history],
        "score": lambda p: p["score"],
        "rows": compact_rows,
        "score_parts": lambda p: p["score_parts"],
        "different_animals": lambda p: p["different_animals"],
    }
    flipology_doc = doc.get("game") == "flipology"
    for field in FLIPOLOGY_PLAYER_EXPECT if flipology_doc else PLAYER_EXPECT:
        for name, want in expect.get(field, {}).items():
            p = by_name.get(name)
            if p is None:
                out.append(f"{field}: no player named {name!r} in the outcome")
                continue
            if field == "card_fame":
                for key, fame in want.items():
                    entry, why = _card_entry(p, key)
                    if entry is None:
                        out.append(f"{name} card_fame {key}: {why}")
                        continue
                    got = entry["fame"] if isinstance(fame, int) else {k: entry[k] for k in fame}
                    if got != fame:
                        out.append(f"{name} card_fame {key}: expected {fame}, got {got}")
                continue
            got = readers[field](p)
            if field == "fame_grid" and _unplaced(p):
                out.append(
                    f"{name} fame_grid: fame entries for no card of the grid: {_unplaced(p)}"
                )
            if got != want:
                out.append(f"{name} {field}: expected {json.dumps(want)}, got {json.dumps(got)}")
    for field in (
        ("discard", "moon", "running_scores", "game_points")
        if flipology_doc
        else ("market", "toon_deck", "market_discard")
    ):
        if field in expect and doc.get(field) != expect[field]:
            out.append(
                f"{field}: expected {json.dumps(expect[field])}, got {json.dumps(doc.get(field))}"
            )
    if (
        not flipology_doc
        and "toon_deck_cards" in expect
        and sorted(doc["toon_deck"]) != sorted(expect["toon_deck_cards"])
    ):
        out.append(
            f"toon_deck_cards: expected {json.dumps(sorted(expect['toon_deck_cards']))} in any "
            "order, "
            f"got {json.dumps(sorted(doc['toon_deck']))}"
        )
    if flipology_doc and "winners" in expect:
        got = [players[i] for i in doc["winners"]]
        if got != expect["winners"]:
            out.append(f"winners: expected {json.dumps(expect['winners'])}, got {json.dumps(got)}")
    if not flipology_doc:
        holder = result.get("critics_choice")
        ended = {
            "winners": [names[i] for i in result.get("winners", [])],
            "rounds": result.get("rounds"),
            "critics_choice": None if holder is None else names[holder],
            "solo": result.get("solo"),
        }
        for field, got in ended.items():
            if field in expect and got != expect[field]:
                out.append(f"{field}: expected {json.dumps(expect[field])}, got {json.dumps(got)}")
    trace = doc["trace"]
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


def _check_expect(
    expect, where: str, play: str, players: list[str], game: str = "fliptoons"
) -> None:
    if not isinstance(expect, dict) or not expect:
        raise LibraryError(f"{where}: expected an object with at least one expected field")
    player_fields, table_fields = (
        (FLIPOLOGY_PLAYER_EXPECT, FLIPOLOGY_TABLE_EXPECT)
        if game == "flipology"
        else (PLAYER_EXPECT, TABLE_EXPECT)
    )
    for key, value in expect.items():
        w = f"{where}.{key}"
        if key in player_fields:
            if not isinstance(value, dict) or not value:
                raise LibraryError(f"{w}: expected an object keyed by player name")
            for name, v in value.items():
                if name not in players:
                    raise LibraryError(f"{w}: {name!r} is not a player of the scenario")
                if key == "card_fame":
                    for card_key, fame in v.items():
                        if not CARD_KEY.match(card_key):
                            raise LibraryError(
                                f"{w}.{name}: {card_key!r} is not 'id', 'id@row,col' "
                                "or 'id@row,col,height'"
                            )
                        if not (
                            isinstance(fame, int)
                            or isinstance(fame, dict)
                            and fame
                            and set(fame) <= {"fame", "base", "bonus"}
                        ):
                            raise LibraryError(
                                f"{w}.{name}.{card_key}: expected a number or some of "
                                '{"fame", "base", "bonus"}'
                            )
            if key == "fame_left" and play != "round":
                raise LibraryError(f'{w}: fame_left needs play "round"')
            if key == "fame_grid" and play == "round":
                raise LibraryError(
                    f'{w}: fame_grid needs play "resolve" or "game" (after a '
                    "round the grid is no longer the one Check Fame scored; use card_fame)"
                )
        elif key in ("events", "no_events", "order"):
            if not isinstance(value, list) or not value:
                raise LibraryError(f"{w}: expected a list of event patterns")
            for k, pattern in enumerate(value):
                _check_pattern(pattern, f"{w}[{k}]", players)
        elif key == "cites":
            for rule in value:
                if rule not in RULES:
                    raise LibraryError(f"{w}: unknown rule id {rule!r}")
        elif key == "winners":
            if not isinstance(value, list) or not all(v in players for v in value):
                raise LibraryError(f"{w}: expected a list of the scenario's player names")
        elif key == "critics_choice":
            if value is not None and value not in players:
                raise LibraryError(f"{w}: expected a player name of the scenario or null")
        elif key == "rounds":
            if not isinstance(value, int) or isinstance(value, bool) or value < 1:
                raise LibraryError(f"{w}: expected the number of rounds played")
        elif key == "solo":
            if value not in ("won", "lost"):
                raise LibraryError(f'{w}: expected "won" or "lost"')
        elif key in ("running_scores", "game_points") and key in table_fields:
            if (
                not isinstance(value, list)
                or len(value) != len(players)
                or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)
            ):
                raise LibraryError(
                    f"{w}: expected {len(players)} whole numbers, one per player in seat order"
                )
        elif key not in table_fields:
            raise LibraryError(
                f"{w}: unknown field (expected one of: {', '.join(player_fields + table_fields)})"
            )
        if key in GAME_EXPECT and play != "game" and game != "flipology":
            raise LibraryError(f'{w}: {key} needs play "game"')


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
    game = game_of(scenario)
    _check_expect(data["expect"], f"{where}.expect", data["play"], players, game)
    season = (
        scenario.get("variant", "nature") if game == "flipology" else scenario.get("season", "s2")
    )
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


def library_files() -> list[str]:
    """The library's file names (data/situations/*.json), sorted."""
    folder = resources.files("fliptoons_explore").joinpath("data/situations")
    return sorted(f.name for f in folder.iterdir() if f.name.endswith(".json"))


def _read_file(file: str) -> dict:
    text = resources.files("fliptoons_explore").joinpath("data/situations", file).read_text("utf-8")
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
    'game'), use `card` (an id; a Flipology kind) anywhere in their scenario, or are of `game`
    ('fliptoons' or 'flipology')."""
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
        if card is not None and card not in _cards_in(s.scenario):
            continue
        found.append(s)
    return found


def _cards_in(scenario: dict) -> set[str]:
    """Every card id a scenario names: decks, dismissed piles, grids, market, toon deck."""
    if game_of(scenario) == "flipology":
        ids = {c.split(":")[0] for c in scenario.get("discard", [])}
        for p in scenario["players"]:
            for row in p.get("rows", []):
                ids |= {(c if isinstance(c, str) else c["id"]).split(":")[0] for c in row}
        return ids
    ids = set(scenario.get("market", [])) | set(scenario.get("toon_deck", []))
    for p in scenario["players"]:
        ids |= set(p.get("deck", [])) | set(p.get("dismissed", []))
        for row in p.get("grid") or []:
            for cell in row:
                ids |= {c if isinstance(c, str) else c["id"] for c in cell or []}
    return ids


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
