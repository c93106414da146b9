"""The sentence helpers: a game's ``seat N`` becomes the player's name; cards as people write them."""

from __future__ import annotations

from tricktable.core.narrate import card_words, name_seats

NAMES = ["Ann", "Ben", "Cy", "Di"]


def test_seat_numbers_in_a_games_text_become_names() -> None:
    assert name_seats("seat 0 wins", NAMES) == "Ann wins"
    assert (
        name_seats("seats 0 and 1 each take a trick; seat 1 leads", NAMES) == "Ann and Ben each take a trick; Ben leads"
    )
    assert (
        name_seats("trick 1: seats 0+2 R3+R5=8 beat seat 3 R8=8", NAMES) == "trick 1: Ann and Cy R3+R5=8 beat Di R8=8"
    )
    assert name_seats("team 1 (seats 1 & 3) wins", NAMES) == "the team of Ben and Di wins"
    assert name_seats("nothing: seat 2's R5 rides along already", NAMES) == "nothing: Cy's R5 rides along already"


def test_what_is_not_a_seat_of_this_table_stays() -> None:
    assert name_seats("seat 9 and row 1, trick 2", NAMES) == "seat 9 and row 1, trick 2"
    assert name_seats("Seat 1 (you)", NAMES) == "Seat 1 (you)"
    assert name_seats("seat 0", []) == "seat 0"


def test_cards_as_people_write_them() -> None:
    assert [card_words(c) for c in ("9H", "TS", "AC", "2D", "R7")] == ["9♥", "10♠", "A♣", "2♦", "R7"]
