"""Tandem Trick's deck and its notation (the game's page, section 1 "Cards").

A card is an int ``colour * 12 + value`` with colours red, yellow, blue, black (0..3) and values 0..11, so a set
of cards is an int with bit ``id`` set and a colour is a 12-bit block.  Notation: the colour letter then the
value, ``R7``, ``K11``, ``B0`` (any case in, upper case out).  The bit helpers come from ``core.cards``; the
moves that name these cards live in ``moves.py``.
"""

from __future__ import annotations

from tricktable.core.cards import by_suit_high_first
from tricktable.core.cards import parse_cards as parse_card_list
from tricktable.core.errors import IllegalMove, excerpt

COLOURS = "RYBK"
COLOUR_NAMES = ("red", "yellow", "blue", "black")
#: What the web table and the terminal draw each colour letter in.
CARD_COLOURS = {"R": "red", "Y": "yellow", "B": "blue", "K": "black"}
VALUES = 12
HAND_SIZE = 12
#: Tricks a round: every player holds 12 cards and uses one a trick (ruling TD-R8).
CYCLES = 12
#: The bonus-point cards in the order bidders take them; a 4th bidder takes nothing (ruling TD-R4).
BONUS_CARDS = (6, 3, 1)

#: ``SUIT_MASKS[c]`` holds every card of colour ``c``; ``HIGH_MASKS[c]`` its 8-11, whose backs show the colour.
SUIT_MASKS = tuple(0xFFF << (12 * c) for c in range(4))
HIGH_MASKS = tuple(0xF00 << (12 * c) for c in range(4))

#: ``CARD_TEXT[card]``: the notation of every card of the 48.
CARD_TEXT = tuple(COLOURS[c // 12] + str(c % 12) for c in range(48))


def deck_colours(players: int) -> int:
    """Colours in play: red, yellow, blue with 3 players (36 cards), all four with 4 (48 cards)."""
    return 3 if players == 3 else 4


def deck_mask(players: int) -> int:
    """Every card in play for ``players``, as a bitmask."""
    return (1 << (12 * deck_colours(players))) - 1


def parse_card(text: str) -> int:
    """``"R7"``, ``"k11"``, ``"B0"`` -> card id; raise ``IllegalMove`` if it is not a card."""
    t = text.strip().upper() if isinstance(text, str) else ""
    # ASCII digits only: ``isdigit`` also holds for superscripts and other scripts' digits.
    if len(t) >= 2 and t[0] in COLOURS and t[1:].isascii() and t[1:].isdigit():
        value = int(t[1:])
        if 0 <= value < VALUES:
            return COLOURS.index(t[0]) * 12 + value
    raise IllegalMove(
        f"{excerpt(text)} is not a card: write the colour (R red, Y yellow, B blue, K black) then the value 0-11, "
        "e.g. R7, K11"
    )


def card_str(card: int) -> str:
    return CARD_TEXT[card]


def cards_text(mask: int) -> list[str]:
    """Display order: by colour R Y B K, high to low inside a colour."""
    return [CARD_TEXT[c] for c in by_suit_high_first(mask, 12)]


def parse_cards(texts: list[str]) -> int:
    """A list of Tandem Trick card texts -> bitmask; duplicates are an error."""
    return parse_card_list(texts, parse_card, CARD_TEXT)
