# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""The learned position value's inputs (``position_value.inputs``) for many sampled worlds and cards at once.

``position_value.py`` is the readable reference; the tests check that both give the same inputs.
"""

import numpy as np

from libc.stdint cimport uint64_t

from tricktable.bots.tricks_together.cteam cimport MAXP, MAXTRICK, rollout
from tricktable.rules.tricks_together.crules cimport __builtin_popcountll, beats_card, top_card

cdef enum:
    LONGEST = 7
    FEATURES = 22
    HIGH = 0x1C00


cdef inline int bit_length(uint64_t x) noexcept nogil:
    return top_card(x) + 1 if x else 0


cdef bint position_inputs(uint64_t* hands, int n, int trump, int leader, const int* table, int tlen,
                          const int* targets, const int* won, int left, uint64_t gone, int card, bint made,
                          float* x) noexcept nogil:
    """``inputs`` of the position after the seat to play plays ``card`` (``hands`` before it, and changed); False
    when the card ends the round."""
    cdef int trick[MAXTRICK]
    cdef int wins[MAXP]
    cdef int need[MAXP]
    cdef int top[MAXP]
    cdef int trumps[MAXP]
    cdef int top_trumps[MAXP]
    cdef int i, p, suit, best, winner, led, count, done = 0, musts = 0, needing = 0, largest = -99
    cdef int lacking = 0, spare = 0, high = 0, all_trumps = 0, done_trumps = 0, done_top = 0, seat
    cdef uint64_t every = 0, mine, others
    seat = (leader + tlen) % n
    hands[seat] ^= (<uint64_t>1) << card
    for i in range(tlen):
        trick[i] = table[i]
    trick[tlen] = card
    tlen += 1
    for p in range(n):
        wins[p] = won[p]
    if tlen == n:
        led, best, winner = trick[0] // 13, trick[0], leader
        for i in range(1, n):
            if beats_card(trick[i], best, led, trump):
                best, winner = trick[i], (leader + i) % n
        wins[winner] += 1
        leader, tlen, left = winner, 0, left - 1
    if left == 0:
        return False
    for p in range(n):
        every |= hands[p]
    for p in range(n):
        need[p] = targets[p] - wins[p]
        top[p] = trumps[p] = top_trumps[p] = 0
        for suit in range(4):
            mine = (hands[p] >> (13 * suit)) & 0x1FFF
            if not mine:
                continue
            others = ((every & ~hands[p]) >> (13 * suit)) & 0x1FFF
            count = __builtin_popcountll(mine >> bit_length(others))
            top[p] += count
            if suit == trump:
                trumps[p], top_trumps[p] = __builtin_popcountll(mine), count
        if need[p] == 0:
            done += 1
            done_trumps += trumps[p]
            done_top += top[p]
            for suit in range(4):
                high += __builtin_popcountll((hands[p] >> (13 * suit)) & HIGH)
        musts += need[p] == left
        needing += need[p] > 0
        if need[p] > largest:
            largest = need[p]
        all_trumps += trumps[p]
        if need[p] - top[p] - (trumps[p] - top_trumps[p]) > 0:
            lacking += need[p] - top[p] - (trumps[p] - top_trumps[p])
        if top[p] - need[p] > 0:
            spare += top[p] - need[p]
    for i in range(LONGEST):
        x[i] = 0.0
    x[(left if left < LONGEST else LONGEST) - 1] = 1.0
    x[7] = made
    x[8] = <float>tlen / n
    x[9] = n / 5.0
    x[10] = <float>done / n
    x[11] = <float>musts / n
    x[12] = <float>largest / left
    x[13] = <float>needing / n
    x[14] = <float>all_trumps / (left * n)
    x[15] = <float>done_trumps / left
    x[16] = <float>done_top / left
    x[17] = <float>lacking / left
    x[18] = <float>spare / left
    x[19] = trump >= 0
    x[20] = <float>high / left
    x[21] = need[(leader + tlen) % n] > 0
    return True


def value_inputs(list worlds, list targets, int trump, int leader, list table, list won, int left, uint64_t gone,
                 list candidates):
    """For each world and each candidate card of the seat to play (worlds x cards rows, a world's cards
    together): the position value's inputs after the card, and whether the card ends the round (settled: its
    row is left at zero)."""
    cdef int w, p, i, m = len(candidates), tlen = len(table), count = len(worlds)
    cdef int n = len(worlds[0]) if worlds else 0
    cdef int tg[MAXP]
    cdef int wn[MAXP]
    cdef int trick[MAXTRICK]
    cdef uint64_t held[MAXP]
    cdef uint64_t dealt[MAXP]
    cdef bint made
    x = np.zeros((count * m, FEATURES), dtype=np.float32)
    settled = np.zeros(count * m, dtype=np.uint8)
    cdef float[:, ::1] xs = x
    cdef unsigned char[::1] ends = settled
    if n > MAXP or tlen >= n > 0:
        raise ValueError("too many players, or no card to play to a full trick")
    for i in range(tlen):
        trick[i] = table[i]
    for p in range(n):
        wn[p] = won[p]
    for w in range(count):
        hands, tw = worlds[w], targets[w]
        for p in range(n):
            dealt[p] = hands[p]
            tg[p] = tw[p]
        for i in range(m):
            for p in range(n):
                held[p] = dealt[p]
            made = rollout(held, n, trump, leader, trick, tlen, tg, wn, left, gone, candidates[i])
            for p in range(n):
                held[p] = dealt[p]
            if not position_inputs(held, n, trump, leader, trick, tlen, tg, wn, left, gone, candidates[i], made,
                                   &xs[w * m + i, 0]):
                ends[w * m + i] = 1
    return x, settled.view(bool)
