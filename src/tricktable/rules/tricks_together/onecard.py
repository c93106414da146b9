"""One-card rounds solved: the best joint number policy, and its exact success rate.

In a round of one card every play is forced, so the numbers decide everything.  Each chooser sees only its
own card and the turned card; it must choose 1 exactly when its card will take the trick (the dealer then
takes the rest).  A *joint policy* says, for every chooser's position and every card, whether to choose 1.

``successes`` counts exactly (no sampling) the deals a joint policy gets right: for every leader's card and
every possible winning card it counts the ways to give the other seats cards that lose, and that make their
holders choose 0, by inclusion-exclusion over the seats (``ckernel.one_card_successes``).  ``best_policy``
improves a policy one position at a time — each position's best reply to the others, card by card, exactly —
from several starting policies, until no position can gain by any change of its own; the best result is
kept.  ``python -m tricktable.rules.tricks_together.onecard`` recomputes every table in ``onecard.json`` (3-5
players, with and without trumps, every rank of the turned card) and prints the success rates.

Cards here are canonical: the turned card's suit is suit 0 (spades), which is trumps unless there are none.
``one_card_number`` maps a real deal onto that.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from tricktable.core.cards import RANK_NAMES, SUIT_MASKS
from tricktable.rules.tricks_together.compiled import CKERNEL

TABLE = Path(__file__).with_name("onecard.json")
FULL = (1 << 52) - 1


def deals(players: int) -> int:
    """How many ordered one-card deals there are: a different card of the 51 for each seat."""
    total = 1
    for i in range(players):
        total *= 51 - i
    return total


def successes(players: int, trump: int, turned: int, bids: list[int], fixed: tuple[int, int] | None = None) -> int:
    """Deals in which every chooser's number is right (see ``ckernel.one_card_successes``)."""
    if CKERNEL is None:
        raise RuntimeError("the one-card counts need the compiled kernel (reinstall tricktable with a C compiler)")
    seat, card = fixed if fixed is not None else (-1, -1)
    count: int = CKERNEL.one_card_successes(players, trump, turned, bids, seat, card)
    return count


def best_reply(players: int, trump: int, turned: int, bids: list[int], position: int) -> list[int]:
    """The policy of ``position`` (1-based) that does best against the others', card by card (ties: choose 0)."""
    ones = 0
    for card in range(52):
        if card == turned:
            continue
        with_one = bids[:]
        with_one[position - 1] |= 1 << card
        with_zero = bids[:]
        with_zero[position - 1] &= ~(1 << card)
        gain = successes(players, trump, turned, with_one, (position, card))
        stay = successes(players, trump, turned, with_zero, (position, card))
        if gain > stay:
            ones |= 1 << card
    out = bids[:]
    out[position - 1] = ones
    return out


def _starts(players: int, trump: int, turned: int) -> list[list[int]]:
    """Starting policies: nobody chooses 1; the top cards of trumps choose 1; the aces and trumps choose 1."""
    trumps = SUIT_MASKS[trump] if trump >= 0 else 0
    top = 0
    for suit in range(4):
        top |= 1 << (13 * suit + 12)
    high_trumps = sum(1 << (13 * trump + r) for r in range(9, 13)) if trump >= 0 else top
    starts = [0, high_trumps & ~(1 << turned), (trumps | top) & ~(1 << turned)]
    return [[start] * (players - 1) for start in starts]


def best_policy(players: int, trump: int, turned: int) -> tuple[list[int], int]:
    """The best joint policy found and its exact count of successful deals (see the module's notes)."""
    best: list[int] = []
    best_count = -1
    for start in _starts(players, trump, turned):
        bids = start
        count = successes(players, trump, turned, bids)
        improved = True
        while improved:
            improved = False
            for position in range(1, players):
                reply = best_reply(players, trump, turned, bids, position)
                reply_count = successes(players, trump, turned, reply)
                if reply_count > count:
                    bids, count, improved = reply, reply_count, True
        if count > best_count:
            best, best_count = bids, count
    return best, best_count


# ----- the table ------------------------------------------------------------------------------------


def _key(players: int, trumps: bool, rank: int) -> str:
    return f"{players}/{'trumps' if trumps else 'none'}/{RANK_NAMES[rank]}"


def compute_table() -> dict[str, Any]:
    """Every setting: 3-5 players, with or without trumps, each rank of the turned card (canonical suit 0)."""
    table: dict[str, Any] = {}
    for players in (3, 4, 5):
        for trumps in (True, False):
            for rank in range(13):
                bids, count = best_policy(players, 0 if trumps else -1, rank)
                table[_key(players, trumps, rank)] = {"bids": bids, "successes": count, "deals": deals(players)}
    return table


@cache
def load_table() -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(TABLE.read_text(encoding="utf-8"))
    return loaded


def success_rate(players: int, trumps: bool = True) -> float:
    """The best policy's chance of success, averaged over the turned card (every rank equally likely)."""
    table = load_table()
    rates = [table[_key(players, trumps, r)]["successes"] / table[_key(players, trumps, r)]["deals"] for r in range(13)]
    return sum(rates) / 13


def _canonical(card: int, turned_suit: int) -> int:
    """Renumber suits so that the turned card's suit is 0 and the others keep their order."""
    suit = card // 13
    canonical = 0 if suit == turned_suit else 1 + sum(1 for s in range(4) if s != turned_suit and s < suit)
    return 13 * canonical + card % 13


def one_card_number(players: int, position: int, card: int, turned: int, trump: int) -> int:
    """The best policy's number (0 or 1) for the chooser at ``position`` from the dealer's left (1 leads),
    holding ``card``, with ``turned`` turned up and ``trump`` the trump suit (``-1``: none)."""
    entry = load_table()[_key(players, trump >= 0, turned % 13)]
    mine = _canonical(card, turned // 13)
    return int(entry["bids"][position - 1] >> mine & 1)


def describe(players: int, trumps: bool, rank: int) -> list[str]:
    """The policy of a setting in words: per position, the cards with which it chooses 1."""
    entry = load_table()[_key(players, trumps, rank)]
    lines = []
    suits = ["trumps" if trumps else "the turned suit", "plain", "plain", "plain"]
    for position, bids in enumerate(entry["bids"], start=1):
        parts = []
        for suit in range(4):
            ranks = [RANK_NAMES[r] for r in range(13) if bids >> (13 * suit + r) & 1]
            if ranks:
                parts.append(f"{suits[suit]} {' '.join(ranks)}")
        lines.append(f"position {position}: 1 with " + ("; ".join(parts) or "nothing"))
    return lines


def main() -> None:
    table = compute_table()
    TABLE.write_text(json.dumps(table, indent=0) + "\n", encoding="utf-8")
    load_table.cache_clear()
    for players in (3, 4, 5):
        for trumps in (True, False):
            print(f"{players} players, {'trumps' if trumps else 'no trumps'}: {success_rate(players, trumps):.4f}")


if __name__ == "__main__":
    main()
