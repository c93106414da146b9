"""The team benchmark plays whole games with a team-mate level (fields changed if asked) or any other bot kind."""

from __future__ import annotations

from pathlib import Path

import pytest

from benchmarks import team_tricks_together as TEAM


@pytest.mark.parametrize("level", ["easy:budget=60.0,table_numbers=0", "heuristic"])
def test_a_game_is_played_to_its_end_with_every_round_counted(level: str) -> None:
    game = TEAM.play_game((level, 3, 5, False, None))
    assert game["rounds"] and len(game["times"]) == game["moves"]
    assert all(1 <= cards <= 7 for cards, _, _ in game["rounds"])
    # A won game made round 7; a lost one failed four times (3 lives).
    failures = sum(not made for _, _, made in game["rounds"])
    assert (game["won"] and game["rounds"][-1][0] == 7) or (not game["won"] and failures == 4)


def test_an_outsider_plays_one_seat_and_only_the_team_mates_are_timed() -> None:
    game = TEAM.play_game(("easy:budget=60.0", 3, 4, False, "random"))
    # Seat 4 % 3 = 1 is the outsider's: it plays about a third of the moves, none of them timed.
    assert game["moves"] / 3 - 8 <= game["moves"] - len(game["times"]) <= game["moves"] / 3 + 8
    assert (game["won"] and game["rounds"][-1][0] == 7) or sum(not made for _, _, made in game["rounds"]) == 4


def test_games_won_follows_from_the_rates_of_rounds_made() -> None:
    assert TEAM.games_won([1.0] * 7) == pytest.approx(1.0)
    assert TEAM.games_won([0.0] * 7) == 0.0
    # One round at p with 3 lives: made within 4 tries.
    assert TEAM.games_won([0.4]) == pytest.approx(1 - 0.6**4)
    assert TEAM.games_won([0.4], lives=0) == pytest.approx(0.4)
    # Two rounds at 1/2 with 1 life: 0 or 1 failure in all, (1/2)^2 + 2 (1/2)^3.
    assert TEAM.games_won([0.5, 0.5], lives=1) == pytest.approx(0.25 + 0.25)
    assert TEAM.games_won([0.9] * 7) > TEAM.games_won([0.8] * 7)


def test_a_run_with_a_log_plays_only_the_games_not_yet_in_it(tmp_path: Path) -> None:
    log = tmp_path / "games.jsonl"
    settings = {"level": "heuristic", "players": 3, "secret": False, "outsider": None}
    first = TEAM.play_all(settings, [11, 12], 1, log)
    assert len(log.read_text().splitlines()) == 2
    # Started again with one game more: the two logged games are read back as they were, one more is played.
    again = TEAM.play_all(settings, [11, 12, 13], 1, log)
    assert len(log.read_text().splitlines()) == 3
    assert again[:2] == first and again[2]["rounds"]
    # A log of other settings is refused, not mixed in.
    with pytest.raises(SystemExit, match="not"):
        TEAM.play_all({**settings, "players": 4}, [11, 12, 13], 1, log)
