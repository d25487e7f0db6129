"""The explorer's Flipology parts: the situation being built (`FlipologySituation`, plain data
with the edits the builder makes), the Flipology catalog and the builder (players, rows to fill by
clicks, a face to toggle, the discard pile, the turns). The stepper, the chain view, the trace and
the rulings panels are the explorer's own, unchanged: they read any game's resolution.

Where a picked card goes (a *target*) is ("row", player, row) (a row, bottom 0; one past the top
row makes a new row in the Great Tree) or ("discard",). A turn is made by clicking a card of the
table (`add_turn`): the card's player flips it.
"""

from __future__ import annotations

import copy
import json
from html import escape

import ipywidgets as w

from fliptoons_explore.flipology.cards import CARDS, KINDS, spec_of
from fliptoons_explore.flipology.render import GROUPS, card_html
from fliptoons_explore.flipology.state import VARIANTS
from fliptoons_explore.flipology.text import answer_words, face_name, points, where
from fliptoons_explore.games import contract
from fliptoons_explore.jsonio import ScenarioError
from fliptoons_explore.policy import DefaultPolicy
from fliptoons_explore.rules import SOURCES, rules_about
from fliptoons_explore.views import Marks

from .errors import ErrorArea
from .games import RESOLVE, ROUND, Pending, pending
from .history import UndoRedo
from .htmlview import HTMLView
from .situation import GameSituation

MAX_PLAYERS = 8
VARIANT_NAMES = {"nature": "Nature", "great-tree": "Great Tree", "multi": "multi-game (Nature)"}


def _player(i: int) -> dict:
    return {"name": f"Player {i + 1}", "rows": []}


def _entry(e) -> dict:
    if isinstance(e, str):
        return {"id": e, "face_up": False}
    return {"id": e.get("id"), "face_up": e.get("face_up", False) is True}


def _card(entry: dict):
    return entry["id"] if not entry["face_up"] else {"id": entry["id"], "face_up": True}


