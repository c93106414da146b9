# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""The compiled half of the Tricks Together team-mate: its blueprint in C, and the loops that use it.

``blueprint.py`` states the same convention in Python (the reference; the tests check that both choose the
same cards and numbers).  Everything here works on one sampled world at a time (every hand known):

* ``coop_card`` — the blueprint's card: what a seat plays knowing its own hand, the cards gone and what
  every seat still needs;
* ``rollout`` — a round played out with the blueprint by every seat: does the team make its numbers?
* ``raw_strength`` — the blueprint's number: a hand's chance-weighted count of winners;
* the batch entry points ``commit_scores``, ``world_weights`` and ``play_scores``, which run those over
  hundreds of sampled worlds per call;
* ``card_features`` — what the fitted model of the team-mates' cards (``play_reading``) sees of a legal card,
  with ``play_features`` for the fitting and ``fitted_weights`` for weighing sampled worlds by it.

Hands are 64-bit masks of cards ``suit * 13 + rank``; ``trump`` is a suit or -1.
"""

from libc.math cimport exp, log
from libc.stdint cimport uint64_t
from libc.stdlib cimport free, malloc

from tricktable.rules.tricks_together.crules cimport (
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

cdef uint64_t FULL = (<uint64_t>1 << 52) - 1


# ----- the blueprint's card ------------------------------------------------------------------------------

# ``lowest_by_rank``, ``highest_by_strength``, ``beaters`` and ``is_sure`` are in ``cteam.pxd``, for the kernels that
# cimport them.


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
                  list candidates, int inner=0, unsigned long long seed=0, list chosen=None):
    """For each candidate number of ``seat``: in how many worlds the team makes its numbers when the other
    choosers take the blueprint's number for their hands (``inner`` > 0: the number their own level-one search
    would choose, over ``inner`` deals of their own), the dealer the rest, and everybody plays the blueprint.
    ``chosen``, if given, gains each world's numbers of the other choosers (0 for ``seat`` and the dealer)."""
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
            if chosen is not None:
                chosen.append([targets[p] for p in range(n)])
            score_numbers(
                &all_hands[w * n], n, seat, dealer, cards, trump, trump_card, targets, others, numbers, m, scores
            )
    finally:
        free(all_hands)
    return [scores[w] for w in range(m)]


cdef int* read_moves(list history) except NULL:
    """The history's (seat, card) pairs as a flat C array (free it)."""
    cdef int h = len(history), i
    cdef int* moves = <int*>malloc((2 * h + 1) * sizeof(int))
    if moves == NULL:
        raise MemoryError()
    for i in range(h):
        moves[2 * i] = history[i][0]
        moves[2 * i + 1] = history[i][1]
    return moves


# A round's cards replayed from its first lead: the trick on the table and what is gone.
cdef struct Walk:
    int size       # cards on the table
    int lead       # who led them
    int best       # the best card so far (-1: none yet)
    int winner     # who played it
    int led        # the suit led (-1: none yet)
    int left       # tricks still to finish, this one included
    uint64_t gone  # the cards out of play (and the turned card)
    int trick[MAXTRICK]


cdef inline void walk_start(Walk* t, int lead, int cards, int trump_card) noexcept nogil:
    t.size, t.lead, t.best, t.winner, t.led, t.left = 0, lead, -1, lead, -1, cards
    t.gone = (<uint64_t>1) << trump_card


cdef inline int walk_play(Walk* t, uint64_t* hands, int n, int trump, int seat, int card) noexcept nogil:
    """``seat`` plays ``card`` from ``hands``; returns who takes the trick if the card completes it, else -1."""
    cdef int p
    hands[seat] &= ~((<uint64_t>1) << card)
    if t.size == 0:
        t.led, t.best, t.winner = card // 13, card, seat
    elif beats_card(card, t.best, t.led, trump):
        t.best, t.winner = card, seat
    t.trick[t.size] = card
    t.size += 1
    if t.size < n:
        return -1
    for p in range(n):
        t.gone |= (<uint64_t>1) << t.trick[p]
    t.left -= 1
    t.size = 0
    t.lead = t.winner
    t.led = -1
    return t.winner


