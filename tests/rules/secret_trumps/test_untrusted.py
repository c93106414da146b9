"""Secret Trumps meets any move text and any explicit deal: a move, or the game's own error and nothing changed."""

from __future__ import annotations

from tests.rules.untrusted_support import UntrustedInput


class TestUntrustedInput(UntrustedInput):
    NAME = "secret-trumps"
    PLAYERS = (3, 4)
    REGRESSIONS = ("pick ²S", "goal ²", "choose exactly-²", "cross", "²S", "A²")
