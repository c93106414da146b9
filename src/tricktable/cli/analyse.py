"""``tricktable analyse``: a finished game judged with open hands."""

from __future__ import annotations

import json
from pathlib import Path

import typer
from rich.markup import escape

from tricktable.analysis import analyse
from tricktable.cli.app import app, console
from tricktable.core.errors import TricktableError


@app.command("analyse")
def analyse_command(
    path: Path = typer.Argument(..., help="a game record (JSON)"),
    as_json: bool = typer.Option(False, "--json", help="print the report as JSON"),
) -> None:
    """Judge a recorded game with every hand face up: what could have been made, and which plays cost it."""
    try:
        record = json.loads(path.read_text(encoding="utf-8"))
        report = analyse(record)
    except (OSError, json.JSONDecodeError, TricktableError) as exc:
        console.print(f"[red]{escape(str(exc))}[/red]")
        raise typer.Exit(2) from exc
    if as_json:
        console.print_json(data=report.to_dict())
        return
    names = list(record.get("seats") or [])
    for section in report.sections:
        console.print(f"[bold]{escape(section.title)}[/bold]")
        for fact in section.facts:
            console.print(f"  {fact}", markup=False)
        for play in section.turning_points:
            who = names[play.seat] if play.seat < len(names) else f"Seat {play.seat + 1}"
            console.print(f"  move {play.number}: {who} plays {play.said or play.move}: {play.note}", markup=False)
