"""The web table's Lab page: the playtests run on this machine (``lab.catalog``) and their reports.

``GET /lab`` is the page, ``GET /api/lab`` the list as JSON, ``GET /lab/{id}/report`` a playtest's
self-contained HTML report, ``GET /api/lab/published`` the playtests published with the project
(``lab.published``).  Only directories the catalog lists are served, by their id, never by a path.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fastapi import APIRouter, HTTPException
from fastapi.responses import FileResponse

from tricktable.core.errors import excerpt
from tricktable.lab.catalog import find, playtests
from tricktable.lab.published import PUBLISHED
from tricktable.server.api import ERRORS

STATIC = Path(__file__).parent / "static"

router = APIRouter()


@router.get("/lab", include_in_schema=False)
async def lab_page() -> FileResponse:
    return FileResponse(STATIC / "lab.html")


@router.get("/api/lab", responses=ERRORS)
async def lab_list() -> list[dict[str, Any]]:
    """Every playtest known, newest first: game, player counts, variants, games, bots, and whether it is done.
    Where a playtest lies on this machine is not said: a folder's path is nobody else's business."""
    return [{k: v for k, v in entry.to_json().items() if k != "path"}
            | {"report": f"/lab/{entry.id}/report" if entry.finished else None}
            for entry in playtests()]  # fmt: skip


@router.get("/api/lab/published", responses=ERRORS)
async def lab_published() -> list[dict[str, Any]]:
    """The playtests published with the project, one page per game: its title, the headline finding, the bot
    levels behind its figures and the page's path in the project's repository."""
    return [entry.to_json() for entry in PUBLISHED]


@router.get("/lab/{entry}/report", include_in_schema=False)
async def lab_report(entry: str) -> FileResponse:
    found = find(entry)
    if found is None:
        raise HTTPException(404, f"there is no playtest with the id {excerpt(entry, 12)}")
    if not found.finished:
        raise HTTPException(404, "that playtest has no report yet: its run is not finished")
    return FileResponse(found.path / "report.html", media_type="text/html")
