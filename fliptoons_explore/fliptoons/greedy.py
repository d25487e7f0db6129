"""A greedy Market policy: one-step lookahead on the fame the next Flip is expected to make.

At each Market action the policy tries every legal action, and the best pairs of two within the
fame left, on a copy of the player's cards, and simulates the next Flip with the engine itself
(seeded shuffles, the same for every candidate). It takes the action that raises the mean fame
most — hiring strong cards, dismissing cards that drag the grid down (0-fame starters first) —
and skips when nothing helps. Every other decision is the `DefaultPolicy`'s.

No peeking: the player's cards and the toon deck are read in card-id order, never in the order
they lie in, which no one sees ("each player shuffles their deck face down", s2.flip.shuffle).
"""

from __future__ import annotations

from itertools import combinations

from ..policy import Choice, DefaultPolicy
from .engine import resolve_table


class GreedyPolicy:
    """Greedy one-step lookahead in the Market: each candidate action (and the best pairs of two)
    is tried on copies of the player's cards, and the next Flip is simulated `samples` times with
    the same seeded shuffles for every candidate (common random numbers); the action with the
    highest mean fame wins, and the policy skips when nothing beats keeping the deck as it is.
    A hire must gain `hire_threshold` fame more than it would otherwise: every hire draws a toon
    card into the market, which brings the end of a solo game closer. `target` and
    `target_weight` add a bonus to simulated Flips reaching `target` fame."""

    name = "greedy"

    def __init__(
        self,
        samples: int = 16,
        seed: int = 0,
        target: int = 0,
        target_weight: float = 0.0,
        hire_threshold: float = 1.0,
    ) -> None:
        self.hire_threshold = hire_threshold
        self.samples = samples
        self.seed = seed
        self.target = target
        self.target_weight = target_weight
        self.default = DefaultPolicy()

    def choose(self, choice: Choice):
        if choice.kind != "market_action" or choice.table is None:
            return self.default.choose(choice)
        table = choice.table
        player = table.players[choice.player]
        options = choice.options
        owned = sorted(c.spec.id for c in list(player.deck) + player.grid.cards())  # id order
        context = _Context(
            table,
            player,
            self.samples,
            self.seed + len(owned) * 7919 + player.fame_left,
            self.target,
            self.target_weight,
        )
        base = context.mean(owned)
        scored = []
        for i, a in enumerate(options):
            if a.verb != "skip":
                cost = self.hire_threshold if a.verb == "hire" else 0.0
                scored.append((context.mean(_apply(owned, [a])) - base - cost, i))
        scored.sort(reverse=True)
        best_gain, best = scored[0] if scored else (0.0, None)
        if player.actions_left >= 2:
            top = [i for _, i in scored[:4]]
            for i, j in combinations(top, 2):
                a, b = options[i], options[j]
                if a.card is b.card or a.cost + b.cost > player.fame_left:
                    continue
                if a.verb == b.verb == "dismiss" and not _may_dismiss_twice(table, player):
                    continue
                g = (
                    context.mean(_apply(owned, [a, b]))
                    - base
                    - self.hire_threshold * ((a.verb == "hire") + (b.verb == "hire"))
                )
                if g > best_gain:
                    best_gain, best = g, (i if a.cost >= b.cost else j)
        if best is None or best_gain <= 0:
            return len(options) - 1  # skip (always the last option)
        return best


def _apply(owned: list[str], actions) -> list[str]:
    cards = list(owned)
    for a in actions:
        if a.verb == "hire":
            cards.append(a.card.spec.id)
        else:
            cards.remove(a.card.spec.id)
    return cards


class _Context:
    """Simulated next Flips of a player's cards against the current market and toon deck."""

    def __init__(
        self, table, player, samples: int, seed: int, target: int = 0, target_weight: float = 0.0
    ) -> None:
        self.target, self.target_weight = target, target_weight
        from .state import Table

        self.Table = Table
        self.season = table.season
        self.rulings = table.rulings
        self.market = [c.spec.id for c in table.market_cards()]
        self.toon = sorted(c.spec.id for c in table.toon_deck)  # sampled: its order is hidden
        self.dismissed = [c.spec.id for c in player.dismissed]
        self.samples = samples
        self.seed = seed
        self.policy = DefaultPolicy()

    def mean(self, cards: list[str]) -> float:
        import random

        total = 0
        for k in range(self.samples):
            rng = random.Random(self.seed * 1000 + k)
            order = list(cards)
            rng.shuffle(order)
            toon = rng.sample(self.toon, min(8, len(self.toon)))
            t = self.Table(self.season, self.rulings)
            p = t.add_player("sim")
            p.deck.extend(t.new_card(c) for c in order)
            p.dismissed.extend(t.new_card(c, True) for c in self.dismissed)
            t.toon_deck.extend(t.new_card(c) for c in toon)
            t.arrange_market([t.new_card(c, True) for c in self.market])
            resolve_table(t, self.policy, traced=False)
            total += p.fame_total + (self.target_weight if p.fame_total >= self.target else 0)
        return total / self.samples


def _may_dismiss_twice(table, player) -> bool:
    from .market import may_dismiss

    if table.rulings.dismiss_minimum == "deck-3":
        return len(player.deck) >= 3
    return len(player.deck) + player.grid.count() - 1 >= 4 and may_dismiss(table, player)
