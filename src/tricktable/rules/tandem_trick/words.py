"""Tandem Trick's table in a player's words: the public facts, each seat's, what the moves mean now.

The terminal draws its table from these (the log comes from ``narrate``); cards are written by
``narrate.card_words`` ("blue 11"), seats by their names.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tricktable.core.narrate import clause, count, name_cards, name_of, name_seats
from tricktable.rules.tandem_trick.narrate import card_words
from tricktable.rules.tandem_trick.scoring import points_words

PHASES = {"play": "playing cards", "over": "the game is over"}


def table_facts(view: dict[str, Any], names: Sequence[str]) -> list[str]:
    """The public facts: ``["Round 1, trick 3 of 12", "lead suit yellow", ...]``."""
    table = view.get("table") or {}
    facts = [f"Round {table.get('round')}, trick {table.get('trick')} of {table.get('tricks')}"]
    if table.get("lead player") is not None:
        facts.append(clause(name_of(names, table["lead player"]), "leads"))
    suit = table.get("lead suit")
    facts.append(f"lead suit {suit}" if suit else "lead suit not yet set")
    bonus = str(table.get("bonus cards left") or "none")
    facts.append("no bonus cards left" if bonus == "none" else f"bonus cards left: {bonus.replace(' ', ', ')}")
    ride = str(table.get("ride along with") or "")
    mover = view.get("to_move")
    if mover is not None and ride and not ride.startswith("nothing"):
        # The fact is about the player to move: whose card they could ride along with.
        rider = name_of(names, mover)
        facts.append(clause(rider, "may ride along with " + name_cards(name_seats(ride, names), card_words)))
    facts.append(f"first to {table.get('target')} points wins")
    return facts


def seat_facts(view: dict[str, Any], row: dict[str, Any], names: Sequence[str]) -> list[str]:
    """One seat: ``["bid 3 with blue 3, bonus 6", "1 trick", "score: 12 points"]``."""
    facts = []
    if row.get("bid") is not None:
        bonus = f", bonus {row['bonus']}" if row.get("bonus") else ""
        facts.append(f"bid {row['bid']} with {card_words(str(row.get('bid_card')))}{bonus}")
    else:
        facts.append("no bid yet")
    facts.append(count(int(row.get("tricks") or 0), "trick"))
    facts.append(f"score: {points_words(int(row.get('score') or 0))}")
    return facts


def move_words(move: str, view: dict[str, Any]) -> str:
    """A legal move as the terminal shows it and a player may type it: ``blue 11``, ``bid red 2``."""
    verb, _, card = move.rpartition(" ")
    return f"{verb} {card_words(card)}" if verb else card_words(card)


def move_help(view: dict[str, Any], names: Sequence[str]) -> list[str]:
    """What the legal moves mean now, with examples from the hand."""
    legal = list(view.get("legal_moves") or [])
    if view.get("phase") != "play" or not legal:
        return ["Nothing to do now: the others are playing."]
    plays = [m for m in legal if " " not in m]
    bids = [m for m in legal if m.startswith("bid ")]
    rides = [m for m in legal if m.startswith("tandem ")]
    lines = []
    if plays:
        shown = " ".join(card_words(c) for c in plays)
        lines.append(
            f"Play a card alone: type it as shown, e.g. {card_words(plays[0])}. "
            f"Playable now: {shown}. A card not of the lead suit is a discard and cannot win."
        )
    if bids:
        example = card_words(bids[0].split()[1])
        lines.append(
            f"Bid: lay a card sideways, e.g. bid {example}; its number is how many tricks you will take this "
            "round. You bid once a round, sit this trick out (the card need not follow suit) and take the next "
            "bonus card; a bid made exactly doubles your tricks' points and earns the bonus."
        )
    if rides:
        example = card_words(rides[0].split()[1])
        table = view.get("table") or {}
        ride = name_cards(name_seats(str(table.get("ride along with") or ""), names), card_words)
        lines.append(
            f"Ride along: tandem {example} adds your lead-suit card to {ride}; the two count together, and "
            "if they win, you both take the trick."
        )
    return lines
