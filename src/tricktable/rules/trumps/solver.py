"""Trumps with open hands: how many tricks can a side make from here, whatever the others do?

Every hand and every indicator face up, the rest of a hand is a game of perfect information.  A side — a seat
alone, or a team (team-vs-team is exact with two teams) — is matched against all the other seats together (the
paranoid view: with three or more sides the others are taken to play against it as one).  ``solve`` is
the most tricks the side can be sure of; ``move_values`` gives that number after each legal move of the seat to
play.  Declaring is a move like any other: ``declare 7H`` and ``7H`` are searched apart.

Two things keep the search small:

* **Equivalent cards.**  Two cards of one hand in one suit win and lose the same tricks when no card of another
  hand (or of the trick on the table) lies between them in that suit — and, when that suit may be its side's
  trump, no card of another suit has a rank between them or equal to either (trumps of different suits compete
  by rank, the first played winning a tie: ruling TR-R3).  Only the lowest of such a run is tried.
* **Memo at trick boundaries.**  Between tricks a position is the hands, the seat to lead and the declared trump
  suits; its value does not depend on how play got there.

This module is the readable reference; ``ckernel.pyx`` holds the same search in C with alpha-beta bounds and a
transposition table (``compiled.CKERNEL``), and ``tests/rules/trumps/test_solver.py`` checks that both agree,
and agree with plain enumeration through the game itself.  Card sets are bitmasks (``core.cards``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from tricktable.core.cards import SUIT_MASKS, bit_list
from tricktable.rules.trumps.compiled import CKERNEL
from tricktable.rules.trumps.kernel import NONE, legal_masks, trick_winner

#: A move of the solver: the card, and whether it declares.
SolverMove = tuple[int, bool]


@dataclass(frozen=True)
class Position:
    """A position of the play phase with every card known.

    ``trick`` holds the cards on the table as ``(seat, card, trump)`` in play order, the starter card as seat
    ``NONE``; with no trick on the table ``leader`` leads.  ``indicator_suits`` are the suits of every seat's
    indicator, ``declared`` each side's trump suit (``NONE``: not yet)."""

    hands: tuple[int, ...]
    indicator_suits: tuple[int, ...]
    side_of: tuple[int, ...]
    declared: tuple[int, ...]
    dealer: int
    leader: int
    trick: tuple[tuple[int, int, bool], ...] = ()

    @property
    def players(self) -> int:
        return len(self.hands)

    def to_play(self) -> int:
        if not self.trick:
            return self.leader
        last = self.trick[-1][0]
        # The starter card is nobody's: the dealer's left plays first to it (ruling TR-R18).
        return ((self.dealer if last == NONE else last) + 1) % self.players

    def tricks_left(self) -> int:
        """Tricks still to finish, the one on the table included."""
        return self.hands[self.to_play()].bit_count()


def legal_moves(position: Position) -> list[SolverMove]:
    """Every legal move of the seat to play: plain plays first, then declarations, each lowest card first."""
    seat = position.to_play()
    led = position.trick[0][1] // 13 if position.trick else NONE
    side = position.side_of[seat]
    plays, declares = legal_masks(position.hands[seat], led, position.declared[side], position.indicator_suits[seat])
    return [(c, False) for c in bit_list(plays)] + [(c, True) for c in bit_list(declares)]


