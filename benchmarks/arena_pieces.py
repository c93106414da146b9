"""A long duplicate match played in pieces that add up: any game, any two bots, kept in the repository.

A 600-deal match of the search bots takes hours on a 2-core machine (Tandem Trick's and Secret Trumps' games
run several rounds, every search move up to its time budget): more than a machine can often give in one go.
Each ``run`` plays whole deals (every rotation of the table) of exactly the games ``tricktable arena`` plays
for the same arguments, until its time is up, and appends them to a compressed file under
``benchmarks/results/pieces/`` that is committed; the next ``run`` of the same match starts at the first deal
not yet played, on this checkout or on any later clone.  ``report`` prints the match as the arena summarises
it, over every whole deal kept.

    python -m benchmarks.arena_pieces run tandem-trick --bots strong,heuristic --players 3 --minutes 30
    python -m benchmarks.arena_pieces report tandem-trick --bots strong,heuristic --players 3

Every game carries the version of the code that played it: a hash of the committed files of ``src/tricktable``
that can change how that game is played (the shared code and the game's own files, not the other games' files
it never loads, nor the web server's).  A piece refuses to run from a checkout where any of those files has
uncommitted changes, and ``report`` refuses to merge games played by different versions, so a match's figures
always describe one set of bots, while work on another game leaves the match free to go on.  Each game also
names the commit it was played at: a match whose code has changed since goes on from a worktree of that commit
(``git worktree add DIR COMMIT``, then ``run`` there with ``PYTHONPATH=src:.`` and the piece file copied in).
Move times are kept per move in tenths of a millisecond.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import os
import re
import subprocess
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from tricktable.arena import GameResult, Summary, summarise, tasks
from tricktable.arena.match import Task, play
from tricktable.cli.arena import split_bots
from tricktable.cli.play import parse_extra_options
from tricktable.core.options import resolve_options
from tricktable.core.registry import GAMES, game_class

HERE = Path(__file__).resolve().parent
PIECES = HERE / "results" / "pieces"
SOURCE = HERE.parent / "src" / "tricktable"
TENTHS = 10_000  #: move times are kept in tenths of a millisecond


#: An import of a game's package from code: ``tricktable.rules.trumps``, ``tricktable.bots.tandem_trick``.
REFERENCE = re.compile(r"tricktable\.(?:rules|bots)\.(\w+)")


def game_of(path: str, packages: dict[str, str]) -> str | None:
    """The game package a file of ``src/tricktable`` belongs to (``rules/trumps/game.py``, but also
    ``analysis/trumps.py`` or ``static/js/games/trumps.js``), or ``None`` for code every game shares."""
    parts = [part.split(".")[0] for part in Path(path).parts]
    for package, name in packages.items():
        if package in parts or name in parts:
            return package
    return None


def games_reached(paths: list[str], texts: dict[str, str], game: str, packages: dict[str, str]) -> set[str]:
    """``game`` and every other game its files reach by importing it (``tricktable.rules.OTHER`` or
    ``tricktable.bots.OTHER``), directly or through another such game."""
    reached = {game}
    todo = [game]
    while todo:
        package = todo.pop()
        for path in paths:
            if game_of(path, packages) != package:
                continue
            for other in REFERENCE.findall(texts.get(path, "")):
                if other in packages and other not in reached:
                    reached.add(other)
                    todo.append(other)
    return reached


def git(*args: str) -> str:
    """The output of a git command run in this checkout."""
    return subprocess.run(["git", *args], cwd=HERE.parent, capture_output=True, text=True, check=True).stdout


def web_server(path: str) -> bool:
    """Whether a file of ``src/tricktable`` is the web server's (its code, pages, styles and scripts), which no
    match ever loads: a change there leaves every match free to go on."""
    return Path(path).parts[0] == "server"


def source_version(game: str) -> str:
    """A hash of the committed files of ``src/tricktable`` that can change how ``game`` is played, refusing a
    checkout where any of them differs from HEAD."""
    package = game_class(game).__module__.split(".")[2]
    prefix = SOURCE.relative_to(HERE.parent)  # src/tricktable, as git names its files
    packages = {entry.package.split(".")[2]: entry.name for entry in GAMES}
    blobs = {}
    for line in git("ls-tree", "-r", "HEAD", "--", str(SOURCE)).splitlines():
        meta, _, path = line.partition("\t")
        blobs[str(Path(path).relative_to(prefix))] = meta.split()[2]
    blobs = {path: blob for path, blob in blobs.items() if not web_server(path)}
    texts = {}
    for path in blobs:
        if path.endswith((".py", ".pyx", ".pxd")) and game_of(path, packages) is not None:
            texts[path] = (SOURCE / path).read_text(encoding="utf-8")
    # What can change how the game is played: the shared code, the game's own files and those of any game they
    # import.  A change to another game's files, which this one never loads, leaves its matches where they stand.
    reached = games_reached(sorted(blobs), texts, package, packages) | {None}
    chosen = [path for path in sorted(blobs) if game_of(path, packages) in reached]
    status = git("status", "--porcelain", "--untracked-files=all", "--", str(SOURCE)).splitlines()
    dirty = [str(Path(line[3:]).relative_to(prefix)) for line in status]
    changed = [path for path in dirty if not web_server(path) and game_of(path, packages) in reached]
    if changed:
        raise SystemExit(
            f"uncommitted changes in code that plays {game} ({', '.join(changed)}): commit them first, so that "
            "every game is tied to code"
        )
    listing = "".join(f"{blobs[path]} {path}\n" for path in chosen)
    return hashlib.sha1(listing.encode()).hexdigest()


def bot_pair(args: argparse.Namespace) -> tuple[str, str]:
    """The two bot levels of ``--bots`` (an outside player's settings may hold commas: ``split_bots``)."""
    first, second = split_bots(args.bots)
    return first, second


def file_part(level: str) -> str:
    """A bot level as part of a file name: ``openspiel-ismcts:seconds=0.1`` -> ``openspiel-ismcts_seconds=0.1``."""
    return re.sub(r"[^A-Za-z0-9.=_-]", "_", level)


def match_path(args: argparse.Namespace, options: dict[str, Any]) -> Path:
    first, second = (file_part(level) for level in bot_pair(args))
    extra = "".join(f"-{k}={v}" for k, v in sorted(options.items()))
    return PIECES / f"{game_class(args.game).name}-{first}-{second}-{args.players}p{extra}-seed{args.seed}.jsonl.gz"


def load(path: Path) -> list[dict[str, Any]]:
    if not path.exists():
        return []
    with gzip.open(path, "rt", encoding="utf-8") as handle:
        return [json.loads(line) for line in handle if line.strip()]


def row_of(result: GameResult, version: str, commit: str) -> dict[str, Any]:
    return {
        "deal": result.task.deal,
        "rotation": result.task.rotation,
        "winners": result.winners,
        "scores": result.scores,
        "moves": result.moves,
        "won": result.won,
        "score": result.score,
        "rounds": result.rounds,
        "tenths_ms": {level: [round(s * TENTHS) for s in spent] for level, spent in result.seconds.items()},
        "source": version,
        "commit": commit,
    }


def result_of(row: dict[str, Any], task: Task) -> GameResult:
    seconds = {level: [t / TENTHS for t in spent] for level, spent in row["tenths_ms"].items()}
    rounds = [(int(cards), bool(ok)) for cards, ok in row["rounds"]]
    return GameResult(task, row["winners"], row["scores"], row["moves"], seconds, rounds, row["won"], row["score"])


def match_tasks(args: argparse.Namespace, options: dict[str, Any]) -> list[Task]:
    first, second = bot_pair(args)
    return tasks(args.game, first, second, args.players, args.deals, options, args.seed)


def run(args: argparse.Namespace, options: dict[str, Any]) -> None:
    version = source_version(args.game)
    commit = git("rev-parse", "HEAD").strip()
    path = match_path(args, options)
    path.parent.mkdir(parents=True, exist_ok=True)
    kept = load(path)
    if any(row["source"] != version for row in kept):
        raise SystemExit(f"{path.name} holds games of another version of the code: move it aside to start afresh")
    done = {(row["deal"], row["rotation"]) for row in kept}
    by_deal: dict[int, list[Task]] = {}
    for task in match_tasks(args, options):
        if (task.deal, task.rotation) not in done:
            by_deal.setdefault(task.deal, []).append(task)
    start = time.monotonic()
    load_before = os.getloadavg()[0]
    played = 0
    deals = sorted(by_deal)
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        # A few deals at a time, so that the piece stops soon after its time is up, with whole deals written.
        for at in range(0, len(deals), max(1, args.workers)):
            if time.monotonic() - start > 60 * args.minutes:
                break
            batch = [t for d in deals[at : at + args.workers] for t in by_deal[d]]
            rows = [json.dumps(row_of(result, version, commit)) + "\n" for result in pool.map(play, batch)]
            # One gzip member per batch: a piece stopped mid-batch leaves every earlier batch readable.
            with gzip.open(path, "at", encoding="utf-8") as out:
                out.writelines(rows)
            played += len(rows)
    minutes = (time.monotonic() - start) / 60
    left = sum(len(v) for v in by_deal.values()) - played
    print(
        f"{path.name}: {played} games in {minutes:.1f} min (load average {load_before:.1f} before, "
        f"{os.getloadavg()[0]:.1f} after); {left} games left",
        file=sys.stderr,
    )


def summary(args: argparse.Namespace, options: dict[str, Any]) -> Summary | None:
    """The arena's summary over the whole deals kept (every rotation played)."""
    first, second = bot_pair(args)
    rows = load(match_path(args, options))
    versions = {row["source"] for row in rows}
    if len(versions) > 1:
        raise SystemExit(f"games of {len(versions)} versions of the code are mixed: {sorted(versions)}")
    by_key = {(t.deal, t.rotation): t for t in match_tasks(args, options)}
    rotations = len({t.rotation for t in by_key.values()})
    per_deal: dict[int, int] = {}
    for row in rows:
        per_deal[row["deal"]] = per_deal.get(row["deal"], 0) + 1
    whole = [result_of(r, by_key[(r["deal"], r["rotation"])]) for r in rows if per_deal[r["deal"]] == rotations]
    return summarise(whole, first, second) if whole else None


def markdown(s: Summary) -> str:
    lines = [f"{s.game}: {s.first} against {s.second}, {s.deals} deals, {s.games} games", ""]
    lines += ["| measure | value | 95% interval |", "|---|---|---|"]
    for name, (rate, low, high) in s.rates.items():
        lines.append(f"| {name} | {rate:.3f} | {low:.3f} – {high:.3f} |")
    c = s.comparison
    what = "games won" if s.cooperative else "win share per seat"
    lines.append(f"| difference in {what} | {c.mean:+.3f} | {c.low:+.3f} – {c.high:+.3f} |")
    lines.append(f"| p (paired, normal) | {c.p_value:.2g} | |")
    lines.append(f"| p (sign test: {c.better} better, {c.worse} worse) | {c.sign_p:.2g} | |")
    for level, (mean, p95, worst) in s.move_times.items():
        lines.append(
            f"| {level}: ms a move (mean / p95 / max) | {1e3 * mean:.1f} / {1e3 * p95:.1f} / {1e3 * worst:.0f} | |"
        )
    return "\n".join(lines)


def table_name(game: str, players: int, options: dict[str, Any]) -> str:
    """The table a match was played at, in words: "4 players in partnerships, one round".  ``options`` as the
    command line gives them (``{"teams": "true"}``) or typed: they are read as the game reads them."""
    typed = resolve_options(game, game_class(game).option_specs, options)
    words = f"{players} players" + (" in partnerships" if typed.get("teams") else "")
    return words + (", one round" if typed.get("target") == 1 else "")


def row(s: Summary, game: str, players: int, options: dict[str, Any], asked: int) -> str:
    """The match as one row of the outside players' tables (``arena_outside.md``, each game's page): who
    ``first`` played, the table, the deals kept, both rates, the paired difference, the mean times a move."""
    key = "games won" if s.cooperative else "win share per seat"

    def rate(bot: str) -> str:
        value, low, high = s.rates[f"{bot}: {key}"]
        return f"{value:.3f} ({low:.3f} – {high:.3f})"

    c = s.comparison
    ms = " / ".join(f"{1e3 * s.move_times[bot][0]:.0f}" for bot in (s.first, s.second))
    return (
        f"| {s.second} | {table_name(game, players, options)} | {s.deals} of {asked} | {rate(s.first)} | "
        f"{rate(s.second)} | {c.mean:+.3f} ({c.low:+.3f} – {c.high:+.3f}) | {ms} |"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    go = sub.add_parser("run", help="play the next piece of a match")
    show = sub.add_parser("report", help="the match so far, as the arena summarises it")
    for p in (go, show):
        p.add_argument("game")
        p.add_argument("--bots", default="strong,heuristic")
        p.add_argument("--players", type=int, required=True)
        p.add_argument("--deals", type=int, default=600)
        p.add_argument("--seed", type=int, default=0)
        p.add_argument("--option", "-o", action="append", default=[], help="game option NAME=VALUE")
    go.add_argument("--minutes", type=float, default=30.0, help="stop starting deals after this long")
    go.add_argument("--workers", type=int, default=2)
    show.add_argument("--row", action="store_true", help="one row of the outside players' tables instead")
    args = parser.parse_args()
    options = parse_extra_options(args.game, [], args.option)
    if args.command == "run":
        run(args, options)
        return
    found = summary(args, options)
    if found is None:
        print(f"no whole deal kept in {match_path(args, options).name}")
    elif args.row:
        print(row(found, args.game, args.players, options, args.deals))
    else:
        print(markdown(found))


if __name__ == "__main__":
    main()
