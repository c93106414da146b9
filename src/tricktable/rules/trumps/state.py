"""What a Trumps game in progress is made of, as the view, the scoring and the readable queries read it.

``Trumps`` (``game.py``) satisfies this protocol; ``view.build_view`` and ``scoring`` depend on it rather than
on the game class, so the game imports them and nothing imports back.  The small queries below (where a seat
passes, which seats make a side) answer in the terms of the game's page, sections 1 and 3.
"""

from __future__ import annotations

from typing import Any, Protocol

from tricktable.core.events import Event
from tricktable.rules.trumps.kernel import NONE
from tricktable.rules.trumps.passing import direction_name


class TrumpsState(Protocol):
    """The facts of a game in progress.  Cards are ints and card sets bitmasks (``core.cards``); ``NONE`` (-1)
    marks a card, suit or side not there yet."""

    players: int
    teams: bool
    target: int
    sides: int  #: seats, or teams in team play
    side_of: tuple[int, ...]  #: each seat's side
    pass_count: int
    pass_offset: int  #: this hand's pass direction, as a seat offset
    totals: list[int]  #: per side, over the game
    hand_no: int  #: from 1
    dealer: int
    tie_break: bool
    hands: list[int]
    extra: list[int]  #: the leftover cards, top first
    starter: int  #: the turned leftover once play starts, else ``NONE``
    indicators: list[int]  #: per seat
    passed: list[int]  #: per seat, the cards it passed
    received: list[int]  #: per seat, once every pass is in
    declared: list[int]  #: per side, its trump suit
    declarer: list[int]  #: per side, the seat that declared
    won: list[int]  #: tricks per seat this hand
    tricks_done: int
    trick: list[int]  #: the current trick's cards in play order, the starter card first
    trick_seats: list[int | None]  #: who played each (``None``: the starter card)
    trick_trumps: list[bool]  #: whether each counted as a trump
    last_trick: dict[str, Any] | None
    score_sheet: list[dict[str, Any]]
    hand_log_start: int  #: where this hand's events start in the log
    phase_name: str

    @property
    def events(self) -> list[Event]: ...


def pass_target(state: TrumpsState, seat: int) -> int:
    """The seat ``seat`` passes to this hand."""
    return (seat + state.pass_offset) % state.players


def pass_source(state: TrumpsState, seat: int) -> int:
    """The seat ``seat`` receives from this hand."""
    return (seat - state.pass_offset) % state.players


def pass_direction(state: TrumpsState) -> str:
    """This hand's pass direction in words: ``left``, ``right``, ``across``, ``2 to the left`` ..."""
    return direction_name(state.pass_offset, state.players)


def side_seats(state: TrumpsState, side: int) -> list[int]:
    """The seats of ``side``: the seat itself, or the two partners sitting opposite (ruling TR-R2)."""
    return [p for p in range(state.players) if state.side_of[p] == side]


def side_name(state: TrumpsState, side: int) -> str:
    """``seat 2``, or ``team 1 (seats 1 & 3)`` in team play."""
    if not state.teams:
        return f"seat {side}"
    return f"team {side} (seats {' & '.join(str(p) for p in side_seats(state, side))})"


def led_suit(state: TrumpsState) -> int:
    """The suit of the current trick's first card, the starter card included (ruling TR-R14), or ``NONE``."""
    return state.trick[0] // 13 if state.trick else NONE


def own_suit(state: TrumpsState, seat: int) -> int:
    """The suit of ``seat``'s indicator, the only suit it may declare (ruling TR-R7), or ``NONE``."""
    card = state.indicators[seat]
    return card // 13 if card != NONE else NONE
