"""The sentence helpers: a game's ``seat N`` becomes the player's name; cards as people write them."""

from __future__ import annotations

import random
import re

import tricktable
from tricktable.core.narrate import YOU, card_words, name_seats, sentences
from tricktable.core.registry import game_words

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


def test_you_agrees_with_its_verb_in_every_games_log() -> None:
    """A whole game of each game told to seat 1 as "You": every verb agrees ("You are dealt", "You win"), "you"
    inside a sentence, and a number or goal that seat chose is told once."""
    wrong = re.compile(
        r"\bYou (?:is|has|was|wins|plays|commits|leads|bids|picks|drafts|looks|crosses|meets|passes|receives|"
        r"declares|chooses|lays|deals|turns|rides|takes)\b|\b(?:by|to|from|with) You\b|\bYou's\b|"
        r"\bYou (?:\w+ ){1,4}and (?:sets|takes|crosses)\b|\bYou have chosen\b"
    )
    for name in ("tricks-together", "tandem-trick", "secret-trumps", "trumps"):
        game = tricktable.new_game(name, seed=5)
        chooser = random.Random(5)
        while game.to_move is not None:
            game.play(chooser.choice(game.legal_moves()))
        names = [YOU, *(f"Bot {p + 1} (normal)" for p in range(1, game.players))]
        words = game_words(name)
        told = sentences(words.narrate, [e.to_dict() for e in game.events_for(0)], names, words.told_by)
        assert any(t.startswith("You ") for t in told), name
        bad = [t for t in told if wrong.search(t)]
        assert not bad, (name, bad[:5])
