# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""The compiled twin of ``kernel.py``: the same play rules on the same bitmasks, in C.

Built by pip with the machine's C compiler when tricktable is installed.  ``kernel.py`` stays the reference:
``tests/rules/tricks_together/test_kernel.py`` checks that both give the same answers on the same inputs.
Random choices come from SplitMix64 (``kernel.SplitMix64`` is its Python twin), so a seed gives the same
cards here and there.
"""

from libc.stdint cimport uint64_t

cdef extern from *:
    int __builtin_popcountll(unsigned long long) nogil
    int __builtin_ctzll(unsigned long long) nogil

cdef uint64_t SUIT = 0x1FFF
cdef double TO_UNIT = 1.0 / 9007199254740992.0  # 2**-53


cdef inline uint64_t splitmix_next(uint64_t* state) noexcept nogil:
    state[0] += 0x9E3779B97F4A7C15ULL
    cdef uint64_t z = state[0]
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL
    return z ^ (z >> 31)


cdef inline int kth_lowest(uint64_t pool, uint64_t* state) noexcept nogil:
    """The card of ``pool`` at index floor(u * popcount) counting from the lowest, u uniform in [0, 1)."""
    cdef double u = <double>(splitmix_next(state) >> 11) * TO_UNIT
    cdef int k = <int>(u * __builtin_popcountll(pool))
    while k > 0:
        pool &= pool - 1
        k -= 1
    return __builtin_ctzll(pool)


cdef inline uint64_t suit_mask(int suit) noexcept nogil:
    return SUIT << (13 * suit)


cdef void rollout(uint64_t* hands, int n, int trump, int leader, int tricks, uint64_t* state, int* won) noexcept nogil:
    cdef int t, i, seat, card, best, winner, led, suit
    cdef bint best_trump
    cdef uint64_t pool, led_mask
    for t in range(tricks):
        best = kth_lowest(hands[leader], state)
        hands[leader] ^= (<uint64_t>1) << best
        led = best // 13
        led_mask = suit_mask(led)
        best_trump = led == trump
        winner = leader
        seat = leader
        for i in range(n - 1):
            seat = seat + 1 if seat + 1 < n else 0
            pool = hands[seat] & led_mask
            if pool == 0:
                pool = hands[seat]
            card = kth_lowest(pool, state)
            hands[seat] ^= (<uint64_t>1) << card
            suit = card // 13
            if suit == trump:
                if not best_trump or card > best:
                    best = card
                    winner = seat
                    best_trump = True
            elif suit == led and not best_trump and card > best:
                best = card
                winner = seat
        won[winner] += 1
        leader = winner


def random_rollout(list hands, int trump, int leader, int tricks, unsigned long long seed):
    """Play ``tricks`` tricks with random legal cards from SplitMix64(``seed``); each seat's tricks won.

    The same cards as ``kernel.random_rollout(hands, trump, leader, tricks, SplitMix64(seed).random)``."""
    cdef uint64_t held[8]
    cdef int won[8]
    cdef int n = len(hands)
    cdef int p
    cdef uint64_t state = seed
    if not 3 <= n <= 8:
        raise ValueError(f"a rollout needs 3 to 8 hands, not {n}")
    for p in range(n):
        held[p] = hands[p]
        won[p] = 0
    rollout(held, n, trump, leader, tricks, &state, won)
    return [won[p] for p in range(n)]


def random_rollouts(list hands, int trump, int leader, int tricks, unsigned long long seed, int count):
    """``count`` rollouts one after the other from one generator; the tricks each seat won, summed.

    Rollout ``i`` makes the same choices as ``random_rollout`` would after the ``i`` before it."""
    cdef uint64_t start[8]
    cdef uint64_t held[8]
    cdef int won[8]
    cdef long long total[8]
    cdef int n = len(hands)
    cdef int p, r
    cdef uint64_t state = seed
    if not 3 <= n <= 8:
        raise ValueError(f"a rollout needs 3 to 8 hands, not {n}")
    for p in range(n):
        start[p] = hands[p]
        total[p] = 0
    with nogil:
        for r in range(count):
            for p in range(n):
                held[p] = start[p]
                won[p] = 0
            rollout(held, n, trump, leader, tricks, &state, won)
            for p in range(n):
                total[p] += won[p]
    return [total[p] for p in range(n)]
