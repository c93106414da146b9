"""Tandem Trick with open hands: what each play cost its player in points for the round, and the turning points.

For every move of a record (card, tandem or bid) the analysis puts every hand face up and asks what the mover
would end the round with after each of its legal moves: in the last tricks exactly, by the open-hands solver
(every seat playing for its own points, ``rules.tandem_trick.solve``), and before them by playing the round on
with the blueprint (the heuristic's rules, ``bots.tandem_trick.blueprint``) up to those tricks and solving the
rest.  A play's cost is what the best move would have given the mover minus what the move played gives; the
turning points are the plays that cost something.  Each round's section also states the bids (card, trick and
bonus), the tricks taken and the points.
"""

from __future__ import annotations

from typing import Any

from tricktable.analysis.report import Play, Report, Section
from tricktable.bots.tandem_trick import cplay
from tricktable.core.records import from_record
from tricktable.rules.tandem_trick import (
    CYCLES,
    Position,
    TandemTrick,
    move_text,
    move_words,
    parse_move_text,
    points_words,
)

#: The solver judges the last this many tricks exactly, with 3 and with 4 players.
EXACT_TRICKS = (4, 3)


def position_of(game: TandemTrick) -> Position:
    """The round in progress as ints, every hand known."""
    held = 0
    for hand in game.hands:
        held |= hand
    assert game.to_move is not None
    return Position(
        game.players, list(game.hands), list(game.bid_card), list(game.bonus), list(game.won), game.cycle,
        game.leader, game.to_move, game.lead_suit, list(game.entries), game.deck_mask & ~held,
    )  # fmt: skip


def judge(game: TandemTrick, number: int, text: str) -> Play:
    """The move ``text`` about to be made in ``game``, with its cost to the mover in points."""
    pos = position_of(game)
    seat = pos.turn
    solve_from = CYCLES - EXACT_TRICKS[game.players - 3]
    legal = pos.legal()
    points = cplay.line_points(pos, legal, game.misere_bonus, solve_from)
    mine = {move: values[seat] for move, values in zip(legal, points)}
    played = mine[parse_move_text(text)]
    best_move = max(legal, key=lambda m: mine[m])
    play = Play(number, seat, text, cost=float(mine[best_move] - played))
    how = "exact" if pos.cycle >= solve_from else "played on"
    if play.cost:
        best = move_words(move_text(best_move), {})
        play.note = f"{best} would give {points_words(mine[best_move])}, this gives {points_words(played)} ({how})"
    else:
        play.note = f"a best move: {points_words(played)} ({how})"
    return play


def analyse(record: dict[str, Any]) -> Report:
    """The report of a Tandem Trick record (see the module's notes)."""
    game = from_record({**record, "moves": []})
    assert isinstance(game, TandemTrick)
    names = list(record.get("seats") or [f"Seat {p + 1}" for p in range(game.players)])
    report = Report("tandem-trick", unit="points")
    section: Section | None = None
    for number, text in enumerate(record["moves"], start=1):
        game.view(None)  # makes a deal the game still owes
        if section is None or section.title != _title(game):
            section = Section(_title(game))
            section.facts.append(f"{names[game.round_leader]} leads the first trick")
            report.sections.append(section)
        section.plays.append(judge(game, number, text))
        game.play(text)
    for row, part in zip(game.score_sheet, report.sections):
        part.facts.extend(round_facts(row, names))
        worst = max(part.plays, key=lambda p: p.cost, default=None)
        if worst is not None and worst.cost:
            part.facts.append(
                f"the costliest play: move {worst.number}, {names[worst.seat]} {move_words(worst.move, {})} "
                f"({points_words(int(worst.cost))} lost)"
            )
    return report


def round_facts(row: dict[str, Any], names: list[str]) -> list[str]:
    """A finished round in words: each seat's bid, bonus card, tricks and points."""
    out = []
    for p, name in enumerate(names):
        bid, took, points, bonus = row["bids"][p], row["tricks"][p], row["points"][p], row["bonus"][p]
        outcome = "made it" if bid == took else "missed"
        out.append(f"{name}: bid {bid} (bonus {bonus}), took {took}: {outcome}, {points_words(points)}")
    return out


def _title(game: TandemTrick) -> str:
    return f"Round {game.round_no}"
