# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""The compiled open-hands solver: the search of ``solver.py`` in C.

``solver.py`` stays the reference; ``tests/rules/tricks_together/test_solver.py`` checks that both find the same
vectors, and that both find what plain enumeration finds.

The search walks the play one card at a time and remembers each position between tricks.  What keeps it small
and fast:

* **Equivalent cards.**  Of a run of one hand's cards in one suit that no other live card separates, only one
  is tried.  Cards already on the table in this trick leave with it, so they do not separate a follower's
  cards, except the best card so far, which one of the two might beat and the other not.
* **Positions by owner strings.**  A position between tricks is remembered by, for each suit, the seat holding
  each live card from the lowest up.  Positions that differ only in which ranks are gone have the same answer.
  The plain suits (every suit but trumps) play alike, so their strings are sorted: a position and its copy with
  two plain suits swapped share one entry.
* **One read a lookup.**  A memo slot holds its key (two to four words) and its answer side by side, so a lookup
  reads one place in memory, not a key in one table and an answer in another.
* **Sets as short lists.**  A vector of trick counts is a number in base ``radix`` (seat 0 the lowest digit; the
  last seat's count is implied).  A finished position stores its set as the list of those numbers, and adding a
  trick for the winner adds that seat's place value to each, so joining a child's set into its parent costs one
  step a vector, however sparse the numbers are.

Solving for one vector (``solve``, ``solve_cards``, and ``makeable`` when there are trumps) keeps each seat's
tricks still needed in the key and stops at the first way that works.  Most vectors that cannot be made are
settled without a search, by what the trumps force:

* **Sure trumps.**  A trump loses only to a higher trump from another hand, each card beating at most one, so
  a seat whose trumps must take more tricks than it needs fails at once.
* **Trump tricks.**  The trumps from the top down to any one fall in at least as many tricks as one seat holds
  of them, and those tricks go to seats that hold one of them.
* **A trick that is settled.**  When no seat still to play can beat the best card and its owner needs no more
  tricks, the rest of the trick is not tried.
"""

from libc.stdint cimport uint32_t, uint64_t
from libc.stdlib cimport calloc, free, malloc, realloc
from libc.string cimport memset

from tricktable.rules.tricks_together.crules cimport (
    __builtin_clzll,
    __builtin_ctzll,
    __builtin_popcountll,
    above,
    beats_card,
    legal_of,
    suit_mask,
    tt_cpu_ready,
)

if not tt_cpu_ready():
    raise ImportError("the compiled solver was built for x86-64 CPUs with POPCNT and BMI2; this one lacks them")

cdef enum:
    MAXP = 8           # seats
    MAXLEFT = 15       # tricks left: a seat's need takes 4 bits of a key

cdef uint64_t EMPTY = 0xFFFFFFFFFFFFFFFFULL


cdef struct Solver:
    int n
    int trump
    int radix              # one more than the most tricks a seat can still take
    int words              # 64-bit words of a dense vector set
    uint64_t power[MAXP]   # radix ** p: seat p's place value (0 for the last seat, whose count is implied)
    int used[MAXLEFT + 1]  # used[r]: the dense words that can hold a vector of r tricks
    int bits               # bits of a seat number in an owner string
    int use_sets           # 1: vector sets; 0: solve for ``needs``
    # the memo: open addressing, each slot ``stride`` words, its key then its answer (EMPTY: a free slot)
    int key_words
    int stride
    size_t capacity        # slots, a power of two
    size_t count
    uint64_t* slots
    # finished vector sets: lists [count, number, number, ...] one after the other; an answer is an offset here
    uint32_t* lists
    size_t lists_used
    size_t lists_capacity
    uint64_t* scratch      # a dense vector set per trick depth, being built
    size_t single[MAXP]    # the list holding just "one trick for seat p"


# ----- the memo ----------------------------------------------------------------------------------------------

cdef inline size_t key_hash(const uint64_t* key, int words) noexcept nogil:
    cdef uint64_t h = key[0] * 0x9E3779B97F4A7C15ULL
    h ^= key[1] * 0xBF58476D1CE4E5B9ULL
    if words > 2:
        h ^= key[2] * 0x94D049BB133111EBULL
        if words > 3:
            h ^= key[3] * 0xD6E8FEB86659FD93ULL
    return <size_t>(h ^ (h >> 29) ^ (h >> 47))


cdef inline uint64_t* memo_slot(Solver* s, const uint64_t* key) noexcept nogil:
    """The slot holding ``key``, or the free slot where it belongs."""
    cdef size_t mask = s.capacity - 1
    cdef size_t index = key_hash(key, s.key_words) & mask
    cdef uint64_t* slot
    cdef int i
    while True:
        slot = &s.slots[index * s.stride]
        if slot[s.key_words] == EMPTY:
            return slot
        i = 0
        while i < s.key_words and slot[i] == key[i]:
            i += 1
        if i == s.key_words:
            return slot
        index = (index + 1) & mask


cdef int memo_grow(Solver* s) noexcept nogil:
    cdef uint64_t* old = s.slots
    cdef size_t old_capacity = s.capacity, i
    cdef uint64_t* slot
    cdef int w
    s.slots = <uint64_t*>malloc(old_capacity * 2 * s.stride * sizeof(uint64_t))
    if s.slots == NULL:
        s.slots = old
        return -1
    s.capacity = old_capacity * 2
    memset(s.slots, 0xFF, s.capacity * s.stride * sizeof(uint64_t))
    for i in range(old_capacity):
        if old[i * s.stride + s.key_words] != EMPTY:
            slot = memo_slot(s, &old[i * s.stride])
            for w in range(s.stride):
                slot[w] = old[i * s.stride + w]
    free(old)
    return 0


cdef inline int memo_put(Solver* s, uint64_t* slot, const uint64_t* key, uint64_t value) noexcept nogil:
    """Store ``value`` under ``key`` in ``slot`` (the free slot ``memo_slot`` gave for it)."""
    cdef int w
    for w in range(s.key_words):
        slot[w] = key[w]
    slot[s.key_words] = value
    s.count += 1
    if s.count * 2 > s.capacity:
        return memo_grow(s)
    return 0


# ----- positions ---------------------------------------------------------------------------------------------

cdef void root_strings(Solver* s, const uint64_t* hands, uint64_t* out) noexcept nogil:
    """The owner strings of a position: for each suit, ``bits`` bits a held card, from the lowest up."""
    cdef int suit, card, p, idx
    cdef uint64_t bit
    for suit in range(4):
        out[suit] = 0
        idx = 0
        for card in range(13 * suit, 13 * suit + 13):
            bit = (<uint64_t>1) << card
            for p in range(s.n):
                if hands[p] & bit:
                    out[suit] |= (<uint64_t>p) << (s.bits * idx)
                    idx += 1
                    break


cdef inline void cut_card(Solver* s, const uint64_t* parent, uint64_t live, int card, uint64_t* out) noexcept nogil:
    """The owner strings without ``card`` (``live``: the cards the strings hold): its place is cut out of its
    suit's string and the places above move down one.  (Cutting as cards are played is cheaper than rebuilding
    the strings from the hands with PEXT, which is slow on some CPUs.)"""
    cdef int suit = card // 13, b = s.bits
    cdef int idx = __builtin_popcountll(live & suit_mask(suit) & (((<uint64_t>1) << card) - 1))
    cdef uint64_t low = ((<uint64_t>1) << (b * idx)) - 1
    out[0] = parent[0]
    out[1] = parent[1]
    out[2] = parent[2]
    out[3] = parent[3]
    out[suit] = (parent[suit] & low) | ((parent[suit] >> b) & ~low)


cdef inline void pack_key(Solver* s, const uint64_t* strings, uint64_t alive, int leader, uint64_t needs,
                          uint64_t* key) noexcept nogil:
    """The memo key: each suit's string with its count of live cards (which tells trailing seat-0 cards from no
    cards), trumps first and the plain suits sorted, then the leader and the needs (solve).

    Up to 4 seats a suit takes 30 bits: two words, the leader in the top bits, the needs in a third word.  Above
    4 seats a suit takes 43 bits, a word each, with the leader and the needs in the words' top bits."""
    cdef int suit, j, m = 0, shift = 13 * s.bits
    cdef uint64_t code[4]
    cdef uint64_t c, trumps = 0
    for suit in range(4):
        c = strings[suit] | (<uint64_t>__builtin_popcountll(alive & suit_mask(suit))) << shift
        if suit == s.trump:
            trumps = c
            continue
        j = m
        while j > 0 and code[j - 1] < c:
            code[j] = code[j - 1]
            j -= 1
        code[j] = c
        m += 1
    if s.trump >= 0:
        code[3] = code[2]
        code[2] = code[1]
        code[1] = code[0]
        code[0] = trumps
    if s.bits == 2:
        key[0] = code[0] | code[1] << 30 | (<uint64_t>leader) << 60
        key[1] = code[2] | code[3] << 30
        key[2] = needs
    else:
        key[0] = code[0] | (<uint64_t>leader) << 43
        key[1] = code[1] | (needs & 0xFFFFF) << 43
        key[2] = code[2] | (needs >> 20) << 43
        key[3] = code[3]


