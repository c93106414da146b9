"""Secret Trumps' cards and trick rules on the hot path (rules: secret-trumps.txt, SPEC §3.6).

The 36 number cards are ints ``suit * 9 + rank - 1`` with suits ♠ ♥ ♦ ♣ (0..3) and ranks 1 (Ace, lowest)
to 9, so a set of cards is an int bitmask of 36 bits.  A :class:`Trumps` object holds, for one round's
trump suit and trump rank, everything the winner and follow rules need as flat tables, so the engine, the
deduction, the bots and the benchmark all apply the very same rules.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from tricktable.core.cards import by_suit_high_first
from tricktable.core.errors import IllegalMove

NUM_CARDS = 36
FULL_MASK = (1 << NUM_CARDS) - 1
SUIT_LETTERS = "SHDC"
SUIT_SYMBOLS = "♠♥♦♣"
SUIT_NAMES = ("spades", "hearts", "diamonds", "clubs")
RANK_CHARS = "A23456789"
NO_SUIT = -1
NO_RANK = 0

_SUIT_BY_CHAR = {c: i for i, c in enumerate(SUIT_LETTERS)} | {c: i for i, c in enumerate(SUIT_SYMBOLS)}
_SUIT_BY_CHAR |= {"♤": 0, "♡": 1, "♢": 2, "♧": 3}
_RANK_BY_TEXT = {c: i + 1 for i, c in enumerate(RANK_CHARS)} | {"1": 1}

SUIT_MASKS = tuple(0x1FF << (9 * s) for s in range(4))
#: ``RANK_MASKS[r]`` holds the four cards of rank ``r`` (index 0, "no rank", is empty).
RANK_MASKS = (0, *(sum(1 << (s * 9 + r - 1) for s in range(4)) for r in range(1, 10)))


def card_id(suit: int, rank: int) -> int:
    return suit * 9 + rank - 1


def suit_of(card: int) -> int:
    return card // 9


def rank_of(card: int) -> int:
    return card % 9 + 1


CARD_TEXT = tuple(RANK_CHARS[c % 9] + SUIT_LETTERS[c // 9] for c in range(NUM_CARDS))
CARD_PRETTY = tuple(RANK_CHARS[c % 9] + SUIT_SYMBOLS[c // 9] for c in range(NUM_CARDS))


def parse_card(text: str) -> int:
    """``"7S"``, ``"AS"``, ``"1s"``, ``"7♠"`` -> card id; anything else raises ``IllegalMove``."""
    t = text.strip().upper()
    if len(t) == 2 and t[0] in _RANK_BY_TEXT and t[1] in _SUIT_BY_CHAR:
        return card_id(_SUIT_BY_CHAR[t[1]], _RANK_BY_TEXT[t[0]])
    raise IllegalMove(
        f"{text!r} is not a Secret Trumps card: write rank (A or 1, 2..9) then suit (S H D C or ♠♥♦♣), e.g. 7S or AS"
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
    raise ValueError(f"{value!r} is not a trump suit: use S H D C, ♠♥♦♣ or null")


def parse_rank(value: object) -> int:
    """A trump rank from a layout: 1..9 (or ``"A"``), or ``None`` (no trump rank)."""
    if value is None:
        return NO_RANK
    if isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= 9:
        return value
    if isinstance(value, str) and value.strip().upper() in _RANK_BY_TEXT:
        return _RANK_BY_TEXT[value.strip().upper()]
    raise ValueError(f"{value!r} is not a trump rank: use 1..9 (Ace = 1) or null")


def mask_text(mask: int) -> list[str]:
    """Cards of ``mask`` in display order: by suit ♠ ♥ ♦ ♣, high to low."""
    return [CARD_TEXT[c] for c in by_suit_high_first(mask, 9)]


def suit_text(suit: int) -> str:
    return "none" if suit == NO_SUIT else SUIT_NAMES[suit]


def rank_text(rank: int) -> str:
    return "none" if rank == NO_RANK else RANK_CHARS[rank - 1]


SUPER_KEY = 100
RANK_KEY = 50
SUIT_KEY = 10  # plus the rank, so 11..19


class Trumps:
    """One round's trumps as flat tables: a card's trump key (0 = plain), the trump mask, plain suit masks.

    Trump keys order the trumps (SPEC 3.6): the super trump 100, the other trump-rank cards 50 (all equal;
    the strict comparison in :func:`trick_winner` makes the first one played win), trump-suit cards 10+rank.
    """

    __slots__ = ("key", "plain", "rank", "suit", "trump_mask")

    def __init__(self, suit: int, rank: int) -> None:
        self.suit = suit
        self.rank = rank
        rank_mask = RANK_MASKS[rank]
        suit_mask = SUIT_MASKS[suit] if suit != NO_SUIT else 0
        self.trump_mask: int = rank_mask | suit_mask
        # A trump-rank card has no suit: it never counts as a card of its printed suit for following.
        self.plain: tuple[int, ...] = tuple(0 if s == suit else SUIT_MASKS[s] & ~rank_mask for s in range(4))
        key = [0] * NUM_CARDS
        for c in range(NUM_CARDS):
            s, r = c // 9, c % 9 + 1
            if r == rank:
                key[c] = SUPER_KEY if s == suit else RANK_KEY
            elif s == suit:
                key[c] = SUIT_KEY + r
        self.key: tuple[int, ...] = tuple(key)

    def card_class(self, card: int) -> str:
        k = self.key[card]
        return "super" if k == SUPER_KEY else "rank" if k == RANK_KEY else "suit" if k else "plain"


def trick_winner(cards: Sequence[int], key: Sequence[int]) -> int:
    """Index of the winning card among ``cards`` in play order (SPEC 3.6 winner order)."""
    first = cards[0]
    best_key = key[first]
    best = 0
    trump_best = best_key != 0
    if trump_best:
        led = -1  # a trump lead: plain cards can never win
    else:
        led = first // 9
        best_key = first % 9 + 1
    for i in range(1, len(cards)):
        c = cards[i]
        k = key[c]
        if k:
            if not trump_best or k > best_key:
                best, best_key, trump_best = i, k, True
        elif not trump_best and c // 9 == led and c % 9 + 1 > best_key:
            best, best_key = i, c % 9 + 1
    return best


def legal_mask(hand: int, led: int | None, trumps: Trumps) -> int:
    """The cards of ``hand`` that may be played to a trick led by ``led`` (``None``: leading)."""
    if led is None:
        return hand
    # A trump lead (either kind) calls for any trump; a plain lead for a plain card of its printed suit.
    follow = hand & (trumps.trump_mask if trumps.key[led] else trumps.plain[led // 9])
    return follow or hand


def random_round(
    hands: list[int], trumps: Trumps, leader: int, rand: Callable[[], float] = random.random
) -> tuple[list[int], list[int], int]:
    """Play the 9 tricks from ``hands`` (masks, one per seat) with uniformly random legal cards.

    Returns the tricks won and the cards captured per seat, and the winner of the last trick.  This is
    the flat hot path the benchmark measures; it applies exactly the engine's rules.
    """
    n = len(hands)
    hands = list(hands)
    won = [0] * n
    captured = [0] * n
    key = trumps.key
    trump_mask = trumps.trump_mask
    plain = trumps.plain
    winner = leader
    tricks = hands[0].bit_count()
    for _ in range(tricks):
        cards: list[int] = []
        seat = leader
        follow_mask = -1
        for _k in range(n):
            hand = hands[seat]
            options = hand & follow_mask if follow_mask != -1 else hand
            if not options:
                options = hand
            count = options.bit_count()
            pick = int(rand() * count)
            while pick:
                options &= options - 1
                pick -= 1
            card = (options & -options).bit_length() - 1
            hands[seat] = hand ^ (1 << card)
            if not cards:
                follow_mask = trump_mask if key[card] else plain[card // 9]
            cards.append(card)
            seat = seat + 1 if seat + 1 < n else 0
        winner = (leader + trick_winner(cards, key)) % n
        won[winner] += 1
        m = 0
        for c in cards:
            m |= 1 << c
        captured[winner] |= m
        leader = winner
    return won, captured, winner
