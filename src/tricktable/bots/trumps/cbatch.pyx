# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""The search bots' loops over sampled worlds, in C: the blueprint (``cbot``) playing out each candidate move
in each world, and the weight of each world.

* ``mark_values`` and ``pass_values`` start from the deal: every seat marks and passes with the blueprint but
  the searching seat, which tries each candidate, then the hand is played out.
* ``play_values`` starts from the position on the table: the searching seat makes each candidate move, then
  the hand is played out.
* ``world_weights`` replays the hand's history in each world and multiplies a slip factor for every choice of
  another seat that the blueprint would not have made there: its indicator's suit, the pass it made to the
  searching seat, and each card (and declaration) it played.

Each returns, per candidate, the value of the hand to the searching seat's side after it, summed over the worlds
(with the worlds' weights where they have them): the tricks its side made, plus ``win_weight`` times its share
of the game's win when the hand ends the game (``outcome``).  Maximising tricks is right while the game goes
on after the hand; when a side can reach the target in this hand, finishing first is what counts, and a trick
more for a side that ends second is worth nothing.
"""

from libc.stdint cimport uint64_t

from tricktable.bots.trumps.cbot cimport MAXP, Table, apply, bp_mark, bp_pass, bp_play, playout, start_play
from tricktable.rules.trumps.crules cimport tt_cpu_ready

if not tt_cpu_ready():
    raise ImportError("the compiled kernel was built for x86-64 CPUs with POPCNT and BMI2; this one lacks them")


cdef int setup(Table* t, list side_of, list partner, int dealer) except -1:
    cdef int n = len(side_of), p
    if not 3 <= n <= MAXP or len(partner) != n:
        raise ValueError("a table has 3 to 8 seats, each with a side and a partner (-1: none)")
    t.n = n
    t.dealer = dealer
    for p in range(n):
        t.side_of[p] = side_of[p]
        t.partner[p] = partner[p]
        t.declared[p] = -1
        t.won[p] = 0
    return 0


cdef inline int side_tricks(Table* t, int side) noexcept nogil:
    cdef int p, total = 0
    for p in range(t.n):
        if t.side_of[p] == side:
            total += t.won[p]
    return total


cdef double outcome(Table* t, int side, double* standing, int target, double win_weight) noexcept nogil:
    """The hand's value to ``side``: its tricks in the play-out, plus ``win_weight`` times its share of the win
    if the hand ends the game (the highest total reaches ``target``; a tie there means a tie-break hand that
    any tied side may win, counted as an equal share).  ``standing`` holds each side's points before the
    play-out."""
    cdef int p, s, sides = 0, tied = 0
    cdef double final[MAXP]
    cdef double best = -1.0
    cdef double value = side_tricks(t, side)
    for p in range(t.n):
        if t.side_of[p] + 1 > sides:
            sides = t.side_of[p] + 1
    for s in range(sides):
        final[s] = standing[s]
    for p in range(t.n):
        final[t.side_of[p]] += t.won[p]
    for s in range(sides):
        if final[s] > best:
            best = final[s]
            tied = 1
        elif final[s] == best:
            tied += 1
    if win_weight > 0.0 and best >= target and final[side] == best:
        value += win_weight / tied
    return value


cdef int read_standing(list standing, double* out) except -1:
    cdef int s
    if len(standing) > MAXP:
        raise ValueError("at most 8 sides")
    for s in range(len(standing)):
        out[s] = standing[s]
    return 0


cdef void from_deal(Table* base, uint64_t* dealt, int* marks, uint64_t* passes, int offset, int starter) noexcept nogil:
    """Set the table up for the first trick: hands as dealt, less the indicators and passes, plus what each
    seat received."""
    cdef int p, n = base.n
    for p in range(n):
        base.own[p] = marks[p]
        base.hands[p] = dealt[p] ^ ((<uint64_t>1) << marks[p]) ^ passes[p]
        base.declared[p] = -1
        base.won[p] = 0
    for p in range(n):
        base.hands[(p + offset) % n] |= passes[p]
    start_play(base, starter)


def mark_values(list worlds, list starters, int me, list candidates, list side_of, list partner, int dealer,
                int offset, int count, list standing, int target, double win_weight):
    """Per candidate indicator of seat ``me``: its side's ``outcome``, summed over the ``worlds`` (hands as
    dealt, one list per world) with the ``starters`` (the starter card per world, -1: none)."""
    cdef Table t
    cdef uint64_t dealt[MAXP]
    cdef uint64_t passes[MAXP]
    cdef int marks[MAXP]
    cdef int p, c, w, n = len(side_of), mark, side = side_of[me]
    cdef list sums = [0.0] * len(candidates)
    cdef double points[MAXP]
    read_standing(standing, points)
    setup(&t, side_of, partner, dealer)
    for w in range(len(worlds)):
        hands = worlds[w]
        for p in range(n):
            dealt[p] = hands[p]
            marks[p] = bp_mark(dealt[p])
            passes[p] = bp_pass(dealt[p] ^ ((<uint64_t>1) << marks[p]), marks[p] // 13, count)
        for c in range(len(candidates)):
            mark = candidates[c]
            marks[me] = mark
            passes[me] = bp_pass(dealt[me] ^ ((<uint64_t>1) << mark), mark // 13, count)
            from_deal(&t, dealt, marks, passes, offset, starters[w])
            playout(&t)
            sums[c] += outcome(&t, side, points, target, win_weight)
    return sums


def pass_values(list worlds, list starters, int me, int my_mark, list candidates, list side_of, list partner,
                int dealer, int offset, int count, list standing, int target, double win_weight):
    """Per candidate pass (a mask) of seat ``me``, which marked ``my_mark``: its side's ``outcome``, summed
    over the ``worlds`` (as ``mark_values``)."""
    cdef Table t
    cdef uint64_t dealt[MAXP]
    cdef uint64_t passes[MAXP]
    cdef int marks[MAXP]
    cdef int p, c, w, n = len(side_of), side = side_of[me]
    cdef list sums = [0.0] * len(candidates)
    cdef double points[MAXP]
    read_standing(standing, points)
    setup(&t, side_of, partner, dealer)
    for w in range(len(worlds)):
        hands = worlds[w]
        for p in range(n):
            dealt[p] = hands[p]
            marks[p] = my_mark if p == me else bp_mark(dealt[p])
            passes[p] = bp_pass(dealt[p] ^ ((<uint64_t>1) << marks[p]), marks[p] // 13, count)
        for c in range(len(candidates)):
            passes[me] = candidates[c]
            from_deal(&t, dealt, marks, passes, offset, starters[w])
            playout(&t)
            sums[c] += outcome(&t, side, points, target, win_weight)
    return sums


cdef int from_position(Table* t, list hands, list indicators, list declared, uint64_t played, list trick_seats,
                       list trick_cards, list trick_flags, int to_move) except -1:
    cdef int p, i
    for p in range(t.n):
        t.hands[p] = hands[p]
        t.own[p] = indicators[p]
        t.won[p] = 0
    for p in range(len(declared)):
        t.declared[p] = declared[p]
    t.played = played
    t.tlen = len(trick_cards)
    t.plays = 0
    for i in range(t.tlen):
        t.tseat[i] = trick_seats[i]
        t.tcard[i] = trick_cards[i]
        t.tflag[i] = trick_flags[i]
        if t.tseat[i] >= 0:
            t.plays += 1
    t.next = to_move
    return 0


def play_values(list worlds, list indicators, list weights, int me, list side_of, list partner, int dealer,
                list declared, uint64_t played, list trick_seats, list trick_cards, list trick_flags,
                list cards, list declares, list standing, int target, double win_weight):
    """Per candidate move (``cards[i]``, declaring if ``declares[i]``) of seat ``me``: its side's ``outcome``
    from the trick on the table on, weighted and summed over the ``worlds`` (every seat's hand now) with their
    ``indicators``."""
    cdef Table base, t
    cdef int c, w, side = side_of[me]
    cdef double weight
    cdef list sums = [0.0] * len(cards)
    cdef double points[MAXP]
    read_standing(standing, points)
    setup(&base, side_of, partner, dealer)
    for w in range(len(worlds)):
        weight = weights[w]
        if weight <= 0.0:
            continue
        from_position(&base, worlds[w], indicators[w], declared, played, trick_seats, trick_cards, trick_flags, me)
        for c in range(len(cards)):
            t = base
            apply(&t, me, cards[c], declares[c])
            playout(&t)
            sums[c] += weight * outcome(&t, side, points, target, win_weight)
    return sums


def world_weights(list worlds, list indicators, list passed, int me, list side_of, list partner, int dealer,
                  list played_by, int starter, int offset, int count, uint64_t received, list history_seats,
                  list history_cards, list history_declares, double slip_play, double slip_mark,
                  double slip_pass):
    """The weight of each world (every seat's hand now, its indicators and passes): a product of ``slip_*``
    factors, one for every choice of another seat the blueprint would not have made in that world."""
    cdef Table t
    cdef uint64_t dealt[MAXP]
    cdef int p, w, i, n = len(side_of), seat, card, code, source = (me - offset + n) % n
    cdef double weight
    cdef list out = []
    setup(&t, side_of, partner, dealer)
    for w in range(len(worlds)):
        hands = worlds[w]
        marks = indicators[w]
        gave = passed[w]
        weight = 1.0
        for p in range(n):
            dealt[p] = (<uint64_t>hands[p]) | (<uint64_t>played_by[p]) | (<uint64_t>gave[p])
            dealt[p] |= (<uint64_t>1) << <int>marks[p]
        for p in range(n):
            dealt[p] &= ~(<uint64_t>gave[(p - offset + n) % n])
        for p in range(n):
            if p != me and bp_mark(dealt[p]) // 13 != <int>marks[p] // 13:
                weight *= slip_mark
        if source != me and bp_pass(dealt[source] ^ ((<uint64_t>1) << <int>marks[source]), <int>marks[source] // 13,
                                    count) != received:
            weight *= slip_pass
        for p in range(n):
            t.hands[p] = (<uint64_t>hands[p]) | (<uint64_t>played_by[p])
            t.own[p] = marks[p]
            t.declared[p] = -1
            t.won[p] = 0
        start_play(&t, starter)
        for i in range(len(history_cards)):
            seat = history_seats[i]
            card = history_cards[i]
            if seat != me:
                code = bp_play(&t, seat)
                if code != card + 64 * <int>history_declares[i]:
                    weight *= slip_play
            apply(&t, seat, card, history_declares[i])
        out.append(weight)
    return out
