"""The explorer in a real browser: `fliptoons-explore app` (Voilà) and JupyterLab on localhost,
driven by Debian's Chromium through Playwright with real clicks, found by their CSS hooks (the
`fte-` classes). Each test saves screenshots in its tmp dir.

Marked `browser`; they need /usr/bin/chromium (`apt-get install -y chromium`), Playwright,
Voilà and JupyterLab, and run in the default suite.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import urlparse

import pytest

pytestmark = pytest.mark.browser

playwright_api = pytest.importorskip("playwright.sync_api")

CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
]
COW = {
    "season": "s1",
    "players": [{"name": "Ann", "grid": [[["lion"], ["cow"], ["bee"]], [None, ["bear"], None]]}],
}


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
    (labconfig / "page_config.json").write_text(
        json.dumps({"disabledExtensions": {"@jupyterlab/apputils-extension:announcements": True}})
    )
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
        proc = subprocess.Popen(
            argv, stdout=log, stderr=subprocess.STDOUT, env=jupyter_env(root), cwd=cwd
        )
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
    argv = [
        sys.executable,
        "-m",
        "jupyterlab",
        "--no-browser",
        "--allow-root",
        f"--port={port}",
        "--ServerApp.ip=127.0.0.1",
        "--IdentityProvider.token=",
        "--ServerApp.password=",
        "--ServerApp.disable_check_xsrf=True",
        f"--ServerApp.root_dir={work}",
        "--LabApp.news_url=",
        "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
    ]
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
    """A fresh browser page at 1280×800; on a failure its last picture is saved as failed.png.
    Every request its pages make is recorded: none may go to a host other than localhost's
    servers (no CDN, nothing fetched from outside)."""
    context = browser.new_context(viewport={"width": 1280, "height": 800}, accept_downloads=True)
    hosts = set()
    context.on("request", lambda r: hosts.add(urlparse(r.url).netloc))
    pg = context.new_page()
    pg.set_default_timeout(60_000)
    pg.shots = tmp_path
    failed_before = request.session.testsfailed
    yield pg
    if request.session.testsfailed > failed_before:
        pg.screenshot(path=str(tmp_path / "failed.png"), full_page=True)
    context.close()
    assert {h for h in hosts if h and not h.startswith("127.0.0.1:")} == set(), (
        "requests beyond localhost"
    )


def shot(page, name: str) -> None:
    page.screenshot(path=str(page.shots / f"{name}.png"), full_page=True)


def open_app(page, url: str) -> None:
    page.goto(url)
    page.wait_for_selector(".fte-explorer .fte-card-gorilla")


def event_text(page) -> str:
    return page.inner_text(".fte-event")


def wait_event(page, needle: str) -> None:
    page.wait_for_function(
        "needle => document.querySelector('.fte-event').innerText.includes(needle)", arg=needle
    )


def import_scenario(page, scenario: dict) -> None:
    page.click(
        ".fte-explorer .lm-TabBar-tab:has-text('JSON'), .fte-explorer "
        ".p-TabBar-tab:has-text('JSON')"
    )
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
    page.click(".fte-resolve")  # goes to the end, and says so
    page.wait_for_function(
        "document.querySelector('.fte-step-position').innerText.includes('showing the end')"
    )
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
    page.click(".fte-chain [data-zoom='fit']")  # the whole graph in view, to click any event of it
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
    # each button says what its answer gives
    assert [options.nth(k).inner_text().strip() for k in range(options.count())] == [
        "Bear: Ann ends with 10 fame",
        "Lion: Ann ends with 12 fame",
        "Bee: Ann ends with 10 fame",
    ]
    shot(page, "1-decision")
    options.first.click()
    page.wait_for_function("document.querySelectorAll('.fte-decision .fte-option').length === 0")
    page.click(".fte-step-last")
    page.wait_for_function("document.querySelector('.fte-fame').innerText.includes('Ann 10')")
    with page.expect_download() as download:  # one click: the file is saved
        page.click(".fte-export")
    assert download.value.suggested_filename == "fliptoons-s1-Ann.json"
    exported = json.loads(page.input_value(".fte-scenario-json textarea"))
    assert exported["players"][0]["choices"] == ["bear"]
    assert json.loads(Path(download.value.path()).read_text()) == exported
    shot(page, "2-exported")


def test_build_a_flipology_situation_resolve_and_step_in_the_app(app, page):
    """The game switch opens Flipology; catalog clicks fill Joelle's row and Ben's; a
    click on Joelle's Monkey on the table makes her turn; the two decisions of the rulebook's
    cascade are answered by their buttons (the Monkey applies Ben's Frog, the Frog flips Ben's
    Sloth two spaces away: fl.card.monkey, fl.card.frog); the stepper steps through it and ends at
    the count: Joelle 5, Ben -2 (fl.score)."""
    open_app(page, app)
    page.click(".fte-game button:has-text('Flipology')")
    page.wait_for_selector(".fte-explorer .fte-card-monkey-2")
    for card in ("dog-5", "snake-3", "monkey-2"):
        page.click(f".fte-card-{card}")
    page.wait_for_function("document.querySelector('.fte-rows-0').innerText.includes('Monkey 2')")
    page.select_option(".fte-target select", label="Player 2 · row")
    for card in ("frog-4", "panda-9", "sloth-6"):
        page.click(f".fte-card-{card}")
    page.wait_for_function("document.querySelector('.fte-rows-1').innerText.includes('Sloth 6')")
    shot(page, "1-built")
    page.click(".fte-table .fte-pos-0-0-2")  # Joelle's Monkey: her turn flips it
    page.wait_for_selector(".fte-decision .fte-option")
    options = page.locator(".fte-decision .fte-option")
    assert [options.nth(k).inner_text().strip() for k in range(options.count())] == [
        "Player 1's row, card 2: Snake 3: Player 1 ends with 10 points; Player 1 wins",
        "Player 2's row, card 1: Frog 4: Player 1 ends with 5 points; Player 1 wins",
    ]
    shot(page, "2-monkey-asks")
    options.nth(1).click()
    page.wait_for_function(
        "document.querySelector('.fte-decision').innerText.includes('Frog 4: which card')"
    )
    page.locator(".fte-decision .fte-option").nth(1).click()
    page.wait_for_function("document.querySelectorAll('.fte-decision .fte-option').length === 0")
    page.click(".fte-resolve")
    page.wait_for_function(
        "document.querySelector('.fte-step-position').innerText.includes('showing the end')"
    )
    page.click(".fte-step-first")
    wait_event(page, "Before the first event")
    page.click(".fte-step-next")
    page.click(".fte-step-next")
    wait_event(page, "#1 Player 1: The Monkey (2) is turned face up in Player 1's row, card 3.")
    assert "Monkey" in page.inner_text(".fte-table .fte-acting")
    shot(page, "3-stepped")
    page.click(".fte-step-last")
    page.wait_for_function(
        "document.querySelector('.fte-event').innerText.includes('Player 1 wins')"
    )
    page.wait_for_function("document.querySelector('.fte-table').innerText.includes('-2 points')")
    table = page.inner_text(".fte-table")
    assert "Player 1 — 5 points" in table and "Player 2 — -2 points" in table
    shot(page, "4-the-count")


def test_a_mistake_is_one_line_in_the_app(app, page):
    open_app(page, app)
    page.click(
        ".fte-explorer .lm-TabBar-tab:has-text('JSON'), .fte-explorer "
        ".p-TabBar-tab:has-text('JSON')"
    )
    page.fill(".fte-scenario-json textarea", '{"season": "s2", "players": [{"deck": ["crbb"]}]}')
    page.click(".fte-import")
    page.wait_for_function(
        "document.querySelector('.fte-error').innerText.includes('unknown card id')"
    )
    message = page.inner_text(".fte-error").strip()
    assert message.startswith("players[0].deck[0]: unknown card id") and "\n" not in message
    shot(page, "1-error")


def test_play_to_the_end_in_the_app(app, page):
    """ "play to the end" (hook fte-game-end) plays on through the Final Flip and its re-flips (S2
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


# -- the explorer as people use it -------------------------------------------------------

SIZES = ((1280, 800), (1920, 1080))
FOUR = {
    "season": "s2",
    "players": [
        {
            "name": "Ann",
            "deck": [
                "mosquito",
                "gorilla",
                "coyote",
                "rat",
                "spider",
                "grasshopper",
                "crab",
                "hen",
            ],
        },
        {
            "name": "Bo",
            "deck": [
                "mosquito",
                "capybara",
                "mosquito",
                "grasshopper",
                "rat",
                "firefly",
                "groundhog",
                "ladybug",
            ],
        },
        {
            "name": "Cy",
            "deck": [
                "zebra",
                "mosquito",
                "starfish",
                "swordfish",
                "salamander",
                "mole",
                "spider",
                "hen",
            ],
        },
        {
            "name": "Di",
            "deck": ["crab", "gorilla", "crab", "mosquito", "rat", "rat", "sloth", "panther"],
        },
    ],
    "market": ["raccoon", "fox", "hen", "opossum", "vulture"],
    "toon_deck": ["goldfish", "shark", "crow"],
}
#: A grid built by hand with wide stacks and fame badges in every column (the right column was
#: cut off at 1280×800 with the catalog shown).
BUILT = {
    "season": "s2",
    "players": [
        {
            "name": "Ann",
            "grid": [
                [
                    ["hippopotamus", "goldfish", "clownfish"],
                    ["swordfish"],
                    ["rhinoceros", "goldfish"],
                ],
                [["capybara"], ["grasshopper", "spider", "starfish"], ["hippopotamus", "rat"]],
            ],
        }
    ],
}

#: The boxes whose content must fit them, and the page itself.
OVERFLOW_JS = """() => {
  const out = [];
  const doc = document.documentElement;
  if (doc.scrollWidth > window.innerWidth) out.push(`the page: ${doc.scrollWidth} > ${window.innerWidth}`);
  for (const sel of [".fte-table .fte-htmlview", ".fte-comparison", ".fte-decision", ".fte-chain .fte-htmlview",
                     ".fte-main", ".fte-side", ".fte-catalog-area"]) {
    for (const e of document.querySelectorAll(sel)) {
      if (!e.offsetParent) continue;  // not shown (another tab)
      if (e.scrollWidth > e.clientWidth + 1) out.push(`${sel}: ${e.scrollWidth} > ${e.clientWidth}`);
      const r = e.getBoundingClientRect();
      if (r.right > window.innerWidth + 1) out.push(`${sel}: ends at ${r.right} > ${window.innerWidth}`);
    }
  }
  return out;
}"""  # noqa: E501


def tab(page, name: str) -> None:
    page.click(
        f".fte-explorer .lm-TabBar-tab:has-text('{name}'), .fte-explorer "
        f".p-TabBar-tab:has-text('{name}')"
    )


def overflow(page) -> list[str]:
    """What overflows its box once the last redraw has settled (asked again for up to 5 s: on a
    busy machine the chain view fits its picture a moment after the kernel's redraw)."""
    page.wait_for_timeout(400)
    found = page.evaluate(OVERFLOW_JS)
    for _ in range(10):
        if not found:
            break
        page.wait_for_timeout(500)
        found = page.evaluate(OVERFLOW_JS)
    return found


def test_nothing_is_clipped_at_either_size_and_stepping_never_moves_the_table(app, page):
    """At 1280×800 and 1920×1080, with the catalog shown and hidden: the table, the decision, the
    chain view and the rulings comparison each fit their box (scrollWidth <= clientWidth) and
    the page does not scroll sideways. Stepping through a whole resolution never moves the
    table (the words above it keep the height of the longest)."""
    open_app(page, app)
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        for catalog in (True, False):
            if page.locator(".fte-catalog-area").is_visible() != catalog:
                page.click(".fte-show-catalog")
            where = f"{width}x{height}, catalog {'shown' if catalog else 'hidden'}"
            import_scenario(page, COW)  # a decision waits; its buttons carry their worth
            page.click(".fte-step-last")
            page.wait_for_selector(".fte-decision .fte-option")
            tab(page, "Chain")
            assert overflow(page) == [], where + ", decision"
            shot(page, f"{width}-{'catalog' if catalog else 'wide'}-1-decision")
            page.locator(".fte-option").first.click()
            page.wait_for_function("document.querySelectorAll('.fte-option').length === 0")
            tab(page, "Rulings")
            page.wait_for_selector(".fte-comparison table")
            assert overflow(page) == [], where + ", comparison"
            shot(page, f"{width}-{'catalog' if catalog else 'wide'}-2-comparison")
            for name, scenario in (("built", BUILT), ("four", FOUR)):
                import_scenario(page, scenario)
                page.click(".fte-round")
                page.wait_for_function(
                    "document.querySelector('.fte-step-position').innerText.includes('played the "
                    "round')"
                )
                tab(page, "Chain")
                assert overflow(page) == [], f"{where}, {name}"
                shot(page, f"{width}-{'catalog' if catalog else 'wide'}-3-{name}")
        # stepping: the table's top stays where it is, every step of the Coyote and the Gorilla
        page.select_option(
            ".fte-examples select", label="First look · A Coyote lands above a Gorilla"
        )
        page.wait_for_function(
            "document.querySelector('.fte-step-position').innerText.includes('example loaded')"
        )
        tops = set()
        last = None
        for _ in range(30):
            tops.add(round(page.locator(".fte-table").bounding_box()["y"]))
            text = event_text(page)
            if "Gorilla in slot 4 (lower left) scores 5" in text:
                break
            page.click(".fte-step-next")
            page.wait_for_function(
                "last => document.querySelector('.fte-event').innerText !== last", arg=text
            )
            last = text
        # one position (a pixel's rounding of a fractional layout aside)
        assert last is not None and max(tops) - min(tops) <= 1, (width, tops)
        assert overflow(page) == [], f"{width}x{height}, the chain at the end"
        shot(page, f"{width}-4-coyote-end")


def test_every_control_does_what_it_says_in_the_app(app, page):
    """resolve goes to the end and says so; an example opens at its start and its banner says
    once it is edited; play, pause and stop are three controls; Ctrl-Z takes back the switch
    that put a hand-built grid aside, and Ctrl-Shift-Z makes it again."""
    open_app(page, app)
    page.select_option(".fte-examples select", label="First look · A Coyote lands above a Gorilla")
    page.wait_for_function(
        "document.querySelector('.fte-step-position').innerText.includes('example loaded')"
    )
    assert event_text(page).startswith("Before the first event")
    assert "A Coyote lands above a Gorilla" in page.inner_text(".fte-banner")
    page.click(".fte-step-play")
    page.wait_for_function(
        "/#[2-9] /.test(document.querySelector('.fte-event').innerText)", timeout=20_000
    )
    page.click(".fte-step-pause")
    paused = event_text(page)
    page.wait_for_timeout(1600)  # two ticks of the normal speed
    assert event_text(page) == paused and "#" in paused
    page.click(".fte-step-stop")
    wait_event(page, "Before the first event")
    page.click(".fte-resolve")
    page.wait_for_function(
        "document.querySelector('.fte-step-position').innerText.includes('showing the end')"
    )
    assert "Gorilla in slot 4 (lower left) scores 5" in event_text(page)
    page.click(".fte-card-hen")  # an edit: the banner says what it was edited from
    page.wait_for_function(
        "document.querySelector('.fte-banner').innerText.startsWith('Edited from the example')"
    )
    shot(page, "1-edited")
    import_scenario(page, COW)
    page.wait_for_function("document.querySelector('.fte-table').innerText.includes('Lion')")
    page.wait_for_selector(".fte-hand-built input:checked")
    page.uncheck(".fte-hand-built input")
    page.wait_for_function(
        "document.querySelector('.fte-explorer').innerText.includes('is put aside')"
    )
    page.wait_for_function("!document.querySelector('.fte-table').innerText.includes('Lion')")
    shot(page, "2-put-aside")
    # the pointer in the explorer, no text field focused: Ctrl-Z is its undo
    page.click(".fte-table")
    page.keyboard.press("Control+z")
    page.wait_for_function("document.querySelector('.fte-table').innerText.includes('Lion')")
    assert page.is_checked(".fte-hand-built input")
    page.keyboard.press("Control+Shift+z")
    page.wait_for_function("!document.querySelector('.fte-table').innerText.includes('Lion')")
    page.click(".fte-undo")
    page.wait_for_function("document.querySelector('.fte-table').innerText.includes('Lion')")
    shot(page, "3-undone")


#: "s2.solo.win" without its script: Ann, 29 fame, before her first Market turn.
SIX_FISH = {
    "season": "s2",
    "solo": "normal",
    "players": [
        {
            "name": "Ann",
            "deck": ["swordfish", "swordfish", "starfish", "starfish", "clownfish", "mosquito"],
        }
    ],
    "market": ["salamander", "goldfish", "raccoon", "opossum", "fox"],
    "toon_deck": ["mole", "hen", "crab", "gorilla"],
}


def advice_fits(page, name: str) -> None:
    """At every size of `SIZES` nothing is clipped and the advice ends inside the window (a
    screenshot `<width>-<name>` each); then back to 1280×800."""
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        assert overflow(page) == [], f"{width}x{height}, {name}"
        box = page.locator(".fte-advice-table").bounding_box()
        assert box["x"] + box["width"] <= width, (
            f"{width}x{height}: the advice ends past the window"
        )
        shot(page, f"{width}-{name}")
    page.set_viewport_size({"width": 1280, "height": 800})


def test_advice_on_the_next_market_action_in_the_app(app, page):
    """ "what would a strong player do?" (hook fte-advice) beside the table: while the
    search runs the button says it is thinking; then the Advice tab (fte-advice-table) lists
    Ann's twelve legal Market actions with their win rates, one marked best, with what the
    numbers mean; nothing is clipped at 1280×800 or 1920×1080; an edit clears it."""
    open_app(page, app)
    import_scenario(page, SIX_FISH)
    page.click(".fte-game-end")  # a solo game is played to its end
    page.wait_for_function(
        "document.querySelector('.fte-step-position').innerText.includes('played to the end')"
    )
    line = page.inner_text(".fte-advice-line")
    assert "Ann's Market action (29 fame to spend, 2 actions left)" in line
    page.evaluate("""() => {  // notes whether the button ever says it is thinking (however briefly)
      window.sawThinking = false;
      new MutationObserver(() => {
        const b = document.querySelector('.fte-advice');
        if (b && b.innerText.includes('thinking') && b.disabled) window.sawThinking = true;
      }).observe(document.body, {subtree: true, childList: true, characterData: true, attributes: true});
    }""")  # noqa: E501
    page.click(".fte-advice")
    page.wait_for_function("window.sawThinking === true")
    page.wait_for_selector(".fte-advice-table .fte-advice-best", timeout=60_000)
    page.wait_for_function(
        "document.querySelector('.fte-advice').innerText.includes('strong player')"
    )
    assert page.locator(".fte-advice-table .fte-advice-row").count() == 12
    assert page.locator(".fte-advice-table .fte-advice-best").count() == 1
    table = page.inner_text(".fte-advice-table")
    assert (
        "hire Goldfish for 4" in table
        and "dismiss Mosquito for 5 (slot 4)" in table
        and "skip" in table
    )
    assert "sampled, not peeked at" in table and "simulations an option" in table
    advice_fits(page, "advice")
    page.click(".fte-card-crab")  # an edit: the result is cleared, not shown stale
    page.wait_for_function(
        "document.querySelectorAll('.fte-advice-table .fte-advice-row').length === 0"
    )
    assert "Press what would a strong player do?" in page.inner_text(".fte-advice-table")


def in_sight(page, selector: str) -> None:
    """`selector`'s element is shown and its top part is inside the window (a second to get
    there: the page scrolls once the kernel's redraw is drawn)."""
    playwright_api.expect(page.locator(selector)).to_be_visible()
    playwright_api.expect(page.locator(selector)).to_be_in_viewport(ratio=0.3)


def test_advice_share_and_markdown_open_the_side_panel_on_their_tab_in_sight(app, page):
    """At 1280×800, the side panel on another tab: "what would a strong player do?" shows the
    advice table (fte-advice-table) in sight, on the Advice tab; share and copy as Markdown
    show the Share tab. In a narrower window (1000×800), where the side panel sits below the
    table, pressing the advice button scrolls the page to the panel, its table in sight."""
    open_app(page, app)
    import_scenario(page, SIX_FISH)
    page.click(".fte-game-end")  # a solo game is played to its end
    page.wait_for_function(
        "document.querySelector('.fte-step-position').innerText.includes('played to the end')"
    )
    tab(page, "Chain")
    page.click(".fte-advice")
    page.wait_for_selector(".fte-advice-table .fte-advice-best", timeout=60_000)
    in_sight(page, ".fte-advice-table")
    in_sight(page, ".lm-TabBar-tab.lm-mod-current:has-text('Advice')")
    shot(page, "1280-advice-open")
    page.click(".fte-share")
    in_sight(page, ".fte-share-link a")
    in_sight(page, ".lm-TabBar-tab.lm-mod-current:has-text('Share')")
    tab(page, "Trace")
    page.click(".fte-markdown")
    in_sight(page, ".fte-markdown-text")
    in_sight(page, ".lm-TabBar-tab.lm-mod-current:has-text('Share')")
    page.set_viewport_size({"width": 1000, "height": 800})
    tab(page, "Chain")
    page.click(".fte-advice")
    page.wait_for_function(
        "document.querySelector('.fte-advice').innerText.includes('strong player')"
    )
    page.wait_for_selector(".fte-advice-table .fte-advice-best", timeout=60_000)
    in_sight(page, ".fte-advice-table")
    shot(page, "1000-advice-open")


def test_a_solo_difficulty_picked_in_the_builder_plays_the_solo_game_and_asks_advice(app, page):
    """S2 Solo Play Rules: one player without a difficulty gets no advice, and the line says where
    to pick one; picking "solo normal" (hook fte-solo) plays the solo game to its end and the
    advice line names Ann's Market action; nothing is clipped at either size."""
    open_app(page, app)
    import_scenario(page, {k: v for k, v in SIX_FISH.items() if k != "solo"})
    page.wait_for_function(
        "document.querySelector('.fte-advice-line').innerText.includes('solo menu')"
    )
    assert page.is_disabled(".fte-advice")
    page.select_option(".fte-solo select", label="solo normal")
    page.wait_for_function(
        "document.querySelector('.fte-step-position').innerText.includes('played to the end')"
    )
    page.wait_for_function(
        "document.querySelector('.fte-advice-line').innerText.includes(\"Ann's Market action\")"
    )
    assert not page.is_disabled(".fte-advice")
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        assert overflow(page) == [], f"{width}x{height}, solo picked"
        shot(page, f"{width}-solo-picked")


#: Flipology: Ann flips her Dog and its answer is left open (her Kiwi, or Ben's unseen card 3).
FLIPOLOGY_DOG = {
    "game": "flipology",
    "players": [
        {"name": "Ann", "rows": [["dog:5", "kiwi:8", "sloth:6"]]},
        {"name": "Ben", "rows": [["koala:8", "frog:4", "quokka:9"]]},
    ],
    "discard": ["cat:6", "mole:1"],
    "turns": [{"player": 0, "flip": [0, 0]}],
}


def test_advice_beside_a_pending_flipology_decision_in_the_app(app, page):
    """With the Dog's answer pending, the advice line names that
    decision; pressing the button fills the Advice tab with its two answers played on to the
    count of the round, Ann's Kiwi marked best and Ben's card named only as Ann knows it;
    nothing is clipped at 1280×800 or 1920×1080; answering the decision clears it."""
    open_app(page, app)
    import_scenario(page, FLIPOLOGY_DOG)
    page.wait_for_selector(".fte-decision .fte-option")
    page.wait_for_function(
        "document.querySelector('.fte-advice-line').innerText.includes('Dog: which adjacent')"
    )
    assert "Ann's decision (turn 1): Dog: which adjacent card do you flip?" in page.inner_text(
        ".fte-advice-line"
    )
    page.click(".fte-advice")
    page.wait_for_selector(".fte-advice-table .fte-advice-best", timeout=60_000)
    page.wait_for_function(
        "document.querySelector('.fte-advice').innerText.includes('strong player')"
    )
    assert page.locator(".fte-advice-table .fte-advice-row").count() == 2
    best = page.inner_text(".fte-advice-table .fte-advice-best")
    assert "Ann's row, card 2: Kiwi 8" in best
    table = page.inner_text(".fte-advice-table")
    assert "Ben's row, card 3: a face-down card" in table
    assert "count at the end of the round" in table and "sampled, not peeked at" in table
    advice_fits(page, "flipology-advice")
    # the answer is written: the advice is cleared
    page.locator(".fte-decision .fte-option").first.click()
    page.wait_for_function(
        "document.querySelectorAll('.fte-advice-table .fte-advice-row').length === 0"
    )
    page.wait_for_function(
        "document.querySelector('.fte-advice-line').innerText.includes(\"Ben's decision\")"
    )
    assert "Press what would a strong player do?" in page.inner_text(".fte-advice-table")


def test_a_shared_link_opens_the_same_situation_at_the_same_step(app, page):
    """share makes a link to this situation at this step; opened in a new page, the explorer
    shows the same event; copy as Markdown gives the resolution in words. (The page fixture
    checks that no request left localhost.)"""
    open_app(page, app)
    page.select_option(".fte-examples select", label="First look · A Coyote lands above a Gorilla")
    page.wait_for_function(
        "document.querySelector('.fte-step-position').innerText.includes('example loaded')"
    )
    for _ in range(9):
        page.click(".fte-step-next")
    wait_event(page, "#8 ")
    page.click(".fte-share")
    page.wait_for_selector(".fte-share-link a")
    link = page.get_attribute(".fte-share-link a", "href")
    assert link.startswith(app + "#s=") and link.endswith("&step=8")
    page.click(".fte-markdown")
    page.wait_for_function(
        "document.querySelector('.fte-markdown-text textarea').value.includes('Rules cited')"
    )
    markdown = page.input_value(".fte-markdown-text textarea")
    assert (
        "- #9 Ann: The Gorilla returns from slot 2 (upper middle) to the bottom of the deck."
        in markdown
    )
    assert link in markdown
    shot(page, "1-shared")
    other = page.context.new_page()
    other.goto(link)
    other.wait_for_function(
        "document.querySelector('.fte-event') && "
        "document.querySelector('.fte-event').innerText.startsWith('#8 ')"
    )
    assert event_text(other) == event_text(page)
    assert "opened from a link" in other.inner_text(".fte-step-position")
    other.screenshot(path=str(page.shots / "2-opened.png"))
    other.goto(app + "#s=eJyrVirISa")  # a damaged link: one calm line
    other.wait_for_function(
        "document.querySelector('.fte-error') && "
        "document.querySelector('.fte-error').innerText.includes('link: the situation is')"
    )
    assert "\n" not in other.inner_text(".fte-error").strip()
    other.close()


def test_the_app_opens_its_scenario_shuts_a_closed_pages_kernel_and_stops_on_sigterm(
    browser, tmp_path
):
    """`fliptoons-explore app SCENARIO.json --step 9`: the page opens there. A page that is
    closed has its kernel shut down (its shutdown request carries the _xsrf cookie). After
    SIGTERM the port is closed and no kernel process remains."""
    psutil = pytest.importorskip("psutil")
    scenario = tmp_path / "coyote.json"
    scenario.write_text(
        json.dumps(
            {
                "season": "s2",
                "players": [
                    {"name": "Ann", "deck": ["mosquito", "gorilla", "coyote", "rat", "mosquito"]}
                ],
            }
        )
    )
    port = free_port()
    with open(tmp_path / "app.log", "w") as log:
        proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "fliptoons_explore",
                "app",
                str(scenario),
                "--step",
                "9",
                "--port",
                str(port),
                "--no-browser",
                "--pool",
                "1",
            ],
            stdout=log,
            stderr=subprocess.STDOUT,
            env=jupyter_env(tmp_path),
            cwd=tmp_path,
        )

    def kernels():
        out = []
        for p in psutil.Process(proc.pid).children(recursive=True):
            try:  # a kernel that has just ended may be gone, or a zombie, by now
                if p.status() != psutil.STATUS_ZOMBIE and "ipykernel" in " ".join(p.cmdline()):
                    out.append(p)
            except psutil.Error:
                pass
        return out

    try:
        wait_for_port(port, proc)
        context = browser.new_context(viewport={"width": 1280, "height": 800})
        pg = context.new_page()
        pg.set_default_timeout(60_000)
        pg.goto(f"http://127.0.0.1:{port}/")
        pg.wait_for_function(
            "document.querySelector('.fte-event') && "
            "document.querySelector('.fte-event').innerText.startsWith('#9 ')"
        )
        assert "The Gorilla returns" in event_text(pg)
        pg.screenshot(path=str(tmp_path / "1-opened-at-step-9.png"))
        end = time.time() + 60
        while len(kernels()) < 2 and time.time() < end:  # the page's kernel and the pool's next one
            time.sleep(0.3)
        with_page = {k.pid for k in kernels()}
        pg.close(run_before_unload=True)
        end = time.time() + 10
        while len(kernels()) >= len(with_page) and time.time() < end:
            time.sleep(0.3)
        assert len(kernels()) == len(with_page) - 1, "the closed page's kernel still runs"
        # the shutdown request was not refused
        assert "403" not in (tmp_path / "app.log").read_text()
        context.close()
        started = kernels()
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(30) == 0
        with socket.socket() as s:
            assert s.connect_ex(("127.0.0.1", port)) != 0, "the port is still open"
        _, alive = psutil.wait_procs(started, timeout=10)
        assert alive == []
    finally:
        if proc.poll() is None:
            proc.kill()


