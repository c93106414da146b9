"""Tricks Together rollouts in batches: many random play-outs of one dealt round at once with numpy.

The same rules and the same choices as ``kernel.random_rollout`` — each seat plays the k-th lowest
of its legal cards with ``k = floor(u * legal_count)`` for a uniform ``u`` — but every rollout of the batch is
one row of an array, so the interpreter's cost is paid once per card step rather than once per card.  Given
the same uniforms, a row here and a call there pick exactly the same cards (the tests check it).
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from tricktable.core.cards import SUIT_MASKS

U64 = np.uint64
_ONE = U64(1)


def _pick(pool: npt.NDArray[np.uint64], uniforms: npt.NDArray[np.float64]) -> npt.NDArray[np.uint64]:
    """Per row, the bit of the k-th lowest set bit of ``pool`` with ``k = floor(u * popcount)``."""
    counts = np.bitwise_count(pool)
    k = (uniforms * counts).astype(np.int64)
    for _ in range(int(k.max(initial=0))):
        lowest = pool & (~pool + _ONE)
        pool = np.where(k > 0, pool ^ lowest, pool)
        k -= 1
    return pool & (~pool + _ONE)


def batch_rollouts(
    hands: list[int],
    trump: int,
    leader: int,
    tricks: int,
    uniforms: npt.NDArray[np.float64],
) -> npt.NDArray[np.int64]:
    """Play ``tricks`` tricks in every row of ``uniforms`` (shape ``(batch, tricks * players)``).

    Returns the tricks won, shape ``(batch, players)``.  ``trump`` is a suit 0..3 or -1 for none.
    """
    players = len(hands)
    batch = uniforms.shape[0]
    rows = np.arange(batch)
    # Seat-major and flat: seat p of row r is element p * batch + r, so a gather is one 1-D take.
    held = np.repeat(np.array(hands, dtype=U64), batch)
    won = np.zeros((batch, players), dtype=np.int64)
    lead_seat = np.full(batch, leader, dtype=np.int64)
    suit_masks = np.array(SUIT_MASKS, dtype=U64)
    step = 0
    for _ in range(tricks):
        led = best = winner = best_trump = led_mask = None
        for offset in range(players):
            seat = (lead_seat + offset) % players
            where = seat * batch + rows
            hand = held[where]
            if offset == 0:
                pool = hand
            else:
                assert led_mask is not None
                follow = hand & led_mask
                pool = np.where(follow != 0, follow, hand)
            bit = _pick(pool, uniforms[:, step])
            step += 1
            held[where] = hand ^ bit
            card = np.bitwise_count(bit - _ONE).astype(np.int64)  # the index of the single set bit
            suit = card // 13
            if offset == 0:
                led, best, winner = suit, card, seat
                best_trump = suit == trump
                led_mask = suit_masks[led]
                continue
            assert best is not None and best_trump is not None and winner is not None
            is_trump = suit == trump
            higher = card > best
            beats = np.where(is_trump, ~best_trump | higher, (suit == led) & ~best_trump & higher)
            best = np.where(beats, card, best)
            winner = np.where(beats, seat, winner)
            best_trump = best_trump | (beats & is_trump)
        assert winner is not None
        won[rows, winner] += 1  # one winner per row, so no index repeats
        lead_seat = winner
    return won
