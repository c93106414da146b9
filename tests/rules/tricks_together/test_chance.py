"""Tricks Together's deals as draws give the deals of the seeded shuffle."""

from __future__ import annotations

import pytest

from tests.rules.deal_draws_support import check_deals_match_the_seeded_shuffle
from tricktable.core.draws import Draw
from tricktable.core.shuffle import deal_bits, draw
from tricktable.rules.tricks_together import chance
from tricktable.rules.tricks_together.deals import first_dealer


def _engine_items(players: int):  # type: ignore[no-untyped-def]
    def items(seed: int, number: int, draws: tuple[Draw, ...]) -> list[list[int]]:
        if number == 0:
            return [[first_dealer(seed, players)]]  # this game draws its first dealer off 64 bits of deal 0
        return [draw(deal_bits(seed, number), d.population, d.count) for d in draws]

    return items


@pytest.mark.parametrize(
    ("players", "options"),
    [(3, {}), (4, {"no_trumps": True}), (5, {"secret_numbers": True}), (4, {"long_climb": True, "up_and_down": True})],
)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_deal_drawn_item_by_item_is_the_seeded_deal(players: int, options: dict[str, bool], seed: int) -> None:
    checked = check_deals_match_the_seeded_shuffle(
        chance, "tricks-together", players, options, seed, _engine_items(players)
    )
    assert checked >= 2


def test_a_deal_draws_every_hand_and_the_trump_card() -> None:
    first = chance.deal_draws(4, {"long_climb": False, "up_and_down": False}, None)
    assert [d.count for d in first] == [1, 4 * 1 + 1]
    assert first[0].public and not first[1].public
    assert first[1].roles[-1] == "trump card"