class FlipologySituation(GameSituation):
    """A Flipology scenario under construction (`data`, in the scenario format of
    docs/scenarios.md); `scenario()` is a copy to resolve or export. The engine checks the rest:
    a half-built situation shows the engine's own one-line message. Every edit is one step of
    the history (`undo`, `redo`), named in words; an edit that fails changes nothing."""

    game = "flipology"

    def __init__(self, scenario: dict | None = None) -> None:
        self.data: dict = {
            "game": "flipology",
            "variant": "nature",
            "players": [_player(0), _player(1)],
        }
        self._start_history()
        if scenario is not None:
            self.replace(scenario)
            self.forget_history()

    def replace(self, scenario: dict, what: str = "load another situation") -> None:
        if not isinstance(scenario, dict):
            raise ValueError("a scenario is a JSON object")
        players = scenario.get("players")
        if (
            not isinstance(players, list)
            or not players
            or not all(isinstance(p, dict) for p in players)
        ):
            raise ValueError(f"players: expected a list of 1 to {MAX_PLAYERS} player objects")
        with self.edit(what):
            self.data = copy.deepcopy(scenario)
            self.data["game"] = "flipology"

    def scenario(self) -> dict:
        return copy.deepcopy(self.data)

    def to_json(self) -> str:
        return json.dumps(self.scenario(), indent=1)

    @property
    def variant(self) -> str:
        v = self.data.get("variant", "nature")
        return v if v in VARIANTS else "nature"

    @property
    def tree(self) -> bool:
        return self.variant == "great-tree"

    @property
    def players(self) -> list[dict]:
        return self.data["players"]

    def who(self, i: int) -> str:
        return str(self.players[i].get("name") or f"Player {i + 1}")

    def set_variant(self, variant: str) -> None:
        """Nature (one row a player: a Great Tree's rows are put end to end), the Great Tree or
        the multi-game variant; undo brings the rows back as they were."""
        if variant not in VARIANTS:
            raise ValueError(
                f"variant: expected one of {', '.join(VARIANTS)}, got {json.dumps(variant)}"
            )
        with self.edit(f"variant {VARIANT_NAMES[variant]}"):
            self.data["variant"] = variant
            if variant != "great-tree":  # Nature has one row a player
                for p in self.players:
                    rows = p.get("rows", [])
                    if len(rows) > 1:
                        p["rows"] = [[c for row in rows for c in row]]

    def set_player_count(self, n: int) -> None:
        if not 1 <= n <= MAX_PLAYERS:
            raise ValueError(f"players: expected 1 to {MAX_PLAYERS}, got {n}")
        with self.edit(f"{n} player{'s' if n != 1 else ''}"):
            while len(self.players) < n:
                self.players.append(_player(len(self.players)))
            del self.players[n:]
            if "turns" in self.data:
                self.data["turns"] = [t for t in self.data["turns"] if t.get("player", 0) < n]
                if not self.data["turns"]:
                    del self.data["turns"]
            if self.data.get("first_player", 0) >= n:
                self.data["first_player"] = 0

    def set_name(self, i: int, name: str) -> None:
        with self.edit(f"rename {self.who(i)} {name}"):
            self.players[i]["name"] = name

    def rows(self, i: int) -> list:
        return self.players[i].setdefault("rows", [])

    # -- cards ------------------------------------------------------------------------------------
    def add(self, card_id: str, target: tuple) -> None:
        """Put a card at the target: the right end of a player's row (one past the top row: a
        new row, in the Great Tree), or the discard pile."""
        spec_of(card_id)  # an unknown id is the engine's one-line message, raised here at once
        with self.edit(f"add {face_name(card_id)} to {target_name(self, target)}"):
            if target[0] == "discard":
                self.data.setdefault("discard", []).append(card_id)
                return
            _, i, r = target
            rows = self.rows(i)
            if r > len(rows) or (r == len(rows) and rows and not self.tree):
                raise ValueError(
                    "a Nature player has one row: pick the Great Tree variant to stack rows"
                )
            if r == len(rows):
                rows.append([])
            rows[r].append(card_id)

    def _at(self, i: int, r: int, c: int) -> str:
        return face_name(_entry(self.rows(i)[r][c])["id"])

    def remove(self, i: int, r: int, c: int) -> None:
        with self.edit(f"remove {self._at(i, r, c)} from {self.who(i)}'s row"):
            rows = self.rows(i)
            del rows[r][c]
            if not rows[r]:
                del rows[r]

    def move(self, i: int, r: int, c: int, delta: int) -> None:
        """Move a card `delta` places along its row (-1: to the left)."""
        with self.edit(f"move {self._at(i, r, c)} {'left' if delta < 0 else 'right'}"):
            row = self.rows(i)[r]
            to = max(0, min(len(row) - 1, c + delta))
            row.insert(to, row.pop(c))

    def turn_over(self, i: int, r: int, c: int) -> None:
        """Turn a card of the rows as set up face up or face down."""
        with self.edit(f"turn {self._at(i, r, c)} over"):
            row = self.rows(i)[r]
            e = _entry(row[c])
            row[c] = _card({"id": e["id"], "face_up": not e["face_up"]})

    def remove_discard(self, k: int) -> None:
        pile = self.data.get("discard", [])
        with self.edit(f"remove {face_name(pile[k])} from the discard pile"):
            del pile[k]
            if not pile:
                self.data.pop("discard", None)

    # -- turns and answers ------------------------------------------------------------------------
    @property
    def turns(self) -> list[dict]:
        return self.data.setdefault("turns", [])

    def add_turn(self, i: int, r: int, c: int) -> None:
        """A turn after the others: player i flips their card at row r, col c."""
        rows = self.rows(i)
        if not (0 <= r < len(rows) and 0 <= c < len(rows[r])):
            raise ValueError(f"{self.who(i)} has no card at row {r + 1}, card {c + 1}")
        with self.edit(f"a turn: {self.who(i)} flips {self._at(i, r, c)}"):
            self.turns.append({"player": i, "flip": [r, c], "choices": []})

    def remove_turn(self, k: int) -> None:
        """Take a turn out (the turns after it stay; their answers may no longer fit)."""
        with self.edit(f"take turn {k + 1} out"):
            del self.turns[k]
            if not self.turns:
                self.data.pop("turns", None)

    def answer(self, field: str, index: int, answer, row: int | None = None) -> None:
        """Write an answer at `field[index]` ("turns[2].choices" or "end_choices"), keeping the
        answers before it and dropping those after (they may no longer be asked); `row`: a Rain's
        row within its list of positions."""
        with self.edit(f"answer {json.dumps(answer)}"):
            if field == "end_choices":
                entries = self.data.setdefault("end_choices", [])
            else:
                k = int(field.split("[")[1].split("]")[0])
                entries = self.turns[k].setdefault("choices", [])
            del entries[index + (row is not None) :]
            if row is None:
                entries.append(answer)
            else:
                if len(entries) <= index:
                    entries.append([])
                rain = entries[index]
                del rain[row:]
                rain.append(answer)


