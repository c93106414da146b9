# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""The compiled twin of ``kernel.py``: the same play rules on the same bitmasks, in C.

Built by pip with the machine's C compiler when tricktable is installed.  ``kernel.py`` stays the reference:
``tests/rules/tricks_together/test_kernel.py`` checks that both give the same answers on the same inputs.
Random choices come from SplitMix64 (``kernel.SplitMix64`` is its Python twin), so a seed gives the same
cards here and there.
"""

from libc.stdint cimport uint64_t

from tricktable.core.cbits cimport kth_bit
from tricktable.rules.tricks_together.crules cimport (
    __builtin_ctzll,
    __builtin_popcountll,
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
    return kth_bit(pool, <int>(u * __builtin_popcountll(pool)))


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


cdef enum:
    MAXP = 8  # seats


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