# ----- vector sets -------------------------------------------------------------------------------------------

cdef inline void join_shifted(Solver* s, uint64_t* out, size_t child, int winner) noexcept nogil:
    """``out`` (dense) gains every vector of the list at ``child`` with one more trick for ``winner``."""
    cdef uint32_t* entry = &s.lists[child]
    cdef uint32_t count = entry[0], i
    cdef uint64_t add = s.power[winner], index
    for i in range(1, count + 1):
        index = entry[i] + add
        out[index >> 6] |= (<uint64_t>1) << (index & 63)


cdef long long store_list(Solver* s, const uint64_t* dense, int words) noexcept nogil:
    """Append the dense set's vectors as a list; its offset, or -1 when memory runs out."""
    cdef size_t need = 1, at
    cdef int i
    cdef uint64_t rest
    cdef uint32_t* grown
    for i in range(words):
        need += __builtin_popcountll(dense[i])
    while s.lists_used + need > s.lists_capacity:
        grown = <uint32_t*>realloc(s.lists, s.lists_capacity * 2 * sizeof(uint32_t))
        if grown == NULL:
            return -1
        s.lists = grown
        s.lists_capacity *= 2
    at = s.lists_used
    s.lists[at] = <uint32_t>(need - 1)
    s.lists_used += need
    need = at + 1
    for i in range(words):
        rest = dense[i]
        while rest:
            s.lists[need] = <uint32_t>(i * 64 + __builtin_ctzll(rest))
            need += 1
            rest &= rest - 1
    return <long long>at


