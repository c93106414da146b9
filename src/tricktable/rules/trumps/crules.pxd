# cython: language_level=3
"""Inline C helpers on Trumps bitmasks, shared by the compiled kernels (``cimport`` this file).

A card is ``suit * 13 + rank``, a hand a 64-bit mask; a suit or seat of -1 means none.  They state the play
rules of ``kernel.py`` (the reference) once more, in C.
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


cdef inline uint64_t plain_legal(uint64_t hand, int led, int trump) noexcept nogil:
    """The cards ``hand`` may play without declaring: follow ``led`` if possible, else the side's declared
    ``trump`` if it holds one (the compulsory ruff), else anything (``kernel.legal_masks``)."""
    cdef uint64_t plays
    if led < 0:
        return hand
    plays = hand & suit_mask(led)
    if plays:
        return plays
    if trump >= 0:
        plays = hand & suit_mask(trump)
        if plays:
            return plays
    return hand


cdef inline uint64_t declare_legal(uint64_t hand, int led, int trump, int own) noexcept nogil:
    """The cards ``hand`` may declare with: an undeclared side, the indicator's suit ``own``, and a legal play
    of it now (leading, that suit led, or none of the led suit held)."""
    if trump >= 0 or own < 0:
        return 0
    if led < 0 or led == own or not (hand & suit_mask(led)):
        return hand & suit_mask(own)
    return 0


cdef inline int top_card(uint64_t mask) noexcept nogil:
    return 63 - __builtin_clzll(mask)


cdef inline int low_card(uint64_t mask) noexcept nogil:
    return __builtin_ctzll(mask)
