"""Fixtures shared by several test folders: a throwaway PostgreSQL cluster (``tests/pgcluster.py``)."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

from tests.pgcluster import Cluster, ClusterMissing


@pytest.fixture(scope="session")
def postgres() -> Iterator[Cluster]:
    """A PostgreSQL cluster of this test run's own, started from Debian's binaries and removed at the end.
    Without the binaries the tests that need it are skipped on a developer's machine, and fail under CI."""
    try:
        cluster = Cluster()
    except ClusterMissing as exc:
        if os.environ.get("CI"):
            pytest.fail(f"{exc}: CI must install PostgreSQL (apt-get install postgresql)")
        pytest.skip(str(exc))
    try:
        yield cluster
    finally:
        cluster.close()
