# cython: language_level=3
"""Tandem Trick's rules in C on a ``Round`` struct, shared by the compiled kernels (``cimport`` this file).

Line for line the rules of ``position.Position`` (moves ``kind * 64 + card``; legal moves in the same order;
trick resolution, the all-bid trick, the final trick's forced bids).  ``ckernel.pyx`` holds the solver on it,
``bots/tandem_trick/cblueprint.pyx`` the blueprint and ``cplay.pyx`` the play-outs.
"""

from libc.stdint cimport uint64_t

from tricktable.core.cbits cimport __builtin_clzll, __builtin_ctzll, __builtin_popcountll, tt_cpu_ready


cdef enum:
    MOVE_PLAY = 0
    MOVE_TANDEM = 1
    MOVE_BID = 2
    ENTRY_ALONE = 0
    ENTRY_DISCARD = 1
    ENTRY_RIDE = 2
    ENTRY_BIDDING = 3
    ROUND_CYCLES = 12
    MAX_MOVES = 40


cdef struct Round:
    int n
    int cycle              # 0-based trick; 12 once the round is over
    int leader             # the lead player of the trick in progress
    int turn               # the seat to move, -1 once over
    int lead_suit          # -1 before the first card of the trick
    int count              # actions in the trick so far
    int bids_made
    uint64_t deck
    uint64_t gone          # every card played or bid this round
    uint64_t hands[4]
    int bid[4]             # bid card or -1
    int bonus[4]
    int won[4]
    int e_seat[4]
    int e_card[4]
    int e_kind[4]
    int e_partner[4]


cdef inline uint64_t colour_mask(int colour) noexcept nogil:
    return (<uint64_t>0xFFF) << (12 * colour)


cdef inline uint64_t high_mask(int colour) noexcept nogil:
    return (<uint64_t>0xF00) << (12 * colour)


cdef inline int top_bit(uint64_t mask) noexcept nogil:
    return 63 - __builtin_clzll(mask)


cdef inline int right_neighbour(Round* r) noexcept nogil:
    """Index of the effective right neighbour's action in the trick, or -1 (ruling TD-R6)."""
    cdef int i = r.count - 1
    while i >= 0:
        if r.e_kind[i] != ENTRY_BIDDING:
            return i
        i -= 1
    return -1


cdef inline int legal_moves(Round* r, int* out) noexcept nogil:
    """The moves of the seat to move, in ``Position.legal``'s order; returns how many."""
    cdef int seat = r.turn
    cdef int k = 0
    cdef int i
    cdef uint64_t hand = r.hands[seat]
    cdef uint64_t follow = hand & colour_mask(r.lead_suit) if r.lead_suit >= 0 else 0
    cdef uint64_t m = follow if follow else hand
    while m:
        out[k] = MOVE_PLAY * 64 + __builtin_ctzll(m)
        k += 1
        m &= m - 1
    if follow:
        i = right_neighbour(r)
        if i >= 0 and r.e_kind[i] == ENTRY_ALONE:
            m = follow
            while m:
                out[k] = MOVE_TANDEM * 64 + __builtin_ctzll(m)
                k += 1
                m &= m - 1
    if r.bid[seat] < 0:
        m = hand
        while m:
            out[k] = MOVE_BID * 64 + __builtin_ctzll(m)
            k += 1
            m &= m - 1
    return k


cdef inline void add_entry(Round* r, int seat, int card, int kind, int partner) noexcept nogil:
    r.e_seat[r.count] = seat
    r.e_card[r.count] = card
    r.e_kind[r.count] = kind
    r.e_partner[r.count] = partner
    r.count += 1


cdef inline void make_bid(Round* r, int seat, int card) noexcept nogil:
    r.hands[seat] ^= (<uint64_t>1) << card
    r.gone |= (<uint64_t>1) << card
    r.bid[seat] = card
    if r.bids_made == 0:
        r.bonus[seat] = 6
    elif r.bids_made == 1:
        r.bonus[seat] = 3
    elif r.bids_made == 2:
        r.bonus[seat] = 1
    else:
        r.bonus[seat] = 0
    r.bids_made += 1
    add_entry(r, seat, card, ENTRY_BIDDING, -1)


cdef inline bint resolve(Round* r) noexcept nogil:
    """Settle the full trick; True when the round is over."""
    cdef int total[4]
    cdef int high[4]
    cdef int second[4]
    cdef int second_value[4]
    cdef int first_value[4]
    cdef int owner[4]
    cdef int sides = 0
    cdef int i, j, v, best
    for i in range(r.count):
        v = r.e_card[i] % 12
        if r.e_kind[i] == ENTRY_ALONE:
            owner[sides] = r.e_seat[i]
            total[sides] = v
            high[sides] = v
            first_value[sides] = v
            second[sides] = -1
            second_value[sides] = -1
            sides += 1
        elif r.e_kind[i] == ENTRY_RIDE:
            for j in range(sides):
                if owner[j] == r.e_partner[i]:
                    total[j] += v
                    if v > high[j]:
                        high[j] = v
                    second[j] = r.e_seat[i]
                    second_value[j] = v
                    break
    if sides:
        best = 0
        for j in range(1, sides):
            if total[j] > total[best] or (total[j] == total[best] and high[j] > high[best]):
                best = j
        r.won[owner[best]] += 1
        if second[best] >= 0:
            r.won[second[best]] += 1
            r.leader = owner[best] if first_value[best] > second_value[best] else second[best]
        else:
            r.leader = owner[best]
    r.turn = r.leader
    r.count = 0
    r.lead_suit = -1
    r.cycle += 1
    if r.cycle < ROUND_CYCLES:
        return False
    r.turn = -1
    return True


cdef inline void advance(Round* r) noexcept nogil:
    cdef int seat
    while True:
        if r.count == r.n:
            if resolve(r):
                return
        else:
            r.turn = r.turn + 1 if r.turn + 1 < r.n else 0
        seat = r.turn
        if r.cycle == ROUND_CYCLES - 1 and r.bid[seat] < 0:
            make_bid(r, seat, top_bit(r.hands[seat]))  # the forced bid with the last card
            continue
        return


cdef inline void play_move(Round* r, int move) noexcept nogil:
    cdef int seat = r.turn
    cdef int kind = move >> 6
    cdef int card = move & 63
    cdef int i
    if kind == MOVE_BID:
        make_bid(r, seat, card)
    else:
        r.hands[seat] ^= (<uint64_t>1) << card
        r.gone |= (<uint64_t>1) << card
        if kind == MOVE_TANDEM:
            i = right_neighbour(r)
            add_entry(r, seat, card, ENTRY_RIDE, r.e_seat[i])
        elif r.lead_suit < 0:
            r.lead_suit = card // 12
            add_entry(r, seat, card, ENTRY_ALONE, -1)
        elif card // 12 == r.lead_suit:
            add_entry(r, seat, card, ENTRY_ALONE, -1)
        else:
            add_entry(r, seat, card, ENTRY_DISCARD, -1)
    advance(r)


cdef inline int seat_points(Round* r, int seat, int misere_bonus) noexcept nogil:
    """A seat's points for the finished round (``scoring.round_points``)."""
    cdef int bid = r.bid[seat] % 12
    cdef int took = r.won[seat]
    if took != bid:
        return took
    if bid == 0:
        return 1000000 + (r.bonus[seat] if misere_bonus else 0)
    return 2 * took + r.bonus[seat]
