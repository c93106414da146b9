"""What one seat of Tricks Together may know, as the JSON view of ``docs/protocol.md``.

Hidden: the other hands, and every number but the seat's own until the numbers are revealed (at once in
standard play, after the last card with Secret numbers).  Finished tricks show as counts, the last one also
as cards (ruling TT-R7).
"""

from __future__ import annotations

from typing import Any

from tricktable.core.cards import CARD_TEXT, card_str, cards_text
from tricktable.rules.tricks_together.scoring import ScoreRow, reason_text
from tricktable.rules.tricks_together.state import TricksTogetherState, trumps_name, visible_number


def build_view(state: TricksTogetherState, seat: int | None) -> dict[str, Any]:
    """The game-specific part of ``Game.view(seat)``; ``seat=None`` is a spectator."""
    n = state.players
    seats = [
        {
            "seat": p,
            "cards": state.hands[p].bit_count(),
            "dealer": p == state.dealer,
            "committed": p != state.dealer and state.numbers[p] is not None,
            "number": visible_number(state, p, seat),
            "tricks": state.won[p],
        }
        for p in range(n)
    ]
    last = state.last_trick
    numbers = "revealed" if state.revealed else "secret until the end" if state.secret else "hidden"
    return {
        "hand": cards_text(state.hands[seat]) if seat is not None else [],
        "seats": seats,
        "table": {
            "round": state.position + 1,
            "rounds": len(state.sequence),
            "cards": state.cards,
            "trump card": card_str(state.trump_card),
            "trumps": trumps_name(state.trump_suit),
            "lives": state.lives,
            "dealer": state.dealer,
            "deal": state.deal_count,
            "numbers": numbers,
        },
        "trick": [{"seat": (state.trick_leader + i) % n, "card": CARD_TEXT[c]} for i, c in enumerate(state.trick)],
        "last_trick": None
        if last is None
        else {
            "seats": [(last[0] + i) % n for i in range(len(last[1]))],
            "cards": [CARD_TEXT[c] for c in last[1]],
            "winner": last[2],
            "deal": last[3],
        },
        "score_sheet": [score_row(row) for row in state.score_sheet],
        "events": [e.to_dict() for e in state.events[state.round_log_start :] if e.visible(seat)],
    }


def score_row(row: ScoreRow) -> dict[str, Any]:
    """A finished round of the score sheet, written out."""
    return {
        "deal": row.deal,
        "round": row.round,
        "cards": row.cards,
        "dealer": row.dealer,
        "trump": card_str(row.trump),
        "trumps": trumps_name(row.trumps),
        "numbers": list(row.numbers),
        "tricks": list(row.tricks),
        "success": row.success,
        "reason": reason_text(row.reason),
    }