# ----- the search --------------------------------------------------------------------------------------------

cdef inline uint64_t next_representative(uint64_t* legal, uint64_t others) noexcept nogil:
    """Pop the next card to try from ``legal``: the lowest of a run of equivalent cards, the run removed whole."""
    cdef uint64_t low = legal[0] & (~legal[0] + 1)
    cdef int card = __builtin_ctzll(low)
    cdef uint64_t above = legal[0] & ~((low << 1) - 1) & suit_mask(card // 13)
    cdef uint64_t nxt
    legal[0] ^= low
    # Drop the next cards of the run: same hand, same suit, no separating card in between.
    while above:
        nxt = above & (~above + 1)
        if others & (nxt - 1) & ~((low << 1) - 1):
            break
        legal[0] ^= nxt
        above ^= nxt
        low = nxt
    return (<uint64_t>1) << card


cdef inline int last_trick_winner(Solver* s, const uint64_t* hands, int leader) noexcept nogil:
    """Who takes the last trick, every seat holding one card (the play is forced)."""
    cdef int best = __builtin_ctzll(hands[leader]), led = best // 13, winner = leader, seat = leader, i, card
    for i in range(s.n - 1):
        seat = seat + 1 if seat + 1 < s.n else 0
        card = __builtin_ctzll(hands[seat])
        if beats_card(card, best, led, s.trump):
            best = card
            winner = seat
    return winner


cdef inline int can_be_beaten(Solver* s, const uint64_t* hands, int seat, int count, int led, int best) noexcept nogil:
    """May one of the ``count`` seats from ``seat`` on, still to play to the trick, beat its best card?"""
    cdef uint64_t beaters = above(best)
    cdef int i
    if s.trump >= 0 and best // 13 != s.trump:
        beaters |= suit_mask(s.trump)
    for i in range(count):
        if legal_of(hands[seat], led) & beaters:
            return 1
        seat = seat + 1 if seat + 1 < s.n else 0
    return 0


cdef long long finish_trick(Solver* s, uint64_t* hands, int seat, int left, int led, int best, int winner,
                            uint64_t alive, uint64_t needs, int depth, uint64_t* out,
                            const uint64_t* strings, uint64_t live, uint64_t played) noexcept nogil:
    """Try every way to finish the trick; vector sets: join into ``out``; solve: 1 at the first success.

    ``alive`` is every live card at the trick's start, ``played`` the trick's cards so far, ``strings`` the
    owner strings of the cards still held (``live``).  Returns -1 when memory runs out."""
    cdef uint64_t cut[4]
    cdef uint64_t hand = hands[seat]
    cdef uint64_t legal = legal_of(hand, led)
    cdef uint64_t bit, others
    cdef int card, nled, nbest, nwinner, nxt = seat + 1 if seat + 1 < s.n else 0
    cdef long long child
    others = alive & ~hand & ~played
    if best >= 0:
        others |= (<uint64_t>1) << best
    while legal:
        bit = next_representative(&legal, others)
        card = __builtin_ctzll(bit)
        if led < 0:
            nled, nbest, nwinner = card // 13, card, seat
        elif beats_card(card, best, led, s.trump):
            nled, nbest, nwinner = led, card, seat
        else:
            nled, nbest, nwinner = led, best, winner
        hands[seat] = hand ^ bit
        if left > 1 and not s.use_sets and not (needs >> (4 * nwinner)) & 15 \
                and not can_be_beaten(s, hands, nxt, left - 1, nled, nbest):
            continue  # solve: the trick goes to a seat that needs no more tricks, whatever the others play
        if left > 1 or s.use_sets or (needs >> (4 * nwinner)) & 15:  # else a solve child that cannot gain
            cut_card(s, strings, live, card, cut)
        if left > 1:
            child = finish_trick(s, hands, nxt, left - 1, nled, nbest, nwinner, alive, needs, depth, out, cut,
                                 live ^ bit, played | bit)
            if child != 0:
                hands[seat] = hand
                return child
        elif s.use_sets:
            child = boundary(s, hands, nwinner, 0, depth + 1, cut, live ^ bit)
            if child < 0:
                hands[seat] = hand
                return -1
            join_shifted(s, out, <size_t>child, nwinner)
        elif (needs >> (4 * nwinner)) & 15:
            child = boundary(s, hands, nwinner, needs - ((<uint64_t>1) << (4 * nwinner)), depth + 1, cut,
                             live ^ bit)
            if child != 0:
                hands[seat] = hand
                return child  # 1: made (or -1: out of memory)
    hands[seat] = hand
    return 0


cdef inline int sure_tricks_missed(Solver* s, const uint64_t* hands, uint64_t alive, uint64_t needs) noexcept nogil:
    """Must some seats take more tricks with their trumps than they need?  Two bounds, both cheap:

    * A trump loses its trick only to a higher trump from another hand, and each card beats at most one.  So a
      seat's trumps take at least the tricks left over when, from its top trump down, each is matched to a
      higher trump elsewhere while one is still unmatched.
    * The trumps from the top down to any one are played in at least as many tricks as one seat holds of
      them, and each of those tricks goes to a seat holding one of them."""
    cdef uint64_t trumps = alive & suit_mask(s.trump), mine, theirs
    cdef int p, card, matched, sure, owner, most = 0, wanted = 0
    cdef int count[MAXP]
    for p in range(s.n):
        mine = trumps & hands[p]
        theirs = trumps & ~hands[p]
        matched = 0
        sure = 0
        while mine:
            card = 63 - __builtin_clzll(mine)
            mine ^= (<uint64_t>1) << card
            if __builtin_popcountll(theirs >> card) > matched:
                matched += 1
            else:
                sure += 1
        if <int>((needs >> (4 * p)) & 15) < sure:
            return 1
        count[p] = 0
    mine = trumps
    while mine:
        card = 63 - __builtin_clzll(mine)
        mine ^= (<uint64_t>1) << card
        owner = 0
        while not hands[owner] >> card & 1:
            owner += 1
        if count[owner] == 0:
            wanted += <int>((needs >> (4 * owner)) & 15)
        count[owner] += 1
        if count[owner] > most:
            most = count[owner]
        if wanted < most:
            return 1
    return 0


cdef long long boundary(Solver* s, uint64_t* hands, int leader, uint64_t needs, int depth,
                        const uint64_t* strings, uint64_t alive) noexcept nogil:
    """Between tricks: the vector set's list offset (vector sets) or 1/0 (solve), memoised; -1 on failure.

    ``strings`` are the position's owner strings, ``alive`` the cards held."""
    cdef uint64_t key[4]
    cdef uint64_t* slot
    cdef uint64_t* out
    cdef long long r
    cdef size_t capacity
    cdef int p, left = __builtin_popcountll(hands[leader])
    if left == 0:
        return 0 if s.use_sets else 1  # list 0 holds the zero vector
    if left == 1:
        p = last_trick_winner(s, hands, leader)
        if s.use_sets:
            return <long long>s.single[p]
        return 1 if needs == (<uint64_t>1) << (4 * p) else 0
    if not s.use_sets:
        for p in range(s.n):
            if ((needs >> (4 * p)) & 15) > left:
                return 0
        if s.trump >= 0 and sure_tricks_missed(s, hands, alive, needs):
            return 0
    pack_key(s, strings, alive, leader, needs, key)
    slot = memo_slot(s, key)
    if slot[s.key_words] != EMPTY:
        return <long long>slot[s.key_words]
    if s.use_sets:
        out = &s.scratch[depth * s.words]
        memset(out, 0, s.used[left] * sizeof(uint64_t))
    else:
        out = NULL
    capacity = s.capacity
    r = finish_trick(s, hands, leader, s.n, -1, -1, leader, alive, needs, depth, out, strings, alive, 0)
    if r < 0:
        return -1
    if s.use_sets:
        r = store_list(s, out, s.used[left])
        if r < 0:
            return -1
    # The search below may have grown the memo or filled this slot with another position; else the slots before
    # it are still taken (nothing is ever removed), so it is still where the key belongs.
    if s.capacity != capacity or slot[s.key_words] != EMPTY:
        slot = memo_slot(s, key)
    if memo_put(s, slot, key, <uint64_t>r) < 0:
        return -1
    return r


cdef int solver_init(Solver* s, int n, int trump, int left, int use_sets, int many=0) noexcept:
    cdef int p
    cdef uint64_t span = 1
    memset(s, 0, sizeof(Solver))
    s.n = n
    s.trump = trump
    s.radix = left + 1
    s.use_sets = use_sets
    s.bits = 2 if n <= 4 else 3
    for p in range(n):
        s.power[p] = span if p < n - 1 else 0
        if p < n - 1:
            span *= <uint64_t>s.radix
    s.words = <int>((span + 63) // 64) if use_sets else 1
    # A vector of r tricks has number at most r * (1 + radix + ... + radix ** (n - 2)).
    for p in range(MAXLEFT + 1):
        s.used[p] = 1
        if use_sets and p < s.radix:
            s.used[p] = <int>((p * ((span - 1) // (s.radix - 1) if s.radix > 1 else 0)) // 64 + 1)
            if s.used[p] > s.words:
                s.used[p] = s.words
    s.key_words = (2 if use_sets else 3) if n <= 4 else 4
    s.stride = s.key_words + 1
    # Vector sets, or solving for ``many`` vectors: room from the start for about as many positions as a deal of
    # this size visits (4 x 7: some 20,000; 5 x 7: some 140,000), so that the memo seldom grows.  One solve
    # usually stops within a few hundred positions, where clearing a large memo would cost more than the search.
    p = 2 * left + 2 + 2 * (n - 4) if use_sets or many else 10
    s.capacity = (<size_t>1) << (10 if p < 10 else 19 if p > 19 else p)
    s.slots = <uint64_t*>malloc(s.capacity * s.stride * sizeof(uint64_t))
    s.lists_capacity = 1 << 16
    s.lists = <uint32_t*>malloc(s.lists_capacity * sizeof(uint32_t))
    s.scratch = <uint64_t*>calloc((left + 2) * s.words, sizeof(uint64_t))
    if s.slots == NULL or s.lists == NULL or s.scratch == NULL:
        return -1
    memset(s.slots, 0xFF, s.capacity * s.stride * sizeof(uint64_t))
    s.lists[0] = 1  # offset 0: the list of just the zero vector (no trick left)
    s.lists[1] = 0
    s.lists_used = 2
    for p in range(n):
        s.single[p] = s.lists_used
        s.lists[s.lists_used] = 1
        s.lists[s.lists_used + 1] = <uint32_t>s.power[p]
        s.lists_used += 2
    return 0


cdef void solver_free(Solver* s) noexcept:
    free(s.slots)
    free(s.lists)
    free(s.scratch)


cdef int table_state(list trick, int leader, int n, int trump, int* led, int* best, int* winner) except -1:
    cdef int i, card
    led[0] = -1
    best[0] = -1
    winner[0] = leader
    for i in range(len(trick)):
        card = trick[i]
        if i == 0:
            led[0], best[0] = card // 13, card
        elif beats_card(card, best[0], led[0], trump):
            best[0], winner[0] = card, (leader + i) % n
    return 0


cdef int read_position(list hands, int leader, list trick, uint64_t* held, uint64_t* alive,
                       uint64_t* on_table) except -1:
    """Copy the hands, check the sizes; the tricks left."""
    cdef int n = len(hands), p, left
    if not 3 <= n <= MAXP:
        raise ValueError(f"the solver takes 3 to {MAXP} hands, not {n}")
    if len(trick) > n:
        raise ValueError(f"a trick on the table holds at most {n} cards, not {len(trick)}")
    alive[0] = 0
    on_table[0] = 0
    for p in range(n):
        held[p] = hands[p]
        alive[0] |= held[p]
    for card in trick:
        alive[0] |= (<uint64_t>1) << <int>card
        on_table[0] |= (<uint64_t>1) << <int>card
    # Tricks still to finish, the one on the table included (when it is complete, no card of it is in a hand).
    left = __builtin_popcountll(held[(leader + len(trick)) % n]) + (1 if len(trick) == n else 0)
    if left > MAXLEFT:
        raise ValueError(f"the solver takes at most {MAXLEFT} cards a hand, not {left}")
    return left


cdef long long search(Solver* s, uint64_t* held, int leader, list trick, uint64_t alive, uint64_t on_table,
                      uint64_t needs, uint64_t* dense) except -2:
    """Search from the position: between tricks, ``boundary``'s answer; mid-trick, ``finish_trick``'s (vector
    sets are joined into ``dense``).  -1 when memory runs out."""
    cdef uint64_t strings[4]
    cdef int led, best, winner
    cdef long long child
    root_strings(s, held, strings)
    if not trick:
        return boundary(s, held, leader, needs, 0, strings, alive)
    table_state(trick, leader, s.n, s.trump, &led, &best, &winner)
    if len(trick) == s.n:  # a complete trick: its winner takes it and leads next
        if not s.use_sets:
            if not (needs >> (4 * winner)) & 15:
                return 0
            return boundary(s, held, winner, needs - ((<uint64_t>1) << (4 * winner)), 0, strings, alive & ~on_table)
        child = boundary(s, held, winner, 0, 1, strings, alive & ~on_table)
        if child >= 0:
            join_shifted(s, dense, <size_t>child, winner)
        return -1 if child < 0 else 0
    return finish_trick(s, held, (leader + len(trick)) % s.n, s.n - len(trick), led, best, winner, alive, needs, 0,
                        dense, strings, alive & ~on_table, on_table)


def makeable(list hands, int trump, int leader, list trick=None, list won=None, str way="auto"):
    """Every vector of final trick counts the team can still reach (as ``solver.makeable``), as a set.

    ``way``: ``"vectors"`` asks ``solve`` of every vector in turn, one memo serving them all; ``"sets"`` builds
    each position's set of vectors; ``"auto"`` (the default) takes vectors when there are trumps, whose bounds
    settle most vectors that cannot be made at once, and sets without (``benchmarks/solver_tricks_together.py``
    times both)."""
    cdef Solver s
    cdef uint64_t held[MAXP]
    cdef uint64_t alive, on_table
    cdef int n = len(hands), left
    if way == "auto":
        way = "vectors" if trump >= 0 else "sets"
    if way not in ("vectors", "sets"):
        raise ValueError(f"way must be auto, vectors or sets, not {way!r}")
    trick = trick or []
    won = won or [0] * n
    left = read_position(hands, leader, trick, held, &alive, &on_table)
    if left == 0:
        return {tuple(won)}
    if solver_init(&s, n, trump, left, way == "sets", 1) < 0:
        solver_free(&s)
        raise MemoryError("the solver ran out of memory")
    try:
        if way == "sets":
            return makeable_by_sets(&s, held, leader, trick, alive, on_table, won, left)
        return makeable_by_vectors(&s, held, leader, trick, alive, on_table, won, left)
    finally:
        solver_free(&s)


cdef set makeable_by_sets(Solver* s, uint64_t* held, int leader, list trick, uint64_t alive, uint64_t on_table,
                          list won, int left):
    cdef uint64_t number
    cdef int p, total
    cdef size_t at, i
    cdef long long r = search(s, held, leader, trick, alive, on_table, 0, &s.scratch[0])
    if r >= 0 and trick:
        r = store_list(s, &s.scratch[0], s.used[left])  # mid-trick, the vectors are in scratch 0
    if r < 0:
        raise MemoryError("the solver ran out of memory")
    found = set()
    at = <size_t>r
    for i in range(at + 1, at + 1 + s.lists[at]):
        number = s.lists[i]
        vector = []
        total = 0
        for p in range(s.n - 1):
            vector.append(won[p] + <int>(number % s.radix))
            total += <int>(number % s.radix)
            number //= s.radix
        vector.append(won[s.n - 1] + left - total)
        found.add(tuple(vector))
    return found


cdef set makeable_by_vectors(Solver* s, uint64_t* held, int leader, list trick, uint64_t alive, uint64_t on_table,
                             list won, int left):
    cdef int need[MAXP]
    cdef uint64_t needs
    cdef long long r
    cdef int n = s.n, p
    for p in range(n):
        need[p] = 0
    need[n - 1] = left
    found = set()
    while True:  # every way to share ``left`` tricks, the last seat taking what the others leave
        needs = 0
        for p in range(n):
            needs |= (<uint64_t>need[p]) << (4 * p)
        r = search(s, held, leader, trick, alive, on_table, needs, NULL)
        if r < 0:
            raise MemoryError("the solver ran out of memory")
        if r == 1:
            found.add(tuple(won[p] + need[p] for p in range(n)))
        p = 0
        while p < n - 1:  # the next share: count up in the first seats, carrying as an odometer does
            if need[n - 1] > 0:
                need[p] += 1
                need[n - 1] -= 1
                break
            need[n - 1] += need[p]
            need[p] = 0
            p += 1
        if p == n - 1:
            return found


cdef int pack_needs(list targets, list won, int n, int left, uint64_t* needs) except -1:
    """Each seat's tricks still needed, 4 bits a seat, in ``needs``; 1 if they can add up to the tricks left,
    else 0 (a vector no play can make)."""
    cdef int p, need, total = 0
    if len(targets) != n:
        raise ValueError(f"{n} hands need {n} targets, not {len(targets)}")
    needs[0] = 0
    for p in range(n):
        need = targets[p] - won[p]
        if need < 0 or need > left:
            return 0
        total += need
        needs[0] |= (<uint64_t>need) << (4 * p)
    return 1 if total == left else 0


cdef int start_solving(Solver* s, int n, int trump, int left) except -1:
    if solver_init(s, n, trump, left, 0) < 0:
        solver_free(s)
        raise MemoryError("the solver ran out of memory")
    return 0


cdef bint solved(Solver* s, uint64_t* held, int leader, list trick, uint64_t alive, uint64_t on_table,
                 uint64_t needs) except -1:
    cdef long long r = search(s, held, leader, trick, alive, on_table, needs, NULL)
    if r < 0:
        raise MemoryError("the solver ran out of memory")
    return r == 1


def solve(list hands, int trump, int leader, list targets, list trick=None, list won=None):
    """Can the team still end with exactly ``targets`` tricks per seat (as ``solver.solve``)?"""
    return solve_vectors(hands, trump, leader, [targets], trick, won)[0]


def solve_vectors(list hands, int trump, int leader, list vectors, list trick=None, list won=None):
    """For each vector of ``vectors``: ``solve`` for it, from one search whose memo the vectors share."""
    cdef Solver s
    cdef uint64_t held[MAXP]
    cdef uint64_t alive, on_table, needs
    cdef int n = len(hands), left
    trick = trick or []
    won = won or [0] * n
    left = read_position(hands, leader, trick, held, &alive, &on_table)
    start_solving(&s, n, trump, left)
    answers = []
    try:
        for targets in vectors:
            if not pack_needs(targets, won, n, left, &needs):
                answers.append(False)
            else:
                answers.append(left == 0 or solved(&s, held, leader, trick, alive, on_table, needs))
        return answers
    finally:
        solver_free(&s)


def solve_cards(list hands, int trump, int leader, list targets, list cards, list trick=None, list won=None):
    """For each of ``cards``, held by the seat to play to ``trick``: can the team still end with exactly
    ``targets`` tricks per seat once that card is played?  The answers of ``solve`` after each card, from one
    search whose memo the cards share (the positions after the trick are much the same whichever is played)."""
    cdef Solver s
    cdef uint64_t held[MAXP]
    cdef uint64_t alive, on_table, needs, bit
    cdef int n = len(hands), left, seat, card
    trick = trick or []
    won = won or [0] * n
    left = read_position(hands, leader, trick, held, &alive, &on_table)
    if len(trick) >= n:
        raise ValueError("a card can only be played to an open trick")
    seat = (leader + len(trick)) % n
    for card in cards:
        if not 0 <= card < 52 or not held[seat] >> card & 1:
            raise ValueError(f"card {card} is not held by the seat to play")
    if not pack_needs(targets, won, n, left, &needs):
        return [False] * len(cards)
    start_solving(&s, n, trump, left)
    answers = []
    try:
        for card in cards:
            bit = (<uint64_t>1) << card
            held[seat] ^= bit
            answers.append(solved(&s, held, leader, [*trick, card], alive, on_table | bit, needs))
            held[seat] ^= bit
        return answers
    finally:
        solver_free(&s)
