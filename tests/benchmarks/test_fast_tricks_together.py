"""The fast level's benchmark times both teams on the same deals and counts agreement on held-out choices only."""

from __future__ import annotations

import json
import random
from pathlib import Path

from tricktable.bots.tricks_together import belief_data

from benchmarks import fast_tricks_together as FAST


def test_both_teams_are_timed_on_the_same_deals() -> None:
    found = FAST.speed(1, "easy", 4, 3)
    assert set(found) == {"fast", "easy"}
    for seconds, moves, won in found.values():
        assert seconds > 0 and moves > 4 and won in (0, 1)


def test_agreement_counts_the_held_out_rounds_choices(tmp_path: Path) -> None:
    records = []
    for seed in (10, 20, 21):  # seeds ending in 0 are held out; 21 is a training round and is not counted
        rng = random.Random(seed)
        game = belief_data.deal(4, 4, seed, seed % 4)
        moves = []
        while not game.score_sheet:
            moves.append(rng.choice(sorted(str(m) for m in game.legal_moves())))
            game.play(moves[-1])
        records.append({"players": 4, "cards": 4, "seed": seed, "dealer": seed % 4, "moves": moves})
    (tmp_path / "rounds-000000.jsonl").write_text("\n".join(json.dumps(r) for r in records) + "\n")
    seen, same = FAST.agreement(tmp_path)
    assert seen["numbers 4"] == 6  # three numbers a held-out round, the dealer's not chosen
    assert seen["cards"] == seen["blueprint cards"] > 0
    assert all(0 <= same[kind] <= seen[kind] for kind in seen)
