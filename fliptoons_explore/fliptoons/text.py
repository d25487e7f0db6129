"""Plain-text views of a FlipToons resolution: the grid, the fame breakdown, the numbered trace,
events in words and as sentences. Pure functions, deterministic output (the notebooks compare it).
"""

from __future__ import annotations

import re
from types import SimpleNamespace

from .. import words
from .grid import space_name

CELL = 18


def _card_label(card) -> str:
    return card.spec.id if card.face_up else f"({card.spec.id}, face down)"


def grid_text(player) -> str:
    """The grid drawn with one column of text per grid column; stacks read bottom to top."""
    grid = player.grid
    cell = max([CELL] + [len(_card_label(c)) + 5 for c in grid.cards()])
    names = {(-i - 1): f"extra {i + 1}" for i in range(grid.extra_height())}
    names.update({0: "upper", 1: "lower"})
    lines = [" " * 8 + "".join(f"| {h:<{cell - 2}}" for h in ("left", "middle", "right")) + "|"]
    for row in range(-grid.extra_height(), 2):
        stacks = [grid.at(row, col) or [] for col in range(3)]
        height = max(1, *(len(s) for s in stacks))
        for h in range(height):
            cells = []
            for s in stacks:
                text = "" if h >= len(s) else ("" if h == 0 else "+ ") + _card_label(s[h])
                cells.append(f"| {text:<{cell - 2}}")
            lines.append(f"{names[row] if h == 0 else '':<8}" + "".join(cells) + "|")
    return "\n".join(lines)


def fame_text(player) -> str:
    """One line per scoring card, the critic's choice +3 if the total holds it (a Final Flip),
    then the total."""
    lines = []
    in_grid = {c.uid for c in player.grid.cards()}
    for e in player.fame:
        where = space_name(e.pos) + (f", stack {e.height + 1}" if e.height else "")
        if e.card.uid not in in_grid:
            where += "; has left the grid since"
        parts = f"{e.base}"
        if e.bonus or e.card.spec.score:
            parts += f" {e.bonus:+d}"
        if e.gained:
            parts += f" {e.gained:+d} gained"
        lines.append(f"  {e.card.spec.id:<14} {e.fame:>3}   ({parts}; {where})")
    extra = player.fame_total - sum(e.fame for e in player.fame)
    if extra and player.critics_choice:
        lines.append(f"  critic's choice{extra:>+3}")  # the total's column
    lines.append(f"  {'total':<14} {player.fame_total:>3}")
    return "\n".join(lines)


def _where(event) -> str:
    return space_name(tuple(event.pos)) if event.pos is not None else ""


def event_words(event) -> str:
    """What an event says, in words: 'stack rat onto grasshopper at slot 4 (lower left)'."""
    card, target, where = event.card or "", event.target, _where(event)
    kind = event.kind
    if kind == "phase":
        return f"-- {event.detail} --"
    if kind == "place":
        text = f"place {card} " + (f"above {target} " if target else "") + f"at {where}"
    elif kind == "stack":
        text = f"stack {card} onto {target} at {where}"
    elif kind == "move":
        text = f"move {card} to {where}"
    elif kind == "flip":
        text = f"flip {card} face {'up' if event.value else 'down'} at {where}"
    elif kind == "return":
        text = f"return {card}" + (f" from {where}" if where else "") + " to the bottom of the deck"
    elif kind == "fame":
        text = f"{card} at {where} scores {event.value}"
    elif kind == "decision":
        text = f"{card or 'player'} chooses {target}" + (
            "" if event.value is None else f" (worth {event.value})"
        )
    elif kind == "least_fame":
        text = f"{card}: {event.detail}"
        return text
    elif kind == "hire":
        text = f"hire {card}" + ("" if event.value is None else f" for {event.value} fame")
    elif kind == "dismiss" and event.value is not None:
        text = f"dismiss {card} for {event.value} fame"
    elif kind == "collect":
        text = f"collect {event.value} card{'s' if event.value != 1 else ''}"
    elif kind in ("trigger", "reveal", "dismiss", "gain", "ignored", "queued"):
        text = f"{kind} {card}".rstrip() + (f" ({target})" if target and kind != "gain" else "")
        if kind == "gain" and where:
            text += f" at {where}"
    else:
        text = f"{kind.replace('_', ' ')} {card}".rstrip()
    if event.detail:
        text += f": {event.detail}"
    return text


def event_text(event, players) -> str:
    """'#12  flip  Ann: stack rat onto grasshopper at slot 4 (lower left)  <- #11  [card.rat]'"""
    return words.line(event, players, event_words(event))


