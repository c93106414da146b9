"""Tricks Together's events as sentences, and why a trick's winning card won (``core.narrate``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tricktable.core.cards import SUIT_LETTERS, SUIT_NAMES
from tricktable.core.narrate import (
    by_suit,
    card_words,
    clause,
    count,
    name_of,
    name_seats,
    narrate_common,
    object_form,
)

#: A seat that chose its number has read it ("You commit to 1 trick"): it is not told it has chosen.
TOLD_BY = {"number_committed": "number_chosen"}


def narrate(event: dict[str, Any], names: Sequence[str]) -> str | None:
    """One event as a sentence, or ``None`` for an event that needs none."""
    kind = event.get("type")
    who = name_of(names, event.get("seat"))
    if kind == "round_dealt":
        by = object_form(name_of(names, event["dealer"]))
        return f"Round {event['round']}: {count(event['cards'], 'card')} each, dealt by {by}"
    if kind == "trump_turned":
        trumps = "no trumps this round" if event["trumps"] == "none" else f"{event['trumps']} are trumps"
        return f"{card_words(event['card'])} is turned up: {trumps}"
    if kind == "number_committed":
        return clause(who, "has chosen a number")
    if kind == "number_chosen":
        return clause(who, f"commits to {count(event['number'], 'trick')}")
    if kind == "numbers_revealed":
        shown = [f"{name_of(names, p)} {'–' if n is None else n}" for p, n in enumerate(event["numbers"])]
        dealer = event.get("dealer_number")
        tail = "" if dealer is not None else " (too many for the cards: the dealer cannot make them fit)"
        return "The numbers are revealed: " + ", ".join(shown) + tail
    if kind == "round_failed":
        return f"Round {event['round']} fails: {name_seats(str(event['reason']), names)}"
    if kind == "round_won":
        return f"Round {event['round']} is cleared: everybody made their number"
    if kind == "life_lost":
        left = event["lives_left"]
        if left == 0:
            return "The team loses its last life: the game is over"
        after = "one more failure ends the game" if left == 1 else "each failure costs a life"
        return f"The team loses a life: {count(left, 'life', 'lives')} left, {after}"
    return narrate_common(event, names)


def trick_reason(view: dict[str, Any], names: Sequence[str]) -> str | None:
    """Why the last trick's winning card won: ``"K♠ wins: highest trump"``."""
    last = view.get("last_trick")
    if not last or last.get("winner") is None:
        return None
    cards: list[str] = list(last["cards"])
    winner_card = cards[list(last["seats"]).index(last["winner"])]
    parsed = by_suit(winner_card)
    if parsed is None:
        return None
    trumps = str((view.get("table") or {}).get("trumps") or "none")
    trump_letter = SUIT_LETTERS[SUIT_NAMES.index(trumps)] if trumps in SUIT_NAMES else None
    same = [c for c in cards if by_suit(c) and c[1] == parsed[1]]
    if parsed[1] == trump_letter:
        why = "the only trump" if len(same) == 1 else "highest trump"
    elif len(same) == 1:
        why = "the only card of the suit led"
    else:
        why = "highest card of the suit led"
    return f"{card_words(winner_card)} wins: {why}"
