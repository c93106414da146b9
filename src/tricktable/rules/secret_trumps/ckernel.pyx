# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""The compiled twin of ``solver.py``: the same open-hands search of a Secret Trumps round, in C.

Built by pip with the machine's C compiler when tricktable is installed.  ``solver.py`` stays the reference:
``tests/rules/secret_trumps/test_solver.py`` checks that both give the same outcome for every card, and that
both agree with plain enumeration.  The search, its tie rule (the lowest card of equal value), its equivalent
cards and its memo are the reference's, so the answers are identical, not merely equally good.
"""

from libc.stdint cimport uint8_t, uint64_t
from libc.stdlib cimport free, malloc
from libc.string cimport memset

from tricktable.rules.secret_trumps.crules cimport (
    NCARDS,
    __builtin_popcountll,
    Trumps,
    legal_cards,
    low_card,
    outcome_of,
    suit_bits,
    suit_mask,
    trick_winner,
    trumps_init,
    tt_cpu_ready,
)

if not tt_cpu_ready():
    raise ImportError("the compiled kernel was built for x86-64 CPUs with POPCNT and BMI2; this one lacks them")

cdef enum:
    MAXP = 4
    FREE = 255


# ----- equivalent cards ---------------------------------------------------------------------------------------

cdef inline uint64_t between(int low, int high) noexcept nogil:
    """The card ids strictly between ``low`` and ``high`` (same suit, ``low < high``)."""
    return ((<uint64_t>1) << high) - ((<uint64_t>2) << low)


cdef int choices(const Trumps* t, uint64_t hand, uint64_t legal, uint64_t others, int* reps, int* rep_of) noexcept nogil:
    """The lowest card of each run of equivalent ``legal`` cards, ascending, into ``reps``; returns how many.
    With ``rep_of`` also each legal card's run representative (``solver.equivalent_runs``)."""
    cdef int count = 0, s, c, prev, rep, m, i, j, tmp, o, low_key, high_key
    cdef uint64_t cards, other_trumps = others & t.trump_mask, pool
    cdef int order[9]
    cdef int run_start
    cdef bint apart
    for s in range(4):
        # The plain cards of suit s: their ids run in rank order.
        cards = legal & t.plain[s]
        prev = -1
        rep = -1
        while cards:
            c = low_card(cards)
            cards &= cards - 1
            if prev < 0 or others & t.plain[s] & between(prev, c):
                rep = c
                reps[count] = c
                count += 1
            if rep_of != NULL:
                rep_of[c] = rep
            prev = c
        # The trumps printed in suit s, in trump order (the super trump's id is not its place).
        cards = legal & t.trump_mask & suit_mask(s)
        m = 0
        while cards:
            order[m] = low_card(cards)
            cards &= cards - 1
            m += 1
        for i in range(1, m):
            j = i
            while j > 0 and t.key[order[j - 1]] > t.key[order[j]]:
                tmp = order[j]
                order[j] = order[j - 1]
                order[j - 1] = tmp
                j -= 1
        run_start = 0
        for i in range(m + 1):
            apart = i == m
            if 0 < i < m:
                low_key = t.key[order[i - 1]]
                high_key = t.key[order[i]]
                pool = other_trumps
                while pool:
                    o = low_card(pool)
                    pool &= pool - 1
                    if low_key < t.key[o] < high_key:
                        apart = True
                        break
            if apart and i > 0:
                # Close the run order[run_start:i]: its lowest id stands for it.
                rep = order[run_start]
                for j in range(run_start, i):
                    if order[j] < rep:
                        rep = order[j]
                reps[count] = rep
                count += 1
                if rep_of != NULL:
                    for j in range(run_start, i):
                        rep_of[order[j]] = rep
                run_start = i
    for i in range(1, count):
        j = i
        while j > 0 and reps[j - 1] > reps[j]:
            tmp = reps[j]
            reps[j] = reps[j - 1]
            reps[j - 1] = tmp
            j -= 1
    return count


# ----- the memo -------------------------------------------------------------------------------------------------

cdef struct Memo:
    int words              # words of a key: the hands, then one for the leader, tricks won and suits captured
    size_t capacity        # a power of two
    size_t count
    uint64_t* keys
    uint8_t* values        # an outcome mask, FREE for an empty slot


cdef int memo_init(Memo* memo, int words) noexcept:
    memo.words = words
    memo.capacity = 1 << 12
    memo.count = 0
    memo.keys = <uint64_t*>malloc(memo.capacity * words * sizeof(uint64_t))
    memo.values = <uint8_t*>malloc(memo.capacity)
    if memo.keys == NULL or memo.values == NULL:
        return -1
    memset(memo.values, FREE, memo.capacity)
    return 0


cdef void memo_free(Memo* memo) noexcept:
    free(memo.keys)
    free(memo.values)


