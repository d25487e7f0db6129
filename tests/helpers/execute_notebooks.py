"""Execute teaching notebooks top to bottom in one fresh kernel each and write them back as they
are committed: every code cell run in order, no saved widget state, no timing metadata, and the
kernelspec of the installed `python3` kernel, which JupyterLab would otherwise rewrite on opening
(marking the notebook modified). The learner's prediction cells stay as written (`None`: the
"not predicted yet" state).

    .venv/bin/python tests/helpers/execute_notebooks.py                      # every notebook
    .venv/bin/python tests/helpers/execute_notebooks.py notebooks/course/03_stacks.ipynb ...
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import nbformat
from jupyter_client.kernelspec import KernelSpecManager
from nbclient import NotebookClient

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"


def kernelspec() -> dict:
    """The notebook metadata JupyterLab writes for the installed python3 kernel."""
    spec = KernelSpecManager().get_kernel_spec("python3")
    return {"display_name": spec.display_name, "language": spec.language, "name": "python3"}


def execute(path: Path) -> float:
    nb = nbformat.read(path, as_version=4)
    nb.metadata["kernelspec"] = kernelspec()
    for cell in nb.cells:
        cell.metadata.pop("execution", None)
        if cell.cell_type == "code":
            cell.outputs = []
            cell.execution_count = None
    start = time.perf_counter()
    NotebookClient(
        nb,
        timeout=300,
        kernel_name="python3",
        store_widget_state=False,
        record_timing=False,
        resources={"metadata": {"path": str(path.parent)}},
    ).execute()
    nb.metadata.pop("widgets", None)
    nbformat.write(nb, path)
    return time.perf_counter() - start


def main(argv: list[str]) -> None:
    paths = [Path(a) for a in argv] or sorted(NOTEBOOKS.glob("*/*.ipynb"))
    for path in paths:
        print(f"{path.name:<36} {execute(path):6.1f} s")


if __name__ == "__main__":
    main(sys.argv[1:])
