"""A FlipToons resolution as Markdown, ready to paste into a forum post beside a link to it: the
situation as set up, every event in plain words with the rule it follows, each player's grid as
text and fame at the end, then the rules cited, each with its paraphrase and source.

    >>> from fliptoons_explore import resolve
    >>> from fliptoons_explore.fliptoons.markdown import resolution_markdown
    >>> r = resolve({"players": [{"name": "Ann", "deck": ["gorilla", "coyote"]}]}, record=True)
    >>> print(resolution_markdown(r).splitlines()[0])
    **FlipToons: Season 2** — Flip and Check Fame, step by step

The same text comes from `fliptoons-explore resolve SCENARIO.json --markdown` and from the
explorer's "copy as Markdown". Pure and deterministic (no dates, no addresses).
"""
from __future__ import annotations

import json

from ..rules import RULES, SOURCES
from .text import event_sentence, fame_text, grid_text

SEASON_TITLES = {"s1": "FlipToons (Season 1)", "s2": "FlipToons: Season 2",
                 "combined": "FlipToons, Season 1 and Season 2 combined"}
PLAYS = {"resolve": "Flip and Check Fame", "round": "one round: Flip, Check Fame, Market",
         "game": "to the end of the game: every round, then the Final Flip"}


def _names(ids) -> str:
    from .cards import CATALOG
    return ", ".join(CATALOG[c].name if c in CATALOG else str(c) for c in ids) or "—"


def _setup(state: dict) -> list[str]:
    """The table as set up (a recorded state before the first event), one line per player."""
    out = []
    for p in state["players"]:
        rows = p["grid"]
        if any(cell for row in rows for cell in row):
            cards = [e["id"] + ("" if e["face_up"] else " (face down)") for row in rows for cell in row for e in cell or ()]
            what = f"a grid built by hand ({_names(cards)}); deck: {_names(p['deck'])}"
        else:
            what = f"deck, top first: {_names(p['deck'])}"
        if p["dismissed"]:
            what += f"; dismissed: {_names(p['dismissed'])}"
        out.append(f"- **{p['name']}** — {what}")
    if any(state["market"]) or state["toon_deck"]:
        out.append(f"- market: {_names(c for c in state['market'] if c)}; toon deck, top first: "
                   f"{_names(state['toon_deck'])}")
    return out


def resolution_markdown(resolution, play: str = "resolve", step: int | None = None, link: str = "",
                        title: str = "") -> str:
    """The resolution in Markdown. `play`: how it was played ("resolve" or "round"); `step`: the
    step a reader is pointed at (the explorer's); `link`: the explorer link to put last;
    `title`: a heading (an example's title)."""
    table = resolution.table
    players = table.players
    trace = resolution.trace or []
    lines = [f"**{SEASON_TITLES.get(table.season, table.season)}** — {PLAYS.get(play, play)}, step by step"]
    if title:
        lines += ["", f"> {title}"]
    rulings = table.rulings.changed()
    if hasattr(resolution, "state_after"):
        try:
            lines += ["", "Set up:", *_setup(resolution.state_after(-1))]
        except ValueError:
            pass
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
    lines += ["", "At the end:", "", "```text"]
    for p in players:
        left = f", {p.fame_left} left to spend" if play == "round" else ""
        lines += [f"{p.name}: {p.fame_total} fame{left}", grid_text(p), fame_text(p), ""]
    lines[-1] = "```"
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
