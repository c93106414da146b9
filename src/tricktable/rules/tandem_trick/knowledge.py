"""What one seat of Tandem Trick knows, read back from its view as ints: the inverse of ``view.py``.

Bots never hold the game; they read their seat's view into a ``Knowledge`` and reason on that.  Everything here
is public to the seat: its own hand; each other seat's card count and card backs (how many 8-11 cards of each
colour it holds, and how many plain ones, ruling TD-R3); the bids, bonus cards, tricks and totals; the trick on
the table; and this round's events (ruling TD-R23), from which come the cards gone, the colours each seat has
shown it lacks (it discarded on that lead suit) and the moves made so far, in order.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tricktable.rules.tandem_trick.cards import COLOUR_NAMES, COLOURS, HIGH_MASKS, SUIT_MASKS, deck_mask, parse_card
from tricktable.rules.tandem_trick.position import KIND_BID, KIND_PLAY, KIND_TANDEM, Position, move_of
from tricktable.rules.tandem_trick.state import ALONE, BIDDING, DISCARD, RIDE, Entry


@dataclass
class Knowledge:
    """A seat's knowledge of the round in progress.  Card sets are bitmasks; seats are 0-based."""

    seat: int
    players: int
    hand: int
    counts: list[int]  #: cards each seat still holds
    backs: list[list[int]]  #: per seat and colour, how many 8-11 cards it holds (its card backs)
    plain: list[int]  #: per seat, how many 0-7 cards it holds (plain backs)
    bid_card: list[int]  #: each seat's bid card this round, or -1
    bonus: list[int]
    won: list[int]
    totals: list[int]  #: points before this round
    target: int
    misere_bonus: bool
    cycle: int  #: 0-based trick
    leader: int  #: the lead player of the trick in progress
    lead_suit: int
    entries: list[Entry]  #: the trick on the table
    round_leader: int  #: who led the round's first trick
    gone: int  #: every card played or bid this round
    voids: list[int] = field(default_factory=list)  #: per seat, a mask of colours it has shown it lacks
    used_by: list[int] = field(default_factory=list)  #: per seat, the cards it played or bid this round
    history: list[tuple[int, int]] = field(default_factory=list)  #: (seat, move) of this round, forced bids aside

    @property
    def unseen(self) -> int:
        """The cards this seat has not seen: exactly the other seats' hands."""
        return deck_mask(self.players) & ~(self.hand | self.gone)

    def position(self, hands: list[int]) -> Position:
        """The round as it stands, with ``hands`` (one sampled world) as every seat's cards."""
        return Position(
            self.players, list(hands), self.bid_card[:], self.bonus[:], self.won[:], self.cycle, self.leader,
            self.seat, self.lead_suit, self.entries[:], self.gone,
        )  # fmt: skip

    def dealt(self, hands: list[int]) -> list[int]:
        """Every seat's hand as dealt, given the hands it holds now."""
        return [h | used for h, used in zip(hands, self.used_by)]


_KINDS = {"alone": ALONE, "discard": DISCARD}


def _entry(item: dict[str, Any]) -> Entry:
    note: str = item["note"]
    card = parse_card(item["card"])
    if note.startswith("bid"):
        return (item["seat"], card, BIDDING, -1)
    if note.startswith("tandem with seat "):
        return (item["seat"], card, RIDE, int(note.rsplit(" ", 1)[1]))
    return (item["seat"], card, _KINDS[note], -1)


def read_view(view: dict[str, Any]) -> Knowledge:
    """The knowledge of the seat whose view this is (a view of ``TandemTrick``, during play)."""
    n = view["players"]
    colours = 3 if n == 3 else 4
    table = view["table"]
    seats = view["seats"]
    hand = 0
    for text in view["hand"]:
        hand |= 1 << parse_card(text)
    used_by = [0] * n
    voids = [0] * n
    history: list[tuple[int, int]] = []
    lead_of: dict[int, int] = {}
    round_leader = table["lead player"]
    for event in view["events"]:
        kind = event["type"]
        if kind == "round_dealt":
            round_leader = event["leader"]
            continue
        if kind not in ("card_played", "tandem_formed", "bid", "forced_bid"):
            continue
        seat = event["seat"]
        card = parse_card(event["card"])
        used_by[seat] |= 1 << card
        if kind == "bid":
            history.append((seat, move_of(KIND_BID, card)))
        elif kind == "tandem_formed":
            history.append((seat, move_of(KIND_TANDEM, card)))
        elif kind == "card_played":
            history.append((seat, move_of(KIND_PLAY, card)))
            trick = event["trick"]
            if event["note"] == "lead suit":
                lead_of[trick] = card // 12
            elif event["note"] == "discard":
                voids[seat] |= 1 << lead_of[trick]
    gone = 0
    for used in used_by:
        gone |= used
    lead_name = table["lead suit"]
    return Knowledge(
        seat=view["seat"],
        players=n,
        hand=hand,
        counts=[s["cards"] for s in seats],
        backs=[[s["backs"][COLOURS[c]] for c in range(colours)] for s in seats],
        plain=[s["unmarked"] for s in seats],
        bid_card=[parse_card(s["bid_card"]) if s["bid_card"] is not None else -1 for s in seats],
        bonus=[s["bonus"] or 0 for s in seats],
        won=[s["tricks"] for s in seats],
        totals=[s["score"] for s in seats],
        target=int(table["target"]),
        misere_bonus=bool(view["options"].get("misere_bonus", True)),
        cycle=table["trick"] - 1,
        leader=table["lead player"],
        lead_suit=COLOUR_NAMES.index(lead_name) if lead_name else -1,
        entries=[_entry(item) for item in view["trick"]],
        round_leader=round_leader,
        gone=gone,
        voids=voids,
        used_by=used_by,
        history=history,
    )


def fits(knowledge: Knowledge, hands: list[int]) -> bool:
    """Does ``hands`` (every seat's cards now) agree with everything the seat knows?"""
    k = knowledge
    if hands[k.seat] != k.hand:
        return False
    taken = 0
    for p, h in enumerate(hands):
        if h & taken or h & k.gone or h.bit_count() != k.counts[p]:
            return False
        taken |= h
        for c in range(len(k.backs[p])):
            if (h & HIGH_MASKS[c]).bit_count() != k.backs[p][c]:
                return False
            if k.voids[p] >> c & 1 and h & SUIT_MASKS[c]:
                return False
    return taken | k.gone == deck_mask(k.players)
