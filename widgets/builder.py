"""The situation builder: season, players, each player's deck in order (or a grid built by hand),
dismissed piles, the market and the toon deck, scripted Market actions — every edit made on a
`Situation` and announced to `on_change` handlers (the explorer re-resolves at once). Every edit
can be undone and redone (`undo_button`, `redo_button`, Ctrl-Z / Ctrl-Shift-Z in the explorer)."""

from __future__ import annotations

from html import escape

import ipywidgets as w

from fliptoons_explore.fliptoons.cards import CATALOG
from fliptoons_explore.fliptoons.grid import space_name
from fliptoons_explore.fliptoons.render import CardScore

from .errors import ErrorArea
from .history import UndoRedo
from .htmlview import HTMLView
from .situation import Situation, target_name

CHIP = (
    "display:inline-block;margin:0 4px 4px 0;padding:1px 5px;border:1px solid "
    "#9aa4ae;border-radius:4px;"
    "background:#fffdf5;font-size:12px;white-space:nowrap"
)
OP = "cursor:pointer;color:#2f6fb5;padding:0 2px;font-weight:700"


def _op(label: str, tip: str, **data) -> str:
    attrs = "".join(f' data-{k}="{escape(str(v))}"' for k, v in data.items())
    return f'<span data-action="edit"{attrs} title="{escape(tip)}" style="{OP}">{label}</span>'


def pile_html(
    title: str, pile: str, player, ids: list, entry_class: str = "", empty: str = "empty"
) -> str:
    """A pile as built (top first), each entry with ↑ ↓ ✕ to reorder or remove it."""
    who = {} if player is None else {"player": player}
    chips = []
    for k, cid in enumerate(ids):
        name = CATALOG[cid].name if isinstance(cid, str) and cid in CATALOG else str(cid)
        cls = f' class="{entry_class}"' if entry_class else ""
        chips.append(
            f'<span{cls} data-card="{escape(str(cid))}" style="{CHIP}">'
            f'<span style="color:#57606a">{k + 1}.</span> {escape(name)} '
            + _op("↑", "move up", op="up", pile=pile, index=k, **who)
            + _op("↓", "move down", op="down", pile=pile, index=k, **who)
            + _op("✕", "remove", op="remove", pile=pile, index=k, **who)
            + "</span>"
        )
    body = "".join(chips) or f'<span style="color:#8c959f">{escape(empty)}</span>'
    return (
        '<div style="font-size:11px;color:#57606a;margin:2px '
        f'0">{escape(title)}</div><div>{body}</div>'
    )


