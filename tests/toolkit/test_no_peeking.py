"""No policy sees what its player cannot, in either game (docs/engine.md, "Decisions: the
default and the greedy policy": the hints, the policies, the search and the advice know the
cards "as far as the deciding player knows" them, and what the player has not seen is dealt
again, never read; `fliptoons.search`: the order of the decks and of the toon deck is hidden).

The harness takes a decision of a situation built on purpose, records a policy's answer, builds
the same situation again with the faces the deciding player has not seen changed (permuted among
those cards, or all replaced by another face), and asks again: the answer must be the same. What
a player has seen is the test's own reading of the rules, not the engine's: in Flipology their
own cards ("You can peek at any of your facedown cards whenever you like"), every card that is or
was face up, the cards their Sun peeked at, and at a Hermit Crab's pick the discard pile it looks
through; in FlipToons everything but the order of the decks and of the toon deck. The all-seeing
variant of each policy (the same policy, with the view made to show every face) answers
otherwise in the changed situation: the change is one a player who could see would act on.
"""

from __future__ import annotations

import contextlib
import copy
import random
from collections import Counter
from functools import cache

import pytest

from fliptoons_explore.flipology import game as flipology_game
from fliptoons_explore.flipology import search as flipology_search
from fliptoons_explore.flipology import view as flipology_view
from fliptoons_explore.flipology import worth as flipology_worth
from fliptoons_explore.flipology.cards import CARDS
from fliptoons_explore.flipology.policies import GreedyPolicy
from fliptoons_explore.flipology.search import SearchPolicy
from fliptoons_explore.fliptoons import search as toons_search
from fliptoons_explore.fliptoons.engine import play_game
from fliptoons_explore.fliptoons.greedy import GreedyPolicy as ToonsGreedyPolicy
from fliptoons_explore.fliptoons.search import MonteCarloPolicy
from fliptoons_explore.policy import DefaultPolicy, RandomPolicy

pytest.importorskip("pandas")  # the advice's table

SEED = 0


class _Reached(Exception):
    """The decision looked for: the choice as asked, and the answer given (None: not asked)."""

    def __init__(self, choice, answer=None) -> None:
        super().__init__(choice.kind)
        self.choice, self.answer = choice, answer


def _policy(policy, policies: dict):
    """A fresh policy: by name, or made by a class or function."""
    return policies[policy]() if isinstance(policy, str) else policy()


def _name(policy) -> str:
    return policy if isinstance(policy, str) else getattr(policy, "name", policy.__name__)


# -- Flipology: an arranged deal ----------------------------------------------------------------


class Deal:
    """A two-player Nature game from seed `SEED`, Ann (player 0) first, whose shuffle deals Ann
    and Ben these hands (each in the order dealt) and leaves `rest` in the pile. The deck table
    is those cards; each card gets its face by its uid once the table is set up (`faces`), so
    that every replay of the game from its seed (the search's, the advice's) deals the same."""

    def __init__(self, ann, ben, rest) -> None:
        self.deck = dict(Counter(list(ann) + list(ben) + list(rest)))
        order = list(range(sum(self.deck.values())))  # the pile by uid, before the shuffle
        random.Random(SEED).shuffle(order)
        dealt = [card for pair in zip(ann, ben) for card in pair]  # one at a time, Ann first
        self.faces = {order[j]: face for j, face in enumerate(list(rest) + dealt[::-1])}  # top last

    @contextlib.contextmanager
    def dealt(self, world: dict | None = None):
        """While it lasts, every new game's table is this deal, with `world` ({uid: face})
        changing the faces of some cards."""
        faces = {**self.faces, **(world or {})}
        setup = flipology_game.setup_table

        def arranged(*args, **kwargs):
            t = setup(*args, **kwargs)
            for card in t.pile:
                card.spec = CARDS[faces[card.uid]]
            t.moons = [c for c in t.pile if c.spec.kind == "moon"]
            return t

        flipology_game.setup_table = arranged
        try:
            yield
        finally:
            flipology_game.setup_table = setup

    def new_game(self, policy, traced: bool = False):
        return flipology_game.new_game(
            "nature", 2, SEED, policy, traced=traced, deck=self.deck, first_player=0
        )


class _Ask:
    """A game's policy: the `prefix` answers first, then the next decision goes to `policy` and
    the game stops there. Without a prefix: the default's answers until `stop(choice)`."""

    name = "harness"

    def __init__(self, prefix=None, policy=None, stop=None) -> None:
        self.prefix, self.policy, self.stop = prefix, policy, stop
        self.given: list = []

    def follow(self, game) -> None:
        follow = getattr(self.policy, "follow", None)
        if follow is not None:
            follow(game)

    def choose(self, choice):
        k = len(self.given)
        if self.prefix is not None and k < len(self.prefix):
            answer = self.prefix[k]
        elif self.prefix is None and not self.stop(choice):
            answer = DefaultPolicy().choose(choice)
        else:
            raise _Reached(choice, None if self.policy is None else self.policy.choose(choice))
        self.given.append(answer)
        return answer


