"""Nothing lost: play moves on a real server, ``kill -9`` it, start it again on the same database."""

from __future__ import annotations

import json
import sqlite3
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

from .support import Server, free_port, start_server


def children_of(pid: int) -> set[int]:
    """The processes whose parent is ``pid`` (read from /proc)."""
    out = set()
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue  # gone meanwhile
        if int(fields[1]) == pid:
            out.add(int(stat.parent.name))
    return out


def call(server: Server, path: str, body: dict[str, Any] | None = None, token: str | None = None) -> Any:
    headers = {"Content-Type": "application/json"} | ({"X-Seat-Token": token} if token else {})
    data = None if body is None else json.dumps(body).encode()
    with urllib.request.urlopen(urllib.request.Request(server.url + path, data=data, headers=headers), timeout=10) as r:
        return json.loads(r.read())


def test_kill_9_loses_no_accepted_move(tmp_path: Path) -> None:
    db = tmp_path / "tables.sqlite3"
    port = free_port()
    server = start_server(db, bot_delay=0.0, port=port)
    try:
        # A table of people only, played through the API: every 200 answer is an accepted move.
        out = call(server, "/api/tables", {"game": "trumps", "players": 4, "seats": [{"kind": "human"}] * 4})
        table = out["table"]["id"]
        tokens = {0: out["token"]}
        for seat in (1, 2, 3):
            tokens[seat] = call(server, f"/api/tables/{table}/join", {"seat": seat})["token"]
        for _ in range(12):
            seat = call(server, f"/api/tables/{table}")["to_move"]
            view = call(server, f"/api/tables/{table}/view?seat={seat}", token=tokens[seat])["view"]
            call(
                server, f"/api/tables/{table}/moves", {"seat": seat, "move": view["legal_moves"][0]}, token=tokens[seat]
            )
        views = {s: call(server, f"/api/tables/{table}/view?seat={s}", token=tokens[s])["view"] for s in range(4)}
        # Tables of bots, moving as fast as they can while the server is killed.
        bot_tables = [
            call(server, "/api/tables", {"game": game, "seats": [{"kind": "bot", "bot": "random"}] * 4, "seat": None})[
                "table"
            ]["id"]
            for game in ("tandem-trick", "secret-trumps", "tricks-together")
        ]
        deadline = time.monotonic() + 20
        while True:  # every bot table under way
            seen = {t: call(server, f"/api/tables/{t}")["move_number"] for t in bot_tables}
            if all(seen.values()) or time.monotonic() > deadline:
                break
            time.sleep(0.05)
        workers = children_of(server.process.pid)
    finally:
        server.kill()
    assert all(n > 0 for n in seen.values())
    # The killed server's bot workers leave on their own instead of living on beside the next server.
    assert workers
    deadline = time.monotonic() + 15
    while any(Path(f"/proc/{w}").exists() for w in workers) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not any(Path(f"/proc/{w}").exists() for w in workers), "the bot workers outlived their server"
    with sqlite3.connect(db) as conn:
        stored = {
            t: conn.execute("SELECT COUNT(*) FROM moves WHERE table_id = ?", (t,)).fetchone()[0] for t in bot_tables
        }
    assert all(stored[t] >= seen[t] for t in bot_tables), (stored, seen)

    # Bots wait long after the restart, so what we read back is exactly what was stored.
    again = start_server(db, bot_delay=30.0, port=port)
    try:
        assert {
            s: call(again, f"/api/tables/{table}/view?seat={s}", token=tokens[s])["view"] for s in range(4)
        } == views
        for t in bot_tables:
            info = call(again, f"/api/tables/{t}")
            assert info["move_number"] == stored[t] >= seen[t]
        try:
            call(again, f"/api/tables/{table}/moves", {"seat": views[0]["to_move"], "move": "2C"}, token="wrong")
            raise AssertionError("a wrong token was accepted")
        except urllib.error.HTTPError as exc:
            assert exc.code == 403
    finally:
        again.kill()
