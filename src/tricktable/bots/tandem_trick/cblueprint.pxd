# cython: language_level=3
"""What ``cblueprint.pyx`` shares with the other compiled kernels: the blueprint's move, and a round played out."""

from tricktable.rules.tandem_trick.crules cimport Round


cdef int blueprint(Round* r) noexcept nogil
cdef void play_out(Round* r) noexcept nogil
