"""``tricktable serve`` refuses to start, in one plain line and with exit code 2, before it prints its address,
when it cannot do its job safely: the database is used by another server, is not a database, cannot be
written, or is in a folder that does not exist; or the port is taken.  ``--durable`` waits for the disk."""

from __future__ import annotations

import contextlib
import os
import socket
import sqlite3
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from .support import make_app


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def serve(db: Path, port: int, prefix: list[str] | None = None) -> subprocess.Popen[str]:
    command = [sys.executable, "-c", "from tricktable.cli import main; main()", "serve", "--db", str(db)]
    command += ["--port", str(port), "--bot-workers", "1"]
    return subprocess.Popen([*(prefix or []), *command], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def refused(process: subprocess.Popen[str]) -> str:
    """The one line a refused start prints; checks the exit code and that nothing else was said."""
    out, err = process.communicate(timeout=60)
    assert process.returncode == 2, (process.returncode, out, err)
    assert "http://" not in out and "Traceback" not in err, (out, err)
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    return lines[0]


@pytest.fixture
def running(tmp_path: Path) -> Iterator[tuple[Path, int]]:
    db, port = tmp_path / "tables.sqlite3", free_port()
    process = serve(db, port)
    try:
        deadline = time.monotonic() + 30
        while True:
            with contextlib.suppress(OSError):
                urllib.request.urlopen(f"http://127.0.0.1:{port}/api/games", timeout=2).read()
                break
            assert process.poll() is None and time.monotonic() < deadline, process.communicate()
            time.sleep(0.1)
        yield db, port
    finally:
        process.terminate()
        process.wait(timeout=20)


def test_a_second_server_on_the_same_database_refuses_to_start(running: tuple[Path, int]) -> None:
    db, _ = running
    line = refused(serve(db, free_port()))
    assert "another tricktable server is using the database" in line


def test_a_file_that_is_not_a_database_is_refused(tmp_path: Path) -> None:
    db = tmp_path / "garbage.sqlite3"
    db.write_bytes(os.urandom(8192))
    assert "is not a database" in refused(serve(db, free_port()))


def test_a_missing_folder_is_refused(tmp_path: Path) -> None:
    line = refused(serve(tmp_path / "no" / "such" / "folder" / "t.sqlite3", free_port()))
    assert "folder of the database does not exist" in line
    assert not (tmp_path / "no").exists()


def test_a_read_only_database_is_refused(tmp_path: Path) -> None:
    db = tmp_path / "tables.sqlite3"
    sqlite3.connect(db).execute("CREATE TABLE t (x)").connection.close()
    db.chmod(0o444)
    # The superuser writes any file: without the capabilities that let it, a file's mode binds it too.
    prefix = ["setpriv", "--bounding-set=-dac_override,-dac_read_search,-fowner"] if os.geteuid() == 0 else None
    line = refused(serve(db, free_port(), prefix))
    # Found when the flags are checked, before the store opens it (whose own word would be "readonly").
    assert "cannot write the database" in line and "Permission denied" in line, line


def test_a_port_in_use_is_refused(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        line = refused(serve(tmp_path / "t.sqlite3", port))
    assert f"port {port}" in line and "in use" in line


def test_durable_waits_for_the_disk_at_every_commit(tmp_path: Path) -> None:
    for durable, expected in ((False, "NORMAL"), (True, "FULL")):
        app = make_app(tmp_path / f"{durable}.sqlite3", durable=durable)
        with TestClient(app):
            assert app.state.manager.store.synchronous() == expected
    out = subprocess.run(
        [sys.executable, "-c", "from tricktable.cli import main; main()", "serve", "--help"],
        capture_output=True,
        text=True,
        check=True,
        env=os.environ | {"COLUMNS": "200", "NO_COLOR": "1"},
    ).stdout
    assert "--durable" in out
