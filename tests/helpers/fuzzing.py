"""Generated bad input for every subcommand: each case is surely a mistake, so the
command line must refuse it with its contract (exit 2, one line on stderr, nothing on stdout).

`case(command, rng, workdir)` returns a `Case`: the argv, the bytes on standard input (for "-"),
and a label saying what was broken. Scenario cases start from a few valid scenarios (`BASES`)
and break them one way: a value no field accepts (a control character, a lone surrogate, a string
over the length limit, a huge integer, nesting too deep, NaN), a wrong card id or type where a
card goes, an unknown key, a key given twice, a broken file (cut short, not UTF-8, too big, junk
after the JSON), a scenario over a limit, an illegal scripted choice or action, or a bad command
line. `play` cases are bad command lines.
"""

from __future__ import annotations

import json
import random
import string
from dataclasses import dataclass, field
from pathlib import Path

from fliptoons_explore.fliptoons.cards import CATALOG
from fliptoons_explore.limits import MAX_CARDS, MAX_SCENARIO_BYTES

SCENARIO_COMMANDS = ("resolve", "round", "chain", "compare")
COMMANDS = SCENARIO_COMMANDS + ("play",)

BASES = [
    {
        "season": "s2",
        "players": [
            {
                "name": "Jordy",
                "deck": [
                    "mosquito",
                    "capybara",
                    "mosquito",
                    "grasshopper",
                    "rat",
                    "firefly",
                    "groundhog",
                    "spider",
                ],
            },
            {
                "name": "Renato",
                "deck": ["mosquito", "mosquito", "spider", "grasshopper", "ladybug"],
            },
        ],
    },
    {
        "season": "s1",
        "players": [
            {
                "name": "Ann",
                "grid": [
                    [["lion"], ["cow"], ["bear"]],
                    [["pig"], ["deer"], [{"id": "tiger", "face_up": False}]],
                ],
                "choices": ["lion"],
            },
            {"name": "Bo", "deck": ["caterpillar", "bee", "snail"], "dismissed": ["goat"]},
        ],
        "market": ["ostrich", "eagle"],
        "toon_deck": ["dog"],
        "first_player": 1,
        "rulings": {"cow_copies": "total"},
    },
    {
        "season": "combined",
        "players": [
            {
                "name": "A",
                "deck": ["goat", "caterpillar", "rat", "bee", "snail", "mosquito", "crab"],
                "actions": [{"dismiss": "caterpillar"}, {"skip": True}],
            }
        ],
        "market": ["hen", "fox"],
        "toon_deck": ["goldfish", "salamander"],
    },
]

DEEP, HUGE = "@@deep@@", "@@huge@@"  # placeholders for values json.dumps cannot write


@dataclass
class Case:
    argv: list[str]
    stdin: bytes | None = None
    label: str = ""
    data: object = field(default=None, repr=False)  # the scenario as Python data, when there is one


def case(command: str, rng: random.Random, workdir: Path) -> Case:
    if command == "play":
        return _play_case(rng)
    return _scenario_case(command, rng, workdir)


# -- values -------------------------------------------------------------------------------------


def _junk_id(rng) -> str:
    while True:
        text = "".join(
            rng.choice(string.ascii_lowercase + "-_ ") for _ in range(rng.randint(1, 12))
        )
        if text not in CATALOG:
            return text


def _bad_anywhere(rng):
    """(value, label): a value refused wherever it stands (placeholders become text later)."""
    kind = rng.randrange(7)
    if kind == 0:
        ch = rng.choice("\n\r\t\x00\x1b\x07\x7f\x85\u2028\u2029")
        return "crab" + ch + _junk_id(rng), "control character"
    if kind == 1:
        return rng.choice(["\ud800", "a\udfff", "\udc80crab"]), "lone surrogate"
    if kind == 2:
        return "m" * rng.randint(201, 5000), "string over the limit"
    if kind == 3:
        return HUGE, "huge integer"
    if kind == 4:
        return DEEP, "nesting too deep"
    if kind == 5:
        return float(rng.choice(["nan", "inf", "-inf"])), "NaN or Infinity"
    return 10 ** rng.randint(20, 60) * rng.choice([1, -1]), "integer over 20 digits"


