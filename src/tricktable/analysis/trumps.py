"""Trumps with open hands: what each card (and each declaration) cost its side, and the turning points of a hand.

For every hand of a record: who dealt and where the pass went, every seat's indicator (the face-down ones
included: the analysis sees every card) and pass, the declarations, the tricks won — and, for each card played,
its cost: how many tricks the player's side gave away by it, with every hand face up, against the best move it
had.  A side's value of a position is the most tricks it can be sure of from there against all other seats
(team against team in partnerships; ``rules.trumps.solver``); a play's cost is its side's value before the play
less its value after it.  The plays that cost something are the hand's turning points.

The search is exact but grows fast with the cards in hand: the hand is judged from its last play backwards with
one table, so that each search reuses the positions found after it; a play whose position the solver cannot
settle within ``NODES`` positions is listed unjudged, and after ``GIVE_UP`` such plays the earlier ones (which
hold more cards still) are not searched (early in a hand of four or more players, mostly).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tricktable.analysis.report import Play, Report, Section
from tricktable.core.cards import SUIT_NAMES, card_str, cards_text
from tricktable.core.narrate import card_words
from tricktable.core.records import from_record
from tricktable.rules.trumps import (
    NONE,
    Declare,
    Position,
    SolverMove,
    Trumps,
    after_move,
    open_solver,
    pass_phrase,
    solve,
)

#: The most positions the solver may visit to judge one position before the play is listed unjudged.
NODES = 2_000_000
#: After this many plays of a hand could not be judged, the plays before them are not searched.
GIVE_UP = 3


def position_of(game: Trumps) -> Position:
    """The position of the play phase with every card face up."""
    trick = tuple((NONE if s is None else s, c, t) for s, c, t in zip(game.trick_seats, game.trick, game.trick_trumps))
    to_move = game.to_move
    assert to_move is not None
    return Position(
        hands=tuple(game.hands),
        indicator_suits=tuple(c // 13 if c != NONE else NONE for c in game.indicators),
        side_of=game.side_of,
        declared=tuple(game.declared),
        dealer=game.dealer,
        leader=to_move,
        trick=trick,
    )


class _Judge:
    """One hand's open-hands values, from one solver table."""

    def __init__(self) -> None:
        self.solver = open_solver(20)
        if hasattr(self.solver, "limit"):
            self.solver.limit = NODES

    def value(self, position: Position, side: int) -> int | None:
        """The tricks ``side`` can be sure of from ``position`` (the trick on the table included), or ``None``
        when the search is too large."""
        if not hasattr(self.solver, "solve"):  # the reference, where the kernel is not built
            return solve(position, side)
        trick = position.trick
        answer: int = self.solver.solve(
            list(position.hands), list(position.indicator_suits), list(position.side_of), list(position.declared),
            position.dealer, position.leader, [s for s, _, _ in trick], [c for _, c, _ in trick],
            [int(t) for _, _, t in trick], side,
        )  # fmt: skip
        return None if answer < 0 else answer

    def cost(self, before: Position, move: SolverMove) -> tuple[int, int] | None:
        """The mover's side's value before ``move`` and after it (from the same trick on), or ``None``."""
        side = before.side_of[before.to_play()]
        best = self.value(before, side)
        if best is None:
            return None
        after, winner = after_move(before, move)
        gained = 1 if winner is not None and winner != NONE and before.side_of[winner] == side else 0
        rest = self.value(after, side)
        return None if rest is None else (best, gained + rest)


@dataclass
class _Hand:
    """What the replay keeps of one hand for judging."""

    number: int
    facts: list[str] = field(default_factory=list)
    declarations: list[str] = field(default_factory=list)
    start: Position | None = None
    plays: list[tuple[Play, Position, SolverMove, int]] = field(default_factory=list)  #: play, before, move, trick


