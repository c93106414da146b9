"""The paired rounds benchmark plays each deal once per level, from the first number to the last card."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from tricktable.bots.tricks_together.search import TeamMate

from benchmarks import rounds_paired_tricks_together as ROUNDS
from benchmarks.play_paired_tricks_together import SHIPPED

ALONE: ROUNDS.Outsider = (None, False)  # no outsider at the table
EASY = "easy:budget=60.0"  # a budget no move reaches, so that no search is cut short by the clock


def test_the_same_level_makes_the_same_rounds_and_a_different_level_can_differ() -> None:
    # A budget no move reaches, so neither team's search is cut short by the clock.
    same = [
        ROUNDS.play_round(("easy:budget=60.0", "easy:budget=60.0", 4, 2, seed, False, None, SHIPPED, ALONE))
        for seed in range(12)
    ]
    assert all(a == b for a, b in same)
    assert any(a for a, _ in same) and not all(a for a, _ in same)
    # The table's numbers against searched ones: some deal comes out differently.
    mixed = [
        ROUNDS.play_round(
            ("easy:budget=60.0,table_numbers=0", "easy:budget=60.0", 4, 2, seed, secret, None, SHIPPED, ALONE)
        )
        for seed in range(12)
        for secret in (False, True)
    ]
    assert any(a != b for a, b in mixed)


def test_with_a_numbers_level_both_teams_play_the_same_numbers() -> None:
    same = [
        ROUNDS.play_round(("easy:budget=60.0", "easy:budget=60.0", 4, 3, seed, False, "easy", SHIPPED, ALONE))
        for seed in range(10)
    ]
    played = [r for r in same if r is not None]
    assert played and all(a == b for a, b in played)  # the same level, the same numbers: the same play
    # Reading hidden numbers another way changes the play of some deal, never the numbers both teams play.
    mixed = [
        ROUNDS.play_round(
            (
                "easy:budget=60.0,model_numbers=0",
                "easy:budget=60.0,model_numbers=6",
                4,
                6,
                seed,
                True,
                "easy",
                SHIPPED,
                ALONE,
            )
        )
        for seed in range(12)
    ]
    assert any(r is not None and r[0] != r[1] for r in mixed)


def test_an_outsider_sits_at_both_tables_and_only_team_b_is_told() -> None:
    bots: dict[int, object] = dict(ROUNDS.team(ROUNDS.parse_level("easy"), 4, 6))
    ROUNDS.seat_outsider(bots, "heuristic", 6, told=True)
    assert not isinstance(bots[2], TeamMate)  # seed 6 at 4 players: seat 6 % 4
    assert all(bots[s].outsiders == frozenset({2}) for s in (0, 1, 3))  # type: ignore[attr-defined]
    rounds = [
        ROUNDS.play_round(
            ("easy:budget=60.0", "easy:budget=60.0", 4, 3, seed, False, None, SHIPPED, ("heuristic", told))
        )
        for seed in range(10)
        for told in (False, True)
    ]
    # Not told, the two teams are the same and play alike, the outsider among them.
    assert all(r is not None and r[0] == r[1] for r in rounds[::2])


def test_the_paired_rounds_resume_from_their_log(tmp_path: Path) -> None:
    log = tmp_path / "rounds.jsonl"
    command = [
        sys.executable, "-m", "benchmarks.rounds_paired_tricks_together", "--a", "easy:budget=60.0", "--b",
        "easy:budget=60.0,table_numbers=0", "--cards", "2", "--seed", "40", "--workers", "1", "--log", str(log),
    ]  # fmt: skip
    root = Path(__file__).resolve().parents[2]
    first = subprocess.run([*command, "--rounds", "3"], cwd=root, capture_output=True, text=True, check=True)
    assert len(log.read_text().splitlines()) == 3
    again = subprocess.run([*command, "--rounds", "4"], cwd=root, capture_output=True, text=True, check=True)
    assert "3 read from" in again.stdout and len(log.read_text().splitlines()) == 4
    keys = sorted(json.loads(line)["key"] for line in log.read_text().splitlines())
    assert keys == [[2, 40], [2, 41], [2, 42], [2, 43]]  # (size, seed): each round once
    assert "2 " in first.stdout.splitlines()[-1]  # the size's row is printed
    other = subprocess.run([*command[:-2], "--players", "3", "--log", str(log), "--rounds", "4"], cwd=root,
                           capture_output=True, text=True)  # fmt: skip
    assert other.returncode != 0 and "was played with" in other.stderr
