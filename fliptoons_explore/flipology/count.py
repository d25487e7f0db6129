"""The end of a Flipology game and its count: final rows into scores, scores into winners, and
in the multi-game variant a game's points into the running scores.

    >>> from fliptoons_explore.flipology import resolve
    >>> r = resolve({"game": "flipology", "players": [
    ...     {"name": "Ann", "rows": [[{"id": "panda", "face_up": True}, "sloth:7"]]},
    ...     {"name": "Ben", "rows": [[{"id": "koala", "face_up": True}]]}]})
    >>> [p.score for p in r.players], r.table.result.winners
    ([16, -8], [0])

The end, as the rulebook orders it (Nature, Overview of Play): 'anyone with a faceup Hermit Crab
card decides, in player order, if they want to use it to select a card from the discard pile
... Then players should reveal any Sloths and Koalas in their rows that remained facedown'
(`finish`, `hermit_crabs`). A player's score is 'the sum of the points of all faceup cards in
your row minus any points from faceup Sloths and Koalas. Then add the points from any facedown
Sloths or Koalas' (End of Game Scoring; `count`, which keeps the parts in `Player.parts` and the
different face-up animals for the tiebreak). 'The highest-scoring player wins, unless the Moon
is in play': face up in a row, 'the winner of the round will be the player with the fewest
points' (The Animals: the MOON); a tie goes to 'the most unique types of animals' (Tiebreaker;
the Great Tree: 'As in Nature, ties are broken by comparing the number of different faceup
animals'; `winners`). Where the rulebook leaves a reading open, a ruling option decides
(`moon_tiebreak`, `revealed_in_tiebreak`, `picked_animal_in_tiebreak`, `hermit_crab_picks`).

The multi-game variant (Nature Multi-Game Variant) keeps 'a running score. First to 100 points
wins': a game adds each score, 10 more for its winner, or with a Moon win 25 for the winner and
0 for the others (`game_points`); `add_game` adds them to the running scores, for a whole match
(`Game.play_multi`) and for a scenario's one game (`engine`) alike.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

from .events import Fame, GameEnd, Ignored, Phase, Pick, Reveal
from .worth import pick_worths

#: Multi-game variant: first to 100 points wins; +10 for a round's winner; a Moon win 'they earn
#: 25 points' (35 by ruling `multi_moon_points`).
MULTI_TARGET, ROUND_BONUS, MOON_WIN = 100, 10, 25


@dataclass
class GameResult:
    """How a game ended: the winners (indices: several on a tie the tiebreak did not break),
    each player's score, whether a face-up Moon decided it, and, for the multi-game variant, the
    running scores and the number of games."""

    winners: list[int]
    scores: list[int]
    moon: bool = False
    different_animals: list[int] = field(default_factory=list)
    running: list[int] = field(default_factory=list)
    games: int = 1
    reason: str = ""
    game_points: list[int] = field(default_factory=list)

    @property
    def winner(self) -> int | None:
        return self.winners[0] if len(self.winners) == 1 else None


def finish(game, reason: str = "") -> GameResult:
    """'Anyone with a faceup Hermit Crab card decides, in player order, if they want to use it
    to select a card from the discard pile ... Then players should reveal any Sloths and
    Koalas in their rows that remained facedown', then the count and the winner: the game's
    `result` (and its table's)."""
    t = game.table
    game.phase = "end"
    game.emit(Phase, None, None, None, "fl.end", detail="The end of the game")
    for p in t.clockwise():
        hermit_crabs(game, p)
    if game.trace is not None:
        for pos in t.positions():
            card = t.at(pos)
            if not card.face_up and card.spec.group == "sleeper":
                if t.rulings.revealed_in_tiebreak:
                    game.emit(
                        Reveal,
                        pos[0],
                        card,
                        None,
                        "ruling.revealed_in_tiebreak",
                        pos,
                        detail="face down: it scores its points, and counts among the face-up "
                        "animals",
                    )
                else:
                    game.emit(
                        Reveal,
                        pos[0],
                        card,
                        None,
                        "fl.end.reveal",
                        pos,
                        detail="face down: it scores its points",
                    )
    game.phase = "score"
    game.emit(Phase, None, None, None, "fl.score", detail="Scoring")
    scores = [count(game, p) for p in t.players]
    won, moon = winners(t, scores)
    if game.trace is not None:
        names = " & ".join(t.players[i].name for i in won)
        tiebreak = sum(s == scores[won[0]] for s in scores) > 1
        how = "the fewest points: the Moon is face up" if moon else "the most points"
        if len(won) > 1:
            how += ", tied after the tiebreak"
        elif tiebreak:
            how += "; the tie broken by the most different face-up animals"
        game.emit(
            GameEnd,
            won[0] if len(won) == 1 else None,
            None,
            None,
            (
                "ruling.moon_tiebreak"
                if moon and tiebreak
                else "fl.tiebreak"
                if tiebreak
                else "fl.score.moon"
                if moon
                else "fl.score"
            ),
            detail=f"{names} win{'s' if len(won) == 1 else ''}: {how}",
        )
    game.result = GameResult(
        won, scores, moon, [p.different_animals for p in t.players], reason=reason
    )
    t.result = game.result
    return game.result


def hermit_crabs(game, p) -> None:
    """Player `p`'s Hermit Crab picks: 'If a HERMIT CRAB ... is faceup in your row at the end of
    the game, you may go through the discard pile, pick any animal, and adds its points to your
    score. Sloths and koalas can be treated as faceup or facedown' (one pick per face-up Crab, or
    one per player: ruling `hermit_crab_picks`); each an optional decision of the player."""
    t = game.table
    crabs = [
        t.at(q)
        for q in t.positions(p.index)
        if t.at(q).face_up and t.at(q).spec.kind == "hermit_crab"
    ]
    picks = len(crabs) if t.rulings.hermit_crab_picks == "each-crab" else min(1, len(crabs))
    rule = "ruling.hermit_crab_picks" if len(crabs) > 1 else "fl.card.hermit_crab"
    for k in range(picks):
        options, names = [], []
        for card in t.discard:
            spec = card.spec
            if not spec.animal:
                continue
            faces = (False, True) if spec.group == "sleeper" else (True,)
            for face_up in faces:
                name = (
                    spec.id
                    if not (spec.group == "sleeper" and face_up)
                    else {"id": spec.id, "face_up": True}
                )
                if name in names:
                    continue
                options.append((card, face_up))
                names.append(name)
        if not options:
            game.emit(
                Ignored,
                p.index,
                crabs[k],
                None,
                "fl.card.hermit_crab",
                detail="no animal in the discard pile",
            )
            return
        i = game.choose_named(
            "hermit_crab",
            p.index,
            crabs[k],
            tuple(options),
            pick_worths(t, options),
            "Hermit Crab: which animal of the discard pile do you take (or none)?",
            None,
            rule,
            optional=True,
            names=tuple(names),
        )
        if i is None:
            continue
        card, face_up = options[i]
        t.discard.remove(card)
        card.face_up = face_up
        p.picked.append(card)
        how = (
            ""
            if card.spec.group != "sleeper"
            else (" counted face up" if face_up else " counted face down")
        )
        game.emit(
            Pick,
            p.index,
            card,
            None,
            "fl.card.hermit_crab.sloths" if card.spec.group == "sleeper" else "fl.card.hermit_crab",
            value=card.value,
            detail=f"from the discard pile{how}",
        )


def count(game, p) -> int:
    """'The sum of the points of all faceup cards in your row minus any points from faceup
    Sloths and Koalas. Then add the points from any facedown Sloths or Koalas', and what a
    Hermit Crab picked: player `p`'s score (its parts in `p.parts`, its different face-up
    animals in `p.different_animals`), each card's part traced."""
    t = game.table
    parts = {
        "face_up": 0,
        "sloths_koalas_face_up": 0,
        "sloths_koalas_face_down": 0,
        "hermit_crab": 0,
    }
    animals = set()
    for pos in t.positions(p.index):
        card = t.at(pos)
        spec = card.spec
        value = card.value
        if spec.animal and (
            card.face_up or spec.group == "sleeper" and t.rulings.revealed_in_tiebreak
        ):
            animals.add(spec.id)  # a revealed Sloth or Koala: ruling revealed_in_tiebreak
        if spec.group == "sleeper":
            parts["sloths_koalas_face_up" if card.face_up else "sloths_koalas_face_down"] += value
        elif card.face_up:
            parts["face_up"] += value
        if value and game.trace is not None:
            rule = "fl.card.sloth-koala" if spec.group == "sleeper" else "fl.score"
            game.emit(
                Fame,
                p.index,
                card,
                None,
                rule,
                pos,
                value=value,
                detail=("face up: minus its points" if value < 0 else "face down: its points")
                if spec.group == "sleeper"
                else "face up",
            )
    for card in p.picked:
        parts["hermit_crab"] += card.value
        if t.rulings.picked_animal_in_tiebreak:
            animals.add(card.spec.id)
        game.emit(
            Fame,
            p.index,
            card,
            None,
            "fl.card.hermit_crab",
            value=card.value,
            detail="picked by a Hermit Crab",
        )
    p.parts = parts
    p.score = sum(parts.values())
    p.different_animals = len(animals)
    return p.score


def winners(table, scores: list[int]) -> tuple[list[int], bool]:
    """'The highest-scoring player wins, unless the Moon is in play' (face up in a row: the
    fewest points win); a tie goes to 'the most unique types of animals' (Tiebreaker), with
    the Moon as ruling `moon_tiebreak` says. The winners (indices) and whether the Moon
    decided."""
    moon = table.moon_up()
    best = min(scores) if moon else max(scores)
    tied = [i for i, s in enumerate(scores) if s == best]
    if len(tied) == 1:
        return tied, moon
    mode = table.rulings.moon_tiebreak if moon else "most-animals"
    if mode == "shared":
        return tied, moon
    kinds = [table.players[i].different_animals for i in tied]
    pick = min(kinds) if mode == "fewest-animals" else max(kinds)
    return [i for i in tied if table.players[i].different_animals == pick], moon


def game_points(game, result: GameResult) -> list[int]:
    """What one game adds to each running score: the score, +10 for the winner ('The winner
    of a round gets an extra 10 points'); a Moon win 25 for the winner and 0 for the others
    ('they earn 25 points and their opponents all score zero'; which Moon: ruling
    `multi_moon_bonus`; 35 with the round's 10: ruling `multi_moon_points`). The trace says
    so, citing the passage."""
    t = game.table
    moon = (
        result.moon
        if t.rulings.multi_moon_bonus == "face-up"
        else any(c.spec.kind == "moon" for p in t.players for c in p.cards())
    )
    moon_win = t.rulings.multi_moon_points
    if moon:
        points = [moon_win if i in result.winners else 0 for i in range(len(t.players))]
    else:
        points = [
            s + (ROUND_BONUS if i in result.winners else 0) for i, s in enumerate(result.scores)
        ]
    if game.trace is not None:
        names = [p.name for p in t.players]
        if moon:
            game.emit(
                Phase,
                None,
                None,
                None,
                "fl.multi.moon" if moon_win == MOON_WIN else "ruling.multi_moon_points",
                detail=f"Game points: a win with the Moon in play: "
                f"{' & '.join(names[i] for i in result.winners)} {moon_win}"
                f"{'' if moon_win == MOON_WIN else f' ({MOON_WIN} + {ROUND_BONUS} for the winner)'}"  # noqa: E501
                ", everyone else 0",
            )
        else:
            game.emit(
                Phase,
                None,
                None,
                None,
                "fl.multi.bonus",
                detail="Game points: "
                + ", ".join(
                    f"{n} {s} + {ROUND_BONUS} for the winner = {v}"
                    if i in result.winners
                    else f"{n} {v}"
                    for i, (n, s, v) in enumerate(zip(names, result.scores, points))
                ),
            )
    return points


class Added(NamedTuple):
    """A game of a match added to the running scores (`add_game`): what it added (`points`),
    the running scores after it, the players with the most (`leaders`), and whether one of them
    alone has reached `MULTI_TARGET` (`won`: 'First to 100 points wins')."""

    points: list[int]
    running: list[int]
    leaders: list[int]
    won: bool


def add_game(game, result: GameResult, before: list[int], heading: str, announce: bool = False):
    """Multi-game variant: 'Keep a running score. First to 100 points wins.' The game just
    counted (`result`) adds its `game_points` to the running scores `before`; the trace says
    where they stand after `heading` (and, `announce`, who is the first to 100 points). An
    `Added`; neither `result` nor the table is changed."""
    t = game.table
    points = game_points(game, result)
    running = [a + b for a, b in zip(before, points)]
    top = max(running)
    leaders = [i for i, r in enumerate(running) if r == top]
    won = top >= MULTI_TARGET and len(leaders) == 1
    said = ", ".join(f"{p.name} {r}" for p, r in zip(t.players, running))
    if won and announce:
        said += f": {t.players[leaders[0]].name} is the first to {MULTI_TARGET} points"
    game.phase = "score"
    game.emit(Phase, None, None, None, "fl.multi", detail=heading + said)
    return Added(points, running, leaders, won)
