"""Helpers of the end-to-end tests: a real ``tricktable serve`` subprocess on a free port."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from typing import Any

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
SCREENSHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class Server:
    url: str
    db: Path
    process: subprocess.Popen[bytes]

    def api(self, path: str, body: dict[str, Any] | None = None) -> Any:
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.url + path, data=data, headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=10) as response:
            return json.loads(response.read())

    def kill(self) -> None:
        with contextlib.suppress(ProcessLookupError):
            os.kill(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=10)


def start_server(db: Path, bot_delay: float = 0.05, grace: float = 60.0, port: int | None = None) -> Server:
    port = port or free_port()
    command = [
        sys.executable, "-c", "from tricktable.cli import main; main()", "serve",
        "--port", str(port), "--db", str(db), "--bot-delay", str(bot_delay), "--grace", str(grace),
    ]  # fmt: skip
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    server = Server(url=f"http://127.0.0.1:{port}", db=db, process=process)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"the server stopped: {process.stdout.read().decode() if process.stdout else ''}")
        with contextlib.suppress(OSError):
            server.api("/api/games")
            return server
        time.sleep(0.1)
    server.kill()
    raise RuntimeError("the server did not start within 30 s")