def target_name(situation: FlipologySituation, target: tuple) -> str:
    if target[0] == "discard":
        return "the discard pile"
    _, i, r = target
    who = situation.players[i].get("name") or f"Player {i + 1}"
    rows = situation.rows(i)
    if not situation.tree:
        return f"{who} · row"
    return f"{who} · row {r + 1}" + (" (a new row on top)" if r == len(rows) else "")


# -- the catalog ----------------------------------------------------------------------------------

#: The deck table, said once below the tiles (not on each card): where the copies come from.
DECK_WORDS = (
    "One tile per kind and value; its copies in the deck table show when you "
    "hover it. The rulebook gives 78 cards and 6 Clearings but not how many of "
    "most kinds: those counts are assumed (docs/engine.md, “The deck table”)."
)

GROUP_FILTER = {
    "every card": None,
    "animals with an effect": "effect",
    "passive animals": "passive",
    "environment cards": "environment",
    "Clearing": "clearing",
}


def _group_ok(spec, group) -> bool:
    if group is None:
        return True
    if group == "effect":
        return spec.animal and bool(spec.effect)
    if group == "passive":
        return spec.animal and not spec.effect
    return spec.group == group


def card_details_html(spec) -> str:
    """A picked card: its face in words and every rule that speaks of it, with its source."""
    colour, words = GROUPS.get(spec.group, GROUPS["animal"])
    rule_id = next(
        (
            r
            for r in (f"fl.card.{spec.kind}", f"fl.card.{CARD_RULE.get(spec.kind)}")
            if r in _card_rules()
        ),
        "fl.card.unique",
    )
    rows = []
    for rule in rules_about(spec.kind, rule_id):
        source = SOURCES.get(rule.source, rule.source)
        rows.append(
            f'<li style="margin:2px 0"><code>{escape(rule.id)}</code> — {escape(rule.paraphrase)} '
            f'<span style="color:#57606a">({escape(source)}, {escape(rule.section)})</span></li>'
        )
    count = (
        "6 set aside"
        if spec.kind == "clearing"
        else f"{spec.copies} in the deck table ({spec.copies_source})"
    )
    return (
        f'<div style="border-left:5px solid {colour};padding:2px '
        '8px;font-size:12px;line-height:1.35">'
        f'<b style="font-size:13px">{escape(spec.name)}</b> <code>{escape(spec.id)}</code> · '
        f"{points(spec.points)} · "
        f"{escape(count)}<br><span "
        f'style="color:#57606a">{escape(words)}</span><br>{escape(spec.text)}'
        f'<ul style="margin:4px 0 0 1.1em;padding:0">{"".join(rows)}</ul></div>'
    )


#: The kinds whose card rule is shared with another kind.
CARD_RULE = {"sloth": "sloth-koala", "koala": "sloth-koala"}


def _card_rules() -> set:
    from fliptoons_explore.rules import RULES

    return {r for r in RULES if r.startswith("fl.card.")}


