"""Train a small policy on Tricks Together through PettingZoo, then measure it in the arena against our bots.

    python examples/pettingzoo_reinforce.py [--episodes 4000] [--deals 200]

The policy is linear in the observation with a softmax over the legal actions (the mask), shared by the four
seats, trained with REINFORCE on the team's utility (positions cleared, plus lives when the climb is won) less
a running baseline: numpy only, a few minutes on one core.  Then it is seated as a tricktable bot
(``PolicyBot``: it sees a seat's view, encodes it as the environment does, and answers with a move) and the
arena plays it against our ``random`` and ``heuristic`` bots on the same deals (a team of each per deal).
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from tricktable.arena import paired, run, summarise, tasks
from tricktable.bots.base import register_bot
from tricktable.interop.adapt import spec
from tricktable.interop.bots import PolicyBot
from tricktable.interop.pettingzoo import env

GAME = "tricks-together"


class LinearPolicy:
    """Softmax over the legal actions of ``weights @ observation``."""

    def __init__(self, observations: int, actions: int) -> None:
        self.weights = np.zeros((actions, observations), np.float64)

    def probabilities(self, observation: np.ndarray, mask: np.ndarray) -> np.ndarray:
        logits = self.weights @ observation
        logits = np.where(mask > 0, logits, -np.inf)
        logits -= logits.max()
        odds = np.exp(logits)
        return odds / odds.sum()

    def greedy(self, observation: np.ndarray, mask: np.ndarray) -> int:
        return int(np.argmax(self.probabilities(observation, mask)))


def train(policy: LinearPolicy, episodes: int, rate: float, seed: int) -> list[float]:
    """REINFORCE with a running-mean baseline; returns each episode's team utility."""
    rng = np.random.default_rng(seed)
    game = env(GAME, players=4)
    scale = 1.0 / game.unwrapped.spec.utility_range()[1]
    baseline = 0.0
    utilities = []
    for episode in range(episodes):
        game.reset(seed=seed + episode)
        steps: list[tuple[np.ndarray, np.ndarray, int]] = []
        utility = 0.0
        for _agent in game.agent_iter():
            observation, reward, termination, truncation, _ = game.last()
            if termination or truncation:
                utility = float(reward)
                game.step(None)
                continue
            odds = policy.probabilities(observation["observation"], observation["action_mask"])
            action = int(rng.choice(len(odds), p=odds))
            steps.append((observation["observation"], odds, action))
            game.step(action)
        advantage = utility * scale - baseline
        baseline += 0.01 * (utility * scale - baseline)
        for observation, odds, action in steps:
            # The gradient of log softmax: (one-hot of the action - the probabilities), times the observation.
            grad = -odds
            grad[action] += 1.0
            policy.weights += rate * advantage * np.outer(grad, observation)
        utilities.append(utility)
    return utilities


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--episodes", type=int, default=4000)
    parser.add_argument("--rate", type=float, default=0.02)
    parser.add_argument("--deals", type=int, default=200, help="deals for each arena match")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    game_spec = spec(GAME, 4)
    policy = LinearPolicy(game_spec.layout.size, game_spec.num_actions)
    started = time.perf_counter()
    utilities = train(policy, args.episodes, args.rate, args.seed)
    tenth = max(1, len(utilities) // 10)
    print(
        f"trained {args.episodes} episodes in {time.perf_counter() - started:.0f} s: mean utility "
        f"{np.mean(utilities[:tenth]):.2f} in the first tenth, {np.mean(utilities[-tenth:]):.2f} in the last"
    )
    register_bot(GAME, "reinforce")(lambda seed: PolicyBot(game_spec, policy.greedy, "reinforce"))
    for opponent in ("random", "heuristic"):
        # One worker: the policy is registered in this process only.
        match = tasks(GAME, "reinforce", opponent, 4, args.deals, {}, seed=10_000)
        results = run(match, workers=1)
        summary = summarise(results, "reinforce", opponent)
        print(f"reinforce against {opponent}, {args.deals} deals:")
        for name, (rate, low, high) in summary.rates.items():
            print(f"  {name}: {rate:.3f} (95% {low:.3f}-{high:.3f})")
        # Few teams win the climb; the team utility (positions cleared) tells more, deal by deal.
        by_deal: dict[int, dict[str, float]] = {}
        for r in results:
            utility = game_spec.utilities({"won": r.won, "score": r.score})[0]
            by_deal.setdefault(r.task.deal, {})[r.task.seats[0]] = utility
        c = paired([d["reinforce"] - d[opponent] for d in by_deal.values()])
        print(f"  team utility, reinforce minus {opponent}: {c.mean:+.2f} (95% {c.low:+.2f} to {c.high:+.2f})")


if __name__ == "__main__":
    main()