def analyse(record: dict[str, Any]) -> Report:
    """The report of a Trumps record (see the module's notes)."""
    game = from_record({**record, "moves": []})
    assert isinstance(game, Trumps)
    names = list(record.get("seats") or [f"Seat {p + 1}" for p in range(game.players)])
    report = Report("trumps", unit="tricks")
    hands: list[_Hand] = []
    for number, text in enumerate(record["moves"], start=1):
        game.view(None)  # makes a deal the game still owes
        if not hands or hands[-1].number != game.hand_no:
            hands.append(_Hand(game.hand_no))
        hand = hands[-1]
        seat = game.to_move
        assert seat is not None
        if game.phase != "play":
            game.play(text)
            if game.phase == "play" and hand.start is None:
                hand.facts = _before_play(game, names)
                hand.start = position_of(game)
            continue
        move = game.parse_move(text)
        choice: SolverMove = (move.card, isinstance(move, Declare))  # type: ignore[attr-defined]
        before = position_of(game)
        trick = game.tricks_done + 1
        if choice[1]:
            hand.declarations.append(f"{names[seat]} declared {SUIT_NAMES[choice[0] // 13]} at trick {trick}")
        game.play(text)
        hand.plays.append((Play(number, seat, text), before, choice, trick))
    rows = game.view(None)["score_sheet"]
    for index, hand in enumerate(hands):
        report.sections.append(_judge(game, hand, rows[index] if index < len(rows) else None, names))
    return report


def _before_play(game: Trumps, names: list[str]) -> list[str]:
    """The hand's facts once every indicator and pass is in: the dealer, the pass, every indicator and pass."""
    facts = [f"{names[game.dealer]} deals; the pass: {pass_phrase(game.pass_count, game.pass_offset, game.players)}"]
    facts.append(
        "indicators: " + ", ".join(f"{names[p]} {card_words(card_str(c))}" for p, c in enumerate(game.indicators))
    )
    for p in range(game.players):
        passed = " ".join(card_words(c) for c in cards_text(game.passed[p]))
        facts.append(f"{names[p]} passed {passed} to {names[game.pass_target(p)]}")
    if game.extra:
        facts.append(f"starter card: {card_words(card_str(game.extra[0]))}")
    return facts


def _judge(game: Trumps, hand: _Hand, row: dict[str, Any] | None, names: list[str]) -> Section:
    section = Section(f"Hand {hand.number}", facts=list(hand.facts) + hand.declarations)
    judge = _Judge()
    unjudged = 0
    # From the last play backwards: each search finds the positions after it already in the table.  Earlier
    # positions only hold more cards, so after a few too large to settle the plays before them are not searched.
    for play_, before, move, trick in reversed(hand.plays):
        found = None if unjudged >= GIVE_UP else judge.cost(before, move)
        if found is None:
            play_.note = "not judged: too many cards left for the exact search"
            unjudged += 1
            continue
        best, after = found
        play_.cost = float(best - after)
        if play_.cost:
            lost = "trick" if best - after == 1 else "tricks"
            play_.note = (
                f"trick {trick}: gave away {best - after} {lost} (its side could be sure of {best}, then {after})"
            )
    section.plays = [p for p, _, _, _ in hand.plays]
    if hand.start is not None and unjudged < GIVE_UP:
        values = [judge.value(hand.start, side) for side in range(max(hand.start.side_of) + 1)]
        if any(v is not None for v in values):
            shown = ", ".join(f"{_side(game, side, names)} {'?' if v is None else v}" for side, v in enumerate(values))
            unknown = " (?: too many cards to search)" if None in values else ""
            section.facts.append(f"with open hands at the first card, each side could be sure of: {shown}{unknown}")
    if unjudged:
        section.facts.append(f"{unjudged} of {len(hand.plays)} plays not judged: too many cards left for the search")
    if row is not None:
        section.facts.append("tricks: " + ", ".join(f"{names[p]} {t}" for p, t in enumerate(row["tricks"])))
    return section


def _side(game: Trumps, side: int, names: list[str]) -> str:
    """A side by its players' names."""
    return " & ".join(names[p] for p in range(game.players) if game.side_of[p] == side)
