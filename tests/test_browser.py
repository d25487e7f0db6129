"""The explorer in a real browser: `fliptoons-explore app` (Voilà) and JupyterLab on localhost,
driven by Debian's Chromium through Playwright with real clicks, found by the CSS hooks of
DESIGN.md §2.4. Each test saves screenshots in its tmp dir.

Marked `browser`; they need /usr/bin/chromium (`apt-get install -y chromium`), Playwright,
Voilà and JupyterLab, and run in the default suite.
"""
from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

playwright_api = pytest.importorskip("playwright.sync_api")

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage"]
COW = {"season": "s1", "players": [{"name": "Ann", "grid": [[["lion"], ["cow"], ["bee"]], [None, ["bear"], None]]}]}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for_port(port: int, proc, timeout: float = 90) -> None:
    end = time.time() + timeout
    while time.time() < end:
        if proc.poll() is not None:
            raise RuntimeError(f"the server ended early (exit {proc.returncode})")
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.2)
    raise RuntimeError(f"nothing listens on port {port} after {timeout} s")


def jupyter_env(root: Path) -> dict:
    env = dict(os.environ)
    for name in ("JUPYTER_CONFIG_DIR", "JUPYTER_DATA_DIR", "JUPYTER_RUNTIME_DIR", "IPYTHONDIR"):
        path = root / name.lower()
        path.mkdir(parents=True, exist_ok=True)
        env[name] = str(path)
    env["PYDEVD_DISABLE_FILE_VALIDATION"] = "1"
    labconfig = root / "jupyter_config_dir" / "labconfig"
    labconfig.mkdir(parents=True, exist_ok=True)  # no news pop-up over the screenshots
    (labconfig / "page_config.json").write_text(json.dumps(
        {"disabledExtensions": {"@jupyterlab/apputils-extension:announcements": True}}))
    return env


def stop(proc) -> None:
    proc.terminate()
    try:
        proc.wait(10)
    except subprocess.TimeoutExpired:
        proc.kill()


def serve(root: Path, name: str, argv: list[str], port: int, cwd: Path):
    """Start a server (its output in ROOT/NAME.log), wait until it listens on `port`, yield,
    stop it."""
    if not Path(CHROMIUM).exists():
        pytest.fail("the browser tests need Debian's Chromium: apt-get install -y chromium")
    with open(root / f"{name}.log", "w") as log:
        proc = subprocess.Popen(argv, stdout=log, stderr=subprocess.STDOUT, env=jupyter_env(root), cwd=cwd)
        try:
            wait_for_port(port, proc)
            yield
        finally:
            stop(proc)


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    """`fliptoons-explore app --port N --no-browser`, as a user starts it."""
    root = tmp_path_factory.mktemp("app")
    port = free_port()
    argv = [sys.executable, "-m", "fliptoons_explore", "app", "--port", str(port), "--no-browser"]
    for _ in serve(root, "app", argv, port, root):
        yield f"http://127.0.0.1:{port}/"


@pytest.fixture(scope="module")
def lab(tmp_path_factory):
    """JupyterLab on localhost, serving a fresh folder (nothing in it is trusted yet)."""
    root = tmp_path_factory.mktemp("lab")
    work = root / "work"
    work.mkdir()
    port = free_port()
    argv = [sys.executable, "-m", "jupyterlab", "--no-browser", "--allow-root", f"--port={port}",
            "--ServerApp.ip=127.0.0.1", "--IdentityProvider.token=", "--ServerApp.password=",
            "--ServerApp.disable_check_xsrf=True", f"--ServerApp.root_dir={work}",
            "--LabApp.news_url=", "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate"]
    for _ in serve(root, "lab", argv, port, work):
        yield f"http://127.0.0.1:{port}", work, root


@pytest.fixture(scope="module")
def browser():
    with playwright_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


@pytest.fixture()
def page(browser, tmp_path, request):
    """A fresh browser page at 1280×800; on a failure its last picture is saved as failed.png."""
    context = browser.new_context(viewport={"width": 1280, "height": 800}, accept_downloads=True)
    pg = context.new_page()
    pg.set_default_timeout(60_000)
    pg.shots = tmp_path
    failed_before = request.session.testsfailed
    yield pg
    if request.session.testsfailed > failed_before:
        pg.screenshot(path=str(tmp_path / "failed.png"), full_page=True)
    context.close()


def shot(page, name: str) -> None:
    page.screenshot(path=str(page.shots / f"{name}.png"), full_page=True)


def open_app(page, url: str) -> None:
    page.goto(url)
    page.wait_for_selector(".fte-explorer .fte-card-gorilla")


def event_text(page) -> str:
    return page.inner_text(".fte-event")


def wait_event(page, needle: str) -> None:
    page.wait_for_function("needle => document.querySelector('.fte-event').innerText.includes(needle)", arg=needle)