class FlipologyCatalog(w.VBox):
    """Every Flipology card face (one tile per kind and value), filterable by group and free text;
    a click picks the card: its rules show below and `on_pick(card_id)` handlers get it. Tiles
    carry the classes `fte-card`, `fte-card-<kind>` and `fte-card-<kind>-<points>`."""

    def __init__(self, errors: ErrorArea | None = None, **kwargs) -> None:
        self.errors = errors or ErrorArea()
        self.search = w.Text(
            placeholder="search: name or text…",
            continuous_update=True,
            layout=w.Layout(width="100%"),
        )
        self.search.add_class("fte-catalog-search")
        self.group = w.Dropdown(
            options=list(GROUP_FILTER), value="every card", layout=w.Layout(width="98%")
        )
        self.tiles = HTMLView(max_height="26em")
        self.count = w.HTML()
        self.deck = w.HTML(
            '<div style="color:#57606a;font-size:11px;line-height:1.3;margin:2px 0">'
            f"{DECK_WORDS}</div>"
        )
        self.deck.add_class("fte-deck-table")
        self.details = w.HTML(layout=w.Layout(max_height="18em", overflow="auto"))
        self.picked: str | None = None
        self._handlers: list = []
        for control in (self.search, self.group):
            control.observe(self.errors.guard(lambda _change: self.refresh()), names="value")
        self.tiles.on_click(self.errors.guard(self._clicked))
        super().__init__(
            ([] if errors else [self.errors])
            + [self.search, self.group, self.count, self.tiles, self.deck, self.details],
            **kwargs,
        )
        self.add_class("fte-catalog")
        self.refresh()

    def on_pick(self, handler) -> None:
        self._handlers.append(handler)

    def shown(self) -> list[str]:
        group = GROUP_FILTER[self.group.value]
        text = self.search.value.strip().lower()
        out = []
        for spec in CARDS.values():
            if not _group_ok(spec, group):
                continue
            if text and not all(
                part in " ".join((spec.id, spec.name, spec.text)).lower() for part in text.split()
            ):
                continue
            out.append(spec.id)
        return out

    def refresh(self) -> None:
        ids = self.shown()
        self.count.value = (
            f'<div style="color:#57606a;font-size:11px;line-height:1.3">{len(ids)} '
            f"card{'s' if len(ids) != 1 else ''} — click one to add it where the builder says</div>"
        )
        tiles = []
        for cid in ids:
            spec = CARDS[cid]
            classes = f"fte-card fte-card-{spec.kind} fte-card-{spec.kind}-{spec.points}"
            tiles.append(
                card_html(
                    spec,
                    cid == self.picked,
                    f' class="{classes}" data-action="card" data-card="{cid}"',
                    "97%",
                )
            )
        self.tiles.html = "".join(tiles)

    def clear_details(self) -> None:
        """Forget the picked card (another situation was loaded)."""
        self.picked = None
        self.details.value = ""
        self.refresh()

    def pick(self, card_id: str) -> None:
        spec = spec_of(card_id)
        self.picked = spec.id
        self.details.value = card_details_html(spec)
        self.refresh()
        for handler in self._handlers:
            handler(spec.id)

    def _clicked(self, data: dict) -> None:
        if data.get("action") == "card" and (
            data.get("card") in CARDS or data.get("card") in KINDS
        ):
            self.pick(data["card"])


# -- the builder ----------------------------------------------------------------------------------

CHIP = (
    "display:inline-block;margin:0 4px 4px 0;padding:1px 5px;border:1px solid "
    "#9aa4ae;border-radius:4px;"
    "background:#fffdf5;font-size:12px;white-space:nowrap"
)
DOWN = (
    "display:inline-block;margin:0 4px 4px 0;padding:1px 5px;border:1px solid "
    "#1b2533;border-radius:4px;"
    "background:#2f4159;color:#d5deea;font-size:12px;white-space:nowrap;font-style:italic"
)
OP = "cursor:pointer;color:#2f6fb5;padding:0 2px;font-weight:700"


def _op(label: str, tip: str, colour: str = "#2f6fb5", **data) -> str:
    attrs = "".join(f' data-{k}="{escape(str(v))}"' for k, v in data.items())
    return (
        f'<span data-action="edit"{attrs} title="{escape(tip)}" '
        f'style="{OP};color:{colour}">{label}</span>'
    )


