"""Helpers of the server tests: the app in-process, with limits loose enough for a test's own pace."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fastapi import FastAPI

from tricktable.server import GuardSettings, Limits, create_app

#: A test is one client making many requests: the limits it is not testing must not stop it.
LOOSE_GUARD = GuardSettings(rate="100000/minute", create_rate="10000/minute", socket_rate="100000/minute")
LOOSE_LIMITS = Limits(tables_per_client=1000)


def make_app(db: Path, **settings: Any) -> FastAPI:
    settings.setdefault("guard", LOOSE_GUARD)
    settings.setdefault("limits", LOOSE_LIMITS)
    settings.setdefault("bot_workers", 1)
    return create_app(db, **settings)
