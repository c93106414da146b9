"""Learn the policy further from its own play: the team plays rounds against itself and every card is pushed
towards the plays that made the numbers (needs the ``train`` extra: PyTorch).

    python -m tricktable.bots.tricks_together.reinforce --start FILE --players 4 --out FILE [--turns 70]
        [--deals 6000] [--repeats 8] [--anchor 0.05] [--seed 0] [--workers 2]

Imitation (``train.py policy``) learns what ``strong`` plays; it cannot learn what ``strong`` never tries, and
``strong`` plays its worlds out with the policy, so a better policy is a better search too.  Here each turn deals
``--deals`` rounds (as many of each size of 2 to 7 cards, seeded by ``--seed``, the turn and the round; a round
whose numbers already exceed the cards is left out), the numbers chosen as
``fast`` chooses them (the exact one-card policy, the shared table, the fitted model of ``strong``'s numbers), and
plays each ``--repeats`` times with every card drawn from the policy's softmax, each seat from its own view
(``cpolicy.self_play``).  A play's advantage is whether it made the numbers less the share of the deal's other
plays that did (the deal's difficulty cancels out; a deal every play makes or every play loses teaches nothing),
and the network takes a few clipped steps (proximal policy optimisation) towards the cards of the plays that did
better, a light pull (``--anchor``) keeping it near the policy it started from.  The log has, per turn, the share
of plays made, the loss and the share of cards whose best card moved; the weights are written after every turn
(the run goes on from ``--out`` if it is there, at the turn its notes say), so a run stopped half-way resumes;
the optimiser's running averages start afresh there, so a run resumed at turn 41 gives the same weights as the
same run resumed there again, not those of a run never stopped.  A new run started from a finished one's weights
(``--start`` that file, a new ``--out``) is anchored there instead, and can gain again where the first had
stopped gaining.  A turn of 6000 deals takes about 13 s on 2 workers (4 players).
"""

from __future__ import annotations

import argparse
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import numpy as np
import torch
from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn

from tricktable.bots.tricks_together import belief_data, cpolicy
from tricktable.bots.tricks_together.belief import Network
from tricktable.bots.tricks_together.policy import MAX_LEGAL
from tricktable.bots.tricks_together.search import TeamMate
from tricktable.bots.tricks_together.train import _layers, legal_scores, network_from, save

SIZES = (2, 3, 4, 5, 6, 7)
CLIP = 0.2
EPOCHS = 4
BATCH = 1024
LEARNING_RATE = 3e-4

Plays = tuple[np.ndarray, ...]  # features, legal cards present, card drawn, play index; per play whether made
#: Rounds to play: the hands as dealt, the numbers, the dealers, the trump suits and the turned cards.
Deals = tuple[list[list[int]], list[list[int]], list[int], list[int], list[int]]


def deals(players: int, cards: int, seeds: list[int]) -> Deals:
    """Rounds of ``cards`` cards, one a seed (the dealer turning with the seed), and the numbers ``fast`` chooses
    for them; rounds whose numbers already exceed the cards (lost before a card) are left out."""
    hands: list[list[int]] = []
    targets: list[list[int]] = []
    dealers: list[int] = []
    trumps: list[int] = []
    turned: list[int] = []
    bot = TeamMate(seed=0, level="fast")  # its numbers draw nothing at random
    for seed in seeds:
        dealer = seed % players
        game = belief_data.deal(players, cards, seed, dealer)
        while game.phase == "commit" and not game.score_sheet:
            game.play(bot.choose(game.view(game.to_move)))
        if game.score_sheet:  # the numbers exceed the cards (the game deals again)
            continue
        hands.append(list(game.hands))
        targets.append([int(x) for x in game.numbers])
        dealers.append(dealer)
        trumps.append(game.trump_suit)
        turned.append(game.trump_card)
    return hands, targets, dealers, trumps, turned


def play(task: tuple[str, int, int, list[int], int, int]) -> Plays:
    """One worker's share of a turn: its deals of one size, each played ``repeats`` times."""
    weights, players, cards, seeds, repeats, seed = task
    layers = Network.load(Path(weights)).layers
    hands, targets, dealers, trumps, turned = deals(players, cards, seeds)
    return cpolicy.self_play(layers, hands, targets, dealers, cards, trumps, turned, 1.0, seed, repeats, MAX_LEGAL)


def advantages(made: np.ndarray, repeats: int) -> np.ndarray:
    """Per play: made (1) or not (0), less the share of the same deal's other plays made."""
    grid = made.reshape(-1, repeats).astype(np.float64)
    others = (grid.sum(axis=1, keepdims=True) - grid) / (repeats - 1)
    return (grid - others).reshape(-1)


def gather(parts: list[Plays], repeats: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, float]:
    """The workers' plays as one set: features, legal cards, card drawn, each card's advantage; and the share
    of plays made."""
    gains = [advantages(outcome, repeats)[play_of] for _, _, _, play_of, outcome in parts]
    x, mask, y = (np.concatenate([part[i] for part in parts]) for i in range(3))
    made = float(np.concatenate([part[4] for part in parts]).mean())
    return x, mask, y, np.concatenate(gains).astype(np.float32), made


