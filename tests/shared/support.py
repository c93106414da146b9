"""Helpers of the tests of several servers on one PostgreSQL database: real ``tricktable serve`` processes on
loopback ports, and players on websockets."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from typing import Any

import httpx
from websockets.asyncio.client import connect

from tests.pgcluster import free_port

#: One client makes every request here: lift the per-address limits meant for strangers.
LOOSE = ["--client-tables", "1000", "--rate", "100000/minute", "--create-rate", "10000/minute"]


@dataclass
class Front:
    """Where players reach the servers: one server, or a proxy in front of several."""

    url: str

    @property
    def ws(self) -> str:
        return self.url.replace("http://", "ws://", 1)


class Server:
    """One ``tricktable serve`` process in a session of its own (``kill`` takes its bot workers with it)."""

    def __init__(self, db: str, *flags: str, port: int | None = None) -> None:
        self.port = port or free_port()
        command = [sys.executable, "-c", "from tricktable.cli import main; main()", "serve", "--db", db]
        command += ["--port", str(self.port), "--bot-workers", "1", *LOOSE, *flags]
        self.process = subprocess.Popen(
            command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True
        )
        self.url = f"http://127.0.0.1:{self.port}"
        self.ws = f"ws://127.0.0.1:{self.port}"
        deadline = time.monotonic() + 60
        while True:
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(f"{self.url}/api/games", timeout=2).status_code == 200:
                    break
            if self.process.poll() is not None or time.monotonic() > deadline:
                out, err = self.process.communicate(timeout=10)
                raise AssertionError(f"the server did not start: {out} {err}")
            time.sleep(0.1)

    def kill(self) -> None:
        """``kill -9`` of the server and its bot workers: nothing is cleaned up."""
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=20)

    def stop(self) -> str:
        """Stop it (Ctrl-C); returns what it wrote to stderr."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.kill()
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.process.pid, signal.SIGKILL)
        return self.process.stderr.read() if self.process.stderr else ""


def run(coroutine: Any) -> Any:
    """``asyncio.run`` in a thread of its own: a worker that ran the browser tests keeps Playwright's event loop
    running in its main thread, where ``asyncio.run`` refuses to start another."""
    result: list[Any] = []
    failure: list[BaseException] = []

    def target() -> None:
        try:
            result.append(asyncio.run(coroutine))
        except BaseException as exc:  # handed to the caller's thread
            failure.append(exc)

    thread = threading.Thread(target=target)
    thread.start()
    thread.join()
    if failure:
        raise failure[0]
    return result[0]


def create(server: Server | Front, seats: list[str], game: str = "tricks-together", **extra: Any) -> dict[str, Any]:
    body = {"game": game, "seats": [{"kind": kind} for kind in seats], "seat": 0, "name": "Ada"} | extra
    answer = httpx.post(f"{server.url}/api/tables", json=body, timeout=10)
    assert answer.status_code == 201, answer.text
    return dict(answer.json())


def join(server: Server | Front, table: str, seat: int, name: str) -> str:
    """Take a seat through ``server`` (which may hear of the table a moment after it was made elsewhere)."""
    deadline = time.monotonic() + 10
    while True:
        answer = httpx.post(f"{server.url}/api/tables/{table}/join", json={"seat": seat, "name": name}, timeout=10)
        if answer.status_code != 404 or time.monotonic() > deadline:
            assert answer.status_code == 200, answer.text
            return str(answer.json()["token"])
        time.sleep(0.05)


@dataclass
class Player:
    """A person at a seat over a websocket: plays the first legal card whenever it is their turn."""

    ws: str
    table: str
    seat: int | None
    token: str | None = None
    #: Every ``update`` frame received, in order.
    updates: list[dict[str, Any]] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    moves_sent: int = 0

    async def play(self, rounds: int = 1, timeout: float = 90.0, moves: int | None = None) -> None:
        """Play until ``rounds`` rounds are on the score sheet (or this player has made ``moves`` moves)."""
        async with connect(f"{self.ws}/ws/{self.table}") as socket, asyncio.timeout(timeout):
            await socket.send(json.dumps({"type": "hello", "seat": self.seat, "token": self.token}))
            moved_at = -1
            while True:
                frame = json.loads(await socket.recv())
                if frame["type"] == "error":
                    self.errors.append(frame["message"])
                    continue
                if frame["type"] not in ("welcome", "update"):
                    continue
                if frame["type"] == "update":
                    self.updates.append(frame)
                view = frame["view"]
                if len(view.get("score_sheet") or ()) >= rounds or view["to_move"] is None:
                    return
                if moves is not None and self.moves_sent >= moves:
                    return
                if view["to_move"] == self.seat and view["legal_moves"] and view["move_number"] != moved_at:
                    moved_at = view["move_number"]
                    self.moves_sent += 1
                    await socket.send(json.dumps({"type": "move", "move": view["legal_moves"][0]}))

    def public_events(self, moves: range | None = None) -> list[dict[str, Any]]:
        """The events every seat sees (cards played, numbers committed, tricks won), in the order received; only
        those of the updates whose move number lies in ``moves``, if given."""
        shown = ("card_played", "number_committed", "trick_won", "numbers_revealed", "round_failed", "round_made")
        frames = [f for f in self.updates if moves is None or f["view"]["move_number"] in moves]
        return [e for frame in frames for e in frame["events"] if e["type"] in shown]

    def moves_seen(self) -> range:
        """The move numbers from this player's first update to its last."""
        numbers = [frame["view"]["move_number"] for frame in self.updates]
        return range(min(numbers), max(numbers) + 1) if numbers else range(0)


def shared_moves(*players: Player) -> range:
    """The moves every player was connected for: a player who connects later misses the first updates, and one
    who stops first misses the last, so only these can be compared."""
    seen = [p.moves_seen() for p in players]
    return range(max(r.start for r in seen), min(r.stop for r in seen))


def move_count(url: str, table: str) -> int:
    import psycopg

    with psycopg.connect(url) as conn:
        row = conn.execute("SELECT COUNT(*) FROM moves WHERE table_id = %s", (table,)).fetchone()
    return int(row[0]) if row else 0


def log_of(url: str, table: str, seat: int | None = None) -> list[str]:
    """The table's moves in the log (only ``seat``'s, if given)."""
    import psycopg

    with psycopg.connect(url) as conn:
        rows = conn.execute("SELECT seat, move FROM moves WHERE table_id = %s ORDER BY n", (table,)).fetchall()
    return [move for who, move in rows if seat is None or who == seat]


def send_at_once(urls: list[str], body: dict[str, Any], headers: dict[str, str]) -> list[httpx.Response]:
    """POST the same body to every URL at the same moment (one thread each, released together)."""
    start = threading.Barrier(len(urls))
    answers: list[httpx.Response] = []

    def send(url: str) -> None:
        start.wait()
        answers.append(httpx.post(url, json=body, headers=headers, timeout=20))

    threads = [threading.Thread(target=send, args=(url,)) for url in urls]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return answers
