"""The web table: ``tricktable serve`` (FastAPI + uvicorn, SQLite, a websocket per seat)."""

from __future__ import annotations

from pathlib import Path

from tricktable.server.app import create_app, default_db_path


def run_server(
    host: str = "127.0.0.1",
    port: int = 8000,
    db_path: str | Path | None = None,
    bot_delay: float = 0.7,
    grace: float = 60.0,
) -> None:
    """Serve the web table until interrupted; prints the URL to open."""
    import uvicorn

    path = Path(db_path) if db_path is not None else default_db_path()
    app = create_app(path, bot_delay=bot_delay, grace=grace)
    shown = "localhost" if host in ("0.0.0.0", "::") else host
    print(f"tricktable web table: http://{shown}:{port}/  (database {path}; Ctrl-C stops)", flush=True)
    uvicorn.run(app, host=host, port=port, log_level="warning", ws_max_size=1 << 16)


__all__ = ["create_app", "default_db_path", "run_server"]
