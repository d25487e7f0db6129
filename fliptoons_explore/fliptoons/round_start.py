"""A whole game written as a scenario at the start of one of its rounds: the table as it is when
the round's Flip begins (S2 How to Play: Flip, Check Fame, Market, Cleanup), with what the
rest of the game needs to go on as it went (its seed, the round, the solo difficulty, the
critic's choice card and whether the end was triggered). What an experiment's row opens as in
the explorer (`analysis.experiments.scenario`)."""

from __future__ import annotations


class _AtTheFlip(Exception):
    """Raised in place of a round's Flip: the round is set up, its decks shuffled."""


def _stop_at_the_flip(*args, **kwargs):
    raise _AtTheFlip


def round_start_scenario(game, round: int, rulings: dict) -> dict:
    """`game` (new, not yet played) played to the start of round `round`'s Flip and written as a
    scenario: decks top first as shuffled, dismissed piles, market, toon deck, first player,
    `rulings` (the setup's) and the game's seed, round, solo difficulty, critic's choice and
    end trigger, so that `play_game` of it with the game's policy plays the rest of the game as
    it went (`resolve` takes it too, for that round's Flip and Check Fame, when it names no solo
    game, critic's choice or end trigger). ValueError for a round the game does not reach."""
    for k in range(1, round):
        game.play_round()
        if game.result is not None:
            raise ValueError(f"round: this game ended after round {k}, got round={round}")
    game.flip_and_check_fame = _stop_at_the_flip  # play_round sets the round up, then stops
    try:
        game.play_round()
    except _AtTheFlip:
        pass
    t = game.table
    holder = next((p.index for p in t.players if p.critics_choice), None)
    return {
        "season": t.season,
        "players": [
            {
                "name": p.name,
                "deck": [c.id for c in p.deck],
                "dismissed": [c.id for c in p.dismissed],
            }
            for p in t.players
        ],
        "market": [c.id for c in t.market if c is not None],
        "toon_deck": [c.id for c in t.toon_deck],
        "first_player": t.first_player,
        "rulings": rulings,
        "seed": game.seed,
        "round": round,
        **({"solo": game.solo} if game.solo else {}),
        **({"critics_choice": holder} if holder is not None else {}),
        **({"end_triggered": True} if game.end_triggered else {}),
    }