def after_move(position: Position, move: SolverMove) -> tuple[Position, int | None]:
    """The position after ``move``, and — when it ends a trick — the seat that won it (``NONE`` for a starter
    trick nobody beat); ``None`` while the trick goes on."""
    card, declare = move
    seat = position.to_play()
    side = position.side_of[seat]
    declared = position.declared
    if declare:
        declared = tuple(card // 13 if s == side else d for s, d in enumerate(declared))
    hands = tuple(h ^ (1 << card) if p == seat else h for p, h in enumerate(position.hands))
    trick = (*position.trick, (seat, card, declared[side] == card // 13))
    plays = sum(1 for s, _, _ in trick if s != NONE)
    if plays < position.players:
        return replace(position, hands=hands, declared=declared, trick=trick), None
    best = trick_winner([c for _, c, _ in trick], [t for _, _, t in trick])
    winner = trick[best][0]
    leader = position.dealer if winner == NONE else winner
    return replace(position, hands=hands, declared=declared, trick=(), leader=leader), winner


def possible_trumps(position: Position, side: int) -> int:
    """The suits (a 4-bit mask) that may be ``side``'s trumps: the one declared, or any of its indicators'."""
    if position.declared[side] != NONE:
        return 1 << position.declared[side]
    mask = 0
    for p, s in enumerate(position.side_of):
        if s == side and position.indicator_suits[p] != NONE:
            mask |= 1 << position.indicator_suits[p]
    return mask


def equivalent_moves(position: Position, moves: Sequence[SolverMove]) -> list[SolverMove]:
    """One move of each run of equivalent cards (see the module's notes): the lowest card stands for its run."""
    seat = position.to_play()
    hand = position.hands[seat]
    alive = 0
    for h in position.hands:
        alive |= h
    for _, c, _ in position.trick:
        alive |= 1 << c
    others = alive & ~hand
    trumps = possible_trumps(position, position.side_of[seat])
    out: list[SolverMove] = []
    previous: SolverMove | None = None
    for move in moves:
        card, declare = move
        same_kind = previous is not None and previous[1] == declare and previous[0] // 13 == card // 13
        if not (same_kind and previous is not None and _same_run(previous[0], card, others, trumps)):
            out.append(move)
        previous = move
    return out


def _same_run(low: int, high: int, others: int, trumps: int) -> bool:
    suit = low // 13
    between = SUIT_MASKS[suit] & ((1 << high) - (2 << low))
    if others & between:
        return False
    if trumps >> suit & 1:
        low_rank, high_rank = low % 13, high % 13
        for other in range(4):
            if other != suit:
                ranks = (others >> (13 * other)) & 0x1FFF
                if ranks & ((2 << high_rank) - (1 << low_rank)):
                    return False
    return True


def solve_reference(position: Position, side: int, equivalence: bool = True) -> int:
    """The most tricks ``side`` can still be sure of from ``position`` (the current trick included).  With
    ``equivalence`` false every legal move is tried, equivalent cards included (for the tests)."""
    memo: dict[tuple[tuple[int, ...], int, tuple[int, ...]], int] = {}

    def value(pos: Position) -> int:
        if not pos.trick:
            if pos.hands[pos.leader] == 0:
                return 0
            key = (pos.hands, pos.leader, pos.declared)
            if key in memo:
                return memo[key]
        mine = pos.side_of[pos.to_play()] == side
        results = []
        moves = legal_moves(pos)
        for move in equivalent_moves(pos, moves) if equivalence else moves:
            after, winner = after_move(pos, move)
            gained = 1 if winner is not None and winner != NONE and pos.side_of[winner] == side else 0
            results.append(gained + value(after))
        best = max(results) if mine else min(results)
        if not pos.trick:
            memo[(pos.hands, pos.leader, pos.declared)] = best
        return best

    return value(position)


def move_values_reference(position: Position, side: int) -> list[tuple[SolverMove, int]]:
    """Every legal move of the seat to play with the tricks ``side`` can be sure of after it (from the current
    trick on, that trick included)."""
    out = []
    for move in legal_moves(position):
        after, winner = after_move(position, move)
        gained = 1 if winner is not None and winner != NONE and position.side_of[winner] == side else 0
        out.append((move, gained + solve_reference(after, side)))
    return out


def _args(position: Position) -> tuple[list[int], list[int], list[int], list[int], int, int, list[int], list[int],
                                        list[int]]:  # fmt: skip
    return (
        list(position.hands),
        list(position.indicator_suits),
        list(position.side_of),
        list(position.declared),
        position.dealer,
        position.leader,
        [s for s, _, _ in position.trick],
        [c for _, c, _ in position.trick],
        [int(t) for _, _, t in position.trick],
    )


def solve(position: Position, side: int) -> int:
    """The most tricks ``side`` can still be sure of from ``position`` (the compiled search when it is built,
    else ``solve_reference``)."""
    if CKERNEL is None:
        return solve_reference(position, side)
    answer: int = CKERNEL.solve(*_args(position), side)
    return answer


def move_values(position: Position, side: int) -> list[tuple[SolverMove, int]]:
    """Every legal move of the seat to play with the tricks ``side`` can be sure of after it (compiled when
    built)."""
    if CKERNEL is None:
        return move_values_reference(position, side)
    values: list[int] = CKERNEL.move_values(*_args(position), side)
    return list(zip(legal_moves(position), values))


class ReferenceSolver:
    """``OpenSolver``'s interface on the reference search, for a machine where the kernel is not built."""

    def clear(self) -> None:
        """Nothing to forget: the reference keeps no table between calls."""

    def move_values(
        self,
        hands: list[int],
        indicator_suits: list[int],
        side_of: list[int],
        declared: list[int],
        dealer: int,
        leader: int,
        trick_seats: list[int],
        trick_cards: list[int],
        trick_flags: list[int],
        side: int,
    ) -> list[int]:
        trick = tuple((s, c, bool(t)) for s, c, t in zip(trick_seats, trick_cards, trick_flags))
        position = Position(
            tuple(hands), tuple(indicator_suits), tuple(side_of), tuple(declared), dealer, leader, trick
        )
        return [v for _, v in move_values_reference(position, side)]


def open_solver(capacity_log2: int = 18) -> Any:
    """A solver that keeps what it found between calls on one hand (``clear()`` forgets it): the compiled
    ``OpenSolver`` with a table of 2**``capacity_log2`` positions, or ``ReferenceSolver``."""
    if CKERNEL is None:
        return ReferenceSolver()
    return CKERNEL.OpenSolver(capacity_log2)
