"""Trumps from the command line: a bots-only game recorded and replayed, team play, options refused, and a
human seat that sees its table."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from tricktable.cli import app


def test_cli_play_bots_only_and_replay(tmp_path: Path) -> None:
    runner = CliRunner()
    path = tmp_path / "trumps.json"
    out = runner.invoke(app, ["play", "trumps", "--bots-only", "--seed", "1", "--record", str(path)])
    assert out.exit_code == 0, out.output
    assert "as trumps, turning up" in out.output and "wins with" in out.output
    assert "as the trump indicator" not in out.output and "is dealt" not in out.output  # the public log only
    replay = runner.invoke(app, ["replay", str(path)])
    assert replay.exit_code == 0, replay.output
    assert replay.output.strip().splitlines()[-1] == out.output.strip().splitlines()[-2]
    teams = runner.invoke(app, ["play", "trumps", "--bots-only", "--seed", "2", "--teams", "--target", "10"])
    assert teams.exit_code == 0, teams.output
    assert "team" in teams.output.strip().splitlines()[-1]
    refused = runner.invoke(app, ["play", "trumps", "--bots-only", "-p", "5", "--teams"])
    assert refused.exit_code == 2 and "team play is for 4 players" in refused.output


def test_cli_human_seat_sees_the_table() -> None:
    runner = CliRunner()
    out = runner.invoke(app, ["play", "trumps", "--seed", "4", "--seat", "1"], input="mark ZZ\nhelp\nquit\n")
    assert out.exit_code == 0, out.output
    assert "not a card" in out.output and "Type mark and the card, e.g. mark " in out.output
    assert "Your hand: " in out.output and "Choose your trump indicator" in out.output
