"""What the terminal prints of texts it did not write (error messages, file names, the install hint) is printed
as it is: the console's markup would eat anything in square brackets, such as ``[lab]`` or ``[Errno 2]``."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tricktable.cli import app


def test_playtest_without_its_extra_says_the_whole_install_command(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "tricktable.lab.run", None)  # importing it now raises ImportError
    result = CliRunner().invoke(app, ["playtest", "tricks-together", "--out", str(tmp_path / "out")])
    assert result.exit_code == 2
    assert "pip install 'tricktable[lab]'" in result.output


def test_an_error_naming_a_file_in_brackets_is_printed_whole(tmp_path: Path) -> None:
    missing = tmp_path / "game [lab].json"
    result = CliRunner().invoke(app, ["analyse", str(missing)])
    assert result.exit_code == 2
    assert "[Errno 2]" in result.output and "[lab].json" in result.output.replace("\n", "")
