"""Seeded work spread over processes: many small tasks (a game, a resolution) cut into chunks and
run on any `concurrent.futures.Executor` — by default a pool of worker processes, one per core —
with the results back in the order of the tasks, whoever computed them, and a progress bar.

    >>> run_tasks(square, range(10), jobs=2)        # doctest: +SKIP
    [0, 1, 4, 9, 16, 25, 36, 49, 64, 81]

A task carries its own seed, so the results are the same for any number of jobs, any chunk size
and any executor: a process pool here, a dask.distributed cluster through
`Client.get_executor()` (the `cluster` extra), or `jobs=1` in this process. `job` must be a
function defined at the top of a module (worker processes import it by name) and a task plain
data (it is pickled).
"""

from __future__ import annotations

import math
import multiprocessing
import os
import signal
import sys
import threading
import time
from concurrent.futures import Executor, ProcessPoolExecutor, as_completed

from .limits import quote

__all__ = [
    "cores",
    "check_jobs",
    "run_tasks",
    "show_progress",
    "progress_bar",
    "progress_delay",
    "chunk_size",
]

#: Chunks given to each worker: enough that uneven tasks even out and the bar moves, few enough
#: that sending a chunk and its results back costs little beside the work in it.
CHUNKS_PER_WORKER = 8
#: Tasks in one chunk at most (a chunk's results wait in the worker until it is done).
MAX_CHUNK = 500
#: Seconds of work before a progress bar shows (a short run stays silent); the environment
#: variable `PROGRESS_DELAY_VARIABLE` sets another (`progress_delay`).
PROGRESS_DELAY = 0.5
PROGRESS_DELAY_VARIABLE = "FLIPTOONS_PROGRESS_DELAY"


def cores() -> int:
    """The cores this process may run on (its CPU affinity where the system has one)."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0)) or 1
    return os.cpu_count() or 1


def check_jobs(jobs, argument: str = "jobs") -> int:
    """`jobs` as a number of worker processes: None means every core; else a whole number of at
    least 1 (ValueError naming the argument)."""
    if jobs is None:
        return cores()
    if isinstance(jobs, bool) or not isinstance(jobs, int) or not 1 <= jobs <= 1024:
        raise ValueError(
            f"{argument}: expected a whole number of worker processes from 1 to 1024 "
            f"(or None for every core), got {quote(jobs)}"
        )
    return jobs


def chunk_size(tasks: int, workers: int) -> int:
    """Tasks per chunk: about `CHUNKS_PER_WORKER` chunks a worker, at most `MAX_CHUNK` tasks."""
    return max(1, min(MAX_CHUNK, math.ceil(tasks / (max(1, workers) * CHUNKS_PER_WORKER))))


def run_chunk(job, chunk: list) -> list:
    """`job(task)` for each task of a chunk, in order (what a worker runs)."""
    return [job(task) for task in chunk]


#: Seconds between a worker's checks that the process that started it is still there.
WATCH_INTERVAL = 1.0


def _alive(pid: int) -> bool:
    """Whether a process is there and not a zombie (killed, not yet reaped by its parent)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    try:
        with open(f"/proc/{pid}/stat", "rb") as f:
            return f.read().rpartition(b")")[2].split()[0] not in (b"Z", b"X")
    except (OSError, IndexError):
        return True


def _watch(parent: int) -> None:
    while _alive(parent):
        time.sleep(WATCH_INTERVAL)
    os._exit(1)


def _start_worker(parent: int) -> None:
    """A worker leaves Ctrl-C to the process that started it, which stops the pool, and ends
    itself once that process is gone, however it ended (even killed outright, when no pool
    shutdown can run)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    threading.Thread(target=_watch, args=(parent,), daemon=True, name="watch-parent").start()


def process_pool(jobs: int) -> ProcessPoolExecutor:
    """A pool of `jobs` worker processes, started fresh (forkserver where the system has it, else
    spawn: never a fork of a process that may run threads, such as a Jupyter kernel)."""
    method = "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else "spawn"
    return ProcessPoolExecutor(
        jobs,
        mp_context=multiprocessing.get_context(method),
        initializer=_start_worker,
        initargs=(os.getpid(),),
    )


def _workers(executor: Executor) -> int:
    """How many tasks an executor runs at once: a process pool's workers, a dask client's
    threads, else this machine's cores."""
    if getattr(executor, "_max_workers", None):
        return executor._max_workers
    client = getattr(executor, "_client", None)
    if client is not None and hasattr(client, "nthreads"):
        return sum(client.nthreads().values()) or 1
    return cores()


