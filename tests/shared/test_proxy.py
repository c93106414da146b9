"""The documented deployment for real: Debian's nginx with ``docs/nginx.conf`` (ports and paths moved into a
temporary folder) in front of two ``tricktable serve`` processes on one PostgreSQL database; two people play a
round through it, websockets included, and both processes serve."""

from __future__ import annotations

import asyncio
import os
import re
import shutil
import subprocess
import tempfile
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.pgcluster import Cluster, free_port

from .support import Front, Player, Server, create, join, run, shared_moves

NGINX = Path(os.environ.get("NGINX", "/usr/sbin/nginx"))
CONFIG = Path(__file__).resolve().parents[2] / "docs" / "nginx.conf"


def local_config(folder: Path, port: int, upstreams: list[int]) -> str:
    """``docs/nginx.conf`` with its listening port, its upstreams and every file it writes moved here."""
    text = CONFIG.read_text()
    text = text.replace("listen 80;", f"listen 127.0.0.1:{port};")
    servers = "\n".join(f"        server 127.0.0.1:{p} max_fails=1 fail_timeout=5s;" for p in upstreams)
    text, count = re.subn(r"(        server 127\.0\.0\.1:\d+ [^\n]*\n)+", servers + "\n", text)
    assert count == 1, "the upstream block of docs/nginx.conf has changed shape"
    text = text.replace("/run/tricktable-nginx.pid", str(folder / "nginx.pid"))
    text = text.replace("/var/log/nginx/", f"{folder}/")
    temp = "".join(
        f"    {kind}_temp_path {folder}/{kind};\n" for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
    )
    return text.replace("http {\n", "http {\n" + temp, 1)


@pytest.fixture
def proxy(postgres: Cluster) -> Iterator[tuple[str, Path, list[Server]]]:
    if not NGINX.exists():
        if os.environ.get("CI"):
            pytest.fail(f"no nginx at {NGINX}: CI must install it (apt-get install nginx)")
        pytest.skip(f"no nginx at {NGINX}")
    database = postgres.new_database(f"proxy_{uuid.uuid4().hex[:12]}")
    servers = [Server(database, "--bot-delay", "0.05", "--grace", "600")]
    folder = Path(tempfile.mkdtemp(prefix="tricktable-nginx-"))
    folder.chmod(0o777)  # nginx's workers run as an unprivileged user when started as root
    process = None
    try:
        servers.append(Server(database, "--bot-delay", "0.05", "--grace", "600"))
        port = free_port()
        (folder / "nginx.conf").write_text(local_config(folder, port, [s.port for s in servers]))
        process = subprocess.Popen(
            [str(NGINX), "-c", str(folder / "nginx.conf"), "-p", str(folder), "-g", "daemon off;"],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        )  # fmt: skip
        url = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 20
        while True:
            try:
                if httpx.get(f"{url}/api/games", timeout=2).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            if process.poll() is not None or time.monotonic() > deadline:
                raise AssertionError(f"nginx did not start: {process.communicate(timeout=10)}")
            time.sleep(0.1)
        yield url, folder, servers
    finally:
        if process is not None:
            process.terminate()
            process.wait(timeout=20)
        for server in servers:
            server.stop()
        shutil.rmtree(folder, ignore_errors=True)


def test_two_people_play_a_round_through_nginx(proxy: tuple[str, Path, list[Server]]) -> None:
    url, folder, servers = proxy
    front = Front(url)
    made = create(front, ["human", "human", "bot", "bot"])
    table = made["table"]["id"]
    token = join(front, table, 1, "Grace")
    ada = Player(front.ws, table, 0, made["token"])
    grace = Player(front.ws, table, 1, token)

    async def both() -> None:
        await asyncio.gather(ada.play(rounds=2), grace.play(rounds=2))

    run(both())
    assert ada.moves_sent > 0 and grace.moves_sent > 0
    assert not ada.errors and not grace.errors, (ada.errors, grace.errors)
    both = shared_moves(ada, grace)
    assert len(both) >= 4, both
    assert ada.public_events(both) == grace.public_events(both)
    for _ in range(10):  # a few more requests, so that both processes surely had some
        assert httpx.get(f"{url}/api/tables/{table}", timeout=10).status_code == 200
    log = (folder / "tricktable-access.log").read_text()
    assert "/ws/" in log
    for server in servers:
        assert f"upstream=127.0.0.1:{server.port}" in log, f"nothing reached the server on port {server.port}"
