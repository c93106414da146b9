"""``tricktable serve``: the web table.  Every flag is checked before anything starts: a value out of range is
refused in one line, with exit code 2."""

from __future__ import annotations

import math
import os
from pathlib import Path

import typer

from tricktable.cli.app import app

#: The most bot processes a server may be asked for (far more than cores only costs memory).
MAX_BOT_WORKERS = 256
#: A day, in seconds: the longest wait a flag may ask for.
DAY = 86_400.0


def _refuse(problem: str) -> typer.Exit:
    typer.echo(f"tricktable serve: {problem}", err=True)
    return typer.Exit(2)


def _check_seconds(flag: str, value: float, low: float, high: float = DAY) -> None:
    if not (math.isfinite(value) and low <= value <= high):
        above = "more than 0" if low > 0 else "0 or more"
        raise _refuse(f"{flag} is a number of seconds, {above} and at most {high:g}, not {value:g}")


def _check_count(flag: str, value: int, low: int, high: int) -> None:
    if not low <= value <= high:
        raise _refuse(f"{flag} must be {low} to {high}, not {value}")


def _check_rate(flag: str, text: str) -> None:
    from limits import parse

    try:
        rate = parse(text)
    except ValueError:
        raise _refuse(f"{flag} {text[:40]!r} is not a rate (write e.g. 300/minute)") from None
    if rate.amount < 1:
        raise _refuse(f"{flag} must allow at least 1 request, not {rate.amount}")


def _check_database(db: Path) -> None:
    """The database file can be opened for writing where it is (created there if it is new).  A folder that
    is named must exist: it is not made, since a typo would hide the data."""
    if db.is_dir():
        raise _refuse(f"--db {db} is a folder: name the database file in it, e.g. {db / 'tables.sqlite3'}")
    if not db.parent.is_dir():
        raise _refuse(f"the folder of the database does not exist: {db.parent}")
    existed = db.exists()
    try:
        with open(db, "ab"):
            pass
    except OSError as exc:
        doing = f"write the database {db}" if existed else f"create the database {db.name} in {db.parent}"
        raise _refuse(f"cannot {doing}: {exc.strerror or exc}") from None
    if not existed:
        os.unlink(db)  # made only to see that it can be; the store creates it for real


@app.command("serve")
def serve(
    host: str = typer.Option("127.0.0.1", "--host", help="address to listen on"),
    port: int = typer.Option(8000, "--port", help="port to listen on (1-65535)"),
    db: str | None = typer.Option(
        None,
        "--db",
        envvar="TRICKTABLE_DB",
        help="SQLite file (default: in the user's data directory), or postgresql://USER@HOST/DB shared by servers",
    ),
    db_pool: int = typer.Option(10, "--db-pool", help="connections to PostgreSQL per server"),
    bot_delay: float = typer.Option(0.7, "--bot-delay", help="seconds a bot waits before moving"),
    grace: float = typer.Option(60.0, "--grace", help="seconds before a disconnected seat is played by a bot"),
    durable: bool = typer.Option(False, "--durable", help="wait for the disk at every move (survives a power cut)"),
    idle_expiry: float = typer.Option(
        1800.0, "--idle-expiry", help="seconds a table may go with nobody at it before it is closed"
    ),
    client_tables: int = typer.Option(8, "--client-tables", help="unfinished tables one address may have"),
    rate: str = typer.Option("300/minute", "--rate", help="API requests one address may make, e.g. 300/minute"),
    create_rate: str = typer.Option("20/minute", "--create-rate", help="tables one address may create"),
    socket_rate: str = typer.Option("300/minute", "--socket-rate", help="websocket connections one address may open"),
    bot_workers: int = typer.Option(0, "--bot-workers", help="processes bots think in (0: one per core, less one)"),
) -> None:
    """Start the web table: lobby, invite links, play with friends or bots."""
    _check_count("--port", port, 1, 65535)
    _check_seconds("--bot-delay", bot_delay, 0.0, 60.0)
    _check_seconds("--grace", grace, 0.0)
    _check_seconds("--idle-expiry", idle_expiry, 1.0)
    _check_count("--client-tables", client_tables, 1, 100_000)
    _check_count("--bot-workers", bot_workers, 0, MAX_BOT_WORKERS)
    for flag, text in (("--rate", rate), ("--create-rate", create_rate), ("--socket-rate", socket_rate)):
        _check_rate(flag, text)
    if not host.strip() or len(host) > 255:
        raise _refuse("--host is an address to listen on, e.g. 127.0.0.1 or 0.0.0.0")
    _check_count("--db-pool", db_pool, 1, 1000)
    shared = db is not None and db.startswith(("postgresql://", "postgres://"))
    if db is not None and not shared:
        _check_database(Path(db))

    from tricktable.server import GuardSettings, Limits, run_server

    code = run_server(
        host=host,
        port=port,
        db_path=db if db is None or shared else Path(db),
        bot_delay=bot_delay,
        grace=grace,
        durable=durable,
        limits=Limits(tables_per_client=client_tables, idle_expiry=idle_expiry),
        guard=GuardSettings(rate=rate, create_rate=create_rate, socket_rate=socket_rate),
        bot_workers=bot_workers or None,
        db_pool=db_pool,
    )
    if code:
        raise typer.Exit(code)
