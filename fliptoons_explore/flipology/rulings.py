"""The ruling options of Flipology: the readings its rulebook leaves open, each a named switch
with its default (the most literal reading) and the alternatives a table might play (the
mechanism: `fliptoons_explore.rulings`). The trace cites `ruling.<name>` wherever an option
decided something."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ..rulings import RulingOption, RulingSet, options_table

__all__ = ["OPTIONS", "Rulings"]

OPTIONS: dict[str, RulingOption] = options_table(
    RulingOption(
        "tree_two_spaces",
        "any-path",
        ("any-path", "straight"),
        "In the Great Tree, which cards are 'two spaces away' (the Frog, and a Parrot as a Frog): "
        "any card two orthogonal steps away, L-shapes included, or only two steps in one line?",
        "Nicolas's Great Tree example has the Parrot, pretending to be a Frog, flip the Quokka in "
        "the row below: from the upper of two rows that reach is one step down and one sideways, "
        "an L. 'straight' keeps to two steps along a row or a column.",
    ),
    RulingOption(
        "effects_optional",
        False,
        (False, True),
        "Is an effect's flip (Dog, Frog, Hawk, Snake, Monkey, Mole, Wolves, Rain) optional?",
        "'If you have flipped a card face up and it has an effect, you must apply it' (Taking a "
        "Turn, 2); 'true' reads the cards' 'lets you' and 'allows you' as a choice. The Sun's flip "
        "and the Hermit Crab's pick are optional either way: their texts say so.",
    ),
    RulingOption(
        "monkey_flips",
        "face-up",
        ("face-up", "turn-over"),
        "Does a Monkey only turn face-down neighbours face up, or also turn a face-up neighbour "
        "face down?",
        "'The Monkey flips two cards faceup; if they both have active effects, you must choose and "
        "apply one effect only' (Taking a Turn, 2): a neighbour already face up stays so. "
        "'turn-over' reads the Monkey's own paragraph ('allows you to flip the two cards directly "
        "adjacent to it', to flip being to turn over) and Joelle's example, where the Monkey "
        "'flipped "
        "over the cards to its left and right'.",
    ),
    RulingOption(
        "clearing_face",
        "face-up",
        ("face-up", "face-down", "as-removed"),
        "Is the Clearing card that replaces a card the Wolves remove placed face up, face down, or "
        "with the removed card's face?",
        "Nothing hides it: it comes from the Clearings set aside 'within reach of all players' "
        "and fills the space in everyone's view; the others keep a face the removed card had.",
    ),
    RulingOption(
        "parrot_mimics_parrot",
        False,
        (False, True),
        "May a Parrot mimic another face-up Parrot?",
        "A Parrot's effect is to mimic another animal's effect, which the Parrot already does, so "
        "a Parrot offers nothing to mimic; 'true' offers it, and mimicking it is choosing again "
        "among the other face-up animals.",
    ),
    RulingOption(
        "parrot_mimics_passive",
        False,
        (False, True),
        "May a Parrot mimic a face-up animal without an active effect (a Cat, a Sloth, a Koala, a "
        "unique animal), and so do nothing?",
        "It mimics 'the active effect of any player's faceup animal', and those animals have none; "
        "'true' lets a Parrot choose one, which matters when effects must be applied.",
    ),
    RulingOption(
        "effects_on_themselves",
        True,
        (True, False),
        "May the Rain flip itself as its own row's card, and the Wolves remove themselves?",
        "The Rain flips 'one card in every row, including your own' and the Wolves remove 'any "
        "card in play, including your own': only the Wind ('all the other cards'), the Snake and "
        "the Mole ('any other card') leave themselves out.",
    ),
    RulingOption(
        "hermit_crab_picks",
        "each-crab",
        ("each-crab", "one-per-player"),
        "A player with two face-up Hermit Crabs: one pick from the discard pile per Crab, or one?",
        "'Anyone with a faceup Hermit Crab card decides ... if they want to use it to select a "
        "card': each card is used once.",
    ),
    RulingOption(
        "picked_animal_in_tiebreak",
        False,
        (False, True),
        "Does the animal a Hermit Crab picks count among its player's different face-up animals "
        "in the tiebreak?",
        "The tiebreak counts 'the different faceup animals in each player's row', and the picked "
        "card stays out of the row: it only adds its points.",
    ),
    RulingOption(
        "revealed_in_tiebreak",
        False,
        (False, True),
        "Do the Sloths and Koalas revealed at the end (face down until then) count among their "
        "player's different face-up animals in the tiebreak?",
        "After the reveal the count still calls them 'facedown Sloths or Koalas' ('Then add the "
        "points from any facedown Sloths or Koalas'), and the tiebreak counts 'different faceup "
        "animals'; 'true' counts them as the table shows them once revealed.",
    ),
    RulingOption(
        "moon_tiebreak",
        "most-animals",
        ("most-animals", "fewest-animals", "shared"),
        "With the Moon face up, a tie for the fewest points: broken by the most different face-up "
        "animals, by the fewest, or not broken (the tied players share the win)?",
        "The Tiebreaker applies to 'two or more players ... tied at the end of the game' without "
        "an exception for the Moon.",
    ),
    RulingOption(
        "tree_start_tie",
        "clockwise",
        ("clockwise", "keep"),
        "Great Tree: when players other than the starting player tie for the highest score "
        "showing, "
        "who starts the next round?",
        "'The player with the highest score showing takes the baobab tile ... If the previous "
        "starting player is in a tie for the highest score, the starting player doesn't change' "
        "(Great Tree Variant): the tile goes to a player with the highest score, the first of the "
        "tied clockwise from the previous starting player. 'keep' reads a tie the previous "
        "starting "
        "player is not in as no one player having the highest score, so the tile stays.",
    ),
    RulingOption(
        "multi_moon_bonus",
        "face-up",
        ("face-up", "in-a-row"),
        "Multi-game: which Moon 'in play' makes a win worth 25 and the others' scores zero: a "
        "face-up Moon (the one that decided the winner), or the Moon in any row, even face down?",
        "The Moon changes the winner only 'if it finishes the game faceup in a player's row'; a "
        "win 'with a moon in play' is that win.",
    ),
    RulingOption(
        "multi_moon_points",
        25,
        (25, 35),
        "Multi-game: how many points does a win with the Moon in play add to the winner's running "
        "score: 25, or 25 and the round winner's extra 10?",
        "'If a player wins a game with a moon in play, they earn 25 points and their opponents all "
        "score zero' (Nature Multi-Game Variant) names the winner's points; 35 adds 'The winner of "
        "a "
        "round gets an extra 10 points added to their cumulative score' on top of them.",
    ),
)


@dataclass(frozen=True)
class Rulings(RulingSet):
    """The ruling options of Flipology in force. Field defaults are the documented defaults of
    `OPTIONS`."""

    OPTIONS: ClassVar[dict[str, RulingOption]] = OPTIONS

    tree_two_spaces: str = "any-path"
    effects_optional: bool = False
    monkey_flips: str = "face-up"
    clearing_face: str = "face-up"
    parrot_mimics_parrot: bool = False
    parrot_mimics_passive: bool = False
    effects_on_themselves: bool = True
    hermit_crab_picks: str = "each-crab"
    picked_animal_in_tiebreak: bool = False
    revealed_in_tiebreak: bool = False
    moon_tiebreak: str = "most-animals"
    tree_start_tie: str = "clockwise"
    multi_moon_bonus: str = "face-up"
    multi_moon_points: int = 25


Rulings.check_fields()
