"""Trumps' own events (the game's page, section "Views"; the shared ones are the core's ``HandDealt`` and
``TrickWon``).

Trumps' ``CardPlayed`` is the core's with one more field: whether the card counted as a trump when it was
played (the game's page, section 4).  Each event's ``visible_to`` is set by the game when it is
logged: the private ones (an indicator chosen, cards passed or received) are seen only by their seat.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from tricktable.core import events as core_events
from tricktable.core.events import Event


@dataclass(frozen=True, slots=True)
class HandStarted(Event):
    """A new hand: who deals, the cards each, where the pass goes, and whether it breaks a tie."""

    kind: ClassVar[str] = "hand_started"
    hand: int
    dealer: int
    cards: int
    pass_direction: str
    pass_count: int
    tie_break: bool


@dataclass(frozen=True, slots=True)
class IndicatorSet(Event):
    """Public: ``seat`` has put a card face down."""

    kind: ClassVar[str] = "indicator_set"
    seat: int


@dataclass(frozen=True, slots=True)
class IndicatorChosen(Event):
    """Private to ``seat``: the card it put face down."""

    kind: ClassVar[str] = "indicator_chosen"
    seat: int
    card: str


@dataclass(frozen=True, slots=True)
class PassMade(Event):
    """Public: ``seat`` has passed its cards face down to ``to``."""

    kind: ClassVar[str] = "pass_made"
    seat: int
    to: int


@dataclass(frozen=True, slots=True)
class CardsPassed(Event):
    """Private to the passer: the cards it passed."""

    kind: ClassVar[str] = "cards_passed"
    seat: int
    to: int
    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class CardsReceived(Event):
    """Private to the receiver, once every pass is in: the cards it got."""

    kind: ClassVar[str] = "cards_received"
    seat: int
    source: int
    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class StarterTurned(Event):
    """The dealer turns the top extra card: it leads the starter trick for no one."""

    kind: ClassVar[str] = "starter_turned"
    dealer: int
    card: str


@dataclass(frozen=True, slots=True)
class TrumpDeclared(Event):
    """Public: ``seat`` turned its indicator ``card``; ``suit`` is its side's trump for the rest of the hand."""

    kind: ClassVar[str] = "trump_declared"
    seat: int
    suit: str
    card: str
    side: int


@dataclass(frozen=True, slots=True)
class CardPlayed(core_events.CardPlayed):
    """The core's ``CardPlayed`` (``seat`` played ``card`` to trick number ``trick``, from 1), and ``trump``: its
    side had declared its suit."""

    trump: bool


@dataclass(frozen=True, slots=True)
class StarterThrownOut(Event):
    """Nobody beat the starter card: the trick scores for no one and the dealer leads."""

    kind: ClassVar[str] = "starter_thrown_out"
    trick: int
    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class HandScored(Event):
    """``tricks`` per seat this hand; ``points`` and ``totals`` per side (a seat, or a team)."""

    kind: ClassVar[str] = "hand_scored"
    hand: int
    tricks: tuple[int, ...]
    points: tuple[int, ...]
    totals: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class TieBreakStarted(Event):
    """Sides ``tied`` share the highest total (at or over the target): everyone plays another hand."""

    kind: ClassVar[str] = "tie_break_started"
    tied: tuple[int, ...]
    totals: tuple[int, ...]
