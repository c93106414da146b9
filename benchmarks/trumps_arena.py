"""Trumps: a search level against the heuristic bot in duplicate matches, at every supported table.

The matches are ``tricktable arena``'s own (``tricktable.arena``: the same tasks, games, seeds and summary), run
in time-boxed pieces so that no single run takes more than about half an hour on a shared machine: each piece
plays whole deals (every rotation of the table) until its time is up and appends every game — winners, scores
and the time of every move — to ``benchmarks/results/trumps-<table>.jsonl``; the next piece carries on where it
stopped.  ``report`` merges each table's games into the arena's summary and writes ``benchmarks/trumps_arena.md``.

    python benchmarks/trumps_arena.py run --players 4 --deals 600 --minutes 28 --workers 2
    python benchmarks/trumps_arena.py run --players 4 --teams
    python benchmarks/trumps_arena.py report

Games are one hand long by default (``--target 1``): the side with the most tricks wins, a tie means another
hand for everyone (ruling TR-R20).  A game to 50 lasts about fifteen hands, too long to play thousands of times
with search bots here; a hand is the unit of play the search bots decide on, so it is the fair short proxy.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from tricktable.arena import GameResult, Summary, summarise, tasks
from tricktable.arena.match import Task, play

HERE = Path(__file__).resolve().parent
RESULTS = HERE / "results"
REPORT = HERE / "trumps_arena.md"
#: Every table Trumps supports: 3 to 8 players alone, and 4 or 6 in partnerships.
TABLES = [(3, False), (4, False), (5, False), (6, False), (7, False), (8, False), (4, True), (6, True)]


def table_name(players: int, teams: bool) -> str:
    return f"{players}p-teams" if teams else f"{players}p"


def results_path(players: int, teams: bool, first: str, second: str, target: int) -> Path:
    return RESULTS / f"trumps-{first}-{second}-{table_name(players, teams)}-target{target}.jsonl"


def load(path: Path) -> list[dict[str, Any]]:
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def _play(task: Task) -> GameResult:
    return play(task)


def run(args: argparse.Namespace) -> None:
    first, second = args.bots.split(",")
    options = {"target": args.target, "teams": args.teams}
    path = results_path(args.players, args.teams, first, second, args.target)
    RESULTS.mkdir(exist_ok=True)
    done = {(row["deal"], row["rotation"]) for row in load(path)}
    every = tasks("trumps", first, second, args.players, args.deals, options, args.seed)
    by_deal: dict[int, list[Task]] = {}
    for task in every:
        if (task.deal, task.rotation) not in done:
            by_deal.setdefault(task.deal, []).append(task)
    start = time.monotonic()
    load_before = os.getloadavg()[0]
    played = 0
    deals = sorted(by_deal)
    with ProcessPoolExecutor(max_workers=args.workers) as pool, path.open("a", encoding="utf-8") as out:
        # A few deals at a time, so that the piece stops soon after its time is up, with whole deals written.
        step = max(1, args.workers)
        for at in range(0, len(deals), step):
            if time.monotonic() - start > 60 * args.minutes:
                break
            batch = [t for d in deals[at : at + step] for t in by_deal[d]]
            for result in pool.map(_play, batch):
                out.write(json.dumps(row_of(result)) + "\n")
                played += 1
            out.flush()
    minutes = (time.monotonic() - start) / 60
    left = sum(len(v) for v in by_deal.values()) - played
    print(
        f"{table_name(args.players, args.teams)}: {played} games in {minutes:.1f} min "
        f"(load average {load_before:.1f} before, {os.getloadavg()[0]:.1f} after); {left} games left",
        file=sys.stderr,
    )


def row_of(result: GameResult) -> dict[str, Any]:
    t = result.task
    return {
        "players": t.players,
        "options": dict(t.options),
        "deal": t.deal,
        "seed": t.seed,
        "rotation": t.rotation,
        "seats": list(t.seats),
        "winners": result.winners,
        "scores": result.scores,
        "moves": result.moves,
        "seconds": result.seconds,
    }


def result_of(row: dict[str, Any]) -> GameResult:
    options = tuple(sorted(row["options"].items()))
    task = Task("trumps", row["players"], options, row["deal"], row["seed"], row["rotation"], tuple(row["seats"]))
    return GameResult(task, row["winners"], row["scores"], row["moves"], row["seconds"])


def markdown(summary: Summary, title: str) -> list[str]:
    lines = [f"### {title}", "", f"{summary.deals} deals, {summary.games} games", ""]
    lines += ["| measure | value | 95% interval |", "|---|---|---|"]
    for name, (rate, low, high) in summary.rates.items():
        lines.append(f"| {name} | {rate:.3f} | {low:.3f} – {high:.3f} |")
    c = summary.comparison
    lines.append(f"| difference in win share per seat | {c.mean:+.3f} | {c.low:+.3f} – {c.high:+.3f} |")
    lines.append(f"| p (paired, normal) | {c.p_value:.2g} | |")
    lines.append(f"| p (sign test: {c.better} better, {c.worse} worse) | {c.sign_p:.2g} | |")
    for level, (mean, p95, worst) in summary.move_times.items():
        lines.append(
            f"| {level}: ms a move (mean / p95 / max) | {1e3 * mean:.1f} / {1e3 * p95:.1f} / {1e3 * worst:.0f} | |"
        )
    return [*lines, ""]


def summary_of(path: Path, first: str, second: str) -> Summary | None:
    """The arena's summary of the whole deals (every rotation played) kept in ``path``."""
    rows = load(path)
    if not rows:
        return None
    rotations = len({r["rotation"] for r in rows})
    per_deal: dict[int, int] = {}
    for r in rows:
        per_deal[r["deal"]] = per_deal.get(r["deal"], 0) + 1
    return summarise([result_of(r) for r in rows if per_deal[r["deal"]] == rotations], first, second)


def report(args: argparse.Namespace) -> None:
    """Every match kept: ``--bots`` first, then any other pair of bots played."""
    pairs = [tuple(args.bots.split(","))]
    for path in sorted(RESULTS.glob(f"trumps-*-target{args.target}.jsonl")):
        pair = tuple(path.name.split("-")[1:3])
        if pair not in pairs:
            pairs.append(pair)
    body: list[str] = []
    for first, second in pairs:
        tables = []
        for players, teams in TABLES:
            summary = summary_of(results_path(players, teams, first, second, args.target), first, second)
            if summary is not None:
                tables.extend(markdown(summary, f"{players} players" + (" in partnerships" if teams else "")))
        if tables:
            body += [f"## {first} against {second}", "", *tables]
    text = "\n".join(body)
    print(text)
    if args.write:
        head = REPORT.read_text(encoding="utf-8").split("<!-- tables -->")[0] if REPORT.exists() else ""
        REPORT.write_text(head + "<!-- tables -->\n\n" + text, encoding="utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    go = sub.add_parser("run", help="play the next piece of one table's match")
    go.add_argument("--players", type=int, required=True)
    go.add_argument("--teams", action="store_true")
    go.add_argument("--deals", type=int, default=600)
    go.add_argument("--seed", type=int, default=0)
    go.add_argument("--minutes", type=float, default=28.0, help="stop starting deals after this long")
    go.add_argument("--workers", type=int, default=2)
    for p in (go, sub.add_parser("report", help="merge the games played into the arena's tables")):
        p.add_argument("--bots", default="strong,heuristic")
        p.add_argument("--target", type=int, default=1)
    sub.choices["report"].add_argument("--write", action="store_true", help=f"write {REPORT.name}")
    args = parser.parse_args()
    run(args) if args.command == "run" else report(args)


if __name__ == "__main__":
    main()
