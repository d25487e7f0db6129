"""The trace in plain words (`fliptoons/text.py`): a phase event reads as a sentence whether its
detail names the phase or says what happens."""

from __future__ import annotations

import pytest

from fliptoons_explore.fliptoons.game import new_game
from fliptoons_explore.fliptoons.text import event_sentence, phase_sentence


@pytest.mark.parametrize(
    ("detail", "sentence"),
    [
        ("Check Fame", "Check Fame begins."),
        (
            "Final Flip (a player generated 30 fame)",
            "Final Flip begins (a player generated 30 fame).",
        ),
        (
            "Ann's after-Market effects, right after their own turn",
            "Ann's after-Market effects begin, right after their own turn.",
        ),  # fmt: skip
        ("effects queued in the Flip", "Effects queued in the Flip begin."),
        ("the first player card passes to Ben", "The first player card passes to Ben."),
        (
            "round 2 begins (a solo game uses no first player card)",
            "Round 2 begins (a solo game uses no first player card).",
        ),  # fmt: skip
        ("the solo market discard waits for Cleanup", "The solo market discard waits for Cleanup."),
    ],
)
def test_a_phase_reads_as_a_sentence(detail, sentence):
    assert phase_sentence(detail) == sentence


def test_the_stepper_sentence_of_a_game_phase():
    game = new_game("s2", 3, seed=4)
    game.play()
    (passes, *_) = [e for e in game.trace if e.kind == "phase" and "passes to" in e.detail]
    who = passes.detail.split("passes to ")[1]
    assert who in [p.name for p in game.table.players]
    assert event_sentence(passes, game.table.players) == f"The first player card passes to {who}."
