"""SplitMix64, the random generator of the compiled kernels (``core/cbits.pxd``: ``splitmix_next``, ``below``),
in Python.

The kernels draw their random choices from it because it is one add and three multiply-xors in C; the Python
references draw from this twin, so a pure and a compiled play-out given the same seed can be checked card for
card (Steele, Lea and Flood, "Fast splittable pseudorandom number generators", 2014).
"""

from __future__ import annotations

MASK64 = (1 << 64) - 1
#: The generator's step, the odd 64-bit constant nearest 2**64 / golden ratio.
GOLDEN_GAMMA = 0x9E3779B97F4A7C15


class SplitMix64:
    """``SplitMix64(seed)``: ``next()`` 64 random bits, ``below(n)`` an integer in ``range(n)`` and ``random()`` a
    float in [0, 1), each the same as the compiled kernels draw from the same state."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & MASK64

    def next(self) -> int:
        self.state = (self.state + GOLDEN_GAMMA) & MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A random integer in ``range(n)`` (multiply-shift on the top 53 bits, as ``cbits.below``)."""
        return ((self.next() >> 11) * n) >> 53

    def random(self) -> float:
        """A uniform float in [0, 1) from the top 53 bits of the next output."""
        return (self.next() >> 11) * (1.0 / (1 << 53))
