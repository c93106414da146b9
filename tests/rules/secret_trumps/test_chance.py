"""Secret Trumps' layouts as draws give the layouts of the seeded shuffle."""

from __future__ import annotations

import pytest

from tests.rules.deal_draws_support import check_deals_match_the_seeded_shuffle
from tricktable.rules.secret_trumps import chance


@pytest.mark.parametrize(("players", "options"), [(3, {}), (4, {"five_goals": True}), (4, {"second_deck": False})])
@pytest.mark.parametrize("seed", [1, 2])
def test_every_layout_drawn_item_by_item_is_the_seeded_layout(
    players: int, options: dict[str, bool], seed: int
) -> None:
    assert check_deals_match_the_seeded_shuffle(chance, "secret-trumps", players, options, seed) >= 2


def test_trumps_are_named_as_the_table_names_them_once_known() -> None:
    _, suits, ranks, _ = chance.deal_draws(4, {"second_deck": True}, None)
    assert suits.labels == ("spades", "hearts", "diamonds", "clubs", "none")
    assert ranks.labels[:3] == ("none", "A", "2")
    one_deck = chance.deal_draws(4, {"second_deck": False}, None)[2]
    assert "none" not in one_deck.labels
