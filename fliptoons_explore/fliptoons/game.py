"""A whole game: setup for every mode (Season 1, Season 2, both combined up to 8 players, solo),
rounds of Flip, Check Fame, Market and Cleanup, the end of the game and the Final Flip.

    >>> game = new_game("s2", players=3, seed=1)
    >>> result = game.play()

Randomness lives in the state: a game with a seed draws each part of it (a round's shuffles,
the rest of the round, each flip of the Final Flip) from its own generator, made from the seed
and the part's name (`state.part_rng`), so that a game taken up at the start of any round (a
scenario's `seed` and `round`) goes on exactly as the whole game does. Every decision goes
through the policy and is logged in `Game.decisions`, so `replay(game)` reproduces the same trace.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import NamedTuple

from ..limits import MAX_INTEGER_DIGITS, MAX_STRING_LENGTH, quote, unsafe_character
from ..policy import Policy, ReplayPolicy, check_policy
from .cards import STARTING_DECKS, toon_deck
from .events import (
    Collect,
    FameChange,
    GameEnd,
    Ignored,
    Phase,
    Recorder,
    Shuffle,
    Trace,
)
from .market import discard_market_ends, market_turn, refill
from .market_abilities import after_market, has_after_market, skunk_dismissal
from .resolver import TRIGGER_FAME, Resolver
from .rules import citations
from .rulings import Rulings
from .state import PRICES, Table, part_rng

CRITICS_CHOICE_FAME = 3
SOLO_DISCARDS = {
    "s1": {"easy": 17, "normal": 20, "hard": 23},
    "s2": {"easy": 17, "normal": 20, "hard": 23},
    "combined": {"easy": 67, "normal": 70, "hard": 73},
}
#: Safety bounds (documented ends, never reached in a normal game).
MAX_ROUNDS = 300
MAX_REFLIPS = 50
#: Where the Season 1 rulebook's id of an end-of-game rule is not Season 2's with "s1." for "s2.".
S1_PARTS = {"cleanup.low-count": "cleanup.two-players"}


def season_rule(season: str, part: str) -> str:
    """The id of an end-of-game rule in the season's own rulebook: 's1.final-flip.tie' in a
    Season 1 game, 's2.final-flip.tie' in Season 2 and combined games (S2 Combining Games)."""
    return "s1." + S1_PARTS.get(part, part) if season == "s1" else "s2." + part


class RoundFame(NamedTuple):
    """One round as it was scored: its number, the first player (an index) and each player's
    fame at Check Fame (the Firefly's +2 included), in seat order."""

    round: int
    first_player: int
    fame: tuple[int, ...]


class FlipFame(NamedTuple):
    """One flip of the Final Flip (the first, or a re-flip of the tied players): who flipped
    (indexes, seat order) and their fame, the critic's choice +3 included where it counted."""

    players: tuple[int, ...]
    fame: tuple[int, ...]


@dataclass
class GameResult:
    """How a game ended: the winner (index; several on a tie the re-flips did not break), the
    rounds played, each player's fame in the Final Flip (their last flip of it), or the solo
    result ('won'/'lost'); `flips`: the Final Flip and each re-flip (`FlipFame`)."""

    winners: list[int]
    rounds: int
    final_fame: list[int] = field(default_factory=list)
    solo: str | None = None
    reason: str = ""
    flips: list[FlipFame] = field(default_factory=list)

    @property
    def winner(self) -> int | None:
        return self.winners[0] if len(self.winners) == 1 else None


class Game(Resolver):
    """One game on a table. `solo` is None or a difficulty; `shuffle` False keeps the decks of
    every round in the order given (a round of a scenario). `seed`: the game's seed, from which
    each part of the game draws (`state.part_rng`); None: everything draws from the table's own
    generator (a table built by hand).

    `round` counts the rounds begun; `stage` the rounds and the Final Flip begun (what a script
    given round by round follows), `stage_steps` the step of the trace each began at; `final`: the
    Final Flip has begun; `as_given` makes the next Flip take every deck as it lies,
    once (a scenario's first Flip); `history` holds each round's fame (`RoundFame`)."""

    def __init__(
        self,
        table: Table,
        policy: Policy | None = None,
        traced: bool = True,
        solo: str | None = None,
        shuffle: bool = True,
        record: bool = False,
        seed: int | None = None,
    ) -> None:
        cite = citations(table.season)  # a Season 1 table cites the S1 rulebook's wording
        super().__init__(
            table, policy, Recorder(table, cite) if record else Trace(cite=cite) if traced else None
        )
        self.solo = solo
        self.shuffle = shuffle
        self.seed = seed
        self.round = 0
        self.stage = 0
        self.final = False
        self.as_given = False
        self.end_triggered = False
        self.stage_steps: list[int] = []
        self.history: list[RoundFame] = []
        self.flips: list[FlipFame] = []
        self.result: GameResult | None = None
        self.solo_discard_done = False  # this round's solo market discard has happened
        self.solo_discard_ruling = None  # the ruling the solo market discard cites, if it decides
        self.trigger_rule = None  # a ruling option that decided the last solo 30-fame check

    def copy(self, policy: Policy | None = None, traced: bool = False) -> Game:
        """A copy of this game at rest (before its first round, or between rounds) on a copy of
        its table (`Table.copy`), deciding by `policy` (default: this game's), untraced unless
        `traced`: with the same seed, it plays on exactly as this game would."""
        g = Game(
            self.table.copy(),
            policy or self.policy,
            traced,
            self.solo,
            self.shuffle,
            seed=self.seed,
        )
        g.round, g.stage, g.final, g.as_given = self.round, self.stage, self.final, self.as_given
        g.end_triggered, g.phase, g.result = self.end_triggered, self.phase, self.result
        g.history, g.flips = list(self.history), list(self.flips)
        g.solo_discard_done, g.solo_discard_ruling = (
            self.solo_discard_done,
            self.solo_discard_ruling,
        )
        g.trigger_rule = self.trigger_rule
        g.decisions = list(self.decisions)
        return g

    def __repr__(self) -> str:
        fame = ", ".join(f"{p.name} {p.fame_total}" for p in self.table.players)
        state = "over" if self.result else f"round {self.round}"
        return f"<Game {self.table.season}, {len(self.table.players)} players, {state}: {fame}>"

    def _repr_html_(self) -> str:
        """The table now and the trace of the last Flip onwards (a whole game's trace is long).
        A shuffled deck's order stays hidden; a scenario's (`shuffle=False`) is shown."""
        from types import SimpleNamespace

        from .render import resolution_html

        trace = self.trace or []
        start = max((e.step for e in trace if e.kind == "phase" and e.phase == "flip"), default=0)
        return resolution_html(
            SimpleNamespace(table=self.table, trace=trace[start:]),
            show_order=not self.shuffle,
            flip_notes=self.phase in ("flip", "after-flip", "check-fame"),
        )

    # -- the round ------------------------------------------------------------------------------
    def play(self) -> GameResult:
        while self.result is None:
            self.play_round()
        return self.result

    def begin_stage(self) -> None:
        """A round or the Final Flip begins: `stage` counts it, `stage_steps` notes the step of
        the trace it begins at (how a view tells the rounds of a whole game's trace apart)."""
        self.stage += 1
        self.stage_steps.append(len(self.trace) if self.trace is not None else 0)

    def rule(self, part: str) -> str:
        """An end-of-game rule's id in this game's season (`season_rule`)."""
        return season_rule(self.table.season, part)

    def play_round(self, stop_before_cleanup: bool = False) -> None:
        """One round: Flip, Check Fame, Market, Cleanup (S2 How to Play)."""
        t = self.table
        self.round += 1
        self.begin_stage()
        self.phase = "flip"
        part = f"round {self.round}"
        self.draw_from(part)
        if self.shuffle:
            # s1.flip.shuffle in Season 1 (citations)
            self.shuffle_decks(t.clockwise(), part, "s2.flip.shuffle")
        self.flip_and_check_fame()
        self.history.append(
            RoundFame(self.round, t.first_player, tuple(p.fame_total for p in t.players))
        )
        if self.solo:
            if self.solo_won():
                return self.finish(
                    [0],
                    "won",
                    f"{t.players[0].fame_total} fame in one Check Fame",
                    self.rule("solo.win"),
                    ruling=self.trigger_rule,
                )
        self.phase = "market"
        skunk_dismissal(self, None)
        if not self.market_phase():
            return
        if stop_before_cleanup:
            return
        self.cleanup()

    def market_phase(self, resume=None) -> bool:
        """Every player's Market turn, clockwise from the first player, each followed by the
        refill (and the after-Market effects, ruling `after_market_timing`), then those effects
        at the end of the phase (S2 Market). `resume`: the player whose turn is under way; their
        actions go on from where they are (fame and actions left as they stand), then the turns
        after theirs: how a game copied at a Market decision plays on (`montecarlo`). False if
        the solo game was lost because the market could not be refilled."""
        t = self.table
        each_turn = t.rulings.after_market_timing == "each-turn"
        turns = t.clockwise()
        if resume is None:
            self.solo_discard_done = False
        else:
            turns = turns[turns.index(resume) :]
        for p in turns:
            start = None
            if p is not resume:
                p.fame_left = p.fame_total
                p.actions_left = 2 + p.bonus_actions
                start = self.emit(
                    Phase, p.index, None, None, "s2.market", detail=f"{p.name}'s Market turn"
                )
            market_turn(self, p, start)
            if not self.refill_and_after_market(p, start, each_turn):
                self.finish([], "lost", "the market could not be refilled", self.rule("solo.lose"))
                return False
            if (
                not each_turn
                and self.trace is not None
                and p is not t.clockwise()[-1]
                and has_after_market(t, p)
            ):
                self.emit(
                    Phase,
                    p.index,
                    None,
                    start,
                    "s2.market.order",
                    ruling="ruling.after_market_timing",
                    detail=f"{p.name}'s after-Market effects wait for the end of the Market phase",
                )
        if t.rulings.after_market_timing == "end-of-phase":
            cause = None
            if self.trace is not None and any(has_after_market(t, p) for p in t.clockwise()[:-1]):
                cause = self.emit(
                    Phase,
                    None,
                    None,
                    None,
                    "s2.market.order",
                    ruling="ruling.after_market_timing",
                    detail="the after-Market effects, once every player's Market turn is done",
                )
            for p in t.clockwise():
                after_market(self, p, cause)
        return True

    def refill_and_after_market(self, p, cause, each_turn: bool) -> bool:
        """After a player's actions: refill the market (s2.market.refill) and, with after-Market
        effects each turn, resolve theirs, in the order of ruling `after_market_refill` (cited on
        the refill when the player has such an effect and the market a gap). False if a solo
        game is lost because the market could not be refilled."""
        t = self.table
        ruling = None
        if self.trace is not None and each_turn and None in t.market and has_after_market(t, p):
            ruling = "ruling.after_market_refill"
        effects_first = each_turn and t.rulings.after_market_refill == "effects-first"
        if effects_first:
            cause = self.after_turn(p, cause)
            if ruling is not None:
                cause = self.emit(
                    Phase,
                    p.index,
                    None,
                    cause,
                    "s2.market.order",
                    ruling=ruling,
                    detail=f"{p.name}'s after-Market effects, before the refill",
                )
            after_market(self, p, cause)
        self.solo_discard_ruling = None
        if self.solo and not effects_first and has_after_market(t, p):  # effects still to come
            self.solo_discard_ruling = "ruling.solo_market_discard"
        if not refill(self, cause, "s2.market.refill", ruling) and self.solo:
            return False
        if self.solo and t.rulings.solo_market_discard == "end-of-market":
            if not self.solo_market_discard(cause):
                return False
        elif self.solo_discard_ruling is not None:
            self.emit(
                Phase,
                None,
                None,
                cause,
                "s2.solo.market-discard",
                ruling=self.solo_discard_ruling,
                detail="the solo market discard waits for Cleanup",
            )
        if each_turn and not effects_first:
            after_market(self, p, self.after_turn(p, cause))
        return True

    def after_turn(self, p, cause):
        """The cause of a player's after-Market effects resolved after their own turn: a phase
        event citing ruling `after_market_timing` when a later player's turn comes before the end
        of the Market phase (the other reading would move the effects after it), else `cause`."""
        t = self.table
        if self.trace is None or p is t.clockwise()[-1] or not has_after_market(t, p):
            return cause
        return self.emit(
            Phase,
            p.index,
            None,
            cause,
            "s2.market.order",
            ruling="ruling.after_market_timing",
            detail=f"{p.name}'s after-Market effects, right after their own turn",
        )

    def solo_market_discard(self, cause) -> bool:
        """Solo: discard the market's end cards, then refill (s2.solo.market-discard); at Cleanup,
        or right after the refill that ends the Market turn (ruling `solo_market_discard`, cited
        by a phase event when after-Market effects are still to come, the one case where the
        moment changes anything). False if the market could not be refilled: the game is lost."""
        self.solo_discard_done = True
        t = self.table
        if not t.market_cards():
            return True
        if self.solo_discard_ruling is not None:
            cause = self.emit(
                Phase,
                None,
                None,
                cause,
                self.rule("solo.market-discard"),
                ruling=self.solo_discard_ruling,
                detail="the solo market discard, "
                + ("at Cleanup" if self.phase == "cleanup" else "at the end of the Market turn"),
            )
        discard_market_ends(self, cause, self.rule("solo.market-discard"))
        return refill(self, cause, self.rule("solo.market-discard"))

    def solo_won(self) -> bool:
        """Solo: 30 fame generated in one Check Fame wins (s2.solo.win; a gained Peacock's 2 as
        ruling `peacock_counts_for_trigger` says)."""

        def won(scores):
            return scores[0] >= TRIGGER_FAME

        self.trigger_rule = self.trigger_ruling(won) if self.trace is not None else None
        if won(self.trigger_scores()):
            return True
        if self.trigger_rule is not None:
            self.emit(
                Ignored,
                0,
                None,
                None,
                self.rule("solo.win"),
                ruling=self.trigger_rule,
                detail=f"{self.table.players[0].fame_total} fame, but not 30 generated: not won",
            )
        return False

    def draw_from(self, part: str) -> None:
        """A seeded game's part begins: what it draws at random (a Pig shuffled into the toon
        deck) comes from that part's own generator (`part_rng`)."""
        if self.seed is not None:
            self.table.draw_from(self.seed, part)

    def shuffle_decks(self, players, part: str, rule: str) -> None:
        """Each player shuffles their deck face down, clockwise (S2 Flip: "First, each player
        shuffles their deck"), from the part's own generator (`part_rng`, "<part> shuffles") in
        a seeded game; once `as_given`, the decks stay as they lie (a scenario's first Flip)."""
        if self.as_given:
            self.as_given = False
            return
        rng = part_rng(self.seed, part + " shuffles") if self.seed is not None else self.table.rng
        for p in players:
            deck = list(p.deck)
            rng.shuffle(deck)
            p.deck.clear()
            p.deck.extend(deck)
            self.emit(Shuffle, p.index, None, None, rule, detail="deck shuffled")

    def cleanup(self) -> None:
        """Discard the market's ends with few players (and solo), collect the grids, then the next
        round or the Final Flip (S2 Cleanup)."""
        t = self.table
        self.phase = "cleanup"
        n = len(t.players)
        if self.solo:
            if not self.solo_discard_done and not self.solo_market_discard(None):
                return self.finish(
                    [], "lost", "the market could not be refilled", self.rule("solo.lose")
                )
        elif (n <= 4 if t.season == "combined" else n <= 2) and t.market_cards():
            rule = (
                "s2.combined.cleanup" if t.season == "combined" else self.rule("cleanup.low-count")
            )
            discard_market_ends(self, None, rule)
            refill(self, None, rule)
        for p in t.players:
            self.collect(p, self.rule("cleanup"))
        end = self.end_of_game()
        if end is not None:
            return self.final_flip(*end)
        t.first_player = (t.first_player + 1) % n
        self.emit(
            Phase,
            None,
            None,
            None,
            self.rule("cleanup.next-round"),
            detail=f"round {self.round + 1} begins (a solo game uses no first player card)"
            if self.solo
            else f"the first player card passes to {t.players[t.first_player].name}",
        )

    def end_of_game(self) -> tuple[str, str] | None:
        """Why the Final Flip follows this round's Cleanup, and the rule its phase event cites,
        or None: the 30-fame trigger (s2.cleanup.end), the toon deck and the market both empty
        (s2.market.end), or the engine's safety bound of `MAX_ROUNDS` rounds."""
        t = self.table
        if self.end_triggered:
            return END_BY_FAME, self.rule("cleanup.end")
        if not t.market_cards() and not t.toon_deck:
            return END_BY_DEPLETION, self.rule("market.end")
        if self.round >= MAX_ROUNDS:
            return f"the safety bound of {MAX_ROUNDS} rounds", self.rule("final-flip")
        return None

    def collect(self, p, rule: str = "s2.cleanup") -> None:
        """All cards of the grid go back into the deck, face down (S2 Cleanup; the tied players
        of the Final Flip, s2.final-flip.tie); a grid built by hand is then flipped like any
        other."""
        cards = p.grid.clear()
        for c in cards:
            c.face_up = False
        p.deck.extend(cards)
        p.gains.clear()
        p.turned_up.clear()
        p.bonus_actions = 0
        p.fame_left = 0  # unspent fame is lost (S2 Cleanup)
        p.flip_ended = ""
        p.built_grid = False
        if cards:
            self.emit(Collect, p.index, None, None, rule, value=len(cards))

    # -- the end ----------------------------------------------------------------------------------
    def final_flip(self, why: str, rule: str | None = None) -> None:
        """Every player flips once more and checks fame, +3 for the critic's choice; ties re-flip
        among the tied players until one wins (S2 Final Flip). `rule`: what brought the end, which
        the Final Flip's phase event cites (`s2.cleanup.end` after the 30-fame trigger,
        `s2.market.end` when the toon deck and the market ran out; default `s2.final-flip`).

        Ruling `firefly_in_final_flip` decides whether the least-fame gains apply in its Check
        Fame, `least_fame_in_reflips` whose fame a re-flip's least fame is of (every player's, or
        the tied players'), `critics_choice_in_reflips` whether the +3 counts again in a re-flip;
        where one decides, the trace cites it."""
        t = self.table
        self.begin_stage()
        self.final = True
        contenders = list(t.players)
        for flips in range(MAX_REFLIPS + 1):
            self.phase = "final-flip"
            part = f"final flip {flips}"
            self.draw_from(part)
            if flips == 0:
                self.emit(
                    Phase,
                    None,
                    None,
                    None,
                    rule or self.rule("final-flip"),
                    detail=f"Final Flip ({why})",
                )
                shuffle_rule = self.rule("final-flip")
            else:
                tie = self.rule("final-flip.tie")
                names = ", ".join(p.name for p in contenders)
                self.emit(
                    Phase,
                    None,
                    None,
                    None,
                    tie,
                    detail=f"re-flip {flips} of the tied players ({names})",
                )
                for p in contenders:
                    self.collect(p, tie)
                shuffle_rule = tie
            self.shuffle_decks(contenders, part, shuffle_rule)
            firefly = t.rulings.firefly_in_final_flip
            firing = "ruling.firefly_in_final_flip"  # cited where the least-fame triggers fire
            if flips == 0:
                self.flip_and_check_fame(
                    contenders, firefly, trigger=False, least_fame_ruling=firing
                )
            else:  # whose fame the least-fame triggers compare: ruling least_fame_in_reflips
                every = t.rulings.least_fame_in_reflips == "all"
                among, other = (t.players, contenders) if every else (contenders, t.players)
                self.flip_and_check_fame(
                    contenders,
                    firefly,
                    among,
                    (other, "ruling.least_fame_in_reflips"),
                    trigger=False,
                    least_fame_ruling=firing,
                )
            self.phase = "final-flip"
            for p in contenders:
                if p.critics_choice:
                    self.critics_choice_fame(p, flips)
            self.flips.append(
                FlipFame(
                    tuple(p.index for p in contenders), tuple(p.fame_total for p in contenders)
                )
            )
            best = max(p.fame_total for p in contenders)
            leaders = [p for p in contenders if p.fame_total == best]
            if len(leaders) == 1:
                break
            contenders = leaders
        fame = [p.fame_total for p in t.players]
        if len(leaders) == 1:
            self.finish([leaders[0].index], None, why, self.rule("final-flip.winner"), fame)
        else:
            self.finish(
                [p.index for p in leaders],
                None,
                why + f" (still tied after {MAX_REFLIPS} re-flips, the safety bound)",
                self.rule("final-flip.tie"),
                fame,
            )

    def critics_choice_fame(self, p, flips: int) -> None:
        """The critic's choice card: +3 in the Final Flip (s2.final-flip); in a re-flip as ruling
        `critics_choice_in_reflips` says (cited either way)."""
        if flips == 0:
            p.fame_total += CRITICS_CHOICE_FAME
            self.emit(
                FameChange,
                p.index,
                None,
                None,
                self.rule("final-flip"),
                value=CRITICS_CHOICE_FAME,
                detail="the critic's choice card",
            )
        elif self.table.rulings.critics_choice_in_reflips:
            p.fame_total += CRITICS_CHOICE_FAME
            self.emit(
                FameChange,
                p.index,
                None,
                None,
                self.rule("final-flip.tie"),
                ruling="ruling.critics_choice_in_reflips",
                value=CRITICS_CHOICE_FAME,
                detail="the critic's choice card, again in a re-flip",
            )
        else:
            self.emit(
                Ignored,
                p.index,
                None,
                None,
                self.rule("final-flip.tie"),
                ruling="ruling.critics_choice_in_reflips",
                detail="the critic's choice card adds nothing in a re-flip",
            )

    def finish(self, winners, solo, reason, rule, fame=None, ruling=None) -> None:
        self.phase = "end"
        self.emit(
            GameEnd,
            winners[0] if len(winners) == 1 else None,
            None,
            None,
            rule,
            ruling=ruling,
            detail=(f"solo game {solo}: " if solo else "") + reason,
        )
        self.result = GameResult(
            list(winners), self.round, fame or [], solo, reason, list(self.flips)
        )


#: Why the Final Flip came (`GameResult.reason`).
END_BY_FAME = "a player generated 30 fame"
END_BY_DEPLETION = "the toon deck and the market are empty"


# -- setup ----------------------------------------------------------------------------------------


def new_game(
    season: str = "s2",
    players: int = 2,
    seed: int | None = None,
    solo: str | None = None,
    policy: Policy | None = None,
    traced: bool = True,
    rulings: Rulings | dict | None = None,
    names: list[str] | None = None,
) -> Game:
    """A game set up as the rulebooks say (S2 Setup, Solo Setup, Combining Games).

    `players`: 2 to 4 (`"s1"`, `"s2"`) or 2 to 8 (`"combined"`), or 1 with a `solo` difficulty
    (`"easy"`, `"normal"`, `"hard"`): the rulebooks have no one-player game but the solo game.
    `rulings`: a `Rulings`, or a dict of the options that differ ({"cow_copies": "total"}, as in
    a scenario; read by `Rulings.from_dict`). `names`: one string per player. A wrong argument
    is a ValueError naming it, raised here."""
    rulings = _check_setup(season, players, seed, solo, policy, rulings, names)
    rng = random.Random(seed)
    # the setup's shuffles, then every part of the game (`part_rng`)
    table_seed = rng.randrange(2**32)
    table = Table(season, rulings, seed=table_seed, first_player=rng.randrange(players))
    mode = "solo" if solo else "multi"
    if season == "combined":
        starts = rng.sample(["s1"] * 4 + ["s2"] * 4, players)  # at most four decks of each box
    else:
        starts = [season] * players
    for i in range(players):
        p = table.add_player(names[i] if names else f"Player {i + 1}")
        p.starting_season = starts[i]
        p.deck.extend(table.new_cards(STARTING_DECKS[(starts[i], mode)]))
    toons = table.new_cards(toon_deck(season))
    table.rng.shuffle(toons)
    if solo and season in ("s1", "combined"):  # S1 Solo Setup; S2 Combined Solo Setup: no Pig
        pig = next(c for c in toons if c.spec.when_dismissed == "into_any_deck")
        toons.remove(pig)
        table.box.append(pig)
    table.toon_deck.extend(toons)
    game = Game(table, policy, traced, solo, seed=table_seed)
    game.phase = "setup"
    refill(game, None, "s2.combined.market" if season == "combined" else "s2.setup.market")
    if solo:
        for _ in range(SOLO_DISCARDS[season][solo]):
            card = table.toon_deck.popleft()
            card.face_up = True
            table.market_discard.append(card)
        game.emit(
            Phase,
            None,
            None,
            None,
            "s2.solo.difficulty",
            value=SOLO_DISCARDS[season][solo],
            detail=f"{SOLO_DISCARDS[season][solo]} toon cards discarded ({solo})",
        )
    return game


def _check_setup(season, players, seed, solo, policy, rulings, names) -> Rulings | None:
    """new_game's arguments, each checked at the call (ValueError naming it); the rulings."""
    if not isinstance(season, str) or season not in PRICES:
        raise ValueError(f'season: expected "s1", "s2" or "combined", got {quote(season)}')
    most = 8 if season == "combined" else 4
    if not isinstance(players, int) or isinstance(players, bool):
        raise ValueError(f"players: expected a whole number of players, got {quote(players)}")
    if not 1 <= players <= most:
        raise ValueError(
            f"players: {quote(season)} takes 1 (solo) or 2 to {most} players, got {players}"
        )
    if solo is not None and not (isinstance(solo, str) and solo in SOLO_DISCARDS[season]):
        raise ValueError(
            f'solo: expected None or a difficulty, "easy", "normal" or "hard", got {quote(solo)}'
        )
    if solo is not None and players != 1:
        raise ValueError(f"solo: a solo game has one player, got players={players}")
    if solo is None and players == 1:
        raise ValueError('players: one player is a solo game: give solo="easy", "normal" or "hard"')
    if seed is not None and (
        not isinstance(seed, int) or isinstance(seed, bool) or abs(seed) >= 10**MAX_INTEGER_DIGITS
    ):
        raise ValueError(
            f"seed: expected None or a whole number of at most {MAX_INTEGER_DIGITS} "
            f"digits, got {quote(seed)}"
        )
    check_policy(policy)
    if isinstance(rulings, dict):
        try:
            rulings = Rulings.from_dict(rulings)
        except ValueError as e:
            raise ValueError(f"rulings: {e}") from None
    elif rulings is not None and not isinstance(rulings, Rulings):
        raise ValueError(
            f"rulings: expected a Rulings or a dict {{option: value}}, got {quote(rulings)}"
        )
    if names is not None:
        if not isinstance(names, (list, tuple)) or len(names) != players:
            got = (
                f"{len(names)} name{'' if len(names) == 1 else 's'}"
                if isinstance(names, (list, tuple))
                else quote(names)
            )
            raise ValueError(
                f"names: expected a list of {players} names (one per player), got {got}"
            )
        for i, name in enumerate(names):
            if not isinstance(name, str) or len(name) > MAX_STRING_LENGTH or unsafe_character(name):
                raise ValueError(
                    f"names[{i}]: expected plain text of at most {MAX_STRING_LENGTH} "
                    f"characters, got {quote(name)}"
                )
    return rulings


def replay(season, players, seed, solo=None, decisions=(), rulings=None) -> Game:
    """The same game again from its seed, setup and logged decisions (`Game.decisions`: option
    indexes, or None for a declined choice); ValueError naming a wrong argument."""
    if not isinstance(decisions, (list, tuple)) or not all(
        d is None or isinstance(d, int) and not isinstance(d, bool) for d in decisions
    ):
        raise ValueError(
            f"decisions: expected a list of option indexes or None (Game.decisions), "
            f"got {quote(decisions if not isinstance(decisions, tuple) else list(decisions))}"
        )
    game = new_game(season, players, seed, solo, ReplayPolicy(list(decisions)), rulings=rulings)
    game.play()
    return game
