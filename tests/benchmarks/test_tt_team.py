"""The team benchmark plays whole games with a team-mate level (fields changed if asked) or any other bot kind."""

from __future__ import annotations

import pytest

from ..scripts import load_script

TEAM = load_script("benchmarks", "tt_team")


@pytest.mark.parametrize("level", ["easy:budget=60.0,table_numbers=0", "heuristic"])
def test_a_game_is_played_to_its_end_with_every_round_counted(level: str) -> None:
    game = TEAM.play_game((level, 3, 5, False))
    assert game["rounds"] and game["times"]
    assert all(1 <= cards <= 7 for cards, _, _ in game["rounds"])
    # A won game made round 7; a lost one failed four times (3 lives).
    failures = sum(not made for _, _, made in game["rounds"])
    assert (game["won"] and game["rounds"][-1][0] == 7) or (not game["won"] and failures == 4)
