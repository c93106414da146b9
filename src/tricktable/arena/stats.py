"""The statistics of matches and playtests: intervals for rates and means, and a paired test.

Small, dependency-free and tested against known values (``tests/arena/test_stats.py``): a Wilson score
interval for a proportion, a normal interval for a mean, and a paired comparison (the mean difference with its
interval, a two-sided p-value from the normal approximation, and an exact sign test).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

Z95 = 1.959963984540054


def wilson(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion (95% by default); ``(0, 1)`` with no trials."""
    if trials <= 0:
        return 0.0, 1.0
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def mean_interval(values: Sequence[float], z: float = Z95) -> tuple[float, float, float]:
    """The mean and its normal 95% interval: ``(mean, low, high)``."""
    n = len(values)
    if n == 0:
        return 0.0, 0.0, 0.0
    mean = sum(values) / n
    if n == 1:
        return mean, mean, mean
    variance = sum((v - mean) ** 2 for v in values) / (n - 1)
    half = z * math.sqrt(variance / n)
    return mean, mean - half, mean + half


def normal_two_sided(z: float) -> float:
    """P(|Z| >= |z|) for a standard normal Z."""
    return math.erfc(abs(z) / math.sqrt(2))


def sign_test(positive: int, negative: int) -> float:
    """Exact two-sided sign test: the chance of a split at least this uneven if both signs were equally likely."""
    n = positive + negative
    if n == 0:
        return 1.0
    k = min(positive, negative)
    tail = sum(math.comb(n, i) for i in range(k + 1)) / 2**n
    return min(1.0, 2 * tail)


@dataclass(frozen=True)
class Paired:
    """A paired comparison of two players over the same deals."""

    n: int
    mean: float  #: mean difference (first minus second)
    low: float
    high: float
    p_value: float  #: two-sided, normal approximation to the mean difference
    sign_p: float  #: two-sided exact sign test on the deals that differ
    better: int  #: deals where the first did better
    worse: int


def paired(differences: Sequence[float]) -> Paired:
    """Compare two players from their per-deal differences (first minus second)."""
    mean, low, high = mean_interval(differences)
    n = len(differences)
    if n > 1:
        sd = math.sqrt(sum((d - mean) ** 2 for d in differences) / (n - 1))
        p = normal_two_sided(mean / (sd / math.sqrt(n))) if sd > 0 else (1.0 if mean == 0 else 0.0)
    else:
        p = 1.0
    better = sum(1 for d in differences if d > 0)
    worse = sum(1 for d in differences if d < 0)
    return Paired(n, mean, low, high, p, sign_test(better, worse), better, worse)
