"""Open-hands analysis of a Tricks Together round: which number vectors can the team still make?

With every hand face up and everybody cooperating, the team can make a vector of trick counts exactly when
some sequence of legal plays ends with those counts.  ``makeable`` answers with the set of all such vectors
from any position (the start of play, or mid-trick); ``solve`` answers for one vector and stops at the
first way it finds; ``solve_cards`` answers it after each card the seat to play could play, and
``solve_vectors`` for several vectors.  All are exact: they are the yardstick the analysis and the bots
measure play against.

Two things keep the search small:

* **Equivalent cards.**  Two cards of one hand in one suit with no card of another hand (or of the trick on
  the table) ranked between them win and lose the same tricks, so only one of them is tried.
* **Memo at trick boundaries.**  A position between tricks is the hands and the leader; its answer does not
  depend on how play got there.

This module is the readable reference; ``csolver.pyx`` holds the search in C (``compiled.CSOLVER``), with two
more reductions its docstring gives (cards on the table do not part a follower's cards, and positions that
differ by swapping two plain suits share one entry), and
``tests/rules/tricks_together/test_solver.py`` checks the two agree, and agree with plain enumeration.
Card sets are bitmasks (``core.cards``); ``trump`` is a suit or ``kernel.NO_TRUMPS``.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from tricktable.core.cards import SUIT_MASKS
from tricktable.rules.tricks_together.compiled import CSOLVER
from tricktable.rules.tricks_together.kernel import beats

Vector = tuple[int, ...]


def equivalent_choices(hand: int, legal: int, alive: int) -> list[int]:
    """One card of each run of ``legal`` cards that no card of ``alive`` outside ``hand`` separates.

    Such cards are interchangeable: whichever is played, the same cards beat it and it beats the same cards.
    The lowest card of each run stands for it."""
    out: list[int] = []
    others = alive & ~hand
    for base in (0, 13, 26, 39):
        suit = (legal >> base) & 0x1FFF
        if not suit:
            continue
        other = (others >> base) & 0x1FFF
        previous = -1
        while suit:
            low = suit & -suit
            rank = low.bit_length() - 1
            # A new run unless no other alive card lies strictly between the previous card and this one.
            if previous < 0 or other & ((1 << rank) - (2 << previous)):
                out.append(base + rank)
            previous = rank
            suit ^= low
    return out


def trick_completions(
    hands: Sequence[int], trump: int, leader: int, trick: Sequence[int]
) -> Iterator[tuple[tuple[int, ...], int]]:
    """Every way (up to equivalent cards) to finish the trick on the table: the hands after it and its winner.

    ``trick`` holds the cards already played, from ``leader`` on."""
    n = len(hands)
    alive = 0
    for h in hands:
        alive |= h
    for c in trick:
        alive |= 1 << c
    led = trick[0] // 13 if trick else -1
    best = trick[0] if trick else -1
    winner = leader
    for i in range(1, len(trick)):
        if beats(trick[i], best, led, trump):
            best, winner = trick[i], (leader + i) % n
    held = list(hands)

    def extend(seat: int, left: int, led: int, best: int, winner: int) -> Iterator[tuple[tuple[int, ...], int]]:
        if left == 0:
            yield tuple(held), winner
            return
        hand = held[seat]
        legal = hand if led < 0 else (hand & SUIT_MASKS[led] or hand)
        for card in equivalent_choices(hand, legal, alive):
            held[seat] = hand ^ (1 << card)
            if led < 0:
                yield from extend((seat + 1) % n, left - 1, card // 13, card, seat)
            elif beats(card, best, led, trump):
                yield from extend((seat + 1) % n, left - 1, led, card, seat)
            else:
                yield from extend((seat + 1) % n, left - 1, led, best, winner)
        held[seat] = hand

    yield from extend((leader + len(trick)) % n, n - len(trick), led, best, winner)


def makeable_reference(
    hands: Sequence[int], trump: int, leader: int, trick: Sequence[int] = (), won: Sequence[int] | None = None
) -> set[Vector]:
    """Every vector of final trick counts the team can still reach from this position.

    ``hands`` are the cards still held, ``trick`` the cards on the table (played from ``leader`` on), ``won``
    the tricks each seat has already taken (default none)."""
    n = len(hands)
    base = tuple(won) if won is not None else (0,) * n
    memo: dict[tuple[tuple[int, ...], int], frozenset[Vector]] = {}

    def between_tricks(held: tuple[int, ...], lead: int) -> frozenset[Vector]:
        if not held[lead]:
            return frozenset({(0,) * n})
        key = (held, lead)
        found = memo.get(key)
        if found is None:
            found = frozenset(after_trick(held, lead, ()))
            memo[key] = found
        return found

    def after_trick(held: tuple[int, ...], lead: int, table: Sequence[int]) -> set[Vector]:
        out: set[Vector] = set()
        for rest, winner in trick_completions(held, trump, lead, table):
            for v in between_tricks(rest, winner):
                out.add(tuple(x + (p == winner) for p, x in enumerate(v)))
        return out

    extra = after_trick(tuple(hands), leader, tuple(trick)) if trick else set(between_tricks(tuple(hands), leader))
    return {tuple(b + x for b, x in zip(base, v)) for v in extra}


def solve_reference(
    hands: Sequence[int],
    trump: int,
    leader: int,
    targets: Sequence[int],
    trick: Sequence[int] = (),
    won: Sequence[int] | None = None,
) -> bool:
    """Can the team still end with exactly ``targets`` tricks per seat?  Stops at the first way it finds."""
    n = len(hands)
    need = tuple(t - w for t, w in zip(targets, won if won is not None else (0,) * n))
    memo: dict[tuple[tuple[int, ...], int, tuple[int, ...]], bool] = {}

    def feasible(held: tuple[int, ...], lead: int, needs: tuple[int, ...], table: Sequence[int]) -> bool:
        # Tricks still to finish, this one included (a complete trick has no card left in any hand).
        left = held[(lead + len(table)) % n].bit_count() + (len(table) == n)
        if min(needs) < 0 or sum(needs) != left:
            return False
        if left == 0:
            return True
        if not table:
            key = (held, lead, needs)
            if key in memo:
                return memo[key]
        answer = False
        for rest, winner in trick_completions(held, trump, lead, table):
            if needs[winner] > 0:
                after = tuple(x - (p == winner) for p, x in enumerate(needs))
                if feasible(rest, winner, after, ()):
                    answer = True
                    break
        if not table:
            memo[key] = answer
        return answer

    return feasible(tuple(hands), leader, need, tuple(trick))


def makeable(
    hands: Sequence[int], trump: int, leader: int, trick: Sequence[int] = (), won: Sequence[int] | None = None
) -> set[Vector]:
    """Every vector of final trick counts the team can still reach from this position (the compiled search
    when it is built, else ``makeable_reference``).

    ``hands`` are the cards still held, ``trick`` the cards on the table (played from ``leader`` on), ``won``
    the tricks each seat has already taken (default none)."""
    if CSOLVER is None:
        return makeable_reference(hands, trump, leader, trick, won)
    found: set[Vector] = CSOLVER.makeable(list(hands), trump, leader, list(trick), None if won is None else list(won))
    return found


def solve(
    hands: Sequence[int],
    trump: int,
    leader: int,
    targets: Sequence[int],
    trick: Sequence[int] = (),
    won: Sequence[int] | None = None,
) -> bool:
    """Can the team still end with exactly ``targets`` tricks per seat?  (Compiled when built.)"""
    if CSOLVER is None:
        return solve_reference(hands, trump, leader, targets, trick, won)
    answer: bool = CSOLVER.solve(
        list(hands), trump, leader, list(targets), list(trick), None if won is None else list(won)
    )
    return answer


def solve_cards(
    hands: Sequence[int],
    trump: int,
    leader: int,
    targets: Sequence[int],
    cards: Sequence[int],
    trick: Sequence[int] = (),
    won: Sequence[int] | None = None,
) -> list[bool]:
    """For each of ``cards`` (held by the seat to play to ``trick``): can the team still end with exactly
    ``targets`` tricks per seat once that card is played?  ``solve`` after each card; the compiled search shares
    one memo between the cards, which spares much of the work when the answer is no."""
    if CSOLVER is None:  # (the compiled search checks the cards itself)
        seat = (leader + len(trick)) % len(hands)
        if len(trick) >= len(hands) or any(not hands[seat] >> card & 1 for card in cards):
            raise ValueError("the cards must be held by the seat to play to an open trick")
        answers = []
        for card in cards:
            held = list(hands)
            held[seat] ^= 1 << card
            answers.append(solve_reference(held, trump, leader, targets, [*trick, card], won))
        return answers
    found: list[bool] = CSOLVER.solve_cards(
        list(hands), trump, leader, list(targets), list(cards), list(trick), None if won is None else list(won)
    )
    return found


def solve_vectors(
    hands: Sequence[int],
    trump: int,
    leader: int,
    vectors: Sequence[Sequence[int]],
    trick: Sequence[int] = (),
    won: Sequence[int] | None = None,
) -> list[bool]:
    """``solve`` for each of ``vectors`` from one position; the compiled search shares one memo between them."""
    if CSOLVER is None:
        return [solve_reference(hands, trump, leader, vector, trick, won) for vector in vectors]
    found: list[bool] = CSOLVER.solve_vectors(
        list(hands), trump, leader, [list(v) for v in vectors], list(trick), None if won is None else list(won)
    )
    return found
