"""Trumps: a flat, allocation-light random playout of one hand's tricks, for search and benchmarks.

It applies exactly the rules of ``trumps.py`` (SPEC 4.4-4.8): follow suit, the compulsory ruff once the side
has declared, declaring only when a play of the indicator suit is legal, trump status fixed at the moment a
card is played, trumps compared by rank across suits (ties to the first played), and the starter trick.
Every legal move (each plain play and each ``declare``) is equally likely.  The test suite replays traces of
this function through the public API to prove the two agree.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from tricktable.core.cards import SUIT_MASKS, card_str

_SUIT = SUIT_MASKS
_SUIT_OF = tuple(c // 13 for c in range(52))
_RANK_OF = tuple(c % 13 for c in range(52))


def random_rollout(
    hands: Sequence[int],
    indicator_suits: Sequence[int],
    side_of: Sequence[int],
    declared: Sequence[int],
    starter: int,
    dealer: int,
    leader: int,
    rand: Callable[[], float],
    trace: list[tuple[int, frozenset[str], str]] | None = None,
) -> list[int]:
    """Play the hand's tricks at random from the start of play; return the tricks won per seat.

    ``hands`` are bitmasks per seat, ``indicator_suits`` the suit of each seat's face-down indicator,
    ``side_of`` each seat's side (itself, or its team), ``declared`` the trump suit per side (-1: none),
    ``starter`` the starter card still to be beaten (-1: none), ``dealer`` the dealer's seat, ``leader``
    the seat to lead when there is no starter card, ``rand`` e.g.
    ``random.Random(s).random``.  With ``trace`` given, each move is appended as
    ``(seat, legal move texts, chosen text)``.
    """
    n = len(hands)
    after = [*range(1, n), 0]
    hands = list(hands)
    declared = list(declared)
    won = [0] * n
    tricks_left = hands[0].bit_count()
    best_seat = -1
    best_trump = False
    if starter >= 0:
        # The starter trick: the ownerless extra card leads; the dealer's left plays first, the dealer last.
        led = starter // 13
        best_rank = starter % 13
        seat = (dealer + 1) % n
    else:
        led = -1
        best_rank = -1
        seat = leader
    while tricks_left:
        for _ in range(n):
            hand = hands[seat]
            side = side_of[seat]
            trump = declared[side]
            own = indicator_suits[seat]
            leading = led < 0
            if leading:
                plays = hand
            else:
                plays = hand & _SUIT[led]
                if not plays:
                    plays = hand & _SUIT[trump] if trump >= 0 else 0
                    if not plays:
                        plays = hand
            declares = 0
            if trump < 0 and own >= 0 and (leading or led == own or not hand & _SUIT[led]):
                declares = hand & _SUIT[own]
            n_plays = plays.bit_count()
            pick = int(rand() * (n_plays + declares.bit_count())) if declares else int(rand() * n_plays)
            if pick < n_plays:
                mask = plays
                declaring = False
            else:
                mask = declares
                pick -= n_plays
                declaring = True
                trump = declared[side] = own
            for _ in range(pick):  # drop the lowest ``pick`` cards: the next one is the choice
                mask &= mask - 1
            card = (mask & -mask).bit_length() - 1
            if trace is not None:
                texts = [card_str(c) for c in range(52) if plays >> c & 1]
                texts += ["declare " + card_str(c) for c in range(52) if declares >> c & 1]
                chosen = ("declare " if declaring else "") + card_str(card)
                trace.append((seat, frozenset(texts), chosen))
            hands[seat] = hand ^ (1 << card)
            suit = _SUIT_OF[card]
            rank = _RANK_OF[card]
            if leading:
                led = suit
                best_seat, best_rank, best_trump = seat, rank, suit == trump
            elif suit == trump:
                # Trumps of any suit compete by rank; an equal rank played later never wins.
                if not best_trump or rank > best_rank:
                    best_seat, best_rank, best_trump = seat, rank, True
            elif suit == led and not best_trump and rank > best_rank:
                best_seat, best_rank = seat, rank
            seat = after[seat]
        tricks_left -= 1
        if best_seat < 0:
            leader = dealer  # the starter card was never beaten: thrown out, the dealer leads
        else:
            won[best_seat] += 1
            leader = best_seat
        seat = leader
        led = -1
        best_seat = -1
        best_rank = -1
        best_trump = False
    return won
