"""Trumps (Stan J. Towianski): personal trump suits, chosen face down and declared when it pays.

The rules and rulings are on the game's page, ``docs/games/trumps.md``.  Each hand every seat sets one card
aside face down as its trump indicator, passes 3 cards (2 with five or more players) along the direction cycle,
then plays tricks.  A seat (or team) may declare its indicator's suit as trump on a turn where playing that suit
is legal, and must then play it.  A card is a trump only if its side had declared that suit when it was played;
trumps of any suit compete by rank.  1 point per trick; the game goes to 50.

This module holds the turn order and the game's flow; the play rules on ints are ``kernel.py``'s (shared with
the random rollout), the deals ``deals.py``'s, the counting ``scoring.py``'s and the views ``view.py``'s.
"""

from __future__ import annotations

from dataclasses import replace
from itertools import combinations
from typing import Any

from tricktable.core.cards import CARD_TEXT, SUIT_MASKS, SUIT_NAMES, bit_list, cards_text
from tricktable.core.errors import IllegalMove, InvalidOptions
from tricktable.core.events import ONLY, HandDealt, TrickWon
from tricktable.core.game import Game, Move
from tricktable.core.hidden import Hidden
from tricktable.core.moves import PLAY_CARD, PlayCard
from tricktable.core.options import Option
from tricktable.rules.trumps.deals import (
    DealPlan,
    check_deal,
    check_deals,
    deal_text,
    extra_count,
    first_dealer,
    hand_size,
    seeded_deal,
    shuffle_deal,
)
from tricktable.rules.trumps.events import (
    CardPlayed,
    CardsPassed,
    CardsReceived,
    HandScored,
    HandStarted,
    IndicatorChosen,
    IndicatorSet,
    PassMade,
    StarterThrownOut,
    StarterTurned,
    TieBreakStarted,
    TrumpDeclared,
)
from tricktable.rules.trumps.kernel import NONE, legal_masks, random_rollout, trick_winner
from tricktable.rules.trumps.moves import DECLARE, MARK, MOVE_HELP, Declare, Mark, Pass, parse_move
from tricktable.rules.trumps.passing import cards_to_pass, direction_name, pass_cycle
from tricktable.rules.trumps.scoring import game_result, hand_points, leading_sides, score_row
from tricktable.rules.trumps.state import (
    led_suit,
    own_suit,
    pass_direction,
    pass_target,
    side_name,
    side_seats,
)
from tricktable.rules.trumps.view import build_view


