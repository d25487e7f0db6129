"""How long each teaching notebook takes to run top to bottom in a fresh kernel (prints numbers;
not a test). The target: each under 60 s, the whole series (as nbval runs it) under 5 minutes.

    .venv/bin/python benchmarks/bench_notebooks.py
"""

from __future__ import annotations

import time
from pathlib import Path

import nbformat
from nbclient import NotebookClient

NOTEBOOKS = sorted((Path(__file__).resolve().parents[1] / "notebooks").glob("*/*.ipynb"))


def main() -> None:
    total = 0.0
    for path in NOTEBOOKS:
        nb = nbformat.read(path, as_version=4)
        start = time.perf_counter()
        NotebookClient(
            nb,
            timeout=120,
            kernel_name="python3",
            store_widget_state=False,
            resources={"metadata": {"path": str(path.parent)}},
        ).execute()
        seconds = time.perf_counter() - start
        total += seconds
        print(f"{path.stem:<32} {seconds:6.1f} s   (kernel start included; target < 60 s)")
    print(
        f"{'all ' + str(len(NOTEBOOKS)) + ' notebooks, one after another':<32} {total:6.1f} s   "
        "(target < 300 s)"
    )


if __name__ == "__main__":
    main()