def import_scenario(page, scenario: dict) -> None:
    page.click(".fte-explorer .lm-TabBar-tab:has-text('JSON'), .fte-explorer .p-TabBar-tab:has-text('JSON')")
    page.fill(".fte-scenario-json textarea", json.dumps(scenario))
    page.click(".fte-import")


# -- the app --------------------------------------------------------------------------------------

def test_build_resolve_step_and_jump_in_the_app(app, page):
    """Three catalog clicks build Ann's deck (Gorilla, Coyote, Rat); resolve; step forward and
    back; a click on a chain node moves the stepper there (S2 FAQ Gorilla and Coyote: the Coyote
    goes above the Gorilla, returns it and takes its space)."""
    open_app(page, app)
    shot(page, "0-opened")
    for card in ("gorilla", "coyote", "rat"):
        page.click(f".fte-card-{card}")
    page.wait_for_function("document.querySelectorAll('.fte-deck-0 .fte-deck-card').length === 3")
    assert page.inner_text(".fte-deck-0").count("Gorilla") == 1
    page.click(".fte-resolve")
    page.click(".fte-step-first")
    wait_event(page, "Before the first event")
    page.click(".fte-step-next")
    wait_event(page, "#0")
    page.click(".fte-step-next")
    wait_event(page, "#1 Ann: Reveals the Gorilla.")
    page.click(".fte-step-next")
    wait_event(page, "#2 Ann: The Gorilla goes into slot 1 (upper left).")
    assert "Gorilla" in page.inner_text(".fte-table .fte-acting")
    page.click(".fte-step-prev")
    wait_event(page, "#1 Ann: Reveals the Gorilla.")
    shot(page, "1-stepped")
    node = page.locator(".fte-chain [data-step]").filter(has_text="move")
    step = node.first.get_attribute("data-step")
    node.first.click()
    wait_event(page, f"#{step} Ann: The Coyote moves to slot 1 (upper left)")
    page.wait_for_selector(f'.fte-chain [data-step="{step}"][data-current]')
    shot(page, "2-chain-jump")
    page.click(".fte-step-last")
    page.wait_for_function("document.querySelector('.fte-fame').innerText.includes('Ann 11')")
    shot(page, "3-last")


def test_answer_a_cow_and_export_in_the_app(app, page):
    """The Cow's copy is a decision (S1 FAQ: Cow): the stepper waits at it; choosing the Bear
    gives Ann 10 fame; the export holds the answer."""
    open_app(page, app)
    import_scenario(page, COW)
    page.wait_for_function("document.querySelector('.fte-deck-0') !== null")
    page.click(".fte-step-last")
    page.wait_for_selector(".fte-decision .fte-option")
    options = page.locator(".fte-decision .fte-option")
    assert [options.nth(k).inner_text().strip() for k in range(options.count())] == ["Bear", "Lion", "Bee"]
    shot(page, "1-decision")
    options.first.click()
    page.wait_for_function("document.querySelectorAll('.fte-decision .fte-option').length === 0")
    page.click(".fte-step-last")
    page.wait_for_function("document.querySelector('.fte-fame').innerText.includes('Ann 10')")
    page.click(".fte-export")
    page.wait_for_selector(".fte-download a")
    exported = json.loads(page.input_value(".fte-scenario-json textarea"))
    assert exported["players"][0]["choices"] == ["bear"]
    with page.expect_download() as download:
        page.click(".fte-download a")
    saved = Path(download.value.path()).read_text()
    assert json.loads(saved) == exported
    shot(page, "2-exported")


def test_a_mistake_is_one_line_in_the_app(app, page):
    open_app(page, app)
    page.click(".fte-explorer .lm-TabBar-tab:has-text('JSON'), .fte-explorer .p-TabBar-tab:has-text('JSON')")
    page.fill(".fte-scenario-json textarea", '{"season": "s2", "players": [{"deck": ["crbb"]}]}')
    page.click(".fte-import")
    page.wait_for_function("document.querySelector('.fte-error').innerText.includes('unknown card id')")
    message = page.inner_text(".fte-error").strip()
    assert message.startswith("players[0].deck[0]: unknown card id") and "\n" not in message
    shot(page, "1-error")


def test_play_to_the_end_in_the_app(app, page):
    """"play to the end" (hook fte-game-end) plays on through the Final Flip and its re-flips (S2
    Final Flip: the tied players re-flip): the stepper walks to the winner, at 1280x800 and on a
    large screen."""
    from fliptoons_explore import situation
    open_app(page, app)
    import_scenario(page, situation("s2.final-flip.tie.only-the-tied-players-reflip").scenario)
    page.wait_for_function("document.querySelector('.fte-deck-2') !== null")
    page.click(".fte-game-end")
    page.click(".fte-step-last")
    wait_event(page, "Ann: Wins the game")
    page.wait_for_function("document.querySelector('.fte-fame').innerText.includes('Ann 9')")
    assert "s2.final-flip.winner" in page.inner_text(".fte-rule")
    shot(page, "1-game-end")
    page.set_viewport_size({"width": 1920, "height": 1080})
    shot(page, "2-game-end-large")


