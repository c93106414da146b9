"""Fitting the shared small-round number policy (``small_rounds.py``) by best replies on sampled deals.

``compute_policy`` deals many random rounds, and for each deal and each way the choosers' numbers can add up
to at most the cards, asks the open-hands solver whether the team can make them.  Starting from every seat
choosing its cards that no unseen card of their suit outranks, it then improves one position at a time, shape
by shape, with that position's best reply to the others on those deals, until no position changes.  Judging a
deal with open hands is the optimistic side: the bots make fewer of those rounds, but measured on the same
deals, numbers chosen this way let a ``strong`` team make at least as many rounds as numbers chosen by search,
and more at 2, 4 and 5 cards (see the game's page).

A setting can instead judge a vector by what a team of the learned policy (``fast``'s cards, ``policy.py``) makes
on the deal, every seat playing from its own view (``--judge policy``): the team's own play with the hands
hidden, where open hands are its most optimistic bound.  The settings in ``JUDGES`` ship fitted that way (3 to 5
players, 3 to 5 cards: at 4 players a ``strong`` team made more of those rounds with them, at 3 and 5 a ``fast``
team did and a ``strong`` one no fewer; see the game's page).

``python -m tricktable.bots.tricks_together.small_rounds_fit`` recomputes ``small_rounds.json`` (3 to 5
players, 2 to 5 cards, with trumps, each setting by its judge) and prints each policy's share of deals made, on
deals it was not fitted on.  The deals are seeded, so the table comes out the same each time (a setting judged by
the policy, for as long as the shipped policy is the same).
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import random
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import numpy as np

from tricktable.bots.tricks_together import cpolicy, cteam
from tricktable.bots.tricks_together.belief_data import deal
from tricktable.bots.tricks_together.belief_data import load as load_rounds
from tricktable.bots.tricks_together.policy import policy as learned_policy
from tricktable.bots.tricks_together.small_rounds import CAPS, SECRET, SETTINGS, TABLE, load_table, shape
from tricktable.rules.tricks_together import makeable

#: The settings whose numbers are judged by what a team of the learned policy makes, each seat playing from its own
#: view, rather than by what open hands could make (the game's page: in paired matches a ``strong`` team made more
#: rounds with them at 4 players and no fewer at 3 and 5, a ``fast`` team more at each).  With Secret numbers
#: these settings keep numbers judged with open hands (their ``SECRET`` entry): there the policy's numbers made
#: fewer rounds.
JUDGES = {(players, cards): "policy" for players in (3, 4, 5) for cards in (3, 4, 5)}
#: Deals each setting's policy is fitted on, by cards a round (longer rounds are slower to judge).
DEALS = {2: 300_000, 3: 200_000, 4: 160_000, 5: 120_000, 6: 80_000, 7: 40_000}
#: Deals a setting judged by the policy's play is fitted on: its best replies move more shapes, so it takes more
#: deals to tell them apart (fitted on 160,000 deals at 4 players and 4 and 5 cards, the numbers gained about
#: half as much on other deals as on their own).
POLICY_DEALS = 300_000


def number_vectors(players: int, cards: int) -> list[tuple[int, ...]]:
    """Every vector of the choosers' numbers (positions 1 .. players-1) whose sum leaves the dealer >= 0."""
    return [v for v in itertools.product(range(cards + 1), repeat=players - 1) if sum(v) <= cards]


#: What the learned value of a vector of numbers reads (``value_features``).
VALUE_NAMES = ("constant", "the blueprint makes it", "leads that keep it", "only one lead keeps it")


def lead_shares(hands: list[int], trump: int, leader: int) -> dict[tuple[int, ...], float]:
    """Every vector the team can make with open hands, and the share of the leader's first cards after which it
    still can (a vector only one lead keeps is one the team seldom finds with its hands hidden)."""
    cards = [c for c in range(52) if hands[leader] >> c & 1]
    counts: dict[tuple[int, ...], int] = {}
    for card in cards:
        held = list(hands)
        held[leader] ^= 1 << card
        for vector in makeable(held, trump, leader, [card]):
            counts[vector] = counts.get(vector, 0) + 1
    return {vector: count / len(cards) for vector, count in counts.items()}


