"""A heuristic Trumps bot.

It marks the lowest card of its best suit (long and high: trumps compete by rank across suits), passes away
short side suits (voids let it ruff once declared) and low cards, never aces, declares when declaring wins
the trick at hand or when it can lead a strong trump, and in team play leaves tricks to a partner who is
already winning them.  It sees only its view: its hand, its own indicator, the public declarations, the
trick with each card's trump flag, and the cards played this hand (from the hand's public events).
"""

from __future__ import annotations

import random
from typing import Any

from tricktable.core.cards import SUIT_NAMES, card_str, parse_card, rank_of, suit_of
from tricktable.rules.trumps import trick_winner

ACE, KING, QUEEN, JACK = 12, 11, 10, 9


class _Card:
    """A candidate play: the card, whether it declares, and whether it would count as a trump."""

    __slots__ = ("card", "declare", "trump")

    def __init__(self, card: int, declare: bool, trump: bool) -> None:
        self.card = card
        self.declare = declare
        self.trump = trump

    def text(self) -> str:
        return ("declare " if self.declare else "") + card_str(self.card)


def suit_strength(ranks: list[int]) -> float:
    """How good a suit is as a personal trump: length first, then high ranks."""
    return 1.2 * len(ranks) + sum(max(0, r - 6) / 5 for r in ranks)


