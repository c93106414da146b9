# cython: language_level=3
"""What other kernels may ``cimport`` from ``cteam``: the blueprint's play-out of one world."""

from libc.stdint cimport uint64_t

cdef enum:
    MAXP = 8
    MAXTRICK = 8

cdef bint rollout(uint64_t* hands, int n, int trump, int leader, const int* table, int tlen, const int* targets,
                  const int* won, int left, uint64_t gone, int first) noexcept nogil