SUN_PEEK = "Sun: which face-down"  # the question of the Sun's peek (its decision events)


def seen_by(table, trace, player: int, choice) -> set[int]:
    """The uids of the cards `player` has seen, by the rules (see the module): their own cards
    (in their rows, or ever dealt to them), every card face up or ever turned over, the cards
    their Sun peeked at (its decisions, and the Sun's options: the peeked cards), and at a
    Hermit Crab's pick the discard pile."""
    me = table.players[player]
    seen = {c.uid for c in me.cards()} | {c.uid for c in me.hand}
    seen |= {c.uid for c in table.all_cards() if c.face_up}
    for e in trace:
        if e.kind == "flip" or e.kind == "deal" and e.player == player:
            seen.add(e.uid)
        elif e.kind == "decision" and e.player == player and e.detail.startswith(SUN_PEEK):
            seen.add(e.target_uid)
    if choice.kind == "sun":
        seen |= {table.at(q).uid for q in choice.options}
    if choice.kind == "hermit_crab":
        seen |= {c.uid for c in table.discard}
    return seen


def hidden_from(table, seen: set[int], player: int) -> list[int]:
    """The uids of the cards in the other players' rows and hands and in the piles that are not
    in `seen`."""
    places = [c for p in table.players if p.index != player for c in list(p.cards()) + p.hand]
    return sorted(c.uid for c in places + table.pile + table.discard if c.uid not in seen)


def sight(table, player: int, seen: set[int]) -> list:
    """What `player` sees of the table: every card's place and side, and its face if seen."""

    def show(c):
        return c.uid, c.face_up, c.spec.id if c.uid in seen else None

    return [[show(c) for c in list(p.cards()) + p.hand] for p in table.players] + [
        [show(c) for c in table.pile],
        [show(c) for c in table.discard],
    ]


@contextlib.contextmanager
def all_seeing():
    """While it lasts, the view shows every face (`flipology.view` and the names the engine and
    the hints import from it) and the search deals nothing again: every policy sees every card."""
    saved = [
        (flipology_view, "seen_card"),
        (flipology_game, "sees"),
        (flipology_worth, "seen_card"),
        (flipology_worth, "sees"),
        (flipology_search, "unseen_places"),
    ]
    old = [getattr(m, n) for m, n in saved]
    for m, n in saved[:4]:
        setattr(m, n, lambda *args: True)
    flipology_search.unseen_places = lambda *args, **kwargs: []
    try:
        yield
    finally:
        for (m, n), f in zip(saved, old):
            setattr(m, n, f)


FLIPOLOGY_POLICIES = {
    "default": DefaultPolicy,
    "random": lambda: RandomPolicy(7),
    "greedy": GreedyPolicy,
    "search": lambda: SearchPolicy(16, seed=1),
}


class Situation:
    """The first decision of `kind` of Ann (player 0) in a game dealt by `deal`, every earlier
    decision the default's (given again as it was, whatever the hidden faces)."""

    def __init__(self, deal: Deal, kind: str, player: int = 0) -> None:
        self.deal, self.kind, self.player = deal, kind, player
        ask = _Ask(stop=lambda c: c.kind == kind and c.player == player)
        with deal.dealt(), pytest.raises(_Reached) as reached:
            game = deal.new_game(ask, traced=True)
            game.play()
        self.prefix, self.choice, self.table = ask.given, reached.value.choice, game.table
        self.seen = seen_by(game.table, game.trace, player, self.choice)
        self.hidden = hidden_from(game.table, self.seen, player)
        self.sight = sight(game.table, player, self.seen)

    def faces(self, world: dict | None = None) -> list[str]:
        """The faces of the hidden cards (by uid) in `world` (default: as dealt)."""
        return [(world or {}).get(u, self.deal.faces[u]) for u in self.hidden]

    def permuted(self, seed: int) -> dict:
        """A world where the hidden cards' faces are shuffled among them."""
        faces = self.faces()
        random.Random(seed).shuffle(faces)
        return dict(zip(self.hidden, faces))

    def replaced(self, face: str) -> dict:
        """A world where every hidden card has `face`."""
        return {u: face for u in self.hidden}

    def said(self, answer):
        """An answer as a script names it (a position, a card id, a pair of hand places)."""
        return None if answer is None else self.choice.script_names()[answer]

    def answer(self, policy, world: dict | None = None, seeing: bool = False):
        """`policy`'s answer, as a script names it, with the faces of `world`; `seeing`: its
        all-seeing variant."""
        with self.deal.dealt(world), all_seeing() if seeing else contextlib.nullcontext():
            if policy == "advice":
                return self.said(self._advice())
            ask = _Ask(self.prefix, _policy(policy, FLIPOLOGY_POLICIES))
            with pytest.raises(_Reached) as reached:
                self.deal.new_game(ask).play()
        choice = reached.value.choice
        assert (choice.kind, choice.player, choice.script_names()) == (
            self.kind,
            self.player,
            self.choice.script_names(),
        )
        assert seeing or sight(choice.table, self.player, self.seen) == self.sight  # all seen alike
        return self.said(reached.value.answer)

    def _advice(self):
        from fliptoons_explore.analysis.advice import advise

        game = self.deal.new_game(None)
        game.decisions = list(self.prefix)
        df = advise(game, player=self.player, simulations=4, seed=1)
        assert df.attrs["kind"] == self.kind
        best = df.loc[df["best"], "index"].iloc[0]
        return None if best is None or best != best else int(best)