class Trumps(Game):
    """A game of Trumps in progress: the facts of ``state.TrumpsState``, kept up to date move by move."""

    name = "trumps"
    title = "Trumps"
    summary = (
        "Each player lays a card face down whose suit they may later declare as their own trumps; a point a "
        "trick, and the first to the target wins."
    )
    min_players = 3
    max_players = 8
    default_players = 4
    option_specs = (
        Option("teams", False, "partnerships, partners opposite: 4 players (2 v 2) or 6 players (three pairs)"),
        Option("target", 50, "points that win the game", minimum=1, maximum=1000),
    )
    move_help = MOVE_HELP

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
        # Partners sit opposite: with 4 players seats 0 and 2, with 6 players seats i and i + 3 (ruling TR-R2).
        self.side_of: tuple[int, ...] = tuple(p % self.sides for p in range(n))
        self.cycle = pass_cycle(n, self.teams)
        self.hand_size = hand_size(n)
        self.extra_count = extra_count(n)
        self.pass_count = cards_to_pass(n)
        self.totals = [0] * self.sides
        self.hand_no = 0
        self.tie_break = False
        self.tied: tuple[int, ...] = ()
        self.over = False
        self.winning_side = NONE
        self.score_sheet: list[dict[str, Any]] = []
        self.plan = check_deals(self.deals, n) if self.deals else DealPlan()
        # A dealer named in any explicit deal fixes the rotation from the first hand on (ruling TR-R22).
        if self.plan.first_dealer is not None:
            self.dealer = self.plan.first_dealer
        elif self.deal_version == 1:
            self.dealer = self.rng.randrange(n)
        else:
            self.dealer = first_dealer(self.seed, n)
        # The last trick stays on view across a deal (it was public when played): cleared only at the start.
        self.last_trick: dict[str, Any] | None = None
        self._open_round()
        self._deal()  # the first deal at once: a new game shows its cards

    def _open_round(self) -> None:
        """Set up the next hand with no cards yet: its number, whose turn, the phase, empty hands.  The cards
        come from ``_deal``: at once for the first hand, when first needed after that."""
        n = self.players
        self.hand_no += 1
        self.hands = [0] * n
        self.extra: list[int] = []
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
        self.phase_name = "mark"
        self._turn: int | None = (self.dealer + 1) % n

    def _deal(self) -> None:
        """Deal the hand ``_open_round`` set up: the next explicit deal, else the seeded shuffle."""
        n = self.players
        self.hand_log_start = len(self._log)
        if self.tie_break:
            self._emit(TieBreakStarted, (self.tied, tuple(self.totals)))
        if self.hand_no <= len(self.plan.cards):
            hands, extra = self.plan.cards[self.hand_no - 1]
        elif self.deal_version == 1:
            hands, extra = shuffle_deal(self.rng, n, self.dealer)
        else:
            hands, extra = seeded_deal(self.seed, self.hand_no, n, self.dealer)
        # Kept as ints; ``_deal_text`` writes a deal out when a record asks for it.
        self._dealt.append((self.dealer, hands, extra))
        self.hands = list(hands)
        self.extra = list(extra)
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
            self._emit(HandDealt, (seat, tuple(cards_text(hands[seat]))), ONLY[seat])

    def _take_deal(self, index: int, deal: dict[str, Any]) -> None:
        """The owed hand's deal, given late: checked as the deals given when the game is created."""
        cards, dealer = check_deal(index, deal, self.players)
        if dealer is not None and dealer != self.dealer:
            raise InvalidOptions(f"deal {index + 1}: the deal passes left, so its dealer is seat {self.dealer}")
        self.plan = replace(self.plan, cards=(*self.plan.cards, cards))

    def _deal_text(self, raw: Any) -> dict[str, Any]:
        dealer, hands, extra = raw
        return deal_text(dealer, hands, extra)

    # ----- readable queries ------------------------------------------------------------------------

    @property
    def pass_direction(self) -> str:
        return pass_direction(self)

    def pass_target(self, seat: int) -> int:
        return pass_target(self, seat)

    def side_name(self, side: int) -> str:
        return side_name(self, side)

    def side_seats(self, side: int) -> list[int]:
        return side_seats(self, side)

    def partnerships(self) -> list[list[int]]:
        """Each side's seats: partners win or lose together (one seat a side without teams)."""
        return [self.side_seats(side) for side in range(self.sides)]

    # ----- protocol ------------------------------------------------------------------------------

    def _playable(self, seat: int) -> tuple[int, int]:
        """Bitmasks of the cards ``seat`` may play plainly, and of those it may declare and play."""
        return legal_masks(self.hands[seat], led_suit(self), self.declared[self.side_of[seat]], own_suit(self, seat))

    def legal_moves(self) -> list[Move]:
        if self._deal_due:
            self._catch_up()
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
        return parse_move(text)

    def why_illegal(self, move: Move) -> str | None:
        if self._deal_due:
            self._catch_up()
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
            led = led_suit(self)
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
        own = own_suit(self, seat)
        suit = card // 13
        if suit != own:
            return f"your indicator is a {SUIT_NAMES[own][:-1]}: you may only declare {SUIT_NAMES[own]}"
        _, declares = self._playable(seat)
        if not declares >> card & 1:
            led = led_suit(self)
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
        """Marks and passes go round from the dealer's left to the dealer (ruling TR-R13); ``None`` after the
        dealer."""
        return None if seat == self.dealer else (seat + 1) % self.players

    def _mark(self, card: int) -> None:
        seat = self._turn
        assert seat is not None
        self.indicators[seat] = card
        self.hands[seat] ^= 1 << card
        self._emit(IndicatorChosen, (seat, CARD_TEXT[card]), ONLY[seat])
        self._emit(IndicatorSet, (seat,))
        nxt = self._next_in_order(seat)
        if nxt is None:
            self.phase_name = "pass"
            nxt = (self.dealer + 1) % self.players
        self._turn = nxt

    def _pass(self, cards: int) -> None:
        seat = self._turn
        assert seat is not None
        to = pass_target(self, seat)
        self.passed[seat] = cards
        self.hands[seat] ^= cards
        self._emit(CardsPassed, (seat, to, tuple(cards_text(cards))), ONLY[seat])
        self._emit(PassMade, (seat, to))
        nxt = self._next_in_order(seat)
        if nxt is not None:
            self._turn = nxt
            return
        # Every pass is in: only now does anyone see what they receive.
        n = self.players
        for giver in range(n):
            to = pass_target(self, giver)
            self.received[to] = self.passed[giver]
            self.hands[to] |= self.passed[giver]
        for giver in range(n):
            to = pass_target(self, giver)
            self._emit(CardsReceived, (to, giver, tuple(cards_text(self.passed[giver]))), ONLY[to])
        self.phase_name = "play"
        self._turn = (self.dealer + 1) % n
        if self.extra:
            # The starter trick (ruling TR-R18): the top leftover leads for nobody, the dealer's left plays first.
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
        # Trump status is fixed now and never changes afterwards (the game's page, section 4).
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
        """Index in the current trick of the winning card (``kernel.trick_winner``)."""
        return trick_winner(self.trick, self.trick_trumps)

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
            "round": self.hand_no,
        }
        self.trick = []
        self.trick_seats = []
        self.trick_trumps = []
        self._turn = leader
        if not self.hands[leader]:
            self._finish_hand()

    def _finish_hand(self) -> None:
        points = hand_points(self.won, self.side_of, self.sides)
        for side, p in enumerate(points):
            self.totals[side] += p
        self.score_sheet.append(score_row(self, points))
        self._emit(HandScored, (self.hand_no, tuple(self.won), tuple(points), tuple(self.totals)))
        leaders = leading_sides(self.totals, self.target)
        if len(leaders) == 1:
            self._game_over(leaders[0])
            return
        if leaders:
            # A tie on the highest total: everyone plays another hand on cumulative totals (ruling TR-R20).
            self.tie_break = True
            self.tied = leaders
        self.dealer = (self.dealer + 1) % self.players
        self._open_round()
        self._deal_later()

    def _game_over(self, side: int) -> None:
        self.over = True
        self.winning_side = side
        self._end_game()

    def result(self) -> dict[str, Any] | None:
        if not self.over:
            return None
        return game_result(self, self.winning_side)

    # ----- fast playouts ---------------------------------------------------------------------------

    def rollout_args(self) -> tuple[list[int], list[int], list[int], list[int], int, int, int]:
        """The arguments ``kernel.random_rollout`` needs, at a trick boundary of the play phase (the starter
        card alone on the table counts as one).  They include hidden facts: for search only."""
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

    def hidden_from(self, seat: int | None) -> Hidden:
        """The other seats' hands, their indicators until declared (a partner's too), the passes until they are
        received (then the receiver and the passer know them), and the leftovers not turned up."""
        self._catch_up()
        n = self.players
        mask = 0
        for p in range(n):
            if p != seat:
                mask |= self.hands[p]
                if self.indicators[p] != NONE and self.declarer[self.side_of[p]] != p:
                    mask |= 1 << self.indicators[p]
                if self.phase_name == "pass":
                    mask |= self.passed[p]  # face down until every pass is in, the receiver's included
        if seat is not None:
            mask &= ~self.passed[seat]  # the passer knows where its cards went
        for index, card in enumerate(self.extra):
            if index > 0 or self.starter == NONE:
                mask |= 1 << card
        # This hand's moves run: the marks, the passes, the cards played (each a run of the history's end).
        history = self.history
        end = len(history)
        if self.phase_name == "play":
            while end and type(history[end - 1]) in (PlayCard, Declare):
                end -= 1
        passes_end = end
        if self.phase_name != "mark":
            while end and type(history[end - 1]) is Pass:
                end -= 1
        passes_start = end
        while end and type(history[end - 1]) is Mark:
            end -= 1
        moves = set()
        for k, index in enumerate(range(end, passes_start)):
            marker = (self.dealer + 1 + k) % n
            if marker != seat and self.declarer[self.side_of[marker]] != marker:
                moves.add(index)
        for k, index in enumerate(range(passes_start, passes_end)):
            giver = (self.dealer + 1 + k) % n
            knows = {giver} if self.phase_name == "pass" else {giver, pass_target(self, giver)}
            if seat not in knows:
                moves.add(index)
        return Hidden(frozenset(cards_text(mask)), frozenset(moves))

    def _view(self, seat: int | None) -> dict[str, Any]:
        return build_view(self, seat)
