"""The web table's Lab page: finished playtests listed, their reports served by id, nothing else served."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from tricktable.core.registry import GAMES
from tricktable.lab.catalog import register
from tricktable.lab.published import PUBLISHED
from tricktable.lab.run import run
from tricktable.lab.spec import make_spec
from tricktable.server import create_app

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("TRICKTABLE_LAB", str(tmp_path / "lab"))
    return tmp_path / "lab"


@pytest.fixture
def client(tmp_path: Path, home: Path) -> Iterator[TestClient]:
    with TestClient(create_app(tmp_path / "tables.sqlite3", bot_delay=0.01)) as c:
        yield c


def test_the_lab_page_lists_a_finished_playtest_and_serves_its_report(tmp_path: Path, client: TestClient) -> None:
    out = tmp_path / "tandem"
    run(make_spec("tandem-trick", [3], games=3, chunk=3), out, workers=1)
    register(out)
    page = client.get("/lab")
    assert page.status_code == 200 and "Playtests" in page.text
    [entry] = client.get("/api/lab").json()
    # Where the playtest lies on the server's disk is nobody else's business.
    assert "path" not in entry and str(tmp_path) not in client.get("/api/lab").text
    assert (entry["game"], entry["players"], entry["played"], entry["finished"]) == ("tandem-trick", [3], 3, True)
    report = client.get(entry["report"])
    assert report.status_code == 200
    assert report.headers["content-type"].startswith("text/html")
    assert "Playtest: Tandem Trick" in report.text


def test_a_playtest_under_the_lab_home_is_listed_without_registering(home: Path, client: TestClient) -> None:
    run(make_spec("tricks-together", [3], games=2, chunk=2), home / "climb", workers=1)
    assert [e["game"] for e in client.get("/api/lab").json()] == ["tricks-together"]


def test_an_unknown_report_is_refused_and_no_path_is_followed(client: TestClient) -> None:
    assert client.get("/api/lab").json() == []
    missing = client.get("/lab/0123456789ab/report")
    assert missing.status_code == 404
    assert "no playtest" in missing.json()["detail"]
    assert client.get("/lab/..%2F..%2Fetc%2Fpasswd/report").status_code == 404


def test_the_lab_page_lists_the_playtests_published_with_the_project(client: TestClient) -> None:
    published = client.get("/api/lab/published").json()
    assert [p["game"] for p in published] == [p.game for p in PUBLISHED]
    assert {p["game"] for p in published} == {e.name for e in GAMES}  # one page for every game
    assert all(p["headline"] and p["bots"] and p["page"] == f"docs/playtests/{p['game']}.md" for p in published)
    assert 'id="published"' in client.get("/lab").text and "/api/lab/published" in client.get(
        "/static/js/lab.js").text  # fmt: skip


def test_the_published_list_and_the_pages_in_the_repository_agree() -> None:
    folder = ROOT / "docs" / "playtests"
    pages = {p.stem for p in folder.glob("*.md")} - {"index"}
    assert pages == {p.game for p in PUBLISHED}
    index = (folder / "index.md").read_text(encoding="utf-8")
    for entry in PUBLISHED:
        assert f"({entry.game}.md)" in index  # the index links every page
        rules = (ROOT / "docs" / "games" / f"{entry.game}.md").read_text(encoding="utf-8")
        assert f"../playtests/{entry.game}.md" in rules  # and every game's rules page links its playtest
    assert "docs/playtests/" in (ROOT / "README.md").read_text(encoding="utf-8")
