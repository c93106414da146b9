"""Secret Trumps' log as sentences, and the reason a trick's winning card won."""

from __future__ import annotations

from tricktable.rules.secret_trumps import narrate, trick_reason

from ..narration import NAMES, check_sentences, play_and_narrate


def test_every_event_of_a_game_reads_as_a_sentence_with_names() -> None:
    sentences, reasons, _ = play_and_narrate("secret-trumps", 4, seed=7)
    check_sentences(sentences)
    assert any(" picks " in s for s in sentences) and any(s.startswith("The goals are revealed") for s in sentences)
    assert reasons and all(" wins: " in r for r in reasons)


def test_a_goal_is_named_in_words() -> None:
    assert narrate({"type": "goal_chosen", "seat": 3, "goal": "most"}, NAMES) == "Di plays for “The most tricks”"


def test_trump_rank_and_super_trump_are_told_apart() -> None:
    table = {"trump suit": "hearts", "trump rank": "5"}
    trick = {"seats": [0, 1, 2, 3], "cards": ["9S", "5C", "5H", "8H"], "winner": 2}
    assert trick_reason({"table": table, "last_trick": trick}, NAMES) == "5♥ wins: super trump"
    trick = {"seats": [0, 1, 2, 3], "cards": ["9S", "5C", "9H", "8H"], "winner": 1}
    assert trick_reason({"table": table, "last_trick": trick}, NAMES) == "5♣ wins: trump rank"
