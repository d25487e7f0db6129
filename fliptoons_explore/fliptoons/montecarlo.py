"""A search policy: flat Monte Carlo over every Market decision, on determinised copies of the
table.

    >>> game = new_game("s2", 1, seed=3, solo="normal", policy=MonteCarloPolicy(seed=3), traced=False)
    >>> game.play().solo                                                  # doctest: +SKIP
    'won'

At a decision the policy tries each legal option on copies of the table (`Table.copy`) and plays
each copy on to the end of the game with a cheap `RolloutPolicy` for every player: the rest of
the Market turn, the other players' turns, Cleanup and the following rounds. An option's value is
the share of its simulations the deciding player wins: in a solo game, 30 fame in one Check Fame
before the toon deck runs out (S2 Solo Play Rules); with several players, the win after the Final
Flip (a tie shares it); a solo simulation that is lost still counts a little for the best fame
it reached (`fame_weight`). The budget (`simulations` a decision, and optionally `ms`) is spread
by successive halving: every option gets some simulations, the better half more, and so on; all
options of a decision play on the same determinisations (common random numbers), so they are
compared on the same luck. The rollout's own answer stays in the running to the end, and the
search plays another option only if it beats that answer on the same determinisations by more
than `confidence` standard errors (and `trust` on average): a search of a hundred or two
simulations is noisy, the rollout's answer a good default. With `early`, a decision whose first
simulations already put the rollout's answer ahead of every other option stops there. With a
`pace` (solo games), a decision's simulations are as many as would play `pace` rounds each on
average: many late in the game, where a simulation is short and a choice decides, few early.

A solo simulation need not play to the end of the game: with a `horizon` it plays that many
rounds after the decision's own and then values the table by `LeafValue`, the chance that the
rollout would still win from there, fitted on rollout games (`measure_leaf_value`, stored in
`data/leaf_values.csv`) from what decides a solo game: the worth of the player's cards, how many
they are, the toon cards left and the best card of the market. Such a simulation costs a round
or three instead of up to ten, and its value is far less noisy than a single won-or-lost, so the
same seconds tell options apart better (Season 1 plays so by default: `DEFAULT_HORIZON`).

No peeking. Before a copy plays on, it is *determinised*: what the deciding player cannot see,
the order of every deck (their own included: it is shuffled before it is read) and of the toon
deck, is put in a fixed order (by card id) and shuffled by the policy's own generator, and the
copy's later shuffles come from that generator too, never from the game's seed. The contents of
decks and of the toon deck are known to every player (hires, dismissals and the face-up discards
are public), their orders are not; so the policy's answer depends only on what the player sees.

Which decisions are searched: every Market action; the decisions an action leads to in the
player's own turn (the Raccoon's and the Crow's free hire, the Panther's and the Butterfly's
dismissal, the Horse's discards, the Pig's deck) and the after-Market effects of that turn (the
Alligator's dismissal), by replaying the turn from the policy's copy of the table at the Market
action (the same answers up to the decision, so the copy reaches the same situation); the Skunk's
dismissal, which comes just before the Market. The others (the Cow's copy at Check Fame, the
effects waiting at the end of the Flip) are answered as `RolloutPolicy` answers them.
"""  # noqa: E501

from __future__ import annotations

import csv
import math
import random
import time
from collections import Counter
from functools import cache
from importlib import resources
from typing import NamedTuple

from ..policy import Branch, Choice, DefaultPolicy
from .game import TRIGGER_FAME, Game
from .market_abilities import skunk_dismissal

__all__ = [
    "MonteCarloPolicy",
    "RolloutPolicy",
    "Estimate",
    "LeafValue",
    "card_values",
    "measure_card_values",
    "measure_leaf_value",
    "determinise",
]

#: About how many cards a Flip reveals (six slots, and the cards that stack or leave): a deck's
#: worth counts that share of it. The card values are measured with 8; the rollout plays best
#: with a little less in Season 1 and a little more in Season 2 (`ROLLOUT_SLOTS`).
SLOTS = 8
#: The share the rollout counts, per season: tuned on solo games seeded 20,000 and up (the
#: benchmark plays seeds from 0), a rollout on its own winning about 61% (S1) and 59% (S2) of
#: normal solo games so (2,000 games each).
ROLLOUT_SLOTS = {"s1": 7.25, "s2": 8.25, "combined": 8.25}
#: The search's budget of simulations a decision, unless told otherwise, per season: about as
#: many as a solo game plays in 2 seconds on one core (a Season 2 simulation costs more; a Season 1
#: one stops at its `DEFAULT_HORIZON`).
DEFAULT_SIMULATIONS = {"s1": 300, "s2": 120, "combined": 120}
#: Rounds a solo simulation plays after the decision's own before `LeafValue` values it, unless
#: told otherwise, per season (None: on to the end of the game). Tuned on Season 1 solo games
#: seeded 10,000 and up; Season 2's search is as strong as asked for played to the end.
DEFAULT_HORIZON = {"s1": 2, "s2": None, "combined": None}


