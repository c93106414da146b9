# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""The Secret Trumps blueprint in C: the same conventions as ``blueprint.py`` and ``picking.py``, choice for
choice (the tests play both from the same seeds and compare every card).

The search loops over sampled worlds (``csearch.pyx``) ``cimport`` these functions; the ``c_*`` functions at
the end expose them to Python for the tests.  Integers throughout, SplitMix64 for chance (``core/cbits.pxd``).
"""

from libc.stdint cimport int64_t, uint64_t

from tricktable.core.cbits cimport kth_bit
from tricktable.rules.secret_trumps.crules cimport (
    EXACT,
    FEWEST,
    LAST,
    MOST,
    NO_SUIT,
    Trumps,
    __builtin_popcountll,
    below,
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
    NHYP = 50
    WIN = 0
    LOSE = 1
    KEEP = 2
    CHEAP = 3

#: ``HYP[h]``: the trump tables of hypothesis ``h``; ``WEIGHT[h][c]``: card ``c``'s power under it.
cdef Trumps HYP[NHYP]
cdef int WEIGHT[NHYP][36]


cdef int card_weight(int card, int key) noexcept nogil:
    if key >= 100:
        return 1000
    if key >= 50:
        return 850
    if key:
        return 500 + 50 * (key - 10)
    return max(0, card % 9 + 1 - 5) * 100


cdef void init_tables() noexcept:
    cdef int h, c
    for h in range(NHYP):
        trumps_init(&HYP[h], h // 10 - 1, h % 10)
        for c in range(36):
            WEIGHT[h][c] = card_weight(c, HYP[h].key[c])


init_tables()


cdef uint64_t stream_seed(uint64_t seed, uint64_t index) noexcept nogil:
    """The seed of the ``index``-th random stream of a search (``blueprint.stream_seed``)."""
    return seed + index * 0x9E3779B97F4A7C15ULL


# ----- power, targets and fit -----------------------------------------------------------------------------------

cdef inline int64_t power(int card, uint64_t hyps) noexcept nogil:
    cdef int64_t total = 0
    while hyps:
        total += WEIGHT[low_card(hyps)][card]
        hyps &= hyps - 1
    return total


cdef int64_t mask_power(uint64_t cards, uint64_t hyps) noexcept nogil:
    cdef int64_t total = 0
    while cards:
        total += power(low_card(cards), hyps)
        cards &= cards - 1
    return total


cdef inline int target10(int code) noexcept nogil:
    cdef int kind = code >> 4
    if kind == EXACT:
        return 10 * (code & 15)
    if kind == FEWEST:
        return 3
    if kind == MOST:
        return 40
    if kind == LAST:
        return 25
    return 10


cdef inline int start_target10(int n) noexcept nogil:
    return (90 + n // 2) // n


cdef int auto_target10(const int* codes, int count, int64_t hand_power, int64_t all_power, int picked) noexcept nogil:
    """The target of the open goal nearest to what the hand projects (``blueprint.auto_target10``)."""
    cdef int i, t, best = -1
    cdef int64_t gap, best_gap = -1
    if picked == 0 or all_power == 0:
        for i in range(count):
            t = target10(codes[i])
            if best < 0 or t < best:
                best = t
        return best
    for i in range(count):
        t = target10(codes[i])
        gap = t * all_power * picked - 810 * hand_power
        if gap < 0:
            gap = -gap
        if best_gap < 0 or gap < best_gap or (gap == best_gap and t < best):
            best = t
            best_gap = gap
    return best


cdef void estimates10(const uint64_t* hands, int n, int truth, uint64_t in_play, int* out) noexcept nogil:
    cdef int64_t total = mask_power(in_play, (<uint64_t>1) << truth)
    cdef int p
    if total < 1:
        total = 1
    for p in range(n):
        out[p] = <int>(90 * mask_power(hands[p], (<uint64_t>1) << truth) // total)


cdef int max_key(uint64_t cards, const int* key) noexcept nogil:
    cdef int best = 0
    while cards:
        if key[low_card(cards)] > best:
            best = key[low_card(cards)]
        cards &= cards - 1
    return best


cdef int fit_distance(int code, int seat, int n, uint64_t hand, const int* est, const int* key, uint64_t in_play) noexcept nogil:
    """How badly ``seat``'s hand fits goal ``code`` (``blueprint.fit_distance``)."""
    cdef int kind = code >> 4, value = code & 15, mine = est[seat], q, top, held, high, d
    cdef int other_max = -1, other_min = -1
    for q in range(n):
        if q == seat:
            continue
        if other_max < 0 or est[q] > other_max:
            other_max = est[q]
        if other_min < 0 or est[q] < other_min:
            other_min = est[q]
    if kind == EXACT:
        d = mine - 10 * value
        return d if d >= 0 else -d
    if kind == MOST:
        return max(0, other_max - mine + 5)
    if kind == FEWEST:
        return max(0, mine - other_min + 5)
    if kind == LAST:
        top = max_key(in_play, key)
        held = max_key(hand, key)
        if top and held == top:
            return 5
        return 20 if held else 40
    high = __builtin_popcountll(hand & ((<uint64_t>7) << (value * 9 + 6)))
    d = mine - 5
    return (d if d >= 0 else -d) + 8 * high


