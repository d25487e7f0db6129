"""What would a strong player do here, in Flipology: the decision advised, where its simulations
start, and its answers in words (`analysis.advice.advise` plays every answer many times with the
search, `search.SearchPolicy`, and makes the DataFrame, for any game).

    >>> from fliptoons_explore.analysis.advice import advise
    >>> df = advise({"game": "flipology", "players": [{"name": "Ann", "rows": [["dog", "kiwi", "panda"]]},
    ...                                                {"name": "Ben", "rows": [["frog", "cat"]]}]})
    >>> df[["words", "win_rate", "low", "high", "best"]].round(2)            # doctest: +SKIP
                            words  win_rate   low  high   best
    0    Ann's row, card 1: Dog 5      1.00  0.96  1.00   True
    1  Ann's row, card 3: Panda 9      0.49  0.39  0.59  False
    2   Ann's row, card 2: Kiwi 8      0.00  0.00  0.04  False
    >>> df.attrs["decision"]                                                # doctest: +SKIP
    "Ann's decision (turn 1, played on to complete the round): Which of your cards do you flip?"

The decision advised is the first one no script answers, of `player` (None: whoever decides
first), with what is played on after it:

- a **scenario** is played as the explorer's "play the round" plays it (`engine.play_round`):
  its turns, then the turns that complete the round they are in (a round is every player one
  turn, two in the Great Tree; a scenario with no turns plays one whole round), then the end of
  the game and its count. The decision is the first the scenario's `choices` (or `end_choices`)
  leave open: an effect's answer in one of its turns, the flip of a turn played on, a Hermit
  Crab's pick. Its horizon is that count: a scenario does not say how many turns of the game
  are left, and the count of the round is the end the explorer shows;
- a **game** made by `new_game` (not over) is played on from the decisions it has logged (a
  new game: from its deal) to its end (the whole match in the multi-game variant).

Decisions before it that no script answers (another player's, when `player` is given) are the
rollout's, and every simulation gives them again. A simulation replays the situation to the
decision (`SearchPolicy.play`), deals again at random what the deciding player has not seen
(`search.determinise`: other players' face-down cards they have not seen, their hands, the draw
pile and the face-down discard pile, which a Hermit Crab's owner sees), gives the answer and
plays on with the rollout for every player, as the search policy's own simulations do; its worth
is the player's share of the win (a tie shares it) and `SearchPolicy.value` (that share plus a little
for the score margin; in a multi-game scenario the win is its game's, the margin that of the
running scores). So the advice reads only what the deciding player sees. A scenario has no draw
pile: its unseen cards are dealt again among the places that hold them (the other players'
face-down cards, the face-down discard pile), so the advice knows which cards those are, as
the scenario's author does, but not where they lie.
"""  # noqa: E501

from __future__ import annotations

import copy

from ..jsonio import ScenarioError
from ..limits import quote
from ..policy import Choice, DefaultPolicy
from ..search import Decision, Replay
from .engine import play_scenario_game, scenario_game
from .game import Game
from .search import replayed
from .text import answer_words, face_name

__all__ = ["decision_of", "option_words", "EXPLAINED", "TIES"]

#: What the numbers of a Flipology advice mean (the explorer shows it under the table).
EXPLAINED = (
    "Each answer is played on many times to the count at the end of the round (a game made from a "
    "seed: to its end), every later decision by a quick rollout policy, what the deciding player "
    "has not seen (the others' face-down cards and hands, the draw pile, the face-down discards) "
    "dealt afresh each time (sampled, not peeked at), every answer on the same samples; its win "
    "rate is the share of those counts won (a tie shared), with a 95% interval. A card the "
    "deciding player has not seen is named as they know it: a face-down card."
)
#: What the search adds to a win rate to tell answers apart (`SearchPolicy.value`).
TIES = "equal win rates are told apart by the score margin"

_WHERE = {
    "deal": "the deal",
    "turns": "the turns",
    "end": "the end of the game",
    "score": "the end of the game",
}


class _Found(Exception):
    def __init__(self, choice: Choice) -> None:
        super().__init__(choice.kind)
        self.choice = choice


class _StopAt:
    """Gives the `replay` answers first, then answers as `rollout` does (keeping every answer in
    `given`) until `player` (None: anyone) faces a decision, which it hands back by raising
    `_Found` (the table stays as it is at that decision)."""

    name = "advice"

    def __init__(self, player: int | None, rollout, replay=()) -> None:
        self.player = player
        self.rollout = rollout
        self.replay = list(replay)
        self.given: list = []

    def choose(self, choice: Choice):
        k = len(self.given)
        if k < len(self.replay):
            answer = self.replay[k]
        elif self.player in (None, choice.player):
            raise _Found(choice)
        else:
            answer = self.rollout.choose(choice)
        self.given.append(answer)
        return answer


