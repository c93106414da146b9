"""Tandem Trick: bid a card sideways when you choose, ride along with your right neighbour (rules:
tandem-trick.txt, SPEC §2).

A round is 12 trick cycles; in each, every player in turn plays a card alone, rides along with the effective
right neighbour's lead-suit card (a tandem, whose two cards add up), or bids once a round with any card and sits
the cycle out.  The highest side wins; ties go to the side with the highest single card.  Card sets are int
bitmasks (see ``_tandem_cards``).
"""

from __future__ import annotations

from typing import Any

from tricktable.core.cards import bit_list
from tricktable.core.errors import IllegalMove, InvalidOptions
from tricktable.core.events import HandDealt
from tricktable.core.game import Game, Move
from tricktable.core.options import Option
from tricktable.rules._tandem_cards import (
    BID,
    BONUS_CARDS,
    CARD_TEXT,
    COLOUR_NAMES,
    COLOURS,
    CYCLES,
    HAND_SIZE,
    HIGH_MASKS,
    MISERE_POINTS,
    PLAY,
    SUIT_MASKS,
    TANDEM,
    Bid,
    BidMade,
    CardPlayed,
    ForcedBid,
    Play,
    RoundDealt,
    RoundScored,
    Tandem,
    TandemFormed,
    TrickSkipped,
    TrickWon,
    cards_text,
    deck_colours,
    parse_cards,
)
from tricktable.rules._tandem_cards import parse_move as parse_tandem_move

# Kinds of the entries laid out in a cycle.
ALONE = 0  # a lead-suit card played alone (the first card played is always one)
DISCARD = 1
RIDE = 2  # a lead-suit card riding along with the partner's ALONE card
BIDDING = 3


def round_points(bid: int, tricks: int, bonus: int, misere_bonus: bool) -> int:
    """SPEC 2.7: 1 per trick; a hit bid doubles and adds its bonus; a hit 0 bid is 1,000,000 (+ bonus, TD-11)."""
    if tricks != bid:
        return tricks
    if bid == 0:
        return MISERE_POINTS + (bonus if misere_bonus else 0)
    return 2 * tricks + bonus


