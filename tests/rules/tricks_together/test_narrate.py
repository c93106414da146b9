"""Tricks Together's log as sentences, and the reason a trick's winning card won."""

from __future__ import annotations

from tricktable.rules.tricks_together import narrate, trick_reason

from ..narration import NAMES, check_sentences, play_and_narrate


def test_every_event_of_a_game_reads_as_a_sentence_with_names() -> None:
    sentences, reasons, _ = play_and_narrate("tricks-together", 4, seed=3)
    check_sentences(sentences)
    assert any(" commits to " in s for s in sentences) and any(
        s.startswith("The numbers are revealed") for s in sentences
    )
    assert reasons and all(" wins: " in r for r in reasons)


def test_a_commitment_and_a_failed_round_name_the_player() -> None:
    assert narrate({"type": "number_chosen", "seat": 1, "number": 1}, NAMES) == "Ben commits to 1 trick"
    failed = {
        "type": "round_failed",
        "round": 2,
        "reason": "too many tricks: seat 2 took 2 tricks with a number of 1",
        "missed": [2],
    }
    assert narrate(failed, NAMES) == "Round 2 fails: too many tricks: Cy took 2 tricks with a number of 1"


def test_the_winning_card_is_named_with_why_it_won() -> None:
    view = {
        "table": {"trumps": "spades"},
        "last_trick": {"seats": [0, 1, 2], "cards": ["AH", "KS", "2S"], "winner": 1},
    }
    assert trick_reason(view, NAMES) == "K♠ wins: highest trump"
    view["last_trick"] = {"seats": [0, 1, 2], "cards": ["9H", "AH", "2C"], "winner": 1}
    assert trick_reason(view, NAMES) == "A♥ wins: highest card of the suit led"
