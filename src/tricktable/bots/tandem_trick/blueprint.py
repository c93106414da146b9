"""The convention the search bots play out and read the others by: the heuristic's rules on a ``Position``.

``blueprint_move(position)`` is the move the heuristic bot (``heuristic.py``) makes for the seat to move,
computed from the same facts the heuristic reads off its view — the seat's hand, the cards gone this round, the
others' card backs, the bids, tricks and the trick on the table — but on ints, with no view to build.
It never looks at another seat's cards beyond their backs, so in a sampled world it is a legal, fair policy for
every seat.  ``tests/bots/tandem_trick/test_blueprint.py`` checks it against the heuristic on the views of random
games, and ``cblueprint.pyx`` (the compiled twin the search runs) against this module.

The ordering of cards matters where the heuristic breaks ties by the first card found: the hand is walked in the
view's order (colour R, Y, B, K, high to low inside a colour), legal moves in the game's order.
"""

from __future__ import annotations

from tricktable.bots.tandem_trick.heuristic import best_bid, win_chance
from tricktable.rules.tandem_trick import (
    ALONE,
    BIDDING,
    BONUS_CARDS,
    HIGH_MASKS,
    KIND_BID,
    KIND_PLAY,
    KIND_TANDEM,
    RIDE,
    SUIT_MASKS,
    Position,
    move_of,
)


def view_order(hand: int) -> list[int]:
    """The cards of ``hand`` as a view lists them: by colour, high to low inside a colour."""
    out = []
    for colour in range(4):
        for value in range(11, -1, -1):
            card = colour * 12 + value
            if hand >> card & 1:
                out.append(card)
    return out


class _Seat:
    """The facts one seat reads, computed once per decision."""

    def __init__(self, pos: Position) -> None:
        self.pos = pos
        self.me = pos.turn
        self.n = pos.players
        self.hand = pos.hands[self.me]
        self.cards = view_order(self.hand)
        self.unseen = pos.deck & ~pos.gone & ~self.hand
        self.lead = pos.lead_suit
        bid = pos.bid_card[self.me]
        self.bid = bid % 12 if bid >= 0 else -1
        self.tricks = pos.won[self.me]
        # Sides on the table, keyed by the seat of their first card: [total, highest single value].
        self.sides: dict[int, list[int]] = {}
        for seat, card, kind, partner in pos.entries:
            v = card % 12
            if kind == ALONE:
                self.sides[seat] = [v, v]
            elif kind == RIDE:
                side = self.sides[partner]
                side[0] += v
                side[1] = max(side[1], v)

    def misere_alive(self, seat: int) -> bool:
        b = self.pos.bid_card[seat]
        return b >= 0 and b % 12 == 0 and self.pos.won[seat] == 0

    def best_side(self, without: int = -1) -> tuple[int, int]:
        best = (-1, -1)
        for seat, side in self.sides.items():
            if seat != without and (side[0], side[1]) > best:
                best = (side[0], side[1])
        return best

    def right_seat(self) -> int:
        for seat, _, kind, _ in reversed(self.pos.entries):
            if kind != BIDDING:
                return seat
        return -1

    def later_seats(self) -> list[int]:
        acted = len(self.pos.entries)
        return [(self.me + k) % self.n for k in range(1, self.n - acted)]

    def cap(self, seat: int, colour: int) -> int:
        """The highest value ``seat`` might still play in ``colour``, judged from its card backs."""
        hand = self.pos.hands[seat]
        unseen = self.unseen & SUIT_MASKS[colour]
        high = unseen & HIGH_MASKS[colour]
        if hand & HIGH_MASKS[colour] and high:
            return high.bit_length() - 1 - colour * 12
        low = unseen & ~HIGH_MASKS[colour]
        plain = hand.bit_count() - sum((hand & HIGH_MASKS[c]).bit_count() for c in range(4))
        if plain > 0 and low:
            return low.bit_length() - 1 - colour * 12
        return -1

    def threat(self, colour: int) -> int:
        caps = sorted((self.cap(s, colour) for s in self.later_seats()), reverse=True)
        caps = [c for c in caps if c >= 0]
        if not caps:
            return -1
        return caps[0] + caps[1] if len(caps) >= 2 else caps[0]

    def wants_tricks(self) -> bool:
        return self.bid < 0 or self.bid - self.tricks != 0

    def chance(self, card: int) -> float:
        return win_chance(card, self.unseen)


def blueprint_move(pos: Position) -> int:
    """The heuristic's move for the seat to move in ``pos``."""
    legal = pos.legal()
    if len(legal) == 1:
        return legal[0]
    s = _Seat(pos)
    plays = [m & 63 for m in legal if m >> 6 == KIND_PLAY]
    rides = [m & 63 for m in legal if m >> 6 == KIND_TANDEM]
    if any(m >> 6 == KIND_BID for m in legal):
        choice = _consider_bid(s)
        if choice >= 0:
            return move_of(KIND_BID, choice)
    return _play(s, plays, rides)


