"""The JSON API of tables: list, create, join, view, move, record, rematch.  Everything a request asks for is
checked first; only then is anything made or changed."""

from __future__ import annotations

import json
from typing import Annotated, Any

from fastapi import APIRouter, HTTPException, Path, Query, Request
from fastapi.responses import Response

from tricktable.bots.base import bot_kinds, default_level
from tricktable.core.errors import IllegalMove
from tricktable.core.registry import game_names, games
from tricktable.server.guard import client_of
from tricktable.server.manager import TableManager
from tricktable.server.models import CreateTable, HumanSeat, Join, MoveBody, SeatToken
from tricktable.server.names import name_problem
from tricktable.server.narration import Narrator
from tricktable.server.table import SeatRefused, Table

router = APIRouter(prefix="/api")

TableId = Annotated[str, Path(pattern=r"^[A-Za-z0-9]{1,40}$")]
#: What the API answers besides success, for the schema (and the fuzzer reading it).
ERRORS: dict[int | str, dict[str, Any]] = {
    400: {"description": "a bad game, option, seat or move, with the reason"},
    403: {"description": "a missing or wrong seat or host token"},
    404: {"description": "no such table"},
    409: {"description": "a seat that cannot be taken, or the wrong moment"},
    413: {"description": "the request body is too large"},
    422: {"description": "a malformed request, with the reason"},
    429: {
        "description": "too many requests, or too many tables, from one address",
        "headers": {"Retry-After": {"description": "seconds to wait", "schema": {"type": "integer", "minimum": 1}}},
    },
}


def check_name(name: str | None, where: str = "name") -> None:
    """Refuse (400) a name that looks like the table's own labels, or holds brackets: the schema checks only
    which characters a name may hold."""
    problem = name_problem(name) if name else None
    if problem is not None:
        raise HTTPException(400, f"{where}: {problem}")


def manager_of(request: Request) -> TableManager:
    manager: TableManager = request.app.state.manager
    return manager


def table_of(request: Request, table_id: str) -> Table:
    table = manager_of(request).get(table_id)
    if table is None:
        raise HTTPException(404, "there is no table with that id")
    return table


@router.get("/games", responses=ERRORS)
async def list_games() -> list[dict[str, Any]]:
    """Every game: players, options (with their bounds), move help, and every bot level."""
    return [info | {"bots": bot_kinds(info["name"]), "default_bot": default_level(info["name"])} for info in games()]


@router.get("/tables", responses=ERRORS)
async def list_tables(request: Request) -> dict[str, Any]:
    """Unfinished tables (with their options, seats and how long an open seat has waited) and finished ones."""
    manager = manager_of(request)
    finished = []
    for table_id, game, when, result in manager.store.recent_finished():
        row = manager.store.load(table_id)
        names = [s.name for s in row.seats] if row is not None else []
        summary = (json.loads(result) or {}).get("summary") if result else None
        finished.append(
            {"id": table_id, "game": game, "finished": when, "summary": Narrator.named(summary or "", names) or None}
        )
    return {"open": manager.open_tables(), "finished": finished}


@router.post("/tables", status_code=201, responses=ERRORS)
async def create_table(request: Request, body: CreateTable) -> dict[str, Any]:
    """Open a table.  The creator is its host (``host_token``) and takes ``seat`` (``null``: none)."""
    manager = manager_of(request)
    if body.game not in game_names():
        raise HTTPException(400, f"there is no such game; the games are: {', '.join(game_names())}")
    check_name(body.name)
    for index, spec in enumerate(body.seats or ()):
        if isinstance(spec, HumanSeat):
            check_name(spec.name, f"seats[{index}].name")
    seats = [s.model_dump() for s in body.seats] if body.seats is not None else None
    if seats is not None and body.seat is not None and 0 <= body.seat < len(seats) and body.name:
        seats[body.seat]["name"] = seats[body.seat].get("name") or body.name
    plan = manager.plan(
        body.game, body.players, dict(body.options), seats, creator_seat=body.seat, seed=body.seed, deals=body.deals
    )
    table, host_token = manager.open(plan, client=client_of(request.scope))
    out: dict[str, Any] = {"seat": None, "token": None, "host_token": host_token}
    if body.seat is not None:
        seat, token = table.take_seat(body.seat, body.name or "")
        out |= {"seat": seat, "token": token}
    return out | {"table": table.info()}


@router.get("/tables/{table_id}", responses=ERRORS)
async def table_info(request: Request, table_id: TableId) -> dict[str, Any]:
    return table_of(request, table_id).info()


@router.post("/tables/{table_id}/join", responses=ERRORS)
async def join(request: Request, table_id: TableId, body: Join) -> dict[str, Any]:
    """Take a free seat (the first one if none is named); answers the seat's secret token."""
    table = table_of(request, table_id)
    check_name(body.name)
    seat, token = table.take_seat(body.seat, body.name or "")
    return {"seat": seat, "token": token, "table": table.info()}


@router.get("/tables/{table_id}/view", responses=ERRORS)
async def view(
    request: Request,
    table_id: TableId,
    seat: Annotated[int | None, Query(ge=0, le=15)] = None,
    token: SeatToken = None,
) -> dict[str, Any]:
    """A seat's view (with its token), or the spectators' view without a seat."""
    table = table_of(request, table_id)
    if seat is not None:
        table.check_token(seat, token)
    return {"view": table.game.view(seat), "table": table.info()}


@router.post("/tables/{table_id}/moves", responses=ERRORS)
async def move(request: Request, table_id: TableId, body: MoveBody, token: SeatToken = None) -> dict[str, Any]:
    """Make a move for a seat (with its token); an illegal move is refused with the game's reason."""
    table = table_of(request, table_id)
    table.check_token(body.seat, token)
    try:
        table.apply(body.seat, body.move)
    except IllegalMove as exc:
        raise HTTPException(400, Narrator.named(str(exc), table.names())) from exc
    return {"view": table.game.view(body.seat)}


@router.get("/tables/{table_id}/record", responses=ERRORS)
async def record(request: Request, table_id: TableId) -> Response:
    """The game record, once the game is over (it holds the seed, which would show every hidden card)."""
    table = table_of(request, table_id)
    if not table.over or table.row.closed:
        raise HTTPException(409, "the record can be downloaded when the game has been played to its end")
    text = json.dumps(manager_of(request).record(table), indent=1, ensure_ascii=False) + "\n"
    name = f"{table.game.name}-{table.id}.json"
    disposition = {"Content-Disposition": f'attachment; filename="{name}"'}
    return Response(text, media_type="application/json", headers=disposition)


@router.post("/tables/{table_id}/rematch", responses=ERRORS)
async def rematch(request: Request, table_id: TableId, token: SeatToken = None) -> dict[str, Any]:
    """The next game at this table, for the people seated at it (a seat token is needed)."""
    table = table_of(request, table_id)
    if table.seat_of(token) is None:
        raise SeatRefused("only the players seated at this table may ask for a rematch")
    if table.row.closed:
        raise HTTPException(409, "the table was closed before its game ended: it has no rematch")
    if not table.over:
        raise HTTPException(409, "the game is still running: a rematch starts when it is over")
    manager_of(request).check_client(client_of(request.scope))
    new = manager_of(request).rematch(table)
    return {"table": new.info()}
