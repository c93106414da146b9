"""Train the learned models of the Tricks Together team-mates (needs the ``train`` extra: PyTorch).

    python -m tricktable.bots.tricks_together.train belief --data DATA [--steps 2000] [--seed 0] [--out FILE]
    python -m tricktable.bots.tricks_together.train policy --data DATA [--steps 4000] [--seed 0] [--out FILE]
        [--keeps W]
    python -m tricktable.bots.tricks_together.train value --data DATA [DATA ...] [--steps 6000] [--seed 0]

``belief``: the network of ``belief.py``, from the rounds in ``DATA`` (made by ``belief_data``).  One round in
ten is held out to measure the model on, another one in ten (the validation rounds) chooses which weights are
kept (``belief_data.split``); the rest are the training positions.  The loss is the mean, over the unseen cards
of a position, of minus the log-chance the network gives the card's true place.  Adam with a light weight decay,
mini-batches drawn by a generator seeded with ``--seed`` (the same data and seed give the same weights on the
same machine); a progress bar, and every ``EVERY`` steps a line of the log file (``--log``: step, training loss,
validation loss).  The weights kept are those of the step with the lowest validation loss; the held-out loss is
measured once, on them, at the end.  The weights are written as NumPy arrays (``--out``, by default the shipped
model for the rounds' number of players, ``belief.MODELS``; none ships for rounds played with Secret numbers,
``belief_data --secret``, so those need ``--out``): the bots need NumPy only, never PyTorch.

``policy``: the network of ``policy.py``, from the same rounds and split: every card a seat chose (two legal
cards or more), labelled with the card ``strong`` played.  The loss is minus the log-chance the network's softmax
over the legal cards gives that card; the log adds the validation agreement (how often the top-scored card is
the one played), and the end the held-out loss and agreement.  Written by default to the shipped policy for the
rounds' number of players (``policy.MODELS``: 3 to 5 players).  ``--keeps W`` mixes in, with weight ``W``, which
legal cards keep the true deal makeable with open hands (``keeping_loss``; the 4- and 5-player policies ship
learnt with ``--keeps 0.5``, see the game's page).

``value``: the network of ``position_value.py``, from the rounds of one or more folders (each split as above):
the position after every card a seat chose among two or more, where open hands could still make the numbers,
labelled with whether the team made the round.  The loss is minus the mean log-chance of what happened.  Written
by default to the shipped ``position_value.npz``.  (Every model takes several folders of one player count.)

A policy learnt here is then taken further by its own play: ``reinforce.py`` (the shipped policies, and how each
was made, are on the game's page).
"""

from __future__ import annotations

import argparse
import dataclasses
import hashlib
import inspect
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np
import torch
from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn

from tricktable.bots.tricks_together import belief, belief_data, policy, position_value
from tricktable.bots.tricks_together.belief import MODELS, OFFSET, input_size

#: Steps between two lines of the loss log (and two held-out measurements).
EVERY = 50
HIDDEN = 32
BATCH = 256
LEARNING_RATE = 1e-3
WEIGHT_DECAY = 1e-4


