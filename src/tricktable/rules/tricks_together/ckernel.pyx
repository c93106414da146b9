# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""The compiled twin of ``kernel.py``: the same play rules on the same bitmasks, in C.

Built by pip with the machine's C compiler when tricktable is installed.  ``kernel.py`` stays the reference:
``tests/rules/tricks_together/test_kernel.py`` checks that both give the same answers on the same inputs.
Random choices come from SplitMix64 (``kernel.SplitMix64`` is its Python twin), so a seed gives the same
cards here and there.
"""

from libc.stdint cimport uint64_t

from tricktable.rules.tricks_together.ctricks cimport (
    __builtin_ctzll,
    __builtin_popcountll,
    beats_card,
    legal_of,
    splitmix_next,
    suit_mask,
    tt_cpu_ready,
)

if not tt_cpu_ready():
    raise ImportError("the compiled kernel was built for x86-64 CPUs with POPCNT and BMI2; this one lacks them")

cdef extern from *:
    ctypedef unsigned long long u128 "unsigned __int128"

cdef double TO_UNIT = 1.0 / 9007199254740992.0  # 2**-53


cdef inline int kth_lowest(uint64_t pool, uint64_t* state) noexcept nogil:
    """The card of ``pool`` at index floor(u * popcount) counting from the lowest, u uniform in [0, 1)."""
    cdef double u = <double>(splitmix_next(state) >> 11) * TO_UNIT
    cdef int k = <int>(u * __builtin_popcountll(pool))
    while k > 0:
        pool &= pool - 1
        k -= 1
    return __builtin_ctzll(pool)


cdef void rollout(uint64_t* hands, int n, int trump, int leader, int tricks, uint64_t* state, int* won) noexcept nogil:
    cdef int t, i, seat, card, best, winner, led, suit
    cdef bint best_trump
    cdef uint64_t pool, led_mask
    for t in range(tricks):
        best = kth_lowest(hands[leader], state)
        hands[leader] ^= (<uint64_t>1) << best
        led = best // 13
        led_mask = suit_mask(led)
        best_trump = led == trump
        winner = leader
        seat = leader
        for i in range(n - 1):
            seat = seat + 1 if seat + 1 < n else 0
            pool = hands[seat] & led_mask
            if pool == 0:
                pool = hands[seat]
            card = kth_lowest(pool, state)
            hands[seat] ^= (<uint64_t>1) << card
            suit = card // 13
            if suit == trump:
                if not best_trump or card > best:
                    best = card
                    winner = seat
                    best_trump = True
            elif suit == led and not best_trump and card > best:
                best = card
                winner = seat
        won[winner] += 1
        leader = winner


def random_rollout(list hands, int trump, int leader, int tricks, unsigned long long seed):
    """Play ``tricks`` tricks with random legal cards from SplitMix64(``seed``); each seat's tricks won.

    The same cards as ``kernel.random_rollout(hands, trump, leader, tricks, SplitMix64(seed).random)``."""
    cdef uint64_t held[8]
    cdef int won[8]
    cdef int n = len(hands)
    cdef int p
    cdef uint64_t state = seed
    if not 3 <= n <= 8:
        raise ValueError(f"a rollout needs 3 to 8 hands, not {n}")
    for p in range(n):
        held[p] = hands[p]
        won[p] = 0
    rollout(held, n, trump, leader, tricks, &state, won)
    return [won[p] for p in range(n)]


def draw_deal(unsigned long long state, int players, int cards, int dealer):
    """A seeded deal (as ``kernel.draw_deal``): the hands, one at a time from the dealer's left, and the turned
    card, drawn from SplitMix64(``state``)."""
    cdef int pool[52]
    cdef uint64_t held[8]
    cdef uint64_t rng = state
    cdef int i, j, left, seat = dealer, dealt = players * cards, p
    if not 3 <= players <= 8 or dealt >= 52:
        raise ValueError("a deal is 3 to 8 hands of fewer than 52 cards in all")
    for i in range(52):
        pool[i] = i
    for p in range(players):
        held[p] = 0
    for i in range(dealt):
        left = 52 - i
        j = <int>((<u128>splitmix_next(&rng) * left) >> 64)
        seat = seat + 1 if seat + 1 < players else 0
        held[seat] |= (<uint64_t>1) << pool[j]
        pool[j] = pool[left - 1]
    j = <int>((<u128>splitmix_next(&rng) * (52 - dealt)) >> 64)
    return [held[p] for p in range(players)], pool[j]


def random_rollouts(list hands, int trump, int leader, int tricks, unsigned long long seed, int count):
    """``count`` rollouts one after the other from one generator; the tricks each seat won, summed.

    Rollout ``i`` makes the same choices as ``random_rollout`` would after the ``i`` before it."""
    cdef uint64_t start[8]
    cdef uint64_t held[8]
    cdef int won[8]
    cdef long long total[8]
    cdef int n = len(hands)
    cdef int p, r
    cdef uint64_t state = seed
    if not 3 <= n <= 8:
        raise ValueError(f"a rollout needs 3 to 8 hands, not {n}")
    for p in range(n):
        start[p] = hands[p]
        total[p] = 0
    with nogil:
        for r in range(count):
            for p in range(n):
                held[p] = start[p]
                won[p] = 0
            rollout(held, n, trump, leader, tricks, &state, won)
            for p in range(n):
                total[p] += won[p]
    return [total[p] for p in range(n)]


# ----- the open-hands solver (the same search as solver.py) ------------------------------------------------

from libc.stdlib cimport calloc, free, malloc, realloc
from libc.string cimport memcpy, memset

cdef enum:
    MAXP = 8
    MAXDEPTH = 12

cdef uint64_t EMPTY = 0xFFFFFFFFFFFFFFFFULL


cdef struct Memo:
    int key_words          # words of a key (``pack_key``)
    size_t capacity        # a power of two
    size_t count
    uint64_t* keys
    uint64_t* values       # an arena index (vector sets) or 0/1 (can_make), EMPTY for a free slot


cdef struct Solver:
    int n
    int trump
    int radix              # one more than the most tricks a seat can still take
    int words              # 64-bit words of a vector set
    uint64_t power[MAXP]   # radix ** p: where seat p's count sits in a vector's index (the last seat's is implied)
    int used[16]           # used[r]: the words that hold every vector of r tricks (sets with r tricks left are short)
    Memo memo
    uint64_t* arena        # vector sets, one after the other (a memo value is a set's offset, in words)
    size_t arena_used      # words
    size_t arena_capacity  # words
    uint64_t* scratch      # one vector set per trick depth, being built
    size_t single[MAXP]    # arena offset of the set holding just "one trick for seat p"
    int use_sets           # 1: build vector sets; 0: answer can_make for ``needs``
    int bits               # bits of a seat number in a suit's owner string


cdef int memo_init(Memo* memo, int key_words) noexcept:
    memo.key_words = key_words
    memo.capacity = 1 << 12
    memo.count = 0
    memo.keys = <uint64_t*>malloc(memo.capacity * key_words * sizeof(uint64_t))
    memo.values = <uint64_t*>malloc(memo.capacity * sizeof(uint64_t))
    if memo.keys == NULL or memo.values == NULL:
        return -1
    memset(memo.values, 0xFF, memo.capacity * sizeof(uint64_t))
    return 0


cdef void memo_free(Memo* memo) noexcept:
    free(memo.keys)
    free(memo.values)


cdef inline uint64_t mix(const uint64_t* key, int words) noexcept nogil:
    cdef uint64_t h = 0x9E3779B97F4A7C15ULL
    cdef int i
    for i in range(words):
        h ^= key[i]
        h *= 0xBF58476D1CE4E5B9ULL
        h ^= h >> 29
    return h


cdef inline size_t memo_slot(Memo* memo, const uint64_t* key) noexcept nogil:
    """The slot holding ``key``, or the free slot where it belongs."""
    cdef size_t mask = memo.capacity - 1
    cdef size_t slot = mix(key, memo.key_words) & mask
    cdef int i
    cdef bint same
    while memo.values[slot] != EMPTY:
        same = True
        for i in range(memo.key_words):
            if memo.keys[slot * memo.key_words + i] != key[i]:
                same = False
                break
        if same:
            return slot
        slot = (slot + 1) & mask
    return slot


cdef int memo_grow(Memo* memo) noexcept:
    cdef size_t old_capacity = memo.capacity
    cdef uint64_t* old_keys = memo.keys
    cdef uint64_t* old_values = memo.values
    cdef size_t i, slot
    memo.capacity = old_capacity * 2
    memo.keys = <uint64_t*>malloc(memo.capacity * memo.key_words * sizeof(uint64_t))
    memo.values = <uint64_t*>malloc(memo.capacity * sizeof(uint64_t))
    if memo.keys == NULL or memo.values == NULL:
        return -1
    memset(memo.values, 0xFF, memo.capacity * sizeof(uint64_t))
    for i in range(old_capacity):
        if old_values[i] != EMPTY:
            slot = memo_slot(memo, &old_keys[i * memo.key_words])
            memcpy(&memo.keys[slot * memo.key_words], &old_keys[i * memo.key_words], memo.key_words * sizeof(uint64_t))
            memo.values[slot] = old_values[i]
    free(old_keys)
    free(old_values)
    return 0


cdef int memo_put(Memo* memo, const uint64_t* key, uint64_t value) noexcept:
    cdef size_t slot
    if (memo.count + 1) * 2 > memo.capacity:
        if memo_grow(memo) < 0:
            return -1
    slot = memo_slot(memo, key)
    if memo.values[slot] == EMPTY:
        memo.count += 1
        memcpy(&memo.keys[slot * memo.key_words], key, memo.key_words * sizeof(uint64_t))
    memo.values[slot] = value
    return 0


# A position between tricks is remembered by its owner strings: for each suit, the seat holding each live card,
# lowest card first, ``bits`` bits a card.  Two positions with the same strings (and leader and needs) differ
# only in which ranks are gone, so they have the same answer.  The strings are updated as tricks end (a cut per
# card) rather than rebuilt from the hands: rebuilding costs a PEXT per hand, and PEXT is slow on some CPUs.

cdef void root_strings(Solver* s, const uint64_t* hands, uint64_t trick_cards, uint64_t* out) noexcept nogil:
    """The owner strings of a position; the cards already on the table count as live (owner 0) until their
    trick ends."""
    cdef int suit, card, p, idx
    cdef uint64_t bit
    for suit in range(4):
        out[suit] = 0
        idx = 0
        for card in range(13 * suit, 13 * suit + 13):
            bit = (<uint64_t>1) << card
            if trick_cards & bit:
                idx += 1
                continue
            for p in range(s.n):
                if hands[p] & bit:
                    out[suit] |= (<uint64_t>p) << (s.bits * idx)
                    idx += 1
                    break


cdef inline void child_strings(Solver* s, const uint64_t* parent, uint64_t alive, uint64_t played,
                               uint64_t* out) noexcept nogil:
    """The owner strings once the ``played`` cards are gone (positions counted in ``alive``, the live cards
    before): each card's place is cut out of its suit's string, lowest first, each place moved down by the
    places already cut below it."""
    cdef int suit, card, idx, cut, b = s.bits
    cdef uint64_t m, low, a, owners
    for suit in range(4):
        owners = parent[suit]
        m = played & suit_mask(suit)
        a = alive & suit_mask(suit)
        cut = 0
        while m:
            card = __builtin_ctzll(m)
            m &= m - 1
            idx = __builtin_popcountll(a & (((<uint64_t>1) << card) - 1)) - cut
            cut += 1
            low = ((<uint64_t>1) << (b * idx)) - 1
            owners = (owners & low) | ((owners >> b) & ~low)
        out[suit] = owners


cdef inline void pack_key(Solver* s, const uint64_t* strings, uint64_t alive, int leader, uint64_t extra,
                          uint64_t* key) noexcept nogil:
    """The memo key: each suit's string with its live-card count (which tells trailing seat-0 cards from no
    cards), two suits a word for up to 4 seats (26 + 4 bits each) and one a word above that (39 + 4), then a
    word for the leader and ``extra`` (the needs, for can_make)."""
    cdef int suit
    cdef uint64_t c[4]
    for suit in range(4):
        c[suit] = <uint64_t>__builtin_popcountll(alive & suit_mask(suit))
    if s.bits == 2:
        key[0] = strings[0] | c[0] << 26 | strings[1] << 30 | c[1] << 56
        key[1] = strings[2] | c[2] << 26 | strings[3] << 30 | c[3] << 56
        key[2] = (<uint64_t>leader) | extra << 4
    else:
        for suit in range(4):
            key[suit] = strings[suit] | c[suit] << 39
        key[4] = (<uint64_t>leader) | extra << 4


cdef inline uint64_t next_representative(uint64_t* legal, uint64_t others) noexcept nogil:
    """Pop the next card to try from ``legal``: the lowest of a run of equivalent cards, the run removed whole."""
    cdef uint64_t low = legal[0] & (~legal[0] + 1)
    cdef int card = __builtin_ctzll(low)
    cdef uint64_t above = legal[0] & ~((low << 1) - 1) & suit_mask(card // 13)
    cdef uint64_t nxt
    legal[0] ^= low
    # Drop the next cards of the run: same hand, same suit, no other live card in between.
    while above:
        nxt = above & (~above + 1)
        if others & (nxt - 1) & ~((low << 1) - 1):
            break
        legal[0] ^= nxt
        above ^= nxt
        low = nxt
    return (<uint64_t>1) << card


cdef void or_shifted(Solver* s, uint64_t* out, size_t child, int left, int winner) noexcept nogil:
    """``out |= child`` with one more trick for ``winner`` (a shift by winner's place value); the child set has
    ``left`` tricks, so only its first ``used[left]`` words can be set."""
    cdef uint64_t* src = &s.arena[child]
    cdef int words = s.used[left], i
    cdef uint64_t value, shift, word_shift, bit_shift
    if winner == s.n - 1:
        for i in range(words):
            out[i] |= src[i]
        return
    shift = s.power[winner]
    word_shift = shift >> 6
    bit_shift = shift & 63
    for i in range(words):
        value = src[i]
        if value:
            out[i + word_shift] |= value << bit_shift
            if bit_shift:
                out[i + word_shift + 1] |= value >> (64 - bit_shift)


cdef long long finish_trick(Solver* s, uint64_t* hands, int seat, int left, int led, int best, int winner,
                            uint64_t others_alive, uint64_t needs, int depth, uint64_t* out,
                            const uint64_t* strings, uint64_t played) noexcept:
    """Try every way to finish the trick; vector sets: OR into ``out``; can_make: 1 at the first success.

    Returns -1 on failure to allocate."""
    cdef uint64_t hand = hands[seat]
    cdef uint64_t legal = legal_of(hand, led)
    cdef uint64_t bit, others
    cdef int card, nled, nbest, nwinner, nxt
    cdef long long child, r
    others = others_alive & ~hand
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
        nxt = seat + 1 if seat + 1 < s.n else 0
        if left > 1:
            r = finish_trick(s, hands, nxt, left - 1, nled, nbest, nwinner, others_alive, needs, depth, out,
                             strings, played | bit)
            if r != 0:
                hands[seat] = hand
                return r
        elif s.use_sets:
            child = boundary(s, hands, nwinner, 0, depth + 1, strings, others_alive, played | bit)
            if child < 0:
                hands[seat] = hand
                return -1
            or_shifted(s, out, <size_t>child, __builtin_popcountll(hands[nwinner]), nwinner)
        elif (needs >> (4 * nwinner)) & 15:
            child = boundary(s, hands, nwinner, needs - ((<uint64_t>1) << (4 * nwinner)), depth + 1,
                             strings, others_alive, played | bit)
            if child != 0:
                hands[seat] = hand
                return child  # 1: made (or -1: out of memory)
    hands[seat] = hand
    return 0


cdef inline int last_trick_winner(Solver* s, const uint64_t* hands, int leader) noexcept nogil:
    """Who takes the last trick, every seat holding one card (the play is forced, so no memo is needed)."""
    cdef int best = __builtin_ctzll(hands[leader]), led = best // 13, winner = leader, seat = leader, i, card
    for i in range(s.n - 1):
        seat = seat + 1 if seat + 1 < s.n else 0
        card = __builtin_ctzll(hands[seat])
        if beats_card(card, best, led, s.trump):
            best = card
            winner = seat
    return winner


cdef long long boundary(Solver* s, uint64_t* hands, int leader, uint64_t needs, int depth,
                        const uint64_t* parent_strings, uint64_t parent_alive, uint64_t played) noexcept:
    """Between tricks: the vector set's arena index (vector sets) or 1/0 (can_make), memoised; -1 on failure."""
    cdef uint64_t key[MAXP + 1]
    cdef uint64_t alive = 0
    cdef size_t slot, index
    cdef uint64_t* out
    cdef long long r
    cdef int p, left = __builtin_popcountll(hands[leader])
    if left == 0:
        return 0 if s.use_sets else 1  # arena set 0 holds the zero vector
    if left == 1:
        p = last_trick_winner(s, hands, leader)
        if s.use_sets:
            return <long long>s.single[p]
        return 1 if needs == (<uint64_t>1) << (4 * p) else 0
    if not s.use_sets:
        for p in range(s.n):
            if ((needs >> (4 * p)) & 15) > left:
                return 0
    cdef uint64_t strings[4]
    for p in range(s.n):
        alive |= hands[p]
    child_strings(s, parent_strings, parent_alive, played, strings)
    pack_key(s, strings, alive, leader, needs, key)
    slot = memo_slot(&s.memo, key)
    if s.memo.values[slot] != EMPTY:
        return <long long>s.memo.values[slot]
    out = &s.scratch[depth * s.words]
    memset(out, 0, s.used[left] * sizeof(uint64_t))
    r = finish_trick(s, hands, leader, s.n, -1, -1, leader, alive, needs, depth, out, strings, 0)
    if r < 0:
        return -1
    if not s.use_sets:
        if memo_put(&s.memo, key, <uint64_t>r) < 0:
            return -1
        return r
    while s.arena_used + s.used[left] > s.arena_capacity:
        s.arena_capacity *= 2
        s.arena = <uint64_t*>realloc(s.arena, s.arena_capacity * sizeof(uint64_t))
        if s.arena == NULL:
            return -1
    index = s.arena_used
    s.arena_used += s.used[left]
    memcpy(&s.arena[index], &s.scratch[depth * s.words], s.used[left] * sizeof(uint64_t))
    if memo_put(&s.memo, key, index) < 0:
        return -1
    return <long long>index


cdef int solver_init(Solver* s, int n, int trump, int radix, int use_sets) noexcept:
    cdef int p
    cdef uint64_t bits = 1
    s.n = n
    s.trump = trump
    s.radix = radix
    s.use_sets = use_sets
    s.bits = 2 if n <= 4 else 3
    for p in range(n):
        s.power[p] = bits
        if p < n - 1:
            bits *= radix
    s.words = <int>((bits + 63) // 64) if use_sets else 1
    # A vector of r tricks has index at most r * (1 + radix + ... + radix ** (n - 2)).
    for p in range(16):
        s.used[p] = 1
        if use_sets and p < radix:
            s.used[p] = <int>((p * ((bits - 1) // (radix - 1) if radix > 1 else 0)) // 64 + 1)
            if s.used[p] > s.words:
                s.used[p] = s.words
    s.arena_capacity = 1 << 16 if use_sets else 1
    s.arena = <uint64_t*>calloc(s.arena_capacity, sizeof(uint64_t))
    s.scratch = <uint64_t*>calloc(MAXDEPTH * s.words, sizeof(uint64_t))
    if s.arena == NULL or s.scratch == NULL:
        return -1
    s.arena[0] = 1  # offset 0: the set of just the zero vector (no trick left)
    s.arena_used = 1
    if use_sets:
        for p in range(n):
            s.single[p] = s.arena_used
            bits = s.power[p] if p < n - 1 else 0
            s.arena[s.arena_used + (bits >> 6)] |= (<uint64_t>1) << (bits & 63)
            s.arena_used += s.used[1]
    return memo_init(&s.memo, 3 if n <= 4 else 5)


cdef void solver_free(Solver* s) noexcept:
    free(s.arena)
    free(s.scratch)
    memo_free(&s.memo)


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


def makeable(list hands, int trump, int leader, list trick=None, list won=None):
    """Every vector of final trick counts the team can still reach (as ``solver.makeable``), as a set."""
    cdef Solver s
    cdef uint64_t held[MAXP]
    cdef uint64_t alive = 0
    cdef int n = len(hands), p, led, best, winner, seat, left, radix, i
    cdef long long r
    cdef uint64_t* out
    cdef uint64_t index, rest
    trick = trick or []
    won = won or [0] * n
    if not 3 <= n <= MAXP:
        raise ValueError(f"the solver takes 3 to {MAXP} hands, not {n}")
    seat = (leader + len(trick)) % n
    left = __builtin_popcountll(<uint64_t>hands[seat])
    for p in range(n):
        held[p] = hands[p]
        alive |= held[p]
    cdef uint64_t strings[4]
    cdef uint64_t on_table = 0
    for card in trick:
        alive |= (<uint64_t>1) << <int>card
        on_table |= (<uint64_t>1) << <int>card
    radix = left + 1
    if solver_init(&s, n, trump, radix, 1) < 0:
        solver_free(&s)
        raise MemoryError("the solver ran out of memory")
    try:
        if left == 0:
            r = 0
        elif trick:
            table_state(trick, leader, n, trump, &led, &best, &winner)
            out = &s.scratch[0]
            memset(out, 0, s.words * sizeof(uint64_t))
            root_strings(&s, held, on_table, strings)
            if finish_trick(&s, held, seat, n - len(trick), led, best, winner, alive, 0, 1, out, strings,
                            on_table) < 0:
                raise MemoryError("the solver ran out of memory")
            r = -2  # the answer is in scratch 0
        else:
            root_strings(&s, held, 0, strings)
            r = boundary(&s, held, leader, 0, 0, strings, alive, 0)
            if r < 0:
                raise MemoryError("the solver ran out of memory")
        out = &s.scratch[0] if r == -2 else &s.arena[r]
        found = set()
        for i in range(s.words):
            rest = out[i]
            while rest:
                index = (<uint64_t>i) * 64 + __builtin_ctzll(rest)
                rest &= rest - 1
                vector = []
                total = 0
                for p in range(n - 1):
                    vector.append(won[p] + <int>(index % radix))
                    total += <int>(index % radix)
                    index //= radix
                vector.append(won[n - 1] + left - total)
                found.add(tuple(vector))
        return found
    finally:
        solver_free(&s)


def can_make(list hands, int trump, int leader, list targets, list trick=None, list won=None):
    """Can the team still end with exactly ``targets`` tricks per seat (as ``solver.can_make``)?"""
    cdef Solver s
    cdef uint64_t held[MAXP]
    cdef uint64_t alive = 0, needs = 0
    cdef int n = len(hands), p, led, best, winner, seat, left, need, total = 0
    cdef long long r
    trick = trick or []
    won = won or [0] * n
    if not 3 <= n <= MAXP:
        raise ValueError(f"the solver takes 3 to {MAXP} hands, not {n}")
    seat = (leader + len(trick)) % n
    left = __builtin_popcountll(<uint64_t>hands[seat])
    for p in range(n):
        need = targets[p] - won[p]
        if need < 0 or need > left:
            return False
        total += need
        needs |= (<uint64_t>need) << (4 * p)
        held[p] = hands[p]
        alive |= held[p]
    if total != left:
        return False
    if left == 0:
        return True
    cdef uint64_t strings[4]
    cdef uint64_t on_table = 0
    for card in trick:
        alive |= (<uint64_t>1) << <int>card
        on_table |= (<uint64_t>1) << <int>card
    if solver_init(&s, n, trump, left + 1, 0) < 0:
        solver_free(&s)
        raise MemoryError("the solver ran out of memory")
    try:
        if trick:
            table_state(trick, leader, n, trump, &led, &best, &winner)
            root_strings(&s, held, on_table, strings)
            r = finish_trick(&s, held, seat, n - len(trick), led, best, winner, alive, needs, 0, NULL, strings,
                             on_table)
        else:
            root_strings(&s, held, 0, strings)
            r = boundary(&s, held, leader, needs, 0, strings, alive, 0)
        if r < 0:
            raise MemoryError("the solver ran out of memory")
        return r == 1
    finally:
        solver_free(&s)


# ----- one-card rounds: exact success counts of a joint number policy -----------------------------------

cdef inline int trick_key(int card, int led, int trump) noexcept nogil:
    """Order of cards in a trick led in ``led``: trumps above the led suit; other suits cannot win (0)."""
    cdef int suit = card // 13
    if suit == trump:
        return 200 + card % 13
    if suit == led:
        return 100 + card % 13
    return 0


# The set partitions of up to four seats, with their Moebius weights: the number of ways to give k seats
# distinct cards from allowed sets A_1..A_k is the sum over partitions of weight * prod over blocks of the
# size of the blocks' intersection.
cdef int PARTS[5][15][5]   # [k][partition][seat] -> block index
cdef int WEIGHT[5][15]
cdef int NPARTS[5]


cdef void build_partitions() noexcept:
    cdef int k, code, i, blocks, b, total, size, w
    cdef int block_of[4]
    cdef int sizes[4]
    for k in range(5):
        NPARTS[k] = 0
        # Restricted growth strings enumerate each partition once.
        total = 1
        for i in range(k):
            total *= k
        for code in range(total if k else 1):
            blocks = 0
            w = code
            good = True
            for i in range(k):
                block_of[i] = w % k if k else 0
                w //= k if k else 1
                if block_of[i] > blocks:
                    good = False
                    break
                if block_of[i] == blocks:
                    blocks += 1
            if not good:
                continue
            for b in range(4):
                sizes[b] = 0
            for i in range(k):
                sizes[block_of[i]] += 1
                PARTS[k][NPARTS[k]][i] = block_of[i]
            w = 1
            for b in range(blocks):
                size = sizes[b]
                # (-1)^(size-1) * (size-1)!
                for i in range(1, size):
                    w *= -i
            WEIGHT[k][NPARTS[k]] = w
            PARTS[k][NPARTS[k]][4] = blocks
            NPARTS[k] += 1


build_partitions()


cdef long long injections(const uint64_t* allowed, int k) noexcept nogil:
    """The number of ways to give ``k`` seats distinct cards, seat i one of ``allowed[i]``."""
    cdef long long total = 0, product
    cdef int p, i, b, blocks
    cdef uint64_t inter[4]
    if k == 0:
        return 1
    for p in range(NPARTS[k]):
        blocks = PARTS[k][p][4]
        for b in range(blocks):
            inter[b] = ~(<uint64_t>0)
        for i in range(k):
            inter[PARTS[k][p][i]] &= allowed[i]
        product = WEIGHT[k][p]
        for b in range(blocks):
            product *= __builtin_popcountll(inter[b])
            if product == 0:
                break
        total += product
    return total


def one_card_successes(int n, int trump, int turned, list bids, int fixed_seat=-1, int fixed_card=-1):
    """Exact count of the one-card deals (ordered: a distinct card for each seat from the 51 left after the
    ``turned`` card) in which every chooser's number is right.

    Seats are positions from the dealer's left: 1 leads, ``n - 1`` is the last chooser, ``n`` the dealer, who
    does not choose.  ``bids[i - 1]`` is the mask of cards with which position ``i`` chooses 1 (it chooses 0
    with the others).  A round succeeds exactly when every chooser chooses 1 if and only if it takes the trick.
    With ``fixed_seat`` >= 1 only deals that give that position ``fixed_card`` are counted."""
    cdef uint64_t ones[MAXP]
    cdef uint64_t allowed[MAXP]
    cdef uint64_t deck = ((<uint64_t>1 << 52) - 1) & ~((<uint64_t>1) << turned)
    cdef uint64_t below_w, fixed_mask
    cdef int L, w, i, j, k, led, key_w
    cdef long long total = 0
    cdef uint64_t lower[301]
    if not 3 <= n <= 5 or len(bids) != n - 1:
        raise ValueError("one-card counts take 3 to 5 players and a bid mask for each of the n - 1 choosers")
    for i in range(n - 1):
        ones[i + 1] = bids[i]
    fixed_mask = ((<uint64_t>1) << fixed_card) if fixed_seat >= 1 else 0
    for led in range(4):
        # lower[key]: the cards whose key is below ``key`` when ``led`` is led.
        for key_w in range(301):
            lower[key_w] = 0
        for w in range(52):
            if deck >> w & 1:
                k = trick_key(w, led, trump)
                for key_w in range(k + 1, 301):
                    lower[key_w] |= (<uint64_t>1) << w
        for L in range(13 * led, 13 * led + 13):
            if not (deck >> L & 1):
                continue
            if fixed_seat == 1 and L != fixed_card:
                continue
            for i in range(1, n + 1):  # the position that takes the trick (n: the dealer)
                for w in range(52):
                    if not (deck >> w & 1):
                        continue
                    if i == 1:
                        if w != L:
                            continue
                    elif w == L or trick_key(w, led, trump) <= trick_key(L, led, trump):
                        continue
                    if fixed_seat == i and w != fixed_card:
                        continue
                    if i < n and not (ones[i] >> w & 1):
                        continue  # the winner must have chosen 1
                    if i != 1 and (ones[1] >> L & 1):
                        continue  # the leader did not take it: it must have chosen 0
                    below_w = lower[trick_key(w, led, trump)] & deck & ~((<uint64_t>1) << L) & ~((<uint64_t>1) << w)
                    k = 0
                    for j in range(2, n + 1):
                        if j == i:
                            continue
                        allowed[k] = below_w & ~ones[j] if j < n else below_w
                        if fixed_seat == j:
                            allowed[k] &= fixed_mask
                        k += 1
                    total += injections(allowed, k)
    return total
