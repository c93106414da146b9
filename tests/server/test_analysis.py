"""A finished round's open-hands analysis (Tricks Together's): worked out off the event loop and sent to
every watcher once the round is over, never before (it shows every hand)."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from .support import make_app


def test_the_analysis_of_a_round_arrives_after_the_round_and_only_then(tmp_path: Path) -> None:
    with TestClient(make_app(tmp_path / "t.sqlite3", bot_delay=0.0)) as client:
        bots = [{"kind": "bot", "bot": "random"}] * 3
        table = client.post(
            "/api/tables", json={"game": "tricks-together", "players": 3, "seats": bots, "seat": None}
        ).json()["table"]["id"]
        with client.websocket_connect(f"/ws/{table}") as ws:
            ws.send_text(json.dumps({"type": "hello", "seat": None}))
            rounds_seen = 0
            for _ in range(2000):
                message = json.loads(ws.receive_text())
                if message["type"] in ("welcome", "update"):
                    rounds_seen = len(message["view"]["score_sheet"])
                    assert all(isinstance(line, str) and line for line in message["log"])
                if message["type"] == "analysis":
                    break
            else:
                raise AssertionError("no analysis arrived")
        sections = message["sections"]
        assert 1 <= len(sections) <= rounds_seen
        first = sections[0]
        assert first["title"].startswith("Round 1 (") and any("numbers" in fact for fact in first["facts"])


def test_players_against_each_other_get_the_analysis_only_once_the_game_is_over(tmp_path: Path) -> None:
    with TestClient(make_app(tmp_path / "t.sqlite3", bot_delay=0.0)) as client:
        bots = [{"kind": "bot", "bot": "random"}] * 3
        table = client.post(
            "/api/tables",
            json={"game": "tandem-trick", "players": 3, "options": {"target": 1}, "seats": bots, "seat": None},
        ).json()["table"]["id"]
        with client.websocket_connect(f"/ws/{table}") as ws:
            ws.send_text(json.dumps({"type": "hello", "seat": None}))
            over = False
            for _ in range(2000):
                message = json.loads(ws.receive_text())
                if message["type"] in ("welcome", "update"):
                    over = message["view"]["result"] is not None
                if message["type"] == "analysis":
                    break
            else:
                raise AssertionError("no analysis arrived")
        assert over, "the analysis arrived while the game was running"
        assert message["sections"]


def analysis_after_welcome(client: TestClient, table: str) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The welcome of a watcher, and the analysis it holds or that follows it."""
    with client.websocket_connect(f"/ws/{table}") as ws:
        ws.send_text(json.dumps({"type": "hello", "seat": None}))
        welcome = json.loads(ws.receive_text())
        assert welcome["type"] == "welcome"
        if welcome["analysis"]:
            return welcome, welcome["analysis"]
        # A ping at a time, so that a missing analysis fails the test rather than waiting for it for ever.
        for _ in range(400):
            ws.send_text(json.dumps({"type": "ping"}))
            message = json.loads(ws.receive_text())
            if message["type"] == "analysis":
                return welcome, message["sections"]
            time.sleep(0.05)
    raise AssertionError("no analysis arrived")


def test_a_finished_game_opened_again_has_the_analysis_of_every_round(tmp_path: Path) -> None:
    db = tmp_path / "t.sqlite3"
    bots = [{"kind": "bot", "bot": "random"}] * 3
    body = {"game": "tandem-trick", "players": 3, "seats": bots, "seat": None, "seed": 3, "options": {"target": 24}}
    with TestClient(make_app(db, bot_delay=0.0)) as client:
        table = client.post("/api/tables", json=body).json()["table"]["id"]
        for _ in range(400):
            if client.get(f"/api/tables/{table}").json()["status"] == "over":
                break
            time.sleep(0.05)
        # Seen at the end of the game: one section for each round, not the first only.
        welcome, sections = analysis_after_welcome(client, table)
        rounds = len(welcome["view"]["score_sheet"])
        assert rounds >= 2 and len(sections) == rounds
    # Opened again after a restart, when only its moves are left in the store.
    with TestClient(make_app(db, bot_delay=0.0)) as client:
        welcome, again = analysis_after_welcome(client, table)
        assert welcome["view"]["result"] is not None
        assert again == sections
