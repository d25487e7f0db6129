"""Seeded whole FlipToons games checked after every event, each game played once for every check.

Two checks watch a game, both after each event it records (`CheckedTrace`):

- `Invariants` (DESIGN §4.2 "Nothing is lost"): every card is in exactly one place: the number of
  cards over all places (decks, grids, dismissed piles, the revealed card, the market, the toon
  deck, the discard pile, the box) never changes, and at every `phase` event `Table.locations()`
  (which raises on a card in two places) accounts for exactly the cards dealt at setup. Fame is
  never spent below zero: `fame_left >= 0` for every player; a grid whose Check Fame total is
  negative (a Pig at -1 with nothing else scoring) starts its Market turn below zero and can then
  spend nothing, so the bound is `min(0, the total the turn started with)` (`fame_left` is set
  when the player's Market turn begins and keeps its value until their next turn). At most the
  allowed Market actions: per player per round, market Hire + Dismiss action + skip events <= 2
  + one per Peacock gained that round (S2 Market: "up to two actions"; Peacock: "take one extra
  market action"; S1 FAQ Snake: a Peacock gained by a Snake gives an extra action). Every event
  cites a rule of the season played, a decision about a card a rule naming it
  (`util.citation_misfit`).
- `StateCheck` (docs/engine.md, "No card moves, turns over or changes fame unseen"): wherever two
  consecutive recorded states differ, the event between them names every card that moved, turned
  over or changed fame, or stands for it as a whole; see its docstring.

The sweep (`plan`): for every mode, seeds 0, 1, 2...: solo games of each season, 2 players of
Season 2, 4 of Season 1 and 8 of the combined game, and per season games of every player count it
takes ("mixed": 1 to the season's most, one in five solo); solo games take the difficulty easy,
normal, hard; odd seeds take random ruling options (`random_rulings`). `plan()` gives a sample
of each mode; under the soak switch (`soak.py`) 2,000 games of each.
"""

from __future__ import annotations

import random
from itertools import chain
from operator import attrgetter
from typing import NamedTuple

from fliptoons_explore import OPTIONS
from fliptoons_explore.fliptoons.events import Dismiss, FameChange, Hire, Phase, Skip, Trace
from fliptoons_explore.fliptoons.game import new_game, replay
from fliptoons_explore.policy import RandomPolicy
from soak import games
from util import citation_misfit

#: Games per mode: a sample by default, 2,000 under the soak switch.
GAMES, FULL_GAMES = 60, 2000
#: One game in this many (seed 0, 40, 80...) has its decisions replayed: 50 per mode at 2,000.
REPLAY_EVERY = 40

#: mode -> (season, players; None: 1 to the season's most, drawn from the seed).
MODES = {
    "solo-s1": ("s1", 1),
    "solo-s2": ("s2", 1),
    "solo-combined": ("combined", 1),
    "2p-s2": ("s2", 2),
    "4p-s1": ("s1", 4),
    "8p-combined": ("combined", 8),
    "mixed-s1": ("s1", None),
    "mixed-s2": ("s2", None),
    "mixed-combined": ("combined", None),
}
MOST_PLAYERS = {"s1": 4, "s2": 4, "combined": 8}
SOLO_LEVELS = ("easy", "normal", "hard")


class Setup(NamedTuple):
    """One game of the sweep: what `new_game` and `replay` take."""

    mode: str
    season: str
    players: int
    seed: int
    solo: str | None
    rulings: dict


def random_rulings(seed: int) -> dict:
    """Random ruling options for odd seeds, each changed with chance 1/4 (none for even seeds)."""
    if seed % 2 == 0:
        return {}
    rng = random.Random(f"recorded states {seed}")
    return {
        name: rng.choice([v for v in o.choices if v != o.default])
        for name, o in OPTIONS.items()
        if rng.random() < 0.25
    }