def _text(data, rng) -> str:
    text = json.dumps(data)
    if f'"{DEEP}"' in text:
        depth = rng.choice([21, 50, 500, 990, 3000])
        text = text.replace(f'"{DEEP}"', "[" * depth + "]" * depth, 1)
    if f'"{HUGE}"' in text:
        text = text.replace(f'"{HUGE}"', rng.choice(["", "-"]) + "9" * rng.randint(21, 20000), 1)
    return text


def _nodes(data, path=()):
    """(path, value) for every value of the data, the root included."""
    yield path, data
    if isinstance(data, dict):
        for k, v in data.items():
            yield from _nodes(v, path + (k,))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            yield from _nodes(v, path + (i,))


def _set(data, path, value):
    if not path:
        return value
    node = data
    for k in path[:-1]:
        node = node[k]
    node[path[-1]] = value
    return data


CARD_FIELDS = ("deck", "dismissed", "market", "toon_deck")


def _card_positions(data):
    """Paths where a card id stands."""
    out = []
    for path, value in _nodes(data):
        if (
            isinstance(value, str)
            and path
            and (
                (len(path) >= 2 and path[-2] in CARD_FIELDS)
                or path[-1] in ("hire", "dismiss", "id")
                or (len(path) >= 4 and path[-4] == "grid")
            )
        ):
            out.append(path)
    return out


# -- scenario cases ------------------------------------------------------------------------------