def _stop(pool: ProcessPoolExecutor) -> None:
    """Stop a pool at once: pending chunks cancelled, running workers ended
    (`ProcessPoolExecutor.terminate_workers` from Python 3.14 does the same)."""
    processes = list((getattr(pool, "_processes", None) or {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for p in processes:
        if p.is_alive():
            p.terminate()
    for p in processes:
        p.join(5)


def show_progress(progress: bool | None = None) -> bool:
    """Whether to show a progress bar: `progress` if given; else, in a Jupyter kernel, when its
    front end takes input from a person (JupyterLab, Notebook; not nbval, nbconvert or papermill,
    which run notebooks unattended), and elsewhere when standard error is a terminal."""
    if progress is not None:
        return bool(progress)
    ipython = sys.modules.get("IPython")
    shell = ipython.get_ipython() if ipython is not None else None
    kernel = getattr(shell, "kernel", None)
    if kernel is not None:
        return bool(getattr(kernel, "_allow_stdin", False))
    return bool(getattr(sys.stderr, "isatty", lambda: False)())


def progress_delay() -> float:
    """Seconds of work before a progress bar shows: `FLIPTOONS_PROGRESS_DELAY` when it is set
    (a number of seconds, 0 or more: 0 shows the bar at once), else `PROGRESS_DELAY`; ValueError
    naming the variable for another value."""
    text = os.environ.get(PROGRESS_DELAY_VARIABLE)
    if text is None or not text.strip():
        return PROGRESS_DELAY
    try:
        seconds = float(text)
    except ValueError:
        seconds = math.nan
    if not 0 <= seconds < math.inf:
        raise ValueError(
            f"{PROGRESS_DELAY_VARIABLE}: expected a number of seconds of 0 or more, "
            f"got {quote(text)}"
        )
    return seconds


def progress_bar(
    total: int,
    progress: bool | None = None,
    unit: str = "game",
    description: str | None = None,
    delay: float | None = None,
):
    """A progress bar with the time left (`tqdm.auto`: a widget in a notebook, text on standard
    error in a terminal), shown after `delay` seconds (None: `progress_delay()`) and cleared at
    the end; a bar that draws nothing when `show_progress(progress)` is false."""
    from tqdm.auto import tqdm

    return tqdm(
        total=total,
        unit=unit,
        desc=description,
        disable=not show_progress(progress),
        delay=progress_delay() if delay is None else delay,
        leave=False,
        dynamic_ncols=True,
        file=sys.stderr,
    )


def run_tasks(
    job,
    tasks,
    jobs: int | None = None,
    executor: Executor | None = None,
    progress: bool | None = None,
    unit: str = "game",
    description: str | None = None,
    chunk: int | None = None,
) -> list:
    """`[job(task) for task in tasks]`, spread over worker processes in chunks.

    `executor`: any `concurrent.futures.Executor` (a dask cluster's `Client.get_executor()`);
    it is used as it is and left running. Without one, `jobs` worker processes (None: every
    core) in a pool started for this run and stopped at its end, also on Ctrl-C; `jobs=1` runs
    every task here, in this process. `chunk`: tasks per chunk (default `chunk_size`).
    `progress`: True, False, or None for `show_progress`'s choice. A task's error is raised here."""
    tasks = list(tasks)
    n = check_jobs(jobs) if executor is None else _workers(executor)
    if chunk is not None and (isinstance(chunk, bool) or not isinstance(chunk, int) or chunk < 1):
        raise ValueError(
            f"chunk: expected a whole number of tasks of at least 1, got {quote(chunk)}"
        )
    if executor is not None and not callable(getattr(executor, "submit", None)):
        raise ValueError(f"executor: expected a concurrent.futures.Executor, got {quote(executor)}")
    with progress_bar(len(tasks), progress, unit, description) as bar:
        if executor is None and (n == 1 or len(tasks) <= 1):
            results = []
            for task in tasks:
                results.append(job(task))
                bar.update(1)
            return results
        size = chunk or chunk_size(len(tasks), n)
        chunks = [tasks[i : i + size] for i in range(0, len(tasks), size)]
        pool = process_pool(min(n, len(chunks))) if executor is None else None
        futures: dict = {}
        try:
            done: list = [None] * len(chunks)
            futures = {
                (pool or executor).submit(run_chunk, job, c): k for k, c in enumerate(chunks)
            }
            for future in as_completed(futures):
                k = futures[future]
                done[k] = future.result()
                bar.update(len(chunks[k]))
        except BaseException:
            if pool is not None:
                _stop(pool)
                pool = None
            else:
                for future in futures:
                    future.cancel()
            raise
        finally:
            if pool is not None:
                pool.shutdown()
        return [r for part in done for r in part]
