"""A heuristic Tricks Together bot: commits from its hand, then plays to hit its own number and to
help the team (win cheaply when it needs a trick, duck and throw high cards when it is done).

It sees only its view: its hand, the public numbers (when revealed), trick counts, the current trick and
the cards played this round (from the round's public events).
"""

from __future__ import annotations

import random
from typing import Any

from tricktable.bots.base import register_bot
from tricktable.core.cards import SUIT_NAMES, card_str, parse_card, rank_of, suit_of

ACE = 12


def trump_suit_of(view: dict[str, Any]) -> int:
    name = view["table"]["trumps"]
    return SUIT_NAMES.index(name) if name in SUIT_NAMES else -1


def beats(card: int, best: int, led: int, trump: int) -> bool:
    """Would ``card`` beat the trick's current best card ``best``?"""
    if suit_of(card) == trump:
        return suit_of(best) != trump or card > best
    return suit_of(card) == led and suit_of(best) != trump and card > best


def estimate_tricks(hand: list[int], trump: int, players: int, cards: int) -> float:
    """Expected tricks from a hand: high trumps, aces, kings in short suits, length in trumps."""
    expected = 0.0
    by_suit: dict[int, list[int]] = {}
    for card in hand:
        by_suit.setdefault(suit_of(card), []).append(rank_of(card))
    crowd = 1.0 - 0.08 * (players - 3)
    for suit, ranks in by_suit.items():
        ranks.sort(reverse=True)
        if suit == trump:
            for i, r in enumerate(ranks):
                # A trump's worth falls with its rank; long trumps win by outlasting the others.
                worth = max(0.0, (r - 5) / 7) + (0.35 if i >= 2 else 0.0)
                expected += min(1.0, worth + (0.15 if cards <= 3 else 0.0))
        else:
            length = len(ranks)
            for i, r in enumerate(ranks[:2]):
                if r == ACE and i == 0:
                    expected += 0.85 * crowd if length <= 4 else 0.6
                elif r == ACE - 1 and length >= 2 and i in (0, 1):
                    expected += 0.45 * crowd if length <= 3 else 0.25
    if trump >= 0 and trump not in by_suit and cards >= 3:
        expected -= 0.1
    return max(0.0, min(float(cards), expected))


class TricksTogetherBot:
    """Heuristic player for Tricks Together."""

    name = "heuristic"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: dict[str, Any]) -> str:
        legal = view["legal_moves"]
        if view["phase"] == "commit":
            return self._commit(view, legal)
        return self._play(view, [parse_card(m) for m in legal])

    def _commit(self, view: dict[str, Any], legal: list[str]) -> str:
        hand = [parse_card(c) for c in view["hand"]]
        cards = view["table"]["cards"]
        estimate = estimate_tricks(hand, trump_suit_of(view), view["players"], cards)
        number = int(estimate + 0.5)
        return f"bid {max(0, min(cards, number))}"

    # ----- play ----------------------------------------------------------------------------------

    def _played_this_round(self, view: dict[str, Any]) -> set[int]:
        return {parse_card(e["card"]) for e in view["events"] if e["type"] == "card_played"}

    def _target(self, view: dict[str, Any]) -> int:
        me = view["seats"][view["seat"]]
        if me["number"] is not None:
            return int(me["number"])
        # Secret numbers: the dealer never knows its number; aim at what the hand is worth.
        hand = [parse_card(c) for c in view["hand"]]
        return int(estimate_tricks(hand, trump_suit_of(view), view["players"], view["table"]["cards"]) + 0.5)

    def _play(self, view: dict[str, Any], legal: list[int]) -> str:
        trump = trump_suit_of(view)
        me = view["seats"][view["seat"]]
        need = self._target(view) - me["tricks"]
        trick = [parse_card(t["card"]) for t in view["trick"]]
        if not trick:
            return card_str(self._lead(view, legal, need, trump))
        led = suit_of(trick[0])
        best = trick[0]
        for card in trick[1:]:
            if beats(card, best, led, trump):
                best = card
        winners = [c for c in legal if beats(c, best, led, trump)]
        losers = [c for c in legal if c not in winners]
        last_to_play = len(trick) == view["players"] - 1
        if need > 0 and winners:
            # The cheapest sure winner when last; otherwise a strong one that is likely to hold.
            winners.sort(key=lambda c: (suit_of(c) == trump, rank_of(c)))
            return card_str(winners[0] if last_to_play else winners[-1] if rank_of(winners[-1]) >= 10 else winners[0])
        if losers:
            # Done (or cannot win): throw the highest card that still loses, keeping low cards for later.
            losers.sort(key=lambda c: (suit_of(c) != trump, rank_of(c)))
            return card_str(losers[-1])
        return card_str(min(legal, key=lambda c: (suit_of(c) == trump, rank_of(c))))

    def _lead(self, view: dict[str, Any], legal: list[int], need: int, trump: int) -> int:
        played = self._played_this_round(view)
        hand = set(legal)

        def is_boss(card: int) -> bool:
            higher = range(card + 1, (suit_of(card) + 1) * 13)
            return all(c in played or c in hand for c in higher)

        if need > 0:
            bosses = [c for c in legal if is_boss(c)]
            if bosses:
                return max(bosses, key=lambda c: (suit_of(c) == trump, rank_of(c)))
            return max(legal, key=lambda c: (suit_of(c) == trump, rank_of(c)))
        # Done: lead low in a plain suit so that partners who still need tricks can take it.
        plain = [c for c in legal if suit_of(c) != trump] or legal
        return min(plain, key=rank_of)


register_bot("tricks-together", "heuristic")(TricksTogetherBot)
