"""How a Tricks Together round ends, in words: the reasons a round fails, kept as small tuples on the hot path
and written out only when somebody reads them (an event, a view, a record)."""

from __future__ import annotations

from typing import Any, NamedTuple

#: Reason codes: ``("sum", total, cards)`` the others' numbers exceed the cards; ``("over", seat, won, number)``
#: a seat took a trick too many; ``("missed", ((seat, won, number), ...))`` seats missed at the end;
#: ``("made",)`` everybody hit their number.
Reason = tuple[Any, ...]

MADE: Reason = ("made",)


def _tricks(n: int) -> str:
    return f"{n} trick" if n == 1 else f"{n} tricks"


def reason_text(reason: Reason | str) -> str:
    """The reason in words (a text is returned as it is)."""
    if isinstance(reason, str):
        return reason
    kind = reason[0]
    if kind == "sum":
        cards = "the only card" if reason[2] == 1 else f"the {reason[2]} cards"
        return f"the others' numbers add up to {reason[1]}, more than {cards}"
    if kind == "over":
        return f"too many tricks: seat {reason[1]} took {_tricks(reason[2])} with a number of {reason[3]}"
    if kind == "missed":
        return "missed: " + ", ".join(f"seat {p} took {_tricks(won)} with a number of {n}" for p, won, n in reason[1])
    return "everybody hit their number"


class ScoreRow(NamedTuple):
    """One finished round of the score sheet, as the game keeps it (``view.score_row`` writes it out)."""

    deal: int
    round: int  #: position in the climb, from 1
    cards: int
    dealer: int
    trump: int  #: the turned card
    trumps: int  #: the trump suit, or -1
    numbers: tuple[int | None, ...]
    tricks: tuple[int, ...]
    success: bool
    reason: Reason
