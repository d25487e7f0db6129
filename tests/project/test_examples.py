"""The example scenarios of examples/ (shipped in the package) stay valid: each is resolved (or its
round played) and its outcome asserted exactly, as the rulebook or the FAQ entry it shows says."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from fliptoons_explore import play_game, play_round, resolve, round_scenario
from fliptoons_explore.analysis.compare import compare_rulings
from fliptoons_explore.fliptoons.engine import needs_game
from fliptoons_explore.material import example, examples, examples_dir
from util import CHECK_FAME_EXAMPLE, compact_grid

ROOT = Path(__file__).resolve().parents[2]


def doc(name: str) -> dict:
    return resolve(example(name)).to_json()


def test_every_example_is_listed_and_valid():
    """Every file resolves (a scenario with Market actions plays its round, one with a key about
    the game plays it to the end) and has its line in examples/README.md."""
    names = examples()
    assert names == sorted(p.stem for p in (ROOT / "examples").glob("*.json"))
    assert examples_dir() == ROOT / "examples"  # a checkout reads its own folder
    readme = (ROOT / "examples" / "README.md").read_text(encoding="utf-8")
    for name in names:
        scenario = example(name)
        if needs_game(scenario):
            play_game(scenario)
        elif any(p.get("actions") for p in scenario["players"]):
            play_round(scenario)
        else:
            resolve(scenario)
        assert f"`{name}.json`" in readme


def test_unknown_example():
    with pytest.raises(KeyError, match="no example scenario 'crab'.*crab-in-the-middle"):
        example("crab")


def test_check_fame_example():
    """S2 rulebook, Check Fame example: Jordy 13 (capybara 6, grasshopper 2, rat 1, firefly 1,
    groundhog 3, mosquitoes 0); Renato alone with the least fame, his Firefly +2: 8."""
    assert example("s2-check-fame-example") == CHECK_FAME_EXAMPLE
    shared = ROOT.parent / "shared" / "examples" / "s2-check-fame-example.json"
    if shared.exists():  # the copy is the shared rulebook example, unchanged
        assert (ROOT / "examples" / shared.name).read_bytes() == shared.read_bytes()
    jordy, renato = doc("s2-check-fame-example")["players"]
    assert compact_grid(jordy) == [
        ["mosquito", "capybara", "mosquito"],
        ["grasshopper+rat", "firefly", "groundhog"],
    ]
    assert jordy["fame"]["total"] == 13 and renato["fame"]["total"] == 8
    assert jordy["deck"] == ["spider", "ladybug", "hen", "salamander"]


def test_market_example():
    """S2 rulebook, Market phase example: the Raccoon for 4 and, through it, Renato's Crow for 0;
    the Grasshopper under the Rat dismissed for 5 - 1 = 4; 5 fame left; the Groundhog in slot 6
    dismissed after the Market (s2.faq.groundhog)."""
    shared = ROOT.parent / "shared" / "examples" / "s2-market-example.json"
    if shared.exists():
        assert (ROOT / "examples" / shared.name).read_bytes() == shared.read_bytes()
    jordy, renato = round_scenario(example("s2-market-example"))["players"]
    assert jordy["fame_left"] == 5
    assert jordy["deck"] == ["crow", "raccoon", "spider", "ladybug", "hen", "salamander"]
    assert jordy["dismissed"] == ["grasshopper", "groundhog"] and renato["dismissed"] == []


def test_coyote_above_gorilla():
    """S2 FAQ Gorilla: in the upper row, the next revealed card (the Coyote) goes into a new row
    above it. S2 FAQ Coyote: it returns the previously placed card (the Gorilla, to the bottom of
    the deck) and takes the space it left: the extra row is empty again."""
    d = doc("coyote-above-gorilla")
    ann = d["players"][0]
    assert compact_grid(ann) == [
        ["mosquito", "coyote", "mosquito"],
        ["spider", "mosquito+rat", "mosquito"],
    ]
    assert ann["deck"] == ["gorilla"] and ann["fame"]["total"] == 7
    events = [
        (e["event"], e["card"], e["rule"]) for e in d["trace"] if e["card"] in ("gorilla", "coyote")
    ]
    assert ("place", "coyote", "s2.faq.gorilla") in events
    assert ("return", "gorilla", "s2.keyword.return") in events
    assert ("move", "coyote", "card.coyote") in events


def test_crab_in_the_middle():
    """S2 FAQ Crab: placed in the middle column it returns itself to the bottom of the deck; it
    comes back last, in slot 6 (lower right), and stays."""
    d = doc("crab-in-the-middle")
    ann = d["players"][0]
    assert compact_grid(ann) == [
        ["mosquito", "spider", "mosquito+rat"],
        ["mosquito", "mosquito", "crab"],
    ]
    assert ann["fame"]["total"] == 8 and ann["deck"] == []
    crab = [
        (e["event"], e.get("pos"), e["rule"])
        for e in d["trace"]
        if e["card"] == "crab" and e["event"] in ("place", "return")
    ]
    assert crab == [
        ("place", [0, 1], "s2.flip.next-slot"),
        ("return", [0, 1], "s2.faq.crab"),
        ("place", [1, 2], "s2.flip.next-slot"),
    ]


def test_ostrich_stacks_a_monkey():
    """S1 FAQ Ostrich: the next revealed card is stacked on it; S1 FAQ Monkey: a Monkey placed in
    the upper row moves up into a new row; stacked there, it is placed there as S2 FAQ Crab reads
    "placed" (ruling stacked_is_placed, cited on the move). The Lion's neighbours have ranks 16 or
    lower: 3 + 4."""
    d = doc("ostrich-stacks-a-monkey")
    ann = d["players"][0]
    assert compact_grid(ann) == [
        [None, "monkey", None],
        ["bee", "ostrich", "bee"],
        ["skunk", "bee", "lion"],
    ]
    monkey = [
        (e["event"], e["rule"], e.get("ruling"))
        for e in d["trace"]
        if e["card"] == "monkey" and e["event"] in ("stack", "move")
    ]
    assert monkey == [
        ("stack", "s1.faq.ostrich", None),
        ("move", "s1.faq.monkey", "ruling.stacked_is_placed"),
    ]
    lion = next(c for c in ann["fame"]["cards"] if c["id"] == "lion")
    assert (lion["base"], lion["bonus"], ann["fame"]["total"]) == (3, 4, 14)


def test_cow_beside_a_goat():
    """S1 FAQ Cow: it copies one adjacent card's printed fame (the Goat's 1); ruling option
    cow_copies="total" copies its total (1 + 3 in the upper row: 4)."""
    c = compare_rulings(example("cow-beside-a-goat"), {"cow_copies": "total"})
    assert c.players[0].fame == (5, 8)
    assert [(x.id, x.before[1], x.after[1]) for x in c.players[0].cards] == [("cow", 1, 4)]


@pytest.mark.parametrize(
    "name, situation_name",
    [
        ("joelles-cascade", "fl.example.cascade.joelles-monkey-frog-sloth"),
        ("nicolass-great-tree", "fl.example.tree.nicolas-snake-parrot-frog-quokka"),
        ("tim-and-rachels-tie", "fl.example.tiebreak.tim-and-rachel-21"),
        ("moon-win-in-a-match", "fl.multi.moon.winner-25-others-zero"),
    ],
)
def test_flipology_examples_are_library_situations(name, situation_name):
    """Each Flipology example is the scenario of a library situation, and plays to the outcome the
    library writes down from the rulebook (Joelle 7 against 6; Nicolas 25 against 20; Rachel wins
    the 21-21 tie with four animals to three; Cleo's Moon win: 40, 60, 95)."""
    from fliptoons_explore import situation

    s = situation(situation_name)
    assert example(name) == s.scenario
    assert s.check() == []
    assert name in examples()


def test_the_examples_are_json_a_person_can_read():
    for path in sorted((ROOT / "examples").glob("*.json")):
        text = path.read_text(encoding="utf-8")
        assert text.endswith("\n") and "\t" not in text
        assert json.loads(text)["players"]


def test_final_flip_example():
    """S2 Final Flip: "If a player has the critic's choice card, they add 3 fame to their total":
    Ann 5 + 3 = 8 beats Ben's 6."""
    game = play_game(example("final-flip-critics-choice"))
    assert game.result.final_fame == [8, 6] and game.result.winners == [0]
