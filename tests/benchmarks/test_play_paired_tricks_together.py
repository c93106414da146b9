"""The paired card-play benchmark compares like with like: both copies of a round start from the same deal and
numbers, and a level's changed fields are the ones asked for."""

from __future__ import annotations

import pytest

from tricktable.bots.tricks_together.search import LEVELS

from benchmarks import play_paired_tricks_together as PAIRED


def test_a_level_takes_the_changed_fields_and_keeps_the_rest() -> None:
    level = PAIRED.parse_level("strong:solver_tricks=7,budget=0.5")
    assert level.solver_tricks == 7 and level.budget == 0.5
    assert level.play_worlds == LEVELS["strong"].play_worlds
    assert PAIRED.parse_level("easy") == LEVELS["easy"]


@pytest.mark.parametrize("text", ["strong:worlds=3", "strong:name=x", "strong:budget=fast", "nobody"])
def test_a_bad_level_is_refused_with_a_reason(text: str) -> None:
    with pytest.raises(SystemExit, match=r"no level|takes a number"):
        PAIRED.parse_level(text)


def test_the_same_level_on_both_copies_makes_the_same_rounds() -> None:
    # A budget no move reaches, so neither copy's search is cut short by the clock.
    level = "easy:budget=60.0"
    rounds = PAIRED.play_game((level, level, level, 4, 7, 2))
    assert rounds and all(cards >= 2 for cards, *_ in rounds)
    assert [made_a for _, made_a, *_ in rounds] == [made_b for _, _, made_b, *_ in rounds]
    assert all(times_a and len(times_a) == len(times_b) for *_, times_a, times_b in rounds)
