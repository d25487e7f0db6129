"""Events as numbered trace lines, in either game: the line's frame (step, phase, who, cause,
rule) is the toolkit's, the words of the event its game's (`table.game.event_words`). Pure
functions, deterministic output (the notebooks compare it)."""

from __future__ import annotations

from .rules import RULES


def event_text(event, players, game) -> str:
    """'#12  flip       Ann: stack rat onto grasshopper at slot 4 (lower left)  <- #11  [card.rat]'"""  # noqa: E501
    return line(event, players, game.event_words(event, players))


def line(event, players, said: str) -> str:
    """A trace line around what the event says (`said`, in its game's words)."""
    who = players[event.player].name if event.player is not None else "table"
    cause = f"  <- #{event.cause}" if event.cause is not None else ""
    return f"#{event.step:<3} {event.phase:<10} {who}: {said}{cause}  [{'; '.join(cites(event))}]"


def cites(event) -> tuple:
    """The rule ids an event cites: its rule and, beside it, the ruling option that decided (a
    game's events may have none)."""
    ruling = getattr(event, "ruling", None)
    return (event.rule,) if ruling is None else (event.rule, *ruling.split("; "))


def event_label(event, players, game) -> str:
    """'#7 Ann: place coyote above gorilla at extra row 1, middle' (no rule, no cause)."""
    who = players[event.player].name if event.player is not None else "table"
    return f"#{event.step} {who}: {game.event_words(event, players)}"


def trace_text(trace, players, game, paraphrase: bool = False) -> str:
    """Every event as a numbered line, each followed by its rule's paraphrase if `paraphrase`."""
    return lines_text(trace, players, lambda e: game.event_words(e, players), paraphrase)


def lines_text(trace, players, event_words, paraphrase: bool = False) -> str:
    """Every event as a numbered line in the words of `event_words(event)`, each followed by its
    rule's paraphrase if `paraphrase`."""
    lines = []
    for e in trace:
        lines.append(line(e, players, event_words(e)))
        if paraphrase:
            lines += paraphrases(e)
    return "\n".join(lines)


def paraphrases(event) -> list[str]:
    """The paraphrase of each rule the event cites, as indented lines."""
    return [f"       {RULES[r].paraphrase}" for r in cites(event) if r in RULES]


def cap(text: str) -> str:
    """The text with its first letter a capital."""
    return text[:1].upper() + text[1:]


# -- Markdown (a resolution for a forum post: each game's `markdown` module) ----------------------


def markdown_events(
    trace, players, sentence, rulings: dict, step: int | None
) -> tuple[list[str], list[str]]:
    """(the lines of the ruling options set and of "What happens:", the rules cited in order): a
    phase in bold, every other event a bullet "#N sentence (`rule`, after #cause)", then the step
    a link points at; `sentence(event, players)` is the game's."""
    import json

    lines = []
    if rulings:
        lines.append(
            "- ruling options: "
            + ", ".join(f"`{k}` = {json.dumps(v)}" for k, v in sorted(rulings.items()))
        )
    lines += ["", "What happens:"]
    cited: list[str] = []
    for e in trace:
        if e.rule not in cited:
            cited.append(e.rule)
        if e.kind == "phase":
            lines += ["", f"**{sentence(e, players).rstrip('.')}** (`{e.rule}`)"]
            continue
        cause = f", after #{e.cause}" if e.cause is not None else ""
        lines.append(f"- #{e.step} {sentence(e, players)} (`{e.rule}`{cause})")
    if step is not None and 0 <= step < len(trace):
        lines += ["", f"The link opens it at #{step}: {sentence(trace[step], players)}"]
    return lines, cited


def markdown_rules(cited) -> list[str]:
    """The lines of "Rules cited:": each rule with its paraphrase and source."""
    from .rules import SOURCES

    lines = ["", "Rules cited:"]
    for rid in cited:
        rule = RULES.get(rid)
        if rule is None:
            lines.append(f"- `{rid}`")
            continue
        source = SOURCES.get(rule.source, rule.source)
        lines.append(
            f"- `{rid}` — {rule.paraphrase} ({source}{', ' + rule.section if rule.section else ''})"
        )
    return lines
