"""The host's powers over a table (the creator holds the host token): fill an open seat with a bot, give a
person's seat a new invitation (a friend who lost the link gets back in; the old token stops working), and
close the table."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, HTTPException, Request

from tricktable.bots.base import bot_kinds, default_level
from tricktable.server.api import ERRORS, TableId, manager_of, table_of
from tricktable.server.models import HostToken, SeatBot, SeatNumber

router = APIRouter(prefix="/api/tables/{table_id}")


@router.post("/seats/{seat}/bot", responses=ERRORS)
async def seat_bot(request: Request, table_id: TableId, seat: SeatNumber, body: SeatBot, host: HostToken = None) -> Any:
    """Put a bot in a seat nobody has taken (the game's default level if none is named)."""
    table = table_of(request, table_id)
    table.check_host(host)
    level = body.bot or default_level(table.game.name)
    if level not in bot_kinds(table.game.name):
        raise HTTPException(400, f"no such bot level; the levels are: {', '.join(bot_kinds(table.game.name))}")
    if seat >= table.game.players:
        raise HTTPException(400, "there is no such seat at this table")
    table.seat_bot(seat, level)
    return {"table": table.info()}


@router.post("/seats/{seat}/invite", responses=ERRORS)
async def reinvite(request: Request, table_id: TableId, seat: SeatNumber, host: HostToken = None) -> Any:
    """A new invitation for a person's seat: a link that takes the seat at once.  The old token is revoked."""
    table = table_of(request, table_id)
    table.check_host(host)
    if seat >= table.game.players:
        raise HTTPException(400, "there is no such seat at this table")
    token = table.reinvite(seat)
    # The token travels in the link's fragment, which browsers never send to a server (nor to its logs).
    return {"seat": seat, "token": token, "link": f"/t/{table.id}#seat={seat}&token={token}", "table": table.info()}


@router.post("/close", responses=ERRORS)
async def close(request: Request, table_id: TableId, host: HostToken = None) -> Any:
    """End the table now, without a result."""
    table = table_of(request, table_id)
    table.check_host(host)
    if table.over:
        raise HTTPException(409, "the table is already over")
    await manager_of(request).close_table(table)
    return {"table": table.info()}
