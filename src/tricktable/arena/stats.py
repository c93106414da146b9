"""The statistics of matches and playtests: intervals for rates and means, and a paired test.

Small, dependency-free and tested against known values (``tests/arena/test_stats.py``): a Wilson score
interval for a proportion, a normal interval for a mean, and a paired comparison (the mean difference with its
interval, a two-sided p-value from the normal approximation, and an exact sign test); for playtests also the
balance of seats (a chi-square test of an even split of the wins) and Holm's adjustment for testing several
differences at once.
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


def chi_square_sf(statistic: float, df: int) -> float:
    """P(X >= statistic) for a chi-square variable with ``df`` degrees of freedom (a whole number, at least 1).

    The closed forms of the regularised upper gamma function at half-integers: a finite sum of Poisson terms
    for an even ``df``, and the same with the normal tail in front for an odd one."""
    if df < 1:
        raise ValueError(f"a chi-square test needs at least 1 degree of freedom, not {df}")
    if statistic <= 0:
        return 1.0
    half = statistic / 2
    if df % 2 == 0:
        term = math.exp(-half)
        total = term
        for k in range(1, df // 2):
            term *= half / k
            total += term
        return min(1.0, total)
    root = math.sqrt(statistic)
    total = math.erfc(root / math.sqrt(2))
    term = root * math.exp(-half) / math.sqrt(math.pi / 2)  # the k = 1 term: sqrt(2x/pi) e^(-x/2)
    for k in range(1, (df + 1) // 2):
        total += term
        term *= statistic / (2 * k + 1)
    return min(1.0, total)


@dataclass(frozen=True)
class Balance:
    """How evenly wins fall on the seats: the chi-square test of "every seat wins as often" and the spread."""

    rates: tuple[float, ...]  #: each seat's share of the wins
    statistic: float
    df: int
    p_value: float  #: small: the seats are not equal
    spread: float  #: the best seat's share minus the worst seat's
    ratio: float  #: the worst seat's share over the best seat's (1 is perfectly even)


def balance(wins: Sequence[float]) -> Balance:
    """Test the seats' wins (win units per seat, summing to the games won) against an even split."""
    seats = len(wins)
    total = float(sum(wins))
    if seats < 2 or total <= 0:
        even = tuple(1.0 / max(1, seats) for _ in wins)
        return Balance(even, 0.0, max(1, seats - 1), 1.0, 0.0, 1.0)
    expected = total / seats
    statistic = sum((w - expected) ** 2 / expected for w in wins)
    rates = tuple(w / total for w in wins)
    best, worst = max(rates), min(rates)
    return Balance(rates, statistic, seats - 1, chi_square_sf(statistic, seats - 1), best - worst, worst / best)


def holm(p_values: Sequence[float]) -> list[float]:
    """Holm's step-down adjustment for testing several differences at once (same order as given): a
    difference is significant at level a when its adjusted p-value is below a."""
    order = sorted(range(len(p_values)), key=lambda i: p_values[i])
    adjusted = [0.0] * len(p_values)
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (len(p_values) - rank) * p_values[i]))
        adjusted[i] = running
    return adjusted
