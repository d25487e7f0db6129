"""The code is clean under ruff, as configured in pyproject.toml ([tool.ruff]): the linter finds
nothing and the formatter would change nothing. ruff is a test dependency (the `test` extra), so
this runs with every test command of the README.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(
    "command",
    [["check", "--no-cache"], ["format", "--check", "--no-cache"]],
    ids=["check", "format"],
)
def test_ruff_finds_nothing(command):
    done = subprocess.run(
        [sys.executable, "-m", "ruff", *command, "."],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, f"ruff {' '.join(command)}:\n{done.stdout}{done.stderr}"
