"""A resolution, in either game: a table as the rules left it and the trace of how (None when
resolved untraced). Made by each game's `resolve`; read by `Stepper`, `trace_frame`,
`causal_graph` and the views, which ask the table's game (`table.game`, a `games.GameKit`)
what they cannot know themselves."""

from __future__ import annotations

from dataclasses import dataclass

from .events import Recorder, Trace


@dataclass
class Resolution:
    """A resolved table and its trace (None when resolved untraced)."""

    table: object
    trace: Trace | None

    @property
    def players(self):
        return self.table.players

    @property
    def game(self):
        """The game's kit (`games.GameKit`)."""
        return self.table.game

    def state_after(self, step: int) -> dict:
        """The table's state right after event `step` (-1: before the first event); needs a
        resolution made with `record=True`."""
        if not isinstance(self.trace, Recorder):
            raise ValueError("resolve with record=True to step through states")
        return self.trace.initial if step < 0 else self.trace.states[step]

    def state_before(self, step: int) -> dict:
        return self.state_after(step - 1)

    def to_json(self) -> dict:
        """The command line's JSON document (docs/scenarios.md, What the commands print)."""
        return self.table.game.to_json(self.table, self.trace)

    def __repr__(self) -> str:
        steps = "untraced" if self.trace is None else f"{len(self.trace)} events"
        return f"<Resolution {self.table.game.summary(self.table)}; {steps}>"

    def _repr_html_(self) -> str:
        return self.table.game.resolution_html(self)
