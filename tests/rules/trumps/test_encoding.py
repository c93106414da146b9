"""Trumps as numbers: action ids (every pass among them) and the view's vector."""

from __future__ import annotations

from math import comb

import pytest

from tests.rules.encoding_support import play_and_encode
from tricktable.rules.trumps import encoding
from tricktable.rules.trumps.moves import Pass


@pytest.mark.parametrize(("players", "options"), [(3, {"target": 8}), (6, {"teams": True, "target": 6})])
def test_every_legal_move_has_an_id_and_every_view_a_tensor(players: int, options: dict[str, object]) -> None:
    assert play_and_encode(encoding, "trumps", players, options, seed=4) > 0


def test_every_pass_of_the_right_size_has_an_id() -> None:
    four = encoding.all_moves(4, {})
    five = encoding.all_moves(5, {})
    assert len(four) == 52 + comb(52, 3) + 52 + 52 and len(five) == 52 + comb(52, 2) + 52 + 52
    assert four[52] == Pass(0b111) and str(four[52]) == "pass 4S 3S 2S"
