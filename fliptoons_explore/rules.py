"""The rule-reference table: every rule id the trace may cite, with its source and a one-line
paraphrase in our own words (DESIGN.md §4.3).

Three kinds of ids: rulebook rules from `data/rules.csv` (`s2.key.next-revealed`,
`s1.faq.snake`, `jp.market.minimum`), a card's own printed text (`card.<id>`, from the card
table) and the ruling options (`ruling.<name>`, from `rulings.OPTIONS`).
"""
from __future__ import annotations

import csv
from dataclasses import dataclass
from importlib import resources

from .cards import CATALOG
from .rulings import OPTIONS

SOURCES = {
    "S2": "FlipToons: Season 2 rulebook (English)",
    "S1": "FlipToons rulebook, Season 1 (English, v.2)",
    "JP": "FlipToons Season 1 rules summary (Japanese)",
    "card": "printed card text (cards.csv)",
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


def _card_rule(spec) -> Rule:
    texts = [t for t in (spec.ability, spec.bonus, spec.banner) if t]
    return Rule(f"card.{spec.id}", "card", f"{spec.name} ({spec.rank})", "; ".join(texts) or "no effect")


def _load() -> dict[str, Rule]:
    text = resources.files("fliptoons_explore").joinpath("data/rules.csv").read_text("utf-8")
    table = {}
    for row in csv.DictReader(text.splitlines()):
        table[row["id"]] = Rule(row["id"], row["source"], row["section"], row["paraphrase"])
    for spec in CATALOG.values():
        table[f"card.{spec.id}"] = _card_rule(spec)
    for option in OPTIONS.values():
        table[f"ruling.{option.name}"] = Rule(
            f"ruling.{option.name}", "ruling", option.name,
            f"{option.question} Default {option.default!r}: {option.why_default}")
    return table


RULES: dict[str, Rule] = _load()


def _faq_index() -> dict[str, str]:
    """{card id: its FAQ entry id}, newest season first (`s2.faq.spider-grasshopper` serves both)."""
    index: dict[str, str] = {}
    for rid in sorted(RULES, key=lambda r: (not r.startswith("s2."), r)):
        parts = rid.split(".")
        if len(parts) == 3 and parts[0] in ("s1", "s2") and parts[1] == "faq":
            for card_id in parts[2].split("-"):
                index.setdefault(card_id, rid)
    return index


FAQ_OF: dict[str, str] = _faq_index()


def faq_for(card_id: str) -> str | None:
    """The id of the FAQ entry about a card, if the rulebooks have one."""
    return FAQ_OF.get(card_id)


def rule(rule_id: str) -> Rule:
    """The rule of an id; KeyError if no such id."""
    return RULES[rule_id]


def rules_about(card_id: str) -> list[Rule]:
    """The rules that speak of a card: its printed text (`card.<id>`), then every rulebook entry
    whose id names it (its FAQ entries, `s1.faq.snake.rabbit-turkey` for a Rabbit), Season 2 first."""
    found = [RULES[f"card.{card_id}"]] if f"card.{card_id}" in RULES else []
    for rid in sorted(RULES, key=lambda r: (not r.startswith("s2."), r)):
        if rid.startswith(("card.", "ruling.")):
            continue
        words = {w for part in rid.split(".") for w in part.split("-")}
        if card_id in words:
            found.append(RULES[rid])
    return found
