"""Step through a recorded resolution of either game, forwards and backwards, and read its trace
as a table.

A resolution made with `resolve(..., record=True)` keeps the table's state after every event
(`Resolution.state_after(k)`); a `Stepper` walks over those states like a cursor:

    >>> from fliptoons_explore import resolve
    >>> from fliptoons_explore.stepping import Stepper
    >>> r = resolve({"season": "s2", "players": [{"name": "Ann", "deck": ["gorilla", "crab"]}]},
    ...             record=True)
    >>> s = Stepper(r)
    >>> s.goto(5).words
    '#5   flip       Ann: place crab above gorilla at extra row 1, left: in a new row above  <- #3  [s2.faq.gorilla]'
    >>> s.back().step, s.forward(2).step
    (4, 6)

Step -1 is the table before the first event. States are plain values (the table's
`snapshot()`: in FlipToons each player's grid, deck top first, dismissed pile and revealed card,
the market, the toon deck, the discards; in Flipology each player's rows and the piles); treat
them as read-only, they are the recording itself. What depends on the game (an event in words,
the table drawn, what a step marks) the stepper asks of the table's game (`table.game`).

`trace_frame` (a pandas DataFrame, one row per event) and `trace_lines` (text) read the same
events, filtered by phase, player, card and event kind; they take anything with a `trace` and a
`table` (a `Resolution`, or a `Game` from `play_round`). pandas is imported only by `trace_frame`.
"""  # noqa: E501

from __future__ import annotations

from .rules import RULES
from .words import event_text, paraphrases

__all__ = ["Stepper", "trace_frame", "trace_lines", "select_events", "fame_at", "cause_chain"]


class Stepper:
    """A cursor over a recorded resolution: `step` (-1 before the first event), the `event` at it,
    the `state` after it and the state `before` it; `forward`, `back` and `goto` move it and
    return the stepper, so calls chain (`stepper.goto(7).state`)."""

    def __init__(self, resolution, step: int = -1) -> None:
        if not hasattr(resolution, "state_after"):
            raise ValueError(
                f"a {type(resolution).__name__} keeps no states: step through a "
                "resolution made with resolve(..., record=True)"
            )
        resolution.state_after(-1)  # raises ValueError unless recorded
        self.resolution = resolution
        self.trace = resolution.trace
        self.step = -1
        self.goto(step)

    @classmethod
    def from_scenario(cls, scenario: dict, policy=None) -> Stepper:
        """Resolve a scenario (of either game) with recording on and step through it."""
        from .games import contract_of

        return cls(contract_of(scenario).resolve(scenario, policy, record=True))

    @property
    def game(self):
        """The game's kit (`games.GameKit`)."""
        return self.resolution.table.game

    # -- moving ----------------------------------------------------------------------------------
    def __len__(self) -> int:
        return len(self.trace)

    @property
    def last(self) -> int:
        """The step of the last event."""
        return len(self.trace) - 1

    def goto(self, step: int) -> Stepper:
        """Stand at `step` (-1: before the first event). IndexError outside -1..last."""
        if isinstance(step, bool) or not isinstance(step, int):
            raise TypeError(f"a step is a whole number, got {step!r}")
        if not -1 <= step <= self.last:
            raise IndexError(f"step {step} is outside -1..{self.last}")
        self.step = step
        return self

    def forward(self, n: int = 1) -> Stepper:
        """Move `n` events on (stops at the last event)."""
        return self.goto(min(self.step + n, self.last))

    def back(self, n: int = 1) -> Stepper:
        """Move `n` events back (stops before the first event, at -1)."""
        return self.goto(max(self.step - n, -1))

    @property
    def at_start(self) -> bool:
        return self.step == -1

    @property
    def at_end(self) -> bool:
        return self.step == self.last

    # -- reading -------------------------------------------------------------------------------
    @property
    def event(self):
        """The event at the current step (None before the first event)."""
        return self.trace[self.step] if self.step >= 0 else None

    @property
    def state(self) -> dict:
        """The table's state right after the current event."""
        return self.resolution.state_after(self.step)

    @property
    def before(self) -> dict:
        """The table's state right before the current event (at -1: the initial state)."""
        return self.resolution.state_after(max(self.step - 1, -1))

    @property
    def words(self) -> str:
        """The current event in words, as one line of the trace text."""
        if self.event is None:
            return "(before the first event)"
        return event_text(self.event, self.resolution.table.players, self.game)

    def grid(self, player: int | str = 0) -> list:
        """A player's cards (index or name) after the current event, in the JSON shape: a
        FlipToons grid (rows top first), Flipology rows (bottom first)."""
        state = self.state["players"][_player_index(self.resolution, player)]
        return state["grid"] if "grid" in state else state["rows"]

    def text(self, before: bool = False) -> str:
        """The current event and the table after it (or before it) as text."""
        return self.words + "\n" + self.game.state_text(self.before if before else self.state)

    def __repr__(self) -> str:
        return f"<Stepper {self.step}/{self.last}: {self.words.strip()}>"

    def _repr_html_(self) -> str:
        return self.game.step_html(self)

    # -- what the table shows at this step -------------------------------------------------------
    @property
    def sentence(self) -> str:
        """The current event as a sentence ('Ann: the Rat is stacked onto the Mosquito in ...')."""
        if self.event is None:
            return "Before the first event: the table as set up."
        return self.game.event_sentence(self.event, self.resolution.table.players)

    @property
    def fame(self) -> dict[int, int | None]:
        """{player index: fame} as scored so far at the current step: None before that player's
        Check Fame this round; each card's fame as its `fame` event gives it, plus least-fame
        gains (the Firefly's +2) and, in the Final Flip, the critic's choice."""
        return self._fame()[0]

    @property
    def card_fame(self) -> dict:
        """{card uid: CardScore} for the cards scored so far in the current Check Fame."""
        return self._fame()[1]

    def _fame(self):
        """`fame_at` for the current step, computed once per step (a view reads both parts)."""
        if getattr(self, "_fame_step", None) != self.step:
            self._fame_step = self.step
            self._fame_seen = fame_at(self.trace, self.step, len(self.resolution.table.players))
        return self._fame_seen

    def chain(self) -> list[int]:
        """The steps of the current event's chain of causes, root first, ending with it."""
        return cause_chain(self.trace, self.step)

    def marks(self):
        """What a view of this step highlights (`views.Marks`): the acting card, the cards its
        cause chain touched (`chain_uids`) and what the game marks besides (the space a card just
        left, the deck a card just went into...)."""
        return self.game.marks(self)

    def chain_uids(self) -> frozenset:
        """The cards the current event's chain of causes touched (uids), the event's target
        included and its own card left out."""
        event = self.event
        if event is None:
            return frozenset()
        chain = set()
        for k in self.chain()[:-1]:
            e = self.trace[k]
            chain.update(u for u in (e.uid, e.target_uid) if u is not None)
        if event.target_uid is not None:
            chain.add(event.target_uid)
        chain.discard(event.uid)
        return frozenset(chain)


