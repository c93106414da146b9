"""A throwaway PostgreSQL cluster for the tests and the benchmark: Debian's server binaries, ``initdb`` into a
temporary folder, listening on a free loopback port (and a unix socket in the same folder), stopped and deleted
at the end.  Nothing of a system-wide PostgreSQL is used or touched.

Debian puts the binaries in ``/usr/lib/postgresql/<version>/bin`` (``apt-get install postgresql``); ``PG_BIN``
names another folder.  Under CI (``CI`` set) a missing server is a failure, not a skip.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path


class ClusterMissing(RuntimeError):
    """No PostgreSQL server binaries on this machine."""


def server_binaries() -> Path | None:
    """The folder holding ``initdb``, ``pg_ctl`` and ``postgres``, or ``None``."""
    named = os.environ.get("PG_BIN")
    candidates = [Path(named)] if named else sorted(Path("/usr/lib/postgresql").glob("*/bin"), reverse=True)
    for folder in candidates:
        if (folder / "initdb").exists() and (folder / "pg_ctl").exists():
            return folder
    return None


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Cluster:
    """One running PostgreSQL cluster owned by this process."""

    def __init__(self, root: Path | None = None) -> None:
        binaries = server_binaries()
        if binaries is None:
            raise ClusterMissing("no PostgreSQL server binaries (apt-get install postgresql, or set PG_BIN)")
        self.bin = binaries
        self._own_root = root is None
        self.root = Path(tempfile.mkdtemp(prefix="tricktable-pg-")) if root is None else root
        self.data = self.root / "data"
        self.port = free_port()
        self.user = "tricktable"
        self._run_as: list[str] = []
        if os.geteuid() == 0:
            # The server refuses to run as root: run it as an unprivileged account that owns the folder.
            account = next(name for name in ("postgres", "nobody") if _has_account(name))
            shutil.chown(self.root, account)
            self._run_as = ["runuser", "-u", account, "--"]
        subprocess.run(
            [*self._run_as, str(self.bin / "initdb"), "-D", str(self.data), "-U", self.user, "-A", "trust",
             "--no-sync", "-E", "UTF8", "--locale", "C"],
            check=True, capture_output=True,
        )  # fmt: skip
        self.start()

    def start(self) -> None:
        options = f"-c listen_addresses=127.0.0.1 -p {self.port} -k {self.root} -c fsync=on -c max_connections=200"
        subprocess.run(
            [*self._run_as, str(self.bin / "pg_ctl"), "-D", str(self.data), "-o", options, "-w", "-t", "60",
             "-l", str(self.root / "server.log"), "start"],
            check=True, capture_output=True,
        )  # fmt: skip

    def stop(self, mode: str = "fast") -> None:
        subprocess.run(
            [*self._run_as, str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", mode, "-w", "-t", "60", "stop"],
            check=False, capture_output=True,
        )  # fmt: skip

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://{self.user}@127.0.0.1:{self.port}/{database}"

    def new_database(self, name: str) -> str:
        """A fresh empty database; returns its URL."""
        import psycopg

        with psycopg.connect(self.url(), autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
            conn.execute(f'CREATE DATABASE "{name}"')
        return self.url(name)

    def close(self) -> None:
        self.stop("immediate")
        if self._own_root:
            shutil.rmtree(self.root, ignore_errors=True)


def _has_account(name: str) -> bool:
    import pwd

    try:
        pwd.getpwnam(name)
    except KeyError:
        return False
    return True


@contextlib.contextmanager
def cluster() -> Iterator[Cluster]:
    started = Cluster()
    try:
        yield started
    finally:
        started.close()


def wait_until(condition: object, seconds: float, what: str) -> None:
    deadline = time.monotonic() + seconds
    while not condition():  # type: ignore[operator]
        if time.monotonic() > deadline:
            raise AssertionError(f"waited {seconds} s for {what}")
        time.sleep(0.05)