def check(s: Situation, policy, world: dict, how: str):
    """The harness: `policy` answers the same with the hidden faces as dealt and as in `world`
    (`how` they were changed), or AssertionError naming both answers and the changed faces."""
    dealt, changed = s.answer(policy), s.answer(policy, world)
    swaps = ", ".join(f"{a} -> {b}" for a, b in zip(s.faces(), s.faces(world)) if a != b)
    assert dealt == changed, (
        f"{_name(policy)} at {s.kind} answers {dealt} with the hidden faces "
        f"as dealt and {changed} with them {how} ({swaps})"
    )
    return dealt


# -- Flipology: the situations ------------------------------------------------------------------

#: Ann discards the two Moles at the deal (the default keeps the seven cards worth most) and
#: turns up the first card of her hand, worth most to her; her Sloths and Koalas turned up would
#: cost her. Ben's nine cards, his two discards and the four left in the pile are unseen by her.
LOW = ["mole:1", "mole:1"]
SLEEPERS = ["sloth:6", "sloth:7", "koala:8", "sloth:6", "koala:8"]
BEN = [
    "quokka:9",
    "koala:8",
    "panda:9",
    "sloth:7",
    "kiwi:8",
    "koala:8",
    "cat:6",
    "hawk:3",
    "snake:3",
]
REST = ["koala:8", "quokka:9", "sloth:6", "panda:9"]
DOG = ["dog:5", "hermit_crab:2"] + SLEEPERS + LOW
HAWK = ["hawk:3", "hermit_crab:2"] + SLEEPERS + LOW
SUN = ["sun:3", "hermit_crab:2"] + SLEEPERS + LOW

#: decision: (Ann's hand, Ben's, the rest of the pile, the seed of the permutation of the
#: hidden faces, the face replacing them all). Ann's Dog at the left end of her row reaches
#: Ben's right-most card; her Frog two spaces round the circle; her Hawk any of Ben's cards;
#: her Hawk turns up Ben's Snake, whose effect she applies to his row; her Mole, Wolves and
#: Sun reach every card. The Hermit Crab: Ann turns up her Panda, her Kiwi and her Hermit Crab,
#: and picks from the discard pile at the end. The deal: Ann's discard and her row's first card.
FLIPOLOGY = {
    "dog": (DOG, BEN, REST, 2, "koala:8"),
    "frog": (["frog:4", "sloth:6", "hermit_crab:2"] + SLEEPERS[1:] + LOW, BEN, REST, 4, "quokka:9"),
    "hawk": (HAWK, BEN, REST, 0, "koala:8"),
    "snake": (HAWK, ["snake:3"] + BEN[:6] + LOW, REST, 1, "koala:8"),
    "mole": (["mole:1", "sloth:7"] + SLEEPERS + ["moon:7", "moon:7"], BEN, REST, 2, "quokka:9"),
    "wolves": (["wolves:2", "hermit_crab:2"] + SLEEPERS + LOW, BEN, REST, 0, "quokka:9"),
    "sun_peek": (SUN, BEN, REST, 0, "koala:8"),
    "sun": (SUN, BEN, REST, 6, "koala:8"),
    "hermit_crab": (
        ["panda:9", "kiwi:8", "hermit_crab:2"] + SLEEPERS[1:] + LOW,
        BEN[:7] + ["sloth:6", "cat:4"],
        ["quokka:9", "panda:9", "kiwi:8", "cat:5"],
        33,
        "koala:8",
    ),
    "discard": (DOG, BEN, REST, 2, "koala:8"),
    "arrange": (DOG, BEN, REST, 3, "koala:8"),
    "turn": (DOG[:6] + ["frog:4"] + LOW, BEN, REST, 0, "koala:8"),
}

