"""What a Tandem Trick round in progress is made of, as the view reads it, and the small queries on it.

``TandemTrick`` (``game.py``) satisfies ``TandemTrickState``; ``view.build_view`` depends on the protocol
rather than on the game class, so the game imports the view and nothing imports back.

A trick in progress is a list of entries, one per action in turn order: ``(seat, card, kind, partner)`` with
``kind`` one of the four below and ``partner`` the seat a ``RIDE`` card rides along with (-1 otherwise).
"""

from __future__ import annotations

from typing import Any, Protocol

from tricktable.core.events import Event

#: A lead-suit card played alone (the first card played in a trick is always one).
ALONE = 0
#: A card of another colour played by a seat that holds none of the lead suit: it never wins.
DISCARD = 1
#: A lead-suit card riding along with the partner's ``ALONE`` card: the two make one side.
RIDE = 2
#: A card laid sideways as the round's bid: its seat sits the trick out.
BIDDING = 3

#: ``(seat, card, kind, partner seat or -1)``: one action of the trick in progress.
Entry = tuple[int, int, int, int]


class TandemTrickState(Protocol):
    players: int
    colours: int  #: colours in play: 3 or 4
    target: int
    round_no: int  #: from 1
    cycle: int  #: 0-based trick of the round (``CYCLES`` once the last one is resolved)
    leader: int  #: the lead player of the trick in progress
    lead_suit: int  #: the colour of the first card played in this trick, or -1
    hands: list[int]
    bid_card: list[int]  #: each seat's bid card this round, or -1
    bonus: list[int]  #: the bonus card each bidder took (0 for none)
    bids_made: int
    won: list[int]  #: tricks taken this round
    totals: list[int]
    entries: list[Entry]
    last_trick: dict[str, Any] | None
    last_summary: list[str]
    score_sheet: list[dict[str, Any]]
    round_log_start: int

    @property
    def events(self) -> list[Event]: ...


def right_neighbour(entries: list[Entry]) -> int:
    """Index in ``entries`` of the effective right neighbour's action, or -1 (ruling TD-R6).

    The right neighbour is the last seat before this one to act in this trick; seats that bid in this trick are
    skipped.  Actions come in turn order, so walking back over this trick's bidders is walking back over the
    entries, and the walk stops at the trick's first action: it never wraps round to seats still to act.
    """
    for i in range(len(entries) - 1, -1, -1):
        if entries[i][2] != BIDDING:
            return i
    return -1
