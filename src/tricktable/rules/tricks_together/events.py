"""Tricks Together's own events (the card events are the core's ``HandDealt``, ``CardPlayed``, ``TrickWon``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from tricktable.core.cards import CARD_TEXT, SUIT_NAMES
from tricktable.core.events import Event
from tricktable.rules.tricks_together.scoring import reason_text


@dataclass(frozen=True, slots=True)
class RoundDealt(Event):
    """Deal number ``deal`` (from 1) for position ``round`` of the climb: ``cards`` each, dealt by ``dealer``."""

    kind: ClassVar[str] = "round_dealt"
    deal: int
    round: int
    cards: int
    dealer: int


@dataclass(frozen=True, slots=True)
class TrumpTurned(Event):
    """The card turned up after the deal, and the round's trumps (``"none"`` in a No-trumps round)."""

    kind: ClassVar[str] = "trump_turned"
    card: str
    trumps: str

    @classmethod
    def from_log(cls, fields: tuple[Any, ...], visible_to: frozenset[int] | None) -> Event:
        card, trump_suit = fields  # logged as ints: a card id and a suit (or -1)
        return cls(CARD_TEXT[card], "none" if trump_suit < 0 else SUIT_NAMES[trump_suit], visible_to=visible_to)


@dataclass(frozen=True, slots=True)
class NumberCommitted(Event):
    """Public: ``seat`` has chosen (the number itself is in ``NumberChosen``, seen by that seat only)."""

    kind: ClassVar[str] = "number_committed"
    seat: int


@dataclass(frozen=True, slots=True)
class NumberChosen(Event):
    """Private to ``seat``: the number it chose."""

    kind: ClassVar[str] = "number_chosen"
    seat: int
    number: int


@dataclass(frozen=True, slots=True)
class NumbersRevealed(Event):
    """Every number at once; ``dealer_number`` is ``None`` when the others' sum exceeds the cards."""

    kind: ClassVar[str] = "numbers_revealed"
    numbers: tuple[int | None, ...]
    dealer_number: int | None


@dataclass(frozen=True, slots=True)
class RoundFailed(Event):
    """Position ``round`` failed: why, and the seats that missed their numbers."""

    kind: ClassVar[str] = "round_failed"
    round: int
    reason: str
    missed: tuple[int, ...]

    @classmethod
    def from_log(cls, fields: tuple[Any, ...], visible_to: frozenset[int] | None) -> Event:
        round_no, reason, missed = fields  # the reason is logged as a code (``scoring.Reason``)
        return cls(round_no, reason_text(reason), missed, visible_to=visible_to)


@dataclass(frozen=True, slots=True)
class LifeLost(Event):
    kind: ClassVar[str] = "life_lost"
    lives_left: int


@dataclass(frozen=True, slots=True)
class RoundWon(Event):
    kind: ClassVar[str] = "round_won"
    round: int
