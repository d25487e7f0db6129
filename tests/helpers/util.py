"""Small helpers shared by the tests: build scenarios, resolve them, read results compactly."""

from __future__ import annotations

from fliptoons_explore import resolve_scenario

#: ../shared/examples/s2-check-fame-example.json (the Season 2 rulebook's Check Fame example),
#: copied so that the tests do not depend on ../shared.
CHECK_FAME_EXAMPLE = {
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
                "ladybug",
                "hen",
                "salamander",
            ],
        },
        {
            "name": "Renato",
            "deck": ["mosquito", "mosquito", "spider", "grasshopper", "ladybug", "firefly"],
        },
    ],
}


#: ../shared/examples/s2-market-example.json (the Season 2 rulebook's Market example), copied.
MARKET_EXAMPLE = {
    "season": "s2",
    "first_player": 0,
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
                "ladybug",
                "hen",
                "salamander",
            ],
            "actions": [{"hire": "raccoon"}, {"dismiss": "grasshopper"}],
            "choices": ["crow"],
        },
        {
            "name": "Renato",
            "deck": ["mosquito", "mosquito", "spider", "grasshopper", "ladybug", "firefly"],
            "dismissed": ["crow"],
            "actions": [],
        },
    ],
    "market": ["salamander", "raccoon", "opossum", "fox", "vulture"],
    "toon_deck": ["goldfish", "hen", "mole", "shark", "crab"],
}


def with_rulings(scenario: dict, **rulings) -> dict:
    """The scenario with these ruling options (and no others)."""
    return {**scenario, "rulings": rulings}


def table_grid(player) -> list:
    """A live player's grid, rows top first; a cell is None or its stack bottom first joined by
    '+', '~id' for a face-down card."""
    g = player.grid
    return [
        [
            None
            if not g.at(r, c)
            else "+".join(("" if x.face_up else "~") + x.spec.id for x in g.at(r, c))
            for c in range(3)
        ]
        for r in range(-g.extra_height(), 2)
    ]


def solo(deck, season="s2", **player_fields):
    """A one-player scenario with this deck (top first)."""
    return {"season": season, "players": [{"name": "P", "deck": list(deck), **player_fields}]}


def resolve(scenario: dict) -> dict:
    """Resolve Flip + Check Fame; the CLI's JSON document (docs/scenarios.md, What the commands
    print)."""
    return resolve_scenario(scenario)


def compact_grid(player: dict) -> list[list[str | None]]:
    """The JSON grid, rows top first, each cell None or 'a+b' (stack bottom first); a face-down
    card is written '~id'."""
    rows = []
    for row in player["grid"]:
        out = []
        for cell in row:
            if cell is None:
                out.append(None)
            else:
                out.append("+".join(("" if c["face_up"] else "~") + c["id"] for c in cell))
        rows.append(out)
    return rows


def fame_of(player: dict) -> dict[tuple[str, int, int, int], int]:
    """{(id, json_row, col, height_in_stack): fame} for every scoring card."""
    return {(c["id"], c["row"], c["col"], c["stack"]): c["fame"] for c in player["fame"]["cards"]}


def rules_cited(doc: dict) -> set[str]:
    return {e["rule"] for e in doc["trace"]}


def events(doc: dict, kind: str, card: str | None = None) -> list[dict]:
    return [e for e in doc["trace"] if e["event"] == kind and (card is None or e["card"] == card)]


def cites(doc: dict, rule_id: str) -> bool:
    """The trace cites this rule or one of its parts (`s2.faq.crab.deck-only-crabs` for
    `s2.faq.crab`)."""
    return any(r == rule_id or r.startswith(rule_id + ".") for r in rules_cited(doc))


def player_of(doc: dict, i: int = 0) -> dict:
    return doc["players"][i]


def entry(player: dict, card_id: str) -> dict:
    """The one fame entry of a card id."""
    entries = [c for c in player["fame"]["cards"] if c["id"] == card_id]
    assert len(entries) == 1, entries
    return entries[0]


# -- citations ---------------------------------------------------------------

_FITS: dict = {}


def citation_misfit(event, season: str) -> str | None:
    """Why an event's rule does not fit the season played (None when it fits): an unknown id, a
    rule of another season (`fliptoons.rules.seasons_of_rule`), or a decision about a card whose
    rule does not name that card (its printed text `card.<id>`, or an entry whose id names it)."""
    from fliptoons_explore.fliptoons.rules import seasons_of_rule

    rule = event.rule
    key = (rule, season)
    fits = _FITS.get(key)
    if fits is None:
        seasons = seasons_of_rule(rule)
        fits = _FITS[key] = (
            ""
            if season in seasons
            else (f"unknown rule {rule}" if not seasons else f"{rule} is not a rule of {season}")
        )
    if fits:
        return f"#{event.step} {event.kind}: {fits}"
    if event.kind == "decision" and event.card is not None:
        card = event.card
        words = {w for part in rule.split(".") for w in part.split("-")}
        if rule != f"card.{card}" and card not in words:
            return f"#{event.step} decision about {card}: {rule} does not name it"
    return None


# -- situations where a ruling option decides ---------------------------------------------------
# (tests/analysis/test_compare.py, tests/fliptoons/test_ruling_citations.py)

# A Lion whose only neighbour is face down: no face-up adjacent card (RULINGS open question 7).
LION = {
    "season": "s1",
    "players": [
        {
            "name": "Ann",
            "grid": [[["lion"], [{"id": "bee", "face_up": False}], None], [None, None, None]],
        }
    ],
}

# A Cow next to a Goat in the upper row (1 printed + 3 bonus).
COW = {
    "season": "combined",
    "players": [{"name": "Ann", "grid": [[["cow"], ["goat"], None], [None, None, None]]}],
}

# A Spider in the row above a middle Gorilla: its column holds the Gorilla and the card below.
SPIDER = {
    "season": "s2",
    "players": [
        {
            "name": "Jordy",
            "deck": [
                "mosquito",
                "gorilla",
                "spider",
                "mosquito",
                "mosquito",
                "mosquito",
                "mosquito",
            ],
        }
    ],
}

CATERPILLAR_UNDER_RAT = {
    "season": "combined",
    "players": [
        {
            "name": "Ann",
            "deck": [
                "goat",
                "caterpillar",
                "rat",
                "bee",
                "snail",
                "mosquito",
                "mosquito",
                "mosquito",
                "mosquito",
            ],
            "actions": [{"dismiss": "caterpillar"}, {"dismiss": "bee"}],
        },
        {"name": "Bo", "deck": ["mosquito"]},
    ],
}
