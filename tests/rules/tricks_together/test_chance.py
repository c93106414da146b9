"""Tricks Together's deals as draws give the deals of the seeded shuffle."""

from __future__ import annotations

import pytest

from tests.rules.deal_draws_support import check_deals_match_the_seeded_shuffle
from tricktable.rules.tricks_together import chance


@pytest.mark.parametrize(
    ("players", "options"),
    [(3, {}), (4, {"no_trumps": True}), (5, {"secret_numbers": True}), (4, {"long_climb": True, "up_and_down": True})],
)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_deal_drawn_item_by_item_is_the_seeded_deal(players: int, options: dict[str, bool], seed: int) -> None:
    checked = check_deals_match_the_seeded_shuffle(
        chance, "tricks-together", players, options, seed, chance.seeded_items
    )
    assert checked >= 2


def test_a_deal_draws_every_hand_and_the_trump_card() -> None:
    first = chance.deal_draws(4, {"long_climb": False, "up_and_down": False}, None)
    assert [d.count for d in first] == [1, 4 * 1 + 1]
    assert first[0].public and not first[1].public
    assert first[1].roles[-1] == "trump card"
