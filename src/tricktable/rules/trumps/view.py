"""What one seat of Trumps may know, as the JSON view of ``docs/protocol.md`` (the game's page, "Views").

Hidden until the rules reveal them: other seats' hands, every face-down indicator but the seat's own (a
partner's included, rulings TR-R9 and TR-R10), the cards of a pass (the passer knows them at once, the receiver
once every pass is in, ruling TR-R13), and the leftover cards but the turned starter card (ruling TR-R4).
"""

from __future__ import annotations

import copy
from typing import Any

from tricktable.core.cards import SUIT_MASKS, SUIT_NAMES, card_str, cards_text
from tricktable.core.narrate import card_words
from tricktable.rules.trumps.kernel import NONE
from tricktable.rules.trumps.passing import pass_phrase
from tricktable.rules.trumps.state import (
    TrumpsState,
    led_suit,
    pass_direction,
    pass_source,
    pass_target,
    side_name,
    side_seats,
)


def indicator_text(state: TrumpsState, p: int, seat: int | None) -> str:
    """The indicator of ``p`` as ``seat`` sees it: the card, ``face down``, or ``""`` before it is set."""
    card = state.indicators[p]
    if card == NONE:
        return ""
    if p == seat or state.declarer[state.side_of[p]] == p:
        return card_str(card)
    return "face down"


def trumps_lines(state: TrumpsState) -> list[str]:
    """Who holds which trump suit (public once declared)."""
    lines = []
    for side in range(state.sides):
        suit = state.declared[side]
        if suit != NONE:
            by = state.declarer[side]
            card = _said(state.indicators[by])
            who = side_name(state, side) + (f", declared by seat {by}" if state.teams else "")
            lines.append(f"{who}: {SUIT_NAMES[suit]} (indicator {card} face up)")
    return lines or ["no trumps declared yet"]


def own_lines(state: TrumpsState, seat: int) -> list[str]:
    """The ``You`` panel: partner, own indicator and whether it can still be declared, the pass."""
    lines = []
    side = state.side_of[seat]
    if state.teams:
        partner = next(p for p in side_seats(state, side) if p != seat)
        lines.append(f"your partner: seat {partner}")
    own = state.indicators[seat]
    if own != NONE:
        suit = SUIT_NAMES[own // 13]
        if state.declarer[side] == seat:
            lines.append(f"{_said(own)}: you declared {suit}")
        elif state.declared[side] != NONE:
            lines.append(f"{_said(own)} (face down): your partner declared {SUIT_NAMES[state.declared[side]]}")
        elif state.hands[seat] & SUIT_MASKS[own // 13]:
            lines.append(f"{_said(own)} (face down): you may declare {suit}")
        elif state.phase_name == "pass":
            lines.append(f"{_said(own)} (face down): you hold no {suit} now; the pass may bring some")
        else:
            lines.append(f"{_said(own)} (face down): you hold no {suit}, so you cannot declare")
    to = pass_target(state, seat)
    if state.passed[seat]:
        lines.append(f"passed {_said_all(state.passed[seat])} to seat {to}")
    elif state.phase_name == "pass":
        lines.append(f"pass {state.pass_count} cards to seat {to} ({pass_direction(state)})")
    if state.received[seat]:
        source = pass_source(state, seat)
        lines.append(f"received {_said_all(state.received[seat])} from seat {source}")
    return lines


def build_view(state: TrumpsState, seat: int | None) -> dict[str, Any]:
    """The game-specific part of ``Game.view(seat)``; ``seat=None`` is a spectator."""
    n = state.players
    seats = []
    for p in range(n):
        side = state.side_of[p]
        row: dict[str, Any] = {"seat": p}
        if state.teams:
            row["team"] = side
        suit = state.declared[side]
        row |= {
            "cards": state.hands[p].bit_count(),
            "dealer": p == state.dealer,
            "indicator": indicator_text(state, p, seat),
        }
        if state.phase_name == "pass":
            # Only while passing does it matter who is done; afterwards every seat has passed.
            row["passed"] = state.passed[p] != 0
        row |= {
            "trumps": SUIT_NAMES[suit] if suit != NONE else "",
            "tricks": state.won[p],
            "score": state.totals[side],
        }
        seats.append(row)
    led = led_suit(state)
    table: dict[str, Any] = {
        "hand": state.hand_no,
        "dealer": state.dealer,
        "tie-break": state.tie_break,
        "pass": pass_phrase(state.pass_count, state.pass_offset, n),
    }
    if state.extra:
        # Leftovers exist only when 52 does not divide evenly (3 and 5-8 players).
        table["starter card"] = card_str(state.starter) if state.starter != NONE else "face down"
        table["extra cards"] = len(state.extra)
    if state.phase_name == "play":
        # Only while cards are played is there a trick to count ("trick 0" while passing says nothing).
        table["trick"] = state.tricks_done + 1
    table |= {"led": SUIT_NAMES[led] if led != NONE else "", "target": state.target}
    if state.teams:
        table["totals"] = ", ".join(f"{side_name(state, s)}: {t}" for s, t in enumerate(state.totals))
    trick = []
    for s, c, is_trump in zip(state.trick_seats, state.trick, state.trick_trumps):
        entry: dict[str, Any] = {"seat": s, "card": card_str(c)}
        if s is None:
            entry["note"] = "starter"
        elif is_trump:
            entry["note"] = "trump"
        trick.append(entry)
    panels: dict[str, list[str]] = {"Trumps": trumps_lines(state)}
    mine: dict[str, Any] = {"indicator": None, "passed": [], "pass_to": None, "received": [], "received_from": None}
    if seat is not None:
        own = state.indicators[seat]
        if own != NONE:
            mine["indicator"] = card_str(own)
        if state.passed[seat]:
            mine["passed"] = cards_text(state.passed[seat])
            mine["pass_to"] = pass_target(state, seat)
        if state.received[seat]:
            mine["received"] = cards_text(state.received[seat])
            mine["received_from"] = pass_source(state, seat)
        lines = own_lines(state, seat)
        if lines:
            panels["You"] = lines
    out: dict[str, Any] = {
        "hand": cards_text(state.hands[seat]) if seat is not None else [],
        "seats": seats,
        "table": table,
        "trick": trick,
        "last_trick": None
        if state.last_trick is None
        else {
            **state.last_trick,
            "seats": list(state.last_trick["seats"]),
            "cards": list(state.last_trick["cards"]),
            "trumps": list(state.last_trick["trumps"]),
            "notes": ["trump" if flag else None for flag in state.last_trick["trumps"]],
        },
        "score_sheet": copy.deepcopy(state.score_sheet),
        "panels": panels,
        "events": [e.to_dict() for e in state.events[state.hand_log_start :] if e.visible(seat)],
    }
    out |= mine
    return out


def _said(card: int) -> str:
    """A card as people write it: ``10♥``."""
    return card_words(card_str(card))


def _said_all(mask: int) -> str:
    return " ".join(card_words(c) for c in cards_text(mask))
