"""Tandem Trick's deals as draws give the deals of the seeded shuffle."""

from __future__ import annotations

import pytest

from tests.rules.deal_draws_support import check_deals_match_the_seeded_shuffle
from tricktable.rules.tandem_trick import chance


@pytest.mark.parametrize(("players", "options"), [(3, {}), (4, {"target": 40, "misere_bonus": False})])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_deal_drawn_item_by_item_is_the_seeded_deal(players: int, options: dict[str, object], seed: int) -> None:
    assert check_deals_match_the_seeded_shuffle(chance, "tandem-trick", players, options, seed) >= 2


def test_card_backs_tell_the_colour_of_eight_to_eleven_only() -> None:
    cards = chance.deal_draws(4, {}, None)[1]
    # R8 and R11 share the red back; R0 and K7 the plain one; K11 has the black back.
    assert cards.item_class(8) == cards.item_class(11) != cards.item_class(0)
    assert cards.item_class(0) == cards.item_class(3 * 12 + 7)
    assert cards.item_class(3 * 12 + 11) not in (cards.item_class(8), cards.item_class(0))
