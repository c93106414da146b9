"""The host (the table's creator) and the lobby: bots for open seats, new invitations, closing, idle expiry,
and what the lobby lists about each table."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tricktable.bots.base import bot_kinds
from tricktable.server import Limits

from .support import make_app


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(make_app(tmp_path / "t.sqlite3", bot_delay=0.01)) as c:
        yield c


def open_table(client: TestClient) -> dict[str, Any]:
    """Ann at seat 1, an open seat 2, a bot at seat 3."""
    seats = [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "bot": "random"}]
    r = client.post("/api/tables", json={"game": "tricks-together", "players": 3, "seats": seats, "name": "Ann"})
    assert r.status_code == 201, r.text
    out: dict[str, Any] = r.json()
    assert out["host_token"] and out["host_token"] != out["token"]
    return out


def test_the_host_fills_an_open_seat_with_a_bot_of_any_level(client: TestClient) -> None:
    out = open_table(client)
    table, host = out["table"]["id"], out["host_token"]
    level = bot_kinds("tricks-together")[-1]
    url = f"/api/tables/{table}/seats/1/bot"
    assert client.post(url, json={"bot": level}).status_code == 403
    assert client.post(url, json={"bot": level}, headers={"X-Host-Token": out["token"]}).status_code == 403
    r = client.post(url, json={"bot": level}, headers={"X-Host-Token": host})
    assert r.status_code == 200, r.text
    seat = r.json()["table"]["seats"][1]
    assert seat["kind"] == "bot" and seat["bot"] == level and r.json()["table"]["status"] == "playing"
    # Only an open seat: not Ann's, not a bot's twice.
    assert client.post(f"/api/tables/{table}/seats/0/bot", json={}, headers={"X-Host-Token": host}).status_code == 409
    assert client.post(url, json={}, headers={"X-Host-Token": host}).status_code == 409


def test_a_new_invitation_revokes_the_old_token(client: TestClient) -> None:
    out = open_table(client)
    table, host = out["table"]["id"], out["host_token"]
    joined = client.post(f"/api/tables/{table}/join", json={"seat": 1, "name": "Ben"}).json()
    old = joined["token"]
    view = f"/api/tables/{table}/view"
    assert client.get(view, params={"seat": 1}, headers={"X-Seat-Token": old}).status_code == 200
    assert client.post(f"/api/tables/{table}/seats/1/invite", headers={"X-Host-Token": "nope"}).status_code == 403
    invite = client.post(f"/api/tables/{table}/seats/1/invite", headers={"X-Host-Token": host})
    assert invite.status_code == 200, invite.text
    new = invite.json()["token"]
    assert invite.json()["link"] == f"/t/{table}#seat=1&token={new}"
    assert client.get(view, params={"seat": 1}, headers={"X-Seat-Token": old}).status_code == 403
    back = client.get(view, params={"seat": 1}, headers={"X-Seat-Token": new})
    assert back.status_code == 200 and back.json()["table"]["seats"][1]["name"] == "Ben"
    # A socket still holding the old token is told and closed.
    with client.websocket_connect(f"/ws/{table}") as ws:
        ws.send_text(json.dumps({"type": "hello", "seat": 1, "token": old}))
        assert json.loads(ws.receive_text())["code"] == 403


def test_the_host_closes_the_table(client: TestClient) -> None:
    out = open_table(client)
    table, host = out["table"]["id"], out["host_token"]
    assert client.post(f"/api/tables/{table}/close", headers={"X-Seat-Token": out["token"]}).status_code == 403
    r = client.post(f"/api/tables/{table}/close", headers={"X-Host-Token": host})
    assert r.status_code == 200 and r.json()["table"]["status"] == "closed"
    assert table not in [t["id"] for t in client.get("/api/tables").json()["open"]]
    assert client.post(f"/api/tables/{table}/join", json={"seat": 1}).status_code == 409
    move = client.post(
        f"/api/tables/{table}/moves", json={"seat": 0, "move": "bid 0"}, headers={"X-Seat-Token": out["token"]}
    )
    assert move.status_code == 400 and "over" in move.json()["detail"]
    assert client.post(f"/api/tables/{table}/close", headers={"X-Host-Token": host}).status_code == 409


def test_the_lobby_lists_options_seats_watchers_and_how_long_a_seat_has_waited(client: TestClient) -> None:
    out = open_table(client)
    table = out["table"]["id"]
    time.sleep(0.3)
    listed = {t["id"]: t for t in client.get("/api/tables").json()["open"]}[table]
    assert listed["options"] == out["table"]["options"] and listed["game"] == "tricks-together"
    assert listed["waiting_s"] >= 0.25 and listed["status"] == "open"
    assert [s["kind"] for s in listed["seats"]] == ["human", "human", "bot"]
    with client.websocket_connect(f"/ws/{table}") as ws:
        ws.send_text(json.dumps({"type": "hello", "seat": None}))
        assert json.loads(ws.receive_text())["type"] == "welcome"
        assert client.get(f"/api/tables/{table}").json()["watchers"] == 1


def test_an_open_seat_nobody_takes_does_not_block_a_table_forever(tmp_path: Path) -> None:
    app = make_app(tmp_path / "t.sqlite3", limits=Limits(tables_per_client=100, idle_expiry=0.3))
    with TestClient(app) as client:
        out = open_table(client)
        table = out["table"]["id"]
        time.sleep(0.5)
        manager = app.state.manager
        assert table in client.portal.call(manager.expire_idle)  # type: ignore[union-attr]
        assert client.get(f"/api/tables/{table}").json()["status"] == "closed"


def test_a_watched_table_does_not_expire(tmp_path: Path) -> None:
    app = make_app(tmp_path / "t.sqlite3", limits=Limits(tables_per_client=100, idle_expiry=0.3))
    with TestClient(app) as client:
        out = open_table(client)
        table = out["table"]["id"]
        with client.websocket_connect(f"/ws/{table}") as ws:
            ws.send_text(json.dumps({"type": "hello", "seat": 0, "token": out["token"]}))
            json.loads(ws.receive_text())
            time.sleep(0.5)
            assert client.portal.call(app.state.manager.expire_idle) == []  # type: ignore[union-attr]
        assert client.get(f"/api/tables/{table}").json()["status"] == "open"
