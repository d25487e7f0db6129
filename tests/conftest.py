"""Shared pytest configuration for `pytest -n auto` (pytest-xdist; the README's test command).

A unit of work given to a worker is one notebook (nbval runs its cells in order against one
kernel), one test class (the seeded invariant runs share a class fixture: tests/
test_game_invariants.py), or else one test. The long seeded runs (`@pytest.mark.slow`) are
collected first, so that the workers start on them and the many short tests fill in around them.
"""
import pytest


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items):
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)  # stable: the rest keeps its order


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
