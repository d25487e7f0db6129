"""Which cards can act on which: the card interaction graph, and a finder for the placement
sequences whose outcome is more than the sum of their cards.

Three parts:

- `REACH`: a declarative table of what every ability of the card table can do and to whom,
  keyed like the card table's ability columns (`REACH["place"]["flip_next"]`, `REACH["score"]
  ["fish_in_grid"]`, `REACH["other"]["after_market_dismiss_lowest"]` ...), never by card id. Each
  entry is a tuple of `Reach`: an effect kind (`EFFECTS`), a target selector (`SELECTORS`), an
  optional filter on the target (`only`, e.g. ``"rank<=1"``), a condition on the acting card
  (`when`, words), and the immunity that cuts the effect (`unless`), with the effect that happens
  instead, if any (`instead`: a Coyote stacks on a card it cannot return).
- `interaction_graph(season)`: a networkx `MultiDiGraph` over the catalog built from `REACH`.
  `affects(graph, card)` and `affected_by(graph, card)` query it; `draw(graph)` (by timing) and
  `draw(graph, card)` (one card's neighbourhood) picture it.
- `find_interactions(...)`: resolves short placement sequences with the engine and reports those
  whose outcome differs from what each card does alone, as a pandas DataFrame.

networkx and pandas are imported inside the functions that need them.

    >>> g = interaction_graph("s2")
    >>> affected_by(g, "crab", effect="return")
    ['coyote', 'crab', 'zebra']
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass, replace

from ..fliptoons.cards import CATALOG, CardSpec, cards_of, owned_copies, unknown_card_message

#: Effect kinds. `flip`: turned face down; `return`: to the bottom of its owner's deck; `stack_on`:
#: the two cards end in one stack (either is put on the other, see the edge's `text`); `move`: put
#: into another place (a space of the grid, a deck); `dismiss`: into a dismissed pile; `gain`:
#: taken from the toon deck, the market or a dismissed pile; `place_above`: put into a new row
#: above; `discard`: from the market to the discard pile; `cost`: its dismiss cost changes;
#: `score_from`: a bonus counts the card.
EFFECTS = (
    "flip",
    "return",
    "stack_on",
    "move",
    "dismiss",
    "gain",
    "place_above",
    "discard",
    "cost",
    "score_from",
)

#: The card table's ability columns, in the order `REACH` lists them.
COLUMNS = ("place", "score", "when_hired", "when_dismissed", "other")

#: Immunities: the CardSpec flag, and the rule that grants it.
IMMUNITIES = {
    "flip_immune": "s1.icon.flip-immune",
    "return_immune": "s2.faq.coyote",
    "dismiss_immune": "s1.icon.dismiss-immune",
}


@dataclass(frozen=True)
class Selector:
    """A target selector: its words, the rule that defines it (if any), and which catalog cards it
    can ever select (`pool`): "any", "self" (the acting card itself), "toon" (no starting card:
    the market and the toon deck hold none), "dismissable" (dismiss-immune cards never reach a
    dismissed pile) or "none" (not a card: a space, the Big Button)."""

    words: str
    rule: str = ""
    pool: str = "any"


SELECTORS: dict[str, Selector] = {
    "next_revealed": Selector("the next revealed card", "s2.key.next-revealed"),
    "previous_placed": Selector("the previously placed card", "s2.key.previous-placed"),
    "lowest_rank": Selector("the lowest-rank face-up card of the grid", "s2.key.lowest-rank"),
    "itself": Selector("this card itself", pool="self"),
    "first_rabbit_or_face_down": Selector(
        "the first face-up card of its own name or face-down card of the grid (reading order)"
    ),
    "card_above": Selector("the card directly above it"),
    "deck_top": Selector("the top card of its owner's deck", "s2.key.player-deck"),
    "deck_bottom": Selector("the bottom card of its owner's deck", "s2.key.player-deck"),
    "toon_deck_top": Selector("the top card of the toon deck", pool="toon"),
    "deck": Selector("the cards in its owner's deck", "s2.key.player-deck.count"),
    "grid": Selector("the cards of its owner's grid"),
    "adjacent": Selector("the face-up cards adjacent to it", "s2.key.stack-adjacency"),
    "column": Selector("the cards in its column", "s2.faq.spider-grasshopper"),
    "stack": Selector("the cards in its stack", "s2.faq.rat"),
    "right_space": Selector("a card in the space directly to its right", "s1.faq.alligator"),
    "market": Selector("the cards in the market", pool="toon"),
    "market_or_other_grids": Selector("the cards in the market and in the other players' grids"),
    "market_or_grids": Selector("the cards in the market and in every player's grid"),
    "dismissed_pile": Selector(
        "the cards in its owner's dismissed pile", "s2.key.dismissed-cards", pool="dismissable"
    ),
    "any_dismissed_pile": Selector(
        "the cards in any player's dismissed pile", "s2.key.dismissed-cards", pool="dismissable"
    ),
    "own_space": Selector("its own space (no card)", pool="none"),
    "big_button": Selector("its owner's Big Button card (not a toon card)", pool="none"),
}


@dataclass(frozen=True)
class Reach:
    """One thing an ability can do: `effect` (one of `EFFECTS`) to the cards `target` selects
    (a key of `SELECTORS`), restricted by `only` (a filter, see `target_filter`), when `when`
    holds for the acting card; cut by the immunity `unless` (a CardSpec flag), or turned into the
    effect `instead` (`otherwise` says it in words). `itself`: the acting card may be its own
    target (a Vulture may dismiss itself). `text` says it in words; `rule` cites the rule that
    decides it, if any."""

    effect: str
    target: str
    text: str
    only: str = ""
    when: str = ""
    unless: str = ""
    instead: str = ""
    otherwise: str = ""
    itself: bool = False
    rule: str = ""


R = Reach
#: What every ability key of the card table can do (see the module docstring). An ability with no
#: effect on a card (a fame gain, an extra action, a Big Button) has an empty tuple or a `none`
#: selector.
REACH: dict[str, dict[str, tuple[Reach, ...]]] = {
    "place": {
        "stack_next_on_this": (
            R(
                "stack_on",
                "next_revealed",
                "the next revealed card is stacked on this card",
                rule="s1.faq.ostrich",
            ),
        ),
        "flip_next": (
            R(
                "flip",
                "next_revealed",
                "turns the next revealed card face down; its ability does not activate",
                unless="flip_immune",
                rule="s1.faq.eagle",
            ),
        ),
        "flip_previous": (
            R(
                "flip",
                "previous_placed",
                "turns the previously placed card face down",
                unless="flip_immune",
                rule="s1.faq.elephant",
            ),
        ),
        "flip_previous_and_next": (
            R(
                "flip",
                "previous_placed",
                "turns the previously placed card face down",
                unless="flip_immune",
            ),
            R(
                "flip",
                "next_revealed",
                "turns the next revealed card face down; its ability does not activate",
                unless="flip_immune",
            ),
        ),
        "flip_previous_and_stack_on_it": (
            R(
                "flip",
                "previous_placed",
                "turns the previously placed card face down",
                unless="flip_immune",
            ),
            R(
                "stack_on",
                "previous_placed",
                "stacks itself on the previously placed card (even one it could not flip)",
            ),
        ),
        "stack_on_previous": (
            R(
                "stack_on",
                "previous_placed",
                "stacks itself on the previously placed card",
                rule="s1.faq.turkey",
            ),
        ),
        "stack_on_card_above": (
            R(
                "stack_on",
                "card_above",
                "stacks itself on the card directly above it",
                when="placed in the lower row",
            ),
        ),
        "monkey_up": (
            R(
                "move",
                "itself",
                "moves up into a new row above its column; the next revealed card "
                "fills the space it left",
                when="placed in the upper row",
                rule="s1.faq.monkey",
            ),
        ),
        "next_card_above": (
            R(
                "place_above",
                "next_revealed",
                "the next revealed card goes into a new row above it",
                when="placed in the upper row",
                rule="s2.faq.gorilla",
            ),
        ),
        "return_next_low_rank": (
            R(
                "return",
                "next_revealed",
                "returns the next revealed card if its rank is 1 or lower",
                only="rank<=1",
                unless="return_immune",
            ),
        ),
        "return_self_in_middle_column": (
            R(
                "return",
                "itself",
                "returns itself",
                when="placed in the middle column (a base slot, an extra row or a stack)",
                rule="s2.faq.crab",
            ),
        ),
        "return_previous_take_its_space": (
            R(
                "return",
                "previous_placed",
                "returns the previously placed card",
                unless="return_immune",
                instead="stack_on",
                otherwise="the coyote stacks on it instead",
                rule="s2.faq.coyote",
            ),
            R("move", "itself", "moves into the space the returned card left"),
        ),
        "return_lowest_take_its_space": (
            R(
                "return",
                "lowest_rank",
                "returns the lowest-rank face-up card other than itself",
                when="not the first card placed",
                unless="return_immune",
                instead="stack_on",
                otherwise="the zebra stacks on it instead",
                rule="s2.faq.zebra",
            ),
            R(
                "move",
                "itself",
                "moves into the space the returned card left",
                when="not the first card placed",
            ),
        ),
        "join_rabbit_or_face_down": (
            R(
                "stack_on",
                "first_rabbit_or_face_down",
                "moves onto the first face-up card of its name or face-down card",
                only="same-name-or-can-face-down",
            ),
        ),
        "snake": (
            R(
                "dismiss",
                "deck_top",
                "dismisses the top card of its owner's deck",
                unless="dismiss_immune",
                instead="move",
                otherwise="it is put into the space to the "
                "right of the snake, or back into the deck",
                rule="s1.faq.snake",
            ),
            R(
                "gain",
                "toon_deck_top",
                "stacks the top card of the toon deck on itself",
                rule="s1.faq.snake",
            ),
        ),
        "mongoose": (
            R(
                "dismiss",
                "deck_bottom",
                "dismisses the bottom card of its owner's deck",
                unless="dismiss_immune",
                rule="s2.faq.mongoose",
            ),
            R(
                "gain",
                "toon_deck_top",
                "puts the top card of the toon deck on top of its owner's deck",
                rule="s2.faq.mongoose",
            ),
        ),
    },
    "score": {
        "unique_adjacent_names": (R("score_from", "adjacent", "+1 per distinct name among them"),),
        "dog_elsewhere": (
            R(
                "score_from",
                "market_or_other_grids",
                "+5 if one of them is of its name",
                only="same-name",
                rule="s1.faq.dog",
            ),
        ),
        "in_upper_row": (R("score_from", "own_space", "+3 in the upper row", rule="s1.faq.goat"),),
        "in_lower_row": (R("score_from", "own_space", "+5 in the lower row"),),
        "in_middle_column": (R("score_from", "own_space", "+4 in the middle column"),),
        "most_camels": (
            R(
                "score_from",
                "market_or_grids",
                "+2 if no other grid and not the market holds more of its name",
                only="same-name",
                rule="s1.faq.camel",
            ),
        ),
        "ranks_13_or_lower": (
            R("score_from", "grid", "+1 per card of rank 13 or lower", only="rank<=13"),
        ),
        "ranks_6_or_higher": (
            R("score_from", "grid", "+1 per card of rank 6 or higher", only="rank>=6"),
        ),
        "dismissed_starting_cards": (
            R("score_from", "dismissed_pile", "+1 per starting card", only="starting"),
        ),
        "dismissed_cards": (R("score_from", "dismissed_pile", "+1 per card"),),
        "dismissed_pairs": (
            R("score_from", "dismissed_pile", "+2 per pair of one name", rule="s2.faq.opossum"),
        ),
        "neighbours_rank_16_or_lower": (
            R(
                "score_from",
                "adjacent",
                "a face-up neighbour of rank 17 or more cancels the +4",
                only="rank>=17",
            ),
        ),
        "any_face_down": (
            R(
                "score_from",
                "grid",
                "+7 if one card of the grid is face down",
                only="can-face-down",
                rule="s2.key.face-down",
            ),
        ),
        "no_shared_names": (
            R("score_from", "grid", "two face-up cards of one name cancel the +5"),
        ),
        "face_up_cards": (R("score_from", "grid", "+1 per face-up card", rule="s1.faq.bear"),),
        "cards_below": (R("score_from", "column", "+1 per card below it"),),
        "cards_above": (R("score_from", "column", "+1 per card above it"),),
        "fish_in_grid": (
            R("score_from", "grid", "+1 per fish card", only="fish", rule="s2.key.fish"),
        ),
        "adjacent_fish": (
            R(
                "score_from",
                "adjacent",
                "+2 if one of them is a fish card",
                only="fish",
                rule="s2.key.fish",
            ),
        ),
        "hen_or_rooster_anywhere": (
            R(
                "score_from",
                "market_or_grids",
                "+3 if a Hen or Rooster is among them",
                only="name:hen|rooster",
                rule="s2.faq.fox",
            ),
        ),
        "deck_at_least_3": (
            R("score_from", "deck", "+4 if at least three", rule="s2.faq.capybara"),
        ),
        "cards_in_deck": (R("score_from", "deck", "+2 per card", rule="s2.faq.hippopotamus"),),
        "adjacent_odd_ranks": (R("score_from", "adjacent", "+3 per odd rank", only="odd-rank"),),
        "grid_at_least_8": (R("score_from", "grid", "+5 if at least eight cards"),),
        "big_button_face_down": (R("score_from", "big_button", "+3 if it is face down"),),
        "copy_adjacent": (
            R("score_from", "adjacent", "copies the fame of one of them", rule="s1.faq.cow"),
        ),
    },
    "when_hired": {
        "dismiss_caterpillar": (
            R(
                "dismiss",
                "grid",
                "may dismiss a face-up Caterpillar for 0",
                only="name:caterpillar",
                unless="dismiss_immune",
                rule="s1.faq.butterfly",
            ),
        ),
        "redraw_market": (
            R(
                "discard",
                "market",
                "discards any number of them, then refills",
                rule="s1.faq.horse",
            ),
        ),
        "into_any_deck": (
            R("move", "itself", "goes into any player's deck or the toon deck", rule="s1.faq.pig"),
        ),
        "fame_and_action": (),
        "hire_dismissed": (
            R("gain", "any_dismissed_pile", "may hire one of them for 0", rule="s2.faq.raccoon"),
        ),
        "dismiss_face_up": (
            R(
                "dismiss",
                "grid",
                "dismisses one of them for 0",
                unless="dismiss_immune",
                rule="s2.faq.panther",
            ),
        ),
        "own_button_up": (),
        "all_buttons_up": (),
    },
    "when_dismissed": {
        "into_any_deck": (
            R("move", "itself", "goes into any player's deck or the toon deck", rule="s1.faq.pig"),
        ),
        "free_hire": (R("gain", "market", "may hire one of them for 0", rule="s2.faq.crow"),),
    },
    "other": {
        "dismiss_cost_3": (R("cost", "itself", "costs 3 to dismiss instead of 5"),),
        "least_fame_dismiss": (
            R(
                "dismiss",
                "grid",
                "its owner alone with the least fame must dismiss one of them "
                "(itself allowed) for 0",
                unless="dismiss_immune",
                itself=True,
                rule="s1.faq.skunk",
            ),
        ),
        "after_market_dismiss_in_lower_row": (
            R(
                "dismiss",
                "itself",
                "is dismissed after the Market",
                when="in the lower row",
                rule="s1.faq.donkey",
            ),
        ),
        "after_market_dismiss_right": (
            R(
                "dismiss",
                "right_space",
                "dismisses it after the Market (any one card of a stack)",
                unless="dismiss_immune",
                rule="s1.faq.alligator",
            ),
        ),
        "least_fame_gain_2": (),
        "adjacent_dismiss_cost_3": (
            R("cost", "adjacent", "they cost 3 to dismiss instead of 5", unless="dismiss_immune"),
        ),
        "after_market_dismiss_in_end_slot": (
            R(
                "dismiss",
                "itself",
                "is dismissed after the Market",
                when="in slot 1 or 6",
                rule="s2.faq.groundhog",
            ),
        ),
        "stack_dismiss_discount": (
            R(
                "cost",
                "stack",
                "they cost 1 less to dismiss per card of the stack",
                unless="dismiss_immune",
                rule="s2.faq.rat",
            ),
        ),
        "after_market_dismiss_lowest": (
            R(
                "dismiss",
                "lowest_rank",
                "dismisses it after the Market (itself included)",
                unless="dismiss_immune",
                itself=True,
                rule="s2.faq.vulture",
            ),
        ),
    },
}
del R


# -- target filters ------------------------------------------------------------------------------


def target_filter(expr: str):
    """(words, predicate(source spec, target spec) -> bool) for a `Reach.only` expression:
    '' (any card), 'rank<=N', 'rank>=N', 'odd-rank', 'fish', 'starting', 'same-name',
    'name:a|b', 'can-face-down' (not flip-immune: a flip-immune card is never face down in play)
    and 'same-name-or-can-face-down'."""
    if not expr:
        return "", lambda s, c: True
    m = re.fullmatch(r"rank(<=|>=)(\d+)", expr)
    if m:
        n = int(m.group(2))
        if m.group(1) == "<=":
            return f"of rank {n} or lower", lambda s, c: c.rank <= n
        return f"of rank {n} or higher", lambda s, c: c.rank >= n
    if expr.startswith("name:"):
        names = tuple(expr[5:].split("|"))
        return "named " + " or ".join(names), lambda s, c: c.id in names
    simple = {
        "odd-rank": ("of odd rank", lambda s, c: c.rank % 2 == 1),
        "fish": ("fish cards", lambda s, c: c.fish),
        "starting": ("starting cards", lambda s, c: c.starting),
        "same-name": ("of its own name", lambda s, c: c.id == s.id),
        "can-face-down": ("that can be face down", lambda s, c: not c.flip_immune),
        "same-name-or-can-face-down": (
            "of its own name, or any card that can be face down",
            lambda s, c: c.id == s.id or not c.flip_immune,
        ),
    }
    if expr not in simple:
        raise ValueError(f"unknown target filter {expr!r}")
    return simple[expr]


def _check_table() -> None:
    """Every ability key of the catalog has an entry; every entry names known kinds."""
    for spec in CATALOG.values():
        for column in COLUMNS:
            key = getattr(spec, column)
            if key and key not in REACH[column]:
                raise ValueError(
                    f"interactions.REACH[{column!r}] has no entry for {key!r} ({spec.id})"
                )
    for column, entries in REACH.items():
        for key, reaches in entries.items():
            for r in reaches:
                if r.effect not in EFFECTS or (r.instead and r.instead not in EFFECTS):
                    raise ValueError(f"REACH[{column!r}][{key!r}]: unknown effect {r.effect!r}")
                if r.target not in SELECTORS:
                    raise ValueError(f"REACH[{column!r}][{key!r}]: unknown selector {r.target!r}")
                if r.unless and r.unless not in IMMUNITIES:
                    raise ValueError(f"REACH[{column!r}][{key!r}]: unknown immunity {r.unless!r}")
                target_filter(r.only)


_check_table()


def reach_of(card_id: str) -> list[tuple[str, str, Reach]]:
    """[(column, ability key, Reach)] of a card, in column order."""
    spec = _spec(card_id)
    return [
        (column, getattr(spec, column), r)
        for column in COLUMNS
        if getattr(spec, column)
        for r in REACH[column][getattr(spec, column)]
    ]


def _spec(card_id: str) -> CardSpec:
    try:
        return CATALOG[card_id]
    except (KeyError, TypeError):
        raise KeyError(unknown_card_message(card_id)) from None


def _icons(spec: CardSpec) -> tuple[str, ...]:
    return tuple(
        name
        for name, on in (
            ("dismiss-immune", spec.dismiss_immune),
            ("fish", spec.fish),
            ("flip-immune", spec.flip_immune),
            ("return-immune", spec.return_immune),
        )
        if on
    )


def _in_pool(pool: str, source: CardSpec, target: CardSpec) -> bool:
    if pool == "any":
        return True
    if pool == "self":
        return target.id == source.id
    if pool == "toon":
        return not target.starting
    if pool == "dismissable":
        return not target.dismiss_immune
    return False


_PAST = {"flip_immune": "flipped", "return_immune": "returned", "dismiss_immune": "dismissed"}


def _words(by: str, target: str, r: Reach, effect: str) -> str:
    """One line: 'coyote -> zebra: returns the previously placed card; zebra cannot be returned:
    the coyote stacks on it instead'."""
    if effect == "score_from":
        only = target_filter(r.only)[0]
        return (
            f"{target} -> {by}: {by} counts {SELECTORS[r.target].words}"
            + (f" ({only})" if only else "")
            + f": {r.text}"
        )
    text = f"{by}: {r.text}" if r.target == "itself" else f"{by} -> {target}: {r.text}"
    if r.when:
        text += f", if {r.when}"
    if effect != r.effect:
        text += f"; {target} cannot be {_PAST[r.unless]}: {r.otherwise}"
    return text