def rows_html(situation: FlipologySituation, i: int) -> str:
    """A player's rows as built (top row first), each card with ← → ⟲ ✕."""
    rows = situation.rows(i)
    if not rows:
        return (
            '<span style="color:#8c959f;font-size:12px">no cards yet: pick some in the '
            "catalog</span>"
        )
    out = []
    for r in range(len(rows) - 1, -1, -1):
        chips = []
        for c, e in enumerate(rows[r]):
            e = _entry(e)
            try:
                spec = spec_of(e["id"])
                name = f"{spec.name} {spec.points}"
            except KeyError:
                name = str(e["id"])
            ink = "#d5deea" if not e["face_up"] else "#2f6fb5"
            chips.append(
                '<span class="fte-row-card" '
                f'style="{CHIP if e["face_up"] else DOWN}">{escape(name)}'
                + ("" if e["face_up"] else " (face down)")
                + _op("←", "move left", ink, op="left", player=i, row=r, col=c)
                + _op("→", "move right", ink, op="right", player=i, row=r, col=c)
                + _op("⟲", "turn face up / face down", ink, op="face", player=i, row=r, col=c)
                + _op("✕", "remove", ink, op="remove", player=i, row=r, col=c)
                + "</span>"
            )
        label = "row" if len(rows) == 1 else f"row {r + 1}"
        out.append(
            f'<div><span style="font-size:11px;color:#57606a">{label}:</span> '
            f"{''.join(chips)}</div>"
        )
    return "".join(out)


