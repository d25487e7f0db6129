"""Check Fame: every face-up card scores its printed fame plus its bonus, once, then the
least-fame triggers (Firefly, Skunk). Bonuses are small functions in `BONUSES`, keyed by the
`score` column of the card table; each gets a `Seat` (the card, where it is, whose grid).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from ..policy import FORCED, Choice, forced_answer
from ..rulings import cite
from .events import Decision, Fame, FameChange, Ignored, LeastFame, Phase, Trace
from .rules import FAQ_OF


@dataclass(slots=True)
class CardFame:
    """What one face-up card scores: printed `base` + `bonus` + `gained` (after Check Fame, e.g.
    the Firefly's +2). `pos` is (row, col) as in docs/engine.md, `height` its place in its stack."""

    card: object
    pos: tuple[int, int]
    height: int
    base: int
    bonus: int = 0
    gained: int = 0
    rule: str = ""  # the rule the trace cites for this card's fame
    ruling: str | None = None  # the ruling option that decided it, cited beside the rule
    step: int | None = None  # its fame event in the trace

    @property
    def fame(self) -> int:
        return self.base + self.bonus + self.gained


class Seat:
    """A scoring card in its place: the card, its space and stack, its player, the table."""

    __slots__ = (
        "card",
        "row",
        "col",
        "stack",
        "player",
        "table",
        "rulings",
        "faces",
        "stack_adjacency",
        "ruling",
    )

    def __init__(self, card, row, col, stack, player, table, faces=None):
        self.card, self.row, self.col, self.stack = card, row, col, stack
        self.player, self.table, self.rulings = player, table, table.rulings
        self.faces = faces  # the player's face-up cards, if already listed
        self.stack_adjacency = False  # a stack took part in an adjacency (s2.key.stack-adjacency)
        self.ruling = ""  # the ruling option whose other reading would change the bonus, if any

    def reading(self, name: str) -> None:
        """Note that ruling option `name` decided this bonus (its fame event cites it)."""
        self.ruling = "ruling." + name

    def adjacent(self) -> list:
        """Face-up cards adjacent to this card: every card of each neighbouring stack, none of
        its own stack (s2.key.stack-adjacency)."""
        near = self.player.grid.neighbours(self.row, self.col)
        if len(self.stack) > 1 or any(len(stack) > 1 for _, _, stack in near):
            self.stack_adjacency = True
        return [c for _, _, stack in near for c in stack if c.face_up]

    def face_up(self) -> list:
        """The face-up cards of the player's grid."""
        if self.faces is None:
            self.faces = [c for c in self.player.grid.all_cards() if c.face_up]
        return self.faces

    def column(self, above: bool) -> int:
        """Cards (face-down ones too) in the spaces above or below this card's space in its
        column; not its own stack (s2.faq.spider-grasshopper); extra rows as ruling
        `extra_rows_in_columns` says."""
        if not self.player.grid.extra_height():  # no extra rows: both readings count the same
            return self._column(above, False)
        counts = [self._column(above, with_extra) for with_extra in (True, False)]
        if counts[0] != counts[1]:
            self.reading("extra_rows_in_columns")
        return counts[0] if self.rulings.extra_rows_in_columns else counts[1]

    def _column(self, above: bool, with_extra: bool) -> int:
        grid = self.player.grid
        if self.row < 0 and not with_extra:
            return 0
        lowest = -grid.extra_height() if with_extra else 0
        rows = range(lowest, self.row) if above else range(self.row + 1, 2)
        return sum(len(grid.at(r, self.col) or ()) for r in rows)

    def others(self):
        """The other players."""
        return [p for p in self.table.players if p is not self.player]


def _named(cards, card_id) -> int:
    return sum(1 for c in cards if c is not None and c.face_up and c.spec.id == card_id)


def _market(seat: Seat) -> list:
    return [c for c in seat.table.market if c is not None]


# -- bonuses (the `score` column of data/cards.csv); each returns the bonus of one card ----------


def unique_adjacent_names(s: Seat) -> int:
    """Dragonfly: +1 per unique adjacent face-up card name (ruling `dragonfly_unique`)."""
    names = Counter(c.spec.id for c in s.adjacent())
    if any(n > 1 for n in names.values()):
        s.reading("dragonfly_unique")
    if s.rulings.dragonfly_unique == "once":
        return sum(1 for n in names.values() if n == 1)
    return len(names)


def dog_elsewhere(s: Seat) -> int:
    """Dog: +5 if a Dog is in the market or in another player's grid (s1.faq.dog)."""
    me = s.card.spec.id
    if any(c.spec.id == me for c in _market(s)) or any(
        _named(p.grid.all_cards(), me) for p in s.others()
    ):
        return 5
    return 0


def in_upper_row(s: Seat) -> int:
    """Goat: +3 in the upper row (an extra row is not the upper row; s1.faq.goat)."""
    return 3 if s.row == 0 else 0


def in_lower_row(s: Seat) -> int:
    """Donkey: +5 in the lower row."""
    return 5 if s.row == 1 else 0


def in_middle_column(s: Seat) -> int:
    """Sheep: +4 in the middle column (extra rows: ruling `extra_rows_in_columns`)."""
    if s.col == 1 and s.row < 0:
        s.reading("extra_rows_in_columns")
    return 4 if s.col == 1 and (s.row >= 0 or s.rulings.extra_rows_in_columns) else 0


def most_camels(s: Seat) -> int:
    """Camel: +2 if neither the market nor any other grid holds more Camels (ties qualify;
    s1.faq.camel)."""
    me = s.card.spec.id
    mine = _named(s.player.grid.all_cards(), me)
    rivals = [_named(_market(s), me)] + [_named(p.grid.all_cards(), me) for p in s.others()]
    return 2 if max(rivals) <= mine else 0


def ranks_13_or_lower(s: Seat) -> int:
    """Rooster: +1 per face-up card of rank 13 or lower in your grid, this card included."""
    return sum(1 for c in s.face_up() if c.spec.rank <= 13)


def ranks_6_or_higher(s: Seat) -> int:
    """Hen: +1 per face-up card of rank 6 or higher in your grid, this card included."""
    return sum(1 for c in s.face_up() if c.spec.rank >= 6)


def dismissed_starting_cards(s: Seat) -> int:
    """Cat: +1 per starting card in your dismissed pile."""
    return sum(1 for c in s.player.dismissed if c.spec.starting)


def dismissed_cards(s: Seat) -> int:
    """Tiger: +1 per card in your dismissed pile."""
    return len(s.player.dismissed)


def dismissed_pairs(s: Seat) -> int:
    """Opossum: +2 per pair of same-name dismissed cards; a card is in one pair only
    (s2.faq.opossum)."""
    return 2 * sum(n // 2 for n in Counter(c.spec.id for c in s.player.dismissed).values())


def neighbours_rank_16_or_lower(s: Seat) -> int:
    """Lion: +4 if every face-up adjacent card has rank 16 or lower (none: ruling
    `lion_without_neighbours`)."""
    adjacent = s.adjacent()
    if not adjacent:
        s.reading("lion_without_neighbours")
        return 4 if s.rulings.lion_without_neighbours == "bonus" else 0
    return 4 if all(c.spec.rank <= 16 for c in adjacent) else 0


def any_face_down(s: Seat) -> int:
    """Bull: +7 if at least one card in your grid is face down."""
    return 7 if any(not c.face_up for c in s.player.grid.all_cards()) else 0


def no_shared_names(s: Seat) -> int:
    """Deer: +5 if no two face-up cards in your grid share a name."""
    names = [c.spec.id for c in s.face_up()]
    return 5 if len(names) == len(set(names)) else 0


def face_up_cards(s: Seat) -> int:
    """Bear: +1 per face-up card in your grid, stacked cards and itself included (s1.faq.bear)."""
    return len(s.face_up())


def cards_below(s: Seat) -> int:
    """Spider: +1 per card below it in its column (s2.faq.spider-grasshopper)."""
    return s.column(above=False)


def cards_above(s: Seat) -> int:
    """Grasshopper: +1 per card above it in its column (s2.faq.spider-grasshopper)."""
    return s.column(above=True)


def fish_in_grid(s: Seat) -> int:
    """Goldfish, Shark: +1 per face-up fish card in your grid (s2.key.fish: the Shark is no
    fish)."""
    return sum(1 for c in s.face_up() if c.spec.fish)


def adjacent_fish(s: Seat) -> int:
    """Clownfish: +2 if adjacent to at least one fish card."""
    return 2 if any(c.spec.fish for c in s.adjacent()) else 0


def hen_or_rooster_anywhere(s: Seat) -> int:
    """Fox: +3 if a Hen or Rooster is in the market or in any player's grid (s2.faq.fox)."""
    wanted = ("hen", "rooster")
    if any(c.spec.id in wanted for c in _market(s)):
        return 3
    for p in s.table.players:
        if any(c.face_up and c.spec.id in wanted for c in p.grid.all_cards()):
            return 3
    return 0


def deck_at_least_3(s: Seat) -> int:
    """Capybara: +4 if at least three cards remain in your deck (s2.faq.capybara; exactly three:
    ruling `capybara_exactly_three`)."""
    n = len(s.player.deck)
    if n == 3:
        s.reading("capybara_exactly_three")
        return 4 if s.rulings.capybara_exactly_three == "counts" else 0
    return 4 if n > 3 else 0


def cards_in_deck(s: Seat) -> int:
    """Hippopotamus: +2 per card remaining in your deck (s2.faq.hippopotamus)."""
    return 2 * len(s.player.deck)


def adjacent_odd_ranks(s: Seat) -> int:
    """Rhinoceros: +3 per adjacent face-up card with an odd rank."""
    return 3 * sum(1 for c in s.adjacent() if c.spec.rank % 2)


def grid_at_least_8(s: Seat) -> int:
    """Sloth: +5 if your grid holds at least eight cards (ruling `sloth_counts`)."""
    every, face_up = s.player.grid.count(), len(s.face_up())
    if (every >= 8) != (face_up >= 8):
        s.reading("sloth_counts")
    n = face_up if s.rulings.sloth_counts == "face-up" else every
    return 5 if n >= 8 else 0


def big_button_face_down(s: Seat) -> int:
    """Platypus: +3 if your Big Button card is face down. The Big Button promo is catalogued but
    not played: no button is ever face down."""
    return 0


def copy_adjacent(s: Seat) -> int:
    """Cow: its fame equals the fame of one chosen adjacent card (s1.faq.cow); scored in
    `check_fame` after the other cards, since it may copy their totals (ruling `cow_copies`)."""
    raise AssertionError("the Cow is scored by check_fame")


BONUSES = {
    f.__name__: f
    for f in (
        unique_adjacent_names,
        dog_elsewhere,
        in_upper_row,
        in_lower_row,
        in_middle_column,
        most_camels,
        ranks_13_or_lower,
        ranks_6_or_higher,
        dismissed_starting_cards,
        dismissed_cards,
        dismissed_pairs,
        neighbours_rank_16_or_lower,
        any_face_down,
        no_shared_names,
        face_up_cards,
        cards_below,
        cards_above,
        fish_in_grid,
        adjacent_fish,
        hen_or_rooster_anywhere,
        deck_at_least_3,
        cards_in_deck,
        adjacent_odd_ranks,
        grid_at_least_8,
        big_button_face_down,
        copy_adjacent,
    )
}

#: Bonuses that depend on where the card is (its space); the others depend on the grid as a whole.
SPACE_BONUSES = frozenset(
    f.__name__
    for f in (
        unique_adjacent_names,
        in_upper_row,
        in_lower_row,
        in_middle_column,
        neighbours_rank_16_or_lower,
        cards_below,
        cards_above,
        adjacent_fish,
        adjacent_odd_ranks,
    )
)

#: Least-fame triggers (the `other` column): resolved after everyone's fame is known.
LEAST_FAME_GAIN, LEAST_FAME_DISMISS = "least_fame_gain_2", "least_fame_dismiss"


def score_player(table, player, policy, trace: Trace | None) -> tuple[list[CardFame], int]:
    """What one player's grid scores: (a `CardFame` per face-up card, in reading order, stacks
    bottom first; the total). A card a flip turned face up again scores its bonus as ruling
    `flipped_face_up` says (cited where the bonus is not 0)."""
    entries: list[CardFame] = []
    faces = []
    scoring = []
    total = 0
    for row, col, stack in player.grid.spaces():
        pos = (row, col)
        for height, card in enumerate(stack):
            if card.face_up:
                spec = card.spec
                entry = CardFame(card, pos, height, spec.fame)
                entries.append(entry)
                faces.append(card)
                total += spec.fame
                if spec.score:
                    scoring.append((entry, stack))
    cows = []
    turned_up = player.turned_up  # cards a flip turned face up again (`_turned_up_bonus`)
    known = {}  # a bonus depends on the card's name and space only: one computation per stack
    for entry, stack in scoring:
        card = entry.card
        score = card.spec.score
        if score == "copy_adjacent":
            cows.append(entry)
            continue
        key = (score, card.spec.id, entry.pos if score in SPACE_BONUSES else None)
        result = known.get(key)
        if result is None:
            seat = Seat(card, entry.pos[0], entry.pos[1], stack, player, table, faces)
            bonus = BONUSES[score](seat)
            result = known[key] = (
                bonus,
                "s2.key.stack-adjacency" if seat.stack_adjacency else "",
                seat.ruling or None,
            )
        entry.bonus, entry.rule, entry.ruling = result
        total += _turned_up_bonus(table, player, entry) if turned_up else entry.bonus
    by_card = {id(e.card): e for e in entries} if cows else None
    for entry in cows:
        entry.bonus = _cow(table, player, entry, by_card, policy, trace)
        total += _turned_up_bonus(table, player, entry) if turned_up else entry.bonus
    return entries, total


def _turned_up_bonus(table, player, entry: CardFame) -> int:
    """The bonus an entry keeps: all of it, unless its card was turned face up again by a flip
    and ruling `flipped_face_up` is 'inactive' (s2.key.face-down.flipped-up)."""
    if entry.bonus and entry.card.uid in player.turned_up:
        entry.ruling = cite(entry.ruling, "ruling.flipped_face_up")
        if table.rulings.flipped_face_up == "inactive":
            entry.bonus = 0
    return entry.bonus


def _cow(table, player, entry, by_card, policy, trace) -> int:
    """The Cow copies one adjacent face-up card's fame: printed, or total (ruling `cow_copies`,
    cited when the two differ for a card it could copy). `by_card`: {id(card): its CardFame}
    for the player's face-up cards."""
    row, col = entry.pos
    entry.rule = cow_rule(player, row, col)
    neighbours = [c for _, _, stack in player.grid.neighbours(row, col) for c in stack if c.face_up]
    if not neighbours:
        return 0
    printed = tuple(c.spec.fame for c in neighbours)
    totals = tuple(
        by_card[id(c)].base + by_card[id(c)].bonus
        if c.spec.score != "copy_adjacent"
        else c.spec.fame
        for c in neighbours
    )
    values = totals if table.rulings.cow_copies == "total" else printed
    if printed != totals:
        entry.ruling = cite(entry.ruling, "ruling.cow_copies")
    choice = Choice(
        "cow_copy",
        player.index,
        entry.card,
        tuple(neighbours),
        values,
        f"which adjacent card's fame does the {entry.card.spec.name} copy?",
    )
    i = forced_answer(choice)
    forced = i is not None
    if not forced:
        i = policy.choose(choice)
    if trace is not None:
        trace.emit(
            Decision,
            "check-fame",
            player.index,
            entry.card,
            None,
            entry.rule,
            target=neighbours[i],
            value=values[i],
            ruling=entry.ruling,
            detail=choice.question + (f" ({FORCED})" if forced else ""),
        )
    return values[i]


def cow_rule(player, row: int, col: int) -> str:
    """What decides a Cow's copy: its FAQ entry when a stack is adjacent to it (any one card of
    the stack may be copied: s1.faq.cow), else the card's own text (one adjacent card's fame)."""
    stacked = any(len(stack) > 1 for _, _, stack in player.grid.neighbours(row, col))
    return "s1.faq.cow" if stacked else "card.cow"


def check_fame(
    table,
    policy,
    trace: Trace | None,
    players=None,
    least_fame: bool = True,
    among=None,
    reading=None,
    least_fame_ruling: str | None = None,
) -> None:
    """Check Fame for every player, computed once (s2.check-fame, s2.check-fame.lock), then the
    least-fame triggers (s2.faq.firefly, s1.faq.skunk): if exactly one player of two or more has
    the least fame, each face-up Firefly of theirs gains 2 and a face-up Skunk obliges them to
    dismiss a card (which the Market resolves). `players`: who checks fame (default all);
    `among`: whose fame the least is taken of (default `players`; a Final Flip's re-flip);
    `reading`: (the other players it could be taken of, the ruling that chose): where the other
    reading would leave another player alone with the least fame, the triggers cite the ruling.
    `least_fame` False: the least-fame triggers do not fire (the Final Flip under ruling
    `firefly_in_final_flip`), each said so; `least_fame_ruling`: the ruling option that let them
    fire, cited beside their rule (the same, in the Final Flip).

    Traced, each player's fame is counted anew from the phase event on (their last fame is gone)
    and each card's fame joins `player.fame` and the total with its own `fame` event, so that
    a recorded state shows the count as far as it has gone."""
    rule = "s1.check-fame" if table.season == "s1" else "s2.check-fame"
    players = table.players if players is None else players
    if trace is not None:
        for p in players:
            p.fame, p.fame_total = [], 0
        trace.emit(Phase, "check-fame", None, None, None, rule, detail="Check Fame")
    for p in players:
        entries, total = score_player(table, p, policy, trace)
        p.fame_extra_rows = p.grid.extra_height()
        after_flip = _gains_after_flip(p, entries)
        if trace is None:
            p.fame, p.fame_total = entries, total + p.fame_after_flip
        else:
            for e in entries:
                p.fame.append(e)
                p.fame_total += e.fame
                spec = e.card.spec
                cite = e.rule or (FAQ_OF.get(spec.id) or "card." + spec.id if spec.score else rule)
                if e.gained and not e.rule:
                    cite = "s1.faq.snake.peacock"
                e.step = trace.emit(
                    Fame,
                    "check-fame",
                    p.index,
                    e.card,
                    None,
                    cite,
                    pos=e.pos,
                    value=e.fame,
                    detail=_breakdown(e),
                    ruling=e.ruling,
                )
            for card, gain in after_flip.items():  # its card has left the grid since it was gained
                p.fame_total += gain
                trace.emit(
                    FameChange,
                    "check-fame",
                    p.index,
                    card,
                    None,
                    "s1.faq.snake.peacock",
                    value=gain,
                    detail="fame gained after the Flip, to this round's total; "
                    "the card has left the grid since",
                )
        p.fame_generated = p.fame_total
    table.least_fame_player = None
    among = players if among is None else among
    if len(among) < 2 or not least_fame:
        if trace is not None:
            _least_fame_skipped(players, trace, one_player=len(among) < 2)
        return
    _least_fame(table, players, among, reading, trace, least_fame_ruling)


def _gains_after_flip(player, entries) -> dict:
    """Fame gained after the Flip (a Peacock a Snake gained, s1.faq.snake.peacock) goes into its
    card's own entry; returns {card: fame} for what has no entry (its card left the grid after its
    effect resolved: a Panther's dismissal). `player.fame_after_flip` is the sum of it all."""
    gains = player.gains
    player.fame_after_flip = sum(gains.values()) if gains else 0
    if not gains:
        return {}
    left = dict(gains)
    for e in entries:
        gain = left.pop(e.card, 0)
        if gain:
            e.gained += gain
    return left


def _least_fame(table, players, among, reading, trace, firing: str | None = None) -> None:
    """The least-fame triggers (Firefly, Skunk) once every player's fame is known: for the player
    alone with the least fame of `among`, each face-up Firefly gains 2 (ruling
    `fireflies_of_one_player`) and a face-up Skunk obliges them to dismiss; a card a flip turned
    face up again takes part as ruling `flipped_face_up` says; `reading` and `firing` (the
    ruling that lets the triggers fire at all) as `check_fame` says."""
    alone, lowest = _alone(among)
    table.least_fame_player = alone
    # the other reading of whose the least fame is would leave another player alone (or none):
    # it decides every least-fame trigger of this Check Fame
    decided = reading is not None and _alone(reading[0])[0] is not alone
    rulings = table.rulings
    for p in players:
        triggers = [e for e in p.fame if e.card.spec.other in (LEAST_FAME_GAIN, LEAST_FAME_DISMISS)]
        if not triggers:
            continue
        here = cite(firing, reading[1] if decided else None)  # the rulings that decided
        if p is not alone:
            if trace is not None:
                why = (
                    "a tie for the least fame: no effect"
                    if p in lowest
                    else "not the player with the least fame"
                )
                for e in triggers:
                    trace.emit(
                        Ignored,
                        "check-fame",
                        p.index,
                        e.card,
                        e.step,
                        FAQ_OF[e.card.spec.id],
                        detail=why,
                        ruling=here,
                    )
            continue
        active = []
        for e in triggers:
            if e.card.uid not in p.turned_up:
                active.append((e, here))
            elif rulings.flipped_face_up == "active":
                active.append((e, cite(here, "ruling.flipped_face_up")))
            elif trace is not None:
                trace.emit(
                    Ignored,
                    "check-fame",
                    p.index,
                    e.card,
                    e.step,
                    "s2.key.face-down.flipped-up",
                    detail="turned face up again by a flip: its ability does not apply",
                    ruling=cite(here, "ruling.flipped_face_up"),
                )
        several = sum(1 for e, _ in active if e.card.spec.other == LEAST_FAME_GAIN) > 1
        gained = False
        for e, ruling in active:
            rule = FAQ_OF[e.card.spec.id]
            if e.card.spec.other == LEAST_FAME_DISMISS:
                if trace is not None:
                    trace.emit(
                        LeastFame,
                        "check-fame",
                        p.index,
                        e.card,
                        e.step,
                        rule,
                        value=0,
                        detail="alone with the least fame: must dismiss one face-up card for 0",
                        ruling=ruling,
                    )
                continue
            if several:
                ruling = cite(ruling, "ruling.fireflies_of_one_player")
            if gained and rulings.fireflies_of_one_player == "once":
                if trace is not None:
                    trace.emit(
                        Ignored,
                        "check-fame",
                        p.index,
                        e.card,
                        e.step,
                        rule,
                        detail="the player has already gained 2 from a Firefly",
                        ruling=ruling,
                    )
                continue
            gained = True
            e.gained += 2
            p.fame_total += 2
            if trace is not None:
                trace.emit(
                    LeastFame,
                    "check-fame",
                    p.index,
                    e.card,
                    e.step,
                    rule,
                    value=2,
                    detail="alone with the least fame: gains 2",
                    ruling=ruling,
                )


def _alone(players) -> tuple:
    """(the player alone with the least fame of `players`, or None; the players with the least)."""
    least = min(p.fame_total for p in players)
    lowest = [p for p in players if p.fame_total == least]
    return (lowest[0] if len(lowest) == 1 else None), lowest


def _least_fame_skipped(players, trace: Trace, one_player: bool) -> None:
    """A trace line for each face-up Firefly or Skunk whose least-fame trigger does not fire: at a
    table of one player (the solo rules leave both cards out: s2.solo.setup, s1.solo.setup; the
    engine reads a one-player scenario the same way), or in a Final Flip under ruling
    `firefly_in_final_flip` false (cited beside the Final Flip's rule)."""
    for p in players:
        for e in p.fame:
            other = e.card.spec.other
            if other != LEAST_FAME_GAIN and other != LEAST_FAME_DISMISS:
                continue
            if one_player:
                rule = "s2.solo.setup" if other == LEAST_FAME_GAIN else "s1.solo.setup"
                why = (
                    "no other player to compare fame with; solo play does not use the "
                    f"{e.card.spec.name}"
                )
                trace.emit(Ignored, "check-fame", p.index, e.card, e.step, rule, detail=why)
            else:
                trace.emit(
                    Ignored,
                    "check-fame",
                    p.index,
                    e.card,
                    e.step,
                    "s2.final-flip",
                    detail="no least-fame trigger in the Final Flip",
                    ruling="ruling.firefly_in_final_flip",
                )


def _breakdown(e: CardFame) -> str:
    """'' for printed fame alone, else e.g. '2 printed +4 bonus', '5 printed +2 gained after the
    Flip'."""
    gained = f" {e.gained:+d} gained after the Flip" if e.gained else ""
    if not (e.bonus or e.card.spec.score):
        return f"{e.base} printed{gained}" if gained else ""
    return f"{e.base} printed {e.bonus:+d} bonus{gained}"
