"""The situation being built in the explorer: a scenario (the format of
docs/scenarios.md) kept as plain data, with the edits the builder makes.

Pure Python, no widgets: the explorer's controls call these methods, and tests can too. Every
edit keeps the data in the scenario format; whether the engine accepts it is the engine's
business (`fliptoons_explore.fliptoons.scenario.load`), so a half-built situation can be shown with
the engine's own one-line message about what is still wrong.

Where a card goes (a *target*) is a tuple: ("deck", i), ("dismissed", i), ("grid", i, row, col)
(row as in docs/engine.md: 0 upper, 1 lower, -1 the first extra row), ("market",) or
("toon_deck",).

Every edit can be undone and redone (`undo`, `redo`; each edit that changed something is one
step of the history, named in words: "add Crab to Ann's deck"), and an edit that fails changes
nothing. Nothing the user made is thrown away without a way back: a grid built by hand that is
switched off is put aside and comes back when it is switched on again (or with `undo`).
"""

from __future__ import annotations

import copy
import json
from contextlib import contextmanager

from fliptoons_explore.fliptoons.grid import space_name
from fliptoons_explore.fliptoons.scenario import MAX_PLAYERS, SOLO_LEVELS

SEASONS = ("s1", "s2", "combined")


#: The most edits `undo` can take back.
HISTORY = 200


def _player(i: int) -> dict:
    return {"name": f"Player {i + 1}", "deck": []}


def _card_name(card_id) -> str:
    from fliptoons_explore.fliptoons.cards import CATALOG

    return (
        CATALOG[card_id].name if isinstance(card_id, str) and card_id in CATALOG else str(card_id)
    )


class EditHistory:
    """Undo and redo for a situation under construction, of either game: what the history
    keeps is `HISTORIED` (the attributes an edit may change: the scenario `data`, and what is put
    aside); each `edit(what)` is one step of it, named in words."""

    HISTORIED: tuple = ("data",)

    def _start_history(self) -> None:
        self._undo: list[tuple[str, dict]] = []  # (what the edit did, the state before it)
        self._redo: list[tuple[str, dict]] = []
        self._editing = 0

    def _state(self) -> dict:
        return {name: getattr(self, name) for name in self.HISTORIED}

    def _set_state(self, state: dict) -> None:
        for name, value in state.items():
            setattr(self, name, value)

    @contextmanager
    def edit(self, what: str):
        """One step of the history: the edits made inside are undone together; an edit that
        raises changes nothing; one that changes nothing is not recorded."""
        if self._editing:
            self._editing += 1
            try:
                yield
            finally:
                self._editing -= 1
            return
        before = copy.deepcopy(self._state())
        self._editing = 1
        try:
            yield
        except BaseException:
            self._set_state(before)
            raise
        finally:
            self._editing = 0
        if self._state() != before:
            self._undo.append((what, before))
            del self._undo[:-HISTORY]
            self._redo.clear()

    def forget_history(self) -> None:
        """Start the history afresh (where a page starts: nothing to undo)."""
        self._undo.clear()
        self._redo.clear()

    @property
    def undo_label(self) -> str:
        """What `undo` would take back ('' when nothing)."""
        return self._undo[-1][0] if self._undo else ""

    @property
    def redo_label(self) -> str:
        return self._redo[-1][0] if self._redo else ""

    def undo(self) -> str:
        """Take back the last edit; returns what it did. ValueError when there is none."""
        if not self._undo:
            raise ValueError("nothing to undo")
        what, state = self._undo.pop()
        self._redo.append((what, self._state()))
        self._set_state(state)
        return what

    def redo(self) -> str:
        """Make again the last edit taken back; returns what it did."""
        if not self._redo:
            raise ValueError("nothing to redo")
        what, state = self._redo.pop()
        self._undo.append((what, self._state()))
        self._set_state(state)
        return what


class GameSituation(EditHistory):
    """What the situations of both games share: the scenario `data`, its edits' history, and
    its ruling options."""

    def set_ruling(self, name: str, value, default) -> None:
        """Set a ruling option; its default removes it from the scenario (and an emptied
        `rulings` goes too)."""
        with self.edit(f"ruling {name} = {json.dumps(value)}"):
            rulings = self.data.setdefault("rulings", {})
            if value == default and type(value) is type(default):
                rulings.pop(name, None)
            else:
                rulings[name] = value
            if not rulings:
                del self.data["rulings"]


