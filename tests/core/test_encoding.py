"""Tensor layouts: named pieces are views into one flat vector."""

from __future__ import annotations

from tricktable.core.encoding import Layout, event_cards, set_bits


def test_pieces_are_views_into_the_flat_vector_in_order() -> None:
    layout = Layout([("seat", (3,)), ("trick", (2, 4)), ("played", (4,))])
    flat, pieces = layout.new()
    assert layout.size == 3 + 8 + 4 == flat.size
    pieces["trick"][1, 2] = 1.0
    set_bits(pieces["played"], [0, 3])
    assert flat.nonzero()[0].tolist() == [3 + 4 + 2, 11, 14]


def test_event_cards_reads_the_cards_of_the_kinds_asked_for() -> None:
    events = [
        {"type": "card_played", "card": "7C"},
        {"type": "trick_won", "cards": ["7C"]},
        {"type": "card_played", "card": "AS"},
        {"type": "hand_dealt", "card": None},
    ]
    assert event_cards(events, ("card_played",)) == ["7C", "AS"]
