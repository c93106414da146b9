"""What one seat of Trumps knows, read back from its view as ints: the inverse of ``view.py``.

Bots never hold the game; they read their seat's view into a ``Knowledge`` and reason on that.  Everything here
is the seat's to know (the game's page, "Views"): its hand as dealt and now, its own indicator, the cards it
passed and received, which seats have marked and passed, the declarations with their face-up indicators, every
card played this hand in order (and whether it declared), the current trick, the starter card once turned, and
the suits each seat has shown it lacks: by not following the led suit, or — its side having declared — by not
playing a trump when it could not follow (the compulsory ruff, ruling TR-R16).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tricktable.core.cards import FULL_DECK, SUIT_NAMES, parse_card, parse_cards
from tricktable.rules.trumps.deals import extra_count, hand_size
from tricktable.rules.trumps.kernel import NONE
from tricktable.rules.trumps.passing import cards_to_pass, pass_cycle


@dataclass(frozen=True)
class PastPlay:
    """One card played this hand: by whom, which card, whether it declared, and in which trick (from 1)."""

    seat: int
    card: int
    declare: bool
    trick: int


@dataclass
class Knowledge:
    """A seat's knowledge of the hand in progress.  Card sets are bitmasks; seats are 0-based; ``NONE`` (-1)
    marks a card or suit not known or not there."""

    seat: int
    players: int
    teams: bool
    side_of: tuple[int, ...]  #: each seat's side (itself, or its team)
    phase: str  #: ``mark``, ``pass`` or ``play``
    to_move: int | None
    hand_no: int
    dealer: int
    pass_count: int
    pass_offset: int  #: seat ``p`` passes to ``(p + pass_offset) % players``
    hand: int  #: the seat's cards now
    dealt: int  #: the seat's cards as dealt this hand
    indicator: int  #: the seat's own indicator card, or ``NONE`` before marking
    passed: int  #: the cards this seat passed (0 before passing)
    received: int  #: the cards this seat received (0 until every pass is in)
    marked: list[bool]  #: per seat, has it set its indicator
    has_passed: list[bool]  #: per seat, has it passed
    indicators: list[int]  #: per seat, its indicator card if this seat may see it (its own, or declared)
    declared: list[int]  #: per side, its trump suit or ``NONE``
    declarer: list[int]  #: per side, the seat that declared or ``NONE``
    counts: list[int]  #: cards each seat holds now
    won: list[int]  #: tricks each seat has won this hand
    totals: list[int]  #: per side, over the game before this hand
    target: int
    starter: int  #: the turned starter card, or ``NONE``
    extra: int  #: leftover cards this hand (the starter card among them)
    tricks_done: int
    trick: list[tuple[int | None, int, bool]] = field(default_factory=list)  #: (seat or None, card, trump)
    history: list[PastPlay] = field(default_factory=list)  #: the cards played this hand, in order
    played_by: list[int] = field(default_factory=list)  #: per seat, the cards it played this hand
    voids: list[int] = field(default_factory=list)  #: per seat, a 4-bit mask of suits it has shown it lacks

    @property
    def sides(self) -> int:
        return max(self.side_of) + 1

    @property
    def pass_to(self) -> int:
        return (self.seat + self.pass_offset) % self.players

    @property
    def pass_from(self) -> int:
        return (self.seat - self.pass_offset) % self.players

    @property
    def played(self) -> int:
        """Every card played this hand (the starter card included once turned)."""
        out = 0 if self.starter == NONE else 1 << self.starter
        for cards in self.played_by:
            out |= cards
        return out

    @property
    def tricks_left(self) -> int:
        """Tricks still to finish in this hand, the current one included (the starter trick is one of them: every
        seat plays a card of its hand to it)."""
        return hand_size(self.players) - 1 - self.tricks_done

    def known_elsewhere(self) -> list[int]:
        """Per seat, the cards this seat knows that seat holds now: the cards it passed there, not yet played."""
        out = [0] * self.players
        if self.phase == "play":
            out[self.pass_to] = self.passed & ~self.played_by[self.pass_to]
        return out

    def unseen(self) -> int:
        """The cards whose place this seat does not know: the other hands (but the cards it passed), the face-down
        indicators and the leftovers still face down."""
        seen = self.hand | self.played | self.passed
        if self.indicator != NONE:
            seen |= 1 << self.indicator
        for card in self.indicators:
            if card != NONE:
                seen |= 1 << card
        return FULL_DECK & ~seen


def read_view(view: dict[str, Any]) -> Knowledge:
    """The knowledge of the seat whose view this is (a view of ``Trumps``)."""
    seat = view["seat"]
    if seat is None:
        raise ValueError("a spectator's view holds no seat's knowledge")
    n = view["players"]
    teams = bool(view["options"].get("teams"))
    sides = n // 2 if teams else n
    side_of = tuple(p % sides for p in range(n))
    table = view["table"]
    seats = view["seats"]
    hand_no = table["hand"]
    cycle = pass_cycle(n, teams)
    hand = parse_cards(view["hand"])
    own = parse_card(view["indicator"]) if view.get("indicator") else NONE
    marked = [bool(s["indicator"]) for s in seats]
    has_passed = [False] * n
    indicators = [NONE] * n
    indicators[seat] = own
    declared = [NONE] * sides
    declarer = [NONE] * sides
    played_by = [0] * n
    voids = [0] * n
    history: list[PastPlay] = []
    starter = NONE
    dealt = received = passed = 0
    led_of: dict[int, int] = {}
    declaring: int | None = None
    phase = view["phase"]
    for event in view["events"]:
        kind = event["type"]
        if kind == "hand_dealt":
            dealt = parse_cards(event["hand"])
        elif kind == "pass_made":
            has_passed[event["seat"]] = True
        elif kind == "cards_passed":
            passed = parse_cards(event["cards"])
        elif kind == "cards_received":
            received = parse_cards(event["cards"])
        elif kind == "starter_turned":
            starter = parse_card(event["card"])
            led_of[1] = starter // 13
        elif kind == "trump_declared":
            side = event["side"]
            declaring = event["seat"]
            declared[side] = SUIT_NAMES.index(event["suit"])
            declarer[side] = declaring
            indicators[declaring] = parse_card(event["card"])
        elif kind == "card_played":
            player = event["seat"]
            card = parse_card(event["card"])
            number = event["trick"]
            declares = declaring == player
            declaring = None
            history.append(PastPlay(player, card, declares, number))
            played_by[player] |= 1 << card
            suit = card // 13
            led = led_of.setdefault(number, suit)
            if suit != led:
                voids[player] |= 1 << led
                trump = declared[side_of[player]]
                # The compulsory ruff: a side that had declared must trump when it cannot follow.
                if trump != NONE and not declares and suit != trump:
                    voids[player] |= 1 << trump
    trick: list[tuple[int | None, int, bool]] = [
        (t["seat"], parse_card(t["card"]), t.get("note") == "trump") for t in view["trick"]
    ]
    return Knowledge(
        seat=seat,
        players=n,
        teams=teams,
        side_of=side_of,
        phase=phase,
        to_move=view["to_move"],
        hand_no=hand_no,
        dealer=table["dealer"],
        pass_count=cards_to_pass(n),
        pass_offset=cycle[(hand_no - 1) % len(cycle)],
        hand=hand,
        dealt=dealt,
        indicator=own,
        passed=passed,
        received=received,
        marked=marked,
        has_passed=has_passed if phase == "pass" else [phase == "play"] * n,
        indicators=indicators,
        declared=declared,
        declarer=declarer,
        counts=[s["cards"] for s in seats],
        won=[s["tricks"] for s in seats],
        totals=[seats[side_seat(side_of, side)]["score"] for side in range(sides)],
        target=table["target"],
        starter=starter,
        extra=extra_count(n),
        tricks_done=sum(1 for e in view["events"] if e["type"] in ("trick_won", "starter_thrown_out")),
        trick=trick,
        history=history,
        played_by=played_by,
        voids=voids,
    )


def side_seat(side_of: tuple[int, ...], side: int) -> int:
    """The first seat of ``side``."""
    return side_of.index(side)
