"""The cards' active effects, one small named function each, registered by the name the card
table gives (`effect`). Each takes the game, the card whose effect applies, its position, the
acting player (the player whose turn it is: 'you (not the opponent) apply the effect') and the
step that caused it; it asks the acting player's decisions through `game.choose` and turns cards
over through `game.flip`, which applies the effect of a card it turns face up (the cascade).

    >>> sorted(EFFECTS)
    ['dog', 'frog', 'hawk', 'mole', 'monkey', 'parrot', 'rain', 'snake', 'sun', 'wind', 'wolves']
"""

from __future__ import annotations

from itertools import combinations

from .cards import EFFECT_NAMES
from .events import Discard, Ignored, Move, Peek, Place, Trigger
from .worth import effect_worths, pair_worths, remove_worths, swap_worths

EFFECTS: dict = {}


def effect(fn):
    EFFECTS[fn.__name__] = fn
    return fn


def _flip_one(
    g, card, pos, actor, cause, targets, kind: str, question: str, rule: str, circle: bool = False
) -> None:
    """Ask which of `targets` to flip (a decision only where there is a choice or the ruling
    `effects_optional` lets it be declined), then flip it; its effect applies (the cascade). A
    card reached along the circle in another player's row (`circle`) cites the circle."""
    if not targets:
        g.emit(Ignored, actor, card, cause, rule, pos, detail="no card it can flip")
        return
    i = g.choose_position(
        kind,
        actor,
        card,
        targets,
        question,
        cause,
        rule,
        g.table.rulings.effects_optional,
        applies=True,
    )
    if i is None:
        return
    q = targets[i]
    g.flip(q, actor, cause, "fl.turn.circle" if circle and q[0] != pos[0] else rule)


@effect
def dog(g, card, pos, actor, cause) -> None:
    """DOG: 'lets you flip one card adjacent (i.e. orthogonal) to it' (The Animals)."""
    _flip_one(
        g,
        card,
        pos,
        actor,
        cause,
        g.table.adjacent(pos),
        "dog",
        "Dog: which adjacent card do you flip?",
        "fl.card.dog",
        circle=True,
    )


@effect
def frog(g, card, pos, actor, cause) -> None:
    """FROG: 'allows you to flip one card two spaces away' (The Animals); in the Great Tree the
    reach follows ruling `tree_two_spaces`."""
    straight = g.table.rulings.tree_two_spaces == "straight"
    rule = "ruling.tree_two_spaces" if g.table.tree else "fl.card.frog"
    _flip_one(
        g,
        card,
        pos,
        actor,
        cause,
        g.table.two_away(pos, straight),
        "frog",
        "Frog: which card two spaces away do you flip?",
        rule,
        circle=True,
    )


@effect
def hawk(g, card, pos, actor, cause) -> None:
    """HAWK: 'flip a card in an opponent's row and take its action'; in the Great Tree also a
    card in a different one of your own rows; 'never ... a card in the row it has come from'."""
    t = g.table
    own_row = (pos[0], pos[1])
    targets = [q for q in t.positions() if (q[0], q[1]) != own_row and (q[0] != actor or t.tree)]
    _flip_one(
        g,
        card,
        pos,
        actor,
        cause,
        targets,
        "hawk",
        "Hawk: which card of another row do you flip?",
        "fl.card.hawk.great-tree" if t.tree else "fl.card.hawk",
    )


@effect
def snake(g, card, pos, actor, cause) -> None:
    """SNAKE: 'flip any other card in its row'."""
    targets = [q for q in g.table.row_of(pos) if q != pos]
    _flip_one(
        g,
        card,
        pos,
        actor,
        cause,
        targets,
        "snake",
        "Snake: which other card of its row do you flip?",
        "fl.card.snake",
    )


@effect
def monkey(g, card, pos, actor, cause) -> None:
    """MONKEY: 'flip the two cards directly adjacent to it' (in the Great Tree two of the cards
    beside, above or below it: a choice); 'if you flip up two cards that both have active
    effects, you must perform one of the effects only' (Taking a Turn, 2)."""
    t = g.table
    near = t.adjacent(pos)
    optional = t.rulings.effects_optional
    if t.tree and len(near) > 2:
        pairs = [tuple(sorted(p)) for p in combinations(near, 2)]
        question, rule = (
            "Monkey: which two adjacent cards do you flip?",
            "fl.card.monkey.great-tree",
        )
    elif optional and near:  # the one pair, which ruling effects_optional lets the player decline
        pairs = [tuple(sorted(near))]
        question, rule = (
            "Monkey: do you flip the cards beside it (or decline)?",
            "ruling.effects_optional",
        )
    else:
        pairs = None
    if pairs is not None:
        values = pair_worths(t, actor, near, pairs)
        i = g.choose_named(
            "monkey_pair",
            actor,
            card,
            tuple(pairs),
            values,
            question,
            cause,
            rule,
            optional=optional,
        )
        if i is None:
            return
        if len(pairs) > 1:
            near = list(pairs[i])
    face_up_only = t.rulings.monkey_flips == "face-up"
    shown = []
    for q in near:
        if face_up_only and t.at(q).face_up:
            g.emit(
                Ignored,
                actor,
                t.at(q),
                cause,
                "ruling.monkey_flips",
                q,
                detail="already face up: the Monkey only turns cards face up",
            )
            continue
        if g.flip(
            q, actor, cause, "fl.turn.circle" if q[0] != pos[0] else "fl.card.monkey", then="defer"
        ):
            shown.append(q)
    if not shown:
        return
    chosen = shown[0]
    if len(shown) == 2:
        values = effect_worths(t, shown, 0)
        i = g.choose_named(
            "monkey_effect",
            actor,
            card,
            tuple(shown),
            values,
            "Monkey: both cards show an effect; which one do you apply?",
            cause,
            "fl.turn.monkey-one-effect",
        )
        chosen = shown[i]
        other = shown[1 - i]
        g.emit(
            Ignored,
            actor,
            t.at(other),
            cause,
            "fl.turn.monkey-one-effect",
            other,
            detail="the Monkey applies one effect only",
        )
    g.apply(t.at(chosen), chosen, actor, g.flip_steps.get(chosen, cause))


