"""The blueprint: the search bots' model of how a Trumps player chooses, on ints.

It is the heuristic bot's rules (``heuristic.py``) restated on bitmasks, so that the compiled loops
(``cbot.pyx``) can run it millions of times: in the play-outs that judge a move, and to weigh sampled worlds by
how well they explain what the others did.  ``tests/bots/trumps/test_blueprint.py`` checks that this module
chooses what the heuristic bot chooses from the same view, and that the C twin chooses what this module does.

* **Marking**: the lowest card of the best suit — long and high, since trumps compete by rank across suits —
  among the suits of two cards or more (the indicator leaves the hand).
* **Passing**: whole short side suits without an ace (a void lets it ruff once declared), then the low side
  cards, never an ace if avoidable.
* **Playing**: lead a high trump, a strong declaration, a card nobody can beat, else low from the longest side
  suit; leave a trick a partner is safely winning; win with the cheapest card that should hold (declaring when
  that wins and the suit is worth it); otherwise throw the least useful card.

A seat's *seen* cards are those it has seen this hand: every card played (the starter card included), its own
hand and its own indicator.
"""

from __future__ import annotations

from collections.abc import Sequence

from tricktable.core.cards import SUIT_MASKS, bit_list, sorted_hand
from tricktable.rules.trumps import NONE, legal_masks, trick_winner

ACE, KING, QUEEN, JACK = 12, 11, 10, 9

#: A move of the blueprint: the card, and whether it declares.
Choice = tuple[int, bool]
#: The trick on the table: ``(seat, card, trump)`` in play order, the starter card as seat ``NONE``.
TrickCards = Sequence[tuple[int, int, bool]]


def suit_strength(ranks: Sequence[int]) -> float:
    """How good a suit is as a personal trump: length first, then high ranks (``ranks`` high to low)."""
    return 1.2 * len(ranks) + sum(max(0, r - 6) / 5 for r in ranks)