class Situation(GameSituation):
    """A scenario under construction. `data` is the scenario itself; read `scenario()` for a
    copy to resolve or export (empty optional fields left out, empty extra rows dropped)."""

    HISTORIED = ("data", "shelved")

    def __init__(self, scenario: dict | None = None) -> None:
        self.data: dict = {"season": "s2", "players": [_player(0)]}
        self.shelved: dict[int, list] = {}  # grids built by hand, switched off: {player: grid}
        self._start_history()
        if scenario is not None:
            self.replace(scenario)
            self.forget_history()

    # -- the whole ------------------------------------------------------------------------------
    def replace(self, scenario: dict, what: str = "load another situation") -> None:
        """Take a scenario as it is (checked only for the shape the builder edits: an object with
        a list of player objects); the engine checks the rest."""
        if not isinstance(scenario, dict):
            raise ValueError("a scenario is a JSON object")
        players = scenario.get("players")
        if (
            not isinstance(players, list)
            or not players
            or not all(isinstance(p, dict) for p in players)
        ):
            raise ValueError("players: expected a list of 1 to 8 player objects")
        with self.edit(what):
            self.data = copy.deepcopy(scenario)
            self.shelved = {}

    def scenario(self) -> dict:
        """The scenario to resolve or export: a deep copy, exactly as built (a grid's empty extra
        rows at the top, made while building, are left out: they hold nothing)."""
        out = copy.deepcopy(self.data)
        for p in out.get("players", []):
            grid = p.get("grid") if isinstance(p, dict) else None
            if isinstance(grid, list):
                while len(grid) > 2 and grid[0] == [None, None, None]:
                    grid.pop(0)
        return out

    def to_json(self) -> str:
        return json.dumps(self.scenario(), indent=1)

    @property
    def season(self) -> str:
        season = self.data.get("season", "s2")
        return season if season in SEASONS else "s2"

    @property
    def players(self) -> list[dict]:
        return self.data["players"]

    def who(self, i: int) -> str:
        return str(self.players[i].get("name") or f"Player {i + 1}")

    def set_season(self, season: str) -> None:
        if season not in SEASONS:
            raise ValueError(
                f"season: expected one of {', '.join(SEASONS)}, got {json.dumps(season)}"
            )
        with self.edit(f"season {season}"):
            self.data["season"] = season

    def set_first_player(self, i: int) -> None:
        with self.edit(f"first player {self.who(i)}"):
            if i:
                self.data["first_player"] = i
            else:
                self.data.pop("first_player", None)

    def set_player_count(self, n: int) -> None:
        """1 to 8 players; new players get an empty deck, removed players take their cards along
        (and a solo difficulty goes: a solo game has one player)."""
        if not 1 <= n <= MAX_PLAYERS:
            raise ValueError(f"players: expected 1 to {MAX_PLAYERS}, got {n}")
        with self.edit(f"{n} player{'s' if n != 1 else ''}"):
            players = self.players
            while len(players) < n:
                players.append(_player(len(players)))
            del players[n:]
            if self.data.get("first_player", 0) >= n:
                self.data["first_player"] = 0
            if n != 1:
                self.data.pop("solo", None)
            self.shelved = {k: v for k, v in self.shelved.items() if k < n}

    @property
    def solo(self) -> str | None:
        """The solo difficulty of a one-player situation ("easy", "normal", "hard"), or None."""
        level = self.data.get("solo")
        return level if level in SOLO_LEVELS else None

    def set_solo(self, level: str | None) -> None:
        """Make a one-player situation a solo game of a difficulty (S2 Solo Play Rules: its win at
        30 fame in one Check Fame, its loss, its market discard), or not (None)."""
        if level is not None and level not in SOLO_LEVELS:
            raise ValueError(
                f'solo: expected None, "easy", "normal" or "hard", got {json.dumps(level)}'
            )
        if level is not None and len(self.players) != 1:
            raise ValueError(
                f"solo: a solo game has one player, this situation has {len(self.players)}"
            )
        with self.edit(f"solo {level}" if level else "not solo"):
            if level is None:
                self.data.pop("solo", None)
            else:
                self.data["solo"] = level

    def set_name(self, i: int, name: str) -> None:
        with self.edit(f"rename {self.who(i)} {name}"):
            self.players[i]["name"] = name

    # -- piles ----------------------------------------------------------------------------------
    def pile(self, target: tuple) -> list:
        """The list a deck-like target names (a deck, a dismissed pile, the market, the toon
        deck)."""
        kind = target[0]
        if kind in ("deck", "dismissed"):
            return self.players[target[1]].setdefault(kind, [])
        if kind in ("market", "toon_deck"):
            return self.data.setdefault(kind, [])
        raise ValueError(f"not a pile: {target!r}")

    def add(self, card_id: str, target: tuple) -> None:
        """Put a card at the target: the bottom of a pile (a deck lists its top card first, so
        cards are added in the order they will be revealed), or on top of a grid cell's stack."""
        with self.edit(f"add {_card_name(card_id)} to {target_name(self, target)}"):
            if target[0] == "grid":
                self.put(target[1], target[2], target[3], card_id)
            else:
                self.pile(target).append(card_id)

    def remove(self, target: tuple, index: int) -> None:
        pile = self.pile(target)
        with self.edit(f"remove {_card_name(pile[index])} from {target_name(self, target)}"):
            del pile[index]

    def move(self, target: tuple, index: int, delta: int) -> None:
        """Move a pile's entry `delta` places (-1: towards the top), within the pile."""
        pile = self.pile(target)
        with self.edit(
            f"move {_card_name(pile[index])} {'up' if delta < 0 else 'down'} in "
            f"{target_name(self, target)}"
        ):
            to = max(0, min(len(pile) - 1, index + delta))
            pile.insert(to, pile.pop(index))

    # -- grids built by hand --------------------------------------------------------------------
    def has_grid(self, i: int) -> bool:
        return isinstance(self.players[i].get("grid"), list)

    def set_grid_mode(self, i: int, on: bool) -> None:
        """A player's grid built by hand (the player does not flip; the deck stays, for the
        cards that count it) or flipped from the deck. A grid switched off is put aside
        (`shelved`) and comes back when it is switched on again."""
        with self.edit(f"{'build' if on else 'stop building'} {self.who(i)}'s grid by hand"):
            if on and not self.has_grid(i):
                self.players[i]["grid"] = self.shelved.pop(i, None) or [
                    [None, None, None],
                    [None, None, None],
                ]
            elif not on and self.has_grid(i):
                grid = self.players[i].pop("grid")
                if any(cell for row in grid for cell in row):
                    self.shelved[i] = grid

    def grid_rows(self, i: int) -> list:
        """The player's grid rows (top first: extra rows, then the upper and lower rows)."""
        if not self.has_grid(i):
            raise ValueError(f"{self.players[i].get('name', i)} has no grid built by hand")
        return self.players[i]["grid"]

    def _row_index(self, i: int, row: int, grow: bool = False) -> int:
        rows = self.grid_rows(i)
        n_extra = len(rows) - 2
        if row > 1:
            raise ValueError(f"row {row}: the lower row is row 1")
        while grow and -row > n_extra:
            rows.insert(0, [None, None, None])
            n_extra += 1
        if -row > n_extra:
            raise ValueError(f"row {row}: the grid has {n_extra} extra rows")
        return row + n_extra

    def stack(self, i: int, row: int, col: int) -> list:
        """The stack in a cell, bottom first, as `{"id", "face_up"}` entries (a copy)."""
        rows = self.grid_rows(i)
        j = row + len(rows) - 2
        if not 0 <= j < len(rows):
            return []
        return [_entry(e) for e in rows[j][col] or ()]

    def put(self, i: int, row: int, col: int, card_id: str, face_up: bool = True) -> None:
        """Stack a card on top of a cell (a new extra row is made when `row` is above the grid)."""
        if not 0 <= col <= 2:
            raise ValueError(f"col {col}: expected 0 to 2")
        with self.edit(f"put {_card_name(card_id)} in {self.who(i)}'s grid"):
            j = self._row_index(i, row, grow=True)
            rows = self.grid_rows(i)
            cell = rows[j][col]
            entry = card_id if face_up else {"id": card_id, "face_up": False}
            rows[j][col] = (cell or []) + [entry]

    def _cell(self, i: int, row: int, col: int) -> list:
        rows = self.grid_rows(i)
        cell = rows[self._row_index(i, row)][col]
        if not cell:
            raise ValueError(f"{space_name((row, col))} is empty")
        return cell

    def turn_over(self, i: int, row: int, col: int, height: int) -> None:
        """Turn a card of a built grid face down or face up."""
        cell = self._cell(i, row, col)
        e = _entry(cell[height])
        with self.edit(
            f"turn {_card_name(e['id'])} {'face up' if not e['face_up'] else 'face down'}"
        ):
            cell[height] = e["id"] if not e["face_up"] else {"id": e["id"], "face_up": False}

    def take(self, i: int, row: int, col: int, height: int) -> None:
        """Take a card out of a built grid's cell (an emptied cell is empty again)."""
        rows = self.grid_rows(i)
        j = self._row_index(i, row)
        cell = self._cell(i, row, col)
        with self.edit(
            f"take {_card_name(_entry(cell[height])['id'])} out of {self.who(i)}'s grid"
        ):
            del cell[height]
            if not cell:
                rows[j][col] = None

    def shift(self, i: int, row: int, col: int, height: int, delta: int) -> None:
        """Move a card up (+1) or down (-1) in its stack."""
        cell = self._cell(i, row, col)
        with self.edit(
            f"move {_card_name(_entry(cell[height])['id'])} {'up' if delta > 0 else 'down'} in its "
            "stack"
        ):
            to = max(0, min(len(cell) - 1, height + delta))
            cell.insert(to, cell.pop(height))

    # -- rulings, answers, actions --------------------------------------------------------------
    def choices(self, i: int) -> list:
        return self.players[i].setdefault("choices", [])

    def answer(self, i: int, index: int, answer) -> None:
        """Answer player i's decision number `index` (0 first): the answers before it are kept,
        the ones after it dropped (they may no longer be asked)."""
        choices = self.players[i].get("choices", [])
        if index > len(choices):
            raise ValueError(
                f"decision {index} of {self.players[i].get('name')} comes after "
                f"{len(choices)} answered ones"
            )
        with self.edit(
            f"answer {self.who(i)}'s decision {index + 1}: "
            f"{_card_name(answer) if answer else 'none'}"
        ):
            choices = self.choices(i)
            del choices[index:]
            choices.append(answer)

    def answer_in_round(self, i: int, k: int, index: int, answer) -> None:
        """Answer player i's decision number `index` of the k-th round from the scenario's (a
        game played to its end; k = 0 this round): `choices` become a list of rounds when k > 0.
        The answers before it are kept, the ones after it (in later rounds too) dropped."""
        choices = self.players[i].get("choices", [])
        by_round = bool(choices) and all(isinstance(c, list) for c in choices)
        if k == 0 and not by_round:
            return self.answer(i, index, answer)
        rounds = [list(r) for r in choices] if by_round else [list(choices)]
        while len(rounds) <= k:
            rounds.append([])
        if index > len(rounds[k]):
            raise ValueError(
                f"decision {index} of {self.players[i].get('name')} in round {k + 1} of the "
                f"game comes after {len(rounds[k])} answered ones"
            )
        with self.edit(
            f"answer {self.who(i)}'s decision {index + 1} of round {k + 1}: "
            f"{_card_name(answer) if answer else 'none'}"
        ):
            rounds[k] = rounds[k][:index] + [answer]
            self.players[i]["choices"] = rounds[: k + 1]

    def forget_answers(self, i: int, index: int = 0) -> None:
        """Drop player i's answers from decision `index` on: they are asked again."""
        with self.edit(f"forget {self.who(i)}'s answers"):
            del self.choices(i)[index:]
            if not self.players[i]["choices"]:
                del self.players[i]["choices"]

    def actions(self, i: int) -> list:
        """Player i's scripted Market actions (read them; `add_action`, `remove_action` edit)."""
        return list(self.players[i].get("actions", []))

    def add_action(self, i: int, action: dict) -> None:
        """A scripted Market action, last of the player's (of this round's, when the script is
        given round by round)."""
        with self.edit(f"add the action {_action_words(action)} to {self.who(i)}"):
            actions = self.players[i].setdefault("actions", [])
            # given round by round: this round's
            if actions and all(isinstance(a, list) for a in actions):
                actions = actions[0]
            actions.append(action)

    def remove_action(self, i: int, index: int) -> None:
        actions = self.players[i].get("actions", [])
        with self.edit(f"remove the action {_action_words(actions[index])} of {self.who(i)}"):
            del actions[index]
            if not actions:
                del self.players[i]["actions"]


def _action_words(action) -> str:
    if isinstance(action, dict) and len(action) == 1:
        ((verb, arg),) = action.items()
        return "skip" if verb == "skip" else f"{verb} {_card_name(arg)}"
    if isinstance(action, list):  # one round of a script given round by round
        return "a round: " + (", ".join(map(_action_words, action)) or "the policy's")
    return str(action)


def _entry(e) -> dict:
    if isinstance(e, str):
        return {"id": e, "face_up": True}
    if isinstance(e, dict):
        return {"id": e.get("id"), "face_up": e.get("face_up", True) is not False}
    return {"id": e, "face_up": True}


def target_name(situation: Situation, target: tuple) -> str:
    """A target in words: 'Ann · deck', 'Ann · grid, slot 2 (upper middle)', 'market'."""
    kind = target[0]
    if kind in ("market", "toon_deck"):
        return "market" if kind == "market" else "toon deck"
    who = situation.players[target[1]].get("name") or f"Player {target[1] + 1}"
    if kind == "grid":
        return f"{who} · grid, {space_name((target[2], target[3]))}"
    return f"{who} · {'deck' if kind == 'deck' else 'dismissed pile'}"
