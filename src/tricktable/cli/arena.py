"""``tricktable arena``: two bots on the same deals, with intervals and a paired test."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import typer
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from tricktable.arena import GameResult, Summary, run, summarise, tasks
from tricktable.arena.match import outside_kind
from tricktable.bots.base import OPEN_HANDS, bot_kinds
from tricktable.cli.app import GAME_HELP, app, console
from tricktable.cli.play import parse_extra_options
from tricktable.core.errors import TricktableError
from tricktable.core.registry import game_class

#: Most deals a match may ask for (each is one to eight games).
MAX_DEALS = 1_000_000


@app.command(
    "arena",
    context_settings={"allow_extra_args": True, "ignore_unknown_options": True},
)
def arena(
    ctx: typer.Context,
    game: str = typer.Argument(..., help=GAME_HELP),
    bots: str = typer.Option(
        ...,
        "--bots",
        help="two bot levels, first,second (e.g. strong,heuristic); also open-hands (sees every hand: the ceiling) "
        "and openspiel-ismcts[:simulations=N,uct_c=C,max_world_samples=M,seconds=S] (OpenSpiel's ISMCTS)",
    ),
    players: int | None = typer.Option(None, "--players", "-p", help="number of players"),
    deals: int = typer.Option(100, "--deals", "-n", help="deals to play (each once per side, or once per team)"),
    seed: int = typer.Option(0, "--seed", help="the first deal's seed; deal i uses seed + i"),
    workers: int | None = typer.Option(None, "--workers", "-w", help="processes (default: one per core)"),
    csv_path: Path | None = typer.Option(None, "--csv", help="write one row per game to this CSV file"),
    option: list[str] = typer.Option([], "--option", "-o", help="game option NAME=VALUE (or --long-climb etc.)"),
) -> None:
    """Play two bots against each other on the same deals (duplicate), and compare them.

    Competitive games seat the first bot on each side of the table in turn, the second everywhere else;
    Tricks Together plays every deal once with a team of each.  Prints win shares (or games and rounds won)
    with 95% intervals, the paired difference with its p-values, and the time per move.

    Besides the game's bots: ``open-hands``, the ceiling, is the one player allowed to see every hand;
    ``openspiel-ismcts`` is OpenSpiel's information-set MCTS, shown only a world drawn from its seat's view.
    """
    try:
        names = split_bots(bots)
        cls = game_class(game)
        if len(names) != 2:
            raise typer.BadParameter("--bots takes two levels, e.g. --bots strong,heuristic")
        for name in names:
            check_level(cls.name, name)
        if not 1 <= deals <= MAX_DEALS:
            raise typer.BadParameter(f"--deals must be 1..{MAX_DEALS}")
        options = parse_extra_options(cls.name, list(ctx.args), option)
        count = players if players is not None else cls.default_players
        all_tasks = tasks(cls.name, names[0], names[1], count, deals, options, seed)
    except TricktableError as exc:
        console.print(f"[red]{escape(str(exc))}[/red]")
        raise typer.Exit(2) from exc
    results: list[GameResult] = []
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
    with Progress(*columns, console=console, transient=True) as progress:
        bar = progress.add_task(f"{cls.name}: {names[0]} against {names[1]}", total=len(all_tasks))
        results = run(all_tasks, workers, on_result=lambda _: progress.advance(bar))
    summary = summarise(results, names[0], names[1])
    show(summary)
    if csv_path is not None:
        write_csv(csv_path, results)
        console.print(f"{len(results)} games written to {csv_path}", markup=False)


def split_bots(text: str) -> list[str]:
    """``strong,openspiel-ismcts:simulations=50,uct_c=1`` -> ``["strong", "openspiel-ismcts:simulations=50,uct_c=1"]``:
    a piece with ``=`` and no ``:`` is one more setting of the bot before it."""
    names: list[str] = []
    for piece in (p.strip() for p in text.split(",")):
        if not piece:
            continue
        if "=" in piece and ":" not in piece and names and ":" in names[-1]:
            names[-1] += "," + piece
        else:
            names.append(piece)
    return names


def check_level(game: str, name: str) -> None:
    """Refuse a level the arena cannot seat in ``game``, saying what it can."""
    if name in bot_kinds(game) or name == OPEN_HANDS:
        return
    if outside_kind(name) is not None:
        try:
            from tricktable.interop.ismcts import parse_settings
        except ImportError as exc:  # the OpenSpiel extra is not installed
            needs = f"{name.partition(':')[0]} needs OpenSpiel: pip install 'tricktable[openspiel]'"
            raise typer.BadParameter(needs) from exc
        parse_settings(name)
        return
    seats = ", ".join([*bot_kinds(game), OPEN_HANDS, "openspiel-ismcts[:...]"])
    raise typer.BadParameter(f"no {name[:40]!r} bot for {game}; bots: {seats}")


def show(summary: Summary) -> None:
    title = f"{summary.game}: {summary.first} against {summary.second}, {summary.deals} deals, {summary.games} games"
    table = Table(title=title)
    table.add_column("measure")
    table.add_column("value", justify="right")
    table.add_column("95% interval", justify="right")
    for name, (rate, low, high) in summary.rates.items():
        table.add_row(name, f"{rate:.3f}", f"{low:.3f} – {high:.3f}")
    c = summary.comparison
    what = "games won" if summary.cooperative else "win share per seat"
    table.add_row(f"difference in {what}", f"{c.mean:+.3f}", f"{c.low:+.3f} – {c.high:+.3f}")
    table.add_row("p (paired, normal)", f"{c.p_value:.2g}", "")
    table.add_row(f"p (sign test: {c.better} better, {c.worse} worse)", f"{c.sign_p:.2g}", "")
    for level, (mean, p95, worst) in summary.move_times.items():
        table.add_row(
            f"{level}: ms a move (mean / p95 / max)", f"{1e3 * mean:.1f} / {1e3 * p95:.1f} / {1e3 * worst:.0f}", ""
        )
    console.print(table)
    if summary.rounds:
        sizes = sorted({cards for per in summary.rounds.values() for cards in per})
        rounds = Table(title="rounds made, by cards in the round")
        rounds.add_column("bot")
        for cards in sizes:
            rounds.add_column(str(cards), justify="right")
        for level, per in summary.rounds.items():
            cells = [f"{per[c][0] / per[c][1]:.2f} ({per[c][1]})" if c in per else "-" for c in sizes]
            rounds.add_row(level, *cells)
        console.print(rounds)


def write_csv(path: Path, results: list[GameResult]) -> None:
    with path.open("w", newline="", encoding="utf-8") as handle:
        out = csv.writer(handle)
        out.writerow(["game", "players", "options", "deal", "seed", "rotation", "seats", "winners", "scores", "moves",
                      "won", "score", "rounds"])  # fmt: skip
        for r in results:
            t = r.task
            out.writerow([
                t.game, t.players, json.dumps(dict(t.options)), t.deal, t.seed, t.rotation, " ".join(t.seats),
                " ".join(map(str, r.winners)), " ".join(map(str, r.scores)), r.moves, int(r.won), r.score,
                " ".join(f"{cards}:{int(ok)}" for cards, ok in r.rounds),
            ])  # fmt: skip
