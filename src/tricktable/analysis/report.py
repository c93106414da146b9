"""What an analysis says about a finished game, in a shape every game's analysis fills and every face shows.

A ``Report`` holds one ``Section`` per round (or hand): facts in words, and the plays judged with open hands —
each with the seat, the move (as recorded, and as a player says it), its cost (what the player's side lost by
it compared with the best move, in
the game's unit: tricks, points, or whether the round could still be made) and a note.  Turning points are
the plays whose cost is not zero.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass
class Play:
    """One move, judged."""

    number: int  #: the move's index in the record, from 1
    seat: int
    move: str
    cost: float = 0.0  #: what the move gave away against the best move, in ``Report.unit`` (0: a best move)
    note: str = ""
    said: str = ""  #: the move as a player says it ("blue 11", "declare Q♥"), for whoever reads the report


@dataclass
class Section:
    """One round or hand."""

    title: str
    facts: list[str] = field(default_factory=list)
    plays: list[Play] = field(default_factory=list)

    @property
    def turning_points(self) -> list[Play]:
        return [p for p in self.plays if p.cost]


@dataclass
class Report:
    game: str
    unit: str  #: what a cost counts ("rounds", "tricks", "points")
    sections: list[Section] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "unit": self.unit,
            "sections": [
                {
                    "title": s.title,
                    "facts": list(s.facts),
                    "plays": [vars(p) for p in s.plays],
                    "turning_points": [p.number for p in s.turning_points],
                }
                for s in self.sections
            ],
        }
