"""A game of Flipology: the deal, the turns with their cascades of effects and whole games, for
Nature (2-8 players), the Great Tree (2-4) and the multi-game variant; the end of the game and its
count are `count`'s, what each option of a decision is worth by the engine's hint `worth`'s.

    >>> game = new_game("nature", players=4, seed=1)
    >>> result = game.play()

A turn flips one of the player's own cards face up or face down (in the Great Tree only a card
of the top row); a card turned face up applies its effect, and a card that effect turns face up
applies its own, and so on, all by the player whose turn it is (Taking a Turn; The Animals), except
the cards the Wind, the Rain and the Sun flip, and the Mole's exchange. Randomness lives in the
table's seeded generator; every decision goes through the policy and is logged in
`Game.decisions`, so `replay(game)` reproduces the same trace.
"""

from __future__ import annotations

from itertools import combinations

from ..limits import MAX_INTEGER_DIGITS, quote
from ..policy import Choice, DefaultPolicy, Policy, check_policy
from .cards import CARDS, CLEARING, DECK, deck_table
from .count import MULTI_TARGET, GameResult, add_game, finish
from .effects import EFFECTS
from .events import (
    Deal,
    Decision,
    Discard,
    Flip,
    GameEnd,
    Ignored,
    Phase,
    Place,
    Recorder,
    Regrow,
    Shuffle,
    Trace,
    Trigger,
)
from .rulings import Rulings
from .state import PLAYER_COUNTS, VARIANTS, Table
from .view import sees
from .worth import deck_averages, discard_worths, flip_worths, regrowth_worth

#: Nature: nine cards dealt, seven kept, three turns each (Nature, the basic game).
NATURE_DEAL, NATURE_KEEP, NATURE_TURNS = 9, 7, 3
#: Great Tree: three rounds of five cards and two turns each (Great Tree Variant).
TREE_ROUNDS, TREE_DEAL, TREE_TURNS = 3, 5, 2
#: Effects applied in one turn before the turn ends (rule `engine.flipology.cascade-limit`): far
#: above any cascade a table can make (each effect turns at most one more card face up to act).
MAX_EFFECTS = 1_000
#: Games of a multi-game match before it ends undecided (scores can fall; no real match nears it).
MAX_GAMES = 200


