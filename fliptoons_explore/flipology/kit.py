"""What the game-neutral toolkit asks of Flipology (`games.GameKit`): positions and events in words,
a recorded state as text and as a table view, what a step marks, the JSON document."""

from __future__ import annotations

from ..views import Marks
from .cards import CARDS, KINDS, spec_of
from .render import resolution_html, step_html, table_at_step_html
from .text import event_sentence, event_words, short_where, state_text, where


class FlipologyKit:
    """Flipology on the toolkit. A position is `(player, row, col)`, row 0 the bottom row."""

    name = "flipology"
    title = "Flipology"
    unit = "points"

    def where(self, pos, players=None) -> str:
        return where(pos, players)

    def short_where(self, pos, players=None) -> str:
        return short_where(pos, players)

    def event_words(self, event, players=None) -> str:
        return event_words(event, players)

    def event_sentence(self, event, players) -> str:
        return event_sentence(event, players)

    def state_text(self, state: dict) -> str:
        return state_text(state)

    def check_card(self, card_id: str) -> None:
        """KeyError naming an unknown card id (a kind, or kind:points) and the closest ones."""
        if card_id not in CARDS and card_id not in KINDS:
            spec_of(card_id)

    def marks(self, stepper):
        """The acting card and the cards its chain of causes touched."""
        event = stepper.event
        if event is None:
            return Marks()
        return Marks(acting=event.uid, chain=stepper.chain_uids())

    def step_html(self, stepper) -> str:
        return step_html(stepper)

    def table_at_step_html(self, stepper, target=None, clickable: bool = False) -> str:
        return table_at_step_html(stepper, target, clickable)

    def resolution_html(self, resolution) -> str:
        return resolution_html(resolution)

    def to_json(self, table, trace) -> dict:
        from .scenario import table_json

        return table_json(table, trace)

    def summary(self, table) -> str:
        scores = ", ".join(f"{p.name} {'-' if p.score is None else p.score}" for p in table.players)
        return f"flipology {table.variant}: {scores}"


KIT = FlipologyKit()
