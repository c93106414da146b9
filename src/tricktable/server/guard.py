"""What a stranger's requests are held to before any of them reaches the app: a cap on the size of a request
body (checked before anything parses it), a rate limit per client address (``limits``, a moving window), and
error answers that never repeat what was sent.
"""

from __future__ import annotations

import json
import re
from collections.abc import Awaitable, Callable, MutableMapping
from dataclasses import dataclass
from typing import Any

from limits import RateLimitItem, parse
from limits.storage import MemoryStorage, Storage
from limits.strategies import MovingWindowRateLimiter

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

#: The largest request body accepted (a table's creation with explicit deals is a few kilobytes).
MAX_BODY = 64 * 1024


@dataclass
class GuardSettings:
    max_body: int = MAX_BODY
    #: Requests to ``/api``, per client address (``limits`` notation).
    rate: str = "300/minute"
    #: Websocket connections, per client address: a budget of their own, so that a page that reconnects
    #: often never runs its player's API requests out.
    socket_rate: str = "300/minute"
    #: Of those, table creations (and rematches).
    create_rate: str = "20/minute"


def client_of(scope: Scope) -> str:
    client = scope.get("client")
    return str(client[0]) if client else "unknown"


async def _answer(send: Send, status: int, detail: str, headers: dict[str, str] | None = None) -> None:
    body = json.dumps({"detail": detail}).encode()
    raw = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
    raw += [(k.encode(), v.encode()) for k, v in (headers or {}).items()]
    await send({"type": "http.response.start", "status": status, "headers": raw})
    await send({"type": "http.response.body", "body": body})


class Guard:
    """ASGI middleware: rate limits, then the body cap, then the app."""

    def __init__(self, app: ASGIApp, settings: GuardSettings | None = None, storage: Storage | None = None) -> None:
        self.app = app
        self.settings = settings or GuardSettings()
        # ``storage``: shared by several servers (``pglimits``); by default this process's memory.
        self.limiter = MovingWindowRateLimiter(storage or MemoryStorage())
        self.rate: RateLimitItem = parse(self.settings.rate)
        self.create_rate: RateLimitItem = parse(self.settings.create_rate)
        self.socket_rate: RateLimitItem = parse(self.settings.socket_rate)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        kind = scope["type"]
        if kind not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        path = str(scope.get("path", ""))
        if path.startswith(("/api/", "/ws/")):
            refusal = self._over_socket_limit(scope) if kind == "websocket" else self._over_limit(scope, path)
            if refusal is not None:
                if kind == "websocket":
                    await send({"type": "websocket.close", "code": 1008, "reason": "too many requests"})
                else:
                    await _answer(send, 429, refusal, {"Retry-After": "60"})
                return
        if kind == "http" and scope.get("method") in ("POST", "PUT", "PATCH"):
            await self._with_capped_body(scope, receive, send)
            return
        await self.app(scope, receive, send)

    def _over_socket_limit(self, scope: Scope) -> str | None:
        if not self.limiter.hit(self.socket_rate, "socket", client_of(scope)):
            return "too many connections from one address"
        return None

    def _over_limit(self, scope: Scope, path: str) -> str | None:
        client = client_of(scope)
        if not self.limiter.hit(self.rate, "all", client):
            return f"too many requests from one address: at most {self.settings.rate.replace('/', ' per ')}"
        creating = scope.get("method") == "POST" and (path == "/api/tables" or path.endswith("/rematch"))
        if creating and not self.limiter.hit(self.create_rate, "create", client):
            return f"too many new tables from one address: at most {self.settings.create_rate.replace('/', ' per ')}"
        return None

    async def _with_capped_body(self, scope: Scope, receive: Receive, send: Send) -> None:
        limit = self.settings.max_body
        too_big = f"the request body is too large (the limit is {limit // 1024} KB)"
        headers = dict(scope.get("headers") or [])
        declared = headers.get(b"content-length")
        if declared is not None:
            try:
                if int(declared) > limit:
                    await _answer(send, 413, too_big)
                    return
            except ValueError:
                await _answer(send, 400, "the Content-Length header is not a number")
                return
        # Read the body here, never more than the limit, so nothing downstream holds a larger one.
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                return
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > limit:
                await _answer(send, 413, too_big)
                return
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        body = b"".join(chunks)
        delivered = False

        async def replay() -> Message:
            nonlocal delivered
            if not delivered:
                delivered = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)


_FIELD = re.compile(r"^[a-z][a-z_]{0,23}$")


def plain_errors(errors: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Pydantic's validation errors without the input they quote: where, what type, and the message.  A place
    named by the sender (an unknown field, a dictionary key) is shown as ``?`` unless it is a plain word."""
    out = []
    for error in errors[:20]:
        kind = str(error.get("type", ""))[:40]
        where: list[int | str] = [
            part if isinstance(part, int) or _FIELD.match(str(part)) else "?" for part in error.get("loc", ())
        ]
        message = str(error.get("msg", ""))[:200]
        if kind == "extra_forbidden":
            where[-1:] = ["?"]
            message = "unknown field (the fields are listed at /api/docs)"
        out.append({"loc": where, "type": kind, "msg": message})
    return out