class TandemTrick(Game):
    name = "tandem-trick"
    title = "Tandem Trick"
    min_players = 3
    max_players = 4
    default_players = 4
    option_specs = (
        Option("misere_bonus", True, "a successful 0 bid scores 1,000,000 plus its bonus card (off: 1,000,000)"),
        Option("target", 24, "the game ends after a round in which someone reaches this many points"),
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
        self.deck_mask = (1 << (12 * self.colours)) - 1
        self.misere_bonus = bool(self.options["misere_bonus"])
        self.target = int(self.options["target"])
        self.totals = [0] * n
        self.round_no = 0
        self.over = False
        self.score_sheet: list[dict[str, Any]] = []
        self._check_deals()
        first = self.deals[0] if self.deals else None
        leader = int(first["leader"]) if first is not None and "leader" in first else self.rng.randrange(n)
        self._start_round(leader)

    def _check_deals(self) -> None:
        """Explicit deals must be whole before the game starts: each is replayed when its round comes."""
        n = self.players
        for index, deal in enumerate(self.deals):
            where = f"deal {index + 1}"
            if not isinstance(deal, dict) or "hands" not in deal:
                raise InvalidOptions(f"{where} needs 'hands': one list of {HAND_SIZE} cards per seat")
            unknown = set(deal) - {"hands", "leader"}
            if unknown:
                raise InvalidOptions(f"{where} has unknown keys {', '.join(sorted(unknown))} (use 'hands', 'leader')")
            raw = deal["hands"]
            if not isinstance(raw, list) or not all(isinstance(h, list) for h in raw):
                raise InvalidOptions(f"{where}: 'hands' must be a list of lists of card texts, one list per seat")
            try:
                hands = [parse_cards(list(h)) for h in raw]
            except TypeError as exc:
                raise InvalidOptions(f"{where}: 'hands' must be lists of card texts") from exc
            except IllegalMove as exc:
                raise InvalidOptions(f"{where}: {exc}") from exc
            if len(hands) != n:
                raise InvalidOptions(f"{where} has {len(hands)} hands for {n} players")
            union = 0
            for seat, h in enumerate(hands):
                if h.bit_count() != HAND_SIZE:
                    raise InvalidOptions(f"{where}: seat {seat} has {h.bit_count()} cards, every hand has {HAND_SIZE}")
                if h & ~self.deck_mask:
                    raise InvalidOptions(f"{where}: seat {seat} holds black cards, which are not used with 3 players")
                if union & h:
                    twice = cards_text(union & h)
                    raise InvalidOptions(f"{where}: {' '.join(twice)} dealt twice")
                union |= h
            if "leader" in deal:
                if index > 0:
                    raise InvalidOptions(
                        f"{where}: only the first deal names a leader; later rounds are led by the player who "
                        "led the previous round's final trick"
                    )
                leader = deal["leader"]
                if type(leader) is not int or not 0 <= leader < n:
                    raise InvalidOptions(f"{where}: leader must be a seat 0..{n - 1}")

    def _start_round(self, leader: int) -> None:
        n = self.players
        self.round_no += 1
        deal = self.next_explicit_deal()
        if deal is not None:
            hands = [parse_cards(list(h)) for h in deal["hands"]]
        else:
            deck = list(range(12 * self.colours))
            self.rng.shuffle(deck)
            hands = [0] * n
            for i, card in enumerate(deck):
                hands[i // HAND_SIZE] |= 1 << card
        self.hands = hands
        self.bid_card = [-1] * n
        self.bonus = [0] * n
        self.bids_made = 0
        self.won = [0] * n
        self.cycle = 0
        self.round_leader = leader
        self.leader = leader
        self.turn: int | None = leader
        # One entry per action this cycle, in turn order: (seat, card, kind, partner seat or -1).
        self.entries: list[tuple[int, int, int, int]] = []
        self.lead_suit = -1
        self.resolved = 0
        self.tandem_wins = 0
        self.skipped = 0
        self.last_trick: dict[str, Any] | None = None
        self.last_summary: list[str] = []
        self.round_log_start = len(self._log)
        self._emit(RoundDealt, (self.round_no, leader))
        for seat in range(n):
            self._emit(HandDealt, (seat, tuple(cards_text(hands[seat]))), frozenset((seat,)))

    # ----- protocol ------------------------------------------------------------------------------

    @property
    def to_move(self) -> int | None:
        return None if self.over else self.turn

    @property
    def phase(self) -> str:
        return "over" if self.over else "play"

    def right_neighbour(self) -> int:
        """Index in ``entries`` of the effective right neighbour's action, or -1 (SPEC 2.5.3, TD-6).

        Actions come in turn order, so walking back over this cycle's bidders is walking back over the entries.
        """
        entries = self.entries
        for i in range(len(entries) - 1, -1, -1):
            if entries[i][2] != BIDDING:
                return i
        return -1

    def legal_moves(self) -> list[Move]:
        seat = self.to_move
        if seat is None:
            return []
        hand = self.hands[seat]
        lead = self.lead_suit
        follow = hand & SUIT_MASKS[lead] if lead >= 0 else 0
        moves: list[Move] = [PLAY[c] for c in bit_list(follow or hand)]
        if follow:
            r = self.right_neighbour()
            if r >= 0 and self.entries[r][2] == ALONE:
                moves.extend(TANDEM[c] for c in bit_list(follow))
        if self.bid_card[seat] < 0:
            moves.extend(BID[c] for c in bit_list(hand))
        return moves

    def parse_move(self, text: str) -> Move:
        return parse_tandem_move(text)

    def why_illegal(self, move: Move) -> str | None:
        seat = self.to_move
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
            return None
        lead = self.lead_suit
        follow = hand & SUIT_MASKS[lead] if lead >= 0 else 0
        if type(move) is Play:
            if follow and card // 12 != lead:
                hint = "" if self.bid_card[seat] >= 0 else ", or bid, which ignores the lead suit"
                return f"must follow {COLOUR_NAMES[lead]}: you hold {' '.join(cards_text(follow))}{hint}"
            return None
        r = self.right_neighbour()
        if r < 0:
            return "no lead-suit card to ride along with: nobody has played a card before you in this trick"
        r_seat, r_card, r_kind, r_partner = self.entries[r]
        if r_kind == DISCARD:
            return (
                f"no lead-suit card to ride along with: seat {r_seat} discarded {CARD_TEXT[r_card]} "
                f"(the lead suit is {COLOUR_NAMES[lead]})"
            )
        if r_kind == RIDE:
            return (
                f"cannot ride along on a tandem: seat {r_seat}'s {CARD_TEXT[r_card]} already rides along with "
                f"seat {r_partner}"
            )
        if card // 12 != lead:
            return f"a tandem card must be of the lead suit, {COLOUR_NAMES[lead]}, not {CARD_TEXT[card]}"
        return None

    def _apply(self, move: Move) -> None:
        seat = self.turn
        assert seat is not None and isinstance(move, (Play, Bid, Tandem))
        card = move.card
        kind = type(move)
        if kind is Bid:
            self._bid(seat, card, False)
        else:
            self.hands[seat] ^= 1 << card
            trick = self.cycle + 1
            if kind is Tandem:
                r_seat, r_card, _, _ = self.entries[self.right_neighbour()]
                self.entries.append((seat, card, RIDE, r_seat))
                total = card % 12 + r_card % 12
                self._log.append((TandemFormed, (seat, CARD_TEXT[card], r_seat, CARD_TEXT[r_card], total, trick), None))
            elif self.lead_suit < 0:
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
        bonus = BONUS_CARDS[self.bids_made] if self.bids_made < len(BONUS_CARDS) else 0
        self.bonus[seat] = bonus
        self.bids_made += 1
        self.entries.append((seat, card, BIDDING, -1))
        event = ForcedBid if forced else BidMade
        self._emit(event, (seat, CARD_TEXT[card], card % 12, bonus, self.cycle + 1))

    def _advance(self) -> None:
        """Pass the turn on; resolve full cycles; make the final cycle's forced bids (SPEC TD-5)."""
        n = self.players
        while True:
            if len(self.entries) == n:
                if self._resolve():
                    return
            else:
                assert self.turn is not None
                self.turn = (self.turn + 1) % n
            seat = self.turn
            assert seat is not None
            if self.cycle == CYCLES - 1 and self.bid_card[seat] < 0:
                self._bid(seat, self.hands[seat].bit_length() - 1, True)
                continue
            return

    def _resolve(self) -> bool:
        """Settle a full cycle; True when the round (and maybe the game) has ended."""
        entries = self.entries
        trick = self.cycle + 1
        final_leader = self.leader
        # Sides keyed by the seat of their ALONE card: [total, highest single card, members, card texts].
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
            # For a tandem win the member with the higher card leads (SPEC 2.6).
            next_lead = max(members, key=lambda m: value_of[m])
            if len(members) == 2:
                self.tandem_wins += 1
            texts = tuple(f"seat {'+'.join(map(str, v[2]))}: {'+'.join(v[3])}={v[0]}" for v in sides.values())
            self._log.append((TrickWon, (trick, tuple(members), next_lead, best[0], texts), None))
            self.last_trick = {
                "trick": trick,
                "seats": [e[0] for e in played],
                "cards": [CARD_TEXT[e[1]] for e in played],
                "notes": [_note(e) for e in played],
                "winner": next_lead,
                "winners": list(members),
            }
            self.last_summary = _trick_summary(trick, list(sides.values()), best, next_lead, played)
            self.leader = next_lead
        self.turn = self.leader
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
            {
                "round": self.round_no,
                "leader": self.round_leader,
                "bids": list(bids),
                "bonus": list(self.bonus),
                "tricks": list(self.won),
                "points": list(points),
                "totals": list(self.totals),
                "resolved": self.resolved,
                "tandem_wins": self.tandem_wins,
            }
        )
        self._emit(RoundScored, (self.round_no, bids, tuple(self.won), points, tuple(self.totals)))
        if max(self.totals) >= self.target:
            self.over = True
            self.turn = None
            self._end_game()
            return
        # The next round is led by the player who led the final trick, even if they bid in it (TD-13).
        self._start_round(final_leader)

    def result(self) -> dict[str, Any] | None:
        if not self.over:
            return None
        top = max(self.totals)
        winners = [p for p in range(self.players) if self.totals[p] == top]
        who = " and ".join(f"seat {p}" for p in winners)
        verb = "share the victory" if len(winners) > 1 else "wins"
        summary = f"{who} {verb} with {top} points after {self.round_no} rounds"
        return {"winners": winners, "scores": list(self.totals), "rounds": self.round_no, "summary": summary}

    # ----- views -----------------------------------------------------------------------------------

    def _view(self, seat: int | None) -> dict[str, Any]:
        n = self.players
        letters = COLOURS[: self.colours]
        seats = []
        for p in range(n):
            hand = self.hands[p]
            high = {letters[c]: (hand & HIGH_MASKS[c]).bit_count() for c in range(self.colours)}
            bid = self.bid_card[p]
            seats.append(
                {
                    "seat": p,
                    "cards": hand.bit_count(),
                    "backs": high,
                    "unmarked": hand.bit_count() - sum(high.values()),
                    "bid": bid % 12 if bid >= 0 else None,
                    "bid_card": CARD_TEXT[bid] if bid >= 0 else None,
                    "bonus": self.bonus[p] if bid >= 0 else None,
                    "tricks": self.won[p],
                    "score": self.totals[p],
                }
            )
        trick = []
        for e in self.entries:
            trick.append({"seat": e[0], "card": CARD_TEXT[e[1]], "note": _note(e)})
        left = BONUS_CARDS[self.bids_made :]
        return {
            "hand": cards_text(self.hands[seat]) if seat is not None else [],
            "seats": seats,
            "table": {
                "round": self.round_no,
                "trick": min(self.cycle + 1, CYCLES),
                "tricks": CYCLES,
                "lead player": self.leader,
                "lead suit": COLOUR_NAMES[self.lead_suit] if self.lead_suit >= 0 else None,
                "bonus cards left": " ".join(map(str, left)) if left else "none",
                "ride along with": self._ride_fact(),
                "target": self.target,
            },
            "trick": trick,
            # Copies: a caller changing its view must not change the game.
            "last_trick": _copy_row(self.last_trick) if self.last_trick is not None else None,
            "score_sheet": [_copy_row(row) for row in self.score_sheet],
            "panels": self._panels(seat),
            "card_colours": {"R": "red", "Y": "yellow", "B": "blue", "K": "black"},
            "events": [e.to_dict() for e in self.events[self.round_log_start :] if e.visible(seat)],
        }

    def _panels(self, seat: int | None) -> dict[str, list[str]]:
        backs = []
        for p in range(self.players):
            if p == seat:
                continue
            hand = self.hands[p]
            # Colour names, not letters: "R1" would read as a card.
            high = ", ".join(f"{COLOUR_NAMES[c]} {(hand & HIGH_MASKS[c]).bit_count()}" for c in range(self.colours))
            low = hand.bit_count() - sum((hand & HIGH_MASKS[c]).bit_count() for c in range(self.colours))
            backs.append(f"seat {p}: 8-11 by colour {high}; {low} unmarked")
        bids = [
            f"seat {p}: bid {self.bid_card[p] % 12} with {CARD_TEXT[self.bid_card[p]]}, bonus {self.bonus[p]}, "
            f"{self.won[p]} trick{'' if self.won[p] == 1 else 's'}"
            for p in range(self.players)
            if self.bid_card[p] >= 0
        ]
        panels = {"card backs": backs, "bids": bids or ["nobody has bid yet"]}
        if self.last_summary:
            # The generic last-trick line names one seat; a tandem win gives both members a trick.
            panels["last trick"] = list(self.last_summary)
        panels["rounds"] = [_round_line(row) for row in self.score_sheet] or ["no round finished yet"]
        return panels

    def _ride_fact(self) -> str:
        """Whose card the player to move could ride along with (SPEC 2.5.3), in words."""
        r = self.right_neighbour()
        if r < 0:
            return "nothing yet"
        r_seat, r_card, r_kind, _ = self.entries[r]
        if r_kind == DISCARD:
            return f"nothing: seat {r_seat} discarded {CARD_TEXT[r_card]}"
        if r_kind == RIDE:
            return f"nothing: seat {r_seat}'s {CARD_TEXT[r_card]} rides along already"
        return f"seat {r_seat}'s {CARD_TEXT[r_card]}"


def _copy_row(row: dict[str, Any]) -> dict[str, Any]:
    return {k: list(v) if isinstance(v, list) else v for k, v in row.items()}


def _members(side: list[Any]) -> str:
    seats: list[int] = side[2]
    word = "seats" if len(seats) > 1 else "seat"
    return f"{word} {'+'.join(map(str, seats))} {'+'.join(side[3])}={side[0]}"


def _trick_summary(
    trick: int, sides: list[list[Any]], best: list[Any], next_lead: int, played: list[tuple[int, int, int, int]]
) -> list[str]:
    """Two lines for the last-trick panel: the sides (and discards), then who takes a trick and who leads."""
    beaten = [_members(s) for s in sides if s is not best]
    first = f"trick {trick}: {_members(best)}"
    if beaten:
        first += " beat " + ", ".join(beaten)
    discards = [f"seat {e[0]} {CARD_TEXT[e[1]]}" for e in played if e[2] == DISCARD]
    if discards:
        first += "; discarded: " + ", ".join(discards)
    members: list[int] = best[2]
    if len(members) == 2:
        second = f"seats {members[0]} and {members[1]} each take a trick; seat {next_lead} leads"
    else:
        second = f"seat {next_lead} takes the trick and leads"
    return [first, second]


def _round_line(row: dict[str, Any]) -> str:
    parts = []
    for p, (bid, took, points) in enumerate(zip(row["bids"], row["tricks"], row["points"], strict=True)):
        parts.append(f"seat {p} {bid}/{took}: {points}{' hit' if bid == took else ''}")
    return f"round {row['round']} (bid/took: points): " + ", ".join(parts)


def _note(entry: tuple[int, int, int, int]) -> str:
    _, card, kind, partner = entry
    if kind == BIDDING:
        return f"bid {card % 12}"
    if kind == RIDE:
        return f"tandem with seat {partner}"
    if kind == DISCARD:
        return "discard"
    return "alone"
