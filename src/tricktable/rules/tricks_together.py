"""Tricks Together: the cooperative climb (rules: tricks-together.txt, SPEC §1).

Everyone but the dealer commits to a number of tricks in secret; the dealer must take the rest; the round
succeeds only if every player hits their number exactly.  Card sets are int bitmasks (see core.cards).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, ClassVar

from tricktable.core.cards import (
    CARD_TEXT,
    DECK_SIZE,
    SUIT_MASKS,
    SUIT_NAMES,
    card_str,
    cards_text,
    parse_card,
    parse_cards,
    suit_of,
)
from tricktable.core.errors import IllegalMove, InvalidOptions
from tricktable.core.events import CardPlayed, Event, HandDealt, TrickWon
from tricktable.core.game import Game, Move
from tricktable.core.moves import PLAY_CARD, PlayCard
from tricktable.core.options import Option
from tricktable.core.registry import register

NO_TRUMPS = -1


class _SuitMoves(dict[int, tuple[PlayCard, ...]]):
    """``moves[pattern]``: the play moves for a 13-bit pattern of one suit, lowest first, built on first use."""

    def __init__(self, suit: int) -> None:
        super().__init__()
        self.base = 13 * suit

    def __missing__(self, pattern: int) -> tuple[PlayCard, ...]:
        moves = tuple(PLAY_CARD[self.base + r] for r in range(13) if pattern >> r & 1)
        self[pattern] = moves
        return moves


_SUIT_MOVES = tuple(_SuitMoves(suit) for suit in range(4))


@dataclass(frozen=True, slots=True)
class Commit(Move):
    """Commit to a number of tricks.  Notation: ``bid 2``."""

    number: int

    def __str__(self) -> str:
        return f"bid {self.number}"


COMMIT = tuple(Commit(k) for k in range(11))


# ----- events --------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class RoundDealt(Event):
    kind: ClassVar[str] = "round_dealt"
    deal: int
    round: int
    cards: int
    dealer: int


@dataclass(frozen=True, slots=True)
class TrumpTurned(Event):
    kind: ClassVar[str] = "trump_turned"
    card: str
    trumps: str


@dataclass(frozen=True, slots=True)
class NumberCommitted(Event):
    """Public: ``seat`` has chosen (the number itself is in ``NumberChosen``, seen by that seat only)."""

    kind: ClassVar[str] = "number_committed"
    seat: int


@dataclass(frozen=True, slots=True)
class NumberChosen(Event):
    kind: ClassVar[str] = "number_chosen"
    seat: int
    number: int


@dataclass(frozen=True, slots=True)
class NumbersRevealed(Event):
    """Every number at once; ``dealer_number`` is ``None`` when the others' sum exceeds the cards."""

    kind: ClassVar[str] = "numbers_revealed"
    numbers: tuple[int | None, ...]
    dealer_number: int | None


@dataclass(frozen=True, slots=True)
class RoundFailed(Event):
    kind: ClassVar[str] = "round_failed"
    round: int
    reason: str
    missed: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class LifeLost(Event):
    kind: ClassVar[str] = "life_lost"
    lives_left: int


@dataclass(frozen=True, slots=True)
class RoundWon(Event):
    kind: ClassVar[str] = "round_won"
    round: int


# ----- the game ------------------------------------------------------------------------------------


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def round_sequence(long_climb: bool, up_and_down: bool) -> tuple[int, ...]:
    """Hand sizes of the positions: 1..7, 1..10, 1..7..1 or 1..10..1 (SPEC 1.2, TT-9)."""
    peak = 10 if long_climb else 7
    up = tuple(range(1, peak + 1))
    return up + tuple(range(peak - 1, 0, -1)) if up_and_down else up


