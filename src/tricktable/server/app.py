"""The web table's HTTP side: pages, static files and the JSON API (the websocket is in ``ws.py``)."""

from __future__ import annotations

import gc
import json
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Annotated, Any, Literal

from fastapi import FastAPI, Header, HTTPException, Request
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from platformdirs import user_data_dir
from pydantic import BaseModel, ConfigDict, Field

from tricktable.bots.base import bot_kinds
from tricktable.core.errors import IllegalMove, InvalidOptions
from tricktable.core.registry import games
from tricktable.server.db import Store
from tricktable.server.lab import router as lab_router
from tricktable.server.tables import SeatRefused, SeatTaken, Table, TableManager, default_bot_level
from tricktable.server.ws import table_socket

STATIC = Path(__file__).parent / "static"
NAME_PATTERN = r"^[^\x00-\x1f<>]*$"


def default_db_path() -> Path:
    return Path(user_data_dir("tricktable", appauthor=False)) / "tables.sqlite3"


# ----- request bodies ------------------------------------------------------------------------------


class SeatSpec(BaseModel):
    model_config = ConfigDict(extra="forbid")
    kind: Literal["human", "bot"] = "human"
    bot: str | None = Field(default=None, max_length=40)
    name: str | None = Field(default=None, max_length=24, pattern=NAME_PATTERN)


class CreateTable(BaseModel):
    model_config = ConfigDict(extra="forbid")
    game: str = Field(max_length=40)
    players: int | None = Field(default=None, ge=1, le=12)
    options: dict[str, bool | int | str] = Field(default_factory=dict)
    seats: list[SeatSpec] | None = Field(default=None, max_length=12)
    #: The seat the creator takes at once (``None``: take none, e.g. to watch bots).
    seat: int | None = 0
    name: str | None = Field(default=None, max_length=24, pattern=NAME_PATTERN)
    seed: int | None = None
    deals: list[dict[str, Any]] | None = Field(default=None, max_length=200)


class Join(BaseModel):
    model_config = ConfigDict(extra="forbid")
    seat: int | None = None
    name: str | None = Field(default=None, max_length=24, pattern=NAME_PATTERN)


class MoveBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    seat: int
    move: str = Field(max_length=200)


Token = Annotated[str | None, Header(alias="X-Seat-Token")]


# ----- the app -------------------------------------------------------------------------------------


