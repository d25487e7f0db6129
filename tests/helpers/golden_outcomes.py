"""Golden outcomes: a few hundred seeded situations and their outcome, one readable line each, kept
in tests/golden/outcomes.txt so that any change of outcome shows as a line diff in review.

    .venv/bin/python tests/helpers/golden_outcomes.py            # compare; print the changed lines
    .venv/bin/python tests/helpers/golden_outcomes.py --update   # rewrite the file after a deliberate change

The situations: random tables (`sample.random_table`: every season, 1-8 players, random decks,
market and toon deck; every other one under random ruling options) resolved (Flip and Check
Fame), the same kind of table played for a round (to the end of the Market, and through Cleanup),
seeded whole games (`new_game(...).play()`, solo and 2-8 players), a few named scenarios, and
seeded Flipology games of every variant (the default, random and greedy policies, some under
random ruling options).

A line: the label, then per player `name fame [grid]` (rows top first, separated by `/`; cells
by spaces: `.` empty, `a+b` a stack bottom first, `~id` face down), `left N` (fame not spent, in
rounds), `deck` (top first) and `dismissed`; then the `market` (`.` an empty slot), the `toon`
deck (top first) and the `discard` pile; a game adds its result first. `-` is an empty pile.
"""  # noqa: E501

from __future__ import annotations

import difflib
import random
import sys
from pathlib import Path

if __package__ in (None, ""):  # run as a script: the package is installed (pip install -e .)
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from fliptoons_explore import DefaultPolicy, RandomPolicy, Rulings, new_game, resolve, resolve_table
from fliptoons_explore.flipology.rulings import Rulings as FlipologyRulings
from fliptoons_explore.fliptoons.engine import play_round
from fliptoons_explore.fliptoons.game import Game
from fliptoons_explore.fliptoons.sample import random_table
from util import CHECK_FAME_EXAMPLE

FILE = Path(__file__).resolve().parents[1] / "golden" / "outcomes.txt"
SEASONS = ("s1", "s2", "combined")
SEEDS_PER_SHAPE = 8  # random tables resolved per (season, player count)


# -- writing an outcome ----------------------------------------------------------------------------


def _pile(cards) -> str:
    return ",".join(c.spec.id for c in cards) or "-"


def _cell(stack) -> str:
    if not stack:
        return "."
    return "+".join(("" if c.face_up else "~") + c.spec.id for c in stack)


def grid_line(grid) -> str:
    rows = [
        " ".join(_cell(grid.at(r, c)) for c in range(3)) for r in range(-grid.extra_height(), 2)
    ]
    return "[" + " / ".join(rows) + "]"


def table_line(table, fame_left: bool = False) -> str:
    parts = []
    for p in table.players:
        left = f" left {p.fame_left}" if fame_left else ""
        parts.append(
            f"{p.name} {p.fame_total} {grid_line(p.grid)}{left} deck {_pile(p.deck)} "
            f"dismissed {_pile(p.dismissed)}"
        )
    market = " ".join(c.spec.id if c else "." for c in table.market)
    parts.append(
        f"market [{market}] toon {_pile(table.toon_deck)} discard {_pile(table.market_discard)}"
    )
    return "; ".join(parts)


def _rulings_label(rulings: Rulings) -> str:
    changed = rulings.changed()
    if not changed:
        return ""
    shown = ",".join(
        f"{k}={str(v).lower() if isinstance(v, bool) else v}" for k, v in changed.items()
    )
    return " {" + shown + "}"


def random_rulings(seed: int, rulings=Rulings):
    """Ruling options (a game's `Rulings`) changed at random, each with chance 1/6 and from its own
    generator: adding an option later leaves the other options' values (and so the other lines)
    as they are."""
    changes = {}
    for name, option in rulings.OPTIONS.items():
        rng = random.Random(f"{seed} {name}")
        if rng.random() < 1 / 6:
            changes[name] = rng.choice([v for v in option.choices if v != option.default])
    return rulings.from_dict(changes)


# -- the situations --------------------------------------------------------------------------------


