"""What one seat of Tricks Together knows, read back from its view as ints: the inverse of ``view.py``.

Bots never hold the game; they read their seat's view into a ``Knowledge`` and reason on that.  Everything
here is public to the seat: its own hand, the turned card, the numbers it may see, trick counts, the cards
played this round in order (the round's events), and the suits each seat has shown it lacks (it did not
follow).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tricktable.core.cards import SUIT_NAMES, parse_card
from tricktable.rules.tricks_together.kernel import NO_TRUMPS


@dataclass
class Knowledge:
    """A seat's knowledge of the round in progress.  Card sets are bitmasks; seats are 0-based."""

    seat: int
    players: int
    cards: int  #: cards each this round
    dealer: int
    trump: int  #: the trump suit, or ``NO_TRUMPS``
    trump_card: int
    secret: bool  #: Secret numbers: the others' numbers stay hidden until the round ends
    hand: int
    numbers: list[int | None]  #: ``None`` where this seat cannot see the number
    won: list[int]
    counts: list[int]  #: cards each seat still holds
    trick: list[int]  #: the current trick's cards, in play order
    leader: int  #: who led the current trick (or leads next)
    gone: int  #: every card out of play: played this round, and the turned card
    voids: list[int] = field(default_factory=list)  #: per seat, a 4-bit mask of suits it has shown it lacks
    played_by: list[int] = field(default_factory=list)  #: per seat, the cards it played this round
    history: list[tuple[int, int]] = field(default_factory=list)  #: (seat, card) in play order this round

    @property
    def left(self) -> int:
        """Tricks still to finish, the current one included."""
        return self.cards - sum(self.won)

    @property
    def unseen(self) -> int:
        """The cards this seat has not seen: the other hands and the unused rest of the pack."""
        return ((1 << 52) - 1) & ~(self.hand | self.gone)

    def original(self, seat: int, hand: int) -> int:
        """``seat``'s hand as dealt, given the cards it holds now."""
        return hand | self.played_by[seat]


def read_view(view: dict[str, Any]) -> Knowledge:
    """The knowledge of the seat whose view this is (a view of ``TricksTogether``)."""
    table = view["table"]
    seat = view["seat"]
    n = view["players"]
    trumps = table["trumps"]
    trump_card = parse_card(table["trump card"])
    hand = 0
    for text in view["hand"]:
        hand |= 1 << parse_card(text)
    seats = view["seats"]
    played_by = [0] * n
    voids = [0] * n
    history: list[tuple[int, int]] = []
    led_of: dict[int, int] = {}
    gone = 1 << trump_card
    for event in view["events"]:
        if event["type"] != "card_played":
            continue
        card = parse_card(event["card"])
        player = event["seat"]
        history.append((player, card))
        gone |= 1 << card
        played_by[player] |= 1 << card
        trick_number = event["trick"]
        if trick_number not in led_of:
            led_of[trick_number] = card // 13
        elif card // 13 != led_of[trick_number]:
            voids[player] |= 1 << led_of[trick_number]
    trick = [parse_card(t["card"]) for t in view["trick"]]
    return Knowledge(
        seat=seat,
        players=n,
        cards=table["cards"],
        dealer=table["dealer"],
        trump=SUIT_NAMES.index(trumps) if trumps in SUIT_NAMES else NO_TRUMPS,
        trump_card=trump_card,
        secret=bool(view["options"].get("secret_numbers")),
        hand=hand,
        numbers=[s["number"] for s in seats],
        won=[s["tricks"] for s in seats],
        counts=[s["cards"] for s in seats],
        trick=trick,
        leader=view["trick"][0]["seat"] if view["trick"] else view["to_move"],
        gone=gone,
        voids=voids,
        played_by=played_by,
        history=history,
    )
