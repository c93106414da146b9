"""A heuristic Tricks Together bot: commits from its hand, then plays to hit its own number and to help
the team (win cheaply when it needs a trick, lead low to give tricks away, throw high cards when it is done,
count trumps).

It sees only its view: its hand, the public numbers (when revealed), trick counts, the current trick and
the cards played this round (the round's public events).  The commitment comes from a quick Monte Carlo
estimate: the unseen cards are dealt at random to the others many times, and a plain "win if you can,
cheaply" play-out counts the tricks this hand takes.
"""

from __future__ import annotations

import random
from typing import Any

from tricktable.core.cards import FULL_DECK, SUIT_MASKS, SUIT_NAMES, bits, card_str, parse_card, rank_of, suit_of
from tricktable.rules.tricks_together import beats

SAMPLES = 40


def trump_suit_of(view: dict[str, Any]) -> int:
    name = view["table"]["trumps"]
    return SUIT_NAMES.index(name) if name in SUIT_NAMES else -1


def strength(card: int, trump: int) -> int:
    """Order of cards by power: trumps above everything, then rank."""
    return rank_of(card) + (13 if suit_of(card) == trump else 0)


def greedy_playout(hands: list[int], trump: int, leader: int, tricks: int) -> list[int]:
    """Everybody plays to win: lead the strongest card, follow with the cheapest winner, else the lowest."""
    n = len(hands)
    hands = hands[:]
    won = [0] * n
    for _ in range(tricks):
        trick_best = -1
        winner = leader
        led = -1
        for k in range(n):
            seat = (leader + k) % n
            hand = hands[seat]
            if k == 0:
                card = max(bits(hand), key=lambda c: strength(c, trump))
                led = suit_of(card)
            else:
                pool = hand & SUIT_MASKS[led] or hand
                cards = list(bits(pool))
                winners = [c for c in cards if beats(c, trick_best, led, trump)]
                if winners:
                    card = min(winners, key=lambda c: strength(c, trump))
                else:
                    card = min(cards, key=lambda c: strength(c, trump))
            hands[seat] ^= 1 << card
            if k == 0 or beats(card, trick_best, led, trump):
                trick_best, winner = card, seat
        won[winner] += 1
        leader = winner
    return won


def estimate_tricks(view: dict[str, Any], rng: random.Random, samples: int = SAMPLES) -> float:
    """Expected tricks of this seat's hand over random deals of the unseen cards."""
    seat = view["seat"]
    players = view["players"]
    cards = view["table"]["cards"]
    trump = trump_suit_of(view)
    mine = 0
    for text in view["hand"]:
        mine |= 1 << parse_card(text)
    # The hand as dealt: later in the round the cards this seat has played count too.
    for event in view["events"]:
        if event["type"] == "card_played" and event["seat"] == seat:
            mine |= 1 << parse_card(event["card"])
    unseen = list(bits(FULL_DECK & ~mine & ~(1 << parse_card(view["table"]["trump card"]))))
    dealer = view["table"]["dealer"]
    leader = (dealer + 1) % players
    total = 0
    for _ in range(samples):
        drawn = rng.sample(unseen, cards * (players - 1))
        hands = []
        index = 0
        for p in range(players):
            if p == seat:
                hands.append(mine)
            else:
                hand = 0
                for c in drawn[index : index + cards]:
                    hand |= 1 << c
                hands.append(hand)
                index += cards
        total += greedy_playout(hands, trump, leader, cards)[seat]
    return total / samples