class FlipologyBuilder(UndoRedo, w.VBox):
    """Build a Flipology situation: variant, players and names, each player's rows (cards picked
    in the catalog go to `target`), faces, the discard pile and the turns (a click on a card of
    the table adds a turn, `add_turn`). `on_change(handler)` handlers run after every edit."""

    def __init__(
        self, situation: FlipologySituation | None = None, errors: ErrorArea | None = None, **kwargs
    ) -> None:
        self.situation = situation or FlipologySituation()
        self.errors = errors or ErrorArea()
        guard = self.errors.guard
        self.target: tuple = ("row", 0, 0)
        self._handlers: list = []
        self._quiet = False
        self.variant = w.Dropdown(
            options=[(VARIANT_NAMES[v], v) for v in VARIANTS],
            value=self.situation.variant,
            description="variant",
            layout=w.Layout(width="15em"),
            style={"description_width": "initial"},
        )
        self.variant.add_class("fte-variant")
        self.count = w.BoundedIntText(
            value=len(self.situation.players),
            min=1,
            max=MAX_PLAYERS,
            description="players",
            layout=w.Layout(width="8em"),
            style={"description_width": "initial"},
        )
        self.count.add_class("fte-players")
        self.target_box = w.Dropdown(
            description="picked cards go to",
            layout=w.Layout(width="24em"),
            style={"description_width": "initial"},
        )
        self.target_box.add_class("fte-target")
        self.players_box = w.VBox()
        self.piles = HTMLView()
        self.names: list[w.Text] = []
        self.views: list[HTMLView] = []
        self._make_history_buttons(guard)
        self.variant.observe(guard(self._variant), names="value")
        self.count.observe(guard(self._count), names="value")
        self.target_box.observe(guard(self._target), names="value")
        self.piles.on_click(guard(self._clicked))
        top = w.HBox(
            [self.variant, self.count, self.target_box],
            layout=w.Layout(flex_flow="row wrap", align_items="center"),
        )
        super().__init__(
            ([] if errors else [self.errors]) + [top, self.players_box, self.piles], **kwargs
        )
        self.add_class("fte-builder")
        self.rebuild()

    def on_change(self, handler) -> None:
        self._handlers.append(handler)

    def changed(self) -> None:
        self.redraw()
        for handler in self._handlers:
            handler()

    def load(self, scenario: dict, what: str = "load another situation") -> None:
        """Take a whole scenario (an example, an import, a link); undo brings the previous one
        back."""
        self.situation.replace(scenario, what)
        self.rebuild()
        self.changed()

    # -- editing ----------------------------------------------------------------------------------
    def add(self, card_id: str) -> None:
        """Put a picked card where the target says."""
        self.situation.add(card_id, self.target)
        if self.target[0] == "row" and self.situation.tree:
            rows = self.situation.rows(self.target[1])
            self.target = ("row", self.target[1], min(self.target[2], len(rows) - 1))
        self.changed()

    def add_turn(self, i: int, r: int, c: int) -> None:
        self.situation.add_turn(i, r, c)
        self.changed()

    def _clicked(self, data: dict) -> None:
        if data.get("action") != "edit":
            return
        op = data.get("op")
        s = self.situation
        if op == "turn-remove":
            s.remove_turn(int(data["index"]))
        elif op == "discard-remove":
            s.remove_discard(int(data["index"]))
        else:
            i, r, c = int(data["player"]), int(data["row"]), int(data["col"])
            if op == "left":
                s.move(i, r, c, -1)
            elif op == "right":
                s.move(i, r, c, +1)
            elif op == "face":
                s.turn_over(i, r, c)
            elif op == "remove":
                s.remove(i, r, c)
        self.changed()

    def _variant(self, change) -> None:
        if self._quiet:
            return
        self.situation.set_variant(change["new"])
        self.rebuild()
        self.changed()

    def _count(self, change) -> None:
        if self._quiet:
            return
        self.situation.set_player_count(int(change["new"]))
        self.rebuild()
        self.changed()

    def _target(self, change) -> None:
        if not self._quiet and change["new"] is not None:
            self.target = change["new"]

    def _named(self, i: int, change) -> None:
        self.situation.set_name(i, change["new"])
        self._target_options()
        self.changed()

    # -- drawing ----------------------------------------------------------------------------------
    def _target_options(self) -> None:
        s = self.situation
        options = []
        for i in range(len(s.players)):
            n = len(s.rows(i))
            for r in range(max(n, 1) if not s.tree else n + 1):
                options.append((target_name(s, ("row", i, r)), ("row", i, r)))
        options.append(("the discard pile", ("discard",)))
        self._quiet = True
        self.target_box.options = options
        values = [v for _, v in options]
        if self.target not in values:
            self.target = values[0]
        self.target_box.value = self.target
        self._quiet = False

    def rebuild(self) -> None:
        """Make the per-player widgets anew (after the player count or the variant changed)."""
        s = self.situation
        self._quiet = True
        self.variant.value = s.variant
        self.count.value = len(s.players)
        self._quiet = False
        self.names, self.views = [], []
        boxes = []
        for i, p in enumerate(s.players):
            name = w.Text(
                value=str(p.get("name", f"Player {i + 1}")), layout=w.Layout(width="12em")
            )
            name.observe(
                self.errors.guard(lambda change, i=i: self._named(i, change)), names="value"
            )
            view = HTMLView()
            view.add_class(f"fte-rows-{i}")
            view.on_click(self.errors.guard(self._clicked))
            self.names.append(name)
            self.views.append(view)
            boxes.append(
                w.VBox(
                    [
                        w.HBox(
                            [w.HTML(f"<b>player {i + 1}</b>"), name],
                            layout=w.Layout(align_items="center"),
                        ),
                        view,
                    ],
                    layout=w.Layout(
                        border="1px solid #d0d7de", padding="2px 6px", margin="0 0 4px 0"
                    ),
                )
            )
        self.players_box.children = boxes
        self.redraw()

    def redraw(self) -> None:
        s = self.situation
        self._history_buttons()
        self._target_options()
        for i, view in enumerate(self.views):
            if i < len(s.players):
                view.html = rows_html(s, i)
        chips = []
        for k, cid in enumerate(s.data.get("discard", [])):
            chips.append(
                f'<span style="{CHIP}">{escape(str(cid))}'
                + _op("✕", "remove", op="discard-remove", index=k)
                + "</span>"
            )
        turns = []
        for k, t in enumerate(s.data.get("turns", [])):
            try:
                who = s.players[t["player"]].get("name") or f"Player {t['player'] + 1}"
                r, c = t["flip"]
                answers = len(t.get("choices", []))
                said = f"{k + 1}. {who} flips row {r + 1}, card {c + 1}" + (
                    f" ({answers} answer{'s' if answers != 1 else ''})" if answers else ""
                )
            except (KeyError, IndexError, TypeError, ValueError):
                said = f"{k + 1}. {json.dumps(t)}"
            turns.append(
                f'<span class="fte-turn" style="{CHIP}">{escape(said)}'
                + _op("✕", "take this turn out", op="turn-remove", index=k)
                + "</span>"
            )
        self.piles.html = (
            '<div style="font-size:11px;color:#57606a;margin:2px 0">discard pile (a Hermit Crab '
            "picks from it)</div>"
            + ("".join(chips) or '<span style="color:#8c959f;font-size:12px">empty</span>')
            + '<div style="font-size:11px;color:#57606a;margin:6px 0 2px">turns, in order — click '
            "a card of the "
            "table to add a turn that flips it</div>"
            + (
                "".join(turns)
                or '<span style="color:#8c959f;font-size:12px">none yet: the count is of the table '
                "as set up</span>"
            )
        )


