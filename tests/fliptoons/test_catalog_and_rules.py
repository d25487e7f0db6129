"""The card catalog and the rule-reference table."""

import csv
import re
from collections import Counter
from pathlib import Path

import pytest

import fliptoons_explore
from fliptoons_explore import CATALOG, OPTIONS, RULES, Rulings, resolve_table
from fliptoons_explore.fliptoons.cards import STARTING_DECKS, owned_copies, toon_deck
from fliptoons_explore.fliptoons.fame import BONUSES
from fliptoons_explore.fliptoons.flip import PLACEMENT
from fliptoons_explore.fliptoons.sample import random_table

PACKAGE = Path(fliptoons_explore.__file__).parent
SHARED_CARDS = Path(__file__).resolve().parents[3] / "shared" / "cards" / "cards.csv"


def test_each_season_has_53_toon_cards_over_ranks_1_to_25():
    """S1/S2 Components: 53 toon cards; every rank 1-25 used once per season (RULINGS checks)."""
    for season in ("s1", "s2"):
        assert len(toon_deck(season)) == 53
        ranks = sorted(c.rank for c in CATALOG.values() if c.set == season)
        assert ranks == list(range(1, 26))
    assert len(toon_deck("combined")) == 106


def test_starting_decks_multiplayer_and_solo():
    """S2 Setup 2 and Solo Setup; S1 Setup 2 and Solo Setup (RULINGS §18)."""
    assert Counter(STARTING_DECKS[("s2", "multi")]) == {
        "mosquito": 2,
        "spider": 1,
        "grasshopper": 1,
        "ladybug": 1,
        "firefly": 1,
    }
    assert Counter(STARTING_DECKS[("s2", "solo")]) == {
        "mosquito": 3,
        "spider": 1,
        "grasshopper": 1,
        "ladybug": 1,
    }
    assert Counter(STARTING_DECKS[("s1", "multi")]) == {
        "caterpillar": 2,
        "skunk": 1,
        "dragonfly": 1,
        "bee": 1,
        "snail": 1,
    }
    assert Counter(STARTING_DECKS[("s1", "solo")]) == {
        "caterpillar": 3,
        "dragonfly": 1,
        "bee": 1,
        "snail": 1,
    }
    assert all(
        CATALOG[c].rank == 0 and CATALOG[c].starting
        for deck in STARTING_DECKS.values()
        for c in deck
    )


def test_immunities_and_fish():
    """Icons (S1 Icons; S2 Key Concepts: Fish Cards — the Shark is not a fish)."""
    flip_immune = {c.id for c in CATALOG.values() if c.flip_immune}
    assert flip_immune == {
        "eagle",
        "rabbit",
        "elephant",
        "bull",
        "goldfish",
        "starfish",
        "clownfish",
        "swordfish",
        "shark",
    }
    assert {c.id for c in CATALOG.values() if c.dismiss_immune} == {"cat", "tiger", "opossum"}
    assert {c.id for c in CATALOG.values() if c.return_immune} == {"coyote", "zebra"}
    assert {c.id for c in CATALOG.values() if c.fish} == {
        "goldfish",
        "starfish",
        "clownfish",
        "swordfish",
    }


def test_promo_cards_catalogued_but_not_dealt():
    promos = {c.id for c in CATALOG.values() if c.promo}
    assert promos == {"axolotl", "platypus"}
    assert not promos & set(toon_deck("combined"))


def test_every_ability_name_is_registered():
    """DESIGN §4.1: every ability named by the card table has its function."""
    for c in CATALOG.values():
        if c.place:
            assert c.place in PLACEMENT, c.id
        if c.score:
            assert c.score in BONUSES, c.id
        if c.timing == "on-place":
            assert c.place, c.id
        if c.bonus:
            assert c.score, c.id


def test_owned_copies():
    assert owned_copies("crab", "s2") == 2
    assert owned_copies("mosquito", "s2") == 12  # 3 per solo deck x 4 decks
    assert owned_copies("crab", "s1") == 0
    assert owned_copies("crab", "combined") == 2


@pytest.mark.skipif(
    not SHARED_CARDS.exists(), reason="../shared/cards/cards.csv is not beside this checkout"
)
def test_package_card_table_matches_shared_cards_csv():
    """The package data holds the shared cards.csv columns unchanged, plus the ability keys."""
    shared = list(csv.DictReader(SHARED_CARDS.open(newline="")))
    ours = list(csv.DictReader((PACKAGE / "data" / "cards.csv").open(newline="")))
    assert [{k: r[k] for k in shared[0]} for r in ours] == shared


def test_rule_table_rows_are_complete():
    for r in RULES.values():
        assert r.id and r.source and r.section and r.paraphrase and "\n" not in r.paraphrase
    for required in (
        "s2.key.next-revealed",
        "s2.key.previous-placed",
        "s2.key.lowest-rank",
        "s2.key.face-down",
        "s2.key.stack-adjacency",
        "s2.keyword.return",
        "s2.faq.crab",
        "s2.faq.gorilla",
        "s1.faq.snake",
        "s1.faq.cow",
        "jp.market.minimum",
    ):
        assert required in RULES


def test_every_faq_card_has_its_rule_and_every_ruling_option_too():
    for name in OPTIONS:
        assert f"ruling.{name}" in RULES
    for c in CATALOG.values():
        assert f"card.{c.id}" in RULES


def _literal_rule_ids():
    pattern = re.compile(r'"((?:s1|s2|jp|ruling)\.[a-z0-9_.-]+)"')
    for path in PACKAGE.glob("*.py"):
        for m in pattern.finditer(path.read_text()):
            yield path.name, m.group(1)


def test_every_rule_id_written_in_the_engine_exists():
    missing = [(f, r) for f, r in _literal_rule_ids() if r not in RULES]
    assert missing == []


def test_every_rule_id_cited_by_random_resolutions_exists():
    cited = set()
    for seed in range(3000):
        table = random_table(seed, players=1 + seed % 3, random_rulings=True)
        cited |= {e.rule for e in resolve_table(table).trace}
    assert cited - set(RULES) == set()
    assert len(cited) > 40


def test_rulings_reject_unknown_names_and_values():
    with pytest.raises(ValueError, match='unknown ruling option "cow_copy"'):
        Rulings.from_dict({"cow_copy": "total"})
    with pytest.raises(ValueError, match="ruling cow_copies must be one of"):
        Rulings.from_dict({"cow_copies": "best"})
    assert Rulings.from_dict({"cow_copies": "total"}).changed() == {"cow_copies": "total"}
