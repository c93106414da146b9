"""The Tricks Together team-mate: search on top of a shared convention (the blueprint), at three levels, and a
fourth, ``fast``, that plays a learned imitation of ``strong`` with no search at all.

**Numbers.**  The bot deals the cards it has not seen at random many times; in each world its partners
choose the blueprint's number for their hands (or, in small rounds at ``strong``, the number their own search
would choose), the dealer takes the rest, and the round is played out with the blueprint (at ``strong`` by the
learned policy, every seat from its own view: ``policy_numbers``).  It chooses the number with which the team
succeeds in the most worlds.  One-card rounds use the exact best joint policy
instead (``rules.tricks_together.onecard``): there, play is forced and the numbers are everything.  Rounds of
two to five cards (with trumps) use the policy every team-mate shares (``small_rounds``), so that partners can
read one another's numbers exactly: during play, a world in which a partner's hand would have given another number
weighs little, and with Secret numbers a hidden number is the policy's number for the sampled hand.  ``strong``
searches beside that policy (``table_search``): its partners taking the policy's numbers for their sampled hands,
it leaves the policy's number only for one the learned policy's play-outs make in clearly more worlds.

**Cards.**  Worlds are drawn consistently with the view (the cards gone, the cards each seat holds, the suits
it has shown it lacks).  Every legal card is played out in every world, the blueprint for everybody after it;
in the last tricks (``solver_tricks``: four at ``normal``) the open-hands solver judges instead.  ``strong``
asks both in every trick and counts a world by the learned value (``card_value``: a world open hands can still
make but the play-out does not is worth about half to three quarters of one the play-out makes, by the tricks
left; measured on the team's own rounds).  At ``strong`` the play-out is not the blueprint's but the learned
policy's (``policy_playouts``: ``policy.py``, compiled in ``cpolicy``): every seat, the one to move included,
plays on from its own view as the team-mates were seen to play, not from every hand.  The card with the most
weight of success is played; ties go to the blueprint's own choice.

**Inference.**  A world can be weighted by how well it explains what the others did: their numbers (the
distance from the blueprint's number for the sampled hand, ``sigma``), their cards (each card the blueprint
would not have played, ``slip``; whether their cards were ones that work in that world, ``rational``; or the
chance of each card under a model fitted to how team-mates actually play, ``play_model``, see
``play_reading``; or the learned policy's chance of each card, from the partner's view then, ``policy_reading``).
Measured on the same deals, the fitted model was the first to make the team make its numbers more often by more
than the noise, and the policy's reading, once the policy had learnt from its own play, made more again (see the
game's page); ``strong`` reads cards by the policy, and numbers by ``sigma`` mildly.  ``strong`` also
draws a card's worlds from the learned belief (``belief``: a network trained on the team-mates' own games, which
gives every unseen card a chance for each seat; one for each count of players) instead of uniformly; the weights
above still apply.

**Secret numbers.**  A hidden number is taken, in each world, to be the number the seat's sampled hand gives:
the shared policy's in rounds of 2 to 5 cards, the fitted model's likeliest (``number_reading``) in rounds of 6
and 7 at the levels that use it, else the blueprint's.

Levels differ in how many worlds they weigh, the inference and when the solver takes over; each stops early
when its time budget is spent.

**Fast.**  ``fast`` weighs no world: its cards are the learned policy's (``policy.py``, a network trained to
play the card ``strong`` played, then further by its own play, ``reinforce.py``), its numbers the exact one-card
policy, the shared table of 2 to 5 cards, and in longer rounds the likeliest number of the model fitted to
``strong``'s numbers (``number_reading``), else the blueprint's estimate.  It is for playtests that need many
games: a move costs a fraction of a millisecond.
"""

from __future__ import annotations

import copy
import dataclasses
import time
from dataclasses import dataclass
from typing import Any

import numpy as np

