# cython: language_level=3
"""The Secret Trumps blueprint in C (``cplay.pyx``), as other compiled modules ``cimport`` it (``csearch.pyx``).

``Deal`` is ``picking.Picking`` and ``Table`` is ``blueprint.Play``, as C structs; hands are 64-bit masks of
cards ``suit * 9 + rank - 1``, goals are the codes of ``solver.goal_code`` (-1: none), trumps a hypothesis
index ``(suit + 1) * 10 + rank``.
"""

from libc.stdint cimport uint64_t

cdef enum:
    MAXP = 4
    MAXGOALS = 8
    NROWS = 9


cdef struct Deal:
    int n
    int start
    int truth
    uint64_t hyps              # the hypotheses the hints of the first ``hinted`` rows leave
    int hinted
    int face[NROWS][4]         # per row, its face-up cards
    int face_count[NROWS]
    int pick_seat[NROWS][4]    # per row, (seat, card) in pick order
    int pick_card[NROWS][4]
    int pick_count[NROWS]
    int open_goals[MAXP][MAXGOALS]
    int open_count[MAXP]
    int plans[MAXP]


cdef struct Table:
    int n
    int truth
    int start
    int aim
    int leader
    int count                  # cards on the table
    int done                   # tricks finished
    int goals[MAXP]
    int trick[MAXP]
    int won[MAXP]
    uint64_t hands[MAXP]
    uint64_t captured[MAXP]


cdef int playout(Table* t, uint64_t* rng, int noise) noexcept nogil
cdef int simulate(const Deal* d, uint64_t* rng, int noise) noexcept nogil
cdef void final_hands(const Deal* d, uint64_t* rng, int noise, uint64_t* hands) noexcept nogil
cdef int start_aim(int start, int n, const int* goals, const uint64_t* hands, int truth, uint64_t in_play) noexcept nogil
cdef uint64_t deal_in_play(const Deal* d) noexcept nogil
cdef uint64_t stream_seed(uint64_t seed, uint64_t index) noexcept nogil
