"""Deals of the cards a seat has not seen, consistent with everything its view shows.

A consistent deal gives every other seat exactly the cards it still holds, none of a suit it has shown it
lacks, and leaves the unused rest of the pack aside.  Deals are drawn uniformly among the consistent ones by
rejection (a random split of the unseen cards, kept if it respects every void); when voids make that rare, a
constrained fill takes over, which is still always consistent but no longer exactly uniform.  Beliefs —
which deals are *likely*, given the numbers and the plays — belong to the bots, which weight these deals, or
hand the sampler a weight per seat and card (``weights``): then each seat in turn (the ones with voids first,
the others in a random order) draws its cards one by one from those left, each with a chance in proportion to its
weight (a weighted draw without replacement), and what is left lies aside.  Such a deal is as consistent as any
other: a card of a suit the seat lacks is never drawn, whatever its weight; when the draws leave a seat short of
cards it may hold, the deal is drawn again, and after a few tries by the constrained fill.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import numpy as np

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


def sample_deals(
    knowledge: Knowledge, count: int, rng: random.Random, weights: Sequence[Sequence[float]] | None = None
) -> list[list[int]]:
    """``count`` deals: each a list of every seat's hand now (this seat's own hand as it is).  ``weights[p][c]``,
    if given, is how much likelier than the rest of the pack seat ``p`` is to hold card ``c`` (positive)."""
    k = knowledge
    pool = [c for c in range(52) if k.unseen >> c & 1]
    others = [p for p in range(k.players) if p != k.seat]
    wanted = sum(k.counts[p] for p in others)
    if wanted > len(pool):
        raise ValueError("the view shows more hidden cards than there are unseen cards")
    constrained = any(k.voids[p] for p in others)
    if weights is not None:
        return _weighted(k, pool, others, rng, count, weights, constrained)
    deals = []
    for _ in range(count):
        hands = _rejection(k, pool, others, rng) if constrained else None
        if hands is None:
            hands = _fill(k, pool, others, rng, constrained)
        deals.append(hands)
    return deals


#: Weighted draws per deal before the constrained fill takes over.
WEIGHTED_TRIES = 5


def _weighted(
    k: Knowledge,
    pool: list[int],
    others: list[int],
    rng: random.Random,
    count: int,
    weights: Sequence[Sequence[float]],
    constrained: bool,
) -> list[list[int]]:
    """``count`` deals drawn seat by seat with the weights (see the module's notes), all at once in NumPy: a
    weighted draw of ``m`` cards without replacement takes the ``m`` largest keys ``log(u) / weight``."""
    if len(weights) != k.players or any(len(row) != 52 for row in weights):
        raise ValueError("weights need one row of 52 per seat")
    cards = np.array(pool, dtype=np.int64)
    bits = np.left_shift(np.int64(1), cards)  # 52 cards fit in 64 bits
    table = np.array([[weights[p][c] for c in pool] for p in range(k.players)], dtype=float)
    if not np.all(table[others] > 0):
        raise ValueError("a weight must be positive for every unseen card")
    for p in others:  # a suit the seat lacks is never drawn, whatever its weight
        for s in range(4):
            if k.voids[p] >> s & 1:
                table[p][cards // 13 == s] = 0.0
    generator = np.random.default_rng(rng.getrandbits(64))
    deals: list[list[int] | None] = [None] * count
    missing = list(range(count))
    for _ in range(WEIGHTED_TRIES):
        if not missing:
            break
        rows = len(missing)
        free = np.ones((rows, len(pool)), dtype=bool)
        hands = np.zeros((rows, k.players), dtype=np.int64)
        ok = np.ones(rows, dtype=bool)
        voided = [p for p in others if k.voids[p]]
        rest = [p for p in others if not k.voids[p]]
        rng.shuffle(rest)
        for p in voided + rest:
            need = k.counts[p]
            if need == 0:
                continue
            with np.errstate(divide="ignore"):
                keys = np.log(generator.random((rows, len(pool)))) / table[p]
            keys[~free | ~(table[p] > 0)[None, :]] = -np.inf
            chosen = np.argpartition(-keys, need - 1, axis=1)[:, :need]
            ok &= np.isfinite(np.take_along_axis(keys, chosen, axis=1)).all(axis=1)
            free[np.arange(rows)[:, None], chosen] = False
            hands[:, p] = np.bitwise_or.reduce(bits[chosen], axis=1)
        still = []
        for r, d in enumerate(missing):
            if ok[r]:
                deal = [int(h) for h in hands[r]]
                deal[k.seat] = k.hand
                deals[d] = deal
            else:
                still.append(d)
        missing = still
    for d in missing:
        deals[d] = _fill(k, pool, others, rng, constrained)
    return [deal for deal in deals if deal is not None]


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
