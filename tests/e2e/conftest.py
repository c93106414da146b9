"""A real ``tricktable serve`` subprocess and Debian's Chromium for the end-to-end tests."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .support import CHROMIUM, CHROMIUM_ARGS, DESKTOP, DOCS_SCREENSHOTS, REFRESH_SCREENSHOTS, Server, start_server


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    running = start_server(tmp_path_factory.mktemp("serve") / "tables.sqlite3")
    yield running
    running.kill()


@pytest.fixture(scope="session")
def screenshots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Where the browser tests save their screenshots: ``docs/screenshots`` when
    ``TRICKTABLE_REFRESH_SCREENSHOTS=1`` asks for new pictures, else a temporary folder (the tree stays clean)."""
    if os.environ.get(REFRESH_SCREENSHOTS) == "1":
        DOCS_SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        return DOCS_SCREENSHOTS
    return tmp_path_factory.mktemp("screenshots")


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    yield page
    context.close()
    assert not errors, f"the page raised: {errors}"


@pytest.fixture
def contexts(browser: Any) -> Iterator[list[Any]]:
    """Browser contexts a test opens (one per person at the table), closed when the test ends."""
    made: list[Any] = []
    yield made
    for context in made:
        context.close()
