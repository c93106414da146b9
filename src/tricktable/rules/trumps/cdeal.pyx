# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""The sampler's card dealing in C: the shuffles and splits of ``sampler.py``'s Python fill, with SplitMix64.

``sampler.py`` decides what each world must hold (the suit make-up of every hand with voids, drawn by counting);
this module only deals the cards: each suit shuffled for the hands with voids, the rest shuffled into the places
that take any card, and the passes between other seats chosen from what their receivers hold.  The tests check
that the worlds replay the game and are drawn uniformly, with this fill and with the Python one.
"""

from libc.stdint cimport uint64_t

from tricktable.rules.trumps.crules cimport __builtin_ctzll, below, tt_cpu_ready

if not tt_cpu_ready():
    raise ImportError("the compiled kernel was built for x86-64 CPUs with POPCNT and BMI2; this one lacks them")


cdef inline void shuffle_ints(int* cards, int count, uint64_t* state) noexcept nogil:
    """Fisher-Yates with SplitMix64."""
    cdef int i, j, tmp
    for i in range(count - 1, 0, -1):
        j = below(state, i + 1)
        tmp = cards[i]
        cards[i] = cards[j]
        cards[j] = tmp


def fill_worlds(list suit_cards, list makeups, list free_sizes, int ordered, unsigned long long seed):
    """Deal the unseen cards of each world: ``suit_cards`` lists the pool's cards of each suit; ``makeups[w]``
    gives, for world ``w``, each constrained place's count per suit; the rest of the cards, shuffled, fill the
    free places of ``free_sizes`` in order.  Per world: the masks of the constrained places then of the free
    places, and the cards of free place ``ordered`` (-1: none) in their random order."""
    cdef int by_suit[4][13]
    cdef int counts[4]
    cdef int rest[52]
    cdef int lefts[4]
    cdef int s, i, j, take, left, n_rest, at, size
    cdef uint64_t state = seed, mask
    cdef list out = []
    for s in range(4):
        counts[s] = len(suit_cards[s])
        if counts[s] > 13:
            raise ValueError("a suit has 13 cards")
    for world_makeup in makeups:
        masks = []
        for s in range(4):
            for i in range(counts[s]):
                by_suit[s][i] = suit_cards[s][i]
            shuffle_ints(by_suit[s], counts[s], &state)
            lefts[s] = counts[s]
        for makeup in world_makeup:
            mask = 0
            for s in range(4):
                take = makeup[s]
                left = lefts[s]
                for i in range(left - take, left):
                    mask |= (<uint64_t>1) << by_suit[s][i]
                lefts[s] = left - take
            masks.append(mask)
        n_rest = 0
        for s in range(4):
            left = lefts[s]
            for i in range(left):
                rest[n_rest] = by_suit[s][i]
                n_rest += 1
        shuffle_ints(rest, n_rest, &state)
        at = 0
        order = []
        for j in range(len(free_sizes)):
            size = free_sizes[j]
            mask = 0
            for i in range(at, at + size):
                mask |= (<uint64_t>1) << rest[i]
                if j == ordered:
                    order.append(rest[i])
            at += size
            masks.append(mask)
        out.append((masks, order))
    return out


def choose_cards(list masks, int count, unsigned long long seed):
    """For each mask, ``count`` of its cards chosen uniformly at random (as a mask)."""
    cdef int cards[64]
    cdef int n, i
    cdef uint64_t state = seed, mask, chosen
    cdef list out = []
    for m in masks:
        mask = m
        n = 0
        while mask:
            cards[n] = __builtin_ctzll(mask)
            mask &= mask - 1
            n += 1
        shuffle_ints(cards, n, &state)
        chosen = 0
        for i in range(min(count, n)):
            chosen |= (<uint64_t>1) << cards[i]
        out.append(chosen)
    return out