#: Each policy's answer, the same whatever the hidden faces, in the order of `POLICIES` (a
#: position (PLAYER, ROW, COL), a card id, the places in the hand of the two cards discarded).
#: The default takes the first of equal hints: an unseen card of Ben's is worth the deck
#: table's average to everyone.
ANSWERS = {
    "dog": ((1, 0, 6), (0, 0, 1), (1, 0, 6), (0, 0, 1), (0, 0, 1)),
    "frog": ((1, 0, 5), (0, 0, 2), (1, 0, 5), (0, 0, 2), (0, 0, 2)),
    "hawk": ((1, 0, 0), (1, 0, 2), (1, 0, 0), (1, 0, 6), (1, 0, 2)),
    "snake": ((1, 0, 1), (1, 0, 3), (1, 0, 1), (1, 0, 1), (1, 0, 6)),
    "mole": ((1, 0, 0), (0, 0, 6), (1, 0, 0), (1, 0, 4), (0, 0, 1)),
    "wolves": ((1, 0, 0), (0, 0, 5), (1, 0, 0), (1, 0, 0), (1, 0, 2)),
    "sun_peek": ((1, 0, 0), (1, 0, 2), (1, 0, 0), (1, 0, 0), (1, 0, 5)),
    "sun": ((1, 0, 1), (1, 0, 2), (1, 0, 1), (1, 0, 1), (1, 0, 1)),
    "hermit_crab": ("cat:6", "cat:6", "cat:6", "cat:6", "cat:6"),
    "discard": ((7, 8), (2, 8), (7, 8), (0, 2), (0, 2)),
    "arrange": ("dog:5", "sloth:6", "dog:5", "hermit_crab:2", "hermit_crab:2"),
    "turn": ((0, 0, 0), (0, 0, 2), (0, 0, 0), (0, 0, 1), (0, 0, 1)),
}

#: The all-seeing variant's answers: as dealt, with the faces permuted, with them replaced (the
#: default and the greedy policy). Where it answers the same (the default's and the greedy
#: policy's peek goes by what Ann has seen, the Sun's options are cards she peeked at, the
#: Hermit Crab's the discard pile she looks through, the deal's her own cards), the search's
#: and the advice's answer changes: the rest of the game depends on the hidden faces.
SEEING = {
    "dog": {
        "default": ((0, 0, 1), (1, 0, 6), (1, 0, 6)),
        "greedy": ((0, 0, 1), (1, 0, 6), (1, 0, 6)),
        "search": ((0, 0, 1), (1, 0, 6)),
        "advice": ((0, 0, 1), (1, 0, 6)),
    },
    "frog": {
        "default": ((1, 0, 5), (0, 0, 2), (0, 0, 2)),
        "greedy": ((1, 0, 5), (0, 0, 2), (0, 0, 2)),
        "search": ((1, 0, 5), (0, 0, 2)),
        "advice": ((1, 0, 5), (0, 0, 2)),
    },
    "hawk": {
        "default": ((1, 0, 1), (1, 0, 5), (1, 0, 0)),
        "greedy": ((1, 0, 1), (1, 0, 5), (1, 0, 0)),
        "search": ((1, 0, 1), (1, 0, 4)),
        "advice": ((1, 0, 1), (1, 0, 4)),
    },
    "snake": {
        "default": ((1, 0, 2), (1, 0, 1), (1, 0, 1)),
        "greedy": ((1, 0, 2), (1, 0, 1), (1, 0, 1)),
        "search": ((1, 0, 2), (1, 0, 4)),
        "advice": ((1, 0, 2), (1, 0, 4)),
    },
    "mole": {
        "default": ((1, 0, 1), (1, 0, 3), (0, 0, 1)),
        "greedy": ((1, 0, 1), (1, 0, 3), (0, 0, 1)),
        "search": ((0, 0, 1), (1, 0, 5)),
        "advice": ((0, 0, 1), (1, 0, 5)),
    },
    "wolves": {
        "default": ((1, 0, 1), (1, 0, 5), (0, 0, 1)),
        "greedy": ((1, 0, 1), (1, 0, 5), (0, 0, 1)),
        "search": ((1, 0, 1), (1, 0, 5)),
        "advice": ((1, 0, 1), (1, 0, 5)),
    },
    "sun_peek": {"search": ((1, 0, 0), (1, 0, 4)), "advice": ((1, 0, 0), (1, 0, 4))},
    "sun": {"search": ((1, 0, 1), (1, 0, 0)), "advice": ((1, 0, 1), (1, 0, 0))},
    "hermit_crab": {"search": ("cat:6", "cat:4"), "advice": ("cat:6", "cat:4")},
    "discard": {"search": ((0, 2), (1, 2)), "advice": ((0, 2), (1, 2))},
    "arrange": {"search": ("dog:5", "hermit_crab:2"), "advice": ("dog:5", "hermit_crab:2")},
    "turn": {
        "greedy": ((0, 0, 6), (0, 0, 0), (0, 0, 0)),
        "search": ((0, 0, 0), (0, 0, 2)),
        "advice": ((0, 0, 0), (0, 0, 2)),
    },
}

POLICIES = ("default", "random", "greedy", "search", "advice")
#: The search and the advice deal the unseen cards again from those same faces, which the deck
#: table and what the player has seen tell them: they are held to permutations of them.
REPLACED = ("default", "random", "greedy")


