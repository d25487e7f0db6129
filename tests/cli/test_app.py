"""`fliptoons-explore app` as a server: a bad scenario or step
is one line and exit code 2 before anything starts; SIGTERM, SIGINT and a closed terminal
(SIGHUP) each stop Voilà and every kernel it started, and the port is closed afterwards. The
browser side (a page's kernel stopping when the page closes, a link, the requests a page makes)
is in tests/browser/test_browser.py.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time

import pytest

from fliptoons_explore.cli.main import main

pytest.importorskip("voila")
psutil = pytest.importorskip("psutil")

COYOTE = {
    "season": "s2",
    "players": [{"name": "Ann", "deck": ["mosquito", "gorilla", "coyote", "rat", "mosquito"]}],
}


def _fails(argv, capsys) -> str:
    assert main(argv) == 2
    err = capsys.readouterr().err.strip()
    assert "\n" not in err
    return err


def test_a_bad_scenario_or_step_is_one_line_before_anything_starts(tmp_path, capsys):
    good = tmp_path / "coyote.json"
    good.write_text(json.dumps(COYOTE))
    bad = tmp_path / "bad.json"
    bad.write_text('{"players": [{"deck": ["crbb"]}]}')
    assert _fails(["app", str(bad), "--no-browser"], capsys).startswith(
        "fliptoons-explore: error: players[0].deck[0]: unknown card id"
    )
    assert _fails(["app", str(good), "--step", "99", "--no-browser"], capsys) == (
        "fliptoons-explore: error: --step: expected -1 to 27 (the steps of this situation), got 99"
    )
    assert _fails(["app", "--step", "3", "--no-browser"], capsys) == (
        "fliptoons-explore: error: --step: needs a scenario file to step through"
    )
    assert _fails(["app", str(tmp_path / "none.json")], capsys) == (
        f"fliptoons-explore: error: {tmp_path / 'none.json'}: cannot read the file (No such file "
        "or directory)"
    )
    assert (
        _fails(["app", "--pool", "99"], capsys)
        == "fliptoons-explore: error: --pool: expected 0 to 64 kernels, got 99"
    )
    flipology = tmp_path / "flipology.json"
    flipology.write_text(
        json.dumps(
            {
                "game": "flipology",
                "players": [{"name": "Jo", "rows": [["dog"]]}],
                "turns": [{"player": 0, "flip": [0, 0]}],
            }
        )
    )
    assert _fails(["app", str(flipology), "--step", "9", "--no-browser"], capsys) == (
        "fliptoons-explore: error: --step: expected -1 to 7 (the steps of this situation), got 9"
    )
    flipology.write_text(
        json.dumps({"game": "flipology", "players": [{"name": "Jo", "rows": [["dgo"]]}]})
    )
    assert _fails(["app", str(flipology), "--no-browser"], capsys) == (
        'fliptoons-explore: error: players[0].rows[0][0]: unknown Flipology card "dgo" (did you '
        'mean "dog"?)'
    )


def test_a_scenario_about_the_game_opens_played_to_its_end(tmp_path):
    """A scenario that says something about the game around its round (here `"start":
    "final-flip"`: S2 Final Flip, the tied players re-flip) opens played to the end of the game,
    as the `chain` command plays it: its step is checked against the game's trace (107 events),
    and the link says `play=game`."""
    from fliptoons_explore import situation
    from fliptoons_explore.app.command import opening
    from fliptoons_explore.jsonio import ScenarioError
    from fliptoons_explore.links import Link

    path = tmp_path / "tie.json"
    path.write_text(
        json.dumps(situation("s2.final-flip.tie.only-the-tied-players-reflip").scenario)
    )
    link = Link.from_fragment(opening(str(path), 106))
    assert (link.play, link.step) == ("game", 106)
    with pytest.raises(
        ScenarioError,
        match=r"^--step: expected -1 to 106 \(the steps of this situation\), got 107$",
    ):
        opening(str(path), 107)


def test_the_app_opens_a_flipology_scenario_in_flipology(tmp_path):
    """`fliptoons-explore app SCENARIO.json` opens a Flipology scenario too: the
    link the app opens its pages on holds the scenario, played as `resolve` (its turns, then the
    count), and an explorer opening that link shows Flipology at the step (the rulebook's
    example: Joelle's cascade, 19 events)."""
    from fliptoons_explore.widgets import explorer

    from fliptoons_explore import situation
    from fliptoons_explore.app.command import opening
    from fliptoons_explore.links import Link

    joelle = situation("fl.example.cascade.joelles-monkey-frog-sloth").scenario
    path = tmp_path / "joelle.json"
    path.write_text(json.dumps(joelle))
    fragment = opening(str(path), 9)
    link = Link.from_fragment(fragment)
    assert (link.play, link.step, link.scenario) == ("resolve", 9, joelle)
    x = explorer()
    x.open_link(fragment)
    assert x.game == "flipology" and x.error.value == ""
    assert x.stepper.stepper.step == 9 and x.stepper.end() == 18
    assert x.stepper.stepper.event.rule == "fl.card.frog"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def listening(port: int) -> bool:
    with socket.socket() as s:
        return s.connect_ex(("127.0.0.1", port)) == 0


def start_app(tmp_path, *args, pool: int = 1):
    """The app as a user starts it, its output in tmp_path/app.log; returns (process, port) once
    it listens and its pre-started kernels run."""
    port = free_port()
    env = dict(
        os.environ,
        JUPYTER_RUNTIME_DIR=str(tmp_path / "runtime"),
        JUPYTER_DATA_DIR=str(tmp_path / "data"),
        JUPYTER_CONFIG_DIR=str(tmp_path / "config"),
        IPYTHONDIR=str(tmp_path / "ipython"),
    )
    log = open(tmp_path / "app.log", "w")
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "fliptoons_explore",
            "app",
            *args,
            "--port",
            str(port),
            "--no-browser",
            "--pool",
            str(pool),
        ],
        stdout=log,
        stderr=subprocess.STDOUT,
        env=env,
    )
    end = time.time() + 90
    while not listening(port) or len(kernels(proc)) < pool:
        assert proc.poll() is None, (tmp_path / "app.log").read_text()[-2000:]
        assert time.time() < end, "the app did not start in 90 s"
        time.sleep(0.2)
    return proc, port


