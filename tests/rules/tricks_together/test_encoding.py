"""Tricks Together as numbers: action ids, the view's vector, the longest game and the team's utility."""

from __future__ import annotations

import pytest

from tests.rules.encoding_support import encode, play_and_encode
from tricktable import new_game
from tricktable.core.moves import PLAY_CARD
from tricktable.rules.tricks_together import encoding
from tricktable.rules.tricks_together.moves import COMMIT

DEFAULTS = {"lives": 3, "long_climb": False, "up_and_down": False, "no_trumps": False, "secret_numbers": False}


@pytest.mark.parametrize(("players", "options"), [(3, {}), (5, {"secret_numbers": True, "no_trumps": True})])
def test_every_legal_move_has_an_id_and_every_view_a_tensor(players: int, options: dict[str, bool]) -> None:
    assert play_and_encode(encoding, "tricks-together", players, options, seed=5) > 0


def test_ids_are_the_numbers_to_the_peak_then_the_cards() -> None:
    moves = encoding.all_moves(4, DEFAULTS)
    assert moves[:8] == COMMIT[:8] and moves[8:] == PLAY_CARD
    assert len(encoding.all_moves(4, {**DEFAULTS, "long_climb": True})) == 11 + 52


def test_the_vector_does_not_change_when_only_other_hands_do() -> None:
    hands = [["AH", "7C"], ["KS", "TH"], ["5H", "2D"], ["QD", "8C"]]
    swapped = [["AH", "7C"], ["KS", "2D"], ["5H", "TH"], ["QD", "8C"]]
    first = new_game("tricks-together", players=4, deals=[{"round": 2, "dealer": 3, "hands": hands, "trump": "9S"}])
    second = new_game("tricks-together", players=4, deals=[{"round": 2, "dealer": 3, "hands": swapped, "trump": "9S"}])
    assert (encode(encoding, first.view(0)) == encode(encoding, second.view(0))).all()
    assert (encode(encoding, first.view(1)) != encode(encoding, second.view(1))).any()


def test_the_team_utility_orders_wins_above_losses_and_more_lives_above_fewer() -> None:
    won_two = encoding.utilities({"won": True, "score": 2}, 4, DEFAULTS)
    won_none = encoding.utilities({"won": True, "score": 0}, 4, DEFAULTS)
    lost_at_top = encoding.utilities({"won": False, "score": 7}, 4, DEFAULTS)
    assert won_two[0] > won_none[0] > lost_at_top[0] == 6.0
    assert len(set(won_two)) == 1
    low, high = encoding.utility_range(4, DEFAULTS)
    assert low == encoding.utilities({"won": False, "score": 1}, 4, DEFAULTS)[0] and high == 7 + 3
