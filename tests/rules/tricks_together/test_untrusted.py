"""Tricks Together meets any move text and any explicit deal: a move, or the game's own error and nothing changed."""

from __future__ import annotations

from tests.rules.untrusted_support import UntrustedInput


class TestUntrustedInput(UntrustedInput):
    NAME = "tricks-together"
    PLAYERS = (3, 4, 5)
    REGRESSIONS = ("bid ²", "²", "commit ³", "number ½", "bid ١", "٣", "bid " + "9" * 500)
