"""Ruling comparison: resolve one scenario (of any game) under two settings of the ruling
options and show what changes (each player's grid or rows, each card's fame or points, the
totals), and find which options matter. What differs per game (where each card is, a player's
score and cards laid out, who won a game played to its end, the two outcomes drawn) is the
game's contract's (`GameContract.seat_outcome`, `winners`, `comparison_html`).

    >>> from fliptoons_explore.analysis.compare import compare_rulings
    >>> c = compare_rulings({"season": "s1", "players": [{"deck": ["lion"]}]},
    ...                     {"lion_without_neighbours": "no-bonus"})
    >>> c.players[0].fame
    (7, 3)

`compare_command` is the CLI's `fliptoons-explore compare SCENARIO.json --ruling NAME=VALUE`.
A scenario is played as its author wrote it (`GameContract.written_play`): a FlipToons scenario
resolves as Flip + Check Fame (`fliptoons_explore.resolve`), or as a whole round (`play_round`)
when a player has scripted Market `actions`, or as the rest of its game (`play_game`,
`play="game"`: the explorer's "play to the end"; by default when the scenario gives a key about
the game); a Flipology scenario plays its turns and counts the end (or, with `play="round"`,
completes the round first).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, fields

from .. import words
from ..games import contract_of, play_scenario
from ..jsonio import ScenarioError, parse_json_value
from ..limits import quote
from ..resolution import Resolution
from ..rulings import RulingSet


@dataclass(frozen=True)
class CardChange:
    """A card whose place or fame differs: `before`/`after` are (where, fame), `where` in words
    ('slot 2 (upper middle)', 'extra row 1, middle, stack 2', 'face down at slot 4 (lower left)',
    'deck', 'dismissed'), fame 0 for a card that does not score."""

    id: str
    before: tuple[str, int]
    after: tuple[str, int]

    def to_json(self) -> dict:
        return {
            "id": self.id,
            "before": {"where": self.before[0], "fame": self.before[1]},
            "after": {"where": self.after[0], "fame": self.after[1]},
        }


@dataclass(frozen=True)
class PlayerChange:
    """One player under both settings: `fame` (before, after), the JSON grids, and the cards
    whose place or fame differs (in the order of the 'before' grid, then the others)."""

    name: str
    fame: tuple[int, int]
    grid_before: list
    grid_after: list
    cards: tuple[CardChange, ...]
    fame_left: tuple[int, int] | None = None  # a round's unspent fame (before, after)
    deck: tuple[tuple, tuple] = ((), ())  # the deck, top first (before, after)

    @property
    def grid_changed(self) -> bool:
        return self.grid_before != self.grid_after

    @property
    def deck_changed(self) -> bool:
        """Does the deck differ, its order included (every card may be in the deck either way)?"""
        return self.deck[0] != self.deck[1]

    @property
    def changed(self) -> bool:
        left = self.fame_left is not None and self.fame_left[0] != self.fame_left[1]
        return (
            self.grid_changed
            or self.fame[0] != self.fame[1]
            or bool(self.cards)
            or left
            or self.deck_changed
        )

    def to_json(self) -> dict:
        out = {
            "name": self.name,
            "fame": list(self.fame),
            "changed": self.changed,
            "grid_changed": self.grid_changed,
            "grid_before": self.grid_before,
            "cards": [c.to_json() for c in self.cards],
        }
        if self.grid_changed:
            out["grid_after"] = self.grid_after
        if self.deck_changed:
            out["deck"] = {"before": list(self.deck[0]), "after": list(self.deck[1])}
        if self.fame_left is not None:
            out["fame_left"] = list(self.fame_left)
        return out


@dataclass(frozen=True)
class Comparison:
    """A scenario resolved under its own rulings (`before`) and with `changes` (`after`)."""

    changes: dict
    rulings_before: RulingSet
    rulings_after: RulingSet
    before: Resolution
    after: Resolution
    players: tuple[PlayerChange, ...]

    @property
    def changed(self) -> bool:
        """Does the outcome (any grid, deck, dismissed pile, card fame or total) differ?"""
        return _outcome(self.before) != _outcome(self.after)

    def first_difference(self):
        """(step, event before, event after) where the two traces first differ (the rule cited
        aside), or None when they agree."""
        a, b = self.before.trace or [], self.after.trace or []
        for k in range(max(len(a), len(b))):
            ea = a[k] if k < len(a) else None
            eb = b[k] if k < len(b) else None
            if ea is None or eb is None or _event_key(ea) != _event_key(eb):
                return k, ea, eb
        return None

    def to_frame(self):
        """One row per card whose place or fame differs: player, card, where and fame before and
        after, fame change (pandas imported here)."""
        import pandas as pd

        rows = [
            {
                "player": p.name,
                "card": c.id,
                "where_before": c.before[0],
                "fame_before": c.before[1],
                "where_after": c.after[0],
                "fame_after": c.after[1],
                "change": c.after[1] - c.before[1],
            }
            for p in self.players
            for c in p.cards
        ]
        return pd.DataFrame(
            rows,
            columns=[
                "player",
                "card",
                "where_before",
                "fame_before",
                "where_after",
                "fame_after",
                "change",
            ],
        )

    def to_json(self) -> dict:
        first = self.first_difference()
        return {
            "changes": dict(self.changes),
            "rulings_before": self.rulings_before.changed(),
            "rulings_after": self.rulings_after.changed(),
            "changed": self.changed,
            "players": [p.to_json() for p in self.players],
            "first_difference": None
            if first is None
            else {
                "step": first[0],
                "before": None if first[1] is None else first[1].to_json(),
                "after": None if first[2] is None else first[2].to_json(),
            },
        }

    def text(self, everything: bool = False) -> str:
        """The difference in words: the options changed, the fame and the cards of each player
        that changed, the grids that differ, and the first step where the traces part.
        `everything`: every player and every card, changed or not (the CLI's `--all`)."""
        game = contract_of(self.before)
        unit = game.unit
        lines = [
            "rulings: "
            + ", ".join(
                f"{name} {_show(getattr(self.rulings_before, name))} -> {_show(value)}"
                for name, value in self.changes.items()
            )
        ]
        if not self.changed:
            lines.append(f"no difference: every {game.outcome_words} is the same")
        won = [_winners(r) for r in (self.before, self.after)]
        if won[0] != won[1]:
            lines.append(f"the game is won by {won[0]} -> {won[1]}")
        for i, p in enumerate(self.players):
            before, after = p.fame
            same = _same_cards(self.before, self.after, i) if everything else []
            if not p.changed:
                if everything:
                    lines.append(f"{p.name}: {before} {unit}, unchanged")
                    lines += _card_lines(p.cards, same)
                continue
            lines.append(
                f"{p.name}: {before} -> {after} {unit} ({after - before:+d})"
                + (f"; fame left {p.fame_left[0]} -> {p.fame_left[1]}" if p.fame_left else "")
            )
            lines += _card_lines(p.cards, same)
            if p.deck_changed:
                lines.append(
                    f"  deck (top first): {', '.join(p.deck[0]) or '-'} -> "
                    f"{', '.join(p.deck[1]) or '-'}"
                )
            if p.grid_changed:
                for label, res in (("before", self.before), ("after", self.after)):
                    lines.append(f"  {game.layout_name} {label}:")
                    text = game.seat_outcome(res, i).text
                    lines += ["    " + row for row in text.splitlines()]
        first = self.first_difference()
        if first is not None:
            step, ea, eb = first
            lines.append(f"the traces first differ at step {step}:")
            for label, e, res in (("before", ea, self.before), ("after", eb, self.after)):
                said = (
                    "(no more events)"
                    if e is None
                    else words.line(e, res.players, game.event_words(e, res.players))
                )
                lines.append(f"  {label + ':':<7} {said}")
        return "\n".join(lines)

    __str__ = text

    def __repr__(self) -> str:
        changes = ", ".join(f"{k}={_show(v)}" for k, v in self.changes.items())
        fame = "; ".join(f"{p.name} {p.fame[0]} -> {p.fame[1]}" for p in self.players)
        return f"<Comparison {changes}: {fame}>"


# -- building comparisons --------------------------------------------------------------------------


def _show(value) -> str:
    return json.dumps(value)


def _event_key(e):
    return (e.kind, e.phase, e.player, e.card, e.pos, e.target, e.detail, e.value)


PLAYS = ("resolve", "round", "game")


def _play_of(scenario: dict, play: str | None) -> str:
    """How a scenario is played: as asked ("resolve": FlipToons' Flip + Check Fame; "round": + the
    Market and the after-Market effects; "game": on to the end of the game), or by default as its
    author wrote it (`GameContract.written_play`: in FlipToons the game when the scenario gives a
    key about it (`solo`, `critics_choice`, ...), a round when any player has scripted Market
    `actions`, so the Market's ruling options can show their effect)."""
    if play is None:
        return contract_of(scenario).written_play(scenario)
    if play not in PLAYS:
        raise ScenarioError(f'play: expected "resolve", "round" or "game", got {_show(play)}')
    return play


def _run(scenario: dict, traced: bool = True, play: str = "resolve") -> Resolution:
    """Play a scenario as `play` says (see `_play_of`)."""
    return play_scenario(scenario, play, traced=traced)


def _winners(resolution) -> str | None:
    """Who won a game played to its end ('Ann', 'Ann and Ben', 'nobody'), None for a resolution
    that ends no game (`GameContract.winners`)."""
    seats = contract_of(resolution).winners(resolution)
    if seats is None:
        return None
    return " and ".join(resolution.table.players[i].name for i in seats) or "nobody"


def _outcome(resolution: Resolution) -> dict:
    doc = resolution.to_json()  # a game's: also how it ended (`game_json`)
    doc.pop("trace", None)
    return doc


def _options(scenario) -> tuple[dict, type]:
    """The ruling options of the scenario's game and the class of their settings."""
    game = contract_of(scenario)
    return game.options, type(game.rulings())


def _check(scenario) -> None:
    """Check a scenario of either game (ScenarioError, one line)."""
    contract_of(scenario).check(scenario)


def _check_changes(changes, where=lambda name: "changes", scenario=None) -> dict:
    """The changes as a dict; ScenarioError (one line) for an unknown name or a wrong value."""
    options, rulings = _options(scenario)
    if not isinstance(changes, dict):
        raise ScenarioError(f"changes: expected an object {{name: value}}, got {quote(changes)}")
    for name, value in changes.items():
        option = options.get(name)
        if option is None:
            raise ScenarioError(
                f"{where(name)}: unknown ruling option {quote(name)} (known: {', '.join(options)})"
            )
        try:
            rulings.from_dict({name: value})
        except ValueError:
            raise ScenarioError(
                f"{where(name)}: {name} must be one of "
                f"{', '.join(map(_show, option.choices))}, got {quote(value)}"
            ) from None
    return dict(changes)


def _same_cards(before, after, seat: int) -> list[tuple[str, str, int]]:
    """(id, where, score) of every card of a seat whose place and score are the same in both
    outcomes."""
    game = contract_of(before)
    a, b = game.seat_outcome(before, seat).cards, game.seat_outcome(after, seat).cards
    return [v for uid, v in a.items() if b.get(uid) == v]


def _card_lines(changes, same=()) -> list[str]:
    """'  cow   slot 1 (upper left): 1 -> 4' per changed card, then '  goat  slot 2 (upper
    middle): 4' per card the same in both (listed by --all), the ids in one column."""
    width = max([len(c.id) for c in changes] + [len(cid) for cid, _, _ in same], default=0)
    lines = []
    for c in changes:
        if c.before[0] == c.after[0]:
            lines.append(f"  {c.id:<{width}}  {c.before[0]}: {c.before[1]} -> {c.after[1]}")
        else:
            lines.append(
                f"  {c.id:<{width}}  {c.before[0]} ({c.before[1]}) -> {c.after[0]} ({c.after[1]})"
            )
    return lines + [f"  {cid:<{width}}  {where}: {fame}" for cid, where, fame in same]


def _card_changes(a: dict, b: dict) -> tuple[CardChange, ...]:
    """The cards whose (where, fame) differ between two {uid: (id, where, fame)}, in the order of
    `a`, then the cards only `b` has."""
    cards = []
    for uid in list(a) + [u for u in b if u not in a]:
        ia, ib = a.get(uid), b.get(uid)
        before = (ia[1], ia[2]) if ia else ("elsewhere", 0)
        after = (ib[1], ib[2]) if ib else ("elsewhere", 0)
        if before != after:
            cards.append(CardChange((ia or ib)[0], before, after))
    return tuple(cards)


def _player_change(before, after, seat: int) -> PlayerChange:
    """One seat under both settings (`GameContract.seat_outcome` of each outcome)."""
    game = contract_of(before)
    a, b = game.seat_outcome(before, seat), game.seat_outcome(after, seat)
    return PlayerChange(
        before.table.players[seat].name,
        (a.score, b.score),
        a.layout,
        b.layout,
        _card_changes(a.cards, b.cards),
        None if a.left is None else (a.left, b.left),
        (a.deck, b.deck),
    )


def _with_rulings(scenario: dict, rulings: dict) -> dict:
    out = dict(scenario)
    out["rulings"] = rulings
    return out


def compare_rulings(scenario: dict, changes: dict, play: str | None = None) -> Comparison:
    """Resolve `scenario` under its own `rulings` and under them plus `changes` ({option: value});
    `play`: "resolve", "round" (+ the Market and the after-Market effects) or None (a round when
    a player has scripted Market actions). ScenarioError (one line) for a bad scenario, option
    name or value."""
    _check(scenario)
    changes = _check_changes(changes, scenario=scenario)
    play = _play_of(scenario, play)
    before = _run(scenario, play=play)
    base = dict(scenario.get("rulings") or {})
    try:
        after = _run(_with_rulings(scenario, {**base, **changes}), play=play)
    except ScenarioError as e:
        shown = ", ".join(f"{k}={_show(v)}" for k, v in changes.items())
        raise ScenarioError(f"with {shown}: {e}") from None
    players = tuple(_player_change(before, after, i) for i in range(len(before.players)))
    return Comparison(changes, before.table.rulings, after.table.rulings, before, after, players)


def rulings_that_matter(scenario: dict, play: str | None = None) -> list[tuple[str, object]]:
    """Every (option, value) that, set in place of the scenario's current value, changes the
    outcome (any grid, deck, dismissed pile, card fame or total); in `OPTIONS` order. `play` as
    in `compare_rulings`. ScenarioError (one line) for a bad scenario."""
    _check(scenario)
    play = _play_of(scenario, play)
    current = _run(scenario, traced=False, play=play)
    reference = _outcome(current)
    rulings = current.table.rulings
    base = dict(scenario.get("rulings") or {})
    options, settings = _options(scenario)
    found = []
    for f in fields(settings):
        option = options[f.name]
        for value in option.choices:
            if value == getattr(rulings, f.name):
                continue
            try:
                other = _outcome(
                    _run(_with_rulings(scenario, {**base, f.name: value}), traced=False, play=play)
                )
            except ScenarioError:  # the scripted actions are not legal under it: that changes it
                other = None
            if other != reference:
                found.append((f.name, value))
    return found


# -- the command line ------------------------------------------------------------------------------


def parse_ruling_args(args: list[str], scenario=None) -> dict:
    """['cow_copies=total', 'extra_rows_in_columns=false'] -> {name: value}; a value is read as
    JSON when it can be (true, false, numbers, "quoted"), else as a string, within the limits of a
    scenario's values. ScenarioError (one line, naming the argument) for a malformed, repeated or
    unknown option or a wrong value."""
    changes: dict = {}
    where = {}
    for arg in args:
        name, sep, text = arg.partition("=")
        name = name.strip()
        shown = f"--ruling {quote(arg)}"
        if not sep or not name:
            raise ScenarioError(f"{shown}: expected NAME=VALUE (e.g. cow_copies=total)")
        try:
            value = parse_json_value(text, shown)
        except json.JSONDecodeError:
            value = text
        if name in changes:
            raise ScenarioError(f"{shown}: {quote(name)} is given twice")
        changes[name] = value
        where[name] = shown
    return _check_changes(changes, lambda name: where[name], scenario)


def _summary(p: PlayerChange) -> str:
    """'Ann 5 -> 8', 'Ann 8 -> 8 (fame left 1 -> 0)', 'Jordy 10 -> 10 (the grid changes)'."""
    text = f"{p.name} {p.fame[0]} -> {p.fame[1]}"
    if p.fame_left and p.fame_left[0] != p.fame_left[1]:
        return text + f" (fame left {p.fame_left[0]} -> {p.fame_left[1]})"
    if p.fame[0] == p.fame[1] and p.changed:
        return text + (" (the grid changes)" if p.grid_changed else " (cards move)")
    return text


def compare_command(
    scenario: dict, ruling_args: list[str], as_json: bool = False, everything: bool = False
) -> str:
    """`fliptoons-explore compare SCENARIO.json [--ruling NAME=VALUE ...] [--all] [--json]`: the
    difference the changed options make; without --ruling, the option values that would change
    the outcome. The text names only the players and cards that change (`everything`: all of
    them); the JSON always holds every player."""
    changes = parse_ruling_args(ruling_args, scenario)
    if changes:
        comparison = compare_rulings(scenario, changes)
        return (
            json.dumps(comparison.to_json(), indent=1) if as_json else comparison.text(everything)
        )
    _check(scenario)
    options, settings = _options(scenario)
    current = settings.from_dict(dict(scenario.get("rulings") or {}))
    matters = []  # (name, value, Comparison or the reason the scenario cannot be played so)
    for name, value in rulings_that_matter(scenario):
        try:
            matters.append((name, value, compare_rulings(scenario, {name: value})))
        except ScenarioError as e:
            matters.append((name, value, str(e)))
    if as_json:
        return json.dumps(
            {
                "rulings": {f.name: getattr(current, f.name) for f in fields(settings)},
                "matters": [
                    {
                        "name": name,
                        "value": value,
                        **(
                            {"illegal": c}
                            if isinstance(c, str)
                            else {
                                "fame": [
                                    {"name": p.name, "before": p.fame[0], "after": p.fame[1]}
                                    for p in c.players
                                ]
                            }
                        ),
                    }
                    for name, value, c in matters
                ],
            },
            indent=1,
        )
    if not matters:
        return "no ruling option changes the outcome of this scenario"
    lines = ["ruling options that change the outcome of this scenario:"]
    for name, value, c in matters:
        what = (
            c
            if isinstance(c, str)
            else "; ".join(_summary(p) for p in c.players if everything or p.changed)
            or "the market changes"
        )
        lines.append(
            f"  --ruling {name}={value if isinstance(value, str) else _show(value)}"
            f"   (now {_show(getattr(current, name))}): {what}"
        )
    return "\n".join(lines)