def _table(season, players, seed, with_rulings):
    table = random_table(seed, n_cards=(4, 14), players=players, season=season, toon_cards=seed % 9)
    if with_rulings:
        table.rulings = random_rulings(seed)
    return table


def _policy(seed):
    return RandomPolicy(seed) if seed % 3 == 2 else DefaultPolicy()


def _resolved(season, players, seed):
    table = _table(season, players, seed, seed % 2 == 1)
    resolve_table(table, _policy(seed), traced=False)
    return _rulings_label(table.rulings) + ": " + table_line(table)


def _round(season, players, seed, cleanup):
    table = _table(season, players, seed, seed % 2 == 1)
    Game(table, _policy(seed), traced=False, shuffle=False).play_round(
        stop_before_cleanup=not cleanup
    )
    return _rulings_label(table.rulings) + ": " + table_line(table, fame_left=not cleanup)


def _game(season, players, seed, solo):
    game = new_game(
        season,
        players,
        seed,
        solo,
        policy=_policy(seed),
        traced=False,
        rulings=random_rulings(seed) if seed % 2 else None,
    )
    r = game.play()
    result = (
        (f"{r.solo} " if r.solo else f"winners {','.join(map(str, r.winners))} ")
        + f"after {r.rounds} rounds"
        + (f" final {','.join(map(str, r.final_fame))}" if r.final_fame else "")
    )
    return _rulings_label(game.table.rulings) + f": {result}; " + table_line(game.table)


NAMED = {
    "snake gains a peacock": {
        "season": "s1",
        "players": [{"deck": ["snake"]}],
        "toon_deck": ["peacock"],
    },
    "s2 check fame example (S2 rulebook)": CHECK_FAME_EXAMPLE,
    "s1 check fame example (S1 rulebook)": {
        "season": "s1",
        "players": [
            {
                "name": "Renato",
                "deck": ["caterpillar", "sheep", "caterpillar", "dragonfly", "bee", "camel"],
            }
        ],
    },
    "mongoose dismisses a crow": {
        "season": "s2",
        "players": [{"deck": ["mongoose", "hippopotamus", "crow"]}],
        "market": ["mosquito", "fox", "rat"],
        "toon_deck": ["goldfish", "shark"],
    },
    "monkey then elephant (S1 FAQ Elephant)": {
        "season": "s1",
        "players": [{"deck": ["monkey", "elephant", "bee", "snail", "caterpillar", "horse"]}],
    },
    "gorilla then crab (S2 FAQ Crab)": {
        "season": "s2",
        "players": [{"deck": ["mosquito", "gorilla", "crab", "rat"]}],
    },
    "zebra in a stack": {
        "season": "combined",
        "players": [{"deck": ["mosquito", "turkey", "zebra"]}],
    },
    "snake in slot 3 with a cat on top": {
        "season": "s1",
        "players": [{"deck": ["bee", "snail", "snake", "cat", "caterpillar", "horse", "peacock"]}],
        "toon_deck": ["goat"],
    },
}

NAMED_ROUNDS = {
    "round: the S2 Market phase example (13 fame: raccoon for 4, its crow, a grasshopper for 4, "
    "the groundhog)": {
        "season": "s2",
        "players": [
            {
                "name": "Jordy",
                "deck": [
                    "groundhog",
                    "mosquito",
                    "capybara",
                    "grasshopper",
                    "rat",
                    "mosquito",
                    "firefly",
                    "spider",
                    "ladybug",
                    "hen",
                    "salamander",
                ],
                "actions": [{"hire": "raccoon"}, {"dismiss": "grasshopper"}],
                "choices": ["crow"],
            },
            {
                "name": "Renato",
                "deck": ["mosquito", "mosquito", "spider", "grasshopper", "ladybug", "firefly"],
                "dismissed": ["crow"],
            },
        ],
        "market": ["goldfish", "raccoon", "fox", "swordfish", "shark"],
        "toon_deck": ["salamander", "mole"],
    },
}


# -- Flipology ------------------------------------------------------------------------------------


def _flipology_card(card) -> str:
    return ("" if card.face_up else "~") + card.spec.id


