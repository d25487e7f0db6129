"""Golden outcomes: the outcome of 336 seeded situations - random tables of every season with 1-8
players resolved (some under random ruling options), rounds, whole games, named scenarios, and
Flipology games of every variant - must stay as recorded in tests/golden/outcomes.txt, one line
each.

A failure prints the changed lines. After a deliberate rules change, regenerate the file with

    .venv/bin/python tests/helpers/golden_outcomes.py --update

and review its diff (docs/engine.md, Golden outcomes).
"""

from __future__ import annotations

try:
    import golden_outcomes as golden
except ImportError:  # run with the repository root on sys.path and tests as a package
    from tests import golden_outcomes as golden


def test_outcomes_are_as_recorded():
    recorded, now = golden.recorded(), golden.lines()
    assert len(now) == 336 and len({line.split(":")[0] for line in now}) == len(now)
    assert recorded == now, (
        "outcomes changed (regenerate with: .venv/bin/python "
        "tests/helpers/golden_outcomes.py --update)\n" + golden.diff(recorded, now)
    )


def test_lines_cover_every_season_player_count_and_kind():
    labels = [line.split(":")[0] for line in golden.recorded()]
    for season in golden.SEASONS:
        for players in range(1, 9):
            assert any(label.startswith(f"resolve {season} {players}p ") for label in labels)
        for kind in ("round", "round+cleanup", "game"):
            assert any(label.startswith(f"{kind} {season} ") for label in labels)
    assert sum("{" in label for label in labels) >= 100  # some under random ruling options
    for variant, counts in golden.FLIPOLOGY_PLAYERS.items():
        for players in counts:
            assert any(label.startswith(f"flipology {variant} {players}p ") for label in labels)


def test_a_line_reads_grids_faces_fame_and_piles():
    """The format: the Monkey turned face down by the Elephant (S1 FAQ Elephant) shows as '~monkey'
    in the extra row above the grid; fame, deck, dismissed pile, market and toon deck follow."""
    line = next(x for x in golden.recorded() if x.startswith("scenario monkey then elephant"))
    assert line.endswith(
        ": Player 1 14 [~monkey . . / elephant bee snail / caterpillar horse .] "
        "deck - dismissed -; market [. . . . .] toon - discard -"
    )
