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

from ..words import markdown_events, markdown_rules
from .text import event_sentence, points, rows_text

VARIANT_TITLES = {
    "nature": "Flipology: Nature",
    "great-tree": "Flipology: the Great Tree",
    "multi": "Flipology: the multi-game variant",
}
PLAYS = {"resolve": "the turns, then the count", "round": "the round completed, then the count"}


def resolution_markdown(
    resolution, play: str = "resolve", step: int | None = None, link: str = "", title: str = ""
) -> str:
    """The resolution in Markdown. `play`: "resolve" (the scenario's turns) or "round" (the
    round completed); `step`: the step a reader is pointed at; `link`: an explorer link to put
    last; `title`: a heading (an example's title)."""
    table = resolution.table
    players = table.players
    trace = resolution.trace or []
    lines = [
        f"**{VARIANT_TITLES.get(table.variant, table.variant)}** — {PLAYS.get(play, play)}, step "
        "by step"
    ]
    if title:
        lines += ["", f"> {title}"]
    try:
        state = resolution.state_after(-1)
    except ValueError:  # resolved without its states recorded
        state = None
    if state is not None:
        lines += ["", "Set up:"]
        for p in state["players"]:
            cards = [
                e["id"] + ":" + str(e["points"]) + ("" if e["face_up"] else " (face down)")
                for row in p["rows"]
                for e in row
            ]
            lines.append(f"- **{p['name']}** — " + (", ".join(cards) or "no cards"))
        if state["discard"]:
            lines.append(f"- discard pile: {', '.join(state['discard'])}")
    events, cited = markdown_events(trace, players, event_sentence, table.rulings.changed(), step)
    lines += events
    lines += ["", "At the end (face-down cards in parentheses):", "", "```text"]
    for p in table.snapshot()["players"]:
        score = "not scored" if p["score"] is None else points(p["score"])
        lines += [f"{p['name']}: {score}", rows_text(p["rows"]), ""]
    lines[-1] = "```"
    result = getattr(table, "result", None)
    if result is not None and result.winners:
        names = " and ".join(players[i].name for i in result.winners)
        lines += [
            "",
            f"{names} win{'s' if len(result.winners) == 1 else ''}"
            + (" (a face-up Moon: the fewest points win)." if result.moon else "."),
        ]
    lines += markdown_rules(cited)
    if link:
        lines += ["", f"[Open it in the explorer]({link}) (with `fliptoons-explore app` running)"]
    return "\n".join(lines) + "\n"
