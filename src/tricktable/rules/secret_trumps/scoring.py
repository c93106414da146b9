"""Crossing off goals at the end of a Secret Trumps round, and the score sheet's rows (the game's page,
section 7, rulings ST-R9 and ST-R17).

``judge_round`` says whose chosen goal was met and whether the start player may cross off one of its own;
the game applies that (events, the start player's ``cross`` move).  ``score_row`` writes a finished round as a
row of the score sheet, which the game keeps and the view shows.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tricktable.rules.secret_trumps.cards import rank_text, suit_text
from tricktable.rules.secret_trumps.goals import Goal, RoundOutcome
from tricktable.rules.secret_trumps.state import SecretTrumpsState


def judge_round(
    goals: Sequence[Goal], chosen: Sequence[int | None], outcome: RoundOutcome, start: int
) -> tuple[list[bool | None], bool]:
    """Per seat, whether its chosen goal was met (``None`` for the start player, who chose none), and whether
    the start player may cross off one own goal: it met, taken as that goal's holder, a goal that its chooser
    missed (ruling ST-R9).  Goals that were met never count for the start player."""
    met: list[bool | None] = [None] * len(chosen)
    steal = False
    for p, goal in enumerate(chosen):
        if p == start or goal is None:
            continue
        met[p] = goals[goal].met(outcome, p)
        if not met[p] and goals[goal].met(outcome, start):
            steal = True
    return met, steal


def score_row(state: SecretTrumpsState) -> dict[str, Any]:
    """The finished round as a row of the score sheet (also shown while the start player is still to cross off)."""
    return {
        "round": state.round_no,
        "start": state.start,
        "trump_suit": suit_text(state.trumps.suit),
        "trump_rank": rank_text(state.trumps.rank),
        "chosen": [None if g is None else state.goals[g].slug for g in state.chosen],
        "tricks": list(state.won),
        "met": list(state.met),
        "start_crossed": state.steal,
        "crossed": [state.crossed_now.get(p) for p in range(state.players)],
    }
