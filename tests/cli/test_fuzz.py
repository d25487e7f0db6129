"""A fuzz test of the command line's contract (docs/scenarios.md, What the commands print):
generated bad input for every subcommand (`fuzzing.case`) must give exit code 2, exactly one line on
stderr, nothing on stdout and no traceback. The runs are in-process (`inprocess.run_cli`); a handful
are real processes. A longer run: `python benchmarks/fuzz_long.py` (thousands of inputs, with
timings).
"""

from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest

from fliptoons_explore import ScenarioError, resolve
from fuzzing import BASES, COMMANDS, SCENARIO_COMMANDS, case
from inprocess import run_cli

PER_COMMAND = 250


@pytest.mark.parametrize("base", range(len(BASES)))
@pytest.mark.parametrize("command", SCENARIO_COMMANDS)
def test_the_bases_are_good(tmp_path, command, base):
    """The cases break good scenarios: each base resolves (so what fails is what was broken)."""
    run = run_cli([command, "-"], stdin=json.dumps(BASES[base]).encode())
    assert run.code == 0 and run.out and run.err == "", run


@pytest.mark.parametrize("command", COMMANDS)
def test_generated_bad_input_keeps_the_contract(tmp_path, command):
    rng = random.Random(f"fuzz {command}")
    broken = []
    for k in range(PER_COMMAND):
        c = case(command, rng, tmp_path)
        run = run_cli(c.argv, c.stdin)
        why = run.contract_broken()
        if why:
            broken.append(f"{k} {c.label}: {why} (argv {[a[:60] for a in c.argv]})")
    assert not broken, f"{len(broken)} of {PER_COMMAND} broke the contract:\n" + "\n".join(
        broken[:20]
    )


def test_generated_bad_scenarios_through_python(tmp_path):
    """The same scenarios given to the Python API as dicts: a ScenarioError of one printable
    line."""
    rng = random.Random("fuzz python")
    seen = 0
    for _ in range(PER_COMMAND):
        c = case("resolve", rng, tmp_path)
        if c.data is None:
            continue
        seen += 1
        with pytest.raises(ScenarioError) as info:
            resolve(c.data)
        message = str(info.value)
        assert "\n" not in message and message.isascii() and message.isprintable(), (
            c.label,
            message,
        )
    assert seen > PER_COMMAND // 2


@pytest.mark.parametrize("command", COMMANDS)
def test_generated_bad_input_in_a_real_process(tmp_path, command):
    rng = random.Random(f"process {command}")
    c = case(command, rng, tmp_path)
    done = subprocess.run(
        [sys.executable, "-m", "fliptoons_explore", *c.argv],
        input=c.stdin,
        capture_output=True,
        timeout=60,
    )
    err = done.stderr.decode("utf-8", "replace")
    assert done.returncode == 2 and done.stdout == b"" and "Traceback" not in err, (c.label, err)
    assert len(err.splitlines()) == 1 and err.startswith("fliptoons-explore"), (c.label, err)