def setup(mode: str, seed: int) -> Setup:
    """The game of `mode` with this seed."""
    season, players = MODES[mode]
    if players is None:
        rng = random.Random(f"players {season} {seed}")
        players = 1 if rng.random() < 0.2 else rng.randint(2, MOST_PLAYERS[season])
        solo = rng.choice(SOLO_LEVELS) if players == 1 else None
    else:
        solo = SOLO_LEVELS[seed % 3] if players == 1 else None
    return Setup(mode, season, players, seed, solo, random_rulings(seed))


def plan(mode: str) -> list[Setup]:
    """Every game of a mode the sweep plays: `GAMES`, or `FULL_GAMES` under the soak switch."""
    return [setup(mode, seed) for seed in range(games(GAMES, FULL_GAMES))]


def replayed(game: Setup) -> bool:
    """Whether the sweep replays this game's decisions."""
    return game.seed % REPLAY_EVERY == 0


# -- the checks ---------------------------------------------------------------------------------


class InvariantViolation(AssertionError):
    pass


class UnseenChange(AssertionError):
    pass


#: Market action events: the rules under which `market_turn` records a Hire, a Dismiss action and
#: a skip (a Raccoon's or Crow's hire and ability dismissals use other rules and cost no action).
ACTION_RULES = {
    Hire: {"s2.market.hire"},
    Dismiss: {"s2.market.dismiss"},
    Skip: {"s2.market.actions"},
}


class CheckedTrace(Trace):
    """A trace that runs its checks after every event it records (each check's `after(event,
    rule)`, `rule` the engine's id before a Season 1 table's trace cites its own wording)."""

    __slots__ = ("checks",)

    def __init__(self, table, setup=(), checks=None) -> None:
        # the setup events new_game already recorded, cited as the game's trace cites them
        super().__init__(setup, cite=getattr(setup, "cite", None))
        self.checks = [check(table) for check in (checks or (Invariants, StateCheck))]

    def emit(
        self,
        cls,
        phase,
        player,
        card,
        cause,
        rule,
        pos=None,
        target=None,
        detail="",
        value=None,
        ruling=None,
    ):
        step = Trace.emit(
            self, cls, phase, player, card, cause, rule, pos, target, detail, value, ruling
        )
        event = self[step]
        for check in self.checks:
            check.after(event, rule)
        return step

    def check(self, kind: type):
        """The check of this class."""
        return next(c for c in self.checks if isinstance(c, kind))


class Invariants:
    """Every card in one place, the fame floor and the Market actions (raising
    InvariantViolation), and the rules cited (kept in `misfits`); see the module's docstring."""

    __slots__ = (
        "table",
        "total",
        "uids",
        "actions",
        "allowed",
        "piles",
        "slot_lists",
        "extras",
        "base",
        "misfits",
    )

    def __init__(self, table) -> None:
        self.table = table
        self.misfits: list[str] = []  # events whose rule does not fit the season
        self.uids = set(table.locations())
        self.total = len(self.uids)
        self.actions: dict[int, int] = {}
        self.allowed: dict[int, int] = {}
        self.base: dict[int, int] = {}  # a player's fame at the start of their last Market turn
        self.see_places()

    def see_places(self) -> None:
        """The pile objects to count (looked up again at every phase event)."""
        t = self.table
        self.piles = [t.toon_deck, t.market_discard, t.box]
        for p in t.players:
            self.piles += [p.deck, p.dismissed]
        self.slot_lists = [p.grid.slots for p in t.players]
        self.extras = [p.grid.extra for p in t.players]

    def count(self) -> int:
        """Cards over all places: decks, dismissed piles, revealed cards, grids (the six slots and
        the extra rows, as `grid.count()` counts them, inlined for speed), the market, the toon
        deck, the discard pile and the box."""
        t = self.table
        market = t.market
        n = sum(map(len, self.piles)) + len(market) - market.count(None)
        n += sum(map(len, filter(None, chain.from_iterable(self.slot_lists))))
        for extra in self.extras:
            if extra[0] or extra[1] or extra[2]:
                n += sum(len(stack) for column in extra for stack in column if stack)
        for p in t.players:
            if p.revealed is not None:
                n += 1
        return n

    def after(self, event, rule: str) -> None:
        t = self.table
        cls, step, phase, player, card = type(event), *event[:3], event.card
        misfit = citation_misfit(event, t.season)
        if misfit:
            self.misfits.append(misfit)
        n = self.count()
        if n != self.total:
            raise InvariantViolation(
                f"step {step} ({cls.kind} {card} {rule}): {n} cards on the "
                f"table, {self.total} at setup"
            )
        if cls is Phase and phase == "market" and player is not None:  # fame_left is set then
            self.base[player] = t.players[player].fame_total
        base = self.base
        for p in t.players:
            if p.fame_left < 0 and p.fame_left < base.get(p.index, 0):  # below min(0, its total)
                raise InvariantViolation(
                    f"step {step} ({cls.kind} {card} {rule}): {p.name} has "
                    f"{p.fame_left} fame left of {base.get(p.index, 0)}"
                )
        if cls is Phase:
            self.see_places()
            where = t.locations()  # raises on a card in two places
            if set(where) != self.uids:
                raise InvariantViolation(
                    f"step {step}: the cards on the table changed: {sorted(set(where) ^ self.uids)}"
                )
            if phase == "flip":  # a new round (or the Final Flip): counters restart
                self.actions.clear()
                self.allowed.clear()
        elif rule in ACTION_RULES.get(cls, ()) and phase == "market":
            k = self.actions[player] = self.actions.get(player, 0) + 1
            if k > 2 + self.allowed.get(player, 0):
                raise InvariantViolation(
                    f"step {step}: {t.players[player].name} takes Market "
                    f"action {k} with {self.allowed.get(player, 0)} bonus "
                    f"actions"
                )
        elif cls is FameChange and card == "peacock":
            self.allowed[player] = self.allowed.get(player, 0) + 1


