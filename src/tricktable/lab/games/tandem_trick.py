"""Tandem Trick in the lab: which bids are hit (by value and by the order of bidding), and the misère.

From the finished game's events: every bid (``bid`` and ``forced_bid``, in the order they were made), every
tandem (``tandem_formed``: the seat riding along, its partner and the trick) and who took each trick
(``trick_won``), and every round's score (``round_scored``: bids, tricks, points and totals).  A misère is a bid
of 0; it decides the game when a winner's total holds its 1,000,000 points.
"""

from __future__ import annotations

from typing import Any

from tricktable.core.game import Game
from tricktable.lab.games.base import Measure
from tricktable.lab.report.data import LabData, Row, mean, rate
from tricktable.lab.report.model import Section, Table, Text, num, pct
from tricktable.lab.report.plots import bars, lines
from tricktable.rules.tandem_trick import MISERE_POINTS


def winning(round_row: Row, role: str) -> set[int]:
    """The seats that were ``role`` (``tandem_riders`` or ``tandem_partners``) of a tandem that took its trick."""
    return {seat for seat, won in zip(round_row[role], round_row["tandem_won"]) if won}


class TandemTrickMetrics:
    def game_columns(self, game: Game) -> dict[str, Any]:
        rounds = self.round_rows(game)
        result = game.result() or {}
        scores = result.get("scores", [])
        return {
            "misere_bids": sum(r["bids"].count(0) for r in rounds),
            "misere_hits": sum(r["misere_hits"] for r in rounds),
            "misere_decides": any(scores[w] >= MISERE_POINTS for w in result.get("winners", [])),
        }

    def round_rows(self, game: Game) -> list[dict[str, Any]]:
        n = game.players
        rows: list[dict[str, Any]] = []
        order: list[int] = [0] * n
        trick: list[int] = [0] * n
        forced: list[bool] = [False] * n
        made = 0
        tandems: list[tuple[int, int, int]] = []  # (the seat riding along, its partner, the trick)
        takers: dict[int, set[int]] = {}  # trick -> the seats that took it
        for event in game.events:
            kind = event.kind
            if kind == "round_dealt":
                order, trick, forced, made = [0] * n, [0] * n, [False] * n, 0
                tandems, takers = [], {}
            elif kind == "tandem_formed":
                tandems.append((event.seat, event.partner, event.trick))  # type: ignore[attr-defined]
            elif kind == "trick_won":
                takers[event.trick] = set(event.winners)  # type: ignore[attr-defined]
            elif kind in ("bid", "forced_bid"):
                made += 1
                seat = event.seat  # type: ignore[attr-defined]
                order[seat] = made
                trick[seat] = event.trick  # type: ignore[attr-defined]
                forced[seat] = kind == "forced_bid"
            elif kind == "round_scored":
                bids = list(event.bids)  # type: ignore[attr-defined]
                tricks = list(event.tricks)  # type: ignore[attr-defined]
                hit = [b == t for b, t in zip(bids, tricks)]
                rows.append({"bids": bids, "tricks": tricks, "hit": hit, "order": list(order), "bid_trick": list(trick),
                             "forced": list(forced), "totals": [float(t) for t in event.totals],  # type: ignore[attr-defined]
                             "misere_hits": sum(1 for b, h in zip(bids, hit) if h and b == 0),
                             "tandem_riders": [rider for rider, _, _ in tandems],
                             "tandem_partners": [partner for _, partner, _ in tandems],
                             "tandem_won": [takers.get(t) == {r, p} for r, p, t in tandems]})  # fmt: skip
        return rows

    def measures(self) -> list[Measure]:
        return [
            Measure("a misère decides the game", lambda r: float(r["misere_decides"]), percent=True),
            Measure("misère bids a game", lambda r: float(r["misere_bids"])),
        ]

    def sections(self, data: LabData) -> list[Section]:
        return [self._by_value(data), self._by_order(data), self._tandems(data), self._misere(data)]

    @staticmethod
    def _bids(rows: list[Row]) -> list[tuple[int, bool, int, bool, int]]:
        """Every bid of ``rows``: (value, hit, order, forced, trick)."""
        return [(b, h, o, f, t) for r in rows
                for b, h, o, f, t in zip(r["bids"], r["hit"], r["order"], r["forced"], r["bid_trick"])]  # fmt: skip

    def _by_value(self, data: LabData) -> Section:
        section = Section("Tandem Trick: bids hit, by bid value")
        values = sorted({b for r in data.rounds for b in r["bids"]})
        table, series = [], {}
        for cell in data.played:
            bids = self._bids(data.rounds_of(cell))
            cells, points = [], []
            for value in values:
                these = [b for b in bids if b[0] == value]
                if not these:
                    cells.append("-")
                    continue
                hit = rate(these, lambda b: b[1])
                cells.append(f"{pct(*hit[:3])} of {hit[3]}")
                points.append((value, *hit[:3]))
            table.append([data.label(cell), *cells])
            series[data.label(cell)] = points
        section.blocks.append(Table("Bids hit, by value", ["cell", *map(str, values)], table,
                                    "Each cell: the share of bids of that value that were hit, and how many."))
        section.blocks.append(lines("td-bid-values", "Bids hit by value", series, "bid", "share hit"))
        return section

    def _by_order(self, data: LabData) -> Section:
        section = Section("Tandem Trick: bids hit, by the order of bidding")
        table, series = [], {}
        labels = ["1st", "2nd", "3rd", "4th", "forced"]
        for cell in data.played:
            bids = self._bids(data.rounds_of(cell))
            cells, points = [], []
            for k, label in enumerate(labels):
                if label == "forced":
                    these = [b for b in bids if b[3]]
                else:
                    these = [b for b in bids if b[2] == k + 1 and not b[3]]
                hit = rate(these, lambda b: b[1])
                cells.append(f"{pct(*hit[:3])} of {hit[3]}" if hit[3] else "-")
                points.append(hit[:3])
            when = mean(bids, lambda b: None if b[3] else b[4])
            table.append([data.label(cell), *cells, num(*when[:3], digits=1)])
            series[data.label(cell)] = points
            first, last = points[0], points[cell.players - 1]
            section.findings.append(
                f"With {data.label(cell)} the first bidder of a round hits {pct(*first)} of its bids (it takes the"
                f" 6 bonus), the last free bidder {pct(*last)}."
            )
        section.blocks.append(Text("The order counts the bids of a round as they were made (the first takes the 6 "
                                   "bonus card, then 3, then 1); forced bids are the last card of the 12th trick."))
        section.blocks.append(Table("Bids hit, by order", ["cell", *labels, "trick of a free bid"], table))
        section.blocks.append(bars("td-bid-order", "Bids hit by order of bidding", labels, series, "share hit"))
        return section

    def _tandems(self, data: LabData) -> Section:
        """How often a player rides along, how often the tandem takes the trick, and whether it pays: the bids of
        the seats that took a trick by a tandem in a round, against every bid."""
        section = Section("Tandem Trick: tandems taken and paying")
        table = []
        for cell in data.played:
            rounds = [r for r in data.rounds_of(cell) if "tandem_riders" in r]
            if not rounds:
                continue
            per_round = mean(rounds, lambda r: len(r["tandem_riders"]))
            tandems = [won for r in rounds for won in r["tandem_won"]]
            took = rate(tandems, lambda w: w)
            riding = [r["hit"][seat] for r in rounds for seat in winning(r, "tandem_riders")]
            partnered = [r["hit"][seat] for r in rounds for seat in winning(r, "tandem_partners")]
            alone = [h for r in rounds for seat, h in enumerate(r["hit"])
                     if seat not in winning(r, "tandem_riders") | winning(r, "tandem_partners")]  # fmt: skip
            hit_riding, hit_partnered, hit_alone = (rate(x, lambda h: h) for x in (riding, partnered, alone))
            table.append([data.label(cell), num(*per_round[:3]), f"{pct(*took[:3])} of {took[3]}",
                          pct(*hit_riding[:3]), pct(*hit_partnered[:3]), pct(*hit_alone[:3])])  # fmt: skip
            section.findings.append(
                f"With {data.label(cell)} a round has {num(*per_round[:3])} tandems and {pct(*took[:3])} of them"
                f" take their trick; a player who rode a winning tandem hits the bid in {pct(*hit_riding[:3])} of"
                f" those rounds, against {pct(*hit_alone[:3])} for a player without a winning tandem."
            )
        section.blocks.append(Text("A tandem is a card played to ride along with the right neighbour's card of the "
                                   "lead suit; it takes the trick when the two together win it (each then takes a "
                                   "trick).  Bids hit are counted per seat and round: the rider and the partner of a "
                                   "tandem that took a trick that round, and every other seat."))  # fmt: skip
        section.blocks.append(Table("Tandems", ["cell", "tandems a round", "tandems taking their trick",
                                    "bids hit, riders of a winning tandem", "bids hit, their partners",
                                    "bids hit, the others"], table))  # fmt: skip
        return section

    def _misere(self, data: LabData) -> Section:
        section = Section("Tandem Trick: the 1,000,000-point misère")
        table = []
        for cell in data.played:
            games, rounds = data.games_of(cell), data.rounds_of(cell)
            bids = [b for b in self._bids(rounds) if b[0] == 0]
            hit = rate(bids, lambda b: b[1])
            tried = rate(games, lambda r: r["misere_bids"] > 0)
            decides = rate(games, lambda r: r["misere_decides"])
            per_game = mean(games, lambda r: r["misere_bids"])
            table.append([data.label(cell), num(*per_game[:3]), pct(*tried[:3]), f"{pct(*hit[:3])} of {hit[3]}",
                          pct(*decides[:3])])  # fmt: skip
            section.findings.append(
                f"With {data.label(cell)} a misère decides {pct(*decides[:3])} of games; {pct(*hit[:3])} of the"
                f" {hit[3]} misère bids are hit."
            )
        section.blocks.append(Table("Misère bids (a bid of 0)", ["cell", "misère bids a game", "games with one",
                                    "misères hit", "games a misère decides"], table))  # fmt: skip
        return section