def blueprint_makes(hands: list[int], numbers: list[int], trump: int, leader: int, turned: int) -> bool:
    """Does the blueprint, every seat playing from its own hand, make ``numbers`` on this deal?"""
    n, cards = len(hands), hands[leader].bit_count()
    gone = 1 << turned
    first = cteam.blueprint_card(leader, hands[leader], [], -1, leader, numbers, cards, gone, trump, n)
    scores, _ = cteam.play_scores([hands], [numbers], [1.0], trump, leader, [], [0] * n, cards, gone, [first], leader)
    return scores[0] > 0.0


def value_features(
    hands: list[int], numbers: list[int], trump: int, leader: int, turned: int, share: float
) -> list[float]:
    """What the learned value of a makeable vector reads (``VALUE_NAMES``): a constant, whether the blueprint
    makes it, the share of the leader's first cards that keep it makeable, and whether only one does."""
    only_one = share * hands[leader].bit_count() < 1.5
    return [1.0, float(blueprint_makes(hands, numbers, trump, leader, turned)), share, float(only_one)]


def policy_makes(hands: list[int], turned: int, vectors: list[tuple[int, ...]], layers: list[Any]) -> list[bool]:
    """For each vector of the choosers' numbers (the dealer is seat 0 and takes the rest): does a team of the
    learned policy (``fast``'s cards), every seat playing from its own view, make the numbers on this deal?"""
    cards = hands[0].bit_count()
    made = {}
    # One call a vector of the later choosers' numbers, the first chooser's numbers its candidates.
    for later in {vector[1:] for vector in vectors}:
        candidates = list(range(cards - sum(later) + 1))
        numbers = [0, 0, *later]
        outcomes = cpolicy.commit_scores(layers, [hands], [numbers], 1, 0, cards, turned // 13, turned, candidates)
        for number, outcome in zip(candidates, outcomes):
            made[(number, *later)] = outcome > 0
    return [made[vector] for vector in vectors]


def chance(coefficients: list[float], features: list[float]) -> float:
    return 1.0 / (1.0 + math.exp(-sum(c * f for c, f in zip(coefficients, features))))


def sample(
    players: int,
    cards: int,
    deals: int,
    seed: int,
    value: list[float] | None = None,
    judge: str = "open",
    policy_file: str | None = None,
) -> tuple[list[list[str]], np.ndarray]:
    """Random deals (the dealer is seat 0): each chooser's shape, and for each number vector whether the team
    could make it with open hands (``value`` given: the chance the team makes it, 0 where open hands cannot,
    by the learned value's coefficients for this setting; ``judge="policy"``: whether a team of the learned
    policy, each seat from its own view, makes it: the shipped one, or the one in ``policy_file``)."""
    rng = random.Random(seed)
    layers = learned_policy(policy_file, players).layers if judge == "policy" else None
    vectors = number_vectors(players, cards)
    cap = CAPS[cards]
    shapes: list[list[str]] = []
    made = np.zeros((deals, len(vectors)), dtype=bool if value is None else np.float32)
    for d in range(deals):
        drawn = rng.sample(range(52), players * cards + 1)
        turned = drawn[-1]
        hands = [sum(1 << c for c in drawn[p * cards : (p + 1) * cards]) for p in range(players)]
        shapes.append([shape(hands[p], turned, cap) for p in range(1, players)])
        if layers is not None:
            made[d] = policy_makes(hands, turned, vectors, layers)
            continue
        if value is None:
            reachable = makeable(hands, turned // 13, 1)
            for i, vector in enumerate(vectors):
                made[d, i] = (cards - sum(vector), *vector) in reachable
            continue
        shares = lead_shares(hands, turned // 13, 1)
        for i, vector in enumerate(vectors):
            numbers = (cards - sum(vector), *vector)
            if numbers in shares:
                features = value_features(hands, list(numbers), turned // 13, 1, turned, shares[numbers])
                made[d, i] = chance(value, features)
    return shapes, made


class Sampled:
    """Sampled deals in array form: shape ids per position, and a lookup from number vectors to columns."""

    def __init__(self, players: int, cards: int, shapes: list[list[str]], made: np.ndarray) -> None:
        self.players, self.cards = players, cards
        self.names = sorted({s for row in shapes for s in row})
        index = {name: i for i, name in enumerate(self.names)}
        self.ids = np.array([[index[s] for s in row] for row in shapes], dtype=np.int64)
        self.made = made
        self.column = -np.ones((cards + 1,) * (players - 1), dtype=np.int64)
        for i, vector in enumerate(number_vectors(players, cards)):
            self.column[vector] = i

    def successes(self, numbers: np.ndarray) -> np.ndarray:
        """Per deal, whether the numbers (deals x positions) could be made (or the chance they are); over the
        cards fails."""
        column = self.column[tuple(numbers.T)]
        out = np.zeros(len(numbers), dtype=self.made.dtype)
        ok = column >= 0
        out[ok] = self.made[np.nonzero(ok)[0], column[ok]]
        return out

    def numbers(self, policy: np.ndarray) -> np.ndarray:
        """Per deal and position, the policy's number (``policy``: positions x shapes)."""
        return np.stack([policy[p][self.ids[:, p]] for p in range(self.players - 1)], axis=1)

    def rate(self, policy: np.ndarray) -> float:
        return float(self.successes(self.numbers(policy)).mean())

    def best_reply(self, policy: np.ndarray, position: int) -> np.ndarray:
        """The numbers of ``position`` (0-based among the choosers) that do best against the others, per shape;
        a tie keeps the current number."""
        numbers = self.numbers(policy)
        scores = np.zeros((len(self.names), self.cards + 1))
        for number in range(self.cards + 1):
            numbers[:, position] = number
            np.add.at(scores[:, number], self.ids[:, position], self.successes(numbers))
        current = policy[position]
        reply = scores.argmax(axis=1)
        keep = scores[np.arange(len(current)), current] >= scores.max(axis=1)
        reply[keep] = current[keep]
        return reply

    def improve(self, policy: np.ndarray, rounds: int = 50) -> np.ndarray:
        """Best replies, one position at a time, until no position changes (or ``rounds`` sweeps)."""
        policy = policy.copy()
        for _ in range(rounds):
            changed = False
            for position in range(self.players - 1):
                reply = self.best_reply(policy, position)
                changed |= bool((reply != policy[position]).any())
                policy[position] = reply
            if not changed:
                break
        return policy

    def share_start(self) -> np.ndarray:
        """The starting policy: a shape's number is its cards no unseen card of their suit outranks."""
        starts = []
        for name in self.names:
            sure = sum(1 for group in name.split("|") for above in group[2:].split(".") if above == "0")
            starts.append(min(self.cards, sure))
        return np.tile(np.array(starts, dtype=np.int64), (self.players - 1, 1))


def compute_policy(
    players: int,
    cards: int,
    deals: int,
    seed: int = 0,
    value: list[float] | None = None,
    judge: str = "open",
    policy_file: str | None = None,
) -> dict[str, Any]:
    """The joint policy for one setting, fitted on ``deals`` deals and checked on a quarter as many others; judged
    with open hands, by the chance the team makes the numbers when ``value`` (coefficients) is given, or by the
    learned policy's play (``judge="policy"``)."""
    fitted = Sampled(players, cards, *sample(players, cards, deals, seed, value, judge, policy_file))
    policy = fitted.improve(fitted.share_start())
    check_shapes, check_made = sample(players, cards, max(1, deals // 4), seed + 1, value, judge, policy_file)
    known = {name: i for i, name in enumerate(fitted.names)}
    checked = Sampled(players, cards, check_shapes, check_made)
    # Shapes the fitting deals never met take the starting policy's number here (at the table, the bots
    # search for those numbers instead).
    start = checked.share_start()
    for i, name in enumerate(checked.names):
        if name in known:
            start[:, i] = policy[:, known[name]]
    entry = {
        "cap": CAPS[cards],
        "policy": [{name: int(policy[p][i]) for i, name in enumerate(fitted.names)} for p in range(players - 1)],
        "fitted_rate": fitted.rate(policy),
        "checked_rate": checked.rate(start),
        "deals": deals,
    }
    if judge != "open":
        entry["judge"] = judge
    if value is not None:
        entry["value"] = value
        entry["checked_open"] = float((checked.successes(checked.numbers(start)) > 0).mean())
    if value is not None or judge != "open":
        # The shipped policy on the same deals, by the same judge: what the new one gains by it.
        shipped = checked.share_start()
        old = load_table().get(f"{players}/{cards}", {"policy": [{}] * (players - 1)})["policy"]
        for i, name in enumerate(checked.names):
            for p in range(players - 1):
                shipped[p, i] = old[p].get(name, shipped[p, i])
        entry["shipped_rate"] = checked.rate(shipped)
        if value is not None:
            entry["shipped_open"] = float((checked.successes(checked.numbers(shipped)) > 0).mean())
    return entry


# ----- the learned value of a vector of numbers ----------------------------------------------------------------


def value_rows(records: list[dict[str, Any]], players: int, cards: int) -> tuple[np.ndarray, np.ndarray]:
    """From rounds a team played (``belief_data``'s records), for each round of this setting whose numbers were
    makeable with open hands: the value's features of its deal and numbers, and whether the team made them."""
    xs, ys = [], []
    for record in records:
        if record["players"] != players or record["cards"] != cards:
            continue
        game = deal(players, cards, record["seed"], record["dealer"])
        hands = list(game.hands)
        for move in record["moves"][: players - 1]:
            game.play(move)
        numbers = list(game.numbers)
        if game.phase != "play" or None in numbers:
            continue  # the numbers exceeded the cards: failed before any card
        leader = (record["dealer"] + 1) % players
        share = lead_shares(hands, game.trump_suit, leader).get(tuple(numbers))
        if share is None:
            continue
        xs.append(value_features(hands, numbers, game.trump_suit, leader, game.trump_card, share))
        ys.append(float(record["made"]))
    return np.array(xs, dtype=np.float64).reshape(-1, len(VALUE_NAMES)), np.array(ys)


def fit_logit(x: np.ndarray, y: np.ndarray, l2: float = 1.0) -> np.ndarray:
    """Logistic regression by Newton's method, an L2 penalty on every coefficient but the constant."""
    w = np.zeros(x.shape[1])
    penalty = np.r_[1e-6, np.full(x.shape[1] - 1, l2)]
    for _ in range(50):
        p = 1.0 / (1.0 + np.exp(-x @ w))
        gradient = x.T @ (p - y) + penalty * w
        hessian = x.T @ (x * (p * (1 - p))[:, None]) + np.diag(penalty)
        w -= np.linalg.solve(hessian, gradient)
    return w


def fit_value(records: list[dict[str, Any]], players: int, cards: int) -> tuple[list[float], str]:
    """The value's coefficients for one setting, and a line saying how well they explain the rounds."""
    x, y = value_rows(records, players, cards)
    if len(y) < 50 or y.min() == y.max():
        raise SystemExit(f"{len(y)} makeable rounds of {players} players and {cards} cards: too few to fit a value")
    w = fit_logit(x, y)
    p = np.clip(1.0 / (1.0 + np.exp(-x @ w)), 1e-9, 1 - 1e-9)
    base = float(y.mean())
    fitted = float(np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))
    constant = base * math.log(base) + (1 - base) * math.log(1 - base)
    coefficients = ", ".join(f"{name} {c:+.2f}" for name, c in zip(VALUE_NAMES, w))
    return [float(c) for c in w], (
        f"{players} players, {cards} cards: {len(y)} makeable rounds, made {base:.3f}; log-chance a round"
        f" {fitted:.3f} against {constant:.3f} for the share alone; {coefficients}"
    )


def _compute(task: tuple[int, int, int | None, list[float] | None, str, str | None]) -> dict[str, Any]:
    players, cards, deals, value, judge, policy_file = task
    deals = deals or (POLICY_DEALS if judge == "policy" else DEALS[cards])
    return compute_policy(players, cards, deals=deals, value=value, judge=judge, policy_file=policy_file)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", type=Path, default=TABLE, help="where the table goes (default: the shipped one)")
    parser.add_argument("--settings", nargs="+", help="only these settings, as PLAYERS/CARDS (the rest are copied)")
    parser.add_argument("--deals", type=int, help="deals a setting (default: more for shorter rounds)")
    parser.add_argument(
        "--value",
        type=Path,
        nargs="+",
        help="judge numbers by a value learnt from the rounds in these folders (made by belief_data)",
    )
    parser.add_argument("--value-players", type=int, default=4, help="the player count the value's rounds are of")
    parser.add_argument(
        "--judge",
        choices=("open", "policy"),
        help="judge a vector of numbers with open hands or by the learned policy's play (default: as each setting"
        " ships, JUDGES)",
    )
    parser.add_argument(
        "--policy",
        help="the learned policy that judges (default: the shipped one for the count; the shipped 4-player numbers"
        " were judged by the policy of git show 89a3070:src/tricktable/bots/tricks_together/policy.npz, the"
        " 5-player ones by git show 238153e:src/tricktable/bots/tricks_together/policy-5.npz)",
    )
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    settings = SETTINGS
    if args.settings:
        try:
            settings = [(int(a), int(b)) for a, _, b in (text.partition("/") for text in args.settings)]
        except ValueError:
            raise SystemExit("a setting is PLAYERS/CARDS, e.g. 4/3") from None
        counts = {players for players, _ in SETTINGS}
        if unknown := [s for s in settings if s[0] not in counts or s[1] not in CAPS]:
            raise SystemExit(f"no shared numbers for {unknown}: 3 to 5 players, 2 to 7 cards")
    values: dict[int, list[float]] = {}
    if args.value is not None:
        records = [record for folder in args.value for record in load_rounds(folder)]
        for cards in sorted({c for _, c in settings}):
            values[cards], line = fit_value(records, args.value_players, cards)
            print(line)
    # The slowest settings first, so that the workers finish together.
    order = sorted(settings, key=lambda s: -(s[0] * 10 + s[1]))
    table = dict(load_table()) if args.settings else {}
    keys, tasks = [], []
    for players, cards in order:
        judge = args.judge or JUDGES.get((players, cards), "open")
        keys.append(f"{players}/{cards}")
        tasks.append((players, cards, args.deals, values.get(cards), judge, args.policy))
        if judge != "open" and args.judge is None:
            # Secret numbers keep numbers judged with open hands: judged by the policy's play they made fewer.
            keys.append(f"{players}/{cards} {SECRET}")
            tasks.append((players, cards, args.deals, values.get(cards), "open", None))
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        for key, entry in zip(keys, pool.map(_compute, tasks)):
            table[key] = entry
    for key in sorted(keys):
        players, cards = (int(x) for x in key.split()[0].split("/"))
        entry = table[key]
        if key.endswith(SECRET):
            print(f"{players} players, {cards} cards, Secret numbers: made with open hands {entry['checked_rate']:.3f}")
            continue
        if "value" in entry:
            print(
                f"{players} players, {cards} cards, checked deals: made by the value {entry['checked_rate']:.3f}"
                f" (the shipped policy {entry['shipped_rate']:.3f}), with open hands {entry['checked_open']:.3f}"
                f" ({entry['shipped_open']:.3f})"
            )
        elif "shipped_rate" in entry:
            print(
                f"{players} players, {cards} cards, checked deals: made by the policy's play"
                f" {entry['checked_rate']:.3f} (the shipped numbers {entry['shipped_rate']:.3f})"
            )
        else:
            print(f"{players} players, {cards} cards: made with open hands {entry['checked_rate']:.3f} (checked deals)")
    args.out.write_text(json.dumps(table, indent=0, sort_keys=True) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