class Game:
    """A Flipology game (or a scenario's situation) on a table: the policy answering every
    decision (checked and logged in `decisions`), the trace (None: untraced) and the phase its
    events are recorded in."""

    def __init__(
        self,
        table: Table,
        policy: Policy | None = None,
        traced: bool = True,
        record: bool = False,
        deck: dict[str, int] | None = None,
    ) -> None:
        self.table = table
        self.policy = check_policy(policy) or DefaultPolicy()
        self.name = getattr(self.policy, "name", "policy")
        follow = getattr(self.policy, "follow", None)
        if follow is not None:  # a policy that reads the game it plays (`search.SearchPolicy`)
            follow(self)
        self.trace = Recorder(table) if record else Trace() if traced else None
        self.decisions: list[int | None] = []
        self.decision_steps: list[int | None] = []  # the trace step of each decision asked (traced)
        self.phase = "setup"
        self.applied = 0  # effects applied this turn (MAX_EFFECTS)
        # position -> the step that turned it face up, for a deferred effect
        self.flip_steps: dict = {}
        self.result: GameResult | None = None
        self.deck = DECK if deck is None else deck
        if table.averages is None or deck is not None:
            table.averages = deck_averages(self.deck)
        self.seed = None
        self.options: dict = {}

    def __repr__(self) -> str:
        t = self.table
        state = "over" if self.result else self.phase
        scores = ", ".join(f"{p.name} {p.score}" for p in t.players if p.score is not None)
        return f"<Flipology {t.variant}, {len(t.players)} players, {state}" + (
            f": {scores}>" if scores else ">"
        )

    # -- the trace and decisions ------------------------------------------------------------------
    def emit(self, cls, player, card, cause, rule, pos=None, target=None, detail="", value=None):
        if self.trace is None:
            return None
        return self.trace.emit(
            cls, self.phase, player, card, cause, rule, pos, target, detail, value
        )

    def choose_named(
        self,
        kind: str,
        player: int,
        card,
        options: tuple,
        values: tuple,
        question: str,
        cause,
        rule: str,
        optional: bool = False,
        names: tuple | None = None,
        said=None,
        part: tuple | None = None,
    ):
        """Ask `player`'s policy to choose among `options` (positions, or `names` as a script
        names them); an option index, or None when declined. Only a real choice is asked (more
        than one legal answer, or one that may be declined); the only legal answer is taken, and
        the trace says it was forced. `said(option)`: the answer in words for the trace. `part`:
        (k, n), the k-th of n decisions a script answers with one list (a policy's
        `choose_part`)."""
        if not options:
            return None
        if len(options) == 1 and not optional:
            if self.trace is not None:
                self._decided(
                    player,
                    card,
                    cause,
                    rule,
                    options[0],
                    None if names is None else names[0],
                    question + " (forced: the only legal answer)",
                    said,
                )
            return 0
        choice = Choice(
            kind,
            player,
            card,
            options,
            values,
            question,
            optional,
            self.table,
            names if names is not None else options,
        )
        ask_part = None if part is None else getattr(self.policy, "choose_part", None)
        i = self.policy.choose(choice) if ask_part is None else ask_part(choice, *part)
        if i is None and not optional or i is not None and not 0 <= i < len(options):
            raise ValueError(
                f"policy {self.name!r} answered {i!r} to {kind!r} ({len(options)} options)"
            )
        self.decisions.append(i)
        if self.trace is not None:
            self.decision_steps.append(len(self.trace))
            self._decided(
                player,
                card,
                cause,
                rule,
                None if i is None else options[i],
                None if names is None or i is None else names[i],
                question,
                said,
            )
        return i

    def _decided(self, player, card, cause, rule, option, name, question, said=None) -> None:
        """The decision's event: a position answered (an option without a `name` is a position,
        or a pair of positions) names its card and place; another answer its name or card id."""
        if self.trace is None:
            return
        t = self.table
        if said is not None and option is not None:
            self.emit(Decision, player, card, cause, rule, target=said(option), detail=question)
        elif option is None:
            self.emit(Decision, player, card, cause, rule, target="none", detail=question)
        elif name is None and isinstance(option[0], int):
            self.emit(
                Decision, player, card, cause, rule, option, target=t.at(option), detail=question
            )
        elif name is None:
            said = " and ".join(f"{t.at(q).spec.id} ({t.game.where(q, t.players)})" for q in option)
            self.emit(Decision, player, card, cause, rule, target=said, detail=question)
        else:
            self.emit(
                Decision,
                player,
                card,
                cause,
                rule,
                target=name if isinstance(name, str) else _said(option),
                detail=question,
            )

    def choose_position(self, kind, actor, card, targets, question, cause, rule, optional, applies):
        """Ask which of `targets` an effect flips; each option worth, by the documented hint,
        what the actor gains as far as they know the cards (`flip_worths`)."""
        values = self.flip_worths(actor, targets, applies)
        return self.choose_named(
            kind, actor, card, tuple(targets), values, question, cause, rule, optional
        )

    def choose_peek(self, actor: int, card, hidden: list, count: int, cause) -> list:
        """The Sun's peek: `count` of the face-down cards `hidden` ('peek at any three facedown
        cards in your opponents' rows'), chosen one at a time, each worth 1 by the hint if the
        actor has not seen it yet, else 0; all of them, unasked, when there are no more than
        `count`. A script gives the picks as one list (`ScenarioScript.choose_part`)."""
        if len(hidden) <= count:
            return list(hidden)
        t = self.table
        picks: list = []
        for k in range(count):
            left = tuple(q for q in hidden if q not in picks)
            values = tuple(0 if sees(t, actor, q) else 1 for q in left)
            i = self.choose_named(
                "sun_peek",
                actor,
                card,
                left,
                values,
                f"Sun: which face-down card of an opponent do you peek at ({k + 1} of {count})?",
                cause,
                "fl.card.sun",
                part=(k, count),
            )
            picks.append(left[i])
        return picks

    def choose_rows(self, actor, card, rows, cause) -> list:
        """The Rain's decision: one card of each row (`rows`: their positions, in seat order from
        the actor), asked row by row, or all at once of a policy that answers a group
        (`choose_group`: a scenario's script gives the Rain one list of positions)."""
        optional = self.table.rulings.effects_optional
        choices = []
        for row in rows:
            owner = self.table.players[row[0][0]].name
            values = self.flip_worths(actor, row, False)
            choices.append(
                Choice(
                    "rain",
                    actor,
                    card,
                    tuple(row),
                    values,
                    f"Rain: which card of {owner}'s row do you flip?",
                    optional,
                    self.table,
                    tuple(row),
                )
            )
        group = getattr(self.policy, "choose_group", None)
        answers = group(choices) if group is not None else [None] * len(choices)
        picks = []
        for k, choice in enumerate(choices):
            if len(choice.options) == 1 and not optional:
                self._decided(
                    actor,
                    card,
                    cause,
                    "fl.card.rain",
                    choice.options[0],
                    None,
                    choice.question + " (forced: the only legal answer)",
                )
                picks.append(choice.options[0])
                continue
            i = answers[k] if group is not None else self.policy.choose(choice)
            if i is None and not optional or i is not None and not 0 <= i < len(choice.options):
                raise ValueError(
                    f"policy {self.name!r} answered {i!r} to 'rain' ({len(choice.options)} options)"
                )
            self.decisions.append(i)
            if self.trace is not None:
                self.decision_steps.append(len(self.trace))
            self._decided(
                actor,
                card,
                cause,
                "fl.card.rain",
                None if i is None else choice.options[i],
                None,
                choice.question,
            )
            picks.append(None if i is None else choice.options[i])
        return picks

    def flip_worths(self, actor: int, targets, applies: bool, by_effect: bool = True) -> tuple:
        """`worth.flip_worths` on this game's table (for `choose_position` and `choose_rows`)."""
        return flip_worths(self.table, actor, targets, applies, by_effect)

    # -- turning cards over, applying effects ---------------------------------------------------
    def flip(
        self, pos, actor: int, cause, rule: str, then: str = "apply", by_effect: bool = True
    ) -> bool:
        """Turn the card at `pos` over (a face-up Cat stays face up under another card's
        effect). A card turned face up with an effect: `then` "apply" applies it at once (the
        cascade), "defer" leaves it to the caller (the Monkey; True is returned), "never" does
        not apply it (the Wind, the Rain, the Sun)."""
        t = self.table
        card = t.at(pos)
        if by_effect and card.face_up and card.spec.kind == "cat":
            self.emit(
                Ignored,
                actor,
                card,
                cause,
                "fl.card.cat",
                pos,
                detail="a face-up Cat cannot be turned face down by another card's effect",
            )
            return False
        card.face_up = not card.face_up
        step = self.emit(Flip, actor, card, cause, rule, pos, value=int(card.face_up))
        if not card.face_up or not card.spec.effect:
            return False
        if then == "apply":
            self.apply(card, pos, actor, step)
        elif then == "defer":
            self.flip_steps[pos] = step
            return True
        else:
            self.emit(
                Ignored,
                actor,
                card,
                step,
                "fl.turn.environment-no-effect",
                pos,
                detail="turned face up by the Wind, the Rain or the Sun: its effect does not apply",
            )
        return False

    def apply(self, card, pos, actor: int, cause) -> None:
        """Apply the effect of a card turned face up, by the acting player ('you (not the
        opponent) apply the effect')."""
        self.applied += 1
        if self.applied > MAX_EFFECTS:
            self.emit(
                Ignored,
                actor,
                card,
                cause,
                "engine.flipology.cascade-limit",
                pos,
                detail=f"more than {MAX_EFFECTS:,} effects in one turn: the turn ends",
            )
            return
        owner = pos[0]
        rule = "fl.turn.you-apply" if owner != actor else f"fl.card.{card.spec.kind}"
        detail = (
            ""
            if owner == actor
            else f"an opponent's card: {self.table.players[actor].name} applies its effect"
        )
        step = self.emit(Trigger, actor, card, cause, rule, pos, detail=detail)
        EFFECTS[card.spec.effect](self, card, pos, actor, cause if step is None else step)

    # -- a turn ---------------------------------------------------------------------------------
    def turn(self, player: int, number: int, of: int, pos=None) -> None:
        """A player's turn: flip one card of their row (Great Tree: of their top row) face up or
        face down; a card turned face up applies its effect (Taking a Turn). `pos`: the card a
        scenario's turn names; otherwise the player's policy chooses."""
        t = self.table
        p = t.players[player]
        self.phase = "turns"
        self.applied = 0
        self.flip_steps = {}
        rule = "fl.tree.turns" if t.tree else "fl.nature.turns"
        step = (
            None
            if self.trace is None
            else self.emit(
                Phase, player, None, None, rule, detail=f"{p.name}'s turn ({number} of {of})"
            )
        )
        if pos is None:
            if not p.rows or not p.rows[-1]:
                self.emit(Ignored, player, None, step, "fl.turn.flip", detail="no card to flip")
                return
            rows = [len(p.rows) - 1] if t.tree else range(len(p.rows))
            targets = tuple((player, r, c) for r in rows for c in range(len(p.rows[r])))
            values = flip_worths(t, player, targets, True, by_effect=False)
            i = self.choose_named(
                "turn",
                player,
                None,
                targets,
                values,
                "Which of your cards do you flip?",
                step,
                "fl.turn.flip",
            )
            pos = targets[i]
        self.flip(pos, player, step, "fl.turn.flip", by_effect=False)

    # -- the deal ---------------------------------------------------------------------------------
    def shuffle_pile(self, detail: str = "the cards are shuffled") -> None:
        self.table.rng.shuffle(self.table.pile)
        self.emit(Shuffle, None, None, None, "fl.nature.setup", detail=detail)

    def deal(self, count: int, rule: str) -> None:
        """Deal `count` cards face down to each player, one at a time, from the starting player."""
        t = self.table
        order = t.clockwise()
        traced = self.trace is not None
        for _ in range(count):
            for p in order:
                if not t.pile:
                    self.emit(
                        Ignored,
                        p.index,
                        None,
                        None,
                        rule,
                        detail="the pile is empty: no card to deal",
                    )
                    continue
                card = t.pile.pop()
                card.face_up = False
                p.hand.append(card)
                if traced:
                    self.emit(Deal, p.index, card, None, rule)

    def keep(self, p, keep: int) -> None:
        """Nature: 'select seven to arrange ... They discard the two leftover cards into a facedown
        pile.' One decision: which cards to discard."""
        extra = len(p.hand) - keep
        if extra <= 0:
            return
        pairs = tuple(combinations(range(len(p.hand)), extra))
        values = discard_worths(p.hand, pairs)
        hand = list(p.hand)
        i = self.choose_named(
            "discard",
            p.index,
            None,
            pairs,
            values,
            f"Which {extra} of your {len(p.hand)} cards do you discard?",
            None,
            "fl.nature.setup",
            names=pairs,
            said=lambda pair: " + ".join(hand[k].spec.id for k in pair),
        )
        for k in sorted(pairs[i], reverse=True):
            card = p.hand.pop(k)
            self.table.discard.append(card)
            if self.trace is not None:
                self.emit(
                    Discard,
                    p.index,
                    card,
                    None,
                    "fl.nature.setup",
                    detail="left over at the deal: to the discard pile",
                )

    def arrange(self, p, rule: str) -> None:
        """Arrange the hand face down in a new row, in any order (above the others in the Great
        Tree): one decision per place, left to right."""
        p.rows.append([])
        r = len(p.rows) - 1
        row = p.rows[r]
        ids = [c.spec.id for c in p.hand]
        while p.hand:
            # the documented default keeps the cards in the order they were dealt: every place
            # is worth the same
            i = self.choose_named(
                "arrange",
                p.index,
                None,
                tuple(p.hand),
                (0,) * len(p.hand),
                "Which card goes next in your row, left to right?",
                None,
                rule,
                names=tuple(ids),
            )
            card = p.hand.pop(i)
            del ids[i]
            card.face_up = False
            row.append(card)
            self.table.rows_changed()
            if self.trace is not None:
                self.emit(Place, p.index, card, None, rule, (p.index, r, len(row) - 1))

    def regrowth(self) -> None:
        """Great Tree Regrowth: 'starting with the starting player, players may choose to discard
        their entire hand and draw five new cards, shuffling their discards back into the pile.
        Players can only do this once per game.'"""
        t = self.table
        for p in t.clockwise():
            if p.regrown or not p.hand:
                continue
            i = self.choose_named(
                "regrowth",
                p.index,
                None,
                ("regrow",),
                (regrowth_worth(t, p.hand),),
                "Regrowth: do you discard your hand and draw five new cards (once a game)?",
                None,
                "fl.tree.regrowth",
                optional=True,
                names=("regrow",),
            )
            if i is None:
                continue
            p.regrown = True
            old = list(p.hand)
            step = self.emit(
                Regrow, p.index, None, None, "fl.tree.regrowth", detail=f"{len(old)} cards back"
            )
            for card in old:
                p.hand.remove(card)
                t.discard.append(card)
                self.emit(
                    Discard, p.index, card, step, "fl.tree.regrowth", detail="the regrown hand"
                )
            for _ in range(len(old)):
                if t.pile:
                    card = t.pile.pop()
                    p.hand.append(card)
                    self.emit(Deal, p.index, card, step, "fl.tree.regrowth")
            for card in old:
                t.discard.remove(card)
                t.pile.append(card)
            t.rng.shuffle(t.pile)
            self.emit(
                Shuffle,
                p.index,
                None,
                step,
                "fl.tree.regrowth",
                detail="the regrown hand is shuffled back into the pile",
            )

    # -- whole games ------------------------------------------------------------------------------
    def play(self) -> GameResult:
        """Play the game to its end (the variant of the table)."""
        if self.table.variant == "great-tree":
            return self.play_tree()
        if self.table.variant == "multi":
            return self.play_multi()
        return self.play_nature()

    def play_nature(self) -> GameResult:
        t = self.table
        self.phase = "deal"
        self.emit(Phase, None, None, None, "fl.nature.setup", detail="The deal")
        self.shuffle_pile()
        self.deal(NATURE_DEAL, "fl.nature.setup")
        for p in t.clockwise():
            self.keep(p, NATURE_KEEP)
        for p in t.clockwise():
            self.arrange(p, "fl.nature.setup")
        for k in range(1, NATURE_TURNS + 1):
            for p in t.clockwise():
                self.turn(p.index, k, NATURE_TURNS)
        return finish(self, "everyone has had three turns")

    def play_tree(self) -> GameResult:
        t = self.table
        for rnd in range(1, TREE_ROUNDS + 1):
            self.phase = "deal"
            self.emit(
                Phase, None, None, None, "fl.tree.deal", detail=f"Round {rnd}: five cards each"
            )
            if rnd == 1:
                self.shuffle_pile()
            self.deal(TREE_DEAL, "fl.tree.deal")
            self.regrowth()
            for p in t.clockwise():
                self.arrange(p, "fl.tree.deal" if rnd == 1 else "fl.tree.next-row")
            if rnd > 1:
                self.next_starting_player()
            for k in range(1, TREE_TURNS + 1):
                for p in t.clockwise():
                    self.turn(p.index, (rnd - 1) * TREE_TURNS + k, TREE_ROUNDS * TREE_TURNS)
        return finish(self, "three rounds of two turns each")

    def next_starting_player(self) -> None:
        """'The player with the highest score showing takes the baobab tile ... If the previous
        starting player is in a tie for the highest score, the starting player doesn't change.'
        A tie the previous starting player is not in: ruling `tree_start_tie` (the first of the
        tied clockwise from the previous starting player, or the tile stays)."""
        t = self.table
        showing = [sum(c.spec.up_value for c in p.cards() if c.face_up) for p in t.players]
        best = max(showing)
        tied = [i for i, s in enumerate(showing) if s == best]
        rule = "fl.tree.starting-player"
        if t.first_player in tied:
            new = t.first_player
        elif len(tied) == 1:
            new = tied[0]
        else:
            rule = "ruling.tree_start_tie"
            new = (
                t.first_player
                if t.rulings.tree_start_tie == "keep"
                else next(p.index for p in t.clockwise() if p.index in tied)
            )
        t.first_player = new
        self.emit(
            Phase,
            new,
            None,
            None,
            rule,
            detail=f"{t.players[new].name} starts the round (score showing: "
            + ", ".join(f"{p.name} {s}" for p, s in zip(t.players, showing))
            + ")",
        )

    def play_multi(self) -> GameResult:
        """'Keep a running score. First to 100 points wins. The previous rounds' winner goes first.
        The winner of a round gets an extra 10 points ... If a player wins a game with a moon in
        play, they earn 25 points and their opponents all score zero.'"""
        t = self.table
        running = [0] * len(t.players)
        games = 0
        while True:
            games += 1
            if games > 1:
                self.collect()
            result = self.play_nature()
            added = add_game(self, result, running, f"Game {games}: ")
            running, leaders = added.running, added.leaders
            if added.won or games >= MAX_GAMES:
                reason = (
                    f"first to {MULTI_TARGET} points"
                    if added.won
                    else f"undecided after {MAX_GAMES} games"
                )
                self.emit(
                    GameEnd,
                    leaders[0] if len(leaders) == 1 else None,
                    None,
                    None,
                    "fl.multi",
                    detail=f"{' & '.join(t.players[i].name for i in leaders)}: "
                    f"{running[leaders[0]]} points ({reason})",
                )
                self.result = GameResult(
                    leaders,
                    result.scores,
                    result.moon,
                    result.different_animals,
                    running,
                    games,
                    reason,
                    added.points,
                )
                t.result = self.result
                return self.result
            winners = result.winners
            t.first_player = (
                winners[0]
                if len(winners) == 1
                else next(p.index for p in t.clockwise() if p.index in winners)
            )

    def collect(self) -> None:
        """Between games of the multi-game variant: every card back into the pile (the Clearings
        set aside again), scores cleared."""
        t = self.table
        self.phase = "deal"
        step = self.emit(
            Phase, None, None, None, "fl.multi", detail="A new game: the cards are gathered"
        )
        for p in t.players:
            for card in list(p.cards()) + p.picked:
                card.face_up = False
                (t.clearings if card.spec.kind == "clearing" else t.pile).append(card)
            p.rows, p.picked, p.hand, p.score, p.seen = [], [], [], None, set()
        t.rows_changed()
        for card in t.discard:
            card.face_up = False
            (t.clearings if card.spec.kind == "clearing" else t.pile).append(card)
        t.discard = []
        self.emit(
            Ignored, None, None, step, "fl.multi", detail="the table is cleared for the next game"
        )


