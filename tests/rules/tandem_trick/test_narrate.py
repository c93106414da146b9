"""Tandem Trick's log as sentences, and the reason a trick's winning side won."""

from __future__ import annotations

from tricktable.rules.tandem_trick import narrate, trick_reason

from ..narration import NAMES, check_sentences, play_and_narrate


def test_every_event_of_a_game_reads_as_a_sentence_with_names() -> None:
    sentences, reasons, _ = play_and_narrate("tandem-trick", 4, seed=5)
    check_sentences(sentences)
    assert any(" rides along with " in s for s in sentences) and any(" bids " in s for s in sentences)
    assert reasons and all(" win: " in r or " wins: " in r for r in reasons)


def test_a_ride_along_names_both_players() -> None:
    event = {
        "type": "tandem_formed",
        "seat": 2,
        "card": "B9",
        "partner": 1,
        "partner_card": "B2",
        "total": 11,
        "trick": 3,
    }
    assert narrate(event, NAMES) == "Cy rides along with Ben's blue 2: blue 9, together worth 11"


def test_a_tandem_win_says_what_the_tandem_was_worth() -> None:
    last = {"seats": [1, 2, 3, 0], "cards": ["Y8", "Y6", "Y10", "Y5"], "winner": 3, "winners": [2, 3]}
    last["notes"] = ["alone", "alone", "tandem with seat 2", "alone"]
    assert trick_reason({"last_trick": last}, NAMES) == "yellow 6 + yellow 10 win: a tandem worth 16"