class TricksTogetherBot:
    """Heuristic player for Tricks Together."""

    name = "heuristic"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)
        self._aim: tuple[int, int] | None = None

    def choose(self, view: dict[str, Any]) -> str:
        if view["phase"] == "commit":
            return self._commit(view)
        return card_str(self._play(view, [parse_card(m) for m in view["legal_moves"]]))

    def _commit(self, view: dict[str, Any]) -> str:
        cards = view["table"]["cards"]
        expected = estimate_tricks(view, self.rng)
        # Round a little downwards: the dealer absorbs what the others leave, and an over-count by the
        # others (their sum above the cards) fails the round at once.
        number = int(expected + 0.5)
        return f"bid {max(0, min(cards, number))}"

    # ----- play ----------------------------------------------------------------------------------

    def _targets(self, view: dict[str, Any]) -> list[int | None]:
        targets: list[int | None] = [s["number"] for s in view["seats"]]
        seat = view["seat"]
        if targets[seat] is None:
            # Secret numbers: the dealer never learns its number; it aims at what its hand is worth, estimated
            # once per deal so that the aim does not wander from trick to trick.
            deal = view["table"]["deal"]
            if self._aim is None or self._aim[0] != deal:
                self._aim = (deal, int(estimate_tricks(view, self.rng, 20) + 0.5))
            targets[seat] = self._aim[1]
        return targets

    def _play(self, view: dict[str, Any], legal: list[int]) -> int:
        trump = trump_suit_of(view)
        seat = view["seat"]
        players = view["players"]
        targets = self._targets(view)
        won = [s["tricks"] for s in view["seats"]]
        target = targets[seat]
        assert target is not None
        need = target - won[seat]
        played = {parse_card(e["card"]) for e in view["events"] if e["type"] == "card_played"}
        hand = {parse_card(c) for c in view["hand"]}
        unseen = set(range(52)) - played - hand - {parse_card(view["table"]["trump card"])}

        def is_boss(card: int) -> bool:
            """No unseen card can beat it: the higher cards of its suit (and trumps, if it is not one) are gone."""
            higher = range(card + 1, (suit_of(card) + 1) * 13)
            if any(c in unseen for c in higher):
                return False
            return suit_of(card) == trump or trump < 0 or not any(suit_of(c) == trump for c in unseen)

        trick = [parse_card(t["card"]) for t in view["trick"]]
        if not trick:
            return self._lead(legal, need, trump, is_boss, targets, won, seat, players)
        led = suit_of(trick[0])
        best = trick[0]
        for card in trick[1:]:
            if beats(card, best, led, trump):
                best = card
        winners = sorted((c for c in legal if beats(c, best, led, trump)), key=lambda c: strength(c, trump))
        losers = sorted((c for c in legal if c not in winners), key=lambda c: strength(c, trump))
        last_to_play = len(trick) == players - 1
        if need > 0 and winners:
            if last_to_play:
                return winners[0]
            sure = [c for c in winners if is_boss(c)]
            return sure[0] if sure else winners[-1]
        if need <= 0 and losers:
            # Done: throw the highest card that still loses, so it cannot take a trick later.
            return losers[-1]
        if losers:
            # Cannot win this one but still need tricks: keep the high cards, give away the lowest.
            return losers[0]
        # Forced to win: do it as cheaply as possible (or as dearly, if later players may still overtake).
        return winners[0] if last_to_play else winners[-1]

    def _lead(
        self,
        legal: list[int],
        need: int,
        trump: int,
        is_boss: Any,
        targets: list[int | None],
        won: list[int],
        seat: int,
        players: int,
    ) -> int:
        if need > 0:
            bosses = [c for c in legal if is_boss(c)]
            if bosses:
                # A sure trick; use a plain boss before a trump so the trumps stay to ruff with.
                return min(bosses, key=lambda c: (suit_of(c) == trump, rank_of(c)))
            return max(legal, key=lambda c: strength(c, trump))
        others_need = any(t is not None and t - won[p] > 0 for p, t in enumerate(targets) if p != seat)
        plain = [c for c in legal if suit_of(c) != trump] or legal
        if others_need:
            # Lead low so that a partner who still needs a trick can take it.
            return min(plain, key=lambda c: strength(c, trump))
        # Nobody needs anything: lead the card least likely to win.
        return min(legal, key=lambda c: strength(c, trump))
