"""The committed notebooks in a real JupyterLab, as a learner opens them: each opens unmodified
(nothing in the file is rewritten on opening), and an exercise answers a prediction typed into its
cell. Marked `browser`, like tests/browser/test_browser.py, whose fixtures and helpers these are."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from test_browser import browser, lab, open_notebook, page, run_all, shot  # noqa: F401 (fixtures)

pytestmark = pytest.mark.browser

NOTEBOOKS = sorted((Path(__file__).resolve().parents[2] / "notebooks").glob("*/*.ipynb"))


def _full_notebooks(root: Path) -> None:
    """Draw every cell of a notebook (JupyterLab draws only those in view by default), so that a
    test can find a cell by its text: the user setting windowingMode "none"."""
    folder = (
        root / "jupyter_config_dir" / "lab" / "user-settings" / "@jupyterlab" / "notebook-extension"
    )
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "tracker.jupyterlab-settings").write_text('{"windowingMode": "none"}')


def _shut_down_kernels(page, base: str) -> None:
    page.evaluate(
        """async base => {
        const kernels = await (await fetch(base + '/api/kernels')).json();
        await Promise.all(kernels.map(k => fetch(base + '/api/kernels/' + k.id, {method: 'DELETE'})));
    }""",  # noqa: E501
        base,
    )


def test_every_notebook_opens_unmodified(lab, page):
    """All of them open at once, each with its kernel, as from the file browser; none is marked
    modified once its kernel is idle (JupyterLab then has written the kernel's name and
    language into the notebook's model, and anything else it rewrites on opening)."""
    base, work, _ = lab
    for path in NOTEBOOKS:
        shutil.copy(path, work / path.name)
    open_notebook(page, base, NOTEBOOKS[0].name)
    for path in NOTEBOOKS[1:]:
        page.dblclick(f".jp-DirListing-item[title^='Name: {path.name}']")
    tabs = page.locator(".lm-TabBar-tab[data-type='document-title']")
    page.wait_for_function(
        "document.querySelectorAll('.lm-TabBar-tab[data-type=\"document-title\"]').length >= "
        f"{len(NOTEBOOKS)}"
    )
    page.wait_for_function(
        "async base => (await (await fetch(base + '/api/kernels')).json())"
        f".filter(k => k.execution_state === 'idle').length >= {len(NOTEBOOKS)}",
        arg=base,
        timeout=180_000,
        polling=1000,
    )
    page.wait_for_timeout(3000)  # the kernels' info reaches every notebook's model
    dirty = [
        tabs.nth(i).inner_text()
        for i in range(tabs.count())
        if "jp-mod-dirty" in (tabs.nth(i).get_attribute("class") or "")
    ]
    shot(page, "1-all-open")
    _shut_down_kernels(page, base)
    assert dirty == []


def test_a_prediction_typed_in_gets_its_verdict(lab, page):
    """Notebook 01 as a learner meets it: as committed, its first exercise says "not predicted
    yet". Run the imports and the exercise's cell, then type a wrong card into the prediction cell
    and run it and the check: "✗ Not ..."; then the right one: "✓ Right"."""
    base, work, _ = lab
    name = "01_flip_phase.ipynb"
    shutil.copy(NOTEBOOKS[0].parent / name, work / name)
    open_notebook(page, base, name)
    page.wait_for_selector(
        ".jp-Notebook-ExecutionIndicator[data-status='idle'], .jp-Dialog", timeout=90_000
    )
    select = page.locator(".jp-Dialog .jp-Dialog-button:has-text('Select')")
    if select.count():  # JupyterLab may ask which kernel to start: the notebook's own
        select.first.click()
    page.wait_for_selector(".jp-Notebook-ExecutionIndicator[data-status='idle']", timeout=90_000)
    ran = [0]

    def run(cell) -> None:
        """Select a cell by its prompt and run it (Shift+Enter); wait for its new count."""
        cell.scroll_into_view_if_needed()
        cell.locator(".jp-InputPrompt").click()
        page.keyboard.press("Escape")
        page.keyboard.press("Shift+Enter")
        ran[0] += 1
        cell.locator(".jp-InputPrompt", has_text=f"[{ran[0]}]").wait_for(timeout=60_000)

    cells = page.locator(".jp-CodeCell")
    check = page.locator(".jp-CodeCell", has_text="exercise_1.check(prediction_1)")
    predict = page.locator(".jp-CodeCell", has_text="prediction_1 = None")
    check.scroll_into_view_if_needed()
    check.locator(".jp-OutputArea-output", has_text="Not predicted yet").wait_for(timeout=30_000)
    run(cells.first)  # the imports
    run(page.locator(".jp-CodeCell", has_text="exercise_1 = Exercise("))

    def answer(value: str) -> str:
        predict.scroll_into_view_if_needed()
        predict.locator(".jp-InputPrompt").click()
        page.keyboard.press("Enter")  # edit the prediction cell
        page.keyboard.press("Control+a")
        page.keyboard.type(f"prediction_1 = {value}")
        page.keyboard.press("Escape")
        page.keyboard.press("Shift+Enter")
        ran[0] += 1
        run(check)
        check.scroll_into_view_if_needed()
        return check.locator(".jp-OutputArea-output").inner_text()

    wrong = answer('"firefly"')
    assert wrong.startswith("✗ Not firefly.") and "exercise_1.answer()" in wrong
    shot(page, "1-wrong")
    predict = page.locator(".jp-CodeCell", has_text='prediction_1 = "firefly"')
    right = answer('"Crab"')
    assert right.startswith("✓ Right: crab.")
    shot(page, "2-right")
    _shut_down_kernels(page, base)