from tricktable.bots.base import LevelledBot
from tricktable.bots.tricks_together import card_value, cpolicy, cteam, play_reading, position_value
from tricktable.bots.tricks_together.belief import Belief, seat_weights
from tricktable.bots.tricks_together.blueprint import number_scale, quick_choice, quick_number
from tricktable.bots.tricks_together.cvalue import value_inputs
from tricktable.bots.tricks_together.number_reading import Reader, features, reader_for
from tricktable.bots.tricks_together.policy import Policy, policy
from tricktable.bots.tricks_together.position_value import PositionValue
from tricktable.bots.tricks_together.small_rounds import Table, policy_for, shape, table_number
from tricktable.core.cards import card_str, parse_card
from tricktable.rules.tricks_together import (
    Knowledge,
    one_card_number,
    read_view,
    sample_deals,
    solve_cards,
    solve_vectors,
)


@dataclass(frozen=True)
class Level:
    """How hard a team-mate thinks."""

    name: str
    commit_worlds: int
    play_worlds: int
    slip: float  #: weight of a world per card the blueprint would not have played there (1: ignore plays)
    sigma: float  #: how far a partner's number may stray from the blueprint's (in tricks)
    solver_tricks: int  #: the solver judges each world when this many tricks or fewer are left (0: never)
    budget: float  #: seconds a move may take, roughly
    search_numbers: bool = True  #: choose numbers by search (else the blueprint's number, which partners can read)
    deep_numbers: int = 0  #: up to this many cards a round, partners' numbers come from their own search
    rational: float = 0.0  #: how strongly partners are taken to play cards that work (0: not at all)
    inner_worlds: int = 40  #: the deals each partner's own search weighs, in that deeper model
    table_numbers: int = 0  #: rounds of 2 up to this many cards take the shared policy's numbers (small_rounds)
    model_numbers: int = 0  #: from this many cards a round, a hidden number is the fitted model's (0: never)
    #: the power of the fitted model of partners' cards in a world's weight (0: unused; else it replaces ``rational``)
    play_model: float = 0.0
    #: draw a card's worlds from the learned belief (``belief``), its odds raised to this power (0: uniformly);
    #: never with Secret numbers, which the belief did not learn from
    belief: float = 0.0
    #: no search: the learned policy's cards, and numbers that imitate ``strong``'s (the ``fast`` level)
    imitate: bool = False
    #: judge a card in every trick by the learned value of a world (``card_value``): the chance the team makes its
    #: numbers there, from whether open hands can still make them and whether the blueprint does
    value: bool = False
    #: in that value, the open hands' share (``card_value.share``) is multiplied by this in rounds of
    #: ``open_weight_cards`` cards or more: below 1 the learned policy's play-out weighs more than the rates fitted
    #: beside the blueprint's play-out say (no level does: at 0.3 in rounds of 7 cards it gained on the paired
    #: rounds first tried and lost in the games played after, see the game's page)
    open_weight: float = 1.0
    open_weight_cards: int = 1
    #: choose a searched number by the same value: a world counts share x (open hands can make the numbers)
    #: + (1 - share) x (the blueprint makes them), the share at the round's size (no level does: it made fewer
    #: rounds in a paired match, see the game's page)
    value_numbers: bool = False
    #: judge a card in every trick by the learned value of the position (``position_value``): in a world open hands
    #: can still make, the chance the team makes it, read from the position's cards and needs (replaces ``value``)
    position_value: bool = False
    #: play each world out with the learned policy (``policy.py``, compiled in ``cpolicy``), every seat choosing
    #: from its own view, in place of the blueprint's play-out (the votes for ties stay the blueprint's)
    policy_playouts: bool = False
    #: in those play-outs every card after the first is drawn from the policy's softmax at this temperature, so
    #: that a world's future carries the partners' uncertainty (0: each seat plays the policy's best card)
    policy_temperature: float = 0.0
    #: the power of the learned policy's chance of each card a partner played (from its view then) in a world's
    #: weight (0: unused; else it replaces ``play_model`` and ``rational``; ``strong``: 0.3, once the policy had
    #: learnt from its own play, about four rounds more in a hundred of 7 cards at every count of players)
    policy_reading: float = 0.0
    #: a searched number (6 and 7 cards) is judged by the learned policy's play-outs from the first lead, every
    #: seat from its own view, in place of the blueprint's (``strong``: once the policy had learnt from its own
    #: play, the team made about six rounds more in a hundred of 6 and 7 cards with it)
    policy_numbers: bool = False
    #: keep the learned policy's card unless the search finds another better by more than this share of the
    #: worlds' weight (a chance of success): a deviation from what partners expect must pay for itself (0: off)
    policy_margin: float = 0.0
    #: in rounds that take the shared policy's numbers (open numbers), search beside it: each candidate is judged
    #: by the learned policy's play-outs in sampled worlds where the other choosers take the shared policy's
    #: numbers for their sampled hands, and the shared number is kept unless another is made in more than this
    #: share of the worlds besides (a number off the table is misread by the partners; negative: off; ``strong``:
    #: 0.03, about one or two rounds more in a hundred of 3 to 5 cards at 4 and 5 players)
    table_search: float = -1.0
    #: read a partner's shown number of 6 or 7 cards (with trumps) through the model fitted to the team-mates'
    #: numbers (``number_reading``): a world weighs the model's chance of the number for the partner's sampled
    #: hand, raised to this power, in place of the Gaussian around the blueprint's estimate (0: ``sigma``)
    model_reading: float = 0.0
    #: the weight of a world in which a partner's hand would have given another number than the one it chose
    #: under the shared small-round policy: small rather than 0, so that a deal nobody expected still leaves
    #: some worlds
    misfit: float = 0.02


