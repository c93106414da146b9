# cython: language_level=3
"""What ``ckernel.pyx`` shares with the other compiled kernels: loading a ``Round`` and the open-hands solver
(``solve_round`` with a fresh table; ``solve_again`` keeping the table of the last search, valid only for a
position of the same deal searched for the same root seat)."""

from tricktable.rules.tandem_trick.crules cimport Round


cdef int load_round(Round* r, object position) except -1
cdef void solve_round(Round* r, int root, int misere_bonus, int* out) noexcept
cdef void solve_again(Round* r, int root, int misere_bonus, int* out) noexcept
