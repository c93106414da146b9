"""The report's sections that hold for every game: outcomes, seats, length, choices, lead changes, and the
paired comparison of variants.  Seats are counted from the seat that moved first in the game ("seat 1").
"""

from __future__ import annotations

from collections.abc import Sequence

from tricktable.arena.stats import Z95, Paired, balance, holm
from tricktable.lab.games.base import Measure
from tricktable.lab.report.data import PACE, LabData, Row, mean, paired_by_seed, rate
from tricktable.lab.report.model import Section, Table, Text, num, p_text, pct
from tricktable.lab.report.plots import bars, histogram

#: Differences are called significant at this level, after Holm's adjustment over every test of the report.
ALPHA = 0.05


def choice_share(row: Row) -> float | None:
    return row["choices"] / row["moves"] if row["moves"] else None


def decided_early(row: Row) -> float | None:
    """1 when the leader going into the last round won, 0 when not, ``None`` when that is not defined."""
    return None if row["decided_early"] is None else float(row["decided_early"])


def first_seat_won(row: Row) -> float:
    """Seat 1's share of the game's win (winners split it)."""
    positions = row["winner_positions"]
    return positions.count(0) / len(positions) if positions else 0.0


GENERIC_MEASURES = [
    Measure("moves a game", lambda r: float(r["moves"])),
    Measure("rounds a game", lambda r: float(r["rounds"])),
    Measure("minutes a game at a human pace", lambda r: r["minutes"]),
    Measure("share of moves with a real choice", choice_share),
]
COMPETITIVE_MEASURES = [
    Measure("seat 1 wins", first_seat_won, percent=True),
    Measure("lead changes a game", lambda r: None if r["lead_changes"] is None else float(r["lead_changes"])),
    Measure("winning margin", lambda r: r["margin"]),
    Measure("decided before the last round", lambda r: decided_early(r), percent=True),
]


def overview(data: LabData, cooperative: bool) -> Section:
    section = Section("Outcomes, length and choices", rank=2)
    rows = []
    for cell in data.played:
        games = data.games_of(cell)
        moves = mean(games, lambda r: r["moves"])
        rounds = mean(games, lambda r: r["rounds"])
        choices = mean(games, choice_share)
        changes = mean(games, lambda r: r["lead_changes"])
        seconds = mean(games, lambda r: r["seconds"])
        minutes = mean(games, lambda r: r["minutes"])
        early = rate(games, lambda r: r["decided_early"])
        shown_early = pct(*early[:3]) if early[3] else "-"
        rows.append([data.label(cell), str(len(games)), num(*moves[:3], digits=1), num(*rounds[:3]),
                     num(*minutes[:3], digits=0), pct(*choices[:3]), "-" if cooperative else num(*changes[:3]),
                     "-" if cooperative else shown_early, f"{seconds[0]:.3f}"])  # fmt: skip
        section.findings.append(
            f"With {data.label(cell)} a game lasts {num(*rounds[:3])} rounds ({num(*moves[:3], digits=0)} moves),"
            f" about {num(*minutes[:3], digits=0)} minutes at a human pace;"
            f" {pct(*choices[:3])} of moves offer a real choice (more than one legal move)"
            + ("." if cooperative else f", and the lead changes {num(*changes[:3])} times a game"
               + (f"; the leader going into the last round wins {shown_early} of games." if early[3] else "."))
        )
    section.blocks.append(Table("Every cell", ["cell", "games", "moves a game", "rounds a game", "minutes at a "
                                "human pace", "moves with a real choice", "lead changes a game", "decided before "
                                "the last round", "seconds a game (bots)"], rows,
                                "Means and shares with their 95% intervals.  Minutes at a human pace: "
                                f"{PACE.describe()}.  A lead change: the side alone in the lead after a round is "
                                "another than the last side alone in the lead.  Decided before the last round: the "
                                "side alone in the lead after the next-to-last round is the winner (games of more "
                                "than one round)."))  # fmt: skip
    lengths = {data.label(c): [float(r["rounds"]) for r in data.games_of(c)] for c in data.played}
    section.blocks.append(histogram("length", "Rounds a game", lengths, "rounds"))
    if cooperative:
        scores = {data.label(c): [float(r["scores"][0]) for r in data.games_of(c)] for c in data.played}
        section.blocks.append(histogram("outcomes", "The team's score", scores, "score"))
    else:
        margins = {data.label(c): [float(r["margin"]) for r in data.games_of(c) if r["margin"] is not None]
                   for c in data.played}  # fmt: skip
        section.blocks.append(histogram("outcomes", "Winning margin (the first side's total minus the second's)",
                                        margins, "points", discrete=False))  # fmt: skip
        shared = [[data.label(c), pct(*rate(data.games_of(c), lambda r: len(r["winners"]) > 1)[:3])]
                  for c in data.played]  # fmt: skip
        section.blocks.append(Table("Games with more than one winner (a shared victory or a team)",
                                    ["cell", "games"], shared))  # fmt: skip
    return section