#: Event kinds that stand for some cards as a whole, beside the cards they name.
MARKET_ARRANGED = frozenset({"refill", "slide"})

FACE_UP = attrgetter("face_up")
FAME = attrgetter("card", "base", "bonus", "gained")


def _pieces(table) -> list:
    """The table in pieces, each a tuple cheap to build and to compare (C-level work only): for
    every player the deck, the dismissed pile, the revealed card, the grid (its six base slots,
    each a stack or None, its extra columns if any, and the faces of its cards in that order) and
    the fame entries as (card, base, bonus, gained); then the market by slot, the toon deck, the
    discard pile, the box."""
    out = []
    for p in table.players:
        grid = p.grid
        slots = grid.slots
        cards = chain.from_iterable(filter(None, slots))
        extra = grid.extra
        if extra[0] or extra[1] or extra[2]:
            columns = tuple([tuple([s and tuple(s) for s in column]) for column in extra])
            cards = chain(cards, chain.from_iterable(filter(None, chain.from_iterable(extra))))
        else:
            columns = None
        cells = (tuple([s and tuple(s) for s in slots]), columns, tuple(map(FACE_UP, cards)))
        out += (tuple(p.deck), tuple(p.dismissed), (p.revealed,), cells, tuple(map(FAME, p.fame)))
    out += (
        tuple(table.market),
        tuple(table.toon_deck),
        tuple(table.market_discard),
        tuple(table.box),
    )
    return out


def _fames(piece) -> dict:
    """{uid: fame} for a fame piece of `_pieces`."""
    return {card.uid: base + bonus + gained for card, base, bonus, gained in piece}