cdef int best_fit(int seat, int n, const int* codes, int count, uint64_t hand, const int* est, const int* key,
                  uint64_t in_play) noexcept nogil:
    cdef int i, d, best = codes[0], best_d = -1
    for i in range(count):
        d = fit_distance(codes[i], seat, n, hand, est, key, in_play)
        if best_d < 0 or d < best_d:
            best = codes[i]
            best_d = d
    return best


cdef int start_aim(int start, int n, const int* goals, const uint64_t* hands, int truth, uint64_t in_play) noexcept nogil:
    """The revealed goal the start player's hand fits best (``blueprint.start_aim``); -1 for none."""
    cdef int est[MAXP]
    cdef int i, code, d, best = -1, best_d = -1
    estimates10(hands, n, truth, in_play, est)
    for i in range(1, n):
        code = goals[(start + i) % n]
        if code < 0:
            continue
        d = fit_distance(code, start, n, hands[start], est, HYP[truth].key, in_play)
        if best_d < 0 or d < best_d:
            best = code
            best_d = d
    return best


# ----- cards ----------------------------------------------------------------------------------------------------

cdef inline int mode(int code, int won, int done, const int* trick, int count) noexcept nogil:
    cdef int kind, value, i
    if code < 0:
        return LOSE
    kind = code >> 4
    value = code & 15
    if kind == FEWEST or (kind == EXACT and value == 0):
        return LOSE
    if kind == EXACT:
        return WIN if won < value else LOSE
    if kind == MOST:
        return WIN
    if kind == LAST:
        return WIN if done == 8 else KEEP
    if count == 0:
        return LOSE
    for i in range(count):
        if trick[i] // 9 == value:
            return LOSE
    return CHEAP


cdef inline int strength(int card, const int* key) noexcept nogil:
    return key[card] * 10 + card % 9 if key[card] else card % 9


cdef int lowest(uint64_t pool, const int* key) noexcept nogil:
    cdef int best = -1, c
    while pool:
        c = low_card(pool)
        pool &= pool - 1
        if best < 0 or strength(c, key) < strength(best, key):
            best = c
    return best


cdef int highest(uint64_t pool, const int* key) noexcept nogil:
    cdef int best = -1, c
    while pool:
        c = low_card(pool)
        pool &= pool - 1
        if best < 0 or strength(c, key) > strength(best, key):
            best = c
    return best