# -- the graph -----------------------------------------------------------------------------------


def interaction_graph(season: str = "combined"):
    """The card interaction graph of a season ('s1', 's2' or 'combined'): a networkx
    `MultiDiGraph` whose nodes are the card ids that exist in that season (`cards_of`), with
    attributes `name`, `rank`, `fame`, `season` ('s1', 's2' or 'promo'), `timing` (the card
    table's: 'on-place', 'check-fame', 'market', 'when-hired', 'when-dismissed', 'after-market'
    or 'none'), `starting`, `icons` (sorted names: 'dismiss-immune', 'fish', 'flip-immune',
    'return-immune') and `copies` (how many the season's boxes hold). `draw` makes a picture of
    it.

    An edge A -> B means A can affect B: attribute `effect` (one of `EFFECTS`), `by` (the card
    whose ability it is), `column` and `ability` (the ability key of the card table), `target`
    (the selector key), `when`, `rule` and `text`. For a bonus (`effect="score_from"`) the edge
    points from the counted card to the scoring card: a Hen affects a Fox's fame, so hen -> fox
    (`by="fox"`). The edge key is '<effect>:<column>.<ability>:<target>'.

    Immunities cut edges: a flip-immune card is never flipped (no eagle -> rabbit `flip`), nor ever
    face down (a Rabbit joins only flippable cards or another Rabbit; a Bull counts only them), a
    dismiss-immune card is never dismissed nor in a dismissed pile, a return-immune card is not
    returned: the Coyote and the Zebra stack on it instead (coyote -> zebra is `stack_on`, with
    `instead_of="return"`). The cut edges are listed in `graph.graph["cuts"]` as (A, B, effect,
    immunity). A self-loop A -> A means the ability can reach the card itself (a Crab, a Monkey,
    a Vulture, a Skunk: `Reach.itself` or the 'itself' selector) or another copy of it, which
    needs two in the season's boxes (no sloth -> sloth). Selectors of no card (a Goat's own row,
    the Big Button) make no edge.
    """
    import networkx as nx

    if season not in ("s1", "s2", "combined"):
        raise ValueError(f"season must be 's1', 's2' or 'combined', got {season!r}")
    specs = cards_of(season)
    g = nx.MultiDiGraph(season=season, cuts=[])
    for s in specs:
        g.add_node(
            s.id,
            name=s.name,
            rank=s.rank,
            fame=s.fame,
            season=s.season,
            timing=s.timing,
            starting=s.starting,
            icons=_icons(s),
            copies=owned_copies(s.id, season),
        )
    cuts = g.graph["cuts"]
    for a in specs:
        for column, key, r in reach_of(a.id):
            sel = SELECTORS[r.target]
            _, keep = target_filter(r.only)
            for b in specs:
                if not _in_pool(sel.pool, a, b) or not keep(a, b):
                    continue
                if (
                    b.id == a.id
                    and sel.pool != "self"
                    and not r.itself
                    and owned_copies(a.id, season) < 2
                ):
                    continue
                effect = r.effect
                if r.unless and getattr(b, r.unless):
                    if not r.instead:
                        cuts.append((a.id, b.id, r.effect, r.unless.replace("_", "-")))
                        continue
                    effect = r.instead
                u, v = (b.id, a.id) if effect == "score_from" else (a.id, b.id)
                attrs = dict(
                    effect=effect,
                    by=a.id,
                    column=column,
                    ability=key,
                    target=r.target,
                    when=r.when,
                    rule=r.rule or sel.rule or f"card.{a.id}",
                    text=_words(a.id, b.id, r, effect),
                )
                if effect != r.effect:
                    attrs["instead_of"] = r.effect
                    attrs["rule"] = r.rule or IMMUNITIES[r.unless]
                g.add_edge(u, v, key=f"{effect}:{column}.{key}:{r.target}", **attrs)
    return g


