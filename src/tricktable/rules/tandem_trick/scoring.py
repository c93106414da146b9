"""How a Tandem Trick round scores (the game's page, section 5 "Scoring"), and its row of the score sheet.

A missed bid scores 1 a trick; a hit bid 2 a trick plus its bonus card; a hit 0 bid (misère) 1,000,000, plus
its bonus card unless the option ``misere_bonus`` is off (ruling TD-R11).  The view writes the rows out
(``view.py``); the game decides when a round ends and the game with it.
"""

from __future__ import annotations

from typing import Any

#: A successful misère: "intentionally exaggerated", so that it always ends the game.
MISERE_POINTS = 1_000_000


def points_words(points: int) -> str:
    """Points as the rules state them: ``12 points``; a total holding a misère by its name (the misère's
    1,000,000 is "intentionally exaggerated", not a sum anybody reads): ``the misère's 1,000,000 points and 8
    more``."""
    if points < MISERE_POINTS:
        return f"{points} point{'' if points == 1 else 's'}"
    rest = points - MISERE_POINTS
    more = f" and {rest} more" if rest else ""
    return f"the misère's 1,000,000 points{more}"


def round_points(bid: int, tricks: int, bonus: int, misere_bonus: bool) -> int:
    """One seat's points for a round: 1 per trick; a hit bid doubles and adds its bonus (a bonus card scores
    nothing on a missed bid, ruling TD-R2); a hit 0 bid is 1,000,000 (+ its bonus, ruling TD-R11)."""
    if tricks != bid:
        return tricks
    if bid == 0:
        return MISERE_POINTS + (bonus if misere_bonus else 0)
    return 2 * tricks + bonus


def score_row(
    round_no: int,
    leader: int,
    bids: tuple[int, ...],
    bonus: list[int],
    tricks: list[int],
    points: tuple[int, ...],
    totals: list[int],
    resolved: int,
    tandem_wins: int,
) -> dict[str, Any]:
    """One finished round of the score sheet.  It keeps the bid values, not the bid cards (ruling TD-R20);
    ``resolved`` counts the tricks that had a winner (11 or 12, ruling TD-R8)."""
    return {
        "round": round_no,
        "leader": leader,
        "bids": list(bids),
        "bonus": list(bonus),
        "tricks": list(tricks),
        "points": list(points),
        "totals": list(totals),
        "resolved": resolved,
        "tandem_wins": tandem_wins,
    }