cdef int play_card(uint64_t legal, const int* trick, int count, const int* key, int how, int avoid, int n) noexcept nogil:
    """The card to play for ``how`` (``blueprint.play_card``)."""
    cdef int table[MAXP]
    cdef int i, c
    cdef uint64_t winners = 0, losers = 0, pool, safe, dump
    if count == 0:
        if how == WIN:
            return highest(legal, key)
        if avoid >= 0:
            safe = legal & ~suit_mask(avoid)
            return lowest(safe if safe else legal, key)
        return lowest(legal, key)
    for i in range(count):
        table[i] = trick[i]
    pool = legal
    while pool:
        c = low_card(pool)
        pool &= pool - 1
        table[count] = c
        if trick_winner(table, count + 1, key) == count:
            winners |= (<uint64_t>1) << c
        else:
            losers |= (<uint64_t>1) << c
    if avoid >= 0:
        safe = winners & ~suit_mask(avoid)
        if safe:
            winners = safe
    if how == WIN:
        if winners:
            return lowest(winners, key) if count == n - 1 else highest(winners, key)
        return lowest(legal, key)
    if how == CHEAP and count == n - 1 and winners and (avoid < 0 or low_card(winners) // 9 != avoid):
        return lowest(winners, key)
    if losers:
        if avoid >= 0:
            dump = losers & suit_mask(avoid)
            if dump:
                return highest(dump, key)
        return lowest(losers, key) if how == KEEP else highest(losers, key)
    return highest(winners, key) if how != KEEP else lowest(winners, key)


cdef int playout(Table* t, uint64_t* rng, int noise) noexcept nogil:
    """Play the round out with the blueprint (``blueprint.playout``): the outcome.  Changes ``t``."""
    cdef const Trumps* tr = &HYP[t.truth]
    cdef int n = t.n, seat, card, last = t.leader, p, i, code
    cdef int goal_of[MAXP]
    cdef int avoid[MAXP]
    cdef int suits[MAXP]
    cdef uint64_t legal
    for p in range(n):
        goal_of[p] = t.aim if p == t.start else t.goals[p]
        code = goal_of[p]
        avoid[p] = code & 15 if code >= 0 and code >> 4 == NO_SUIT else -1
    while t.done < NROWS:
        while t.count < n:
            seat = (t.leader + t.count) % n
            legal = legal_cards(tr, t.hands[seat], t.trick[0] if t.count else -1)
            if legal & (legal - 1) == 0:
                card = low_card(legal)
            elif noise and below(rng, 1000) < noise:
                card = kth_bit(legal, below(rng, __builtin_popcountll(legal)))
            else:
                card = play_card(legal, t.trick, t.count, tr.key,
                                 mode(goal_of[seat], t.won[seat], t.done, t.trick, t.count), avoid[seat], n)
            t.hands[seat] ^= (<uint64_t>1) << card
            t.trick[t.count] = card
            t.count += 1
        last = (t.leader + trick_winner(t.trick, n, tr.key)) % n
        t.won[last] += 1
        for i in range(n):
            t.captured[last] |= (<uint64_t>1) << t.trick[i]
        t.count = 0
        t.leader = last
        t.done += 1
    for p in range(n):
        suits[p] = suit_bits(t.captured[p])
    return outcome_of(t.goals, n, t.start, t.won, suits, last)


# ----- picks and whole rounds -----------------------------------------------------------------------------------

cdef uint64_t deal_in_play(const Deal* d) noexcept nogil:
    cdef uint64_t mask = 0
    cdef int r, i
    for r in range(NROWS):
        for i in range(d.face_count[r]):
            mask |= (<uint64_t>1) << d.face[r][i]
    return mask


cdef int pick_card(uint64_t options, uint64_t hand, uint64_t hyps, int64_t all_power, int target) noexcept nogil:
    """The option closest to what each row still to pick should add (``picking.pick_card``)."""
    cdef int rows_left = NROWS - __builtin_popcountll(hand), c, best = -1
    cdef int64_t need, gap, best_gap = -1
    if rows_left < 1:
        rows_left = 1
    need = target * all_power - 90 * mask_power(hand, hyps)
    while options:
        c = low_card(options)
        options &= options - 1
        gap = 90 * power(c, hyps) * rows_left - need
        if gap < 0:
            gap = -gap
        if best_gap < 0 or gap < best_gap:
            best = c
            best_gap = gap
    return best


cdef uint64_t narrow(uint64_t hyps, const int* cards, int count, int winner) noexcept nogil:
    cdef uint64_t out = 0, m = hyps
    cdef int h
    while m:
        h = low_card(m)
        m &= m - 1
        if trick_winner(cards, count, HYP[h].key) == winner:
            out |= (<uint64_t>1) << h
    return out


cdef void final_hands(const Deal* d, uint64_t* rng, int noise, uint64_t* hands) noexcept nogil:
    """Pick the rest of the rows with the blueprint (``picking.finish_picking``) into ``hands``."""
    cdef int n = d.n, r, i, seat, card, first, target, count
    cdef int cards[MAXP]
    cdef uint64_t in_play = deal_in_play(d), hyps = d.hyps, known, left
    cdef uint64_t truth_mask = (<uint64_t>1) << d.truth
    cdef int64_t all_known, all_truth = mask_power(in_play, truth_mask)
    for i in range(n):
        hands[i] = 0
    for r in range(NROWS):
        for i in range(d.pick_count[r]):
            hands[d.pick_seat[r][i]] |= (<uint64_t>1) << d.pick_card[r][i]
    all_known = mask_power(in_play, hyps)
    for r in range(d.hinted, NROWS):
        left = 0
        for i in range(d.face_count[r]):
            left |= (<uint64_t>1) << d.face[r][i]
        count = d.pick_count[r]
        for i in range(count):
            left &= ~((<uint64_t>1) << d.pick_card[r][i])
            cards[i] = d.pick_card[r][i]
        first = (d.start + 1 + r) % n
        for i in range(count, n):
            seat = (first + i) % n
            if left & (left - 1) == 0:
                card = low_card(left)
            elif noise and below(rng, 1000) < noise:
                card = kth_bit(left, below(rng, __builtin_popcountll(left)))
            elif seat == d.start:
                card = pick_card(left, hands[seat], truth_mask, all_truth, start_target10(n))
            else:
                if d.plans[seat] >= 0:
                    target = target10(d.plans[seat])
                else:
                    target = auto_target10(d.open_goals[seat], d.open_count[seat], mask_power(hands[seat], hyps),
                                           all_known, __builtin_popcountll(hands[seat]))
                card = pick_card(left, hands[seat], hyps, all_known, target)
            hands[seat] |= (<uint64_t>1) << card
            left &= ~((<uint64_t>1) << card)
            cards[i] = card
        hyps = narrow(hyps, cards, n, trick_winner(cards, n, HYP[d.truth].key))
        all_known = mask_power(in_play, hyps)


cdef int simulate(const Deal* d, uint64_t* rng, int noise) noexcept nogil:
    """The round from here to its end with the blueprint (``picking.simulate``): the outcome."""
    cdef Table t
    cdef int est[MAXP]
    cdef int n = d.n, p
    cdef uint64_t in_play = deal_in_play(d)
    final_hands(d, rng, noise, t.hands)
    estimates10(t.hands, n, d.truth, in_play, est)
    t.n = n
    t.truth = d.truth
    t.start = d.start
    for p in range(n):
        if p == d.start:
            t.goals[p] = -1
        elif d.plans[p] >= 0:
            t.goals[p] = d.plans[p]
        else:
            t.goals[p] = best_fit(p, n, d.open_goals[p], d.open_count[p], t.hands[p], est, HYP[d.truth].key, in_play)
        t.won[p] = 0
        t.captured[p] = 0
    t.aim = start_aim(d.start, n, t.goals, t.hands, d.truth, in_play)
    t.leader = (d.start + 1) % n
    t.count = 0
    t.done = 0
    return playout(&t, rng, noise)


# ----- Python twins, for the tests ------------------------------------------------------------------------------

cdef int fill_deal(Deal* d, int start, int truth, uint64_t hyps, int hinted, list face_up, list picks, list open_goals,
                   list plans) except -1:
    cdef int n = len(open_goals), r, i, p
    if not 3 <= n <= MAXP or len(face_up) != NROWS or len(picks) != NROWS:
        raise ValueError("a deal has 3 or 4 seats and 9 rows")
    d.n = n
    d.start = start
    d.truth = truth
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
        d.plans[p] = plans[p]
    return 0


cdef int fill_table(Table* t, list hands, int truth, int start, list goals, int aim, int leader, list trick, list won,
                    list captured, int done) except -1:
    cdef int n = len(hands), p, i
    if not 3 <= n <= MAXP:
        raise ValueError("a table has 3 or 4 seats")
    t.n = n
    t.truth = truth
    t.start = start
    t.aim = aim
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


def c_play_card(unsigned long long legal, list trick, int truth, int how, int avoid, int n):
    cdef int table[MAXP]
    cdef int i
    for i in range(len(trick)):
        table[i] = trick[i]
    return play_card(legal, table, len(trick), HYP[truth].key, how, avoid, n)


def c_playout(list hands, int truth, int start, list goals, int aim, int leader, list trick, list won,
              list captured, int done, unsigned long long seed, int noise):
    cdef Table t
    cdef uint64_t rng = seed
    fill_table(&t, hands, truth, start, goals, aim, leader, trick, won, captured, done)
    return playout(&t, &rng, noise)


def c_final_hands(int start, int truth, unsigned long long hyps, int hinted, list face_up, list picks,
                  list open_goals, list plans, unsigned long long seed, int noise):
    cdef Deal d
    cdef uint64_t rng = seed
    cdef uint64_t hands[MAXP]
    fill_deal(&d, start, truth, hyps, hinted, face_up, picks, open_goals, plans)
    final_hands(&d, &rng, noise, hands)
    return [hands[p] for p in range(d.n)]


def c_simulate(int start, int truth, unsigned long long hyps, int hinted, list face_up, list picks, list open_goals,
               list plans, unsigned long long seed, int noise):
    cdef Deal d
    cdef uint64_t rng = seed
    fill_deal(&d, start, truth, hyps, hinted, face_up, picks, open_goals, plans)
    return simulate(&d, &rng, noise)


def c_start_aim(int start, list goals, list hands, int truth, unsigned long long in_play):
    cdef int g[MAXP]
    cdef uint64_t h[MAXP]
    cdef int n = len(goals), p
    for p in range(n):
        g[p] = goals[p]
        h[p] = hands[p]
    return start_aim(start, n, g, h, truth, in_play)
