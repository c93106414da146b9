"""Events as sentences a person reads: the helpers every game's ``narrate`` module builds on.

Each game package has a ``narrate`` module with ``narrate(event, names) -> str | None`` (one event, as a dict
the view or ``Event.to_dict`` gives, and the seats' names) and ``trick_reason(view, names) -> str | None``
(why the last trick's winning card won).  The terminal and the web table both use them, so the log reads the
same everywhere.  In what people read, players are their names and seat numbers count from 1.

Games also write texts for people themselves (reasons, summaries, panels, notes).  There a seat is written
``seat N`` (or ``seats N and M``, ``seats N+M``, ``seats N & M``) with the same 0-based number the view uses for
it everywhere else; a face puts the players' names in their place (``name_seats``) before anybody reads it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from tricktable.core.cards import RANK_LETTERS, RANK_NAMES, SUIT_LETTERS, SUIT_SYMBOLS

_LIST = r"\d+(?:(?: & | and |, |\+)\d+)*"
#: ``team 1 (seats 0 & 2)``: a team is named by its players.
_TEAM = re.compile(rf"\bteam \d+ \(seats? ({_LIST})\)")
_SEATS = re.compile(rf"\bseats? ({_LIST})\b")


def name_of(names: Sequence[str], seat: int | None) -> str:
    """The name of a 0-based seat (``Seat N`` counting from 1 when the names are not known)."""
    if seat is None:
        return "nobody"
    if 0 <= seat < len(names) and names[seat]:
        return names[seat]
    return f"Seat {seat + 1}"


def name_seats(text: str, names: Sequence[str]) -> str:
    """``text`` with each ``seat N`` / ``seats N and M`` (0-based, as games write them) replaced by names."""
    if not names:
        return text

    def swap(match: re.Match[str], prefix: str = "") -> str:
        numbers = [int(n) for n in re.findall(r"\d+", match.group(1))]
        if not all(0 <= n < len(names) for n in numbers):
            return match.group(0)
        return prefix + join_names([name_of(names, n) for n in numbers])

    return _SEATS.sub(swap, _TEAM.sub(lambda m: swap(m, "the team of "), text))


def join_names(items: Sequence[str]) -> str:
    """``A``, ``A and B``, ``A, B and C``."""
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def card_words(card: str) -> str:
    """A standard card as people write it: ``9H`` -> ``9♥``, ``TS`` -> ``10♠``; other texts unchanged."""
    if len(card) == 2 and card[0] in RANK_LETTERS and card[1] in SUIT_LETTERS:
        return RANK_NAMES[RANK_LETTERS.index(card[0])] + SUIT_SYMBOLS[SUIT_LETTERS.index(card[1])]
    return card


def count(n: int, noun: str, plural: str | None = None) -> str:
    """``1 trick``, ``2 tricks``."""
    return f"{n} {noun if n == 1 else (plural or noun + 's')}"


def narrate_common(event: dict[str, Any], names: Sequence[str], card: Any = card_words) -> str | None:
    """The events every game shares (``core.events``); ``card`` writes a card of the game's deck."""
    kind = event.get("type")
    who = name_of(names, event.get("seat"))
    if kind == "hand_dealt":
        return f"{who} is dealt {' '.join(card(c) for c in event.get('hand') or [])}"
    if kind == "card_played":
        return f"{who} plays {card(event['card'])}"
    if kind == "trick_won":
        return f"{who} wins trick {event['trick']}"
    if kind == "game_over":
        winners = [name_of(names, w) for w in event.get("winners") or []]
        ending = f": {join_names(winners)} {'wins' if len(winners) == 1 else 'win'}" if winners else ""
        return f"The game is over{ending}. {name_seats(str(event.get('summary') or ''), names)}".strip()
    return None


def by_suit(card: str) -> tuple[str, str] | None:
    """(rank letter, suit letter) of a standard card's notation, or ``None``."""
    if len(card) == 2 and card[0] in RANK_LETTERS and card[1] in SUIT_LETTERS:
        return card[0], card[1]
    return None


def rank_value(card: str) -> int:
    """The rank of a standard card, 0 (two) to 12 (ace)."""
    return RANK_LETTERS.index(card[0])
