"""Positions to learn the belief and the policy from: rounds the team-mates play among themselves, and every seat's
view in them.

    python -m tricktable.bots.tricks_together.belief_data --out DATA --rounds 2000 [--level strong[:FIELD=VALUE]]
        [--belief 0] [--sizes 2 3 4 5 6 7] [--policy FILE] [--labels LEVEL] [--secret] [--workers 2]

Round ``i`` has ``sizes[i % len(sizes)]`` cards (``--sizes``, by default ``SIZES``) and is dealt by seed
``--first-seed + i``, the dealer turning with ``i``; a team of ``--level`` team-mates (seeded by the round) chooses
the numbers and plays it out (a level may change fields, ``strong:policy_playouts=0``, to play as an earlier one
did).  They draw their worlds uniformly, as ``strong`` did when the shipped belief was learnt
(``--belief 0``), so that the data does not feed on the model it makes and the shipped model can be made again;
``--belief 1`` lets them draw their worlds from the shipped belief, as ``strong`` plays now: the games of the next
turn of learning.  ``--policy FILE`` gives the team another learned policy than the shipped one (``strong`` plays
its worlds out with it, ``fast`` plays it), so that the rounds an earlier turn of the policy was learnt from can be
played again.  ``--labels LEVEL``: at every card chosen among two or more, a team-mate of that level names the
card it would play from the same view, and the policy learns those cards instead, in the positions the playing
team reaches (``--level fast --labels strong``: the positions a team of ``fast`` reaches, labelled by ``strong``).
``--secret`` plays the rounds with Secret numbers (each record says so, and is replayed with them).
Only the moves (and labels) are kept, as JSON lines in files of ``CHUNK`` rounds (``rounds-000000.jsonl``, ...):
a file already there is not played again, so a run stopped half-way goes on where it stopped, and the same command
always makes the same files. ``positions`` replays a round and gives, before every card played, each seat's
knowledge and the true hands (the label, free), and ``choices`` every card a seat chose with the card it played (the
policy's label); ``train.py`` turns them into the networks' inputs.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from functools import partial
from pathlib import Path
from typing import Any

import numpy as np
from rich.progress import Progress

import tricktable
from tricktable.bots.tricks_together.belief import allowed, encode
from tricktable.bots.tricks_together.cvalue import value_inputs
from tricktable.bots.tricks_together.policy import FEATURES, MAX_LEGAL, policy
from tricktable.bots.tricks_together.policy import encode as encode_choice
from tricktable.bots.tricks_together.position_value import FEATURES as VALUE_FEATURES
from tricktable.bots.tricks_together.search import TeamMate, parse_level
from tricktable.core.cards import parse_card
from tricktable.rules.tricks_together import Knowledge, read_view, solve_cards

#: The round sizes played, in turn: every size in which cards can say something about the hands.
SIZES = (2, 3, 4, 5, 6, 7)
CHUNK = 24
FIRST_SEED = 700000

Record = dict[str, Any]


def deal(players: int, cards: int, seed: int, dealer: int, secret: bool = False) -> Any:
    return tricktable.new_game(
        "tricks-together", players=players, seed=seed, deals=[{"round": cards, "dealer": dealer}],
        secret_numbers=secret,
    )  # fmt: skip


def dealt(record: Record) -> Any:
    """A record's round, newly dealt (with Secret numbers if it was played with them)."""
    return deal(record["players"], record["cards"], record["seed"], record["dealer"], record.get("secret", False))


def team(level: str, players: int, seed: int, belief: float, policy_file: str | None) -> dict[int, TeamMate]:
    """A team of ``level`` (changed fields allowed), seeded by ``seed``, drawing worlds at ``belief``."""
    chosen = parse_level(level)
    bots = {seat: TeamMate(seed=seed * 16 + seat, level=level.partition(":")[0]) for seat in range(players)}
    for bot in bots.values():
        bot.level = dataclasses.replace(chosen, belief=belief)
        if policy_file is not None:
            bot.policy_model = policy(policy_file)
    return bots


