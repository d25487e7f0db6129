"""A scenario's scripts, played as the policy of its round or game (docs/scenarios.md): each
player's answers to their decisions, and their Market actions in order, `{"hire": ID}`,
`{"dismiss": ID}` or `{"skip": true}` (S2 Market: up to two actions a turn, each a Hire, a
Dismiss or a skip).

`ScriptedRound` follows a round's scripts (`play_round`: a player whose actions have run out
skips); `ScriptedGame` a whole game's, round by round (`play_game`: once a round's scripts have
run out, the policy decides). An action that cannot be taken is refused with a one-line
`ScriptError` saying where it is written and why (`market.why_illegal`).
"""

from __future__ import annotations

from ..policy import Choice, DefaultPolicy, Policy, ScriptedPolicy, ScriptError
from .market import SKIP, topmost_face_up, why_illegal


def scripted_action(table, player, options, action: dict):
    """The option a scenario's action names ({"hire": ID}, {"dismiss": ID}, {"skip": true})."""
    ((verb, arg),) = action.items()
    if verb == "skip":
        return options.index(SKIP)
    if verb == "dismiss":
        target = topmost_face_up(player, arg)
        for i, o in enumerate(options):
            if o.verb == "dismiss" and o.card is target:
                return i
    for i, o in enumerate(options):
        if o.verb == verb and o.card.spec.id == arg:
            return i
    return None


class ScriptedRound(ScriptedPolicy):
    """A scenario's scripts for a round: each player's answers to their decisions (`scripts`, as
    `ScriptedPolicy` reads them) and their Market actions in order (`actions`: {player: [{"hire":
    ID} | {"dismiss": ID} | {"skip": true}]}); a player whose actions have run out skips."""

    name = "scripted"

    def __init__(
        self,
        scripts: dict[int, list],
        fallback: Policy | None = None,
        actions: dict[int, list[dict]] | None = None,
    ) -> None:
        super().__init__(scripts, fallback or DefaultPolicy())
        self.actions = {p: list(a) for p, a in (actions or {}).items()}
        self.acted = {p: 0 for p in self.actions}

    def choose(self, choice: Choice) -> int | None:
        if choice.kind == "market_action":
            self.asked += 1  # answered by the script, or skipped: never unanswered
            return self.choose_action(choice)
        return super().choose(choice)

    def choose_action(self, choice: Choice) -> int:
        """A scenario's next scripted Market action for the player; skip once they run out."""
        p = choice.player
        k = self.acted.get(p, 0)
        script = self.actions.get(p, [])
        if k >= len(script):
            return choice.options.index(SKIP)
        self.acted[p] = k + 1
        return _scripted_option(choice, script[k], f"players[{p}].actions[{k}]")


def _scripted_option(choice: Choice, action: dict, where: str) -> int:
    """The option of a Market action choice that a scripted action names; ScriptError (one line,
    `where`) saying why it cannot be taken."""
    player = choice.table.players[choice.player]
    i = scripted_action(choice.table, player, list(choice.options), action)
    if i is None:
        ((verb, arg),) = action.items()
        raise ScriptError(f"{where}: {why_illegal(choice.table, player, verb, arg)}")
    return i


class ScriptedGame(ScriptedPolicy):
    """A scenario's scripts for a whole game (`scenario.GameSetup`): each player's answers and
    Market actions round by round, the k-th list in the k-th round from the scenario's (the
    Final Flip takes the list after the last round's). What no script answers `fallback` answers:
    a decision once the round's answers have run out, a Market action once the round's actions
    have (where `round` skips). `follow(game)` ties it to the game, whose `stage` says which
    round it is; `finish()` refuses scripted actions that were never taken."""

    name = "scripted"

    def __init__(self, setup, fallback: Policy | None = None) -> None:
        super().__init__({}, fallback)
        self.setup = setup
        self.game = None
        self.k = -1  # the round being scripted, 0 the scenario's
        self.label = ""
        self.actions: dict[int, list] = {}
        self.acted: dict[int, int] = {}

    def follow(self, game) -> ScriptedGame:
        self.game = game
        return self

    def _round(self) -> None:
        """Move on to the scripts of the round the game is in (checking the last one's)."""
        k = self.game.stage - 1
        if k == self.k:
            return
        self._check_taken()
        self.k = k
        self.label = "the Final Flip" if self.game.final else f"round {self.game.round}"
        self.scripts = {p: list(r[k]) if k < len(r) else [] for p, r in self.setup.choices.items()}
        self.used = {p: 0 for p in self.scripts}
        self.actions = {p: list(r[k]) if k < len(r) else [] for p, r in self.setup.actions.items()}
        self.acted = {p: 0 for p in self.actions}

    def _check_taken(self) -> None:
        for p, script in self.actions.items():
            if self.acted.get(p, 0) < len(script):
                name = self.game.table.players[p].name
                raise ScriptError(
                    f"{self.setup.where(p, 'actions', self.k, self.acted[p])}: more "
                    f"actions than {name} takes in {self.label}"
                    + (" (it has no Market)" if self.label == "the Final Flip" else "")
                )

    def finish(self) -> None:
        """At the end of the game: every scripted action was taken (ScriptError otherwise)."""
        if self.game.stage - 1 != self.k:
            self._round()
        self._check_taken()
        for p, rounds in self.setup.actions.items():
            for k in range(self.k + 1, len(rounds)):
                if rounds[k]:
                    raise ScriptError(
                        f"{self.setup.where(p, 'actions', k)}: a script for a round the "
                        f"game does not reach (it ended in {self.label})"
                    )

    def choose(self, choice: Choice) -> int | None:
        """The round's next scripted answer or Market action of the player; past them, the
        fallback's (kept in `unanswered`, with the round and the entry it would be)."""
        self._round()
        p = choice.player
        if choice.kind == "market_action":
            key, done, script = "actions", self.acted, self.actions.get(p, [])
        else:
            key, done, script = "choices", self.used, self.scripts.get(p, [])
        j = done.get(p, 0)
        done[p] = j + 1
        if j >= len(script):
            return self.fall_back(choice, self.setup.where(p, key, self.k), j, self.k)
        self.asked += 1
        where = self.setup.where(p, key, self.k, j)
        if key == "actions":
            return _scripted_option(choice, script[j], where)
        return self.read(script[j], choice, where)
