"""The rollout: the cheap policy the search (`fliptoons.search`) plays its simulations with, and a
policy of its own (`--policy` does not name it; benchmarks/strength.py plays it).

    >>> game = new_game("s2", 1, seed=3, solo="normal", policy=RolloutPolicy(), traced=False)
    >>> game.play().solo                                                  # doctest: +SKIP
    'won'

It weighs a player's cards and takes the Market action that raises their worth the most:

- `card_values(season)`: what a copy of each card adds to a Flip, fitted offline on random decks
  (`benchmarks/fit_values.py`) and read from `data/card_values.csv`;
- `DeckWorth`: a player's cards weighed so: the value of each, except for the cards whose bonus
  depends on the player's own cards, counted as the dismissed pile and the deck stand
  (`STATE_BONUSES`) or as expected from the deck's make-up (`GRID_BONUSES`); all scaled by the
  share of the deck a Flip reveals (`SLOTS`, tuned per season for the rollout: `ROLLOUT_SLOTS`);
- `RolloutPolicy`: the Market action worth the most (a hire needing a margin), a free hire or a
  dismissal by the same worth; every other decision the `DefaultPolicy`'s.
"""

from __future__ import annotations

import csv
from collections import Counter
from functools import cache
from importlib import resources

from ..policy import Choice, DefaultPolicy

__all__ = ["RolloutPolicy", "DeckWorth", "card_values"]

#: About how many cards a Flip reveals (six slots, and the cards that stack or leave): a deck's
#: worth counts that share of it. The card values are measured with 8; the rollout plays best
#: with a little less in Season 1 and a little more in Season 2 (`ROLLOUT_SLOTS`).
SLOTS = 8
#: The share the rollout counts, per season: tuned on solo games seeded 20,000 and up (the
#: benchmark plays seeds from 0), a rollout on its own winning about 61% (S1) and 59% (S2) of
#: normal solo games so (2,000 games each).
ROLLOUT_SLOTS = {"s1": 7.25, "s2": 8.25, "combined": 8.25}


# -- card values: what the rollouts hire and dismiss by --------------------------------------------


@cache
def card_values(season: str) -> dict[str, float]:
    """{card id: fame a copy of it adds to a Flip}, per season ('s1', 's2', 'combined'), read
    from `data/card_values.csv` (fitted by `benchmarks/fit_values.py`: the Check Fame of random
    decks, by least squares, as a value per card); a card the file lacks is worth its printed
    fame."""
    from .cards import CATALOG

    text = resources.files("fliptoons_explore").joinpath("data/card_values.csv").read_text("utf-8")
    values = {c.id: float(c.fame) for c in CATALOG.values()}
    for row in csv.DictReader(text.splitlines()):
        if row["season"] == season:
            values[row["id"]] = float(row["value"])
    return values


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

    def __init__(self, values: dict, owned, dismissed, slots: float = SLOTS) -> None:
        self.values = values
        self.slots = slots
        self.total = 0.0  # the measured values of the cards whose bonus does not depend on them
        self.counts = {}  # card id -> copies owned, for the cards whose bonus does
        self.specs = {}  # card id -> its face, for the same cards
        self.names = {}  # card id -> copies owned, for every card
        self.fish = self.rank6 = self.flippers = self.same = 0
        for c in owned:
            spec = c.spec
            k = self.names.get(spec.id, 0)
            self.names[spec.id] = k + 1
            self.same += k  # pairs of copies
            fish, rank6, flipper, bonus = _traits(spec)
            self.fish += fish
            self.rank6 += rank6
            self.flippers += flipper
            if bonus:
                self.counts[spec.id] = self.counts.get(spec.id, 0) + 1
                self.specs[spec.id] = spec
            else:
                self.total += values[spec.id]
        self.n = len(owned)
        self.dismissed = len(dismissed)
        self.starting = sum(c.spec.starting for c in dismissed)
        piles = Counter(c.spec.id for c in dismissed)
        self.pairs = sum(k // 2 for k in piles.values())
        self.odd = {name for name, k in piles.items() if k % 2}  # a further copy makes a pair

    def worth(self, add=None, dismiss=None) -> float:
        total, n = self.total, self.n
        counts, specs = dict(self.counts), dict(self.specs)
        dismissed, starting, pairs = self.dismissed, self.starting, self.pairs
        fish, rank6, flippers, same = self.fish, self.rank6, self.flippers, self.same
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
                counts[spec.id] = counts.get(spec.id, 0) + sign
                specs[spec.id] = spec
            else:
                total += sign * self.values[spec.id]
            if sign < 0:
                dismissed += 1
                starting += spec.starting
                pairs += spec.id in self.odd
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


_TRAITS: dict[str, tuple] = {}  # card id -> its traits: +6 to +10% rollout games/s (bench.py)


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
            card_values(table.season),
            list(player.deck) + player.grid.cards(),
            player.dismissed,
            slots,
        )
        base = deck.worth()
        if kind == "market_action":
            out = []
            for a in choice.options:
                if a.verb == "skip":
                    out.append(0.0)
                elif a.verb == "hire":
                    worth = deck.worth(add=a.card.spec)
                    out.append(
                        worth
                        - base
                        - self.hire_margin
                        + self.when_hired(a.card.spec, deck, worth, player, table)
                    )
                else:
                    out.append(deck.worth(dismiss=a.card.spec) - base)
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