def kernels(proc) -> list:
    """The app's kernel processes (one that has just ended, or is a zombie, left out)."""
    out = []
    try:
        children = psutil.Process(proc.pid).children(recursive=True)
    except psutil.Error:
        return out
    for p in children:
        try:
            if p.status() != psutil.STATUS_ZOMBIE and "ipykernel" in " ".join(p.cmdline()):
                out.append(p)
        except psutil.Error:
            pass
    return out


@pytest.mark.parametrize("how", ["SIGTERM", "SIGINT", "SIGHUP"])
def test_a_stop_signal_stops_the_server_and_every_kernel(tmp_path, how):
    """`kill PID`, Ctrl-C and a closed terminal: the command returns 0, the port is closed and
    no kernel it started runs any more."""
    proc, port = start_app(tmp_path)
    started = kernels(proc)
    assert started
    proc.send_signal(getattr(signal, how))
    try:
        assert proc.wait(30) == 0, (tmp_path / "app.log").read_text()[-3000:]
    finally:
        if proc.poll() is None:
            proc.kill()
    assert not listening(port)
    gone, alive = psutil.wait_procs(started, timeout=10)
    assert alive == []
    assert "Stopping on signal" in (tmp_path / "app.log").read_text()


def test_pages_beyond_the_warm_pool_start_their_own_kernels_and_the_pool_refills_after(tmp_path):
    """`app.server.warm_pool`: with one warm kernel (the log says the pool is filled once its
    explorer is built), three pages asked for at once all arrive with the explorer: one on the
    warm kernel, two on kernels of their own started at once (not behind the pool's refill);
    the pool then refills its one kernel; SIGTERM leaves no kernel."""
    from concurrent.futures import ThreadPoolExecutor
    from urllib.request import urlopen

    proc, port = start_app(tmp_path, pool=1)
    log = tmp_path / "app.log"
    try:
        end = time.time() + 90
        while "is filled with 1 kernel(s)" not in log.read_text():
            assert time.time() < end, "the pool's kernel did not build the explorer in 90 s"
            time.sleep(0.2)

        def page(_):
            with urlopen(f"http://127.0.0.1:{port}/", timeout=120) as r:
                return r.read()

        with ThreadPoolExecutor(3) as pool:
            pages = list(pool.map(page, range(3)))
        assert all(b"application/vnd.jupyter.widget-view+json" in p for p in pages)
        assert log.read_text().count("Using pre-heated kernel") == 1
        while len(kernels(proc)) < 4:  # the three pages' kernels and the refilled spare
            assert time.time() < end + 60, f"{len(kernels(proc))} kernels: the pool did not refill"
            time.sleep(0.5)
        started = kernels(proc)
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(30) == 0, log.read_text()[-3000:]
    finally:
        if proc.poll() is None:
            proc.kill()
    gone, alive = psutil.wait_procs(started, timeout=10)
    assert alive == [] and not listening(port)
