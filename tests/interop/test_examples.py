"""The examples of docs/interop.md run, on a few deals and episodes."""

from __future__ import annotations

from types import ModuleType

import pytest

from tricktable.bots import base

from ..scripts import load_script


def load(name: str) -> ModuleType:
    return load_script("examples", name)


def test_the_openspiel_example_compares_our_bot_with_mcts(capsys: pytest.CaptureFixture[str]) -> None:
    load("openspiel_mcts").main(["--deals", "2", "--level", "easy", "--simulations", "5"])
    out = capsys.readouterr().out
    assert "easy: games won" in out and "mcts (5 simulations): games won" in out and "minus mcts" in out


def test_the_pettingzoo_example_trains_and_measures_in_the_arena(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # The example registers its policy as a bot level: keep that out of the registry other tests read.
    monkeypatch.setattr(base, "_BOTS", dict(base._BOTS))
    load("pettingzoo_reinforce").main(["--episodes", "20", "--deals", "3"])
    out = capsys.readouterr().out
    assert "trained 20 episodes" in out
    assert "team utility, reinforce minus random" in out and "team utility, reinforce minus heuristic" in out
