"""Learning the value of a card in a sampled world (``card_value.py``) from the rounds a team played.

    python -m tricktable.bots.tricks_together.card_value_fit --data DATA [DATA ...] [--out FILE] [--play-out policy]

For every card a seat chose among two or more in rounds made by ``belief_data`` (the folders given), the position
after it is judged as the search judges a world: still makeable with open hands, and made by the blueprint; the
label is whether the team made the round.  Per tricks left, the share of rounds made in each kind of position
makeable with open hands gives ``card_value.json`` (``--out`` writes elsewhere, to try it beside the shipped one).
Rounds with Secret numbers are left out.  With ``--play-out policy`` the second judge is the learned policy's
play-out (every seat choosing from its own view, ``cpolicy``) instead of the blueprint's: the rates of the search
that plays its worlds out that way (``Level.policy_playouts``).
"""

from __future__ import annotations

import argparse
import json
import math
from pathlib import Path
from typing import Any

from rich.progress import track

from tricktable.bots.tricks_together import cpolicy, cteam
from tricktable.bots.tricks_together.belief_data import dealt, split
from tricktable.bots.tricks_together.belief_data import load as load_rounds
from tricktable.bots.tricks_together.card_value import MIN_POSITIONS, TABLE, nearest
from tricktable.bots.tricks_together.policy import policy
from tricktable.core.cards import parse_card
from tricktable.rules.tricks_together import read_view, solve

#: The play-outs the second judge can be: every seat plays the blueprint, or the learned policy.
PLAY_OUTS = ("blueprint", "policy")


def judged(record: dict[str, Any], play_out: str = "blueprint") -> list[tuple[int, bool, bool, bool]]:
    """For every card of a round chosen among two or more (``belief_data``'s record): the tricks left, whether
    the round was still makeable with open hands after it, whether the play-out (``PLAY_OUTS``) then made it,
    and whether the team made it."""
    game = dealt(record)
    out = []
    for move in record["moves"]:
        if game.phase == "play":
            view = game.view(game.to_move)
            if len(view["legal_moves"]) > 1:
                k = read_view(view)
                card, hands = parse_card(move), list(game.hands)
                targets = [int(x) for x in k.numbers if x is not None]
                if len(targets) == k.players:  # Secret numbers' rounds are left out: the label needs every number
                    held = hands[:]
                    held[k.seat] ^= 1 << card
                    makeable = solve(held, k.trump, k.leader, targets, [*k.trick, card], k.won)
                    if play_out == "policy":
                        scores = cpolicy.scores(
                            policy(players=k.players).layers, [hands], [targets], [1.0], k.trump, k.cards, k.leader,
                            k.trick, k.won, k.gone, k.voids, k.history, [card],
                        )  # fmt: skip
                    else:
                        scores, _ = cteam.play_scores(
                            [hands], [targets], [1.0], k.trump, k.leader, k.trick, k.won, k.left, k.gone, [card], k.seat
                        )
                    out.append((k.left, makeable, scores[0] > 0.0, bool(record["made"])))
        game.play(move)
    return out


def fit(
    records: list[dict[str, Any]], min_positions: int = MIN_POSITIONS, play_out: str = "blueprint"
) -> dict[str, Any]:
    """The rates and their ratio per tricks left, from the rounds' cards (tricks left with fewer than
    ``min_positions`` positions of either kind are left out), the second judge ``play_out``."""
    counts: dict[int, list[int]] = {}  # tricks left: positions and rounds made, blueprint fails / makes
    for record in track(records, description="rounds", disable=len(records) < 100):
        for left, makeable, blueprint, made in judged(record, play_out):
            if makeable:
                row = counts.setdefault(left, [0, 0, 0, 0])
                row[2 * blueprint] += 1
                row[2 * blueprint + 1] += made
    rates = {
        left: (row[1] / row[0], row[3] / row[2], row[0], row[2])
        for left, row in sorted(counts.items())
        if min(row[0], row[2]) >= min_positions
    }
    if not rates:
        raise ValueError(f"no tricks left with {min_positions} positions of each kind: too few rounds")
    return {
        "players": sorted({int(r["players"]) for r in records}),
        "play-out": play_out,
        "rounds": len(records),
        "shares": {str(left): round(fails / makes, 4) for left, (fails, makes, _, _) in rates.items()},
        "rates": {
            str(left): {"blueprint fails": round(fails, 4), "blueprint makes": round(makes, 4), "positions": [a, b]}
            for left, (fails, makes, a, b) in rates.items()
        },
    }


def held_out_loss(
    records: list[dict[str, Any]], play_out: str = "blueprint", min_positions: int = MIN_POSITIONS
) -> tuple[float, int]:
    """How well the rates read the outcome: fitted on the rounds not held out (``belief_data.split``), minus the
    mean log-chance they give what happened in the held-out rounds' positions open hands could still make, and
    how many positions those are."""
    table = fit([r for r in records if split(r) != "test"], min_positions, play_out)
    rates = table["rates"]
    total, count = 0.0, 0
    for record in records:
        if split(record) != "test":
            continue
        for left, makeable, played_out, made in judged(record, play_out):
            if makeable:
                chance = rates[nearest(rates, left)]["blueprint makes" if played_out else "blueprint fails"]
                chance = min(max(chance, 1e-6), 1 - 1e-6)
                total -= math.log(chance if made else 1.0 - chance)
                count += 1
    return total / max(count, 1), count


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data", type=Path, nargs="+", required=True, help="folders of rounds (belief_data)")
    parser.add_argument("--out", type=Path, default=TABLE)
    parser.add_argument("--play-out", choices=PLAY_OUTS, default="blueprint", help="the second judge's play-out")
    args = parser.parse_args()
    records = [record for folder in args.data for record in load_rounds(folder)]
    if not records:
        raise SystemExit("no rounds in those folders")
    table = fit(records, play_out=args.play_out)
    for left, rate in table["rates"].items():
        print(
            f"{left} tricks left: made {rate['blueprint makes']:.3f} where the {args.play_out} makes it,"
            f" {rate['blueprint fails']:.3f} where only open hands do ({rate['positions'][1]} and"
            f" {rate['positions'][0]} positions): share {table['shares'][left]:.3f}"
        )
    loss, count = held_out_loss(records, args.play_out)
    print(f"held out: minus the mean log-chance of the outcome {loss:.4f} over {count} positions")
    args.out.write_text(json.dumps(table, indent=1, sort_keys=True) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
