"""Modules that moved into the game and analysis packages keep answering to their old names:
`import fliptoons_explore.cards` is `fliptoons_explore.fliptoons.cards` (the same module object),
so every import the README and the notebooks have ever shown still works."""
from __future__ import annotations

import importlib
import sys

#: Old name (under fliptoons_explore) -> where the module lives now.
MOVED = {
    "cards": "fliptoons.cards", "grid": "fliptoons.grid", "state": "fliptoons.state",
    "flip": "fliptoons.flip", "fame": "fliptoons.fame", "market": "fliptoons.market",
    "game": "fliptoons.game", "resolver": "fliptoons.resolver", "engine": "fliptoons.engine",
    "greedy": "fliptoons.greedy", "sample": "fliptoons.sample", "play": "fliptoons.play",
    "scenario": "fliptoons.scenario", "text": "fliptoons.text", "render": "fliptoons.render",
    "compare": "analysis.compare", "interactions": "analysis.interactions",
    "interaction_svg": "analysis.interaction_svg",
}


def alias_moved_modules(package: str) -> None:
    """Register each moved module under its old name too (the package's own attribute of that
    name is left alone: `fliptoons_explore.situations` and such are functions)."""
    for old, new in MOVED.items():
        sys.modules[f"{package}.{old}"] = importlib.import_module(f"{package}.{new}")
