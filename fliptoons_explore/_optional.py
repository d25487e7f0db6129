"""Optional packages: import one where it is needed, or say in one line which extra installs it.

    >>> from fliptoons_explore._optional import require
    >>> plt = require("matplotlib.pyplot", extra="notebooks")   # doctest: +SKIP

A plain `pip install fliptoons_explore` carries what the engine, the command line and the
exploring API need; the extras carry the rest (`notebooks`: JupyterLab, matplotlib; `app`:
Voilà; `test`: the test tools). Every import of a package outside the plain install goes
through `require`, so a missing one is a `MissingOptional` (an `ImportError`) whose message names
the extra, shown as that one line by the command line and by IPython / Jupyter.
"""

from __future__ import annotations

import importlib
from types import ModuleType

__all__ = ["MissingOptional", "require"]


class MissingOptional(ImportError):
    """An optional package is not installed; the message says which extra brings it."""

    def _render_traceback_(self) -> list[str]:  # IPython shows this instead of the traceback
        return [f"{type(self).__name__}: {self}"]


def require(module: str, extra: str, purpose: str | None = None) -> ModuleType:
    """Import `module` (e.g. "matplotlib.pyplot"), or raise `MissingOptional` with one line:
    "drawing needs matplotlib, which is not installed: pip install
    'fliptoons_explore[notebooks]'"."""
    try:
        return importlib.import_module(module)
    except ImportError as e:
        top = module.partition(".")[0]
        if e.name is not None and e.name.partition(".")[0] != top:
            raise  # the package is there but something it needs is broken: show that
        raise MissingOptional(
            f"{purpose or 'this'} needs {top}, which is not installed: "
            f"pip install 'fliptoons_explore[{extra}]'",
            name=top,
        ) from None
