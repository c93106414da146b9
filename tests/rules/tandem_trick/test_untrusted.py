"""Tandem Trick meets any move text and any explicit deal: a move, or the game's own error and nothing changed."""

from __future__ import annotations

import pytest

from tests.rules.untrusted_support import UntrustedInput, first_deals
from tricktable import InvalidOptions, new_game


class TestUntrustedInput(UntrustedInput):
    NAME = "tandem-trick"
    PLAYERS = (3, 4)
    REGRESSIONS = ("R²", "bid R²", "tandem R²", "ride K¹¹", "play B³", "R١", "Y½", "K Ⅻ", "R" + "²" * 300)


def test_a_deal_whose_cards_are_numbers_is_refused_naming_the_deal() -> None:
    deal = first_deals("tandem-trick", 4)
    with pytest.raises(InvalidOptions, match="deal 1"):
        new_game("tandem-trick", players=4, deals=[deal | {"hands": [[1, *hand[1:]] for hand in deal["hands"]]}])
