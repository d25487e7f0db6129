"""The statistics of seeded experiments, tournaments and advice: a proportion's Wilson interval,
a mean's normal-approximation interval, a table of rates by group, and the DataFrame the rows
go into (pandas imported when first needed: importing it takes a while).

    >>> from fliptoons_explore.analysis.experiments.stats import wilson, mean_interval
    >>> wilson(5, 10)                      # 5 wins in 10 games: (0.2366..., 0.7634...)
    >>> mean_interval([1, 2, 3, 4])        # (2.5, 1.2348..., 3.7651...)
"""

from __future__ import annotations

import math
from statistics import NormalDist

__all__ = ["Z95", "wilson", "mean_interval", "rate_table", "pandas", "frame"]

#: The normal quantile of a two-sided 95% interval.
Z95 = NormalDist().inv_cdf(0.975)


def wilson(k, n, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion k/n (95% by default); (nan, nan) for n = 0."""
    if not n:
        return math.nan, math.nan
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (0.0 if k == 0 else max(0.0, centre - half)), (
        1.0 if k == n else min(1.0, centre + half)
    )


def mean_interval(values, z: float = Z95) -> tuple[float, float, float]:
    """(mean, low, high): a mean and its normal-approximation 95% interval."""
    values = list(values)
    n = len(values)
    if not n:
        return math.nan, math.nan, math.nan
    mean = sum(values) / n
    if n == 1:
        return mean, math.nan, math.nan
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1))
    return mean, mean - z * sd / math.sqrt(n), mean + z * sd / math.sqrt(n)


def rate_table(df, by: list[str], hit: str = "won"):
    """Games, hits (the rows whose `hit` column is true), their rate and its Wilson interval, one
    row per group of `by`, in the order the groups first appear."""
    pd = pandas()
    rows = []
    for key, group in df.groupby(by, sort=False, dropna=False):
        key = key if isinstance(key, tuple) else (key,)
        k, n = int(group[hit].sum()), len(group)
        low, high = wilson(k, n)
        rows.append(
            {**dict(zip(by, key)), "games": n, hit: k, "rate": k / n, "low": low, "high": high}
        )
    return pd.DataFrame(rows)


def pandas():
    """The pandas module, imported on first use."""
    import pandas

    return pandas


def frame(rows):
    """A DataFrame of `rows` (dicts, one per row; any iterable)."""
    return pandas().DataFrame(list(rows))
