"""The statistics against values worked out by hand or taken from standard tables."""

from __future__ import annotations

import math

import pytest

from tricktable.arena.stats import balance, chi_square_sf, holm, mean_interval, paired, sign_test, wilson


def test_wilson_interval_of_8_in_10_matches_the_textbook_value() -> None:
    low, high = wilson(8, 10)
    assert low == pytest.approx(0.4902, abs=1e-4)
    assert high == pytest.approx(0.9433, abs=1e-4)


def test_wilson_interval_of_0_in_20_starts_at_zero_and_is_not_empty() -> None:
    low, high = wilson(0, 20)
    assert low == 0.0
    assert high == pytest.approx(0.1611, abs=1e-4)


def test_wilson_interval_without_trials_is_everything() -> None:
    assert wilson(0, 0) == (0.0, 1.0)


def test_mean_interval_uses_the_sample_standard_deviation() -> None:
    mean, low, high = mean_interval([1.0, 2.0, 3.0, 4.0])
    half = 1.959963984540054 * math.sqrt((5 / 3) / 4)
    assert (mean, low, high) == pytest.approx((2.5, 2.5 - half, 2.5 + half))


def test_sign_test_of_9_against_1_is_the_binomial_tail_doubled() -> None:
    assert sign_test(9, 1) == pytest.approx(2 * 11 / 1024)
    assert sign_test(5, 5) == 1.0


def test_paired_comparison_counts_better_and_worse_and_tests_the_mean() -> None:
    result = paired([1, 0, 1, 1, -1, 0, 1, 1])
    assert (result.n, result.better, result.worse) == (8, 5, 1)
    assert result.mean == pytest.approx(0.5)
    sd = math.sqrt(sum((d - 0.5) ** 2 for d in [1, 0, 1, 1, -1, 0, 1, 1]) / 7)
    assert result.p_value == pytest.approx(math.erfc(0.5 / (sd / math.sqrt(8)) / math.sqrt(2)))
    assert result.sign_p == pytest.approx(2 * 7 / 64)


@pytest.mark.parametrize(
    ("statistic", "df", "expected"),
    [
        (3.841458820694124, 1, 0.05),
        (5.991464547107979, 2, 0.05),
        (7.814727903251178, 3, 0.05),
        (9.487729036781154, 4, 0.05),
        (11.070497693516351, 5, 0.05),
        (6.634896601021214, 1, 0.01),
        (20.090235029663233, 8, 0.01),
        (2.0, 2, math.exp(-1.0)),
    ],
)
def test_chi_square_tail_matches_the_tables(statistic: float, df: int, expected: float) -> None:
    assert chi_square_sf(statistic, df) == pytest.approx(expected, rel=1e-9)


def test_chi_square_tail_of_zero_is_one_and_needs_a_degree_of_freedom() -> None:
    assert chi_square_sf(0.0, 3) == 1.0
    with pytest.raises(ValueError, match="degree of freedom"):
        chi_square_sf(1.0, 0)


def test_balance_of_an_even_split_is_perfect() -> None:
    result = balance([25, 25, 25, 25])
    assert (result.statistic, result.p_value, result.spread, result.ratio) == (0.0, 1.0, 0.0, 1.0)


def test_balance_of_a_lopsided_split_is_a_significant_chi_square() -> None:
    # 60 against 40 wins: (10^2 + 10^2) / 50 = 4 on 1 degree of freedom, p = 0.0455.
    result = balance([60, 40])
    assert result.statistic == pytest.approx(4.0)
    assert result.df == 1
    assert result.p_value == pytest.approx(0.0455003, abs=1e-6)
    assert result.rates == pytest.approx((0.6, 0.4))
    assert result.spread == pytest.approx(0.2)
    assert result.ratio == pytest.approx(0.4 / 0.6)


def test_holm_multiplies_the_smallest_p_value_by_the_number_of_tests_and_keeps_the_order() -> None:
    assert holm([0.01, 0.04, 0.03]) == pytest.approx([0.03, 0.06, 0.06])
    assert holm([0.5, 0.9]) == pytest.approx([1.0, 1.0])
    assert holm([]) == []
