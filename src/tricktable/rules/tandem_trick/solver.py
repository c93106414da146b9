"""Open-hands search of the rest of a Tandem Trick round: what every seat ends the round with when all hands
are face up and each seat plays for its own points.

The search is max^n: at every turn the seat to move takes the move that gives it the most points for the round
at the end (with every later seat doing the same), bids included — when to bid and with which card are moves
like any other.  Where a seat's moves tie for it, it takes the one worst for the ``root`` seat, the seat the
search is for: the answer never counts on a gift.  Positions between tricks are remembered (keyed by the
hands, the leader, the bids, bonus cards and tricks taken: nothing else decides the rest of the round).

``solve_reference`` is the readable search; ``ckernel.pyx`` holds the same search in C (``compiled.CKERNEL``),
and ``tests/rules/tandem_trick/test_solver.py`` checks the two agree, and agree with plain enumeration of every
line of play.  The search is exact and its size grows fast with the tricks left: callers use it for the last
few tricks (the bots' levels and the analysis say how many).
"""

from __future__ import annotations

from tricktable.rules.tandem_trick.compiled import CKERNEL
from tricktable.rules.tandem_trick.position import Position

Points = tuple[int, ...]


def _better(values: Points, best: Points | None, seat: int, root: int) -> bool:
    if best is None or values[seat] > best[seat]:
        return True
    return values[seat] == best[seat] and values[root] < best[root]


def _key(pos: Position) -> tuple[object, ...]:
    bids = tuple(b % 12 if b >= 0 else -1 for b in pos.bid_card)
    return (tuple(pos.hands), pos.leader, bids, tuple(pos.bonus), tuple(pos.won))


def solve_reference(pos: Position, root: int, misere_bonus: bool = True) -> tuple[Points, int]:
    """(points per seat at the end of the round, the best move of the seat to move) under max^n play."""
    memo: dict[tuple[object, ...], Points] = {}

    def value(p: Position) -> Points:
        if p.over:
            return tuple(p.points(misere_bonus))
        boundary = not p.entries
        if boundary:
            key = _key(p)
            found = memo.get(key)
            if found is not None:
                return found
        best: Points | None = None
        for move in p.legal():
            child = p.copy()
            child.play(move)
            values = value(child)
            if _better(values, best, p.turn, root):
                best = values
        assert best is not None
        if boundary:
            memo[key] = best
        return best

    if pos.over:
        return tuple(pos.points(misere_bonus)), -1
    best: Points | None = None
    best_move = -1
    for move in pos.legal():
        child = pos.copy()
        child.play(move)
        values = value(child)
        if _better(values, best, pos.turn, root):
            best, best_move = values, move
    assert best is not None
    return best, best_move


def enumerate_reference(pos: Position, root: int, misere_bonus: bool = True) -> Points:
    """The same answer as ``solve_reference`` by plain enumeration of every line of play (no table): slow, for
    tests on small positions."""
    if pos.over:
        return tuple(pos.points(misere_bonus))
    best: Points | None = None
    for move in pos.legal():
        child = pos.copy()
        child.play(move)
        values = enumerate_reference(child, root, misere_bonus)
        if _better(values, best, pos.turn, root):
            best = values
    assert best is not None
    return best


def solve(pos: Position, root: int, misere_bonus: bool = True) -> tuple[Points, int]:
    """(points per seat, best move) under max^n play (the compiled search when it is built)."""
    if CKERNEL is None:
        return solve_reference(pos, root, misere_bonus)
    values, move = CKERNEL.solve(pos, root, misere_bonus)
    return tuple(values), int(move)


def move_values(pos: Position, root: int, misere_bonus: bool = True) -> list[tuple[int, Points]]:
    """Every legal move of the seat to move with the points per seat it leads to under max^n play."""
    if CKERNEL is not None:
        return [(int(m), tuple(v)) for m, v in CKERNEL.move_values(pos, root, misere_bonus)]
    out = []
    for move in pos.legal():
        child = pos.copy()
        child.play(move)
        out.append((move, solve_reference(child, root, misere_bonus)[0]))
    return out
