"""A heuristic Tandem Trick bot.

It sees only its view: its hand, the card backs (8-11 by colour, unmarked count) of the others, the public bids,
the cards on the table and the cards played or bid this round (from the round's events).  It

* estimates, for each card, the chance that it takes a trick, from how many unseen cards of its colour are
  higher; the distribution of future tricks is the sum of those chances (Poisson binomial);
* bids as soon as one card's value is a likely enough trick count (the bar falls as the round goes on and the
  bonus cards go), and considers a 0 bid (misère) when the hand is low enough to lose every trick;
* rides along when the tandem wins the trick for it (alone rather than in a tandem with the same card, which
  would hand the partner a trick), rides along with an opponent's misère card to break it, and plays under an
  opponent's misère card that leads the trick rather than take the trick off it;
* sheds safely when it wants no more tricks: discards, losing tandems, and low cards nobody can lift.
"""

from __future__ import annotations

import random
from typing import Any

from tricktable.rules.tandem_trick import CARD_TEXT, COLOUR_NAMES, COLOURS, HIGH_MASKS, SUIT_MASKS, parse_card

#: A successful misère ends the game with 1,000,000 points: weigh it like several ordinary hit bids.
MISERE_WORTH = 14.0
#: ``DECAY[k]``: a card's chance falls by this factor for ``k`` unseen cards above it in its colour.
DECAY = tuple(0.68**k for k in range(13))


def win_chance(card: int, unseen: int) -> float:
    """Chance that ``card`` takes a trick some time this round, from the unseen cards above it in its colour."""
    colour, value = divmod(card, 12)
    above = (unseen & SUIT_MASKS[colour]) >> (colour * 12 + value + 1)
    # Middle cards also win now and then as half of a tandem; no card beats the top card's chance.
    return min(0.85, 0.85 * DECAY[above.bit_count()] + (0.04 if 4 <= value <= 9 else 0.0))


def trick_distribution(chances: list[float]) -> list[float]:
    """Probabilities of taking 0..len(chances) tricks, treating each card as an independent chance."""
    dist = [1.0]
    for p in chances:
        nxt = [0.0] * (len(dist) + 1)
        for k, q in enumerate(dist):
            nxt[k] += q * (1.0 - p)
            nxt[k + 1] += q * p
        dist = nxt
    return dist


def best_bid(cards: list[int], chances: dict[int, float], tricks: int, bonus: int) -> tuple[int, float]:
    """The card worth bidding most, and what it is worth (-1 and -1.0 if no card's value is still reachable):
    the chance of taking exactly its value in tricks (``tricks`` taken so far) with the other ``cards``, times
    the points (the card's value, a misère's worth, plus the bonus for bidding now)."""
    best_card, best_score = -1, -1.0
    for card in cards:
        rest = [chances[c] for c in cards if c != card]
        value = card % 12
        need = value - tricks
        if need < 0 or need > len(rest):
            continue
        if value == 0:
            # Playing to lose, a card is taken only when it cannot be got rid of: weaker than its win chance.
            p_zero = 1.0
            for p in rest:
                p_zero *= 1.0 - 0.75 * p
            score = p_zero * (MISERE_WORTH + bonus)
        else:
            score = trick_distribution(rest)[need] * (value + bonus)
        if score > best_score:
            best_card, best_score = card, score
    return best_card, best_score


