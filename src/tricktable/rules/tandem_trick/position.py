"""One Tandem Trick round in progress as plain ints, for search: the rules of ``game.py`` once more, on a
position that can be copied, played on and scored without events, views or text.

A move is an int, ``kind * 64 + card``, with the kinds ``KIND_PLAY`` (a card alone or a discard), ``KIND_TANDEM`` (ride
along) and ``KIND_BID``; ``move_text`` writes it in the game's notation.  ``Position.legal`` lists the same moves as
``TandemTrick.legal_moves`` in the same order, and ``Position.play`` applies them exactly as the game does: trick
resolution, the all-bid trick and the final trick's forced bids (rulings TD-R5, TD-R8, TD-R19).
``tests/rules/tandem_trick/test_position.py`` plays random games through both and compares them move by move;
the compiled kernels (``crules.pxd``) follow this module line for line.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tricktable.core.cards import bit_list
from tricktable.rules.tandem_trick.cards import BONUS_CARDS, CARD_TEXT, CYCLES, SUIT_MASKS, deck_mask, parse_card
from tricktable.rules.tandem_trick.scoring import round_points
from tricktable.rules.tandem_trick.state import ALONE, BIDDING, DISCARD, RIDE, Entry, right_neighbour

#: Move kinds: ``kind * 64 + card`` is a move.
KIND_PLAY = 0
KIND_TANDEM = 1
KIND_BID = 2
_VERBS = ("", "tandem ", "bid ")


def move_of(kind: int, card: int) -> int:
    return kind * 64 + card


def move_text(move: int) -> str:
    """The game's notation of ``move``: ``R7``, ``tandem B6``, ``bid Y3``."""
    return _VERBS[move >> 6] + CARD_TEXT[move & 63]


def parse_move_text(text: str) -> int:
    """The inverse of ``move_text`` for the notation the game writes (``R7``, ``tandem B6``, ``bid Y3``)."""
    words = text.split()
    if len(words) == 1:
        return move_of(KIND_PLAY, parse_card(words[0]))
    kind = {"tandem": KIND_TANDEM, "ride": KIND_TANDEM, "bid": KIND_BID, "play": KIND_PLAY}[words[0].lower()]
    return move_of(kind, parse_card(words[1]))


@dataclass
class Position:
    """A round in progress with every hand known (in search, one sampled world)."""

    players: int
    hands: list[int]
    bid_card: list[int]  #: each seat's bid card, or -1
    bonus: list[int]  #: the bonus card each bidder took (0: none, or not bid yet)
    won: list[int]  #: tricks taken this round
    cycle: int = 0  #: 0-based trick; ``CYCLES`` once the round is over
    leader: int = 0  #: the lead player of the trick in progress
    turn: int = 0  #: the seat to move (-1 once the round is over)
    lead_suit: int = -1
    entries: list[Entry] = field(default_factory=list)
    gone: int = 0  #: every card played or bid this round

    @classmethod
    def deal(cls, hands: list[int], leader: int) -> Position:
        """The start of a round: ``hands`` dealt, ``leader`` to lead."""
        n = len(hands)
        return cls(n, list(hands), [-1] * n, [0] * n, [0] * n, 0, leader, leader)

    def copy(self) -> Position:
        return Position(
            self.players, self.hands[:], self.bid_card[:], self.bonus[:], self.won[:], self.cycle, self.leader,
            self.turn, self.lead_suit, self.entries[:], self.gone,
        )  # fmt: skip

    @property
    def over(self) -> bool:
        return self.cycle >= CYCLES

    @property
    def bids_made(self) -> int:
        return sum(1 for b in self.bid_card if b >= 0)

    @property
    def deck(self) -> int:
        return deck_mask(self.players)

    def legal(self) -> list[int]:
        """The seat to move's moves: plays, then tandems, then bids, each by card (as the game lists them)."""
        if self.over:
            return []
        seat = self.turn
        hand = self.hands[seat]
        follow = hand & SUIT_MASKS[self.lead_suit] if self.lead_suit >= 0 else 0
        moves = [move_of(KIND_PLAY, c) for c in bit_list(follow or hand)]
        if follow:
            r = right_neighbour(self.entries)
            if r >= 0 and self.entries[r][2] == ALONE:
                moves.extend(move_of(KIND_TANDEM, c) for c in bit_list(follow))
        if self.bid_card[seat] < 0:
            moves.extend(move_of(KIND_BID, c) for c in bit_list(hand))
        return moves

    def play(self, move: int) -> None:
        """Apply a legal move of the seat to move (not checked: search only plays what ``legal`` lists)."""
        seat = self.turn
        kind, card = move >> 6, move & 63
        if kind == KIND_BID:
            self._bid(seat, card)
        else:
            self.hands[seat] ^= 1 << card
            self.gone |= 1 << card
            if kind == KIND_TANDEM:
                partner = self.entries[right_neighbour(self.entries)][0]
                self.entries.append((seat, card, RIDE, partner))
            elif self.lead_suit < 0:
                self.lead_suit = card // 12
                self.entries.append((seat, card, ALONE, -1))
            elif card // 12 == self.lead_suit:
                self.entries.append((seat, card, ALONE, -1))
            else:
                self.entries.append((seat, card, DISCARD, -1))
        self._advance()

    def _bid(self, seat: int, card: int) -> None:
        made = self.bids_made
        self.hands[seat] ^= 1 << card
        self.gone |= 1 << card
        self.bid_card[seat] = card
        self.bonus[seat] = BONUS_CARDS[made] if made < len(BONUS_CARDS) else 0
        self.entries.append((seat, card, BIDDING, -1))

    def _advance(self) -> None:
        n = self.players
        while True:
            if len(self.entries) == n:
                if self._resolve():
                    return
            else:
                self.turn = (self.turn + 1) % n
            seat = self.turn
            if self.cycle == CYCLES - 1 and self.bid_card[seat] < 0:
                self._bid(seat, self.hands[seat].bit_length() - 1)  # the forced bid with the last card
                continue
            return

    def _resolve(self) -> bool:
        """Settle the full trick; True when the round is over."""
        best: list[int] | None = None  # [total, highest value, first seat, its value, second seat or -1, value]
        sides: dict[int, list[int]] = {}
        for seat, card, kind, partner in self.entries:
            v = card % 12
            if kind == ALONE:
                sides[seat] = [v, v, seat, v, -1, -1]
            elif kind == RIDE:
                side = sides[partner]
                side[0] += v
                side[1] = max(side[1], v)
                side[4], side[5] = seat, v
        for side in sides.values():
            if best is None or (side[0], side[1]) > (best[0], best[1]):
                best = side
        if best is not None:  # else everybody bid: nobody wins and the same player leads again
            self.won[best[2]] += 1
            if best[4] >= 0:
                self.won[best[4]] += 1
                self.leader = best[2] if best[3] > best[5] else best[4]
            else:
                self.leader = best[2]
        self.turn = self.leader
        self.entries = []
        self.lead_suit = -1
        self.cycle += 1
        if self.cycle < CYCLES:
            return False
        self.turn = -1
        return True

    def points(self, misere_bonus: bool = True) -> list[int]:
        """Each seat's points for the round (the round must be over)."""
        return [
            round_points(self.bid_card[p] % 12, self.won[p], self.bonus[p], misere_bonus) for p in range(self.players)
        ]