def _grid_states(i: int, piece) -> dict:
    """{uid: (("grid", player, row, col), face up)} for a grid piece of `_pieces`."""
    slots, columns, faces = piece
    spaces = [(k // 3, k % 3, stack) for k, stack in enumerate(slots)]
    if columns is not None:
        spaces += [
            (-level - 1, col, stack)
            for col, column in enumerate(columns)
            for level, stack in enumerate(column)
        ]
    out, faces = {}, iter(faces)
    for row, col, stack in spaces:
        for c in stack or ():
            out[c.uid] = (("grid", i, row, col), next(faces))
    return out


def _moved(table, k: int, old, new, before: dict, after: dict) -> None:
    """Record in `before` and `after` the (place, face up) of the cards of piece `k` that changed:
    in a pile, the cards that left or joined it (a pile's faces are not part of the state, nor
    its order: a face is None); in the market, the cards of the slots that changed; in a grid,
    every card (few)."""
    n = len(table.players)
    if k < 5 * n:
        i, kind = divmod(k, 5)
        if kind == 3:
            before.update(_grid_states(i, old))
            after.update(_grid_states(i, new))
            return
        place = (("deck", "dismissed", "revealed")[kind], i)
    elif k == 5 * n:
        for slot, (a, b) in enumerate(zip(old, new)):
            if a is not b:
                if a is not None:
                    before[a.uid] = (("market", slot), None)
                if b is not None:
                    after[b.uid] = (("market", slot), None)
        return
    else:
        place = (("toon",), ("discard",), ("box",))[k - 5 * n - 1]
    was, now = set(old), set(new)
    for c in was - now:
        if c is not None:
            before[c.uid] = (place, None)
    for c in now - was:
        if c is not None:
            after[c.uid] = (place, None)


class StateCheck:
    """Records the table's state after every event, as the explorer's `Recorder` does, in a
    compact form (`_pieces`): which cards each pile holds (a player's deck, dismissed pile and
    revealed card, the toon deck, the discard pile, the box), the market slot by slot, every grid
    space by space with the face of each of its cards, and each player's fame entries. After each
    event, every card whose place, face (in a grid) or fame changed must be named by the event
    (`uid` or `target_uid`), or be one of the cards the event's kind stands for as a whole
    (UnseenChange otherwise):

    - `collect`: a player's grid goes back into their deck (S2 Cleanup; `value` cards);
    - `refill` and `slide`: the market is arranged by rank (S2 Market: "rearrange the cards in
      the market so that they are ordered by rank"; with the toon deck empty, "arranged under
      the highest price cards"): market cards that change slot;
    - the Check Fame phase: the fame of the players it counts is counted anew (their last fame
      goes);
    - the solo difficulty phase: `value` toon cards discarded face up (S2 Solo Setup).

    The order of a pile is not part of the state (a shuffle names no card), nor the faces of a
    pile's cards, which no recorded state shows (a deck is face down, the market and the
    dismissed piles face up). Only the pieces that changed are looked at card by card, so a card
    turning over inside a pile that does not change (a deck) goes unseen here, as it does in
    every recorded state."""

    __slots__ = ("table", "pieces")

    def __init__(self, table) -> None:
        self.table = table
        self.pieces = _pieces(table)

    def after(self, event, rule: str) -> None:
        pieces = _pieces(self.table)
        old = self.pieces
        if len(pieces) != len(old) or pieces != old:
            changed = [k for k in range(len(pieces)) if pieces[k] != old[k]]
            self.check(event, changed, old, pieces)
        self.pieces = pieces

    def check(self, event, changed, old, new) -> None:
        """Raise UnseenChange for a card of the changed pieces that `event` does not account for."""
        table = self.table
        fame_pieces = {5 * i + 4 for i in range(len(table.players))}
        before, after, fame_before, fame_after = {}, {}, {}, {}
        for k in changed:
            if k in fame_pieces:
                fame_before.update(_fames(old[k]))
                fame_after.update(_fames(new[k]))
            else:
                _moved(table, k, old[k], new[k], before, after)
        named = {event.uid, event.target_uid}
        moved = [
            u
            for u in set(before) | set(after)
            if before.get(u) != after.get(u)
            and u not in named
            and not self._stands_for(event, before.get(u), after.get(u))
        ]
        fame = [
            u
            for u in set(fame_before) | set(fame_after)
            if fame_before.get(u) != fame_after.get(u)
            and u not in named
            and not self._counts_anew(event, u, fame_before)
        ]
        if moved or fame:
            raise UnseenChange(
                f"step {event.step} ({event.kind} {event.card} [{event.rule}]: "
                f"{event.detail!r}) does not name {self._say(moved, before, after)}"
                + "".join(
                    f"; the fame of #{u}: {fame_before.get(u)} -> {fame_after.get(u)}" for u in fame
                )
            )

    @staticmethod
    def _stands_for(event, before, after) -> bool:
        """Is this change of a card (its (place, face up) before and after) one the event's kind
        stands for as a whole?"""
        if before is None or after is None:
            return False
        (place, _), (there, _) = before, after
        kind = event.kind
        if kind in MARKET_ARRANGED:
            return place[0] == there[0] == "market"
        if kind == "collect":
            return (
                place[0] == "grid" and place[1] == event.player and there == ("deck", event.player)
            )
        if kind == "phase" and event.rule == "s2.solo.difficulty":
            return place == ("toon",) and there == ("discard",)
        return False

    @staticmethod
    def _counts_anew(event, uid, fame_before) -> bool:
        """A Check Fame phase event clears the last fame of the players it counts."""
        return event.kind == "phase" and event.phase == "check-fame" and uid in fame_before

    def _say(self, uids, before, after) -> str:
        cards = {c.uid: c for c in _cards(self.table)}
        return ", ".join(f"{cards[u].spec.id}#{u} {before.get(u)} -> {after.get(u)}" for u in uids)


def _cards(table):
    for p in table.players:
        yield from p.deck
        yield from p.dismissed
        yield from p.grid.cards()
        if p.revealed is not None:
            yield p.revealed
    yield from (c for c in table.market if c is not None)
    yield from table.toon_deck
    yield from table.market_discard
    yield from table.box


# -- playing the sweep --------------------------------------------------------------------------


def new_checked_game(game: Setup, checks=None):
    """The game of a setup, its trace checked after every event (both checks unless `checks`)."""
    played = new_game(
        game.season,
        game.players,
        game.seed,
        game.solo,
        policy=RandomPolicy(game.seed),
        rulings=game.rulings,
    )
    played.trace = CheckedTrace(played.table, played.trace, checks)
    return played


def play_games(setups: list[Setup]) -> dict:
    """Play each game once with both checks; what every check found, by kind:

    `broken` (Invariants), `unseen` (StateCheck), `errors` (an engine error), `unended` (no
    result), `misfits` (rules that do not fit the season), `replay_bad` (a replay that differs),
    and `played`, `replayed` (the seeds), `outcomes` ({"won"/"lost"/"multi": games})."""
    found: dict = {
        key: []
        for key in (
            "broken",
            "unseen",
            "errors",
            "unended",
            "misfits",
            "replay_bad",
            "played",
            "replayed",
        )
    }
    found["outcomes"] = {}
    for game in setups:
        label = f"{game.mode} seed {game.seed}"
        played = new_checked_game(game)
        found["played"].append(game.seed)
        try:
            result = played.play()
        except InvariantViolation as e:
            found["broken"].append(f"{label}: {e}")
            continue
        except UnseenChange as e:
            found["unseen"].append(f"{label}: {e}")
            continue
        except Exception as e:  # noqa: BLE001 - an engine error is a failed game too
            found["errors"].append(f"{label}: {type(e).__name__}: {e}")
            continue
        found["misfits"] += [f"{label}: {m}" for m in played.trace.check(Invariants).misfits[:2]]
        if result is None or played.result is None:
            found["unended"].append(game.seed)
            continue
        outcomes = found["outcomes"]
        outcomes[result.solo or "multi"] = outcomes.get(result.solo or "multi", 0) + 1
        if replayed(game):
            found["replayed"].append(game.seed)
            again = replay(
                game.season,
                game.players,
                game.seed,
                game.solo,
                list(played.decisions),
                rulings=game.rulings,
            )
            if list(again.trace) != list(played.trace) or again.result != played.result:
                diff = next(((a, b) for a, b in zip(played.trace, again.trace) if a != b), None)
                found["replay_bad"].append(
                    f"{label}: first difference {diff[0].to_json()} replayed as {diff[1].to_json()}"
                    if diff
                    else f"{label}: {len(played.trace)} events, replayed {len(again.trace)}; "
                    f"results {played.result} / {again.result}"
                )
    return found