def draw(graph, card: str | None = None, effect=None):
    """A picture of the graph (an `InteractionDrawing`: SVG, shown as a picture in Jupyter): with
    `card`, what can affect that card and what it can affect, one box per effect; without, every
    edge as a matrix of cards grouped by timing (Flip, Check Fame, Market, after the Market).
    `effect`: one effect kind or several, the others left out. See `interaction_svg`."""
    from .interaction_svg import draw as draw_svg

    if card is not None and card not in graph:
        raise KeyError(unknown_card_message(card, list(graph)))
    wanted = _effects(effect)
    return draw_svg(graph, card, tuple(e for e in EFFECTS if wanted is None or e in wanted))


def _effects(effect) -> set | None:
    if effect is None:
        return None
    wanted = {effect} if isinstance(effect, str) else set(effect)
    for e in wanted:
        if e not in EFFECTS:
            raise ValueError(f"unknown effect {e!r} (known: {', '.join(EFFECTS)})")
    return wanted


def _neighbours(graph, card_id, effect, season, outgoing: bool) -> list[str]:
    if card_id not in graph:
        raise KeyError(unknown_card_message(card_id, list(graph)))
    if season is not None and season not in ("s1", "s2", "promo"):
        raise ValueError(f"season must be 's1', 's2' or 'promo', got {season!r}")
    wanted = _effects(effect)
    edges = (
        graph.out_edges(card_id, data="effect")
        if outgoing
        else graph.in_edges(card_id, data="effect")
    )
    found = set()
    for u, v, e in edges:
        other = v if outgoing else u
        if (wanted is None or e in wanted) and (
            season is None or graph.nodes[other]["season"] == season
        ):
            found.add(other)
    return sorted(found)


