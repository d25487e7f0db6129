"""Every event cites a rule of its own season, and the part of it that decided.

Walked over the whole situation library and over seeded games of each season (solo games among them,
every decision answered at random; the games of tests/fliptoons/test_seeded_games.py too): each
cited rule exists, belongs to the season played (`fliptoons.rules.seasons_of_rule`: a Season 1 game
cites the Season 1 rulebook, the Season 2 Key Concepts without a Season 1 wording, a card's own
text...) and a decision about a card cites a rule that names that card.
"""

from __future__ import annotations

from fliptoons_explore import RandomPolicy, play_round, resolve, situations
from fliptoons_explore.fliptoons.game import new_game
from fliptoons_explore.fliptoons.rules import SEASON_1_WORDING
from fliptoons_explore.rules import RULES
from util import citation_misfit

SOLO = ("easy", "normal", "hard")


def misfits(trace, season: str) -> list[str]:
    """The events of a trace whose rule does not fit the season (`util.citation_misfit`)."""
    return [m for m in (citation_misfit(e, season) for e in trace) if m]


def game_of(seed: int, season: str):
    """A seeded game: every fifth one solo (difficulties in turn), else 2 to 4 players (up to 8
    in the combined game), decisions at random."""
    if seed % 5 == 0:
        players, solo = 1, SOLO[seed // 5 % 3]
    else:
        players, solo = 2 + seed % (7 if season == "combined" else 3), None
    game = new_game(season, players, seed=seed, solo=solo, policy=RandomPolicy(seed))
    game.play()
    return game


def test_every_situation_of_the_library_cites_rules_of_its_season():
    bad = {}
    for s in situations(game="fliptoons"):
        found = misfits(s.run().trace, s.scenario.get("season", "s2"))
        if found:
            bad[s.name] = found[:3]
    assert bad == {}


def test_a_few_seeded_games_of_each_season_cite_rules_of_their_season():
    """A few games here; tests/fliptoons/test_seeded_games.py checks every event of its seeded games
    of every mode in the same way (2,000 of each under the soak switch, solo games among them)."""
    for season in ("s1", "s2", "combined"):
        for seed in range(12):
            assert misfits(game_of(seed, season).trace, season) == [], (season, seed)


# -- the citations the issue names ----------------------------------------------------------------

MARKET_S1 = {
    "season": "s1",
    "players": [
        {
            "name": "Ann",
            "deck": ["lion", "bear", "caterpillar", "caterpillar", "bee", "snail"],
            "actions": [{"hire": "sheep"}],
        }
    ],
    "market": ["sheep", "goat", "deer", "camel", "rooster"],
    "toon_deck": ["cow"],
}


def test_a_season_1_hire_cites_the_season_1_rulebook():
    """S1 rulebook, Market: Hire a Toon (the Season 2 one said the same, but is not this game's)."""
    game = play_round(MARKET_S1)
    assert [
        (e.kind, e.rule)
        for e in game.trace
        if e.kind in ("hire", "refill", "phase") and e.phase == "market"
    ][:3] == [("phase", "s1.market"), ("hire", "s1.market.hire"), ("refill", "s1.market.refill")]


def test_a_reveal_cites_the_reveal_and_a_placement_the_next_slot():
    """S2 Flip: "Next, they reveal cards from the top of their deck one at a time and place them
    in a 3-by-2 grid, from left to right, top row followed by bottom row"; the phase itself
    cites the whole section, the end of a full grid its "until all six slots are occupied"."""
    r = resolve({"season": "s2", "players": [{"name": "Ann", "deck": ["mosquito"] * 6}]})
    rules = [(e.kind, e.rule) for e in r.trace if e.phase == "flip"]
    assert rules[:3] == [
        ("phase", "s2.flip"),
        ("reveal", "s2.flip.reveal"),
        ("place", "s2.flip.next-slot"),
    ]
    assert rules[-1] == ("end_flip", "s2.flip.fill")
    s1 = resolve({"season": "s1", "players": [{"name": "Ann", "deck": ["bee"]}]})
    assert [e.rule for e in s1.trace if e.phase == "flip"] == [
        "s1.flip",
        "s1.flip.reveal",
        "s1.flip.next-slot",
        "s1.flip.short-deck",
    ]


def test_a_cow_cites_its_faq_entry_only_when_a_stack_is_adjacent():
    """S1 FAQ, Cow: "If a stack is adjacent to the cow, the cow may copy the fame of any one card
    in that stack" — without an adjacent stack, what decides is the card's own text."""
    alone = {
        "season": "s1",
        "players": [
            {"name": "Ann", "grid": [[["lion"], ["cow"], ["bee"]], [None, ["bear"], None]]}
        ],
    }
    stacked = {
        "season": "s1",
        "players": [
            {"name": "Ann", "grid": [[["lion", "bee"], ["cow"], None], [None, None, None]]}
        ],
    }
    for scenario, rule in ((alone, "card.cow"), (stacked, "s1.faq.cow")):
        trace = resolve(scenario).trace
        assert [(e.kind, e.rule) for e in trace if e.card == "cow"] == [
            ("decision", rule),
            ("fame", rule),
        ]


def test_season_1_wordings_say_the_same_as_the_season_2_rules_they_stand_for():
    """Each pair of `SEASON_1_WORDING` is one rule in both rulebooks: in the same chapter (or the
    one where the Season 1 rulebook prints it), most of them in the very same words."""
    moved = {
        "s2.market.order": "Flip",
        "s2.key.stack-adjacency": "Keywords",
        "s2.key.stacked-cards": "Keywords",
        "s2.key.face-down": "Keywords",
        "s2.key.face-down.flipped-up": "Keywords",
    }
    chapter = lambda rule: rule.section.split(":")[0].lower()  # noqa: E731
    worded = 0
    for s2, s1 in SEASON_1_WORDING.items():
        assert RULES[s1].source == "S1" and RULES[s2].source == "S2"
        assert chapter(RULES[s1]) == moved.get(s2, chapter(RULES[s2])).lower(), (s2, s1)
        worded += RULES[s1].paraphrase == RULES[s2].paraphrase
    assert worded >= len(SEASON_1_WORDING) // 2
