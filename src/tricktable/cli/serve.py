"""``tricktable serve``: the web table."""

from __future__ import annotations

from pathlib import Path

import typer

from tricktable.cli.app import app


@app.command("serve")
def serve(
    host: str = typer.Option("127.0.0.1", "--host", help="address to listen on"),
    port: int = typer.Option(8000, "--port", help="port to listen on"),
    db: Path | None = typer.Option(None, "--db", help="SQLite file (default: in the user's data directory)"),
    bot_delay: float = typer.Option(0.7, "--bot-delay", help="seconds a bot waits before moving"),
    grace: float = typer.Option(60.0, "--grace", help="seconds before a disconnected seat is played by a bot"),
) -> None:
    """Start the web table: lobby, invite links, play with friends or bots."""
    from tricktable.server import run_server

    run_server(host=host, port=port, db_path=db, bot_delay=bot_delay, grace=grace)
