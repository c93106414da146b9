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