def affects(graph, card_id: str, effect=None, season: str | None = None) -> list[str]:
    """The cards `card_id` can affect (edges out of it), sorted; `effect`: one kind or several;
    `season`: only cards of that season ('s1', 's2' or 'promo'; starting cards belong to theirs)."""
    return _neighbours(graph, card_id, effect, season, outgoing=True)


def affected_by(graph, card_id: str, effect=None, season: str | None = None) -> list[str]:
    """The cards that can affect `card_id` (edges into it), sorted; filters as in `affects`."""
    return _neighbours(graph, card_id, effect, season, outgoing=False)


def edges_between(graph, a: str, b: str) -> list[str]:
    """The one-line texts of every edge a -> b, sorted."""
    for card_id in (a, b):
        if card_id not in graph:
            raise KeyError(unknown_card_message(card_id, list(graph)))
    return sorted(d["text"] for d in graph.get_edge_data(a, b, default={}).values())


def neighbourhood_text(graph, card_id: str) -> str:
    """What a card can do and what can be done to it, one line per (effect, cards)."""
    lines = [
        f"{card_id} (rank {graph.nodes[card_id]['rank']}"
        + "".join(f", {i}" for i in graph.nodes[card_id]["icons"])
        + ")"
    ]
    for title, outgoing in (("can affect", True), ("can be affected by", False)):
        lines.append(f"  {title}:")
        any_line = False
        for effect in EFFECTS:
            cards = _neighbours(graph, card_id, effect, None, outgoing)
            if cards:
                any_line = True
                lines.append(f"    {effect:<11} {', '.join(cards)}")
        if not any_line:
            lines.append("    nothing")
    return "\n".join(lines)


