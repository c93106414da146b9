# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""The loops of the search over sampled worlds, in C: play-outs, solving, utilities and inference weights.

Every search here plays the blueprint (``cblueprint.pyx``) for every seat on the rules of
``rules/tandem_trick/crules.pxd``; near the end of a round the open-hands solver of
``rules/tandem_trick/ckernel.pyx`` replaces the play-out.
"""

from libc.math cimport exp

from tricktable.bots.tandem_trick.cblueprint cimport blueprint, play_out
from tricktable.rules.tandem_trick.ckernel cimport load_round, solve_again, solve_round
from tricktable.rules.tandem_trick.crules cimport MAX_MOVES, Round, play_move, seat_points, tt_cpu_ready

if not tt_cpu_ready():
    raise ImportError("the compiled kernel was built for x86-64 CPUs with POPCNT and BMI2; this one lacks them")


cdef bint finish(Round* r, int root, int misere_bonus, int solve_from, int* points, bint fresh) noexcept:
    """Every seat's points at the end of the round: the blueprint plays it out, or from trick ``solve_from``
    (0-based) on, the open-hands solver decides it for ``root`` (with a fresh table, or keeping the last one
    when this is the same deal: ``fresh`` false).  Returns whether the solver ran."""
    cdef int p
    if r.turn >= 0 and r.cycle >= solve_from:
        if fresh:
            solve_round(r, root, misere_bonus, points)
        else:
            solve_again(r, root, misere_bonus, points)
        return True
    play_out(r)
    for p in range(r.n):
        points[p] = seat_points(r, p, misere_bonus)
    return False


cdef double utility(Round* r, int* points, int seat, long long* totals, long long target, double beta) noexcept nogil:
    """The seat's share of the game's win once the round is scored: exact if the game ends, else a softmax of
    the totals (``beta`` per point)."""
    cdef long long after[4]
    cdef long long top = -1
    cdef int p, tied = 0
    cdef double total = 0.0
    for p in range(r.n):
        after[p] = totals[p] + points[p]
        if after[p] > top:
            top = after[p]
    if top >= target:
        for p in range(r.n):
            if after[p] == top:
                tied += 1
        return 1.0 / tied if after[seat] == top else 0.0
    for p in range(r.n):
        total += exp(beta * <double>(after[p] - top))
    return exp(beta * <double>(after[seat] - top)) / total


# ----- Python entry points -------------------------------------------------------------------------------------


def blueprint_move(position):
    """The blueprint's move for the seat to move in ``position`` (a ``Position``)."""
    cdef Round r
    load_round(&r, position)
    return blueprint(&r)


def play_out_points(position, bint misere_bonus=True):
    """Every seat's points once the blueprint has played the round out from ``position``."""
    cdef Round r
    cdef int p
    load_round(&r, position)
    play_out(&r)
    return [seat_points(&r, p, misere_bonus) for p in range(r.n)]


def evaluate(
    position, list worlds, list weights, list candidates, list totals, long long target, bint misere_bonus,
    double beta, int solve_from,
):
    """Per candidate move of the seat to move, the weighted sum over ``worlds`` of its utility (see
    ``utility``) after the move: the blueprint plays the round out, or, from trick ``solve_from`` (0-based) on,
    the open-hands solver decides it.  ``position`` gives everything but the hands, each world the hands."""
    cdef Round base
    cdef Round r
    cdef int points[4]
    cdef long long tot[4]
    cdef int w, i, p, seat, count = len(candidates)
    cdef bint fresh
    cdef int moves[MAX_MOVES]
    cdef double weight
    cdef double scores[MAX_MOVES]
    load_round(&base, position)
    seat = base.turn
    for p in range(base.n):
        tot[p] = totals[p]
    for i in range(count):
        moves[i] = candidates[i]
        scores[i] = 0.0
    for w in range(len(worlds)):
        weight = weights[w]
        if weight <= 0.0:
            continue
        hands = worlds[w]
        for p in range(base.n):
            base.hands[p] = hands[p]
        fresh = True  # one solver table a world: every candidate's search shares it
        for i in range(count):
            r = base
            play_move(&r, moves[i])
            if finish(&r, seat, misere_bonus, solve_from, points, fresh):
                fresh = False
            scores[i] += weight * utility(&r, points, seat, tot, target, beta)
    return [scores[i] for i in range(count)]


def line_points(position, list candidates, bint misere_bonus, int solve_from):
    """Per candidate move of the seat to move in ``position`` (every hand known), every seat's points at the end
    of the round after it: the blueprint plays up to trick ``solve_from`` (0-based), the open-hands solver (for
    the seat to move) from there."""
    cdef Round base
    cdef Round r
    cdef int points[4]
    cdef int p, seat
    load_round(&base, position)
    seat = base.turn
    out = []
    for move in candidates:
        r = base
        play_move(&r, move)
        while r.turn >= 0 and r.cycle < solve_from:
            play_move(&r, blueprint(&r))
        finish(&r, seat, misere_bonus, solve_from, points, True)
        out.append([points[p] for p in range(r.n)])
    return out


def world_weights(start, list dealt, list history, int seat, double slip):
    """How likely each world makes the others' moves so far, under the blueprint: a factor ``slip`` for every
    move of another seat that the blueprint would not have made from that world's hand.

    ``start`` is the round's first position (any hands), ``dealt`` each world's hands as dealt, ``history`` the
    round's moves as (seat, move), forced bids aside."""
    cdef Round base
    cdef Round r
    cdef int w, i, p, mover, move, steps = len(history)
    cdef double weight
    cdef int movers[160]
    cdef int made[160]
    load_round(&base, start)
    if steps > 160:
        raise ValueError("a round has at most 12 moves a seat")
    for i in range(steps):
        movers[i], made[i] = history[i]
    out = []
    for w in range(len(dealt)):
        hands = dealt[w]
        r = base
        for p in range(r.n):
            r.hands[p] = hands[p]
        weight = 1.0
        for i in range(steps):
            mover = movers[i]
            move = made[i]
            if mover != seat and slip < 1.0 and blueprint(&r) != move:
                weight *= slip
            play_move(&r, move)
        out.append(weight)
    return out
