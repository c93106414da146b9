"""``tricktable playtest``: thousands of bot games per variant and a designer's report (the lab, ``docs/lab.md``);
``tricktable playtest-game``: the record of any game of a playtest."""

from __future__ import annotations

import json
import signal
import webbrowser
from pathlib import Path
from typing import Any

import typer
from rich.markup import escape
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TaskProgressColumn,
    TextColumn,
    TimeRemainingColumn,
)

from tricktable.cli.app import GAME_HELP, app, console
from tricktable.cli.play import parse_extra_options
from tricktable.core.errors import TricktableError
from tricktable.core.registry import game_class

MISSING = "the playtest lab needs its extra: pip install 'tricktable[lab]'"


def _counts(text: str) -> list[int]:
    try:
        return [int(part) for part in text.split(",") if part.strip()]
    except ValueError as exc:
        raise typer.BadParameter(f"--players takes player counts such as 3,4,5, not {text!r}") from exc


@app.command("playtest", context_settings={"allow_extra_args": True, "ignore_unknown_options": True})
def playtest(
    ctx: typer.Context,
    game: str = typer.Argument(..., help=GAME_HELP),
    out: Path = typer.Option(..., "--out", help="the playtest's directory (a run into it again resumes)"),
    players: str | None = typer.Option(None, "--players", "-p", help="player counts, e.g. 3,4,5"),
    games: int = typer.Option(1000, "--games", "-n", help="games per player count and variant"),
    bots: str = typer.Option("heuristic", "--bots", help="the bot level at every seat"),
    compare: str | None = typer.Option(None, "--compare", help="an option to compare: NAME or NAME=V1,V2"),
    option: list[str] = typer.Option([], "--option", "-o", help="game option NAME=VALUE (or --long-climb etc.)"),
    seed: int = typer.Option(0, "--seed", help="game i of every cell is dealt from seed + i"),
    workers: int | None = typer.Option(None, "--workers", "-w", help="local processes (default: one per core)"),
    ray: str | None = typer.Option(None, "--ray", help="a Ray cluster's address (HOST:PORT, auto), or local"),
    chunk: int | None = typer.Option(None, "--chunk", help="games a worker plays per task"),
    open_report: bool = typer.Option(False, "--open", help="open the report in a browser when it is written"),
) -> None:
    """Play many games with bots at every seat and write Parquet results and a designer's report.

    Every cell (player count and variant) plays the same seeds, so variants are compared game by game.  An
    interrupted run resumes where it stopped when the same command is given again.
    """
    try:
        from tricktable.lab.catalog import register
        from tricktable.lab.run import run
        from tricktable.lab.spec import CHUNK, make_spec
    except ImportError as exc:
        console.print(f"[red]{escape(MISSING)} ({exc.name} is missing)[/red]")
        raise typer.Exit(2) from exc
    try:
        cls = game_class(game)
        options = parse_extra_options(cls.name, list(ctx.args), option)
        spec = make_spec(cls.name, _counts(players) if players else None, options, compare, games, bots, seed,
                         chunk or CHUNK)  # fmt: skip
    except TricktableError as exc:
        console.print(f"[red]{escape(str(exc))}[/red]")
        raise typer.Exit(2) from exc
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TaskProgressColumn(),
               TextColumn("{task.fields[rate]} games/s"), TimeRemainingColumn())  # fmt: skip
    progress = Progress(*columns, console=console, transient=False)
    bar: Any = None
    counted = {"played": 0}

    def planned(total: int, already: int) -> None:
        nonlocal bar
        what = f"{spec.game}, {spec.bots} bots"
        bar = progress.add_task(what, total=total, completed=already, rate="-")
        if already:
            console.print(f"resuming: {already} of {total} games are already played")

    def chunk_done(result: Any) -> None:
        counted["played"] += len(result.games)
        task = progress.tasks[bar]
        elapsed = task.elapsed or 0.0
        rate = f"{counted['played'] / elapsed:.1f}" if elapsed > 0 else "-"
        progress.update(bar, advance=len(result.games), rate=rate)

    # Stoppable by Ctrl-C and `kill -INT` even when started with SIGINT ignored (a background job of a script,
    # a test runner's worker): what is written so far stays, and the same command resumes.
    signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        with progress:
            outcome = run(spec, out, workers, ray, on_chunk=chunk_done, on_plan=planned)
    except KeyboardInterrupt:
        console.print(f"\ninterrupted: {counted['played']} games written this run; give the same command to resume")
        raise typer.Exit(130) from None
    except TricktableError as exc:
        console.print(f"[red]{escape(str(exc))}[/red]")
        raise typer.Exit(2) from exc
    except ImportError as exc:  # --ray without Ray installed
        console.print(f"[red]{escape(MISSING)} ({exc.name} is missing)[/red]")
        raise typer.Exit(2) from exc
    except ConnectionError as exc:  # no Ray cluster at the address given
        console.print(f"[red]cannot reach the Ray cluster at {escape(str(ray))}: {escape(str(exc))}[/red]")
        raise typer.Exit(2) from exc
    assert outcome.report is not None
    register(out)
    page, text = outcome.report
    console.print(f"{outcome.played} games played ({outcome.rate:.1f} games/s), {outcome.resumed} resumed")
    console.print(
        f"report: {page}\n        {text}\nresults: {out / 'games.parquet'}, {out / 'rounds.parquet'}", markup=False
    )
    if open_report:
        webbrowser.open(page.resolve().as_uri())


