# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""The blueprint in C: ``blueprint.blueprint_move`` line for line, on the rules of ``rules/tandem_trick/crules.pxd``.

``tests/bots/tandem_trick/test_blueprint.py`` checks it makes the same move as the Python blueprint (and so as the
heuristic bot) on every position of many games.  ``cplay.pyx`` plays rounds out with it and reads the others'
moves by it.
"""

from libc.stdint cimport uint64_t

from tricktable.rules.tandem_trick.crules cimport (
    ENTRY_ALONE,
    ENTRY_BIDDING,
    ENTRY_RIDE,
    MAX_MOVES,
    MOVE_BID,
    MOVE_PLAY,
    MOVE_TANDEM,
    Round,
    __builtin_popcountll,
    colour_mask,
    high_mask,
    legal_moves,
    play_move,
    top_bit,
    tt_cpu_ready,
)

from tricktable.bots.tandem_trick.heuristic import DECAY as _DECAY
from tricktable.bots.tandem_trick.heuristic import MISERE_WORTH as _MISERE_WORTH

if not tt_cpu_ready():
    raise ImportError("the compiled kernel was built for x86-64 CPUs with POPCNT and BMI2; this one lacks them")

cdef double DECAY[13]
for _k in range(13):
    DECAY[_k] = _DECAY[_k]
cdef double MISERE_WORTH = _MISERE_WORTH


cdef struct Seat:
    int me
    int n
    int lead
    int bid                # bid value, -1 before the bid
    int tricks
    uint64_t hand
    uint64_t unseen
    int cards[12]          # the hand in the view's order: by colour, high to low
    int ncards
    int sides              # sides on the table, in the order they were opened
    int side_seat[4]
    int side_total[4]
    int side_high[4]


cdef inline double win_chance(int card, uint64_t unseen) noexcept nogil:
    cdef int colour = card // 12
    cdef int value = card % 12
    cdef int above = __builtin_popcountll((unseen & colour_mask(colour)) >> (colour * 12 + value + 1))
    cdef double x = 0.85 * DECAY[above] + (0.04 if 4 <= value <= 9 else 0.0)
    return x if x < 0.85 else 0.85


cdef inline bint pair_greater(int a0, int a1, int b0, int b1) noexcept nogil:
    return a0 > b0 or (a0 == b0 and a1 > b1)


cdef void read_seat(Round* r, Seat* s) noexcept nogil:
    cdef int colour, value, i, j, v, card
    s.me = r.turn
    s.n = r.n
    s.hand = r.hands[s.me]
    s.unseen = r.deck & ~r.gone & ~s.hand
    s.lead = r.lead_suit
    s.bid = r.bid[s.me] % 12 if r.bid[s.me] >= 0 else -1
    s.tricks = r.won[s.me]
    s.ncards = 0
    for colour in range(4):
        for value in range(11, -1, -1):
            card = colour * 12 + value
            if (s.hand >> card) & 1:
                s.cards[s.ncards] = card
                s.ncards += 1
    s.sides = 0
    for i in range(r.count):
        v = r.e_card[i] % 12
        if r.e_kind[i] == ENTRY_ALONE:
            s.side_seat[s.sides] = r.e_seat[i]
            s.side_total[s.sides] = v
            s.side_high[s.sides] = v
            s.sides += 1
        elif r.e_kind[i] == ENTRY_RIDE:
            for j in range(s.sides):
                if s.side_seat[j] == r.e_partner[i]:
                    s.side_total[j] += v
                    if v > s.side_high[j]:
                        s.side_high[j] = v
                    break


cdef inline bint misere_alive(Round* r, int seat) noexcept nogil:
    return r.bid[seat] >= 0 and r.bid[seat] % 12 == 0 and r.won[seat] == 0


cdef inline void best_side(Seat* s, int without, int* out) noexcept nogil:
    cdef int j
    out[0] = -1
    out[1] = -1
    for j in range(s.sides):
        if s.side_seat[j] != without and pair_greater(s.side_total[j], s.side_high[j], out[0], out[1]):
            out[0] = s.side_total[j]
            out[1] = s.side_high[j]


cdef inline int side_of(Seat* s, int seat) noexcept nogil:
    cdef int j
    for j in range(s.sides):
        if s.side_seat[j] == seat:
            return j
    return -1


cdef inline int right_seat(Round* r) noexcept nogil:
    cdef int i = r.count - 1
    while i >= 0:
        if r.e_kind[i] != ENTRY_BIDDING:
            return r.e_seat[i]
        i -= 1
    return -1


cdef inline int later_count(Round* r) noexcept nogil:
    """Seats still to act in this trick after the seat to move."""
    return r.n - r.count - 1


cdef inline int cap(Round* r, Seat* s, int seat, int colour) noexcept nogil:
    cdef uint64_t hand = r.hands[seat]
    cdef uint64_t unseen = s.unseen & colour_mask(colour)
    cdef uint64_t high = unseen & high_mask(colour)
    cdef uint64_t low
    cdef int plain, c
    if (hand & high_mask(colour)) and high:
        return top_bit(high) - colour * 12
    low = unseen & ~high_mask(colour)
    plain = __builtin_popcountll(hand)
    for c in range(4):
        plain -= __builtin_popcountll(hand & high_mask(c))
    if plain > 0 and low:
        return top_bit(low) - colour * 12
    return -1


cdef int threat(Round* r, Seat* s, int colour) noexcept nogil:
    cdef int first = -1
    cdef int second = -1
    cdef int k, c
    for k in range(1, later_count(r) + 1):
        c = cap(r, s, (s.me + k) % s.n, colour)
        if c > first:
            second = first
            first = c
        elif c > second:
            second = c
    if first < 0:
        return -1
    return first + second if second >= 0 else first


cdef inline bint wants_tricks(Seat* s) noexcept nogil:
    return s.bid < 0 or s.bid - s.tricks != 0


cdef int consider_bid(Round* r, Seat* s) noexcept nogil:
    cdef double chances[12]
    cdef double dist[13]
    cdef double nxt[13]
    cdef double best_score = -1.0
    cdef double score, p_zero, p, q, threshold
    cdef int best_card = -1
    cdef int i, j, k, length, card, value, need
    cdef int bonus = 6 if r.bids_made == 0 else (3 if r.bids_made == 1 else (1 if r.bids_made == 2 else 0))
    cdef int best[2]
    cdef bint could_win
    for i in range(s.ncards):
        chances[i] = win_chance(s.cards[i], s.unseen)
    for i in range(s.ncards):
        card = s.cards[i]
        value = card % 12
        need = value - s.tricks
        if need < 0 or need > s.ncards - 1:
            continue
        if value == 0:
            p_zero = 1.0
            for j in range(s.ncards):
                if j != i:
                    p_zero *= 1.0 - 0.75 * chances[j]
            score = p_zero * (MISERE_WORTH + bonus)
        else:
            dist[0] = 1.0
            length = 1
            for j in range(s.ncards):
                if j == i:
                    continue
                p = chances[j]
                for k in range(length + 1):
                    nxt[k] = 0.0
                for k in range(length):
                    q = dist[k]
                    nxt[k] += q * (1.0 - p)
                    nxt[k + 1] += q * p
                length += 1
                for k in range(length):
                    dist[k] = nxt[k]
            score = dist[need] * <double>(value + bonus)
        if score > best_score:
            best_card = card
            best_score = score
    if best_card < 0:
        if r.cycle >= 9:
            j = 0
            for i in range(1, s.ncards):
                if chances[i] < chances[j]:
                    j = i
            return s.cards[j]
        return -1
    threshold = 2.6 - 0.28 * r.cycle
    if not threshold > 0.0:
        threshold = 0.0
    if s.lead >= 0:
        best_side(s, -1, best)
        could_win = False
        for i in range(s.ncards):
            card = s.cards[i]
            if card // 12 == s.lead and pair_greater(card % 12, card % 12, best[0], best[1]):
                could_win = True
        if not could_win:
            threshold *= 0.8
    return best_card if best_score >= threshold else -1


cdef inline bint key_less(double a0, int a1, double b0, int b1) noexcept nogil:
    return a0 < b0 or (a0 == b0 and a1 < b1)


cdef int least_useful(Seat* s, int* plays, int np) noexcept nogil:
    """The play with the lowest (win chance, value): the first found on a tie."""
    cdef int i, pick = plays[0]
    cdef double c_pick = win_chance(pick, s.unseen)
    cdef double c
    for i in range(1, np):
        c = win_chance(plays[i], s.unseen)
        if key_less(c, plays[i] % 12, c_pick, pick % 12):
            pick = plays[i]
            c_pick = c
    return pick


cdef int lead_card(Seat* s, int* plays, int np) noexcept nogil:
    cdef int i, j, pick, count, best_count
    cdef double c, c_pick
    cdef int above, best_above
    if wants_tricks(s):
        pick = plays[0]
        c_pick = win_chance(pick, s.unseen)
        for i in range(1, np):
            c = win_chance(plays[i], s.unseen)
            if key_less(c_pick, pick % 12, c, plays[i] % 12):
                pick = plays[i]
                c_pick = c
        if c_pick >= 0.6:
            return pick
        pick = -1
        best_count = 0
        for i in range(np):
            count = 0
            for j in range(np):
                if plays[j] // 12 == plays[i] // 12:
                    count += 1
            if pick < 0 or plays[i] % 12 < pick % 12 or (plays[i] % 12 == pick % 12 and count > best_count):
                pick = plays[i]
                best_count = count
        return pick
    pick = -1
    best_above = 0
    for i in range(np):
        above = __builtin_popcountll((s.unseen & colour_mask(plays[i] // 12)) >> (plays[i] + 1))
        if pick < 0 or above > best_above or (above == best_above and plays[i] % 12 < pick % 12):
            pick = plays[i]
            best_above = above
    return pick


cdef int play_to_win(
    Round* r, Seat* s, int* plays, int np, int* rides, int nr, int right, int right_j, int* best_other, int threat_
) noexcept nogil:
    cdef int best_now[2]
    cdef double holds[40]
    cdef double costs[40]
    cdef int moves[40]
    cdef int count = 0
    cdef int i, v, c, total, high, pick
    cdef double hold
    cdef bint gift
    best_side(s, -1, best_now)
    for i in range(np):
        c = plays[i]
        v = c % 12
        if c // 12 == s.lead and pair_greater(v, v, best_now[0], best_now[1]):
            holds[count] = 1.0 if v > threat_ else (0.4 if v * 2 > threat_ else 0.15)
            costs[count] = v
            moves[count] = MOVE_PLAY * 64 + c
            count += 1
    if right_j >= 0:
        for i in range(nr):
            c = rides[i]
            v = c % 12
            total = s.side_total[right_j] + v
            high = s.side_high[right_j] if s.side_high[right_j] > v else v
            if pair_greater(total, high, best_other[0], best_other[1]):
                hold = 1.0 if total > threat_ else (0.5 if total * 2 > threat_ else 0.2)
                gift = r.bid[right] >= 0 and r.bid[right] % 12 - r.won[right] == 1
                holds[count] = hold - (0.3 if gift else 0.0)
                costs[count] = v + 0.5
                moves[count] = MOVE_TANDEM * 64 + c
                count += 1
    pick = -1
    for i in range(count):
        if holds[i] >= 1.0 and (pick < 0 or costs[i] < costs[pick]):
            pick = i
    if pick >= 0:
        return moves[pick]
    if count:
        pick = 0
        for i in range(1, count):
            if holds[i] > holds[pick] or (holds[i] == holds[pick] and costs[i] > costs[pick]):
                pick = i
        if holds[pick] >= 0.4:
            return moves[pick]
    return MOVE_PLAY * 64 + least_useful(s, plays, np)


cdef int play_to_lose(Round* r, Seat* s, int* plays, int np, int* rides, int nr, int right_j, int* best_other) noexcept nogil:
    cdef int best_now[2]
    cdef int i, c, v, pick, lift, later, total, high, nfollow = 0
    cdef double ch, c_pick
    best_side(s, -1, best_now)
    for i in range(np):
        if plays[i] // 12 == s.lead:
            nfollow += 1
    if nfollow == 0:
        pick = plays[0]
        c_pick = win_chance(pick, s.unseen)
        for i in range(1, np):
            ch = win_chance(plays[i], s.unseen)
            if key_less(c_pick, pick % 12, ch, plays[i] % 12):
                pick = plays[i]
                c_pick = ch
        return MOVE_PLAY * 64 + pick
    if right_j >= 0:
        pick = -1
        for i in range(nr):
            c = rides[i]
            v = c % 12
            total = s.side_total[right_j] + v
            high = s.side_high[right_j] if s.side_high[right_j] > v else v
            if pair_greater(best_other[0], best_other[1], total, high) and c > pick:
                pick = c
        if pick >= 0:
            return MOVE_TANDEM * 64 + pick
    later = later_count(r)
    lift = cap(r, s, (s.me + 1) % s.n, s.lead) if later > 0 else -1
    if lift < 0:
        lift = 0
    # The highest losing card that no later seat can lift into a winner, else the lowest losing card.
    pick = -1
    for i in range(np):
        c = plays[i]
        v = c % 12
        if c // 12 == s.lead and pair_greater(best_now[0], best_now[1], v, v):
            if (v + lift < best_now[0] or later == 0) and c > pick:
                pick = c
    if pick >= 0:
        return MOVE_PLAY * 64 + pick
    for i in range(np):
        c = plays[i]
        v = c % 12
        if c // 12 == s.lead and pair_greater(best_now[0], best_now[1], v, v) and (pick < 0 or c < pick):
            pick = c
    if pick >= 0:
        return MOVE_PLAY * 64 + pick
    for i in range(np):
        if plays[i] // 12 == s.lead and plays[i] > pick:
            pick = plays[i]
    return MOVE_PLAY * 64 + pick


cdef int blueprint(Round* r) noexcept nogil:
    """``blueprint.blueprint_move`` for the seat to move."""
    cdef int moves[MAX_MOVES]
    cdef int plays[12]
    cdef int rides[12]
    cdef int k, i, np = 0, nr = 0, choice, right, right_j, owner, threat_, pick
    cdef bint can_bid = False
    cdef int best_other[2]
    cdef double ch, c_pick
    cdef Seat s
    k = legal_moves(r, moves)
    if k == 1:
        return moves[0]
    for i in range(k):
        if moves[i] >> 6 == MOVE_PLAY:
            plays[np] = moves[i] & 63
            np += 1
        elif moves[i] >> 6 == MOVE_TANDEM:
            rides[nr] = moves[i] & 63
            nr += 1
        else:
            can_bid = True
    read_seat(r, &s)
    if can_bid:
        choice = consider_bid(r, &s)
        if choice >= 0:
            return MOVE_BID * 64 + choice
    if s.lead < 0:
        return MOVE_PLAY * 64 + lead_card(&s, plays, np)
    right = right_seat(r)
    best_side(&s, right, best_other)
    right_j = side_of(&s, right) if right >= 0 else -1
    threat_ = threat(r, &s, s.lead)
    if nr and right_j >= 0 and misere_alive(r, right) and not misere_alive(r, s.me):
        pick = -1
        for i in range(nr):
            if pair_greater(s.side_total[right_j] + rides[i] % 12,
                            s.side_high[right_j] if s.side_high[right_j] > rides[i] % 12 else rides[i] % 12,
                            best_other[0], best_other[1]) and rides[i] > pick:
                pick = rides[i]
        if pick >= 0:
            return MOVE_TANDEM * 64 + pick
    if wants_tricks(&s):
        # Duck under an opponent's live misère card that leads the trick.
        if s.sides:
            owner = 0
            for i in range(1, s.sides):
                if pair_greater(s.side_total[i], s.side_high[i], s.side_total[owner], s.side_high[owner]):
                    owner = i
            if misere_alive(r, s.side_seat[owner]) and not misere_alive(r, s.me):
                pick = -1
                for i in range(np):
                    if plays[i] // 12 != s.lead or pair_greater(
                        s.side_total[owner], s.side_high[owner], plays[i] % 12, plays[i] % 12
                    ):
                        ch = win_chance(plays[i], s.unseen)
                        if pick < 0 or key_less(ch, plays[i] % 12, c_pick, pick % 12):
                            pick = plays[i]
                            c_pick = ch
                if pick >= 0:
                    return MOVE_PLAY * 64 + pick
        return play_to_win(r, &s, plays, np, rides, nr, right, right_j, best_other, threat_)
    return play_to_lose(r, &s, plays, np, rides, nr, right_j, best_other)


cdef void play_out(Round* r) noexcept nogil:
    while r.turn >= 0:
        play_move(r, blueprint(r))
