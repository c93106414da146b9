"""Typed, frozen events: everything that happens in a game, each with the seats allowed to see it.

Games append compact ``(event_class, fields, visible_to)`` entries to a log on the hot path; the typed
objects are built only when somebody reads ``game.events``, so a random rollout pays nothing for them.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any, ClassVar

from tricktable.core.cards import CARD_TEXT, cards_text


@dataclass(frozen=True, slots=True)
class Event:
    """Base of all events.  ``visible_to`` is ``None`` for public events, else the seats that may see it."""

    kind: ClassVar[str] = "event"
    visible_to: frozenset[int] | None = field(default=None, kw_only=True)

    @classmethod
    def from_log(cls, fields: tuple[Any, ...], visible_to: frozenset[int] | None) -> Event:
        """Build the event from its log entry.  A game may log raw values (card ints, bitmasks) and
        override this to turn them into notation, so the hot path never formats anything."""
        return cls(*fields, visible_to=visible_to)

    def visible(self, seat: int | None) -> bool:
        return self.visible_to is None or (seat is not None and seat in self.visible_to)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.kind}
        for f in fields(self):
            if f.name == "visible_to":
                continue
            value = getattr(self, f.name)
            out[f.name] = list(value) if isinstance(value, tuple) else value
        return out


# Events common to every game.  Cards are notation; a game on the standard 52-card deck may log them as
# ints (a card id, or a bitmask for a hand) and ``from_log`` turns them into notation when first read.


@dataclass(frozen=True, slots=True)
class HandDealt(Event):
    """Private to ``seat``: the cards it was dealt."""

    kind: ClassVar[str] = "hand_dealt"
    seat: int
    hand: tuple[str, ...]

    @classmethod
    def from_log(cls, fields: tuple[Any, ...], visible_to: frozenset[int] | None) -> Event:
        seat, hand = fields
        return cls(seat, tuple(cards_text(hand)) if isinstance(hand, int) else hand, visible_to=visible_to)


@dataclass(frozen=True, slots=True)
class CardPlayed(Event):
    """``seat`` played ``card`` to trick number ``trick`` (from 1)."""

    kind: ClassVar[str] = "card_played"
    seat: int
    card: str
    trick: int

    @classmethod
    def from_log(cls, fields: tuple[Any, ...], visible_to: frozenset[int] | None) -> Event:
        seat, card, trick, *more = fields  # ``more``: the fields a game's subclass adds (Trumps' ``trump``)
        return cls(seat, CARD_TEXT[card] if isinstance(card, int) else card, trick, *more, visible_to=visible_to)


@dataclass(frozen=True, slots=True)
class TrickWon(Event):
    """``seat`` won trick number ``trick``, made of ``cards`` in play order."""

    kind: ClassVar[str] = "trick_won"
    seat: int
    trick: int
    cards: tuple[str, ...]

    @classmethod
    def from_log(cls, fields: tuple[Any, ...], visible_to: frozenset[int] | None) -> Event:
        seat, trick, cards = fields
        texts = tuple(CARD_TEXT[c] if isinstance(c, int) else c for c in cards)
        return cls(seat, trick, texts, visible_to=visible_to)


@dataclass(frozen=True, slots=True)
class GameOver(Event):
    """The game has ended.  ``winners`` are seats; ``scores`` one number per seat; ``summary`` in words."""

    kind: ClassVar[str] = "game_over"
    winners: tuple[int, ...]
    scores: tuple[int, ...]
    summary: str


LogEntry = tuple[type[Event], tuple[Any, ...], "frozenset[int] | None"]

#: ``ONLY[seat]``: the audience of an event private to one seat (shared, so logging one allocates nothing).
ONLY: tuple[frozenset[int], ...] = tuple(frozenset((seat,)) for seat in range(16))
