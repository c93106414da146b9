"""A playtest game's row: the generic facts from the protocol and each game's own metrics, checked against the
finished game they came from."""

from __future__ import annotations

from typing import Any

import pytest

from tricktable.core.records import from_record
from tricktable.lab.play import lead_changes, play_game, record_of
from tricktable.lab.spec import cells, make_spec


def played(game: str, players: int, index: int = 0, **options: Any) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    spec = make_spec(game, [players], options, games=index + 1, seed=100)
    grid, _ = cells(spec)
    return play_game(spec, grid[0], index)


def test_a_lead_change_is_a_new_side_alone_in_the_lead_and_a_tie_changes_nothing() -> None:
    assert lead_changes([[1, 0], [1, 1], [1, 2], [3, 2]], {0: 0, 1: 1}) == 2
    assert lead_changes([[0, 0], [2, 2]], {0: 0, 1: 1}) == 0
    # Partners share their side's total: the lead is the side's, never a partner's.
    assert lead_changes([[2, 1, 2, 1], [3, 4, 3, 4]], {0: 0, 1: 1, 2: 0, 3: 1}) == 1


@pytest.mark.parametrize(
    ("game", "players", "options"),
    [("tricks-together", 4, {}), ("tandem-trick", 3, {}), ("secret-trumps", 3, {}), ("trumps", 4, {"teams": True})],
)
def test_a_row_replays_from_its_seed_and_moves_to_the_same_result(game: str, players: int, options: Any) -> None:
    row, _ = played(game, players, **options)
    replayed = from_record(record_of(row, game))
    result = replayed.result()
    assert result is not None
    assert [float(s) for s in result["scores"]] == row["scores"]
    assert list(result["winners"]) == row["winners"]
    assert len(replayed.history) == row["moves"] >= row["choices"] > 0


def test_winner_positions_count_from_the_seat_that_moved_first() -> None:
    row, _ = played("tandem-trick", 4)
    assert row["winner_positions"] == sorted((w - row["first_seat"]) % 4 for w in row["winners"])


def test_tricks_together_rows_follow_the_score_sheet_and_its_lives() -> None:
    for index in range(3):
        row, rounds = played("tricks-together", 5, index)
        assert row["rounds"] == len(rounds)
        assert row["rounds_failed"] == sum(not r["success"] for r in rounds)
        assert row["won"] == bool(row["winners"])
        if not row["won"]:
            assert row["rounds_failed"] == 4  # three lives, then the failure with none left
        assert rounds[0]["lives_before"] == 3
        assert all(r["reason"] == "made" for r in rounds if r["success"])
        assert all(r["reason"] in ("numbers over the cards", "a trick too many", "missed at the end")
                   for r in rounds if not r["success"])  # fmt: skip


def test_tandem_trick_bids_are_hit_exactly_when_the_tricks_match_and_are_ordered_once_each() -> None:
    for index in range(3):
        row, rounds = played("tandem-trick", 4, index)
        for r in rounds:
            assert r["hit"] == [b == t for b, t in zip(r["bids"], r["tricks"])]
            assert sorted(r["order"]) == [1, 2, 3, 4]
            assert r["misere_hits"] == sum(1 for b, h in zip(r["bids"], r["hit"]) if h and b == 0)
        assert row["misere_bids"] == sum(r["bids"].count(0) for r in rounds)
        assert row["misere_decides"] == any(row["scores"][w] >= 1_000_000 for w in row["winners"])


def test_secret_trumps_hints_only_ever_narrow_the_trumps_down() -> None:
    _, rounds = played("secret-trumps", 4)
    for r in rounds:
        left = r["hypotheses_left"]
        assert len(left) == 9
        assert all(a >= b >= 1 for a, b in zip(left, left[1:]))  # the true trumps always stay possible
        assert left[0] <= 50
        assert r["met"][r["start"]] is None and r["chosen"][r["start"]] is None


def test_trumps_declarations_fall_inside_the_hand_and_totals_are_the_sides() -> None:
    row, hands = played("trumps", 4, teams=True)
    for h in hands:
        assert len(h["declared"]) == 2
        assert all(d is None or 1 <= d <= h["tricks_in_hand"] for d in h["declared"])
        assert h["totals"][0] == h["totals"][2] and h["totals"][1] == h["totals"][3]
    assert hands[-1]["totals"] == row["scores"]
    assert row["teams"] is True
    assert row["ruffs"] == sum(h["ruffs"] for h in hands)