# -- the interaction finder ----------------------------------------------------------------------

_INERT: dict[str, CardSpec] = {}


def inert(card_id: str) -> CardSpec:
    """The card's inert twin: the same name, rank, fame and icons, without a placement ability or
    a bonus."""
    spec = _INERT.get(card_id)
    if spec is None:
        spec = _INERT[card_id] = replace(CATALOG[card_id], place="", score="")
    return spec


def _active(spec: CardSpec) -> bool:
    return bool(spec.place or spec.score)


def _outcome(season, rulings, specs, policy, traced=False):
    """Resolve one player's Flip + Check Fame of a deck of specs (top first): the fate of each
    card in deck order, (place, face_up, fame), the total, and the ignored events {(position in
    the deck, detail)} (traced only; else None)."""
    from ..fliptoons.engine import resolve_table
    from ..fliptoons.state import Card, Table

    table = Table(season, rulings)
    p = table.add_player("P")
    cards = [Card(i, spec) for i, spec in enumerate(specs)]
    table._next_uid = len(cards)
    p.deck.extend(cards)
    result = resolve_table(table, policy, traced=traced)
    fame = {e.card.uid: e.fame for e in p.fame}
    fates = {}
    for row, col, stack in p.grid.spaces():
        for h, c in enumerate(stack):
            fates[c.uid] = (("grid", row, col, h), c.face_up, fame.get(c.uid, 0))
    for c in p.deck:
        fates[c.uid] = (("deck",), False, 0)
    for c in p.dismissed:
        fates[c.uid] = (("dismissed",), True, 0)
    for c in table.toon_deck:  # a Pig the Flip dismissed, put back by its effect
        fates[c.uid] = (("toon deck",), False, 0)
    ignored = None
    if traced:
        ignored = {
            (e.uid, e.detail) for e in result.trace if e.kind == "ignored" and e.uid is not None
        }
    return [fates[c.uid] for c in cards], p.fame_total, ignored


