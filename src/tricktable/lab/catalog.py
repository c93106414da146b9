"""The playtests a person has run, for the web table's Lab page: where they are and what they hold.

A playtest registers its directory here when its report is written (``register``); the Lab page lists the
registered directories and every playtest directory under the lab's home.  The home is ``TRICKTABLE_LAB`` if
set, else ``lab`` in the user's data directory.  Only ``playtest.json`` is read, so the web table needs none of
the lab's own dependencies.
"""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from platformdirs import user_data_dir

INDEX = "playtests.json"


def lab_home() -> Path:
    configured = os.environ.get("TRICKTABLE_LAB")
    return Path(configured) if configured else Path(user_data_dir("tricktable", appauthor=False)) / "lab"


@dataclass(frozen=True)
class Entry:
    id: str  #: stable: made from the directory's path
    path: Path
    game: str
    players: list[int]
    compare: str | None
    games: int  #: games per cell
    bots: str
    played: int  #: games played so far, over every run
    finished: bool  #: the report is written
    modified: float

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "path": str(self.path), "game": self.game, "players": self.players,
                "compare": self.compare, "games": self.games, "bots": self.bots, "played": self.played,
                "finished": self.finished, "modified": self.modified}  # fmt: skip


def entry_id(path: Path) -> str:
    return hashlib.sha1(str(path.resolve()).encode("utf-8")).hexdigest()[:12]


def register(directory: Path) -> None:
    """Remember ``directory`` for the Lab page (once)."""
    home = lab_home()
    home.mkdir(parents=True, exist_ok=True)
    index = home / INDEX
    known = _registered(index)
    path = str(Path(directory).resolve())
    if path not in known:
        temporary = index.with_name(INDEX + ".tmp")
        temporary.write_text(json.dumps([*known, path], indent=1) + "\n", encoding="utf-8")
        os.replace(temporary, index)


def _registered(index: Path) -> list[str]:
    try:
        data = json.loads(index.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError):
        return []
    return [p for p in data if isinstance(p, str)] if isinstance(data, list) else []


def playtests() -> list[Entry]:
    """Every playtest known, newest first (directories that are gone or unreadable are left out)."""
    home = lab_home()
    paths = [Path(p) for p in _registered(home / INDEX)]
    if home.is_dir():
        paths += [p for p in home.iterdir() if (p / "playtest.json").is_file()]
    found: dict[str, Entry] = {}
    for path in paths:
        entry = _read(path)
        if entry is not None:
            found[entry.id] = entry
    return sorted(found.values(), key=lambda e: -e.modified)


def find(entry: str) -> Entry | None:
    return next((e for e in playtests() if e.id == entry), None)


def _read(path: Path) -> Entry | None:
    try:
        meta = json.loads((path / "playtest.json").read_text(encoding="utf-8"))
        spec = meta["spec"]
        report = path / "report.html"
        stamp = (report if report.is_file() else path / "playtest.json").stat().st_mtime
        return Entry(entry_id(path), path.resolve(), str(spec["game"]), list(spec["players"]), spec.get("compare"),
                     int(spec["games"]), str(spec["bots"]), sum(int(r.get("games", 0)) for r in meta.get("runs", [])),
                     report.is_file(), stamp)  # fmt: skip
    except (OSError, KeyError, TypeError, ValueError):
        return None
