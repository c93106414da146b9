"""``tricktable games``, ``play`` and ``replay``: the games in the terminal."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import typer
from rich.markup import escape

from tricktable.bots.base import bot_kinds, default_level, make_bot
from tricktable.cli.app import GAME_HELP, app, console
from tricktable.cli.table_screen import play_at_terminal, player_names
from tricktable.core.errors import TricktableError
from tricktable.core.narrate import sentences
from tricktable.core.players import play_out
from tricktable.core.records import load_record, save_record
from tricktable.core.registry import game_class, game_words, games, new_game
from tricktable.render import seat_names, with_names


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
        low, high = info["players"]
        console.print(f"[bold]{escape(info['name'])}[/bold]  {escape(info['title'])}, {low}-{high} players")
        for option in info["options"]:
            console.print(
                f"   --{option['name'].replace('_', '-')}  {option['help']} (default {option['default']})", markup=False
            )
        console.print(f"   moves: {info['moves']}", markup=False)
        console.print(f"   bots: {', '.join(bot_kinds(info['name']))}", markup=False)


@app.command(
    "play",
    context_settings={"allow_extra_args": True, "ignore_unknown_options": True},
)
def play(
    ctx: typer.Context,
    game: str = typer.Argument(..., help=GAME_HELP),
    players: int | None = typer.Option(None, "--players", "-p", help="number of players"),
    seat: int = typer.Option(1, "--seat", help="your seat, counted from 1"),
    seed: int | None = typer.Option(None, "--seed", help="seed for a reproducible game"),
    bot: str | None = typer.Option(None, "--bot", help="bot level for the other seats (default: normal)"),
    bots_only: bool = typer.Option(False, "--bots-only", help="bots play every seat; print the log"),
    record: Path | None = typer.Option(None, "--record", help="save the game record to this file"),
    option: list[str] = typer.Option([], "--option", "-o", help="game option NAME=VALUE (or --long-climb etc.)"),
    plain: bool = typer.Option(
        False, "--plain", help="plain lines, no redrawn table (automatic when the output is not a terminal)"
    ),
    delay: float = typer.Option(0.5, "--delay", help="seconds between the bots' moves on the redrawn table"),
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
        human = None if bots_only else seat - 1
        if human is not None and not 0 <= human < table.players:
            raise typer.BadParameter(f"--seat must be 1..{table.players}")
        bots = {s: make_bot(table.name, kind, seed=None if seed is None else seed + s) for s in range(table.players)}
        if human is not None:
            del bots[human]
    except TricktableError as exc:
        console.print(f"[red]{escape(str(exc))}[/red]")
        raise typer.Exit(2) from exc
    names = player_names(table.players, human, kind)
    if bots_only:
        play_out(table, bots)
        words = game_words(table.name)
        events = [event.to_dict() for event in table.events_for(None)]
        for line in sentences(words.narrate, events, names, words.told_by):
            console.print(line, markup=False)
    else:
        assert human is not None
        plain = plain or not console.is_terminal
        play_at_terminal(table, human, bots, names, console, plain, delay=0.0 if plain else max(delay, 0.0))
    result = table.result()
    if result:
        console.print(with_names(str(result["summary"]), names), style="bold", markup=False)
    if record is not None:
        # A record is read later, maybe by somebody else: the person who played is a player there, not "You".
        save_record(table, record, [f"Player {p + 1}" if p == human else n for p, n in enumerate(names)])
        console.print(f"record saved to {record}", markup=False)


@app.command("replay")
def replay(
    path: Path = typer.Argument(..., help="a game record (JSON)"),
    as_json: bool = typer.Option(False, "--json", help="print the final state as JSON"),
) -> None:
    """Replay a game record: print its log and outcome (or the final state as JSON)."""
    try:
        table = load_record(path)
    except (TricktableError, OSError) as exc:
        console.print(f"[red]{escape(str(exc))}[/red]")
        raise typer.Exit(2) from exc
    if as_json:
        sys.stdout.write(json.dumps(table.view(None), ensure_ascii=False, indent=1) + "\n")
        return
    names = _record_names(path) or seat_names(table.players)
    words = game_words(table.name)
    for line in sentences(words.narrate, [e.to_dict() for e in table.events_for(None)], names, words.told_by):
        console.print(line, markup=False)
    result = table.result()
    ending = with_names(str(result["summary"]), names) if result else "the game is not finished"
    console.print(ending, style="bold", markup=False)


def _record_names(path: Path) -> list[str]:
    """The seats' names a record keeps (a record that loaded is JSON)."""
    seats = json.loads(path.read_text(encoding="utf-8")).get("seats")
    return [str(s) for s in seats] if isinstance(seats, list) else []