def world_weights(list worlds, list played_by, list numbers, int seat, int dealer, int cards, int trump,
                  int trump_card, double scale, list history, double sigma, double slip, uint64_t outsiders=0):
    """The numbers of every seat in each world, and how likely the world makes what the others did.

    ``numbers`` holds the known numbers (``None`` where hidden; the dealer's is derived).  A hidden number is
    the blueprint's number for the seat's original hand (hand now + ``played_by``).  The weight multiplies
    ``exp(-(d / sigma)**2 / 2)`` for each other seat's known number at distance ``d`` from the blueprint's, and
    ``slip`` for each card another seat played that the blueprint would not have (``history``: (seat, card) in
    play order from the first lead of the round).  Seats in ``outsiders`` (a bit a seat: players who do not share
    the blueprint) are not read that way: their numbers and cards weigh nothing.  Returns (targets per world,
    weight per world)."""
    cdef int n = len(worlds[0]) if worlds else 0
    cdef int count, w, p, i, total, leader = (dealer + 1) % n if n else 0, h = len(history)
    cdef uint64_t* all_hands
    cdef uint64_t original[MAXP]
    cdef uint64_t played[MAXP]
    cdef int known[MAXP]
    cdef int targets[MAXP]
    cdef int need[MAXP]
    cdef Walk t
    cdef int* moves
    cdef int s, card, expected, taker
    cdef double weight, d, raw
    out_targets = []
    out_weights = []
    if n == 0:
        return out_targets, out_weights
    for p in range(n):
        played[p] = played_by[p]
        known[p] = -1 if numbers[p] is None else numbers[p]
    moves = read_moves(history)
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
                    if p != seat and not (outsiders >> p) & 1:
                        d = (known[p] - raw * scale) / sigma
                        weight *= exp(-0.5 * d * d)
                total += targets[p]
            targets[dealer] = cards - total if known[dealer] < 0 else known[dealer]
            # Replay the round's cards: a card the blueprint would not have played costs ``slip``.
            if h and slip < 1.0:
                for p in range(n):
                    need[p] = targets[p]
                walk_start(&t, leader, cards, trump_card)
                for i in range(h):
                    s = moves[2 * i]
                    card = moves[2 * i + 1]
                    if s != seat and not (outsiders >> s) & 1:
                        expected = coop_card(s, original[s], t.trick, t.size, t.best, t.winner, need, t.left, t.gone,
                                             trump, n)
                        if expected != card:
                            weight *= slip
                    taker = walk_play(&t, original, n, trump, s, card)
                    if taker >= 0:
                        need[taker] -= 1
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


# ----- a fitted model of the team-mates' cards -------------------------------------------------------------

cdef enum:
    NFEAT = 10  # see ``card_features``


