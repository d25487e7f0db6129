"""FlipToons in the rule-reference table (`fliptoons_explore.rules`): each card's printed text as
a `card.<id>` rule, the game's ruling options as `ruling.<name>` rules, and the index of the FAQ
entries by card."""

from __future__ import annotations

from ..rules import RULES, Rule, add_rules, add_ruling_rules
from .cards import CATALOG
from .rulings import OPTIONS


def _card_rule(spec) -> Rule:
    texts = [t for t in (spec.ability, spec.bonus, spec.banner) if t]
    return Rule(
        f"card.{spec.id}", "card", f"{spec.name} ({spec.rank})", "; ".join(texts) or "no effect"
    )


add_rules(_card_rule(spec) for spec in CATALOG.values())
add_ruling_rules(OPTIONS)


def _faq_index() -> dict[str, str]:
    """{card id: its FAQ entry id}, newest season first (`s2.faq.spider-grasshopper` serves
    both)."""
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


# -- the season a rule belongs to ---------------------------------------------------------------

#: A Season 2 rule that the Season 1 rulebook states too, with the id of its Season 1 wording. The
#: engine names these rules by their S2 id; a Season 1 table's trace cites the S1 one instead
#: (`citations`), so that every event cites the rulebook of the season played. Checked by hand
#: against both rulebooks' texts (S1's "Card abilities resolving at the same moment..." is printed
#: in its Flip section, S2's in its Market section; S2's Key Concepts on stacks and face-down
#: cards are S1's Keywords). S2 Key Concepts without a Season 1 wording apply to both seasons
#: (they apply to Season 1 cards too).
SEASON_1_WORDING = {
    **{
        f"s2.{r}": f"s1.{r}"
        for r in (
            "objective",
            "card-anatomy",
            "round",
            "setup",
            "setup.starting-deck",
            "setup.price-cards",
            "setup.toon-deck",
            "setup.market",
            "setup.critics-choice",
            "setup.first-player",
            "flip",
            "flip.shuffle",
            "flip.reveal",
            "flip.next-slot",
            "flip.placement",
            "flip.fill",
            "flip.short-deck",
            "flip.ability-count",
            "flip.scope",
            "check-fame",
            "check-fame.lock",
            "check-fame.critics-choice",
            "check-fame.critics-choice-tie",
            "check-fame.trigger",
            "market",
            "market.actions",
            "market.hire",
            "market.dismiss",
            "market.not-dismissable",
            "market.own-grid",
            "market.minimum",
            "market.no-carry",
            "market.refill",
            "market.next-player",
            "market.depleted",
            "market.end",
            "cleanup",
            "cleanup.next-round",
            "cleanup.end",
            "final-flip",
            "final-flip.winner",
            "final-flip.tie",
            "keyword.adjacent",
            "keyword.dismiss",
            "keyword.flip",
            "keyword.stack",
            "keyword.stack.onto-stack",
            "solo",
            "solo.setup",
            "solo.setup.discard",
            "solo.setup.unused",
            "solo.turn",
            "solo.market-discard",
            "solo.lose",
            "solo.win",
            "solo.difficulty",
        )
    },
    "s2.market.order": "s1.flip.order",
    "s2.cleanup.low-count": "s1.cleanup.two-players",
    "s2.key.stack-adjacency": "s1.keyword.stack-adjacency",
    "s2.key.stacked-cards": "s1.keyword.stacked-cards",
    "s2.key.face-down": "s1.keyword.flip.face-down",
    "s2.key.face-down.flipped-up": "s1.keyword.flip.face-up-again",
}

SEASONS = frozenset({"s1", "s2", "combined"})


def citations(season: str) -> dict | None:
    """What a table of this season's trace cites instead of a rule id (`events.Trace.cite`):
    the Season 1 wording of a Season 2 rule in a Season 1 game, nothing to change otherwise."""
    return SEASON_1_WORDING if season == "s1" else None


def seasons_of_rule(rule_id: str) -> frozenset:
    """The seasons ('s1', 's2', 'combined') whose games may cite a rule: a rulebook's own rules
    belong to its season, a Season 2 Key Concept (or Keyword) without a Season 1 wording to both,
    the Combining Games rules to the combined game, a card's printed text to its card's season
    (a promo card's to every season: a scenario may hold one in any),
    ruling options and the engine's limits to all; a combined game plays both seasons' cards and
    cites both rulebooks. An unknown id belongs to none."""
    if rule_id not in RULES:
        return frozenset()
    source = rule_id.split(".", 1)[0]
    if source in ("ruling", "engine"):
        return SEASONS
    if source == "card":
        season = CATALOG[rule_id[5:]].season
        return SEASONS if season == "promo" else frozenset({season, "combined"})
    if source in ("s1", "jp"):
        return frozenset({"s1", "combined"})
    if rule_id.startswith("s2.combined"):
        return frozenset({"combined"})
    shared = rule_id.startswith(("s2.key.", "s2.keyword.")) and rule_id not in SEASON_1_WORDING
    return SEASONS if shared else frozenset({"s2", "combined"})