def cause_chain(trace, step: int) -> list[int]:
    """The chain of causes that led to `step` (following each event's `cause`), root first."""
    if step < 0:
        return []
    chain = [step]
    while trace[chain[-1]].cause is not None:
        chain.append(trace[chain[-1]].cause)
    return chain[::-1]


#: Phases whose start clears every score (None: not scored yet), and phases whose start counts
#: every score from 0: FlipToons' Flip and Check Fame, Flipology's turns and final count.
CLEARING_PHASES = frozenset({"flip", "turns"})
SCORING_PHASES = frozenset({"check-fame", "score"})


def fame_at(trace, step: int, n_players: int):
    """({player: fame or None}, {card uid: CardScore}) as scored up to `step`: the start of a
    phase of `CLEARING_PHASES` clears both (None: not yet scored), of `SCORING_PHASES` starts every
    total at 0; `fame` events give each card's fame (or points), FlipToons' `least_fame` gains add
    to it, and a `fame_change` of the Final Flip (the critic's choice) or of a scoring phase (a
    gained Peacock's 2 once it has left the grid) adds to its player's total. In a re-flip of
    FlipToons' Final Flip only the tied players, whose grids it collects (`collect` events of the
    phase), flip and score again: the others keep their fame."""
    from .views import CardScore

    totals: dict[int, int | None] = {i: None for i in range(n_players)}
    cards: dict[int, dict] = {i: {} for i in range(n_players)}  # each player's scored cards
    again: set[int] = set()  # the players a re-flip of the Final Flip takes
    for e in trace[: step + 1]:
        kind = e.kind
        if kind == "phase":
            if e.phase == "final-flip":  # a flip of the Final Flip begins: its Flip phase clears
                again = set()
                continue
            players = again or list(totals)
            if e.phase in SCORING_PHASES:
                for i in players:
                    totals[i], cards[i] = 0, {}
            elif e.phase in CLEARING_PHASES:
                for i in players:
                    totals[i], cards[i] = None, {}
        elif kind == "collect" and e.phase == "final-flip":
            again.add(e.player)
        elif kind == "fame":
            totals[e.player] = (totals[e.player] or 0) + e.value
            words = f"scores {e.value}: " + (e.detail or "printed fame")
            cards[e.player][e.uid] = CardScore(e.value, words)
        elif kind == "least_fame" and e.value:
            totals[e.player] = (totals[e.player] or 0) + e.value
            old = cards[e.player].get(e.uid)
            if old is not None:
                cards[e.player][e.uid] = CardScore(
                    old.fame + e.value, f"{old.words} {e.value:+d} ({e.detail})"
                )
        elif kind == "fame_change" and (e.phase == "final-flip" or e.phase in SCORING_PHASES):
            totals[e.player] = (totals[e.player] or 0) + e.value
    return totals, {uid: score for scored in cards.values() for uid, score in scored.items()}


