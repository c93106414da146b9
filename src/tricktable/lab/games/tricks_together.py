"""Tricks Together in the lab: how often the team climbs to the top, which round sizes break it, where lives go.

From the finished game's spectator view: the score sheet (every round's cards, numbers, tricks and outcome)
and the table (the climb's length, the lives left).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from tricktable.core.game import Game
from tricktable.lab.games.base import Measure
from tricktable.lab.report.data import LabData, mean, rate
from tricktable.lab.report.model import Section, Table, Text, num, pct
from tricktable.lab.report.plots import bars, lines

#: How the score sheet words a round's outcome, by its first words (``rules.tricks_together.scoring``).
REASONS = (("everybody hit", "made"), ("the others' numbers", "numbers over the cards"),
           ("too many tricks", "a trick too many"), ("missed", "missed at the end"))  # fmt: skip


#: The three ways a round fails, in the designer's short words: a player took too many tricks (over), missed their
#: number at the end (under), or the committed numbers already added up to more than the cards (sum).
CAUSES = (("a trick too many", "over"), ("missed at the end", "under"), ("numbers over the cards", "sum"))


def reason_kind(text: str) -> str:
    return next((kind for prefix, kind in REASONS if text.startswith(prefix)), "other")


class TricksTogetherMetrics:
    def game_columns(self, game: Game) -> dict[str, Any]:
        view = game.view(None)
        result = game.result() or {}
        sheet = view["score_sheet"]
        return {
            "won": bool(result.get("won")),
            "score": int(result.get("score", 0)),
            "climb": int(view["table"]["rounds"]),
            "reached": max((row["round"] for row in sheet), default=0),
            "rounds_failed": sum(1 for row in sheet if not row["success"]),
        }

    def round_rows(self, game: Game) -> list[dict[str, Any]]:
        lives = int(game.options["lives"])
        rows = []
        for row in game.view(None)["score_sheet"]:
            rows.append({"climb_round": row["round"], "cards": row["cards"], "success": bool(row["success"]),
                         "reason": reason_kind(row["reason"]), "lives_before": lives,
                         "no_trumps": row["trumps"] == "none"})  # fmt: skip
            if not row["success"]:
                lives -= 1
        return rows

    def measures(self) -> list[Measure]:
        return [
            Measure("team wins the game", lambda r: float(r["won"]), percent=True),
            Measure("climb rounds reached", lambda r: float(r["reached"])),
            Measure("rounds failed", lambda r: float(r["rounds_failed"])),
        ]

    def sections(self, data: LabData) -> list[Section]:
        return [self._climb(data), self._round_sizes(data), self._lives(data), self._causes(data)]

    def _climb(self, data: LabData) -> Section:
        section = Section("Tricks Together: the whole climb")
        rows, series = [], []
        for cell in data.played:
            games = data.games_of(cell)
            won = rate(games, lambda r: r["won"])
            reached = mean(games, lambda r: r["reached"] / r["climb"])
            lost = mean(games, lambda r: r["rounds_failed"])
            rows.append([data.label(cell), str(won[3]), pct(*won[:3]), pct(*reached[:3]), num(*lost[:3])])
            series.append(won[:3])
            section.findings.append(
                f"With {data.label(cell)} the {data.spec.bots} team wins {pct(*won[:3])} of its games"
                f" ({won[3]} games) and reaches on average {pct(reached[0])} of the climb."
            )
        section.blocks.append(Table("Games won by the team", ["cell", "games", "team wins (95% interval)",
                                    "share of the climb reached", "rounds failed a game"], rows))  # fmt: skip
        labels = [data.label(c) for c in data.played]
        section.blocks.append(bars("tt-wins", "Full-game win rate", labels, {"win rate": series}, "share of games"))
        return section

    def _round_sizes(self, data: LabData) -> Section:
        section = Section("Tricks Together: success by round size")
        sizes = sorted({r["cards"] for r in data.rounds})
        header = ["cell", *[f"{c} card{'s' if c > 1 else ''}" for c in sizes]]
        table, series = [], {}
        for cell in data.played:
            rounds = data.rounds_of(cell)
            cells, points = [], []
            for cards in sizes:
                these = [r for r in rounds if r["cards"] == cards]
                if not these:
                    cells.append("-")
                    continue
                made = rate(these, lambda r: r["success"])
                cells.append(f"{pct(*made[:3])} of {made[3]}")
                points.append((cards, *made[:3], made[3]))
            table.append([data.label(cell), *cells])
            series[data.label(cell)] = [p[:4] for p in points]
            enough = [p for p in points if p[4] >= 30] or points
            if enough:
                worst = min(enough, key=lambda p: p[1])
                section.findings.append(
                    f"With {data.label(cell)} the hardest round size is {worst[0]} cards: {pct(*worst[1:4])}"
                    f" of {worst[4]} attempts are made."
                )
        section.blocks.append(Text("Each cell is the share of rounds of that size the team made, with its 95% "
                                   "Wilson interval and the number of attempts (a failed round is replayed)."))
        section.blocks.append(Table("Rounds made, by cards in the round", header, table))
        section.blocks.append(lines("tt-round-sizes", "Rounds made by round size", series, "cards in the round",
                                    "share of rounds made"))  # fmt: skip
        return section

    def _lives(self, data: LabData) -> Section:
        section = Section("Tricks Together: where lives are lost")
        positions = sorted({r["climb_round"] for r in data.rounds})
        table, series = [], {}
        reasons: list[list[str]] = []
        kinds = [kind for _, kind in REASONS[1:]]
        for cell in data.played:
            games = len(data.games_of(cell))
            rounds = data.rounds_of(cell)
            lost = Counter(r["climb_round"] for r in rounds if not r["success"])
            per = [lost[p] / games for p in positions]
            table.append([data.label(cell), *[f"{v:.3f}" for v in per]])
            if per:
                worst = max(range(len(per)), key=lambda i: per[i])
                section.findings.append(f"With {data.label(cell)} most lives are lost at round {positions[worst]} of"
                                        f" the climb: {per[worst]:.2f} a game, {pct(per[worst] / sum(per))} of all.")
            series[data.label(cell)] = [(p, v, v, v) for p, v in zip(positions, per)]
            failed = [r for r in rounds if not r["success"]]
            why = Counter(r["reason"] for r in failed)
            reasons.append([data.label(cell), str(len(failed)), *[pct(why[k] / max(1, len(failed))) for k in kinds]])
        section.blocks.append(Table("Lives lost per game at each round of the climb", ["cell", *map(str, positions)],
                                    table, "Round k of the climb; a round failed twice costs two lives."))
        section.blocks.append(lines("tt-lives", "Lives lost per game, by round of the climb", series,
                                    "round of the climb", "lives lost per game"))  # fmt: skip
        section.blocks.append(Table("Why rounds fail", ["cell", "failed rounds", *kinds], reasons))
        return section

    def _causes(self, data: LabData) -> Section:
        """Lives lost per game by the size of the round and the cause of the failure (over, under, sum)."""
        section = Section("Tricks Together: lives lost by round size and cause")
        header = ["cell", "cards", "attempts", "made", *[f"lost: {short}" for _, short in CAUSES],
                  "lives lost a game"]  # fmt: skip
        table = []
        for cell in data.played:
            games = len(data.games_of(cell))
            rounds = data.rounds_of(cell)
            worst: tuple[int, int, str, str] | None = None  # (lives lost, cards, cause, its short word)
            for cards in sorted({r["cards"] for r in rounds}):
                these = [r for r in rounds if r["cards"] == cards]
                made = rate(these, lambda r: r["success"])
                failed = Counter(r["reason"] for r in these if not r["success"])
                shares = [rate([r["reason"] == kind for r in these], bool) for kind, _ in CAUSES]
                table.append([data.label(cell), str(cards), str(len(these)), pct(*made[:3]),
                              *[pct(*share[:3]) for share in shares], f"{sum(failed.values()) / games:.3f}"])
                for kind, short in CAUSES:
                    if failed[kind] and (worst is None or failed[kind] > worst[0]):
                        worst = (failed[kind], cards, kind, short)
            failed_all = [r for r in rounds if not r["success"]]
            if worst is not None and failed_all:
                share = rate([(r["cards"], r["reason"]) == worst[1:3] for r in failed_all], bool)
                section.findings.append(
                    f"With {data.label(cell)} the commonest way to lose a life is \"{worst[3]}\" in rounds of"
                    f" {worst[1]} card{'s' if worst[1] > 1 else ''}: {pct(*share[:3])} of the {share[3]} lives lost."
                )
        section.blocks.append(Text("Over: a player won a trick too many.  Under: a player missed their number at "
                                   "the end.  Sum: the numbers committed already added up to more than the cards, so "
                                   "the round failed before a card was played.  Each share is of the attempts at "
                                   "that round size, with its 95% Wilson interval."))  # fmt: skip
        section.blocks.append(Table("Rounds by size: made, and lost by cause", header, table))
        return section
