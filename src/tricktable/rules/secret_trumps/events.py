"""Secret Trumps' own events (the card events are the core's ``CardPlayed`` and ``TrickWon``).

``visible_to`` carries the hidden information (the game's page, section 9): the trumps during picking go to
the start player only, a goal choice to its chooser until all are revealed together.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from tricktable.core.events import Event


@dataclass(frozen=True, slots=True)
class GoalDrafted(Event):
    kind: ClassVar[str] = "goal_drafted"
    seat: int
    goal: str


@dataclass(frozen=True, slots=True)
class RoundStarted(Event):
    """Public: the round, its start player and the face-up rows (3 players: the aside cards are left out)."""

    kind: ClassVar[str] = "round_started"
    round: int
    start: int
    rows: tuple[tuple[str, ...], ...]


@dataclass(frozen=True, slots=True)
class TrumpsSeen(Event):
    """The start player alone looks at the trumps."""

    kind: ClassVar[str] = "trumps_seen"
    seat: int
    trump_suit: str
    trump_rank: str


@dataclass(frozen=True, slots=True)
class CardPicked(Event):
    kind: ClassVar[str] = "card_picked"
    seat: int
    card: str
    row: int


@dataclass(frozen=True, slots=True)
class Hint(Event):
    """After a row: who would have won it as a trick led by the first picker (computed by the engine)."""

    kind: ClassVar[str] = "hint"
    row: int
    first: int
    cards: tuple[str, ...]
    winner: int


@dataclass(frozen=True, slots=True)
class TrumpsRevealed(Event):
    kind: ClassVar[str] = "trumps_revealed"
    trump_suit: str
    trump_rank: str


@dataclass(frozen=True, slots=True)
class GoalCommitted(Event):
    """Public: ``seat`` has chosen (the goal itself is in ``GoalChosen``, seen by that seat only)."""

    kind: ClassVar[str] = "goal_committed"
    seat: int


@dataclass(frozen=True, slots=True)
class GoalChosen(Event):
    kind: ClassVar[str] = "goal_chosen"
    seat: int
    goal: str


@dataclass(frozen=True, slots=True)
class GoalsRevealed(Event):
    """Every non-start player's goal at once; the start player's entry is ``None`` (it chooses none)."""

    kind: ClassVar[str] = "goals_revealed"
    goals: tuple[str | None, ...]


@dataclass(frozen=True, slots=True)
class RoundScored(Event):
    """Tricks per seat and, per non-start seat, whether its chosen goal was met (start seat: ``None``)."""

    kind: ClassVar[str] = "round_scored"
    round: int
    tricks: tuple[int, ...]
    met: tuple[bool | None, ...]
    start_may_cross: bool


@dataclass(frozen=True, slots=True)
class GoalCrossed(Event):
    """``reason`` is ``met`` (own chosen goal) or ``missed-goal`` (the start player's single cross-off)."""

    kind: ClassVar[str] = "goal_crossed"
    seat: int
    goal: str
    reason: str
