"""Bots think in worker processes, off the server's event loop: a bot that thinks hard at one table never
holds up the updates of another, and what a bot remembers between moves comes back with its move."""

from __future__ import annotations

import json
import os
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from .support import make_app


class HardThinker:
    """A bot that keeps a CPU busy for ``seconds`` per move (as a strong search does), writes down the process
    it ran in, and counts its own moves (state a bot carries from move to move)."""

    name = "hard-thinker"

    def __init__(self, log: Path, seconds: float) -> None:
        self.log = log
        self.seconds = seconds
        self.moves = 0

    def choose(self, view: dict[str, Any]) -> str:
        end = time.process_time() + self.seconds
        spins = 0
        while time.process_time() < end:
            spins += 1
        self.moves += 1
        with self.log.open("a") as out:
            out.write(f"{os.getpid()} {self.moves}\n")
        return str(view["legal_moves"][0])


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(make_app(tmp_path / "t.sqlite3", bot_delay=0.0, bot_workers=1)) as c:
        yield c


def test_a_thinking_bot_never_delays_another_tables_updates(client: TestClient, tmp_path: Path) -> None:
    log = tmp_path / "thinker.log"
    manager = client.app.state.manager  # type: ignore[attr-defined]
    # Table A: a hard thinker at seat 2 (it moves first: seat 0's number comes after the dealer's left).
    slow = client.post(
        "/api/tables",
        json={"game": "tricks-together", "players": 3, "seats": [{"kind": "bot", "bot": "random"}] * 3, "seat": None},
    ).json()["table"]["id"]
    for state in manager.tables[slow].seats:
        state.bot = HardThinker(log, 1.0)
    manager.tables[slow].changed()  # the driver looks again at the seats
    # Table B: people only.
    humans = [{"kind": "human"}] * 3
    out = client.post("/api/tables", json={"game": "tricks-together", "players": 3, "seats": humans}).json()
    table, tokens = out["table"]["id"], {0: out["token"]}
    for seat in (1, 2):
        tokens[seat] = client.post(f"/api/tables/{table}/join", json={"seat": seat}).json()["token"]
    deadline = time.monotonic() + 30
    while not log.exists():  # the thinker is busy now
        assert time.monotonic() < deadline
        time.sleep(0.02)
    waits = []
    with client.websocket_connect(f"/ws/{table}") as ws:
        ws.send_text(json.dumps({"type": "hello", "seat": None}))
        assert json.loads(ws.receive_text())["type"] == "welcome"
        for _ in range(3):
            seat = client.get(f"/api/tables/{table}").json()["to_move"]
            view = client.get(
                f"/api/tables/{table}/view", params={"seat": seat}, headers={"X-Seat-Token": tokens[seat]}
            ).json()["view"]
            started = time.monotonic()
            r = client.post(
                f"/api/tables/{table}/moves",
                json={"seat": seat, "move": view["legal_moves"][0]},
                headers={"X-Seat-Token": tokens[seat]},
            )
            assert r.status_code == 200
            while json.loads(ws.receive_text())["type"] != "update":
                pass
            waits.append(time.monotonic() - started)
    assert max(waits) < 0.5, waits  # a bot thinking in the server's process would hold each one up for ~1 s
    entries = [line.split() for line in log.read_text().splitlines()]
    assert all(int(pid) != os.getpid() for pid, _ in entries)


def test_a_bot_keeps_what_it_remembers_between_moves(client: TestClient, tmp_path: Path) -> None:
    log = tmp_path / "thinker.log"
    manager = client.app.state.manager  # type: ignore[attr-defined]
    table = client.post(
        "/api/tables",
        json={"game": "tricks-together", "players": 3, "seats": [{"kind": "bot", "bot": "random"}] * 3, "seat": None},
    ).json()["table"]["id"]
    for state in manager.tables[table].seats:
        state.bot = HardThinker(log, 0.0)
    manager.tables[table].changed()  # the driver looks again at the seats
    deadline = time.monotonic() + 30
    while len(log.read_text().splitlines() if log.exists() else []) < 7:
        assert time.monotonic() < deadline
        time.sleep(0.02)
    counts = [int(n) for _, n in (line.split() for line in log.read_text().splitlines())]
    assert max(counts) >= 2  # each seat's bot counted on from its own previous move
