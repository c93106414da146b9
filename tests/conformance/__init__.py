"""The contract every game keeps, checked for every registered game, player count and variant.

A game is a ``tricktable.core.game.Game`` listed in the registry.  Whatever its rules, it must:

* keep the protocol in every position of random games (``test_invariants``): a seat to move and a non-empty
  list of legal moves while the game runs, each legal move read back from its notation and passed by
  ``why_illegal``; views that are JSON with the protocol's fields, in agreement with the game; events that
  only grow, each seat seeing exactly the events visible to it; at the end no seat to move, a result whose
  winners and scores fit the table, announced by the last event;
* refuse an illegal move of every kind it has (``test_illegal_moves``): garbage text, a move of another game,
  a move of another phase, a move legal elsewhere in this phase but not now (a card not held, not following,
  a number out of range, another seat's card), anything once the game is over; the refusal is an
  ``IllegalMove`` that changes nothing: the state, the record and every seat's view stay byte for byte;
* show a seat nothing the game declares hidden from it (``test_hidden``): ``Game.hidden_from(seat)`` lists the
  cards out of its sight, none of which may appear in its view, and the other seats' unrevealed choices,
  which may not change its view whichever legal choice was made;
* replay exactly (``test_records``): a record read back, a clone played on and a replay of the moves from the
  seed give the same game;
* play the same with its compiled kernels as with its Python reference (``test_kernels``).
"""
