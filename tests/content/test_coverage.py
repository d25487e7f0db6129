"""Every rule of the rulebooks is taught by an exercise of the course or listed with why not
(fliptoons_explore/content/coverage.py), and docs/teaching.md shows the table as generated."""

from __future__ import annotations

from pathlib import Path

import pytest

from fliptoons_explore.content import coverage

DOCS = Path(__file__).resolve().parents[2] / "docs" / "teaching.md"


@pytest.fixture(scope="module")
def found():
    return coverage.taught()


def test_every_rule_is_taught_or_listed_with_a_reason(found):
    assert coverage.untaught(found) == []


def test_the_teachers_page_shows_the_table_as_generated(found):
    """Regenerate with `python -m fliptoons_explore.content.coverage` and paste it into the
    Coverage section of docs/teaching.md."""
    assert coverage.markdown(found) in DOCS.read_text(encoding="utf-8")


def test_an_exercise_teaches_its_rule_its_trace_and_what_its_feedback_names():
    from fliptoons_explore import situation
    from fliptoons_explore.content.teach import Exercise

    shark = Exercise(
        "How much fame does Ann score?",
        situation("s2.key.fish.four-fish-and-a-shark"),
        "fame.Ann",
        mistakes={31: "The Shark is not a fish card (rule s2.key.fish; see also s2.faq.fox)."},
    )
    assert {"s2.key.fish", "s2.check-fame", "card.shark", "s2.faq.fox"} <= shark.teaches
    assert "s2.faq.rat" not in shark.teaches


def test_a_note_names_known_rules_and_a_reason():
    rules = set(coverage.rulebook_rules())
    for note in coverage.NOTES.values():
        assert note.rule in rules and note.reason
        assert not note.taught_as or note.taught_as in rules
