"""The losing-play benchmark finds the same losing play as the analysis, and counts the cards that would have kept
the round."""

from __future__ import annotations

from tricktable.analysis import analyse
from tricktable.core.records import to_record

from benchmarks import losing_tricks_together as LOSING


def test_the_losing_play_is_the_one_the_analysis_finds() -> None:
    kinds = set()
    for seed in range(16):
        # A budget no move reaches, so that the bots choose the same cards whenever the round is played.
        game, outcome = LOSING.play("easy:budget=60.0", 4, 3, seed, seed % 4 == 0)
        kinds.add(outcome[0])
        report = analyse(to_record(game))
        costly = [play.number for section in report.sections for play in section.plays if play.cost]
        if outcome[0] == "lost":
            _, trick, place, need, _, good, number = outcome
            assert costly == [number]
            assert 1 <= trick <= 3 and 1 <= place <= 4 and need >= 0
            assert good >= 1  # the position before the play was makeable, so some card kept it
        else:
            assert costly == []
    assert kinds == {"lost", "made", "unmakeable"}
