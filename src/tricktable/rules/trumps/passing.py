"""Where Trumps' passes go: the cycle of directions, how many cards, and the directions in words.

The game's page, section 3 "Before the first lead", and rulings TR-R12 (the cycle) and TR-R11 (the count).  A
direction is a seat offset: a seat passes to ``(seat + offset) % players``.  Which hand uses which offset is the
game's business (``game.py``); the text of a view is ``view.py``'s.
"""

from __future__ import annotations


def pass_cycle(players: int, teams: bool) -> tuple[int, ...]:
    """Seat offsets +1, -1, +2, -2, ... mod ``players``, without 0, duplicates or (in teams) the partner,
    who sits opposite (ruling TR-R12).  Hand ``k`` (from 1) passes by offset ``cycle[(k - 1) % len(cycle)]``."""
    partner = players // 2 if teams else 0
    cycle: list[int] = []
    for k in range(1, players):
        for offset in (k % players, -k % players):
            if offset != 0 and offset != partner and offset not in cycle:
                cycle.append(offset)
    return tuple(cycle)


def cards_to_pass(players: int) -> int:
    """3 cards with 3 or 4 players, 2 with 5 or more: the count goes by players, not teams (ruling TR-R11)."""
    return 3 if players <= 4 else 2


def direction_name(offset: int, players: int) -> str:
    """``left``, ``right``, ``across``, ``2 to the left``, ``3 to the right`` ..."""
    if offset == 1:
        return "left"
    if offset == players - 1:
        return "right"
    if 2 * offset == players:
        return "across"
    if offset < players - offset:
        return f"{offset} to the left"
    return f"{players - offset} to the right"


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
