"""Tricks Together, the cooperative climb: the game, its moves, events, deals and fast kernels.

The front door: callers import from here, never from the modules inside.
"""

from tricktable.rules.tricks_together.batch import batch_rollouts
from tricktable.rules.tricks_together.deals import check_deals, round_sequence, shuffle_deal
from tricktable.rules.tricks_together.events import (
    LifeLost,
    NumberChosen,
    NumberCommitted,
    NumbersRevealed,
    RoundDealt,
    RoundFailed,
    RoundWon,
    TrumpTurned,
)
from tricktable.rules.tricks_together.game import TricksTogether
from tricktable.rules.tricks_together.kernel import NO_TRUMPS, beats, legal_mask, random_rollout, trick_winner
from tricktable.rules.tricks_together.knowledge import Knowledge, read_view
from tricktable.rules.tricks_together.moves import COMMIT, Commit, parse_move
from tricktable.rules.tricks_together.narrate import TOLD_BY, card_words, narrate, trick_reason
from tricktable.rules.tricks_together.onecard import one_card_number
from tricktable.rules.tricks_together.sampler import sample_deals
from tricktable.rules.tricks_together.solver import makeable, solve, solve_cards, solve_vectors
from tricktable.rules.tricks_together.words import move_help, move_words, seat_facts, table_facts

__all__ = [
    "COMMIT",
    "NO_TRUMPS",
    "TOLD_BY",
    "Commit",
    "Knowledge",
    "LifeLost",
    "NumberChosen",
    "NumberCommitted",
    "NumbersRevealed",
    "RoundDealt",
    "RoundFailed",
    "RoundWon",
    "TricksTogether",
    "TrumpTurned",
    "batch_rollouts",
    "beats",
    "card_words",
    "check_deals",
    "legal_mask",
    "makeable",
    "move_help",
    "move_words",
    "narrate",
    "one_card_number",
    "parse_move",
    "random_rollout",
    "read_view",
    "round_sequence",
    "sample_deals",
    "seat_facts",
    "shuffle_deal",
    "solve",
    "solve_cards",
    "solve_vectors",
    "table_facts",
    "trick_reason",
    "trick_winner",
]
