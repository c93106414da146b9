"""Tandem Trick: bid a card sideways when you choose, ride along with your right neighbour (the rules and
rulings: ``docs/games/tandem-trick.md``).

A round is 12 tricks; in each, every player in turn plays a card alone, rides along with the effective right
neighbour's lead-suit card (a tandem, whose two cards add up), or bids once a round with any card and sits the
trick out.  The highest side wins; a tie goes to the side with the highest single card.  Card sets are int
bitmasks (``cards.py``); the view is built from this class as a ``state.TandemTrickState`` (``view.py``), the
deals come from ``deals.py`` and the points from ``scoring.py``.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from tricktable.core.cards import bit_list
from tricktable.core.errors import InvalidOptions
from tricktable.core.events import ONLY, HandDealt
from tricktable.core.game import Game, Move
from tricktable.core.hidden import Hidden
from tricktable.core.narrate import count
from tricktable.core.options import Option
from tricktable.rules.tandem_trick.cards import (
    BONUS_CARDS,
    CARD_TEXT,
    COLOUR_NAMES,
    CYCLES,
    SUIT_MASKS,
    cards_text,
    deck_colours,
    deck_mask,
)
from tricktable.rules.tandem_trick.deals import (
    ExplicitDeals,
    check_deal,
    check_deals,
    deal_text,
    first_leader,
    seeded_deal,
    shuffle_deal,
)
from tricktable.rules.tandem_trick.events import (
    BidMade,
    CardPlayed,
    ForcedBid,
    RoundDealt,
    RoundScored,
    TandemFormed,
    TrickSkipped,
    TrickWon,
)
from tricktable.rules.tandem_trick.moves import BID, PLAY, TANDEM, Bid, Play, Tandem, parse_move
from tricktable.rules.tandem_trick.scoring import points_words, round_points, score_row
from tricktable.rules.tandem_trick.state import ALONE, BIDDING, DISCARD, RIDE, Entry, right_neighbour
from tricktable.rules.tandem_trick.view import build_view, entry_note, trick_summary


class TandemTrick(Game):
    name = "tandem-trick"
    title = "Tandem Trick"
    summary = (
        "Win tricks for points, bid once a round how many you will take (a bid made doubles them), and ride "
        "along with your right neighbour's card to win a trick together."
    )
    min_players = 3
    max_players = 4
    default_players = 4
    option_specs = (
        Option("misere_bonus", True, "a successful 0 bid scores 1,000,000 plus its bonus card (off: 1,000,000)"),
        Option("target", 24, "the game ends after a round in which someone reaches it", minimum=1, maximum=1000),
    )
    move_help = (
        "a card to play it, e.g. R7 (colours R Y B K, values 0-11) | bid Y3 (once a round: any card, sit this "
        "trick out) | tandem B6 (ride along with your right neighbour's lead-suit card)"
    )

    def check_options(self) -> None:
        if int(self.options["target"]) < 1:
            raise InvalidOptions("option target must be at least 1 point")

    # ----- setup and dealing -----------------------------------------------------------------------

    def setup(self) -> None:
        n = self.players
        self.colours = deck_colours(n)
        self.deck_mask = deck_mask(n)
        self.misere_bonus = bool(self.options["misere_bonus"])
        self.target = int(self.options["target"])
        self.totals = [0] * n
        self.round_no = 0
        self.over = False
        self.score_sheet: list[dict[str, Any]] = []
        self.explicit = check_deals(self.deals, n) if self.deals else ExplicitDeals()
        leader = self.explicit.leader
        if leader is None:
            leader = self.rng.randrange(n) if self.deal_version == 1 else first_leader(self.seed, n)
        self.phase_name = "play"
        # The last trick stays on view across a deal (it was public when played): cleared only at the start.
        self.last_trick: dict[str, Any] | None = None
        self._open_round(leader)
        self._deal()  # the first deal at once: a new game shows its cards

    def _open_round(self, leader: int) -> None:
        """Set up the next round, led by ``leader``, with no cards yet: its number, whose turn, empty hands.  The
        cards come from ``_deal``: at once for the first round, when first needed after that."""
        n = self.players
        self.round_no += 1
        self.hands = [0] * n
        self.bid_card = [-1] * n
        self.bonus = [0] * n
        self.bids_made = 0
        self.won = [0] * n
        self.cycle = 0
        self.round_leader = leader
        self.leader = leader
        self._turn: int | None = leader
        self.entries: list[Entry] = []
        self.lead_suit = -1
        self.resolved = 0
        self.tandem_wins = 0
        self.skipped = 0
        self.last_summary: list[str] = []

    def _deal(self) -> None:
        """Deal the round ``_open_round`` set up: the round's explicit deal, else the seeded shuffle."""
        n = self.players
        leader = self.round_leader
        given = self.explicit.for_round(self.round_no)
        if given is not None:
            hands = list(given)
        elif self.deal_version == 1:
            hands = shuffle_deal(self.rng, n)
        else:
            hands = seeded_deal(self.seed, self.round_no, n)
        # Kept as ints; ``_deal_text`` writes a deal out when a record asks for it.  The first deal carries the
        # first lead, however it was chosen, so that a record replays from its deals alone.
        self._dealt.append((leader if self.round_no == 1 else None, tuple(hands)))
        self.hands = hands
        self.round_log_start = len(self._log)
        self._emit(RoundDealt, (self.round_no, leader))
        for seat in range(n):
            self._emit(HandDealt, (seat, tuple(cards_text(hands[seat]))), ONLY[seat])

    def _take_deal(self, index: int, deal: dict[str, Any]) -> None:
        """The owed round's deal, given late: checked as the deals given when the game is created."""
        hands, _ = check_deal(index, deal, self.players)
        self.explicit = replace(self.explicit, hands=(*self.explicit.hands, hands))

    def _deal_text(self, raw: Any) -> dict[str, Any]:
        leader, hands = raw
        return deal_text(hands, leader)

    # ----- protocol ------------------------------------------------------------------------------

    def legal_moves(self) -> list[Move]:
        if self._deal_due:
            self._catch_up()
        seat = self._turn
        if seat is None:
            return []
        hand = self.hands[seat]
        lead = self.lead_suit
        follow = hand & SUIT_MASKS[lead] if lead >= 0 else 0
        moves: list[Move] = [PLAY[c] for c in bit_list(follow or hand)]
        if follow:
            r = right_neighbour(self.entries)
            if r >= 0 and self.entries[r][2] == ALONE:
                moves.extend(TANDEM[c] for c in bit_list(follow))
        if self.bid_card[seat] < 0:
            moves.extend(BID[c] for c in bit_list(hand))
        return moves

    def parse_move(self, text: str) -> Move:
        return parse_move(text)

    def why_illegal(self, move: Move) -> str | None:
        if self._deal_due:
            self._catch_up()
        seat = self._turn
        if seat is None:
            return "the game is over"
        if not isinstance(move, (Play, Bid, Tandem)):
            return f"{move} is not a Tandem Trick move"
        card = move.card
        if not self.deck_mask >> card & 1:
            return f"{CARD_TEXT[card]}: black cards are not used with 3 players"
        hand = self.hands[seat]
        if not hand >> card & 1:
            return f"you do not hold {CARD_TEXT[card]}"
        if type(move) is Bid:
            if self.bid_card[seat] >= 0:
                return f"you already bid this round (with {CARD_TEXT[self.bid_card[seat]]})"
            return None  # a bid may be any card: it ignores the lead suit (ruling TD-R14)
        lead = self.lead_suit
        follow = hand & SUIT_MASKS[lead] if lead >= 0 else 0
        if type(move) is Play:
            if follow and card // 12 != lead:
                hint = "" if self.bid_card[seat] >= 0 else ", or bid, which ignores the lead suit"
                return f"must follow {COLOUR_NAMES[lead]}: you hold {' '.join(cards_text(follow))}{hint}"
            return None
        r = right_neighbour(self.entries)
        if r < 0:
            return "no lead-suit card to ride along with: nobody has played a card before you in this trick"
        r_seat, r_card, r_kind, r_partner = self.entries[r]
        if r_kind == DISCARD:
            return (
                f"no lead-suit card to ride along with: seat {r_seat} discarded {CARD_TEXT[r_card]} "
                f"(the lead suit is {COLOUR_NAMES[lead]})"
            )
        if r_kind == RIDE:  # ruling TD-R7
            return (
                f"cannot ride along on a tandem: seat {r_seat}'s {CARD_TEXT[r_card]} already rides along with "
                f"seat {r_partner}"
            )
        if card // 12 != lead:
            return f"a tandem card must be of the lead suit, {COLOUR_NAMES[lead]}, not {CARD_TEXT[card]}"
        return None

    def _apply(self, move: Move) -> None:
        seat = self._turn
        assert seat is not None and isinstance(move, (Play, Bid, Tandem))
        card = move.card
        kind = type(move)
        if kind is Bid:
            self._bid(seat, card, False)
        else:
            self.hands[seat] ^= 1 << card
            trick = self.cycle + 1
            if kind is Tandem:
                r_seat, r_card, _, _ = self.entries[right_neighbour(self.entries)]
                self.entries.append((seat, card, RIDE, r_seat))
                total = card % 12 + r_card % 12
                self._log.append((TandemFormed, (seat, CARD_TEXT[card], r_seat, CARD_TEXT[r_card], total, trick), None))
            elif self.lead_suit < 0:
                # The first card played sets the lead suit, even after the lead player bid (ruling TD-R10).
                self.lead_suit = card // 12
                self.entries.append((seat, card, ALONE, -1))
                self._log.append((CardPlayed, (seat, CARD_TEXT[card], trick, "lead suit"), None))
            elif card // 12 == self.lead_suit:
                self.entries.append((seat, card, ALONE, -1))
                self._log.append((CardPlayed, (seat, CARD_TEXT[card], trick, "alone"), None))
            else:
                self.entries.append((seat, card, DISCARD, -1))
                self._log.append((CardPlayed, (seat, CARD_TEXT[card], trick, "discard"), None))
        self._advance()

    def _bid(self, seat: int, card: int, forced: bool) -> None:
        self.hands[seat] ^= 1 << card
        self.bid_card[seat] = card
        # The highest bonus card left, no choice; a 4th bidder takes none (ruling TD-R4).
        bonus = BONUS_CARDS[self.bids_made] if self.bids_made < len(BONUS_CARDS) else 0
        self.bonus[seat] = bonus
        self.bids_made += 1
        self.entries.append((seat, card, BIDDING, -1))
        event = ForcedBid if forced else BidMade
        self._emit(event, (seat, CARD_TEXT[card], card % 12, bonus, self.cycle + 1))

    def _advance(self) -> None:
        """Pass the turn on; resolve full tricks; make the final trick's forced bids, which are not moves
        (rulings TD-R5 and TD-R19)."""
        n = self.players
        while True:
            if len(self.entries) == n:
                if self._resolve():
                    return
            else:
                assert self._turn is not None
                self._turn = (self._turn + 1) % n
            seat = self._turn
            assert seat is not None
            if self.cycle == CYCLES - 1 and self.bid_card[seat] < 0:
                self._bid(seat, self.hands[seat].bit_length() - 1, True)
                continue
            return

    def _resolve(self) -> bool:
        """Settle a full trick; True when the round (and maybe the game) has ended."""
        entries = self.entries
        trick = self.cycle + 1
        final_leader = self.leader
        # Sides keyed by the seat of their ALONE card: [total, highest single card, members, card texts].
        # Bid cards and discards are no side (ruling TD-R15; a discard never wins).
        sides: dict[int, list[Any]] = {}
        for seat, card, kind, partner in entries:
            if kind == ALONE:
                sides[seat] = [card % 12, card % 12, [seat], [CARD_TEXT[card]]]
            elif kind == RIDE:
                side = sides[partner]
                side[0] += card % 12
                side[1] = max(side[1], card % 12)
                side[2].append(seat)
                side[3].append(CARD_TEXT[card])
        if not sides:
            # Everybody bid: nobody wins, the same player leads again (ruling TD-R8).
            self.skipped += 1
            self._log.append((TrickSkipped, (trick, self.leader), None))
            self.last_trick = None
            self.last_summary = [f"trick {trick}: everyone bid, so nobody wins it; seat {self.leader} leads again"]
        else:
            best = max(sides.values(), key=lambda s: (s[0], s[1]))
            members: list[int] = best[2]
            for m in members:
                self.won[m] += 1
            self.resolved += 1
            played = [e for e in entries if e[2] != BIDDING]
            value_of = {e[0]: e[1] % 12 for e in played}
            # For a tandem win the member with the higher card leads.
            next_lead = max(members, key=lambda m: value_of[m])
            if len(members) == 2:
                self.tandem_wins += 1
            texts = tuple(f"seat {'+'.join(map(str, v[2]))}: {'+'.join(v[3])}={v[0]}" for v in sides.values())
            self._log.append((TrickWon, (trick, tuple(members), next_lead, best[0], texts), None))
            self.last_trick = {
                "trick": trick,
                "seats": [e[0] for e in played],
                "cards": [CARD_TEXT[e[1]] for e in played],
                "notes": [entry_note(e) for e in played],
                "winner": next_lead,
                "winners": list(members),
                "round": self.round_no,
            }
            self.last_summary = trick_summary(trick, list(sides.values()), best, next_lead, played)
            self.leader = next_lead
        self._turn = self.leader
        self.entries = []
        self.lead_suit = -1
        self.cycle += 1
        if self.cycle < CYCLES:
            return False
        self._end_round(final_leader)
        return True

    def _end_round(self, final_leader: int) -> None:
        n = self.players
        bids = tuple(self.bid_card[p] % 12 for p in range(n))
        points = tuple(round_points(bids[p], self.won[p], self.bonus[p], self.misere_bonus) for p in range(n))
        for p in range(n):
            self.totals[p] += points[p]
        self.score_sheet.append(
            score_row(
                self.round_no,
                self.round_leader,
                bids,
                self.bonus,
                self.won,
                points,
                self.totals,
                self.resolved,
                self.tandem_wins,
            )
        )
        self._emit(RoundScored, (self.round_no, bids, tuple(self.won), points, tuple(self.totals)))
        if max(self.totals) >= self.target:
            self.over = True
            self._end_game()
            return
        # The next round is led by the player who led the final trick, even if they bid in it (ruling TD-R13).
        self._open_round(final_leader)
        self._deal_later()

    def result(self) -> dict[str, Any] | None:
        if not self.over:
            return None
        top = max(self.totals)
        # Every seat on the highest total wins: a tie shares the victory (ruling TD-R12).
        winners = [p for p in range(self.players) if self.totals[p] == top]
        who = " and ".join(f"seat {p}" for p in winners)
        verb = "share the victory" if len(winners) > 1 else "wins"
        summary = f"{who} {verb} with {points_words(top)} after {count(self.round_no, 'round')}"
        return {"winners": winners, "scores": list(self.totals), "rounds": self.round_no, "summary": summary}

    # ----- views -----------------------------------------------------------------------------------

    def hidden_from(self, seat: int | None) -> Hidden:
        """The other seats' hands (their card backs are public, the cards are not); every choice is made face up."""
        self._catch_up()
        return Hidden(frozenset(text for p, hand in enumerate(self.hands) if p != seat for text in cards_text(hand)))

    def _view(self, seat: int | None) -> dict[str, Any]:
        return build_view(self, seat)
