"""Shared pytest configuration: the long seeded runs (`@pytest.mark.slow`) are collected first, so
that under `pytest -n auto` (README; `--dist loadscope --no-loadscope-reorder` in pyproject.toml)
the parallel workers start on them and the many short tests fill in around them."""
import pytest


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items):
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)  # stable: the rest keeps its order
