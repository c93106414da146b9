"""The int-only hot path of Tricks Together: legal cards, trick winners and random play-outs on bitmasks.

A card is ``suit * 13 + rank`` (``core.cards``), a hand a bitmask of cards, a trump a suit 0..3 or
``NO_TRUMPS``.  These functions state the play rules of the game's page (sections "Playing" and "Tricks")
once more in the cheapest form Python allows; ``tests/rules/tricks_together/test_kernel.py`` replays them
against ``TricksTogether.play`` so the two can never disagree.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from hashlib import blake2b

from tricktable.core.cards import SUIT_MASKS
from tricktable.core.splitmix import GOLDEN_GAMMA, MASK64, SplitMix64

NO_TRUMPS = -1

#: ``ABOVE[c]``: the cards of ``c``'s suit that rank above ``c``.
ABOVE = tuple(SUIT_MASKS[c // 13] & ~((2 << c) - 1) for c in range(52))


def legal_mask(hand: int, led: int) -> int:
    """The cards of ``hand`` that may be played to a trick led in suit ``led`` (``-1``: this seat leads)."""
    if led < 0:
        return hand
    return hand & SUIT_MASKS[led] or hand


def trick_winner(cards: Sequence[int], trump: int) -> int:
    """Index in ``cards`` (in play order) of the winning card: the highest trump, else the highest of the
    led suit.  One deck, so there are no ties."""
    led = cards[0] // 13
    best = 0
    best_card = cards[0]
    best_is_trump = led == trump
    for i in range(1, len(cards)):
        card = cards[i]
        suit = card // 13
        if suit == trump:
            if not best_is_trump or card > best_card:
                best, best_card, best_is_trump = i, card, True
        elif suit == led and not best_is_trump and card > best_card:
            best, best_card = i, card
    return best


def beats(card: int, best: int, led: int, trump: int) -> bool:
    """Does ``card`` beat ``best``, the trick's winning card so far, in a trick led in suit ``led``?"""
    suit = card // 13
    if suit == trump:
        return best // 13 != trump or card > best
    return suit == led and best // 13 != trump and card > best


def random_rollout(hands: list[int], trump: int, leader: int, tricks: int, rand: Callable[[], float]) -> list[int]:
    """Play ``tricks`` tricks with uniformly random legal cards; return each seat's tricks won.

    Each seat plays the k-th lowest of its legal cards with ``k = floor(rand() * legal_count)``, so the same
    draws give the same cards here, in ``batch.batch_rollouts`` and in the engine (``legal_moves()`` lists
    cards lowest first).  ``hands`` is not changed.
    """
    n = len(hands)
    hands = hands[:]
    won = [0] * n
    masks = SUIT_MASKS
    for _ in range(tricks):
        h = hands[leader]
        for _ in range(int(rand() * h.bit_count())):
            h &= h - 1
        low = h & -h
        hands[leader] ^= low
        best = low.bit_length() - 1
        led = best // 13
        led_mask = masks[led]
        best_trump = led == trump
        winner = leader
        seat = leader
        for _ in range(n - 1):
            seat = seat + 1 if seat + 1 < n else 0
            h = hands[seat]
            pool = h & led_mask or h
            for _ in range(int(rand() * pool.bit_count())):
                pool &= pool - 1
            low = pool & -pool
            hands[seat] = h ^ low
            card = low.bit_length() - 1
            suit = card // 13
            if suit == trump:
                if not best_trump or card > best:
                    best, winner, best_trump = card, seat, True
            elif suit == led and not best_trump and card > best:
                best, winner = card, seat
        won[winner] += 1
        leader = winner
    return won


def deal_stream(seed: int, deal: int) -> int:
    """The SplitMix64 state deal number ``deal`` of a game seeded ``seed`` is drawn from.

    A pure function of the two numbers, so a seeded game deals the same cards however late it deals or
    however many other random numbers were drawn.  Seeds outside 0..2**64 are hashed down to 64 bits."""
    if 0 <= seed <= MASK64:
        folded = seed
    else:
        folded = int.from_bytes(blake2b(str(seed).encode(), digest_size=8).digest(), "little")
    return (folded * GOLDEN_GAMMA + deal) & MASK64


def draw_items(state: int, population: int, count: int) -> list[int]:
    """``count`` different items of ``range(population)`` drawn from SplitMix64(``state``), one at a time, each
    with ``(next() * left) >> 64`` among those left (off uniform by less than ``2**-57``)."""
    rng = SplitMix64(state)
    pool = list(range(population))
    out = [0] * count
    for i in range(count):
        left = population - i
        j = (rng.next() * left) >> 64
        out[i] = pool[j]
        pool[j] = pool[left - 1]
    return out


def draw_deal(state: int, players: int, cards: int, dealer: int) -> tuple[list[int], int]:
    """A deal from SplitMix64(``state``): ``draw_items`` gives the cards, dealt one at a time from the dealer's
    left, then the turned card.  This is the reference; ``ckernel.draw_deal`` is the same in C, and the tests
    check they agree."""
    dealt = players * cards
    drawn = draw_items(state, 52, dealt + 1)
    hands = [0] * players
    seat = dealer
    for i in range(dealt):
        seat = seat + 1 if seat + 1 < players else 0
        hands[seat] |= 1 << drawn[i]
    return hands, drawn[dealt]