# -- playing: what the explorer asks of Flipology --------------------------------------------------


def option_words(option, table, player: int | None = None) -> str:
    """A Flipology answer in words (`flipology.text.answer_words`): a position as its place and the
    card there ("Ben's row, card 3: Frog 5"), a list of positions (a Rain's, a tree
    Monkey's) each so, a card id by name. `player`: name only what that player knows ("Ben's
    row, card 3: a face-down card")."""
    return answer_words(option, table, player)


class Naming:
    """The policy that answers what a scenario's script leaves open, keeping each decision it
    is asked in words as the deciding player knows the table at that moment (`words`: {id of
    the `Choice`: the options' words}): a card they have not seen reads "a face-down card", one
    their Sun peeked at by its face. The table moves on after the decision, so the words are
    taken when it is asked. `inner` answers."""

    def __init__(self, inner) -> None:
        self.inner = inner
        self.name = getattr(inner, "name", "policy")
        self.words: dict[int, tuple] = {}

    def choose(self, choice):
        self.words[id(choice)] = tuple(
            option_words(name, choice.table, choice.player) for name in choice.script_names()
        )
        return self.inner.choose(choice)


def _turn(field: str) -> int:
    """The turn a script's field is of ("turns[2].choices": 2)."""
    return int(field.split("[")[1].split("]")[0])


