# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""The learned policy (``policy.py``) in C, so that the search can play whole rounds out with it.

``policy.encode`` is the readable reference of the features (the tests hold ``features`` to it card by card).
Here every seat of a sampled world plays, in turn, the card the network scores highest *from that seat's own
view*: its hand, the cards gone, the trick, what each seat still needs, the suits each seat has shown it lacks and
the suits each seat led.  Unlike the open-hands solver, nobody plays by the others' cards; unlike the blueprint's
play-out, each seat plays as the team-mates were seen to play (the network imitates ``strong``).
"""

import numpy as np

from libc.math cimport exp, log
from libc.stdint cimport uint64_t

from tricktable.bots.tricks_together.cteam cimport (
    MAXP,
    MAXTRICK,
    beaters,
    coop_card,
    highest_by_strength,
    is_sure,
    lowest_by_rank,
)
from tricktable.rules.tricks_together.crules cimport (
    __builtin_popcountll,
    above,
    beats_card,
    legal_of,
    low_card,
    suit_mask,
)

cdef uint64_t FULL = (<uint64_t>1 << 52) - 1

cdef enum:
    FEATURES = 38  # ``policy.FEATURES``
    POSITION = 14  # ``policy.POSITION_NAMES``
    HIDDEN = 64  # the widest hidden layer the forward pass takes
    LAYERS = 4  # the most layers it takes
    MAXLEGAL = 13


# A round in play, as every seat sees it in public, and the hands (each seat reads only its own).
cdef struct Table:
    int n
    int trump
    int cards       # cards each this round
    int left        # tricks still to finish, the current one included
    int lead        # who led the current trick
    int size        # cards on the table
    int led         # the suit led (-1: none yet)
    int best        # the best card so far
    int winner      # who played it
    uint64_t seen   # every card out of play: played this round (the table's included), and the turned card
    int trick[MAXTRICK]
    int need[MAXP]  # tricks each seat still needs (its number less its tricks, at least 0)
    int voids[MAXP]  # per seat, a bit per suit it has shown it lacks
    int leads[4]    # per suit, a bit per seat that led it this round
    uint64_t hands[MAXP]


# The network: ``layers`` of weights (inputs x outputs, row-major) and biases, ReLU between them.
cdef struct Net:
    int layers
    int sizes[LAYERS + 1]
    const float* w[LAYERS]
    const float* b[LAYERS]


cdef void encode(Table* t, int seat, uint64_t legal, float* out) noexcept nogil:
    """``policy.encode`` for ``seat`` to move: ``FEATURES`` numbers for each legal card, in card order."""
    cdef int n = t.n, trump = t.trump, mine = t.need[seat], p, i, c, suit, rank, later, others = 0, weaker
    cdef int left = t.left if t.left > 1 else 1, chosen, low, high, lacking, lacking_later, count
    cdef uint64_t hand = t.hands[seat], unseen = FULL & ~(t.hands[seat] | t.seen), beat = 0, rest, held, lower
    cdef uint64_t trumps = suit_mask(trump) if trump >= 0 else 0
    cdef int later_seats = 0, needing = 0
    cdef bint leading = t.size == 0, wins, sure, follows
    cdef double d = n - 1
    cdef float position[POSITION]
    cdef float* f
    later = n - 1 - t.size
    for i in range(1, later + 1):
        later_seats |= 1 << ((seat + i) % n)
    for p in range(n):
        if p != seat:
            others += t.need[p]
            if t.need[p] > 0:
                needing |= 1 << p
    if not leading:
        beat = beaters(legal, t.best, t.led, trump)
    # ``policy.encode`` asks the blueprint with every card played gone, the table's included.
    chosen = coop_card(seat, hand, t.trick, t.size, t.best, t.winner, t.need, t.left, t.seen, trump, n)
    low = lowest_by_rank(legal, trump)
    high = highest_by_strength(legal, trump)
    position[0] = 1.0 if mine > 0 else 0.0
    position[1] = min(mine / <double>left, 1.0)
    position[2] = 1.0 if mine >= t.left else 0.0
    position[3] = 1.0 if leading else 0.0
    position[4] = t.size / d
    position[5] = 1.0 if later == 0 else 0.0
    position[6] = 1.0 if not leading and t.need[t.winner] > 0 else 0.0
    position[7] = __builtin_popcountll(later_seats & needing) / d
    position[8] = t.left / <double>t.cards
    position[9] = min(others / <double>left, 2.0)
    position[10] = __builtin_popcountll(unseen & trumps) / 13.0
    position[11] = 1.0 if not leading and is_sure(t.best, unseen, trump) else 0.0
    position[12] = 1.0 if not leading and t.best // 13 == trump and trump != t.led else 0.0
    position[13] = __builtin_popcountll(needing) / d
    count = __builtin_popcountll(legal)
    rest = legal
    while rest:
        c = low_card(rest)
        rest &= rest - 1
        f = out
        out += FEATURES
        for i in range(POSITION):
            f[i] = position[i]
        suit, rank = c // 13, c % 13
        held = hand & suit_mask(suit)
        lower = held & (((<uint64_t>1) << c) - 1)  # the cards of its suit it holds below it
        wins = leading or (beat >> c) & 1
        sure = is_sure(c, unseen, trump)
        follows = not leading and suit == t.led
        lacking = lacking_later = 0
        for p in range(n):
            if p != seat and (t.voids[p] >> suit) & 1:
                lacking += 1
                if (later_seats >> p) & 1:
                    lacking_later += 1
        # Strength among the legal cards: trumps above plain cards, then the rank; plain cards of one rank in
        # card order (``sorted`` keeps the legal cards' order on ties).
        if suit == trump:
            weaker = __builtin_popcountll(legal & ~trumps) + __builtin_popcountll(legal & trumps & (((<uint64_t>1) << c) - 1))
        else:
            weaker = 0
            for i in range(4):
                if i != trump:
                    weaker += __builtin_popcountll((legal >> (13 * i)) & ((1 << rank) - 1))
                    if i < suit and (legal >> (13 * i + rank)) & 1:
                        weaker += 1
        f[POSITION + 0] = 1.0 if suit == trump else 0.0
        f[POSITION + 1] = rank / 12.0
        f[POSITION + 2] = 1.0 if sure else 0.0
        f[POSITION + 3] = __builtin_popcountll(above(c) & unseen) / 12.0
        f[POSITION + 4] = __builtin_popcountll(held) / <double>t.cards
        f[POSITION + 5] = __builtin_popcountll(unseen & suit_mask(suit)) / 13.0
        f[POSITION + 6] = 1.0 if not leading and wins else 0.0
        f[POSITION + 7] = 1.0 if wins and (sure or later == 0) and (leading or (beat >> c) & 1) else 0.0
        f[POSITION + 8] = 1.0 if follows else 0.0
        f[POSITION + 9] = 1.0 if not leading and not follows and suit == trump else 0.0
        f[POSITION + 10] = 1.0 if not leading and not follows and suit != trump else 0.0
        f[POSITION + 11] = 0.0 if held & above(c) else 1.0
        f[POSITION + 12] = 0.0 if held & lower else 1.0
        f[POSITION + 13] = 1.0 if c == chosen else 0.0
        f[POSITION + 14] = lacking_later / d
        f[POSITION + 15] = 0.0 if above(c) & unseen else 1.0
        f[POSITION + 16] = __builtin_popcountll(t.seen & suit_mask(suit)) / 13.0
        f[POSITION + 17] = lacking / d
        f[POSITION + 18] = __builtin_popcountll(t.leads[suit] & ~(1 << seat)) / d
        f[POSITION + 19] = __builtin_popcountll(t.leads[suit] & needing) / d
        f[POSITION + 20] = 1.0 if (t.leads[suit] >> seat) & 1 else 0.0
        f[POSITION + 21] = weaker / <double>(count - 1 if count > 1 else 1)
        f[POSITION + 22] = 1.0 if c == low else 0.0
        f[POSITION + 23] = 1.0 if c == high else 0.0


cdef float score(const Net* net, const float* x) noexcept nogil:
    """The network's output for one card's features."""
    cdef float a[HIDDEN]
    cdef float h[HIDDEN]
    cdef const float* inputs = x
    cdef const float* w
    cdef int layer, i, j, rows, cols
    cdef float s
    for layer in range(net.layers):
        rows, cols, w = net.sizes[layer], net.sizes[layer + 1], net.w[layer]
        for j in range(cols):
            a[j] = net.b[layer][j]
        for i in range(rows):
            s = inputs[i]
            if s != 0.0:
                for j in range(cols):
                    a[j] += s * w[i * cols + j]
        if layer < net.layers - 1:
            for j in range(cols):
                h[j] = a[j] if a[j] > 0.0 else 0.0
            inputs = h
    return a[0]


cdef int best_of(const Net* net, const float* feats, uint64_t legal) noexcept nogil:
    """The legal card whose features (``feats``, card order) the network scores highest (ties to the lower card)."""
    cdef int k = 0, best = -1
    cdef float s, top = 0.0
    while legal:
        s = score(net, &feats[k * FEATURES])
        if best < 0 or s > top:
            best, top = low_card(legal), s
        legal &= legal - 1
        k += 1
    return best


cdef int choose(Table* t, const Net* net, int seat) noexcept nogil:
    """The legal card the network scores highest for ``seat`` (ties to the lower card)."""
    cdef uint64_t legal = legal_of(t.hands[seat], t.led if t.size else -1)
    cdef float feats[MAXLEGAL * FEATURES]
    if __builtin_popcountll(legal) == 1:
        return low_card(legal)
    encode(t, seat, legal, feats)
    return best_of(net, feats, legal)


cdef inline double uniform(uint64_t* state) noexcept nogil:
    """The next number in [0, 1) of a xorshift64* stream (its state never 0)."""
    state[0] ^= state[0] >> 12
    state[0] ^= state[0] << 25
    state[0] ^= state[0] >> 27
    return ((state[0] * <uint64_t>0x2545F4914F6CDD1D) >> 11) * (1.0 / 9007199254740992.0)


cdef uint64_t stream(uint64_t seed, uint64_t index) noexcept nogil:
    """A stream's first state from a seed and an index (splitmix64), never 0."""
    cdef uint64_t z = seed + (index + 1) * <uint64_t>0x9E3779B97F4A7C15
    z = (z ^ (z >> 30)) * <uint64_t>0xBF58476D1CE4E5B9
    z = (z ^ (z >> 27)) * <uint64_t>0x94D049BB133111EB
    z ^= z >> 31
    return z if z else 1


