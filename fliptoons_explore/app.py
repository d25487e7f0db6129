"""`fliptoons-explore app`: the explorer as a Voilà app on localhost, for people who never open a
notebook. It serves the notebook shipped inside the widgets package (`widgets/app.ipynb`), which
shows `fliptoons_explore.widgets.explorer()` and nothing else (DESIGN.md §2.5)."""
from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from importlib import resources

from ._optional import MissingOptional

DEFAULT_PORT = 8866


def app_notebook() -> str:
    """The path of the app's notebook inside the installed package."""
    return str(resources.files("fliptoons_explore.widgets").joinpath("app.ipynb"))


def app_argv(port: int = DEFAULT_PORT, open_browser: bool = True) -> list[str]:
    """The Voilà command line that serves the app on localhost at `port`."""
    argv = [sys.executable, "-m", "voila", app_notebook(), f"--port={port}", "--Voila.ip=127.0.0.1",
            "--theme=light", "--show_tracebacks=False"]
    if not open_browser:
        argv.append("--no-browser")
    return argv


def app_command(port: int = DEFAULT_PORT, open_browser: bool = True) -> int:
    """Serve the app until stopped (Ctrl-C); ValueError (one line) for a bad port,
    `MissingOptional` when Voilà is not installed."""
    if not 1 <= port <= 65535:
        raise ValueError(f"--port: expected 1 to 65535, got {port}")
    for module in ("voila", "ipykernel"):
        if importlib.util.find_spec(module) is None:
            raise MissingOptional(f"the app needs {module}, which is not installed: "
                                  "pip install 'fliptoons_explore[app]'", name=module)
    print(f"fliptoons-explore: the explorer at http://127.0.0.1:{port}/ (Ctrl-C stops it)", file=sys.stderr)
    env = dict(os.environ, PYDEVD_DISABLE_FILE_VALIDATION="1")
    try:
        return subprocess.call(app_argv(port, open_browser), env=env)
    except KeyboardInterrupt:
        return 0