class TandemTrickBot:
    """Heuristic player for Tandem Trick."""

    name = "heuristic"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    # ----- reading the view ------------------------------------------------------------------------

    def choose(self, view: dict[str, Any]) -> str:
        legal: list[str] = view["legal_moves"]
        if len(legal) == 1:
            return legal[0]
        self.view = view
        self.me = view["seat"]
        self.n = view["players"]
        self.colours = 3 if self.n == 3 else 4
        self.hand = [parse_card(t) for t in view["hand"]]
        hand_mask = 0
        for c in self.hand:
            hand_mask |= 1 << c
        seen = 0
        for e in view["events"]:
            if e["type"] in ("card_played", "tandem_formed", "bid", "forced_bid"):
                seen |= 1 << parse_card(e["card"])
        self.unseen = ((1 << (12 * self.colours)) - 1) & ~seen & ~hand_mask
        lead_name = view["table"]["lead suit"]
        self.lead = COLOUR_NAMES.index(lead_name) if lead_name else -1
        me = view["seats"][self.me]
        self.bid = me["bid"]
        self.tricks = me["tricks"]
        plays = [parse_card(m) for m in legal if " " not in m]
        rides = [parse_card(m.split()[1]) for m in legal if m.startswith("tandem ")]
        can_bid = any(m.startswith("bid ") for m in legal)
        if can_bid:
            choice = self._consider_bid(view)
            if choice is not None:
                return f"bid {CARD_TEXT[choice]}"
        return self._play(plays, rides)

    def _later_seats(self) -> list[int]:
        """Seats still to act in this trick after this one."""
        acted = len(self.view["trick"])
        return [(self.me + k) % self.n for k in range(1, self.n - acted)]

    def _misere_alive(self, seat: int) -> bool:
        s = self.view["seats"][seat]
        return s["bid"] == 0 and s["tricks"] == 0

    # ----- bidding ---------------------------------------------------------------------------------

    def _consider_bid(self, view: dict[str, Any]) -> int | None:
        cycle = view["table"]["trick"] - 1
        left = view["table"]["bonus cards left"]
        bonus = int(left.split()[0]) if left != "none" else 0
        chances = {c: win_chance(c, self.unseen) for c in self.hand}
        best_card, best_score = best_bid(self.hand, chances, self.tricks, bonus)
        if best_card < 0:
            # No card's value is reachable any more: bid the card least useful for taking tricks.
            return min(self.hand, key=lambda c: chances[c]) if cycle >= 9 else None
        threshold = max(0.0, 2.6 - 0.28 * cycle)
        if self.lead >= 0 and not self._could_win_now():
            threshold *= 0.8  # sitting out a trick this seat would lose anyway costs nothing
        return best_card if best_score >= threshold else None

    def _could_win_now(self) -> bool:
        follow = [c for c in self.hand if c // 12 == self.lead]
        best = self._best_side()
        return any((c % 12, c % 12) > best for c in follow)

    # ----- the table -------------------------------------------------------------------------------

    def _sides(self) -> dict[int, list[int]]:
        """Sides on the table, keyed by the seat of their first card: [total, highest single value]."""
        sides: dict[int, list[int]] = {}
        for entry in self.view["trick"]:
            note = entry["note"]
            value = parse_card(entry["card"]) % 12
            if note == "alone":
                sides[entry["seat"]] = [value, value]
            elif note.startswith("tandem with seat "):
                side = sides[int(note.rsplit(" ", 1)[1])]
                side[0] += value
                side[1] = max(side[1], value)
        return sides

    def _best_side(self, without: int = -1) -> tuple[int, int]:
        best = (-1, -1)
        for seat, side in self._sides().items():
            if seat != without and (side[0], side[1]) > best:
                best = (side[0], side[1])
        return best

    def _right_seat(self) -> int:
        for entry in reversed(self.view["trick"]):
            if not entry["note"].startswith("bid"):
                return int(entry["seat"])
        return -1

    def _cap(self, seat: int, colour: int) -> int:
        """The highest value ``seat`` might still play in ``colour``, judged from its card backs."""
        info = self.view["seats"][seat]
        unseen = self.unseen & SUIT_MASKS[colour]
        if info["backs"].get(COLOURS[colour], 0) > 0 and unseen & HIGH_MASKS[colour]:
            return (unseen & HIGH_MASKS[colour]).bit_length() - 1 - colour * 12
        low = unseen & ~HIGH_MASKS[colour]
        if info["unmarked"] > 0 and low:
            return low.bit_length() - 1 - colour * 12
        return -1

    def _threat(self, colour: int) -> int:
        """The strongest side the players after this seat might still form in ``colour``."""
        caps = sorted((self._cap(s, colour) for s in self._later_seats()), reverse=True)
        caps = [c for c in caps if c >= 0]
        if not caps:
            return -1
        return caps[0] + caps[1] if len(caps) >= 2 else caps[0]

    # ----- playing ---------------------------------------------------------------------------------

    def _wants_tricks(self) -> bool:
        if self.bid is None:
            return True
        need = self.bid - self.tricks
        # Once a bid is hit, every further trick breaks it; a bid already missed only counts tricks.
        return need != 0

    def _play(self, plays: list[int], rides: list[int]) -> str:
        if self.lead < 0:
            return CARD_TEXT[self._lead(plays)]
        right = self._right_seat()
        best_other = self._best_side(without=right)
        right_side = self._sides().get(right)
        threat = self._threat(self.lead)
        # Break an opponent's misère: ride along with its card so that the tandem takes the trick.
        if rides and right_side is not None and self._misere_alive(right) and not self._misere_alive(self.me):
            winning = [c for c in rides if (right_side[0] + c % 12, max(right_side[1], c % 12)) > best_other]
            if winning:
                return "tandem " + CARD_TEXT[max(winning)]
        if self._wants_tricks():
            duck = self._duck_under_misere(plays)
            if duck is not None:
                return duck
            return self._play_to_win(plays, rides, right, right_side, best_other, threat)
        return self._play_to_lose(plays, rides, right_side, best_other)

    def _duck_under_misere(self, plays: list[int]) -> str | None:
        """If an opponent's live misère card leads the trick, play under it: taking this trick would save it."""
        sides = self._sides()
        if not sides:
            return None
        owner = max(sides, key=lambda s: (sides[s][0], sides[s][1]))
        if not self._misere_alive(owner) or self._misere_alive(self.me):
            return None
        best = (sides[owner][0], sides[owner][1])
        under = [c for c in plays if c // 12 != self.lead or (c % 12, c % 12) < best]
        if not under:
            return None
        # Give up the card least likely to win a trick later.
        return CARD_TEXT[min(under, key=lambda c: (win_chance(c, self.unseen), c % 12))]

    def _play_to_win(
        self,
        plays: list[int],
        rides: list[int],
        right: int,
        right_side: list[int] | None,
        best_other: tuple[int, int],
        threat: int,
    ) -> str:
        best_now = self._best_side()
        options: list[tuple[float, float, str]] = []  # (hold chance, cost, move)
        for c in plays:
            v = c % 12
            if c // 12 == self.lead and (v, v) > best_now:
                hold = 1.0 if v > threat else (0.4 if v * 2 > threat else 0.15)
                options.append((hold, v, CARD_TEXT[c]))
        if right_side is not None:
            for c in rides:
                v = c % 12
                side = (right_side[0] + v, max(right_side[1], v))
                if side > best_other:
                    # Nobody can ride on a tandem, so only new sides of later players can beat it.
                    hold = 1.0 if side[0] > threat else (0.5 if side[0] * 2 > threat else 0.2)
                    # A tandem also gives the partner a trick: mind helping an opponent hit their bid.
                    partner = self.view["seats"][right]
                    gift = partner["bid"] is not None and partner["bid"] - partner["tricks"] == 1
                    # A tandem hands the partner a trick as well: with the same card, prefer winning alone.
                    options.append((hold - (0.3 if gift else 0.0), v + 0.5, "tandem " + CARD_TEXT[c]))
        sure = [o for o in options if o[0] >= 1.0]
        if sure:
            return min(sure, key=lambda o: o[1])[2]
        if options:
            hold, _, move = max(options, key=lambda o: (o[0], o[1]))
            if hold >= 0.4:
                return move
        # Cannot win cheaply: give up the least useful card.
        return CARD_TEXT[min(plays, key=lambda c: (win_chance(c, self.unseen), c % 12))]

    def _play_to_lose(
        self, plays: list[int], rides: list[int], right_side: list[int] | None, best_other: tuple[int, int]
    ) -> str:
        best_now = self._best_side()
        follow = [c for c in plays if c // 12 == self.lead]
        if not follow:
            # A discard never wins and nobody can ride along with it: throw the most dangerous card.
            return CARD_TEXT[max(plays, key=lambda c: (win_chance(c, self.unseen), c % 12))]
        # A losing tandem stays losing: later players cannot ride on it, and the best side only grows.
        if right_side is not None:
            safe = [c for c in rides if (right_side[0] + c % 12, max(right_side[1], c % 12)) < best_other]
            if safe:
                return "tandem " + CARD_TEXT[max(safe)]
        later = self._later_seats()
        lift = self._cap(later[0], self.lead) if later else -1
        losing = [c for c in follow if (c % 12, c % 12) < best_now]
        # A lone card can still be lifted by the next player riding along: keep it low enough.
        safe_alone = [c for c in losing if c % 12 + max(lift, 0) < best_now[0] or not later]
        if safe_alone:
            return CARD_TEXT[max(safe_alone)]
        if losing:
            return CARD_TEXT[min(losing)]
        # Every card wins for now: play the highest, hoping a later side beats it and to be rid of it.
        return CARD_TEXT[max(follow)]

    def _lead(self, plays: list[int]) -> int:
        if self._wants_tricks():

            def lead_key(c: int) -> tuple[float, int]:
                return (win_chance(c, self.unseen), c % 12)

            best = max(plays, key=lead_key)
            if win_chance(best, self.unseen) >= 0.6:
                return best
            # No sure winner: lead low in the colour where this seat is longest, to keep the high cards.
            return min(plays, key=lambda c: (c % 12, -sum(1 for d in plays if d // 12 == c // 12)))

        # Playing to lose: lead the card with the most unseen cards above it (others will beat it).
        def danger(c: int) -> tuple[int, int]:
            colour = c // 12
            above = (self.unseen & SUIT_MASKS[colour]) >> (c + 1)
            return (-above.bit_count(), c % 12)

        return min(plays, key=danger)