cdef int drawn_of(const Net* net, const float* feats, uint64_t legal, double temperature,
                  uint64_t* state) noexcept nogil:
    """A legal card drawn with the chance the network's softmax over their features (``feats``, card order) gives
    it at ``temperature`` (above 0), from the stream ``state``."""
    cdef double s[MAXLEGAL]
    cdef double top = 0.0, total = 0.0, u
    cdef int k, count = __builtin_popcountll(legal)
    for k in range(count):
        s[k] = score(net, &feats[k * FEATURES]) / temperature
        if k == 0 or s[k] > top:
            top = s[k]
    for k in range(count):
        s[k] = exp(s[k] - top)
        total += s[k]
    u = uniform(state) * total
    for k in range(count - 1):
        u -= s[k]
        if u < 0.0:
            return low_card(legal)
        legal &= legal - 1
    return low_card(legal)


cdef int draw(Table* t, const Net* net, int seat, double temperature, uint64_t* state) noexcept nogil:
    """A legal card for ``seat`` drawn with the chance the network's softmax gives it at ``temperature`` (its
    scores divided by it); 0 or less: the best-scored card (``choose``)."""
    cdef uint64_t legal = legal_of(t.hands[seat], t.led if t.size else -1)
    cdef float feats[MAXLEGAL * FEATURES]
    if temperature <= 0.0 or __builtin_popcountll(legal) == 1:
        return choose(t, net, seat)
    encode(t, seat, legal, feats)
    return drawn_of(net, feats, legal, temperature, state)