def _scenario(rng):
    """(bytes, label, data or None): a broken scenario file."""
    data = json.loads(json.dumps(rng.choice(BASES)))
    kind = rng.randrange(12)
    if kind <= 2:  # a value no field accepts, anywhere
        path, _ = rng.choice(list(_nodes(data)))
        value, label = _bad_anywhere(rng)
        data = _set(data, path, value)
        return (
            _text(data, rng).encode(),
            f"{label} at {list(path)}",
            data if value not in (DEEP, HUGE) else None,
        )
    if kind == 3:  # a wrong card id or type where a card goes
        path = rng.choice(_card_positions(data))
        value = rng.choice([_junk_id(rng), _junk_id(rng).upper(), 7, True, {}, [], None])
        if path[-1] == "id" or (len(path) >= 2 and path[-2] in CARD_FIELDS):
            value = value if value is not None else 0
        if data["season"] == "s2" and rng.random() < 0.3:
            value = "cow"  # a Season 1 card in a Season 2 scenario
        data = _set(data, path, value)
        return json.dumps(data).encode(), f"card position {list(path)} = {value!r}", data
    if kind == 4:  # an unknown key in some object
        objects = [p for p, v in _nodes(data) if isinstance(v, dict)]
        path = rng.choice(objects)
        node = data
        for k in path:
            node = node[k]
        node["zz" + _junk_id(rng)] = rng.choice([1, "x", None, []])
        return json.dumps(data).encode(), f"unknown key in {list(path)}", data
    if kind == 5:  # a key given twice
        objects = [p for p, v in _nodes(data) if isinstance(v, dict) and v]
        path = rng.choice(objects)
        node = data
        for k in path:
            node = node[k]
        key = rng.choice(list(node))
        node["@@dup@@"] = node[key]
        return (
            json.dumps(data).replace('"@@dup@@"', json.dumps(key), 1).encode(),
            f"key {key!r} twice in {list(path)}",
            None,
        )
    if kind == 6:  # the file itself
        text = json.dumps(data).encode()
        how = rng.randrange(6)
        if how == 0:
            return text[: rng.randrange(len(text) - 1)], "cut short", None
        if how == 1:
            i = rng.randrange(len(text))
            return (
                text[:i] + rng.choice([b"\xff", b"\xc3", b"\xed\xa0\x80", b"\x80"]) + text[i:],
                "not UTF-8",
                None,
            )
        if how == 2:
            return text + rng.choice([b" x", b"{}", b",", b"]"]), "junk after the JSON", None
        if how == 3:
            return (
                text + b" " * (MAX_SCENARIO_BYTES - len(text) + rng.randint(1, 1000)),
                "over the size limit",
                None,
            )
        if how == 4:
            return (
                bytes(rng.randrange(256) for _ in range(rng.randint(0, 64))) + b"\xff",
                "random bytes",
                None,
            )
        return (
            rng.choice([b"", b"   ", b"null", b"[]", b'"scenario"', b"1e999", b"{}"]),
            "not a scenario",
            None,
        )
    if kind == 7:  # over the card limit
        data["players"][0]["deck"] = ["mosquito"] * (MAX_CARDS + rng.randint(1, 500))
        data["players"][0].pop("grid", None)
        return json.dumps(data).encode(), "over the card limit", data
    if kind == 8:  # players, first player, market out of range
        how = rng.randrange(5)
        if how == 0:
            del data["players"]
        elif how == 1:
            data["players"] = [] if rng.random() < 0.5 else [{"deck": []}] * rng.randint(9, 40)
        elif how == 2:
            data["first_player"] = rng.choice([-1, len(data["players"]), 99, "0", 0.5, None, True])
        elif how == 3:
            data["market"] = ["hen"] * 8
        else:
            data["season"] = rng.choice(["s3", "S2", "", None, 2, ["s2"]])
        return json.dumps(data).encode(), f"out of range ({how})", data
    if kind == 9:  # an illegal scripted choice (the Cow copies a card not adjacent to it)
        data = json.loads(json.dumps(BASES[1]))
        data["players"][0]["choices"] = [rng.choice(["tiger", "pig", "cow", "rooster", None])]
        return json.dumps(data).encode(), "illegal Cow choice", data
    if kind == 10:  # a bad action or ruling
        data = json.loads(json.dumps(BASES[2]))
        how = rng.randrange(4)
        if how == 0:
            data["players"][0]["actions"] = [
                rng.choice(
                    [
                        {"skip": False},
                        {"skip": "yes"},
                        {"buy": "hen"},
                        {},
                        "hire hen",
                        {"hire": "hen", "skip": True},
                    ]
                )
            ]
        elif how == 1:
            data["rulings"] = {rng.choice(["cow_copy", "Cow_copies", "flip players"]): "total"}
        elif how == 2:
            data["rulings"] = {
                "cow_copies": rng.choice(["sum", "Printed", 1, True, None, ["total"]])
            }
        else:
            data["rulings"] = rng.choice([[], "cow_copies=total", 3])
        return json.dumps(data).encode(), f"bad action or ruling ({how})", data
    # a choice that is no card and no deck's name (the Pig's message)
    names = {p.get("name") for p in data["players"]}
    answer = _junk_id(rng).capitalize()
    while answer in names:
        answer = _junk_id(rng).capitalize()
    data["players"][0]["choices"] = [answer]
    return json.dumps(data).encode(), "choice that is nothing", data


def _bad_ruling_arg(rng) -> str:
    return rng.choice(
        [
            "cow_copies",
            "=total",
            "cow_copy=total",
            "cow_copies=sum",
            "cow_copies=1",
            "extra_rows_in_columns=1",
            "extra_rows_in_columns=yes",
            "cow_copies=" + "[" * rng.randint(21, 3000),
            "cow_copies=" + "[" * 990 + "]" * 990,
            "cow_copies=" + "9" * rng.randint(21, 6000),
            "cow\ncopies=total",
            "cow_copies=tot\x1bal",
            "cow\udc80=total",
            "cow_copies=NaN",
            'cow_copies={"a": 1, "a": 2}',
            "x" * 5000 + "=1",
            'cow_copies="' + "t" * 300 + '"',
        ]
    )


