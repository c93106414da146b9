"""The terminal: play against bots, bots-only games, records and replays, clear errors."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

import tricktable
from tricktable.cli import app

runner = CliRunner()


def test_games_lists_every_game_with_options() -> None:
    result = runner.invoke(app, ["games"])
    assert result.exit_code == 0
    assert "tricks-together" in result.output and "--long-climb" in result.output


def test_bots_only_game_records_and_replays(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    result = runner.invoke(app, ["play", "tricks-together", "--bots-only", "--seed", "4", "--record", str(record)])
    assert result.exit_code == 0, result.output
    assert "The game is over" in result.output and "record saved" in result.output
    # The log reads as sentences, the same the web table shows: names, not "seat=0".
    assert "dealt by Bot " in result.output and "(normal)" in result.output and "seat=" not in result.output
    data = json.loads(record.read_text())
    assert data["format"] == "tricktable-record" and data["seed"] == 4 and data["moves"]

    replayed = runner.invoke(app, ["replay", str(record)])
    assert replayed.exit_code == 0
    assert data["result"]["summary"] in replayed.output.replace("\n", " ") or "score" in replayed.output

    as_json = runner.invoke(app, ["replay", str(record), "--json"])
    final = json.loads(as_json.output)
    assert final["result"] == data["result"] and final["phase"] == "over"


def test_options_from_the_command_line(tmp_path: Path) -> None:
    record = tmp_path / "g.json"
    args = ["play", "tricks-together", "--players", "3", "--bots-only", "--seed", "2", "--long-climb", "--lives", "4"]
    result = runner.invoke(app, [*args, "--record", str(record)])
    assert result.exit_code == 0, result.output
    options = json.loads(record.read_text())["options"]
    assert options["long_climb"] is True and options["lives"] == 4
    refused = runner.invoke(app, ["play", "tricks-together", "--players", "5", "--long-climb", "--bots-only"])
    assert refused.exit_code == 2 and "Long climb is for 3 or 4 players" in refused.output


def test_human_seat_reprompts_with_the_reason() -> None:
    game = tricktable.new_game("tricks-together", players=4, seed=9)
    # Seat 1 plays: answer every prompt with an impossible move first, then quit.
    result = runner.invoke(app, ["play", "tricks-together", "--seed", "9", "--seat", "1"], input="bid 99\nquit\n")
    assert result.exit_code == 0, result.output
    assert "your number must be 0 to" in result.output or "play a card now" in result.output
    assert "game abandoned" in result.output
    assert game.players == 4


def test_bad_record_names_the_failing_move(tmp_path: Path) -> None:
    game = tricktable.new_game("tricks-together", players=4, seed=3)
    for _ in range(5):
        game.play(str(game.legal_moves()[0]))
    data = tricktable.to_record(game)
    data["moves"][3] = "bid 9"
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 2
    assert "move 4 ('bid 9') fails" in result.output
    path.write_text("{not json")
    assert "not valid JSON" in runner.invoke(app, ["replay", str(path)]).output


def test_games_function_survives_importing_the_rule_modules() -> None:
    import tricktable.rules.trumps

    assert {g["name"] for g in tricktable.games()} == {"tricks-together", "tandem-trick", "secret-trumps", "trumps"}