def _player_index(resolution, player) -> int:
    players = resolution.table.players
    if isinstance(player, str):
        for p in players:
            if p.name == player:
                return p.index
        raise KeyError(
            f"no player named {player!r} (players: {', '.join(p.name for p in players)})"
        )
    if not 0 <= player < len(players):
        raise IndexError(f"player {player} is outside 0..{len(players) - 1}")
    return player


# -- the trace as a table or as text ---------------------------------------------------------------


def _as_set(value):
    if value is None:
        return None
    if isinstance(value, (str, int)):
        return {value}
    return set(value)


def select_events(resolution, phase=None, player=None, card=None, kind=None) -> list:
    """The events of a resolution that match every filter given. Each filter is one value or a
    collection of values: `phase` ("flip", "check-fame"...), `player` (index or name; table-wide
    events have none), `card` (a card id, or a card's uid for one physical card: events *about*
    that card, not those that only name it as their target), `kind` (an event kind: "place",
    "flip", "return"...)."""
    trace = resolution.trace
    if trace is None:
        raise ValueError("an untraced resolution has no events (resolve with traced=True)")
    phases, kinds = _as_set(phase), _as_set(kind)
    players = _as_set(player)
    if players is not None:
        players = {_player_index(resolution, p) for p in players}
    cards = _as_set(card)
    out = []
    for e in trace:
        if phases is not None and e.phase not in phases:
            continue
        if kinds is not None and e.kind not in kinds:
            continue
        if players is not None and e.player not in players:
            continue
        if cards is not None and e.card not in cards and e.uid not in cards:
            continue
        out.append(e)
    return out


COLUMNS = [
    "phase",
    "player",
    "event",
    "card",
    "target",
    "position",
    "detail",
    "cause",
    "rule",
    "paraphrase",
    "ruling",
]


def trace_frame(
    resolution, phase=None, player=None, card=None, kind=None, all_columns: bool = False
):
    """The trace as a pandas DataFrame, one row per event (filters as in `select_events`), indexed
    by `step`: phase, player (name), event (its kind), card, target, position (in words), detail,
    cause (the step of its cause), rule (its id), paraphrase (the rule in words, from `RULES`) and
    ruling (the ruling option that decided, if any, `ruling.<name>`).

    A column empty for every row shown is left out (`all_columns` keeps it; an empty frame has
    them all). Text columns have the "string" dtype, "" where an event has no such value (no
    player for a table-wide event, no target...); `cause` has the "Int64" dtype, `<NA>` for an
    event without a cause."""
    import pandas as pd

    names = [p.name for p in resolution.table.players]
    where = resolution.table.game.where
    players = resolution.table.players
    rows, steps = [], []
    for e in select_events(resolution, phase, player, card, kind):
        rule = RULES.get(e.rule)
        steps.append(e.step)
        rows.append(
            (
                e.phase,
                "" if e.player is None else names[e.player],
                e.kind,
                e.card or "",
                e.target or "",
                "" if e.pos is None else where(tuple(e.pos), players),
                e.detail or "",
                e.cause,
                e.rule,
                rule.paraphrase if rule else "",
                getattr(e, "ruling", None) or "",
            )
        )
    frame = pd.DataFrame.from_records(
        rows, columns=COLUMNS, index=pd.Index(steps, dtype="int64", name="step")
    )
    frame = frame.astype({c: "string" for c in COLUMNS if c != "cause"} | {"cause": "Int64"})
    if all_columns or frame.empty:
        return frame
    return frame[[c for c in COLUMNS if (frame[c].notna() & (frame[c] != "")).any()]]


def trace_lines(
    resolution, phase=None, player=None, card=None, kind=None, paraphrase: bool = False
) -> str:
    """The matching events as numbered trace lines (as `text.trace_text` writes them), each
    followed by its rule's paraphrase if `paraphrase`."""
    lines = []
    players = resolution.table.players
    game = resolution.table.game
    for e in select_events(resolution, phase, player, card, kind):
        lines.append(event_text(e, players, game))
        if paraphrase:
            lines += paraphrases(e)
    return "\n".join(lines)
