"""The explorer's examples menu: the rulebooks' worked examples and situations worth a look."""
from __future__ import annotations

EXAMPLES: dict[str, dict] = {
    "S2 rulebook: Check Fame example (13 fame)": {
        "season": "s2",
        "players": [
            {"name": "Jordy", "deck": ["mosquito", "capybara", "mosquito", "grasshopper", "rat", "firefly",
                                      "groundhog", "spider", "ladybug", "hen", "salamander"]},
            {"name": "Renato", "deck": ["mosquito", "mosquito", "spider", "grasshopper", "ladybug", "firefly"]}]},
    "S2 rulebook: Market example (play the round)": {
        "season": "s2", "first_player": 0,
        "players": [
            {"name": "Jordy", "deck": ["mosquito", "capybara", "mosquito", "grasshopper", "rat", "firefly",
                                      "groundhog", "spider", "ladybug", "hen", "salamander"],
             "actions": [{"hire": "raccoon"}, {"dismiss": "grasshopper"}], "choices": ["crow"]},
            {"name": "Renato", "deck": ["mosquito", "mosquito", "spider", "grasshopper", "ladybug", "firefly"],
             "dismissed": ["crow"], "actions": []}],
        "market": ["salamander", "raccoon", "opossum", "fox", "vulture"],
        "toon_deck": ["goldfish", "hen", "mole", "shark", "crab"]},
    "A Coyote lands above a Gorilla": {
        "season": "s2", "players": [{"name": "Ann", "deck": ["mosquito", "gorilla", "coyote", "rat", "mosquito"]}]},
    "A Crab in the middle column goes back to the deck": {
        "season": "s2", "players": [{"name": "Ann", "deck": ["mosquito", "crab", "spider", "grasshopper"]}]},
    "A Cow chooses whose fame to copy (a decision)": {
        "season": "s1", "players": [{"name": "Ann", "grid": [[["lion"], ["cow"], ["bee"]],
                                                             [None, ["bear"], None]]}]},
    "An Eagle turns the next card face down": {
        "season": "s1", "players": [{"name": "Ann", "deck": ["bee", "eagle", "turkey", "bull", "camel"]}]},
    "A Snake gains a Peacock from the toon deck": {
        "season": "s1", "players": [{"name": "Ann", "deck": ["snake", "bee"]}], "toon_deck": ["peacock"]},
    "Stacks: a Grasshopper under two Rats (built by hand)": {
        "season": "s2", "players": [{"name": "Ann", "grid": [[["spider"], ["mosquito"], ["hen"]],
                                                             [["grasshopper", "rat", "rat"], ["capybara"], None]],
                                     "deck": ["ladybug", "mosquito", "mosquito"]}]},
}