def trace_text(trace, players, paraphrase: bool = False) -> str:
    """Every event as a numbered line (`event_text`), each followed by its rule's paraphrase if
    `paraphrase`."""
    return words.lines_text(trace, players, event_words, paraphrase)


def round_text(game) -> str:
    """A round played from a scenario: like `resolution_text`, with the fame left to each player."""
    return resolution_text(game, trace=True, fame_left=True)


def game_text(game) -> str:
    """A game played from a scenario: the table as the game ends (as `round_text` shows it), each
    round's fame and first player, the Final Flip and its re-flips, the result, then the trace."""
    text = resolution_text(game, trace=False, fame_left=True)
    names = [p.name for p in game.table.players]
    out = [text, "", "== rounds =="]
    for r in game.history:
        fame = ", ".join(f"{n} {f}" for n, f in zip(names, r.fame))
        out.append(f"round {r.round} (first player {names[r.first_player]}): {fame}")
    result = game.result
    for k, flip in enumerate(result.flips):
        fame = ", ".join(f"{names[i]} {f}" for i, f in zip(flip.players, flip.fame))
        out.append(("Final Flip" if k == 0 else f"re-flip {k}") + f": {fame}")
    out.append("== result ==")
    out.append(result_text(result, names))
    if game.trace is not None:
        out += ["", "== trace ==", trace_text(game.trace, game.table.players)]
    return "\n".join(out)


def result_text(result, names) -> str:
    """'Ann wins after 3 rounds: a player generated 30 fame', 'solo game won in round 2: ...',
    'Ann and Ben tie after 1 round: ...'."""
    rounds = f"{result.rounds} round{'' if result.rounds == 1 else 's'}"
    if result.solo:
        return f"solo game {result.solo} in round {result.rounds}: {result.reason}"
    winners = [names[i] for i in result.winners]
    who = f"{winners[0]} wins" if len(winners) == 1 else " and ".join(winners) + " tie"
    return f"{who} after {rounds}: {result.reason}"


def resolution_text(resolution, trace: bool = True, fame_left: bool = False) -> str:
    """Every player's grid and fame, the market and toon deck (if there is either), then the
    numbered trace."""
    table = resolution.table
    out = []
    for p in table.players:
        left = f", {p.fame_left} left" if fame_left else ""
        out.append(f"== {p.name}: {p.fame_total} fame{left} ==")
        out.append(grid_text(p))
        out.append(fame_text(p))
        out.append(f"  deck (top first): {', '.join(c.spec.id for c in p.deck) or '-'}")
        if p.dismissed:
            out.append(f"  dismissed: {', '.join(c.spec.id for c in p.dismissed)}")
        out.append("")
    if any(table.market) or table.toon_deck:  # a scenario without either has no Market
        market = ", ".join(c.spec.id if c else "-" for c in table.market)
        out.append(f"market: {market}")
        out.append(f"toon deck (top first): {', '.join(c.spec.id for c in table.toon_deck) or '-'}")
    for note in getattr(table, "notes", []):
        out.append(f"note: {note}")
    if trace and resolution.trace is not None:
        if out[-1]:
            out.append("")
        out.append("== trace ==")
        out.append(trace_text(resolution.trace, table.players))
    return "\n".join(out)


# -- a recorded state as text --------------------------------------------------------------------


def _grid_from_json(rows: list):
    """A Grid of stand-in cards from a grid in the JSON shape (rows top first)."""
    from .cards import CATALOG
    from .grid import Grid
    from .state import Card

    grid = Grid()
    n_extra = len(rows) - 2
    for j, row in enumerate(rows):
        for col, cell in enumerate(row):
            for entry in cell or ():
                card = Card(-1, CATALOG[entry["id"]], entry["face_up"])
                r = j - n_extra
                if grid.at(r, col) is None:
                    grid.put(card, r, col)
                else:
                    grid.stack_on(card, r, col)
    return grid


def state_text(state: dict) -> str:
    """A recorded state as text: every player's grid, revealed card, deck and dismissed pile,
    then the market and the toon deck (deterministic; the notebooks compare it)."""
    out = []
    for p in state["players"]:
        out.append(f"== {p['name']} ==")
        out.append(grid_text(SimpleNamespace(grid=_grid_from_json(p["grid"]))))
        if p["revealed"]:
            out.append(f"  revealed: {p['revealed']}")
        out.append(f"  deck (top first): {', '.join(p['deck']) or '-'}")
        if p["dismissed"]:
            out.append(f"  dismissed: {', '.join(p['dismissed'])}")
    if any(state["market"]) or state["toon_deck"] or state["discard"]:
        out.append(f"market: {', '.join(c or '-' for c in state['market'])}")
        out.append(f"toon deck (top first): {', '.join(state['toon_deck']) or '-'}")
    if state["discard"]:
        out.append(f"discard: {', '.join(state['discard'])}")
    return "\n".join(out)


