"""The registry declares each game once, with every part a game needs, and nothing else lists the games."""

from __future__ import annotations

import inspect
from pathlib import Path

import pytest

from tricktable.bots.base import bot_kinds, make_bot
from tricktable.core.errors import InvalidOptions
from tricktable.core.game import Game
from tricktable.core.registry import GAMES, entry, game_class, game_names, games, load, narrator, new_game

SRC = Path(__file__).resolve().parents[2] / "src" / "tricktable"
STATIC = SRC / "server" / "static"
NAMES = [e.name for e in GAMES]


def test_every_game_is_listed_once() -> None:
    assert len(NAMES) == len(set(NAMES))
    assert game_names() == NAMES
    assert sorted(info["name"] for info in games()) == sorted(NAMES)


@pytest.mark.parametrize("name", NAMES)
def test_a_registered_game_has_its_game_class_at_its_package_front_door(name: str) -> None:
    found = entry(name)
    cls = game_class(name)
    assert issubclass(cls, Game) and cls.name == name
    assert found.package == f"tricktable.rules.{name.replace('-', '_')}"
    assert (SRC / "rules" / name.replace("-", "_") / "__init__.py").exists(), "a game lives in a package of its own"
    assert load(f"{found.package}:{cls.__name__}") is cls, "the game's class is exported by its front door"
    assert new_game(name, seed=1).name == name


@pytest.mark.parametrize("name", NAMES)
def test_a_registered_game_has_its_narrator(name: str) -> None:
    narrate, trick_reason = narrator(name)
    assert callable(narrate) and callable(trick_reason)


@pytest.mark.parametrize("name", NAMES)
def test_a_registered_game_has_bots_beyond_the_random_one(name: str) -> None:
    assert load(entry(name).bots).__name__ == f"tricktable.bots.{name.replace('-', '_')}"
    kinds = bot_kinds(name)
    assert kinds[0] == "random" and len(kinds) > 1, f"{name} registers no bot of its own"
    for kind in kinds:
        assert callable(make_bot(name, kind, seed=1).choose)


@pytest.mark.parametrize("name", NAMES)
def test_a_registered_game_has_an_analysis(name: str) -> None:
    target = entry(name).analysis
    assert target is not None, f"{name} has no analysis"
    analysis = load(target)
    assert list(inspect.signature(analysis).parameters) == ["record"]


@pytest.mark.parametrize("name", NAMES)
def test_a_registered_game_has_lab_metrics(name: str) -> None:
    from tricktable.lab.games import metrics_for

    target = entry(name).metrics
    assert target is not None, f"{name} has no playtest metrics"
    metrics = metrics_for(name)
    for method in ("game_columns", "round_rows", "measures", "sections"):
        assert callable(getattr(metrics, method)), f"{target} lacks {method}"


@pytest.mark.parametrize("name", NAMES)
def test_a_registered_game_has_its_web_assets(name: str) -> None:
    web = entry(name).web
    assert f"js/games/{name}.js" in web and f"rules/{name}.html" in web, "the browser finds these by the game's name"
    for path in web:
        assert (STATIC / path).is_file(), f"{name}'s {path} is missing"


def test_every_game_package_bots_package_analysis_metrics_and_web_asset_belongs_to_a_registered_game() -> None:
    """A part without an entry is a game half added: it would never be loaded."""
    packages = {e.package.rpartition(".")[2] for e in GAMES}
    found = {
        "rules": {p.name for p in (SRC / "rules").iterdir() if (p / "__init__.py").exists()},
        "bots": {p.name for p in (SRC / "bots").iterdir() if (p / "__init__.py").exists()},
        "analysis": {p.stem for p in (SRC / "analysis").glob("*.py")} - {"__init__", "report"},
        "lab": {p.stem for p in (SRC / "lab" / "games").glob("*.py")} - {"__init__", "base"},
        "web": {p.stem.replace("-", "_") for d in ("js/games", "rules") for p in (STATIC / d).iterdir()},
    }
    for part, names in found.items():
        assert names == packages, f"{part}: {sorted(names ^ packages)} not matched by a registered game"


def test_an_unknown_game_is_refused_by_name() -> None:
    with pytest.raises(InvalidOptions, match="no game called 'bridge'; the games are: tricks-together"):
        game_class("bridge")
    assert game_class("Tricks_Together") is game_class("tricks-together")


def test_the_loader_keeps_what_it_loaded() -> None:
    target = entry("trumps").game
    assert load(target) is load(target) is game_class("trumps")
