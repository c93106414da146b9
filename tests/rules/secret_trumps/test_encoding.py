"""Secret Trumps as numbers: action ids and the view's vector."""

from __future__ import annotations

import pytest

from tests.rules.encoding_support import play_and_encode
from tricktable.rules.secret_trumps import encoding
from tricktable.rules.secret_trumps.moves import PICK, PLAY


@pytest.mark.parametrize(("players", "options"), [(3, {"second_deck": False}), (4, {"five_goals": True})])
def test_every_legal_move_has_an_id_and_every_view_a_tensor(players: int, options: dict[str, bool]) -> None:
    assert play_and_encode(encoding, "secret-trumps", players, options, seed=2) > 0


def test_ids_are_the_goal_moves_then_picks_then_plays() -> None:
    moves = encoding.all_moves(4, {})
    assert [str(m) for m in moves[:2]] == ["goal no-tricks", "goal exactly-1"]
    assert str(moves[11]) == "choose no-tricks" and str(moves[22]) == "cross no-tricks"
    assert moves[33:] == (*PICK, *PLAY)
