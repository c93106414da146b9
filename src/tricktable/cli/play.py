"""``tricktable games``, ``play`` and ``replay``: the games in the terminal."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import typer

from tricktable.bots.base import bot_kinds, default_level, make_bot
from tricktable.cli.app import GAME_HELP, app, console
from tricktable.core.errors import TricktableError
from tricktable.core.game import Game
from tricktable.core.players import play_out
from tricktable.core.records import load_record, save_record
from tricktable.core.registry import game_class, games, new_game
from tricktable.render import render_event, render_view, seat_names, with_names


def parse_extra_options(game: str, args: list[str], pairs: list[str]) -> dict[str, Any]:
    """Game options from ``--long-climb``, ``--lives 4``, ``--lives=4`` or ``-o lives=4``."""
    known = {o.name for o in game_class(game).option_specs}
    options: dict[str, Any] = {}
    for pair in pairs:
        name, _, value = pair.partition("=")
        options[name.strip().replace("-", "_")] = value if value else "true"
    i = 0
    while i < len(args):
        arg = args[i]
        if not arg.startswith("--"):
            raise typer.BadParameter(f"unexpected argument {arg!r}")
        name, eq, value = arg[2:].partition("=")
        name = name.replace("-", "_")
        if name.startswith("no_") and name not in known and name[3:] in known:
            options[name[3:]] = "false"
        elif eq:
            options[name] = value
        elif i + 1 < len(args) and not args[i + 1].startswith("--"):
            options[name] = args[i + 1]
            i += 1
        else:
            options[name] = "true"
        i += 1
    return options


@app.command("games")
def list_games() -> None:
    """List the games, their player counts, options and bots."""
    for info in games():
        console.print(
            f"[bold]{info['name']}[/bold]  {info['title']}, {info['players'][0]}-{info['players'][1]} players"
        )
        for option in info["options"]:
            console.print(f"   --{option['name'].replace('_', '-')}  {option['help']} (default {option['default']})")
        console.print(f"   moves: {info['moves']}")
        console.print(f"   bots: {', '.join(bot_kinds(info['name']))}")


@app.command(
    "play",
    context_settings={"allow_extra_args": True, "ignore_unknown_options": True},
)
def play(
    ctx: typer.Context,
    game: str = typer.Argument(..., help=GAME_HELP),
    players: int | None = typer.Option(None, "--players", "-p", help="number of players"),
    seat: int = typer.Option(0, "--seat", help="your seat (0 is first)"),
    seed: int | None = typer.Option(None, "--seed", help="seed for a reproducible game"),
    bot: str | None = typer.Option(None, "--bot", help="bot level for the other seats (default: normal)"),
    bots_only: bool = typer.Option(False, "--bots-only", help="bots play every seat; print the log"),
    record: Path | None = typer.Option(None, "--record", help="save the game record to this file"),
    option: list[str] = typer.Option([], "--option", "-o", help="game option NAME=VALUE (or --long-climb etc.)"),
) -> None:
    """Play a game in the terminal against bots (or watch bots play with --bots-only).

    Game options follow the game: e.g. `tricktable play tricks-together --long-climb --lives 4`.
    """
    try:
        options = parse_extra_options(game, list(ctx.args), option)
        table = new_game(game, players=players, seed=seed, **options)
        kind = default_level(table.name) if bot is None else bot
        if kind not in bot_kinds(table.name):
            raise typer.BadParameter(f"--bot must be one of {', '.join(bot_kinds(table.name))}")
        human = None if bots_only else seat
        if human is not None and not 0 <= human < table.players:
            raise typer.BadParameter(f"--seat must be 0..{table.players - 1}")
        bots = {s: make_bot(table.name, kind, seed=None if seed is None else seed + s) for s in range(table.players)}
        if human is not None:
            del bots[human]
    except TricktableError as exc:
        console.print(f"[red]{exc}[/red]")
        raise typer.Exit(2) from exc
    names = seat_names(table.players, human)
    if bots_only:
        play_out(table, bots)
        for event in table.events_for(None):
            line = render_event(event.to_dict(), table.name, names)
            if line:
                console.print(line, markup=False)
    else:
        _play_with_human(table, human or 0, bots)
    result = table.result()
    if result:
        console.print(with_names(str(result["summary"]), names), style="bold", markup=False)
    if record is not None:
        save_record(table, record)
        console.print(f"record saved to {record}")


def _play_with_human(table: Game, human: int, bots: dict[int, Any]) -> None:
    shown = 0
    show_aids = True
    names = seat_names(table.players, human)
    console.print(
        f"[bold]{table.title}[/bold]: you are seat {human + 1} of {table.players}. Type 'help' for help, 'aid' to"
        " show or hide playing aids, 'quit' to stop."
    )
    while table.to_move is not None:
        if table.to_move != human:
            play_out(table, bots)
        for event in table.events[shown:]:
            if event.visible(human):
                line = render_event(event.to_dict(), table.name, names)
                if line:
                    console.print(line, markup=False)
        shown = len(table.events)
        if table.to_move is None:
            break
        render_view(console, table.view(human), show_aids)
        try:
            text = console.input("[bold]your move> [/bold]").strip()
        except EOFError:
            console.print("\ninput closed: game abandoned")
            return
        if text in ("quit", "exit"):
            console.print("game abandoned")
            return
        if text in ("help", "?"):
            console.print(table.move_help)
            continue
        if text == "aid":
            show_aids = not show_aids
            console.print(f"playing aids {'shown' if show_aids else 'hidden'}")
            continue
        try:
            table.play(text)
        except TricktableError as exc:
            console.print(f"[red]{exc}[/red]")


@app.command("replay")
def replay(
    path: Path = typer.Argument(..., help="a game record (JSON)"),
    as_json: bool = typer.Option(False, "--json", help="print the final state as JSON"),
) -> None:
    """Replay a game record: print its log and outcome (or the final state as JSON)."""
    try:
        table = load_record(path)
    except (TricktableError, OSError) as exc:
        console.print(f"[red]{exc}[/red]")
        raise typer.Exit(2) from exc
    if as_json:
        sys.stdout.write(json.dumps(table.view(None), ensure_ascii=False, indent=1) + "\n")
        return
    names = _record_names(path) or seat_names(table.players)
    for event in table.events_for(None):
        line = render_event(event.to_dict(), table.name, names)
        if line:
            console.print(line, markup=False)
    result = table.result()
    ending = with_names(str(result["summary"]), names) if result else "the game is not finished"
    console.print(ending, style="bold", markup=False)


def _record_names(path: Path) -> list[str]:
    """The seats' names a record keeps (a record that loaded is JSON)."""
    seats = json.loads(path.read_text(encoding="utf-8")).get("seats")
    return [str(s) for s in seats] if isinstance(seats, list) else []
