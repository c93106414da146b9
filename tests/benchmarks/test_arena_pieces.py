"""A match played in pieces adds up to the arena's match on the same deals, and never mixes versions of the code."""

from __future__ import annotations

import argparse
import gzip
import json
import subprocess
from pathlib import Path

import pytest

from tricktable.arena import play, summarise, tasks

from benchmarks import arena_pieces as PIECES


def match(deals: int, minutes: float = 5.0) -> argparse.Namespace:
    return argparse.Namespace(
        game="trumps", bots="random,heuristic", players=3, deals=deals, seed=40, minutes=minutes, workers=1
    )


@pytest.fixture
def pieces_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setattr(PIECES, "PIECES", tmp_path)
    monkeypatch.setattr(PIECES, "source_version", lambda game: "tree-a")
    return tmp_path


def test_two_pieces_make_the_arena_match_of_their_deals(pieces_dir: Path) -> None:
    options = {"target": "1"}
    PIECES.run(match(2), options)
    PIECES.run(match(3), options)  # the second piece plays only the third deal
    rows = PIECES.load(PIECES.match_path(match(3), options))
    assert sorted((r["deal"], r["rotation"]) for r in rows) == [(d, r) for d in range(3) for r in range(3)]
    joined = PIECES.summary(match(3), options)
    direct = summarise(
        [play(t) for t in tasks("trumps", "random", "heuristic", 3, 3, options, 40)], "random", "heuristic"
    )
    assert joined is not None
    assert (joined.deals, joined.games) == (3, 9)
    assert joined.rates == direct.rates
    assert joined.comparison == direct.comparison


def test_a_piece_out_of_time_plays_nothing_and_a_report_counts_whole_deals_only(pieces_dir: Path) -> None:
    options = {"target": "1"}
    PIECES.run(match(2, minutes=-1.0), options)
    assert PIECES.summary(match(2), options) is None
    PIECES.run(match(1), options)
    path = PIECES.match_path(match(1), options)
    rows = PIECES.load(path)
    with gzip.open(path, "at", encoding="utf-8") as out:  # a deal cut short: one rotation of three
        out.write(json.dumps({**rows[0], "deal": 1}) + "\n")
    summary = PIECES.summary(match(2), options)
    assert summary is not None and summary.deals == 1


def test_games_of_another_version_are_refused(pieces_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    options = {"target": "1"}
    PIECES.run(match(1), options)
    monkeypatch.setattr(PIECES, "source_version", lambda game: "tree-b")
    with pytest.raises(SystemExit, match="another version"):
        PIECES.run(match(2), options)
    path = PIECES.match_path(match(1), options)
    row = PIECES.load(path)[0]
    with gzip.open(path, "at", encoding="utf-8") as out:
        out.write(json.dumps({**row, "source": "tree-b"}) + "\n")
    with pytest.raises(SystemExit, match="mixed"):
        PIECES.summary(match(1), options)


PACKAGES = {"tricks_together": "tricks-together", "tandem_trick": "tandem-trick", "trumps": "trumps"}


def test_files_belong_to_the_game_they_name_or_to_every_game() -> None:
    assert PIECES.game_of("rules/trumps/game.py", PACKAGES) == "trumps"
    assert PIECES.game_of("analysis/tandem_trick.py", PACKAGES) == "tandem_trick"
    assert PIECES.game_of("server/static/js/games/tricks-together.js", PACKAGES) == "tricks_together"
    assert PIECES.game_of("core/cards.py", PACKAGES) is None
    assert PIECES.game_of("bots/base.py", PACKAGES) is None


def test_a_game_reaches_the_games_its_files_import_and_no_others() -> None:
    paths = ["core/cards.py", "rules/trumps/ctrumps.pxd", "bots/tandem_trick/cplay.pyx", "rules/tricks_together/x.py"]
    texts = {"bots/tandem_trick/cplay.pyx": "from tricktable.rules.tandem_trick.ck cimport a\n"}
    assert PIECES.games_reached(paths, texts, "tandem_trick", PACKAGES) == {"tandem_trick"}
    texts["bots/tandem_trick/cplay.pyx"] += "from tricktable.rules.trumps.ctrumps cimport below\n"
    texts["rules/trumps/ctrumps.pxd"] = "import tricktable.bots.tricks_together\n"
    assert PIECES.games_reached(paths, texts, "tandem_trick", PACKAGES) == {"tandem_trick", "trumps", "tricks_together"}
    # The shared code names every game (the lists of games and bots), which reaches none of them.
    texts["core/cards.py"] = "tricktable.bots.trumps"
    assert PIECES.games_reached(paths, texts, "tricks_together", PACKAGES) == {"tricks_together"}


def test_the_version_of_a_game_moves_with_its_code_and_not_with_another_games(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def git(*args: str) -> None:
        subprocess.run(["git", "-c", "user.name=t", "-c", "user.email=t@t", *args], cwd=tmp_path, check=True)

    def write(path: str, text: str, commit: bool = True) -> None:
        (source / path).parent.mkdir(parents=True, exist_ok=True)
        (source / path).write_text(text)
        if commit:
            git("add", "-A")
            git("commit", "-qm", path)

    source = tmp_path / "src" / "tricktable"
    git("init", "-q")
    write("core/cards.py", "A = 1\n")
    write("rules/trumps/game.py", "from tricktable.core.cards import A\n")
    write("rules/tandem_trick/game.py", "B = 2\n")
    monkeypatch.setattr(PIECES, "HERE", tmp_path / "benchmarks")
    monkeypatch.setattr(PIECES, "SOURCE", source)
    (tmp_path / "benchmarks").mkdir()
    first = PIECES.source_version("trumps")
    write("rules/tandem_trick/game.py", "B = 3\n")
    write("analysis/tandem_trick.py", "C = 3\n", commit=False)
    write("server/static/style.css", "main {}\n")
    write("server/app.py", "E = 1\n", commit=False)
    assert PIECES.source_version("trumps") == first
    write("rules/trumps/game.py", "D = 4\n", commit=False)
    with pytest.raises(SystemExit, match="uncommitted changes in code that plays trumps"):
        PIECES.source_version("trumps")
    git("add", "-A")
    git("commit", "-qm", "both")
    second = PIECES.source_version("trumps")
    assert second != first
    write("core/cards.py", "A = 5\n")
    assert PIECES.source_version("trumps") != second


def test_a_report_row_names_the_table_and_gives_both_rates_and_the_difference(pieces_dir: Path) -> None:
    options = {"target": "1", "teams": "true"}  # as the command line gives them
    PIECES.run(argparse.Namespace(**{**vars(match(2)), "players": 4}), options)
    summary = PIECES.summary(argparse.Namespace(**{**vars(match(2)), "players": 4}), options)
    assert summary is not None
    cells = [cell.strip() for cell in PIECES.row(summary, "trumps", 4, options, 300).strip("|").split("|")]
    assert cells[:3] == ["heuristic", "4 players in partnerships, one round", "2 of 300"]
    first, second = summary.rates["random: win share per seat"], summary.rates["heuristic: win share per seat"]
    assert cells[3].startswith(f"{first[0]:.3f} (") and cells[4].startswith(f"{second[0]:.3f} (")
    assert cells[5].startswith(f"{summary.comparison.mean:+.3f} (")
    assert PIECES.table_name("trumps", 3, {"target": 2}) == "3 players"
    assert PIECES.table_name("trumps", 4, {"target": "1", "teams": "false"}) == "4 players, one round"
    assert PIECES.table_name("tricks-together", 4, {}) == "4 players"
