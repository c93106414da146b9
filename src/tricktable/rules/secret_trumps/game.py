"""Secret Trumps: draft hands from face-up rows while only the start player knows the trumps (the rules and
rulings: ``docs/games/secret-trumps.md``).

Flow: a goal draft once per game (``goal SLUG``), then rounds of: picking 9 rows (``pick 7S``) with an
engine-computed hint after each row, the non-start players' secret goal choice (``choose SLUG``, hidden
sequential moves revealed together), 9 tricks (a plain card, ``7S``), and crossing off, where an eligible
start player picks which own goal to cross off (``cross SLUG``).  Cards are ints and card sets bitmasks
(``cards.py``); the trick rules on ints are ``kernel.py``'s, the goal list is data (``goals.py``), the layouts
``deals.py``'s, the end of a round ``scoring.py``'s and the views ``view.py``'s.
"""

from __future__ import annotations

from typing import Any, ClassVar

from tricktable.core.errors import InvalidOptions
from tricktable.core.events import CardPlayed, TrickWon
from tricktable.core.game import Game, Move
from tricktable.core.hidden import Hidden
from tricktable.core.options import Option
from tricktable.rules.secret_trumps.cards import (
    CARD_TEXT,
    NO_RANK,
    NO_SUIT,
    RANK_MASKS,
    ROWS,
    SUIT_MASKS,
    SUIT_NAMES,
    mask_text,
    rank_text,
    suit_text,
)
from tricktable.rules.secret_trumps.deals import (
    Dealt,
    Layout,
    check_deals,
    check_rotation,
    first_start,
    layout_text,
    read_layout,
    seeded_layout,
    shuffle_layout,
)
from tricktable.rules.secret_trumps.events import (
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
from tricktable.rules.secret_trumps.goals import GOALS, HOLDERS_PER_GOAL, Goal, RoundOutcome, draft_feasible
from tricktable.rules.secret_trumps.kernel import RoundTrumps, legal_mask, trick_winner
from tricktable.rules.secret_trumps.moves import PICK, PLAY, StMove, StPlay, goal_moves, parse_move
from tricktable.rules.secret_trumps.scoring import judge_round, score_row
from tricktable.rules.secret_trumps.state import open_goals, sees_choice, sees_trumps
from tricktable.rules.secret_trumps.view import build_view

PHASE_VERB = {"draft": "goal", "pick": "pick", "choose": "choose", "cross": "cross"}
PHASE_HELP = {
    "draft": "it is the goal draft: take a goal with 'goal SLUG', e.g. 'goal no-tricks'",
    "pick": "it is the picking: take a card from the current row with 'pick CARD', e.g. 'pick 7S'",
    "choose": "it is time to choose this round's goal: 'choose SLUG', e.g. 'choose exactly-2'",
    "play": "it is the play: play a card from your hand, e.g. '7S'",
    "cross": "cross off one of your open goals: 'cross SLUG'",
}


class SecretTrumps(Game):
    name = "secret-trumps"
    title = "Secret Trumps"
    summary = (
        "Pick your hand from rows of face-up cards while only the start player knows the trumps; each round play "
        "for one of your goals, and the first to fulfil them all wins."
    )
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
        self.goal_moves = goal_moves([g.slug for g in self.goals])
        self.goal_count = 5 if self.options["five_goals"] else 4
        self.second_deck = bool(self.options["second_deck"])
        if len(self.goals) * HOLDERS_PER_GOAL < n * self.goal_count or len(self.goals) < self.goal_count:
            raise InvalidOptions("the goal list is too short for this many players and goals")
        self.layouts: list[Layout] = check_deals(self.deals, n, self.second_deck)
        first = self.layouts[0].start if self.layouts else None
        if first is None:  # the first round's start player is also the first drafter (ruling ST-R18)
            first = self.rng.randrange(n) if self.deal_version == 1 else first_start(self.seed, n)
        self.start: int = first
        check_rotation(self.layouts, self.start, n)
        self.held: list[list[int]] = [[] for _ in range(n)]
        self.crossed: list[list[int]] = [[] for _ in range(n)]
        self.holders: list[int] = [0] * len(self.goals)
        self.draft_turns = 0
        self.round_no = 0
        self.score_sheet: list[dict[str, Any]] = []
        self.over = False
        self.winners: list[int] = []
        self.round_log_start = 0
        # The last trick stays on view across a deal (it was public when played): cleared only at the start.
        self.last_trick: dict[str, Any] | None = None
        self.phase_name = "draft"
        self._turn: int | None = self.start
        self._reset_round_state()
        # The first round is laid out now, before the draft (which draws nothing), so that a record made at
        # any point lists every layout the game will have shown by then, its first start player included.
        self._first_round: Dealt | None = self._lay_out()

    def _lay_out(self) -> Dealt:
        """The next round's trumps and rows: the next explicit layout, else the seeded shuffle.  Logged in
        ``_dealt`` (with the round's start player, ``self.start``) for ``deals_made``."""
        explicit = self.next_explicit_deal()
        if explicit is not None:
            layout = self.layouts[self._deals_used - 1]
            suit, rank, rows = layout.suit, layout.rank, [list(r) for r in layout.rows]
        elif self.deal_version == 1:
            suit, rank, rows = shuffle_layout(self.rng, self.second_deck)
        else:
            suit, rank, rows = seeded_layout(self.seed, len(self._dealt) + 1, self.second_deck)
        self._dealt.append((self.start, suit, rank, tuple(tuple(row) for row in rows)))
        return suit, rank, rows

    def _deal_text(self, raw: Any) -> dict[str, Any]:
        """A layout of ``_dealt`` in the explicit-layout format, its start player included."""
        start, suit, rank, rows = raw
        return layout_text(start, suit, rank, rows)

    def _reset_round_state(self) -> None:
        n = self.players
        self.trumps = RoundTrumps(NO_SUIT, NO_RANK)
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
        self.met: list[bool | None] = [None] * n
        self.crossed_now: dict[int, str] = {}
        self.steal = False

    def _open_round(self) -> None:
        """Set up the next round with no layout yet: its number, whose turn, the phase, empty rows.  The layout
        comes from ``_deal``: at once for the first round (laid out before the draft), when first needed after
        that."""
        self.round_no += 1
        self._reset_round_state()
        self.phase_name = "pick"
        self._turn = (self.start + 1) % self.players

    def _deal(self) -> None:
        """Lay out the round ``_open_round`` set up: the first round's layout, made before the draft, else the
        next one."""
        n = self.players
        first = self._first_round
        self._first_round = None
        suit, rank, rows = first if first is not None else self._lay_out()
        self.round_log_start = len(self._log)
        self.trumps = RoundTrumps(suit, rank)
        self.rows = [list(row) for row in rows]  # a round's own rows: a clone made before it shares none
        # 3 players: the 4th card of each row lies face down, out of the round and seen by nobody (ruling ST-R5).
        up = 4 if n == 4 else 3
        self.row_left = [sum(1 << c for c in row[:up]) for row in rows]
        self.picks = [[] for _ in range(ROWS)]
        face_up = tuple(tuple(CARD_TEXT[c] for c in row[:up]) for row in rows)
        self._emit(RoundStarted, (self.round_no, self.start, face_up))
        self._emit(TrumpsSeen, (self.start, suit_text(suit), rank_text(rank)), frozenset((self.start,)))

    def _take_deal(self, index: int, deal: dict[str, Any]) -> None:
        """The owed round's layout, given late: checked as the layouts given when the game is created."""
        layout = read_layout(index, deal, self.players, self.second_deck)
        if layout.start is not None and layout.start != self.start:
            raise InvalidOptions(
                f"deal {index + 1}: the start player moves left each round, so it must be seat {self.start}"
            )
        self.layouts.append(layout)

    # ----- protocol --------------------------------------------------------------------------------

    def open_goals(self, seat: int) -> list[int]:
        """The goals ``seat`` holds and has not crossed off yet, in draft order."""
        return open_goals(self, seat)

    def legal_moves(self) -> list[Move]:
        if self._deal_due:
            self._catch_up()
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
        return parse_move(text, self.goal_slugs, self.goal_moves, self.move_help)

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
        if self._deal_due:
            self._catch_up()
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
        # Any open goal may be chosen or crossed off, even one that can no longer be met (ruling ST-R14).
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
            self._open_round()
            self._deal()
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
        # The hint: the row taken as a trick in pick order, led by its first picker, under the real trumps;
        # the follow rules play no part (ruling ST-R6).
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
        # The choices are simultaneous: asked clockwise from the start player's left and shown together once
        # the last is in (ruling ST-R19).
        following = (seat + 1) % n
        if following != self.start:
            self._turn = following
            return
        self.revealed = True
        slugs = tuple(None if g is None else self.goals[g].slug for g in self.chosen)
        self._emit(GoalsRevealed, (slugs,))
        self.phase_name = "play"
        self._turn = (self.start + 1) % n  # the start player's left leads the first trick (ruling ST-R7)

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
        self.last_trick = {
            "seats": list(self.trick_seats),
            "cards": list(texts),
            "winner": winner,
            "round": self.round_no,
        }
        self.trick = []
        self.trick_seats = []
        self._turn = winner
        if self.tricks_played == ROWS:
            self._score_round(winner)

    # ----- crossing off ----------------------------------------------------------------------------

    def outcome(self, last_winner: int) -> RoundOutcome:
        return RoundOutcome(tuple(self.won), tuple(self.captured), last_winner)

    def _score_round(self, last_winner: int) -> None:
        start = self.start
        self.met, steal = judge_round(self.goals, self.chosen, self.outcome(last_winner), start)
        self._emit(RoundScored, (self.round_no, tuple(self.won), tuple(self.met), steal))
        # Met goals are crossed off first, then the start player's choice, then the game end is checked
        # (ruling ST-R17).
        for p, goal in enumerate(self.chosen):
            if self.met[p] and goal is not None:
                self.crossed[p].append(goal)
                self.crossed_now[p] = self.goals[goal].slug
                self._emit(GoalCrossed, (p, self.goals[goal].slug, "met"))
        self.steal = steal
        if steal:
            # The start player's single cross-off is a move of its own (ruling ST-R16).
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
        self.score_sheet.append(score_row(self))
        # Everyone who has crossed off all their goals wins: several share the victory (ruling ST-R13).
        finished = [p for p in range(n) if len(self.crossed[p]) == self.goal_count]
        if finished:
            self.over = True
            self.winners = finished
            self._end_game()
            return
        self.start = (self.start + 1) % n  # the start player moves one seat left (ruling ST-R10)
        self._open_round()
        self._deal_later()

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
        return sees_trumps(self, seat)

    def sees_choice(self, player: int, seat: int | None) -> bool:
        return sees_choice(self, player, seat)

    def hidden_from(self, seat: int | None) -> Hidden:
        """With 3 players the face-down 4th card of every row, from everybody (ruling ST-R5); until the goals are
        revealed the other choosers' goals.  The hands are public: every pick is made face up.  (The trumps, known
        only to the start player during the picking, are a fact of the layout, not a card or a move: the views
        keep them back, as ``tests/rules/secret_trumps`` checks.)"""
        self._catch_up()
        cards = frozenset(CARD_TEXT[row[3]] for row in self.rows) if self.players == 3 else frozenset()
        moves: frozenset[int] = frozenset()
        if self.phase_name == "choose":
            # The choices so far are the last moves, made clockwise from the start player's left.
            chosen = sum(1 for goal in self.chosen if goal is not None)
            first = len(self.history) - chosen
            n = self.players
            moves = frozenset(first + k for k in range(chosen) if (self.start + 1 + k) % n != seat)
        return Hidden(cards, moves)

    def _view(self, seat: int | None) -> dict[str, Any]:
        return build_view(self, seat)