@effect
def mole(g, card, pos, actor, cause) -> None:
    """MOLE: 'exchanged for any other card in play, whether faceup or facedown ... This does
    not trigger the new card's effect. If the mole was swapped for a facedown card, the card
    remains facedown.'"""
    t = g.table
    targets = [q for q in t.positions() if q != pos]
    if not targets:
        g.emit(Ignored, actor, card, cause, "fl.card.mole", pos, detail="no other card in play")
        return
    values = swap_worths(t, actor, pos, targets)
    i = g.choose_named(
        "mole",
        actor,
        card,
        tuple(targets),
        values,
        "Mole: which card do you exchange it for?",
        cause,
        "fl.card.mole",
        optional=t.rulings.effects_optional,
    )
    if i is None:
        return
    q = targets[i]
    other = t.at(q)
    t.put(q, card)
    t.put(pos, other)
    g.emit(
        Move,
        actor,
        card,
        cause,
        "fl.card.mole",
        q,
        target=other,
        detail="exchanged: keeps its face",
    )
    g.emit(
        Move,
        actor,
        other,
        cause,
        "fl.card.mole.no-trigger",
        pos,
        target=card,
        detail="exchanged: keeps its face, does not act",
    )


@effect
def parrot(g, card, pos, actor, cause, mimicked=()) -> None:
    """PARROT: 'mimic the active effect of any player's faceup animal ... A parrot cannot mimic
    a hermit crab. If there are no other faceup animals when a parrot is flipped, it does
    nothing.' Which animals it may mimic follows rulings `parrot_mimics_parrot` and
    `parrot_mimics_passive`."""
    t = g.table
    r = t.rulings
    models = []
    ruled_out = {}  # the ruling that left a face-up animal out: its name -> the animals' names
    for q in t.positions():
        other = t.players[q[0]].rows[q[1]][q[2]]
        if not other.face_up or q == pos:
            continue
        spec = other.spec
        if not spec.animal or spec.kind == "hermit_crab" or other.uid in mimicked:
            continue
        if spec.kind == "parrot" and not r.parrot_mimics_parrot:
            ruled_out.setdefault("parrot_mimics_parrot", []).append(spec.name)
            continue
        if not spec.effect and not r.parrot_mimics_passive:
            ruled_out.setdefault("parrot_mimics_passive", []).append(spec.name)
            continue
        models.append(q)
    if not models:
        if not ruled_out:
            g.emit(
                Ignored,
                actor,
                card,
                cause,
                "fl.card.parrot",
                pos,
                detail="no other face-up animal to mimic",
            )
        elif g.trace is not None:
            why = {
                "parrot_mimics_parrot": "another Parrot",
                "parrot_mimics_passive": "no active effect",
            }
            said = "; ".join(
                f"the {' and the '.join(names)} ({why[name]}: ruling {name})"
                for name, names in ruled_out.items()
            )
            g.emit(
                Ignored,
                actor,
                card,
                cause,
                f"ruling.{next(iter(ruled_out))}",
                pos,
                detail=f"no face-up animal it may mimic: {said}",
            )
        return
    values = effect_worths(t, models, -1)
    i = g.choose_named(
        "parrot",
        actor,
        card,
        tuple(models),
        values,
        "Parrot: which face-up animal do you mimic?",
        cause,
        "fl.card.parrot",
    )
    model = t.at(models[i])
    name = model.spec.effect
    if not name:
        g.emit(
            Ignored,
            actor,
            card,
            cause,
            _mimic_rule(model),
            pos,
            target=model,
            detail=f"mimics the {model.spec.name}, which has no active effect",
        )
        return
    step = g.emit(
        Trigger,
        actor,
        card,
        cause,
        _mimic_rule(model),
        pos,
        target=model,
        detail=f"acts as the {model.spec.name}",
    )
    cause = cause if step is None else step
    if name == "parrot":
        parrot(g, card, pos, actor, cause, mimicked + (card.uid, model.uid))
    else:
        EFFECTS[name](g, card, pos, actor, cause)