def _ranks_by_suit(hand: int) -> dict[int, list[int]]:
    """The ranks of each suit held, high to low, suits in display order."""
    by_suit: dict[int, list[int]] = {}
    for card in sorted_hand(hand):
        by_suit.setdefault(card // 13, []).append(card % 13)
    return by_suit


def mark_card(hand: int) -> int:
    """The indicator: the lowest card of the best suit with two cards or more (any suit if none has two)."""
    by_suit = _ranks_by_suit(hand)
    options = {s: r for s, r in by_suit.items() if len(r) >= 2} or by_suit
    best = max(options, key=lambda s: (suit_strength(options[s]), s))
    return best * 13 + min(options[best])


def pass_cards(hand: int, own_suit: int, count: int) -> int:
    """The cards passed from ``hand`` (after marking an indicator of suit ``own_suit``)."""
    cards = sorted_hand(hand)
    by_suit: dict[int, list[int]] = {}
    for card in cards:
        if card // 13 != own_suit:
            by_suit.setdefault(card // 13, []).append(card)
    chosen: list[int] = []
    # Void the shortest side suits without an ace: a void lets it ruff once declared.
    for suit in sorted(by_suit, key=lambda s: (len(by_suit[s]), max(by_suit[s]))):
        suit_cards = by_suit[suit]
        if len(suit_cards) <= count - len(chosen) and max(c % 13 for c in suit_cards) < ACE:
            chosen.extend(suit_cards)
    rest = sorted(
        (c for c in cards if c not in chosen),
        key=lambda c: (c // 13 == own_suit, c % 13 == ACE, c % 13 >= QUEEN, c % 13),
    )
    chosen.extend(rest[: count - len(chosen)])
    mask = 0
    for card in chosen[:count]:
        mask |= 1 << card
    return mask


def _is_boss(card: int, seen: int) -> bool:
    """Has this seat seen every higher card of the suit?"""
    return not SUIT_MASKS[card // 13] & ~seen & ~((2 << card) - 1)


def play_move(
    seat: int,
    hand: int,
    own: int,
    side_trump: int,
    partner: int,
    trick: TrickCards,
    players: int,
    seen: int,
) -> Choice:
    """The blueprint's card for ``seat`` holding ``hand``, its indicator ``own`` (a card, or ``NONE``), its side's
    declared suit ``side_trump``, its ``partner`` (``NONE`` alone), the ``trick`` on the table and the cards it
    has ``seen`` this hand."""
    led = trick[0][1] // 13 if trick else NONE
    own_suit = own // 13 if own != NONE else NONE
    plays, declares = legal_masks(hand, led, side_trump, own_suit)
    # Candidates in the order of the game's legal moves: plain plays, then declarations, lowest card first.
    candidates: list[tuple[int, bool, bool]] = [(c, False, c // 13 == side_trump) for c in bit_list(plays)]
    candidates += [(c, True, True) for c in bit_list(declares)]
    if not trick:
        card, declare, _ = _lead(candidates, seen)
        return card, declare
    cards = [c for _, c, _ in trick]
    flags = [t for _, _, t in trick]
    best = trick_winner(cards, flags)
    best_seat, best_rank, best_trump = trick[best][0], cards[best] % 13, flags[best]
    played_here = sum(1 for s, _, _ in trick if s != NONE)
    after_me = players - played_here - 1

    def beats(c: tuple[int, bool, bool]) -> bool:
        if c[2]:
            return not best_trump or c[0] % 13 > best_rank
        return c[0] // 13 == led and not best_trump and c[0] % 13 > best_rank

    def holds(c: tuple[int, bool, bool]) -> bool:
        """Likely to stay best: last to play, a high trump, or the top unseen card of the led suit."""
        if after_me == 0:
            return True
        if c[2]:
            return c[0] % 13 >= (JACK if after_me <= 2 else QUEEN)
        return _is_boss(c[0], seen) and after_me <= 2

    lengths = [(hand & SUIT_MASKS[s]).bit_count() for s in range(4)]
    plain = [c for c in candidates if not c[1]] or candidates
    if partner != NONE and best_seat == partner:
        partner_safe = (
            after_me == 0
            or (best_trump and best_rank >= QUEEN)
            or (not best_trump and _is_boss(led * 13 + best_rank, seen) and after_me <= 1)
        )
        if partner_safe:
            return _discard(plain, lengths)
    winners = [c for c in candidates if beats(c)]
    if winners:
        sure = [c for c in winners if holds(c)]
        if sure:
            # The cheapest card that should hold; plain plays before declaring, low before high.
            pick = min(sure, key=lambda c: (c[1], c[2], c[0] % 13))
            if not pick[1] or _worth_declaring(hand, own, after_me):
                return pick[0], pick[1]
        plain_winners = [c for c in winners if not c[1]]
        if plain_winners and after_me <= 1:
            pick = min(plain_winners, key=lambda c: (c[2], c[0] % 13))
            return pick[0], pick[1]
    return _discard(plain, lengths)


def _worth_declaring(hand: int, own: int, after_me: int) -> bool:
    """Declaring gives up the chance to discard later: do it when the suit is worth it or the trick is sure."""
    if own == NONE:
        return False
    suit = hand & SUIT_MASKS[own // 13]
    return after_me == 0 or suit.bit_count() >= 2 or (suit != 0 and (suit.bit_length() - 1) % 13 >= QUEEN)


def _discard(plain: list[tuple[int, bool, bool]], lengths: list[int]) -> Choice:
    """Throw the least useful card: non-trumps before trumps, low before high, from short suits first."""
    card, declare, _ = min(plain, key=lambda c: (c[2], c[0] % 13 >= QUEEN, c[0] % 13, lengths[c[0] // 13]))
    return card, declare


def _lead(candidates: list[tuple[int, bool, bool]], seen: int) -> tuple[int, bool, bool]:
    high_trumps = [c for c in candidates if c[2] and not c[1] and c[0] % 13 >= KING]
    if high_trumps:
        return max(high_trumps, key=lambda c: c[0] % 13)
    declares = [c for c in candidates if c[1]]
    if declares:
        top = max(declares, key=lambda c: c[0] % 13)
        if top[0] % 13 >= KING or (len(declares) >= 3 and top[0] % 13 >= JACK):
            return top
    bosses = [c for c in candidates if not c[1] and not c[2] and _is_boss(c[0], seen)]
    if bosses:
        return max(bosses, key=lambda c: c[0] % 13)
    plain = [c for c in candidates if not c[1] and not c[2]] or [c for c in candidates if not c[1]]
    if not plain:
        return max(candidates, key=lambda c: c[0] % 13)
    # Lead low from the longest side suit: it keeps the trumps and the high cards for later.
    lengths = [0] * 4
    for c in plain:
        lengths[c[0] // 13] += 1
    return min(plain, key=lambda c: (-lengths[c[0] // 13], c[0] % 13))