def _said(option) -> str:
    """A non-position answer in words: a card's id, a picked card's id and face, card ids."""
    if isinstance(option, tuple) and len(option) == 2 and hasattr(option[0], "spec"):
        card, face_up = option
        return card.spec.id + (" (face up)" if card.spec.group == "sleeper" and face_up else "")
    if hasattr(option, "spec"):
        return option.spec.id
    return str(option)


# -- setting up a game ----------------------------------------------------------------------------


def setup_table(
    variant: str,
    players: int,
    seed: int,
    moon: bool = True,
    wolves: bool = True,
    rulings: Rulings | None = None,
    deck: dict[str, int] | None = None,
    names: list[str] | None = None,
    first_player: int | None = None,
) -> Table:
    """A table set up for a variant: the deck table's cards in the pile (the Moon and the Wolves
    left in the box when not played with; the Rain and the Hermit Crabs in the Great Tree), the
    Clearings set aside; the starting player chosen at random from the seed unless given
    ('or choose randomly')."""
    t = Table(variant, rulings, seed)
    for i in range(players):
        t.add_player(names[i] if names else f"Player {i + 1}")
    out_of_play = set()
    if not moon:
        out_of_play.add("moon")
    if not wolves:
        out_of_play.add("wolves")
    if variant == "great-tree":
        out_of_play |= {"rain", "hermit_crab"}
    for cid, n in sorted(deck.items()) if deck else sorted(DECK.items()):
        for _ in range(n):
            card = t.new_card(cid)
            (t.box if card.spec.kind in out_of_play else t.pile).append(card)
    for _ in range(CLEARING.copies):
        t.clearings.append(t.new_card(CLEARING))
    t.first_player = t.rng.randrange(players) if first_player is None else first_player
    return t


