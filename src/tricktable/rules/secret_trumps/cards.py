"""Secret Trumps' deck and its notation: the 36 number cards, Ace low (the game's page, section 1).

A card is an int ``suit * 9 + rank - 1`` with suits ♠ ♥ ♦ ♣ (0..3) and ranks 1 (the Ace, lowest) to 9, so a
set of cards is an int bitmask of 36 bits and inside a suit a higher id is a higher card.  A round's trumps
are a suit 0..3 or ``NO_SUIT`` and a rank 1..9 or ``NO_RANK``.  This module reads and writes cards, trump
suits and trump ranks; what the trumps do to a trick is ``kernel.py``'s business.
"""

from __future__ import annotations

from tricktable.core.cards import by_suit_high_first
from tricktable.core.errors import IllegalMove, excerpt

NUM_CARDS = 36
FULL_MASK = (1 << NUM_CARDS) - 1
#: The layout: 9 rows of 4 cards, one row picked per turn of the first-pick card.
ROWS = 9
ROW_SIZE = 4
SUIT_LETTERS = "SHDC"
SUIT_SYMBOLS = "♠♥♦♣"
SUIT_NAMES = ("spades", "hearts", "diamonds", "clubs")
RANK_CHARS = "A23456789"
NO_SUIT = -1
NO_RANK = 0

_SUIT_BY_CHAR = {c: i for i, c in enumerate(SUIT_LETTERS)} | {c: i for i, c in enumerate(SUIT_SYMBOLS)}
_SUIT_BY_CHAR |= {"♤": 0, "♡": 1, "♢": 2, "♧": 3}
_RANK_BY_TEXT = {c: i + 1 for i, c in enumerate(RANK_CHARS)} | {"1": 1}

#: ``SUIT_MASKS[s]``: the nine cards printed in suit ``s``.
SUIT_MASKS = tuple(0x1FF << (9 * s) for s in range(4))
#: ``RANK_MASKS[r]`` holds the four cards of rank ``r`` (index 0, "no rank", is empty).
RANK_MASKS = (0, *(sum(1 << (s * 9 + r - 1) for s in range(4)) for r in range(1, 10)))


def card_id(suit: int, rank: int) -> int:
    return suit * 9 + rank - 1


def suit_of(card: int) -> int:
    return card // 9


def rank_of(card: int) -> int:
    return card % 9 + 1


#: ``CARD_TEXT[c]``: the canonical notation of card ``c`` (``"AS"``, ``"7S"``); ``CARD_PRETTY[c]`` with a symbol.
CARD_TEXT = tuple(RANK_CHARS[c % 9] + SUIT_LETTERS[c // 9] for c in range(NUM_CARDS))
CARD_PRETTY = tuple(RANK_CHARS[c % 9] + SUIT_SYMBOLS[c // 9] for c in range(NUM_CARDS))


def parse_card(text: str) -> int:
    """``"7S"``, ``"AS"``, ``"1s"``, ``"7♠"`` -> card id; anything else raises ``IllegalMove``."""
    t = text.strip().upper() if isinstance(text, str) else ""
    if len(t) == 2 and t[0] in _RANK_BY_TEXT and t[1] in _SUIT_BY_CHAR:
        return card_id(_SUIT_BY_CHAR[t[1]], _RANK_BY_TEXT[t[0]])
    raise IllegalMove(
        f"{excerpt(text)} is not a Secret Trumps card: write rank (A or 1, 2..9) then suit (S H D C or ♠♥♦♣), "
        "e.g. 7S or AS"
    )


def parse_suit(value: object) -> int:
    """A trump suit from a layout: ``"H"``, ``"♥"``, ``"hearts"`` or ``None`` (no trump suit)."""
    if value is None:
        return NO_SUIT
    if isinstance(value, str):
        t = value.strip()
        if t.lower() in SUIT_NAMES:
            return SUIT_NAMES.index(t.lower())
        if len(t) == 1 and t.upper() in _SUIT_BY_CHAR:
            return _SUIT_BY_CHAR[t.upper()]
    raise ValueError(f"{excerpt(value)} is not a trump suit: use S H D C, ♠♥♦♣ or null")


def parse_rank(value: object) -> int:
    """A trump rank from a layout: 1..9 (or ``"A"``), or ``None`` (no trump rank)."""
    if value is None:
        return NO_RANK
    if isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= 9:
        return value
    if isinstance(value, str) and value.strip().upper() in _RANK_BY_TEXT:
        return _RANK_BY_TEXT[value.strip().upper()]
    raise ValueError(f"{excerpt(value)} is not a trump rank: use 1..9 (Ace = 1) or null")


def mask_text(mask: int) -> list[str]:
    """Cards of ``mask`` in display order: by suit ♠ ♥ ♦ ♣, high to low."""
    return [CARD_TEXT[c] for c in by_suit_high_first(mask, 9)]


def suit_text(suit: int) -> str:
    """``"spades"`` .. ``"clubs"``, or ``"none"``: how events and tables name a trump suit."""
    return "none" if suit == NO_SUIT else SUIT_NAMES[suit]


def rank_text(rank: int) -> str:
    """``"A"``, ``"2"`` .. ``"9"``, or ``"none"``: how events and tables name a trump rank."""
    return "none" if rank == NO_RANK else RANK_CHARS[rank - 1]


def suit_letter(suit: int) -> str | None:
    """``"S"`` .. ``"C"``, or ``None`` for no trump suit: the JSON form of views and layouts."""
    return None if suit == NO_SUIT else SUIT_LETTERS[suit]


def rank_number(rank: int) -> int | None:
    """1..9, or ``None`` for no trump rank: the JSON form of views and layouts."""
    return None if rank == NO_RANK else rank
