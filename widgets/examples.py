"""The explorer's examples menu: every situation of the library (`fliptoons_explore.situations`),
the rulebooks' worked examples first, then the Key Concepts, the Keywords, each season's FAQ and
the end of the game, then Flipology's (its rulebook's three examples and every rule and
clarification a table in play can show), and a few situations worth a first look (a Coyote above
a Gorilla, a Cow's choice). Choosing a Flipology entry switches the explorer to Flipology."""

from __future__ import annotations

from dataclasses import dataclass

from fliptoons_explore import situations

#: The library's files in the menu's order, with the words that head their entries.
HEADINGS = {
    "examples.json": "Rulebook example",
    "s2-key-concepts.json": "Key Concept",
    "keywords.json": "Keyword",
    "s2-faq.json": "S2 FAQ",
    "s1-faq.json": "S1 FAQ",
    "rules-of-play.json": "Rules of play",
    "end-of-game.json": "End of game",
    "flipology.json": "Flipology",
}


@dataclass(frozen=True)
class Example:
    """One entry of the menu: a scenario, how it is played, and what it shows in words."""

    name: str
    label: str
    scenario: dict
    play: str  # "resolve", "round" or "game" (play to the end)
    title: str
    explain: str = ""
    rules: tuple = ()


FIRST_LOOK = (
    Example(
        "first.coyote-above-a-gorilla",
        "First look · A Coyote lands above a Gorilla",
        {
            "season": "s2",
            "players": [
                {"name": "Ann", "deck": ["mosquito", "gorilla", "coyote", "rat", "mosquito"]}
            ],
        },
        "resolve",
        "A Coyote lands above a Gorilla",
        "The Gorilla in the upper row puts the next revealed card, the Coyote, into a new row "
        "above it. "
        "The Coyote then returns the previously placed card, the Gorilla, and takes the space it "
        "left.",
        ("s2.faq.gorilla", "s2.faq.coyote", "s2.key.previous-placed"),
    ),
    Example(
        "first.cow-chooses",
        "First look · A Cow chooses whose fame to copy (a decision)",
        {
            "season": "s1",
            "players": [
                {"name": "Ann", "grid": [[["lion"], ["cow"], ["bee"]], [None, ["bear"], None]]}
            ],
        },
        "resolve",
        "A Cow chooses whose fame to copy",
        "The Cow's fame equals the fame of one adjacent card of its owner's choice: the stepper "
        "waits at "
        "the question and shows what each answer gives.",
        ("s1.faq.cow",),
    ),
)


def examples() -> dict[str, Example]:
    """Every example by name, in the menu's order."""
    out = {e.name: e for e in FIRST_LOOK}
    order = list(HEADINGS)
    for s in sorted(
        situations(), key=lambda s: order.index(s.file) if s.file in order else len(order)
    ):
        heading = HEADINGS.get(s.file, "Situation")
        out[s.name] = Example(
            s.name, f"{heading} · {s.title}", s.scenario, s.play, s.title, s.explain, tuple(s.rules)
        )
    return out


EXAMPLES = examples()
