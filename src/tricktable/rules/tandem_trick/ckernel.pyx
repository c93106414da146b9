# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""The compiled open-hands solver of Tandem Trick: the same search as ``solver.solve_reference``, in C.

Built by pip with the machine's C compiler when tricktable is installed.  ``solver.py`` stays the reference:
``tests/rules/tandem_trick/test_solver.py`` checks that both give the same values and moves, and that both
agree with plain enumeration of every line of play on small positions.

Each seat maximises its own points for the round (max^n); where a seat's choices tie for it, it takes the one
worst for the ``root`` seat (the seat the search is for), so the answer never hopes for a gift.  Positions
between tricks are kept in a table keyed by the hands, the leader, the bids, bonus cards and tricks taken.
"""

from libc.stdint cimport uint64_t
from libc.stdlib cimport calloc

from tricktable.rules.tandem_trick.crules cimport (
    MAX_MOVES,
    Round,
    legal_moves,
    play_move,
    seat_points,
    tt_cpu_ready,
)

if not tt_cpu_ready():
    raise ImportError("the compiled kernel was built for x86-64 CPUs with POPCNT and BMI2; this one lacks them")

cdef enum:
    MEMO_BITS = 17
    KEY_WORDS = 5

cdef size_t MEMO_SIZE = (<size_t>1) << MEMO_BITS
cdef uint64_t* memo_keys = <uint64_t*>calloc(MEMO_SIZE * KEY_WORDS, sizeof(uint64_t))
cdef int* memo_values = <int*>calloc(MEMO_SIZE * 4, sizeof(int))
cdef unsigned int* memo_stamps = <unsigned int*>calloc(MEMO_SIZE, sizeof(unsigned int))
cdef unsigned int stamp = 0
cdef size_t memo_count = 0
cdef long long node_count = 0
if memo_keys == NULL or memo_values == NULL or memo_stamps == NULL:
    raise MemoryError("no memory for the solver's table")


cdef int load_round(Round* r, object position) except -1:
    """Fill ``r`` from a ``position.Position``."""
    cdef int p, i
    r.n = position.players
    r.cycle = position.cycle
    r.leader = position.leader
    r.turn = position.turn
    r.lead_suit = position.lead_suit
    r.gone = position.gone
    r.deck = (<uint64_t>1 << (12 * (3 if r.n == 3 else 4))) - 1
    r.bids_made = 0
    for p in range(r.n):
        r.hands[p] = position.hands[p]
        r.bid[p] = position.bid_card[p]
        r.bonus[p] = position.bonus[p]
        r.won[p] = position.won[p]
        if r.bid[p] >= 0:
            r.bids_made += 1
    entries = position.entries
    r.count = len(entries)
    for i in range(r.count):
        r.e_seat[i], r.e_card[i], r.e_kind[i], r.e_partner[i] = entries[i]
    return 0


cdef inline uint64_t bonus_code(int bonus) noexcept nogil:
    return 3 if bonus == 6 else (2 if bonus == 3 else (1 if bonus == 1 else 0))


cdef inline void make_key(Round* r, uint64_t* key) noexcept nogil:
    cdef int p
    cdef uint64_t packed = <uint64_t>r.leader
    for p in range(4):
        key[p] = r.hands[p] if p < r.n else 0
    for p in range(r.n):
        packed = (packed << 10) | (<uint64_t>(r.bid[p] % 12 + 1 if r.bid[p] >= 0 else 0) << 6)
        packed |= (bonus_code(r.bonus[p]) << 4) | <uint64_t>r.won[p]
    key[4] = packed


cdef inline size_t slot_of(uint64_t* key) noexcept nogil:
    cdef uint64_t h = 0x9E3779B97F4A7C15ULL
    cdef int i
    for i in range(KEY_WORDS):
        h ^= key[i]
        h *= 0xBF58476D1CE4E5B9ULL
        h ^= h >> 29
    return <size_t>(h & (MEMO_SIZE - 1))


cdef inline bint same_key(size_t slot, uint64_t* key) noexcept nogil:
    cdef int i
    for i in range(KEY_WORDS):
        if memo_keys[slot * KEY_WORDS + i] != key[i]:
            return False
    return True


cdef void search(Round* r, int root, int misere_bonus, int* out) noexcept:
    global memo_count, node_count
    cdef Round child
    cdef int moves[MAX_MOVES]
    cdef int values[4]
    cdef int best[4]
    cdef uint64_t key[KEY_WORDS]
    cdef int k, i, p, seat
    cdef size_t slot = 0
    cdef bint boundary
    node_count += 1
    if r.turn < 0:
        for p in range(r.n):
            out[p] = seat_points(r, p, misere_bonus)
        return
    boundary = r.count == 0
    if boundary:
        make_key(r, key)
        slot = slot_of(key)
        while memo_stamps[slot] == stamp:
            if same_key(slot, key):
                for p in range(r.n):
                    out[p] = memo_values[slot * 4 + p]
                return
            slot = (slot + 1) & (MEMO_SIZE - 1)
    seat = r.turn
    k = legal_moves(r, moves)
    for i in range(k):
        child = r[0]
        play_move(&child, moves[i])
        search(&child, root, misere_bonus, values)
        if i == 0 or values[seat] > best[seat] or (values[seat] == best[seat] and values[root] < best[root]):
            for p in range(r.n):
                best[p] = values[p]
    for p in range(r.n):
        out[p] = best[p]
    if boundary and memo_count * 4 < MEMO_SIZE * 3:
        # Probe again: the searches below may have filled the slot found before them.
        slot = slot_of(key)
        while memo_stamps[slot] == stamp:
            slot = (slot + 1) & (MEMO_SIZE - 1)
        memo_stamps[slot] = stamp
        for i in range(KEY_WORDS):
            memo_keys[slot * KEY_WORDS + i] = key[i]
        for p in range(r.n):
            memo_values[slot * 4 + p] = best[p]
        memo_count += 1


cdef void fresh_table() noexcept:
    global stamp, memo_count
    cdef size_t i
    stamp += 1
    if stamp == 0:  # wrapped round: forget every old stamp
        for i in range(MEMO_SIZE):
            memo_stamps[i] = 0
        stamp = 1
    memo_count = 0


cdef void solve_round(Round* r, int root, int misere_bonus, int* out) noexcept:
    """The points each seat ends the round with under max^n play from ``r`` (see the module's notes)."""
    fresh_table()
    search(r, root, misere_bonus, out)


cdef void solve_again(Round* r, int root, int misere_bonus, int* out) noexcept:
    """``solve_round`` reusing the positions remembered by the last search (same deal, same root)."""
    search(r, root, misere_bonus, out)


def solve(position, int root, bint misere_bonus=True):
    """(points per seat, the mover's best move) under max^n play from ``position`` (a ``Position``)."""
    cdef Round r
    cdef Round child
    cdef int moves[MAX_MOVES]
    cdef int values[4]
    cdef int best[4]
    cdef int k, i, p, seat, best_move = -1
    load_round(&r, position)
    fresh_table()
    if r.turn < 0:
        search(&r, root, misere_bonus, best)
        return [best[p] for p in range(r.n)], -1
    seat = r.turn
    k = legal_moves(&r, moves)
    for i in range(k):
        child = r
        play_move(&child, moves[i])
        search(&child, root, misere_bonus, values)
        if i == 0 or values[seat] > best[seat] or (values[seat] == best[seat] and values[root] < best[root]):
            best_move = moves[i]
            for p in range(r.n):
                best[p] = values[p]
    return [best[p] for p in range(r.n)], best_move


def move_values(position, int root, bint misere_bonus=True):
    """Every legal move of the seat to move with the points per seat it leads to under max^n play."""
    cdef Round r
    cdef Round child
    cdef int moves[MAX_MOVES]
    cdef int values[4]
    cdef int k, i, p
    load_round(&r, position)
    fresh_table()
    k = legal_moves(&r, moves)
    out = []
    for i in range(k):
        child = r
        play_move(&child, moves[i])
        search(&child, root, misere_bonus, values)
        out.append((moves[i], [values[p] for p in range(r.n)]))
    return out


def play_line(position, list moves):
    """Apply ``moves`` to a copy of ``position`` with the compiled rules; the state after them as a dict."""
    cdef Round r
    cdef int p
    load_round(&r, position)
    for m in moves:
        play_move(&r, m)
    return {
        "hands": [r.hands[p] for p in range(r.n)],
        "bid_card": [r.bid[p] for p in range(r.n)],
        "bonus": [r.bonus[p] for p in range(r.n)],
        "won": [r.won[p] for p in range(r.n)],
        "cycle": r.cycle,
        "leader": r.leader,
        "turn": r.turn,
        "lead_suit": r.lead_suit,
        "entries": [(r.e_seat[p], r.e_card[p], r.e_kind[p], r.e_partner[p]) for p in range(r.count)],
        "gone": r.gone,
    }


def legal(position):
    """The legal moves of ``position`` by the compiled rules (``Position.legal``'s twin)."""
    cdef Round r
    cdef int moves[MAX_MOVES]
    cdef int k, i
    load_round(&r, position)
    if r.turn < 0:
        return []
    k = legal_moves(&r, moves)
    return [moves[i] for i in range(k)]


def nodes():
    """Positions the solver has visited since the kernel was loaded (for benchmarks)."""
    return node_count