# -- card values: what the rollouts hire and dismiss by --------------------------------------------


@cache
def card_values(season: str) -> dict[str, float]:
    """{card id: fame a copy of it adds to a Flip, as `measure_card_values` fits it}, per season
    ('s1', 's2', 'combined'),
    read from `data/card_values.csv` (made by `measure_card_values`); a card the file lacks is
    worth its printed fame."""
    from .cards import CATALOG

    text = resources.files("fliptoons_explore").joinpath("data/card_values.csv").read_text("utf-8")
    values = {c.id: float(c.fame) for c in CATALOG.values()}
    for row in csv.DictReader(text.splitlines()):
        if row["season"] == season:
            values[row["id"]] = float(row["value"])
    return values


def measure_card_values(season: str, decks: int = 30000, seed: int = 1) -> dict[str, float]:
    """What each card of a season adds to a Flip, measured with the engine: `decks` random decks
    of 5 to 14 cards (toon and starting cards), each flipped and scored once beside a random
    market and toon deck; the Check Fame total is fitted by least squares as the sum over the
    deck's cards of a value per card, scaled by the share of the deck a Flip reveals
    (`SLOTS` / max(`SLOTS`, cards)). The value holds what a card does to its neighbours (a Swordfish
    turns two cards face down, a Sloth stacks and frees a slot). Seeded: the same call, the same
    values."""
    import numpy as np

    from .cards import CATALOG, toon_deck
    from .engine import resolve_table
    from .state import Table

    pool = toon_deck(season) + [
        c.id
        for c in CATALOG.values()
        if c.starting and (season == "combined" or c.season == season)
    ]
    ids = sorted(set(pool))
    column = {c: i for i, c in enumerate(ids)}
    rng = random.Random(seed)
    x = np.zeros((decks, len(ids)))
    y = np.zeros(decks)
    policy = DefaultPolicy()
    for k in range(decks):
        deck = rng.sample(pool, rng.randint(5, 14))
        t = Table(season, seed=rng.randrange(2**32))
        p = t.add_player("P")
        p.deck.extend(t.new_card(c) for c in deck)
        t.toon_deck.extend(t.new_card(c) for c in rng.sample(pool, 8))
        t.arrange_market([t.new_card(c, True) for c in rng.sample(pool, len(t.prices))])
        resolve_table(t, policy, traced=False)
        share = SLOTS / max(SLOTS, len(deck))
        for c in deck:
            x[k, column[c]] += share
        y[k] = p.fame_total
    beta = np.linalg.lstsq(x, y, rcond=None)[0]
    return {c: round(float(b), 2) for c, b in zip(ids, beta)}


#: Bonuses that count what lies outside the grid, which a Flip of a random deck does not see:
#: the rollout adds them to a card's measured value as the player's own piles stand.
STATE_BONUSES = (
    "dismissed_cards",
    "dismissed_starting_cards",
    "dismissed_pairs",
    "cards_in_deck",
    "deck_at_least_3",
)
#: Bonuses that count the other cards of the grid: the rollout expects them from what the
#: player's deck holds (in place of the card's value measured in random decks). The Rooster's
#: (`ranks_13_or_lower`) is left to its measured value: expected so, it is rated too high.
GRID_BONUSES = (
    "fish_in_grid",
    "ranks_6_or_higher",
    "face_up_cards",
    "any_face_down",
    "no_shared_names",
)
#: Placement abilities that turn a card face down (for the Bull).
FLIPPERS = ("flip_next", "flip_previous", "flip_previous_and_next", "flip_previous_and_stack_on_it")


