"""Ruling options: named switches for the readings the rulebooks leave open (DESIGN.md §4.4).

Each option has a default (the English rulebooks' most literal reading) and the alternatives a
table might play. `Rulings()` is the default set; `Rulings.from_dict({...})` checks names and values.
The trace cites `ruling.<name>` wherever an option decided something.
"""
from __future__ import annotations

from dataclasses import dataclass, fields, replace


@dataclass(frozen=True)
class RulingOption:
    name: str
    default: object
    choices: tuple
    question: str
    why_default: str


OPTIONS: dict[str, RulingOption] = {o.name: o for o in (
    RulingOption(
        "flip_players", "clockwise", ("clockwise", "lockstep"),
        "All players flip at once; in what order do they draw from the shared toon deck (Snake, Mongoose)?",
        "Each player's whole Flip in turn, clockwise from the first player, the order the Key "
        "Concepts give for effects resolved after the Flip; 'lockstep' reveals one card per player in turn."),
    RulingOption(
        "flip_trigger_order", "flip-order", ("flip-order", "reading-order"),
        "Effects of one player that resolve together after the Flip: in flip order (S2) or left to right, top row first (S1 text)?",
        "Season 2 says 'in the order they were flipped' and is the newer text."),
    RulingOption(
        "extra_rows_in_columns", True, (True, False),
        "Do Spider, Grasshopper and Sheep columns run through the extra rows a Monkey or Gorilla creates?",
        "An extra row 'is considered part of a player's grid' and the Crab FAQ puts the row above a "
        "middle-column Gorilla in the middle column."),
    RulingOption(
        "extra_rows_topmost", True, (True, False),
        "Is an extra row the 'topmost row' when breaking lowest-rank ties and reading 'the first' card?",
        "The extra row is part of the grid and lies above the upper row; it is only 'not the upper row'."),
    RulingOption(
        "cow_copies", "printed", ("printed", "total"),
        "Does the Cow copy a card's printed fame or its total with bonus?",
        "The Cow copies 'the fame of' a card: the printed number in its fame circle."),
    RulingOption(
        "lion_without_neighbours", "bonus", ("bonus", "no-bonus"),
        "What does a Lion score with no face-up adjacent card?",
        "'+4 if every face-up adjacent card has rank 16 or lower' holds when there is none."),
    RulingOption(
        "dragonfly_unique", "distinct", ("distinct", "once"),
        "Dragonfly '+1 per unique adjacent card': one per distinct name, or only names seen exactly once?",
        "The S1 example counts each different name; 'distinct' reads it so."),
    RulingOption(
        "snake_gained_abilities", False, (False, True),
        "Does a card a Snake stacks from the toon deck use its placement ability?",
        "The Snake FAQ has a gained Rabbit or Turkey stay on the Snake: gained cards do not activate."),
    RulingOption(
        "sloth_counts", "all", ("all", "face-up"),
        "Which cards count toward the Sloth's 'at least eight cards' in the grid?",
        "A face-down card 'is still a card'; every card in the grid, extra rows included, counts."),
)}


@dataclass(frozen=True)
class Rulings:
    """The ruling options in force. Field defaults are the documented defaults of `OPTIONS`."""

    flip_players: str = "clockwise"
    flip_trigger_order: str = "flip-order"
    extra_rows_in_columns: bool = True
    extra_rows_topmost: bool = True
    cow_copies: str = "printed"
    lion_without_neighbours: str = "bonus"
    dragonfly_unique: str = "distinct"
    snake_gained_abilities: bool = False
    sloth_counts: str = "all"

    @classmethod
    def from_dict(cls, values: dict) -> "Rulings":
        """Rulings from {name: value}; ValueError naming a wrong name or value."""
        changes = {}
        for name, value in values.items():
            option = OPTIONS.get(name)
            if option is None:
                raise ValueError(f"unknown ruling option {name!r} (known: {', '.join(OPTIONS)})")
            if value not in option.choices or type(value) is not type(option.default):
                raise ValueError(f"ruling {name!r} must be one of {', '.join(map(_show, option.choices))}, "
                                 f"got {_show(value)}")
            changes[name] = value
        return replace(cls(), **changes)

    def changed(self) -> dict:
        """The options that differ from the defaults."""
        return {f.name: getattr(self, f.name) for f in fields(self) if getattr(self, f.name) != f.default}


def _show(value: object) -> str:
    import json
    return json.dumps(value)


assert {f.name: f.default for f in fields(Rulings)} == {n: o.default for n, o in OPTIONS.items()}
