"""The app under load (prints numbers; not a test): `fliptoons-explore app` serving PAGES pages
opened at once in Chromium, each building a situation and resolving it.

    .venv/bin/python benchmarks/bench_app_load.py                  # 20 pages, the app's default pool
    .venv/bin/python benchmarks/bench_app_load.py --pages 20 --pool 20   # a warm kernel for each page
    .venv/bin/python benchmarks/bench_app_load.py --pool 20 --clicks-together
    .venv/bin/python benchmarks/bench_app_load.py --pool 20 --server-only

What it measures, for every page:
- first paint: from the page being opened until its table is drawn;
- click latency: each click (three catalog cards, resolve, three steps) until its effect shows
  (the deck grows, the stepper moves);
- memory: each kernel's resident memory (RSS and the memory it alone holds, USS), Voilà's;
- shutdown: after every page is closed, how long until the kernels of the pages are gone (the
  pre-started spare kernels stay until the app stops); then SIGTERM, and whether anything remains.

Each wait polls the page every `POLL_MS` (Playwright's default polls at every animation frame,
which keeps 20 waiting pages drawing 60 frames a second: the benchmark's own load). A click whose
effect has not shown after `RETRY_S` seconds is clicked again (and counted: "clicks repeated").

The browser runs on the same machine as the server: its work (each page parses about 5 MB of
Voilà's JavaScript and draws the widgets) competes with the kernels for the same cores, which
real users' browsers do not. `--server-only` measures the server's part alone: PAGES plain HTTP
requests at once, each timed until its page (the explorer rendered by its kernel) has arrived.
"""  # noqa: E501

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

from fliptoons_explore.app.command import DEFAULT_POOL

CHROMIUM = "/usr/bin/chromium"
CARDS = ("gorilla", "coyote", "rat")
#: How often a wait looks at the page, in milliseconds.
POLL_MS = 25
#: Seconds after which a click whose effect has not shown is made again.
RETRY_S = 60


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def listening(port: int) -> bool:
    with socket.socket() as s:
        return s.connect_ex(("127.0.0.1", port)) == 0


def percentiles(values: list[float]) -> str:
    v = sorted(values)
    p95 = v[min(len(v) - 1, round(0.95 * (len(v) - 1)))]
    return f"median {statistics.median(v):6.2f}  p95 {p95:6.2f}  max {v[-1]:6.2f}  (n={len(v)})"


def cpu_seconds(processes) -> float:
    total = 0.0
    for p in processes:
        try:
            t = p.cpu_times()
            total += (
                t.user
                + t.system
                + getattr(t, "children_user", 0)
                + getattr(t, "children_system", 0)
            )
        except psutil.Error:
            pass
    return total


def browser_processes() -> list:
    out = []
    for p in psutil.process_iter(["cmdline"]):
        cmd = " ".join(p.info["cmdline"] or ())
        if "chromium" in cmd and "fte-load" in cmd:
            out.append(p)
    return out


def kernels(proc) -> list:
    """The app's kernel processes (a process that ends while they are listed is left out)."""
    out = []
    try:
        children = psutil.Process(proc.pid).children(recursive=True)
    except psutil.Error:
        return out
    for p in children:
        try:
            if "ipykernel" in " ".join(p.cmdline()) and p.status() != psutil.STATUS_ZOMBIE:
                out.append(p)
        except psutil.Error:
            continue
    return out


