"""Run the command line in this process (`fliptoons_explore.cli.main.main`) with captured standard
streams: fast enough for hundreds of runs. An exception escaping `main` is kept, not raised."""

from __future__ import annotations

import io
import sys
import traceback
from contextlib import redirect_stderr, redirect_stdout
from dataclasses import dataclass

from fliptoons_explore.cli.main import main


@dataclass
class Run:
    code: int | None
    out: str
    err: str
    crash: str = ""  # the traceback of an exception that escaped main

    def contract_broken(self) -> str:
        """'' if this is a clean refusal (the command line's contract: exit 2, exactly one line on
        stderr, nothing on stdout, no traceback), else what is wrong."""
        if self.crash:
            return "traceback: " + self.crash.strip().splitlines()[-1]
        if "Traceback" in self.err:
            return "traceback on stderr"
        if self.code != 2:
            return f"exit code {self.code}"
        if self.out:
            return f"stdout not empty: {self.out[:80]!r}"
        if len(self.err.splitlines()) != 1 or not self.err.endswith("\n"):
            return f"not exactly one line on stderr: {self.err[:200]!r}"
        return ""


def run_cli(argv: list[str], stdin: bytes | None = None) -> Run:
    """main(argv) with stdout and stderr captured and `stdin` (bytes) as standard input."""
    out, err = io.StringIO(), io.StringIO()
    saved = sys.stdin
    sys.stdin = io.TextIOWrapper(io.BytesIO(stdin or b""), encoding="utf-8")
    code, crash = None, ""
    try:
        with redirect_stdout(out), redirect_stderr(err):
            code = main(argv)
    except SystemExit as e:  # argparse's own errors
        code = e.code if isinstance(e.code, int) else 1
    except BaseException:  # noqa: BLE001 - a crash is what the caller checks for
        crash = traceback.format_exc()
    finally:
        sys.stdin = saved
    return Run(code, out.getvalue(), err.getvalue(), crash)
