"""Secret Trumps in the lab: which goals are met when chosen, the start player's edge, how fast a game is won, and
how much the hints give away about the trumps.

From the finished game: the score sheet of the spectator view (each round's start player, chosen goals, tricks,
goals met and crossed off) and the public ``hint`` events, which the game's own deduction turns into the number
of (trump suit, trump rank) hypotheses still open after each row: what the other players can infer.
"""

from __future__ import annotations

from typing import Any

from tricktable.core.game import Game
from tricktable.lab.games.base import Measure
from tricktable.lab.report.data import LabData, mean, rate
from tricktable.lab.report.model import Section, Table, Text, num, pct
from tricktable.lab.report.plots import bars, lines
from tricktable.rules.secret_trumps import GOALS, ROWS, consistent, parse_card

#: A goal met this often when chosen is "too easy", this rarely "near impossible" (for the findings).
EASY, HARD = 0.8, 0.1


class SecretTrumpsMetrics:
    def game_columns(self, game: Game) -> dict[str, Any]:
        sheet = game.view(None)["score_sheet"]
        return {"start_cross_offs": sum(1 for row in sheet if row["start_crossed"])}

    def round_rows(self, game: Game) -> list[dict[str, Any]]:
        n = game.players
        second_deck = bool(game.options["second_deck"])
        left_by_round: list[list[int]] = []
        hints: list[tuple[list[int], int]] = []
        for event in game.events:
            if event.kind == "round_started":
                hints = []
                left_by_round.append([])
            elif event.kind == "hint":
                cards = [parse_card(c) for c in event.cards]  # type: ignore[attr-defined]
                hints.append((cards, (event.winner - event.first) % n))  # type: ignore[attr-defined]
                left_by_round[-1].append(len(consistent(hints, second_deck)))
        rows = []
        crossed = [0] * n
        for k, row in enumerate(game.view(None)["score_sheet"]):
            for p, goal in enumerate(row["crossed"]):
                crossed[p] += goal is not None
            rows.append({"start": row["start"], "chosen": list(row["chosen"]), "met": list(row["met"]),
                         "tricks": list(row["tricks"]), "start_crossed": bool(row["start_crossed"]),
                         "totals": [float(c) for c in crossed],
                         "hypotheses_left": left_by_round[k] if k < len(left_by_round) else []})  # fmt: skip
        return rows

    def measures(self) -> list[Measure]:
        return [Measure("start player cross-offs a game", lambda r: float(r["start_cross_offs"]))]

    def sections(self, data: LabData) -> list[Section]:
        return [self._goals(data), self._start(data), self._hypotheses(data)]

    def _goals(self, data: LabData) -> Section:
        """Each goal's completion when chosen, and how often it is chosen: its share of every goal chosen."""
        section = Section("Secret Trumps: goals met when chosen, and how often each is chosen")
        names = {g.slug: g.name for g in GOALS}
        table: list[list[str]] = [[g.name] for g in GOALS]
        series = {}
        for cell in data.played:
            choices = [(goal, met) for r in data.rounds_of(cell) for goal, met in zip(r["chosen"], r["met"])
                       if goal is not None]  # fmt: skip
            points = []
            for i, goal in enumerate(GOALS):
                these = [met for slug, met in choices if slug == goal.slug]
                made = rate(these, lambda m: m)
                chosen = rate([slug == goal.slug for slug, _ in choices], bool)
                table[i].append(f"{pct(*made[:3])} of {made[3]}" if made[3] else "-")
                table[i].append(pct(*chosen[:3]))
                points.append(made[:3] if made[3] else (0.0, 0.0, 0.0))  # never chosen: no bar, no whisker
                if made[3] >= 30 and made[2] < HARD:
                    section.findings.append(f"With {data.label(cell)} the goal \"{names[goal.slug]}\" is close to "
                                            f"impossible: met in {pct(*made[:3])} of {made[3]} rounds it was chosen.")
                elif made[3] >= 30 and made[1] > EASY:
                    section.findings.append(f"With {data.label(cell)} the goal \"{names[goal.slug]}\" is too easy: "
                                            f"met in {pct(*made[:3])} of {made[3]} rounds it was chosen.")
            series[data.label(cell)] = points
        section.blocks.append(Text(f"A goal counts as too easy when its whole interval lies above {EASY:.0%}, as close "
                                   f"to impossible when it lies below {HARD:.0%} (with at least 30 rounds chosen).  "
                                   "Share of choices: of every goal chosen in a round (the start player chooses "
                                   "none), the share that was this goal."))  # fmt: skip
        header = ["goal", *[f"{data.label(c)}: {what}" for c in data.played for what in ("met when chosen",
                  "share of choices")]]  # fmt: skip
        section.blocks.append(Table("Chosen goals met, and how often each goal is chosen", header, table))
        section.blocks.append(bars("st-goals", "Chosen goals met", [g.name for g in GOALS], series, "share met"))
        return section

    def _start(self, data: LabData) -> Section:
        section = Section("Secret Trumps: the start player's edge and the length of a game")
        table = []
        for cell in data.played:
            rounds = data.rounds_of(cell)
            start = rate(rounds, lambda r: r["start_crossed"])
            chooser = rate([m for r in rounds for m in r["met"] if m is not None], lambda m: m)
            length = mean(data.games_of(cell), lambda r: r["rounds"])
            table.append([data.label(cell), pct(*start[:3]), pct(*chooser[:3]), num(*length[:3], digits=1)])
            section.findings.append(
                f"With {data.label(cell)} the start player crosses off a goal in {pct(*start[:3])} of rounds, a"
                f" player who chose a goal in {pct(*chooser[:3])}; a game lasts {num(*length[:3], digits=1)} rounds."
            )
        section.blocks.append(Table("Cross-offs a round", ["cell", "start player crosses off", "a chooser meets "
                                    "the goal", "rounds to win"], table))  # fmt: skip
        return section

    def _hypotheses(self, data: LabData) -> Section:
        section = Section("Secret Trumps: what the hints give away")
        series, table = {}, []
        for cell in data.played:
            rounds = [r for r in data.rounds_of(cell) if len(r["hypotheses_left"]) == ROWS]
            points = []
            for row in range(ROWS):
                left = mean([r["hypotheses_left"][row] for r in rounds], float)
                points.append((row + 1, *left[:3]))
            series[data.label(cell)] = points
            pinned = rate(rounds, lambda r: r["hypotheses_left"][-1] == 1)
            table.append([data.label(cell), *[f"{p[1]:.1f}" for p in points], pct(*pinned[:3])])
            section.findings.append(f"With {data.label(cell)} the hints leave {num(*points[-1][1:])} trump hypotheses"
                                    f" after the last row; the trumps are pinned down in {pct(*pinned[:3])} of rounds.")
        section.blocks.append(Text("A hypothesis is a (trump suit, trump rank) pair still consistent with every hint "
                                   "so far: what a player other than the start player can infer from the table."))
        section.blocks.append(Table("Hypotheses left after each row", ["cell", *map(str, range(1, ROWS + 1)),
                                    "pinned down after row 9"], table))  # fmt: skip
        section.blocks.append(lines("st-hypotheses", "Trump hypotheses left after each row", series, "row",
                                    "hypotheses left"))  # fmt: skip
        return section