# -- JupyterLab ------------------------------------------------------------------------------------


def notebook(cells: list[dict]) -> dict:
    return {
        "nbformat": 4,
        "nbformat_minor": 5,
        "cells": cells,
        "metadata": {
            "kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"},
            "language_info": {"name": "python"},
        },
    }


def code(source: str, outputs=()) -> dict:
    return {
        "cell_type": "code",
        "id": f"c{abs(hash(source)) % 10**8}",
        "metadata": {},
        "source": source,
        "execution_count": 1 if outputs else None,
        "outputs": list(outputs),
    }


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
            page.wait_for_function(
                "[...document.querySelectorAll('.jp-InputPrompt')]"
                ".some(e => /\\[(\\*|\\d+)\\]/.test(e.innerText))",
                timeout=10_000,
            )
            return
        except playwright_api.TimeoutError:
            continue
    raise AssertionError("JupyterLab ran no cell")


def test_the_explorer_in_jupyterlab(lab, page):
    base, work, _ = lab
    (work / "explore.ipynb").write_text(
        json.dumps(notebook([code("from fliptoons_explore.widgets import explorer\nexplorer()")]))
    )
    open_notebook(page, base, "explore.ipynb")
    run_all(page)
    page.wait_for_selector(".fte-explorer .fte-card-crab", timeout=90_000)
    for card in ("mosquito", "crab", "rat"):
        page.click(f".fte-card-{card}")
    page.click(".fte-resolve")
    page.click(".fte-step-last")
    page.wait_for_function("document.querySelector('.fte-fame').innerText.includes('Ann 1')")
    shot(page, "1-lab-explorer")
    page.click(".fte-chain [data-zoom='fit']")
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
    output = {
        "output_type": "execute_result",
        "execution_count": 1,
        "metadata": {},
        "data": {"text/html": html, "text/plain": "<Resolution>"},
    }
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
