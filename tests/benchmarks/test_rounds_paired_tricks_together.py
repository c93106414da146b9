"""The paired rounds benchmark plays each deal once per level, from the first number to the last card."""

from __future__ import annotations

from benchmarks import rounds_paired_tricks_together as ROUNDS
from benchmarks.play_paired_tricks_together import SHIPPED


def test_the_same_level_makes_the_same_rounds_and_a_different_level_can_differ() -> None:
    # A budget no move reaches, so neither team's search is cut short by the clock.
    same = [
        ROUNDS.play_round(("easy:budget=60.0", "easy:budget=60.0", 4, 2, seed, False, None, SHIPPED))
        for seed in range(12)
    ]
    assert all(a == b for a, b in same)
    assert any(a for a, _ in same) and not all(a for a, _ in same)
    # The table's numbers against searched ones: some deal comes out differently.
    mixed = [
        ROUNDS.play_round(("easy:budget=60.0,table_numbers=0", "easy:budget=60.0", 4, 2, seed, secret, None, SHIPPED))
        for seed in range(12)
        for secret in (False, True)
    ]
    assert any(a != b for a, b in mixed)


def test_with_a_numbers_level_both_teams_play_the_same_numbers() -> None:
    same = [
        ROUNDS.play_round(("easy:budget=60.0", "easy:budget=60.0", 4, 3, seed, False, "easy", SHIPPED))
        for seed in range(10)
    ]
    played = [r for r in same if r is not None]
    assert played and all(a == b for a, b in played)  # the same level, the same numbers: the same play
    # Reading hidden numbers another way changes the play of some deal, never the numbers both teams play.
    mixed = [
        ROUNDS.play_round(
            ("easy:budget=60.0,model_numbers=0", "easy:budget=60.0,model_numbers=6", 4, 6, seed, True, "easy", SHIPPED)
        )
        for seed in range(12)
    ]
    assert any(r is not None and r[0] != r[1] for r in mixed)