def step(
    model: torch.nn.Module,
    anchor: torch.nn.Module,
    optimiser: torch.optim.Optimizer,
    data: tuple[np.ndarray, ...],
    generator: np.random.Generator,
    pull: float,
) -> float:
    """A turn's clipped updates on its plays (``EPOCHS`` passes in mini-batches of ``BATCH``): the mean loss."""
    x, mask, y, adv = (torch.from_numpy(a) for a in data)
    with torch.no_grad():
        old = torch.log_softmax(legal_scores(model, x, mask), dim=-1).gather(-1, y.unsqueeze(-1)).squeeze(-1)
        start = torch.log_softmax(legal_scores(anchor, x, mask), dim=-1)
    losses = []
    for _ in range(EPOCHS):
        order = torch.from_numpy(generator.permutation(len(x)))
        for i in range(0, len(x), BATCH):
            pick = order[i : i + BATCH]
            chances = torch.log_softmax(legal_scores(model, x[pick], mask[pick]), dim=-1)
            now = chances.gather(-1, y[pick].unsqueeze(-1)).squeeze(-1)
            ratio = torch.exp(now - old[pick])
            gain = adv[pick]
            clipped = torch.minimum(ratio * gain, ratio.clamp(1 - CLIP, 1 + CLIP) * gain)
            # Kullback-Leibler divergence from the starting policy, over the legal cards.
            first = start[pick]
            drift = (first.exp() * (first - chances)).masked_fill(~mask[pick], 0.0).sum(dim=-1)
            loss = -clipped.mean() + pull * drift.mean()
            optimiser.zero_grad()
            loss.backward()
            optimiser.step()
            losses.append(loss.item())
    return float(np.mean(losses))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--start", type=Path, required=True, help="the policy to start from (a .npz)")
    parser.add_argument("--players", type=int, choices=(3, 4, 5), default=4)
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--turns", type=int, default=70)
    parser.add_argument("--deals", type=int, default=6000, help="deals a turn (split over the round sizes)")
    parser.add_argument("--repeats", type=int, default=8, help="plays of each deal")
    parser.add_argument("--anchor", type=float, default=0.05, help="the pull towards the starting policy")
    parser.add_argument("--learning-rate", type=float, default=LEARNING_RATE)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    if args.repeats < 2:
        raise SystemExit("--repeats must be at least 2: a play is judged against the deal's other plays")
    torch.set_num_threads(1)
    torch.manual_seed(args.seed)
    started = time.perf_counter()
    anchor = network_from(Network.load(args.start).layers)
    first_turn = 1
    if args.out.exists():
        with np.load(args.out) as notes:
            first_turn = int(notes["turn"]) + 1 if "turn" in notes.files else 1
        model = network_from(Network.load(args.out).layers)
    else:
        model = network_from(Network.load(args.start).layers)
    optimiser = torch.optim.Adam(model.parameters(), lr=args.learning_rate)
    generator = np.random.default_rng([args.seed, first_turn])
    log = args.out.with_suffix(".log")
    if first_turn == 1:
        log.write_text("turn\tplays made\tloss\tbest cards moved\tseconds\n", encoding="utf-8")
    columns = (TextColumn("{task.description}"), BarColumn(), TextColumn("{task.fields[note]}"))
    per_size = max(1, args.deals // len(SIZES))
    with (
        Progress(*columns, TimeElapsedColumn(), TimeRemainingColumn()) as progress,
        ProcessPoolExecutor(args.workers) as pool,
    ):
        bar = progress.add_task("self-play", total=args.turns, completed=first_turn - 1, note="")
        for turn in range(first_turn, args.turns + 1):
            begun = time.perf_counter()
            current = args.out.with_suffix(".turn.npz")
            save(current, args.players, _layers(model))
            base = 10_000_000 * (args.seed + 1) + 100_000 * turn
            tasks = []
            for s, cards in enumerate(SIZES):
                seeds = [base + 10_000 * s + i for i in range(per_size)]
                for w in range(args.workers):
                    tasks.append(
                        (str(current), args.players, cards, seeds[w :: args.workers], args.repeats, base + 100 * s + w)
                    )
            parts = list(pool.map(play, tasks))
            *data, made = gather(parts, args.repeats)
            with torch.no_grad():
                x, mask = torch.from_numpy(data[0]), torch.from_numpy(data[1])
                before = legal_scores(model, x, mask).argmax(dim=-1)
            loss = step(model, anchor, optimiser, tuple(data), generator, args.anchor)
            with torch.no_grad():
                moved = float((legal_scores(model, x, mask).argmax(dim=-1) != before).float().mean())
            save(args.out, args.players, _layers(model), turn=turn, seed=args.seed, anchor=args.anchor)
            current.unlink()
            seconds = time.perf_counter() - begun
            with log.open("a", encoding="utf-8") as out:
                out.write(f"{turn}\t{made:.4f}\t{loss:.5f}\t{moved:.4f}\t{seconds:.0f}\n")
            progress.update(bar, advance=1, note=f"made {made:.3f}, moved {moved:.3f}")
    print(f"wrote {args.out} ({time.perf_counter() - started:.0f} s)")


if __name__ == "__main__":
    main()
