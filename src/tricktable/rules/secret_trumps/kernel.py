"""Secret Trumps' trick rules on ints: trump tables, legal cards, trick winners and random play-outs.

Cards are ints and card sets bitmasks (``cards.py``).  A :class:`RoundTrumps` object holds, for one round's
trump suit and trump rank, everything the follow and winner rules need as flat tables (the game's page,
section 6, and rulings ST-R4 and ST-R6), so the engine, the hints, the deduction, the bots and the benchmark
all apply the very same rules.  ``tests/rules/secret_trumps/test_kernel.py`` replays :func:`random_rollout`
through ``SecretTrumps.play`` so that the two can never disagree.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from tricktable.rules.secret_trumps.cards import NO_SUIT, NUM_CARDS, RANK_MASKS, SUIT_MASKS

#: Trump keys order the trumps (section 6): the super trump, then the other trump-rank cards (all equal: the
#: strict comparison in :func:`trick_winner` makes the first one played win), then trump-suit cards by rank.
SUPER_KEY = 100
RANK_KEY = 50
SUIT_KEY = 10  # plus the rank, so 11..19


class RoundTrumps:
    """One round's trumps as flat tables: a card's trump key (0 = plain), the trump mask, plain suit masks."""

    __slots__ = ("key", "plain", "rank", "suit", "trump_mask")

    def __init__(self, suit: int, rank: int) -> None:
        self.suit = suit
        self.rank = rank
        rank_mask = RANK_MASKS[rank]
        suit_mask = SUIT_MASKS[suit] if suit != NO_SUIT else 0
        #: Every trump of either kind: a trump lead calls for any of them.
        self.trump_mask: int = rank_mask | suit_mask
        # A trump-rank card has no suit: it never counts as a card of its printed suit for following.
        #: ``plain[s]``: the cards that follow a plain lead in suit ``s`` (empty for the trump suit).
        self.plain: tuple[int, ...] = tuple(0 if s == suit else SUIT_MASKS[s] & ~rank_mask for s in range(4))
        key = [0] * NUM_CARDS
        for c in range(NUM_CARDS):
            s, r = c // 9, c % 9 + 1
            if r == rank:
                key[c] = SUPER_KEY if s == suit else RANK_KEY
            elif s == suit:
                key[c] = SUIT_KEY + r
        #: ``key[c]``: card ``c``'s place among the trumps, 0 for a plain card.
        self.key: tuple[int, ...] = tuple(key)

    def card_class(self, card: int) -> str:
        """``"super"``, ``"rank"``, ``"suit"`` or ``"plain"``: the card classes of section 6."""
        k = self.key[card]
        return "super" if k == SUPER_KEY else "rank" if k == RANK_KEY else "suit" if k else "plain"


def trick_winner(cards: Sequence[int], key: Sequence[int]) -> int:
    """Index of the winning card among ``cards`` in play order, under the trump keys ``key`` (section 6)."""
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


def legal_mask(hand: int, led: int | None, trumps: RoundTrumps) -> int:
    """The cards of ``hand`` that may be played to a trick led by ``led`` (``None``: leading)."""
    if led is None:
        return hand
    # A trump lead (either kind) calls for any trump; a plain lead for a plain card of its printed suit.
    follow = hand & (trumps.trump_mask if trumps.key[led] else trumps.plain[led // 9])
    return follow or hand


def random_rollout(
    hands: list[int], trumps: RoundTrumps, leader: int, rand: Callable[[], float] = random.random
) -> tuple[list[int], list[int], int]:
    """Play out the tricks from ``hands`` (masks, one per seat) with uniformly random legal cards.

    Each seat plays the k-th lowest of its legal cards with ``k = floor(rand() * legal_count)``, as a player
    choosing ``legal_moves()[k]`` does (they are listed lowest first).  Returns the tricks won and the cards
    captured per seat, and the winner of the last trick.  ``hands`` is not changed.
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