# -- events as sentences a player would say --------------------------------------------------------


def _name(card_id) -> str:
    from .cards import CATALOG

    spec = CATALOG.get(card_id)
    return f"the {spec.name}" if spec else str(card_id)


#: A phase event's detail that is already a statement ("the first player card passes to Ann")
_STATEMENT = re.compile(r"\b(passes|begins|wait|waits|discarded)\b")


def phase_sentence(detail: str) -> str:
    """A phase event as a sentence: its name begins ('Final Flip begins (a player generated 30
    fame).', "Ann's after-Market effects begin, right after their own turn."), or its detail
    when it says what happens ('The first player card passes to Ben.')."""
    if _STATEMENT.search(detail):
        return detail[:1].upper() + detail[1:] + "."
    head, sep, rest = (re.split(r"( \(|, )", detail, maxsplit=1) + ["", ""])[:3]
    plural = head.endswith("effects") or head.lower().startswith("effects ")
    verb = "begin" if plural else "begins"
    return f"{head[:1].upper()}{head[1:]} {verb}{sep}{rest}."


def event_sentence(event, players) -> str:
    """An event as a sentence: 'Jordy: the Rat is stacked onto the Grasshopper in slot 4 (lower
    left).' (the trace line in plain words, for the stepper and the explorer)."""
    who = players[event.player].name if event.player is not None else ""
    card, target = _name(event.card), _name(event.target) if event.target else ""
    where = _where(event)
    detail = event.detail
    kind = event.kind
    if kind == "phase":
        return phase_sentence(detail)
    said = {
        "reveal": lambda: f"reveals {card}",
        "place": lambda: f"{card} goes {'above ' + target + ', ' if target else ''}into {where}",
        "stack": lambda: f"{card} is stacked onto {target} in {where}",
        "move": lambda: f"{card} moves to {where}",
        "flip": lambda: (
            f"{card} is turned face {'up' if event.value else 'down'}"
            + (f" in {where}" if where else "")
        ),
        "return": lambda: (
            f"{card} returns" + (f" from {where}" if where else "") + " to the bottom of the deck"
        ),
        "dismiss": lambda: (
            f"{card} is dismissed" + ("" if event.value is None else f" for {event.value} fame")
        ),
        "gain": lambda: f"{card} is taken from the toon deck" + (f" into {where}" if where else ""),
        "trigger": lambda: f"{card}'s ability acts",
        "ignored": lambda: f"{card}'s ability does nothing here",
        "queued": lambda: f"{card}'s effect waits for the end of the Flip",
        "end_flip": lambda: "the Flip ends",
        "fame": lambda: f"{card} in {where} scores {event.value}",
        "least_fame": lambda: f"{card}",
        "decision": lambda: (
            (f"for {card}, the choice is " if event.card else "the choice is ")
            + (target or "none")
            + ("" if event.value is None else f" (worth {event.value})")
        ),
        "hire": lambda: f"hires {card} for {event.value} fame",
        "skip": lambda: "skips an action",
        "refill": lambda: (
            f"{card} is revealed into the market"
            + (f" (slot {event.value + 1})" if event.value is not None else "")
        ),
        "discard": lambda: f"{card} is discarded",
        "slide": lambda: "the market slides",
        "to_deck": lambda: f"{card} goes into a deck",
        "fame_change": lambda: f"{event.value:+d} fame" + (f" ({card})" if event.card else ""),
        "shuffle": lambda: "shuffles the deck",
        "collect": lambda: f"the {event.value} cards of the grid go back into the deck",
        "critics_choice": lambda: "the critic's choice",
        "game_end": lambda: "wins the game" if event.player is not None else "the game ends",
    }
    text = said[kind]() if kind in said else f"{kind.replace('_', ' ')} {card}".strip()
    if kind == "ignored" and not event.card:  # a rule that does not apply to anyone's card
        text = detail
    elif detail and kind not in ("decision",):
        text += f": {detail}"
    text = words.cap(text)
    return f"{who}: {text}." if who else f"{text}."