cdef inline size_t memo_slot(const Memo* memo, const uint64_t* key) noexcept nogil:
    """The slot holding ``key``, or the free slot where it belongs."""
    cdef uint64_t h = 0x9E3779B97F4A7C15ULL
    cdef size_t mask = memo.capacity - 1, slot
    cdef int i
    cdef bint same
    for i in range(memo.words):
        h ^= key[i]
        h *= 0xBF58476D1CE4E5B9ULL
        h ^= h >> 29
    slot = h & mask
    while memo.values[slot] != FREE:
        same = True
        for i in range(memo.words):
            if memo.keys[slot * memo.words + i] != key[i]:
                same = False
                break
        if same:
            return slot
        slot = (slot + 1) & mask
    return slot


cdef int memo_grow(Memo* memo) noexcept:
    cdef Memo bigger
    cdef size_t i, slot
    cdef int w
    bigger.words = memo.words
    bigger.capacity = memo.capacity * 2
    bigger.count = memo.count
    bigger.keys = <uint64_t*>malloc(bigger.capacity * memo.words * sizeof(uint64_t))
    bigger.values = <uint8_t*>malloc(bigger.capacity)
    if bigger.keys == NULL or bigger.values == NULL:
        free(bigger.keys)
        free(bigger.values)
        return -1
    memset(bigger.values, FREE, bigger.capacity)
    for i in range(memo.capacity):
        if memo.values[i] == FREE:
            continue
        slot = memo_slot(&bigger, memo.keys + i * memo.words)
        for w in range(memo.words):
            bigger.keys[slot * memo.words + w] = memo.keys[i * memo.words + w]
        bigger.values[slot] = memo.values[i]
    memo_free(memo)
    memo[0] = bigger
    return 0


# ----- the search -----------------------------------------------------------------------------------------------

cdef struct Solver:
    int n
    int start
    int relevant           # the suits some chosen goal is about
    Trumps trumps
    int goals[MAXP]
    double util[MAXP][1 << MAXP]
    double best_util[MAXP]
    Memo memo
    long long nodes
    long long node_limit   # 0: no limit
    bint failed            # out of memory or over the node limit