LEVELS = {
    "fast": Level(
        "fast",
        commit_worlds=0,
        play_worlds=0,
        slip=1.0,
        sigma=100.0,
        solver_tricks=0,
        budget=0.0,
        table_numbers=5,
        imitate=True,
    ),
    "easy": Level(
        "easy",
        commit_worlds=30,
        play_worlds=20,
        slip=1.0,
        sigma=100.0,
        solver_tricks=0,
        budget=0.05,
        table_numbers=5,
        model_numbers=6,
    ),
    "normal": Level(
        "normal",
        commit_worlds=300,
        play_worlds=200,
        slip=1.0,
        sigma=100.0,
        solver_tricks=4,
        budget=0.25,
        table_numbers=5,
        model_numbers=6,
    ),
    "strong": Level(
        "strong",
        commit_worlds=1200,
        play_worlds=600,
        slip=1.0,
        sigma=1.5,
        solver_tricks=4,
        budget=1.2,
        deep_numbers=3,
        table_numbers=5,
        model_numbers=6,
        belief=1.0,
        value=True,
        policy_playouts=True,
        policy_numbers=True,
        policy_reading=0.3,
        table_search=0.03,
    ),
}


def parse_level(text: str) -> Level:
    """``name`` or ``name:field=value,field=value`` (values are ints or floats): a level with some fields changed,
    to measure a change or to play rounds as an earlier level did.  A ``ValueError`` says what is wrong."""
    name, _, changes = text.partition(":")
    if name not in LEVELS:
        raise ValueError(f"no level {name!r}; levels: {', '.join(LEVELS)}")
    fields = [f.name for f in dataclasses.fields(Level) if f.name != "name"]
    updates: dict[str, Any] = {"name": text}
    for change in filter(None, changes.split(",")):
        key, _, value = change.partition("=")
        if key not in fields:
            raise ValueError(f"no level field {key!r}; fields: {', '.join(fields)}")
        try:
            updates[key] = float(value) if "." in value else int(value)
        except ValueError:
            raise ValueError(f"level field {key!r} takes a number, not {value!r}") from None
    return dataclasses.replace(LEVELS[name], **updates)


#: Worlds are drawn and judged in batches of this many, so a level can stop when its time is up.
BATCH = 100


def best_card(legal: list[int], scores: list[float], votes: list[float]) -> int:
    """The card of the highest score; ties go to the one the blueprint plays in the most weight of worlds
    (``votes``), then to the lowest card."""
    top = max(scores)
    close = [i for i in range(len(legal)) if scores[i] >= top - 1e-12]
    return legal[max(close, key=lambda i: (votes[i], -legal[i]))]