def _consider_bid(s: _Seat) -> int:
    cycle = s.pos.cycle
    made = s.pos.bids_made
    bonus = BONUS_CARDS[made] if made < len(BONUS_CARDS) else 0
    chances = {c: s.chance(c) for c in s.cards}
    best_card, best_score = best_bid(s.cards, chances, s.tricks, bonus)
    if best_card < 0:
        return min(s.cards, key=lambda c: chances[c]) if cycle >= 9 else -1
    threshold = max(0.0, 2.6 - 0.28 * cycle)
    if s.lead >= 0 and not _could_win_now(s):
        threshold *= 0.8
    return best_card if best_score >= threshold else -1


def _could_win_now(s: _Seat) -> bool:
    best = s.best_side()
    return any((c % 12, c % 12) > best for c in s.cards if c // 12 == s.lead)


def _play(s: _Seat, plays: list[int], rides: list[int]) -> int:
    if s.lead < 0:
        return move_of(KIND_PLAY, _lead(s, plays))
    right = s.right_seat()
    best_other = s.best_side(without=right)
    right_side = s.sides.get(right)
    threat = s.threat(s.lead)
    if rides and right_side is not None and s.misere_alive(right) and not s.misere_alive(s.me):
        winning = [c for c in rides if (right_side[0] + c % 12, max(right_side[1], c % 12)) > best_other]
        if winning:
            return move_of(KIND_TANDEM, max(winning))
    if s.wants_tricks():
        duck = _duck_under_misere(s, plays)
        if duck >= 0:
            return move_of(KIND_PLAY, duck)
        return _play_to_win(s, plays, rides, right, right_side, best_other, threat)
    return _play_to_lose(s, plays, rides, right_side, best_other)


def _duck_under_misere(s: _Seat, plays: list[int]) -> int:
    if not s.sides:
        return -1
    owner = max(s.sides, key=lambda seat: (s.sides[seat][0], s.sides[seat][1]))
    if not s.misere_alive(owner) or s.misere_alive(s.me):
        return -1
    best = (s.sides[owner][0], s.sides[owner][1])
    under = [c for c in plays if c // 12 != s.lead or (c % 12, c % 12) < best]
    if not under:
        return -1
    return min(under, key=lambda c: (s.chance(c), c % 12))


def _play_to_win(
    s: _Seat,
    plays: list[int],
    rides: list[int],
    right: int,
    right_side: list[int] | None,
    best_other: tuple[int, int],
    threat: int,
) -> int:
    best_now = s.best_side()
    options: list[tuple[float, float, int]] = []  # (hold chance, cost, move)
    for c in plays:
        v = c % 12
        if c // 12 == s.lead and (v, v) > best_now:
            hold = 1.0 if v > threat else (0.4 if v * 2 > threat else 0.15)
            options.append((hold, v, move_of(KIND_PLAY, c)))
    if right_side is not None:
        for c in rides:
            v = c % 12
            side = (right_side[0] + v, max(right_side[1], v))
            if side > best_other:
                hold = 1.0 if side[0] > threat else (0.5 if side[0] * 2 > threat else 0.2)
                partner_bid = s.pos.bid_card[right]
                gift = partner_bid >= 0 and partner_bid % 12 - s.pos.won[right] == 1
                options.append((hold - (0.3 if gift else 0.0), v + 0.5, move_of(KIND_TANDEM, c)))
    sure = [o for o in options if o[0] >= 1.0]
    if sure:
        return min(sure, key=lambda o: o[1])[2]
    if options:
        hold, _, move = max(options, key=lambda o: (o[0], o[1]))
        if hold >= 0.4:
            return move
    return move_of(KIND_PLAY, min(plays, key=lambda c: (s.chance(c), c % 12)))


def _play_to_lose(
    s: _Seat, plays: list[int], rides: list[int], right_side: list[int] | None, best_other: tuple[int, int]
) -> int:
    best_now = s.best_side()
    follow = [c for c in plays if c // 12 == s.lead]
    if not follow:
        return move_of(KIND_PLAY, max(plays, key=lambda c: (s.chance(c), c % 12)))
    if right_side is not None:
        safe = [c for c in rides if (right_side[0] + c % 12, max(right_side[1], c % 12)) < best_other]
        if safe:
            return move_of(KIND_TANDEM, max(safe))
    later = s.later_seats()
    lift = s.cap(later[0], s.lead) if later else -1
    losing = [c for c in follow if (c % 12, c % 12) < best_now]
    safe_alone = [c for c in losing if c % 12 + max(lift, 0) < best_now[0] or not later]
    if safe_alone:
        return move_of(KIND_PLAY, max(safe_alone))
    if losing:
        return move_of(KIND_PLAY, min(losing))
    return move_of(KIND_PLAY, max(follow))


def _lead(s: _Seat, plays: list[int]) -> int:
    if s.wants_tricks():
        best = max(plays, key=lambda c: (s.chance(c), c % 12))
        if s.chance(best) >= 0.6:
            return best
        return min(plays, key=lambda c: (c % 12, -sum(1 for d in plays if d // 12 == c // 12)))

    def danger(c: int) -> tuple[int, int]:
        above = (s.unseen & SUIT_MASKS[c // 12]) >> (c + 1)
        return (-above.bit_count(), c % 12)

    return min(plays, key=danger)
