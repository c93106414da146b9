"""Deals as draws: the items a series of draws takes off a seed are the seeded shuffle's own choices."""

from __future__ import annotations

import pytest

from tricktable.core.draws import Draw, seeded_items
from tricktable.core.shuffle import DealRandom, deal_bits, draw


def test_seeded_items_are_the_deal_randoms_samples_in_order() -> None:
    draws = [Draw(5, 1, tuple("abcde"), ("first",)), Draw(10, 3, tuple("0123456789"), ("x", "y", "z"))]
    source = DealRandom(7, 2)
    assert seeded_items(7, 2, draws) == [source.sample(5, 1), source.sample(10, 3)]


def test_one_draw_of_cards_is_the_draw_of_the_shuffle_module() -> None:
    cards = Draw(52, 9, tuple(str(c) for c in range(52)), tuple(str(i) for i in range(9)))
    assert seeded_items(11, 4, [cards]) == [draw(deal_bits(11, 4), 52, 9)]


def test_a_draw_names_every_item_and_every_role() -> None:
    with pytest.raises(ValueError):
        Draw(3, 2, ("a", "b"), ("x", "y"))
    with pytest.raises(ValueError):
        Draw(3, 2, ("a", "b", "c"), ("x",))
    with pytest.raises(ValueError):
        Draw(3, 4, ("a", "b", "c"), ("w", "x", "y", "z"))


def test_items_look_alike_unless_the_draw_has_classes() -> None:
    plain = Draw(3, 1, ("a", "b", "c"), ("x",))
    backs = Draw(3, 1, ("a", "b", "c"), ("x",), classes=(0, 1, 1))
    assert {plain.item_class(i) for i in range(3)} == {0}
    assert [backs.item_class(i) for i in range(3)] == [0, 1, 1]
