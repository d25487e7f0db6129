"""Policies: the default policy as documented, the greedy policy's
lookahead, the random policy's legality, and decisions going through one protocol."""

from fliptoons_explore import DefaultPolicy, RandomPolicy
from fliptoons_explore.fliptoons.game import Game
from fliptoons_explore.fliptoons.greedy import GreedyPolicy
from fliptoons_explore.fliptoons.scenario import load

M = "mosquito"
# Mosquito slot 1, capybaras fill the grid (2 + 4 each: four cards stay in the deck), 30 fame;
# the market offers only a 0-fame card for 3.
THIN = {
    "season": "s2",
    "market": [M, "ladybug"],
    "toon_deck": ["hen", "fox", "mole", "crab"],
    "players": [
        {
            "name": "Ann",
            "deck": [
                M,
                "capybara",
                "capybara",
                "capybara",
                "capybara",
                "capybara",
                M,
                M,
                M,
                "capybara",
            ],
        }
    ],
}


def market_actions(scenario, policy):
    """Play the scenario's round with `policy` and return the first player's Market actions."""
    table, _ = load(scenario)
    game = Game(table, policy, shuffle=False)
    game.play_round(stop_before_cleanup=True)
    return [
        (e.kind, e.card)
        for e in game.trace
        if e.phase == "market" and e.player == 0 and e.kind in ("hire", "dismiss", "skip")
    ]


def test_default_policy_hires_the_highest_printed_fame_it_can_pay():
    """DefaultPolicy docstring: the affordable market card with the highest printed fame (ladybug 1
    over mosquito 0), then the next best."""
    assert market_actions(THIN, DefaultPolicy()) == [("hire", "ladybug"), ("hire", M)]


def test_greedy_policy_dismisses_what_drags_the_next_flip_down():
    """With 30 fame and nothing worth hiring, the greedy policy thins the deck: it dismisses the
    0-fame Mosquito of its grid (so Capybaras show up more often) instead of hiring a 0-fame card;
    the other Mosquitoes are in the deck, out of reach, and dismissing a Capybara would hurt."""
    assert market_actions(THIN, GreedyPolicy()) == [("dismiss", M), ("skip", None)]


def test_greedy_policy_skips_when_nothing_helps():
    """Only a Mosquito to hire, no fame to dismiss: nothing raises the expected fame, so skip."""
    scenario = {
        "season": "s2",
        "market": [M],
        "players": [{"name": "Ann", "deck": [M, "ladybug", M]}],
    }
    assert market_actions(scenario, GreedyPolicy()) == [("skip", None), ("skip", None)]


def test_random_policy_is_legal_and_seeded():
    """The random policy answers only legal options (the game checks every answer) and the same
    seed gives the same game."""
    runs = [market_actions(THIN, RandomPolicy(3)) for _ in range(2)]
    assert runs[0] == runs[1]
    assert all(kind in ("hire", "dismiss", "skip") for kind, _ in runs[0])
