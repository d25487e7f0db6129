"""`fliptoons-explore notebooks [DEST]`: the course and the workshop notebooks, the example
scenarios and the docs copied out of the package (`material.copy_notebooks`), and how
to open them."""

from __future__ import annotations


def notebooks_command(dest: str) -> str:
    """Copy the notebooks out and say how to open them; ValueError (one line) if a file is in the
    way or DEST cannot be written."""
    from importlib.util import find_spec

    from ..material import copy_notebooks

    try:
        written = copy_notebooks(dest)
    except FileExistsError as e:
        raise ValueError(str(e)) from None
    except OSError as e:
        raise ValueError(f"{dest}: cannot copy the notebooks there ({e.strerror})") from None
    count = {
        folder: sum(p.parent.name == folder for p in written)
        for folder in ("course", "workshop", "examples", "docs")
    }
    lines = [
        f"copied {count['course']} lessons into {dest}/course/ (the course: the games taught "
        f"from the start), {count['workshop']} notebooks into {dest}/workshop/ (the workshop: "
        f"rulings, ability chains, experiments), {count['examples']} files into {dest}/examples/ "
        f"and {count['docs']} into {dest}/docs/"
    ]
    if find_spec("jupyterlab") is None:
        lines.append("JupyterLab is not installed: pip install 'fliptoons_explore[notebooks]'")
    lines.append(f"open them with: jupyter lab {dest}  (start with course/00_the_game.ipynb)")
    return "\n".join(lines)
