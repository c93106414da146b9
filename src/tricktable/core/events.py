"""Typed, frozen events: everything that happens in a game, each with the seats allowed to see it.

Games append compact ``(event_class, fields, visible_to)`` entries to a log on the hot path; the typed
objects are built only when somebody reads ``game.events``, so a random rollout pays nothing for them.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any, ClassVar


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


# Events common to every game.


@dataclass(frozen=True, slots=True)
class GameOver(Event):
    """The game has ended.  ``winners`` are seats; ``scores`` one number per seat; ``summary`` in words."""

    kind: ClassVar[str] = "game_over"
    winners: tuple[int, ...]
    scores: tuple[int, ...]
    summary: str


LogEntry = tuple[type[Event], tuple[Any, ...], "frozenset[int] | None"]