# -- JupyterLab ------------------------------------------------------------------------------------

def notebook(cells: list[dict]) -> dict:
    return {"nbformat": 4, "nbformat_minor": 5, "cells": cells,
            "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"},
                         "language_info": {"name": "python"}}}


def code(source: str, outputs=()) -> dict:
    return {"cell_type": "code", "id": f"c{abs(hash(source)) % 10**8}", "metadata": {}, "source": source,
            "execution_count": 1 if outputs else None, "outputs": list(outputs)}


def open_notebook(page, base: str, name: str) -> None:
    page.goto(f"{base}/lab/tree/{name}?reset")
    page.wait_for_selector(".jp-Notebook .jp-Cell")


def run_all(page) -> None:
    """Run every cell, as the Run menu's 'Run All Cells' does, once the kernel is idle; a click
    made while the notebook still connects is lost, so it is made again until a cell runs."""
    page.wait_for_selector(".jp-Notebook-ExecutionIndicator[data-status='idle']", timeout=90_000)
    for _ in range(6):
        select = page.locator(".jp-Dialog .jp-Dialog-button:has-text('Select')")
        if select.count():  # JupyterLab may ask which kernel to start: the notebook's own
            select.first.click()
        page.click(".lm-MenuBar-itemLabel:text-is('Run')")
        page.click(".lm-Menu-itemLabel:text-is('Run All Cells')")
        try:
            page.wait_for_function("[...document.querySelectorAll('.jp-InputPrompt')]"
                                   ".some(e => /\\[(\\*|\\d+)\\]/.test(e.innerText))", timeout=10_000)
            return
        except playwright_api.TimeoutError:
            continue
    raise AssertionError("JupyterLab ran no cell")


def test_the_explorer_in_jupyterlab(lab, page):
    base, work, _ = lab
    (work / "explore.ipynb").write_text(json.dumps(notebook([code(
        "from fliptoons_explore.widgets import explorer\nexplorer()")])))
    open_notebook(page, base, "explore.ipynb")
    run_all(page)
    page.wait_for_selector(".fte-explorer .fte-card-crab", timeout=90_000)
    for card in ("mosquito", "crab", "rat"):
        page.click(f".fte-card-{card}")
    page.click(".fte-resolve")
    page.click(".fte-step-last")
    page.wait_for_function("document.querySelector('.fte-fame').innerText.includes('Ann 1')")
    shot(page, "1-lab-explorer")
    node = page.locator(".fte-chain [data-step]").filter(has_text="return")
    step = node.first.get_attribute("data-step")
    node.first.click()
    wait_event(page, f"#{step} Ann: The Crab returns from slot 2 (upper middle)")
    shot(page, "2-lab-chain")


def test_views_look_the_same_in_an_untrusted_notebook(lab, page):
    """A notebook whose outputs nobody trusted (a fresh clone): JupyterLab sanitizes its HTML.
    The grid keeps its look: the player's accent border, the card faces, the fame badges."""
    from fliptoons_explore import resolve
    from util import CHECK_FAME_EXAMPLE
    base, work, _ = lab
    html = resolve(CHECK_FAME_EXAMPLE)._repr_html_()
    output = {"output_type": "execute_result", "execution_count": 1, "metadata": {},
              "data": {"text/html": html, "text/plain": "<Resolution>"}}
    (work / "untrusted.ipynb").write_text(json.dumps(notebook([code("r", [output])])))
    open_notebook(page, base, "untrusted.ipynb")
    page.wait_for_selector(".jp-OutputArea-output .ft-view")
    box = page.locator(".jp-OutputArea-output .ft-view div[style*='border-top:4px']").first
    assert box.evaluate("e => getComputedStyle(e).borderTopColor") == "rgb(47, 111, 181)"
    badge = page.locator(".jp-OutputArea-output .ft-view span", has_text="→ 6").first
    assert badge.evaluate("e => getComputedStyle(e).backgroundColor") == "rgb(26, 127, 55)"
    tds = page.locator(".jp-OutputArea-output .ft-view td[title^='slot 2']").first
    assert "Capybara" in tds.inner_text()
    # JupyterLab's own table style (right-aligned, striped rows) does not reach the grid
    assert tds.evaluate("e => getComputedStyle(e).textAlign") == "left"
    label = page.locator(".jp-OutputArea-output .ft-view td", has_text="upper row").first
    assert label.evaluate("e => getComputedStyle(e).backgroundColor") == "rgb(255, 255, 255)"
    assert page.locator(".jp-OutputArea-output style").count() == 0
    shot(page, "1-untrusted")
