"""Trumps' events as sentences, and why a trick's winning card won (``core.narrate``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tricktable.core.narrate import (
    by_suit,
    card_words,
    clause,
    count,
    join_names,
    name_of,
    narrate_common,
    object_form,
    rank_value,
)


def side_words(names: Sequence[str], side: int, sides: int) -> str:
    """A side by its players: a seat's name, or both partners' (partners sit opposite: side ``p % sides``)."""
    return join_names([name_of(names, p) for p in range(len(names)) if p % sides == side])


def narrate(event: dict[str, Any], names: Sequence[str]) -> str | None:
    """One event as a sentence, or ``None`` for an event that needs none."""
    kind = event.get("type")
    who = name_of(names, event.get("seat"))
    if kind == "hand_started":
        tie = " (a tie-break hand)" if event.get("tie_break") else ""
        passing = (
            f"pass {count(event['pass_count'], 'card')} {event['pass_direction']}"
            if event.get("pass_count")
            else "no passing"
        )
        return (
            f"Hand {event['hand']}{tie}: "
            + clause(name_of(names, event["dealer"]), f"deals {count(event['cards'], 'card')} each; {passing}")
        )
    if kind == "indicator_set":
        return clause(who, "lays a trump indicator face down")
    if kind == "indicator_chosen":
        return clause(who, f"chooses {card_words(event['card'])} as the trump indicator")
    if kind == "pass_made":
        return clause(who, f"passes cards face down to {object_form(name_of(names, event['to']))}")
    if kind == "cards_passed":
        cards = " ".join(card_words(c) for c in event["cards"])
        return clause(who, f"passes {cards} to {object_form(name_of(names, event['to']))}")
    if kind == "cards_received":
        cards = " ".join(card_words(c) for c in event["cards"])
        return clause(who, f"receives {cards} from {object_form(name_of(names, event['source']))}")
    if kind == "starter_turned":
        turned = f"turns up {card_words(event['card'])}: it leads the starter trick"
        return clause(name_of(names, event["dealer"]), turned)
    if kind == "trump_declared":
        return clause(who, f"declares {event['suit']} as trumps, turning up {card_words(event['card'])}")
    if kind == "card_played":
        return clause(who, f"plays {card_words(event['card'])}{' as a trump' if event.get('trump') else ''}")
    if kind == "starter_thrown_out":
        return f"Nobody beat the starter card: trick {event['trick']} is thrown out"
    if kind == "hand_scored":
        sides = len(event["points"])
        points = ", ".join(f"{side_words(names, s, sides)} +{v}" for s, v in enumerate(event["points"]))
        return f"Hand {event['hand']} is scored: {points}"
    if kind == "tie_break_started":
        sides = len(event["totals"])
        tied = join_names([side_words(names, s, sides) for s in event["tied"]])
        return f"{tied} are tied at the top: everyone plays a tie-break hand"
    return narrate_common(event, names)


def trick_reason(view: dict[str, Any], names: Sequence[str]) -> str | None:
    """Why the last trick's winning card won: ``"9♥ wins: highest trump"``."""
    last = view.get("last_trick")
    if not last or last.get("winner") is None:
        return None
    seats, cards = list(last["seats"]), list(last["cards"])
    flags = list(last.get("trumps") or [False] * len(cards))
    index = seats.index(last["winner"])
    card = cards[index]
    if by_suit(card) is None:
        return None
    if flags[index]:
        trumps = [c for c, f in zip(cards, flags) if f]
        ranks = [rank_value(c) for c in trumps]
        if len(trumps) == 1:
            why = "the only trump"
        elif ranks.count(rank_value(card)) > 1:
            why = "highest trump rank, played first"
        else:
            why = "highest trump rank"
    else:
        led = cards[0][1] if cards else ""
        same = [c for c, f in zip(cards, flags) if not f and c[1] == led]
        why = "the only card of the suit led" if len(same) == 1 else "highest card of the suit led"
        if seats and seats[0] is None:
            why = "beat the starter card: " + why
    return f"{card_words(card)} wins: {why}"


__all__ = ["card_words", "narrate", "side_words", "trick_reason"]
