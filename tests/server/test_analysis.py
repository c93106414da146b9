"""A finished round's open-hands analysis (Tricks Together's): worked out off the event loop and sent to
every watcher once the round is over, never before (it shows every hand)."""

from __future__ import annotations

import json
from pathlib import Path

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
        assert first["title"].startswith("deal 1") and any("numbers" in fact for fact in first["facts"])


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
