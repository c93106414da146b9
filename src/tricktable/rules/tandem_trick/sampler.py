"""Deals of the cards a seat has not seen, consistent with everything its view shows, drawn exactly uniformly.

A consistent deal gives every other seat exactly as many cards as it holds, with its card backs: for each colour
as many 8-11 cards as its backs show, and as many plain (0-7) cards as it holds plain backs (ruling TD-R3); and
no card of a colour it has shown it lacks.  The unseen cards are exactly the other hands (the whole deck is
dealt), so the deals split them:

* **8-11 cards.**  The backs fix how many of each colour each seat holds, and a seat never lacks a colour whose
  backs it shows, so each colour's unseen 8-11 cards are shuffled and cut by those counts.
* **Plain cards.**  Only the total per seat is known, and a void bars a colour.  Without voids all the plain
  cards are shuffled together and cut by the counts.  With one, ``PlainSplits`` counts, for every colour in
  turn and every way of splitting its plain cards among the seats, the deals that complete it (exact
  integers), and draws each colour's split with that weight before shuffling its cards.

Together this draws every consistent deal with the same probability.  Beliefs — which deals are *likely*,
given the bids and the plays — belong to the bots, which weight these deals.
"""

from __future__ import annotations

import random
from bisect import bisect_right
from functools import lru_cache
from itertools import accumulate
from math import factorial

from tricktable.core.cards import bit_list
from tricktable.rules.tandem_trick.cards import HIGH_MASKS, SUIT_MASKS
from tricktable.rules.tandem_trick.knowledge import Knowledge


def _splits(total: int, caps: tuple[int, ...], allowed: tuple[bool, ...]) -> list[tuple[int, ...]]:
    """Every way to give ``total`` cards to the seats, at most ``caps[i]`` to seat ``i``, none where barred."""
    if not caps:
        return [()] if total == 0 else []
    out = []
    top = min(total, caps[0]) if allowed[0] else 0
    for k in range(top + 1):
        for rest in _splits(total - k, caps[1:], allowed[1:]):
            out.append((k, *rest))
    return out


class PlainSplits:
    """How many plain cards of each colour go to each seat, drawn with the number of deals behind each split.

    ``sizes[c]``: the unseen plain cards of colour ``c``; ``needs[i]``: plain cards seat ``i`` holds;
    ``allowed[c][i]``: seat ``i`` may hold colour ``c``."""

    def __init__(self, sizes: list[int], needs: list[int], allowed: list[tuple[bool, ...]]) -> None:
        self.sizes = sizes
        self.allowed = allowed
        self.needs = tuple(needs)
        self.ways = lru_cache(maxsize=None)(self._ways)
        self.tables: dict[tuple[int, tuple[int, ...]], tuple[list[tuple[int, ...]], list[int]]] = {}
        if sum(sizes) != sum(needs) or self.ways(0, self.needs) == 0:
            raise ValueError("no deal of the unseen cards fits what this seat has seen")

    def _ways(self, colour: int, left: tuple[int, ...]) -> int:
        """Deals of colours ``colour``... that fill exactly ``left`` plain cards per seat."""
        if colour == len(self.sizes):
            return 1 if not any(left) else 0
        size = self.sizes[colour]
        total = 0
        for split in _splits(size, left, self.allowed[colour]):
            rest = tuple(a - b for a, b in zip(left, split))
            after = self.ways(colour + 1, rest)
            if after:
                total += self._arrangements(size, split) * after
        return total

    @staticmethod
    def _arrangements(size: int, split: tuple[int, ...]) -> int:
        out = factorial(size)
        for k in split:
            out //= factorial(k)
        return out

    def _table(self, colour: int, left: tuple[int, ...]) -> tuple[list[tuple[int, ...]], list[int]]:
        key = (colour, left)
        found = self.tables.get(key)
        if found is None:
            splits, weights = [], []
            for split in _splits(self.sizes[colour], left, self.allowed[colour]):
                rest = tuple(a - b for a, b in zip(left, split))
                w = self._arrangements(self.sizes[colour], split) * self.ways(colour + 1, rest)
                if w:
                    splits.append(split)
                    weights.append(w)
            found = (splits, list(accumulate(weights)))
            self.tables[key] = found
        return found

    def draw(self, rng: random.Random) -> list[tuple[int, ...]]:
        """One split per colour: ``result[c][i]`` plain cards of colour ``c`` for seat ``i``."""
        left = self.needs
        out = []
        for colour in range(len(self.sizes)):
            splits, cumulative = self._table(colour, left)
            # Exact integer weights: draw below their total, never through a float.
            pick = bisect_right(cumulative, rng.randrange(cumulative[-1]))
            split = splits[pick]
            out.append(split)
            left = tuple(a - b for a, b in zip(left, split))
        return out


class Sampler:
    """Draws deals consistent with one seat's knowledge (set up once per view, then as many deals as wanted)."""

    def __init__(self, knowledge: Knowledge) -> None:
        k = knowledge
        self.knowledge = k
        self.others = [p for p in range(k.players) if p != k.seat]
        colours = len(k.backs[k.seat])
        unseen = k.unseen
        self.high = [bit_list(unseen & HIGH_MASKS[c]) for c in range(colours)]
        self.plain = [bit_list(unseen & SUIT_MASKS[c] & ~HIGH_MASKS[c]) for c in range(colours)]
        self.all_plain = [card for cards in self.plain for card in cards]
        for c in range(colours):
            if len(self.high[c]) != sum(k.backs[p][c] for p in self.others):
                raise ValueError("the card backs shown do not match the unseen cards")
        allowed = [tuple(not k.voids[p] >> c & 1 for p in self.others) for c in range(colours)]
        # Without a void among the others, any split of the plain cards is as likely as its arrangements say,
        # and shuffling them all together and cutting by the counts draws exactly that.
        self.free = all(all(row) for row in allowed)
        needs = [k.plain[p] for p in self.others]
        if self.free and len(self.all_plain) != sum(needs):
            raise ValueError("no deal of the unseen cards fits what this seat has seen")
        self.splits = None if self.free else PlainSplits([len(cards) for cards in self.plain], needs, allowed)

    def draw(self, rng: random.Random) -> list[int]:
        """One deal: every seat's hand now (this seat's own as it is)."""
        k = self.knowledge
        hands = [0] * k.players
        hands[k.seat] = k.hand
        for c, cards in enumerate(self.high):
            if cards:
                shuffled = rng.sample(cards, len(cards))
                at = 0
                for p in self.others:
                    for card in shuffled[at : at + k.backs[p][c]]:
                        hands[p] |= 1 << card
                    at += k.backs[p][c]
        if self.free:
            shuffled = rng.sample(self.all_plain, len(self.all_plain))
            at = 0
            for p in self.others:
                for card in shuffled[at : at + k.plain[p]]:
                    hands[p] |= 1 << card
                at += k.plain[p]
            return hands
        assert self.splits is not None
        for c, split in enumerate(self.splits.draw(rng)):
            cards = self.plain[c]
            if cards:
                shuffled = rng.sample(cards, len(cards))
                at = 0
                for i, p in enumerate(self.others):
                    for card in shuffled[at : at + split[i]]:
                        hands[p] |= 1 << card
                    at += split[i]
        return hands


def sample_deals(knowledge: Knowledge, count: int, rng: random.Random) -> list[list[int]]:
    """``count`` deals, each a list of every seat's hand now (this seat's own as it is), uniform among the
    consistent ones."""
    sampler = Sampler(knowledge)
    return [sampler.draw(rng) for _ in range(count)]
