"""The material shipped with the package: the teaching notebooks, the example scenarios and the
docs (the scenario format, how the engine reads the rules).

    >>> from fliptoons_explore.material import examples, example
    >>> "s2-check-fame-example" in examples()
    True
    >>> example("crab-in-the-middle")["players"][0]["deck"][:2]
    ['mosquito', 'crab']

In a wheel they are `fliptoons_explore/notebooks/` (its `course/` and `workshop/`), `examples/`
and `docs/` (mapped from the repository's top-level folders of those names by pyproject.toml); in
a checkout installed with `pip install -e .` they are read from those folders directly.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

__all__ = [
    "notebooks_dir",
    "examples_dir",
    "docs_dir",
    "SERIES",
    "notebooks",
    "examples",
    "example",
    "copy_notebooks",
]

_HERE = Path(__file__).resolve().parent


def _material(name: str) -> Path:
    for folder in (_HERE / name, _HERE.parent / name):  # a wheel; a checkout
        if folder.is_dir():
            return folder
    raise FileNotFoundError(f"the package's {name} are missing (looked in {_HERE / name})")


def notebooks_dir() -> Path:
    """The folder of the teaching notebooks."""
    return _material("notebooks")


def examples_dir() -> Path:
    """The folder of the example scenario files."""
    return _material("examples")


def docs_dir() -> Path:
    """The folder of the docs (scenarios.md, engine.md)."""
    return _material("docs")


#: The two series of notebooks, each a folder of `notebooks_dir()`: the course teaches the games to
#: someone who has never played them; the workshop is for rules lawyers and analysts (the package
#: itself, the rulings explorer, ability chains, experiments). docs/teaching.md describes both.
SERIES = ("course", "workshop")


def notebooks(series: str | None = None) -> list[Path]:
    """The notebooks of a series ("course" or "workshop"), in order; of both, the course first."""
    if series is not None and series not in SERIES:
        raise ValueError(f"series: {series!r} is none of {', '.join(SERIES)}")
    return [
        p
        for name in ([series] if series else SERIES)
        for p in sorted((notebooks_dir() / name).glob("*.ipynb"))
    ]


def examples() -> list[str]:
    """The names of the example scenarios (file names without `.json`), sorted."""
    return sorted(p.stem for p in examples_dir().glob("*.json"))


def example(name: str) -> dict:
    """An example scenario by name ("s2-market-example"), as a dict ready for `resolve`."""
    path = examples_dir() / f"{name}.json"
    if not path.is_file():
        raise KeyError(f"no example scenario {name!r} (examples: {', '.join(examples())})")
    return json.loads(path.read_text(encoding="utf-8"))


def copy_notebooks(dest: str | Path) -> list[Path]:
    """Copy the notebooks into `dest/course` and `dest/workshop`, the example scenarios into
    `dest/examples` and the docs into `dest/docs`; returns the files written. FileExistsError
    (naming the file) if any of them exists: then nothing is copied."""
    dest = Path(dest)
    plan = [(p, dest / p.parent.name / p.name) for p in notebooks()]
    plan += [
        (p, dest / "examples" / p.name)
        for p in sorted(examples_dir().iterdir())
        if p.suffix in (".json", ".md")
    ]
    plan += [(p, dest / "docs" / p.name) for p in sorted(docs_dir().glob("*.md"))]
    if dest.exists() and not dest.is_dir():
        raise FileExistsError(f"{dest} exists and is not a folder (nothing copied)")
    for _, target in plan:
        if target.exists():
            raise FileExistsError(
                f"{target} already exists (nothing copied; choose another folder)"
            )
    for source, target in plan:
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(source, target)
    return [target for _, target in plan]
