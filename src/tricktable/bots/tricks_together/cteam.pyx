# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""The compiled half of the Tricks Together team-mate: its blueprint in C, and the loops that use it.

``blueprint.py`` states the same convention in Python (the reference; the tests check that both choose the
same cards and numbers).  Everything here works on one sampled world at a time (every hand known):

* ``coop_card`` — the blueprint's card: what a seat plays knowing its own hand, the cards gone and what
  every seat still needs;
* ``rollout`` — a round played out with the blueprint by every seat: does the team make its numbers?
* ``raw_strength`` — the blueprint's number: a hand's chance-weighted count of winners;
* the batch entry points ``commit_scores``, ``world_weights`` and ``play_scores``, which run those over
  hundreds of sampled worlds per call.

Hands are 64-bit masks of cards ``suit * 13 + rank``; ``trump`` is a suit or -1.
"""

from libc.math cimport exp
from libc.stdint cimport uint64_t
from libc.stdlib cimport free, malloc

from tricktable.rules.tricks_together.ctricks cimport (
    __builtin_popcountll,
    above,
    beats_card,
    below,
    low_card,
    suit_mask,
    top_card,
    tt_cpu_ready,
)

if not tt_cpu_ready():
    raise ImportError("the compiled kernel was built for x86-64 CPUs with POPCNT and BMI2; this one lacks them")

cdef enum:
    MAXP = 8
    MAXTRICK = 8

cdef uint64_t FULL = (<uint64_t>1 << 52) - 1


# ----- the blueprint's card ------------------------------------------------------------------------------

cdef inline int lowest_by_rank(uint64_t mask, int trump) noexcept nogil:
    """The weakest card: the lowest rank among plain cards (a trump only if nothing else), first suit on ties."""
    cdef uint64_t plain = mask & ~suit_mask(trump) if trump >= 0 else mask
    cdef uint64_t pool = plain if plain else mask
    cdef int best = -1, best_rank = 99, suit, r
    cdef uint64_t s
    for suit in range(4):
        s = (pool >> (13 * suit)) & 0x1FFF
        if s:
            r = low_card(s)
            if r < best_rank:
                best, best_rank = 13 * suit + r, r
    return best


cdef inline int highest_by_strength(uint64_t mask, int trump) noexcept nogil:
    """The strongest card: the top trump if any, else the highest rank, first suit on ties."""
    cdef int best = -1, best_rank = -1, suit, r
    cdef uint64_t s
    if trump >= 0 and mask & suit_mask(trump):
        return top_card(mask & suit_mask(trump))
    for suit in range(4):
        s = (mask >> (13 * suit)) & 0x1FFF
        if s:
            r = top_card(s)
            if r > best_rank:
                best, best_rank = 13 * suit + r, r
    return best


cdef inline uint64_t beaters(uint64_t pool, int best, int led, int trump) noexcept nogil:
    """The cards of ``pool`` (a legal set) that would beat the trick's best card ``best``."""
    cdef int bsuit = best // 13
    cdef uint64_t out
    if bsuit == trump:
        return pool & above(best)
    out = pool & above(best) if bsuit == led else 0
    if trump >= 0:
        out |= pool & suit_mask(trump)
    return out


cdef inline bint is_sure(int card, uint64_t unseen, int trump) noexcept nogil:
    """Can no card this seat has not seen beat ``card``?  (A plain card also fears any unseen trump.)"""
    if above(card) & unseen:
        return False
    return card // 13 == trump or trump < 0 or not (unseen & suit_mask(trump))