def _check_player(player, players: int) -> None:
    if player is None:
        return
    if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < players:
        raise ValueError(
            f"player: expected None or a player index, 0 to {players - 1}, got {quote(player)}"
        )


def _who(player, table) -> str:
    return "anyone" if player is None else table.players[player].name


def _decision(choice: Choice, prefix, scenario, options, where: str, field=None) -> Decision:
    """The decision advised, its simulations a replay (`search.Replay`), in words: "Ann's
    decision (turn 1): Dog: which adjacent card do you flip?"; the end its simulations play to
    ("the round", a scenario's; "the game") and the scenario's field its answer goes in."""
    words = f"{choice.table.players[choice.player].name}'s decision ({where}): {choice.question}"
    end = "the round" if scenario is not None else "the game"
    start = Replay(tuple(prefix), choice.player, scenario, options)
    return Decision(choice, start, words, {"end": end, "field": field})


def decision_of(situation, player: int | None = None, rollout=None) -> Decision:
    """The decision to advise (see the module), as `search.Decision`: of a Flipology scenario (a
    dict) or a `Game` made by `new_game`; of `player` (an index; None: whoever decides first).
    Earlier decisions no script answers are `rollout`'s (default `DefaultPolicy()`). ValueError
    (one line) when there is none, or for a bad scenario."""
    if isinstance(situation, Choice):
        raise ValueError(
            "advise: a Flipology decision is advised from its scenario or its game (a decision "
            "alone cannot be played on)"
        )
    rollout = rollout or DefaultPolicy()
    if isinstance(situation, dict):
        script = None
        try:
            stop = _StopAt(player, rollout)
            game, script = scenario_game(situation, stop, traced=False)
            _check_player(player, len(game.table.players))
            play_scenario_game(game, script, complete_round=True)
        except _Found as found:
            u = script.unanswered[-1]
            return _decision(
                found.choice,
                stop.given,
                copy.deepcopy(situation),
                None,
                _scenario_where(u.field, len(script.scripts.turns)),
                u.field,
            )
        except ScenarioError as e:
            raise ValueError(f"advise: {e}") from None
        raise ValueError(
            f"advise: the round ends with no decision the scenario leaves open for "
            f"{_who(player, game.table)}"
        )
    if isinstance(situation, Game):
        o = situation.options
        if not o:
            raise ValueError(
                "advise: this Flipology game was not made by new_game (nothing to replay it "
                "from): give its scenario instead"
            )
        if situation.result is not None:
            raise ValueError("advise: this game is over: there is no decision left")
        _check_player(player, o["players"])
        stop = _StopAt(player, rollout, situation.decisions)
        sim = replayed(o, stop)
        try:
            sim.play()
        except _Found as found:
            where = _WHERE.get(sim.phase, sim.phase)
            return _decision(found.choice, stop.given, None, dict(o), where)
        raise ValueError(
            f"advise: the game ends with no decision left for {_who(player, sim.table)}"
        )
    raise ValueError(
        f"advise: expected a Flipology scenario (a dict) or a Game, got {quote(situation)}"
    )


def _scenario_where(field: str, turns: int) -> str:
    if field == "end_choices":
        return "the end of the game"
    k = int(field.split("[")[1].split("]")[0])
    return f"turn {k + 1}" if k < turns else f"turn {k + 1}, played on to complete the round"


def option_words(choice: Choice, answer) -> str:
    """An answer in words, as the explorer's option buttons say it ("Ben's row, card 3: Frog 5"),
    naming only the cards the deciding player knows ("Ben's row, card 3: a face-down card"); the
    deal's two discards by their faces ("discard Kiwi 2 and Panda 4"); a decline "decline" (a
    Hermit Crab's "take none", Regrowth's "keep the hand")."""
    kind = choice.kind
    if answer is None:
        return {"hermit_crab": "take none", "regrowth": "keep the hand"}.get(kind, "decline")
    name = choice.script_names()[answer]
    table = choice.table
    if kind == "discard":
        hand = table.players[choice.player].hand
        return "discard " + " and ".join(face_name(hand[k].spec.id) for k in name)
    if kind == "regrowth":
        return "regrow: discard the hand, draw five new cards"
    return answer_words(name, table, choice.player)
