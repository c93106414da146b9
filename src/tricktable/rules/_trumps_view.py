"""Trumps: what each seat may see (docs/games/trumps.md, "Views").

Hidden until revealed by the rules: other seats' hands, every face-down indicator but one's own (partners'
included), and the cards of a pass (the passer knows them at once, the receiver once every pass is in).
"""

from __future__ import annotations

import copy
from typing import TYPE_CHECKING, Any

from tricktable.core.cards import SUIT_MASKS, SUIT_NAMES, card_str, cards_text

if TYPE_CHECKING:
    from tricktable.rules.trumps import Trumps

NONE = -1


def indicator_text(game: Trumps, p: int, seat: int | None) -> str:
    """The indicator of ``p`` as ``seat`` sees it: the card, ``face down``, or ``""`` before it is set."""
    card = game.indicators[p]
    if card == NONE:
        return ""
    if p == seat or game.declarer[game.side_of[p]] == p:
        return card_str(card)
    return "face down"


def trumps_lines(game: Trumps) -> list[str]:
    """Who holds which trump suit (public once declared)."""
    lines = []
    for side in range(game.sides):
        suit = game.declared[side]
        if suit != NONE:
            by = game.declarer[side]
            card = card_str(game.indicators[by])
            who = game.side_name(side) + (f", declared by seat {by}" if game.teams else "")
            lines.append(f"{who}: {SUIT_NAMES[suit]} (indicator {card} face up)")
    return lines or ["no trumps declared yet"]


def pass_phrase(count: int, offset: int, players: int) -> str:
    """``3 cards to the left``, ``2 cards across``, ``2 cards 2 seats to the right``."""
    if offset == 1:
        where = "to the left"
    elif offset == players - 1:
        where = "to the right"
    elif 2 * offset == players:
        where = "across"
    elif offset < players - offset:
        where = f"{offset} seats to the left"
    else:
        where = f"{players - offset} seats to the right"
    return f"{count} cards {where}"


def own_lines(game: Trumps, seat: int) -> list[str]:
    """The ``You`` panel: partner, own indicator and whether it can still be declared, the pass."""
    lines = []
    side = game.side_of[seat]
    if game.teams:
        partner = next(p for p in game.side_seats(side) if p != seat)
        lines.append(f"your partner: seat {partner}")
    own = game.indicators[seat]
    if own != NONE:
        suit = SUIT_NAMES[own // 13]
        if game.declarer[side] == seat:
            lines.append(f"{card_str(own)}: you declared {suit}")
        elif game.declared[side] != NONE:
            lines.append(f"{card_str(own)} (face down): your partner declared {SUIT_NAMES[game.declared[side]]}")
        elif game.hands[seat] & SUIT_MASKS[own // 13]:
            lines.append(f"{card_str(own)} (face down): you may declare {suit}")
        elif game.phase_name == "pass":
            lines.append(f"{card_str(own)} (face down): you hold no {suit} now; the pass may bring some")
        else:
            lines.append(f"{card_str(own)} (face down): you hold no {suit}, so you cannot declare")
    to = game.pass_target(seat)
    if game.passed[seat]:
        lines.append(f"passed {' '.join(cards_text(game.passed[seat]))} to seat {to}")
    elif game.phase_name == "pass":
        lines.append(f"pass {game.pass_count} cards to seat {to} ({game.pass_direction})")
    if game.received[seat]:
        source = (seat - game.pass_offset) % game.players
        lines.append(f"received {' '.join(cards_text(game.received[seat]))} from seat {source}")
    return lines


def build_view(game: Trumps, seat: int | None) -> dict[str, Any]:
    n = game.players
    seats = []
    for p in range(n):
        side = game.side_of[p]
        row: dict[str, Any] = {"seat": p}
        if game.teams:
            row["team"] = side
        suit = game.declared[side]
        row |= {
            "cards": game.hands[p].bit_count(),
            "dealer": p == game.dealer,
            "indicator": indicator_text(game, p, seat),
        }
        if game.phase_name == "pass":
            # Only while passing does it matter who is done; afterwards every seat has passed.
            row["passed"] = game.passed[p] != 0
        row |= {
            "trumps": SUIT_NAMES[suit] if suit != NONE else "",
            "tricks": game.won[p],
            "score": game.totals[side],
        }
        seats.append(row)
    led = game.trick[0] // 13 if game.trick else NONE
    table: dict[str, Any] = {
        "hand": game.hand_no,
        "dealer": game.dealer,
        "tie-break": game.tie_break,
        "pass": pass_phrase(game.pass_count, game.pass_offset, n),
    }
    if game.extra:
        # Leftovers exist only when 52 does not divide evenly (3 and 5-8 players).
        table["starter card"] = card_str(game.starter) if game.starter != NONE else "face down"
        table["extra cards"] = len(game.extra)
    table |= {
        "trick": game.tricks_done + (1 if game.phase_name == "play" else 0),
        "led": SUIT_NAMES[led] if led != NONE else "",
        "target": game.target,
    }
    if game.teams:
        table["totals"] = ", ".join(f"team {s}: {t}" for s, t in enumerate(game.totals))
    trick = []
    for s, c, is_trump in zip(game.trick_seats, game.trick, game.trick_trumps):
        entry: dict[str, Any] = {"seat": s, "card": card_str(c)}
        if s is None:
            entry["note"] = "starter"
        elif is_trump:
            entry["note"] = "trump"
        trick.append(entry)
    panels: dict[str, list[str]] = {"Trumps": trumps_lines(game)}
    mine: dict[str, Any] = {"indicator": None, "passed": [], "pass_to": None, "received": [], "received_from": None}
    if seat is not None:
        own = game.indicators[seat]
        if own != NONE:
            mine["indicator"] = card_str(own)
        if game.passed[seat]:
            mine["passed"] = cards_text(game.passed[seat])
            mine["pass_to"] = game.pass_target(seat)
        if game.received[seat]:
            mine["received"] = cards_text(game.received[seat])
            mine["received_from"] = (seat - game.pass_offset) % n
        lines = own_lines(game, seat)
        if lines:
            panels["You"] = lines
    out: dict[str, Any] = {
        "hand": cards_text(game.hands[seat]) if seat is not None else [],
        "seats": seats,
        "table": table,
        "trick": trick,
        "last_trick": None
        if game.last_trick is None
        else {
            **game.last_trick,
            "seats": list(game.last_trick["seats"]),
            "cards": list(game.last_trick["cards"]),
            "trumps": list(game.last_trick["trumps"]),
            "notes": ["trump" if flag else None for flag in game.last_trick["trumps"]],
        },
        "score_sheet": copy.deepcopy(game.score_sheet),
        "panels": panels,
        "events": [e.to_dict() for e in game.events[game.hand_log_start :] if e.visible(seat)],
    }
    out |= mine
    return out
