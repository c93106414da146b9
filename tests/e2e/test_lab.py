"""The Lab page in real Chromium against a real ``tricktable serve``: a finished playtest is listed, and choosing
it shows its report with its plots; its screenshot is docs/screenshots/lab.png when refreshed (``screenshots``)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tricktable.lab.catalog import register
from tricktable.lab.run import run
from tricktable.lab.spec import make_spec

from .support import Server, start_server

pytestmark = pytest.mark.browser


@pytest.fixture
def lab_server(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Server]:
    monkeypatch.setenv("TRICKTABLE_LAB", str(tmp_path / "lab"))  # the server process inherits it
    out = tmp_path / "climb"
    run(make_spec("tricks-together", [3, 4], compare="lives", games=8, chunk=4), out, workers=1)
    register(out)
    running = start_server(tmp_path / "tables.sqlite3")
    yield running
    running.kill()


def test_the_lab_page_shows_a_finished_playtests_report(page: Any, lab_server: Server, screenshots: Path) -> None:
    page.goto(lab_server.url + "/lab")
    link = page.wait_for_selector("#playtests li a")
    assert "tricks-together: 3, 4 players, comparing lives" in link.inner_text()
    link.click()
    frame = page.frame_locator("#report")
    frame.locator("h2", has_text="Findings").wait_for()
    assert frame.locator("img").count() >= 4
    assert "Variants compared: lives" in frame.locator("body").inner_text()
    page.screenshot(path=str(screenshots / "lab.png"))
