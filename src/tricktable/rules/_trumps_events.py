"""Trumps: events, moves and the pass-direction cycle (the rules themselves are in ``trumps.py``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from tricktable.core.cards import cards_text
from tricktable.core.events import Event
from tricktable.core.game import Move
from tricktable.core.moves import CardMove

# ----- moves ---------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, repr=False)
class Mark(CardMove):
    """Set this card aside, face down, as the trump indicator.  Notation: ``mark 5H``."""

    verb: ClassVar[str] = "mark"


@dataclass(frozen=True, slots=True, repr=False)
class Declare(CardMove):
    """Turn the indicator face up (declare its suit) and play this card at once.  Notation: ``declare 7H``."""

    verb: ClassVar[str] = "declare"


class Pass(Move):
    """Pass these cards face down.  Notation: ``pass 2C 7H QS`` (canonical: in hand display order)."""

    __slots__ = ("cards",)
    cards: int  # a bitmask

    def __init__(self, cards: int) -> None:
        object.__setattr__(self, "cards", cards)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("moves are immutable")

    def __eq__(self, other: object) -> bool:
        return type(other) is Pass and other.cards == self.cards

    def __hash__(self) -> int:
        return hash(("pass", self.cards))

    def __repr__(self) -> str:
        return f"Pass({' '.join(cards_text(self.cards))})"

    def __str__(self) -> str:
        return "pass " + " ".join(cards_text(self.cards))


#: One shared object per card, so listing legal moves allocates nothing.
MARK: tuple[Mark, ...] = tuple(Mark(c) for c in range(52))
DECLARE: tuple[Declare, ...] = tuple(Declare(c) for c in range(52))


# ----- the pass-direction cycle (SPEC 4.3, TR-3) ---------------------------------------------------


def pass_cycle(players: int, teams: bool) -> tuple[int, ...]:
    """Seat offsets +1, -1, +2, -2, ... mod ``players``, without 0, duplicates or (in teams) the partner."""
    partner = players // 2 if teams else 0
    cycle: list[int] = []
    for k in range(1, players):
        for offset in (k % players, -k % players):
            if offset != 0 and offset != partner and offset not in cycle:
                cycle.append(offset)
    return tuple(cycle)


def direction_name(offset: int, players: int) -> str:
    """``left``, ``right``, ``across``, ``2 to the left``, ``3 to the right`` ..."""
    if offset == 1:
        return "left"
    if offset == players - 1:
        return "right"
    if 2 * offset == players:
        return "across"
    if offset < players - offset:
        return f"{offset} to the left"
    return f"{players - offset} to the right"


# ----- events --------------------------------------------------------------------------------------


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
class CardPlayed(Event):
    kind: ClassVar[str] = "card_played"
    seat: int
    card: str
    trick: int
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