def check_game_args(variant: str, players: int, seed: int, deck) -> dict[str, int]:
    """A game's arguments, each named (ValueError, one line); returns the deck table."""
    if variant not in VARIANTS:
        raise ValueError(
            f"variant: expected one of {', '.join(map(quote, VARIANTS))}, got {quote(variant)}"
        )
    low, high = PLAYER_COUNTS[variant]
    if isinstance(players, bool) or not isinstance(players, int) or not low <= players <= high:
        raise ValueError(
            f"players: a {variant} game takes {low} to {high} players, got {quote(players)}"
        )
    if isinstance(seed, bool) or not isinstance(seed, int) or abs(seed) >= 10**MAX_INTEGER_DIGITS:
        raise ValueError(
            f"seed: expected a whole number of at most {MAX_INTEGER_DIGITS} digits, got "
            f"{quote(seed)}"
        )
    table = deck_table(deck)
    need = players * (TREE_ROUNDS * TREE_DEAL if variant == "great-tree" else NATURE_DEAL)
    kept_out = {"rain", "hermit_crab"} if variant == "great-tree" else set()
    have = sum(n for cid, n in table.items() if CARDS[cid].kind not in kept_out)
    if have < need:
        raise ValueError(
            f"deck: {players} players of {variant} need {need} cards, the deck table has {have}"
        )
    return table


