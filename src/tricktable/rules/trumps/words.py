"""Trumps' table in a player's words: the public facts, each seat's, and what the moves mean now.

The terminal draws its table from these (the log comes from ``narrate``); cards are written by
``core.narrate.card_words``, seats by their names.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tricktable.core.cards import SUIT_LETTERS, SUIT_NAMES
from tricktable.core.narrate import by_suit, card_words, count, name_of, object_form, typed_card

PHASES = {"mark": "choosing trump indicators", "pass": "passing cards", "play": "playing cards", "over": "over"}


def table_facts(view: dict[str, Any], names: Sequence[str]) -> list[str]:
    """The public facts: ``["Hand 2: passing cards", "pass 3 cards to the right", ...]``."""
    table = view.get("table") or {}
    phase = PHASES.get(str(view.get("phase")), str(view.get("phase")))
    facts = [f"Hand {table.get('hand')}: {phase}" + (" (a tie-break hand)" if table.get("tie-break") else "")]
    if table.get("dealer") is not None:
        facts.append(f"dealt by {object_form(name_of(names, table['dealer']))}")
    if view.get("phase") == "pass" and table.get("pass"):
        facts.append(f"everyone passes {table['pass']}")
    if table.get("trick"):
        facts.append(f"trick {table['trick']}")
    if table.get("led"):
        facts.append(f"{table['led']} led")
    facts.append(f"first to {table.get('target')} points wins")
    indicator = view.get("indicator")
    if indicator:
        facts.append(f"your indicator {card_words(indicator)} ({_suit(indicator)})")
    if view.get("received"):
        got = " ".join(card_words(c) for c in view["received"])
        facts.append(f"you received {got} from {object_form(name_of(names, view.get('received_from')))}")
    return facts


def seat_facts(view: dict[str, Any], row: dict[str, Any], names: Sequence[str]) -> list[str]:
    """One seat: ``["dealer", "trumps: hearts", "3 tricks", "score 12"]``."""
    facts = ["dealer"] if row.get("dealer") else []
    if row.get("trumps"):
        facts.append(f"trumps: {row['trumps']}")
    elif row.get("indicator") == "face down":
        facts.append("indicator face down")
    elif row.get("indicator") and row.get("seat") == view.get("seat"):
        facts.append(f"indicator {card_words(str(row['indicator']))} (face down)")
    if view.get("phase") == "pass":
        facts.append("has passed" if row.get("passed") else "still to pass")
    facts.append(count(int(row.get("tricks") or 0), "trick"))
    facts.append(f"score {row.get('score', 0)}")
    return facts


def move_words(move: str, view: dict[str, Any]) -> str:
    """A legal move as the terminal shows it and a player may type it: ``pass 10♥ 7♠ 5♦``, ``declare Q♥``."""
    return " ".join(card_words(word) for word in move.split())


def move_help(view: dict[str, Any], names: Sequence[str]) -> list[str]:
    """What the legal moves mean now, with examples from the hand."""
    legal = list(view.get("legal_moves") or [])
    phase = view.get("phase")
    hand = list(view.get("hand") or [])
    if not legal:
        return ["Nothing to do now: the others are playing."]
    if phase == "mark":
        example = card_words(legal[0].split()[1])
        return [
            "Choose your trump indicator: a card laid face down whose suit you may later declare as your trumps.",
            f"Type mark and the card, e.g. mark {example} (or mark {typed_card(example)}); any card of your hand.",
        ]
    if phase == "pass":
        table = view.get("table") or {}
        many = len(legal[0].split()) - 1
        example = " ".join(card_words(c) for c in legal[0].split()[1:])
        typed = " ".join(typed_card(w) for w in example.split())
        return [
            f"Pass {count(many, 'card')} face down {str(table.get('pass') or '').partition(' to ')[2] or 'on'}: "
            "you receive as many once everyone has passed. Your indicator stays with you.",
            f"Type pass and the cards, e.g. pass {example} (or pass {typed}).",
        ]
    plays = [m for m in legal if " " not in m]
    declares = [m for m in legal if m.startswith("declare ")]
    shown = " ".join(card_words(c) for c in plays)
    trick = view.get("trick") or []
    lines = []
    if plays:
        lines.append(
            f"Play a card: type it as it is shown, e.g. {card_words(plays[0])} (or "
            f"{typed_card(card_words(plays[0]))}). You may play now: {shown}."
        )
    if trick:
        lines.append(
            f"{name_of(names, trick[0]['seat'])} led {card_words(trick[0]['card'])}: follow that suit if you can; "
            "if you cannot, play a trump if you have declared one; else any card."
        )
    elif hand:
        lines.append("You lead this trick: any card of your hand.")
    if declares:
        example = card_words(declares[0].split()[1])
        lines.append(
            f"Declare: turn your indicator up and make its suit your trumps, playing one of them at once, e.g. "
            f"declare {example}. From then on your cards of that suit beat every card that is not a trump."
        )
    return lines


def _suit(card: str) -> str:
    parsed = by_suit(card)
    return SUIT_NAMES[SUIT_LETTERS.index(parsed[1])] if parsed else card