def _place_words(place, face_up) -> str:
    from ..fliptoons.grid import space_name

    if place[0] == "deck":
        return "in the deck"
    if place[0] == "dismissed":
        return "dismissed"
    if place[0] == "toon deck":
        return "in the toon deck"
    _, row, col, h = place
    text = ("face up" if face_up else "face down") + " at " + space_name((row, col))
    if h:
        text += f", card {h + 1} of its stack"
    return text


_CONFLICT = object()


def find_interactions(
    season: str = "combined",
    length: int = 2,
    prefix=None,
    cards=None,
    *,
    tail=None,
    neutral: str | None = None,
    rulings: dict | None = None,
    within_copies: bool = True,
):
    """The placement sequences whose outcome is not what each card does alone, as a pandas
    DataFrame.

    Every sequence of `length` cards drawn from `cards` (default: every card of the season with a
    placement ability or a bonus; required for `length` of 3 or more), repeats allowed as far as
    the season's boxes hold copies (all repeats with `within_copies=False`), is put into one
    player's deck after `prefix` (default: two `neutral` cards) and before `tail`
    (default: `neutral` cards, enough to fill the grid: 6 - len(prefix)). `neutral` defaults to
    the Mosquito (the Bee in a Season 1 game). Each deck is resolved (Flip + Check Fame, untraced,
    default policy, `rulings`) in these ways:

    - *together*: every card of the sequence as it is;
    - *inert*: every card of the sequence replaced by its inert twin (`inert`: the same name,
      rank, fame and icons, no placement ability and no bonus);
    - *alone* (one per card of the sequence): that card as it is, the others inert.

    The *fate* of each card of the deck (prefix, sequence, tail) has three parts: its place (a
    grid space with its height in the stack, the deck, the dismissed pile, or the toon deck where a
    Pig's effect puts it), whether it is face up, and its fame (0 unless it scores). A part is
    *expected* to be as in the inert resolution, unless a card alone changes it: then as that
    card alone leaves it; if two cards alone change it differently, nothing is expected (their
    single effects conflict). A sequence is reported when some part of some card's fate,
    together, is not the expected one: the cards' effects do not simply add up.

    A card expected face down or out of the grid is expected to score 0. Each sequence is
    resolved at most n + 2 times (n its length), untraced; a reported one n + 1 more times,
    traced (together and alone), to say what was ignored together and not alone, or alone and
    not together.

    Columns: `sequence` (tuple of ids), `kind` ('grid' when a place or a face differs, 'fame' when
    only fame does), `changed` (the cards whose fate differs: ids, 'dog (2nd)' for a repeated id,
    'mosquito (prefix 1)', 'mosquito (tail 2)'), `fame` (the total together), `expected_fame` (the
    sum of expected fames; missing if one conflicts), `fame_change` (`fame` - `expected_fame`) and
    `description` (one line: the first two differing cards, sequence cards first, then in brackets
    what was ignored). Rows follow the order of enumeration (`cards` order, first card slowest).
    A reported triple may owe its difference to a pair inside it.
    """
    import pandas as pd

    from ..fliptoons.rulings import Rulings
    from ..policy import DefaultPolicy

    if season not in ("s1", "s2", "combined"):
        raise ValueError(f"season must be 's1', 's2' or 'combined', got {season!r}")
    allowed = {c.id for c in cards_of(season)}

    def check(cid, what):
        if cid not in allowed:
            raise KeyError(
                f"{what}: " + unknown_card_message(cid, sorted(allowed))
                if cid not in CATALOG
                else f"{what}: {cid!r} is not a card of a {season!r} game"
            )
        return cid

    neutral = check(neutral or ("bee" if season == "s1" else "mosquito"), "neutral")
    prefix = tuple(
        check(c, "prefix") for c in (prefix if prefix is not None else (neutral, neutral))
    )
    tail = tuple(
        check(c, "tail") for c in (tail if tail is not None else (neutral,) * (6 - len(prefix)))
    )
    if cards is None:
        if length > 2:
            raise ValueError("give `cards` (a short list) for sequences of 3 or more cards")
        pool = [c.id for c in cards_of(season) if _active(c)]
    else:
        pool = [check(c, "cards") for c in cards]
    if length < 1:
        raise ValueError(f"length must be at least 1, got {length}")
    rules = Rulings.from_dict(rulings or {})
    policy = DefaultPolicy()
    fixed_before = [CATALOG[c] for c in prefix]
    fixed_after = [CATALOG[c] for c in tail]
    n0 = len(prefix)
    labels_fixed = (
        [f"{c} (prefix {i + 1})" for i, c in enumerate(prefix)],
        [f"{c} (tail {i + 1})" for i, c in enumerate(tail)],
    )

    rows = []
    for seq in itertools.product(pool, repeat=length):
        if within_copies and any(seq.count(c) > owned_copies(c, season) for c in set(seq)):
            continue
        active = [CATALOG[c] for c in seq]
        dead = [inert(c) for c in seq]

        def run(seq_specs, traced=False):
            return _outcome(
                season, rules, fixed_before + list(seq_specs) + fixed_after, policy, traced
            )

        together, fame, _ = run(active)
        base = run(dead)[0]
        alone = [
            run(dead[:i] + [active[i]] + dead[i + 1 :])[0] if _active(active[i]) else base
            for i in range(length)
        ]
        diffs, expected_total = _differences(together, base, alone)
        if not diffs:
            continue
        labels = _labels(seq, labels_fixed)
        # what was ignored together and not alone, or alone and not together (sequence cards)
        seen = run(active, traced=True)[2]
        notes = []
        for i in range(length):
            k = n0 + i
            if not _active(active[i]):
                continue
            by_itself = run(dead[:i] + [active[i]] + dead[i + 1 :], traced=True)[2]
            mine = {d for uid, d in seen if uid == k}
            theirs = {d for uid, d in by_itself if uid == k}
            notes += [f"{labels[k]}: {d}" for d in sorted(mine - theirs)]
            notes += [f"alone, {labels[k]}: {d}" for d in sorted(theirs - mine)]
        rows.append(
            {
                "sequence": tuple(seq),
                "kind": "fame" if all(e[:2] == f[:2] for _, f, e in diffs) else "grid",
                "changed": tuple(labels[k] for k, _, _ in diffs),
                "fame": fame,
                "expected_fame": expected_total,
                "fame_change": None if expected_total is None else fame - expected_total,
                "description": _describe(seq, diffs, labels, base, alone, n0, notes),
            }
        )
    columns = ["sequence", "kind", "changed", "fame", "expected_fame", "fame_change", "description"]
    df = pd.DataFrame(rows, columns=columns)
    df["expected_fame"] = df["expected_fame"].astype("Int64")
    df["fame_change"] = df["fame_change"].astype("Int64")
    return df


