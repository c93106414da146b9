"""Join the CSV files of several ``tricktable arena`` runs of one match (runs on different seeds, so that a long
match can be played in parts) and print the match's figures as the arena prints them: each bot's win share per
seat with its Wilson interval, and the paired difference per deal with its interval and p-values.

    python -m benchmarks.arena_tandem_trick strong heuristic part1.csv part2.csv ...

Deals are told apart by their seed; a deal found in two files is refused.  Move times are not in the CSV files:
each run prints its own (``arena_tandem_trick.md`` keeps them).
"""

from __future__ import annotations

import csv
import sys
from pathlib import Path

from tricktable.arena import paired, wilson


def join(first: str, files: list[Path]) -> tuple[dict[str, tuple[float, int]], list[float]]:
    """Per bot (first, and the other) its units of win and seat-games, and the per-deal paired differences."""
    units = {"first": 0.0, "second": 0.0}
    seats = {"first": 0, "second": 0}
    per_deal: dict[int, list[float]] = {}
    owner: dict[int, Path] = {}
    for path in files:
        with path.open(encoding="utf-8") as handle:
            for row in csv.DictReader(handle):
                seed = int(row["seed"])
                if owner.setdefault(seed, path) != path:
                    raise SystemExit(f"deal seed {seed} is in both {owner[seed]} and {path}")
                levels = row["seats"].split()
                winners = [int(w) for w in row["winners"].split()]
                share = 1.0 / len(winners)
                mine = [s for s, level in enumerate(levels) if level == first]
                theirs = [s for s in range(len(levels)) if s not in mine]
                a = sum(share for s in mine if s in winners)
                b = sum(share for s in theirs if s in winners)
                units["first"] += a
                units["second"] += b
                seats["first"] += len(mine)
                seats["second"] += len(theirs)
                per_deal.setdefault(seed, []).append(a / len(mine) - b / max(1, len(theirs)))
    shares = {name: (units[name], seats[name]) for name in units}
    return shares, [sum(v) / len(v) for v in per_deal.values()]


def main(first: str, second: str, files: list[Path]) -> None:
    shares, differences = join(first, files)
    print(f"{first} against {second}: {len(differences)} deals from {len(files)} file(s)")
    for name, level in (("first", first), ("second", second)):
        won, played = shares[name]
        low, high = wilson(won, played)
        print(f"  {level}: win share per seat {won / played:.3f} ({low:.3f} - {high:.3f}), {played} seat-games")
    c = paired(differences)
    print(f"  difference in win share per seat {c.mean:+.3f} ({c.low:+.3f} - {c.high:+.3f})")
    print(f"  p (paired, normal) {c.p_value:.2g}; sign test: {c.better} better, {c.worse} worse, p {c.sign_p:.2g}")


if __name__ == "__main__":
    if len(sys.argv) < 4:
        raise SystemExit(__doc__)
    main(sys.argv[1], sys.argv[2], [Path(p) for p in sys.argv[3:]])