@register
class TricksTogether(Game):
    name = "tricks-together"
    title = "Tricks Together"
    min_players = 3
    max_players = 5
    default_players = 4
    option_specs = (
        Option("lives", 3, "lives at the start (4 is the easier setting)", choices=(3, 4)),
        Option("long_climb", False, "climb to 10 cards (3-4 players)"),
        Option("up_and_down", False, "after the peak go back down to 1 card"),
        Option("no_trumps", False, "rounds with an odd number of cards have no trumps"),
        Option("secret_numbers", False, "difficulty: numbers stay secret until the round ends"),
    )
    move_help = "bid N (choose your number, 0..cards) | a card to play, e.g. 7C, TH, 10H, A♠"

    def check_options(self) -> None:
        if self.options["long_climb"] and self.players > 4:
            raise InvalidOptions("Long climb is for 3 or 4 players: 5 hands of 10 cards and a trump need 51 of 52")

    # ----- setup and dealing -----------------------------------------------------------------------

    def setup(self) -> None:
        self.sequence = round_sequence(bool(self.options["long_climb"]), bool(self.options["up_and_down"]))
        self.secret = bool(self.options["secret_numbers"])
        self.lives: int = int(self.options["lives"])
        self.position = 0
        self.deal_count = 0
        self.over = False
        self.won_game = False
        self.score_sheet: list[dict[str, Any]] = []
        self.last_trick: tuple[tuple[int, ...], tuple[int, ...], int] | None = None
        first_dealer = self._check_deals()
        if self.deals and "round" in self.deals[0]:
            self.position = self.deals[0]["round"] - 1
        self.dealer = self.rng.randrange(self.players) if first_dealer is None else first_dealer
        self._start_round()

    def _check_deals(self) -> int | None:
        """Explicit deals must be whole and consistent before the game starts (they are used later).

        Returns the first dealer the deals imply (the deal passes left every round, so deal ``k`` is dealt by
        the first dealer + ``k``), or ``None`` when no deal names a dealer.
        """
        n = self.players
        first_dealer: int | None = None
        for index, deal in enumerate(self.deals):
            where = f"deal {index + 1}"
            if "round" in deal:
                if index > 0:
                    raise InvalidOptions(f"{where}: only the first deal says which round to start at")
                if not _is_int(deal["round"]) or not 1 <= deal["round"] <= len(self.sequence):
                    raise InvalidOptions(f"{where}: round must be 1..{len(self.sequence)}, not {deal['round']!r}")
            if "dealer" in deal:
                if not _is_int(deal["dealer"]) or not 0 <= deal["dealer"] < n:
                    raise InvalidOptions(f"{where}: dealer must be a seat 0..{n - 1}, not {deal['dealer']!r}")
                implied = (deal["dealer"] - index) % n
                if first_dealer is not None and implied != first_dealer:
                    raise InvalidOptions(
                        f"{where}: the deal passes left every round, so seat {deal['dealer']} cannot deal it"
                    )
                first_dealer = implied
            if "hands" not in deal and "trump" not in deal:
                continue  # only where to start: the cards come from the seeded shuffle
            try:
                hands = [parse_cards(h) for h in deal["hands"]]
                trump = parse_card(deal["trump"])
            except (KeyError, TypeError, AttributeError) as exc:
                raise InvalidOptions(f"{where} needs 'hands' (one list of cards per seat) and 'trump'") from exc
            except IllegalMove as exc:
                raise InvalidOptions(f"{where}: {exc}") from exc
            if len(hands) != n:
                raise InvalidOptions(f"{where} has {len(hands)} hands for {n} players")
            sizes = {h.bit_count() for h in hands}
            if len(sizes) != 1:
                raise InvalidOptions(f"{where}: every hand must have the same number of cards")
            union = 0
            for h in hands:
                if union & h:
                    raise InvalidOptions(f"{where}: a card is dealt twice")
                union |= h
            if union >> trump & 1:
                raise InvalidOptions(f"{where}: the trump card {card_str(trump)} is also in a hand")
            if "round" in deal and self.sequence[deal["round"] - 1] != sizes.pop():
                raise InvalidOptions(f"{where}: round {deal['round']} deals {self.sequence[deal['round'] - 1]} cards")
        return first_dealer

    def _start_round(self) -> None:
        n = self.players
        c = self.sequence[self.position]
        self.cards = c
        deal = self.next_explicit_deal()
        if deal is not None and "hands" in deal:
            hands = [parse_cards(h) for h in deal["hands"]]
            trump_card = parse_card(deal["trump"])
            if hands[0].bit_count() != c:
                raise InvalidOptions(f"the explicit deal has {hands[0].bit_count()}-card hands; this round deals {c}")
        else:
            drawn = self.rng.sample(range(DECK_SIZE), n * c + 1)
            hands = [0] * n
            # One at a time from the dealer's left, as the text deals.
            for i in range(n * c):
                hands[(self.dealer + 1 + i) % n] |= 1 << drawn[i]
            trump_card = drawn[n * c]
        self.deal_count += 1
        self.hands = hands
        self.trump_card = trump_card
        self.trump_suit = NO_TRUMPS if self.options["no_trumps"] and c % 2 == 1 else suit_of(trump_card)
        self.numbers: list[int | None] = [None] * n
        self.revealed = False
        self.won = [0] * n
        self.tricks_played = 0
        self.trick: list[int] = []
        self.trick_seats: list[int] = []
        self.last_trick = None
        self.commit_order = [(self.dealer + k) % n for k in range(1, n)]
        self.phase_name = "commit"
        self._turn: int | None = self.commit_order[0]
        self.round_log_start = len(self._log)
        self._emit(RoundDealt, (self.deal_count, self.position + 1, c, self.dealer))
        for seat in range(n):
            self._emit(HandDealt, (seat, hands[seat]), frozenset((seat,)))
        self._emit(TrumpTurned, (card_str(trump_card), self.trumps_name()))

    def clone(self) -> TricksTogether:
        """A fast independent copy: only the containers a move can change are copied."""
        twin = object.__new__(TricksTogether)
        twin.__dict__.update(self.__dict__)
        twin.hands = self.hands[:]
        twin.numbers = self.numbers[:]
        twin.won = self.won[:]
        twin.trick = self.trick[:]
        twin.trick_seats = self.trick_seats[:]
        twin.score_sheet = self.score_sheet[:]
        twin.history = self.history[:]
        twin._log = self._log[:]
        twin._events = self._events[:]
        twin.rng = random.Random()
        twin.rng.setstate(self.rng.getstate())
        return twin

    def trumps_name(self) -> str:
        return "none" if self.trump_suit == NO_TRUMPS else SUIT_NAMES[self.trump_suit]

    # ----- protocol ------------------------------------------------------------------------------

    def legal_moves(self) -> list[Move]:
        seat = self._turn
        if seat is None:
            return []
        if self.phase_name == "commit":
            return list(COMMIT[: self.cards + 1])
        hand = self.hands[seat]
        table = _SUIT_MOVES
        if self.trick:
            led = self.trick[0] // 13
            follow = (hand >> (13 * led)) & 0x1FFF
            if follow:
                return list(table[led][follow])
        return [
            *table[0][hand & 0x1FFF],
            *table[1][(hand >> 13) & 0x1FFF],
            *table[2][(hand >> 26) & 0x1FFF],
            *table[3][hand >> 39],
        ]

    def parse_move(self, text: str) -> Move:
        t = text.strip().lower()
        words = t.split()
        if words and words[0] in ("bid", "commit", "number"):
            if len(words) != 2 or not words[1].isdigit():
                raise IllegalMove(f"{text!r}: write a number as 'bid N', e.g. 'bid 2'")
            number = int(words[1])
            return COMMIT[number] if number < len(COMMIT) else Commit(number)
        if t.isdigit():
            number = int(t)
            return COMMIT[number] if number < len(COMMIT) else Commit(number)
        return PLAY_CARD[parse_card(text)]

    def play(self, move: Move | str) -> None:
        """As ``Game.play``, with a fast path for the common case: a legal card from ``legal_moves()``."""
        if type(move) is PlayCard and self.phase_name == "play":
            card = move.card
            hand = self.hands[self._turn]  # type: ignore[index]
            trick = self.trick
            if hand >> card & 1 and (
                not trick or card // 13 == trick[0] // 13 or not hand & SUIT_MASKS[trick[0] // 13]
            ):
                self.history.append(move)
                self._play_card(card)
                return
        super().play(move)  # anything else: parsed and checked, with the reason if it is illegal

    def why_illegal(self, move: Move) -> str | None:
        seat = self._turn
        if type(move) is PlayCard:
            if self.phase_name != "play":
                return (
                    "the game is over"
                    if seat is None
                    else "it is time to choose a number ('bid N'), not to play a card"
                )
            card = move.card
            hand = self.hands[seat]  # type: ignore[index]
            if not hand >> card & 1:
                return f"you do not hold {card_str(card)}"
            if self.trick:
                led = self.trick[0] // 13
                if card // 13 != led and hand & SUIT_MASKS[led]:
                    return f"must follow {SUIT_NAMES[led]}: you hold {' '.join(cards_text(hand & SUIT_MASKS[led]))}"
            return None
        if seat is None:
            return "the game is over"
        if type(move) is Commit:
            if self.phase_name != "commit":
                return "numbers are chosen before play: play a card now"
            if not 0 <= move.number <= self.cards:
                return f"your number must be 0 to {self.cards} (the cards in this round), not {move.number}"
            return None
        return f"{move} is not a Tricks Together move"

    def _apply(self, move: Move) -> None:
        if type(move) is PlayCard:
            self._play_card(move.card)
        else:
            assert isinstance(move, Commit)
            self._commit(move.number)

    # ----- committing ------------------------------------------------------------------------------

    def _commit(self, number: int) -> None:
        seat = self._turn
        assert seat is not None
        self.numbers[seat] = number
        self._emit(NumberChosen, (seat, number), frozenset((seat,)))
        self._emit(NumberCommitted, (seat,))
        order = self.commit_order
        index = order.index(seat) + 1
        if index < len(order):
            self._turn = order[index]
            return
        self.phase_name = "play"
        self._turn = (self.dealer + 1) % self.players
        if self.secret:
            return
        total = sum(n for n in self.numbers if n is not None)
        dealer_number = self.cards - total
        self.revealed = True
        if dealer_number < 0:
            self._emit(NumbersRevealed, (tuple(self.numbers), None))
            self._end_round(False, f"the others' numbers add up to {total}, more than the {self.cards} cards", ())
            return
        self.numbers[self.dealer] = dealer_number
        self._emit(NumbersRevealed, (tuple(self.numbers), dealer_number))

    # ----- playing ---------------------------------------------------------------------------------

    def _play_card(self, card: int) -> None:
        seat = self._turn
        assert seat is not None
        self.hands[seat] ^= 1 << card
        trick = self.trick
        trick.append(card)
        self.trick_seats.append(seat)
        self._log.append((CardPlayed, (seat, card, self.tricks_played + 1), None))
        n = self.players
        if len(trick) < n:
            self._turn = (seat + 1) % n
            return
        winner = self.trick_seats[self._winning_index(trick)]
        self.won[winner] += 1
        self.tricks_played += 1
        cards = tuple(trick)
        self._log.append((TrickWon, (winner, self.tricks_played, cards), None))
        self.last_trick = (tuple(self.trick_seats), cards, winner)
        self.trick = []
        self.trick_seats = []
        self._turn = winner
        if not self.secret:
            over = self._early_failure()
            if over is not None:
                self._end_round(False, over[0], over[1])
                return
        if self.tricks_played == self.cards:
            self._finish_round()

    def _winning_index(self, trick: list[int]) -> int:
        """Index in ``trick`` of the winning card: the highest trump, else the highest of the led suit."""
        trump = self.trump_suit
        led = trick[0] // 13
        best = 0
        best_card = trick[0]
        best_is_trump = led == trump
        for i in range(1, len(trick)):
            card = trick[i]
            suit = card // 13
            if suit == trump:
                if not best_is_trump or card > best_card:
                    best, best_card, best_is_trump = i, card, True
            elif suit == led and not best_is_trump and card > best_card:
                best, best_card = i, card
        return best

    def _early_failure(self) -> tuple[str, tuple[int, ...]] | None:
        """Standard mode stops a round as soon as someone is over or can no longer reach their number."""
        remaining = self.cards - self.tricks_played
        over = tuple(p for p in range(self.players) if self.won[p] > (self.numbers[p] or 0))
        if over:
            names = ", ".join(f"seat {p} ({self.won[p]} of {self.numbers[p]})" for p in over)
            return f"too many tricks: {names}", over
        short = tuple(p for p in range(self.players) if (self.numbers[p] or 0) - self.won[p] > remaining)
        if short:
            return f"can no longer reach their number: {', '.join(f'seat {p}' for p in short)}", short
        return None

    def _finish_round(self) -> None:
        if self.secret:
            total = sum(n for n in self.numbers if n is not None)
            dealer_number = self.cards - total
            self.revealed = True
            if dealer_number < 0:
                self._emit(NumbersRevealed, (tuple(self.numbers), None))
                self._end_round(
                    False, f"the others' numbers add up to {total}, more than the {self.cards} cards", (self.dealer,)
                )
                return
            self.numbers[self.dealer] = dealer_number
            self._emit(NumbersRevealed, (tuple(self.numbers), dealer_number))
        missed = tuple(p for p in range(self.players) if self.won[p] != self.numbers[p])
        if missed:
            detail = ", ".join(f"seat {p} took {self.won[p]} for {self.numbers[p]}" for p in missed)
            self._end_round(False, f"missed: {detail}", missed)
        else:
            self._end_round(True, "everybody hit their number", ())

    def _end_round(self, success: bool, reason: str, missed: tuple[int, ...]) -> None:
        n = self.players
        self.score_sheet.append(
            {
                "deal": self.deal_count,
                "round": self.position + 1,
                "cards": self.cards,
                "dealer": self.dealer,
                "trump": card_str(self.trump_card),
                "trumps": self.trumps_name(),
                "numbers": list(self.numbers),
                "tricks": list(self.won),
                "success": success,
                "reason": reason,
            }
        )
        if success:
            self._emit(RoundWon, (self.position + 1,))
            self.position += 1
            if self.position == len(self.sequence):
                self._game_over(True)
                return
        else:
            self._emit(RoundFailed, (self.position + 1, reason, missed))
            if self.lives == 0:
                self._game_over(False)
                return
            self.lives -= 1
            self._emit(LifeLost, (self.lives,))
        self.dealer = (self.dealer + 1) % n
        self._start_round()

    def _game_over(self, won: bool) -> None:
        self.over = True
        self.won_game = won
        self._end_game()

    def result(self) -> dict[str, Any] | None:
        if not self.over:
            return None
        n = self.players
        if self.won_game:
            score = self.lives
            summary = f"The team cleared all {len(self.sequence)} rounds with {score} lives left: score {score}"
            return {"won": True, "score": score, "winners": list(range(n)), "scores": [score] * n, "summary": summary}
        score = self.position + 1
        summary = f"Out of lives on round {score} ({self.sequence[self.position]} cards): score {score}"
        return {"won": False, "score": score, "winners": [], "scores": [score] * n, "summary": summary}

    # ----- views -----------------------------------------------------------------------------------

    def visible_number(self, player: int, seat: int | None) -> int | None:
        """A number ``seat`` may see: all once revealed, else only its own."""
        if self.revealed or player == seat:
            return self.numbers[player]
        return None

    def _view(self, seat: int | None) -> dict[str, Any]:
        n = self.players
        seats = [
            {
                "seat": p,
                "cards": self.hands[p].bit_count(),
                "dealer": p == self.dealer,
                "committed": p != self.dealer and self.numbers[p] is not None,
                "number": self.visible_number(p, seat),
                "tricks": self.won[p],
            }
            for p in range(n)
        ]
        return {
            "hand": cards_text(self.hands[seat]) if seat is not None else [],
            "seats": seats,
            "table": {
                "round": self.position + 1,
                "rounds": len(self.sequence),
                "cards": self.cards,
                "trump card": card_str(self.trump_card),
                "trumps": self.trumps_name(),
                "lives": self.lives,
                "dealer": self.dealer,
                "deal": self.deal_count,
                "numbers": "revealed" if self.revealed else ("secret until the end" if self.secret else "hidden"),
            },
            "trick": [{"seat": s, "card": CARD_TEXT[c]} for s, c in zip(self.trick_seats, self.trick)],
            "last_trick": None
            if self.last_trick is None
            else {
                "seats": list(self.last_trick[0]),
                "cards": [CARD_TEXT[c] for c in self.last_trick[1]],
                "winner": self.last_trick[2],
            },
            "score_sheet": [
                {**row, "numbers": list(row["numbers"]), "tricks": list(row["tricks"])} for row in self.score_sheet
            ],
            "events": [e.to_dict() for e in self.events[self.round_log_start :] if e.visible(seat)],
        }


