"""What would a strong player do here? Every option of a decision with its value to the player,
estimated by the Monte Carlo search (`fliptoons.montecarlo`).

    >>> from fliptoons_explore.analysis.advice import advise
    >>> advise(scenario)            # the first Market action no script answers   # doctest: +SKIP
                 option  win_rate   low  high  value  simulations   best
    0     hire:gorilla      0.41  0.32  0.51   0.52          100   True
    ...

The decision advised is a FlipToons Market action (or the Skunk's dismissal, which comes just
before the Market): of a `Choice` as the engine asks it, or the first one no script answers when
a scenario is played on (`play_game`), or the next one when a `Game` at rest is played on (a
copy of it: the game itself does not move). The search does not look at what the player cannot
see (the order of the decks and of the toon deck); it plays each option on to the end of the
game many times, every option on the same samples of what is hidden, and counts the player's
wins: in a solo game, 30 fame in one Check Fame before the toon deck runs out.
"""
from __future__ import annotations

from ..fliptoons.game import Game
from ..fliptoons.montecarlo import MonteCarloPolicy
from ..limits import quote
from ..policy import Choice, DefaultPolicy
from .experiments import _pandas, wilson

__all__ = ["advise", "decision_of"]

#: The decisions advice is given on: the search starts from them.
ADVISED = ("market_action", "dismiss_skunk")


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
        if choice.kind in ADVISED and choice.table is not None and self.player in (None, choice.player):
            raise _Found(choice)
        return self.inner.choose(choice)


def decision_of(game_or_situation, player: int | None = None) -> tuple[Choice, bool]:
    """(the decision to advise, whether the end was triggered): `game_or_situation` as a
    `Choice`, a scenario played on (its first Market action no script answers), or a copy of a
    `Game` at rest played on; of `player` (an index; None: whoever decides first). ValueError
    (one line) if there is none."""
    from ..fliptoons.engine import play_game
    from ..fliptoons.scenario import ScenarioError
    x = game_or_situation
    if isinstance(x, Choice):
        if x.kind not in ADVISED or x.table is None:
            raise ValueError(f"advise: advice is given on a Market action or the Skunk's dismissal, "
                             f"got a {quote(x.kind)} decision")
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
        ended = (lambda: True) if said else None  # else read from the table (`montecarlo`)
    else:
        raise ValueError(f"advise: expected a Game, a scenario (a dict) or a Choice, got {quote(x)}")
    try:
        run()
    except _Found as found:
        return found.choice, ended() if ended else None
    who = "anyone" if player is None else f"player {player}"
    raise ValueError(f"advise: the game ends with no Market action left for {who}")


def advise(game_or_situation, policy: MonteCarloPolicy | None = None, player: int | None = None,
           simulations: int = 100, seed: int = 0):
    """Each option of the decision (`decision_of`) with its estimated worth to the player who
    decides, best first: its name and `index` among the choice's options (None: declined),
    `win_rate`, the share of its `simulations` won (ties shared), with a
    95% Wilson interval (`low`, `high`), and `value`, what the search maximises (in a solo game
    the win rate plus a little for the fame of lost games: `MonteCarloPolicy.fame_weight`);
    `best` marks the option the search picks. Every option gets `simulations` simulations on
    the same samples of the hidden cards. `policy`: a `MonteCarloPolicy` (its rollout, its fame
    weight; default `MonteCarloPolicy(seed=seed)`). The DataFrame's `attrs` name the decision."""
    if isinstance(simulations, bool) or not isinstance(simulations, int) or simulations < 1:
        raise ValueError(f"simulations: expected a whole number of at least 1, got {quote(simulations)}")
    if policy is None:
        policy = MonteCarloPolicy(seed=seed)
    elif not isinstance(policy, MonteCarloPolicy):
        raise ValueError(f"policy: expected a MonteCarloPolicy (the search gives the advice), got {quote(policy)}")
    choice, ended = decision_of(game_or_situation, player)
    start = policy.start(choice)
    if ended is not None:
        start = start._replace(end_triggered=ended)
    options = len(choice.options) + choice.optional
    estimates = policy.search(choice, start, simulations * options, halving=False)
    best = max(estimates, key=lambda e: e.value)
    rows = []
    for e in estimates:
        low, high = wilson(e.wins, e.simulations)
        rows.append({"option": e.name, "index": e.option, "win_rate": e.wins / e.simulations, "low": low, "high": high,
                     "value": e.value, "simulations": e.simulations, "best": e is best})
    df = _pandas().DataFrame(rows).sort_values("value", ascending=False, kind="stable").reset_index(drop=True)
    table = choice.table
    df.attrs.update(kind=choice.kind, player=choice.player, name=table.players[choice.player].name,
                    question=choice.question, fame_left=table.players[choice.player].fame_left)
    return df