def _mimic_rule(model) -> str:
    if model.spec.kind == "parrot":
        return "ruling.parrot_mimics_parrot"
    if not model.spec.effect:
        return "ruling.parrot_mimics_passive"
    if model.spec.effect == "mole":
        # 'If the parrot mimics a mole, you exchange it with any other card'
        return "fl.card.parrot.mole"
    return "fl.card.parrot"


@effect
def wolves(g, card, pos, actor, cause) -> None:
    """WOLVES: 'remove any card in play, including your own and including facedown cards. Put
    the card in the discard pile; replace it with a Clearing card.' (itself included: ruling
    `effects_on_themselves`; the Clearing's face: ruling `clearing_face`)."""
    t = g.table
    targets = [q for q in t.positions() if q != pos or t.rulings.effects_on_themselves]
    if not targets:
        g.emit(Ignored, actor, card, cause, "fl.card.wolves", pos, detail="no card in play")
        return
    values = remove_worths(t, actor, targets)
    i = g.choose_named(
        "wolves",
        actor,
        card,
        tuple(targets),
        values,
        "Wolves: which card do you remove?",
        cause,
        "fl.card.wolves",
        optional=t.rulings.effects_optional,
    )
    if i is None:
        return
    q = targets[i]
    if not t.clearings:
        g.emit(
            Ignored,
            actor,
            t.at(q),
            cause,
            "engine.flipology.no-clearing",
            q,
            detail="no Clearing card is left to take its place: the Wolves remove nothing",
        )
        return
    clearing = t.clearings.pop()
    face = t.rulings.clearing_face
    removed = t.at(q)
    clearing.face_up = removed.face_up if face == "as-removed" else face == "face-up"
    t.put(q, clearing)
    removed.face_up = False
    t.discard.append(removed)
    g.emit(
        Discard,
        actor,
        removed,
        cause,
        "fl.card.wolves",
        q,
        detail="removed by the Wolves to the discard pile",
    )
    g.emit(
        Place,
        actor,
        clearing,
        cause,
        "ruling.clearing_face",
        q,
        detail=f"a Clearing takes its place, face {'up' if clearing.face_up else 'down'}",
    )


@effect
def rain(g, card, pos, actor, cause) -> None:
    """RAIN: 'flip one card in every row, including your own'; the cards it flips do not act
    ('Do not apply effects of cards flip face up by the Wind, Rain, or Sun cards')."""
    t = g.table
    n = len(t.players)
    rows = []
    for k in range(n):
        p = t.players[(actor + k) % n]
        for r in range(len(p.rows)):
            row = [
                q for q in t.row_of((p.index, r, 0)) if q != pos or t.rulings.effects_on_themselves
            ]
            if row:
                rows.append(row)
    picks = g.choose_rows(actor, card, rows, cause)
    for q in picks:
        if q is not None:
            g.flip(q, actor, cause, "fl.card.rain", then="never")


#: Face-down cards of opponents a Sun peeks at.
SUN_PEEKS = 3


@effect
def sun(g, card, pos, actor, cause) -> None:
    """SUN: 'allows you to peek at any three facedown cards in your opponents' rows. Then you can
    choose one to flip over. You can leave all three facedown.' The player chooses the three
    (with three or fewer, all of them: nothing is asked) and learns those cards, and only those
    (`Player.seen`); then flips one of them, or none. The flipped card does not act."""
    t = g.table
    hidden = [q for q in t.positions() if q[0] != actor and not t.at(q).face_up]
    if not hidden:
        g.emit(
            Ignored,
            actor,
            card,
            cause,
            "fl.card.sun",
            pos,
            detail="no face-down card in the opponents' rows",
        )
        return
    peeked = g.choose_peek(actor, card, hidden, SUN_PEEKS, cause)
    seen = t.players[actor].seen
    for q in peeked:
        seen.add(t.at(q).uid)
    if g.trace is not None:
        g.emit(
            Peek,
            actor,
            card,
            cause,
            "fl.card.sun",
            pos,
            detail="peeks at "
            + "; ".join(
                f"{t.game.where(q, t.players)}: {t.at(q).spec.name} {t.at(q).spec.points}"
                for q in peeked
            ),
        )
    i = g.choose_position(
        "sun",
        actor,
        card,
        peeked,
        "Sun: which peeked card do you flip over (or none)?",
        cause,
        "fl.card.sun",
        True,
        applies=False,
    )
    if i is None:
        g.emit(
            Ignored,
            actor,
            card,
            cause,
            "fl.card.sun",
            pos,
            detail="leaves the peeked cards face down",
        )
        return
    g.flip(peeked[i], actor, cause, "fl.card.sun", then="never")


@effect
def wind(g, card, pos, actor, cause) -> None:
    """WIND: 'you must flip all the other cards in its row'; they do not act."""
    for q in g.table.row_of(pos):
        if q != pos:
            g.flip(q, actor, cause, "fl.card.wind", then="never")


_missing = EFFECT_NAMES - set(EFFECTS)
if _missing:
    raise ValueError(
        f"flipology_cards.csv names effects no function implements: {sorted(_missing)}"
    )
