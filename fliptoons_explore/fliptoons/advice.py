"""What would a strong player do here, in FlipToons: the decision advised, where its simulations
start, and its options in words (`analysis.advice.advise` plays every option many times with the
search, `search.MonteCarloPolicy`, and makes the DataFrame, for any game).

    >>> from fliptoons_explore.analysis.advice import advise
    >>> advise(scenario)            # the first Market action no script answers   # doctest: +SKIP
                 option  win_rate   low  high  value  simulations   best
    0     hire:gorilla      0.41  0.32  0.51   0.52          100   True
    ...

The decision advised is a Market action (or the Skunk's dismissal, which comes just before the
Market): of a `Choice` as the engine asks it, or the first one no script answers when a scenario
is played on (`play_game`), or the next one when a `Game` at rest is played on (a copy of it: the
game itself does not move). The search does not look at what the player cannot see (the order of
the decks and of the toon deck: `search.determinise`); it plays each option on to the end of the
game many times, every option on the same samples of what is hidden, and counts the player's
wins: in a solo game, 30 fame in one Check Fame before the toon deck runs out (S2 Solo Play
Rules).
"""

from __future__ import annotations

from ..limits import quote
from ..policy import Choice, DefaultPolicy
from ..search import Decision
from .game import Game
from .grid import space_name

__all__ = ["advice_decision", "decision_of", "option_words", "decision_words", "EXPLAINED"]

#: The decisions advice is given on: the search starts from them.
ADVISED = ("market_action", "dismiss_skunk")
#: What the numbers of an advice mean, in one sentence (the explorer shows it under the table).
EXPLAINED = (
    "Each option is played on to the end of the game many times by a quick rollout policy, the "
    "hidden order of every deck and of the toon deck shuffled afresh each time (sampled, not "
    "peeked at), every option on the same samples; its win rate is the share of those games won, "
    "with a 95% interval."
)


class _Found(Exception):
    def __init__(self, choice: Choice) -> None:
        super().__init__(choice.kind)
        self.choice = choice


class _StopAt:
    """Answers as `inner` does until `player` (None: anyone) faces an advised decision, which it
    hands back by raising `_Found` (the table stays as it is at that decision)."""

    name = "advice"

    def __init__(self, player: int | None, inner=None) -> None:
        self.player = player
        self.inner = inner or DefaultPolicy()

    def choose(self, choice: Choice):
        if (
            choice.kind in ADVISED
            and choice.table is not None
            and self.player in (None, choice.player)
        ):
            raise _Found(choice)
        return self.inner.choose(choice)


def decision_of(game_or_situation, player: int | None = None) -> tuple[Choice, bool]:
    """(the decision to advise, whether the end was triggered): `game_or_situation` as a
    `Choice`, a scenario played on (its first Market action no script answers), or a copy of a
    `Game` at rest played on; of `player` (an index; None: whoever decides first). ValueError
    (one line) if there is none."""
    from .engine import play_game
    from .scenario import ScenarioError

    x = game_or_situation
    if isinstance(x, Choice):
        if x.kind not in ADVISED or x.table is None:
            raise ValueError(
                f"advise: advice is given on a Market action or the Skunk's dismissal, "
                f"got a {quote(x.kind)} decision"
            )
        return x, None
    stop = _StopAt(player)
    if isinstance(x, Game):
        if x.result is not None:
            raise ValueError("advise: this game is over: there is no decision left")
        copy = x.copy(stop)
        run, ended = copy.play, lambda: copy.end_triggered
    elif isinstance(x, dict):
        game = []

        def run():
            try:
                game.append(play_game(x, stop, traced=False))
            except ScenarioError as e:
                raise ValueError(f"advise: {e}") from None

        said = x.get("end_triggered") is True or x.get("critics_choice") is not None
        ended = (lambda: True) if said else None  # else read from the table (`search`)
    else:
        raise ValueError(
            f"advise: expected a Game, a scenario (a dict) or a Choice, got {quote(x)}"
        )
    try:
        run()
    except _Found as found:
        return found.choice, ended() if ended else None
    who = "anyone" if player is None else f"player {player}"
    raise ValueError(f"advise: the game ends with no Market action left for {who}")


def advice_decision(situation, player: int | None = None, policy=None) -> Decision:
    """The decision `advise` advises (`decision_of`), where `policy`'s simulations of it start
    (`MonteCarloPolicy.start`; the end trigger as the scenario says it, when it does), in words,
    with the fame left to its player."""
    from .search import MonteCarloPolicy

    choice, ended = decision_of(situation, player)
    start = (policy or MonteCarloPolicy()).start(choice)
    if ended is not None:
        start = start._replace(end_triggered=ended)
    fame_left = choice.table.players[choice.player].fame_left
    return Decision(choice, start, decision_words(choice), {"fame_left": fame_left})


def _card_name(card) -> str:
    return card.spec.name if card.face_up else f"face-down {card.spec.name}"


def _where(player, card) -> str:
    """' (slot 2)', in a stack ' (slot 2, card 2 of 3 in its stack)' (1: the bottom), in an
    extra row ' (extra row 1, middle)'."""
    at = player.grid.locate(card)
    if at is None:
        return ""
    row, col, height = at
    size = len(player.grid.at(row, col) or ())
    space = f"slot {row * 3 + col + 1}" if row >= 0 else space_name((row, col))
    return f" ({space}" + (f", card {height + 1} of {size} in its stack" if size > 1 else "") + ")"


def option_words(choice: Choice, option: int | None) -> str:
    """What an option of an advised decision does, in words: 'hire Goldfish for 4', 'dismiss
    Starfish for 5 (slot 2, card 2 of 3 in its stack)', 'skip'; the Skunk's 'dismiss Bee
    (slot 2)'; 'decline' (None). Slots are numbered as the rulebook's grid: 1-3 the upper row."""
    if option is None:
        return "decline"
    o = choice.options[option]
    player = choice.table.players[choice.player]
    verb = getattr(o, "verb", None)
    if verb == "skip":
        return "skip"
    if verb == "hire":
        return f"hire {_card_name(o.card)} for {o.cost}"
    if verb == "dismiss":
        return f"dismiss {_card_name(o.card)} for {o.cost}{_where(player, o.card)}"
    if hasattr(o, "spec"):  # a card (the Skunk's dismissal)
        return f"dismiss {_card_name(o)}{_where(player, o)}"
    return str(o)


def decision_words(choice: Choice) -> str:
    """The decision advised, in words: "Ann's Market action (29 fame to spend, 2 actions
    left)" or "Ben's dismissal for the Skunk (a face-up card of the grid, for 0; no action
    used)" (s1.faq.skunk)."""
    p = choice.table.players[choice.player]
    if choice.kind == "market_action":
        left = p.actions_left
        return (
            f"{p.name}'s Market action ({p.fame_left} fame to spend, "
            f"{left} action{'' if left == 1 else 's'} left)"
        )
    return f"{p.name}'s dismissal for the Skunk (a face-up card of the grid, for 0; no action used)"
