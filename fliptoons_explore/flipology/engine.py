"""Resolving a Flipology scenario: its turns, in order, each flipping the card it names and
answering its decisions from the turn's `choices` (depth first through the cascade), then the end
of the game and its count (`score` is the end-of-game count of the table after those turns).

    >>> from fliptoons_explore.flipology import resolve
    >>> r = resolve({"game": "flipology", "players": [{"name": "Ann", "rows": [["dog", "panda"]]},
    ...                                               {"name": "Ben", "rows": [["kiwi"]]}],
    ...              "turns": [{"player": 0, "flip": [0, 0], "choices": [[0, 0, 1]]}]})
    >>> [p.score for p in r.players]
    [14, 0]
"""

from __future__ import annotations

from ..jsonio import ScenarioError
from ..limits import quote
from ..policy import DefaultPolicy, Policy, ScriptedPolicy, ScriptError, Unanswered, check_policy
from ..resolution import Resolution
from .cards import spec_of
from .count import add_game, finish
from .game import TREE_TURNS, Game
from .scenario import load

__all__ = [
    "resolve",
    "play_round",
    "play_as_written",
    "resolve_scenario",
    "resolve_asking",
    "ScenarioScript",
    "Unanswered",
    "scenario_game",
    "play_scenario_game",
]


class ScenarioScript:
    """A scenario's answers: each turn's `choices`, in the order its decisions arise, then the
    `end_choices` (the Hermit Crab picks, in player order); what a script does not answer,
    `fallback` answers (and `unanswered` lists). A Rain takes one answer for all its rows: a list
    of positions, one per row; rows past the end of the list are asked."""

    name = "scripted"

    def __init__(self, scripts, fallback: Policy | None = None) -> None:
        self.scripts = scripts
        self.fallback = check_policy(fallback) or DefaultPolicy()
        self.entries: list = []
        self.where = ""
        self.used = self.extra = 0  # entries used; decisions asked of the fallback past them
        self.asked = 0  # decisions asked so far (the game's `decisions`, in order)
        self.unanswered: list[Unanswered] = []
        # the list answering a Sun's peek: (answer, where, entry index)
        self.part: tuple = (
            None,
            "",
            0,
        )

    def start(self, entries: list, where: str) -> None:
        """Answer from `entries` (named `where` in messages) from now on."""
        self.entries, self.where, self.used, self.extra = list(entries), where, 0, 0

    def _fall_back(self, choice, row=None, index=None):
        if index is None:
            index = self.used + self.extra
            self.extra += 1
        self.unanswered.append(Unanswered(self.asked, self.where, index, row, choice))
        self.asked += 1
        return self.fallback.choose(choice)

    def check_used(self) -> None:
        """Every entry was an answer: one left over is a mistake in the scenario."""
        if self.used < len(self.entries):
            raise ScenarioError(
                f"{self.where}[{self.used}]: no decision is left to answer "
                f"({self.used} of {len(self.entries)} answers used)"
            )

    def _next(self):
        k = self.used
        self.used += 1
        return self.entries[k], f"{self.where}[{k}]"

    def choose(self, choice):
        if self.used >= len(self.entries):
            return self._fall_back(choice)
        self.asked += 1
        answer, where = self._next()
        if choice.kind == "monkey_pair" and isinstance(answer, list):
            answer = sorted(answer, key=lambda q: q if isinstance(q, list) else [])
        elif choice.kind == "hermit_crab":
            answer = _pick_name(answer, where)
        elif (
            choice.kind == "sun"
            and isinstance(answer, list)
            and tuple(answer) not in choice.options
        ):
            peeked = ", ".join(quote(list(q)) for q in choice.options)
            raise ScriptError(
                f"{where}: {quote(answer)} was not peeked at: the Sun flips one of the cards it "
                f"peeked at ({peeked}) or none (null)"
            )
        return ScriptedPolicy.read(answer, choice, where)

    def choose_part(self, choice, k: int, n: int):
        """The k-th of `n` decisions that one entry answers as a list (the Sun's peek: up to three
        positions [PLAYER, ROW, COL], each a face-down card of an opponent, none twice); the
        picks the list does not reach are asked of `fallback`."""
        if k == 0:
            if self.used >= len(self.entries):
                self.part = (None, "", self.used + self.extra)
                self.extra += 1
            else:
                answer, where = self._next()
                if (
                    not isinstance(answer, list)
                    or len(answer) > n
                    or not all(isinstance(a, list) for a in answer)
                ):
                    raise ScriptError(
                        f"{where}: the Sun peeks at {n} face-down cards of opponents: expected a "
                        f"list of up to {n} positions [PLAYER, ROW, COL], got {quote(answer)}"
                    )
                self.part = (answer, where, self.used - 1)
        answer, where, index = self.part
        if answer is None or k >= len(answer):
            return self._fall_back(choice, k, index)
        self.asked += 1
        if answer[k] in answer[:k]:
            raise ScriptError(
                f"{where}[{k}]: {quote(answer[k])} is peeked at twice (the Sun peeks at {n} "
                f"different cards)"
            )
        return ScriptedPolicy.read(answer[k], choice, f"{where}[{k}]")

    def choose_group(self, choices) -> list:
        """The Rain's rows, from one answer: a list of positions, one per row, in seat order from
        the acting player (or null, to decline all where the ruling `effects_optional` allows
        it); the rows the list does not reach are asked of `fallback`."""
        real = [len(c.options) > 1 or c.optional for c in choices]
        if self.used >= len(self.entries):
            index = self.used + self.extra
            self.extra += 1
            return [self._fall_back(c, k, index) if real[k] else 0 for k, c in enumerate(choices)]
        answer, where = self._next()
        optional = all(c.optional for c in choices)
        if answer is None and optional:
            self.asked += sum(real)
            return [None] * len(choices)
        if answer is None:
            raise ScriptError(
                f"{where}: null declines, but the Rain must be answered: one card in each of "
                f"{len(choices)} rows (a list of positions [PLAYER, ROW, COL], one per row in seat "
                f"order from the acting player)"
            )
        if not isinstance(answer, list) or len(answer) > len(choices):
            raise ScriptError(
                f"{where}: the Rain flips one card in each of {len(choices)} rows: expected a list "
                f"of {len(choices)} positions [PLAYER, ROW, COL], one per row in seat order from "
                f"the acting player"
            )
        out = []
        for k, c in enumerate(choices):
            if k < len(answer):
                out.append(ScriptedPolicy.read(answer[k], c, f"{where}[{k}]"))
                self.asked += real[k]
            else:
                out.append(self._fall_back(c, k, self.used - 1) if real[k] else 0)
        return out


