"""FlipToons in the rule-reference table (`fliptoons_explore.rules`): each card's printed text as
a `card.<id>` rule, the game's ruling options as `ruling.<name>` rules, and the index of the FAQ
entries by card."""
from __future__ import annotations

from ..rules import RULES, Rule, add_ruling_rules, add_rules
from .cards import CATALOG
from .rulings import OPTIONS


def _card_rule(spec) -> Rule:
    texts = [t for t in (spec.ability, spec.bonus, spec.banner) if t]
    return Rule(f"card.{spec.id}", "card", f"{spec.name} ({spec.rank})", "; ".join(texts) or "no effect")


add_rules(_card_rule(spec) for spec in CATALOG.values())
add_ruling_rules(OPTIONS)


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
