"""``tricktable serve`` checks every flag before anything starts: a value out of range is refused in one line
naming the flag, with exit code 2, and no address is printed."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest


def refusal(*flags: str) -> str:
    """The one line ``serve`` prints on stderr when it refuses these flags (it must not start)."""
    command = [sys.executable, "-c", "from tricktable.cli import main; main()", "serve", *flags]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        out, err = process.communicate(timeout=30)
    except subprocess.TimeoutExpired:
        process.kill()
        out, err = process.communicate()
        raise AssertionError(f"serve {' '.join(flags)} started instead of refusing: {out}") from None
    assert process.returncode == 2, (process.returncode, out, err)
    assert "http://" not in out and "Traceback" not in err, (out, err)
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    return lines[0]


@pytest.mark.parametrize(
    ("flags", "said"),
    [
        (("--port", "70000"), "--port must be 1 to 65535"),
        (("--port", "0"), "--port must be 1 to 65535"),
        (("--bot-workers", "-3"), "--bot-workers must be 0 to"),
        (("--bot-delay", "-1"), "--bot-delay is a number of seconds"),
        (("--grace", "nan"), "--grace is a number of seconds"),
        (("--idle-expiry", "inf"), "--idle-expiry is a number of seconds"),
        (("--client-tables", "0"), "--client-tables must be 1 to"),
        (("--rate", "lots"), "--rate 'lots' is not a rate"),
        (("--socket-rate", "0/minute"), "--socket-rate must allow at least 1"),
    ],
)
def test_a_flag_out_of_range_is_refused_before_anything_starts(
    tmp_path: Path, flags: tuple[str, ...], said: str
) -> None:
    db = tmp_path / "t.sqlite3"
    line = refusal("--db", str(db), *flags)
    assert line.startswith("tricktable serve: ") and said in line, line
    assert not db.exists() and not Path(f"{db}.lock").exists(), "nothing may be made before the flags are checked"


def test_a_database_that_cannot_be_created_says_so(tmp_path: Path) -> None:
    line = refusal("--db", "/proc/tt.db", "--port", "1")
    assert "cannot create the database tt.db in /proc" in line and "another" not in line, line
    assert "is a folder" in refusal("--db", str(tmp_path))
