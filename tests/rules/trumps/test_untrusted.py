"""Trumps meets any move text and any explicit deal: a move, or the game's own error and nothing changed."""

from __future__ import annotations

from tests.rules.untrusted_support import UntrustedInput


class TestUntrustedInput(UntrustedInput):
    NAME = "trumps"
    PLAYERS = (3, 5, 8)
    REGRESSIONS = ("mark ²H", "pass 2C ³H QS", "declare ¹⁰H", "1²H", "²", "10♠²")
