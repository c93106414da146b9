# cython: language_level=3
"""The blueprint in C and the table it plays on (``cbot.pyx``), for the batch loops to ``cimport``."""

from libc.stdint cimport uint64_t

cdef enum:
    MAXP = 8
    MAXC = 32
    ACE = 12
    KING = 11
    QUEEN = 10
    JACK = 9


cdef struct Table:
    int n
    int dealer
    int side_of[MAXP]
    int partner[MAXP]
    int own[MAXP]             # each seat's indicator card
    int declared[MAXP]        # per side
    uint64_t hands[MAXP]
    uint64_t played           # every card played this hand, the starter card included
    int tlen                  # cards on the table, the starter card counted
    int plays                 # seats that have played to this trick
    int tseat[MAXP + 1]
    int tcard[MAXP + 1]
    int tflag[MAXP + 1]
    int next                  # the seat to play
    int won[MAXP]


cdef int bp_mark(uint64_t hand) noexcept nogil
cdef uint64_t bp_pass(uint64_t hand, int own_suit, int count) noexcept nogil
cdef int bp_play(Table* t, int seat) noexcept nogil
cdef void apply(Table* t, int seat, int card, int declaring) noexcept nogil
cdef void playout(Table* t) noexcept nogil
cdef void start_play(Table* t, int starter) noexcept nogil