cdef int coop_card(int seat, uint64_t hand, const int* trick, int tlen, int best, int winner, const int* need,
                   int left, uint64_t gone, int trump, int n) noexcept nogil:
    """The blueprint's card for ``seat`` (see ``blueprint.coop_card``, the readable twin)."""
    cdef uint64_t unseen = FULL & ~(hand | gone)
    cdef int mine = need[seat], sure, suit, top, led, later, c
    cdef uint64_t s, pool, win, lose, w
    cdef bint partner_needs
    if tlen == 0:
        if mine > 0:
            sure = -1
            for suit in range(4):
                s = (hand >> (13 * suit)) & 0x1FFF
                if s:
                    top = 13 * suit + top_card(s)
                    if is_sure(top, unseen, trump) and (sure < 0 or sure // 13 == trump):
                        sure = top
            return sure if sure >= 0 else highest_by_strength(hand, trump)
        return lowest_by_rank(hand, trump)
    led = trick[0] // 13
    pool = hand & suit_mask(led)
    if not pool:
        pool = hand
    win = beaters(pool, best, led, trump)
    lose = pool & ~win
    later = n - 1 - tlen
    if mine > 0 and win:
        partner_needs = winner != seat and need[winner] > 0
        if not partner_needs or mine >= left:
            if later == 0:
                return lowest_by_rank(win, trump)
            w = win
            while w:
                c = low_card(w)
                if is_sure(c, unseen, trump):
                    return c
                w &= w - 1
            return highest_by_strength(win, trump)
        return lowest_by_rank(lose, trump) if lose else lowest_by_rank(win, trump)
    if lose:
        if mine > 0:
            return lowest_by_rank(lose, trump)
        return highest_by_strength(lose, trump)
    return lowest_by_rank(win, trump)


cdef bint rollout(uint64_t* hands, int n, int trump, int leader, const int* table, int tlen, const int* targets,
                  const int* won, int left, uint64_t gone, int first) noexcept nogil:
    """Play the round out with the blueprint for every seat; True if every seat hits its target exactly.

    ``table`` holds the current trick's cards from ``leader`` on; ``left`` counts the tricks still to finish
    (this one included); ``gone`` the cards out of play (and the turned card).  ``first`` (if >= 0) is the
    card the seat to move plays now.  ``hands`` is changed (pass a copy)."""
    cdef int need[MAXP]
    cdef int trick[MAXTRICK]
    cdef int p, seat, card, best = -1, winner = leader, led = -1, i, size = tlen
    for p in range(n):
        need[p] = targets[p] - won[p]
    for i in range(tlen):
        trick[i] = table[i]
    if tlen:
        led = trick[0] // 13
        best = trick[0]
        for i in range(1, tlen):
            if beats_card(trick[i], best, led, trump):
                best, winner = trick[i], (leader + i) % n
    seat = (leader + tlen) % n
    while left > 0:
        while size < n:
            if first >= 0:
                card = first
                first = -1
            else:
                card = coop_card(seat, hands[seat], trick, size, best, winner, need, left, gone, trump, n)
            hands[seat] ^= (<uint64_t>1) << card
            if size == 0:
                led, best, winner = card // 13, card, seat
            elif beats_card(card, best, led, trump):
                best, winner = card, seat
            trick[size] = card
            size += 1
            seat = seat + 1 if seat + 1 < n else 0
        for i in range(size):
            gone |= (<uint64_t>1) << trick[i]
        need[winner] -= 1
        left -= 1
        if need[winner] < 0:
            return False
        for p in range(n):
            if need[p] > left:
                return False
        size = 0
        seat = leader = winner
    for p in range(n):
        if need[p] != 0:
            return False
    return True


# ----- the blueprint's number --------------------------------------------------------------------------

cdef double raw_strength(uint64_t hand, int cards, int n, int trump, int trump_card, bint leads) noexcept nogil:
    """Sum over the cards of the chance that no other hand holds a higher card of its suit (a hypergeometric
    draw of the others' cards from the unseen ones); a plain card is discounted for ruffs, more in a long suit.
    With one card a plain card wins only if its suit is led: nearly never unless this seat leads."""
    cdef int unseen = 51 - cards, held = (n - 1) * cards, suit, r, higher, i, suit_len, card
    cdef double total = 0.0, p
    cdef uint64_t s
    cdef bint plain
    for suit in range(4):
        s = (hand >> (13 * suit)) & 0x1FFF
        suit_len = __builtin_popcountll(s)
        plain = suit != trump and trump >= 0
        while s:
            r = low_card(s)
            s &= s - 1
            card = 13 * suit + r
            higher = __builtin_popcountll(above(card) & ~hand & ~((<uint64_t>1) << trump_card))
            p = 1.0
            for i in range(higher):
                p *= <double>(unseen - held - i) / <double>(unseen - i)
            if plain:
                for i in range(suit_len):
                    p *= 0.85
            if cards == 1 and not leads and suit != trump:
                p *= 0.1
            total += p
    return total


def strength(uint64_t hand, int cards, int n, int trump, int trump_card, bint leads):
    """``raw_strength`` for Python (the blueprint scales it by the mean of random hands)."""
    return raw_strength(hand, cards, n, trump, trump_card, leads)


cdef inline int quick_choice(double raw, double scale, int cards) noexcept nogil:
    cdef int k = <int>(raw * scale + 0.5)
    return cards if k > cards else k


# ----- batches over sampled worlds ----------------------------------------------------------------------

cdef uint64_t* read_worlds(list worlds, int n, int* count) except NULL:
    cdef int w, p
    cdef uint64_t* out
    count[0] = len(worlds)
    out = <uint64_t*>malloc((count[0] * n + 1) * sizeof(uint64_t))
    if out == NULL:
        raise MemoryError()
    for w in range(count[0]):
        hands = worlds[w]
        for p in range(n):
            out[w * n + p] = hands[p]
    return out


# ----- numbers -----------------------------------------------------------------------------------------

cdef void score_numbers(const uint64_t* dealt, int n, int seat, int dealer, int cards, int trump, int trump_card,
                        int* targets, int others, const int* candidates, int m, int* scores) noexcept nogil:
    """In one world (every hand ``dealt``; the other choosers' numbers in ``targets``, adding up to ``others``):
    for each candidate number of ``seat``, give the dealer the rest, play the round with the blueprint, and
    count a success in ``scores``."""
    cdef uint64_t held[MAXP]
    cdef int zeros[MAXP]
    cdef int i, p, k
    for p in range(n):
        zeros[p] = 0
    for i in range(m):
        k = candidates[i]
        if others + k > cards:
            continue
        targets[seat] = k
        targets[dealer] = cards - others - k
        for p in range(n):
            held[p] = dealt[p]
        if rollout(held, n, trump, (dealer + 1) % n, NULL, 0, targets, zeros, cards, (<uint64_t>1) << trump_card, -1):
            scores[i] += 1


cdef int level_one_number(uint64_t hand, int seat, int dealer, int n, int cards, int trump, int trump_card,
                          double scale, int inner, uint64_t* rng) noexcept nogil:
    """The number ``seat`` would choose with ``hand`` by the level-one search (the other choosers take the
    blueprint's number), over ``inner`` random deals of the cards it cannot see.  Ties go to the blueprint's
    own number."""
    cdef uint64_t pool_mask = ((<uint64_t>1 << 52) - 1) & ~hand & ~((<uint64_t>1) << trump_card)
    cdef int pool[52]
    cdef int all_numbers[16]
    cdef int scores[16]
    cdef int targets[MAXP]
    cdef uint64_t dealt[MAXP]
    cdef int size = 0, c, i, j, w, p, k, others, tmp, best, leader = (dealer + 1) % n
    for c in range(52):
        if pool_mask >> c & 1:
            pool[size] = c
            size += 1
    for k in range(cards + 1):
        scores[k] = 0
        all_numbers[k] = k
    for w in range(inner):
        for i in range((n - 1) * cards):  # a partial shuffle deals the others' cards
            j = i + below(rng, size - i)
            tmp = pool[i]
            pool[i] = pool[j]
            pool[j] = tmp
        i = 0
        others = 0
        for p in range(n):
            targets[p] = 0
            if p == seat:
                dealt[p] = hand
                continue
            dealt[p] = 0
            for c in range(cards):
                dealt[p] |= (<uint64_t>1) << pool[i]
                i += 1
            if p != dealer:
                targets[p] = quick_choice(raw_strength(dealt[p], cards, n, trump, trump_card, p == leader), scale, cards)
                others += targets[p]
        score_numbers(dealt, n, seat, dealer, cards, trump, trump_card, targets, others, all_numbers, cards + 1, scores)
    best = quick_choice(raw_strength(hand, cards, n, trump, trump_card, seat == leader), scale, cards)
    for k in range(cards + 1):
        if scores[k] > scores[best]:
            best = k
    return best


def commit_scores(list worlds, int seat, int dealer, int cards, int trump, int trump_card, double scale,
                  list candidates, int inner=0, unsigned long long seed=0):
    """For each candidate number of ``seat``: in how many worlds the team makes its numbers when the other
    choosers take the blueprint's number for their hands (``inner`` > 0: the number their own level-one search
    would choose, over ``inner`` deals of their own), the dealer the rest, and everybody plays the blueprint."""
    cdef int n = len(worlds[0]) if worlds else 0
    cdef int count, w, p, others, leader = (dealer + 1) % n if n else 0
    cdef int m = len(candidates)
    cdef int numbers[16]
    cdef int scores[16]
    cdef int targets[MAXP]
    cdef uint64_t rng = seed
    cdef uint64_t* all_hands
    if n == 0:
        return [0] * m
    for w in range(m):
        numbers[w] = candidates[w]
        scores[w] = 0
    all_hands = read_worlds(worlds, n, &count)
    try:
        for w in range(count):
            others = 0
            for p in range(n):
                targets[p] = 0
                if p == dealer or p == seat:
                    continue
                if inner > 0:
                    targets[p] = level_one_number(
                        all_hands[w * n + p], p, dealer, n, cards, trump, trump_card, scale, inner, &rng
                    )
                else:
                    targets[p] = quick_choice(
                        raw_strength(all_hands[w * n + p], cards, n, trump, trump_card, p == leader), scale, cards
                    )
                others += targets[p]
            score_numbers(
                &all_hands[w * n], n, seat, dealer, cards, trump, trump_card, targets, others, numbers, m, scores
            )
    finally:
        free(all_hands)
    return [scores[w] for w in range(m)]


def world_weights(list worlds, list played_by, list numbers, int seat, int dealer, int cards, int trump,
                  int trump_card, double scale, list history, double sigma, double slip):
    """The numbers of every seat in each world, and how likely the world makes what the others did.

    ``numbers`` holds the known numbers (``None`` where hidden; the dealer's is derived).  A hidden number is
    the blueprint's number for the seat's original hand (hand now + ``played_by``).  The weight multiplies
    ``exp(-(d / sigma)**2 / 2)`` for each other seat's known number at distance ``d`` from the blueprint's, and
    ``slip`` for each card another seat played that the blueprint would not have (``history``: (seat, card) in
    play order from the first lead of the round).  Returns (targets per world, weight per world)."""
    cdef int n = len(worlds[0]) if worlds else 0
    cdef int count, w, p, i, total, leader = (dealer + 1) % n if n else 0, h = len(history)
    cdef uint64_t* all_hands
    cdef uint64_t original[MAXP]
    cdef uint64_t played[MAXP]
    cdef int known[MAXP]
    cdef int targets[MAXP]
    cdef int need[MAXP]
    cdef int trick[MAXTRICK]
    cdef int* moves
    cdef int size, lead, best, winner, led, s, card, expected, left
    cdef double weight, d, raw
    cdef uint64_t gone
    out_targets = []
    out_weights = []
    if n == 0:
        return out_targets, out_weights
    for p in range(n):
        played[p] = played_by[p]
        known[p] = -1 if numbers[p] is None else numbers[p]
    moves = <int*>malloc((2 * h + 1) * sizeof(int))
    if moves == NULL:
        raise MemoryError()
    for i in range(h):
        moves[2 * i] = history[i][0]
        moves[2 * i + 1] = history[i][1]
    all_hands = read_worlds(worlds, n, &count)
    try:
        for w in range(count):
            weight = 1.0
            total = 0
            for p in range(n):
                original[p] = all_hands[w * n + p] | played[p]
            for p in range(n):
                if p == dealer:
                    continue
                raw = raw_strength(original[p], cards, n, trump, trump_card, p == leader)
                if known[p] < 0:
                    targets[p] = quick_choice(raw, scale, cards)
                else:
                    targets[p] = known[p]
                    if p != seat:
                        d = (known[p] - raw * scale) / sigma
                        weight *= exp(-0.5 * d * d)
                total += targets[p]
            targets[dealer] = cards - total if known[dealer] < 0 else known[dealer]
            # Replay the round's cards: a card the blueprint would not have played costs ``slip``.
            if h and slip < 1.0:
                for p in range(n):
                    need[p] = targets[p]
                gone = (<uint64_t>1) << trump_card
                size = 0
                lead = leader
                best = -1
                winner = leader
                led = -1
                left = cards
                for i in range(h):
                    s = moves[2 * i]
                    card = moves[2 * i + 1]
                    if s != seat:
                        expected = coop_card(s, original[s], trick, size, best, winner, need, left, gone, trump, n)
                        if expected != card:
                            weight *= slip
                    original[s] &= ~((<uint64_t>1) << card)
                    if size == 0:
                        led, best, winner = card // 13, card, s
                    elif beats_card(card, best, led, trump):
                        best, winner = card, s
                    trick[size] = card
                    size += 1
                    if size == n:
                        for p in range(size):
                            gone |= (<uint64_t>1) << trick[p]
                        need[winner] -= 1
                        left -= 1
                        size = 0
                        lead = winner
            out_targets.append([targets[p] for p in range(n)])
            out_weights.append(weight)
    finally:
        free(all_hands)
        free(moves)
    return out_targets, out_weights


def play_scores(list worlds, list targets, list weights, int trump, int leader, list table, list won, int left,
                uint64_t gone, list candidates, int seat):
    """For each candidate card: the summed weight of the worlds in which the team makes its numbers after
    ``seat`` plays it and everybody then plays the blueprint; and the weight of the worlds in which the
    blueprint itself would play it (for ties).  Returns (scores, votes)."""
    cdef int n = len(worlds[0]) if worlds else 0
    cdef int count, w, p, i, m = len(candidates), tlen = len(table), best = -1, winner = leader, led = -1
    cdef int tg[MAXP]
    cdef int wn[MAXP]
    cdef int need[MAXP]
    cdef int trick[MAXTRICK]
    cdef uint64_t held[MAXP]
    cdef uint64_t* all_hands
    cdef double wt
    cdef int choice
    scores = [0.0] * m
    votes = [0.0] * m
    if n == 0:
        return scores, votes
    for i in range(tlen):
        trick[i] = table[i]
        if i == 0:
            led, best = trick[0] // 13, trick[0]
        elif beats_card(trick[i], best, led, trump):
            best, winner = trick[i], (leader + i) % n
    for p in range(n):
        wn[p] = won[p]
    all_hands = read_worlds(worlds, n, &count)
    try:
        for w in range(count):
            wt = weights[w]
            if wt <= 0.0:
                continue
            tw = targets[w]
            for p in range(n):
                tg[p] = tw[p]
                need[p] = tg[p] - wn[p]
            choice = coop_card(seat, all_hands[w * n + seat], trick, tlen, best, winner, need, left, gone, trump, n)
            for i in range(m):
                if candidates[i] == choice:
                    votes[i] += wt
                for p in range(n):
                    held[p] = all_hands[w * n + p]
                if rollout(held, n, trump, leader, trick, tlen, tg, wn, left, gone, candidates[i]):
                    scores[i] += wt
    finally:
        free(all_hands)
    return scores, votes


def blueprint_card(int seat, uint64_t hand, list table, int best, int winner, list need, int left, uint64_t gone,
                   int trump, int n):
    """``coop_card`` for Python (the tests compare it with ``blueprint.coop_card``)."""
    cdef int trick[MAXTRICK]
    cdef int needs[MAXP]
    cdef int i
    for i in range(len(table)):
        trick[i] = table[i]
    for i in range(n):
        needs[i] = need[i]
    return coop_card(seat, hand, trick, len(table), best, winner, needs, left, gone, trump, n)


def rational_weights(list worlds, list played_by, list targets, list history, int seat, int dealer, int cards,
                     int trump, int trump_card, double beta):
    """How well each world explains the others' past cards, if they tend to play cards that work.

    For every card another seat played this round (``history``: (seat, card) in play order), every card it
    could legally have played instead is played out in the world with the blueprint after it: a card that
    keeps the team's numbers (``targets[w]``) makeable counts 1, else 0.  The world's weight multiplies
    ``exp(beta * s(actual)) / sum over legal c of exp(beta * s(c))`` — a seat that played a card that fails in
    this world while another would have worked makes the world less likely.  Returns one weight per world."""
    cdef int n = len(worlds[0]) if worlds else 0
    cdef int count, w, p, i, h = len(history), s, card, c, size, best, winner, led, lead, left, legal_count
    cdef int trick[MAXTRICK]
    cdef int tg[MAXP]
    cdef int won[MAXP]
    cdef uint64_t original[MAXP]
    cdef uint64_t held[MAXP]
    cdef uint64_t played[MAXP]
    cdef uint64_t gone, legal, rest
    cdef int* moves
    cdef double weight, total, actual, e
    cdef double ok_weight = exp(beta)
    cdef uint64_t* all_hands
    out = []
    if n == 0:
        return out
    for p in range(n):
        played[p] = played_by[p]
    moves = <int*>malloc((2 * h + 1) * sizeof(int))
    if moves == NULL:
        raise MemoryError()
    for i in range(h):
        moves[2 * i] = history[i][0]
        moves[2 * i + 1] = history[i][1]
    all_hands = read_worlds(worlds, n, &count)
    try:
        for w in range(count):
            tw = targets[w]
            for p in range(n):
                tg[p] = tw[p]
                won[p] = 0
                original[p] = all_hands[w * n + p] | played[p]
            weight = 1.0
            gone = (<uint64_t>1) << trump_card
            size = 0
            lead = (dealer + 1) % n
            best = -1
            winner = lead
            led = -1
            left = cards
            for i in range(h):
                s = moves[2 * i]
                card = moves[2 * i + 1]
                if s != seat:
                    legal = original[s] & suit_mask(led) if size else 0
                    if not legal:
                        legal = original[s]
                    legal_count = __builtin_popcountll(legal)
                    if legal_count > 1:
                        total = 0.0
                        actual = 0.0
                        rest = legal
                        while rest:
                            c = low_card(rest)
                            rest &= rest - 1
                            for p in range(n):
                                held[p] = original[p]
                            e = ok_weight if rollout(held, n, trump, lead, trick, size, tg, won, left, gone, c) else 1.0
                            total += e
                            if c == card:
                                actual = e
                        weight *= actual / total
                original[s] &= ~((<uint64_t>1) << card)
                if size == 0:
                    led, best, winner = card // 13, card, s
                elif beats_card(card, best, led, trump):
                    best, winner = card, s
                trick[size] = card
                size += 1
                if size == n:
                    for p in range(size):
                        gone |= (<uint64_t>1) << trick[p]
                    won[winner] += 1
                    left -= 1
                    size = 0
                    lead = winner
                    led = -1
            out.append(weight)
    finally:
        free(all_hands)
        free(moves)
    return out