cdef bint play(Table* t, int seat, int card) noexcept nogil:
    """``seat`` plays ``card``; False once the numbers can no longer be made."""
    cdef int p, taker
    t.hands[seat] &= ~((<uint64_t>1) << card)
    t.seen |= (<uint64_t>1) << card
    if t.size == 0:
        t.led, t.best, t.winner = card // 13, card, seat
        t.leads[card // 13] |= 1 << seat
    else:
        if card // 13 != t.led:
            t.voids[seat] |= 1 << t.led
        if beats_card(card, t.best, t.led, t.trump):
            t.best, t.winner = card, seat
    t.trick[t.size] = card
    t.size += 1
    if t.size < t.n:
        return True
    taker = t.winner
    t.left -= 1
    t.size = 0
    t.lead = taker
    t.led = -1
    if t.need[taker] == 0:
        return False  # a seat took a trick beyond its number
    t.need[taker] -= 1
    for p in range(t.n):
        if t.need[p] > t.left:
            return False
    return True


cdef bint play_out(Table* t, const Net* net, int first, double temperature=0.0, uint64_t* state=NULL) noexcept nogil:
    """The seat to move plays ``first`` (-1: the policy's card too), then every seat the policy's card from its
    own view, to the round's end: does the team make its numbers?  With a ``temperature`` above 0 each card is
    drawn from the policy's chances (``draw``, from the stream ``state``) rather than its best.  (``t`` is
    changed: pass a copy.)"""
    cdef int seat = (t.lead + t.size) % t.n
    cdef int card = first if first >= 0 else draw(t, net, seat, temperature, state)
    while t.left > 0:
        if not play(t, seat, card):
            return False
        seat = t.lead if t.size == 0 else (seat + 1) % t.n
        if t.left > 0:
            card = draw(t, net, seat, temperature, state)
    return True


cdef void read_net(list layers, Net* net, list keep) except *:
    """The shipped network's layers as C pointers (``keep`` holds the arrays they point into)."""
    cdef const float[:, ::1] w
    cdef const float[::1] b
    cdef int i
    if not 1 <= len(layers) <= LAYERS:
        raise ValueError(f"the policy network has {len(layers)} layers; the compiled pass takes 1 to {LAYERS}")
    net.layers = len(layers)
    for i, (weights, biases) in enumerate(layers):
        weights = np.ascontiguousarray(weights, dtype=np.float32)
        biases = np.ascontiguousarray(biases, dtype=np.float32)
        keep.extend((weights, biases))
        w = weights
        b = biases
        if w.shape[1] > HIDDEN or b.shape[0] != w.shape[1] or (i and w.shape[0] != net.sizes[i]):
            raise ValueError("the policy network's layers do not fit together")
        net.sizes[i], net.sizes[i + 1] = w.shape[0], w.shape[1]
        net.w[i], net.b[i] = &w[0, 0], &b[0]
    if net.sizes[0] != FEATURES or net.sizes[net.layers] != 1:
        raise ValueError(f"the policy network takes {net.sizes[0]} features, the encoding makes {FEATURES}")


cdef void read_table(Table* t, int n, int trump, int cards, int leader, list table, list won, list targets,
                     uint64_t gone, list voids, list history) except *:
    """The public state of the round (the hands are set per world)."""
    cdef int i, p, c
    t.n, t.trump, t.cards, t.lead, t.size = n, trump, cards, leader, len(table)
    t.left = cards - sum(won)
    t.led, t.best, t.winner = -1, -1, leader
    t.seen = gone
    for i in range(t.size):
        c = table[i]
        t.trick[i] = c
        if i == 0:
            t.led, t.best = c // 13, c
        elif beats_card(c, t.best, t.led, trump):
            t.best, t.winner = c, (leader + i) % n
    for p in range(n):
        t.need[p] = max(0, targets[p] - won[p])
        t.voids[p] = voids[p]
    for i in range(4):
        t.leads[i] = 0
    for i in range(0, len(history), n):  # every trick has one card a seat: its first card is every n-th
        p, c = history[i]
        t.leads[c // 13] |= 1 << p


cdef void one_seat(Table* t, int seat, int n, int trump, int cards, uint64_t hand, int leader, list table, list won,
                   list needs, uint64_t gone, list voids, list history) except *:
    """The round as ``seat`` sees it, its hand the only one (for ``features`` and ``card``)."""
    cdef int p
    read_table(t, n, trump, cards, leader, table, won, [x + w for x, w in zip(needs, won)], gone, voids, history)
    for p in range(n):
        t.hands[p] = 0
    t.hands[seat] = hand


def features(int seat, int n, int trump, int cards, uint64_t hand, int leader, list table, list won, list needs,
             uint64_t gone, list voids, list history):
    """``policy.encode``'s features of ``seat``'s legal cards (card order), from the compiled encoding, for the
    tests.  ``needs``: the tricks each seat still needs; ``gone`` as ``Knowledge.gone``."""
    cdef Table t
    cdef uint64_t legal
    one_seat(&t, seat, n, trump, cards, hand, leader, table, won, needs, gone, voids, history)
    legal = legal_of(hand, t.led if t.size else -1)
    out = np.zeros((__builtin_popcountll(legal), FEATURES), dtype=np.float32)
    cdef float[:, ::1] view = out
    if out.shape[0]:
        encode(&t, seat, legal, &view[0, 0])
    return out


def card(list layers, int seat, int n, int trump, int cards, uint64_t hand, int leader, list table, list won,
         list needs, uint64_t gone, list voids, list history):
    """The card the compiled forward pass chooses for ``seat`` (``Policy.card``'s twin, for the tests)."""
    cdef Table t
    cdef Net net
    keep = []
    read_net(layers, &net, keep)
    one_seat(&t, seat, n, trump, cards, hand, leader, table, won, needs, gone, voids, history)
    return choose(&t, &net, seat)


def draws(list layers, int seat, int n, int trump, int cards, uint64_t hand, int leader, list table, list won,
          list needs, uint64_t gone, list voids, list history, double temperature, uint64_t seed, int count):
    """``count`` cards ``draw`` gives ``seat`` in turn from one stream (``seed``), for the tests: their shares
    are the policy's softmax at ``temperature``."""
    cdef Table t
    cdef Net net
    cdef uint64_t state = stream(seed, 0)
    keep = []
    read_net(layers, &net, keep)
    one_seat(&t, seat, n, trump, cards, hand, leader, table, won, needs, gone, voids, history)
    return [draw(&t, &net, seat, temperature, &state) for _ in range(count)]


def scores(list layers, list worlds, list targets, list weights, int trump, int cards, int leader, list table,
           list won, uint64_t gone, list voids, list history, list candidates, double temperature=0.0,
           uint64_t seed=0):
    """For each candidate card: the summed weight of the worlds in which the team makes its numbers after the
    seat to move plays it and every seat then plays the policy's card from its own view (``layers``: the
    network's weights and biases).  With a ``temperature`` above 0 every later card is drawn from the policy's
    softmax at that temperature; every candidate of a world draws from the same stream (made from ``seed`` and
    the world's index), so that the candidates are compared on the same chances."""
    cdef Net net
    cdef Table start, t
    cdef uint64_t state
    cdef int n = len(worlds[0]) if worlds else 0, w, p, i, m = len(candidates), left = cards - sum(won)
    cdef double wt
    keep = []
    out = [0.0] * m
    if n == 0:
        return out
    read_net(layers, &net, keep)
    # Read once: the public round; per world only its hands and numbers change.
    read_table(&start, n, trump, cards, leader, table, won, [0] * n, gone, voids, history)
    for w in range(len(worlds)):
        wt = weights[w]
        target = targets[w]
        if wt <= 0.0 or any(not 0 <= target[p] - won[p] <= left for p in range(n)):
            continue  # weighs nothing, or a seat is past its number or cannot reach it: lost whatever is played
        for p in range(n):
            start.hands[p] = worlds[w][p]
            start.need[p] = target[p] - won[p]
        for i in range(m):
            t = start
            state = stream(seed, w)
            if play_out(&t, &net, candidates[i], temperature, &state):
                out[i] += wt
    return out


def likelihoods(list layers, list worlds, list played_by, list targets, list history, int seat, int dealer,
                int cards, int trump, int trump_card, double power, uint64_t outsiders=0):
    """How well each world explains the others' past cards under the learned policy: the product over their
    choices of two cards or more of the policy's chance of the card played (a softmax of its scores over the
    legal cards, from that seat's view then), raised to ``power``.  ``worlds`` hold the hands now; the round is
    replayed from its first lead (``history``: (seat, card) in play order).  Seats in ``outsiders`` (a bit a seat)
    and ``seat`` itself are not read."""
    cdef Net net
    cdef Table start, t
    cdef int n = len(worlds[0]) if worlds else 0, w, p, i, k, s, card, h = len(history)
    cdef uint64_t legal, rest
    cdef uint64_t played[MAXP]
    cdef float feats[MAXLEGAL * FEATURES]
    cdef double scores[MAXLEGAL]
    cdef double top, total, chosen, log_chance
    keep = []
    out = []
    if n == 0:
        return out
    read_net(layers, &net, keep)
    for p in range(n):
        played[p] = played_by[p]
    # The round before its first lead, read once; per world only the hands as dealt and the numbers change.
    read_table(&start, n, trump, cards, (dealer + 1) % n, [], [0] * n, [0] * n, (<uint64_t>1) << trump_card,
               [0] * n, [])
    for w in range(len(worlds)):
        t = start
        for p in range(n):
            t.hands[p] = <uint64_t>worlds[w][p] | played[p]
            t.need[p] = max(0, targets[w][p])  # as read_table: a need is at least 0
        log_chance = 0.0
        for i in range(h):
            s, card = history[i]
            legal = legal_of(t.hands[s], t.led if t.size else -1)
            if s != seat and not (outsiders >> s) & 1 and __builtin_popcountll(legal) > 1:
                encode(&t, s, legal, feats)
                rest, k, top, chosen = legal, 0, -1e300, 0.0
                while rest:
                    scores[k] = score(&net, &feats[k * FEATURES])
                    if scores[k] > top:
                        top = scores[k]
                    if low_card(rest) == card:
                        chosen = scores[k]
                    rest &= rest - 1
                    k += 1
                total = 0.0
                for k in range(__builtin_popcountll(legal)):
                    total += exp(scores[k] - top)
                log_chance += chosen - top - log(total)
            play(&t, s, card)  # a seat past its number ends no replay: the cards were played
        out.append(exp(power * log_chance))
    return out


def commit_scores(list layers, list worlds, list chosen, int seat, int dealer, int cards, int trump, int trump_card,
                  list candidates):
    """For each candidate number of ``seat``: in how many worlds the team makes its numbers when the other
    choosers take their numbers in ``chosen`` (per world, as ``cteam.commit_scores`` reports them), the dealer the
    rest, and every seat then plays the policy's cards from its own view, from the first lead."""
    cdef Net net
    cdef Table start, t
    cdef int n = len(worlds[0]) if worlds else 0, w, p, i, m = len(candidates), others
    keep = []
    out = [0] * m
    if n == 0:
        return out
    read_net(layers, &net, keep)
    read_table(&start, n, trump, cards, (dealer + 1) % n, [], [0] * n, [0] * n, (<uint64_t>1) << trump_card,
               [0] * n, [])
    for w in range(len(worlds)):
        numbers = chosen[w]
        others = 0
        for p in range(n):
            start.hands[p] = worlds[w][p]
            start.need[p] = numbers[p]
            if p != seat and p != dealer:
                others += numbers[p]
        for i in range(m):
            if others + candidates[i] > cards:
                continue  # the others' numbers exceed the cards: the round fails before a card is played
            t = start
            t.need[seat] = candidates[i]
            t.need[dealer] = cards - others - candidates[i]
            if play_out(&t, &net, -1):
                out[i] += 1
    return out


def self_play(list layers, list deals, list targets, list dealers, int cards, list trumps, list trump_cards,
              double temperature, uint64_t seed, int repeats, int width):
    """Rounds the policy plays against itself, to learn from (``reinforce``): each deal ``repeats`` times, every
    seat drawing each card from the policy's softmax at ``temperature`` from its own view, from the first lead
    (``deals``: the hands as dealt; ``targets``: the numbers; the stream of the ``r``-th play of deal ``d`` comes
    from ``seed`` and ``d * repeats + r``).  Returns, for every card chosen among two or more (until the round is
    lost), its features (choices x ``width`` x features, padded), the legal cards present, the index of the card
    drawn and the play it belongs to (``d * repeats + r``); and, per play, whether the team made its numbers."""
    cdef Net net
    cdef Table start, t
    cdef uint64_t state, legal, rest
    cdef int n = len(deals[0]) if deals else 0, d, r, p, k, seat, card, choice, made
    cdef int most = len(deals) * repeats * n * cards
    keep = []
    x = np.zeros((most, width, FEATURES), dtype=np.float32)
    mask = np.zeros((most, width), dtype=bool)
    played = np.zeros(most, dtype=np.int64)
    play_of = np.zeros(most, dtype=np.int64)
    outcome = np.zeros(len(deals) * repeats, dtype=bool)
    if n == 0:
        return x, mask, played, play_of, outcome
    if cards > width or width > MAXLEGAL:
        raise ValueError(f"a hand of {cards} cards does not fit {width} legal cards (at most {MAXLEGAL})")
    read_net(layers, &net, keep)
    cdef float[:, :, ::1] xv = x
    cdef unsigned char[:, ::1] mv = mask.view(np.uint8)
    cdef long[::1] pv = played
    cdef long[::1] ov = play_of
    cdef unsigned char[::1] made_v = outcome.view(np.uint8)
    choice = 0
    for d in range(len(deals)):
        read_table(&start, n, trumps[d], cards, (dealers[d] + 1) % n, [], [0] * n, targets[d],
                   (<uint64_t>1) << trump_cards[d], [0] * n, [])
        for p in range(n):
            start.hands[p] = deals[d][p]
        for r in range(repeats):
            t = start
            state = stream(seed, d * repeats + r)
            seat = t.lead
            made = 1
            while t.left > 0:
                legal = legal_of(t.hands[seat], t.led if t.size else -1)
                if __builtin_popcountll(legal) == 1:
                    card = low_card(legal)
                else:
                    # Encoded once, into the row kept: the card is drawn (or chosen) from those features.
                    encode(&t, seat, legal, &xv[choice, 0, 0])
                    if temperature > 0.0:
                        card = drawn_of(&net, &xv[choice, 0, 0], legal, temperature, &state)
                    else:
                        card = best_of(&net, &xv[choice, 0, 0], legal)
                    rest, k = legal, 0
                    while rest:
                        mv[choice, k] = 1
                        if low_card(rest) == card:
                            pv[choice] = k
                        rest &= rest - 1
                        k += 1
                    ov[choice] = d * repeats + r
                    choice += 1
                if not play(&t, seat, card):
                    made = 0
                    break
                seat = t.lead if t.size == 0 else (seat + 1) % n
            made_v[d * repeats + r] = made
    return x[:choice], mask[:choice], played[:choice], play_of[:choice], outcome