@app.command("playtest-report")
def playtest_report(directory: Path = typer.Argument(..., help="a playtest's directory")) -> None:
    """Write the report of a playtest from the games played so far (an interrupted run's report is partial)."""
    try:
        from tricktable.lab.catalog import register
        from tricktable.lab.report.build import build
        from tricktable.lab.store import Store
    except ImportError as exc:
        console.print(f"[red]{escape(MISSING)} ({exc.name} is missing)[/red]")
        raise typer.Exit(2) from exc
    store = Store(directory)
    if store.spec() is None or not store.done():
        console.print(f"[red]{escape(str(directory))} holds no playtest with games played[/red]")
        raise typer.Exit(2)
    store.consolidate()
    page, text = build(store)
    register(directory)
    console.print(f"report: {page}\n        {text}", markup=False)


@app.command("playtest-game")
def playtest_game(
    directory: Path = typer.Argument(..., help="a playtest's directory"),
    seed: int = typer.Argument(..., help="the game's seed"),
    cell: int = typer.Option(0, "--cell", help="the cell (player count and variant), numbered as in the report"),
    record: Path | None = typer.Option(None, "--record", help="write the record here (default: print it)"),
) -> None:
    """The record of one game of a playtest, replayed from its seed and moves (``tricktable replay`` reads it)."""
    try:
        import pyarrow.compute as pc

        from tricktable.lab.play import record_of
        from tricktable.lab.store import Store
    except ImportError as exc:
        console.print(f"[red]{escape(MISSING)} ({exc.name} is missing)[/red]")
        raise typer.Exit(2) from exc
    store = Store(directory)
    spec = store.spec()
    if spec is None or not (directory / "games.parquet").exists():
        console.print(f"[red]{escape(str(directory))} holds no finished playtest[/red]")
        raise typer.Exit(2)
    games, _ = store.tables()
    rows = games.filter(pc.and_(pc.equal(games["seed"], seed), pc.equal(games["cell"], cell))).to_pylist()
    if not rows:
        console.print(f"[red]cell {escape(str(cell))} of {escape(str(directory))} has no game with seed {seed}[/red]")
        raise typer.Exit(2)
    text = json.dumps(record_of(rows[0], spec.game), indent=1, ensure_ascii=False) + "\n"
    if record is None:
        typer.echo(text, nl=False)
    else:
        record.write_text(text, encoding="utf-8")
        console.print(f"record written to {record}", markup=False)
