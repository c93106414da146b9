"""Deals of the cards a seat has not seen, consistent with everything its view shows.

A consistent deal gives every other seat exactly the cards it still holds, none of a suit it has shown it
lacks, and leaves the unused rest of the pack aside.  Deals are drawn uniformly among the consistent ones by
rejection (a random split of the unseen cards, kept if it respects every void); when voids make that rare, a
constrained fill takes over, which is still always consistent but no longer exactly uniform.  Beliefs —
which deals are *likely*, given the numbers and the plays — belong to the bots, which weight these deals.
"""

from __future__ import annotations

import random

from tricktable.core.cards import SUIT_MASKS
from tricktable.rules.tricks_together.knowledge import Knowledge

#: Rejection tries per deal before the constrained fill.
TRIES = 40


def _consistent(hands: list[int], voids: list[int]) -> bool:
    for hand, void in zip(hands, voids):
        if void:
            for suit in range(4):
                if void >> suit & 1 and hand & SUIT_MASKS[suit]:
                    return False
    return True


def sample_deals(knowledge: Knowledge, count: int, rng: random.Random) -> list[list[int]]:
    """``count`` deals: each a list of every seat's hand now (this seat's own hand as it is)."""
    k = knowledge
    pool = [c for c in range(52) if k.unseen >> c & 1]
    others = [p for p in range(k.players) if p != k.seat]
    wanted = sum(k.counts[p] for p in others)
    if wanted > len(pool):
        raise ValueError("the view shows more hidden cards than there are unseen cards")
    constrained = any(k.voids[p] for p in others)
    deals = []
    for _ in range(count):
        hands = _rejection(k, pool, others, rng) if constrained else None
        if hands is None:
            hands = _fill(k, pool, others, rng, constrained)
        deals.append(hands)
    return deals


def _split(k: Knowledge, pool: list[int], others: list[int], rng: random.Random) -> list[int]:
    drawn = rng.sample(pool, sum(k.counts[p] for p in others))
    hands = [0] * k.players
    hands[k.seat] = k.hand
    at = 0
    for p in others:
        for c in drawn[at : at + k.counts[p]]:
            hands[p] |= 1 << c
        at += k.counts[p]
    return hands


def _rejection(k: Knowledge, pool: list[int], others: list[int], rng: random.Random) -> list[int] | None:
    for _ in range(TRIES):
        hands = _split(k, pool, others, rng)
        if _consistent(hands, k.voids):
            return hands
    return None


def _fill(k: Knowledge, pool: list[int], others: list[int], rng: random.Random, constrained: bool) -> list[int]:
    if not constrained:
        return _split(k, pool, others, rng)
    # The most constrained seats choose first, from a shuffled pool, skipping suits they lack.
    order = sorted(others, key=lambda p: -k.voids[p].bit_count())
    for _ in range(200):
        cards = pool[:]
        rng.shuffle(cards)
        hands = [0] * k.players
        hands[k.seat] = k.hand
        taken = 0
        ok = True
        for p in order:
            got = 0
            for c in cards:
                if got == k.counts[p]:
                    break
                if taken >> c & 1 or k.voids[p] >> (c // 13) & 1:
                    continue
                hands[p] |= 1 << c
                taken |= 1 << c
                got += 1
            if got < k.counts[p]:
                ok = False
                break
        if ok:
            return hands
    raise ValueError("no deal of the unseen cards fits what this seat has seen")