cdef int card_features(uint64_t* hands, int n, int trump, int seat, int lead, const int* trick, int size, int best,
                       int winner, int led, const int* targets, const int* won, int left, uint64_t gone,
                       uint64_t legal, int* cards, double* out) noexcept nogil:
    """The features of each card ``seat`` may legally play (``hands``: every hand as it is now), in card order:
    ``NFEAT`` numbers a card into ``out``, the card into ``cards``; returns how many.

    0 the card works (the blueprint after it makes the numbers), 1 it is the blueprint's card, 2 it takes the
    trick so far and the seat still needs a trick, 3 the same but the seat needs none, 4 it ruffs, 5 its place by
    strength among the legal cards (0 the weakest, 1 the strongest), 6 it is led and nothing unseen can beat it,
    7 it is a trump led, 8 its place when led, 9 its place when the seat still needs a trick."""
    cdef uint64_t held[MAXP]
    cdef uint64_t rest = legal, unseen = FULL & ~(hands[seat] | gone)
    cdef int need[MAXP]
    cdef int count = 0, p, c, i, rank, blue, weaker, total = __builtin_popcountll(legal)
    cdef uint64_t trumps = suit_mask(trump) if trump >= 0 else 0
    cdef double place, wins
    cdef double* f
    for p in range(n):
        need[p] = targets[p] - won[p]
    blue = coop_card(seat, hands[seat], trick, size, best, winner, need, left, gone, trump, n)
    while rest:
        c = low_card(rest)
        rest &= rest - 1
        f = &out[count * NFEAT]
        for p in range(n):
            held[p] = hands[p]
        f[0] = 1.0 if rollout(held, n, trump, lead, trick, size, targets, won, left, gone, c) else 0.0
        f[1] = 1.0 if c == blue else 0.0
        wins = 1.0 if size > 0 and beats_card(c, best, led, trump) else 0.0
        f[2] = wins if need[seat] > 0 else 0.0
        f[3] = wins if need[seat] <= 0 else 0.0
        f[4] = 1.0 if size > 0 and c // 13 == trump and led != trump else 0.0
        # Strength: a trump above every plain card, then the rank (plain suits alike).  ``weaker`` counts the
        # legal cards below this one.
        rank = c % 13
        if c // 13 == trump:
            weaker = __builtin_popcountll(legal & ~trumps)
            weaker += __builtin_popcountll(legal & trumps & (((<uint64_t>1) << c) - 1))
        else:
            weaker = 0
            for i in range(4):
                if i != trump:
                    weaker += __builtin_popcountll((legal >> (13 * i)) & ((1 << rank) - 1))
        place = weaker / <double>(total - 1) if total > 1 else 0.0
        f[5] = place
        f[6] = 1.0 if size == 0 and is_sure(c, unseen, trump) else 0.0
        f[7] = 1.0 if size == 0 and c // 13 == trump else 0.0
        f[8] = place if size == 0 else 0.0
        f[9] = place if need[seat] > 0 else 0.0
        cards[count] = c
        count += 1
    return count


cdef double walk_round(uint64_t* original, int n, int trump, int dealer, int cards, int trump_card,
                       const int* targets, const int* moves, int h, uint64_t skip, const double* coefs, double temper,
                       list rows) except? -1.0:
    """Replay ``moves`` ((seat, card) pairs) in a world whose hands at the start of play are ``original``.  At
    every choice of a seat not in ``skip`` (a bit a seat) with two cards or more: with ``rows``, append (seat,
    the index of the card played, the features of every legal card); else add ``temper`` times the log-chance
    of the card played under the softmax of ``coefs``.  Returns that sum of log-chances (0 with ``rows``)."""
    cdef uint64_t hands[MAXP]
    cdef Walk t
    cdef int won[MAXP]
    cdef int legal_cards[13]
    cdef double feats[13 * NFEAT]
    cdef uint64_t legal
    cdef int p, i, k, m, s, card, chosen, taker
    cdef double total, score, top, actual, log_chance = 0.0
    cdef double scores[13]
    for p in range(n):
        hands[p] = original[p]
        won[p] = 0
    walk_start(&t, (dealer + 1) % n, cards, trump_card)
    for i in range(h):
        s = moves[2 * i]
        card = moves[2 * i + 1]
        if not (skip >> s) & 1:
            legal = hands[s] & suit_mask(t.led) if t.size else 0
            if not legal:
                legal = hands[s]
            if __builtin_popcountll(legal) > 1:
                m = card_features(hands, n, trump, s, t.lead, t.trick, t.size, t.best, t.winner, t.led, targets, won,
                                  t.left, t.gone, legal, legal_cards, feats)
                chosen = -1
                for k in range(m):
                    if legal_cards[k] == card:
                        chosen = k
                if rows is not None:
                    rows.append((s, chosen, [[feats[k * NFEAT + j] for j in range(NFEAT)] for k in range(m)]))
                elif chosen >= 0:
                    top = -1e300
                    for k in range(m):
                        score = 0.0
                        for p in range(NFEAT):
                            score += coefs[p] * feats[k * NFEAT + p]
                        scores[k] = score
                        if score > top:
                            top = score
                    total = 0.0
                    for k in range(m):
                        total += exp(scores[k] - top)
                    actual = scores[chosen] - top
                    log_chance += temper * (actual - log(total))
        taker = walk_play(&t, hands, n, trump, s, card)
        if taker >= 0:
            won[taker] += 1
    return log_chance


