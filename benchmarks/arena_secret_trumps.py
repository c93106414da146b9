"""Secret Trumps duplicate matches in slices, and their tables: what ``benchmarks/arena_secret_trumps.md`` shows.

A long match is played as slices of consecutive deals (each slice a separate run that stays short on a shared
machine); every slice is written as JSON, and ``combine`` reads any set of slices back into the one table
``tricktable arena`` would print for all their deals together (win shares with Wilson intervals, the paired
difference, p-values, move times).

    python -m benchmarks.arena_secret_trumps run --bots strong,heuristic --players 4 --seed 0 --deals 25 \\
        --workers 2 --out benchmarks/results/secret_trumps/strong-heuristic-4p-0.json
    python -m benchmarks.arena_secret_trumps combine benchmarks/results/secret_trumps/strong-heuristic-4p-*.json

``run`` plays exactly the games of ``tricktable arena secret-trumps --bots A,B --players N --seed S --deals D``.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import Any

from tricktable.arena import GameResult, run, summarise, tasks
from tricktable.arena.match import Task
from tricktable.cli.arena import show

GAME = "secret-trumps"


def to_json(results: list[GameResult], seconds: float) -> dict[str, Any]:
    return {
        "wall_seconds": round(seconds, 1),
        "games": [
            {
                "players": r.task.players,
                "options": dict(r.task.options),
                "deal": r.task.deal,
                "seed": r.task.seed,
                "rotation": r.task.rotation,
                "seats": list(r.task.seats),
                "winners": r.winners,
                "scores": r.scores,
                "moves": r.moves,
                # Move times to a tenth of a millisecond: enough for the means and p95s the tables show.
                "seconds": {level: [round(s, 4) for s in spent] for level, spent in r.seconds.items()},
            }
            for r in results
        ],
    }


def from_json(data: dict[str, Any]) -> list[GameResult]:
    out = []
    for g in data["games"]:
        options = tuple(sorted(g["options"].items()))
        task = Task(GAME, g["players"], options, g["deal"], g["seed"], g["rotation"], tuple(g["seats"]))
        out.append(GameResult(task, g["winners"], g["scores"], g["moves"], g["seconds"]))
    return out


def command_run(args: argparse.Namespace) -> None:
    first, second = args.bots.split(",")
    began = time.perf_counter()
    results = run(tasks(GAME, first, second, args.players, args.deals, {}, args.seed), args.workers)
    elapsed = time.perf_counter() - began
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(to_json(results, elapsed)), encoding="utf-8")
    show(summarise(results, first, second))
    print(f"{len(results)} games in {elapsed / 60:.1f} minutes, kept in {out}")


def command_combine(args: argparse.Namespace) -> None:
    results: list[GameResult] = []
    wall = 0.0
    for name in args.files:
        data = json.loads(Path(name).read_text(encoding="utf-8"))
        results.extend(from_json(data))
        wall += data["wall_seconds"]
    first = results[0].task.seats[0]
    levels = {level for r in results for level in r.task.seats}
    second = next(level for level in sorted(levels) if level != first)
    deals = {(r.task.seed, r.task.rotation) for r in results}
    if len(deals) != len(results):
        raise SystemExit("the slices overlap: every deal must come from one slice")
    # Deal numbers restart in every slice; the seed tells deals apart.
    renumbered = [
        GameResult(
            Task(r.task.game, r.task.players, r.task.options, r.task.seed, r.task.seed, r.task.rotation, r.task.seats),
            r.winners,
            r.scores,
            r.moves,
            r.seconds,
        )
        for r in results
    ]
    show(summarise(renumbered, first, second))
    print(f"{len(args.files)} slices, {len(results)} games, {wall / 60:.0f} minutes of wall time")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(required=True)
    play = commands.add_parser("run", help="play one slice of deals and keep it")
    play.add_argument("--bots", required=True, help="two levels, first,second")
    play.add_argument("--players", type=int, default=4)
    play.add_argument("--seed", type=int, default=0, help="the slice's first deal seed")
    play.add_argument("--deals", type=int, default=25)
    play.add_argument("--workers", type=int, default=2)
    play.add_argument("--out", required=True)
    play.set_defaults(command=command_run)
    combine = commands.add_parser("combine", help="one table for several slices of one match")
    combine.add_argument("files", nargs="+")
    combine.set_defaults(command=command_combine)
    args = parser.parse_args()
    args.command(args)


if __name__ == "__main__":
    main()
