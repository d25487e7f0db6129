"""What the game-neutral toolkit asks of FlipToons (`games.GameKit`): positions and events in
words, a recorded state as text and as a table view, what a step marks, the JSON document."""

from __future__ import annotations

from ..views import Marks
from .grid import COL_NAMES, space_name
from .render import resolution_html, step_html, table_html, table_info
from .scenario import table_json
from .text import event_sentence, event_words, state_text


class FlipToonsKit:
    """FlipToons on the toolkit. A position is `(row, col)` of the event's player's grid."""

    name = "fliptoons"
    title = "FlipToons"
    unit = "fame"

    def where(self, pos, players=None) -> str:
        return space_name(pos)

    def short_where(self, pos, players=None) -> str:
        row, col = pos
        return f"slot {row * 3 + col + 1}" if row >= 0 else f"extra {-row} {COL_NAMES[col]}"

    def event_words(self, event, players=None) -> str:
        return event_words(event)

    def event_sentence(self, event, players) -> str:
        return event_sentence(event, players)

    def state_text(self, state: dict) -> str:
        return state_text(state)

    def check_card(self, card_id: str) -> None:
        """KeyError naming an unknown card id and the closest known ones."""
        from .cards import CATALOG, unknown_card_message

        if card_id not in CATALOG:
            raise KeyError(unknown_card_message(card_id, set(CATALOG)))

    def marks(self, stepper):
        """The acting card and its cause chain (`Stepper.chain_uids`), the space a card just left
        (a ghost), the deck a card just went into (its top or bottom), the revealed card acting."""
        event = stepper.event
        if event is None:
            return Marks()
        ghost = deck_mark = None
        if event.uid is not None and event.kind in ("return", "move", "stack", "dismiss"):
            was, now = locate_uid(stepper.before, event.uid), locate_uid(stepper.state, event.uid)
            if was is not None and (now is None or now[:3] != was[:3]):
                ghost = was[:3] + (event.card,)
        if event.player is not None:
            if event.kind == "return":  # to the bottom of the deck (s2.keyword.return)
                deck_mark = (event.player, "bottom")
            elif (
                event.kind == "hire"
                or event.kind == "to_deck"
                and "toon" not in event.detail
                or event.kind == "gain"
                and "top of the deck" in event.detail
            ):
                deck_mark = (event.player, "top")
        revealed = (
            event.player
            if event.kind == "reveal" and stepper.state["players"][event.player]["revealed"]
            else None
        )
        return Marks(
            acting=event.uid,
            chain=stepper.chain_uids(),
            ghost=ghost,
            deck_mark=deck_mark,
            revealed=revealed,
        )

    def step_html(self, stepper) -> str:
        return step_html(stepper)

    def table_at_step_html(self, stepper, target=None, clickable: bool = False) -> str:
        """The table at the stepper's step, marked, fame so far in the headers (the explorer's
        stepper); `target`: the builder's chosen cell, `clickable`: cells the builder listens to."""
        marks = self.marks(stepper)
        marks = Marks(
            marks.acting,
            marks.chain,
            marks.ghost,
            target,
            clickable,
            marks.deck_mark,
            marks.revealed,
        )
        info = table_info(stepper.resolution.table, show_order=True, flip_notes=stepper.at_end)
        if not stepper.at_end:
            info.least = None
            info.fame_so_far = True
        return table_html(stepper.state, stepper.card_fame, marks, info, stepper.fame)

    def resolution_html(self, resolution) -> str:
        return resolution_html(resolution)

    def to_json(self, table, trace) -> dict:
        return table_json(table, trace)

    def summary(self, table) -> str:
        fame = ", ".join(f"{p.name} {p.fame_total}" for p in table.players)
        return f"{table.season}: {fame}"


def locate_uid(state: dict, uid: int):
    """(player, row, col, height) of a card in a recorded state's grids (row as in
    docs/engine.md: 0 upper, 1 lower, -1 the first extra row), or None."""
    for pi, p in enumerate(state["players"]):
        rows = p["grid"]
        n_extra = len(rows) - 2
        for j, row in enumerate(rows):
            for col, stack in enumerate(row):
                for h, entry in enumerate(stack or ()):
                    if entry.get("uid") == uid:
                        return pi, j - n_extra, col, h
    return None


KIT = FlipToonsKit()