def play_features(list hands, list targets, list history, int dealer, int cards, int trump, int trump_card):
    """For fitting: every choice of two cards or more in a round whose hands at the start of play were
    ``hands``, as (seat, index of the card played, the features of each legal card in card order)."""
    cdef int n = len(hands), p
    cdef uint64_t original[MAXP]
    cdef int tg[MAXP]
    cdef int* moves = read_moves(history)
    rows = []
    try:
        for p in range(n):
            original[p] = hands[p]
            tg[p] = targets[p]
        walk_round(original, n, trump, dealer, cards, trump_card, tg, moves, len(history), 0, NULL, 1.0, rows)
    finally:
        free(moves)
    return rows


def fitted_weights(list worlds, list played_by, list targets, list history, int seat, int dealer, int cards,
                   int trump, int trump_card, list coefs, double temper, uint64_t outsiders=0):
    """How well each world explains the others' past cards under the fitted model (``coefs``, one a feature of
    ``card_features``): the product over their choices of the model's chance of the card played, raised to
    ``temper``.  The cards of seats in ``outsiders`` (a bit a seat) are not read."""
    cdef int n = len(worlds[0]) if worlds else 0
    cdef int count, w, p
    cdef uint64_t original[MAXP]
    cdef int tg[MAXP]
    cdef double coef[NFEAT]
    cdef int* moves
    cdef uint64_t* all_hands
    if n == 0:
        return []
    if len(coefs) != NFEAT:
        raise ValueError(f"the model has {NFEAT} coefficients, not {len(coefs)}")
    for p in range(NFEAT):
        coef[p] = coefs[p]
    moves = read_moves(history)
    all_hands = read_worlds(worlds, n, &count)
    weights = []
    try:
        for w in range(count):
            tw = targets[w]
            for p in range(n):
                tg[p] = tw[p]
                original[p] = all_hands[w * n + p] | <uint64_t>played_by[p]
            weights.append(exp(walk_round(original, n, trump, dealer, cards, trump_card, tg, moves, len(history),
                                       outsiders | (<uint64_t>1) << seat, coef, temper, None)))
    finally:
        free(all_hands)
        free(moves)
    return weights


def rational_weights(list worlds, list played_by, list targets, list history, int seat, int dealer, int cards,
                     int trump, int trump_card, double beta, uint64_t outsiders=0):
    """How well each world explains the others' past cards, if they tend to play cards that work.

    For every card another seat played this round (``history``: (seat, card) in play order), every card it
    could legally have played instead is played out in the world with the blueprint after it: a card that
    keeps the team's numbers (``targets[w]``) makeable counts 1, else 0.  The world's weight multiplies
    ``exp(beta * s(actual)) / sum over legal c of exp(beta * s(c))`` — a seat that played a card that fails in
    this world while another would have worked makes the world less likely (not for seats in ``outsiders``).
    Returns one weight per world.
    (This is the fitted model's reading with every coefficient but "works" at 0.)"""
    coefs = [0.0] * NFEAT
    coefs[0] = beta
    return fitted_weights(worlds, played_by, targets, history, seat, dealer, cards, trump, trump_card, coefs, 1.0,
                          outsiders)
