"""Plain-text views of a Flipology table: positions and events in words, the rows, the count, the
numbered trace. Pure functions, deterministic output (the notebooks compare it).

A position reads "Ben's row, card 1" (Nature), "Nicolas's row 2, card 4" in the Great Tree (rows
numbered from 1 at the bottom, cards from 1 at the left).
"""

from __future__ import annotations

from .. import words
from .cards import CARDS, spec_of
from .view import sees


def where(pos, players) -> str:
    p, r, c = pos
    name = players[p].name if players is not None and p < len(players) else f"player {p + 1}"
    rows = players[p].rows if players is not None and p < len(players) else ()
    row = "row" if len(rows) <= 1 else f"row {r + 1}"
    return f"{name}'s {row}, card {c + 1}"


def short_where(pos, players) -> str:
    p, r, c = pos
    name = players[p].name if players is not None and p < len(players) else f"P{p + 1}"
    return f"{name[:6]} {r + 1}.{c + 1}"


def _name(card_id) -> str:
    spec = CARDS.get(card_id)
    return f"the {spec.name} ({spec.points})" if spec else str(card_id)


def points(n) -> str:
    """A number of points in words: "1 point", "-1 point", "7 points"."""
    return f"{n} point" if n in (1, -1) else f"{n} points"


def face_name(card_id) -> str:
    """A card id as its face reads: "Frog 5" (an unknown id as itself)."""
    try:
        spec = spec_of(card_id)
    except (KeyError, TypeError):
        return str(card_id)
    return f"{spec.name} {spec.points}"


def answer_words(answer, table, player: int | None = None) -> str:
    """An answer as a script names it, in words: a position as its place and the card there
    ("Ben's row, card 3: Frog 5"), a list of positions (a Rain's, a tree Monkey's) each so, a
    card id by its face ("Sloth 6", a Hermit Crab's `{"id": ..., "face_up": true}` "Sloth 6,
    counted face up"). `player`: say only what that player knows (a face-down card of another
    player they have not seen reads "a face-down card")."""
    if (
        isinstance(answer, (list, tuple))
        and len(answer) == 3
        and all(isinstance(x, int) for x in answer)
    ):
        pos = tuple(answer)
        name = ""
        if table.exists(pos):
            card = table.at(pos)
            known = player is None or sees(table, player, pos)
            name = f": {card.spec.name} {card.spec.points}" if known else ": a face-down card"
        return where(pos, table.players) + name
    if isinstance(answer, (list, tuple)):
        return " and ".join(answer_words(a, table, player) for a in answer)
    if isinstance(answer, dict):
        return face_name(answer.get("id")) + (", counted face up" if answer.get("face_up") else "")
    return face_name(answer) if isinstance(answer, str) else str(answer)


def event_words(event, players) -> str:
    """What an event says, in words: "flip frog:5 face up at Ben's row, card 1"."""
    card, target = event.card or "", event.target
    at = f" at {where(event.pos, players)}" if event.pos is not None else ""
    kind = event.kind
    if kind == "phase":
        return f"-- {event.detail} --"
    if kind == "flip":
        text = f"flip {card} face {'up' if event.value else 'down'}{at}"
    elif kind == "place":
        text = f"place {card}{at}"
    elif kind == "move":
        text = f"move {card} to {where(event.pos, players)}" + (
            f" (exchanged with {target})" if target else ""
        )
    elif kind == "trigger":
        text = f"{card}{at} acts" + (f" ({target})" if target and not event.detail else "")
    elif kind == "decision":
        text = f"{card or 'player'} chooses {target}" + (
            f" at {where(event.pos, players)}" if event.pos else ""
        )
    elif kind == "fame":
        text = f"{card}{at} scores {event.value}"
    elif kind == "pick":
        text = f"hermit crab picks {card} ({event.value:+d})"
    elif kind == "peek":  # its detail names the peeked cards: "peeks at Ben's row, card 1: Dog 5"
        return f"{card}{at} {event.detail or 'peeks at face-down cards'}"
    elif kind in ("ignored", "reveal", "discard", "deal", "regrow", "shuffle", "game_end"):
        text = f"{kind.replace('_', ' ')} {card}{at}".replace("  ", " ").rstrip()
    else:
        text = f"{kind.replace('_', ' ')} {card}{at}".rstrip()
    if event.detail and kind != "decision":
        text += f": {event.detail}"
    elif kind == "decision" and event.detail:
        text += f" ({event.detail})"
    return text


