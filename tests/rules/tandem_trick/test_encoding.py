"""Tandem Trick as numbers: action ids and the view's vector."""

from __future__ import annotations

import pytest

from tests.rules.encoding_support import play_and_encode
from tricktable.rules.tandem_trick import encoding
from tricktable.rules.tandem_trick.moves import BID, PLAY, TANDEM


@pytest.mark.parametrize(("players", "options"), [(3, {"target": 10}), (4, {"misere_bonus": False, "target": 10})])
def test_every_legal_move_has_an_id_and_every_view_a_tensor(players: int, options: dict[str, object]) -> None:
    assert play_and_encode(encoding, "tandem-trick", players, options, seed=3) > 0


def test_ids_are_plays_then_bids_then_tandems_of_the_deck_in_play() -> None:
    three = encoding.all_moves(3, {})
    assert three == (*PLAY[:36], *BID[:36], *TANDEM[:36])
    assert len(encoding.all_moves(4, {})) == 3 * 48
