"""What a game of Secret Trumps in progress is made of, as the view and the score sheet read it.

``SecretTrumps`` (``game.py``) satisfies this protocol; ``view.build_view`` and ``scoring.score_row`` depend on it
rather than on the game class, so the game imports them and nothing imports back.  The small queries below
say who may know what (the game's page, section 9).
"""

from __future__ import annotations

from typing import Any, Protocol

from tricktable.core.events import Event
from tricktable.rules.secret_trumps.goals import Goal
from tricktable.rules.secret_trumps.kernel import RoundTrumps


class SecretTrumpsState(Protocol):
    players: int
    options: dict[str, Any]
    phase_name: str
    second_deck: bool
    goals: tuple[Goal, ...]  #: the game's goal list; goals are named by their index in it
    goal_count: int  #: goals each player drafts (4, or 5 with Five goals)
    held: list[list[int]]  #: per seat, the goals drafted, in draft order
    crossed: list[list[int]]  #: per seat, the goals crossed off, in order
    draft_turns: int
    start: int  #: this round's start player (during the draft: the first round's)
    round_no: int  #: from 1; 0 during the draft
    trumps: RoundTrumps
    trumps_public: bool  #: the picking is over and the trumps are turned over
    rows: list[list[int]]  #: the layout: 9 rows of 4 card ids (with 3 players the 4th lies aside)
    row_left: list[int]  #: per row, the face-up cards not picked yet (a mask)
    picks: list[list[tuple[int, int]]]  #: per row, ``(seat, card)`` in pick order
    hints: list[dict[str, Any]]  #: per finished row: row, first, seats, cards, winner
    cur_row: int  #: the row being picked, from 0
    hands: list[int]
    chosen: list[int | None]  #: per seat, the goal chosen this round (``None``: not yet, or the start player)
    revealed: bool  #: the chosen goals are revealed
    won: list[int]  #: tricks won this round
    tricks_played: int
    trick: list[int]  #: the current trick's cards in play order
    trick_seats: list[int]  #: who played them
    last_trick: dict[str, Any] | None  #: the last finished trick, as the view shows it
    met: list[bool | None]  #: per seat, whether its chosen goal was met (``None``: not scored, or the start)
    steal: bool  #: the start player may cross off one own goal this round
    crossed_now: dict[int, str]  #: seat -> the goal it crossed off this round
    score_sheet: list[dict[str, Any]]
    round_log_start: int

    @property
    def events(self) -> list[Event]: ...


def open_goals(state: SecretTrumpsState, seat: int) -> list[int]:
    """The goals ``seat`` holds and has not crossed off yet, in draft order."""
    return [g for g in state.held[seat] if g not in state.crossed[seat]]


def sees_trumps(state: SecretTrumpsState, seat: int | None) -> bool:
    """Only the start player knows the trumps during picking; afterwards everyone does."""
    return state.phase_name != "draft" and (state.trumps_public or seat == state.start)


def sees_choice(state: SecretTrumpsState, player: int, seat: int | None) -> bool:
    """A goal choice is seen by its chooser, and by everyone once all are revealed together."""
    return state.revealed or player == seat