@cache
def situation(kind: str) -> Situation:
    ann, ben, rest = FLIPOLOGY[kind][:3]
    return Situation(Deal(ann, ben, rest), kind)


@pytest.mark.parametrize("kind", list(FLIPOLOGY))
def test_the_view_hides_every_card_the_test_counts_unseen(kind):
    """At each decision, `flipology.view` counts unseen (`unseen_places`: what the search deals
    again) every card the test's own reading counts unseen, and `view_of` (the greedy policy's
    table) shows none of their faces. Unseen: Ben's nine cards and the four of the pile, less the
    three Ann's Sun peeked at, the Snake her Hawk turned up, and at the end Ben's face-up cards
    and the discard pile her Hermit Crab looks through (Ann's own discards she has seen)."""
    s = situation(kind)
    t, player = s.table, s.player
    places = flipology_view.unseen_places(t, player, kind == "hermit_crab")
    unseen = {cards[k].uid for cards, k in places}
    assert set(s.hidden) <= unseen
    shown = {c.uid: c.spec.id for p in flipology_view.view_of(t, player).players for c in p.cards()}
    assert all(shown[u] == "unseen:0" for u in s.hidden if u in shown)
    assert len(s.hidden) == {"sun": 10, "snake": 12, "hermit_crab": 8}.get(kind, 13)


@pytest.mark.parametrize("policy", POLICIES)
@pytest.mark.parametrize("kind", list(FLIPOLOGY))
def test_no_flipology_policy_reads_a_face_its_player_has_not_seen(kind, policy):
    """The policy's answer at the decision is the same with the hidden faces as dealt, shuffled
    among those cards and (the default, random and greedy policies) all replaced by one face."""
    s = situation(kind)
    seed, face = FLIPOLOGY[kind][3:]
    permuted = s.permuted(seed)
    assert s.faces(permuted) != s.faces()
    answer = ANSWERS[kind][POLICIES.index(policy)]
    assert check(s, policy, permuted, "permuted") == answer
    if policy in REPLACED:
        assert check(s, policy, s.replaced(face), f"all made {face}") == answer


@pytest.mark.parametrize("kind", list(FLIPOLOGY))
def test_a_player_who_could_see_the_hidden_faces_would_answer_otherwise(kind):
    """The all-seeing variant of each policy (`all_seeing`) answers the changed situation
    otherwise (see `SEEING`): the decision does depend on the faces the harness changes."""
    s = situation(kind)
    seed, face = FLIPOLOGY[kind][3:]
    worlds = [None, s.permuted(seed), s.replaced(face)]
    got = {
        policy: tuple(s.answer(policy, w, seeing=True) for w in worlds[: len(answers)])
        for policy, answers in SEEING[kind].items()
    }
    assert got == SEEING[kind]
    assert all(len(set(answers)) > 1 for answers in got.values())


class Peeking:
    """A cheat: it reads the true face of every card its options name, from the table it is
    given, and turns over (or takes) the card worth most to its player."""

    name = "peeking"

    def choose(self, choice):
        t = choice.table

        def worth(q):
            card = t.at(q)
            gain = -card.spec.up_gain if card.face_up else card.spec.up_gain
            return gain if q[0] == choice.player else -gain

        values = [worth(q) for q in choice.options]
        return values.index(max(values))


def test_the_harness_catches_a_policy_that_reads_a_hidden_face():
    """A policy reading the true face of Ben's cards answers the Hawk otherwise once they are
    permuted, and so does the default made all-seeing: the harness fails for both, naming the
    two answers; the Peeking policy's message is the one below."""
    s = situation("hawk")
    permuted = s.permuted(FLIPOLOGY["hawk"][3])
    with pytest.raises(AssertionError) as caught:
        check(s, Peeking, permuted, "permuted")
    assert str(caught.value).startswith(
        "peeking at hawk answers (1, 0, 1) with the hidden faces as dealt and (1, 0, 5) with them "
        "permuted ("
    )
    with all_seeing(), pytest.raises(AssertionError, match=r"^default at hawk answers \(1, 0, 1\)"):
        check(s, "default", permuted, "permuted")


# -- FlipToons: decks and the toon deck in an order no one sees ---------------------------------


def toons_said(choice, answer):
    """An answer in short words: 'hire fox', 'dismiss crow', 'skip', a card id, a deck's owner."""
    if answer is None:
        return None
    option = choice.options[answer]
    verb = getattr(option, "verb", None)
    if verb is not None:
        return verb if verb == "skip" else f"{verb} {option.card.spec.id}"
    return getattr(getattr(option, "spec", None), "id", option)


