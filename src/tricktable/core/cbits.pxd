# cython: language_level=3
"""C helpers every compiled kernel shares: bit counts, PEXT, a small random generator, and the CPU check.

``cimport`` what you need from ``tricktable.core.cbits``.  The kernels are built with POPCNT and BMI2 on x86-64
(``setup.py``); every kernel calls ``tt_cpu_ready()`` when it is imported and refuses to load on a CPU without
them, so the engine falls back to its Python kernels instead of crashing.
"""

from libc.stdint cimport uint64_t

cdef extern from *:
    int __builtin_popcountll(unsigned long long) nogil
    int __builtin_ctzll(unsigned long long) nogil
    int __builtin_clzll(unsigned long long) nogil


# The kernels are built with POPCNT and BMI2 on x86-64 (setup.py); ``tt_cpu_ready`` tells whether this CPU has
# them, and every kernel checks it when imported, before any of its code runs.
cdef extern from *:
    """
    #include <stdint.h>
    #if defined(__x86_64__) && defined(__GNUC__) && defined(__BMI2__)
    #include <immintrin.h>
    static inline uint64_t tt_pext(uint64_t value, uint64_t mask) { return _pext_u64(value, mask); }
    static int tt_cpu_ready(void) {
        __builtin_cpu_init();
        return __builtin_cpu_supports("bmi2") && __builtin_cpu_supports("popcnt");
    }
    #else
    static inline uint64_t tt_pext(uint64_t value, uint64_t mask) {
        uint64_t out = 0;
        int k = 0;
        while (mask) {
            if (value & mask & (~mask + 1)) out |= (uint64_t)1 << k;
            k++;
            mask &= mask - 1;
        }
        return out;
    }
    static int tt_cpu_ready(void) { return 1; }
    #endif
    """
    uint64_t tt_pext(uint64_t value, uint64_t mask) nogil
    int tt_cpu_ready()


cdef inline int kth_bit(uint64_t mask, int k) noexcept nogil:
    """The ``k``-th lowest set bit of ``mask`` (from 0): the ``k``-th lowest card of a set (``core.cards.kth_bit``)."""
    while k > 0:
        mask &= mask - 1
        k -= 1
    return __builtin_ctzll(mask)


cdef inline uint64_t splitmix_next(uint64_t* state) noexcept nogil:
    state[0] += 0x9E3779B97F4A7C15ULL
    cdef uint64_t z = state[0]
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL
    return z ^ (z >> 31)


cdef inline int below(uint64_t* state, int n) noexcept nogil:
    """A random integer in range(n) (multiply-shift; bias below 2**-50 for the n used here)."""
    return <int>(((splitmix_next(state) >> 11) * <uint64_t>n) >> 53)