def play(
    task: tuple[int, int, int, str, float, tuple[int, ...], str | None], labels: str | None = None, secret: bool = False
) -> Record:
    """One round (``index``) played by a team of ``level``, drawing worlds from the learned belief at power
    ``belief`` (0: uniformly), the round sizes taken in turn from ``sizes``, with the learned policy in the file
    ``policy`` (``None``: the shipped one): its setting and every move.  ``labels``: a level that, at every card
    chosen among two or more, says which card it would have played from the same view (kept as ``labels``, in
    order): the policy then learns that level's cards in the positions the playing team reaches.  ``secret``: the
    round is played with Secret numbers (the record says so, and is replayed with them)."""
    players, index, first_seed, level, belief, sizes, policy_file = task
    cards, seed, dealer = sizes[index % len(sizes)], first_seed + index, index % players
    game = deal(players, cards, seed, dealer, secret)
    bots = team(level, players, seed, belief, policy_file)
    teachers = team(labels, players, seed + 1, belief, None) if labels is not None else {}
    moves, taught = [], []
    while not game.score_sheet:
        view = game.view(game.to_move)
        move = bots[game.to_move].choose(view)
        if teachers and game.phase == "play" and len(view["legal_moves"]) > 1:
            taught.append(teachers[game.to_move].choose(view))
        moves.append(move)
        game.play(move)
    record = {
        "players": players, "cards": cards, "seed": seed, "dealer": dealer, "moves": moves,
        "made": bool(game.score_sheet[0].success),
    }  # fmt: skip
    if secret:
        record["secret"] = True
    if teachers:
        record["labels"] = taught
    return record


def positions(record: Record) -> Iterator[tuple[Knowledge, list[int]]]:
    """Before every card of the round, each seat's knowledge (where some other seat still holds cards) and the
    hands as they truly are then."""
    game = dealt(record)
    for move in record["moves"]:
        if game.phase == "play":
            for seat in range(game.players):
                k = read_view(game.view(seat))
                if any(k.counts[p] for p in range(k.players) if p != seat):
                    yield k, list(game.hands)
        game.play(move)


def choices(record: Record, game: Any = None) -> Iterator[tuple[Knowledge, list[int], int]]:
    """Every card of the round that was a choice (two legal cards or more): the knowledge of the seat that chose,
    its legal cards and the card it played.  ``game``: the round's game, newly dealt, to read the true hands from
    at each choice (by default one is dealt here)."""
    game = dealt(record) if game is None else game
    for move in record["moves"]:
        if game.phase == "play":
            view = game.view(game.to_move)
            if len(view["legal_moves"]) > 1:
                yield read_view(view), [parse_card(m) for m in view["legal_moves"]], parse_card(move)
        game.play(move)


def choice_arrays(records: list[Record], keeps: bool = False) -> tuple[np.ndarray, ...]:
    """The policy's inputs (choices x legal cards x features, padded to ``policy.MAX_LEGAL``), the legal cards
    present (choices x legal cards) and the index of the card played (choices), or of the card the labelling level
    chose where the round was played with ``labels``; with ``keeps``, also the legal cards after which open hands
    could still make the numbers in the true deal (none where a number is hidden)."""
    xs, masks, ys, kept = [], [], [], []
    for record in records:
        taught = iter(record.get("labels", ()))
        game = dealt(record)
        for k, legal, played in choices(record, game):
            x = np.zeros((MAX_LEGAL, FEATURES), dtype=np.float32)
            x[: len(legal)] = encode_choice(k, legal)
            xs.append(x)
            masks.append(np.arange(MAX_LEGAL) < len(legal))
            ys.append(legal.index(parse_card(next(taught)) if "labels" in record else played))
            if keeps:
                row = np.zeros(MAX_LEGAL, dtype=bool)
                targets = [int(x) for x in k.numbers if x is not None]
                if len(targets) == k.players:
                    row[: len(legal)] = solve_cards(list(game.hands), k.trump, k.leader, targets, legal, k.trick, k.won)
                kept.append(row)
    found: tuple[np.ndarray, ...] = (
        np.array(xs, dtype=np.float32).reshape(-1, MAX_LEGAL, FEATURES),
        np.array(masks, dtype=bool).reshape(-1, MAX_LEGAL),
        np.array(ys, dtype=np.int64),
    )
    return (*found, np.array(kept, dtype=bool).reshape(-1, MAX_LEGAL)) if keeps else found


