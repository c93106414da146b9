"""Fuzz pass of the web table: move text and explicit deals from the property tests' strategies
(``tests/rules/untrusted_support.py``), sent to a real ``tricktable serve`` subprocess.  Every move text goes
over REST and over the websocket of the seat to move; every spoilt deal creates a practice table.  Counts the
answers by status; a 5xx, or a websocket that closes, is a failure (the run exits 1 and prints the case).

    python -m benchmarks.fuzz_server                    # 10,000 move texts and 10,000 deals a game
    python -m benchmarks.fuzz_server --cases 500 --games tandem-trick
"""

from __future__ import annotations

import argparse
import collections
import json
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from websockets.sync.client import ClientConnection, connect

from tests.rules.untrusted_support import deal_mutations, first_deals, move_texts

GAMES = ("tricks-together", "tandem-trick", "secret-trumps", "trumps")
PLAYERS = {"tricks-together": 4, "tandem-trick": 4, "secret-trumps": 4, "trumps": 4}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Seat:
    """A practice table (seat 0 a person, the rest bots) and its seat's websocket."""

    def __init__(self, http: httpx.Client, base: str, game: str) -> None:
        self.http, self.base, self.game = http, base, game
        players = PLAYERS[game]
        seats = [{"kind": "human"}] + [{"kind": "bot", "bot": "random"}] * (players - 1)
        out = http.post("/api/tables", json={"game": game, "players": players, "seats": seats}).json()
        self.table, self.token = out["table"]["id"], out["token"]
        self.ws: ClientConnection = connect(f"{base.replace('http', 'ws')}/ws/{self.table}", max_size=None)
        self.ws.send(json.dumps({"type": "hello", "seat": 0, "token": self.token}))
        self.view = self.until("welcome")["view"]

    def until(self, kind: str) -> dict[str, Any]:
        """Frames up to the next one of ``kind``; keeps the latest view.  Raises if the socket closes."""
        while True:
            frame: dict[str, Any] = json.loads(self.ws.recv(timeout=30))
            if "view" in frame:
                self.view = frame["view"]
            if frame["type"] == kind:
                return frame

    def wait_for_turn(self) -> bool:
        """Until seat 0 has a move; ``False`` once the game is over."""
        while not self.view["legal_moves"]:
            if self.view.get("result"):
                return False
            self.ws.send(json.dumps({"type": "ping"}))
            self.until("pong")
            time.sleep(0.01)
        return True

    def close(self) -> None:
        self.ws.close()


def run(game: str, cases: int, base: str, statuses: collections.Counter[str], failures: list[str]) -> None:
    http = httpx.Client(base_url=base, timeout=30)
    seat = Seat(http, base, game)
    quiet = settings(max_examples=cases, deadline=None, database=None, suppress_health_check=list(HealthCheck))

    @quiet
    @given(move_texts)
    def moves(text: str) -> None:
        nonlocal seat
        if not seat.wait_for_turn():
            seat.close()
            seat = Seat(http, base, game)
            seat.wait_for_turn()
        r = http.post(f"/api/tables/{seat.table}/moves", json={"seat": 0, "move": text},
                      headers={"X-Seat-Token": seat.token})  # fmt: skip
        statuses[f"{game} move REST {r.status_code}"] += 1
        if r.status_code >= 500:
            failures.append(f"{game}: move {text!r} over REST: {r.status_code} {r.text[:200]}")
        if not seat.wait_for_turn():
            return
        try:
            seat.ws.send(json.dumps({"type": "move", "move": text}))
            seat.ws.send(json.dumps({"type": "ping"}))
            frames = []
            while True:
                frame = json.loads(seat.ws.recv(timeout=30))
                frames.append(frame["type"])
                if "view" in frame:
                    seat.view = frame["view"]
                if frame["type"] == "pong":
                    break
            statuses[f"{game} move websocket {'error' if 'error' in frames else 'moved'}"] += 1
        except Exception as exc:  # a closed socket, or no answer
            failures.append(f"{game}: move {text!r} over the websocket: {type(exc).__name__} {exc}")
            seat = Seat(http, base, game)

    @quiet
    @given(st.data())
    def deals(data: st.DataObject) -> None:
        players = PLAYERS[game]
        deal = data.draw(deal_mutations(first_deals(game, players)))
        seats = [{"kind": "human"}] + [{"kind": "bot", "bot": "random"}] * (players - 1)
        body = {"game": game, "players": players, "seats": seats, "deals": [deal]}
        try:
            r = http.post("/api/tables", json=body)
        except (TypeError, ValueError):  # not JSON at all (a NaN is sent; a lone surrogate cannot be)
            statuses[f"{game} deal not sendable"] += 1
            return
        statuses[f"{game} deal {r.status_code}"] += 1
        if r.status_code >= 500:
            failures.append(f"{game}: deal {json.dumps(deal)[:300]}: {r.status_code} {r.text[:200]}")
        elif r.status_code == 201:
            out = r.json()
            http.post(f"/api/tables/{out['table']['id']}/close", headers={"X-Host-Token": out["host_token"]})

    moves()
    deals()
    seat.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--cases", type=int, default=10_000, help="move texts, and deals, per game")
    parser.add_argument("--games", nargs="*", default=list(GAMES))
    args = parser.parse_args()
    port = free_port()
    with tempfile.TemporaryDirectory() as folder:
        command = [sys.executable, "-c", "from tricktable.cli import main; main()", "serve", "--port", str(port),
                   "--db", str(Path(folder) / "fuzz.sqlite3"), "--bot-delay", "0", "--bot-workers", "1",
                   "--client-tables", "100000", "--rate", "10000000/minute", "--create-rate", "10000000/minute",
                   "--socket-rate", "10000000/minute"]  # fmt: skip
        server = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        base = f"http://127.0.0.1:{port}"
        try:
            for _ in range(300):
                try:
                    httpx.get(f"{base}/api/games")
                    break
                except httpx.HTTPError:
                    time.sleep(0.1)
            statuses: collections.Counter[str] = collections.Counter()
            failures: list[str] = []
            started = time.monotonic()
            for game in args.games:
                run(game, args.cases, base, statuses, failures)
                print(f"{game}: done after {time.monotonic() - started:.0f} s", flush=True)
        finally:
            server.terminate()
            _, errors = server.communicate(timeout=30)
    for key, count in sorted(statuses.items()):
        print(f"{key}: {count}")
    tracebacks = errors.count("Traceback")
    print(f"server tracebacks: {tracebacks}")
    for failure in failures[:20]:
        print("FAILED", failure)
    return 1 if failures or tracebacks else 0


if __name__ == "__main__":
    sys.exit(main())
