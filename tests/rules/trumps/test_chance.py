"""Trumps' deals as draws give the deals of the seeded shuffle."""

from __future__ import annotations

import pytest

from tests.rules.deal_draws_support import check_deals_match_the_seeded_shuffle
from tricktable.rules.trumps import chance


@pytest.mark.parametrize(
    ("players", "options"), [(3, {"target": 20}), (4, {"teams": True, "target": 20}), (7, {"target": 8})]
)
@pytest.mark.parametrize("seed", [1, 2])
def test_every_deal_drawn_item_by_item_is_the_seeded_deal(players: int, options: dict[str, object], seed: int) -> None:
    assert check_deals_match_the_seeded_shuffle(chance, "trumps", players, options, seed) >= 2
