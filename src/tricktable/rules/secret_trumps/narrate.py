"""Secret Trumps' events as sentences, and why a trick's winning card won (``core.narrate``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tricktable.core.narrate import clause, count, join_names, name_of, narrate_common, verb_for
from tricktable.rules.secret_trumps.cards import RANK_CHARS, SUIT_LETTERS, SUIT_NAMES, SUIT_SYMBOLS
from tricktable.rules.secret_trumps.goals import GOALS

_GOAL_NAMES = {goal.slug: goal.name for goal in GOALS}
#: A seat that chose its goal has read it ("You play for ..."): it is not told it has chosen.
TOLD_BY = {"goal_committed": "goal_chosen"}


def card_words(card: str) -> str:
    """``9H`` -> ``9♥``, ``AS`` -> ``A♠`` (Aces are low in this deck)."""
    if len(card) == 2 and card[0] in RANK_CHARS and card[1] in SUIT_LETTERS:
        return card[0] + SUIT_SYMBOLS[SUIT_LETTERS.index(card[1])]
    return card


def goal_words(slug: str | None) -> str:
    return "none" if slug is None else _GOAL_NAMES.get(slug, slug.replace("-", " "))


def _trumps(suit: str, rank: str) -> str:
    suit_text = "no trump suit" if suit in ("", "none", None) else f"{suit} are the trump suit"
    rank_text = "no trump rank" if rank in ("", "none", None) else f"{rank}s are the trump rank"
    return f"{suit_text}, {rank_text}"


def narrate(event: dict[str, Any], names: Sequence[str]) -> str | None:
    """One event as a sentence, or ``None`` for an event that needs none."""
    kind = event.get("type")
    who = name_of(names, event.get("seat"))
    if kind == "goal_drafted":
        return clause(who, f"drafts the goal “{goal_words(event['goal'])}”")
    if kind == "round_started":
        return f"Round {event['round']}: {clause(name_of(names, event['start']), 'is the start player')}"
    if kind == "trumps_seen":
        return clause(who, f"looks at the trumps: {_trumps(event['trump_suit'], event['trump_rank'])}")
    if kind == "card_picked":
        return clause(who, f"picks {card_words(event['card'])} from row {event['row']}")
    if kind == "hint":
        return f"Row {event['row']} as a trick: {name_of(names, event['winner'])} would win it"
    if kind == "trumps_revealed":
        return f"The trumps are turned over: {_trumps(event['trump_suit'], event['trump_rank'])}"
    if kind == "goal_committed":
        return clause(who, "has chosen a goal")
    if kind == "goal_chosen":
        return clause(who, f"plays for “{goal_words(event['goal'])}”")
    if kind == "goals_revealed":
        shown = [f"{name_of(names, p)}: {goal_words(g)}" for p, g in enumerate(event["goals"]) if g is not None]
        return "The goals are revealed: " + "; ".join(shown)
    if kind == "round_scored":
        tricks = ", ".join(f"{name_of(names, p)} {t}" for p, t in enumerate(event["tricks"]))
        met = [name_of(names, p) for p, m in enumerate(event["met"]) if m]
        goals = f"; {join_names(met)} met {'a goal' if len(met) == 1 else 'their goals'}" if met else ""
        return f"Round {event['round']} is over: tricks {tricks}{goals}"
    if kind == "goal_crossed":
        crosses = verb_for(who, "crosses")
        how = f"meets and {crosses} off" if event.get("reason") == "met" else "crosses off"
        return clause(who, f"{how} “{goal_words(event['goal'])}”")
    if kind == "trick_won":
        return clause(who, f"wins trick {event['trick']}")
    if kind == "game_over":
        return narrate_common(event, names)
    return narrate_common(event, names, card_words)


def trick_reason(view: dict[str, Any], names: Sequence[str]) -> str | None:
    """Why the last trick's winning card won: ``"5♥ wins: super trump"``, ``"3♣ wins: trump rank"``."""
    last = view.get("last_trick")
    if not last or last.get("winner") is None:
        return None
    cards: list[str] = list(last["cards"])
    card = cards[list(last["seats"]).index(last["winner"])]
    table = view.get("table") or {}
    suit_name, rank = str(table.get("trump suit") or ""), str(table.get("trump rank") or "")
    trump_suit = SUIT_LETTERS[SUIT_NAMES.index(suit_name)] if suit_name in SUIT_NAMES else None
    trump_rank = {"1": "A"}.get(rank, rank) if rank not in ("", "?", "none") else None
    is_rank = card[0] == trump_rank
    if is_rank and card[1] == trump_suit:
        why = "super trump"
    elif is_rank:
        why = "trump rank" + (" (the first played)" if sum(c[0] == trump_rank for c in cards) > 1 else "")
    elif card[1] == trump_suit:
        trumps = [c for c in cards if c[1] == trump_suit and c[0] != trump_rank]
        why = "the only trump" if len(trumps) == 1 else "highest trump"
    else:
        led = [c for c in cards if c[1] == card[1] and c[0] != trump_rank]
        why = "the only card of the suit led" if len(led) == 1 else "highest card of the suit led"
    return f"{card_words(card)} wins: {why}"


__all__ = ["card_words", "count", "goal_words", "narrate", "trick_reason"]
