"""The table websocket in-process: hello and tokens, per-seat updates, bad messages, leavers."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from .support import make_app

HUMANS4 = [{"kind": "human"}] * 4


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(make_app(tmp_path / "t.sqlite3", bot_delay=0.0, grace=0.4)) as c:
        yield c


def full_table(client: TestClient) -> tuple[str, dict[int, str]]:
    out = client.post("/api/tables", json={"game": "tricks-together", "seats": HUMANS4}).json()
    table = out["table"]["id"]
    tokens = {0: out["token"]}
    for seat in (1, 2, 3):
        tokens[seat] = client.post(f"/api/tables/{table}/join", json={"seat": seat}).json()["token"]
    return table, tokens


def receive(ws: WebSocketTestSession, kind: str) -> dict[str, Any]:
    """The next message of ``kind`` (seat and connection notices in between are skipped)."""
    for _ in range(50):
        message: dict[str, Any] = json.loads(ws.receive_text())
        if message["type"] == kind:
            return message
        assert message["type"] == "table", message
    raise AssertionError(f"no {kind} message")


def hello(ws: WebSocketTestSession, seat: int | None, token: str | None) -> dict[str, Any]:
    ws.send_text(json.dumps({"type": "hello", "seat": seat, "token": token}))
    return receive(ws, "welcome")


def test_wrong_or_missing_token_is_refused(client: TestClient) -> None:
    table, tokens = full_table(client)
    for token in (None, "guess", tokens[1]):
        with client.websocket_connect(f"/ws/{table}") as ws:
            ws.send_text(json.dumps({"type": "hello", "seat": 0, "token": token}))
            message = json.loads(ws.receive_text())
            assert message["type"] == "error" and message["code"] == 403
            assert "does not hold seat 1" in message["message"]
    with client.websocket_connect("/ws/nothing-here") as ws:
        assert json.loads(ws.receive_text())["code"] == 404


def test_spectators_watch_but_cannot_move(client: TestClient) -> None:
    table, _ = full_table(client)
    with client.websocket_connect(f"/ws/{table}") as ws:
        welcome = hello(ws, None, None)
        assert welcome["seat"] is None and welcome["view"]["hand"] == []
        ws.send_text(json.dumps({"type": "move", "move": "bid 0"}))
        assert "spectators cannot move" in receive(ws, "error")["message"]


def test_malformed_messages_get_an_error_and_the_socket_keeps_serving(client: TestClient) -> None:
    table, tokens = full_table(client)
    with client.websocket_connect(f"/ws/{table}") as ws:
        ws.send_text("not json at all")
        assert "JSON" in receive(ws, "error")["message"]
        welcome = hello(ws, 0, tokens[0])
        for bad in ["{", "[1, 2]", '{"type": 3}', '{"type": "dance"}', '{"type": "move", "move": 7}', "x" * 5000]:
            ws.send_text(bad)
            assert receive(ws, "error")["message"]
        ws.send_bytes(b"\x00\x01")
        assert "binary" in receive(ws, "error")["message"]
        ws.send_text(json.dumps({"type": "ping"}))
        assert receive(ws, "pong") == {"type": "pong"}
        assert welcome["view"]["move_number"] == 0
    assert client.get("/api/games").status_code == 200


def test_each_seat_gets_its_own_view_after_every_move(client: TestClient) -> None:
    table, tokens = full_table(client)
    sockets = {}
    with (
        client.websocket_connect(f"/ws/{table}") as w0,
        client.websocket_connect(f"/ws/{table}") as w1,
        client.websocket_connect(f"/ws/{table}") as w2,
        client.websocket_connect(f"/ws/{table}") as w3,
        client.websocket_connect(f"/ws/{table}") as watcher,
    ):
        sockets = {0: w0, 1: w1, 2: w2, 3: w3}
        views = {seat: hello(ws, seat, tokens[seat])["view"] for seat, ws in sockets.items()}
        hello(watcher, None, None)
        hands = {seat: set(v["hand"]) for seat, v in views.items()}
        mover = views[0]["to_move"]
        # An illegal move: an error for that socket only, and nothing changes.
        sockets[mover].send_text(json.dumps({"type": "move", "move": "bid 9"}))
        error = receive(sockets[mover], "error")
        assert "must be 0 to 1" in error["message"] and "move" not in error
        sockets[mover].send_text(json.dumps({"type": "move", "move": "bid 1"}))
        for seat, ws in sockets.items():
            update = receive(ws, "update")
            assert update["view"]["seat"] == seat and update["view"]["move_number"] == 1
            assert set(update["view"]["hand"]) == hands[seat]
            text = json.dumps(update)
            for other, hand in hands.items():
                if other != seat:
                    assert not any(f'"{card}"' in text for card in hand)
            # The number itself is seen by its seat only until all are revealed.
            chosen = [e for e in update["events"] if e["type"] == "number_chosen"]
            assert chosen == ([{"type": "number_chosen", "seat": mover, "number": 1}] if seat == mover else [])
        public = receive(watcher, "update")
        assert public["view"]["seat"] is None and public["view"]["hand"] == []


def test_a_leaver_is_replaced_after_the_grace_period_and_gets_the_seat_back(client: TestClient) -> None:
    out = client.post(
        "/api/tables",
        json={
            "game": "tricks-together",
            "players": 3,
            "seats": [{"kind": "human"}] + [{"kind": "bot", "bot": "random"}] * 2,
        },
    ).json()
    table, token = out["table"]["id"], out["token"]
    with client.websocket_connect(f"/ws/{table}") as ws:
        view = hello(ws, 0, token)["view"]
        deadline = time.monotonic() + 5
        while not view["legal_moves"] and time.monotonic() < deadline:
            view = receive(ws, "update")["view"]
        assert view["to_move"] == 0
        time.sleep(0.8)  # twice the grace period: connected, so no bot moves for seat 0
        assert client.get(f"/api/tables/{table}").json()["move_number"] == view["move_number"]
    # Gone: after the grace period a bot plays seat 0.
    number = view["move_number"]
    deadline = time.monotonic() + 5
    while client.get(f"/api/tables/{table}").json()["move_number"] == number:
        assert time.monotonic() < deadline
        time.sleep(0.02)
    info = client.get(f"/api/tables/{table}").json()
    assert info["seats"][0]["kind"] == "human" and not info["seats"][0]["connected"]
    with client.websocket_connect(f"/ws/{table}") as ws:
        welcome = hello(ws, 0, token)
        assert welcome["seat"] == 0 and welcome["view"]["seat"] == 0
        assert welcome["table"]["seats"][0]["connected"] is True
