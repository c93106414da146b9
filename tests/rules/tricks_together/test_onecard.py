"""One-card rounds: the exact counts, and the published best policy."""

from __future__ import annotations

import itertools
import random

from tricktable.rules.tricks_together.onecard import (
    best_policy,
    deals,
    load_table,
    one_card_number,
    success_rate,
    successes,
)


def key(card: int, led: int, trump: int) -> int:
    suit = card // 13
    if suit == trump:
        return 200 + card % 13
    return 100 + card % 13 if suit == led else 0


def enumerated(players: int, trump: int, turned: int, bids: list[int], fixed: tuple[int, int] | None = None) -> int:
    """Successful deals by listing every deal: position 1 leads, position ``players`` is the dealer."""
    total = 0
    for dealt in itertools.permutations([c for c in range(52) if c != turned], players):
        if fixed is not None and dealt[fixed[0] - 1] != fixed[1]:
            continue
        led = dealt[0] // 13
        winner = 1 + max(range(players), key=lambda i: key(dealt[i], led, trump))
        if all((bids[p - 1] >> dealt[p - 1] & 1) == (winner == p) for p in range(1, players)):
            total += 1
    return total


def test_the_exact_counts_match_plain_enumeration() -> None:
    rng = random.Random(4)
    for _ in range(4):
        trump, turned = rng.choice([-1, 0, 2]), rng.randrange(52)
        bids = [rng.getrandbits(52) for _ in range(2)]
        assert successes(3, trump, turned, bids) == enumerated(3, trump, turned, bids)
    # Four players, one position's card fixed (the rest enumerated in full).
    bids = [rng.getrandbits(52) for _ in range(3)]
    card = 17 if 17 != 5 else 18
    assert successes(4, 1, 5, bids, (2, card)) == enumerated(4, 1, 5, bids, (2, card))


def test_no_position_can_gain_by_changing_its_own_policy() -> None:
    bids, count = best_policy(4, 0, 5)
    for position in range(1, 4):
        for card in range(52):
            if card == 5:
                continue
            flipped = bids[:]
            flipped[position - 1] ^= 1 << card
            assert successes(4, 0, 5, flipped) <= count


def test_the_published_table_holds_the_best_policies() -> None:
    table = load_table()
    for players, trumps, rank in ((3, True, 0), (4, False, 7), (5, True, 12)):
        entry = table[f"{players}/{'trumps' if trumps else 'none'}/{'23456789TJQKA'[rank] if rank != 8 else '10'}"]
        bids, count = best_policy(players, 0 if trumps else -1, rank)
        assert (entry["bids"], entry["successes"], entry["deals"]) == (bids, count, deals(players))
    assert 0.5 < success_rate(4) < 0.56 and success_rate(4, trumps=False) > success_rate(4)


def test_with_four_players_and_trumps_a_chooser_takes_one_exactly_with_a_trump() -> None:
    # Spades trumps (the 7♠ turned): any spade says 1, anything else 0, at every position.
    turned = 5
    for position in (1, 2, 3):
        assert one_card_number(4, position, 12, turned, 0) == 1  # A♠
        assert one_card_number(4, position, 13 + 12, turned, 0) == 0  # A♥
    # Hearts trumps: the canonical suits follow the turned card.
    assert one_card_number(4, 2, 13 + 3, 13 + 5, 1) == 1