def new_game(
    variant: str = "nature",
    players: int = 2,
    seed: int = 0,
    policy: Policy | None = None,
    traced: bool = True,
    record: bool = False,
    moon: bool = True,
    wolves: bool = True,
    rulings: Rulings | dict | None = None,
    deck=None,
    first_player: int | None = None,
) -> Game:
    """A new game, set up and ready to `play()`: `variant` 'nature', 'great-tree' or 'multi'
    (Nature games until someone has 100 points); `moon`, `wolves`: whether those cards are played
    with (the rulebook lets a table leave them out); `deck`: a deck table ({card id: copies}, or
    a CSV file, `cards.deck_table`; default the package's). ValueError (one line) for bad
    arguments."""
    table_deck = check_game_args(variant, players, seed, deck)
    if isinstance(rulings, dict):
        rulings = Rulings.from_dict(rulings)
    t = setup_table(
        variant, players, seed, moon, wolves, rulings, table_deck, first_player=first_player
    )
    game = Game(t, policy, traced, record, table_deck)
    game.seed = seed
    game.options = {
        "variant": variant,
        "players": players,
        "seed": seed,
        "moon": moon,
        "wolves": wolves,
        "rulings": t.rulings,
        "deck": table_deck,
        "first_player": first_player,
    }
    return game


class Replaying:
    """A policy that gives a logged game's answers again, in order."""

    name = "replay"

    def __init__(self, answers) -> None:
        self.answers = iter(answers)

    def choose(self, choice) -> int | None:
        return next(self.answers)


def replay(game: Game, traced: bool = True, record: bool = False) -> Game:
    """The same game again from its seed, setup and logged decisions (the same trace)."""
    o = game.options
    again = new_game(
        o["variant"],
        o["players"],
        o["seed"],
        Replaying(list(game.decisions)),
        traced,
        record,
        o["moon"],
        o["wolves"],
        o["rulings"],
        o["deck"],
        o["first_player"],
    )
    again.play()
    return again
