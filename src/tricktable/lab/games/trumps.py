"""Trumps in the lab: when sides declare their trumps, how often they ruff, team play against solo play, and how
the points spread.

From the finished game's events: ``hand_started`` (cards each, tie-break hands), ``trump_declared`` and the
declaring ``card_played`` after it (the trick it came in), ``card_played`` with its trump flag against the led
suit of its trick (a ruff is a trump on another suit's lead), and ``hand_scored`` (points and totals per side).
"""

from __future__ import annotations

import statistics
from typing import Any

from tricktable.core.game import Game
from tricktable.lab.games.base import Measure
from tricktable.lab.report.data import LabData, mean, rate
from tricktable.lab.report.model import Section, Table, Text, num, pct
from tricktable.lab.report.plots import histogram


def suit_of(card: str) -> str:
    """The suit letter of a card in notation (``TH`` -> ``H``)."""
    return card[-1].upper()


#: When a side declared its trump in a hand: by thirds of the hand's tricks, or never.
TIMING = ("first third", "middle third", "last third", "never")


def timing(declared: int | None, tricks: int) -> str:
    """The third of the hand in which a side declared (``declared``: the trick, from 1), or ``never``."""
    if declared is None:
        return TIMING[-1]
    return TIMING[min(2, 3 * (declared - 1) // max(1, tricks))]


class TrumpsMetrics:
    def game_columns(self, game: Game) -> dict[str, Any]:
        hands = self.round_rows(game)
        declared = [d for h in hands for d in h["declared"]]
        sides = game.partnerships()
        totals = sorted((float((game.result() or {})["scores"][side[0]]) for side in sides), reverse=True)
        return {
            "teams": bool(game.options["teams"]),
            "declared_share": sum(d is not None for d in declared) / max(1, len(declared)),
            "ruffs": sum(h["ruffs"] for h in hands),
            "points_spread": totals[0] - totals[-1],
        }

    def round_rows(self, game: Game) -> list[dict[str, Any]]:
        sides = game.partnerships()
        side_of = {seat: k for k, side in enumerate(sides) for seat in side}
        rows: list[dict[str, Any]] = []
        declared: list[int | None] = []
        declaring: set[int] = set()
        led: str | None = None
        ruffs = 0
        tricks = 0
        tie_break = False
        for event in game.events:
            kind = event.kind
            if kind == "hand_started":
                declared, declaring, led, ruffs = [None] * len(sides), set(), None, 0
                tricks = event.cards - 1  # type: ignore[attr-defined]  # the indicator never comes into play
                tie_break = bool(event.tie_break)  # type: ignore[attr-defined]
            elif kind == "starter_turned":
                led = suit_of(event.card)  # type: ignore[attr-defined]
            elif kind == "trump_declared":
                declaring.add(event.seat)  # type: ignore[attr-defined]
            elif kind == "card_played":
                seat, card = event.seat, event.card  # type: ignore[attr-defined]
                if seat in declaring:
                    declaring.discard(seat)
                    declared[side_of[seat]] = event.trick  # type: ignore[attr-defined]
                if led is None:
                    led = suit_of(card)
                elif event.trump and suit_of(card) != led:  # type: ignore[attr-defined]
                    ruffs += 1
            elif kind in ("trick_won", "starter_thrown_out"):
                led = None
            elif kind == "hand_scored":
                totals = [float(event.totals[side_of[s]]) for s in range(game.players)]  # type: ignore[attr-defined]
                rows.append({"tie_break": tie_break, "tricks_in_hand": tricks, "declared": list(declared),
                             "ruffs": ruffs, "points": [float(p) for p in event.points],  # type: ignore[attr-defined]
                             "totals": totals})  # fmt: skip
        return rows

    def measures(self) -> list[Measure]:
        return [
            Measure("share of sides declaring in a hand", lambda r: float(r["declared_share"])),
            Measure("ruffs a game", lambda r: float(r["ruffs"])),
            Measure("points between the first and the last side", lambda r: float(r["points_spread"])),
        ]

    def sections(self, data: LabData) -> list[Section]:
        return [self._declarations(data), self._timing_pays(data), self._teams(data), self._spread(data)]

    def _declarations(self, data: LabData) -> Section:
        section = Section("Trumps: declaration timing and ruffs")
        table, timing = [], {}
        for cell in data.played:
            hands = data.rounds_of(cell)
            sides = [(d, h["tricks_in_hand"]) for h in hands for d in h["declared"]]
            declared = rate(sides, lambda s: s[0] is not None)
            when = [s[0] / s[1] for s in sides if s[0] is not None]
            trick = mean([s for s in sides if s[0] is not None], lambda s: s[0])
            ruffs = mean(hands, lambda h: h["ruffs"])
            table.append([data.label(cell), pct(*declared[:3]), num(*trick[:3], digits=1),
                          pct(statistics.median(when)) if when else "-", num(*ruffs[:3])])  # fmt: skip
            timing[data.label(cell)] = when
            section.findings.append(
                f"With {data.label(cell)} a side declares in {pct(*declared[:3])} of hands, at trick"
                f" {num(*trick[:3], digits=1)} on average; a hand has {num(*ruffs[:3])} ruffs."
            )
        section.blocks.append(Table("Declarations and ruffs", ["cell", "sides declaring in a hand", "trick of the "
                                    "declaration", "median point of the hand", "ruffs a hand"], table))  # fmt: skip
        section.blocks.append(Text("A ruff is a trump played on a trick led in another suit.  The point of the hand "
                                   "is the declaring trick over the tricks in the hand."))
        section.blocks.append(histogram("tr-declare", "When sides declare (share of the hand played)", timing,
                                        "declaring trick / tricks in the hand", discrete=False))  # fmt: skip
        return section

    def _timing_pays(self, data: LabData) -> Section:
        """Whether declaring early pays: a side's share of the hand's tricks by when it declared (or never)."""
        section = Section("Trumps: does declaring early pay?")
        header = ["cell", *[f"{label}: share of the tricks" for label in TIMING], "hands won, declaring early",
                  "hands won, never declaring"]  # fmt: skip
        table = []
        for cell in data.played:
            by_when: dict[str, list[tuple[float, bool]]] = {label: [] for label in TIMING}
            for hand in data.rounds_of(cell):
                if hand["tie_break"] or not hand["tricks_in_hand"]:
                    continue
                top = max(hand["points"])
                for declared, points in zip(hand["declared"], hand["points"]):
                    label = timing(declared, hand["tricks_in_hand"])
                    by_when[label].append((points / hand["tricks_in_hand"], points == top))
            shares = {label: mean(rows, lambda x: x[0]) for label, rows in by_when.items()}
            early = rate(by_when[TIMING[0]], lambda x: x[1])
            never = rate(by_when[TIMING[-1]], lambda x: x[1])
            table.append([data.label(cell), *[f"{pct(*shares[t][:3])} of {shares[t][3]}" if shares[t][3] else "-"
                                             for t in TIMING], pct(*early[:3]), pct(*never[:3])])  # fmt: skip
            if early[3] and never[3]:
                section.findings.append(
                    f"With {data.label(cell)} a side that declares in the first third of the hand takes"
                    f" {pct(*shares[TIMING[0]][:3])} of its tricks and the most tricks of the hand in {pct(*early[:3])}"
                    f" of hands; a side that never declares takes {pct(*shares[TIMING[-1]][:3])} and the most in"
                    f" {pct(*never[:3])}."
                )
        section.blocks.append(Text("Each side's hands, by the trick of its declaration against the tricks in the "
                                   "hand: its share of the hand's tricks (95% interval) and how often it took the most "
                                   "tricks of the hand (ties count for every side tied).  Tie-break hands are left "
                                   "out.  This is what the bots' declaring led to, not a controlled experiment: a "
                                   "side with a strong suit both declares early and wins tricks."))  # fmt: skip
        section.blocks.append(Table("Declaring time and the hand's tricks", header, table))
        return section

    def _teams(self, data: LabData) -> Section:
        section = Section("Trumps: team play against solo play")
        table = []
        for cell in data.played:
            games = data.games_of(cell)
            hands = data.rounds_of(cell)
            teams = bool(games[0]["teams"])
            length = mean(games, lambda r: r["rounds"])
            margin = mean(games, lambda r: r["margin"])
            own: list[float] = []
            other: list[float] = []
            for h in hands:
                for d, points in zip(h["declared"], h["points"]):
                    (own if d is not None else other).append(points)
            share = (sum(own) / len(own)) if own else 0.0
            rest = (sum(other) / len(other)) if other else 0.0
            table.append([data.label(cell), "teams" if teams else "solo", num(*length[:3], digits=1),
                          num(*margin[:3], digits=1), f"{share:.2f}", f"{rest:.2f}"])  # fmt: skip
        header = ["cell", "play", "hands a game", "winning margin", "points a hand, declaring sides",
                  "points a hand, other sides"]  # fmt: skip
        section.blocks.append(Table("Sides and their points", header, table))
        section.blocks.append(Text("Compare teams with solo play on the same deals with --compare teams (4 or 6 "
                                   "players); the variant comparison below tests the differences game by game."))
        return section

    def _spread(self, data: LabData) -> Section:
        section = Section("Trumps: spread of points")
        series = {data.label(c): [float(r["points_spread"]) for r in data.games_of(c)] for c in data.played}
        section.blocks.append(histogram("tr-spread", "Points between the first and the last side at the end",
                                        series, "points"))  # fmt: skip
        return section