def value_arrays(records: list[Record]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The position value's inputs (``position_value``) after every card of ``choices`` that leaves the numbers
    makeable with open hands and does not end the round, labelled 1.0 where the team made the round; and a mask
    of ones (the training's shape).  Rounds with Secret numbers are left out: the label needs every number."""
    xs, ys = [], []
    for record in records:
        game = dealt(record)
        for k, legal, played in choices(record, game):
            targets = [int(x) for x in k.numbers if x is not None]
            if len(legal) < 2 or len(targets) < k.players:
                continue
            hands = list(game.hands)
            if not solve_cards(hands, k.trump, k.leader, targets, [played], k.trick, k.won)[0]:
                continue
            x, settled = value_inputs([hands], [targets], k.trump, k.leader, k.trick, k.won, k.left, k.gone, [played])
            if not settled[0]:
                xs.append(x[0])
                ys.append(float(record["made"]))
    x = np.array(xs, dtype=np.float32).reshape(-1, VALUE_FEATURES)
    return x, np.array(ys, dtype=np.float32), np.ones(len(ys), dtype=bool)


def label(k: Knowledge, hands: list[int]) -> np.ndarray:
    """Per card, the place it truly lies from the seat's point of view (``belief``'s numbering), -1 if seen."""
    n = k.players
    out = np.full(52, -1, dtype=np.int64)
    for c in range(52):
        if not k.unseen >> c & 1:
            continue
        out[c] = n - 1  # the rest of the pack, unless a seat holds it
        for j in range(1, n):
            if hands[(k.seat + j) % n] >> c & 1:
                out[c] = j - 1
    return out


def arrays(records: list[Record], readings: bool = False) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Inputs (``belief.encode``, with ``readings`` or without), labels (positions x cards) and the places
    allowed (positions x cards x places) of every position.  The inputs are kept in half precision (a
    position's are 52 x places x up to ``belief.FEATURES``: 3,000 rounds in single precision would take 8 GB);
    the training reads them in single precision a batch at a time."""
    xs, ys, masks = [], [], []
    for record in records:
        for k, hands in positions(record):
            xs.append(encode(k, readings).astype(np.float16))
            ys.append(label(k, hands))
            masks.append(allowed(k))
    return np.array(xs, dtype=np.float16), np.array(ys), np.array(masks)


def load(folder: Path) -> list[Record]:
    """Every round in ``folder``, in order."""
    records = []
    for path in sorted(folder.glob("rounds-*.jsonl")):
        records += [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]
    return records


def split(record: Record) -> str:
    """Which part a round is in, by its seed: one round in ten is held out to measure the model on ("test"),
    another one in ten chooses when the training stops ("validation"), the rest are trained on ("train")."""
    return {0: "test", 5: "validation"}.get(int(record["seed"]) % 10, "train")


def generate(
    out: Path,
    rounds: int,
    players: int,
    level: str,
    first_seed: int,
    workers: int,
    belief: float = 0.0,
    sizes: tuple[int, ...] = SIZES,
    policy_file: str | None = None,
    labels: str | None = None,
    secret: bool = False,
) -> None:
    out.mkdir(parents=True, exist_ok=True)
    starts = [s for s in range(0, rounds, CHUNK) if not (out / f"rounds-{s:06d}.jsonl").exists()]
    with Progress() as progress, ProcessPoolExecutor(max_workers=workers) as pool:
        bar = progress.add_task("rounds", total=rounds, completed=rounds - sum(min(CHUNK, rounds - s) for s in starts))
        for start in starts:
            tasks = [
                (players, i, first_seed, level, belief, sizes, policy_file)
                for i in range(start, min(start + CHUNK, rounds))
            ]
            lines = []
            for record in pool.map(partial(play, labels=labels, secret=secret), tasks):
                lines.append(json.dumps(record))
                progress.advance(bar)
            path = out / f"rounds-{start:06d}.jsonl"
            written = path.with_suffix(".part")
            written.write_text("\n".join(lines) + "\n", encoding="utf-8")
            written.replace(path)  # a stopped run leaves no half-written file behind


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", type=Path, required=True, help="the folder of round files")
    parser.add_argument("--rounds", type=int, default=2000)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument(
        "--level", default="strong", help="a team-mate level, or LEVEL:FIELD=VALUE,... (say strong:policy_playouts=0)"
    )
    parser.add_argument("--first-seed", type=int, default=FIRST_SEED)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument(
        "--belief", type=float, default=0.0, help="the power of the learned belief the team draws worlds with"
    )
    parser.add_argument("--sizes", type=int, nargs="+", default=list(SIZES), help="round sizes, in turn")
    parser.add_argument("--policy", help="the learned policy the team plays with (default: the shipped one)")
    parser.add_argument(
        "--labels", help="a level that names the card it would play at each choice (the policy learns it)"
    )
    parser.add_argument("--secret", action="store_true", help="play the rounds with Secret numbers")
    args = parser.parse_args()
    if not all(2 <= size <= 10 for size in args.sizes):
        raise SystemExit("--sizes are round sizes from 2 to 10 cards")
    if not 3 <= args.players <= 5:
        raise SystemExit("Tricks Together is played by 3 to 5 players")
    try:
        for text in filter(None, (args.level, args.labels)):
            parse_level(text)
    except ValueError as error:
        raise SystemExit(str(error)) from None
    if not 0.0 <= args.belief <= 4.0:
        raise SystemExit("--belief is a power from 0 (uniform worlds) to 4")
    if args.policy is not None:
        try:
            policy(args.policy)  # refuse a file that does not load or does not fit the encoding, before any round
        except (OSError, ValueError, KeyError) as error:
            raise SystemExit(f"{args.policy} does not load: {error}") from None
    generate(
        args.out, args.rounds, args.players, args.level, args.first_seed, args.workers, args.belief,
        tuple(args.sizes), args.policy, args.labels, args.secret,
    )  # fmt: skip


if __name__ == "__main__":
    main()
