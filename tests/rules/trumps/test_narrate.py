"""Trumps' log as sentences, and the reason a trick's winning card won."""

from __future__ import annotations

from tricktable.rules.trumps import narrate, trick_reason

from ..narration import NAMES, check_sentences, play_and_narrate


def test_every_event_of_a_game_reads_as_a_sentence_with_names() -> None:
    sentences, reasons, _ = play_and_narrate("trumps", 4, seed=9, target=10)
    check_sentences(sentences)
    assert any(" declares " in s for s in sentences) and any(s.startswith("Hand 1") for s in sentences)
    assert reasons and all(" wins: " in r for r in reasons)


def test_team_scores_name_both_partners() -> None:
    event = {"type": "hand_scored", "hand": 2, "tricks": [3, 2, 4, 4], "points": [7, 8], "totals": [7, 8]}
    assert narrate(event, NAMES[:4]) == "Hand 2 is scored: Ann and Cy +7, Ben and Di +8"


def test_a_trump_beats_the_suit_led() -> None:
    trick = {
        "seats": [0, 1, 2, 3],
        "cards": ["AS", "2H", "KS", "3S"],
        "trumps": [False, True, False, False],
        "winner": 1,
    }
    assert trick_reason({"last_trick": trick}, NAMES) == "2♥ wins: the only trump"
