"""What one seat of Tandem Trick may know, as the JSON view of ``docs/protocol.md`` (the game's page, "Views").

Public: every seat's card count and card backs (how many 8-11 of each colour, ruling TD-R3), the bids, bonus
cards and tricks, the trick on the table and, for the current round, the last resolved trick and every card
played or bid (ruling TD-R23).  Hidden: the faces of the cards in the other hands.  The view reads a
``TandemTrickState`` and never the game class; the lines of the last-trick panel are written here too, and the
game keeps them when it resolves a trick.
"""

from __future__ import annotations

from typing import Any

from tricktable.rules.tandem_trick.cards import (
    BONUS_CARDS,
    CARD_COLOURS,
    CARD_TEXT,
    COLOUR_NAMES,
    COLOURS,
    CYCLES,
    HIGH_MASKS,
    cards_text,
)
from tricktable.rules.tandem_trick.narrate import card_words
from tricktable.rules.tandem_trick.scoring import points_words
from tricktable.rules.tandem_trick.state import BIDDING, DISCARD, RIDE, Entry, TandemTrickState, right_neighbour


def build_view(state: TandemTrickState, seat: int | None) -> dict[str, Any]:
    """The game-specific part of ``Game.view(seat)``; ``seat=None`` is a spectator."""
    letters = COLOURS[: state.colours]
    seats = []
    for p in range(state.players):
        hand = state.hands[p]
        high = {letters[c]: (hand & HIGH_MASKS[c]).bit_count() for c in range(state.colours)}
        bid = state.bid_card[p]
        seats.append(
            {
                "seat": p,
                "cards": hand.bit_count(),
                "backs": high,
                "unmarked": hand.bit_count() - sum(high.values()),
                "bid": bid % 12 if bid >= 0 else None,
                "bid_card": CARD_TEXT[bid] if bid >= 0 else None,
                "bonus": state.bonus[p] if bid >= 0 else None,
                "tricks": state.won[p],
                "score": state.totals[p],
            }
        )
    trick = [{"seat": e[0], "card": CARD_TEXT[e[1]], "note": entry_note(e)} for e in state.entries]
    left = BONUS_CARDS[state.bids_made :]
    return {
        "hand": cards_text(state.hands[seat]) if seat is not None else [],
        "seats": seats,
        "table": {
            "round": state.round_no,
            "trick": min(state.cycle + 1, CYCLES),
            "tricks": CYCLES,
            "lead player": state.leader,
            "lead suit": COLOUR_NAMES[state.lead_suit] if state.lead_suit >= 0 else None,
            "bonus cards left": " ".join(map(str, left)) if left else "none",
            "ride along with": ride_fact(state),
            "target": state.target,
        },
        "trick": trick,
        # Copies: a caller changing its view must not change the game.
        "last_trick": _copy_row(state.last_trick) if state.last_trick is not None else None,
        "score_sheet": [_copy_row(row) for row in state.score_sheet],
        "panels": _panels(state, seat),
        "card_colours": dict(CARD_COLOURS),
        "events": [e.to_dict() for e in state.events[state.round_log_start :] if e.visible(seat)],
    }


def entry_note(entry: Entry) -> str:
    """How a card lies on the table: ``alone``, ``discard``, ``tandem with seat N`` or ``bid N``."""
    _, card, kind, partner = entry
    if kind == BIDDING:
        return f"bid {card % 12}"
    if kind == RIDE:
        return f"tandem with seat {partner}"
    if kind == DISCARD:
        return "discard"
    return "alone"


def ride_fact(state: TandemTrickState) -> str:
    """Whose card the player to move could ride along with (ruling TD-R6), in words."""
    r = right_neighbour(state.entries)
    if r < 0:
        return "nothing yet"
    r_seat, r_card, r_kind, _ = state.entries[r]
    card = card_words(CARD_TEXT[r_card])
    if r_kind == DISCARD:
        return f"nothing: seat {r_seat} discarded {card}"
    if r_kind == RIDE:
        return f"nothing: seat {r_seat}'s {card} rides along already"
    return f"seat {r_seat}'s {card}"


def _panels(state: TandemTrickState, seat: int | None) -> dict[str, list[str]]:
    backs = []
    for p in range(state.players):
        if p == seat:
            continue
        hand = state.hands[p]
        # Colour names, not letters: "R1" would read as a card.
        high = ", ".join(f"{COLOUR_NAMES[c]} {(hand & HIGH_MASKS[c]).bit_count()}" for c in range(state.colours))
        low = hand.bit_count() - sum((hand & HIGH_MASKS[c]).bit_count() for c in range(state.colours))
        backs.append(f"seat {p}: 8-11 by colour {high}; {low} unmarked")
    bids = [
        f"seat {p}: bid {state.bid_card[p] % 12} with {card_words(CARD_TEXT[state.bid_card[p]])}, "
        f"bonus {state.bonus[p]}, {state.won[p]} trick{'' if state.won[p] == 1 else 's'}"
        for p in range(state.players)
        if state.bid_card[p] >= 0
    ]
    panels = {"card backs": backs, "bids": bids or ["nobody has bid yet"]}
    if state.last_summary:
        # The generic last-trick line names one seat; a tandem win gives both members a trick.
        panels["last trick"] = list(state.last_summary)
    panels["rounds"] = [round_line(row) for row in state.score_sheet] or ["no round finished yet"]
    return panels


def _copy_row(row: dict[str, Any]) -> dict[str, Any]:
    return {k: list(v) if isinstance(v, list) else v for k, v in row.items()}


def _members(side: list[Any]) -> str:
    """A side of a trick: ``seat 2 with yellow 9`` or ``seats 2 and 0 with red 8 and red 10 (18)``."""
    seats: list[int] = side[2]
    cards = " and ".join(card_words(c) for c in side[3])
    if len(seats) > 1:
        return f"seats {' and '.join(map(str, seats))} with {cards} ({side[0]})"
    return f"seat {seats[0]} with {cards}"


def trick_summary(
    trick: int, sides: list[list[Any]], best: list[Any], next_lead: int, played: list[Entry]
) -> list[str]:
    """Two lines for the last-trick panel: the sides (and discards), then who takes a trick and who leads.

    A side is ``[total, highest single value, member seats, card texts]``, as ``TandemTrick`` resolves it."""
    beaten = [_members(s) for s in sides if s is not best]
    first = f"trick {trick}: {_members(best)}"
    if beaten:
        first += " beat " + ", ".join(beaten)
    discards = [f"seat {e[0]}'s {card_words(CARD_TEXT[e[1]])}" for e in played if e[2] == DISCARD]
    if discards:
        first += "; discarded: " + ", ".join(discards)
    members: list[int] = best[2]
    if len(members) == 2:
        second = f"seats {members[0]} and {members[1]} each take a trick; seat {next_lead} leads"
    else:
        second = f"seat {next_lead} takes the trick and the lead"
    return [first, second]


def round_line(row: dict[str, Any]) -> str:
    """A finished round in one line of the rounds panel: each seat's bid, tricks taken and points."""
    parts = []
    for p, (bid, took, points) in enumerate(zip(row["bids"], row["tricks"], row["points"], strict=True)):
        outcome = "made it" if bid == took else f"took {took}"
        parts.append(f"seat {p} bid {bid}, {outcome}: {points_words(points)}")
    return f"round {row['round']}: " + "; ".join(parts)
