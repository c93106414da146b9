"""A game plays and answers the same with its compiled kernels as with its Python reference.

Every game finds its kernels the same way: ``<game package>.compiled`` loads each ``*.pyx`` of the package
into an upper-case name (``CKERNEL``, ...), ``None`` where it was not built, and the modules that use one
fall back to the reference when it is ``None``.  So turning the kernels off is setting those names to
``None`` wherever the package holds them, and the check is that nothing a caller can see changes: the
random games replay to the same records, and the game's own questions to its kernels (``kernel_probes``)
get the same answers at positions of those games.
"""

from __future__ import annotations

import importlib
import json
import random
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from tests.conformance.kernel_probes import PROBES, UNPROBED
from tests.conformance.support import Config, each_configuration, random_games, replay
from tricktable.core.game import Game
from tricktable.core.records import to_record
from tricktable.core.registry import game_class, game_names

#: Positions of each configuration where the probes ask the kernels (those near a round's end answer).
POSITIONS = 60


def package_of(name: str) -> str:
    return game_class(name).__module__.rpartition(".")[0]


def kernels(name: str) -> dict[str, ModuleType | None]:
    """The game's compiled kernels by the name ``compiled.py`` gives them."""
    compiled = importlib.import_module(package_of(name) + ".compiled")
    return {
        key: value
        for key, value in vars(compiled).items()
        if key.isupper() and (value is None or isinstance(value, ModuleType))
    }


class Recording:
    """A kernel module standing in for itself, noting that it was called."""

    def __init__(self, module: ModuleType, used: set[str]) -> None:
        self._module = module
        self._used = used

    def __getattr__(self, attribute: str) -> Any:
        self._used.add(self._module.__name__)
        return getattr(self._module, attribute)


@contextmanager
def kernels_replaced(name: str, by: Callable[[ModuleType], Any]) -> Iterator[None]:
    """Every name bound to one of the game's kernels, in every loaded module of its package, bound to
    ``by(kernel)`` meanwhile."""
    built = {id(module): module for module in kernels(name).values() if module is not None}
    package = package_of(name)
    saved: list[tuple[ModuleType, str, Any]] = []
    for module_name, module in list(sys.modules.items()):
        if module is None or not module_name.startswith(package + ".") or id(module) in built:
            continue
        for attribute, value in list(vars(module).items()):
            if id(value) in built and value is built[id(value)]:
                saved.append((module, attribute, value))
                setattr(module, attribute, by(value))
    try:
        yield
    finally:
        for module, attribute, value in saved:
            setattr(module, attribute, value)


def record_text(game: Game) -> str:
    return json.dumps(to_record(game), sort_keys=True)


@pytest.mark.parametrize("name", game_names())
def test_every_kernel_of_the_game_is_built_and_loaded(name: str) -> None:
    found = kernels(name)
    assert found, f"{package_of(name)}.compiled names no kernel"
    missing = [key for key, module in found.items() if module is None]
    assert not missing, f"not built: {missing} (pip builds the kernels with the machine's C compiler)"
    folder = Path(importlib.import_module(package_of(name)).__file__ or "").parent
    sources = {path.stem for path in folder.glob("*.pyx")}
    loaded = {module.__name__.rpartition(".")[2] for module in found.values() if module is not None}
    assert loaded == sources, f"compiled.py loads {sorted(loaded)}, the package has {sorted(sources)}"
    assert set(PROBES[name]) | set(UNPROBED.get(name, ())) >= set(found), "a kernel no probe asks"


def asked_positions(config: Config) -> Iterator[Game]:
    """About ``POSITIONS`` positions of the configuration's random games, the same ones on every call, and
    each game's end."""
    total = sum(len(moves) + 1 for _, moves in random_games(config))
    rng = random.Random(config.seed)
    for game in replay(config):
        if rng.random() * total < POSITIONS or game.to_move is None:
            yield game


@each_configuration()
def test_the_kernels_agree_with_the_reference(config: Config) -> None:
    probes = PROBES[config.name]
    used: set[str] = set()
    answers: list[Any] = []
    records: list[str] = []
    with kernels_replaced(config.name, lambda kernel: Recording(kernel, used)):
        for game in asked_positions(config):
            answers.append([probe(game) for probe in probes.values()])
            if game.to_move is None:
                records.append(record_text(game))
    with kernels_replaced(config.name, lambda kernel: None):
        index = 0
        for game in asked_positions(config):
            reference = [probe(game) for probe in probes.values()]
            assert reference == answers[index], f"the kernels answer otherwise at move {len(game.history)}"
            index += 1
            if game.to_move is None:
                assert record_text(game) == records.pop(0), "the game plays otherwise without its kernels"
    assert not records and len(answers) == index
    asked = {module.__name__ for key, module in kernels(config.name).items() if key in probes and module}
    assert asked <= used, f"never asked at these positions: {sorted(asked - used)}"
