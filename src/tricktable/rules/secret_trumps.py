"""Secret Trumps: draft hands from face-up rows while only the start player knows the trumps
(rules: secret-trumps.txt, SPEC §3).

Flow: a goal draft once per game (``goal SLUG``), then rounds of: picking 9 rows (``pick 7S``) with an
engine-computed hint after each row, the non-start players' secret goal choice (``choose SLUG``, hidden
sequential moves revealed together), 9 tricks (a plain card, ``7S``), and crossing off, where an eligible
start player picks which own goal to cross off (``cross SLUG``).  Cards are ints and card sets bitmasks
(see ``_secret_trumps_cards``); the goal list is data (``_secret_trumps_goals``); the views live in
``_secret_trumps_views``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

from tricktable.core.errors import IllegalMove, InvalidOptions
from tricktable.core.events import CardPlayed, TrickWon
from tricktable.core.game import Game, Move
from tricktable.core.moves import CardMove
from tricktable.core.options import Option
from tricktable.rules._secret_trumps_cards import (
    CARD_TEXT,
    NO_RANK,
    NO_SUIT,
    NUM_CARDS,
    RANK_MASKS,
    SUIT_MASKS,
    SUIT_NAMES,
    Trumps,
    legal_mask,
    mask_text,
    parse_card,
    parse_rank,
    parse_suit,
    rank_text,
    suit_text,
    trick_winner,
)
from tricktable.rules._secret_trumps_events import (
    CardPicked,
    GoalChosen,
    GoalCommitted,
    GoalCrossed,
    GoalDrafted,
    GoalsRevealed,
    Hint,
    RoundScored,
    RoundStarted,
    TrumpsRevealed,
    TrumpsSeen,
)
from tricktable.rules._secret_trumps_goals import GOALS, HOLDERS_PER_GOAL, Goal, RoundOutcome, draft_feasible
from tricktable.rules._secret_trumps_views import build_view, current_entry

ROWS = 9
LAYOUT_KEYS = frozenset(("start", "trump_suit", "trump_rank", "rows"))
LAYOUT_HELP = {
    "rows": "9 rows of 4 cards",
    "trump_suit": "S, H, D, C, or null for no trump suit",
    "trump_rank": "1..9, or null for no trump rank",
}
VERBS = ("goal", "pick", "choose", "cross")
PHASE_VERB = {"draft": "goal", "pick": "pick", "choose": "choose", "cross": "cross"}
PHASE_HELP = {
    "draft": "it is the goal draft: take a goal with 'goal SLUG', e.g. 'goal no-tricks'",
    "pick": "it is the picking: take a card from the current row with 'pick CARD', e.g. 'pick 7S'",
    "choose": "it is time to choose this round's goal: 'choose SLUG', e.g. 'choose exactly-2'",
    "play": "it is the play: play a card from your hand, e.g. '7S'",
    "cross": "cross off one of your open goals: 'cross SLUG'",
}


@dataclass(frozen=True, slots=True, repr=False)
class StMove(Move):
    """A verb move: ``goal SLUG``, ``pick CARD``, ``choose SLUG`` or ``cross SLUG``.

    ``value`` is the goal's index in the game's goal list or the card id; ``text`` its notation.
    """

    verb: str
    value: int
    text: str = field(compare=False)

    def __repr__(self) -> str:
        return f"StMove({self.verb} {self.text})"

    def __str__(self) -> str:
        return f"{self.verb} {self.text}"


@dataclass(frozen=True, slots=True, repr=False)
class StPlay(CardMove):
    """Play a card in a trick.  Notation: the card, e.g. ``7S``."""

    card_text: ClassVar[tuple[str, ...]] = CARD_TEXT


PLAY = tuple(StPlay(c) for c in range(NUM_CARDS))
PICK = tuple(StMove("pick", c, CARD_TEXT[c]) for c in range(NUM_CARDS))


class SecretTrumps(Game):
    name = "secret-trumps"
    title = "Secret Trumps"
    min_players = 3
    max_players = 4
    default_players = 4
    option_specs = (
        Option("five_goals", False, "everyone drafts five goals (first edition)"),
        Option("second_deck", True, "trump rank from a second deck (off: the rank of a number card, never none)"),
    )
    move_help = (
        "goal SLUG (draft a goal) | pick CARD (take a card from the current row, e.g. pick 7S) | "
        "choose SLUG (your goal this round) | a card to play, e.g. 7S, AS, 1S or 7♠ | "
        "cross SLUG (start player: cross off one own goal). Goals: " + ", ".join(g.slug for g in GOALS)
    )
    #: The goal list (data): a variant swaps a goal by subclassing with its own tuple.
    goal_list: ClassVar[tuple[Goal, ...]] = GOALS

    # ----- setup -----------------------------------------------------------------------------------

    def setup(self) -> None:
        n = self.players
        self.goals = type(self).goal_list
        self.goal_slugs = {g.slug: i for i, g in enumerate(self.goals)}
        self.goal_moves = {verb: tuple(StMove(verb, i, g.slug) for i, g in enumerate(self.goals)) for verb in VERBS}
        self.goal_count = 5 if self.options["five_goals"] else 4
        self.second_deck = bool(self.options["second_deck"])
        if len(self.goals) * HOLDERS_PER_GOAL < n * self.goal_count or len(self.goals) < self.goal_count:
            raise InvalidOptions("the goal list is too short for this many players and goals")
        self.layouts = [self._read_layout(i, d) for i, d in enumerate(self.deals)]
        first = self.layouts[0]["start"] if self.layouts else None
        self.start: int = first if first is not None else self.rng.randrange(n)
        for i, layout in enumerate(self.layouts):
            if layout["start"] is not None and layout["start"] != (self.start + i) % n:
                raise InvalidOptions(
                    f"deal {i + 1}: the start player moves left each round, so it must be seat {(self.start + i) % n}"
                )
        self.held: list[list[int]] = [[] for _ in range(n)]
        self.crossed: list[list[int]] = [[] for _ in range(n)]
        self.holders: list[int] = [0] * len(self.goals)
        self.draft_turns = 0
        self.round_no = 0
        self.score_sheet: list[dict[str, Any]] = []
        self.over = False
        self.winners: list[int] = []
        self.round_log_start = 0
        self.phase_name = "draft"
        self._turn: int | None = self.start
        self._reset_round_state()

    def _read_layout(self, index: int, deal: dict[str, Any]) -> dict[str, Any]:
        """Check an explicit layout (documented in docs/games/secret-trumps.md) before the game starts."""
        where = f"deal {index + 1}"
        if not isinstance(deal, dict):
            raise InvalidOptions(f"{where} must be an object with 'rows', 'trump_suit' and 'trump_rank'")
        unknown = sorted(set(deal) - LAYOUT_KEYS)
        if unknown:
            raise InvalidOptions(f"{where}: unknown key {unknown[0]!r} (keys: {', '.join(sorted(LAYOUT_KEYS))})")
        # A missing trump would silently mean "none": both must be named, null being the explicit none.
        for key in ("rows", "trump_suit", "trump_rank"):
            if key not in deal:
                raise InvalidOptions(f"{where} needs '{key}' ({LAYOUT_HELP[key]})")
        raw = deal["rows"]
        if not isinstance(raw, list) or len(raw) != ROWS or any(not isinstance(r, list) or len(r) != 4 for r in raw):
            raise InvalidOptions(f"{where}: 'rows' must be 9 rows of 4 cards (3 players: the 4th is put aside)")
        try:
            rows = [[parse_card(str(c)) for c in row] for row in raw]
            suit = parse_suit(deal["trump_suit"])
            rank = parse_rank(deal["trump_rank"])
        except (TypeError, ValueError) as exc:
            raise InvalidOptions(f"{where}: {exc}") from exc
        if len({c for r in rows for c in r}) != NUM_CARDS:
            raise InvalidOptions(f"{where}: the rows must hold each of the 36 cards exactly once")
        if rank == NO_RANK and not self.second_deck:
            raise InvalidOptions(f"{where}: without a second deck there is always a trump rank")
        start = deal.get("start")
        if start is not None and not (type(start) is int and 0 <= start < self.players):
            raise InvalidOptions(f"{where}: start must be a seat 0..{self.players - 1}, not {start!r}")
        return {"start": start, "suit": suit, "rank": rank, "rows": rows}

    def _reset_round_state(self) -> None:
        n = self.players
        self.trumps = Trumps(NO_SUIT, NO_RANK)
        self.rows: list[list[int]] = []
        self.row_left: list[int] = []
        self.picks: list[list[tuple[int, int]]] = []
        self.hints: list[dict[str, Any]] = []
        self.cur_row = 0
        self.hands = [0] * n
        self.chosen: list[int | None] = [None] * n
        self.revealed = False
        self.trumps_public = False
        self.won = [0] * n
        self.captured = [0] * n
        self.tricks_played = 0
        self.trick: list[int] = []
        self.trick_seats: list[int] = []
        self.last_trick: dict[str, Any] | None = None
        self.met: list[bool | None] = [None] * n
        self.crossed_now: dict[int, str] = {}
        self.steal = False

    def _start_round(self) -> None:
        n = self.players
        self.round_no += 1
        self._reset_round_state()
        self.round_log_start = len(self._log)
        layout = self.next_explicit_deal()
        if layout is not None:
            parsed = self.layouts[self._deals_used - 1]
            suit, rank, rows = parsed["suit"], parsed["rank"], [list(r) for r in parsed["rows"]]
        else:
            suit = (0, 1, 2, 3, NO_SUIT)[self.rng.randrange(5)]
            # Without a second deck the rank is that of the number deck's bottom card: uniform over 1..9.
            # It is drawn apart from the layout, so no position in the rows betrays it (ruling in the docs).
            rank = self.rng.randrange(10) if self.second_deck else self.rng.randrange(1, 10)
            deck = list(range(NUM_CARDS))
            self.rng.shuffle(deck)
            rows = [deck[4 * r : 4 * r + 4] for r in range(ROWS)]
        self.trumps = Trumps(suit, rank)
        self.rows = rows
        up = 4 if n == 4 else 3  # 3 players: the 4th card of each row lies face down, out of the round
        self.row_left = [sum(1 << c for c in row[:up]) for row in rows]
        self.picks = [[] for _ in range(ROWS)]
        self.phase_name = "pick"
        self._turn = (self.start + 1) % n
        face_up = tuple(tuple(CARD_TEXT[c] for c in row[:up]) for row in rows)
        self._emit(RoundStarted, (self.round_no, self.start, face_up))
        self._emit(TrumpsSeen, (self.start, suit_text(suit), rank_text(rank)), frozenset((self.start,)))

    # ----- protocol --------------------------------------------------------------------------------

    def open_goals(self, seat: int) -> list[int]:
        return [g for g in self.held[seat] if g not in self.crossed[seat]]

    def legal_moves(self) -> list[Move]:
        seat = self._turn
        if seat is None:
            return []
        phase = self.phase_name
        if phase == "pick":
            left = self.row_left[self.cur_row]
            return [PICK[c] for c in self.rows[self.cur_row] if left >> c & 1]
        if phase == "play":
            led = self.trick[0] if self.trick else None
            mask = legal_mask(self.hands[seat], led, self.trumps)
            moves: list[Move] = []
            while mask:
                low = mask & -mask
                moves.append(PLAY[low.bit_length() - 1])
                mask ^= low
            return moves
        if phase == "draft":
            return [self.goal_moves["goal"][g] for g in range(len(self.goals)) if self._draft_problem(seat, g) is None]
        verb = PHASE_VERB[phase]
        return [self.goal_moves[verb][g] for g in self.open_goals(seat)]

    def parse_move(self, text: str) -> Move:
        words = text.strip().split()
        if not words:
            raise IllegalMove("empty move: " + self.move_help)
        verb = words[0].lower()
        if verb in VERBS:
            if len(words) < 2:
                raise IllegalMove(f"{text!r}: write '{verb}' and then a {'card' if verb == 'pick' else 'goal'}")
            if verb == "pick":
                if len(words) != 2:
                    raise IllegalMove(f"{text!r}: pick one card, e.g. 'pick 7S'")
                return PICK[parse_card(words[1])]
            slug = "-".join(w.lower() for w in words[1:])
            index = self.goal_slugs.get(slug)
            if index is None:
                raise IllegalMove(f"{slug!r} is not a goal; the goals are: {', '.join(self.goal_slugs)}")
            return self.goal_moves[verb][index]
        if len(words) != 1:
            raise IllegalMove(f"{text!r} is not a move: {self.move_help}")
        return PLAY[parse_card(words[0])]

    def _draft_problem(self, seat: int, goal: int) -> str | None:
        slug = self.goals[goal].slug
        if goal in self.held[seat]:
            return f"you already hold {slug}; every goal you hold must be different"
        if self.holders[goal] >= HOLDERS_PER_GOAL:
            taken = [p for p in range(self.players) if goal in self.held[p]]
            return f"{slug} is taken by two players already (seats {taken[0]} and {taken[1]})"
        needs = [self.goal_count - len(h) for h in self.held]
        needs[seat] -= 1
        held = [set(h) for h in self.held]
        held[seat].add(goal)
        holders = list(self.holders)
        holders[goal] += 1
        if not draft_feasible(needs, held, holders, HOLDERS_PER_GOAL):
            return f"taking {slug} now would leave a player unable to complete the draft; choose another goal"
        return None

    def why_illegal(self, move: Move) -> str | None:
        seat = self._turn
        if seat is None:
            return "the game is over"
        phase = self.phase_name
        if type(move) is StPlay:
            if phase != "play":
                return PHASE_HELP[phase]
            return self._play_problem(seat, move.card)
        if type(move) is not StMove:
            return f"{move} is not a Secret Trumps move"
        if PHASE_VERB.get(phase) != move.verb:
            return PHASE_HELP[phase]
        if phase == "pick":
            card = move.value
            left = self.row_left[self.cur_row]
            if left >> card & 1:
                return None
            for r, picks in enumerate(self.picks):
                for p, c in picks:
                    if c == card:
                        return f"{CARD_TEXT[card]} was picked by seat {p} in row {r + 1}"
            row = self.cur_row
            here = " ".join(self._row_text(row))
            for r in range(row + 1, ROWS):
                if self.row_left[r] >> card & 1:
                    return f"{CARD_TEXT[card]} lies in row {r + 1}; pick from row {row + 1}: {here}"
            return f"{CARD_TEXT[card]} is not face up in row {row + 1}; pick one of: {here}"
        goal = move.value
        slug = self.goals[goal].slug
        if phase == "draft":
            return self._draft_problem(seat, goal)
        if goal not in self.held[seat]:
            return f"you do not hold {slug}; your open goals: {', '.join(self._slugs(self.open_goals(seat)))}"
        if goal in self.crossed[seat]:
            return f"{slug} is already crossed off; your open goals: {', '.join(self._slugs(self.open_goals(seat)))}"
        return None

    def _play_problem(self, seat: int, card: int) -> str | None:
        hand = self.hands[seat]
        if not hand >> card & 1:
            return f"you do not hold {CARD_TEXT[card]}; your hand: {' '.join(mask_text(hand))}"
        if not self.trick:
            return None
        led = self.trick[0]
        allowed = legal_mask(hand, led, self.trumps)
        if allowed >> card & 1:
            return None
        if self.trumps.key[led]:
            return f"a trump was led ({CARD_TEXT[led]}): you must play a trump; yours: {' '.join(mask_text(allowed))}"
        suit = led // 9
        # Name the trump-rank rule only when it matters: the player holds the trump-rank card printed in the
        # led suit (one card at most), which looks like a way to follow but is not.
        lookalike = hand & RANK_MASKS[self.trumps.rank] & SUIT_MASKS[suit]
        note = ""
        if lookalike:
            name = SUIT_NAMES[suit][:-1]
            note = f" ({mask_text(lookalike)[0]} is a trump-rank card: it does not count as a {name})"
        return f"you must follow {SUIT_NAMES[suit]}: you hold {' '.join(mask_text(allowed))}{note}"

    def _slugs(self, goals: list[int]) -> list[str]:
        return [self.goals[g].slug for g in goals]

    def _row_text(self, row: int) -> list[str]:
        left = self.row_left[row]
        return [CARD_TEXT[c] for c in self.rows[row] if left >> c & 1]

    def _apply(self, move: Move) -> None:
        if type(move) is StPlay:
            self._play_card(move.card)
            return
        assert isinstance(move, StMove)
        if move.verb == "pick":
            self._pick(move.value)
        elif move.verb == "goal":
            self._draft(move.value)
        elif move.verb == "choose":
            self._choose(move.value)
        else:
            self._cross_start(move.value)

    # ----- the goal draft --------------------------------------------------------------------------

    def _draft(self, goal: int) -> None:
        seat = self._turn
        assert seat is not None
        self.held[seat].append(goal)
        self.holders[goal] += 1
        self.draft_turns += 1
        self._emit(GoalDrafted, (seat, self.goals[goal].slug))
        if self.draft_turns == self.players * self.goal_count:
            self._start_round()
        else:
            self._turn = (self.start + self.draft_turns) % self.players

    # ----- picking ---------------------------------------------------------------------------------

    def _pick(self, card: int) -> None:
        seat = self._turn
        assert seat is not None
        n = self.players
        row = self.cur_row
        self.row_left[row] ^= 1 << card
        self.hands[seat] |= 1 << card
        picks = self.picks[row]
        picks.append((seat, card))
        self._log.append((CardPicked, (seat, CARD_TEXT[card], row + 1), None))
        if len(picks) < n:
            self._turn = (seat + 1) % n
            return
        cards = [c for _, c in picks]
        winner = picks[trick_winner(cards, self.trumps.key)][0]
        first = picks[0][0]
        texts = tuple(CARD_TEXT[c] for c in cards)
        self.hints.append(
            {"row": row + 1, "first": first, "seats": [p for p, _ in picks], "cards": list(texts), "winner": winner}
        )
        self._emit(Hint, (row + 1, first, texts, winner))
        self.cur_row += 1
        if self.cur_row < ROWS:
            self._turn = (self.start + 1 + self.cur_row) % n
            return
        self.trumps_public = True
        self._emit(TrumpsRevealed, (suit_text(self.trumps.suit), rank_text(self.trumps.rank)))
        self.phase_name = "choose"
        self._turn = (self.start + 1) % n

    # ----- choosing a goal -------------------------------------------------------------------------

    def _choose(self, goal: int) -> None:
        seat = self._turn
        assert seat is not None
        n = self.players
        self.chosen[seat] = goal
        self._emit(GoalChosen, (seat, self.goals[goal].slug), frozenset((seat,)))
        self._emit(GoalCommitted, (seat,))
        following = (seat + 1) % n
        if following != self.start:
            self._turn = following
            return
        self.revealed = True
        slugs = tuple(None if g is None else self.goals[g].slug for g in self.chosen)
        self._emit(GoalsRevealed, (slugs,))
        self.phase_name = "play"
        self._turn = (self.start + 1) % n

    # ----- playing ---------------------------------------------------------------------------------

    def _play_card(self, card: int) -> None:
        seat = self._turn
        assert seat is not None
        n = self.players
        self.hands[seat] ^= 1 << card
        trick = self.trick
        trick.append(card)
        self.trick_seats.append(seat)
        self._log.append((CardPlayed, (seat, CARD_TEXT[card], self.tricks_played + 1), None))
        if len(trick) < n:
            self._turn = (seat + 1) % n
            return
        winner = self.trick_seats[trick_winner(trick, self.trumps.key)]
        self.won[winner] += 1
        for c in trick:
            self.captured[winner] |= 1 << c
        self.tricks_played += 1
        texts = tuple(CARD_TEXT[c] for c in trick)
        self._log.append((TrickWon, (winner, self.tricks_played, texts), None))
        self.last_trick = {"seats": list(self.trick_seats), "cards": list(texts), "winner": winner}
        self.trick = []
        self.trick_seats = []
        self._turn = winner
        if self.tricks_played == ROWS:
            self._score_round(winner)

    # ----- crossing off ----------------------------------------------------------------------------

    def outcome(self, last_winner: int) -> RoundOutcome:
        return RoundOutcome(tuple(self.won), tuple(self.captured), last_winner)

    def _score_round(self, last_winner: int) -> None:
        n = self.players
        start = self.start
        outcome = self.outcome(last_winner)
        steal = False
        for p in range(n):
            goal = self.chosen[p]
            if p == start or goal is None:
                continue
            self.met[p] = self.goals[goal].met(outcome, p)
            # The start player's single cross-off: it met a goal that its chooser missed (SPEC 3.7).
            if not self.met[p] and self.goals[goal].met(outcome, start):
                steal = True
        self._emit(RoundScored, (self.round_no, tuple(self.won), tuple(self.met), steal))
        for p in range(n):
            goal = self.chosen[p]
            if self.met[p] and goal is not None:
                self.crossed[p].append(goal)
                self.crossed_now[p] = self.goals[goal].slug
                self._emit(GoalCrossed, (p, self.goals[goal].slug, "met"))
        self.steal = steal
        if steal:
            self.phase_name = "cross"
            self._turn = start
        else:
            self._end_round()

    def _cross_start(self, goal: int) -> None:
        self.crossed[self.start].append(goal)
        self.crossed_now[self.start] = self.goals[goal].slug
        self._emit(GoalCrossed, (self.start, self.goals[goal].slug, "missed-goal"))
        self._end_round()

    def _end_round(self) -> None:
        n = self.players
        self.score_sheet.append(current_entry(self))
        finished = [p for p in range(n) if len(self.crossed[p]) == self.goal_count]
        if finished:
            self.over = True
            self.winners = finished
            self._end_game()
            return
        self.start = (self.start + 1) % n
        self._start_round()

    def result(self) -> dict[str, Any] | None:
        if not self.over:
            return None
        scores = [len(c) for c in self.crossed]
        names = " and ".join(f"seat {p}" for p in self.winners)
        shared = " share the victory" if len(self.winners) > 1 else " wins"
        summary = f"{names}{shared}: all {self.goal_count} goals crossed off after {self.round_no} rounds"
        return {"winners": list(self.winners), "scores": scores, "rounds": self.round_no, "summary": summary}

    # ----- views -----------------------------------------------------------------------------------

    def sees_trumps(self, seat: int | None) -> bool:
        """Only the start player knows the trumps during picking; afterwards everyone does."""
        return self.phase_name not in ("draft",) and (self.trumps_public or seat == self.start)

    def sees_choice(self, player: int, seat: int | None) -> bool:
        return self.revealed or player == seat

    def _view(self, seat: int | None) -> dict[str, Any]:
        return build_view(self, seat)