def create_app(
    db_path: str | Path | None = None, bot_delay: float = 0.7, grace: float = 60.0, durable: bool = False
) -> FastAPI:
    """The web table as an ASGI app; the store opens (and unfinished tables come back) at startup."""
    path = Path(db_path) if db_path is not None else default_db_path()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        store = Store(path, durable=durable)
        manager = TableManager(store, bot_delay=bot_delay, grace=grace)
        manager.restore()
        app.state.manager = manager
        # Everything loaded so far lives for the whole run: keep the collector from walking it again and
        # again, and collect young objects less often (game views make many short-lived dicts), so that
        # collections do not stall the event loop in the middle of a busy table.
        gc.freeze()
        gc.set_threshold(20_000, 50, 100)
        # A thinking bot holds the interpreter lock for a whole switch interval each time the loop lets go
        # of it (every socket write, every commit); a short interval keeps those waits small.
        sys.setswitchinterval(0.0005)
        try:
            yield
        finally:
            await manager.close()
            store.close()

    app = FastAPI(
        title="tricktable web table",
        lifespan=lifespan,
        docs_url="/api/docs",
        redoc_url=None,
        openapi_url="/api/openapi.json",
    )
    app.state.db_path = path
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    app.add_api_websocket_route("/ws/{table_id}", table_socket)
    app.include_router(lab_router)

    @app.exception_handler(IllegalMove)
    async def illegal(_: Request, exc: IllegalMove) -> JSONResponse:
        return JSONResponse({"detail": str(exc)}, status_code=400)

    @app.exception_handler(InvalidOptions)
    async def invalid(_: Request, exc: InvalidOptions) -> JSONResponse:
        return JSONResponse({"detail": str(exc)}, status_code=400)

    @app.exception_handler(SeatRefused)
    async def refused(_: Request, exc: SeatRefused) -> JSONResponse:
        return JSONResponse({"detail": str(exc)}, status_code=403)

    @app.exception_handler(SeatTaken)
    async def taken(_: Request, exc: SeatTaken) -> JSONResponse:
        return JSONResponse({"detail": str(exc)}, status_code=409)

    def manager_of(request: Request) -> TableManager:
        manager: TableManager = request.app.state.manager
        return manager

    def table_of(request: Request, table_id: str) -> Table:
        table = manager_of(request).get(table_id)
        if table is None:
            raise HTTPException(404, f"there is no table {table_id!r}")
        return table

    # ----- pages --------------------------------------------------------------------------------

    @app.get("/", include_in_schema=False)
    async def lobby_page() -> FileResponse:
        return FileResponse(STATIC / "index.html")

    @app.get("/t/{table_id}", include_in_schema=False)
    async def table_page(table_id: str) -> FileResponse:
        return FileResponse(STATIC / "table.html")

    # ----- the API ------------------------------------------------------------------------------

    @app.get("/api/games")
    async def list_games() -> list[dict[str, Any]]:
        out = []
        for info in games():
            kinds = bot_kinds(info["name"])
            out.append(info | {"bots": kinds, "default_bot": default_bot_level(info["name"])})
        return out

    @app.get("/api/tables")
    async def list_tables(request: Request) -> dict[str, Any]:
        manager = manager_of(request)
        finished = [
            {"id": i, "game": g, "finished": f, "summary": (json.loads(r) or {}).get("summary") if r else None}
            for i, g, f, r in manager.store.recent_finished()
        ]
        return {"open": manager.open_tables(), "finished": finished}

    @app.post("/api/tables", status_code=201)
    async def create_table(request: Request, body: CreateTable) -> dict[str, Any]:
        manager = manager_of(request)
        seats = [s.model_dump() for s in body.seats] if body.seats is not None else None
        if body.seat is not None and seats is not None and not 0 <= body.seat < len(seats):
            raise HTTPException(400, f"seat {body.seat} is not one of the {len(seats)} seats")
        if body.seat is not None and seats is not None and seats[body.seat]["kind"] != "human":
            raise HTTPException(400, f"seat {body.seat} is a bot seat: the creator can only take a human seat")
        table = manager.create(body.game, body.players, body.options, seats, seed=body.seed, deals=body.deals)
        out: dict[str, Any] = {"seat": None, "token": None}
        if body.seat is not None:
            seat, token = table.take_seat(body.seat, body.name or "")
            out = {"seat": seat, "token": token}
        return out | {"table": table.info()}

    @app.get("/api/tables/{table_id}")
    async def table_info(request: Request, table_id: str) -> dict[str, Any]:
        return table_of(request, table_id).info()

    @app.post("/api/tables/{table_id}/join")
    async def join(request: Request, table_id: str, body: Join) -> dict[str, Any]:
        table = table_of(request, table_id)
        seat, token = table.take_seat(body.seat, body.name or "")
        return {"seat": seat, "token": token, "table": table.info()}

    @app.get("/api/tables/{table_id}/view")
    async def view(request: Request, table_id: str, seat: int | None = None, token: Token = None) -> dict[str, Any]:
        table = table_of(request, table_id)
        if seat is not None:
            table.check_token(seat, token)
        return {"view": table.game.view(seat), "table": table.info()}

    @app.post("/api/tables/{table_id}/moves")
    async def move(request: Request, table_id: str, body: MoveBody, token: Token = None) -> dict[str, Any]:
        table = table_of(request, table_id)
        table.check_token(body.seat, token)
        table.apply(body.seat, body.move)
        table.wake.set()
        return {"view": table.game.view(body.seat)}

    @app.get("/api/tables/{table_id}/record")
    async def record(request: Request, table_id: str) -> Response:
        table = table_of(request, table_id)
        if not table.over:
            # The record holds the seed, which would show every hidden card of a running game.
            raise HTTPException(409, "the record can be downloaded when the game is over")
        text = json.dumps(manager_of(request).record(table), indent=1, ensure_ascii=False) + "\n"
        name = f"{table.game.name}-{table.id}.json"
        disposition = {"Content-Disposition": f'attachment; filename="{name}"'}
        return Response(text, media_type="application/json", headers=disposition)

    @app.post("/api/tables/{table_id}/rematch")
    async def rematch(request: Request, table_id: str) -> dict[str, Any]:
        table = table_of(request, table_id)
        if not table.over:
            raise HTTPException(409, "the game is still running: a rematch starts when it is over")
        new = manager_of(request).rematch(table)
        return {"table": new.info()}

    return app