def flipology_line(game) -> str:
    """A Flipology game's result, then per player its rows (bottom first, `/` between rows) and
    picked cards, then the discard pile."""
    t, r = game.table, game.result
    head = (
        f"winners {','.join(map(str, r.winners))} scores {','.join(map(str, r.scores))}"
        + (" moon" if r.moon else "")
        + (f" running {','.join(map(str, r.running))} games {r.games}" if r.running else "")
    )
    players = [
        f"{p.name} ["
        + " / ".join(" ".join(map(_flipology_card, row)) for row in p.rows)
        + "]"
        + (f" picked {','.join(c.spec.id for c in p.picked)}" if p.picked else "")
        for p in t.players
    ]
    return "; ".join(
        [head] + players + [f"discard {','.join(c.spec.id for c in t.discard) or '-'}"]
    )


def _flipology_game(variant, players, seed):
    from fliptoons_explore.flipology import new_game as flipology_game
    from fliptoons_explore.flipology.policies import GreedyPolicy

    policy = (DefaultPolicy(), RandomPolicy(seed), GreedyPolicy())[seed % 3]
    rulings = random_rulings(seed, FlipologyRulings) if seed % 2 else None
    game = flipology_game(variant, players, seed, policy=policy, traced=False, rulings=rulings)
    game.play()
    return _rulings_label(game.table.rulings) + f" {policy.name}: " + flipology_line(game)


FLIPOLOGY_PLAYERS = {"nature": (2, 3, 4, 6, 8), "great-tree": (2, 3, 4), "multi": (2, 4)}


def flipology_lines() -> list[str]:
    out = []
    for variant, counts in FLIPOLOGY_PLAYERS.items():
        for players in counts:
            for k in range(4 if variant != "multi" else 2):
                seed = 1000 + 10 * players + k
                out.append(
                    f"flipology {variant} {players}p seed {seed}"
                    + _flipology_game(variant, players, seed)
                )
    return out


def lines() -> list[str]:
    """Every golden line, in a fixed order."""
    out = []
    for season in SEASONS:
        for players in range(1, 9):
            for k in range(SEEDS_PER_SHAPE):
                seed = 100 * players + k
                out.append(
                    f"resolve {season} {players}p seed {seed}" + _resolved(season, players, seed)
                )
    for season in SEASONS:
        for players in (1, 2, 3, 4, 6, 8):
            for k in range(2):
                seed = 500 + 10 * players + k
                out.append(
                    f"round {season} {players}p seed {seed}" + _round(season, players, seed, False)
                )
            seed = 700 + players
            out.append(
                f"round+cleanup {season} {players}p seed {seed}"
                + _round(season, players, seed, True)
            )
    for season in SEASONS:
        for solo in ("easy", "normal", "hard"):
            for seed in (1, 2):
                out.append(f"game {season} solo {solo} seed {seed}" + _game(season, 1, seed, solo))
        for players in (2, 3, 4) if season != "combined" else (2, 5, 8):
            for seed in (1, 2, 3):
                out.append(
                    f"game {season} {players}p seed {seed}" + _game(season, players, seed, None)
                )
    for label, scenario in NAMED.items():
        out.append(f"scenario {label}: " + table_line(resolve(scenario, traced=False).table))
    for label, scenario in NAMED_ROUNDS.items():
        out.append(f"scenario {label}: " + table_line(play_round(scenario).table, fame_left=True))
    return out + flipology_lines()


def recorded() -> list[str]:
    return FILE.read_text(encoding="utf-8").splitlines() if FILE.exists() else []


def diff(old: list[str], new: list[str]) -> str:
    return "\n".join(difflib.unified_diff(old, new, "recorded", "now", n=0, lineterm=""))


def main(argv: list[str]) -> int:
    new = lines()
    if "--update" in argv:
        FILE.parent.mkdir(exist_ok=True)
        FILE.write_text("\n".join(new) + "\n", encoding="utf-8")
        print(f"wrote {len(new)} lines to {FILE}")
        return 0
    changes = diff(recorded(), new)
    print(changes or f"all {len(new)} outcomes as recorded")
    return 1 if changes else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