def _differences(together, base, alone):
    """[(deck position, fate together, expected fate)] where they differ, and the expected
    total fame (None if a card's expected fame conflicts). See `find_interactions`."""
    diffs = []
    total = 0
    for k, fate in enumerate(together):
        expect = []
        for part in range(3):
            b = base[k][part]
            changes = {a[k][part] for a in alone if a[k][part] != b}
            expect.append(b if not changes else changes.pop() if len(changes) == 1 else _CONFLICT)
        if (
            expect[0] is not _CONFLICT
            and expect[1] is not _CONFLICT
            and (expect[0][0] != "grid" or not expect[1])
        ):
            expect[2] = 0  # a card expected face down or out of the grid is expected to score 0
        if expect[2] is _CONFLICT or total is None:
            total = None
        else:
            total += expect[2]
        if any(e is _CONFLICT or e != f for e, f in zip(expect, fate)):
            diffs.append((k, fate, tuple(expect)))
    return diffs, total


def _labels(seq, labels_fixed) -> list[str]:
    names = []
    for i, c in enumerate(seq):
        names.append(f"{c} ({_ordinal(i + 1)})" if seq.count(c) > 1 else c)
    return labels_fixed[0] + names + labels_fixed[1]


def _ordinal(n: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th")


def _describe(seq, diffs, labels, base, alone, n0, notes) -> str:
    """'gorilla > crab: crab ends in the deck, expected face up at extra row 1, middle'."""
    in_seq = [d for d in diffs if n0 <= d[0] < n0 + len(seq)]
    shown = in_seq or diffs
    parts = []
    for k, fate, expect in shown[:2]:
        place, up, fame = fate
        e_place, e_up, e_fame = expect
        bits = []
        if e_place is _CONFLICT or e_up is _CONFLICT or (e_place, e_up) != (place, up):
            now = _place_words(place, up)
            if e_place is _CONFLICT or e_up is _CONFLICT:
                alone_words = []
                for i, a in enumerate(alone):
                    if a[k][:2] != base[k][:2]:
                        alone_words.append(f"{seq[i]} alone: {_place_words(*a[k][:2])}")
                bits.append(f"ends {now} ({'; '.join(alone_words)})")
            else:
                bits.append(f"ends {now}, expected {_place_words(e_place, e_up)}")
        if e_fame is _CONFLICT:
            bits.append(f"scores {fame} (its single effects disagree)")
        elif e_fame != fame:
            bits.append(f"scores {fame}, expected {e_fame}")
        parts.append(f"{labels[k]} " + " and ".join(bits))
    more = len(diffs) - len(shown[:2])
    text = " > ".join(seq) + ": " + "; ".join(parts)
    if more:
        text += f" (+{more} more card{'s' if more > 1 else ''})"
    if notes:
        text += " [" + "; ".join(notes) + "]"
    return text
