"""The situation being built in the explorer: a scenario (the format of docs/scenarios and
DESIGN.md §2.2) kept as plain data, with the edits the builder makes.

Pure Python, no widgets: the explorer's controls call these methods, and tests can too. Every
edit keeps the data in the scenario format; whether the engine accepts it is the engine's
business (`fliptoons_explore.scenario.load`), so a half-built situation can be shown with the
engine's own one-line message about what is still wrong.

Where a card goes (a *target*) is a tuple: ("deck", i), ("dismissed", i), ("grid", i, row, col)
(row as in docs/engine.md: 0 upper, 1 lower, -1 the first extra row), ("market",) or
("toon_deck",).
"""
from __future__ import annotations

import copy
import json

from fliptoons_explore.grid import space_name
from fliptoons_explore.scenario import MAX_PLAYERS

SEASONS = ("s1", "s2", "combined")


def _player(i: int) -> dict:
    return {"name": f"Player {i + 1}", "deck": []}


class Situation:
    """A scenario under construction. `data` is the scenario itself; read `scenario()` for a
    copy to resolve or export (empty optional fields left out, empty extra rows dropped)."""

    def __init__(self, scenario: dict | None = None) -> None:
        self.data: dict = {"season": "s2", "players": [_player(0)]}
        if scenario is not None:
            self.replace(scenario)

    # -- the whole ------------------------------------------------------------------------------
    def replace(self, scenario: dict) -> None:
        """Take a scenario as it is (checked only for the shape the builder edits: an object with
        a list of player objects); the engine checks the rest."""
        if not isinstance(scenario, dict):
            raise ValueError("a scenario is a JSON object")
        players = scenario.get("players")
        if not isinstance(players, list) or not players or not all(isinstance(p, dict) for p in players):
            raise ValueError("players: expected a list of 1 to 8 player objects")
        self.data = copy.deepcopy(scenario)

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

    def set_season(self, season: str) -> None:
        if season not in SEASONS:
            raise ValueError(f"season: expected one of {', '.join(SEASONS)}, got {json.dumps(season)}")
        self.data["season"] = season

    def set_player_count(self, n: int) -> None:
        """1 to 8 players; new players get an empty deck, removed players take their cards along."""
        if not 1 <= n <= MAX_PLAYERS:
            raise ValueError(f"players: expected 1 to {MAX_PLAYERS}, got {n}")
        players = self.players
        while len(players) < n:
            players.append(_player(len(players)))
        del players[n:]
        if self.data.get("first_player", 0) >= n:
            self.data["first_player"] = 0

    def set_name(self, i: int, name: str) -> None:
        self.players[i]["name"] = name

    # -- piles ----------------------------------------------------------------------------------
    def pile(self, target: tuple) -> list:
        """The list a deck-like target names (a deck, a dismissed pile, the market, the toon deck)."""
        kind = target[0]
        if kind in ("deck", "dismissed"):
            return self.players[target[1]].setdefault(kind, [])
        if kind in ("market", "toon_deck"):
            return self.data.setdefault(kind, [])
        raise ValueError(f"not a pile: {target!r}")

    def add(self, card_id: str, target: tuple) -> None:
        """Put a card at the target: the bottom of a pile (a deck lists its top card first, so
        cards are added in the order they will be revealed), or on top of a grid cell's stack."""
        if target[0] == "grid":
            self.put(target[1], target[2], target[3], card_id)
        else:
            self.pile(target).append(card_id)

    def remove(self, target: tuple, index: int) -> None:
        del self.pile(target)[index]

    def move(self, target: tuple, index: int, delta: int) -> None:
        """Move a pile's entry `delta` places (-1: towards the top), within the pile."""
        pile = self.pile(target)
        to = max(0, min(len(pile) - 1, index + delta))
        pile.insert(to, pile.pop(index))

    # -- grids built by hand --------------------------------------------------------------------
    def has_grid(self, i: int) -> bool:
        return isinstance(self.players[i].get("grid"), list)

    def set_grid_mode(self, i: int, on: bool) -> None:
        """A player's grid built by hand (the player does not flip; the deck stays, for the
        cards that count it) or flipped from the deck."""
        if on and not self.has_grid(i):
            self.players[i]["grid"] = [[None, None, None], [None, None, None]]
        elif not on:
            self.players[i].pop("grid", None)

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
        cell[height] = e["id"] if not e["face_up"] else {"id": e["id"], "face_up": False}

    def take(self, i: int, row: int, col: int, height: int) -> None:
        """Take a card out of a built grid's cell (an emptied cell is empty again)."""
        rows = self.grid_rows(i)
        j = self._row_index(i, row)
        cell = self._cell(i, row, col)
        del cell[height]
        if not cell:
            rows[j][col] = None

    def shift(self, i: int, row: int, col: int, height: int, delta: int) -> None:
        """Move a card up (+1) or down (-1) in its stack."""
        cell = self._cell(i, row, col)
        to = max(0, min(len(cell) - 1, height + delta))
        cell.insert(to, cell.pop(height))

    # -- rulings, answers, actions --------------------------------------------------------------
    def set_ruling(self, name: str, value, default) -> None:
        """Set a ruling option; its default removes it from the scenario (and an emptied
        `rulings` goes too)."""
        rulings = self.data.setdefault("rulings", {})
        if value == default and type(value) is type(default):
            rulings.pop(name, None)
        else:
            rulings[name] = value
        if not rulings:
            del self.data["rulings"]

    def choices(self, i: int) -> list:
        return self.players[i].setdefault("choices", [])

    def answer(self, i: int, index: int, answer) -> None:
        """Answer player i's decision number `index` (0 first): the answers before it are kept,
        the ones after it dropped (they may no longer be asked)."""
        choices = self.choices(i)
        if index > len(choices):
            raise ValueError(f"decision {index} of {self.players[i].get('name')} comes after "
                             f"{len(choices)} answered ones")
        del choices[index:]
        choices.append(answer)

    def answer_in_round(self, i: int, k: int, index: int, answer) -> None:
        """Answer player i's decision number `index` of the k-th round from the scenario's (a
        game played to its end; k = 0 this round): `choices` become a list of rounds when k > 0.
        The answers before it are kept, the ones after it (in later rounds too) dropped."""
        choices = self.choices(i)
        by_round = bool(choices) and all(isinstance(c, list) for c in choices)
        if k == 0 and not by_round:
            return self.answer(i, index, answer)
        rounds = [list(r) for r in choices] if by_round else [list(choices)]
        while len(rounds) <= k:
            rounds.append([])
        if index > len(rounds[k]):
            raise ValueError(f"decision {index} of {self.players[i].get('name')} in round {k + 1} of the "
                             f"game comes after {len(rounds[k])} answered ones")
        rounds[k] = rounds[k][:index] + [answer]
        self.players[i]["choices"] = rounds[:k + 1]

    def forget_answers(self, i: int, index: int = 0) -> None:
        """Drop player i's answers from decision `index` on: they are asked again."""
        del self.choices(i)[index:]

    def actions(self, i: int) -> list:
        return self.players[i].setdefault("actions", [])


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
