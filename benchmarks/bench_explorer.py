"""How fast the explorer answers, kernel-side and in the browser (prints numbers; not a test).

    .venv/bin/python benchmarks/bench_explorer.py            # kernel-side figures
    .venv/bin/python benchmarks/bench_explorer.py --browser  # + the app's first paint in Chromium

- edit: a catalog click on a 4-player table: the card joins a deck, the situation re-resolves
  (recorded), and the table, the stepper, the chain view and the builder are redrawn;
- step: one click on "next": the table at the new step, the event line, the chain view;
- first paint: `fliptoons-explore app` started, the page opened, until the table is drawn.
Each figure is the median (and the range) of many runs.
"""

from __future__ import annotations

import argparse
import socket
import statistics
import subprocess
import sys
import time

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


def timed(fn, runs: int) -> list[float]:
    out = []
    for _ in range(runs):
        t = time.perf_counter()
        fn()
        out.append((time.perf_counter() - t) * 1000)
    return out


def report(name: str, ms: list[float], target: float) -> None:
    print(
        f"{name:<34} median {statistics.median(ms):7.1f} ms   (min {min(ms):.1f}, max "
        f"{max(ms):.1f}; "
        f"{len(ms)} runs; target <= {target:g} ms)"
    )


def kernel_side(runs: int) -> None:
    from fliptoons_explore.widgets import explorer

    x = explorer(FOUR)
    x.stepper.slider.value = 20
    cards = ["mosquito", "hen", "rat", "spider"]
    k = [0]

    def edit():
        x.builder.target = ("deck", k[0] % 4)
        x.catalog.tiles.click(action="card", card=cards[k[0] % 4])
        k[0] += 1

    events = len(x.result.trace)
    report("edit -> re-resolve -> redraw", timed(edit, runs), 50)
    print(f"{'':<34} (4 players, {events} to {len(x.result.trace)} events)")
    x.stepper.first.click()

    def step():
        if x.stepper.stepper.at_end:
            x.stepper.first.click()
        x.stepper.next.click()

    report("one step of the stepper", timed(step, runs), 20)


def first_paint(runs: int) -> None:
    from playwright.sync_api import sync_playwright

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    proc = subprocess.Popen(
        [sys.executable, "-m", "fliptoons_explore", "app", "--port", str(port), "--no-browser"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        for _ in range(300):
            with socket.socket() as s:
                if s.connect_ex(("127.0.0.1", port)) == 0:
                    break
            time.sleep(0.1)
        times = []
        with sync_playwright() as p:
            b = p.chromium.launch(
                executable_path="/usr/bin/chromium",
                args=[
                    "--no-sandbox",
                    "--disable-gpu",
                    "--disable-background-networking",
                    "--disable-component-update",
                    "--disable-sync",
                    "--no-first-run",
                ],
            )
            for _ in range(runs):
                page = b.new_page(viewport={"width": 1280, "height": 800})
                t = time.perf_counter()
                page.goto(f"http://127.0.0.1:{port}/")
                page.wait_for_selector(".fte-table .ft-view", timeout=60_000)
                times.append((time.perf_counter() - t) * 1000)
                page.close()
            b.close()
        report("app first paint (page open -> table)", times, 5000)
    finally:
        proc.terminate()
        proc.wait(10)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--browser", action="store_true", help="also time the app's first paint")
    args = parser.parse_args()
    kernel_side(args.runs)
    if args.browser:
        first_paint(max(3, args.runs // 6))


if __name__ == "__main__":
    main()
