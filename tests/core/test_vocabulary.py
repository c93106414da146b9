"""One vocabulary for what a person reads: every log sentence, trick reason, round reason and game summary each
game's narration gives (random games, every phase, for a player and for a watcher) names cards, goals and
players as people do: no raw card codes, no slugs, no 0-based seats, no word said twice in a row."""

from __future__ import annotations

import random
import re

import pytest

from tricktable.analysis import analyse
from tricktable.core.records import to_record
from tricktable.core.registry import new_game
from tricktable.server.narration import Narrator

CARD_CODE = re.compile(r"\b(?:10|[2-9TJQKA])[SHDC]\b|\b[RYBK](?:1[01]|[0-9])\b")
SLUG = re.compile(r"\b[a-z]+-(?:[a-z]+|\d+)\b")
SEAT_NUMBER = re.compile(r"\b[Ss]eats? \d")
DOUBLED = re.compile(r"\b(\w+) \1\b", re.IGNORECASE)
NAMES = ["Ada", "Bo", "Cy", "Di"]


def texts_of(narrator: Narrator, view: dict[str, object]) -> list[str]:
    """What the log, the trick's line, the score sheet's reasons and the result say about ``view``."""
    texts = narrator.sentences(view.get("events") or [], NAMES)  # type: ignore[arg-type]
    reason = narrator.trick_reason(view, NAMES)
    if reason:
        texts.append(reason)
    for row in view.get("score_sheet") or []:  # type: ignore[attr-defined]
        if isinstance(row.get("reason"), str):
            texts.append(Narrator.named(row["reason"], NAMES))
    result = view.get("result")
    if isinstance(result, dict) and result.get("summary"):
        texts.append(Narrator.named(str(result["summary"]), NAMES))
    return texts


def problems(text: str) -> list[str]:
    found = []
    for what, pattern in (("a card code", CARD_CODE), ("a slug", SLUG), ("a seat number", SEAT_NUMBER)):
        match = pattern.search(text)
        if match:
            found.append(f"{what} ({match.group(0)!r})")
    doubled = DOUBLED.search(text)
    if doubled and not doubled.group(1).isdigit():
        found.append(f"a doubled word ({doubled.group(0)!r})")
    return found


@pytest.mark.parametrize("game_name", ["tricks-together", "tandem-trick", "secret-trumps", "trumps"])
def test_every_text_of_random_games_is_in_a_players_words(game_name: str) -> None:
    narrator = Narrator(game_name)
    bad: dict[str, list[str]] = {}
    for seed in range(2):
        game = new_game(game_name, players=4, seed=seed)
        rng = random.Random(seed)
        for _ in range(500):
            for seat in (None, 0):
                for text in texts_of(narrator, game.view(seat)):
                    found = problems(text)
                    if found:
                        bad.setdefault(text, found)
            if game.is_over:
                break
            game.play(rng.choice(game.legal_moves()))
    assert not bad, list(bad.items())[:5]


def test_the_checks_catch_what_they_refuse() -> None:
    assert problems("Ada discarded Y9")
    assert problems("Ada plays for no-hearts")
    assert problems("first pick seat 0")
    assert problems("lives lives at the start")
    assert not problems("Ada plays yellow 9 and takes 2 tricks")


def test_every_text_of_tricks_togethers_open_hands_analysis_is_in_a_players_words() -> None:
    game = new_game("tricks-together", players=3, seed=5)
    rng = random.Random(5)
    while not game.is_over and len(game.view(None)["score_sheet"]) < 2:
        game.play(rng.choice(game.legal_moves()))
    report = analyse(to_record(game, ["Ada", "Bo", "Cy"]))
    texts = [line for section in report.sections for line in [section.title, *section.facts]]
    texts += [play.note for section in report.sections for play in section.plays if play.note]
    bad = {text: problems(text) for text in texts if problems(text)}
    assert not bad, list(bad.items())[:5]