def _scenario_case(command, rng, workdir: Path) -> Case:
    good = rng.choice(BASES[:2] if command != "round" else BASES)
    how = rng.random()
    extra: list[str] = []
    if command == "compare" and how < 0.25:  # a good scenario, a bad --ruling
        content, label, data = json.dumps(good).encode(), "bad --ruling", None
        extra = ["--ruling", _bad_ruling_arg(rng)]
        if rng.random() < 0.3:
            extra = ["--ruling", "cow_copies=total"] + extra
    elif command == "round" and how < 0.15:  # an action the Market does not allow
        data = json.loads(json.dumps(BASES[2]))
        data["players"][0]["actions"] = [
            rng.choice([{"hire": "raccoon"}, {"dismiss": "lion"}, {"hire": "goldfish"}])
        ]
        content, label = json.dumps(data).encode(), "illegal action"
    elif how < 0.22:  # a bad command line around a good scenario
        bad = rng.randrange(5)
        path = workdir / "good.json"
        path.write_bytes(json.dumps(good).encode())
        argv = [
            [command, str(path), "--yaml"],
            [command],
            [command, str(path), str(path)],
            [command, str(workdir / f"missing\n{rng.randrange(99)}.json")],
            [command, str(workdir)],
        ][bad]
        return Case(argv, None, f"bad command line {bad}")
    else:
        content, label, data = _scenario(rng)
    if command == "compare" and not extra and rng.random() < 0.5:
        extra = ["--ruling", rng.choice(["cow_copies=total", "lion_without_neighbours=no-bonus"])]
    flags = extra + (["--json"] if rng.random() < 0.5 else [])
    if rng.random() < 0.5:
        return Case([command, "-", *flags], content, label + " (stdin)", data)
    path = workdir / f"case{rng.randrange(10**9)}.json"
    path.write_bytes(content)
    return Case([command, str(path), *flags], None, label, data)


# -- play --------------------------------------------------------------------------------------


def _play_case(rng) -> Case:
    season = rng.choice(["s1", "s2", "combined"])
    most = 8 if season == "combined" else 4
    args = {
        "--season": season,
        "--players": str(rng.randint(2, most)),
        "--seed": str(rng.randrange(1000)),
    }
    how = rng.randrange(11)
    if how == 0:
        args["--players"] = str(rng.choice([0, -1, most + 1, 99, 10**30]))
    elif how == 1:
        args["--players"] = "1"  # without --solo
    elif how == 2:
        args["--solo"] = rng.choice(["easy", "normal", "hard"])  # with more than one player
    elif how == 3:
        args["--games"] = str(rng.choice([0, -5, 100_001, 10**40]))
    elif how == 4:
        args[rng.choice(["--players", "--seed", "--games"])] = rng.choice(
            ["two", "2.5", "", "1e3", "0x10", "٣", "9" * 5000, "1\n2", "+-1"]
        )
    elif how == 5:
        args["--season"] = rng.choice(["s3", "S1", "", "s1\n", "combined "])
    elif how == 6:
        args["--policy"] = rng.choice(["smart", "Random", "greedy\x1b"])
    elif how == 7:
        del args[rng.choice(["--season", "--players", "--seed"])]
    elif how == 8:
        args["--solo"] = rng.choice(["medium", "EASY", ""])
        args["--players"] = "1"
    elif how == 9:
        args["--zz" + _junk_id(rng).replace(" ", "")] = "1"  # no abbreviation of a real option
    else:
        args["--players"], args["--solo"] = "1", None  # --solo given no value
    argv = ["play"]
    for k, v in args.items():
        argv += [k] if v is None else [k, v]
    return Case(argv, None, f"play {how}")
