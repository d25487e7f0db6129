"""Flipology in the rule-reference table (`fliptoons_explore.rules`): its ruling options as
`ruling.<name>` rules (its rulebook's rules and card paragraphs are rows of `data/rules.csv`,
`fl.*`)."""

from __future__ import annotations

from ..rules import add_ruling_rules
from .rulings import OPTIONS

add_ruling_rules(OPTIONS)
