"""How many games the seeded sweeps play: a sample by default, the full count for a soak.

`FLIPTOONS_SOAK=1 .venv/bin/pytest -n auto -m slow tests/` (README, "Run all the tests") plays
every sweep at full size: 2,000 games per mode, per season or per variant. Every check of a
sweep runs in either case; only the number of games changes. This module is the one place that
reads the switch.
"""

from __future__ import annotations

import os

#: The environment variable that asks for the full sweeps.
SWITCH = "FLIPTOONS_SOAK"


def soak() -> bool:
    """Whether the full sweeps are asked for: `FLIPTOONS_SOAK` set to anything but "" or "0"."""
    return os.environ.get(SWITCH, "").strip() not in ("", "0")


def games(default: int, full: int) -> int:
    """The number of games a sweep plays: `full` under the soak switch, else `default`."""
    return full if soak() else default
