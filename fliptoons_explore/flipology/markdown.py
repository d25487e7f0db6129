"""A Flipology resolution as Markdown, for a forum post beside a link to it: the table as set up,
every event in plain words with the rule it follows, each player's rows and count at the end,
the winners, then the rules cited with their paraphrase and source.

    >>> from fliptoons_explore.flipology import resolve
    >>> from fliptoons_explore.flipology.markdown import resolution_markdown
    >>> r = resolve({"game": "flipology", "players": [{"name": "Ann", "rows": [["dog", "panda"]]}],
    ...              "turns": [{"player": 0, "flip": [0, 0]}]}, record=True)
    >>> print(resolution_markdown(r).splitlines()[0])
    **Flipology: Nature** — the turns, then the count, step by step

The same text comes from `fliptoons-explore resolve SCENARIO.json --markdown` and the explorer's
"copy as Markdown". Pure and deterministic.
"""
from __future__ import annotations

import json

from ..rules import RULES, SOURCES
from .text import event_sentence, rows_text

VARIANT_TITLES = {"nature": "Flipology: Nature", "great-tree": "Flipology: the Great Tree",
                  "multi": "Flipology: the multi-game variant"}
PLAYS = {"resolve": "the turns, then the count", "round": "the round completed, then the count"}


def resolution_markdown(resolution, play: str = "resolve", step: int | None = None, link: str = "",
                        title: str = "") -> str:
    """The resolution in Markdown. `play`: "resolve" (the scenario's turns) or "round" (the
    round completed); `step`: the step a reader is pointed at; `link`: an explorer link to put
    last; `title`: a heading (an example's title)."""
    table = resolution.table
    players = table.players
    trace = resolution.trace or []
    lines = [f"**{VARIANT_TITLES.get(table.variant, table.variant)}** — {PLAYS.get(play, play)}, step by step"]
    if title:
        lines += ["", f"> {title}"]
    try:
        state = resolution.state_after(-1)
    except ValueError:  # resolved without its states recorded
        state = None
    if state is not None:
        lines += ["", "Set up:"]
        for p in state["players"]:
            cards = [e["id"] + ":" + str(e["points"]) + ("" if e["face_up"] else " (face down)")
                     for row in p["rows"] for e in row]
            lines.append(f"- **{p['name']}** — " + (", ".join(cards) or "no cards"))
        if state["discard"]:
            lines.append(f"- discard pile: {', '.join(state['discard'])}")
    rulings = table.rulings.changed()
    if rulings:
        lines.append("- ruling options: " + ", ".join(f"`{k}` = {json.dumps(v)}" for k, v in sorted(rulings.items())))
    lines += ["", "What happens:"]
    cited: list[str] = []
    for e in trace:
        if e.rule not in cited:
            cited.append(e.rule)
        if e.kind == "phase":
            lines += ["", f"**{event_sentence(e, players).rstrip('.')}** (`{e.rule}`)"]
            continue
        cause = f", after #{e.cause}" if e.cause is not None else ""
        lines.append(f"- #{e.step} {event_sentence(e, players)} (`{e.rule}`{cause})")
    if step is not None and 0 <= step < len(trace):
        lines += ["", f"The link opens it at #{step}: {event_sentence(trace[step], players)}"]
    lines += ["", "At the end (face-down cards in parentheses):", "", "```text"]
    for p in table.snapshot()["players"]:
        score = "-" if p["score"] is None else p["score"]
        lines += [f"{p['name']}: {score} points", rows_text(p["rows"]), ""]
    lines[-1] = "```"
    result = getattr(table, "result", None)
    if result is not None and result.winners:
        names = " and ".join(players[i].name for i in result.winners)
        lines += ["", f"{names} win{'s' if len(result.winners) == 1 else ''}"
                  + (" (a face-up Moon: the fewest points win)." if result.moon else ".")]
    lines += ["", "Rules cited:"]
    for rid in cited:
        rule = RULES.get(rid)
        if rule is None:
            lines.append(f"- `{rid}`")
            continue
        source = SOURCES.get(rule.source, rule.source)
        lines.append(f"- `{rid}` — {rule.paraphrase} ({source}{', ' + rule.section if rule.section else ''})")
    if link:
        lines += ["", f"[Open it in the explorer]({link}) (with `fliptoons-explore app` running)"]
    return "\n".join(lines) + "\n"
