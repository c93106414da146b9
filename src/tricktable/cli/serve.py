"""``tricktable serve``: the web table."""

from __future__ import annotations

from pathlib import Path

import typer

from tricktable.cli.app import app


@app.command("serve")
def serve(
    host: str = typer.Option("127.0.0.1", "--host", help="address to listen on"),
    port: int = typer.Option(8000, "--port", help="port to listen on"),
    db: str | None = typer.Option(
        None,
        "--db",
        envvar="TRICKTABLE_DB",
        help="SQLite file (default: in the user's data directory), or postgresql://USER@HOST/DB shared by servers",
    ),
    db_pool: int = typer.Option(10, "--db-pool", min=1, max=1000, help="connections to PostgreSQL per server"),
    bot_delay: float = typer.Option(0.7, "--bot-delay", help="seconds a bot waits before moving"),
    grace: float = typer.Option(60.0, "--grace", help="seconds before a disconnected seat is played by a bot"),
    durable: bool = typer.Option(False, "--durable", help="wait for the disk at every move (survives a power cut)"),
    idle_expiry: float = typer.Option(
        1800.0, "--idle-expiry", help="seconds a table may go with nobody at it before it is closed"
    ),
    client_tables: int = typer.Option(8, "--client-tables", help="unfinished tables one address may have"),
    rate: str = typer.Option("300/minute", "--rate", help="API requests one address may make, e.g. 300/minute"),
    create_rate: str = typer.Option("20/minute", "--create-rate", help="tables one address may create"),
    bot_workers: int = typer.Option(0, "--bot-workers", help="processes bots think in (0: one per core, less one)"),
) -> None:
    """Start the web table: lobby, invite links, play with friends or bots."""
    from limits import parse

    from tricktable.server import GuardSettings, Limits, run_server

    for text in (rate, create_rate):
        try:
            parse(text)
        except ValueError:
            typer.echo(f"tricktable serve: {text!r} is not a rate (write e.g. 300/minute)", err=True)
            raise typer.Exit(2) from None
    code = run_server(
        host=host,
        port=port,
        db_path=db if db is None or db.startswith(("postgresql://", "postgres://")) else Path(db),
        bot_delay=bot_delay,
        grace=grace,
        durable=durable,
        limits=Limits(tables_per_client=client_tables, idle_expiry=idle_expiry),
        guard=GuardSettings(rate=rate, create_rate=create_rate),
        bot_workers=bot_workers or None,
        db_pool=db_pool,
    )
    if code:
        raise typer.Exit(code)
