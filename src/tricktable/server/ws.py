"""The websocket of a table: one per browser tab, bound to a seat (with its token) or watching.

Client → server: ``{"type": "hello", "seat": N | null, "token": "..."}`` first, then ``{"type": "move",
"move": "7C"}`` or ``{"type": "ping"}``.  Server → client: ``welcome`` (seat, table info, view), ``update``
(view, new events, ``log``: them as sentences, ``trick_reason``, ``ts`` of the move), ``table`` (seat and
connection changes), ``analysis`` (a finished round's open-hands analysis), ``error`` (message), ``pong``.
A malformed message earns an ``error`` and the socket keeps serving.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from typing import Any

from starlette.websockets import WebSocket, WebSocketDisconnect

from tricktable.core.errors import IllegalMove, excerpt
from tricktable.server.manager import TableManager
from tricktable.server.narration import Narrator
from tricktable.server.table import Connection, SeatRefused, Table

log = logging.getLogger("tricktable.server")

MAX_MESSAGE = 4096
HELLO_TIMEOUT = 60.0


def _error(message: str, **extra: Any) -> str:
    return json.dumps({"type": "error", "message": message} | extra)


def _parse(text: str | None) -> tuple[dict[str, Any] | None, str | None]:
    """A client message as a dict, or the reason it is not one."""
    if text is None:
        return None, "messages are JSON text, not binary"
    if len(text) > MAX_MESSAGE:
        return None, f"message too long ({len(text)} characters; the limit is {MAX_MESSAGE})"
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        return None, f"not valid JSON: {exc.msg}"
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        return None, 'a message is a JSON object with a "type"'
    return data, None


async def _receive(websocket: WebSocket) -> tuple[bool, str | None]:
    """(still open, text) for the next frame."""
    message = await websocket.receive()
    if message["type"] == "websocket.disconnect":
        return False, None
    return True, message.get("text")


async def table_socket(websocket: WebSocket, table_id: str) -> None:
    manager: TableManager = websocket.app.state.manager
    await websocket.accept()
    table = manager.get(table_id) if len(table_id) <= 40 else None
    if table is None:
        await websocket.send_text(_error("there is no table with that id", code=404))
        await websocket.close(code=4404)
        return
    try:
        seat = await _hello(websocket, table)
    except (WebSocketDisconnect, TimeoutError):
        return
    if seat is False:
        return
    conn = Connection(seat=seat)
    table.attach(conn)
    sender = asyncio.get_running_loop().create_task(_send_loop(websocket, conn))
    try:
        await _serve(websocket, table, conn)
    except WebSocketDisconnect:
        pass
    finally:
        table.detach(conn)
        conn.push(None)
        with contextlib.suppress(Exception):
            await sender
        manager.forget_if_idle(table)


async def _hello(websocket: WebSocket, table: Table) -> int | bool | None:
    """Wait for a valid ``hello``; returns the seat (``None`` to watch) or ``False`` if refused or gone."""
    async with asyncio.timeout(HELLO_TIMEOUT):
        while True:
            still_open, text = await _receive(websocket)
            if not still_open:
                return False
            data, problem = _parse(text)
            if data is None or data["type"] != "hello":
                await websocket.send_text(_error(problem or 'say {"type": "hello", "seat": N, "token": "..."} first'))
                continue
            seat = data.get("seat")
            if seat is None:
                return None
            if not isinstance(seat, int) or isinstance(seat, bool):
                await websocket.send_text(_error("a seat is a number (or null to watch)"))
                continue
            token = data.get("token")
            try:
                table.check_token(seat, token if isinstance(token, str) else None)
            except SeatRefused as exc:
                await websocket.send_text(_error(str(exc), code=403))
                await websocket.close(code=4403)
                return False
            assert isinstance(seat, int)
            return seat


async def _send_loop(websocket: WebSocket, conn: Connection) -> None:
    while True:
        text = await conn.queue.get()
        if text is None:
            with contextlib.suppress(Exception):
                await websocket.close()
            return
        await websocket.send_text(text)


async def _serve(websocket: WebSocket, table: Table, conn: Connection) -> None:
    while True:
        still_open, text = await _receive(websocket)
        if not still_open:
            return
        data, problem = _parse(text)
        if data is None:
            conn.push(_error(problem or "bad message"))
            continue
        kind = data["type"]
        if kind == "ping":
            conn.push(json.dumps({"type": "pong"}))
        elif kind == "move":
            move = data.get("move")
            if conn.seat is None:
                conn.push(_error("spectators cannot move: take a free seat to play"))
            elif not isinstance(move, str):
                conn.push(_error('a move message is {"type": "move", "move": "7C"}'))
            else:
                try:
                    table.apply(conn.seat, move[:200])
                except IllegalMove as exc:
                    conn.push(_error(Narrator.named(str(exc), table.names())))
                except Exception:
                    # A fault of the server's own must not close the socket: it is logged, and the player told.
                    log.exception("a move at table %s failed", table.id)
                    conn.push(_error("the server could not make that move (the fault is logged); try another"))
        else:
            conn.push(_error(f"unknown message type {excerpt(kind)} (use hello, move or ping)"))
