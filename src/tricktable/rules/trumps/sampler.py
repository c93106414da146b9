"""Whole worlds of a Trumps hand consistent with everything one seat's view shows.

A world places every card the seat has not seen: the other hands now, the face-down indicators, the cards still
on their way in a pass, the passes the seat did not take part in, and the leftovers.  It is consistent when the
hand's public history replays from it move for move and shows the seat exactly its view: every seat holds the
cards it holds now, none of a suit it has shown it lacks (not following, or not ruffing once its side declared),
the cards this seat passed sit with the seat it passed them to until played, the declared indicators are the
cards turned up, and each seat's pass came out of its own hand and went into the next seat's along the hand's
direction.  ``dealt_hands`` turns a world back into the deal it started from.

Worlds are drawn exactly uniformly among the consistent ones: the suit make-up of the hands with voids by
counting the placings each make-up allows (``_Counter``), then the cards of each suit at random, and the rest
of the unseen cards at random into the places that take any card.  The passes between two other seats are
drawn uniformly from what the receiver has held since.  Beliefs — which worlds are *likely*, given how the
others chose — belong to the bots, which weight these worlds.
"""

from __future__ import annotations

import random
from bisect import bisect_right
from dataclasses import dataclass
from functools import lru_cache
from math import factorial

from tricktable.core.cards import bit_list
from tricktable.rules.trumps.compiled import CDEAL
from tricktable.rules.trumps.kernel import NONE
from tricktable.rules.trumps.knowledge import Knowledge


@dataclass
class World:
    """Every card of one hand placed: a deal of the unseen cards and the hidden choices made from it."""

    hands: list[int]  #: each seat's cards now
    indicators: list[int]  #: each seat's indicator card (``NONE`` before it marks)
    passed: list[int]  #: the cards each seat passed (0 before it passes)
    extra: list[int]  #: the leftovers, top first (the first is the starter card)


@dataclass
class _Slot:
    """A place for hidden cards: a hand (which may have voids), an indicator, a pass in transit, the leftovers."""

    owner: int  #: the seat, or -1 for the leftovers
    kind: str  #: ``hand``, ``indicator``, ``transit`` or ``extra``
    size: int
    voids: int = 0  #: suits it may not hold (hands only)


def _slots(k: Knowledge) -> list[_Slot]:
    n = k.players
    known = k.known_elsewhere()
    slots: list[_Slot] = []
    for p in range(n):
        if p == k.seat:
            continue
        slots.append(_Slot(p, "hand", k.counts[p] - known[p].bit_count(), k.voids[p]))
    for p in range(n):
        if p != k.seat and k.marked[p] and k.indicators[p] == NONE:
            slots.append(_Slot(p, "indicator", 1))
    if k.phase == "pass":
        for p in range(n):
            if p != k.seat and k.has_passed[p]:
                slots.append(_Slot(p, "transit", k.pass_count))
    hidden_extra = k.extra - (0 if k.starter == NONE else 1)
    if hidden_extra:
        slots.append(_Slot(-1, "extra", hidden_extra))
    return slots


class _Counter:
    """Counts the consistent placings by their suit make-up, so that worlds are drawn exactly uniformly.

    Only hands with voids constrain where a card may go; every other place (the other hands, the indicators,
    the passes in transit, the leftovers) takes any card, so together they form one free block.  The number of
    placings of the pool is ``prod(c_s!) * F(0, c)`` with ``c`` the pool's count per suit and
    ``F(i, r) = sum over suit counts a of hand i (its size, none of its voids) of prod(1 / a_s!) * F(i + 1, r - a)``,
    ending in ``F = prod(1 / r_s!)`` for the free block.  Drawing hand ``i``'s make-up with probability
    proportional to its term, then the cards of each suit at random, gives every consistent placing the same
    chance."""

    def __init__(self, sizes: tuple[int, ...], voids: tuple[int, ...]) -> None:
        self.sizes = sizes
        self.voids = voids
        self.memo: dict[tuple[int, tuple[int, ...]], tuple[float, list[tuple[int, ...]], list[float]]] = {}

    def total(self, i: int, rest: tuple[int, ...]) -> float:
        return self._entry(i, rest)[0]

    def _entry(self, i: int, rest: tuple[int, ...]) -> tuple[float, list[tuple[int, ...]], list[float]]:
        key = (i, rest)
        found = self.memo.get(key)
        if found is not None:
            return found
        if i == len(self.sizes):
            weight = 1.0
            for r in rest:
                weight /= factorial(r)
            found = (weight, [], [])
        else:
            makeups: list[tuple[int, ...]] = []
            cumulative: list[float] = []
            running = 0.0
            for makeup in _makeups(self.sizes[i], rest, self.voids[i]):
                after = tuple(r - a for r, a in zip(rest, makeup))
                weight = self.total(i + 1, after)
                if weight == 0.0:
                    continue
                for a in makeup:
                    weight /= factorial(a)
                running += weight
                makeups.append(makeup)
                cumulative.append(running)
            found = (running, makeups, cumulative)
        self.memo[key] = found
        return found

    def draw(self, counts: tuple[int, ...], rng: random.Random) -> list[tuple[int, ...]]:
        """Suit make-ups of the constrained hands, in order, drawn in proportion to their placings."""
        out = []
        rest = counts
        for i in range(len(self.sizes)):
            total, makeups, cumulative = self._entry(i, rest)
            pick = makeups[bisect_right(cumulative, rng.random() * total)] if len(makeups) > 1 else makeups[0]
            out.append(pick)
            rest = tuple(r - a for r, a in zip(rest, pick))
        return out


