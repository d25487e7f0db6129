"""ipywidgets for exploring fliptoons_explore resolutions, installed as fliptoons_explore.widgets.

It depends on the engine (`fliptoons_explore`), never the other way round.

    from fliptoons_explore.widgets import explorer
    explorer()              # catalog, builder, stepper, chain view, rulings, interactions, JSON

The parts work on their own too: `Catalog`, `Builder` (over a `Situation`), `StepperView`,
`ChainView`, `RulingsPanel`, `InteractionsPanel`, `JSONPanel`, `TracePanel`, `SharePanel` (a link
and the resolution in Markdown), `AdvicePanel` (what a strong player would do), and `HTMLView`,
the one custom widget (HTML from the kernel, clicks back).
"""

from .advice import AdvicePanel
from .builder import Builder
from .catalog import Catalog
from .chain import ChainView
from .explorer import Explorer, explorer
from .htmlview import HTMLView
from .panels import InteractionsPanel, JSONPanel, RulingsPanel, SharePanel, TracePanel
from .situation import Situation
from .stepper import StepperView

__all__ = [
    "explorer",
    "Explorer",
    "Catalog",
    "Builder",
    "Situation",
    "StepperView",
    "ChainView",
    "RulingsPanel",
    "InteractionsPanel",
    "JSONPanel",
    "TracePanel",
    "SharePanel",
    "AdvicePanel",
    "HTMLView",
]
