"""`fliptoons-explore app`: the explorer as a Voilà app on localhost, for people who never open a
notebook. It serves the notebook shipped inside the widgets package
(`widgets/app.ipynb`), which shows `fliptoons_explore.widgets.explorer()` and nothing else.

    fliptoons-explore app [SCENARIO.json] [--step N] [--port N] [--no-browser] [--pool N]

How it behaves as a server:

- Voilà runs inside this process, so that Ctrl-C (SIGINT), SIGTERM and a closed terminal (SIGHUP)
  all reach it: each stops the server and shuts down every kernel it started, and the port is
  closed when the command returns. A kernel whose server is gone (the process killed with
  SIGKILL) ends by itself: ipykernel polls its parent.
- Each page has its own kernel. A page that is closed sends Voilà's shutdown request (the page
  carries the `_xsrf` cookie that request needs), and a kernel whose page went away without it
  (a browser that crashed) is shut down `server.DISCONNECT_GRACE` seconds after its last
  connection dropped. A page left open keeps its kernel, however long it idles.
- `pool` kernels are started ahead, with the explorer already built in them (Voilà's
  `preheat_kernel`), so that a page opens in about a second: a page is handed a kernel that has
  finished building it, or, when none has, starts its own at once. The pool refills one kernel
  at a time, once no page has taken one for 5 s (`fill_delay`) and the pages' kernels have been
  quiet for 5 s (or after a minute at the latest), so that the pages being used keep the cores
  (`server.warm_pool`). Each kernel holds about 75 MB; `--pool 0` starts a kernel
  per page instead; for N people at once, `--pool N`.
- Nothing the page loads comes from outside localhost: the app's page template
  (`data/voila/templates/fliptoons-explore`) is Voilà's own without the two Font Awesome
  stylesheets it fetches from a CDN (the widgets' icons come with the widgets' own bundle).
- A scenario file (checked first: a mistake is one line, exit 2) opens every page on it, at
  `--step`; a link made by the explorer's "share" button (`links.Link`) opens its situation and
  step in any page.
"""

from __future__ import annotations

import importlib.util
import os
import sys
from importlib import resources

from .._optional import MissingOptional

DEFAULT_PORT = 8866
#: Kernels started ahead of the pages that will use them.
DEFAULT_POOL = 4
#: Where the app tells the explorer what to open: a link's fragment (`links.Link.fragment`).
OPEN_ENV = "FLIPTOONS_EXPLORE_OPEN"
TEMPLATE = "fliptoons-explore"


def app_notebook() -> str:
    """The path of the app's notebook inside the installed package."""
    return str(resources.files("fliptoons_explore.widgets").joinpath("app.ipynb"))


def app_data_dir() -> str:
    """The folder holding the app's Voilà template (`voila/templates/fliptoons-explore`), added
    to the Jupyter data path while the app runs."""
    return str(resources.files("fliptoons_explore").joinpath("data"))


def app_argv(
    port: int = DEFAULT_PORT, open_browser: bool = True, pool: int = DEFAULT_POOL
) -> list[str]:
    """Voilà's command line for the app (without the program name): localhost only, no other
    port tried if `port` is taken, the app's template, `pool` pre-started kernels."""
    argv = [
        app_notebook(),
        f"--port={port}",
        "--Voila.port_retries=0",
        "--Voila.ip=127.0.0.1",
        "--theme=light",
        "--show_tracebacks=False",
        f"--template={TEMPLATE}",
        "--VoilaConfiguration.multi_kernel_manager_class=fliptoons_explore.app.server.ExplorerKernelManager",
        # under load (many pages at once on few cores) a kernel is slow to start and to show the
        # explorer: wait for it, rather than serve a page without its output (Voilà's default
        # waits 4 s for the output, then serves the page empty)
        "--VoilaExecutor.iopub_timeout=120",
        "--VoilaExecutor.startup_timeout=180",
        # the pool refills a few seconds after pages took its kernels: not while they are served
        "--VoilaKernelManager.fill_delay=5",
        # the page loads the front-end extensions its widgets need, not the code highlighter's
        # (the app shows no code)
        "--VoilaConfiguration.extension_denylist=jupyterlab_pygments",
    ]
    if pool > 0:
        argv += ["--preheat_kernel=True", f"--pool_size={pool}"]
    if not open_browser:
        argv.append("--no-browser")
    return argv


def opening(scenario_path: str | None, step: int | None) -> str:
    """The fragment the app opens every page on (empty without a scenario): the scenario read and
    checked as `resolve` reads it, played as the `chain` command plays it (`play_as_written`: the
    game when it says something about the game around its round, else its round when a player has
    Market actions, else Flip and Check Fame; a Flipology scenario: its turns, then the count),
    with the step checked against its trace.
    ScenarioError (one line)."""
    from ..jsonio import ScenarioError
    from ..links import Link

    if scenario_path is None:
        if step is not None:
            raise ScenarioError("--step: needs a scenario file to step through")
        return ""
    from ..games import contract_of
    from ..jsonio import read_scenario

    scenario = read_scenario(scenario_path)
    game = contract_of(scenario)
    play = game.written_play(scenario)
    played = game.play_as_written(scenario)
    last = len(played.trace) - 1
    step = -1 if step is None else step
    if not -1 <= step <= last:
        raise ScenarioError(
            f"--step: expected -1 to {last} (the steps of this situation), got {step}"
        )
    return Link(scenario, step, play).fragment()


def app_command(
    scenario_path: str | None = None,
    step: int | None = None,
    port: int = DEFAULT_PORT,
    open_browser: bool = True,
    pool: int = DEFAULT_POOL,
) -> int:
    """Serve the app until stopped (Ctrl-C, SIGTERM, a closed terminal); ValueError (one line) for
    a bad port, pool, scenario or step, `MissingOptional` when Voilà is not installed."""
    if not 1 <= port <= 65535:
        raise ValueError(f"--port: expected 1 to 65535, got {port}")
    if not 0 <= pool <= 64:
        raise ValueError(f"--pool: expected 0 to 64 kernels, got {pool}")
    for module in ("voila", "ipykernel"):
        if importlib.util.find_spec(module) is None:
            raise MissingOptional(
                f"the app needs {module}, which is not installed: "
                "pip install 'fliptoons_explore[app]'",
                name=module,
            )
    fragment = opening(scenario_path, step)
    os.environ[OPEN_ENV] = fragment
    os.environ["PYDEVD_DISABLE_FILE_VALIDATION"] = "1"
    os.environ["JUPYTER_PATH"] = os.pathsep.join(
        p for p in (app_data_dir(), os.environ.get("JUPYTER_PATH")) if p
    )
    url = f"http://127.0.0.1:{port}/"
    print(
        f"fliptoons-explore: the explorer at {url} (Ctrl-C stops it)", file=sys.stderr, flush=True
    )
    from .server import serve

    return serve(app_argv(port, open_browser, pool))