def event_sentence(event, players) -> str:
    """An event as a sentence: "Joelle: the Frog (5) is turned face up in Ben's row, card 1."."""
    who = players[event.player].name if event.player is not None else ""
    card = _name(event.card)
    at = f" in {where(event.pos, players)}" if event.pos is not None else ""
    kind = event.kind
    detail = event.detail
    if kind == "phase":
        return f"{detail} begins." if not detail.startswith("Game ") else f"{detail}."
    said = {
        "deal": lambda: f"is dealt {card}",
        "discard": lambda: f"{card} goes to the discard pile",
        "place": lambda: f"{card} is put{at}",
        "move": lambda: f"{card} moves to {where(event.pos, players)}",
        "flip": lambda: f"{card} is turned face {'up' if event.value else 'down'}{at}",
        "trigger": lambda: f"{card}'s effect applies",
        "ignored": lambda: f"{card if event.card else 'nothing'} does nothing here",
        "decision": lambda: _decision_sentence(event, players, card),
        "peek": lambda: f"with {card}, {detail or 'peeks at face-down cards'}",
        "pick": lambda: f"the Hermit Crab takes {card} from the discard pile ({event.value:+d})",
        "reveal": lambda: f"reveals {card}{at}",
        "fame": lambda: f"{card}{at} counts {event.value:+d}",
        "shuffle": lambda: "the pile is shuffled",
        "regrow": lambda: "Regrowth: the hand goes back",
        "game_end": lambda: "the game ends",
    }
    text = said[kind]() if kind in said else f"{kind.replace('_', ' ')} {card}".strip()
    if detail and kind not in ("decision", "peek"):
        text += f": {detail}"
    text = words.cap(text)
    return f"{who}: {text}." if who else f"{text}."


def _decision_sentence(event, players, card: str) -> str:
    """A decision as its question and the answer: "Sun: which peeked card do you flip over (or
    none)? — the Dog (5) in Ben's row, card 1" (without a question: "for the Sun (3), the choice
    is ...")."""
    target = event.target
    if event.pos is not None:
        answer = f"{_name(target)} in {where(event.pos, players)}"
    else:
        answer = target or "none"
    if not event.detail:
        return f"for {card if event.card else 'the turn'}, the choice is {answer}"
    return f"{event.detail} — {answer}"


def event_text(event, players) -> str:
    """ "#12  turns      Joelle: flip frog:5 face up at Ben's row, card 1  <- #11  [fl.card.monkey]"."""  # noqa: E501
    return words.line(event, players, event_words(event, players))


def trace_text(trace, players, paraphrase: bool = False) -> str:
    return words.lines_text(trace, players, lambda e: event_words(e, players), paraphrase)


def _card(entry: dict) -> str:
    text = f"{entry['id']}:{entry['points']}"
    return text if entry["face_up"] else f"({text})"


def rows_text(rows: list, indent: str = "  ") -> str:
    """A player's rows as text, top row first, each card `kind:points`, a face-down card in
    parentheses."""
    if not rows:
        return f"{indent}(no cards)"
    lines = []
    for r in range(len(rows) - 1, -1, -1):
        label = "row" if len(rows) == 1 else f"row {r + 1}"
        lines.append(f"{indent}{label:<6} " + "  ".join(_card(e) for e in rows[r]))
    return "\n".join(lines)


def state_text(state: dict) -> str:
    """A recorded state (`Table.snapshot`) as text: every player's rows, hand and score, then
    the piles (deterministic; the notebooks compare it)."""
    out = []
    for p in state["players"]:
        score = "" if p["score"] is None else f": {points(p['score'])}"
        out.append(f"== {p['name']}{score} ==")
        out.append(rows_text(p["rows"]))
        if p["hand"]:
            out.append(f"  hand: {', '.join(p['hand'])}")
        if p["picked"]:
            out.append(f"  picked by a Hermit Crab: {', '.join(p['picked'])}")
    out.append(f"discard pile: {', '.join(state['discard']) or '-'}")
    out.append(f"pile: {len(state['pile'])} cards; Clearings set aside: {state['clearings']}")
    return "\n".join(out)


def resolution_text(resolution, trace: bool = True) -> str:
    """Every player's rows and count, the winners, then the numbered trace."""
    t = resolution.table
    state = t.snapshot()
    out = [state_text(state)]
    for p in t.players:
        if p.score is not None:
            parts = ", ".join(f"{k.replace('_', ' ')} {v:+d}" for k, v in p.parts.items() if v)
            out.append(
                f"{p.name}: {points(p.score)} ({parts or 'nothing'}); "
                f"{p.different_animals} different face-up animals"
            )
    result = getattr(t, "result", None)
    if result is not None:
        names = " & ".join(t.players[i].name for i in result.winners)
        out.append(
            f"winner{'s' if len(result.winners) > 1 else ''}: {names}"
            + (" (the Moon is face up: the fewest points win)" if result.moon else "")
        )
        if result.running:
            gained = getattr(result, "game_points", None) or [None] * len(t.players)
            out.append(
                "running scores: "
                + ", ".join(
                    f"{p.name} {r}" + ("" if g is None else f" ({g:+d})")
                    for p, r, g in zip(t.players, result.running, gained)
                )
            )
    for note in t.notes:
        out.append(f"note: {note}")
    if trace and resolution.trace is not None:
        out.append("")
        out.append("== trace ==")
        out.append(trace_text(resolution.trace, t.players))
    return "\n".join(out)
