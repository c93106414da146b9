# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""The compiled twin of ``solver.py``: the open-hands search of a Trumps hand, in C.

Built by pip with the machine's C compiler when tricktable is installed.  ``solver.py`` stays the reference:
``tests/rules/trumps/test_solver.py`` checks that both give the same values on the same positions.  The search
is the reference's (one side against all other seats, equivalent cards tried once) with alpha-beta bounds and a
transposition table at trick boundaries; the table keeps a 64-bit signature of the position (the hands, the
seat to lead, the declared suits and the side searched for) and its bounds, four slots a bucket, the shallowest
entry giving way when a bucket is full.  ``OpenSolver`` keeps its table between calls, so the positions of one
hand searched again and again (an analysis, a bot weighing every move) are found once.
"""

from libc.stdint cimport uint64_t
from libc.stdlib cimport calloc, free

from tricktable.rules.trumps.crules cimport (
    __builtin_ctzll,
    __builtin_popcountll,
    declare_legal,
    plain_legal,
    suit_mask,
    tt_cpu_ready,
)

if not tt_cpu_ready():
    raise ImportError("the compiled kernel was built for x86-64 CPUs with POPCNT and BMI2; this one lacks them")

cdef enum:
    MAXP = 8
    BUCKET = 4
    MAXMOVES = 32
    NO_VALUE = 127


cdef struct Entry:
    uint64_t sig
    unsigned int gen
    unsigned char lo
    unsigned char hi
    unsigned char depth
    unsigned char move        # the leader's best card (+ 64 when declaring), 255 when none


cdef struct Search:
    int n
    int sides
    int dealer
    int maxside
    int side_of[MAXP]
    int ind[MAXP]
    int partner_suits[MAXP]   # per side: a 4-bit mask of its seats' indicator suits
    int declared[MAXP]        # per side
    uint64_t hands[MAXP]
    Entry* table
    uint64_t mask
    unsigned int gen
    long long nodes
    long long limit           # give up past this many nodes in one call (0: never)
    int aborted


cdef inline uint64_t mix(uint64_t h, uint64_t word) noexcept nogil:
    h ^= word
    h *= 0x9E3779B97F4A7C15ULL
    h ^= h >> 29
    h *= 0xBF58476D1CE4E5B9ULL
    h ^= h >> 32
    return h


cdef inline uint64_t signature(Search* s, int leader) noexcept nogil:
    cdef uint64_t h = 0x243F6A8885A308D3ULL
    cdef uint64_t code = 0
    cdef int p
    for p in range(s.n):
        h = mix(h, s.hands[p])
    for p in range(s.sides):
        code = code * 5 + <uint64_t>(s.declared[p] + 1)
    return mix(h, <uint64_t>leader | (<uint64_t>s.maxside << 4) | (code << 8))


cdef inline Entry* probe(Search* s, uint64_t sig) noexcept nogil:
    cdef uint64_t slot = sig & s.mask
    cdef int i
    cdef Entry* e
    for i in range(BUCKET):
        e = &s.table[(slot + i) & s.mask]
        if e.gen == s.gen and e.sig == sig:
            return e
    return NULL


cdef inline void store(Search* s, uint64_t sig, int lo, int hi, int depth, int move) noexcept nogil:
    cdef uint64_t slot = sig & s.mask
    cdef int i
    cdef Entry* e
    cdef Entry* victim = NULL
    for i in range(BUCKET):
        e = &s.table[(slot + i) & s.mask]
        if e.gen != s.gen or e.sig == sig:
            victim = e
            break
        if victim == NULL or e.depth < victim.depth:
            victim = e
    victim.sig = sig
    victim.gen = s.gen
    victim.lo = <unsigned char>lo
    victim.hi = <unsigned char>hi
    victim.depth = <unsigned char>depth
    victim.move = <unsigned char>move


cdef inline bint same_run(int low, int high, uint64_t others, bint may_trump) noexcept nogil:
    """Are ``low`` < ``high`` (one hand, one suit) equivalent?  (``solver._same_run``.)"""
    cdef int suit = low // 13
    cdef int t, low_rank, high_rank
    cdef uint64_t ranks = 0
    if others & suit_mask(suit) & (((<uint64_t>1) << high) - ((<uint64_t>2) << low)):
        return False
    if may_trump:
        low_rank = low % 13
        high_rank = high % 13
        for t in range(4):
            if t != suit:
                ranks |= (others >> (13 * t)) & 0x1FFF
        if ranks & (((<uint64_t>2) << high_rank) - ((<uint64_t>1) << low_rank)):
            return False
    return True


cdef inline int representatives(uint64_t legal, uint64_t others, int trumps, int declare, int* cards,
                                int* flags, int count) noexcept nogil:
    """Append one card of each run of equivalent cards of ``legal`` (lowest first); return the new count."""
    cdef int previous = -1, card
    while legal:
        card = __builtin_ctzll(legal)
        legal &= legal - 1
        if previous < 0 or previous // 13 != card // 13 or not same_run(previous, card, others,
                                                                        (trumps >> (card // 13)) & 1):
            cards[count] = card
            flags[count] = declare
            count += 1
        previous = card
    return count


cdef int in_trick(Search* s, int seat, int left, int led, int best_rank, int best_trump, int best_seat,
                  uint64_t table, int alpha, int beta, int* chosen) noexcept nogil:
    """The tricks ``maxside`` makes from the start of the trick on the table, ``seat`` to play with ``left``
    plays to come; a value outside (alpha, beta) is only a bound.  ``chosen`` (if not NULL) holds a move to
    try first (the table's, 255: none) and receives the move that set the value."""
    cdef uint64_t hand = s.hands[seat]
    cdef int side = s.side_of[seat]
    cdef int trump = s.declared[side]
    cdef int own = s.ind[seat]
    cdef uint64_t alive = table, others, bit
    cdef int cards[MAXMOVES]
    cdef int flags[MAXMOVES]
    cdef int keys[MAXMOVES]
    cdef int count = 0, i, j, p, card, suit, rank, trumps, key, tmp
    cdef int nled, nrank, ntrump, nseat, child, gained, nxt, saved, best = -1
    cdef bint maximizing = side == s.maxside
    cdef bint friend_winning, is_trump
    cdef int value = -1 if maximizing else NO_VALUE
    s.nodes += 1
    if s.limit and s.nodes > s.limit:
        s.aborted = 1
    if s.aborted:
        return 0
    for p in range(s.n):
        alive |= s.hands[p]
    others = alive & ~hand
    trumps = (1 << trump) if trump >= 0 else s.partner_suits[side]
    count = representatives(plain_legal(hand, led, trump), others, trumps, 0, cards, flags, 0)
    count = representatives(declare_legal(hand, led, trump, own), others, trumps, 1, cards, flags, count)
    # Order: when the trick's best card is a friend's, the cheapest cards first; otherwise the cards that take
    # the lead first (the cheapest of them first), then the cheapest of the rest.  A lead tries high cards first.
    friend_winning = best_seat >= 0 and (s.side_of[best_seat] == s.maxside) == maximizing
    for i in range(count):
        card = cards[i]
        rank = card % 13
        suit = card // 13
        is_trump = flags[i] or suit == trump
        if led < 0:
            key = 100 - rank - (20 if is_trump else 0)
        elif friend_winning:
            key = rank + (20 if is_trump else 0)
        elif (is_trump and (not best_trump or rank > best_rank)) or (
                not is_trump and suit == led and not best_trump and rank > best_rank):
            key = rank + (20 if is_trump else 0)
        else:
            key = 50 + rank + (20 if is_trump else 0)
        if chosen != NULL and chosen[0] == card + 64 * flags[i]:
            key = -1
        keys[i] = key
        j = i
        while j > 0 and keys[j - 1] > key:
            keys[j] = keys[j - 1]
            tmp = cards[j]; cards[j] = cards[j - 1]; cards[j - 1] = tmp
            tmp = flags[j]; flags[j] = flags[j - 1]; flags[j - 1] = tmp
            j -= 1
        keys[j] = key
    nxt = seat + 1 if seat + 1 < s.n else 0
    for i in range(count):
        card = cards[i]
        bit = (<uint64_t>1) << card
        suit = card // 13
        rank = card % 13
        s.hands[seat] = hand ^ bit
        saved = s.declared[side]
        if flags[i]:
            s.declared[side] = own
        is_trump = s.declared[side] == suit
        nled, nrank, ntrump, nseat = led, best_rank, best_trump, best_seat
        if led < 0:
            nled, nrank, ntrump, nseat = suit, rank, is_trump, seat
        elif is_trump:
            if not best_trump or rank > best_rank:
                nrank, ntrump, nseat = rank, 1, seat
        elif suit == led and not best_trump and rank > best_rank:
            nrank, nseat = rank, seat
        if left > 1:
            child = in_trick(s, nxt, left - 1, nled, nrank, ntrump, nseat, table | bit, alpha, beta, NULL)
        else:
            gained = 1 if nseat >= 0 and s.side_of[nseat] == s.maxside else 0
            child = gained + boundary(s, nseat if nseat >= 0 else s.dealer, alpha - gained, beta - gained)
        s.hands[seat] = hand
        s.declared[side] = saved
        if maximizing:
            if child > value:
                value = child
                best = i
                if value > alpha:
                    alpha = value
        else:
            if child < value:
                value = child
                best = i
                if value < beta:
                    beta = value
        if alpha >= beta:
            break
    if chosen != NULL:
        chosen[0] = cards[best] + 64 * flags[best] if best >= 0 else 255
    return value


cdef int boundary(Search* s, int leader, int alpha, int beta) noexcept nogil:
    """The tricks ``maxside`` makes from a trick boundary, ``leader`` to lead (bounds as ``in_trick``)."""
    cdef int left = __builtin_popcountll(s.hands[leader])
    cdef int lo = 0, hi = left, value, move = 255
    cdef uint64_t sig
    cdef Entry* e
    if left == 0:
        return 0
    if alpha >= left:
        return left
    if beta <= 0:
        return 0
    sig = signature(s, leader)
    e = probe(s, sig)
    if e != NULL:
        lo = e.lo
        hi = e.hi
        move = e.move
        if lo >= beta or lo == hi:
            return lo
        if hi <= alpha:
            return hi
        if lo > alpha:
            alpha = lo
        if hi < beta:
            beta = hi
    value = in_trick(s, leader, s.n, -1, -1, 0, -1, 0, alpha, beta, &move)
    if s.aborted:
        return 0  # nothing learnt: a search cut short stores nothing
    if value <= alpha:
        if value < hi:
            hi = value
    elif value >= beta:
        if value > lo:
            lo = value
    else:
        lo = value
        hi = value
    store(s, sig, lo, hi, left, move)
    return value


cdef class OpenSolver:
    """An open-hands search with a table kept between calls (see the module's notes).

    ``capacity_log2`` sets the table's size: 2**k slots of 24 bytes.  Positions are passed as
    ``solver.Position`` spells them out (``solver._args``)."""

    cdef Search s

    def __cinit__(self, int capacity_log2=16):
        if not 4 <= capacity_log2 <= 28:
            raise ValueError("capacity_log2 must be 4..28")
        self.s.table = <Entry*>calloc((<size_t>1) << capacity_log2, sizeof(Entry))
        if self.s.table == NULL:
            raise MemoryError("no memory for the solver's table")
        self.s.mask = ((<uint64_t>1) << capacity_log2) - 1
        self.s.gen = 1

    def __dealloc__(self):
        free(self.s.table)

    def clear(self):
        """Forget every position searched (a new generation of the table)."""
        self.s.gen += 1

    @property
    def nodes(self):
        """Positions visited since the solver was made."""
        return self.s.nodes

    @property
    def limit(self):
        """The most positions one call may visit before it gives up and answers -1 (0: no limit)."""
        return self.s.limit

    @limit.setter
    def limit(self, long long value):
        self.s.limit = max(0, value)

    cdef int _setup(self, list hands, list indicator_suits, list side_of, list declared, int dealer,
                    int side) except -1:
        cdef int n = len(hands), p
        if not 3 <= n <= MAXP or len(indicator_suits) != n or len(side_of) != n:
            raise ValueError(f"the solver takes 3 to {MAXP} seats, with an indicator suit and a side each")
        self.s.n = n
        self.s.sides = len(declared)
        self.s.dealer = dealer
        self.s.maxside = side
        for p in range(self.s.sides):
            self.s.declared[p] = declared[p]
            self.s.partner_suits[p] = 0
        for p in range(n):
            self.s.hands[p] = hands[p]
            self.s.side_of[p] = side_of[p]
            self.s.ind[p] = indicator_suits[p]
            if self.s.ind[p] >= 0:
                self.s.partner_suits[self.s.side_of[p]] |= 1 << self.s.ind[p]
        return 0

    cdef int _root(self, int leader, list seats, list cards, list flags, int alpha, int beta) except -2:
        """The value from the trick on the table (``seats`` -1: the starter card); -1 when the node limit cut the
        search short."""
        cdef int value
        cdef long long start = self.s.nodes
        if self.s.limit:
            self.s.limit += start  # the limit counts this call's nodes only
        self.s.aborted = 0
        value = self._search(leader, seats, cards, flags, alpha, beta)
        if self.s.limit:
            self.s.limit -= start
        return -1 if self.s.aborted else value

    cdef int _search(self, int leader, list seats, list cards, list flags, int alpha, int beta) except -2:
        cdef int i, seat, card, led = -1, best_rank = -1, best_trump = 0, best_seat = -1, plays = 0
        cdef int last = -1
        cdef uint64_t table = 0
        if not cards:
            return boundary(&self.s, leader, alpha, beta)
        for i in range(len(cards)):
            seat = seats[i]
            card = cards[i]
            table |= (<uint64_t>1) << card
            if i == 0:
                led, best_rank, best_trump, best_seat = card // 13, card % 13, flags[i], seat
            elif flags[i]:
                if not best_trump or card % 13 > best_rank:
                    best_rank, best_trump, best_seat = card % 13, 1, seat
            elif card // 13 == led and not best_trump and card % 13 > best_rank:
                best_rank, best_seat = card % 13, seat
            if seat >= 0:
                plays += 1
            last = seat
        seat = ((self.s.dealer if last < 0 else last) + 1) % self.s.n
        return in_trick(&self.s, seat, self.s.n - plays, led, best_rank, best_trump, best_seat, table, alpha, beta,
                        NULL)

    def solve(self, list hands, list indicator_suits, list side_of, list declared, int dealer, int leader,
                    list trick_seats, list trick_cards, list trick_flags, int side, int alpha=-1,
                    int beta=NO_VALUE):
        """The most tricks ``side`` can be sure of from this position (``solver.solve``); with a window
        (``alpha``, ``beta``) a value at or below ``alpha`` is only an upper bound, at or above ``beta`` a lower
        bound; -1 when the node limit cut the search short."""
        self._setup(hands, indicator_suits, side_of, declared, dealer, side)
        return self._root(leader, trick_seats, trick_cards, trick_flags, alpha, beta)

    def move_values(self, list hands, list indicator_suits, list side_of, list declared, int dealer, int leader,
                    list trick_seats, list trick_cards, list trick_flags, int side):
        """For every legal move of the seat to play (plain plays, then declarations, lowest card first): the
        tricks ``side`` can be sure of after it, from the trick on the table on (``solver.move_values``); -1
        for a move whose search the node limit cut short."""
        cdef int n = len(hands), seat, own, trump, led, card
        cdef uint64_t plays, declares
        cdef list out = []
        cdef list moves = []
        self._setup(hands, indicator_suits, side_of, declared, dealer, side)
        if trick_cards:
            last = trick_seats[len(trick_seats) - 1]
            seat = ((dealer if last < 0 else last) + 1) % n
            led = trick_cards[0] // 13
        else:
            seat = leader
            led = -1
        trump = declared[side_of[seat]]
        own = indicator_suits[seat]
        plays = plain_legal(<uint64_t>hands[seat], led, trump)
        declares = declare_legal(<uint64_t>hands[seat], led, trump, own)
        while plays:
            moves.append((__builtin_ctzll(plays), False))
            plays &= plays - 1
        while declares:
            moves.append((__builtin_ctzll(declares), True))
            declares &= declares - 1
        for card, declaring in moves:
            out.append(self._after(hands, indicator_suits, side_of, declared, dealer, leader, trick_seats,
                                   trick_cards, trick_flags, side, seat, card, declaring))
        return out

    cdef int _after(self, list hands, list indicator_suits, list side_of, list declared, int dealer, int leader,
                    list trick_seats, list trick_cards, list trick_flags, int side, int seat, int card,
                    bint declaring) except -2:
        """The value after ``seat`` plays ``card`` (declaring or not), the trick on the table included."""
        cdef list held = list(hands)
        cdef list now_declared = list(declared)
        cdef int my_side = side_of[seat], value
        held[seat] = held[seat] ^ ((<uint64_t>1) << card)  # a C shift: card may exceed 31
        if declaring:
            now_declared[my_side] = card // 13
        is_trump = now_declared[my_side] == card // 13
        seats = [*trick_seats, seat]
        cards = [*trick_cards, card]
        flags = [*trick_flags, 1 if is_trump else 0]
        self._setup(held, indicator_suits, side_of, now_declared, dealer, side)
        if sum(1 for x in seats if x >= 0) < len(hands):
            return self._root(leader, seats, cards, flags, -1, NO_VALUE)
        # The move ends the trick: score it, then search from the boundary.
        best = 0
        for i in range(1, len(cards)):
            if flags[i]:
                if not flags[best] or cards[i] % 13 > cards[best] % 13:
                    best = i
            elif cards[i] // 13 == cards[0] // 13 and not flags[best] and cards[i] % 13 > cards[best] % 13:
                best = i
        winner = seats[best]
        gained = 1 if winner >= 0 and side_of[winner] == side else 0
        value = self._root(winner if winner >= 0 else dealer, [], [], [], -1, NO_VALUE)
        return -1 if value < 0 else gained + value


def solve(list hands, list indicator_suits, list side_of, list declared, int dealer, int leader,
                list trick_seats, list trick_cards, list trick_flags, int side):
    """``OpenSolver().solve(...)`` with a fresh table."""
    return OpenSolver(18).solve(hands, indicator_suits, side_of, declared, dealer, leader, trick_seats,
                                      trick_cards, trick_flags, side)


def move_values(list hands, list indicator_suits, list side_of, list declared, int dealer, int leader,
                list trick_seats, list trick_cards, list trick_flags, int side):
    """``OpenSolver().move_values(...)`` with a fresh table."""
    return OpenSolver(18).move_values(hands, indicator_suits, side_of, declared, dealer, leader, trick_seats,
                                      trick_cards, trick_flags, side)
