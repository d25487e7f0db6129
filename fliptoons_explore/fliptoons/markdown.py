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

from ..words import markdown_events, markdown_rules
from .text import event_sentence, fame_text, grid_text

SEASON_TITLES = {
    "s1": "FlipToons (Season 1)",
    "s2": "FlipToons: Season 2",
    "combined": "FlipToons, Season 1 and Season 2 combined",
}
PLAYS = {
    "resolve": "Flip and Check Fame",
    "round": "one round: Flip, Check Fame, Market",
    "game": "to the end of the game: every round, then the Final Flip",
}


def _names(ids) -> str:
    from .cards import CATALOG

    return ", ".join(CATALOG[c].name if c in CATALOG else str(c) for c in ids) or "—"


def _setup(state: dict) -> list[str]:
    """The table as set up (a recorded state before the first event), one line per player."""
    out = []
    for p in state["players"]:
        rows = p["grid"]
        if any(cell for row in rows for cell in row):
            cards = [
                e["id"] + ("" if e["face_up"] else " (face down)")
                for row in rows
                for cell in row
                for e in cell or ()
            ]
            what = f"a grid built by hand ({_names(cards)}); deck: {_names(p['deck'])}"
        else:
            what = f"deck, top first: {_names(p['deck'])}"
        if p["dismissed"]:
            what += f"; dismissed: {_names(p['dismissed'])}"
        out.append(f"- **{p['name']}** — {what}")
    if any(state["market"]) or state["toon_deck"]:
        out.append(
            f"- market: {_names(c for c in state['market'] if c)}; toon deck, top first: "
            f"{_names(state['toon_deck'])}"
        )
    return out


def resolution_markdown(
    resolution, play: str = "resolve", step: int | None = None, link: str = "", title: str = ""
) -> str:
    """The resolution in Markdown. `play`: how it was played ("resolve" or "round"); `step`: the
    step a reader is pointed at (the explorer's); `link`: the explorer link to put last;
    `title`: a heading (an example's title)."""
    table = resolution.table
    players = table.players
    trace = resolution.trace or []
    lines = [
        f"**{SEASON_TITLES.get(table.season, table.season)}** — {PLAYS.get(play, play)}, step by "
        "step"
    ]
    if title:
        lines += ["", f"> {title}"]
    if hasattr(resolution, "state_after"):
        try:
            lines += ["", "Set up:", *_setup(resolution.state_after(-1))]
        except ValueError:
            pass
    events, cited = markdown_events(trace, players, event_sentence, table.rulings.changed(), step)
    lines += events
    lines += ["", "At the end:", "", "```text"]
    for p in players:
        left = f", {p.fame_left} left to spend" if play == "round" else ""
        lines += [f"{p.name}: {p.fame_total} fame{left}", grid_text(p), fame_text(p), ""]
    lines[-1] = "```"
    lines += markdown_rules(cited)
    if link:
        lines += ["", f"[Open it in the explorer]({link}) (with `fliptoons-explore app` running)"]
    return "\n".join(lines) + "\n"