def seats(data: LabData) -> Section:
    """Win rates by seat, counted from the seat that moved first, with the balance of the table."""
    section = Section("Seats: who wins", rank=1)
    section.blocks.append(Text("Seat 1 is the seat that moved first in the game, then clockwise.  A game's win is "
                               "shared among its winners (partners each take their side's win).  Balance: the "
                               "chi-square test of every seat winning equally often; p below 0.05 means the seats "
                               "are not even."))  # fmt: skip
    rows = []
    for cell in data.played:
        games = data.games_of(cell)
        n = cell.players
        units = [0.0] * n
        for row in games:
            for p in row["winner_positions"]:
                units[p] += 1 / len(row["winner_positions"])
        shares = [rate([p in r["winner_positions"] for r in games], bool) for p in range(n)]
        fair = balance(units)
        cells = [pct(*s[:3]) for s in shares]
        rows.append([data.label(cell), *cells, *[""] * (max(c.players for c in data.played) - n),
                     f"p = {p_text(fair.p_value)}", pct(fair.spread)])  # fmt: skip
        # What every seat would win at an even table: a seat's share of the winners a game has (1, or 2 partners).
        even = sum(len(r["winners"]) for r in games) / max(1, len(games)) / n
        figure = bars(f"seats-{cell.index}", f"Games won by each seat, {data.label(cell)}",
                      [f"seat {p + 1}" for p in range(n)], {"won": [s[:3] for s in shares]}, "share of games won",
                      reference=even)
        section.blocks.append(figure)
        verdict = "uneven" if fair.p_value < ALPHA else "even within chance"
        rows[-1].insert(len(rows[-1]) - 2, first_seat_edge(shares[0][:3], even))
        section.findings.append(
            f"With {data.label(cell)} seat 1 wins {pct(*shares[0][:3])} of games, against {pct(even)} at an even"
            f" table (an edge of {first_seat_edge(shares[0][:3], even)}); the seats are {verdict} (chi-square"
            f" p = {p_text(fair.p_value)}, best seat minus worst {pct(fair.spread)} of the wins)."
        )
    width = max(c.players for c in data.played)
    header = ["cell", *[f"seat {p + 1}" for p in range(width)], "seat 1's edge", "balance", "spread of the wins"]
    section.blocks.insert(1, Table("Games won by seat (95% Wilson intervals)", header, rows))
    return section


def first_seat_edge(share: tuple[float, float, float], even: float) -> str:
    """Seat 1's win share minus an even table's, in percentage points with the share's 95% interval."""
    rate, low, high = share
    return f"{100 * (rate - even):+.1f} points ({100 * (low - even):+.1f} to {100 * (high - even):+.1f})"


def test_p(result: Paired, yes_no: bool) -> float:
    """The p-value a difference is judged by: the exact sign test where every game is a yes or a no (McNemar's
    test on the twins that differ) and where every game moved by the same amount (no spread to test against);
    otherwise the normal approximation to the mean difference.  (A shared win makes "seat 1 wins" a fraction,
    and the sign test would then test the median difference, not the mean.)"""
    return result.sign_p if yes_no or result.low == result.high else result.p_value


def yes_no(rows: Sequence[Row], measure: Measure) -> bool:
    return all(v in (None, 0.0, 1.0) for v in map(measure.value, rows))


def comparison(data: LabData, measures: Sequence[Measure]) -> Section:
    """Each variant against the baseline of its player count, game by game on the same seeds."""
    section = Section(f"Variants compared: {data.spec.compare}")
    tests = []
    for cell in data.played:
        base = data.baseline_of(cell)
        if base is None:
            continue
        for measure in measures:
            result = paired_by_seed(data.games_of(base), data.games_of(cell), measure.value)
            if result is not None:
                binary = measure.percent and yes_no([*data.games_of(base), *data.games_of(cell)], measure)
                tests.append((cell, base, measure, result, binary))
    adjusted = holm([test_p(t[3], t[4]) for t in tests])
    rows = []
    for (cell, base, measure, result, _), p in zip(tests, adjusted):
        before = mean(data.games_of(base), measure.value)[0]
        after = mean(data.games_of(cell), measure.value)[0]
        show = pct if measure.percent else num
        if measure.percent:
            difference = (f"{100 * result.mean:+.1f} percentage points"
                          f" ({100 * result.low:+.1f} to {100 * result.high:+.1f})")  # fmt: skip
        else:
            difference = f"{result.mean:+.3g} ({result.low:+.3g} to {result.high:+.3g})"
        significant = p < ALPHA
        rows.append([f"{cell.players} players", measure.label, f"{base.variant}: {show(before)}",
                     f"{cell.variant}: {show(after)}", difference, p_text(result.p_value), p_text(result.sign_p),
                     p_text(p), "yes" if significant else "no"])  # fmt: skip
        if significant:
            section.findings.append(
                f"With {cell.players} players, {cell.variant} changes {measure.label} from {show(before)} to"
                f" {show(after)}: a difference of {difference} (95% interval), significant (Holm-adjusted"
                f" p {'' if p < 1e-4 else '= '}{p_text(p)}, {result.n} paired games)."
            )
    section.blocks.append(Text(
        "Every variant is played on the same seeds as the baseline (the first value), so each game is compared "
        "with its twin: the difference is the mean of the per-game differences with its 95% interval (normal, "
        f"z = {Z95:.2f}), p from the normal approximation and from the exact sign test.  A measure that is a yes "
        "or a no in every game is judged by the sign test (McNemar's test), any other by the normal p.  A "
        "difference is called "
        f"significant when that p, adjusted by Holm's method over all {len(tests)} tests, is below {ALPHA}."
    ))
    section.blocks.append(Table("Paired differences (variant minus baseline)", ["players", "measure", "baseline",
                                "variant", "difference", "p (paired)", "p (sign)", "p (Holm)", "significant"],
                                rows))  # fmt: skip
    if not section.findings:
        section.findings.append(f"No difference between the values of {data.spec.compare} is significant.")
    return section
