"""The pages: the lobby and the table (static HTML; the ES modules beside them do the rest)."""

from __future__ import annotations

from pathlib import Path

from fastapi import APIRouter
from fastapi.responses import FileResponse

STATIC = Path(__file__).parent / "static"

router = APIRouter(include_in_schema=False)


@router.get("/")
async def lobby_page() -> FileResponse:
    return FileResponse(STATIC / "index.html")


@router.get("/t/{table_id}")
async def table_page(table_id: str) -> FileResponse:
    return FileResponse(STATIC / "table.html")
