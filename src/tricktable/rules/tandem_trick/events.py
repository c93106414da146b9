"""Tandem Trick's own events: what happens in a round, as the view's ``events`` and the records show it.

Cards are logged as notation.  A seat's hand (``core.events.HandDealt``) is the only private event; everything
here is public, because every card in these events lies face up on the table (ruling TD-R23).
``GameOver`` is the core's, and ``CardPlayed`` is the core's with a ``note``.  ``TrickWon`` is this game's own:
a tandem wins a trick together, so it names every winner, the next leader and the trick's value.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from tricktable.core import events as core_events
from tricktable.core.events import Event


@dataclass(frozen=True, slots=True)
class RoundDealt(Event):
    """Round ``round`` (from 1) is dealt; ``leader`` leads its first trick."""

    kind: ClassVar[str] = "round_dealt"
    round: int
    leader: int


@dataclass(frozen=True, slots=True)
class CardPlayed(core_events.CardPlayed):
    """The core's ``CardPlayed`` (``seat`` played ``card`` to trick number ``trick``, from 1), and ``note``: "lead
    suit" (the first card played sets it), "alone" or "discard"."""

    note: str


@dataclass(frozen=True, slots=True)
class TandemFormed(Event):
    """``seat`` rode along with ``partner``'s card: the side is worth ``total``."""

    kind: ClassVar[str] = "tandem_formed"
    seat: int
    card: str
    partner: int
    partner_card: str
    total: int
    trick: int


@dataclass(frozen=True, slots=True)
class BidMade(Event):
    """``seat`` bid ``bid`` with ``card`` and took the bonus card ``bonus`` (0: none was left)."""

    kind: ClassVar[str] = "bid"
    seat: int
    card: str
    bid: int
    bonus: int
    trick: int


@dataclass(frozen=True, slots=True)
class ForcedBid(Event):
    """A seat that had not bid by the final trick bids with its last card, in turn order (ruling TD-R5)."""

    kind: ClassVar[str] = "forced_bid"
    seat: int
    card: str
    bid: int
    bonus: int
    trick: int


@dataclass(frozen=True, slots=True)
class TrickWon(Event):
    """``winners``: one seat, or both members of a winning tandem; ``next_lead`` leads the next trick."""

    kind: ClassVar[str] = "trick_won"
    trick: int
    winners: tuple[int, ...]
    next_lead: int
    value: int
    sides: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class TrickSkipped(Event):
    """Every player bid in this trick: it is not resolved and the same player leads again (ruling TD-R8)."""

    kind: ClassVar[str] = "all_bid_trick_skipped"
    trick: int
    leader: int


@dataclass(frozen=True, slots=True)
class RoundScored(Event):
    """The round's bid values, tricks taken, points scored and the running totals, one per seat."""

    kind: ClassVar[str] = "round_scored"
    round: int
    bids: tuple[int, ...]
    tricks: tuple[int, ...]
    points: tuple[int, ...]
    totals: tuple[int, ...]
