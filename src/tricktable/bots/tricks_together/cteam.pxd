# cython: language_level=3
"""What other kernels may ``cimport`` from ``cteam``: the blueprint's card and play-out of one world, and the small
helpers on card sets they are made of."""

from libc.stdint cimport uint64_t

from tricktable.rules.tricks_together.crules cimport above, low_card, suit_mask, top_card

cdef enum:
    MAXP = 8
    MAXTRICK = 8

cdef bint rollout(uint64_t* hands, int n, int trump, int leader, const int* table, int tlen, const int* targets,
                  const int* won, int left, uint64_t gone, int first) noexcept nogil

cdef int coop_card(int seat, uint64_t hand, const int* trick, int tlen, int best, int winner, const int* need,
                   int left, uint64_t gone, int trump, int n) noexcept nogil


cdef inline int lowest_by_rank(uint64_t mask, int trump) noexcept nogil:
    """The weakest card: the lowest rank among plain cards (a trump only if nothing else), first suit on ties."""
    cdef uint64_t plain = mask & ~suit_mask(trump) if trump >= 0 else mask
    cdef uint64_t pool = plain if plain else mask
    cdef int best = -1, best_rank = 99, suit, r
    cdef uint64_t s
    for suit in range(4):
        s = (pool >> (13 * suit)) & 0x1FFF
        if s:
            r = low_card(s)
            if r < best_rank:
                best, best_rank = 13 * suit + r, r
    return best


cdef inline int highest_by_strength(uint64_t mask, int trump) noexcept nogil:
    """The strongest card: the top trump if any, else the highest rank, first suit on ties."""
    cdef int best = -1, best_rank = -1, suit, r
    cdef uint64_t s
    if trump >= 0 and mask & suit_mask(trump):
        return top_card(mask & suit_mask(trump))
    for suit in range(4):
        s = (mask >> (13 * suit)) & 0x1FFF
        if s:
            r = top_card(s)
            if r > best_rank:
                best, best_rank = 13 * suit + r, r
    return best


cdef inline uint64_t beaters(uint64_t pool, int best, int led, int trump) noexcept nogil:
    """The cards of ``pool`` (a legal set) that would beat the trick's best card ``best``."""
    cdef int bsuit = best // 13
    cdef uint64_t out
    if bsuit == trump:
        return pool & above(best)
    out = pool & above(best) if bsuit == led else 0
    if trump >= 0:
        out |= pool & suit_mask(trump)
    return out


cdef inline bint is_sure(int card, uint64_t unseen, int trump) noexcept nogil:
    """Can no card this seat has not seen beat ``card``?  (A plain card also fears any unseen trump.)"""
    if above(card) & unseen:
        return False
    return card // 13 == trump or trump < 0 or not (unseen & suit_mask(trump))
