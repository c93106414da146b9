"""Seeded shuffles where each deal is a pure function of the game's seed and the deal's number.

``deal_bits(seed, deal, bits)`` hashes the two numbers (BLAKE2b) into a uniformly random integer, and
``draw(number, population, k)`` reads ``k`` different items off it as the digits of a mixed-radix number.  So
deal 7 of seed 42 is the same cards however many random numbers anything drew before it: dealing late (when
a round is first looked at), cloning a game for search or replaying part of a record never changes a deal.
It is also quicker than seeding a Mersenne Twister for every game.

The draw is uniform up to a total variation of ``(n! / (n - k)!) / 2**bits``: below ``2**-280`` for any deal of
52 cards with the 512 bits used here.
"""

from __future__ import annotations

from hashlib import blake2b

#: Bits of randomness per deal: a whole BLAKE2b digest.
DEAL_BITS = 512


def deal_bits(seed: int, deal: int, bits: int = DEAL_BITS) -> int:
    """A uniformly random integer below ``2**bits`` (``bits`` <= 512) for deal ``deal`` of a game seeded ``seed``."""
    digest = blake2b(b"%d:%d" % (seed, deal), digest_size=64, person=b"tricktable-deal").digest()
    return int.from_bytes(digest, "little") >> (DEAL_BITS - bits)


def draw(number: int, population: int, k: int) -> list[int]:
    """``k`` different items of ``range(population)``, read off ``number`` (a uniform random integer with many
    more bits than ``log2(population! / (population - k)!)``), each equally likely at every position."""
    pool = list(range(population))
    out = [0] * k
    for i in range(k):
        left = population - i
        number, j = divmod(number, left)
        out[i] = pool[j]
        pool[j] = pool[left - 1]
    return out


class DealRandom:
    """The random choices of one deal, read in turn off ``deal_bits(seed, deal)``.

    ``below(n)`` and ``sample(n, k)`` take their digits off the same 512-bit number, so a deal can mix choices
    (a trump suit, then a layout) and stay a pure function of the seed and the deal's number.  A deal may use
    at most ``MAX_BITS`` bits of choices, which keeps every draw uniform to within ``2**-200``.
    """

    MAX_BITS = DEAL_BITS - 200

    __slots__ = ("number", "spent")

    def __init__(self, seed: int, deal: int) -> None:
        self.number = deal_bits(seed, deal)
        self.spent = 1  # the product of the ranges drawn so far

    def _spend(self, outcomes: int) -> None:
        self.spent *= outcomes
        if self.spent.bit_length() > self.MAX_BITS:
            raise ValueError("a deal asked for more randomness than one hash holds")

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)``."""
        self._spend(n)
        self.number, value = divmod(self.number, n)
        return value

    def sample(self, population: int, k: int) -> list[int]:
        """``k`` different items of ``range(population)`` in a uniformly random order."""
        out = []
        pool = list(range(population))
        for i in range(k):
            j = self.below(population - i)
            out.append(pool[j])
            pool[j] = pool[population - i - 1]
        return out

    def shuffled(self, items: list[int]) -> list[int]:
        """``items`` in a uniformly random order (a new list)."""
        return [items[i] for i in self.sample(len(items), len(items))]
