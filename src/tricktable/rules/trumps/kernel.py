"""The int-only hot path of Trumps: legal plays, the trick winner and random play-outs of a hand's tricks.

A card is ``suit * 13 + rank`` (``core.cards``), a hand a bitmask of cards, a suit 0..3 and ``NONE`` (-1) for no
card, suit or side yet.  These functions state the play rules of the game's page (sections 4 and 5: following,
the compulsory ruff, declaring, trump status fixed as a card is played, trumps compared by rank across suits,
the starter trick) in the cheapest form Python allows.  ``game.py`` uses ``legal_masks`` and ``trick_winner``
for its own moves; ``random_rollout`` writes them out once more inline, and
``tests/rules/trumps/test_kernel.py`` replays its traces through ``Trumps.play`` so the two can never disagree.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from tricktable.core.cards import DECK_SIZE, SUIT_MASKS, card_str

#: No card (an indicator not set, no starter card), no suit (nothing declared, no trick led) or no side yet.
NONE = -1

_SUIT = SUIT_MASKS
#: ``SUIT_OF[c]`` and ``RANK_OF[c]``: looked up rather than divided on the rollout's hot path.
SUIT_OF = tuple(c // 13 for c in range(DECK_SIZE))
RANK_OF = tuple(c % 13 for c in range(DECK_SIZE))


def legal_masks(hand: int, led: int, trump: int, own: int) -> tuple[int, int]:
    """The cards of ``hand`` a seat may play plainly, and those it may declare and play, as two bitmasks.

    ``led`` is the trick's led suit (``NONE``: the seat leads), ``trump`` its side's declared suit (``NONE``:
    undeclared) and ``own`` the suit of its indicator (``NONE`` before marking).  Follow the led suit if
    possible; else a side that has declared must play its trump suit if it holds one (ruling TR-R16); else
    anything.  Declaring needs an undeclared side and a legal play of the indicator's suit: leading, that
    suit led, or none of the led suit in hand (ruling TR-R15)."""
    if led == NONE:
        plays = hand
    else:
        plays = hand & _SUIT[led]
        if not plays:
            plays = hand & _SUIT[trump] if trump != NONE else 0
            if not plays:
                plays = hand
    declares = 0
    if trump == NONE and own != NONE and (led in (NONE, own) or not hand & _SUIT[led]):
        declares = hand & _SUIT[own]
    return plays, declares


def trick_winner(cards: Sequence[int], trumps: Sequence[bool]) -> int:
    """Index in ``cards`` (in play order, a starter card first) of the winning card; ``trumps[i]`` says whether
    card ``i`` counted as a trump when it was played.

    The highest trump by rank wins whatever its suit, the first played among equal ranks; with no trump, the
    highest card of the led suit.  Cards of another suit that are not trumps never win."""
    led = cards[0] // 13
    best = 0
    best_rank = cards[0] % 13
    best_trump = trumps[0]
    for i in range(1, len(cards)):
        rank = cards[i] % 13
        if trumps[i]:
            if not best_trump or rank > best_rank:
                best, best_rank, best_trump = i, rank, True
        elif cards[i] // 13 == led and not best_trump and rank > best_rank:
            best, best_rank = i, rank
    return best


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
    """Play the rest of a hand's tricks at random, from a trick boundary; return the tricks won per seat.

    ``hands`` are bitmasks per seat, ``indicator_suits`` the suit of each seat's face-down indicator,
    ``side_of`` each seat's side (itself, or its team), ``declared`` the trump suit per side (-1: none),
    ``starter`` the starter card still to be beaten (-1: none), ``dealer`` the dealer's seat, ``leader``
    the seat to lead when there is no starter card, ``rand`` e.g. ``random.Random(s).random``.  Every legal
    move (each plain play and each ``declare``) is equally likely.  With ``trace`` given, each move is appended
    as ``(seat, legal move texts, chosen text)``.  The arguments are not changed.
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
                texts = [card_str(c) for c in range(DECK_SIZE) if plays >> c & 1]
                texts += ["declare " + card_str(c) for c in range(DECK_SIZE) if declares >> c & 1]
                chosen = ("declare " if declaring else "") + card_str(card)
                trace.append((seat, frozenset(texts), chosen))
            hands[seat] = hand ^ (1 << card)
            suit = SUIT_OF[card]
            rank = RANK_OF[card]
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