class TeamMate(LevelledBot[Level]):
    """A Tricks Together bot that plays as a team-mate (see the module's notes)."""

    levels = LEVELS
    #: The learned belief a card's worlds are drawn from (``None``: the shipped one), and the coefficients of the
    #: fitted model of partners' cards (``None``: the shipped ``play_reading.json``).  Set on a team to try the
    #: next turn of a model beside the shipped one (``benchmarks/rounds_paired_tricks_together.py --b-belief``).
    belief_model: Belief | None = None
    card_model: list[float] | None = None
    #: The shared small-round numbers (``None``: the shipped ``small_rounds.json``): a whole team must share one.
    number_table: Table | None = None
    #: The learned value's rates (``None``: the shipped ``card_value.json``), to try a refitted one beside it.
    value_table: dict[str, Any] | None = None
    #: The learned position value (``None``: the shipped ``position_value.npz``), to try another beside it.
    position_model: PositionValue | None = None
    #: The fitted models of team-mates' numbers (``None``: the shipped ``number_reading.json``), to try a refitted
    #: one beside it.
    number_model: dict[str, Reader] | None = None
    #: The learned policy (``None``: the shipped one for the table's count, ``policy.MODELS``), to try the next
    #: turn of it beside the shipped one.
    policy_model: Policy | None = None
    #: The learned policy the partners' past cards are read by (``policy_reading``; ``None``: the one this
    #: team-mate plays its worlds out with), to try a model of how the team-mates really play beside it.
    reading_model: Policy | None = None
    #: Seats of players who do not share the team's conventions (a person, or a bot of another kind): their
    #: numbers and cards are not read through the blueprint, the shared small-round policy, the fitted models
    #: or the belief, which all describe team-mates like this one, and their hands are drawn at even odds.
    #: Empty (every seat read as a team-mate) unless set: measured against reading every seat as a team-mate
    #: with a ``heuristic`` partner, it gained nothing beyond the noise, and no table sets it (see the game's page).
    outsiders: frozenset[int] = frozenset()

    def policy(self, players: int) -> Policy:
        """The learned policy this team-mate plays (``fast``) or plays its worlds out with, at ``players``."""
        return self.policy_model if self.policy_model is not None else policy(players=players)

    def decide(self, view: dict[str, Any], legal: list[str]) -> str:
        knowledge = read_view(view)
        if view["phase"] == "commit":
            return f"bid {self.number(knowledge)}"
        cards = [parse_card(m) for m in legal]
        if self.level.imitate:
            return card_str(self.policy(knowledge.players).card(knowledge, cards))
        return card_str(self.card(knowledge, cards))

    def sample_worlds(self, k: Knowledge, count: int, beliefs: list[list[float]] | None = None) -> list[list[int]]:
        """``count`` deals consistent with ``k``, each every seat's hand now, drawn by the learned belief's
        per-seat card weights when given (the open-hands ceiling puts the real deal here)."""
        return sample_deals(k, count, self.rng, beliefs)

    # ----- numbers -------------------------------------------------------------------------------

    def number(self, k: Knowledge) -> int:
        n = k.players
        leader = (k.dealer + 1) % n
        if k.cards == 1:
            return one_card_number(n, (k.seat - k.dealer) % n, k.hand.bit_length() - 1, k.trump_card, k.trump)
        shared = self._shared_number(k, k.seat, k.hand)
        if shared is not None:
            if self.level.table_search >= 0.0 and not k.secret and self.level.commit_worlds:
                return self._table_searched_number(k, shared)
            return shared
        estimate = quick_number(k.hand, k.cards, n, k.trump, k.trump_card, k.seat == leader)
        if self.level.imitate:
            return self._imitated_number(k, estimate)
        if not self.level.search_numbers:
            return min(k.cards, int(estimate + 0.5))
        candidates = list(range(k.cards + 1))
        scores = [0.0] * len(candidates)
        scale = number_scale(k.cards, n, k.trump >= 0)
        inner = self.level.inner_worlds if k.cards <= self.level.deep_numbers else 0
        by_value = self.level.value_numbers and inner == 0
        share = card_value.share(n, k.cards, self.value_table) if by_value else 0.0
        start = time.perf_counter()
        done = 0
        while done < self.level.commit_worlds:
            worlds = self.sample_worlds(k, BATCH)
            chosen: list[list[int]] | None = [] if by_value or self.level.policy_numbers else None
            made = cteam.commit_scores(
                worlds, k.seat, k.dealer, k.cards, k.trump, k.trump_card, scale, candidates, inner,
                self.rng.getrandbits(64), chosen,
            )  # fmt: skip
            if self.level.policy_numbers and chosen is not None:
                made = cpolicy.commit_scores(
                    self.policy(k.players).layers, worlds, chosen, k.seat, k.dealer, k.cards, k.trump, k.trump_card,
                    candidates,
                )  # fmt: skip
            if by_value and chosen is not None:
                opened = self._open_numbers(k, worlds, chosen, candidates)
                scores = [a + share * o + (1.0 - share) * b for a, o, b in zip(scores, opened, made)]
            else:
                scores = [a + b for a, b in zip(scores, made)]
            done += BATCH
            if time.perf_counter() - start > self.level.budget:
                break
        # Ties (and exact ties only) go to the number closest to the blueprint's estimate.
        best = max(range(len(candidates)), key=lambda i: (scores[i], -abs(candidates[i] - estimate)))
        return candidates[best]

    def _table_searched_number(self, k: Knowledge, shared: int) -> int:
        """The shared policy's number unless, in worlds where the other choosers take the shared policy's numbers
        for their sampled hands and every seat plays the learned policy from its own view, another number is
        made in more than ``table_search`` of the worlds besides (``Level.table_search``)."""
        n = k.players
        found = policy_for(n, k.cards, self.number_table, k.secret)
        assert found is not None  # the caller found the shared number in it
        cap, policy = found
        others = [(p, policy[(p - k.dealer) % n - 1]) for p in range(n) if p not in (k.seat, k.dealer)]
        candidates = list(range(k.cards + 1))
        scores = [0] * len(candidates)
        # The worlds come from a copy of the bot's stream, so that a round whose number stays the table's plays
        # its cards exactly as it would without this search (paired comparisons then differ only where it acts).
        rng = copy.copy(self.rng)
        start = time.perf_counter()
        done = 0
        while done < self.level.commit_worlds:
            worlds = sample_deals(k, BATCH, rng)
            chosen = []
            for hands in worlds:
                numbers = [0] * n
                for p, by_shape in others:
                    number = by_shape.get(shape(hands[p], k.trump_card, cap))
                    if number is None:  # a shape never met in the fitting: the blueprint's estimate
                        number = quick_choice(hands[p], k.cards, n, k.trump, k.trump_card, p == (k.dealer + 1) % n)
                    numbers[p] = number
                chosen.append(numbers)
            made = cpolicy.commit_scores(
                self.policy(n).layers, worlds, chosen, k.seat, k.dealer, k.cards, k.trump, k.trump_card, candidates
            )
            scores = [a + b for a, b in zip(scores, made)]
            done += len(worlds)
            if time.perf_counter() - start > self.level.budget:
                break
        best = max(range(len(candidates)), key=lambda i: (scores[i], -abs(candidates[i] - shared)))
        return candidates[best] if scores[best] - scores[shared] > self.level.table_search * done else shared

    def _open_numbers(
        self, k: Knowledge, worlds: list[list[int]], chosen: list[list[int]], candidates: list[int]
    ) -> list[float]:
        """Per candidate number, the worlds in which open hands could make the numbers: the other choosers'
        as ``chosen`` gives them for each world, the candidate, and the rest for the dealer."""
        leader = (k.dealer + 1) % k.players
        counts = [0.0] * len(candidates)
        for hands, others in zip(worlds, chosen):
            vectors = []
            for number in candidates:
                vector = others[:]
                vector[k.seat] = number
                vector[k.dealer] = k.cards - sum(others) - number
                vectors.append(vector)
            for i, made in enumerate(solve_vectors(hands, k.trump, leader, vectors)):
                counts[i] += made
        return counts

    def _imitated_number(self, k: Knowledge, estimate: float) -> int:
        """Without search: the number the model fitted to ``strong``'s numbers finds likeliest for this hand (6
        and 7 cards, with trumps), else the blueprint's estimate rounded."""
        reader = reader_for(k.players, k.cards, self.number_model) if k.trump >= 0 else None
        if reader is None:
            return min(k.cards, int(estimate + 0.5))
        scale = number_scale(k.cards, k.players, True)
        position = (k.seat - k.dealer) % k.players
        return reader.likeliest(features(k.hand, k.cards, k.players, k.trump, k.trump_card, position, scale))

    # ----- cards ---------------------------------------------------------------------------------

    def card(self, k: Knowledge, legal: list[int]) -> int:
        level = self.level
        use_solver = k.left <= level.solver_tricks
        scores = [0.0] * len(legal)
        votes = [0.0] * len(legal)
        start = time.perf_counter()
        done = 0
        beliefs = seat_weights(k, level.belief, self.belief_model) if level.belief else None
        if beliefs is not None:
            for p in self._other_outsiders(k):
                beliefs[p] = [1.0] * 52  # even odds: the belief was learnt from team-mates' games
        deadline = start + level.budget
        mass = 0.0
        while done < level.play_worlds:
            worlds = self.sample_worlds(k, BATCH, beliefs)
            targets, weights = self.weigh(k, worlds)
            if level.value or level.position_value or use_solver:
                # The solver's worlds are judged one by one, so that a move stops close to its budget: the
                # play-outs then judge the same worlds.
                answers = self._solve(k, worlds, targets, weights, legal, deadline)
                del worlds[len(answers) :], targets[len(answers) :], weights[len(answers) :]
                open_scores = (np.asarray(weights) @ np.asarray(answers, dtype=float)).tolist()
            batch_scores, batch_votes = cteam.play_scores(
                worlds, targets, weights, k.trump, k.leader, k.trick, k.won, k.left, k.gone, legal, k.seat
            )
            if level.policy_playouts:
                drawn = level.policy_temperature > 0.0
                batch_scores = cpolicy.scores(
                    self.policy(k.players).layers, worlds, targets, weights, k.trump, k.cards, k.leader, k.trick,
                    k.won, k.gone, k.voids, k.history, legal, level.policy_temperature,
                    self.rng.getrandbits(64) if drawn else 0,
                )  # fmt: skip
            if level.position_value:
                batch_scores = self._position_scores(k, worlds, targets, weights, legal, answers)
            elif level.value:
                share = card_value.share(k.players, k.left, self.value_table)
                if k.cards >= level.open_weight_cards:
                    share *= level.open_weight
                # The chance of success in a world makeable with open hands that the blueprint does not make,
                # as a share of that in one it does make (only the ratio orders the cards).
                batch_scores = [share * o + (1.0 - share) * b for o, b in zip(open_scores, batch_scores)]
            elif use_solver:
                batch_scores = open_scores
            scores = [a + b for a, b in zip(scores, batch_scores)]
            votes = [a + b for a, b in zip(votes, batch_votes)]
            mass += sum(weights)
            done += BATCH
            if time.perf_counter() > deadline:
                break
        best = best_card(legal, scores, votes)
        if level.policy_margin > 0.0 and len(legal) > 1:
            usual = self.policy(k.players).card(k, legal)
            if max(scores) - scores[legal.index(usual)] <= level.policy_margin * mass:
                return usual
        return best

    def weigh(self, k: Knowledge, worlds: list[list[int]]) -> tuple[list[list[int]], list[float]]:
        """Each world's numbers to make (a hidden one guessed) and its weight: how well it explains what the
        partners did, by the level's inference."""
        level = self.level
        scale = number_scale(k.cards, k.players, k.trump >= 0)
        shared = self._uses_shared(k)
        reader = self._reader(k)
        shown_reader = None if shared else self._shown_reader(k)
        # Under the shared policy a partner's number says more than the blueprint's estimate: it is read exactly;
        # under the fitted model of numbers, by the model.
        sigma = float("inf") if shared or shown_reader is not None else level.sigma
        outsiders = sum(1 << p for p in self._other_outsiders(k))  # a bit a seat, as the kernel reads them
        targets, weights = cteam.world_weights(
            worlds, k.played_by, k.numbers, k.seat, k.dealer, k.cards, k.trump, k.trump_card, scale,
            k.history, sigma, level.slip, outsiders,
        )  # fmt: skip
        if shared:
            self._read_shared(k, worlds, targets, weights)
        if shown_reader is not None:
            weights = self._read_shown(k, shown_reader, worlds, weights)
        if not shared and reader is not None:
            self._guess_hidden(k, reader, worlds, targets)
        if level.policy_reading and k.history:
            reading = self.reading_model if self.reading_model is not None else self.policy(k.players)
            fits = cpolicy.likelihoods(
                reading.layers, worlds, k.played_by, targets, k.history, k.seat, k.dealer, k.cards,
                k.trump, k.trump_card, level.policy_reading, outsiders,
            )  # fmt: skip
            weights = [a * b for a, b in zip(weights, fits)]
        elif level.play_model and k.history:
            fits = cteam.fitted_weights(
                worlds, k.played_by, targets, k.history, k.seat, k.dealer, k.cards, k.trump, k.trump_card,
                self.card_model or play_reading.coefficients(), level.play_model, outsiders,
            )  # fmt: skip
            weights = [a * b for a, b in zip(weights, fits)]
        elif level.rational and k.history:
            fits = cteam.rational_weights(
                worlds, k.played_by, targets, k.history, k.seat, k.dealer, k.cards, k.trump, k.trump_card,
                level.rational, outsiders,
            )  # fmt: skip
            weights = [a * b for a, b in zip(weights, fits)]
        return targets, weights

    def _other_outsiders(self, k: Knowledge) -> list[int]:
        """The seats of ``outsiders`` at this table other than this one."""
        return [p for p in sorted(self.outsiders) if p != k.seat and 0 <= p < k.players]

    def _uses_shared(self, k: Knowledge) -> bool:
        """Does this round take the shared small-round policy's numbers (at this level, where there is a table:
        a level variant may ask for more cards than the table covers)?"""
        return (
            2 <= k.cards <= self.level.table_numbers
            and k.trump >= 0
            and policy_for(k.players, k.cards, self.number_table, k.secret) is not None
        )

    def _shared_number(self, k: Knowledge, seat: int, hand: int) -> int | None:
        """The shared small-round policy's number for ``seat`` holding ``hand``, where this level uses it."""
        if not self._uses_shared(k):
            return None
        position = (seat - k.dealer) % k.players
        return table_number(k.players, k.cards, position, hand, k.trump_card, self.number_table, k.secret)

    def _read_shared(
        self, k: Knowledge, worlds: list[list[int]], targets: list[list[int]], weights: list[float]
    ) -> None:
        """Read the partners' numbers through the shared policy, in place: a world whose hand for a partner
        would have given another number than the one it chose weighs ``Level.misfit``; with Secret numbers, a
        hidden number is the policy's number for the sampled hand (the dealer takes the rest)."""
        found = policy_for(k.players, k.cards, self.number_table, k.secret) if self._uses_shared(k) else None
        if found is None:
            return
        cap, policy = found
        misfit = self.level.misfit
        # An outsider's number says nothing through a policy it does not follow: its hidden number stays the
        # blueprint's estimate (``world_weights``).
        partners = [
            (p, policy[(p - k.dealer) % k.players - 1])
            for p in range(k.players)
            if p not in (k.seat, k.dealer) and p not in self.outsiders
        ]
        for w, hands in enumerate(worlds):
            target = targets[w]
            for p, numbers in partners:
                number = numbers.get(shape(hands[p] | k.played_by[p], k.trump_card, cap))
                if number is None:
                    continue
                if k.numbers[p] is None:
                    target[p] = number
                elif number != k.numbers[p]:
                    weights[w] *= misfit
            if k.numbers[k.dealer] is None:
                target[k.dealer] = k.cards - sum(target[p] for p in range(k.players) if p != k.dealer)

    def _reader(self, k: Knowledge) -> Reader | None:
        """The fitted model of how team-mates choose, where this level uses it and a partner's number is hidden."""
        if not self.level.model_numbers or k.cards < self.level.model_numbers or k.trump < 0:
            return None
        if all(k.numbers[p] is not None for p in range(k.players) if p not in (k.seat, k.dealer)):
            return None
        return reader_for(k.players, k.cards, self.number_model)

    def _shown_reader(self, k: Knowledge) -> Reader | None:
        """The fitted model of how team-mates choose, where this level reads shown numbers by it."""
        if not self.level.model_reading or k.trump < 0 or k.cards < 6:
            return None
        return reader_for(k.players, k.cards, self.number_model)

    def _read_shown(self, k: Knowledge, reader: Reader, worlds: list[list[int]], weights: list[float]) -> list[float]:
        """Each world's weight times the model's chance, raised to ``model_reading``, of every number a partner
        (not an outsider, who does not choose as the team-mates do) has shown, for its hand in that world."""
        n = k.players
        shown = [
            p for p in range(n) if p not in (k.seat, k.dealer) and k.numbers[p] is not None and p not in self.outsiders
        ]
        if not shown or not worlds:
            return weights
        chances = reader.chances_many(self._hand_rows(k, worlds, shown)).reshape(len(worlds), len(shown), k.cards + 1)
        numbers = np.array([k.numbers[p] for p in shown])
        fits = chances[:, np.arange(len(shown)), numbers].prod(axis=1) ** self.level.model_reading
        return (np.asarray(weights) * fits).tolist()

    @staticmethod
    def _hand_rows(k: Knowledge, worlds: list[list[int]], seats: list[int]) -> list[list[float]]:
        """The fitted model's features of each of ``seats``' hands as dealt (its cards now and those it played),
        world by world and seat by seat within a world."""
        n = k.players
        scale = number_scale(k.cards, n, True)
        return [
            features(hands[p] | k.played_by[p], k.cards, n, k.trump, k.trump_card, (p - k.dealer) % n, scale)
            for hands in worlds
            for p in seats
        ]

    def _guess_hidden(self, k: Knowledge, reader: Reader, worlds: list[list[int]], targets: list[list[int]]) -> None:
        """With Secret numbers, in place: a partner's hidden number is, in each world, the number the fitted model
        (``number_reading``) finds likeliest for its sampled hand; the dealer takes the rest."""
        n = k.players
        hidden = [
            p for p in range(n) if p not in (k.seat, k.dealer) and k.numbers[p] is None and p not in self.outsiders
        ]
        guesses = iter(reader.likeliest_many(self._hand_rows(k, worlds, hidden)))
        for target in targets:
            for p in hidden:
                target[p] = next(guesses)
            if k.numbers[k.dealer] is None:
                target[k.dealer] = k.cards - sum(target[p] for p in range(n) if p != k.dealer)

    def _solve(
        self,
        k: Knowledge,
        worlds: list[list[int]],
        targets: list[list[int]],
        weights: list[float],
        legal: list[int],
        deadline: float,
    ) -> list[list[bool]]:
        """Per world, in order, and per card: can the team still make its numbers with open hands once the card
        is played?  Only the worlds judged before ``deadline`` (at least one) are answered."""
        answers: list[list[bool]] = []
        for hands, target, weight in zip(worlds, targets, weights):
            if answers and time.perf_counter() > deadline:
                break
            if weight <= 0.0:
                answers.append([False] * len(legal))  # weighs nothing
            else:
                answers.append(solve_cards(hands, k.trump, k.leader, target, legal, k.trick, k.won))
        return answers

    def _position_scores(
        self,
        k: Knowledge,
        worlds: list[list[int]],
        targets: list[list[int]],
        weights: list[float],
        legal: list[int],
        answers: list[list[bool]],
    ) -> list[float]:
        """Per card, the summed weight x the learned position value's chance of the worlds open hands can still
        make once the card is played (``answers``); a card that ends the round counts a world it makes fully."""
        model = self.position_model or position_value.value()
        inputs, settled = value_inputs(worlds, targets, k.trump, k.leader, k.trick, k.won, k.left, k.gone, legal)
        chances = model.chances(inputs)
        chances[settled] = 1.0
        made = np.asarray(answers, dtype=bool)
        chances = np.where(made, chances.reshape(made.shape), 0.0)
        scores: list[float] = (np.asarray(weights) @ chances).tolist()
        return scores