@lru_cache(maxsize=256)
def _counter(sizes: tuple[int, ...], voids: tuple[int, ...]) -> _Counter:
    """The counter for these constrained places, kept: a bot draws worlds for one position batch after batch."""
    return _Counter(sizes, voids)


def _makeups(size: int, rest: tuple[int, ...], voids: int) -> list[tuple[int, ...]]:
    """Every count per suit adding up to ``size``, within ``rest`` and none of the suits in ``voids``."""
    caps = [0 if voids >> s & 1 else rest[s] for s in range(4)]
    out: list[tuple[int, ...]] = []
    for a in range(min(caps[0], size) + 1):
        for b in range(min(caps[1], size - a) + 1):
            for c in range(min(caps[2], size - a - b) + 1):
                d = size - a - b - c
                if d <= caps[3]:
                    out.append((a, b, c, d))
    return out


def sample_deals(knowledge: Knowledge, count: int, rng: random.Random) -> list[World]:
    """``count`` worlds consistent with ``knowledge``, drawn uniformly (see the module's notes)."""
    k = knowledge
    slots = _slots(k)
    pool = bit_list(k.unseen())
    if sum(s.size for s in slots) != len(pool):
        raise ValueError("the view's card counts do not add up to the cards this seat has not seen")
    constrained = [s for s in slots if s.voids]
    free = [s for s in slots if not s.voids]
    by_suit = [[c for c in pool if c // 13 == suit] for suit in range(4)]
    counts = tuple(len(cards) for cards in by_suit)
    counter = _counter(tuple(s.size for s in constrained), tuple(s.voids for s in constrained))
    if counter.total(0, counts) == 0.0:
        raise ValueError("no placing of the unseen cards fits what this seat has seen")
    makeups = [counter.draw(counts, rng) for _ in range(count)]
    extra_at = next((i for i, s in enumerate(free) if s.kind == "extra"), NONE)
    if CDEAL is not None:
        dealt = CDEAL.fill_worlds(by_suit, makeups, [s.size for s in free], extra_at, rng.getrandbits(64))
    else:
        dealt = [_fill(by_suit, makeup, free, extra_at, rng) for makeup in makeups]
    known = k.known_elsewhere()
    places = [*constrained, *free]
    worlds = [_world(k, places, split, order, known) for split, order in dealt]
    if k.phase == "play":
        _hidden_passes(k, worlds, rng)
    return worlds


def _fill(
    by_suit: list[list[int]], makeup: list[tuple[int, ...]], free: list[_Slot], extra_at: int, rng: random.Random
) -> tuple[list[int], list[int]]:
    """One world's cards (``CDEAL.fill_worlds`` in Python): the constrained places take their make-up from
    each suit shuffled, the rest, shuffled, fill the free places in order."""
    shuffled = [rng.sample(cards, len(cards)) for cards in by_suit]
    split = []
    for counts in makeup:
        mask = 0
        for suit, how_many in enumerate(counts):
            if how_many:
                for c in shuffled[suit][-how_many:]:
                    mask |= 1 << c
                del shuffled[suit][-how_many:]
        split.append(mask)
    rest = [c for cards in shuffled for c in cards]
    rng.shuffle(rest)
    at = 0
    order: list[int] = []
    for j, slot in enumerate(free):
        cards = rest[at : at + slot.size]
        split.append(sum(1 << c for c in cards))
        if j == extra_at:
            order = cards
        at += slot.size
    return split, order


def _hidden_passes(k: Knowledge, worlds: list[World], rng: random.Random) -> None:
    """The passes between two other seats: each giver's cards, drawn from what its receiver has held since."""
    n = k.players
    for giver in range(n):
        if giver in (k.seat, k.pass_from):
            continue
        taker = (giver + k.pass_offset) % n
        since = [w.hands[taker] | k.played_by[taker] for w in worlds]
        if CDEAL is not None:
            chosen = CDEAL.choose_cards(since, k.pass_count, rng.getrandbits(64))
        else:
            chosen = [sum(1 << c for c in rng.sample(bit_list(mask), k.pass_count)) for mask in since]
        for world, cards in zip(worlds, chosen):
            world.passed[giver] = cards


def _world(k: Knowledge, slots: list[_Slot], split: list[int], order: list[int], known: list[int]) -> World:
    n = k.players
    hands = list(known)
    hands[k.seat] = k.hand
    indicators = list(k.indicators)
    passed = [0] * n
    passed[k.seat] = k.passed
    if k.received:
        passed[(k.seat - k.pass_offset) % n] = k.received
    for slot, cards in zip(slots, split):
        if slot.kind == "hand":
            hands[slot.owner] |= cards
        elif slot.kind == "indicator":
            indicators[slot.owner] = cards.bit_length() - 1
        elif slot.kind == "transit":
            passed[slot.owner] = cards
    extra = [*([] if k.starter == NONE else [k.starter]), *order]
    return World(hands, indicators, passed, extra)


def dealt_hands(knowledge: Knowledge, world: World) -> list[int]:
    """The hands as dealt that lead to ``world``: the cards each seat holds, played, set aside and passed,
    less the cards it received."""
    k = knowledge
    n = k.players
    out = []
    for p in range(n):
        cards = world.hands[p] | k.played_by[p] | world.passed[p]
        if world.indicators[p] != NONE:
            cards |= 1 << world.indicators[p]
        if k.phase == "play":
            cards &= ~world.passed[(p - k.pass_offset) % n]
        out.append(cards)
    return out
