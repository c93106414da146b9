"""Tandem Trick's events as sentences, and why a trick's winning side won (``core.narrate``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tricktable.core.narrate import (
    clause,
    count,
    join_names,
    name_of,
    name_seats,
    narrate_common,
    object_form,
    possessive,
    verb_for,
)
from tricktable.rules.tandem_trick.cards import CARD_COLOURS
from tricktable.rules.tandem_trick.scoring import MISERE_POINTS, points_words


def card_words(card: str) -> str:
    """``Y10`` -> ``yellow 10``."""
    colour = CARD_COLOURS.get(card[:1])
    return f"{colour} {card[1:]}" if colour and card[1:].isdigit() else card


def value(card: str) -> int:
    return int(card[1:]) if card[1:].isdigit() else 0


def narrate(event: dict[str, Any], names: Sequence[str]) -> str | None:
    """One event as a sentence, or ``None`` for an event that needs none."""
    kind = event.get("type")
    who = name_of(names, event.get("seat"))
    if kind == "round_dealt":
        return f"Round {event['round']}: {clause(name_of(names, event['leader']), 'leads')}"
    if kind == "card_played":
        sets = f" and {verb_for(who, 'sets')} the lead suit"
        note = {"lead suit": sets, "discard": " as a discard"}.get(event.get("note", ""), "")
        return clause(who, f"plays {card_words(event['card'])}{note}")
    if kind == "tandem_formed":
        return (
            clause(who, f"rides along with {possessive(object_form(name_of(names, event['partner'])))} ")
            + f"{card_words(event['partner_card'])}: {card_words(event['card'])}, together worth {event['total']}"
        )
    if kind in ("bid", "forced_bid"):
        forced = " (forced: the last card)" if kind == "forced_bid" else ""
        bonus = f" and {verb_for(who, 'takes')} the bonus card {event['bonus']}" if event.get("bonus") else ""
        return clause(who, f"bids {event['bid']} with {card_words(event['card'])}{forced}{bonus}")
    if kind == "all_bid_trick_skipped":
        return (
            f"Everyone bid in trick {event['trick']}: nobody wins it, and "
            + clause(object_form(name_of(names, event['leader'])), "leads again")
        )
    if kind == "trick_won":
        winners = [name_of(names, w) for w in event.get("winners") or []]
        verb = "wins" if len(winners) == 1 else "each take"
        return (
            clause(join_names(winners) or "Nobody", f"{verb} trick {event['trick']} (worth {event['value']}); ")
            + clause(object_form(name_of(names, event["next_lead"])), "leads")
        )
    if kind == "round_scored":
        # A misère's points by its name: "+1000008" is no number a player says.
        said = [f"+{v}" if v < MISERE_POINTS else points_words(v) for v in event["points"]]
        points = ", ".join(f"{name_of(names, p)} {v}" for p, v in enumerate(said))
        return f"Round {event['round']} is scored: {points}"
    if kind == "game_over":
        return narrate_common(event, names)
    return narrate_common(event, names, card_words)


def trick_reason(view: dict[str, Any], names: Sequence[str]) -> str | None:
    """Why the last trick went where it did: ``"yellow 10 + yellow 6 win: a tandem worth 16"``."""
    last = view.get("last_trick")
    if not last or last.get("winner") is None:
        return None
    seats, cards = list(last["seats"]), list(last["cards"])
    notes = list(last.get("notes") or [""] * len(cards))
    winners = list(last.get("winners") or [last["winner"]])
    mine = [cards[seats.index(w)] for w in winners if w in seats]
    if not mine:
        return None
    total = sum(value(c) for c in mine)
    sides = sum(1 for n in notes if n in ("alone", "lead suit")) + sum(1 for n in notes if str(n).startswith("tandem"))
    shown = " + ".join(card_words(c) for c in mine)
    if len(mine) == 2:
        why = f"a tandem worth {total}"
    elif sides <= 1:
        why = "the only card of the lead suit"
    else:
        why = f"highest side ({total})"
    tie = [t for t in _side_totals(seats, cards, notes) if t == total]
    if len(tie) > 1:
        why += ", the tie broken by the highest single card"
    verb = "win" if len(mine) == 2 else "wins"
    return name_seats(f"{shown} {verb}: {why}", names)


def _side_totals(seats: list[int], cards: list[str], notes: list[str]) -> list[int]:
    """Each side's value: lone lead-suit cards, and each tandem counted with the card it rides along with."""
    totals: dict[int, int] = {}
    for seat, card, note in zip(seats, cards, notes):
        if note in ("alone", "lead suit"):
            totals[seat] = totals.get(seat, 0) + value(card)
    for card, note in zip(cards, notes):
        text = str(note)
        if text.startswith("tandem with seat "):
            partner = int(text.rsplit(" ", 1)[1])
            totals[partner] = totals.get(partner, 0) + value(card)
    return list(totals.values())


__all__ = ["card_words", "count", "narrate", "trick_reason"]
