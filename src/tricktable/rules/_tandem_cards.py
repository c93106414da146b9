"""Tandem Trick's deck, notation, moves and events (rules: tandem-trick.txt, SPEC §2).

A card is an int ``colour * 12 + value`` with colours red, yellow, blue, black (0..3) and values 0..11, so a
set of cards is an int with bit ``id`` set and a colour is a 12-bit block.  Notation: colour letter then
value, ``R7``, ``K11``, ``B0`` (any case in, upper case out).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from tricktable.core.cards import by_suit_high_first
from tricktable.core.cards import parse_cards as parse_card_list
from tricktable.core.errors import IllegalMove
from tricktable.core.events import Event
from tricktable.core.game import Move
from tricktable.core.moves import CardMove

COLOURS = "RYBK"
COLOUR_NAMES = ("red", "yellow", "blue", "black")
VALUES = 12
HAND_SIZE = 12
CYCLES = 12
#: Bonus cards in the order bidders take them; a 4th bidder takes nothing (SPEC TD-4).
BONUS_CARDS = (6, 3, 1)
MISERE_POINTS = 1_000_000

#: ``SUIT_MASKS[c]`` holds every card of colour ``c``; ``HIGH_MASKS[c]`` its 8-11, whose backs show the colour.
SUIT_MASKS = tuple(0xFFF << (12 * c) for c in range(4))
HIGH_MASKS = tuple(0xF00 << (12 * c) for c in range(4))
LOW_MASK_ALL = sum(0x0FF << (12 * c) for c in range(4))

CARD_TEXT = tuple(COLOURS[c // 12] + str(c % 12) for c in range(48))


def deck_colours(players: int) -> int:
    """Colours in play: red, yellow, blue with 3 players (36 cards), all four with 4 (48 cards)."""
    return 3 if players == 3 else 4


def parse_card(text: str) -> int:
    """``"R7"``, ``"k11"``, ``"B0"`` -> card id; raise ``IllegalMove`` if it is not a card."""
    t = text.strip().upper()
    if len(t) >= 2 and t[0] in COLOURS and t[1:].isdigit():
        value = int(t[1:])
        if 0 <= value < VALUES:
            return COLOURS.index(t[0]) * 12 + value
    raise IllegalMove(
        f"{text!r} is not a card: write the colour (R red, Y yellow, B blue, K black) then the value 0-11, e.g. R7, K11"
    )


def card_str(card: int) -> str:
    return CARD_TEXT[card]


def cards_text(mask: int) -> list[str]:
    """Display order: by colour R Y B K, high to low inside a colour."""
    return [CARD_TEXT[c] for c in by_suit_high_first(mask, 12)]


def parse_cards(texts: list[str]) -> int:
    """A list of Tandem Trick card texts -> bitmask; duplicates are an error."""
    return parse_card_list(texts, parse_card, CARD_TEXT)


# ----- moves ---------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, repr=False)
class Play(CardMove):
    """Play a card alone (or discard it).  Notation: the card, ``R7``."""

    card_text: ClassVar[tuple[str, ...]] = CARD_TEXT


@dataclass(frozen=True, slots=True, repr=False)
class Bid(CardMove):
    """Lay a card sideways as this round's bid.  Notation: ``bid Y3``."""

    verb: ClassVar[str] = "bid"
    card_text: ClassVar[tuple[str, ...]] = CARD_TEXT


@dataclass(frozen=True, slots=True, repr=False)
class Tandem(CardMove):
    """Ride along with the effective right neighbour's lead-suit card.  Notation: ``tandem B6``."""

    verb: ClassVar[str] = "tandem"
    card_text: ClassVar[tuple[str, ...]] = CARD_TEXT


#: One shared move object per card and kind, so listing legal moves allocates nothing.
PLAY = tuple(Play(c) for c in range(48))
BID = tuple(Bid(c) for c in range(48))
TANDEM = tuple(Tandem(c) for c in range(48))


def parse_move(text: str) -> Move:
    words = text.strip().split()
    if not words:
        raise IllegalMove("empty move: play a card (R7), 'bid Y3' or 'tandem B6'")
    verb = words[0].lower()
    if verb in ("bid", "tandem", "ride"):
        if len(words) != 2:
            raise IllegalMove(f"{text!r}: write '{verb} CARD', e.g. '{verb} B6'")
        card = parse_card(words[1])
        return BID[card] if verb == "bid" else TANDEM[card]
    if verb == "play" and len(words) == 2:
        return PLAY[parse_card(words[1])]
    if len(words) != 1:
        raise IllegalMove(f"{text!r} is not a move: play a card (R7), 'bid Y3' or 'tandem B6'")
    return PLAY[parse_card(words[0])]


# ----- events --------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class RoundDealt(Event):
    kind: ClassVar[str] = "round_dealt"
    round: int
    leader: int


@dataclass(frozen=True, slots=True)
class CardPlayed(Event):
    """``note``: "lead suit" (the first card played sets it), "alone" or "discard"."""

    kind: ClassVar[str] = "card_played"
    seat: int
    card: str
    trick: int
    note: str


@dataclass(frozen=True, slots=True)
class TandemFormed(Event):
    kind: ClassVar[str] = "tandem_formed"
    seat: int
    card: str
    partner: int
    partner_card: str
    total: int
    trick: int


@dataclass(frozen=True, slots=True)
class BidMade(Event):
    kind: ClassVar[str] = "bid"
    seat: int
    card: str
    bid: int
    bonus: int
    trick: int


@dataclass(frozen=True, slots=True)
class ForcedBid(Event):
    """A seat that had not bid by the final trick bids with its last card, in turn order (SPEC TD-5)."""

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
    """Every player bid in this trick: it is not resolved and the same player leads again."""

    kind: ClassVar[str] = "all_bid_trick_skipped"
    trick: int
    leader: int


@dataclass(frozen=True, slots=True)
class RoundScored(Event):
    kind: ClassVar[str] = "round_scored"
    round: int
    bids: tuple[int, ...]
    tricks: tuple[int, ...]
    points: tuple[int, ...]
    totals: tuple[int, ...]
