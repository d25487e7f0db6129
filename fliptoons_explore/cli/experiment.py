"""The command line's `experiment` command: its arguments checked and turned into a run of
`analysis.experiments`, and the text (or JSON) it prints.

    fliptoons-explore experiment NAME [--games N] [--jobs J] [--seed S] [--set NAME=VALUE]
        [--json | --csv FILE] [--plot FILE.png]
    fliptoons-explore experiment --list
"""

from __future__ import annotations

import json
import textwrap

from ..analysis.experiments import EXPERIMENTS, experiment, params_text, plot, run, summary
from ..limits import quote

__all__ = ["experiment_command", "settings", "listing"]


def _parse_value(name: str, text: str, default):
    if isinstance(default, tuple):
        sample = default[0] if default else ""
        return tuple(
            _parse_value(name, part.strip(), sample) for part in text.split(",") if part.strip()
        )
    if isinstance(default, bool):
        if text.lower() not in ("true", "false"):
            raise ValueError(f"--set {name}: expected true or false, got {quote(text)}")
        return text.lower() == "true"
    if isinstance(default, int):
        try:
            return int(text)
        except ValueError:
            raise ValueError(f"--set {name}: expected a whole number, got {quote(text)}") from None
    if isinstance(default, dict):
        try:
            value = json.loads(text)
        except ValueError:
            value = None
        if not isinstance(value, dict):
            raise ValueError(
                f'--set {name}: expected a JSON object such as {{"cow_copies": "total"}}, got '
                f"{quote(text)}"
            )
        return value
    return text


def settings(name: str, pairs: list[str]) -> dict:
    """`--set NAME=VALUE` pairs as an experiment's parameters (ValueError naming a wrong one)."""
    e = experiment(name)
    out = {}
    for pair in pairs:
        key, sep, text = pair.partition("=")
        key = key.strip()
        if not sep:
            raise ValueError(f"--set: expected NAME=VALUE, got {quote(pair)}")
        if key not in e.params:
            raise ValueError(
                f"--set {key}: not a parameter of {name} (its parameters: {', '.join(e.params)})"
            )
        out[key] = _parse_value(key, text.strip(), e.params[key])
    return out


def listing() -> str:
    """`experiment --list`: each built-in experiment, its question, default games and parameters."""
    lines = []
    for e in EXPERIMENTS.values():
        lines.append(f"{e.name:<18} {e.question}")
        lines.append(
            f"{'':<18} {e.games} {e.unit}s per cell by default; --set {params_text(e.name)}"
        )
    return "\n".join(lines)


def _write_atomically(path: str, write) -> None:
    """Write a file whole or not at all (a temporary file beside it, then renamed)."""
    import os
    import tempfile

    folder = os.path.dirname(os.path.abspath(path))
    handle, temp = tempfile.mkstemp(
        dir=folder, prefix=".experiment-", suffix=os.path.splitext(path)[1]
    )
    os.close(handle)
    try:
        write(temp)
        os.replace(temp, path)
    except BaseException:
        if os.path.exists(temp):
            os.remove(temp)
        raise


def experiment_command(args) -> str:
    """`fliptoons-explore experiment NAME [--games N] [--jobs J] [--seed S] [--set NAME=VALUE]
    [--json | --csv FILE] [--plot FILE.png]`, and `experiment --list`."""
    if args.list:
        return listing()
    if args.name is None:
        raise ValueError(f"experiment: give a NAME ({', '.join(EXPERIMENTS)}) or --list")
    e = experiment(args.name)
    params = settings(e.name, args.set)
    df = run(
        e.name, args.games, args.seed, args.jobs, progress=False if args.json else None, **params
    )
    table = summary(df)
    more = [(title, make(df)) for title, make in e.more]
    try:
        if args.csv:
            _write_atomically(args.csv, lambda path: df.to_csv(path, index=False))
        if args.plot:
            fig = plot(df)
            _write_atomically(args.plot, lambda path: fig.savefig(path, format="png", dpi=100))
    except OSError as error:
        raise ValueError(
            f"{error.filename or 'file'}: cannot write it ({error.strerror})"
        ) from None
    if args.json:
        return json.dumps(
            {
                "experiment": e.name,
                "question": e.question,
                "reading": e.reading,
                "games": df.attrs["games"],
                "seed": args.seed,
                "params": df.attrs["params"],
                "summary": json.loads(table.to_json(orient="records")),
                **{title: json.loads(t.to_json(orient="records")) for title, t in more},
                "rows": json.loads(df.to_json(orient="records")),
            },
            indent=1,
        )
    lines = [
        f"{e.name}: {e.question}",
        f"{df.attrs['games']} {e.unit}s per cell from seed {args.seed}: {len(df):,} rows"
        + (f", written to {args.csv}" if args.csv else "")
        + (f"; the plot in {args.plot}" if args.plot else ""),
        *textwrap.wrap(_played_by(df.attrs["params"]) + e.reading, 100),
        table.to_string(index=False, float_format=_three),
    ]
    for title, t in more:
        lines += [f"{title}:", t.to_string(index=False, float_format=_three)]
    return "\n".join(lines)


def _three(v) -> str:
    return f"{v:.3f}"


def _played_by(params: dict) -> str:
    """Who played the games, in words ('' when no policy is a parameter)."""
    names = params.get("policy", params.get("policies"))
    if names is None:
        return ""
    names = ",".join(names) if isinstance(names, list) else names
    if names == "default":
        return "Played by the simple bot (policy 'default'). "
    bot = "; 'default' is the simple bot" if "default" in names.split(",") else ""
    return f"Played by policies {names}{bot}. "
