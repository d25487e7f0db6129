"""Shared pytest configuration for `pytest -n auto` (pytest-xdist; the README's test command).

A unit of work given to a worker is one notebook (nbval runs its cells in order against one
kernel), one test class (the seeded whole games share a class fixture: tests/fliptoons/
test_seeded_games.py), or else one test. The long seeded runs (`@pytest.mark.slow`) are
collected first, so that the workers start on them and the many short tests fill in around them.
"""

import pytest


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items):
    # stable: the rest keeps its order
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)


def pytest_xdist_make_scheduler(config, log):
    from xdist.scheduler import LoadScopeScheduling

    class NotebookClassOrTest(LoadScopeScheduling):
        """LoadScope with a notebook, a test class or a single test as the scope."""

        def _split_scope(self, nodeid: str) -> str:
            path, _, rest = nodeid.partition("::")
            if path.endswith(".ipynb"):
                return path
            if "::" in rest.split("[")[0]:  # Class::test (a parameter may hold '::')
                return f"{path}::{rest.split('::', 1)[0]}"
            return nodeid

    return NotebookClassOrTest(config, log)


# -- nothing left running ----------------------------------------------------------------------

#: Every process the tests start inherits this mark in its environment (servers, and the kernels
#: and browsers they start in turn), so that the end of the run can find any still running.
MARK = "FLIPTOONS_EXPLORE_TEST_RUN"


#: The helpers `multiprocessing` starts once per process for its pools (the experiments' process
#: pools use the forkserver): they are no server or kernel, and end with the process that made them.
MULTIPROCESSING_HELPERS = ("multiprocessing.forkserver", "multiprocessing.resource_tracker")


def processes_marked(mark: str) -> list[tuple[int, str]]:
    """(pid, command line) of the processes whose environment holds `MARK=mark` (Linux /proc)."""
    import os
    import pathlib

    found = []
    needle = f"{MARK}={mark}".encode()
    for proc in pathlib.Path("/proc").glob("[0-9]*"):
        pid = int(proc.name)
        if pid == os.getpid():
            continue
        try:
            if needle in (proc / "environ").read_bytes().split(b"\0"):
                cmd = (proc / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
                state, parent = (proc / "stat").read_text().rsplit(")", 1)[1].split()[:2]
                if state == "Z":  # a zombie has ended; its parent has not read its status yet
                    continue
                if int(parent) == os.getpid() and any(
                    helper in cmd for helper in MULTIPROCESSING_HELPERS
                ):
                    continue  # this process's own pool helper: it ends when this process does
                found.append((pid, cmd.strip()[:160]))
        except OSError:
            continue
    return found


@pytest.fixture(scope="session", autouse=True)
def nothing_left_running():
    """After the whole run, no server, kernel or browser a test started is still running (each
    is given up to 20 s to finish stopping); any that is, is named, killed and fails the run."""
    import os
    import signal
    import time
    import uuid

    mark = uuid.uuid4().hex
    os.environ[MARK] = mark
    yield
    if not os.path.isdir("/proc"):
        return
    end = time.time() + 20
    left = processes_marked(mark)
    while left and time.time() < end:
        time.sleep(0.5)
        left = processes_marked(mark)
    for pid, _ in left:
        try:
            os.kill(pid, signal.SIGKILL)
        except OSError:
            pass
    assert not left, "still running after the tests: " + "; ".join(
        f"{pid} {cmd}" for pid, cmd in left
    )