class FlipologyPlay:
    """Flipology in the explorer (`games.Controller`): the situation, its catalog and builder;
    resolving (the turns, then the count; or the round completed: "play the round"), the
    decisions the turns' `choices` and the `end_choices` leave open, what each answer gives,
    writing an answer where the scenario's script reads it, and a click on a card of the table
    (the turn that flips it). It has no interaction graph, and no mode that plays a whole game
    (a seeded game is `fliptoons-explore flipology play`)."""

    name = "flipology"
    modes = {
        RESOLVE: (
            "the scenario's turns, in order, then the end-of-game count; shows the end",
            "resolved: the turns, then the count",
        ),
        ROUND: (
            "+ the turns that complete the round (each player's policy flips), then the count; "
            "shows the end",
            "played the round, then the count",
        ),
    }
    plays = (
        "a situation plays its turns or its round, then the count; a whole seeded game is "
        "`fliptoons-explore flipology play`"
    )
    switch_tip = "Flipology (Nature, Great Tree, multi-game)"
    interactions = None

    def __init__(self, errors: ErrorArea | None = None) -> None:
        self.game = contract(self.name)
        self.situation = FlipologySituation()
        self.catalog = FlipologyCatalog(errors=errors)
        self.builder = FlipologyBuilder(self.situation, errors=errors)

    def bind(self, host) -> None:
        """Nothing of Flipology's own controls asks the explorer anything."""

    def picked(self, card_id: str) -> None:
        self.builder.add(card_id)

    def follow(self) -> None:
        """Nothing follows the situation but the builder (its own)."""

    def resolve(self, scenario: dict, mode: str, policy) -> tuple:
        """The decisions asked are those of the scenario's turns and of the end (the Hermit
        Crabs' picks); the turns that complete a round are the policy's, answers and all, as the
        Market actions no script gives are in FlipToons. Each decision's options are named as its
        player knows them when it is asked (`Naming`)."""
        naming = Naming(policy)
        play = ROUND if mode == ROUND else RESOLVE
        resolution, unanswered = self.game.resolve_asking(scenario, naming, play)
        turns = len(scenario.get("turns") or ())
        table = resolution.table
        return resolution, [
            pending(
                step,
                u,
                naming.words.get(id(u.choice), ()),
                option_words(_card_id(u.choice.card), table) if u.choice.card else "",
            )
            for step, u in unanswered
            if u.field == "end_choices" or _turn(u.field) < turns
        ]

    def answer(self, p: Pending, option: int | None) -> None:
        u = p.unanswered
        value = None if option is None else u.choice.script_names()[option]
        self.situation.answer(u.field, u.index, _plain(value), u.row)
        self.builder.redraw()

    def answered_before(self, unanswered) -> list:
        """The picks already written in the list this decision adds to (a Sun's peek, a Rain's
        rows: the entries before its `row`), as a script names them."""
        if unanswered.row is None or unanswered.field == "end_choices":
            return []
        k = _turn(unanswered.field)
        turns = self.situation.turns
        choices = turns[k].get("choices", []) if k < len(turns) else []
        entry = choices[unanswered.index] if unanswered.index < len(choices) else []
        return list(entry[: unanswered.row]) if isinstance(entry, list) else []

    def chosen_before(self, p: Pending, table) -> str:
        """The positions already picked for a Sun's peek or a Rain's rows, by their place."""
        players = table.players
        return "; ".join(
            where(tuple(q), players) if _is_position(q) else str(q)
            for q in self.answered_before(p.unanswered)
        )

    def worth(self, scenario: dict, p: Pending, mode: str) -> list[str]:
        """What each answer gives: the deciding player's score with it, and who wins (the count
        of the end), each re-resolved with the default policy after it; an optional decision's
        last entry is what declining gives."""
        u = p.unanswered
        out = []
        player = u.choice.player
        choice = u.choice
        names = list(choice.script_names()) + ([None] if choice.optional else [])
        for name in names:
            trial = FlipologySituation(scenario)
            trial.answer(u.field, u.index, _plain(name), u.row)
            try:
                play = self.game.play_round if mode == ROUND else self.game.resolve
                r = play(trial.scenario(), DefaultPolicy())
            except ScenarioError as e:
                out.append(str(e).splitlines()[0])
                continue
            t = r.table
            result = getattr(t, "result", None)
            won = [t.players[i].name for i in (result.winners if result else ())]
            out.append(
                f"{t.players[player].name} ends with {points(t.players[player].score)}; "
                + (
                    " and ".join(won) + (" win" if len(won) > 1 else " wins")
                    if won
                    else "nobody wins"
                )
            )
        return out

    def marks(self, result):
        """A click on a card makes a turn: the table is clickable."""
        return Marks(clickable=True)

    def click(self, data: dict) -> bool:
        """A click on a card of the table: its player's turn flips it (a new turn after the
        others)."""
        if data.get("action") == "pos":
            self.builder.add_turn(int(data["player"]), int(data["row"]), int(data["col"]))
        return False

    def file_name(self) -> str:
        names = [str(p.get("name", "")) for p in self.situation.players]
        return "-".join(["flipology", self.situation.variant] + [n for n in names if n])[:60]

    def no_advice(self, scenario: dict) -> str:
        return ""  # the search says why when there is no decision


def _card_id(card):
    return getattr(card, "id", card)


def _is_position(value) -> bool:
    return (
        isinstance(value, (list, tuple))
        and len(value) == 3
        and all(isinstance(x, int) for x in value)
    )


def _plain(value):
    """An answer as the scenario's JSON writes it: positions as lists."""
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    return value


Controller = FlipologyPlay