def network(inputs: int, hidden: int) -> torch.nn.Sequential:
    last = torch.nn.Linear(hidden, 1)
    # Zero at first: the untrained belief gives the prior's chances (a uniformly drawn deal's), the untrained
    # policy an even chance to every legal card.
    torch.nn.init.zeros_(last.weight)
    torch.nn.init.zeros_(last.bias)
    return torch.nn.Sequential(
        torch.nn.Linear(inputs, hidden),
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


def legal_scores(model: torch.nn.Module, x: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    """The network's score of every legal card of each choice (the padding's far below any)."""
    return model(x)[..., 0].masked_fill(~mask, -1e9)


def played_loss(chances: torch.Tensor, y: torch.Tensor) -> torch.Tensor:
    """The mean over the choices of minus the log-chance (``chances``) of the card played."""
    return -chances.gather(-1, y.unsqueeze(-1)).mean()


def choice_loss(model: torch.nn.Module, x: torch.Tensor, mask: torch.Tensor, y: torch.Tensor) -> torch.Tensor:
    """The mean over the choices of minus the log-chance, over the legal cards, of the card played."""
    return played_loss(torch.log_softmax(legal_scores(model, x, mask), dim=-1), y)


def keeping_loss(
    model: torch.nn.Module, x: torch.Tensor, mask: torch.Tensor, y: torch.Tensor, keeps: torch.Tensor, weight: float
) -> torch.Tensor:
    """``choice_loss`` x (1 - ``weight``) + ``weight`` x the mean, over the choices where some legal cards but not
    all keep the true deal makeable with open hands (``keeps``), of minus the log of the chance the network gives
    those cards together (one pass of the network for both)."""
    chances = torch.log_softmax(legal_scores(model, x, mask), dim=-1)
    keeping = keeps.sum(dim=-1)
    telling = (keeping > 0) & (keeping < mask.sum(dim=-1))
    kept = torch.logsumexp(chances.masked_fill(~keeps, -1e9), dim=-1)
    return (1.0 - weight) * played_loss(chances, y) - weight * (kept * telling).sum() / telling.sum().clamp(min=1)


def value_loss(model: torch.nn.Module, x: torch.Tensor, y: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    """The mean over the positions of minus the log-chance the network gives what happened (made or not)."""
    return torch.nn.functional.binary_cross_entropy_with_logits(model(x)[..., 0], y)


def agreement(model: torch.nn.Module, x: torch.Tensor, mask: torch.Tensor, y: torch.Tensor, *_: torch.Tensor) -> float:
    """How often the legal card the network scores highest is the card played."""
    with torch.no_grad():
        scores = legal_scores(model, x, mask)
    return float((scores.argmax(dim=-1) == y).float().mean())


Positions = tuple[np.ndarray, ...]  # the belief's inputs, labels, places allowed; the policy's inputs, legal cards
# present, card played (and, to learn which cards keep the deal makeable, those cards)


@dataclass(frozen=True)
class Task:
    """What a network learns: its name, its inputs (by the number of players), its loss, how its positions are
    made from rounds, the file they are kept in beside the rounds, and the module whose text is their encoding (a
    cache made by another text is made again)."""

    name: str
    inputs: Callable[[int], int]
    loss: Callable[[torch.nn.Module, torch.Tensor, torch.Tensor, torch.Tensor], torch.Tensor]
    make: Callable[[list[belief_data.Record]], Positions]
    cache: str
    source: ModuleType


BELIEF = Task("belief", input_size, loss_of, belief_data.arrays, "positions.npz", belief)
#: The belief that also reads what each seat's cards said about each card (``belief.card_reading``; ``--readings``).
BELIEF_READINGS = Task(
    "belief",
    partial(input_size, readings=True),
    loss_of,
    partial(belief_data.arrays, readings=True),
    "positions-readings.npz",
    belief,
)
POLICY = Task("policy", lambda players: policy.FEATURES, choice_loss, belief_data.choice_arrays, "choices.npz", policy)


def keeping_task(weight: float) -> Task:
    """The policy learnt from the card played and, with ``weight``, from the cards that keep the true deal
    makeable with open hands (``keeping_loss``; ``--keeps``)."""
    make = partial(belief_data.choice_arrays, keeps=True)
    return dataclasses.replace(POLICY, loss=partial(keeping_loss, weight=weight), make=make, cache="choices-keeps.npz")


VALUE = Task(
    "value", lambda players: position_value.FEATURES, value_loss, belief_data.value_arrays, "values.npz", position_value
)
TASKS = {task.name: task for task in (BELIEF, POLICY, VALUE)}
#: Where each model ships, by the number of players of the rounds it learns from (the value: one for all).
SHIPPED = {"belief": MODELS, "policy": policy.MODELS}


def shipped(task: Task, players: int, secret: bool = False) -> Path:
    """The shipped file a model learnt from rounds of ``players`` players (with Secret numbers: ``secret``)
    replaces."""
    if secret:
        raise SystemExit(f"no {task.name} learnt from Secret rounds ships: say where to write it with --out")
    if task.name not in SHIPPED:
        return position_value.MODEL
    if players not in SHIPPED[task.name]:
        raise SystemExit(f"no {task.name} ships for {players} players: say where to write it with --out")
    return SHIPPED[task.name][players]


def evaluate(layers: list[tuple[np.ndarray, np.ndarray]], data: Positions, task: Task = BELIEF) -> float:
    """The loss of NumPy weights on some positions (what the bots' forward pass gives)."""
    model = network_from(layers)
    with torch.no_grad():
        return float(task.loss(model, *single(data)))


def single(data: Positions) -> tuple[torch.Tensor, ...]:
    """Positions as tensors, the inputs in single precision (the belief's are stored in half)."""
    x, *rest = (torch.from_numpy(a) for a in data)
    return (x.float(), *rest)


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
    task: Task = BELIEF,
) -> tuple[list[tuple[np.ndarray, np.ndarray]], list[tuple[int, float, float | None]]]:
    """Train a network (the belief's unless ``task`` says otherwise): its layers as NumPy arrays (inputs x
    outputs, biases), those of the step with the lowest validation loss if there are validation positions, and
    the log's rows."""
    torch.manual_seed(seed)
    generator = np.random.default_rng(seed)
    model = network(task.inputs(players), hidden)
    optimiser = torch.optim.AdamW(model.parameters(), lr=learning_rate, weight_decay=WEIGHT_DECAY)
    x, *rest = (torch.from_numpy(a) for a in train)  # for the policy: inputs, legal cards, card played (, keeps)
    held = single(validation) if validation is not None else None
    rows: list[tuple[int, float, float | None]] = []
    best: tuple[float, list[tuple[np.ndarray, np.ndarray]]] | None = None
    running: list[float] = []
    columns = (TextColumn("{task.description}"), BarColumn(), TextColumn("{task.fields[note]}"))
    with Progress(*columns, TimeElapsedColumn(), TimeRemainingColumn(), disable=quiet) as progress:
        bar = progress.add_task(f"training the {task.name}", total=steps, note="")
        for step in range(1, steps + 1):
            pick = torch.from_numpy(generator.integers(0, len(x), size=min(BATCH, len(x))))
            loss = task.loss(model, x[pick].float(), *(a[pick] for a in rest))
            optimiser.zero_grad()
            loss.backward()
            optimiser.step()
            running.append(loss.item())
            if step % every == 0 or step == steps:
                held_loss = None
                agreed = ""
                if held is not None:
                    with torch.no_grad():
                        held_loss = float(task.loss(model, *held))
                    if best is None or held_loss < best[0]:
                        best = (held_loss, _layers(model))
                    if task.name == "policy":
                        agreed = f"{agreement(model, *held):.4f}"
                rows.append((step, float(np.mean(running)), held_loss))
                running = []
                note = f"loss {rows[-1][1]:.4f}" + (f", validation {held_loss:.4f}" if held_loss is not None else "")
                progress.update(bar, note=note + (f", agreement {agreed}" if agreed else ""))
                if log is not None:
                    with log.open("a", encoding="utf-8") as out:
                        held_text = "" if held_loss is None else f"{held_loss:.5f}"
                        out.write(f"{step}\t{rows[-1][1]:.5f}\t{held_text}" + (f"\t{agreed}" if agreed else "") + "\n")
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


def positions(folder: Path, task: Task = BELIEF) -> tuple[int, dict[str, Positions]]:
    """The players, and the positions of each part (``belief_data.split``) of the rounds in ``folder`` (kept
    beside them, in ``task.cache``, once made, for as long as the rounds and the encoding are the same)."""
    records = belief_data.load(folder)
    if not records:
        raise SystemExit(f"no rounds in {folder}: make them with belief_data first")
    players = {r["players"] for r in records}
    if len(players) != 1:
        raise SystemExit(f"the rounds in {folder} mix {sorted(players)} players")
    cache = folder / task.cache
    seeds = np.array(sorted(r["seed"] for r in records))
    encoding = hashlib.sha256(inspect.getsource(task.source).encode()).hexdigest()
    parts = ("train", "validation", "test")
    if cache.exists():
        with np.load(cache) as stored:
            if np.array_equal(stored["seeds"], seeds) and str(stored.get("encoding", "")) == encoding:
                count = sum(1 for key in stored.files if key.startswith("train"))
                return players.pop(), {p: tuple(stored[f"{p}{i}"] for i in range(count)) for p in parts}
    found = {p: task.make([r for r in records if belief_data.split(r) == p]) for p in parts}
    arrays: dict[str, Any] = {f"{p}{i}": a for p in parts for i, a in enumerate(found[p])}
    np.savez(cache, seeds=seeds, encoding=np.array(encoding), **arrays)
    return players.pop(), found


def secret_rounds(folders: list[Path]) -> bool:
    """Whether the rounds in ``folders`` were played with Secret numbers (all of them, or none)."""
    secret = {bool(r.get("secret", False)) for folder in folders for r in belief_data.load(folder)}
    if len(secret) > 1:
        raise SystemExit("the folders mix rounds with Secret numbers and rounds without: give one kind")
    return secret == {True}


def gathered(folders: list[Path], task: Task) -> tuple[int, dict[str, Positions]]:
    """``positions`` of several folders, each part put together (they must hold rounds of one player count)."""
    found = [positions(folder, task) for folder in folders]
    counts = {players for players, _ in found}
    if len(counts) != 1:
        raise SystemExit(f"the folders hold rounds of {sorted(counts)} players: give folders of one count")
    parts = {
        name: tuple(np.concatenate([part[name][i] for _, part in found]) for i in range(len(found[0][1][name])))
        for name in found[0][1]
    }
    return counts.pop(), parts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("model", choices=list(TASKS), help="the model to train")
    parser.add_argument("--data", type=Path, nargs="+", required=True, help="folders of rounds (belief_data --out)")
    parser.add_argument("--steps", type=int, default=2000)
    parser.add_argument("--hidden", type=int, default=HIDDEN)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path, help="the weights (default: the shipped model's file)")
    parser.add_argument("--log", type=Path, help="the loss log (default: beside --out, .log)")
    parser.add_argument("--threads", type=int, default=1, help="PyTorch's threads (the machine is shared)")
    parser.add_argument(
        "--readings", action="store_true", help="the belief also reads what each seat's cards said of each card"
    )
    parser.add_argument(
        "--keeps",
        type=float,
        default=0.0,
        help="the policy also learns, with this weight (0 to 1), which cards keep the true deal makeable",
    )
    args = parser.parse_args()
    if args.readings and args.model != "belief":
        raise SystemExit("--readings is for the belief only")
    if args.keeps and (args.model != "policy" or not 0.0 < args.keeps <= 1.0):
        raise SystemExit("--keeps is for the policy only, a weight above 0 and at most 1")
    task = BELIEF_READINGS if args.readings else keeping_task(args.keeps) if args.keeps else TASKS[args.model]
    torch.set_num_threads(args.threads)
    started = time.perf_counter()
    players, parts = gathered(args.data, task)
    out: Path = args.out or shipped(task, players, secret_rounds(args.data))
    sizes = ", ".join(f"{len(data[0])} {name}" for name, data in parts.items())
    print(f"{players} players, {'choices' if task.name == 'policy' else 'positions'}: {sizes}")
    log = args.log or out.with_suffix(".log")
    columns = "\tvalidation agreement" if task.name == "policy" else ""
    log.write_text(f"step\ttraining loss\tvalidation loss{columns}\n", encoding="utf-8")
    layers, _ = fit(parts["train"], parts["validation"], players, args.steps, args.seed, args.hidden, log, task=task)
    held = evaluate(layers, parts["test"], task)
    notes = {"seed": args.seed, "steps": args.steps, "held_out_loss": held}
    if args.keeps:
        notes["keeps"] = args.keeps  # the held-out loss is then keeping_loss's
    agreed = ""
    if task.name == "policy":
        notes["held_out_agreement"] = agreement(network_from(layers), *single(parts["test"]))
        agreed = f"\t{notes['held_out_agreement']:.5f}"
    with log.open("a", encoding="utf-8") as text:
        text.write(f"held out\t\t{held:.5f}{agreed}\n")
    save(out, players, layers, **notes)
    what = {
        "belief": f"mean log-chance of a card's place {-held:.4f}",
        "policy": f"agreement with the card played {notes.get('held_out_agreement', 0.0):.4f}",
        "value": f"mean log-chance of the round's outcome {-held:.4f}",
    }[task.name]
    print(f"held-out loss {held:.4f} ({what}); wrote {out}")
    print(f"{time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()
