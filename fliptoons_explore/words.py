"""Events as numbered trace lines, in either game: the line's frame (step, phase, who, cause,
rule) is the toolkit's, the words of the event its game's (`table.game.event_words`). Pure
functions, deterministic output (the notebooks compare it)."""
from __future__ import annotations

from .rules import RULES


def event_text(event, players, game) -> str:
    """'#12  flip       Ann: stack rat onto grasshopper at slot 4 (lower left)  <- #11  [card.rat]'"""
    who = players[event.player].name if event.player is not None else "table"
    cause = f"  <- #{event.cause}" if event.cause is not None else ""
    return f"#{event.step:<3} {event.phase:<10} {who}: {game.event_words(event)}{cause}  [{event.rule}]"


def event_label(event, players, game) -> str:
    """'#7 Ann: place coyote above gorilla at extra row 1, middle' (no rule, no cause)."""
    who = players[event.player].name if event.player is not None else "table"
    return f"#{event.step} {who}: {game.event_words(event)}"


def trace_text(trace, players, game, paraphrase: bool = False) -> str:
    """Every event as a numbered line, each followed by its rule's paraphrase if `paraphrase`."""
    lines = []
    for e in trace:
        lines.append(event_text(e, players, game))
        if paraphrase and e.rule in RULES:
            lines.append(f"       {RULES[e.rule].paraphrase}")
    return "\n".join(lines)


def cap(text: str) -> str:
    """The text with its first letter a capital."""
    return text[:1].upper() + text[1:]