class DeckWorth:
    """A player's cards weighed as the rollout weighs them: the measured value of each
    (`card_values`), except where a bonus depends on the player's own cards: those of
    `STATE_BONUSES` as the dismissed pile and deck stand (the Tiger's +1 a dismissed card, the
    Cat's +1 a dismissed starting card, the Opossum's +2 a dismissed pair, the Hippopotamus's +2
    and the Capybara's +4 for the cards a Flip leaves in the deck) and those of `GRID_BONUSES`
    as expected from the deck's make-up (fish for the Goldfish and the Shark, ranks for the Hen,
    cards that turn others face down for the Bull, repeated names for the Deer, the cards shown
    for the Bear); all scaled by the share of the deck a Flip reveals (slots / max(slots, cards)).
    `worth(add=spec)` / `worth(dismiss=spec)`: after a hire or a dismissal."""

    __slots__ = (
        "values",
        "slots",
        "total",
        "n",
        "counts",
        "specs",
        "names",
        "dismissed",
        "starting",
        "pairs",
        "odd",
        "fish",
        "rank6",
        "flippers",
        "same",
    )

    def __init__(self, values: dict, owned, dismissed, slots: float = SLOTS) -> None:
        self.values, self.slots = values, slots
        total = 0.0  # the measured values of the cards whose bonus does not depend on them
        counts = {}  # card id -> copies owned, for the cards whose bonus does
        specs = {}
        names = {}
        fish = rank6 = flippers = same = 0
        for c in owned:
            spec = c.spec
            name = spec.id
            k = names.get(name, 0)
            names[name] = k + 1
            same += k  # pairs of copies
            f, r, p, bonus = _traits(spec)
            fish += f
            rank6 += r
            flippers += p
            if bonus:
                counts[name] = counts.get(name, 0) + 1
                specs[name] = spec
            else:
                total += values[name]
        self.total, self.counts, self.specs, self.names = total, counts, specs, names
        self.fish, self.rank6, self.flippers, self.same = fish, rank6, flippers, same
        self.n = len(owned)
        self.dismissed = len(dismissed)
        starting = 0
        piles = {}
        for c in dismissed:
            starting += c.spec.starting
            piles[c.spec.id] = piles.get(c.spec.id, 0) + 1
        self.starting = starting
        self.pairs = sum(k // 2 for k in piles.values())
        self.odd = {name for name, k in piles.items() if k % 2}  # a further copy makes a pair

    def worth(self, add=None, dismiss=None) -> float:
        if not self.counts and dismiss is None and (add is None or not _traits(add)[3]):
            # no card whose bonus depends on the others: the measured values alone
            total, n = self.total, self.n
            if add is not None:
                total, n = total + self.values[add.id], n + 1
            return total * self.slots / max(self.slots, n)
        total, n = self.total, self.n
        counts = self.counts
        dismissed, starting, pairs = self.dismissed, self.starting, self.pairs
        fish, rank6, flippers, same = self.fish, self.rank6, self.flippers, self.same
        specs = self.specs
        for spec, sign in ((add, 1), (dismiss, -1)):
            if spec is None:
                continue
            n += sign
            f, r, p, bonus = _traits(spec)
            fish += sign * f
            rank6 += sign * r
            flippers += sign * p
            k = self.names.get(spec.id, 0)
            same += k if sign > 0 else -(k - 1)
            if bonus:
                if counts is self.counts:
                    counts, specs = dict(counts), dict(specs)
                counts[spec.id] = counts.get(spec.id, 0) + sign
                specs[spec.id] = spec
            else:
                total += sign * self.values[spec.id]
            if sign < 0:
                dismissed += 1
                starting += spec.starting
                pairs += spec.id in self.odd
        if counts:
            left = max(0.0, n - self.slots)
            shown = min(n, self.slots)  # cards a Flip reveals
            for name, k in counts.items():
                if k <= 0:
                    continue
                spec = specs[name]
                s = spec.score
                if s == "dismissed_cards":
                    v = self.values[name] + dismissed
                elif s == "dismissed_starting_cards":
                    v = self.values[name] + starting
                elif s == "dismissed_pairs":
                    v = self.values[name] + 2 * pairs
                elif s == "cards_in_deck":
                    v = spec.fame + 2 * left
                elif s == "deck_at_least_3":
                    v = spec.fame + (4 if left >= 3 else 0)
                else:
                    v = spec.fame + _grid_bonus(s, spec, fish, rank6, flippers, same, n, shown)
                total += k * v
        return total * self.slots / max(self.slots, n)


_TRAITS: dict[str, tuple] = {}


def _traits(spec) -> tuple[int, int, int, bool]:
    """What `DeckWorth` counts of a card face, read once per card id: (fish, rank 6 or higher,
    turns others face down, a bonus that depends on the player's own cards)."""
    traits = _TRAITS.get(spec.id)
    if traits is None:
        traits = _TRAITS[spec.id] = (
            int(spec.fish),
            int(spec.rank >= 6),
            int(spec.place in FLIPPERS),
            spec.score in STATE_BONUSES or spec.score in GRID_BONUSES,
        )
    return traits


def _grid_bonus(
    score: str, spec, fish: int, rank6: int, flippers: int, same: int, n: int, shown: float
) -> float:
    """A grid bonus as expected from the deck's make-up (its `n` cards hold `fish` fish, `rank6`
    cards of rank 6 or higher, `flippers` cards that turn others face down and `same` pairs of
    copies): `shown` of its cards revealed, the card itself among them."""
    others = max(1, n - 1)
    seen = max(0.0, shown - 1)  # the other cards revealed with it
    if score == "fish_in_grid":  # Goldfish (itself a fish), Shark
        return seen * (fish - spec.fish) / others + spec.fish
    if score == "ranks_6_or_higher":
        return 1 + seen * (rank6 - 1) / others
    if score == "face_up_cards":
        return shown
    if score == "any_face_down":
        return 7 * (1 - (1 - flippers / others) ** seen)
    # no_shared_names: every pair of copies apart
    pair_seen = shown * (shown - 1) / max(1, n * (n - 1))
    return 5 * (1 - pair_seen) ** same


# -- the rollout policy ----------------------------------------------------------------------------


class RolloutPolicy:
    """The cheap policy the search plays its simulations with (and a policy of its own): in the
    Market it takes the action that raises its deck's worth (`DeckWorth`, from `card_values`) the
    most, a hire needing `hire_margin` more (each hire brings a toon card into the market, and
    so the end of a solo game, closer), and skips when none helps. A free hire (Raccoon, Crow)
    takes the card worth the most if it helps; a dismissal by an ability the card worth the
    least (an optional one only if that helps). Every other decision is the `DefaultPolicy`'s."""

    name = "rollout"

    def __init__(self, hire_margin: float = 0.3, slots: float | None = None) -> None:
        self.hire_margin = hire_margin
        self.slots = slots  # None: the season's `ROLLOUT_SLOTS`
        self.default = DefaultPolicy()
        self._values = None
        self._season = None

    def values(self, table) -> dict[str, float]:
        if table.season != self._season:
            self._values, self._season = card_values(table.season), table.season
        return self._values

    def gains(self, choice: Choice) -> list[float] | None:
        """What each option adds to the deck's worth (a hire less `hire_margin`; skipping 0),
        or None for a decision it leaves to the `DefaultPolicy`."""
        table = choice.table
        kind = choice.kind
        if table is None or not (
            kind in ("market_action", "raccoon", "crow") or kind.startswith("dismiss_")
        ):
            return None
        player = table.players[choice.player]
        slots = self.slots or ROLLOUT_SLOTS[table.season]
        deck = DeckWorth(
            self.values(table), list(player.deck) + player.grid.cards(), player.dismissed, slots
        )
        base = deck.worth()
        if kind == "market_action":
            margin = self.hire_margin
            seen = {}  # copies of a card in the market or the grid weigh the same
            out = []
            for a in choice.options:
                if a.verb == "skip":
                    out.append(0.0)
                    continue
                key = (a.verb, a.card.spec.id)
                if key not in seen:
                    if a.verb == "hire":
                        worth = deck.worth(add=a.card.spec)
                        seen[key] = (
                            worth
                            - base
                            - margin
                            + self.when_hired(a.card.spec, deck, worth, player, table)
                        )
                    else:
                        seen[key] = deck.worth(dismiss=a.card.spec) - base
                out.append(seen[key])
            return out
        if kind in ("raccoon", "crow"):
            return [deck.worth(add=c.spec) - base for c in choice.options]
        return [deck.worth(dismiss=c.spec) - base for c in choice.options]

    @staticmethod
    def when_hired(spec, deck, worth: float, player, table) -> float:
        """What a hired card's when-hired effect adds: the Butterfly's free dismissal of a
        Caterpillar and the Panther's of a face-up card (the best, if it helps; the Panther's is
        not optional), the Raccoon's free hire of a dismissed card (the best, if it helps)."""
        effect = spec.when_hired
        if effect in ("dismiss_caterpillar", "dismiss_face_up"):
            from .market import dismissable

            targets = {
                c.spec.id: c.spec
                for c in dismissable(player)
                if effect == "dismiss_face_up" or c.spec.id == "caterpillar"
            }
            if not targets:
                return 0.0
            best = max(deck.worth(add=spec, dismiss=t) for t in targets.values()) - worth
            return best if effect == "dismiss_face_up" else max(0.0, best)
        if effect == "hire_dismissed":
            piles = {c.spec.id: c.spec for p in table.players for c in p.dismissed}
            return max([deck.worth(add=t) - deck.worth() for t in piles.values()] + [0.0])
        return 0.0

    def choose(self, choice: Choice):
        if len(choice.options) == 1 and not choice.optional:
            return 0  # nothing to weigh (a Market turn with only the skip left)
        gains = self.gains(choice)
        if gains is None:
            return self.default.choose(choice)
        best = max(range(len(gains)), key=gains.__getitem__)  # the first of equal gains
        if choice.kind == "market_action":
            # skip (the last option) unless one helps
            return best if gains[best] > 0 else len(gains) - 1
        if choice.optional and gains[best] <= 0:
            return None
        return best


# -- the leaf value: what a table is worth to a solo player, without playing it out ---------------

#: What `LeafValue` reads of a solo table, in the order of its coefficients: the rollout's worth
#: of the player's cards (`DeckWorth`), its square / 30, log(1 + toon cards left), the two
#: together, the cards the player owns, the measured value of the market's best card, and the
#: toon cards left up to 3 (with fewer than 3 the market cannot be refilled for long).
LEAF_FEATURES = (
    "constant",
    "worth",
    "worth_squared_30",
    "log_toon_left",
    "worth_x_log_toon_left",
    "cards_owned",
    "best_market_card",
    "toon_left_up_to_3",
)


def leaf_features(table, values: dict, slots: float) -> list[float]:
    """`LEAF_FEATURES` of a solo table (player 0) at the start of a round."""
    p = table.players[0]
    owned = list(p.deck) + p.grid.cards()
    worth = DeckWorth(values, owned, p.dismissed, slots).worth()
    market = [values[c.spec.id] for c in table.market if c is not None]
    toon = len(table.toon_deck)
    log_toon = math.log1p(toon)
    return [
        1.0,
        worth,
        worth * worth / 30,
        log_toon,
        worth * log_toon,
        float(len(owned)),
        max(market, default=0.0),
        float(min(toon, 3)),
    ]


class LeafValue:
    """The chance that the rollout (`RolloutPolicy`) wins a solo game from a table at the start of
    a round: a logistic model of `LEAF_FEATURES`, its coefficients per season read from
    `data/leaf_values.csv` (made by `measure_leaf_value`). `LeafValue.of(season)` is shared."""

    def __init__(self, season: str, coefficients: list[float]) -> None:
        self.season = season
        self.coefficients = coefficients
        self.values = card_values(season)
        self.slots = ROLLOUT_SLOTS[season]

    @staticmethod
    @cache
    def of(season: str) -> LeafValue:
        text = (
            resources.files("fliptoons_explore").joinpath("data/leaf_values.csv").read_text("utf-8")
        )
        rows = {
            r["feature"]: float(r["coefficient"])
            for r in csv.DictReader(text.splitlines())
            if r["season"] == season
        }
        if set(rows) != set(LEAF_FEATURES):
            raise ValueError(f"data/leaf_values.csv: no leaf value for season {season!r}")
        return LeafValue(season, [rows[f] for f in LEAF_FEATURES])

    def __call__(self, table) -> float:
        z = sum(
            b * x for b, x in zip(self.coefficients, leaf_features(table, self.values, self.slots))
        )
        return 1 / (1 + math.exp(-max(-30.0, min(30.0, z))))


def measure_leaf_value(season: str, games: int = 10000, seed: int = 30000) -> list[float]:
    """The coefficients of `LeafValue` for a season, measured with the engine: `games` normal solo
    games seeded `seed` and up, played by the rollout; at the start of every round after the
    first, the table's `LEAF_FEATURES` against whether the game was won, fitted by logistic
    regression (Newton's method, a little ridge). Seeded: the same call, the same values."""
    import numpy as np

    from .game import new_game

    values, slots = card_values(season), ROLLOUT_SLOTS[season]
    x, y = [], []
    for k in range(seed, seed + games):
        game = new_game(season, 1, k, "normal", RolloutPolicy(), traced=False)
        rows = []
        while game.result is None:
            game.play_round()
            if game.result is None:
                rows.append(leaf_features(game.table, values, slots))
        x += rows
        y += [float(game.result.solo == "won")] * len(rows)
    x, y = np.array(x), np.array(y)
    beta = np.zeros(x.shape[1])
    for _ in range(30):
        p = 1 / (1 + np.exp(-x @ beta))
        hessian = x.T @ (x * (p * (1 - p))[:, None]) + 1e-3 * np.eye(len(beta))
        beta -= np.linalg.solve(hessian, x.T @ (p - y) + 1e-3 * beta)
    return [round(float(b), 6) for b in beta]


# -- determinising ---------------------------------------------------------------------------------


def determinise(table, rng: random.Random) -> None:
    """Replace what no player sees on `table` (in place) by one sample of it: every deck's order
    and the toon deck's order, each put in a fixed order (card id, then uid) and shuffled by
    `rng`; the table's later draws come from `rng` too. Nothing of the hidden order survives."""

    def shuffled(cards):
        cards = sorted(cards, key=lambda c: (c.spec.id, c.uid))
        rng.shuffle(cards)
        return cards

    for p in table.players:
        cards = shuffled(p.deck)
        p.deck.clear()
        p.deck.extend(cards)
    cards = shuffled(table.toon_deck)
    table.toon_deck.clear()
    table.toon_deck.extend(cards)
    table.rng = random.Random(rng.getrandbits(64))


class _Branch(Branch):
    """The policy of one simulation: the `prefix` answers first (replaying the turn up to the
    decision), then, at the decision, the table is determinised and `answer` given; every later
    decision is the rollout's."""

    name = "montecarlo-simulation"

    def __init__(self, prefix, answer, rollout, rng: random.Random, expect=None) -> None:
        super().__init__(prefix, answer, rollout)
        self.rng = rng
        self.expect = expect

    def at_decision(self, choice: Choice) -> None:
        if self.expect is not None and choice.script_names() != self.expect:
            raise _Diverged()
        determinise(choice.table, self.rng)


_NONE = object()  # no favourite (None is an answer: declining)


def _paired_mean(a: list, b: list) -> float:
    """The mean difference of two options' values on the determinisations both were played on."""
    n = min(len(a), len(b))
    return sum(a[k][0] - b[k][0] for k in range(n)) / n if n else 0.0


class _Diverged(Exception):
    """A replayed turn did not reach the decision it replays: with after-Market effects at the
    end of the phase (ruling `after_market_timing`), the other players' turns come between."""


# -- where a decision stands in the game -----------------------------------------------------------


class _Start(NamedTuple):
    """Where a simulation starts: a copy of `table` (the real one, or the policy's copy at the
    turn's Market action), `resume` ('market': inside `player`'s Market turn; 'skunk': the
    Skunk's dismissal just before the Market), `prefix`: the answers that replay the turn up to
    the decision, and the game's state around it."""

    table: object
    resume: str
    player: int
    prefix: tuple
    solo: bool
    end_triggered: bool


class Estimate(NamedTuple):
    """One option of a decision as the search saw it: its index (None: declined), how a script
    names it, its mean `value` (what the search maximises: the share of simulations won, and in
    a solo game the fame shaping), the `wins` of its simulations (ties shared) and how many
    simulations it got (`analysis.advice` gives the win rate an interval)."""

    option: int | None
    name: str
    value: float
    wins: float
    simulations: int


def _end_triggered(table) -> bool:
    """Whether the 30-fame end was triggered this round (a decision in the Market only sees this
    round: an earlier trigger would have ended the game at its Cleanup)."""
    if len(table.players) == 1:
        return False
    firefly = table.rulings.firefly_counts_for_trigger
    return max(p.fame_total if firefly else p.fame_generated for p in table.players) >= TRIGGER_FAME


# -- the search ------------------------------------------------------------------------------------


class MonteCarloPolicy:
    """Flat Monte Carlo search over each Market decision (see the module's docstring).

    `simulations`: the budget of one decision (spread by successive halving; None: the season's
    `DEFAULT_SIMULATIONS`); `ms`: optionally a
    time limit per decision as well (then the answers depend on the machine's speed); `seed`:
    the policy's generator (the same seed, the same answers); `fame_weight`: a solo simulation
    that is lost still counts `fame_weight` x (its best Check Fame / 30), so that options that
    rarely win are still told apart; `rollout`: the policy simulations play with (default
    `RolloutPolicy()`); `game`: the game played (optional: `follow(game)`), whose end trigger
    the policy then reads instead of inferring it from the table; `width`: search only that many
    options (those the rollout rates best, and skipping); `trust`, `confidence`: how clearly an
    option must beat the rollout's own answer to be played instead (on average, and in standard
    errors; both 0: the best option is played); `early`: stop a decision once the rollout's
    answer leads every option; `pace`: simulations by the rounds they play (solo games);
    `horizon`: in a solo game, the rounds a simulation plays after the decision's own before
    `LeafValue` values it ("season": the season's `DEFAULT_HORIZON`; None: on to the end).
    `searched` counts the decisions searched, by kind."""

    name = "montecarlo"

    def __init__(
        self,
        simulations: int | None = None,
        ms: float | None = None,
        seed: int = 0,
        fame_weight: float = 0.25,
        rollout=None,
        game: Game | None = None,
        width: int | None = None,
        trust: float = 0.0,
        confidence: float = 1.0,
        pace: float | None = 4.0,
        early: bool = False,
        horizon: int | str | None = "season",
    ) -> None:
        if simulations is not None and (
            not isinstance(simulations, int) or isinstance(simulations, bool) or simulations < 1
        ):
            raise ValueError(
                f"simulations: expected None or a whole number of at least 1, got {simulations!r}"
            )
        if ms is not None and not (isinstance(ms, (int, float)) and ms > 0):
            raise ValueError(f"ms: expected None or a positive number of milliseconds, got {ms!r}")
        if horizon not in (None, "season") and (
            not isinstance(horizon, int) or isinstance(horizon, bool) or horizon < 0
        ):
            raise ValueError(
                f'horizon: expected "season", None or a whole number of rounds, got {horizon!r}'
            )
        self.simulations = simulations
        self.horizon = horizon
        self.ms = ms
        self.seed = seed
        self.fame_weight = fame_weight
        self.rollout = rollout or RolloutPolicy()
        self.game = game
        self.width = width
        self.trust = trust
        self.confidence = confidence
        self.pace = pace
        self.early = early
        self.asked = 0
        self.searched = Counter()  # decisions searched, by kind
        self._results = {}
        self._turn = (
            None  # (player, its queued list, copy of the table, answers since) at a Market action
        )

    def follow(self, game: Game) -> MonteCarloPolicy:
        self.game = game
        return self

    # -- answering --------------------------------------------------------------------------
    def choose(self, choice: Choice):
        self.asked += 1
        start = self.start(choice)
        estimates = None
        favourite = _NONE
        if start is not None and len(choice.options) + choice.optional >= 2:
            if self.trust or self.confidence:
                favourite = self.rollout.choose(choice)
            try:
                estimates = self.search(
                    choice, start, self.budget(choice.table), halving=True, favourite=favourite
                )
                self.searched[choice.kind] += 1
            except _Diverged:  # a turn the copy cannot replay (another player's turn came between)
                estimates = None
        if estimates is None:
            answer = self.rollout.choose(choice)
        else:
            best = max(estimates, key=lambda e: (e.simulations, e.value))
            answer = best.option
            if (
                favourite is not _NONE
                and best.option != favourite
                and not self._beats(best.option, favourite)
            ):
                answer = favourite
        if self._turn is not None and self._turn[0] == choice.player and start is not None:
            self._turn[3].append(answer)
        return answer

    def budget(self, table) -> int:
        """The simulations of a decision: `simulations`, or with a `pace` in a solo game, as
        many as would simulate `pace` rounds each on average: a simulation from a decision
        late in the game, with few toon cards left, plays few rounds and costs little, one early
        plays many (about a round for every three toon cards left); between a quarter and four
        times `simulations`. In multiplayer games, `simulations`."""
        simulations = self.simulations or DEFAULT_SIMULATIONS[table.season]
        if not self.pace or len(table.players) != 1:
            return simulations
        rounds = max(1.0, len(table.toon_deck) / 3)
        return max(1, round(simulations * min(4.0, max(0.25, self.pace / rounds))))

    def start(self, choice: Choice) -> _Start | None:
        """Where simulations of this decision start, or None if it is not searched."""
        table = choice.table
        if table is None:
            return None
        player = table.players[choice.player]
        ended = self.game.end_triggered if self.game is not None else _end_triggered(table)
        solo = len(table.players) == 1
        if choice.kind == "market_action":
            self._turn = (choice.player, player.queued, table.copy(), [])
            return _Start(table, "market", choice.player, (), solo, ended)
        if choice.kind == "dismiss_skunk":
            self._turn = None
            return _Start(table, "skunk", choice.player, (), solo, ended)
        turn = self._turn
        if turn is not None and turn[0] == choice.player and turn[1] is player.queued:
            return _Start(turn[2], "market", choice.player, tuple(turn[3]), solo, ended)
        return None

    def search(
        self, choice: Choice, start: _Start, budget: int, halving: bool = True, favourite=_NONE
    ) -> list[Estimate]:
        """Every option of `choice` (and declining it, if it may be declined) with its mean value
        over simulations from `start`: `budget` simulations in all (at least one an option), by
        successive halving (or the same number each, `halving=False`). With halving and a
        `width`, only that many options are searched: those the rollout rates best, and skipping
        or declining."""
        options = list(range(len(choice.options))) + ([None] if choice.optional else [])
        if halving and self.width and len(options) > self.width:
            options = self.widest(choice, options)
        names = choice.script_names()
        deadline = None if self.ms is None else time.perf_counter() + self.ms / 1000
        rng = random.Random(f"{self.seed}/{self.asked}")
        samples = []  # one generator seed per determinisation, shared by every option
        results = {o: [] for o in options}
        alive = list(options)
        rounds = max(1, math.ceil(math.log2(len(options))))
        # too small to halve: one simulation or more each
        if not halving or budget < 2 * len(options):
            rounds = 1
        expect = choice.script_names() if start.prefix else None
        for r in range(rounds):
            each = max(1, budget // (rounds * len(alive)))
            while len(samples) < max(len(results[o]) for o in alive) + each:
                samples.append(rng.getrandbits(64))
            for o in alive:
                got = results[o]
                for k in range(len(got), len(got) + each):
                    if deadline is not None and time.perf_counter() > deadline and got:
                        break
                    got.append(self.simulate(start, o, samples[k], expect))
            if r < rounds - 1:
                if (
                    self.early
                    and favourite in results
                    and all(
                        _paired_mean(results[o], results[favourite]) <= 0
                        for o in alive
                        if o != favourite
                    )
                ):
                    break  # the rollout's own answer leads every other option: no need to go on
                alive.sort(key=lambda o: -sum(v for v, _ in results[o]) / len(results[o]))
                alive = alive[: max(1, (len(alive) + 1) // 2)] + (
                    [favourite] if favourite in alive[(len(alive) + 1) // 2 :] else []
                )
        self._results = results
        out = []
        for o in options:
            got = results[o]
            out.append(
                Estimate(
                    o,
                    "decline" if o is None else str(names[o]),
                    sum(v for v, _ in got) / len(got),
                    sum(w for _, w in got),
                    len(got),
                )
            )
        return out

    def _beats(self, best, favourite) -> bool:
        """Whether the search's best option beats the rollout's own answer clearly enough to be
        played instead: on the determinisations both were played on, by more than `trust` on
        average and by more than `confidence` standard errors of that mean."""
        a, b = self._results[best], self._results.get(favourite)
        if not b:
            return True
        n = min(len(a), len(b))
        d = [a[k][0] - b[k][0] for k in range(n)]
        mean = sum(d) / n
        if mean <= self.trust:
            return False
        if not self.confidence:
            return True
        if n < 2:
            return False  # one determinisation: no standard error to beat
        sd = math.sqrt(sum((x - mean) ** 2 for x in d) / (n - 1))
        return mean > self.confidence * sd / math.sqrt(n)

    def widest(self, choice: Choice, options: list) -> list:
        """The `width` options worth searching: skipping or declining, and those the rollout's
        gains rate best."""
        gains = self.rollout.gains(choice) if hasattr(self.rollout, "gains") else None
        if gains is None:
            return options
        last = (
            options[-1]
            if choice.optional or choice.kind != "market_action"
            else len(choice.options) - 1
        )
        ranked = sorted(
            (o for o in options if o != last and o is not None), key=lambda o: -gains[o]
        )
        return sorted(ranked[: self.width - 1]) + [last]

    def simulate(self, start: _Start, option, sample: int, expect=None) -> tuple[float, float]:
        """One simulation: a copy of the start's table, determinised at the decision, `option`
        given, then played by the rollout to the end of the game, or in a solo game with a
        `horizon` for that many more rounds: the deciding player's value and share of the win
        (past the horizon, both the rollout's chance to win from there: `LeafValue`)."""
        table = start.table.copy()
        branch = _Branch(start.prefix, option, self.rollout, random.Random(sample), expect)
        game = Game(table, branch, traced=False, solo="normal" if start.solo else None)
        game.end_triggered = start.end_triggered
        game.phase = "market"
        player = table.players[start.player]
        if start.resume == "skunk":
            skunk_dismissal(game, None)
            alive = game.market_phase()
        else:
            alive = game.market_phase(resume=player)
        if alive:
            game.cleanup()
        horizon = self.horizon_of(table) if start.solo else None
        played = 0
        while game.result is None:
            if played == horizon:
                chance = LeafValue.of(table.season)(table)
                return chance, chance
            game.play_round()
            played += 1
        return self.value(game, start.player)

    def horizon_of(self, table) -> int | None:
        """The rounds a solo simulation plays before its leaf value (None: to the end)."""
        return DEFAULT_HORIZON[table.season] if self.horizon == "season" else self.horizon

    def value(self, game: Game, player: int) -> tuple[float, float]:
        """(value, share of the win) of a simulated game's end for `player`: a solo win is 1, a
        loss `fame_weight` x its best Check Fame / 30; with several players, the share of the
        win."""
        r = game.result
        if r.solo is not None:
            if r.solo == "won":
                return 1.0, 1.0
            best = max((f.fame[0] for f in game.history), default=0)
            return self.fame_weight * min(best, TRIGGER_FAME) / TRIGGER_FAME, 0.0
        share = 1 / len(r.winners) if player in r.winners else 0.0
        return share, share


def write_card_values(path=None, decks: int = 30000, seed: int = 1) -> str:
    """Measure every season's card values (`measure_card_values`) and write them as
    `data/card_values.csv` (or `path`): `python -m fliptoons_explore.fliptoons.montecarlo`
    (which then measures the leaf values too; `--leaf-values`: those alone)."""
    from pathlib import Path

    path = (
        Path(path) if path else Path(__file__).resolve().parent.parent / "data" / "card_values.csv"
    )
    lines = ["season,id,value"]
    for season in ("s1", "s2", "combined"):
        values = measure_card_values(season, decks, seed)
        lines += [f"{season},{c},{v}" for c, v in sorted(values.items())]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return str(path)


def write_leaf_values(path=None, games: int = 10000, seed: int = 30000) -> str:
    """Measure every season's leaf value (`measure_leaf_value`, from the card values as they
    are) and write them as `data/leaf_values.csv` (or `path`)."""
    from pathlib import Path

    path = (
        Path(path) if path else Path(__file__).resolve().parent.parent / "data" / "leaf_values.csv"
    )
    lines = ["season,feature,coefficient"]
    for season in ("s1", "s2", "combined"):
        beta = measure_leaf_value(season, games, seed)
        lines += [f"{season},{f},{b}" for f, b in zip(LEAF_FEATURES, beta)]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return str(path)


if __name__ == "__main__":
    import sys

    if "--leaf-values" not in sys.argv:  # card values first: the leaf values are measured with them
        print(write_card_values())
    print(write_leaf_values())
