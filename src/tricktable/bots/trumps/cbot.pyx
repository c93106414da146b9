# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""The compiled half of the Trumps search bots: the blueprint in C, and the loops that use it.

``blueprint.py`` states the same rules in Python (the reference; the tests check that both choose the same
indicators, passes and cards).  Everything here works on sampled worlds, every card known:

* ``bp_mark``, ``bp_pass``, ``bp_play`` — the blueprint's choices;
* ``Table`` and ``playout`` — a hand played out with the blueprint by every seat, from any point of play;
* the batch entry points ``mark_values``, ``pass_values`` and ``play_values`` (the tricks a side makes after
  each candidate move, summed over worlds) and ``world_weights`` (how well each world explains what the other
  seats did, under the blueprint), which run over hundreds of worlds per call.

Hands are 64-bit masks of cards ``suit * 13 + rank``; a card, suit or seat of -1 means none.
"""

from libc.stdint cimport uint64_t

from tricktable.rules.trumps.crules cimport (
    __builtin_clzll,
    __builtin_ctzll,
    __builtin_popcountll,
    declare_legal,
    low_card,
    plain_legal,
    suit_mask,
    top_card,
    tt_cpu_ready,
)

if not tt_cpu_ready():
    raise ImportError("the compiled kernel was built for x86-64 CPUs with POPCNT and BMI2; this one lacks them")

# ----- marking and passing -----------------------------------------------------------------------------------

cdef int bp_mark(uint64_t hand) noexcept nogil:
    """The blueprint's indicator (``blueprint.mark_card``)."""
    cdef int suit, r, length, best = -1, any_two = 0
    cdef double strength, best_strength = -1.0, total
    cdef uint64_t cards
    for suit in range(4):
        if __builtin_popcountll(hand & suit_mask(suit)) >= 2:
            any_two = 1
    for suit in range(4):
        cards = (hand >> (13 * suit)) & 0x1FFF
        length = __builtin_popcountll(cards)
        if length == 0 or (any_two and length < 2):
            continue
        # Ranks high to low, summed in the order the reference sums them, so that ties break the same way.
        total = 0.0
        for r in range(12, -1, -1):
            if cards >> r & 1 and r > 6:
                total += <double>(r - 6) / 5.0
        strength = 1.2 * length + total
        if best < 0 or strength >= best_strength:
            best, best_strength = suit, strength
    return 13 * best + low_card((hand >> (13 * best)) & 0x1FFF)


cdef uint64_t bp_pass(uint64_t hand, int own_suit, int count) noexcept nogil:
    """The blueprint's pass (``blueprint.pass_cards``)."""
    cdef uint64_t chosen = 0, cards, rest
    cdef int got = 0, order[4], length[4], top[4], i, j, s, tmp, card, best, best_key, key, rank
    cdef int n_suits = 0
    for s in range(4):
        cards = hand & suit_mask(s)
        if s != own_suit and cards:
            order[n_suits] = s
            length[s] = __builtin_popcountll(cards)
            top[s] = 63 - __builtin_clzll(cards)
            n_suits += 1
    # Shortest side suits first (then the lower top card); void those without an ace that still fit.
    for i in range(1, n_suits):
        j = i
        while j > 0 and (length[order[j - 1]] > length[order[j]] or (
                length[order[j - 1]] == length[order[j]] and top[order[j - 1]] > top[order[j]])):
            tmp = order[j]; order[j] = order[j - 1]; order[j - 1] = tmp
            j -= 1
    for i in range(n_suits):
        s = order[i]
        if length[s] <= count - got and top[s] % 13 < ACE:
            chosen |= hand & suit_mask(s)
            got += length[s]
    # Then the lowest by (own suit, ace, queen or better, rank), display order (suit up, rank down) on ties.
    while got < count:
        rest = hand & ~chosen
        best = -1
        best_key = 1 << 30
        for s in range(4):
            for rank in range(12, -1, -1):
                card = 13 * s + rank
                if rest >> card & 1:
                    key = (s == own_suit) * 1000 + (rank == ACE) * 100 + (rank >= QUEEN) * 20 + rank
                    if key < best_key:
                        best, best_key = card, key
        chosen |= (<uint64_t>1) << best
        got += 1
    return chosen


# ----- playing -----------------------------------------------------------------------------------------------