class _AskToons:
    """A scenario's fallback policy: `player`'s decisions go to `policy` (each answer kept in
    `given`, in words) until the `nth` of `kind`, where the game stops; the others' to the
    default."""

    name = "harness"

    def __init__(self, policy, kind: str, player: int, nth: int) -> None:
        self.policy, self.kind, self.player, self.left = policy, kind, player, nth
        self.given: list = []

    def choose(self, choice):
        if choice.player != self.player:
            return DefaultPolicy().choose(choice)
        answer = self.policy.choose(choice)
        self.given.append(toons_said(choice, answer))
        self.left -= choice.kind == self.kind
        if not self.left:
            raise _Reached(choice, answer)
        return answer


def toons_sight(table) -> dict:
    """What every player sees of a FlipToons table: all of it but the order of the decks and of
    the toon deck."""
    state = table.snapshot()
    return {
        **state,
        "players": [{**p, "deck": sorted(p["deck"])} for p in state["players"]],
        "toon_deck": sorted(state["toon_deck"]),
    }


@contextlib.contextmanager
def toons_all_seeing():
    """While it lasts, the FlipToons search plays its copies in the true orders."""
    determinise = toons_search.determinise
    toons_search.determinise = lambda table, rng: None
    try:
        yield
    finally:
        toons_search.determinise = determinise


def _common_end(a: list, b: list) -> int:
    n = 0
    while n < min(len(a), len(b)) and a[len(a) - 1 - n] == b[len(b) - 1 - n]:
        n += 1
    return n


TOONS_POLICIES = {
    "default": DefaultPolicy,
    "random": lambda: RandomPolicy(7),
    "greedy": ToonsGreedyPolicy,
    "montecarlo": lambda: MonteCarloPolicy(simulations=8, seed=1),
}


class Toons:
    """The `nth` decision of `kind` of Ann (player 0) in a FlipToons scenario played on
    (`play_game`), her earlier decisions `reach`'s and everyone else's the default's."""

    def __init__(self, scenario: dict, kind: str, nth: int = 1, reach: str = "default") -> None:
        self.scenario, self.kind, self.nth, self.player = scenario, kind, nth, 0
        self.choice = self._reach(reach, scenario)[0]
        t = self.choice.table
        self.sight = toons_sight(t)
        #: how many cards of each list of the scenario are still in their deck: its end (a Flip
        #: takes from the top, a hired card goes on top)
        self.hidden = {
            key: _common_end(self._list(scenario, key), self._ids(t, key))
            for key in [("players", i) for i in range(len(t.players))] + ["toon_deck"]
        }

    @staticmethod
    def _list(scenario, key) -> list:
        if key == "toon_deck":
            return scenario.get("toon_deck", [])
        return scenario["players"][key[1]].get("deck", [])

    @staticmethod
    def _ids(table, key) -> list:
        cards = table.toon_deck if key == "toon_deck" else table.players[key[1]].deck
        return [c.spec.id for c in cards]

    def permuted(self, seed: int) -> dict:
        """The scenario with the cards still in each deck and in the toon deck shuffled."""
        rng = random.Random(seed)
        out = copy.deepcopy(self.scenario)
        for key, n in self.hidden.items():
            cards = self._list(out, key)
            tail = cards[len(cards) - n :]
            rng.shuffle(tail)
            cards[len(cards) - n :] = tail
        return out

    def _reach(self, policy, scenario):
        ask = _AskToons(_policy(policy, TOONS_POLICIES), self.kind, self.player, self.nth)
        with pytest.raises(_Reached) as reached:
            play_game(scenario, ask, traced=False)
        return reached.value.choice, ask.given

    def answers(self, policy, scenario: dict | None = None, seeing: bool = False):
        """(`policy`'s answers to Ann's decisions up to the one looked for, in words; what is
        seen of the table there) in `scenario` (default: as written); `seeing`: its all-seeing
        variant."""
        scenario = scenario or self.scenario
        with toons_all_seeing() if seeing else contextlib.nullcontext():
            if policy == "advice":
                from fliptoons_explore.analysis.advice import advise

                df = advise(scenario, player=self.player, simulations=4, seed=1)
                assert df.attrs["kind"] == self.kind and self.nth == 1
                best = int(df.loc[df["best"], "index"].iloc[0])
                return [toons_said(self.choice, best)], self.sight
            choice, given = self._reach(policy, scenario)
        return given, toons_sight(choice.table)


def check_toons(s: Toons, policy, scenario: dict):
    """The harness: `policy` answers the same in the scenario as written and in `scenario`,
    where the hidden orders differ (and nothing else: the table it decides on looks the same);
    or AssertionError naming both."""
    (written, seen), (changed, seen_changed) = s.answers(policy), s.answers(policy, scenario)
    assert written == changed, (
        f"{_name(policy)} at {s.kind} answers {written} with the decks as "
        f"written and {changed} with their hidden orders changed"
    )
    assert seen == seen_changed
    return written


