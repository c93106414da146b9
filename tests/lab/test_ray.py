"""The Ray backend against a real Ray instance started here (``ray start --head``, on the loopback address):
the same playtest gives exactly the games of local processes for the same seeds."""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pyarrow.parquet as pq
import pytest

from tricktable.lab.run import run
from tricktable.lab.spec import make_spec

#: Loopback only (Ray otherwise uses the machine's network address), and no tokens for a private test cluster.
RAY_ENV = {"RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER": "0", "RAY_AUTH_MODE": "disabled", "RAY_USAGE_STATS_ENABLED": "0"}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture
def ray_head(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """A one-node Ray cluster in a ``ray start --head --block`` process; stopping that process stops the node."""
    for name, value in RAY_ENV.items():
        monkeypatch.setenv(name, value)  # this process is the cluster's driver: it must agree
    port = free_port()
    ray = Path(sys.executable).parent / "ray"
    command = [str(ray), "start", "--head", "--block", f"--port={port}", "--node-ip-address=127.0.0.1",
               "--num-cpus=2", "--include-dashboard=false", "--disable-usage-stats"]  # fmt: skip
    head = subprocess.Popen(command, env={**os.environ, **RAY_ENV}, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            assert head.poll() is None, head.stdout.read().decode() if head.stdout else "ray start stopped"
            with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), timeout=1):
                break
            time.sleep(0.2)
        yield f"127.0.0.1:{port}"
    finally:
        head.send_signal(signal.SIGTERM)
        try:
            head.wait(timeout=60)
        except subprocess.TimeoutExpired:
            head.kill()
            head.wait(timeout=10)
        # Ray leaves the stopped cluster's address behind for later drivers to find: forget it.
        note = Path(tempfile.gettempdir()) / "ray" / "ray_current_cluster"
        with contextlib.suppress(OSError):
            if note.read_text().strip() == f"127.0.0.1:{port}":
                note.unlink()


def test_ray_and_local_processes_play_identical_games_for_the_same_seeds(tmp_path: Path, ray_head: str) -> None:
    spec = make_spec("tandem-trick", [3, 4], compare="misere_bonus", games=6, chunk=3, seed=40)
    here = run(spec, tmp_path / "local", workers=2)
    there = run(spec, tmp_path / "ray", ray=ray_head)
    assert (here.played, there.played) == (24, 24)
    for table in ("games", "rounds"):
        mine = pq.read_table(tmp_path / "local" / f"{table}.parquet")
        theirs = pq.read_table(tmp_path / "ray" / f"{table}.parquet")
        if table == "games":
            mine, theirs = mine.drop_columns(["seconds"]), theirs.drop_columns(["seconds"])
        assert mine.equals(theirs)
    assert (tmp_path / "ray" / "report.html").exists()
