# cython: language_level=3
"""Inline C helpers on Secret Trumps bitmasks, shared by the compiled kernels (``cimport`` this file).

A card is ``suit * 9 + rank - 1`` (``cards.py``), a set of cards a 64-bit mask.  ``Trumps`` is
``kernel.RoundTrumps`` as a C struct: each card's trump key (0 plain, 11..19 trump suit, 50 trump rank, 100
the super trump), every trump of either kind, and per suit the plain cards that follow a lead of it.
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

cdef enum:
    NCARDS = 36
    SUPER_KEY = 100
    RANK_KEY = 50
    SUIT_KEY = 10


cdef struct Trumps:
    int suit             # 0..3, or -1 for none
    int rank             # 1..9, or 0 for none
    int key[36]
    uint64_t trump_mask
    uint64_t plain[4]


cdef inline uint64_t suit_mask(int suit) noexcept nogil:
    return (<uint64_t>0x1FF) << (9 * suit)


cdef inline uint64_t rank_mask(int rank) noexcept nogil:
    """The four cards of ``rank`` (1..9); empty for 0, no trump rank."""
    if rank <= 0:
        return 0
    return (<uint64_t>1 | (<uint64_t>1 << 9) | (<uint64_t>1 << 18) | (<uint64_t>1 << 27)) << (rank - 1)


cdef inline void trumps_init(Trumps* t, int suit, int rank) noexcept nogil:
    """The tables of ``kernel.RoundTrumps(suit, rank)``."""
    cdef int c, s, r
    cdef uint64_t ranks = rank_mask(rank)
    t.suit = suit
    t.rank = rank
    t.trump_mask = ranks | (suit_mask(suit) if suit >= 0 else 0)
    for s in range(4):
        t.plain[s] = 0 if s == suit else suit_mask(s) & ~ranks
    for c in range(NCARDS):
        s = c // 9
        r = c % 9 + 1
        if r == rank:
            t.key[c] = SUPER_KEY if s == suit else RANK_KEY
        elif s == suit:
            t.key[c] = SUIT_KEY + r
        else:
            t.key[c] = 0


cdef inline uint64_t legal_cards(const Trumps* t, uint64_t hand, int led) noexcept nogil:
    """The cards of ``hand`` that may be played to a trick led by card ``led`` (-1: leading)."""
    cdef uint64_t follow
    if led < 0:
        return hand
    follow = hand & (t.trump_mask if t.key[led] else t.plain[led // 9])
    return follow if follow else hand


cdef inline int trick_winner(const int* cards, int count, const int* key) noexcept nogil:
    """Index of the winning card among ``cards`` in play order (``kernel.trick_winner``)."""
    cdef int first = cards[0]
    cdef int best_key = key[first]
    cdef int best = 0, led = -1, i, c, k
    cdef bint trump_best = best_key != 0
    if not trump_best:
        led = first // 9
        best_key = first % 9 + 1
    for i in range(1, count):
        c = cards[i]
        k = key[c]
        if k:
            if not trump_best or k > best_key:
                best = i
                best_key = k
                trump_best = True
        elif not trump_best and c // 9 == led and c % 9 + 1 > best_key:
            best = i
            best_key = c % 9 + 1
    return best


cdef inline int low_card(uint64_t mask) noexcept nogil:
    return __builtin_ctzll(mask)


cdef inline int top_card(uint64_t mask) noexcept nogil:
    return 63 - __builtin_clzll(mask)


cdef inline int suit_bits(uint64_t cards) noexcept nogil:
    """The 4-bit mask of the printed suits among ``cards``."""
    cdef int s, out = 0
    for s in range(4):
        if cards & suit_mask(s):
            out |= 1 << s
    return out


# ----- goals and outcomes (``solver.goal_met`` and ``solver.outcome_of``) -----------------------------------

cdef enum:
    EXACT = 0
    MOST = 1
    FEWEST = 2
    LAST = 3
    NO_SUIT = 4
    NO_GOAL = -1


cdef inline bint goal_met(int code, int seat, int n, const int* won, const int* suits, int last) noexcept nogil:
    """Whether ``seat`` meets goal ``code`` (``kind * 16 + parameter``): ``solver.goal_met``."""
    cdef int kind = code >> 4, value = code & 15, q
    if kind == EXACT:
        return won[seat] == value
    if kind == MOST:
        for q in range(n):
            if q != seat and won[q] >= won[seat]:
                return False
        return True
    if kind == FEWEST:
        for q in range(n):
            if q != seat and won[q] <= won[seat]:
                return False
        return True
    if kind == LAST:
        return last == seat
    return not (suits[seat] >> value) & 1


cdef inline int outcome_of(const int* goals, int n, int start, const int* won, const int* suits, int last) noexcept nogil:
    """The round's outcome mask: bit p when seat p crosses off a goal (``solver.outcome_of``)."""
    cdef int p, mask = 0
    cdef bint steal = False
    for p in range(n):
        if p == start or goals[p] < 0:
            continue
        if goal_met(goals[p], p, n, won, suits, last):
            mask |= 1 << p
        elif goal_met(goals[p], start, n, won, suits, last):
            steal = True
    if steal:
        mask |= 1 << start
    return mask
