"""The web table as an ASGI app: the guard (body cap, rate limits), the routers (pages, the API, the host's
powers) and the websocket.  A new page or API is a router in its own module and one ``include_router`` line.
"""

from __future__ import annotations

import gc
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.exception_handlers import http_exception_handler
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from platformdirs import user_data_dir
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.routing import Match
from starlette.types import Scope

from tricktable.core.errors import IllegalMove, InvalidOptions
from tricktable.server import api, host, pages
from tricktable.server.botpool import BotPool
from tricktable.server.db import Store, StoreUnavailable, TableStore
from tricktable.server.guard import Guard, GuardSettings, plain_errors
from tricktable.server.lab import router as lab_router
from tricktable.server.manager import Limits, TableManager, TooManyTables
from tricktable.server.pages import STATIC
from tricktable.server.table import SeatRefused, SeatTaken
from tricktable.server.ws import table_socket


def is_database_url(db: str | Path | None) -> bool:
    """``--db`` names a PostgreSQL database (``postgresql://...``) rather than a SQLite file."""
    return isinstance(db, str) and db.startswith(("postgresql://", "postgres://"))


def methods_at(app: FastAPI, scope: Scope) -> str:
    """Every method some route of the request's path answers (``OPTIONS`` included), for an Allow header."""
    methods = {"OPTIONS"}
    for method in ("GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"):
        asked = {**scope, "method": method}
        if any(route.matches(asked)[0] is Match.FULL for route in app.router.routes):
            methods.add(method)
    return ", ".join(sorted(methods))


def default_db_path() -> Path:
    return Path(user_data_dir("tricktable", appauthor=False)) / "tables.sqlite3"


def create_app(
    db_path: str | Path | None = None,
    bot_delay: float = 0.7,
    grace: float = 60.0,
    durable: bool = False,
    limits: Limits | None = None,
    guard: GuardSettings | None = None,
    bot_workers: int | None = None,
    store: TableStore | None = None,
    db_pool: int = 10,
) -> FastAPI:
    """The web table; the store opens (and unfinished tables come back) at startup.  ``store``: one opened
    already (``run_server`` opens it first, to refuse a database it cannot use before anything starts).
    ``db_path`` may be a ``postgresql://`` URL: a database shared with other servers (``db_pool``
    connections)."""
    url = str(db_path) if is_database_url(db_path) else None
    path = Path(db_path) if db_path is not None and url is None else default_db_path()
    rate_storage = None
    if url is not None or (store is not None and store.shared):
        # PostgreSQL (the ``postgresql`` extra) is imported only when asked for.
        from tricktable.server.pglimits import PostgresStorage
        from tricktable.server.pgstore import PgStore

        if store is None and url is not None:
            store = PgStore(url, pool_size=db_pool, durable=durable)
        assert isinstance(store, PgStore)
        rate_storage = PostgresStorage(store)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        if store is None:
            path.parent.mkdir(parents=True, exist_ok=True)
        opened = store or Store(path, durable=durable)
        pool = BotPool(bot_workers)
        await pool.warm()
        manager = TableManager(opened, bot_delay=bot_delay, grace=grace, pool=pool, limits=limits)
        peers = None
        if opened.shared:
            from tricktable.server.pgstore import PgStore
            from tricktable.server.shared import SharedTables

            assert isinstance(opened, PgStore)
            peers = manager.shared = SharedTables(manager, opened)
        manager.restore()
        if peers is not None:
            await peers.start()
        manager.start_housekeeping()
        app.state.manager = manager
        # Everything loaded so far lives for the whole run: keep the collector from walking it again and
        # again, and collect young objects less often (game views make many short-lived dicts), so that
        # collections do not stall the event loop in the middle of a busy table.
        gc.freeze()
        gc.set_threshold(20_000, 50, 100)
        # The pool's result thread and the checkpointer hold the interpreter lock for a whole switch interval
        # each time the loop lets go of it; a short interval keeps the loop's waits for it small.
        sys.setswitchinterval(0.0005)
        try:
            yield
        finally:
            await manager.close()
            opened.close()

    app = FastAPI(
        title="tricktable web table",
        lifespan=lifespan,
        docs_url="/api/docs",
        redoc_url=None,
        openapi_url="/api/openapi.json",
    )
    app.state.db_path = path
    app.add_middleware(Guard, settings=guard or GuardSettings(), storage=rate_storage)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    app.add_api_websocket_route("/ws/{table_id}", table_socket)
    app.include_router(pages.router)
    app.include_router(api.router)
    app.include_router(host.router)
    app.include_router(lab_router)

    def reason(status: int, headers: dict[str, str] | None = None) -> object:
        async def handler(_: Request, exc: Exception) -> JSONResponse:
            return JSONResponse({"detail": str(exc)}, status_code=status, headers=headers)

        return handler

    for error, status in ((IllegalMove, 400), (InvalidOptions, 400), (SeatRefused, 403), (SeatTaken, 409)):
        app.add_exception_handler(error, reason(status))  # type: ignore[arg-type]
    # Finishing or closing a table lifts the cap: a minute is a fair time to come back after doing so.
    app.add_exception_handler(TooManyTables, reason(429, {"Retry-After": "60"}))  # type: ignore[arg-type]
    app.add_exception_handler(StoreUnavailable, reason(503))  # type: ignore[arg-type]

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> Response:
        if exc.status_code != 405:
            return await http_exception_handler(request, exc)
        # Starlette names only the methods of the first route of the path; the Allow header lists them all.
        # ``OPTIONS`` is answered, not refused: it asks just that.
        allowed = methods_at(app, request.scope)
        if request.method == "OPTIONS":
            return Response(status_code=204, headers={"Allow": allowed})
        return JSONResponse({"detail": f"this address answers {allowed}"}, status_code=405, headers={"Allow": allowed})

    @app.exception_handler(RequestValidationError)
    async def malformed(_: Request, exc: RequestValidationError) -> JSONResponse:
        # Say where and what, never the input itself: it may be huge, or meant for somebody else's screen.
        return JSONResponse({"detail": plain_errors(list(exc.errors()))}, status_code=422)

    return app