M = "mosquito"
#: Ann's deck is Jordy's of the Season 2 Market example; the end is already triggered (the
#: Market, Cleanup and the Final Flip are left). Her Flip leaves four cards in her deck, Ben's
#: three in his, and the toon deck is full: their order is what no one sees.
S2_ANN = [
    M,
    "capybara",
    M,
    "grasshopper",
    "rat",
    "firefly",
    "groundhog",
    "spider",
    "ladybug",
    "hen",
    "salamander",
]
S2_BEN = [M, M, "spider", "grasshopper", "ladybug", "firefly", "fox", "rat", "vulture"]
S2_MARKET = ["salamander", "raccoon", "opossum", "fox", "vulture"]
S2_TOON = ["goldfish", "hen", "mole", "shark", "crab", "gorilla", "zebra"]
S1_STRONG = ["lion", "elephant", "peacock", "ostrich", "eagle", "tiger", "bull", "deer", "cow"]
S1_SKUNK = ["skunk", "dog", "dog", "sheep", "camel", "cat", "rabbit", "bee", "goat"]
S1_TOON = ["pig", "goat", "ostrich", "cow", "deer", "lion"]
S1_MARKET = ["eagle", "butterfly", "horse", "rooster", "bull"]


def two(season, ann, ben, market, toon, actions=(), dismissed=()) -> dict:
    """A two-player scenario, the end triggered (its Market, Cleanup, the Final Flip are left)."""
    players = [{"name": "Ann", "deck": list(ann)}, {"name": "Ben", "deck": list(ben)}]
    if actions:
        players[0]["actions"] = list(actions)
    if dismissed:
        players[1]["dismissed"] = list(dismissed)
    return {
        "season": season,
        "end_triggered": True,
        "players": players,
        "market": list(market),
        "toon_deck": list(toon),
    }


#: situation: (scenario, decision kind, which of Ann's decisions of that kind, the policy that
#: reaches it, the seed of the permutation of the hidden orders).
TOONS = {
    # Ann's first Market action: a hire, a dismissal or a skip.
    "market": (two("s2", S2_ANN, S2_BEN, S2_MARKET, S2_TOON), "market_action", 1, "default", 0),
    # Her whole Market turn: both actions.
    "market turn": (
        two("s2", S2_ANN, S2_BEN, S2_MARKET, S2_TOON),
        "market_action",
        2,
        "default",
        0,
    ),
    # test_montecarlo's HIDDEN, solo: three cards left in her deck, ten in the toon deck.
    "solo market": (
        {
            "season": "s2",
            "solo": "normal",
            "players": [
                {
                    "name": "Ann",
                    "deck": [
                        "vulture",
                        "clownfish",
                        "goldfish",
                        "shark",
                        "hen",
                        M,
                        "capybara",
                        "spider",
                        "ladybug",
                    ],
                }
            ],
            "market": ["salamander", "goldfish", "raccoon", "crab", "vulture"],
            "toon_deck": [
                "mole",
                "hen",
                "crab",
                "gorilla",
                "fox",
                "shark",
                "rat",
                "zebra",
                "capybara",
                "sloth",
            ],
        },
        "market_action",
        1,
        "default",
        1,
    ),
    # Season 1: Ann alone has the least fame after Check Fame; her Skunk makes her dismiss.
    "skunk": (two("s1", S1_SKUNK, S1_STRONG, S1_MARKET, S1_TOON), "dismiss_skunk", 1, "default", 0),
    # Each effect of a scripted action: the Crow dismissed, the Raccoon, the Pig, the Horse,
    # the Panther hired.
    "crow": (
        two("s2", ["crow"] + S2_ANN, S2_BEN, S2_MARKET, S2_TOON, [{"dismiss": "crow"}]),
        "crow",
        1,
        "default",
        0,
    ),
    "raccoon": (
        two("s2", S2_ANN, S2_BEN, S2_MARKET, S2_TOON, [{"hire": "raccoon"}], ["crow", "fox"]),
        "raccoon",
        1,
        "default",
        0,
    ),
    "pig": (
        two(
            "s1",
            S1_STRONG,
            S1_SKUNK,
            ["eagle", "butterfly", "goat", "pig", "bull"],
            S1_TOON,
            [{"hire": "pig"}],
        ),
        "pig",
        1,
        "default",
        0,
    ),
    "horse": (
        two("s1", S1_STRONG, S1_SKUNK, S1_MARKET, S1_TOON, [{"hire": "horse"}]),
        "horse_discard",
        1,
        "default",
        0,
    ),
    "panther": (
        two(
            "s2",
            S2_ANN,
            S2_BEN,
            ["salamander", "panther", "opossum", "fox", "vulture"],
            S2_TOON,
            [{"hire": "panther"}],
        ),
        "dismiss_panther",
        1,
        "default",
        0,
    ),
    # The search's own Market action hires the Raccoon, and it searches the Raccoon's pick.
    "raccoon searched": (
        two(
            "s2",
            ["crow", M, M, "grasshopper", "ladybug", M, "spider", M, "hen"],
            S2_BEN,
            ["salamander", "raccoon", "opossum", "gorilla", "vulture"],
            S2_TOON,
            (),
            ["fox", "vulture"],
        ),
        "raccoon",
        1,
        "montecarlo",
        0,
    ),
}