cdef int search(Solver* s, uint64_t* hands, int leader, int* trick, int count, int* won, int* suits) noexcept:
    """The outcome of best play from here (the seat to move is ``leader + count``); -1 if the search gave up."""
    cdef int n = s.n, mover = (leader + count) % n, i, p, card, outcome, best = -1, winner, k
    cdef int reps[NCARDS]
    cdef int next_trick[MAXP]
    cdef int won2[MAXP]
    cdef int suits2[MAXP]
    cdef uint64_t key[MAXP + 1]
    cdef uint64_t hand = hands[mover], live = 0, bit
    cdef size_t slot = 0
    s.nodes += 1
    if s.node_limit and s.nodes > s.node_limit:
        s.failed = True
        return -1
    if count == 0:
        for p in range(n):
            key[p] = hands[p]
        key[n] = <uint64_t>leader
        for p in range(n):
            key[n] |= (<uint64_t>won[p]) << (2 + 4 * p)
            key[n] |= (<uint64_t>suits[p]) << (2 + 4 * MAXP + 4 * p)
        slot = memo_slot(&s.memo, key)
        if s.memo.values[slot] != FREE:
            return s.memo.values[slot]
    for p in range(n):
        live |= hands[p]
    for i in range(count):
        live |= (<uint64_t>1) << trick[i]
    k = choices(&s.trumps, hand, legal_cards(&s.trumps, hand, trick[0] if count else -1), live & ~hand, reps, NULL)
    for i in range(k):
        card = reps[i]
        bit = (<uint64_t>1) << card
        hands[mover] = hand ^ bit
        trick[count] = card
        if count + 1 < n:
            outcome = search(s, hands, leader, trick, count + 1, won, suits)
        else:
            winner = (leader + trick_winner(trick, n, s.trumps.key)) % n
            for p in range(n):
                won2[p] = won[p]
                suits2[p] = suits[p]
            won2[winner] += 1
            for p in range(n):
                suits2[winner] |= (1 << (trick[p] // 9)) & s.relevant
            if hands[mover] == 0 and hands[(mover + 1) % n] == 0:
                outcome = outcome_of(s.goals, n, s.start, won2, suits2, winner)
            else:
                outcome = search(s, hands, winner, next_trick, 0, won2, suits2)
        hands[mover] = hand
        if outcome < 0:
            return -1
        if best < 0 or s.util[mover][outcome] > s.util[mover][best]:
            best = outcome
            if s.util[mover][best] >= s.best_util[mover]:
                break
    if count == 0:
        # The searches below may have grown the memo: find the slot again.
        if s.memo.count * 2 >= s.memo.capacity and memo_grow(&s.memo) < 0:
            s.failed = True
            return -1
        slot = memo_slot(&s.memo, key)
        for p in range(n + 1):
            s.memo.keys[slot * s.memo.words + p] = key[p]
        s.memo.values[slot] = best
        s.memo.count += 1
    return best


def move_values(list hands, int suit, int rank, int leader, list trick, list won, list captured, list goals,
                  int start, list util, long long node_limit=0):
    """For every legal card of the seat to move, ascending, ``(card, outcome)``: ``solver.move_values``.

    ``None`` when ``node_limit`` (0: none) positions were not enough."""
    cdef Solver s
    cdef int n = len(hands), p, m, i, k, card, mover, count = len(trick), winner, outcome, relevant = 0
    cdef uint64_t held[MAXP]
    cdef int table[MAXP]
    cdef int won_now[MAXP]
    cdef int suits_now[MAXP]
    cdef int won2[MAXP]
    cdef int suits2[MAXP]
    cdef int next_trick[MAXP]
    cdef int reps[NCARDS]
    cdef int rep_of[NCARDS]
    cdef int found[NCARDS]
    cdef uint64_t live = 0, hand, legal
    if not 3 <= n <= MAXP:
        raise ValueError(f"the search plays 3 or 4 hands, not {n}")
    if count >= n:
        raise ValueError("the trick on the table is already complete")
    s.n = n
    s.start = start
    s.nodes = 0
    s.node_limit = node_limit
    s.failed = False
    trumps_init(&s.trumps, suit, rank)
    for p in range(n):
        s.goals[p] = goals[p]
        if goals[p] >= 0 and goals[p] >> 4 == 4:
            relevant |= 1 << (goals[p] & 15)
        s.best_util[p] = util[p][0]
        for m in range(1 << n):
            s.util[p][m] = util[p][m]
            if s.util[p][m] > s.best_util[p]:
                s.best_util[p] = s.util[p][m]
    s.relevant = relevant
    for p in range(n):
        held[p] = hands[p]
        live |= held[p]
        won_now[p] = won[p]
        suits_now[p] = suit_bits(captured[p]) & relevant
    for i in range(count):
        table[i] = trick[i]
        live |= (<uint64_t>1) << table[i]
    if memo_init(&s.memo, n + 1) < 0:
        memo_free(&s.memo)
        raise MemoryError()
    mover = (leader + count) % n
    hand = held[mover]
    if not hand:
        memo_free(&s.memo)
        raise ValueError("the seat to move holds no card: the round is over")
    legal = legal_cards(&s.trumps, hand, table[0] if count else -1)
    k = choices(&s.trumps, hand, legal, live & ~hand, reps, rep_of)
    try:
        for i in range(k):
            card = reps[i]
            held[mover] = hand ^ ((<uint64_t>1) << card)
            table[count] = card
            if count + 1 < n:
                outcome = search(&s, held, leader, table, count + 1, won_now, suits_now)
            else:
                winner = (leader + trick_winner(table, n, s.trumps.key)) % n
                for p in range(n):
                    won2[p] = won_now[p]
                    suits2[p] = suits_now[p]
                won2[winner] += 1
                for p in range(n):
                    suits2[winner] |= (1 << (table[p] // 9)) & relevant
                if held[mover] == 0 and held[(mover + 1) % n] == 0:
                    outcome = outcome_of(s.goals, n, start, won2, suits2, winner)
                else:
                    outcome = search(&s, held, winner, next_trick, 0, won2, suits2)
            held[mover] = hand
            if outcome < 0:
                if s.failed and s.node_limit and s.nodes > s.node_limit:
                    return None
                raise MemoryError()
            found[card] = outcome
        out = []
        for card in range(NCARDS):
            if legal >> card & 1:
                out.append((card, found[rep_of[card]]))
        return out
    finally:
        memo_free(&s.memo)


# ----- can a seat still cross off, everyone helping (``solver.can_cross``) ---------------------------------------

cdef bint hopeless(int code, int seat, int n, const int* won, const int* suits, int left) noexcept nogil:
    """``solver.hopeless``: can ``seat`` no longer meet ``code`` in the ``left`` tricks still to play?"""
    cdef int kind = code >> 4, value = code & 15, mine = won[seat], q
    if kind == 0:
        return mine > value or mine + left < value
    if kind == 1:
        for q in range(n):
            if q != seat and mine + left <= won[q]:
                return True
        return False
    if kind == 2:
        for q in range(n):
            if q != seat and mine >= won[q] + left:
                return True
        return False
    if kind == 4:
        return (suits[seat] >> value) & 1
    return False


cdef bint cross_hopeless(const Solver* s, int seat, const int* won, const int* suits, int left) noexcept nogil:
    cdef int q
    if seat != s.start:
        return hopeless(s.goals[seat], seat, s.n, won, suits, left)
    for q in range(s.n):
        if q != seat and s.goals[q] >= 0 and not hopeless(s.goals[q], seat, s.n, won, suits, left):
            return False
    return True


cdef int cross_search(Solver* s, int seat, uint64_t* hands, int leader, int* trick, int count, int* won,
                      int* suits) noexcept:
    """1 if some line of play lets ``seat`` cross off from here, 0 if none does, -1 if the search gave up."""
    cdef int n = s.n, mover = (leader + count) % n, i, p, card, answer = 0, winner, k
    cdef int reps[NCARDS]
    cdef int next_trick[MAXP]
    cdef int won2[MAXP]
    cdef int suits2[MAXP]
    cdef uint64_t key[MAXP + 1]
    cdef uint64_t hand = hands[mover], live = 0
    cdef size_t slot
    s.nodes += 1
    if s.node_limit and s.nodes > s.node_limit:
        s.failed = True
        return -1
    if count == 0:
        if cross_hopeless(s, seat, won, suits, __builtin_popcountll(hands[leader])):
            return 0
        for p in range(n):
            key[p] = hands[p]
        key[n] = <uint64_t>leader
        for p in range(n):
            key[n] |= (<uint64_t>won[p]) << (2 + 4 * p)
            key[n] |= (<uint64_t>suits[p]) << (2 + 4 * MAXP + 4 * p)
        slot = memo_slot(&s.memo, key)
        if s.memo.values[slot] != FREE:
            return s.memo.values[slot]
    for p in range(n):
        live |= hands[p]
    for i in range(count):
        live |= (<uint64_t>1) << trick[i]
    k = choices(&s.trumps, hand, legal_cards(&s.trumps, hand, trick[0] if count else -1), live & ~hand, reps, NULL)
    for i in range(k):
        card = reps[i]
        hands[mover] = hand ^ ((<uint64_t>1) << card)
        trick[count] = card
        if count + 1 < n:
            answer = cross_search(s, seat, hands, leader, trick, count + 1, won, suits)
        else:
            winner = (leader + trick_winner(trick, n, s.trumps.key)) % n
            for p in range(n):
                won2[p] = won[p]
                suits2[p] = suits[p]
            won2[winner] += 1
            for p in range(n):
                suits2[winner] |= (1 << (trick[p] // 9)) & s.relevant
            if hands[mover] == 0:
                answer = (outcome_of(s.goals, n, s.start, won2, suits2, winner) >> seat) & 1
            else:
                answer = cross_search(s, seat, hands, winner, next_trick, 0, won2, suits2)
        hands[mover] = hand
        if answer != 0:
            break
    if answer < 0:
        return -1
    if count == 0:
        if s.memo.count * 2 >= s.memo.capacity and memo_grow(&s.memo) < 0:
            s.failed = True
            return -1
        slot = memo_slot(&s.memo, key)
        for p in range(n + 1):
            s.memo.keys[slot * s.memo.words + p] = key[p]
        s.memo.values[slot] = answer
        s.memo.count += 1
    return answer


def can_cross(list hands, int suit, int rank, int leader, list trick, list won, list captured, list goals, int start,
              int seat, long long node_limit=0):
    """``solver.can_cross``: could ``seat`` still cross off with everyone's help?  ``None`` past ``node_limit``."""
    cdef Solver s
    cdef int n = len(hands), p, i, count = len(trick), relevant = 0, answer
    cdef uint64_t held[MAXP]
    cdef int table[MAXP]
    cdef int won_now[MAXP]
    cdef int suits_now[MAXP]
    if not 3 <= n <= MAXP:
        raise ValueError(f"the search plays 3 or 4 hands, not {n}")
    if count >= n or not 0 <= seat < n:
        raise ValueError("the trick on the table is complete, or the seat is not at the table")
    s.n = n
    s.start = start
    s.nodes = 0
    s.node_limit = node_limit
    s.failed = False
    trumps_init(&s.trumps, suit, rank)
    for p in range(n):
        s.goals[p] = goals[p]
        if goals[p] >= 0 and goals[p] >> 4 == 4:
            relevant |= 1 << (goals[p] & 15)
    s.relevant = relevant
    for p in range(n):
        held[p] = hands[p]
        won_now[p] = won[p]
        suits_now[p] = suit_bits(captured[p]) & relevant
    for i in range(count):
        table[i] = trick[i]
    if not held[(leader + count) % n]:
        raise ValueError("the seat to move holds no card: the round is over")
    if memo_init(&s.memo, n + 1) < 0:
        memo_free(&s.memo)
        raise MemoryError()
    try:
        answer = cross_search(&s, seat, held, leader, table, count, won_now, suits_now)
    finally:
        memo_free(&s.memo)
    if answer < 0:
        if s.node_limit and s.nodes > s.node_limit:
            return None
        raise MemoryError()
    return answer == 1
