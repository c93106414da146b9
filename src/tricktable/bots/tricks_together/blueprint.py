"""The team-mates' blueprint: the convention every Tricks Together bot of this package follows, so that
partners can predict one another.

* **Numbers**: ``quick_number`` — a hand's chance-weighted count of winners (for each card, the chance that no
  unseen card outranks it, discounted for ruffs), scaled so that an average hand is worth its share of the
  tricks; ``quick_choice`` rounds it.  A bot assumes its partners choose about this.
* **Cards**: ``coop_card`` — knowing what every seat still needs: a seat that needs tricks wins cheaply or
  with a card nothing unseen can beat, and leaves a trick to a team-mate who needs it; a seat that is done
  ducks and throws its most dangerous losing card; a done leader leads its lowest plain card.
* ``rollout`` plays a round out with ``coop_card`` for every seat.

This is the readable reference; ``cteam.pyx`` states the same in C, and the tests check they agree card for
card.  Bots search on top of the blueprint (``search.py``); the blueprint alone is not a bot.
"""

from __future__ import annotations

import random

from tricktable.core.cards import FULL_DECK, SUIT_MASKS

#: ``ABOVE[c]``: the cards of c's suit ranked above c.
ABOVE = tuple(SUIT_MASKS[c // 13] & ~((2 << c) - 1) for c in range(52))


def _top(mask: int) -> int:
    return mask.bit_length() - 1


def _lowest_by_rank(mask: int, trump: int) -> int:
    """The weakest card of ``mask``: the lowest rank among plain cards, a trump only if nothing else."""
    plain = mask & ~SUIT_MASKS[trump] if trump >= 0 else mask
    pool = plain or mask
    best = -1
    best_rank = 99
    for base in (0, 13, 26, 39):
        s = (pool >> base) & 0x1FFF
        if s:
            r = (s & -s).bit_length() - 1
            if r < best_rank:
                best, best_rank = base + r, r
    return best


def _highest_by_strength(mask: int, trump: int) -> int:
    if trump >= 0 and mask & SUIT_MASKS[trump]:
        return _top(mask & SUIT_MASKS[trump])
    best = -1
    best_rank = -1
    for base in (0, 13, 26, 39):
        s = (mask >> base) & 0x1FFF
        if s:
            r = s.bit_length() - 1
            if r > best_rank:
                best, best_rank = base + r, r
    return best


def _beaters(pool: int, best: int, led: int, trump: int) -> int:
    """The cards of ``pool`` (a legal set) that would beat the trick's best card ``best``."""
    bsuit = best // 13
    if bsuit == trump:
        return pool & ABOVE[best]
    out = pool & ABOVE[best] if bsuit == led else 0
    if trump >= 0:
        out |= pool & SUIT_MASKS[trump]
    return out


def _sure(card: int, unseen: int, trump: int) -> bool:
    """Can no card this seat has not seen beat ``card``?  (A plain card also fears any unseen trump.)"""
    if ABOVE[card] & unseen:
        return False
    return card // 13 == trump or trump < 0 or not unseen & SUIT_MASKS[trump]


def coop_card(
    seat: int,
    hand: int,
    trick: list[int],
    best: int,
    winner: int,
    need: list[int],
    left: int,
    gone: int,
    trump: int,
    players: int,
) -> int:
    """The cooperative policy: the card ``seat`` plays, from its hand, the trick so far and everyone's need.

    ``need[p]`` is the tricks seat ``p`` still has to take, ``left`` the tricks still to play (this one
    included), ``gone`` the cards this seat has seen leave play (played cards and the trump card).  Only
    what the seat could know is used, except ``need`` (which a secret-numbers sample fills in).
    """
    unseen = FULL_DECK & ~(hand | gone)
    mine = need[seat]
    if not trick:
        if mine > 0:
            # Take a trick: a card nothing unseen can beat, plain before trump; else the strongest card.
            sure = -1
            for base in (0, 13, 26, 39):
                s = (hand >> base) & 0x1FFF
                if s:
                    top = base + s.bit_length() - 1
                    if _sure(top, unseen, trump) and (sure < 0 or sure // 13 == trump):
                        sure = top
            return sure if sure >= 0 else _highest_by_strength(hand, trump)
        # Done: lead the weakest plain card so that a seat which still needs a trick can take it.
        return _lowest_by_rank(hand, trump)
    led = trick[0] // 13
    pool = hand & SUIT_MASKS[led] or hand
    win = _beaters(pool, best, led, trump)
    lose = pool & ~win
    later = players - 1 - len(trick)
    if mine > 0 and win:
        partner_needs = winner != seat and need[winner] > 0
        if not partner_needs or mine >= left:
            if later == 0:
                return _lowest_by_rank(win, trump)
            # Cheapest card nothing unseen can beat, else the strongest winner to hold off the later seats.
            w = win
            while w:
                c = (w & -w).bit_length() - 1
                if _sure(c, unseen, trump):
                    return c
                w &= w - 1
            return _highest_by_strength(win, trump)
        # A team-mate who needs it is winning: stay under with the weakest card.
        return _lowest_by_rank(lose, trump) if lose else _lowest_by_rank(win, trump)
    if lose:
        if mine > 0:
            return _lowest_by_rank(lose, trump)  # cannot win it: keep the strong cards
        # Done: throw the most dangerous card that still loses.
        return _highest_by_strength(lose, trump)
    # Forced to win: as low as possible, so that a later seat can still overtake.
    return _lowest_by_rank(win, trump)


def rollout(
    hands: list[int],
    trump: int,
    leader: int,
    trick: list[int],
    targets: list[int],
    won: list[int],
    left: int,
    gone: int,
    first: int = -1,
) -> bool:
    """Play the round out with ``coop_card`` for every seat; True if every seat hits its target exactly.

    ``trick`` holds the current trick's cards from ``leader`` on; ``left`` counts the tricks still to finish
    (the current one included); ``gone`` holds the cards out of play (and the trump card).  ``first`` (if >= 0) is
    the card the seat to move plays now.  Nothing passed in is changed.
    """
    n = len(hands)
    hands = hands[:]
    won = won[:]
    gone_all = gone
    need = [targets[p] - won[p] for p in range(n)]
    trick = trick[:]
    seat = (leader + len(trick)) % n
    best = -1
    winner = leader
    led = -1
    if trick:
        led = trick[0] // 13
        best = trick[0]
        for i in range(1, len(trick)):
            c = trick[i]
            cs = c // 13
            if (cs == trump and (best // 13 != trump or c > best)) or (cs == led == best // 13 and c > best):
                best, winner = c, (leader + i) % n
    while left > 0:
        while len(trick) < n:
            if first >= 0:
                card = first
                first = -1
            else:
                card = coop_card(seat, hands[seat], trick, best, winner, need, left, gone_all, trump, n)
            hands[seat] ^= 1 << card
            if not trick:
                led = card // 13
                best, winner = card, seat
            else:
                cs = card // 13
                if cs == trump:
                    if best // 13 != trump or card > best:
                        best, winner = card, seat
                elif cs == led and best // 13 == led and card > best:
                    best, winner = card, seat
            trick.append(card)
            seat = seat + 1 if seat + 1 < n else 0
        for c in trick:
            gone_all |= 1 << c
        need[winner] -= 1
        left -= 1
        if need[winner] < 0:
            return False
        for p in range(n):
            if need[p] > left:
                return False
        trick = []
        seat = leader = winner
    return not any(need)


def raw_strength(hand: int, cards: int, players: int, trump: int, trump_card: int, leads: bool) -> float:
    """Sum over the cards of the chance that no other hand holds a higher card of the suit (a hypergeometric
    draw of the others' cards from the unseen ones); a plain card is discounted for ruffs, more in a long suit.
    With one card a plain card wins only if its suit is led: nearly never unless this seat ``leads``."""
    unseen = 51 - cards
    held = (players - 1) * cards
    total = 0.0
    for base in (0, 13, 26, 39):
        s = (hand >> base) & 0x1FFF
        suit_len = s.bit_count()
        plain = base // 13 != trump and trump >= 0
        while s:
            r = (s & -s).bit_length() - 1
            s &= s - 1
            card = base + r
            higher = (ABOVE[card] & ~hand & ~(1 << trump_card)).bit_count()
            p = 1.0
            for i in range(higher):
                p *= (unseen - held - i) / (unseen - i)
            if plain:
                p *= 0.85**suit_len
            if cards == 1 and not leads and base // 13 != trump:
                p *= 0.1
            total += p
    return total


MEAN_RAW: dict[tuple[int, int, bool], float] = {}


def mean_raw(cards: int, players: int, trumps: bool) -> float:
    """The average raw strength of a random hand (fixed seed, computed once per setting)."""
    key = (cards, players, trumps)
    if key not in MEAN_RAW:
        rng = random.Random(cards * 10 + players)
        total = 0.0
        deals = 300
        for _ in range(deals):
            drawn = rng.sample(range(52), cards + 1)
            hand = 0
            for c in drawn[:cards]:
                hand |= 1 << c
            trump_card = drawn[cards]
            trump = trump_card // 13 if trumps else -1
            # Averaged over the seats: one in ``players`` leads.
            total += raw_strength(hand, cards, players, trump, trump_card, True)
            total += (players - 1) * raw_strength(hand, cards, players, trump, trump_card, False)
        MEAN_RAW[key] = total / deals / players
    return MEAN_RAW[key]


def quick_number(hand: int, cards: int, players: int, trump: int, trump_card: int, leads: bool) -> float:
    """A fast estimate of the tricks a hand takes, for the numbers of seats whose choice is not known.

    The raw strength, scaled so that an average hand is worth its share ``cards / players`` of the tricks.
    """
    raw = raw_strength(hand, cards, players, trump, trump_card, leads)
    return raw * cards / players / mean_raw(cards, players, trump >= 0)


def quick_choice(hand: int, cards: int, players: int, trump: int, trump_card: int, leads: bool) -> int:
    return min(cards, int(quick_number(hand, cards, players, trump, trump_card, leads) + 0.5))


def number_scale(cards: int, players: int, trumps: bool) -> float:
    """The factor that turns ``raw_strength`` into ``quick_number``."""
    return cards / players / mean_raw(cards, players, trumps)
