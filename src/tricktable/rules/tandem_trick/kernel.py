"""A flat, allocation-light random rollout of one Tandem Trick round, for benchmarks and search.

It applies exactly the rules of ``game.TandemTrick`` (the game's page, sections 3 to 5): bids once a round with
any card, tandems on the effective right neighbour's lone lead-suit card, the all-bid trick, the forced bid with
the last card, sides and the highest-single-card tie-break.  Each decision picks uniformly among the same legal
moves the game lists; ``trace`` (when given) records them, and ``tests/rules/tandem_trick/test_kernel.py``
replays the trace through ``TandemTrick.play`` so the two can never disagree.  Hands come from ``deals.py``.
"""

from __future__ import annotations

import random

from tricktable.core.cards import kth_bit
from tricktable.rules.tandem_trick.cards import CARD_TEXT, CYCLES, SUIT_MASKS


def _texts(mask: int, prefix: str) -> list[str]:
    out = []
    while mask:
        low = mask & -mask
        out.append(prefix + CARD_TEXT[low.bit_length() - 1])
        mask ^= low
    return out


def random_rollout(
    hands: list[int],
    leader: int,
    rng: random.Random,
    trace: list[tuple[int, list[str], str]] | None = None,
) -> tuple[list[int], list[int], int]:
    """Play one round from ``hands`` (bitmasks) with uniformly random legal moves.

    Returns (tricks won per seat, bid card per seat, lead player of the final cycle).
    """
    n = len(hands)
    hands = list(hands)
    bid = [-1] * n
    won = [0] * n
    rand = rng.random
    suits = SUIT_MASKS
    lead_seat = leader
    final_leader = leader
    for cycle in range(CYCLES):
        final_leader = lead_seat
        last_cycle = cycle == CYCLES - 1
        lead_suit = -1
        # A side is [total, highest single value, first seat, second seat or -1, first value, second value].
        sides: list[list[int]] = []
        open_side: list[int] | None = None  # the side a player could ride along with now
        seat = lead_seat
        for _ in range(n):
            h = hands[seat]
            if last_cycle and bid[seat] < 0:
                bid[seat] = h.bit_length() - 1
                hands[seat] = 0
                seat = seat + 1 if seat + 1 < n else 0
                continue
            if lead_suit < 0:
                follow = 0
                plays = h
            else:
                follow = h & suits[lead_suit]
                plays = follow or h
            np_ = plays.bit_count()
            nr = follow.bit_count() if open_side is not None else 0
            nb = h.bit_count() if bid[seat] < 0 else 0
            if trace is not None:
                legal = (
                    _texts(plays, "") + (_texts(follow, "tandem ") if nr else []) + (_texts(h, "bid ") if nb else [])
                )
            i = int(rand() * (np_ + nr + nb))
            if i < np_:
                card = kth_bit(plays, i)
                v = card % 12
                if lead_suit < 0:
                    lead_suit = card // 12
                if card // 12 == lead_suit:
                    open_side = [v, v, seat, -1, v, -1]
                    sides.append(open_side)
                else:
                    open_side = None
                move = CARD_TEXT[card] if trace is not None else ""
            elif i < np_ + nr:
                card = kth_bit(follow, i - np_)
                v = card % 12
                assert open_side is not None
                open_side[0] += v
                if v > open_side[1]:
                    open_side[1] = v
                open_side[3] = seat
                open_side[5] = v
                open_side = None
                move = "tandem " + CARD_TEXT[card] if trace is not None else ""
            else:
                card = kth_bit(h, i - np_ - nr)
                bid[seat] = card
                move = "bid " + CARD_TEXT[card] if trace is not None else ""
            hands[seat] = h ^ (1 << card)
            if trace is not None:
                trace.append((seat, sorted(legal), move))
            seat = seat + 1 if seat + 1 < n else 0
        if not sides:
            continue  # every player bid: not resolved, the same player leads again
        best = sides[0]
        for side in sides:
            if side[0] > best[0] or (side[0] == best[0] and side[1] > best[1]):
                best = side
        won[best[2]] += 1
        if best[3] >= 0:
            won[best[3]] += 1
            lead_seat = best[2] if best[4] > best[5] else best[3]
        else:
            lead_seat = best[2]
    return won, bid, final_leader
