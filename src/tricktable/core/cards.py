"""The standard 52-card deck: notation in and out, and card sets as int bitmasks.

A card is an int ``suit * 13 + rank`` with suits ♠ ♥ ♦ ♣ (0..3) and ranks 2..A (0..12), so inside a
suit a higher id is a higher card, and a set of cards is an int with bit ``id`` set.  Games with other
decks (Tandem Trick's colours, Secret Trumps' Ace-low cards) keep their own small notation modules but
reuse the suit parsing and the bit helpers here.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence

from tricktable.core.errors import IllegalMove, excerpt

SUIT_LETTERS = "SHDC"
SUIT_SYMBOLS = "♠♥♦♣"
SUIT_NAMES = ("spades", "hearts", "diamonds", "clubs")
RANK_LETTERS = "23456789TJQKA"
RANK_NAMES = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
DECK_SIZE = 52
FULL_DECK = (1 << DECK_SIZE) - 1

#: ``BIT[c]`` is ``1 << c``: looked up rather than computed, since shifting past bit 30 allocates an int.
BIT: tuple[int, ...] = tuple(1 << c for c in range(64))

#: ``SUIT_MASKS[s]`` holds every card of suit ``s``.
SUIT_MASKS = tuple(((1 << 13) - 1) << (13 * s) for s in range(4))

_SUIT_BY_CHAR = {c: i for i, c in enumerate(SUIT_LETTERS)} | {c: i for i, c in enumerate(SUIT_SYMBOLS)}
_SUIT_BY_CHAR |= {"♤": 0, "♡": 1, "♢": 2, "♧": 3}
_RANK_BY_TEXT = {c: i for i, c in enumerate(RANK_LETTERS)} | {"10": 8}


def parse_suit(text: str) -> int:
    """``"S"``, ``"♠"``, ``"spades"`` (any case) -> suit index 0..3."""
    if not isinstance(text, str):
        raise IllegalMove("a suit is a text: S H D C or ♠ ♥ ♦ ♣")
    t = text.strip()
    if t.lower() in SUIT_NAMES:
        return SUIT_NAMES.index(t.lower())
    if len(t) == 1 and t.upper() in _SUIT_BY_CHAR:
        return _SUIT_BY_CHAR[t.upper()]
    raise IllegalMove(f"{excerpt(text)} is not a suit: use S H D C or ♠ ♥ ♦ ♣")


def split_rank_suit(text: str) -> tuple[str, str]:
    """Split card text such as ``"10H"`` or ``"a♠"`` into its rank part and its one-character suit."""
    if not isinstance(text, str):
        raise IllegalMove(f"a card is a text such as 7C, TH, 10H or A♠, not {excerpt(text)}")
    t = text.strip()
    if len(t) < 2:
        raise IllegalMove(f"{excerpt(text)} is not a card: write rank then suit, e.g. 7C, TH, 10H or A♠")
    return t[:-1].upper(), t[-1].upper()


def parse_card(text: str) -> int:
    """Parse ``"7C"``, ``"TH"``, ``"10h"``, ``"A♠"`` into a card id; raise ``IllegalMove`` if it is not one."""
    rank_text, suit_text = split_rank_suit(text)
    if suit_text not in _SUIT_BY_CHAR or rank_text not in _RANK_BY_TEXT:
        raise IllegalMove(
            f"{excerpt(text)} is not a card: write rank (2-9, T or 10, J, Q, K, A) then suit (S H D C or ♠♥♦♣)"
        )
    return _SUIT_BY_CHAR[suit_text] * 13 + _RANK_BY_TEXT[rank_text]


def card_str(card: int) -> str:
    """Canonical notation: ``"AS"``, ``"TH"``, ``"7C"``."""
    return RANK_LETTERS[card % 13] + SUIT_LETTERS[card // 13]


def suit_of(card: int) -> int:
    return card // 13


def rank_of(card: int) -> int:
    return card % 13


def bits(mask: int) -> Iterator[int]:
    """The set bits of ``mask``, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def bit_list(mask: int) -> list[int]:
    """The set bits of ``mask`` as a list, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def kth_bit(mask: int, k: int) -> int:
    """The ``k``-th lowest set bit of ``mask`` (from 0): the ``k``-th lowest card of a set."""
    for _ in range(k):
        mask &= mask - 1
    return (mask & -mask).bit_length() - 1


def by_suit_high_first(mask: int, per_suit: int) -> list[int]:
    """Cards of ``mask`` for a deck of ``per_suit`` cards a suit (ids ``suit * per_suit + rank``), in display
    order: suit by suit, high to low."""
    return sorted(bit_list(mask), key=lambda c: (c // per_suit, -(c % per_suit)))


def sorted_hand(mask: int) -> list[int]:
    """Cards of ``mask`` in display order: by suit ♠ ♥ ♦ ♣, high to low."""
    out = []
    for base in (0, 13, 26, 39):
        suit = (mask >> base) & 0x1FFF
        while suit:
            top = suit.bit_length() - 1
            out.append(base + top)
            suit ^= 1 << top
    return out


CARD_TEXT = tuple(RANK_LETTERS[c % 13] + SUIT_LETTERS[c // 13] for c in range(DECK_SIZE))


def cards_text(mask: int) -> list[str]:
    """Notation of the cards of ``mask`` in display order."""
    return [CARD_TEXT[c] for c in sorted_hand(mask)]


def parse_cards(
    texts: Iterable[str], parse: Callable[[str], int] | None = None, names: Sequence[str] = CARD_TEXT
) -> int:
    """A list of card texts -> bitmask; duplicates are an error.  ``parse`` and ``names`` (card id ->
    notation) default to the standard deck; a game with its own deck passes its own."""
    read = parse_card if parse is None else parse
    mask = 0
    for t in texts:
        c = read(t)
        if mask >> c & 1:
            raise IllegalMove(f"card {names[c]} is listed twice")
        mask |= 1 << c
    return mask
