# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""The loops of the Secret Trumps search bots over sampled worlds, in C, on the blueprint of ``cplay.pyx``.

Each entry point scores a few candidate moves of one seat over many worlds: every candidate is played in
every world, then the round is finished with the blueprint, and the outcome is valued by the seat's utility
(``util[outcome]``, see ``rules.secret_trumps.solver``).  Candidates share each world's random stream (the
same noise, the same later choices where they coincide), so their differences are not drowned in chance.

* ``pick_scores`` — a pick, in worlds that differ in their trumps, per goal the seat could plan for;
* ``choose_scores`` — a goal, in worlds that differ in the others' goals;
* ``play_scores`` — a card, per aim the start player could play for.

``search.py`` draws and weights the worlds and reads the scores; the tests check every loop against the
same loop written with the Python blueprint.
"""

from libc.stdint cimport uint64_t
from libc.string cimport memcpy

from tricktable.bots.secret_trumps.cplay cimport (
    MAXGOALS,
    MAXP,
    NROWS,
    Deal,
    Table,
    playout,
    simulate,
    start_aim,
    stream_seed,
)


cdef int fill_deal(Deal* d, int start, uint64_t hyps, int hinted, list face_up, list picks, list open_goals) except -1:
    cdef int n = len(open_goals), r, i, p
    if not 3 <= n <= MAXP or len(face_up) != NROWS or len(picks) != NROWS:
        raise ValueError("a deal has 3 or 4 seats and 9 rows")
    if not 0 <= hinted < NROWS:
        raise ValueError("the picking is over")
    d.n = n
    d.start = start
    d.truth = 0
    d.hyps = hyps
    d.hinted = hinted
    for r in range(NROWS):
        d.face_count[r] = len(face_up[r])
        for i in range(d.face_count[r]):
            d.face[r][i] = face_up[r][i]
        d.pick_count[r] = len(picks[r])
        for i in range(d.pick_count[r]):
            d.pick_seat[r][i] = picks[r][i][0]
            d.pick_card[r][i] = picks[r][i][1]
    for p in range(n):
        if not 1 <= len(open_goals[p]) <= MAXGOALS:
            raise ValueError("every seat has 1 to 8 open goals")
        d.open_count[p] = len(open_goals[p])
        for i in range(d.open_count[p]):
            d.open_goals[p][i] = open_goals[p][i]
        d.plans[p] = -1
    return 0


def pick_scores(int start, int seat, unsigned long long hyps, int hinted, list face_up, list picks,
                list open_goals, list truths, list weights, list candidates, list plans, int noise,
                unsigned long long seed, list util):
    """``scores[i][j]``: the weighted utility of picking ``candidates[i]`` while planning for ``plans[j]``
    (-1: no plan, the start player), summed over the worlds (``truths[w]``, ``weights[w]``)."""
    cdef Deal base, d
    cdef int worlds = len(truths), k = len(candidates), m = len(plans), w, i, j, row, outcome
    cdef double value[1 << MAXP]
    cdef double total[4 * MAXGOALS]
    cdef int cards[4]
    cdef int goal[MAXGOALS]
    cdef uint64_t rng
    cdef double weight
    fill_deal(&base, start, hyps, hinted, face_up, picks, open_goals)
    row = hinted
    if base.pick_count[row] >= base.n or (start + 1 + row + base.pick_count[row]) % base.n != seat:
        raise ValueError("it is not this seat's pick")
    if not 1 <= k <= 4 or not 1 <= m <= MAXGOALS or len(weights) != worlds:
        raise ValueError("1 to 4 candidates, 1 to 8 plans and one weight per world")
    for i in range(1 << base.n):
        value[i] = util[i]
    for i in range(k):
        cards[i] = candidates[i]
    for j in range(m):
        goal[j] = plans[j]
    for i in range(k * m):
        total[i] = 0.0
    for w in range(worlds):
        weight = weights[w]
        if weight <= 0.0:
            continue
        base.truth = truths[w]
        with nogil:
            for i in range(k):
                for j in range(m):
                    memcpy(&d, &base, sizeof(Deal))
                    d.pick_seat[row][d.pick_count[row]] = seat
                    d.pick_card[row][d.pick_count[row]] = cards[i]
                    d.pick_count[row] += 1
                    d.plans[seat] = goal[j]
                    rng = stream_seed(seed, w)
                    outcome = simulate(&d, &rng, noise)
                    total[i * m + j] += weight * value[outcome]
    return [[total[i * m + j] for j in range(m)] for i in range(k)]


cdef int fill_table(Table* t, list hands, int truth, int start, list goals, int leader, list trick, list won,
                    list captured, int done) except -1:
    cdef int n = len(hands), p, i
    if not 3 <= n <= MAXP or len(trick) >= n:
        raise ValueError("a table has 3 or 4 seats and an unfinished trick")
    t.n = n
    t.truth = truth
    t.start = start
    t.aim = -1
    t.leader = leader
    t.count = len(trick)
    t.done = done
    for p in range(n):
        t.hands[p] = hands[p]
        t.goals[p] = goals[p]
        t.won[p] = won[p]
        t.captured[p] = captured[p]
    for i in range(t.count):
        t.trick[i] = trick[i]
    return 0


def choose_scores(list hands, int truth, int start, int seat, list worlds, list weights, list my_goals,
                  int playouts, int noise, unsigned long long seed, list util, unsigned long long in_play):
    """Per goal of ``my_goals``, the weighted utility of choosing it, summed over the worlds (every seat's goal
    in ``worlds[w]``, this seat's replaced) and ``playouts`` play-outs each, from the first card."""
    cdef Table base, t
    cdef int n = len(hands), count = len(worlds), m = len(my_goals), w, j, r, p, outcome
    cdef double value[1 << MAXP]
    cdef double weight
    cdef uint64_t rng
    cdef int goals[MAXP]
    cdef double acc
    if m > MAXGOALS:
        raise ValueError("too many goals")
    fill_table(&base, hands, truth, start, [-1] * n, (start + 1) % n, [], [0] * n, [0] * n, 0)
    for p in range(1 << n):
        value[p] = util[p]
    totals = [0.0] * m
    for w in range(count):
        weight = weights[w]
        if weight <= 0.0:
            continue
        for p in range(n):
            goals[p] = worlds[w][p]
        for j in range(m):
            goals[seat] = my_goals[j]
            acc = 0.0
            with nogil:
                for r in range(playouts):
                    memcpy(&t, &base, sizeof(Table))
                    for p in range(n):
                        t.goals[p] = goals[p]
                    t.aim = start_aim(start, n, goals, base.hands, truth, in_play)
                    rng = stream_seed(seed, <uint64_t>w * playouts + r)
                    outcome = playout(&t, &rng, noise)
                    acc += value[outcome]
            totals[j] += weight * acc
    return totals


def play_scores(list hands, int truth, int start, int seat, list goals, list aims, int leader, list trick, list won,
                list captured, int done, list candidates, int playouts, int noise, unsigned long long seed,
                list util):
    """``scores[i][j]``: the utility of playing ``candidates[i]`` with the start player aiming at ``aims[j]``,
    summed over ``playouts`` play-outs."""
    cdef Table base, t
    cdef int k = len(candidates), m = len(aims), i, j, r, outcome, card
    cdef double value[1 << MAXP]
    cdef double acc
    cdef uint64_t rng
    fill_table(&base, hands, truth, start, goals, leader, trick, won, captured, done)
    if (leader + base.count) % base.n != seat:
        raise ValueError("it is not this seat's turn")
    for i in range(1 << base.n):
        value[i] = util[i]
    scores = []
    for i in range(k):
        card = candidates[i]
        if not (base.hands[seat] >> card) & 1:
            raise ValueError(f"seat {seat} does not hold card {card}")
        row = []
        for j in range(m):
            base.aim = aims[j]
            acc = 0.0
            with nogil:
                for r in range(playouts):
                    memcpy(&t, &base, sizeof(Table))
                    t.hands[seat] ^= (<uint64_t>1) << card
                    t.trick[t.count] = card
                    t.count += 1
                    rng = stream_seed(seed, r)
                    outcome = playout(&t, &rng, noise)
                    acc += value[outcome]
            row.append(acc)
        scores.append(row)
    return scores