class TrumpsBot:
    """Heuristic player for Trumps, alone or with a partner."""

    name = "heuristic"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: dict[str, Any]) -> str:
        legal = view["legal_moves"]
        if not legal:
            raise ValueError("the view offers no legal move: it is not this seat's turn")
        phase = view["phase"]
        hand = [parse_card(c) for c in view["hand"]]
        if phase == "mark":
            return self._mark(hand)
        if phase == "pass":
            own = parse_card(view["indicator"]) if view.get("indicator") else None
            count = len(legal[0].split()) - 1
            return self._pass(hand, None if own is None else suit_of(own), count)
        return self._play(view, hand, legal)

    # ----- before play -----------------------------------------------------------------------------

    def _mark(self, hand: list[int]) -> str:
        by_suit: dict[int, list[int]] = {}
        for card in hand:
            by_suit.setdefault(suit_of(card), []).append(rank_of(card))
        # The indicator leaves the hand, so a suit needs two cards to be declarable afterwards.
        options = {s: r for s, r in by_suit.items() if len(r) >= 2} or by_suit
        best = max(options, key=lambda s: (suit_strength(options[s]), s))
        return f"mark {card_str(best * 13 + min(options[best]))}"

    def _pass(self, hand: list[int], trump: int | None, count: int) -> str:
        side = [c for c in hand if suit_of(c) != trump]
        by_suit: dict[int, list[int]] = {}
        for card in side:
            by_suit.setdefault(suit_of(card), []).append(card)
        chosen: list[int] = []
        # Void the shortest side suits without an ace: a void lets us ruff once we have declared.
        for suit in sorted(by_suit, key=lambda s: (len(by_suit[s]), max(by_suit[s]))):
            cards = by_suit[suit]
            if len(cards) <= count - len(chosen) and max(rank_of(c) for c in cards) < ACE:
                chosen.extend(cards)
        # Then low side cards from short suits, then the lowest cards of all; never an ace if avoidable.
        rest = sorted(
            (c for c in hand if c not in chosen),
            key=lambda c: (suit_of(c) == trump, rank_of(c) == ACE, rank_of(c) >= QUEEN, rank_of(c)),
        )
        chosen.extend(rest[: count - len(chosen)])
        # The canonical notation lists the cards in hand order (by suit, high to low).
        return "pass " + " ".join(card_str(c) for c in sorted(chosen[:count], key=lambda c: (suit_of(c), -c)))

    # ----- play ------------------------------------------------------------------------------------

    def _play(self, view: dict[str, Any], hand: list[int], legal: list[str]) -> str:
        me = view["seat"]
        seats = view["seats"]
        n = view["players"]
        trump_name = seats[me]["trumps"]
        my_trump = SUIT_NAMES.index(trump_name) if trump_name else -1
        own = parse_card(view["indicator"]) if view.get("indicator") else -1
        candidates: list[_Card] = []
        for move in legal:
            if move.startswith("declare "):
                card = parse_card(move.split()[1])
                candidates.append(_Card(card, True, True))
            else:
                card = parse_card(move)
                candidates.append(_Card(card, False, suit_of(card) == my_trump))
        seen = {parse_card(e["card"]) for e in view["events"] if e["type"] in ("card_played", "starter_turned")}
        seen.update(hand)
        if own >= 0:
            seen.add(own)
        trick = view["trick"]
        if not trick:
            return self._lead(candidates, seen).text()
        # The best card of the trick so far, by the game's own rule for the winner.
        cards = [parse_card(entry["card"]) for entry in trick]
        flags = [entry.get("note") == "trump" for entry in trick]
        best = trick_winner(cards, flags)
        led = suit_of(cards[0])
        best_seat, best_rank, best_trump = trick[best]["seat"], rank_of(cards[best]), flags[best]
        played_here = sum(1 for e in trick if e["seat"] is not None)
        after_me = n - played_here - 1

        def beats(c: _Card) -> bool:
            if c.trump:
                return not best_trump or rank_of(c.card) > best_rank
            return suit_of(c.card) == led and not best_trump and rank_of(c.card) > best_rank

        def holds(c: _Card) -> bool:
            """Likely to stay best: last to play, a high trump, or the top unseen card of the led suit."""
            if after_me == 0:
                return True
            if c.trump:
                return rank_of(c.card) >= (JACK if after_me <= 2 else QUEEN)
            higher = range(c.card + 1, (suit_of(c.card) + 1) * 13)
            return all(h in seen for h in higher) and after_me <= 2

        partner = None
        if "team" in seats[me]:
            partner = next(p for p in range(n) if p != me and seats[p]["team"] == seats[me]["team"])
        plain = [c for c in candidates if not c.declare]
        cheap = sorted(plain or candidates, key=lambda c: (c.trump, rank_of(c.card) >= QUEEN, rank_of(c.card)))
        if partner is not None and best_seat == partner:
            partner_safe = (
                after_me == 0
                or (best_trump and best_rank >= QUEEN)
                or (
                    not best_trump
                    and all(h in seen for h in range(led * 13 + best_rank + 1, (led + 1) * 13))
                    and after_me <= 1
                )
            )
            if partner_safe:
                return self._discard(cheap, hand).text()
        winners = [c for c in candidates if beats(c)]
        if winners:
            sure = [c for c in winners if holds(c)]
            if sure:
                # The cheapest card that should hold; plain plays before declaring, low before high.
                pick = min(sure, key=lambda c: (c.declare, c.trump, rank_of(c.card)))
                if not pick.declare or self._worth_declaring(hand, own, after_me):
                    return pick.text()
            plain_winners = [c for c in winners if not c.declare]
            if plain_winners and after_me <= 1:
                return min(plain_winners, key=lambda c: (c.trump, rank_of(c.card))).text()
        return self._discard(cheap, hand).text()

    def _worth_declaring(self, hand: list[int], own: int, after_me: int) -> bool:
        """Declaring gives up the chance to discard later: do it when the suit is worth it or the trick is sure."""
        if own < 0:
            return False
        ranks = [rank_of(c) for c in hand if suit_of(c) == suit_of(own)]
        return after_me == 0 or len(ranks) >= 2 or max(ranks, default=0) >= QUEEN

    def _discard(self, cheap: list[_Card], hand: list[int]) -> _Card:
        """Throw the least useful card: non-trumps before trumps, low before high, from short suits first."""
        lengths = {s: sum(1 for c in hand if suit_of(c) == s) for s in range(4)}
        return min(cheap, key=lambda c: (c.trump, rank_of(c.card) >= QUEEN, rank_of(c.card), lengths[suit_of(c.card)]))

    def _lead(self, candidates: list[_Card], seen: set[int]) -> _Card:
        def is_boss(card: int) -> bool:
            return all(h in seen for h in range(card + 1, (suit_of(card) + 1) * 13))

        trumps = [c for c in candidates if c.trump and not c.declare]
        high_trumps = [c for c in trumps if rank_of(c.card) >= KING]
        if high_trumps:
            return max(high_trumps, key=lambda c: rank_of(c.card))
        declares = [c for c in candidates if c.declare]
        if declares:
            top = max(declares, key=lambda c: rank_of(c.card))
            if rank_of(top.card) >= KING or (len(declares) >= 3 and rank_of(top.card) >= JACK):
                return top
        bosses = [c for c in candidates if not c.declare and not c.trump and is_boss(c.card)]
        if bosses:
            return max(bosses, key=lambda c: rank_of(c.card))
        plain = [c for c in candidates if not c.declare and not c.trump] or [c for c in candidates if not c.declare]
        if not plain:
            return max(candidates, key=lambda c: rank_of(c.card))
        # Lead low from the longest side suit: it keeps the trumps and the high cards for later.
        lengths: dict[int, int] = {}
        for c in plain:
            lengths[suit_of(c.card)] = lengths.get(suit_of(c.card), 0) + 1
        return min(plain, key=lambda c: (-lengths[suit_of(c.card)], rank_of(c.card)))
