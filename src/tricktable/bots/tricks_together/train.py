"""Train the learned models of the Tricks Together team-mates (needs the ``train`` extra: PyTorch).

    python -m tricktable.bots.tricks_together.train belief --data DATA [--steps 2000] [--seed 0] [--out FILE]

``belief``: the network of ``belief.py``, from the rounds in ``DATA`` (made by ``belief_data``).  One round in
ten is held out to measure the model on, another one in ten (the validation rounds) chooses which weights are
kept (``belief_data.split``); the rest are the training positions.  The loss is the mean, over the unseen cards
of a position, of minus the log-chance the network gives the card's true place.  Adam with a light weight decay,
mini-batches drawn by a generator seeded with ``--seed`` (the same data and seed give the same weights on the
same machine); a progress bar, and every ``EVERY`` steps a line of the log file (``--log``: step, training loss,
validation loss).  The weights kept are those of the step with the lowest validation loss; the held-out loss is
measured once, on them, at the end.  The weights are written as NumPy arrays (``--out``, by default the shipped
``belief.npz``): the bots need NumPy only, never PyTorch.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path
from typing import Any

import numpy as np
import torch
from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn

from tricktable.bots.tricks_together import belief_data
from tricktable.bots.tricks_together.belief import MODEL, OFFSET, input_size

#: Steps between two lines of the loss log (and two held-out measurements).
EVERY = 50
HIDDEN = 32
BATCH = 256
LEARNING_RATE = 1e-3
WEIGHT_DECAY = 1e-4


def network(players: int, hidden: int) -> torch.nn.Sequential:
    last = torch.nn.Linear(hidden, 1)
    # Zero at first: the untrained network gives the prior's chances (a uniformly drawn deal's).
    torch.nn.init.zeros_(last.weight)
    torch.nn.init.zeros_(last.bias)
    return torch.nn.Sequential(
        torch.nn.Linear(input_size(players), hidden),
        torch.nn.ReLU(),
        torch.nn.Linear(hidden, hidden),
        torch.nn.ReLU(),
        last,
    )


def loss_of(model: torch.nn.Module, x: torch.Tensor, y: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    """The mean over every unseen card of minus the log-chance of its true place."""
    scores = (model(x)[..., 0] + x[..., OFFSET]).masked_fill(~mask, -1e9)
    chances = torch.log_softmax(scores, dim=-1)
    unseen = y >= 0
    picked = chances.gather(-1, y.clamp(min=0).unsqueeze(-1)).squeeze(-1)
    return -(picked * unseen).sum() / unseen.sum().clamp(min=1)


Positions = tuple[np.ndarray, np.ndarray, np.ndarray]  # inputs, labels, places allowed


def evaluate(layers: list[tuple[np.ndarray, np.ndarray]], data: Positions) -> float:
    """The loss of NumPy weights on some positions (what the bots' forward pass gives)."""
    model = network_from(layers)
    with torch.no_grad():
        return float(loss_of(model, *(torch.from_numpy(a) for a in data)))


def network_from(layers: list[tuple[np.ndarray, np.ndarray]]) -> torch.nn.Sequential:
    modules: list[torch.nn.Module] = []
    for i, (w, b) in enumerate(layers):
        linear = torch.nn.Linear(*w.shape)
        with torch.no_grad():
            linear.weight.copy_(torch.from_numpy(w.T.copy()))
            linear.bias.copy_(torch.from_numpy(b))
        modules.append(linear)
        if i < len(layers) - 1:
            modules.append(torch.nn.ReLU())
    return torch.nn.Sequential(*modules)


def fit(
    train: Positions,
    validation: Positions | None,
    players: int,
    steps: int,
    seed: int,
    hidden: int = HIDDEN,
    log: Path | None = None,
    quiet: bool = False,
    every: int = EVERY,
    learning_rate: float = LEARNING_RATE,
) -> tuple[list[tuple[np.ndarray, np.ndarray]], list[tuple[int, float, float | None]]]:
    """Train the belief network: its layers as NumPy arrays (inputs x outputs, biases), those of the step with
    the lowest validation loss if there are validation positions, and the log's rows."""
    torch.manual_seed(seed)
    generator = np.random.default_rng(seed)
    model = network(players, hidden)
    optimiser = torch.optim.AdamW(model.parameters(), lr=learning_rate, weight_decay=WEIGHT_DECAY)
    x, y, mask = (torch.from_numpy(a) for a in train)
    held = tuple(torch.from_numpy(a) for a in validation) if validation is not None else None
    rows: list[tuple[int, float, float | None]] = []
    best: tuple[float, list[tuple[np.ndarray, np.ndarray]]] | None = None
    running: list[float] = []
    columns = (TextColumn("{task.description}"), BarColumn(), TextColumn("{task.fields[note]}"))
    with Progress(*columns, TimeElapsedColumn(), TimeRemainingColumn(), disable=quiet) as progress:
        bar = progress.add_task("training the belief", total=steps, note="")
        for step in range(1, steps + 1):
            pick = torch.from_numpy(generator.integers(0, len(x), size=min(BATCH, len(x))))
            loss = loss_of(model, x[pick], y[pick], mask[pick])
            optimiser.zero_grad()
            loss.backward()
            optimiser.step()
            running.append(loss.item())
            if step % every == 0 or step == steps:
                held_loss = None
                if held is not None:
                    with torch.no_grad():
                        held_loss = float(loss_of(model, *held))
                    if best is None or held_loss < best[0]:
                        best = (held_loss, _layers(model))
                rows.append((step, float(np.mean(running)), held_loss))
                running = []
                note = f"loss {rows[-1][1]:.4f}" + (f", validation {held_loss:.4f}" if held_loss is not None else "")
                progress.update(bar, note=note)
                if log is not None:
                    with log.open("a", encoding="utf-8") as out:
                        out.write(f"{step}\t{rows[-1][1]:.5f}\t{'' if held_loss is None else f'{held_loss:.5f}'}\n")
            progress.advance(bar)
    return (best[1] if best is not None else _layers(model)), rows


def _layers(model: torch.nn.Sequential) -> list[tuple[np.ndarray, np.ndarray]]:
    linear = [m for m in model if isinstance(m, torch.nn.Linear)]
    return [(m.weight.detach().numpy().T.copy(), m.bias.detach().numpy().copy()) for m in linear]


def save(path: Path, players: int, layers: list[tuple[np.ndarray, np.ndarray]], **notes: float) -> None:
    """The weights as float32 arrays, with what they were trained from (``notes``)."""
    arrays: dict[str, Any] = {"players": np.array(players), "layers": np.array(len(layers))}
    for i, (w, b) in enumerate(layers):
        arrays[f"w{i}"], arrays[f"b{i}"] = w.astype(np.float32), b.astype(np.float32)
    arrays |= {key: np.array(value) for key, value in notes.items()}
    np.savez_compressed(path, **arrays)


def positions(folder: Path) -> tuple[int, dict[str, Positions]]:
    """The players, and the positions of each part (``belief_data.split``) of the rounds in ``folder`` (kept
    beside them in ``positions.npz`` once made, for as long as the rounds are the same)."""
    records = belief_data.load(folder)
    if not records:
        raise SystemExit(f"no rounds in {folder}: make them with belief_data first")
    players = {r["players"] for r in records}
    if len(players) != 1:
        raise SystemExit(f"the rounds in {folder} mix {sorted(players)} players")
    cache = folder / "positions.npz"
    seeds = np.array(sorted(r["seed"] for r in records))
    parts = ("train", "validation", "test")
    if cache.exists():
        with np.load(cache) as stored:
            if np.array_equal(stored["seeds"], seeds):
                return players.pop(), {p: (stored[f"{p}0"], stored[f"{p}1"], stored[f"{p}2"]) for p in parts}
    found = {p: belief_data.arrays([r for r in records if belief_data.split(r) == p]) for p in parts}
    arrays: dict[str, Any] = {f"{p}{i}": a for p in parts for i, a in enumerate(found[p])}
    np.savez(cache, seeds=seeds, **arrays)
    return players.pop(), found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("model", choices=["belief"], help="the model to train")
    parser.add_argument("--data", type=Path, required=True, help="the folder of rounds (belief_data --out)")
    parser.add_argument("--steps", type=int, default=2000)
    parser.add_argument("--hidden", type=int, default=HIDDEN)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path, default=MODEL)
    parser.add_argument("--log", type=Path, help="the loss log (default: beside --out, .log)")
    parser.add_argument("--threads", type=int, default=1, help="PyTorch's threads (the machine is shared)")
    args = parser.parse_args()
    torch.set_num_threads(args.threads)
    started = time.perf_counter()
    players, parts = positions(args.data)
    sizes = ", ".join(f"{len(data[0])} {name}" for name, data in parts.items())
    print(f"{players} players, positions: {sizes}")
    log = args.log or args.out.with_suffix(".log")
    log.write_text("step\ttraining loss\tvalidation loss\n", encoding="utf-8")
    layers, _ = fit(parts["train"], parts["validation"], players, args.steps, args.seed, args.hidden, log)
    held = evaluate(layers, parts["test"])
    with log.open("a", encoding="utf-8") as out:
        out.write(f"held out\t\t{held:.5f}\n")
    save(args.out, players, layers, seed=args.seed, steps=args.steps, held_out_loss=held)
    print(f"held-out loss {held:.4f} (mean log-chance of a card's place {-held:.4f}); wrote {args.out}")
    print(f"{time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()
