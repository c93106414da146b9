"""How Trumps scores: points for a hand, the score sheet, the end of the game and its tie-breaks.

The game's page, section 6: one point per trick to the seat or team that won it (a starter trick thrown out
scores for nobody); after a hand, the one side on the highest total at or over the target wins, and a tie there
means another hand for everyone on cumulative totals (ruling TR-R20).  When a hand ends is ``game.py``'s
business; this module only counts.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tricktable.core.cards import SUIT_NAMES, card_str
from tricktable.core.narrate import count
from tricktable.rules.trumps.kernel import NONE
from tricktable.rules.trumps.passing import direction_name
from tricktable.rules.trumps.state import TrumpsState, side_name, side_seats


def hand_points(won: Sequence[int], side_of: Sequence[int], sides: int) -> list[int]:
    """Points per side for a hand: the tricks its seats won."""
    points = [0] * sides
    for seat, tricks in enumerate(won):
        points[side_of[seat]] += tricks
    return points


def score_row(state: TrumpsState, points: Sequence[int]) -> dict[str, Any]:
    """The score sheet's row for the hand just finished (``state.totals`` already include ``points``)."""
    return {
        "hand": state.hand_no,
        "dealer": state.dealer,
        "pass": direction_name(state.pass_offset, state.players),
        "tie_break": state.tie_break,
        "starter": card_str(state.starter) if state.starter != NONE else None,
        "trumps": [SUIT_NAMES[s] if s != NONE else None for s in state.declared],
        "tricks": list(state.won),
        "points": list(points),
        "totals": list(state.totals),
    }


def leading_sides(totals: Sequence[int], target: int) -> tuple[int, ...]:
    """The sides on the highest total once it reaches ``target`` (none before): one wins the game, several play
    a tie-break hand (ruling TR-R20)."""
    best = max(totals)
    if best < target:
        return ()
    return tuple(side for side, total in enumerate(totals) if total == best)


def game_result(state: TrumpsState, side: int) -> dict[str, Any]:
    """``Game.result()`` for a game won by ``side``: its seats win, and every seat scores its side's total."""
    scores = [state.totals[state.side_of[p]] for p in range(state.players)]
    points, hands = count(state.totals[side], "point"), count(state.hand_no, "hand")
    summary = f"{side_name(state, side)} wins with {points} after {hands}"
    return {
        "winners": side_seats(state, side),
        "scores": scores,
        "totals": list(state.totals),
        "hands": state.hand_no,
        "summary": summary,
    }