#: Ann's answers up to the decision, in words, the same whatever the hidden orders (the
#: advice: its best answer). The default hires the card of most printed fame it can pay for.
TOONS_ANSWERS = {
    "market": {
        "default": ["hire salamander"],
        "random": ["dismiss capybara"],
        "greedy": ["hire fox"],
        "montecarlo": ["hire fox"],
        "advice": ["hire salamander"],
    },
    "market turn": {
        "default": ["hire salamander", "hire raccoon"],
        "random": ["dismiss capybara", "hire opossum"],
        "greedy": ["hire fox", "skip"],
        "montecarlo": ["hire fox", "skip"],
    },
    "solo market": {
        "default": ["hire vulture"],
        "random": ["dismiss vulture"],
        "greedy": ["hire vulture"],
        "montecarlo": ["dismiss mosquito"],
        "advice": ["dismiss shark"],
    },
    "skunk": {
        "default": ["skunk"],
        "random": ["dog"],
        "greedy": ["skunk"],
        "montecarlo": ["skunk"],
        "advice": ["skunk"],
    },
    "crow": {
        "default": ["vulture"],
        "random": ["opossum"],
        "greedy": ["vulture"],
        "montecarlo": ["vulture"],
    },
    "raccoon": {"default": ["fox"], "random": ["fox"], "greedy": ["fox"], "montecarlo": ["fox"]},
    "pig": {"default": ["Ben"], "random": ["Ben"], "greedy": ["Ben"], "montecarlo": ["Ben"]},
    "horse": {"default": [None], "random": ["rooster"], "greedy": [None], "montecarlo": [None]},
    "panther": {"default": [M], "random": [M], "greedy": [M], "montecarlo": [M]},
    "raccoon searched": {"montecarlo": ["hire raccoon", "vulture"]},
}

#: The all-seeing variant's answers, as written and with the orders permuted: the search's
#: copies played in the true orders (the Final Flip's shuffles then come from them).
TOONS_SEEING = {
    "market": {"advice": (["hire fox"], ["hire salamander"])},
    "market turn": {"montecarlo": (["hire fox", "skip"], ["hire fox", "hire salamander"])},
    "solo market": {"advice": (["dismiss shark"], ["hire vulture"])},
}


@cache
def toons(name: str) -> Toons:
    scenario, kind, nth, reach = TOONS[name][:4]
    return Toons(scenario, kind, nth, reach)


@pytest.mark.parametrize("name,policy", [(n, p) for n, got in TOONS_ANSWERS.items() for p in got])
def test_no_fliptoons_policy_reads_the_order_of_a_deck(name, policy):
    """Ann's answers are the same with the cards still in every deck and in the toon deck
    shuffled: what each player sees of the table is the same, the orders differ."""
    s = toons(name)
    permuted = s.permuted(TOONS[name][4])
    assert any(
        s._list(permuted, key)[-n:] != s._list(s.scenario, key)[-n:] for key, n in s.hidden.items()
    )
    assert check_toons(s, policy, permuted) == TOONS_ANSWERS[name][policy]


@pytest.mark.parametrize("name", list(TOONS_SEEING))
def test_a_fliptoons_player_who_could_see_the_orders_would_answer_otherwise(name):
    """The search (or the advice) playing its copies in the true orders answers the permuted
    scenario otherwise: the orders the harness changes matter to the decision."""
    s = toons(name)
    permuted = s.permuted(TOONS[name][4])
    got = {
        p: (s.answers(p, seeing=True)[0], s.answers(p, permuted, seeing=True)[0])
        for p in TOONS_SEEING[name]
    }
    assert got == TOONS_SEEING[name]


class TopOfDeck:
    """A cheat: at a Market action it reads the next card of its own deck (face down, in an
    order no one sees) and skips if it is worth fame, else answers as the default."""

    name = "top-of-deck"

    def choose(self, choice):
        deck = choice.table.players[choice.player].deck
        if choice.kind == "market_action" and deck and deck[0].spec.fame > 0:
            return len(choice.options) - 1
        return DefaultPolicy().choose(choice)


def test_the_harness_catches_a_policy_that_reads_the_order_of_a_deck():
    """Ann's deck goes on with a Spider (1 fame) as written, with a Hen (0) once permuted: the
    cheat skips, then hires; the harness fails, naming both answers."""
    s = toons("market")
    with pytest.raises(AssertionError) as caught:
        check_toons(s, TopOfDeck, s.permuted(TOONS["market"][4]))
    assert str(caught.value).splitlines()[0] == (
        "top-of-deck at market_action answers ['skip'] with the decks as written and "
        "['hire salamander'] with their hidden orders changed"
    )
