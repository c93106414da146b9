"""Tricks Together: the cooperative climb (the rules and rulings: ``docs/games/tricks-together.md``).

Everyone but the dealer commits to a number of tricks in secret; the dealer must take the rest; the round
succeeds only if every player hits their number exactly.  Card sets are int bitmasks (``core.cards``); the
play rules on ints live in ``kernel.py``, which this module shares.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from tricktable.core.cards import BIT, SUIT_MASKS, SUIT_NAMES, bits, card_str, cards_text
from tricktable.core.errors import InvalidOptions
from tricktable.core.events import ONLY, CardPlayed, HandDealt, TrickWon
from tricktable.core.game import Game, Move
from tricktable.core.hidden import Hidden
from tricktable.core.moves import PLAY_CARD, PlayCard
from tricktable.core.narrate import count
from tricktable.core.options import Option
from tricktable.rules.tricks_together.deals import (
    DealPlan,
    check_deal,
    check_deals,
    deal_text,
    first_dealer,
    round_sequence,
    seeded_deal,
    shuffle_deal,
)
from tricktable.rules.tricks_together.events import (
    LifeLost,
    NumberChosen,
    NumberCommitted,
    NumbersRevealed,
    RoundDealt,
    RoundFailed,
    RoundWon,
    TrumpTurned,
)
from tricktable.rules.tricks_together.kernel import NO_TRUMPS
from tricktable.rules.tricks_together.moves import COMMIT, Commit, parse_move
from tricktable.rules.tricks_together.scoring import MADE, Reason, ScoreRow
from tricktable.rules.tricks_together.state import trumps_name
from tricktable.rules.tricks_together.view import build_view


def _suit_moves(suit: int) -> list[tuple[PlayCard, ...]]:
    """``moves[pattern]``: the play moves for the cards of ``pattern`` (13 bits) in ``suit``, lowest first."""
    moves: list[tuple[PlayCard, ...]] = [()] * 8192
    for pattern in range(1, 8192):
        lowest = (pattern & -pattern).bit_length() - 1
        moves[pattern] = (PLAY_CARD[13 * suit + lowest], *moves[pattern & (pattern - 1)])
    return moves


#: ``_SUIT_MOVES[suit][pattern]``: see ``_suit_moves``.  Plain lists, because indexing a list is the cheapest
#: lookup Python has and ``legal_moves`` runs on every move.
_SUIT_MOVES = [_suit_moves(suit) for suit in range(4)]
COMMITS = tuple(COMMIT[: c + 1] for c in range(len(COMMIT)))
#: ``COMMIT_ORDER[players][dealer]``: the seats that choose a number, from the dealer's left.
COMMIT_ORDER = tuple(tuple(tuple((d + k) % n for k in range(1, n)) for d in range(n)) for n in range(9))


class TricksTogether(Game):
    name = "tricks-together"
    title = "Tricks Together"
    summary = (
        "One team: each round everybody says how many tricks they will win, and the round is made only if "
        "everybody wins exactly that many; the rounds climb from one card each."
    )
    min_players = 3
    max_players = 5
    default_players = 4
    option_specs = (
        Option("lives", 3, "at the start (4 is the easier setting)", choices=(3, 4)),
        Option("long_climb", False, "up to 10 cards (3-4 players)"),
        Option("up_and_down", False, "after the peak go back down to 1 card"),
        Option("no_trumps", False, "rounds with an odd number of cards have no trumps"),
        Option("secret_numbers", False, "difficulty: numbers stay secret until the round ends"),
    )
    move_help = "bid N (choose your number, 0..cards) | a card to play, e.g. 7C, TH, 10H, A♠"
    cooperative = True

    def check_options(self) -> None:
        if self.options["long_climb"] and self.players > 4:
            raise InvalidOptions("Long climb is for 3 or 4 players: 5 hands of 10 cards and a trump need 51 of 52")

    # ----- setup and dealing -----------------------------------------------------------------------

    def setup(self) -> None:
        options = self.options
        self.sequence = round_sequence(bool(options["long_climb"]), bool(options["up_and_down"]))
        self.secret = bool(options["secret_numbers"])
        self.no_trumps = bool(options["no_trumps"])
        self.lives: int = int(options["lives"])
        self.deal_count = 0
        self.over = False
        self.won_game = False
        self.score_sheet: list[ScoreRow] = []
        self.plan = check_deals(self.deals, self.players, self.sequence) if self.deals else DealPlan()
        self.position = self.plan.start
        first = self.plan.first_dealer
        if first is None:
            first = (
                self.rng.randrange(self.players) if self.deal_version == 1 else first_dealer(self.seed, self.players)
            )
        self.dealer = first
        # The last trick stays on view across a deal (it was public when played): cleared only at the start.
        self.last_trick: tuple[int, list[int], int, int] | None = None  #: (leader, cards, winner, deal)
        self._open_round()
        self._deal()  # the first deal at once: a new game shows its cards

    def _open_round(self) -> None:
        """Set up the next round with no cards yet: whose turn, the phase, empty hands and counts.  The cards
        come from ``_deal``, at once for the first round and when first needed after that."""
        n = self.players
        self.cards = self.sequence[self.position]
        self.commit_order = COMMIT_ORDER[n][self.dealer]
        self.phase_name = "commit"
        self._turn: int | None = self.commit_order[0]
        self.hands = [0] * n
        self.trump_card = -1
        self.trump_suit = NO_TRUMPS
        self.numbers: list[int | None] = [None] * n
        self.revealed = False
        self.won = [0] * n
        self.tricks_played = 0
        self.trick: list[int] = []  #: the current trick's cards, in play order from ``trick_leader``
        self.trick_leader = self.commit_order[0]
        self.round_log_start = len(self._log)

    def _deal(self) -> None:
        n = self.players
        c = self.cards
        explicit = self.plan.take(c)
        if explicit is not None:
            hands, trump_card = explicit
        elif self.deal_version == 1:
            hands, trump_card = shuffle_deal(self.rng, n, c, self.dealer)
        else:
            hands, trump_card = seeded_deal(self.seed, self.deal_count + 1, n, c, self.dealer)
        # Kept as ints; ``_deal_text`` writes a deal out when a record asks for it.
        first = not self._dealt
        self._dealt.append((first, self.position, self.dealer, tuple(hands), trump_card))
        self.deal_count += 1
        self.hands = list(hands)
        self.trump_card = trump_card
        self.trump_suit = NO_TRUMPS if self.no_trumps and c % 2 == 1 else trump_card // 13
        log = self._log
        self.round_log_start = len(log)
        log.append((RoundDealt, (self.deal_count, self.position + 1, c, self.dealer), None))
        for seat in range(n):
            log.append((HandDealt, (seat, hands[seat]), ONLY[seat]))
        log.append((TrumpTurned, (trump_card, self.trump_suit), None))

    def _take_deal(self, index: int, deal: dict[str, Any]) -> None:
        """The owed round's deal, given late: its hands must be the round's size."""
        cards = check_deal(self.plan, index, deal, self.players, self.sequence)
        assert cards is not None  # a later deal without cards is refused by ``check_deal``
        if cards[0][0].bit_count() != self.cards:
            raise InvalidOptions(f"deal {index + 1}: round {self.position + 1} deals {self.cards} cards each")
        if self.plan.by_size.get(self.cards):
            raise InvalidOptions(f"deal {index + 1}: an earlier deal of {self.cards} cards is still waiting")
        self.plan.by_size[self.cards] = [cards]

    def _deal_text(self, raw: Any) -> dict[str, Any]:
        first, position, dealer, hands, trump_card = raw
        text = deal_text(hands, trump_card)
        return {"round": position + 1, "dealer": dealer, **text} if first else text

    def clone(self) -> TricksTogether:
        """A fast independent copy: only the containers a move can change are copied."""
        twin = object.__new__(TricksTogether)
        twin.__dict__.update(self.__dict__)
        twin.hands = self.hands[:]
        twin.numbers = self.numbers[:]
        twin.won = self.won[:]
        twin.trick = self.trick[:]
        twin.score_sheet = self.score_sheet[:]
        twin.history = self.history[:]
        twin.deals = self.deals[:]  # a deal given late (``give_deal``) is appended
        twin._dealt = self._dealt[:]
        twin.plan = DealPlan(self.plan.start, self.plan.first_dealer, {k: v[:] for k, v in self.plan.by_size.items()})
        twin._log = self._log[:]
        twin._events = self._events[:]
        if "_rng" in self.__dict__:
            twin._rng = random.Random()
            twin._rng.setstate(self._rng.getstate())
        return twin

    def trumps_name(self) -> str:
        return trumps_name(self.trump_suit)

    # ----- protocol ------------------------------------------------------------------------------

    def legal_moves(self) -> Sequence[Move]:
        seat = self._turn
        if seat is None:
            return ()
        if self.phase_name == "commit":
            return COMMITS[self.cards]
        hand = self.hands[seat]
        table = _SUIT_MOVES
        if self.trick:
            led = self.trick[0] // 13
            follow = (hand >> (13 * led)) & 0x1FFF
            if follow:
                return table[led][follow]
        return (
            *table[0][hand & 0x1FFF],
            *table[1][(hand >> 13) & 0x1FFF],
            *table[2][(hand >> 26) & 0x1FFF],
            *table[3][hand >> 39],
        )

    def parse_move(self, text: str) -> Move:
        return parse_move(text)

    def play(self, move: Move | str) -> None:
        """As ``Game.play``, with fast paths for the common cases: a legal card or number from
        ``legal_moves()``.  Anything else goes the long way and is refused with the reason if illegal."""
        kind = move.__class__
        if kind is PlayCard and self.phase_name == "play":
            card: int = move.card  # type: ignore[union-attr]
            seat: int = self._turn  # type: ignore[assignment]
            hands = self.hands
            hand = hands[seat]
            trick = self.trick
            bit = BIT[card]
            if hand & bit and (not trick or card // 13 == trick[0] // 13 or not hand & SUIT_MASKS[trick[0] // 13]):
                self.history.append(move)  # type: ignore[arg-type]
                hands[seat] = hand ^ bit
                trick.append(card)
                self._log.append((CardPlayed, (seat, card, self.tricks_played + 1), None))
                if len(trick) == self.players:
                    self._finish_trick()
                else:
                    self._turn = seat + 1 if seat + 1 < self.players else 0
                return
        elif kind is Commit and self.phase_name == "commit" and not self._deal_due:
            number: int = move.number  # type: ignore[union-attr]
            if 0 <= number <= self.cards:
                self.history.append(move)  # type: ignore[arg-type]
                self._commit(number)
                return
        super().play(move)

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
        seat: int = self._turn  # type: ignore[assignment]
        self.numbers[seat] = number
        log = self._log
        log.append((NumberChosen, (seat, number), ONLY[seat]))
        log.append((NumberCommitted, (seat,), None))
        order = self.commit_order
        if seat != order[-1]:
            self._turn = order[order.index(seat) + 1]
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
            self._end_round(False, ("sum", total, self.cards), ())
            return
        self.numbers[self.dealer] = dealer_number
        self._emit(NumbersRevealed, (tuple(self.numbers), dealer_number))

    # ----- playing ---------------------------------------------------------------------------------

    def _play_card(self, card: int) -> None:
        seat: int = self._turn  # type: ignore[assignment]
        self.hands[seat] ^= 1 << card
        self.trick.append(card)
        self._log.append((CardPlayed, (seat, card, self.tricks_played + 1), None))
        if len(self.trick) < self.players:
            self._turn = seat + 1 if seat + 1 < self.players else 0
        else:
            self._finish_trick()

    def _finish_trick(self) -> None:
        trick = self.trick
        trump = self.trump_suit
        # The winner, as in ``kernel.trick_winner`` (written out here: this runs once a trick in every game).
        best = trick[0]
        led = best // 13
        best_is_trump = led == trump
        index = 0
        for i in range(1, len(trick)):
            card = trick[i]
            suit = card // 13
            if suit == trump:
                if not best_is_trump or card > best:
                    index, best, best_is_trump = i, card, True
            elif suit == led and not best_is_trump and card > best:
                index, best = i, card
        leader = self.trick_leader
        winner = leader + index
        if winner >= self.players:
            winner -= self.players
        self.won[winner] += 1
        self.tricks_played += 1
        # The finished trick's list is never changed again, so the log and ``last_trick`` keep it as it is.
        self._log.append((TrickWon, (winner, self.tricks_played, trick), None))
        self.last_trick = (leader, trick, winner, self.deal_count)
        self.trick = []
        self.trick_leader = self._turn = winner
        # Early stop (ruling TT-R4).  Once play starts the numbers add up to the cards, so a seat can fall
        # short of its number only if another is over it; and only this trick's winner can have gone over.
        if not self.secret and self.won[winner] > self.numbers[winner]:  # type: ignore[operator]
            self._end_round(False, ("over", winner, self.won[winner], self.numbers[winner]), (winner,))
        elif self.tricks_played == self.cards:
            self._finish_round()

    def _finish_round(self) -> None:
        numbers = self.numbers
        if self.secret:
            total = 0
            for number in numbers:
                if number is not None:
                    total += number
            dealer_number = self.cards - total
            self.revealed = True
            if dealer_number < 0:
                self._log.append((NumbersRevealed, (tuple(numbers), None), None))
                self._end_round(False, ("sum", total, self.cards), (self.dealer,))
                return
            numbers[self.dealer] = dealer_number
            self._log.append((NumbersRevealed, (tuple(numbers), dealer_number), None))
        won = self.won
        if won == numbers:
            self._end_round(True, MADE, ())
            return
        missed = []
        seats = []
        for p in range(self.players):
            if won[p] != numbers[p]:
                missed.append((p, won[p], numbers[p]))
                seats.append(p)
        self._end_round(False, ("missed", tuple(missed)), tuple(seats))

    def _end_round(self, success: bool, reason: Reason, missed: tuple[int, ...]) -> None:
        # A row of ints and the reason's code (``view.score_row`` writes it out); built with tuple.__new__,
        # which skips the named tuple's Python-level constructor (this runs at the end of every round).
        row = (
            self.deal_count,
            self.position + 1,
            self.cards,
            self.dealer,
            self.trump_card,
            self.trump_suit,
            tuple(self.numbers),
            tuple(self.won),
            success,
            reason,
        )
        self.score_sheet.append(tuple.__new__(ScoreRow, row))
        if success:
            self._log.append((RoundWon, (self.position + 1,), None))
            self.position += 1
            if self.position == len(self.sequence):
                self._game_over(True)
                return
        else:
            self._log.append((RoundFailed, (self.position + 1, reason, missed), None))
            if self.lives == 0:
                self._game_over(False)
                return
            self.lives -= 1
            self._log.append((LifeLost, (self.lives,), None))
        self.dealer = (self.dealer + 1) % self.players
        self._open_round()
        self._deal_later()

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
        summary = f"Out of lives on round {score} ({count(self.sequence[self.position], 'card')}): score {score}"
        return {"won": False, "score": score, "winners": [], "scores": [score] * n, "summary": summary}

    def hidden_from(self, seat: int | None) -> Hidden:
        """The other seats' hands, and until the numbers are revealed the other choosers' numbers."""
        self._catch_up()
        cards = frozenset(card_str(c) for p, hand in enumerate(self.hands) if p != seat for c in bits(hand))
        moves: frozenset[int] = frozenset()
        if not self.revealed:
            # This round's numbers are its first moves, chosen in ``commit_order``; the cards played follow.
            chosen = sum(1 for number in self.numbers if number is not None)
            first = len(self.history) - self.tricks_played * self.players - len(self.trick) - chosen
            moves = frozenset(first + k for k in range(chosen) if self.commit_order[k] != seat)
        return Hidden(cards, moves)

    # ----- views -----------------------------------------------------------------------------------

    def _view(self, seat: int | None) -> dict[str, Any]:
        return build_view(self, seat)
