"""Trumps (Stan J. Towianski): personal trump suits, chosen face down and declared when it pays
(rules: trumps.txt, SPEC §4).

Each hand: every seat sets one card aside face down as its trump indicator, passes 3 cards (2 with five or
more players) along the direction cycle, then plays tricks.  A seat (or team) may declare its indicator's
suit as trump on a turn where playing that suit is legal, and must then play it.  A card is a trump only if
its side had declared that suit when it was played; trumps of any suit compete by rank.  1 point per trick;
the game goes to 50.  Card sets are int bitmasks (see core.cards).
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from tricktable.core.cards import (
    DECK_SIZE,
    SUIT_MASKS,
    SUIT_NAMES,
    bit_list,
    card_str,
    cards_text,
    parse_card,
    parse_cards,
)
from tricktable.core.errors import IllegalMove, InvalidOptions
from tricktable.core.events import HandDealt, TrickWon
from tricktable.core.game import Game, Move
from tricktable.core.moves import PLAY_CARD, PlayCard
from tricktable.core.options import Option
from tricktable.rules._trumps_events import (
    DECLARE,
    MARK,
    CardPlayed,
    CardsPassed,
    CardsReceived,
    Declare,
    HandScored,
    HandStarted,
    IndicatorChosen,
    IndicatorSet,
    Mark,
    Pass,
    PassMade,
    StarterThrownOut,
    StarterTurned,
    TieBreakStarted,
    TrumpDeclared,
    direction_name,
    pass_cycle,
)
from tricktable.rules._trumps_fast import random_rollout
from tricktable.rules._trumps_view import build_view

CARD_TEXT = tuple(card_str(c) for c in range(DECK_SIZE))
NONE = -1


class Trumps(Game):
    name = "trumps"
    title = "Trumps"
    min_players = 3
    max_players = 8
    default_players = 4
    option_specs = (
        Option("teams", False, "partnerships, partners opposite: 4 players (2 v 2) or 6 players (three pairs)"),
        Option("target", 50, "points that win the game"),
    )
    move_help = (
        "mark CARD (set your trump indicator face down) | pass C1 C2 C3 (3 cards with up to 4 players, else 2) | "
        "declare CARD (declare your indicator's suit and play that card) | a card to play, e.g. 7C, TH, 10H, A♠"
    )

    def check_options(self) -> None:
        if self.options["teams"] and self.players not in (4, 6):
            raise InvalidOptions(
                f"team play is for 4 players (2 against 2) or 6 players (three pairs), not {self.players}"
            )
        if int(self.options["target"]) < 1:
            raise InvalidOptions(f"option target must be at least 1, not {self.options['target']}")

    # ----- setup and dealing -----------------------------------------------------------------------

    def setup(self) -> None:
        n = self.players
        self.teams = bool(self.options["teams"])
        self.target = int(self.options["target"])
        self.sides = n // 2 if self.teams else n
        # Partners sit opposite: with 4 players seats 0 and 2, with 6 players seats i and i + 3.
        self.side_of: tuple[int, ...] = tuple(p % self.sides for p in range(n))
        self.cycle = pass_cycle(n, self.teams)
        self.hand_size = DECK_SIZE // n
        self.extra_count = DECK_SIZE - n * self.hand_size
        self.pass_count = 3 if n <= 4 else 2
        self.totals = [0] * self.sides
        self.hand_no = 0
        self.tie_break = False
        self.tied: tuple[int, ...] = ()
        self.over = False
        self.winning_side = NONE
        self.score_sheet: list[dict[str, Any]] = []
        first_dealer = self._check_deals()
        # A dealer named in any explicit deal fixes the rotation from the first hand on.
        self.dealer = self.rng.randrange(n) if first_dealer is None else first_dealer
        self._start_hand()

    def _check_deals(self) -> int | None:
        """Explicit deals must be whole and consistent before the game starts (they are replayed later).

        Returns the first hand's dealer if a deal names its dealer (the deal passes left each hand)."""
        n, h, e = self.players, self.hand_size, self.extra_count
        first_dealer = None
        for index, deal in enumerate(self.deals):
            where = f"deal {index + 1}"
            try:
                hands = [parse_cards(cards) for cards in deal["hands"]]
                extra = [parse_card(c) for c in deal.get("extra", [])]
            except (KeyError, TypeError, AttributeError) as exc:
                raise InvalidOptions(f"{where} needs 'hands' (one list per seat) and 'extra' (the leftovers)") from exc
            except IllegalMove as exc:
                raise InvalidOptions(f"{where}: {exc}") from exc
            if len(hands) != n:
                raise InvalidOptions(f"{where} has {len(hands)} hands for {n} players")
            if any(hand.bit_count() != h for hand in hands):
                raise InvalidOptions(f"{where}: every hand must have {h} cards with {n} players")
            if len(extra) != e:
                raise InvalidOptions(f"{where}: 'extra' must list the {e} leftover card(s) with {n} players")
            union = 0
            for mask in [*hands, *(1 << c for c in extra)]:
                if union & mask:
                    raise InvalidOptions(f"{where}: a card is dealt twice")
                union |= mask
            if "dealer" in deal:
                dealer = deal["dealer"]
                if type(dealer) is not int or not 0 <= dealer < n:
                    raise InvalidOptions(f"{where}: dealer must be a seat 0..{n - 1}, not {dealer!r}")
                if first_dealer is None:
                    first_dealer = (dealer - index) % n
                elif dealer != (first_dealer + index) % n:
                    raise InvalidOptions(
                        f"{where}: the deal passes left, so its dealer is seat {(first_dealer + index) % n}"
                    )
        return first_dealer

    def _start_hand(self) -> None:
        n = self.players
        self.hand_no += 1
        self.hand_log_start = len(self._log)
        if self.tie_break:
            self._emit(TieBreakStarted, (self.tied, tuple(self.totals)))
        deal = self.next_explicit_deal()
        if deal is not None:
            hands = [parse_cards(cards) for cards in deal["hands"]]
            extra = [parse_card(c) for c in deal.get("extra", [])]
        else:
            order = self.rng.sample(range(DECK_SIZE), DECK_SIZE)
            hands = [0] * n
            # One at a time from the dealer's left; the leftovers stay in the middle, face down.
            for i in range(n * self.hand_size):
                hands[(self.dealer + 1 + i) % n] |= 1 << order[i]
            extra = order[n * self.hand_size :]
        self.hands = hands
        self.extra = extra
        self.starter = NONE  # shown only once the dealer turns it, at the start of play
        self.indicators = [NONE] * n
        self.passed = [0] * n
        self.received = [0] * n
        self.pass_offset = self.cycle[(self.hand_no - 1) % len(self.cycle)]
        self.declared = [NONE] * self.sides
        self.declarer = [NONE] * self.sides
        self.won = [0] * n
        self.tricks_done = 0
        self.trick: list[int] = []
        self.trick_seats: list[int | None] = []
        self.trick_trumps: list[bool] = []
        self.last_trick: dict[str, Any] | None = None
        self.phase_name = "mark"
        self._turn: int | None = (self.dealer + 1) % n
        self._emit(
            HandStarted,
            (
                self.hand_no,
                self.dealer,
                self.hand_size,
                direction_name(self.pass_offset, n),
                self.pass_count,
                self.tie_break,
            ),
        )
        for seat in range(n):
            self._emit(HandDealt, (seat, tuple(cards_text(hands[seat]))), frozenset((seat,)))

    @property
    def pass_direction(self) -> str:
        return direction_name(self.pass_offset, self.players)

    def pass_target(self, seat: int) -> int:
        return (seat + self.pass_offset) % self.players

    # ----- protocol ------------------------------------------------------------------------------

    def _led_suit(self) -> int:
        return self.trick[0] // 13 if self.trick else NONE

    def _playable(self, seat: int) -> tuple[int, int]:
        """Bitmasks of the cards ``seat`` may play plainly, and of those it may declare and play (SPEC 4.5-4.6)."""
        hand = self.hands[seat]
        trump = self.declared[self.side_of[seat]]
        led = self._led_suit()
        if led == NONE:
            plays = hand
        else:
            plays = hand & SUIT_MASKS[led]
            if not plays:
                plays = hand & SUIT_MASKS[trump] if trump != NONE else 0
                if not plays:
                    plays = hand
        declares = 0
        own = self.indicators[seat] // 13 if self.indicators[seat] != NONE else NONE
        if trump == NONE and own != NONE and (led in (NONE, own) or not hand & SUIT_MASKS[led]):
            declares = hand & SUIT_MASKS[own]
        return plays, declares

    def legal_moves(self) -> list[Move]:
        seat = self._turn
        if seat is None:
            return []
        hand = self.hands[seat]
        if self.phase_name == "mark":
            return [MARK[c] for c in bit_list(hand)]
        if self.phase_name == "pass":
            singles = [1 << c for c in bit_list(hand)]
            if self.pass_count == 3:
                return [Pass(a | b | c) for a, b, c in combinations(singles, 3)]
            return [Pass(a | b) for a, b in combinations(singles, 2)]
        plays, declares = self._playable(seat)
        moves: list[Move] = [PLAY_CARD[c] for c in bit_list(plays)]
        moves.extend(DECLARE[c] for c in bit_list(declares))
        return moves

    def parse_move(self, text: str) -> Move:
        words = text.strip().split()
        verb = words[0].lower() if words else ""
        if verb == "mark":
            if len(words) != 2:
                raise IllegalMove(f"{text!r}: name one card as your indicator, e.g. 'mark 5H'")
            return MARK[parse_card(words[1])]
        if verb == "declare":
            if len(words) != 2:
                raise IllegalMove(f"{text!r}: name the card to play as you declare, e.g. 'declare 7H'")
            return DECLARE[parse_card(words[1])]
        if verb == "pass":
            if len(words) < 2:
                raise IllegalMove(f"{text!r}: name the cards to pass, e.g. 'pass 2C 7H QS'")
            return Pass(parse_cards(words[1:]))
        if len(words) > 1:
            raise IllegalMove(f"{text!r} is not a move: {self.move_help}")
        return PLAY_CARD[parse_card(text)]

    def why_illegal(self, move: Move) -> str | None:
        seat = self._turn
        if seat is None:
            return "the game is over"
        kind = type(move)
        phase = self.phase_name
        hand = self.hands[seat]
        if kind is Mark:
            assert isinstance(move, Mark)
            if phase != "mark":
                return f"your indicator is already set: {self._phase_hint()}"
            if not hand >> move.card & 1:
                return f"you do not hold {CARD_TEXT[move.card]}"
            return None
        if kind is Pass:
            assert isinstance(move, Pass)
            if phase != "pass":
                return f"this is not the time to pass: {self._phase_hint()}"
            count = move.cards.bit_count()
            if count != self.pass_count:
                return f"pass exactly {self.pass_count} cards with {self.players} players, not {count}"
            missing = move.cards & ~hand
            if missing:
                if self.indicators[seat] != NONE and missing >> self.indicators[seat] & 1:
                    return f"{CARD_TEXT[self.indicators[seat]]} is your indicator: it is out of your hand"
                return f"you do not hold {' '.join(cards_text(missing))}"
            return None
        if kind is PlayCard or kind is Declare:
            card: int = move.card  # type: ignore[attr-defined]
            if phase != "play":
                return f"no cards are played yet: {self._phase_hint()}"
            if not hand >> card & 1:
                if card == self.indicators[seat]:
                    return f"{CARD_TEXT[card]} is your indicator: it shows your trump suit and is never played"
                return f"you do not hold {CARD_TEXT[card]}"
            if kind is Declare:
                return self._why_not_declare(seat, card)
            plays, _ = self._playable(seat)
            if plays >> card & 1:
                return None
            led = self._led_suit()
            if hand & SUIT_MASKS[led]:
                return f"you must follow {SUIT_NAMES[led]}: you hold {' '.join(cards_text(hand & SUIT_MASKS[led]))}"
            trump = self.declared[self.side_of[seat]]
            return f"you hold no {SUIT_NAMES[led]}, so you must play a trump ({SUIT_NAMES[trump]})"
        return f"{move} is not a Trumps move"

    def _why_not_declare(self, seat: int, card: int) -> str | None:
        side = self.side_of[seat]
        if self.declared[side] != NONE:
            who = "you" if self.declarer[side] == seat else f"your partner (seat {self.declarer[side]})"
            return f"{who} already declared {SUIT_NAMES[self.declared[side]]}: your side has one trump suit"
        own = self.indicators[seat] // 13
        suit = card // 13
        if suit != own:
            return f"your indicator is a {SUIT_NAMES[own][:-1]}: you may only declare {SUIT_NAMES[own]}"
        _, declares = self._playable(seat)
        if not declares >> card & 1:
            led = self._led_suit()
            return f"declaring needs a legal {SUIT_NAMES[suit]} play now: you must follow {SUIT_NAMES[led]}"
        return None

    def _phase_hint(self) -> str:
        if self.phase_name == "mark":
            return "set your trump indicator first ('mark CARD')"
        if self.phase_name == "pass":
            return f"pass {self.pass_count} cards ('pass ' and the cards)"
        return "play a card (or 'declare CARD')"

    def _apply(self, move: Move) -> None:
        kind = type(move)
        if kind is PlayCard:
            self._play_card(move.card, False)  # type: ignore[attr-defined]
        elif kind is Declare:
            self._play_card(move.card, True)  # type: ignore[attr-defined]
        elif kind is Mark:
            self._mark(move.card)  # type: ignore[attr-defined]
        else:
            assert isinstance(move, Pass)
            self._pass(move.cards)

    # ----- before the first lead -------------------------------------------------------------------

    def _next_in_order(self, seat: int) -> int | None:
        """Marks and passes go round from the dealer's left to the dealer; ``None`` after the dealer."""
        return None if seat == self.dealer else (seat + 1) % self.players

    def _mark(self, card: int) -> None:
        seat = self._turn
        assert seat is not None
        self.indicators[seat] = card
        self.hands[seat] ^= 1 << card
        self._emit(IndicatorChosen, (seat, CARD_TEXT[card]), frozenset((seat,)))
        self._emit(IndicatorSet, (seat,))
        nxt = self._next_in_order(seat)
        if nxt is None:
            self.phase_name = "pass"
            nxt = (self.dealer + 1) % self.players
        self._turn = nxt

    def _pass(self, cards: int) -> None:
        seat = self._turn
        assert seat is not None
        to = self.pass_target(seat)
        self.passed[seat] = cards
        self.hands[seat] ^= cards
        self._emit(CardsPassed, (seat, to, tuple(cards_text(cards))), frozenset((seat,)))
        self._emit(PassMade, (seat, to))
        nxt = self._next_in_order(seat)
        if nxt is not None:
            self._turn = nxt
            return
        # Every pass is in: only now does anyone see what they receive.
        n = self.players
        for giver in range(n):
            to = self.pass_target(giver)
            self.received[to] = self.passed[giver]
            self.hands[to] |= self.passed[giver]
        for giver in range(n):
            to = self.pass_target(giver)
            self._emit(CardsReceived, (to, giver, tuple(cards_text(self.passed[giver]))), frozenset((to,)))
        self.phase_name = "play"
        self._turn = (self.dealer + 1) % n
        if self.extra:
            self.starter = self.extra[0]
            self.trick = [self.starter]
            self.trick_seats = [None]
            self.trick_trumps = [False]
            self._emit(StarterTurned, (self.dealer, CARD_TEXT[self.starter]))

    # ----- playing ---------------------------------------------------------------------------------

    def _play_card(self, card: int, declaring: bool) -> None:
        seat = self._turn
        assert seat is not None
        side = self.side_of[seat]
        if declaring:
            suit = card // 13
            self.declared[side] = suit
            self.declarer[side] = seat
            self._emit(TrumpDeclared, (seat, SUIT_NAMES[suit], CARD_TEXT[self.indicators[seat]], side))
        # Trump status is fixed now and never changes afterwards (SPEC 4.4).
        is_trump = self.declared[side] == card // 13
        self.hands[seat] ^= 1 << card
        self.trick.append(card)
        self.trick_seats.append(seat)
        self.trick_trumps.append(is_trump)
        self._log.append((CardPlayed, (seat, CARD_TEXT[card], self.tricks_done + 1, is_trump), None))
        if len(self.trick) < self.players + (1 if self.trick_seats[0] is None else 0):
            self._turn = (seat + 1) % self.players
            return
        self._finish_trick()

    def winning_index(self) -> int:
        """Index in the trick of the winning card (SPEC 4.7): the highest trump by rank whatever its suit,
        the first played among equals; else the highest card of the led suit.  Off-suit cards never win."""
        trick = self.trick
        trumps = self.trick_trumps
        led = trick[0] // 13
        best = 0
        best_rank = trick[0] % 13
        best_trump = trumps[0]
        for i in range(1, len(trick)):
            rank = trick[i] % 13
            if trumps[i]:
                if not best_trump or rank > best_rank:
                    best, best_rank, best_trump = i, rank, True
            elif trick[i] // 13 == led and not best_trump and rank > best_rank:
                best, best_rank = i, rank
        return best

    def _finish_trick(self) -> None:
        winner = self.trick_seats[self.winning_index()]
        self.tricks_done += 1
        texts = tuple(CARD_TEXT[c] for c in self.trick)
        if winner is None:
            self._log.append((StarterThrownOut, (self.tricks_done, texts), None))
            leader = self.dealer
        else:
            self.won[winner] += 1
            self._log.append((TrickWon, (winner, self.tricks_done, texts), None))
            leader = winner
        self.last_trick = {
            "seats": list(self.trick_seats),
            "cards": list(texts),
            "trumps": list(self.trick_trumps),
            "winner": winner,
        }
        self.trick = []
        self.trick_seats = []
        self.trick_trumps = []
        self._turn = leader
        if not self.hands[leader]:
            self._finish_hand()

    def _finish_hand(self) -> None:
        points = [0] * self.sides
        for seat, tricks in enumerate(self.won):
            points[self.side_of[seat]] += tricks
        for side, p in enumerate(points):
            self.totals[side] += p
        self.score_sheet.append(
            {
                "hand": self.hand_no,
                "dealer": self.dealer,
                "pass": direction_name(self.pass_offset, self.players),
                "tie_break": self.tie_break,
                "starter": CARD_TEXT[self.starter] if self.starter != NONE else None,
                "trumps": [SUIT_NAMES[s] if s != NONE else None for s in self.declared],
                "tricks": list(self.won),
                "points": points,
                "totals": list(self.totals),
            }
        )
        self._emit(HandScored, (self.hand_no, tuple(self.won), tuple(points), tuple(self.totals)))
        best = max(self.totals)
        if best >= self.target:
            leaders = tuple(side for side, total in enumerate(self.totals) if total == best)
            if len(leaders) == 1:
                self._game_over(leaders[0])
                return
            # A tie on the highest total: everyone plays another hand on cumulative totals (TR-9).
            self.tie_break = True
            self.tied = leaders
        self.dealer = (self.dealer + 1) % self.players
        self._start_hand()

    def _game_over(self, side: int) -> None:
        self.over = True
        self.winning_side = side
        self._end_game()

    def side_name(self, side: int) -> str:
        if not self.teams:
            return f"seat {side}"
        return f"team {side} (seats {' & '.join(str(p) for p in self.side_seats(side))})"

    def side_seats(self, side: int) -> list[int]:
        return [p for p in range(self.players) if self.side_of[p] == side]

    def result(self) -> dict[str, Any] | None:
        if not self.over:
            return None
        side = self.winning_side
        scores = [self.totals[self.side_of[p]] for p in range(self.players)]
        summary = f"{self.side_name(side)} wins with {self.totals[side]} points after {self.hand_no} hands"
        return {
            "winners": self.side_seats(side),
            "scores": scores,
            "totals": list(self.totals),
            "hands": self.hand_no,
            "summary": summary,
        }

    # ----- fast playouts ---------------------------------------------------------------------------

    def rollout_args(self) -> tuple[list[int], list[int], list[int], list[int], int, int, int]:
        """The state ``_trumps_fast.random_rollout`` needs, at a trick boundary of the play phase
        (the starter card alone on the table counts as one).  It includes hidden facts: for search only."""
        if self.phase_name != "play" or len(self.trick) > (1 if self.trick_seats[:1] == [None] else 0):
            raise IllegalMove("a rollout starts in the play phase, between tricks")
        starter = self.trick[0] if self.trick else NONE
        suits = [c // 13 if c != NONE else NONE for c in self.indicators]
        leader = self._turn if self._turn is not None else self.dealer
        return list(self.hands), suits, list(self.side_of), list(self.declared), starter, self.dealer, leader

    def random_rollout(self, rand: Any) -> list[int]:
        """Tricks won per seat in a random playout of the rest of this hand (the game is not changed)."""
        return random_rollout(*self.rollout_args(), rand)

    # ----- views -----------------------------------------------------------------------------------

    def _view(self, seat: int | None) -> dict[str, Any]:
        return build_view(self, seat)
