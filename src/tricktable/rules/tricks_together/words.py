"""Tricks Together's table in a player's words: the public facts, each seat's, what the moves mean now.

The terminal draws its table from these (the log comes from ``narrate``); cards are written by
``narrate.card_words``, seats by their names, counting from 1 where there are no names.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tricktable.core.narrate import card_words, count, name_of, object_form, typed_card

PHASES = {"commit": "choosing numbers", "play": "playing cards", "over": "the game is over"}


def table_facts(view: dict[str, Any], names: Sequence[str]) -> list[str]:
    """The public facts: ``["Round 2 of 7: 2 cards each", "turned up 5♦: diamonds are trumps", ...]``."""
    table = view.get("table") or {}
    facts = [f"Round {table.get('round')} of {table.get('rounds')}: {count(int(table.get('cards') or 0), 'card')} each"]
    card = table.get("trump card")
    trumps = table.get("trumps")
    said = "no trumps" if trumps == "none" else f"{trumps} are trumps"
    if card:
        facts.append(f"turned up {card_words(str(card))}: {said}")
    elif trumps:
        facts.append(said)
    facts.append(f"{count(int(table.get('lives') or 0), 'life', 'lives')} left")
    if table.get("dealer") is not None:
        facts.append(f"dealt by {object_form(name_of(names, table['dealer']))}")
    if table.get("numbers") == "secret":
        facts.append("numbers stay secret")
    return facts


def seat_facts(view: dict[str, Any], row: dict[str, Any], names: Sequence[str]) -> list[str]:
    """One seat: ``["dealer", "number 1", "0 tricks"]``."""
    facts = ["dealer"] if row.get("dealer") else []
    number = row.get("number")
    if number is not None:
        facts.append(f"number {number}")
    elif view.get("phase") == "commit":
        facts.append("number chosen (secret until all have chosen)" if row.get("committed") else "no number yet")
    facts.append(count(int(row.get("tricks") or 0), "trick"))
    return facts


def move_words(move: str, view: dict[str, Any]) -> str:
    """A legal move as the terminal shows it and a player may type it: ``bid 2``, ``10♥``."""
    return move if move.startswith("bid ") else card_words(move)


def move_help(view: dict[str, Any], names: Sequence[str]) -> list[str]:
    """What the legal moves mean now, with examples from the hand."""
    legal = list(view.get("legal_moves") or [])
    table = view.get("table") or {}
    if view.get("phase") == "commit" and legal:
        numbers = [m.split()[1] for m in legal]
        seat = view.get("seat")
        dealer = table.get("dealer")
        lines = [
            "Choose your number: how many tricks you will win this round, exactly. The team clears the round only "
            "if every player makes their number exactly.",
            f"Type bid and the number: {', '.join(f'bid {n}' for n in numbers)}.",
        ]
        if seat == dealer:
            lines.append("You are the dealer: your number is what is left of the cards once the others have chosen.")
        elif dealer is not None:
            lines.append(f"{name_of(names, dealer)} deals: their number is what the others leave of the cards.")
        return lines
    if view.get("phase") == "play" and legal:
        shown = [card_words(c) for c in legal]
        trick = view.get("trick") or []
        lines = [
            f"Play a card: type it as it is shown, e.g. {shown[0]} (a letter for the suit works too: "
            f"{typed_card(shown[0])})."
        ]
        if trick:
            led = card_words(trick[0]["card"])
            leader = name_of(names, trick[0]["seat"])
            lines.append(f"{leader} led {led}: follow that suit if you can; if you cannot, play any card.")
        else:
            lines.append("You lead this trick: any card of your hand.")
        lines.append(f"You may play now: {' '.join(shown)}.")
        trumps = table.get("trumps")
        if trumps and trumps != "none":
            lines.append(f"The highest {trumps[:-1]} wins a trick; without one, the highest card of the suit led.")
        return lines
    return ["Nothing to do now: the others are playing."]