cdef bint is_boss(int card, uint64_t seen) noexcept nogil:
    return not (suit_mask(card // 13) & ~seen & ~(((<uint64_t>2) << card) - 1))


cdef int bp_play(Table* t, int seat) noexcept nogil:
    """The blueprint's move for ``seat``: the card, plus 64 when it declares (``blueprint.play_move``)."""
    cdef uint64_t hand = t.hands[seat]
    cdef int own = t.own[seat]
    cdef int own_suit = own // 13 if own >= 0 else -1
    cdef int side_trump = t.declared[t.side_of[seat]]
    cdef int led = t.tcard[0] // 13 if t.tlen else -1
    cdef uint64_t plays = plain_legal(hand, led, side_trump)
    cdef uint64_t declares = declare_legal(hand, led, side_trump, own_suit)
    cdef uint64_t seen = t.played | hand
    cdef int cards[MAXC]
    cdef int decl[MAXC]
    cdef int trump[MAXC]
    cdef int count = 0, i, pick, rank, key, best_key, n_decl = 0, lengths[4], s, plain_only
    cdef int best, best_seat, best_rank, best_trump, after_me, partner, safe
    if own >= 0:
        seen |= (<uint64_t>1) << own
    while plays:
        cards[count] = __builtin_ctzll(plays)
        decl[count] = 0
        trump[count] = cards[count] // 13 == side_trump
        count += 1
        plays &= plays - 1
    while declares:
        cards[count] = __builtin_ctzll(declares)
        decl[count] = 1
        trump[count] = 1
        count += 1
        n_decl += 1
        declares &= declares - 1
    if t.tlen == 0:
        return lead(cards, decl, trump, count, n_decl, seen)
    for s in range(4):
        lengths[s] = __builtin_popcountll(hand & suit_mask(s))
    plain_only = n_decl < count  # discards come from the plain plays when there are any
    best = 0
    for i in range(1, t.tlen):
        if t.tflag[i]:
            if not t.tflag[best] or t.tcard[i] % 13 > t.tcard[best] % 13:
                best = i
        elif t.tcard[i] // 13 == led and not t.tflag[best] and t.tcard[i] % 13 > t.tcard[best] % 13:
            best = i
    best_seat = t.tseat[best]
    best_rank = t.tcard[best] % 13
    best_trump = t.tflag[best]
    after_me = t.n - t.plays - 1
    partner = t.partner[seat]
    if partner >= 0 and best_seat == partner:
        safe = after_me == 0 or (best_trump and best_rank >= QUEEN) or (
            not best_trump and is_boss(13 * led + best_rank, seen) and after_me <= 1)
        if safe:
            return discard(cards, decl, trump, count, plain_only, lengths)
    # The cheapest card that beats the trick and should hold.
    pick = -1
    best_key = 1 << 30
    for i in range(count):
        rank = cards[i] % 13
        if not beats(cards[i], trump[i], led, best_rank, best_trump):
            continue
        if after_me != 0:
            if trump[i]:
                if rank < (JACK if after_me <= 2 else QUEEN):
                    continue
            elif not (is_boss(cards[i], seen) and after_me <= 2):
                continue
        key = decl[i] * 1000 + trump[i] * 100 + rank
        if key < best_key:
            pick, best_key = i, key
    if pick >= 0 and (not decl[pick] or worth_declaring(hand, own, after_me)):
        return cards[pick] + 64 * decl[pick]
    if after_me <= 1:
        pick = -1
        best_key = 1 << 30
        for i in range(count):
            if decl[i] or not beats(cards[i], trump[i], led, best_rank, best_trump):
                continue
            key = trump[i] * 100 + cards[i] % 13
            if key < best_key:
                pick, best_key = i, key
        if pick >= 0:
            return cards[pick]
    return discard(cards, decl, trump, count, plain_only, lengths)


cdef bint beats(int card, int is_trump, int led, int best_rank, int best_trump) noexcept nogil:
    if is_trump:
        return not best_trump or card % 13 > best_rank
    return card // 13 == led and not best_trump and card % 13 > best_rank


cdef bint worth_declaring(uint64_t hand, int own, int after_me) noexcept nogil:
    cdef uint64_t suit
    if own < 0:
        return False
    suit = hand & suit_mask(own // 13)
    return after_me == 0 or __builtin_popcountll(suit) >= 2 or (suit != 0 and (63 - __builtin_clzll(suit)) % 13 >= QUEEN)


cdef int discard(int* cards, int* decl, int* trump, int count, int plain_only, int* lengths) noexcept nogil:
    """Non-trumps before trumps, low before high, from short suits first; the first such in move order."""
    cdef int i, pick = -1, rank, key, best_key = 1 << 30
    for i in range(count):
        if plain_only and decl[i]:
            continue
        rank = cards[i] % 13
        key = trump[i] * 100000 + (rank >= QUEEN) * 10000 + rank * 100 + lengths[cards[i] // 13]
        if key < best_key:
            pick, best_key = i, key
    return cards[pick] + 64 * decl[pick]


cdef int lead(int* cards, int* decl, int* trump, int count, int n_decl, uint64_t seen) noexcept nogil:
    cdef int i, pick = -1, best_key, key, lengths[4], plain_kind
    # A high trump (king or ace) already declared.
    for i in range(count):
        if trump[i] and not decl[i] and cards[i] % 13 >= KING and (pick < 0 or cards[i] % 13 > cards[pick] % 13):
            pick = i
    if pick >= 0:
        return cards[pick]
    # A strong declaration: the top card of the indicator's suit.
    if n_decl:
        pick = count - 1  # declarations come last, lowest first
        if cards[pick] % 13 >= KING or (n_decl >= 3 and cards[pick] % 13 >= JACK):
            return cards[pick] + 64
    # A card nobody can beat.
    pick = -1
    for i in range(count):
        if not decl[i] and not trump[i] and is_boss(cards[i], seen) and (pick < 0 or cards[i] % 13 > cards[pick] % 13):
            pick = i
    if pick >= 0:
        return cards[pick]
    # Low from the longest plain suit (side suits first, then trumps); else the highest declaration.
    plain_kind = 0
    for i in range(count):
        if not decl[i] and not trump[i]:
            plain_kind = 1
    if plain_kind == 0:
        for i in range(count):
            if not decl[i]:
                plain_kind = 2
    if plain_kind == 0:
        pick = 0
        for i in range(1, count):
            if cards[i] % 13 > cards[pick] % 13:
                pick = i
        return cards[pick] + 64 * decl[pick]
    lengths[0] = lengths[1] = lengths[2] = lengths[3] = 0
    for i in range(count):
        if not decl[i] and (plain_kind == 2 or not trump[i]):
            lengths[cards[i] // 13] += 1
    pick = -1
    best_key = 1 << 30
    for i in range(count):
        if decl[i] or (plain_kind == 1 and trump[i]):
            continue
        key = -lengths[cards[i] // 13] * 100 + cards[i] % 13
        if key < best_key:
            pick, best_key = i, key
    return cards[pick]


# ----- the table: moves and play-outs ------------------------------------------------------------------------

cdef void apply(Table* t, int seat, int card, int declaring) noexcept nogil:
    cdef int side = t.side_of[seat], best, i, winner
    cdef uint64_t bit = (<uint64_t>1) << card
    if declaring:
        t.declared[side] = card // 13
    t.hands[seat] ^= bit
    t.played |= bit
    t.tseat[t.tlen] = seat
    t.tcard[t.tlen] = card
    t.tflag[t.tlen] = t.declared[side] == card // 13
    t.tlen += 1
    t.plays += 1
    if t.plays < t.n:
        t.next = seat + 1 if seat + 1 < t.n else 0
        return
    best = 0
    for i in range(1, t.tlen):
        if t.tflag[i]:
            if not t.tflag[best] or t.tcard[i] % 13 > t.tcard[best] % 13:
                best = i
        elif t.tcard[i] // 13 == t.tcard[0] // 13 and not t.tflag[best] and t.tcard[i] % 13 > t.tcard[best] % 13:
            best = i
    winner = t.tseat[best]
    if winner >= 0:
        t.won[winner] += 1
        t.next = winner
    else:
        t.next = t.dealer  # the starter card was never beaten: thrown out, the dealer leads
    t.tlen = 0
    t.plays = 0


cdef void playout(Table* t) noexcept nogil:
    """Play the rest of the hand with the blueprint for every seat."""
    cdef int code
    while t.hands[t.next]:
        code = bp_play(t, t.next)
        apply(t, t.next, code & 63, code >> 6)


cdef void start_play(Table* t, int starter) noexcept nogil:
    """The first trick: the starter card for nobody (the dealer's left plays first), else the dealer's left
    leads."""
    t.tlen = 0
    t.plays = 0
    t.played = 0
    t.next = (t.dealer + 1) % t.n
    if starter >= 0:
        t.tseat[0] = -1
        t.tcard[0] = starter
        t.tflag[0] = 0
        t.tlen = 1
        t.played = (<uint64_t>1) << starter



# ----- single choices, for the tests ---------------------------------------------------------------------------

def mark_card(uint64_t hand):
    """``blueprint.mark_card`` in C."""
    return bp_mark(hand)


def pass_cards(uint64_t hand, int own_suit, int count):
    """``blueprint.pass_cards`` in C."""
    return bp_pass(hand, own_suit, count)


def play_move(int seat, uint64_t hand, int own, int side_trump, int partner, list trick, int players,
              uint64_t seen):
    """``blueprint.play_move`` in C: ``trick`` holds ``(seat, card, trump)`` with seat -1 for the starter card."""
    cdef Table t
    cdef int code, i
    if not 3 <= players <= MAXP or not 0 <= seat < players:
        raise ValueError("a table has 3 to 8 seats")
    t.n = players
    t.hands[seat] = hand
    t.own[seat] = own
    t.side_of[seat] = 0
    t.declared[0] = side_trump
    t.partner[seat] = partner
    t.played = seen
    t.tlen = len(trick)
    t.plays = 0
    for i in range(t.tlen):
        t.tseat[i], t.tcard[i], t.tflag[i] = trick[i]
        if t.tseat[i] >= 0:
            t.plays += 1
    code = bp_play(&t, seat)
    return code & 63, bool(code >> 6)
