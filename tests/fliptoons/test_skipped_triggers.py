"""A least-fame trigger that does not fire says why in the trace: a Firefly or a Skunk
at a table of one player (the solo rules leave both cards out: S2 Solo Setup "The firefly is not
used in solo play", S1 Solo Setup "The skunk is not used in solo play"; the engine reads any
one-player table so), and a Firefly in a Final Flip under ruling `firefly_in_final_flip` false."""

from __future__ import annotations

from fliptoons_explore import Rulings, new_game, resolve


def _ignored(trace, card):
    return [e for e in trace if e.kind == "ignored" and e.card == card]


def test_a_lone_firefly_says_why_it_gains_nothing():
    r = resolve(
        {"season": "s2", "players": [{"name": "Ann", "deck": ["firefly", "mosquito", "spider"]}]}
    )
    (line,) = _ignored(r.trace, "firefly")
    assert (line.phase, line.rule, line.player) == ("check-fame", "s2.solo.setup", 0)
    assert line.detail == "no other player to compare fame with; solo play does not use the Firefly"
    assert r.trace[line.cause].kind == "fame" and r.trace[line.cause].card == "firefly"
    assert r.players[0].fame_total == 2  # Firefly 1, Mosquito 0, Spider 1 (nothing below it): no +2


def test_a_lone_skunk_says_why_it_dismisses_nothing():
    r = resolve({"season": "s1", "players": [{"name": "Ann", "deck": ["skunk", "bee", "snail"]}]})
    (line,) = _ignored(r.trace, "skunk")
    assert (line.rule, line.detail) == (
        "s1.solo.setup",
        "no other player to compare fame with; solo play does not use the Skunk",
    )
    assert not [e for e in r.trace if e.kind == "least_fame"]


def test_a_face_down_firefly_has_no_line():
    """A face-down card has no abilities (S2 Key Concepts: Face-down Cards): nothing to skip."""
    r = resolve(
        {"season": "s2", "players": [{"name": "Ann", "deck": ["firefly", "swordfish", "mosquito"]}]}
    )
    assert not _ignored(r.trace, "firefly")


def test_two_players_keep_their_old_lines():
    r = resolve(
        {
            "season": "s2",
            "players": [
                {"name": "Ann", "deck": ["firefly", "mosquito"]},
                {"name": "Ben", "deck": ["firefly", "ladybug"]},
            ],
        }
    )
    assert [
        e.rule for e in r.trace if e.card == "firefly" and e.kind in ("ignored", "least_fame")
    ] == ["s2.faq.firefly", "s2.faq.firefly"]


def test_a_final_flip_without_least_fame_triggers_says_so():
    """The first seeded two-player Season 2 game whose Final Flip has a face-up Firefly in it:
    under ruling firefly_in_final_flip false each face-up Firefly of that flip has a line citing
    the ruling, and none gains."""
    for seed in range(50):
        game = new_game(
            "s2",
            2,
            seed=seed,
            traced=True,
            rulings=Rulings.from_dict({"firefly_in_final_flip": False}),
        )
        game.play()
        start = next(e.step for e in game.trace if e.kind == "phase" and e.phase == "final-flip")
        final = game.trace[start:]
        scored = [e for e in final if e.kind == "fame" and e.card == "firefly"]
        if scored:
            break
    skipped = [e for e in final if e.kind == "ignored" and e.card == "firefly"]
    assert scored and len(skipped) == len(scored)
    assert {(e.rule, e.ruling) for e in skipped} == {
        ("s2.final-flip", "ruling.firefly_in_final_flip")
    }
    assert {e.detail for e in skipped} == {"no least-fame trigger in the Final Flip"}
    assert not [e for e in final if e.kind == "least_fame"]
