"""Undo and redo in a builder of either game: the ↶ ↷ buttons (hooks `fte-undo`, `fte-redo`),
whose tooltips name the edit they would take back or make again, and what they do. The edits
themselves are the situation's (`situation.EditHistory`)."""

from __future__ import annotations

import ipywidgets as w


class UndoRedo:
    """A builder's undo and redo. The builder has `situation` (an `EditHistory`), `rebuild()` and
    `changed()`; it calls `_make_history_buttons(guard)` once and `_history_buttons()` on redraw."""

    def _make_history_buttons(self, guard) -> None:
        self.undo_button = w.Button(
            description="",
            icon="undo",
            tooltip="nothing to undo (Ctrl-Z)",
            disabled=True,
            layout=w.Layout(width="auto"),
        )
        self.undo_button.add_class("fte-undo")
        self.redo_button = w.Button(
            description="",
            icon="repeat",
            tooltip="nothing to redo (Ctrl-Shift-Z)",
            disabled=True,
            layout=w.Layout(width="auto"),
        )
        self.redo_button.add_class("fte-redo")
        self.undo_button.on_click(guard(lambda _b: self.undo()))
        self.redo_button.on_click(guard(lambda _b: self.redo()))

    def undo(self) -> None:
        """Take back the last edit (Ctrl-Z)."""
        self.situation.undo()
        self.rebuild()
        self.changed()

    def redo(self) -> None:
        """Make again the edit last taken back (Ctrl-Shift-Z)."""
        self.situation.redo()
        self.rebuild()
        self.changed()

    def _history_buttons(self) -> None:
        s = self.situation
        self.undo_button.disabled = not s.undo_label
        self.undo_button.tooltip = (
            f"undo: {s.undo_label} (Ctrl-Z)" if s.undo_label else "nothing to undo (Ctrl-Z)"
        )
        self.redo_button.disabled = not s.redo_label
        self.redo_button.tooltip = (
            f"redo: {s.redo_label} (Ctrl-Shift-Z)"
            if s.redo_label
            else "nothing to redo (Ctrl-Shift-Z)"
        )
