"""The web table: ``tricktable serve`` (FastAPI + uvicorn, SQLite, a websocket per seat, bots in a process pool)."""

from __future__ import annotations

import socket
import sys
from pathlib import Path

from tricktable.server.app import create_app, default_db_path, is_database_url
from tricktable.server.guard import GuardSettings
from tricktable.server.manager import Limits


class StartError(Exception):
    """The server cannot start: the message says why in one line."""


def listen(host: str, port: int) -> socket.socket:
    """A listening socket on ``host:port``, or ``StartError`` saying why not (e.g. the port is in use)."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except socket.gaierror as exc:
        raise StartError(f"cannot listen on {host}: {exc.strerror}") from None
    family, kind, proto, _, address = infos[0]
    sock = socket.socket(family, kind, proto)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind(address)
        sock.listen(2048)
    except OSError as exc:
        sock.close()
        if exc.errno == 98:  # EADDRINUSE
            raise StartError(f"port {port} on {host} is already in use: is another server running there?") from None
        raise StartError(f"cannot listen on {host}:{port}: {exc.strerror}") from None
    sock.set_inheritable(True)
    return sock


def run_server(
    host: str = "127.0.0.1",
    port: int = 8000,
    db_path: str | Path | None = None,
    bot_delay: float = 0.7,
    grace: float = 60.0,
    durable: bool = False,
    limits: Limits | None = None,
    guard: GuardSettings | None = None,
    bot_workers: int | None = None,
    db_pool: int = 10,
) -> int:
    """Serve the web table until interrupted; prints the URL to open.  Returns the exit code: 2, after one
    plain line on stderr, when the database cannot be used or the port cannot be had."""
    import uvicorn

    from tricktable.server.db import Store, StoreError, TableStore

    store: TableStore
    if is_database_url(db_path):
        # Several servers may share it; the URL's password is never shown (``label``).
        try:
            from tricktable.server.pgstore import PgStore
        except ImportError:
            print("tricktable serve: a PostgreSQL database needs psycopg: pip install 'tricktable[postgresql]'",
                  file=sys.stderr, flush=True)  # fmt: skip
            return 2
        try:
            store = PgStore(str(db_path), pool_size=db_pool, durable=durable)
        except StoreError as exc:
            print(f"tricktable serve: {exc}", file=sys.stderr, flush=True)
            return 2
        path: Path | str = str(db_path)
        label = store.label
    else:
        if db_path is None:
            path = default_db_path()
            path.parent.mkdir(parents=True, exist_ok=True)
        else:
            path = Path(db_path)  # a folder that was named must exist: it is not made, a typo would hide the data
        label = str(path)
        try:
            store = Store(path, durable=durable)
        except StoreError as exc:
            print(f"tricktable serve: {exc}", file=sys.stderr, flush=True)
            return 2
    try:
        sock = listen(host, port)
    except StartError as exc:
        store.close()
        print(f"tricktable serve: {exc}", file=sys.stderr, flush=True)
        return 2
    app = create_app(
        path, bot_delay=bot_delay, grace=grace, durable=durable, limits=limits, guard=guard,
        bot_workers=bot_workers, store=store, db_pool=db_pool,
    )  # fmt: skip
    shown = "localhost" if host in ("0.0.0.0", "::") else host
    print(f"tricktable web table: http://{shown}:{port}/  (database {label}; Ctrl-C stops)", flush=True)
    config = uvicorn.Config(app, log_level="warning", ws_max_size=1 << 16, limit_concurrency=4096)
    uvicorn.Server(config).run(sockets=[sock])
    return 0


__all__ = ["GuardSettings", "Limits", "create_app", "default_db_path", "run_server"]
