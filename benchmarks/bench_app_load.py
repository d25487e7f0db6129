"""The app under load (prints numbers; not a test): `fliptoons-explore app` serving PAGES pages
opened at once in Chromium, each building a situation and resolving it.

    .venv/bin/python benchmarks/bench_app_load.py                  # 20 pages, the app's default pool
    .venv/bin/python benchmarks/bench_app_load.py --pages 20 --pool 20

What it measures, for every page:
- first paint: from the page being opened until its table is drawn;
- click latency: each click (three catalog cards, resolve, three steps) until its effect shows
  (the deck grows, the stepper moves);
- memory: each kernel's resident memory (RSS and the memory it alone holds, USS), Voilà's;
- shutdown: after every page is closed, how long until the kernels of the pages are gone (the
  pre-started spare kernels stay until the app stops); then SIGTERM, and whether anything remains.

The browser runs on the same machine as the server: its work (each page parses the widget
bundles and draws) competes with the kernels for the same cores, which real users' browsers
do not.
"""
from __future__ import annotations

import argparse
import asyncio
import os
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time

import psutil

CHROMIUM = "/usr/bin/chromium"
CARDS = ("gorilla", "coyote", "rat")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def percentiles(values: list[float]) -> str:
    v = sorted(values)
    p95 = v[min(len(v) - 1, round(0.95 * (len(v) - 1)))]
    return f"median {statistics.median(v):6.2f}  p95 {p95:6.2f}  max {v[-1]:6.2f}  (n={len(v)})"


def kernels(proc) -> list:
    try:
        return [p for p in psutil.Process(proc.pid).children(recursive=True)
                if "ipykernel" in " ".join(p.cmdline())]
    except psutil.Error:
        return []


async def one_page(browser, url: str, latencies: list, paints: list, pages: list) -> None:
    context = await browser.new_context(viewport={"width": 1280, "height": 800})
    page = await context.new_page()
    page.set_default_timeout(300_000)
    pages.append(page)
    t = time.perf_counter()
    await page.goto(url, wait_until="commit")
    await page.wait_for_selector(".fte-table .ft-view")
    await page.wait_for_selector(".fte-card-gorilla")
    paints.append(time.perf_counter() - t)

    async def timed(selector: str, condition: str, arg=None) -> None:
        t = time.perf_counter()
        await page.click(selector)
        await page.wait_for_function(condition, arg=arg)
        latencies.append(time.perf_counter() - t)

    for k, card in enumerate(CARDS, 1):
        await timed(f".fte-card-{card}", "n => document.querySelectorAll('.fte-deck-0 .fte-deck-card').length === n", k)
    await timed(".fte-resolve", "document.querySelector('.fte-step-position').innerText.includes('showing the end')")
    await timed(".fte-step-first", "document.querySelector('.fte-event').innerText.startsWith('Before')")
    for k in range(3):
        await timed(".fte-step-next", "k => document.querySelector('.fte-event').innerText.startsWith('#' + k + ' ')", k)


async def run(url: str, n: int) -> tuple[list, list, list, object, object]:
    from playwright.async_api import async_playwright
    latencies, paints, pages = [], [], []
    p = await async_playwright().start()
    browser = await p.chromium.launch(executable_path=CHROMIUM, args=[
        "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking",
        "--disable-component-update", "--no-first-run", "--disable-renderer-backgrounding",
        "--disable-background-timer-throttling", "--disable-backgrounding-occluded-windows"])
    t = time.perf_counter()
    await asyncio.gather(*(one_page(browser, url, latencies, paints, pages) for _ in range(n)))
    wall = time.perf_counter() - t
    return latencies, paints, pages, (p, browser), wall


async def close_all(pages, handles) -> None:
    await asyncio.gather(*(pg.close(run_before_unload=True) for pg in pages))
    p, browser = handles
    await browser.close()
    await p.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pages", type=int, default=20)
    parser.add_argument("--pool", type=int, default=None, help="pre-started kernels (default: the app's)")
    args = parser.parse_args()
    port = free_port()
    tmp = tempfile.mkdtemp(prefix="fte-load-")
    env = dict(os.environ, JUPYTER_RUNTIME_DIR=f"{tmp}/runtime", JUPYTER_DATA_DIR=f"{tmp}/data",
               JUPYTER_CONFIG_DIR=f"{tmp}/config", IPYTHONDIR=f"{tmp}/ipython")
    argv = [sys.executable, "-m", "fliptoons_explore", "app", "--port", str(port), "--no-browser"]
    if args.pool is not None:
        argv += ["--pool", str(args.pool)]
    log = open(f"{tmp}/app.log", "w")
    t = time.perf_counter()
    proc = subprocess.Popen(argv, stdout=log, stderr=subprocess.STDOUT, env=env)
    try:
        pool = args.pool if args.pool is not None else __import__("fliptoons_explore.app").app.DEFAULT_POOL
        while len(kernels(proc)) < pool or socket.socket().connect_ex(("127.0.0.1", port)) != 0:
            if proc.poll() is not None:
                sys.exit(f"the app ended: see {tmp}/app.log")
            time.sleep(0.2)
        time.sleep(3)  # the pool's kernels finish building the explorer
        print(f"app ready in {time.perf_counter() - t:.1f} s with {pool} pre-started kernels; "
              f"{args.pages} pages open at once on {os.cpu_count()} cores")
        latencies, paints, pages, handles, wall = asyncio.run(run(f"http://127.0.0.1:{port}/", args.pages))
        ks = kernels(proc)
        rss = [k.memory_info().rss / 2**20 for k in ks]
        uss = [k.memory_full_info().uss / 2**20 for k in ks]
        server = psutil.Process(proc.pid).memory_info().rss / 2**20
        print(f"first paint (s)        {percentiles(paints)}")
        print(f"click latency (s)      {percentiles(latencies)}")
        print(f"all {args.pages} pages built and resolved in {wall:.1f} s")
        print(f"kernels running        {len(ks)} ({args.pages} pages + {len(ks) - args.pages} spare)")
        print(f"memory per kernel (MB) RSS median {statistics.median(rss):.0f}, USS median {statistics.median(uss):.0f}; "
              f"Voilà itself {server:.0f} MB RSS")
        t = time.perf_counter()
        asyncio.run(close_all(pages, handles))
        while len(kernels(proc)) > pool and time.perf_counter() - t < 120:
            time.sleep(0.2)
        print(f"pages closed: their kernels gone after {time.perf_counter() - t:.1f} s "
              f"({len(kernels(proc))} spare kernels stay for the next pages)")
        started = kernels(proc)
        t = time.perf_counter()
        proc.send_signal(signal.SIGTERM)
        code = proc.wait(60)
        _, alive = psutil.wait_procs(started, timeout=20)
        with socket.socket() as s:
            open_port = s.connect_ex(("127.0.0.1", port)) == 0
        print(f"SIGTERM: exit {code} after {time.perf_counter() - t:.1f} s; port open: {open_port}; "
              f"kernels left: {len(alive)}")
    finally:
        if proc.poll() is None:
            proc.kill()


if __name__ == "__main__":
    main()
