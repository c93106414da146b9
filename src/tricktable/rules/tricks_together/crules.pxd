# cython: language_level=3
"""Inline C helpers on Tricks Together bitmasks, shared by the compiled kernels (``cimport`` this file).

A card is ``suit * 13 + rank``, a hand a 64-bit mask; ``trump`` is a suit or -1.
"""

from libc.stdint cimport uint64_t

from tricktable.core.cbits cimport (
    __builtin_clzll,
    __builtin_ctzll,
    __builtin_popcountll,
    below,
    splitmix_next,
    tt_cpu_ready,
)


cdef inline uint64_t suit_mask(int suit) noexcept nogil:
    return (<uint64_t>0x1FFF) << (13 * suit)


cdef inline uint64_t legal_of(uint64_t hand, int led) noexcept nogil:
    """The cards of ``hand`` that may be played to a trick led in ``led`` (-1: this seat leads)."""
    cdef uint64_t follow
    if led < 0:
        return hand
    follow = hand & suit_mask(led)
    return follow if follow else hand


cdef inline int beats_card(int card, int best, int led, int trump) noexcept nogil:
    """Does ``card`` beat ``best``, the trick's winning card so far?"""
    cdef int suit = card // 13
    if suit == trump:
        return best // 13 != trump or card > best
    return suit == led and best // 13 != trump and card > best


cdef inline uint64_t above(int card) noexcept nogil:
    """The cards of ``card``'s suit ranked above it."""
    return suit_mask(card // 13) & ~(((<uint64_t>2) << card) - 1)


cdef inline int top_card(uint64_t mask) noexcept nogil:
    return 63 - __builtin_clzll(mask)


cdef inline int low_card(uint64_t mask) noexcept nogil:
    return __builtin_ctzll(mask)