def random_rollout(hands: list[int], trump: int, leader: int, tricks: int, rand: Any) -> list[int]:
    """Play ``tricks`` tricks with uniformly random legal cards; return each seat's tricks won.

    The hot path for search and benchmarks: hands are bitmasks (copied, not changed), ``trump`` is a suit
    or ``NO_TRUMPS``, ``rand`` is a ``random.random``-like function.  Same rules as ``TricksTogether``.
    """
    n = len(hands)
    hands = hands[:]
    won = [0] * n
    masks = SUIT_MASKS
    for _ in range(tricks):
        h = hands[leader]
        for _ in range(int(rand() * h.bit_count())):
            h &= h - 1
        low = h & -h
        hands[leader] ^= low
        best = low.bit_length() - 1
        led = best // 13
        led_mask = masks[led]
        best_trump = led == trump
        winner = leader
        seat = leader
        for _ in range(n - 1):
            seat = seat + 1 if seat + 1 < n else 0
            h = hands[seat]
            pool = h & led_mask or h
            for _ in range(int(rand() * pool.bit_count())):
                pool &= pool - 1
            low = pool & -pool
            hands[seat] = h ^ low
            card = low.bit_length() - 1
            suit = card // 13
            if suit == trump:
                if not best_trump or card > best:
                    best, winner, best_trump = card, seat, True
            elif suit == led and not best_trump and card > best:
                best, winner = card, seat
        won[winner] += 1
        leader = winner
    return won