def _pick_name(answer, where: str):
    """A Hermit Crab pick as its option is named: a card id ('sloth' reads 'sloth:6'), with
    `{"id": ..., "face_up": true}` for a Sloth or a Koala counted face up."""
    if answer is None:
        return None
    face_up = False
    if isinstance(answer, dict):
        face_up = answer.get("face_up", False)
        answer = answer.get("id")
    try:
        spec = spec_of(answer)
    except KeyError as e:
        raise ScriptError(f"{where}: {e.args[0]}") from None
    if face_up and spec.group != "sleeper":
        raise ScriptError(
            f'{where}: "face_up" is for a Sloth or a Koala ("Sloths and koalas can be treated as '
            f'faceup or facedown"), not {quote(answer)}'
        )
    return {"id": spec.id, "face_up": True} if face_up else spec.id


def _play_turns(game: Game, script: ScenarioScript, turns: list[dict]) -> None:
    for k, turn in enumerate(turns):
        script.start(turn["choices"], f"turns[{k}].choices")
        game.turn(turn["player"], k + 1, len(turns), turn["flip"])
        script.check_used()


def _finish(game: Game, script: ScenarioScript, reason: str):
    t = game.table
    script.start(script.scripts.end_choices, "end_choices")
    result = finish(game, reason)
    script.check_used()
    if t.variant == "multi":
        before = t.running or [0] * len(t.players)
        added = add_game(game, result, before, "Running scores: ", announce=True)
        result.game_points, result.running = added.points, added.running
    return result


def scenario_game(
    scenario: dict, policy: Policy | None = None, traced: bool = True, record: bool = False
) -> tuple[Game, ScenarioScript]:
    """A scenario's game before its first turn, and the script that answers its decisions
    (`policy` the ones the script does not): what `play_scenario_game` plays. ScenarioError (one
    line) for a bad scenario."""
    table, scripts = load(scenario)
    script = ScenarioScript(scripts, policy)
    return Game(table, script, traced or record, record), script


def play_scenario_game(game: Game, script: ScenarioScript, complete_round: bool = False):
    """Play a scenario's game (`scenario_game`): its turns (and, `complete_round`, the turns
    that complete the round they are in, each the policy's: a round is every player one turn,
    two in the Great Tree, in turn order from `first_player`; a scenario with no turns plays one
    whole round), then the end of the game and its count; the `GameResult`."""
    table, scripts = game.table, script.scripts
    _play_turns(game, script, scripts.turns)
    reason = "the scenario's turns are played"
    if complete_round:
        n = len(table.players)
        per_round = n * (TREE_TURNS if table.tree else 1)
        done = len(scripts.turns)
        left = per_round if done == 0 else (-done) % per_round
        order = table.clockwise()
        for j in range(left):
            script.start([], f"turns[{done + j}].choices")
            game.turn(order[(done + j) % n].index, done + j + 1, done + left)
        reason = "the round is played"
    return _finish(game, script, reason)


def _play(scenario: dict, policy, traced: bool, record: bool, complete_round: bool):
    """(Resolution, game, script) of a scenario's turns (and, `complete_round`, the turns that
    complete their round), then the count."""
    game, script = scenario_game(scenario, policy, traced, record)
    play_scenario_game(game, script, complete_round)
    return Resolution(game.table, game.trace), game, script


def resolve(
    scenario: dict, policy: Policy | None = None, traced: bool = True, record: bool = False
) -> Resolution:
    """Resolve a Flipology scenario: its turns, then the end of the game and the count. Its
    scripted choices answer first, then `policy` (default: `DefaultPolicy`). Raises
    `ScenarioError` for a bad scenario or a scripted answer that is not legal."""
    return _play(scenario, policy, traced, record, False)[0]


def play_round(scenario: dict, policy: Policy | None = None, record: bool = False) -> Resolution:
    """The scenario's turns, then the turns that complete the round they are in, each chosen by
    `policy` (a round: every player one turn in Nature, two in the Great Tree, in turn order from
    `first_player`), then the count."""
    return _play(scenario, policy, True, record, True)[0]


def resolve_asking(scenario: dict, policy: Policy | None = None, play: str = "resolve"):
    """Resolve (`play` "round": play the round) with every state recorded, and the decisions the
    scenario's choices did not answer, each as (its trace step, `Unanswered`): what an
    interactive explorer asks."""
    resolution, game, script = _play(scenario, policy, True, True, play == "round")
    return resolution, [(game.decision_steps[u.number], u) for u in script.unanswered]


def play_as_written(
    scenario: dict, policy: Policy | None = None, record: bool = False
) -> Resolution:
    """A scenario as its author wrote it: its turns and the count (`resolve`)."""
    return resolve(scenario, policy, record=record)


def resolve_scenario(scenario: dict) -> dict:
    """Resolve a Flipology scenario and return the command line's JSON document."""
    return resolve(scenario).to_json()
