"""Shared checks of the games' ``narrate`` modules: every event of whole random games gets a sentence that names
players by name, and every finished trick a reason that names the winning card."""

from __future__ import annotations

import random
import re
from typing import Any

import tricktable
from tricktable.bots.base import make_bot
from tricktable.core.registry import narrator

NAMES = ["Ann", "Ben", "Cy", "Di", "Eve", "Flo", "Gus", "Hal"]


def play_and_narrate(game_name: str, players: int, seed: int, **options: Any) -> tuple[list[str], list[str], Any]:
    """Play a whole game with random bots; the sentences of every event and every trick reason given."""
    narrate, trick_reason = narrator(game_name)
    game = tricktable.new_game(game_name, players=players, seed=seed, **options)
    bot = make_bot(game_name, "random", seed)
    names = NAMES[:players]
    reasons: list[str] = []
    last = None
    rng = random.Random(seed)
    for _ in range(20000):
        if game.to_move is None:
            break
        game.play(bot.choose(game.view(game.to_move)))
        view = game.view(rng.randrange(players))
        if view.get("last_trick") and view["last_trick"] != last:
            last = view["last_trick"]
            reason = trick_reason(view, names)
            if reason is not None:
                reasons.append(reason)
    sentences = []
    for event in game.events:
        text = narrate(event.to_dict(), names)
        assert text, f"no sentence for {event.to_dict()}"
        sentences.append(text)
    return sentences, reasons, game


def check_sentences(sentences: list[str]) -> None:
    for text in sentences:
        assert "seat=" not in text and "number chosen:" not in text, text
        assert not re.search(r"\bseats? \d", text), f"a seat number instead of a name: {text}"
        assert "None" not in text and "_" not in text, text
    assert any(name in text for text in sentences for name in NAMES)