class Builder(UndoRedo, w.VBox):
    """Build a situation. `situation` is the model; `target` is where a picked card goes
    (`add(card_id)`); `on_change(handler)` handlers run after every edit."""

    def __init__(
        self, situation: Situation | None = None, errors: ErrorArea | None = None, **kwargs
    ) -> None:
        self.situation = situation or Situation()
        self.errors = errors or ErrorArea()
        guard = self.errors.guard
        self.target: tuple = ("deck", 0)
        self._handlers: list = []
        self._quiet = False
        self.season = w.Dropdown(
            options=[("Season 1", "s1"), ("Season 2", "s2"), ("both combined", "combined")],
            value=self.situation.season,
            description="season",
            layout=w.Layout(width="13.5em"),
            style={"description_width": "initial"},
        )
        self.season.add_class("fte-season")
        self.count = w.BoundedIntText(
            value=len(self.situation.players),
            min=1,
            max=8,
            description="players",
            layout=w.Layout(width="8em"),
            style={"description_width": "initial"},
        )
        self.count.add_class("fte-players")
        self.solo = w.Dropdown(
            options=[
                ("not solo", ""),
                ("solo easy", "easy"),
                ("solo normal", "normal"),
                ("solo hard", "hard"),
            ],
            value="",
            layout=w.Layout(width="8.5em"),
            tooltip="one player as a solo game of this difficulty (S2 Solo Play Rules: won at "
            "30 fame in one Check Fame, its loss, its market discard), played on "
            "to the end of the game",
        )
        self.solo.add_class("fte-solo")
        self.first_player = w.Dropdown(
            description="first player",
            layout=w.Layout(width="14em"),
            style={"description_width": "initial"},
        )
        self.target_box = w.Dropdown(
            description="picked cards go to",
            layout=w.Layout(width="26em"),
            style={"description_width": "initial"},
        )
        self.target_box.add_class("fte-target")
        self.players_box = w.VBox()
        self.market = HTMLView()
        self.toon = HTMLView()
        self.cell = HTMLView()
        self.cell_fame: dict = {}
        self.action_player = w.Dropdown(layout=w.Layout(width="9em"))
        self.action_verb = w.Dropdown(
            options=["hire", "dismiss", "skip"], value="hire", layout=w.Layout(width="6em")
        )
        self.action_card = w.Combobox(
            placeholder="card id", ensure_option=False, layout=w.Layout(width="9em")
        )
        self.action_add = w.Button(
            description="add action",
            layout=w.Layout(width="7.5em"),
            tooltip="a scripted Market action, used by 'play the round'",
        )
        self._make_history_buttons(guard)
        self.rows: list[dict] = []

        self.season.observe(guard(self._season), names="value")
        self.count.observe(guard(self._count), names="value")
        self.solo.observe(guard(self._solo), names="value")
        self.first_player.observe(guard(self._first), names="value")
        self.target_box.observe(guard(self._target), names="value")
        for view in (self.market, self.toon, self.cell):
            view.on_click(guard(self._clicked))
        self.action_add.on_click(guard(self._add_action))
        actions = w.HBox(
            [
                w.HTML(
                    '<span style="font-size:11px;color:#57606a">add a scripted Market '
                    "action:</span>"
                ),
                self.action_player,
                self.action_verb,
                self.action_card,
                self.action_add,
            ],
            layout=w.Layout(flex_flow="row wrap", align_items="center"),
        )
        self.more = w.Accordion(
            children=[w.VBox([self.market, self.toon, actions])], selected_index=None
        )
        self.more.set_title(0, "market, toon deck, scripted Market actions")
        super().__init__(
            ([] if errors else [self.errors])
            + [
                w.HBox(
                    [self.season, self.count, self.solo, self.first_player, self.target_box],
                    layout=w.Layout(flex_flow="row wrap", align_items="center"),
                ),
                self.cell,
                self.players_box,
                self.more,
            ],
            **kwargs,
        )
        self.add_class("fte-builder")
        self.rebuild()

    # -- announcing -------------------------------------------------------------------------------
    def on_change(self, handler) -> None:
        self._handlers.append(handler)

    def changed(self) -> None:
        self.redraw()
        for handler in self._handlers:
            handler()

    # -- editing -----------------------------------------------------------------------------------
    def add(self, card_id: str) -> None:
        """Put a card where the target says (a deck's bottom: decks list their top card first)."""
        target = self.target
        s = self.situation
        switch = target[0] == "grid" and not s.has_grid(target[1])
        with s.edit(
            f"add {CATALOG[card_id].name if card_id in CATALOG else card_id} to "
            f"{target_name(s, target)}"
        ):
            if switch:
                s.set_grid_mode(target[1], True)
            s.add(card_id, target)
        if switch:
            self.rebuild()
        self.changed()

    def set_target(self, target: tuple) -> None:
        self.target = target
        self._quiet = True
        self._target_options()
        self._quiet = False
        self.redraw()

    def load(self, scenario: dict, what: str = "load another situation") -> None:
        """Replace the whole situation (import, the examples menu, a link); undo brings the
        previous one back."""
        self.situation.replace(scenario, what)
        self.target = ("deck", 0)
        self.rebuild()
        self.changed()

    # -- drawing -----------------------------------------------------------------------------------
    def rebuild(self) -> None:
        """Make the per-player controls again (after the number of players or the situation
        changed)."""
        s = self.situation
        self._quiet = True
        self.season.value = s.season
        self.count.value = len(s.players)
        self.solo.value = s.solo or ""
        self.solo.layout.display = None if len(s.players) == 1 else "none"
        self.first_player.options = [
            (p.get("name") or f"Player {i + 1}", i) for i, p in enumerate(s.players)
        ]
        self.first_player.value = (
            s.data.get("first_player", 0) if s.data.get("first_player", 0) < len(s.players) else 0
        )
        self.action_player.options = self.first_player.options
        self.rows = []
        for i, p in enumerate(s.players):
            name = w.Text(
                value=str(p.get("name", f"Player {i + 1}")),
                layout=w.Layout(width="10em"),
                continuous_update=False,
                tooltip="the player's name",
            )
            grid = w.Checkbox(
                value=s.has_grid(i),
                description="grid built by hand",
                indent=False,
                layout=w.Layout(width="11em"),
                tooltip="build this player's grid cell by cell: the player does not flip "
                "(switched off, the grid is put aside and comes back when switched on)",
            )
            grid.add_class("fte-hand-built")
            deck = HTMLView()
            deck.add_class(f"fte-deck-{i}")
            piles = HTMLView()
            guard = self.errors.guard
            name.observe(guard(lambda c, i=i: self._rename(i, c["new"])), names="value")
            grid.observe(guard(lambda c, i=i: self._grid_mode(i, c["new"])), names="value")
            deck.on_click(guard(self._clicked))
            piles.on_click(guard(self._clicked))
            self.rows.append({"name": name, "grid": grid, "deck": deck, "piles": piles})
        old = self.players_box.children
        self.players_box.children = [
            w.VBox(
                [
                    w.HBox([r["name"], r["grid"]], layout=w.Layout(align_items="center")),
                    r["deck"],
                    r["piles"],
                ],
                layout=w.Layout(border="1px solid #d0d7de", padding="2px 6px", margin="2px 0"),
            )
            for r in self.rows
        ]
        # the previous controls are gone from the page: close them (and their comms)
        for box in old:
            _close(box)
        self._target_options()
        self._quiet = False
        self.redraw()

    def _targets(self) -> list[tuple[str, tuple]]:
        s = self.situation
        out = []
        for i in range(len(s.players)):
            out.append(("deck", i))
            if s.has_grid(i):
                rows = s.grid_rows(i)
                n_extra = len(rows) - 2
                for row in range(-n_extra - 1, 2):
                    for col in range(3):
                        out.append(("grid", i, row, col))
            out.append(("dismissed", i))
        out += [("market",), ("toon_deck",)]
        return [(self._target_label(t), t) for t in out]

    def _target_label(self, t: tuple) -> str:
        s = self.situation
        if t[0] == "grid" and -t[2] > len(s.grid_rows(t[1])) - 2:
            who = s.players[t[1]].get("name")
            return f"{who} · grid, a new extra row, {('left', 'middle', 'right')[t[3]]}"
        return target_name(s, t)

    def _valid(self, t: tuple) -> bool:
        n = len(self.situation.players)
        return t[0] in ("market", "toon_deck") or (len(t) > 1 and t[1] < n)

    def _target_options(self) -> None:
        if not self._valid(self.target):
            self.target = ("deck", 0)
        quiet, self._quiet = self._quiet, True
        options = self._targets()
        self.target_box.options = options
        self.target_box.value = (
            self.target if self.target in [v for _, v in options] else options[0][1]
        )
        self._quiet = quiet

    def redraw(self) -> None:
        s = self.situation
        self._history_buttons()
        for i, r in enumerate(self.rows):
            p = s.players[i]
            deck = p.get("deck", []) if isinstance(p.get("deck", []), list) else []
            r["deck"].html = pile_html(
                "deck (top first: revealed in this order)",
                "deck",
                i,
                deck,
                "fte-deck-card",
                "empty — pick cards in the catalog",
            )
            parts = []
            if i in s.shelved and not s.has_grid(i):
                n = sum(len(cell) for row in s.shelved[i] for cell in row if cell)
                parts.append(
                    '<div style="font-size:11px;color:#6b4e00;background:#fff8e1;'
                    "border-radius:3px;"
                    f'padding:1px 6px;margin:2px 0">{escape(s.who(i))} flips from the deck; the '
                    "grid built "
                    f"by hand ({n} card{'s' if n != 1 else ''}) is put aside: tick “grid built by "
                    "hand” "
                    "to bring it back</div>"
                )
            dismissed = p.get("dismissed", [])
            if isinstance(dismissed, list) and (dismissed or self.target == ("dismissed", i)):
                parts.append(pile_html("dismissed pile", "dismissed", i, dismissed))
            actions = p.get("actions", [])
            if isinstance(actions, list) and actions:
                chips = "".join(
                    f'<span style="{CHIP}">{k + 1}. {escape(_action_words(a))} '
                    + _op("✕", "remove", op="remove-action", player=i, index=k)
                    + "</span>"
                    for k, a in enumerate(actions)
                )
                parts.append(
                    '<div style="font-size:11px;color:#57606a;margin:2px 0">scripted Market '
                    f"actions</div>{chips}"
                )
            choices = p.get("choices", [])
            if isinstance(choices, list) and choices:
                chips = "".join(
                    f'<span style="{CHIP}">{k + 1}. {escape(_answer_words(c))}</span>'
                    for k, c in enumerate(choices)
                )
                parts.append(
                    '<div style="font-size:11px;color:#57606a;margin:2px 0">answers to decisions, '
                    "in order "
                    + _op("forget all", "ask them again", op="forget", player=i)
                    + f"</div>{chips}"
                )
            r["piles"].html = "".join(parts)
        market = s.data.get("market", [])
        self.market.html = pile_html(
            "market (arranged by rank when resolved)",
            "market",
            None,
            market if isinstance(market, list) else [],
        )
        toon = s.data.get("toon_deck", [])
        self.toon.html = pile_html(
            "toon deck (top first)", "toon_deck", None, toon if isinstance(toon, list) else []
        )
        self.cell.html = self._cell_html()

    def _cell_html(self) -> str:
        t = self.target
        if t[0] != "grid":
            return ""
        s = self.situation
        i, row, col = t[1], t[2], t[3]
        stack = s.stack(i, row, col)
        who = s.players[i].get("name")
        if -row > len(s.grid_rows(i)) - 2:
            where = f"a new extra row above, {('left', 'middle', 'right')[col]}"
        else:
            where = space_name((row, col))
        chips = []
        for h, e in enumerate(stack):
            spec = CATALOG.get(e["id"])
            name = spec.name if spec else str(e["id"])
            score = self.cell_fame.get((i, row, col, h))
            fame = (
                f" → {score.fame} at Check Fame"
                if isinstance(score, CardScore) and e["face_up"]
                else ""
            )
            face = "face up" if e["face_up"] else "face down"
            chips.append(
                f'<span style="{CHIP}">{"+ " if h else ""}{escape(name)} ({face}){escape(fame)} '
                + _op("⟲", "turn over", op="turn", player=i, row=row, col=col, height=h)
                + _op("↑", "higher in the stack", op="higher", player=i, row=row, col=col, height=h)
                + _op("↓", "lower in the stack", op="lower", player=i, row=row, col=col, height=h)
                + _op("✕", "take out", op="take", player=i, row=row, col=col, height=h)
                + "</span>"
            )
        body = (
            "".join(chips)
            or '<span style="color:#8c959f">empty: pick cards in the catalog to stack them '
            "here</span>"
        )
        return (
            f'<div style="border:2px solid #2f6fb5;border-radius:5px;padding:3px 6px;margin:3px 0">'
            f'<div style="font-size:11px;color:#57606a">{escape(who or "")} · grid, '
            f"{escape(where)} — the stack, "
            "bottom first, each card with the fame it scores at Check Fame (the end of the "
            "resolution; "
            "the table shows the step the stepper is at). Click another cell of the table to "
            "choose it."
            f"</div>{body}</div>"
        )

    # -- events ------------------------------------------------------------------------------------
    def _season(self, change) -> None:
        if not self._quiet:
            self.situation.set_season(change["new"])
            self.changed()

    def _count(self, change) -> None:
        if not self._quiet:
            self.situation.set_player_count(int(change["new"]))
            self.rebuild()
            self.changed()

    def _solo(self, change) -> None:
        if not self._quiet:
            self.situation.set_solo(change["new"] or None)
            self.changed()

    def _first(self, change) -> None:
        if not self._quiet and change["new"] is not None:
            self.situation.set_first_player(change["new"])
            self.changed()

    def _target(self, change) -> None:
        if not self._quiet and change["new"] is not None:
            self.target = change["new"]
            if self.target[0] in ("market", "toon_deck"):
                self.more.selected_index = 0
            self.redraw()

    def _rename(self, i: int, name: str) -> None:
        self.situation.set_name(i, name)
        quiet, self._quiet = self._quiet, True
        self.first_player.options = [
            (p.get("name") or f"Player {k + 1}", k) for k, p in enumerate(self.situation.players)
        ]
        self.first_player.value = self.situation.data.get("first_player", 0)
        self.action_player.options = self.first_player.options
        self._target_options()
        self._quiet = quiet
        self.changed()

    def _grid_mode(self, i: int, on: bool) -> None:
        if self._quiet:
            return
        self.situation.set_grid_mode(i, on)
        if on:
            self.target = ("grid", i, 0, 0)
        elif self.target[0] == "grid" and self.target[1] == i:
            self.target = ("deck", i)
        self._target_options()
        self.changed()

    def _add_action(self, _button) -> None:
        i = self.action_player.value or 0
        verb = self.action_verb.value
        action = {"skip": True} if verb == "skip" else {verb: self.action_card.value.strip()}
        self.situation.add_action(i, action)
        self.changed()

    def _clicked(self, data: dict) -> None:
        if data.get("action") != "edit":
            return
        op = data.get("op")
        s = self.situation
        num = {
            k: int(v) for k, v in data.items() if k in ("player", "index", "row", "col", "height")
        }
        if op in ("up", "down", "remove"):
            pile = data.get("pile")
            target = (pile, num["player"]) if pile in ("deck", "dismissed") else (pile,)
            if op == "remove":
                s.remove(target, num["index"])
            else:
                s.move(target, num["index"], -1 if op == "up" else 1)
        elif op == "remove-action":
            s.remove_action(num["player"], num["index"])
        elif op == "forget":
            s.forget_answers(num["player"])
        elif op in ("turn", "higher", "lower", "take"):
            where = (num["player"], num["row"], num["col"], num["height"])
            if op == "turn":
                s.turn_over(*where)
            elif op == "take":
                s.take(*where)
            else:
                s.shift(*where, 1 if op == "higher" else -1)
        else:
            return
        self.changed()


def _close(widget) -> None:
    """Close a widget and every widget inside it."""
    for child in getattr(widget, "children", ()):
        _close(child)
    widget.close()


def _action_words(action) -> str:
    if isinstance(action, dict) and len(action) == 1:
        ((verb, arg),) = action.items()
        return "skip" if verb == "skip" else f"{verb} {arg}"
    if isinstance(action, list):  # one round of a script given round by round
        return "a round: " + (", ".join(map(_action_words, action)) or "the policy's")
    return str(action)


def _answer_words(answer) -> str:
    if isinstance(answer, list):  # one round of a script given round by round
        return "a round: " + (", ".join(map(_answer_words, answer)) or "the policy's")
    return "none" if answer is None else str(answer)