async def one_page(
    browser,
    url: str,
    latencies: list,
    paints: list,
    pages: list,
    repeats: list,
    painted: asyncio.Barrier | None = None,
) -> None:
    context = await browser.new_context(viewport={"width": 1280, "height": 800})
    page = await context.new_page()
    page.set_default_timeout(300_000)
    pages.append(page)
    t = time.perf_counter()
    await page.goto(url, wait_until="commit")
    await page.wait_for_function(
        "document.querySelector('.fte-table .ft-view') && "
        "document.querySelector('.fte-card-gorilla')",
        polling=POLL_MS,
    )
    paints.append(time.perf_counter() - t)
    if painted is not None:  # --clicks-together: every page drawn before the first click
        await painted.wait()

    async def timed(selector: str, condition: str, arg=None) -> None:
        from playwright.async_api import TimeoutError

        t = time.perf_counter()
        for _attempt in range(3):
            await page.click(selector)
            try:
                await page.wait_for_function(
                    condition, arg=arg, polling=POLL_MS, timeout=RETRY_S * 1000
                )
                break
            except TimeoutError:
                repeats.append(selector)
        else:
            raise RuntimeError(f"{selector}: clicked 3 times, its effect never showed")
        latencies.append(time.perf_counter() - t)

    for k, card in enumerate(CARDS, 1):
        await timed(
            f".fte-card-{card}",
            "n => document.querySelectorAll('.fte-deck-0 .fte-deck-card').length === n",
            k,
        )
    await timed(
        ".fte-resolve",
        "document.querySelector('.fte-step-position').innerText.includes('showing the end')",
    )
    await timed(
        ".fte-step-first", "document.querySelector('.fte-event').innerText.startsWith('Before')"
    )
    for k in range(3):
        await timed(
            ".fte-step-next",
            "k => document.querySelector('.fte-event').innerText.startsWith('#' + k + ' ')",
            k,
        )


async def run(url: str, n: int, proc, pool: int, together: bool = False) -> dict:
    """Open n pages at once, build and resolve in each, measure; then close them all and time
    how long their kernels take to go. All on one event loop (Playwright's objects belong to the
    loop that made them)."""
    from playwright.async_api import async_playwright

    latencies, paints, pages, repeats = [], [], [], []
    async with async_playwright() as p:
        browser = await p.chromium.launch(
            executable_path=CHROMIUM,
            args=[
                "--user-agent=fte-load",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-dev-shm-usage",
                "--disable-background-networking",
                "--disable-component-update",
                "--no-first-run",
                "--disable-renderer-backgrounding",
                "--disable-background-timer-throttling",
                "--disable-backgrounding-occluded-windows",
            ],
        )
        server_cpu = cpu_seconds([psutil.Process(proc.pid)])
        t = time.perf_counter()
        painted = asyncio.Barrier(n) if together else None
        await asyncio.gather(
            *(one_page(browser, url, latencies, paints, pages, repeats, painted) for _ in range(n))
        )
        wall = time.perf_counter() - t
        ks = kernels(proc)
        out = {
            "latencies": latencies,
            "paints": paints,
            "wall": wall,
            "kernels": ks,
            "repeats": repeats,
            "cpu": {
                "Voilà": cpu_seconds([psutil.Process(proc.pid)]) - server_cpu,
                "kernels": cpu_seconds(ks),
                "Chromium": cpu_seconds(browser_processes()),
            },
            "rss": [k.memory_info().rss / 2**20 for k in ks],
            "uss": [k.memory_full_info().uss / 2**20 for k in ks],
            "server": psutil.Process(proc.pid).memory_info().rss / 2**20,
        }
        t = time.perf_counter()
        await asyncio.gather(*(pg.close(run_before_unload=True) for pg in pages))
        while len(kernels(proc)) > pool and time.perf_counter() - t < 120:
            await asyncio.sleep(0.2)
        out["closed"] = time.perf_counter() - t
        out["left"] = len(kernels(proc))
        await browser.close()
    return out


def server_side(url: str, n: int) -> list[float]:
    """n requests for the page at once, each timed until the whole page has arrived."""
    from concurrent.futures import ThreadPoolExecutor
    from urllib.request import urlopen

    def fetch(_):
        t = time.perf_counter()
        with urlopen(url, timeout=600) as r:
            body = r.read()
        assert b"fte-explorer" in body or b"application/vnd.jupyter.widget-view+json" in body, (
            "no explorer in the page"
        )
        return time.perf_counter() - t

    with ThreadPoolExecutor(n) as pool:
        return list(pool.map(fetch, range(n)))


