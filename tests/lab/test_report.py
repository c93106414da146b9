"""The report's judgement of variants and seats, on rows whose statistics are known."""

from __future__ import annotations

from typing import Any

import pytest

from tricktable.lab.games.base import Measure
from tricktable.lab.report.data import LabData, paired_by_seed
from tricktable.lab.report.generic import COMPETITIVE_MEASURES, comparison, seats
from tricktable.lab.report.model import p_text
from tricktable.lab.spec import Cell, make_spec

WON = Measure("seat 1 wins", lambda r: float(0 in r["winner_positions"]), percent=True)
SEAT_1 = next(m for m in COMPETITIVE_MEASURES if m.label == "seat 1 wins")


def row(cell: int, seed: int, positions: list[int]) -> dict[str, Any]:
    return {"cell": cell, "game_index": seed, "seed": seed, "winner_positions": positions, "winners": positions,
            "players": 2}  # fmt: skip


def two_variants(first: list[list[int]], second: list[list[int]]) -> LabData:
    spec = make_spec("trumps", [3], compare="teams=false,true", games=len(first))
    grid = [Cell(0, 2, "teams=off", {}), Cell(1, 2, "teams=on", {})]
    games = [row(0, s, p) for s, p in enumerate(first)] + [row(1, s, p) for s, p in enumerate(second)]
    return LabData(spec, grid, [], games, [])


def test_variants_are_paired_by_seed_whatever_the_order_of_the_rows() -> None:
    first = [row(0, s, [0]) for s in range(4)]
    second = [row(1, s, [0] if s == 2 else [1]) for s in reversed(range(4))]
    result = paired_by_seed(first, second, WON.value)
    assert result is not None
    assert (result.n, result.better, result.worse) == (4, 0, 3)


def test_a_yes_no_difference_in_9_of_10_twins_is_significant_by_the_sign_test() -> None:
    data = two_variants([[1]] * 10, [[0]] * 9 + [[1]])
    section = comparison(data, [WON])
    [line] = section.blocks[1].rows  # type: ignore[union-attr]
    # 9 twins better, 1 tied: the sign test's p is 2 / 2^9, and with one test Holm leaves it alone.
    assert line[6] == p_text(2 / 2**9) and line[7] == p_text(2 / 2**9) and line[8] == "yes"
    assert "significant" in section.findings[0] and "+90.0 percentage points" in section.findings[0]


def test_a_difference_in_3_of_10_twins_is_not_called_significant() -> None:
    data = two_variants([[1]] * 10, [[0]] * 3 + [[1]] * 7)
    section = comparison(data, [WON])
    assert section.blocks[1].rows[0][8] == "no"  # type: ignore[union-attr]
    assert section.findings == ["No difference between the values of teams is significant."]


def test_a_seat_winning_every_game_makes_the_table_uneven() -> None:
    data = two_variants([[0]] * 20, [[0], [1]] * 10)
    section = seats(data)
    assert "the seats are uneven" in section.findings[0]
    assert "even within chance" in section.findings[1]
    assert section.findings[0].startswith("With 2 players, teams=off seat 1 wins 100.0%")


@pytest.mark.parametrize(("p", "text"), [(0.5, "0.5"), (0.012345, "0.0123"), (3e-9, "< 0.0001")])
def test_p_values_are_shown_to_three_figures_and_never_below_one_in_ten_thousand(p: float, text: str) -> None:
    assert p_text(p) == text



def test_a_shared_win_is_judged_by_its_mean_not_by_the_sign_of_each_twin() -> None:
    # Seat 1 wins one game in four alone, or half of two games in four with a partner: the same mean, but more
    # twins gain than lose.  The sign test would call that a difference; the mean difference is exactly 0.
    data = two_variants([[0], [1], [2], [3]] * 40, [[1, 3], [0, 2], [0, 2], [1, 3]] * 40)
    section = comparison(data, [SEAT_1])
    row = section.blocks[1].rows[0]  # type: ignore[union-attr]
    assert float(row[6].lstrip("< ")) < 0.001  # the sign test: 80 twins better, 40 worse
    assert (row[5], row[7], row[8]) == ("1", "1", "no")
