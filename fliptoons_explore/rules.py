"""The rule-reference table: every rule id the trace may cite, with its source and a one-line
paraphrase in our own words, for both games.

Three kinds of ids: rulebook rules from `data/rules.csv` (`s2.key.next-revealed`,
`s1.faq.snake`, `jp.market.minimum`, `fl.nature.cascade`), a card's own printed text
(`card.<id>` for FlipToons, `fl.card.<kind>` for Flipology: each game adds its cards' rows with
`add_rules`) and the ruling options (`ruling.<name>`, added by `add_ruling_rules`). Importing
`fliptoons_explore` loads both games, so `RULES` always holds every id.
"""

from __future__ import annotations

import csv
from dataclasses import dataclass
from importlib import resources

SOURCES = {
    "S2": "FlipToons: Season 2 rulebook (English)",
    "S1": "FlipToons rulebook, Season 1 (English, v.2)",
    "JP": "FlipToons Season 1 rules summary (Japanese)",
    "FL": "Flipology rulebook (Cheeky Parrot Games)",
    "card": "printed card text (cards.csv)",
    "fl-card": "the Flipology rulebook's description of the card",
    "ruling": "ruling option of this engine (docs/engine.md)",
    "engine": "limit of this engine where the rulebooks set none (docs/limits.md)",
}


@dataclass(frozen=True)
class Rule:
    id: str
    source: str
    section: str
    paraphrase: str

    def __str__(self) -> str:
        return f"{self.id} ({self.source}, {self.section}): {self.paraphrase}"


def _load() -> dict[str, Rule]:
    text = resources.files("fliptoons_explore").joinpath("data/rules.csv").read_text("utf-8")
    table = {}
    for row in csv.DictReader(text.splitlines()):
        if row["id"] in table:
            raise ValueError(f"rules.csv: rule id {row['id']!r} is given twice")
        table[row["id"]] = Rule(row["id"], row["source"], row["section"], row["paraphrase"])
    return table


RULES: dict[str, Rule] = _load()


def add_rules(rules) -> None:
    """Add rule rows (a game's card texts); an id may be added once."""
    for r in rules:
        if r.id in RULES and RULES[r.id] != r:
            raise ValueError(f"rule id {r.id!r} is defined twice")
        RULES[r.id] = r


def add_ruling_rules(options) -> None:
    """Add a `ruling.<name>` row for each ruling option of a game (`rulings.RulingOption`)."""
    add_rules(
        Rule(
            f"ruling.{o.name}",
            "ruling",
            o.name,
            f"{o.question} Default {o.default!r}: {o.why_default}",
        )
        for o in options.values()
    )


def rule(rule_id: str) -> Rule:
    """The rule of an id; KeyError if no such id."""
    return RULES[rule_id]


def rules_about(card_id: str, card_rule: str | None = None) -> list[Rule]:
    """The rules that speak of a card: its printed text (`card_rule`, by default `card.<id>`),
    then every rulebook entry whose id names it (its FAQ entries, `s1.faq.snake.rabbit-turkey`
    for a Rabbit), Season 2 first."""
    card_rule = card_rule or f"card.{card_id}"
    found = [RULES[card_rule]] if card_rule in RULES else []
    for rid in sorted(RULES, key=lambda r: (not r.startswith("s2."), r)):
        if rid.startswith(("card.", "ruling.", "fl.card.")):
            continue
        words = {w for part in rid.split(".") for w in part.split("-")}
        if card_id in words:
            found.append(RULES[rid])
    return found