def stop(proc, port: int) -> None:
    """SIGTERM, and what remains after it."""
    started = kernels(proc)
    t = time.perf_counter()
    proc.send_signal(signal.SIGTERM)
    code = proc.wait(60)
    _, alive = psutil.wait_procs(started, timeout=20)
    print(
        f"SIGTERM: exit {code} after {time.perf_counter() - t:.1f} s; port open: "
        f"{listening(port)}; "
        f"kernels left: {len(alive)}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pages", type=int, default=20)
    parser.add_argument(
        "--pool", type=int, default=None, help="pre-started kernels (default: the app's)"
    )
    parser.add_argument(
        "--clicks-together",
        action="store_true",
        help="the pages click once every page is drawn (the clicks of PAGES people at once, "
        "with no page still loading in the same browser)",
    )
    parser.add_argument(
        "--server-only",
        action="store_true",
        help="plain HTTP requests instead of a browser: the server's part of a first paint",
    )
    args = parser.parse_args()
    port = free_port()
    tmp = tempfile.mkdtemp(prefix="fte-load-")
    env = dict(
        os.environ,
        JUPYTER_RUNTIME_DIR=f"{tmp}/runtime",
        JUPYTER_DATA_DIR=f"{tmp}/data",
        JUPYTER_CONFIG_DIR=f"{tmp}/config",
        IPYTHONDIR=f"{tmp}/ipython",
    )
    argv = [sys.executable, "-m", "fliptoons_explore", "app", "--port", str(port), "--no-browser"]
    if args.pool is not None:
        argv += ["--pool", str(args.pool)]
    log = open(f"{tmp}/app.log", "w")
    t = time.perf_counter()
    proc = subprocess.Popen(argv, stdout=log, stderr=subprocess.STDOUT, env=env)
    try:
        pool = args.pool if args.pool is not None else DEFAULT_POOL
        # logged once every pool kernel has drawn the explorer (app.server.warm_pool)
        filled = f"is filled with {pool} kernel(s)"
        while not listening(port) or (pool and filled not in open(f"{tmp}/app.log").read()):
            if proc.poll() is not None:
                sys.exit(f"the app ended: see {tmp}/app.log")
            time.sleep(0.2)
        print(
            f"app ready in {time.perf_counter() - t:.1f} s with {pool} pre-started kernels; "
            f"{args.pages} pages open at once on {os.cpu_count()} cores; load average "
            f"{os.getloadavg()[0]:.1f}"
        )
        if args.server_only:
            served = server_side(f"http://127.0.0.1:{port}/", args.pages)
            print(
                f"page served (s)        {percentiles(served)}  (kernels: {len(kernels(proc))}); "
                f"load average {os.getloadavg()[0]:.1f}"
            )
            return stop(proc, port)
        r = asyncio.run(
            run(f"http://127.0.0.1:{port}/", args.pages, proc, pool, args.clicks_together)
        )
        print(f"first paint (s)        {percentiles(r['paints'])}")
        print(
            f"click latency (s)      {percentiles(r['latencies'])}"
            + (" (every page drawn before the first click)" if args.clicks_together else "")
            + f"; clicks repeated: {len(r['repeats'])}"
            + (f" ({', '.join(r['repeats'])})" if r["repeats"] else "")
        )
        print(
            f"all {args.pages} pages built and resolved in {r['wall']:.1f} s; CPU seconds used "
            "meanwhile: "
            + ", ".join(f"{k} {v:.0f}" for k, v in r["cpu"].items())
            + f" (Chromium {r['cpu']['Chromium'] / args.pages:.1f} per page)"
            + f"; the machine's load average at the end {os.getloadavg()[0]:.1f}"
        )
        print(
            f"kernels running        {len(r['kernels'])} ({args.pages} pages + "
            f"{len(r['kernels']) - args.pages} spare)"
        )
        print(
            f"memory per kernel (MB) RSS median {statistics.median(r['rss']):.0f}, USS median "
            f"{statistics.median(r['uss']):.0f}; Voilà itself {r['server']:.0f} MB RSS"
        )
        print(
            f"pages closed: their kernels gone after {r['closed']:.1f} s "
            f"({r['left']} spare kernels stay for the next pages)"
        )
        stop(proc, port)
    finally:
        if proc.poll() is None:
            proc.kill()


if __name__ == "__main__":
    main()
