"""A finished (or partly played) playtest in memory: its spec, its cells and its rows, grouped by cell."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from tricktable.arena.stats import Paired, mean_interval, paired, wilson
from tricktable.lab.spec import Cell, Skipped, Spec

Row = dict[str, Any]
T = TypeVar("T")


@dataclass(frozen=True)
class Pace:
    """A human table's pace, from which a game's minutes of play are reckoned (every report states it): each move
    (a card played, a bid, a card picked or passed, a goal or trump chosen) takes ``seconds_a_move``, and each
    round adds ``seconds_a_round`` for shuffling, dealing and scoring."""

    seconds_a_move: float = 6.0
    seconds_a_round: float = 60.0

    def minutes(self, moves: int, rounds: int) -> float:
        return (moves * self.seconds_a_move + rounds * self.seconds_a_round) / 60

    def describe(self) -> str:
        return (f"{self.seconds_a_move:g} seconds a move (a card played, a bid, a card picked or passed, a choice) "
                f"and {self.seconds_a_round:g} seconds a round for shuffling, dealing and scoring")  # fmt: skip


PACE = Pace()


def leader_before_last_wins(game: Row, rounds: Sequence[Row]) -> bool | None:
    """Whether the game was decided before its last round: the seats alone at the top of the totals after the
    next-to-last round (one seat, or one side's partners) are exactly its winners.  ``None`` for a game of one
    round, a game with no winner, or a game without running totals (a cooperative one)."""
    if len(rounds) < 2 or not game["winners"] or "totals" not in rounds[-2]:
        return None
    totals = rounds[-2]["totals"]
    best = max(totals)
    return {seat for seat, total in enumerate(totals) if total == best} == set(game["winners"])


@dataclass
class LabData:
    spec: Spec
    cells: list[Cell]
    skipped: list[Skipped]
    games: list[Row]
    rounds: list[Row]
    _by_cell: dict[int, list[Row]] = field(default_factory=dict, repr=False)
    _rounds_by_cell: dict[int, list[Row]] = field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        for row in sorted(self.games, key=lambda r: (r["cell"], r["game_index"])):
            self._by_cell.setdefault(row["cell"], []).append(row)
        by_game: dict[tuple[int, int], list[Row]] = {}
        for row in sorted(self.rounds, key=lambda r: (r["cell"], r["game_index"], r["round"])):
            self._rounds_by_cell.setdefault(row["cell"], []).append(row)
            by_game.setdefault((row["cell"], row["game_index"]), []).append(row)
        # Facts derived from a game's row and its rounds, for every game however old its run: a game's minutes
        # at a human pace and whether it was decided before its last round.
        for row in self.games:
            row["minutes"] = PACE.minutes(row["moves"], row["rounds"]) if "moves" in row and "rounds" in row else None
            row["decided_early"] = leader_before_last_wins(row, by_game.get((row["cell"], row["game_index"]), []))

    @property
    def played(self) -> list[Cell]:
        """The cells with at least one game played."""
        return [c for c in self.cells if self._by_cell.get(c.index)]

    def games_of(self, cell: Cell) -> list[Row]:
        return self._by_cell.get(cell.index, [])

    def rounds_of(self, cell: Cell) -> list[Row]:
        return self._rounds_by_cell.get(cell.index, [])

    def label(self, cell: Cell) -> str:
        """``4 players`` or ``4 players, lives=4``."""
        base = f"{cell.players} players"
        return base if self.spec.compare is None else f"{base}, {cell.variant}"

    def baseline_of(self, cell: Cell) -> Cell | None:
        """The cell with the same player count and the baseline variant (``None`` for a baseline cell)."""
        if self.spec.compare is None:
            return None
        first = next((c for c in self.played if c.players == cell.players), None)
        return None if first is None or first.index == cell.index else first


def rate(rows: Sequence[T], test: Callable[[T], float | bool | None]) -> tuple[float, float, float, int]:
    """``(rate, low, high, n)``: the share of ``rows`` where ``test`` holds (rows where it is ``None`` left out)."""
    values = [float(v) for v in (test(r) for r in rows) if v is not None]
    if not values:
        return 0.0, 0.0, 1.0, 0
    hits = sum(values)
    low, high = wilson(hits, len(values))
    return hits / len(values), low, high, len(values)


def mean(rows: Sequence[T], value: Callable[[T], float | None]) -> tuple[float, float, float, int]:
    """``(mean, low, high, n)`` of ``value`` over ``rows`` (``None`` left out)."""
    values = [float(v) for v in (value(r) for r in rows) if v is not None]
    m, low, high = mean_interval(values)
    return m, low, high, len(values)


def paired_by_seed(
    first: Sequence[Row], second: Sequence[Row], value: Callable[[Row], float | None]
) -> Paired | None:
    """The paired comparison of ``value`` between two cells played on the same seeds (second minus first)."""
    mine = {r["seed"]: value(r) for r in first}
    differences = []
    for row in second:
        a, b = mine.get(row["seed"]), value(row)
        if a is not None and b is not None:
            differences.append(float(b) - float(a))
    return paired(differences) if differences else None
