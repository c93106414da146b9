// Sorting a seat's legal moves (their notation only) into what the page offers: cards to click, verbs that
// take one card (a mode, then a card), verbs that take several cards (select, then confirm) and buttons.

import { isCard } from "./cards.js";

export function classify(legalMoves) {
  const plays = new Set();
  const cardVerbs = new Map(); // verb -> Map(card -> move)
  const multiVerbs = new Map(); // verb -> {count, moves: Map(sortedKey -> move), cards: Set}
  const buttons = new Map(); // verb -> [{move, args}]
  for (const move of legalMoves) {
    const parts = move.trim().split(/\s+/);
    if (parts.length === 1 && isCard(parts[0])) {
      plays.add(parts[0]);
      continue;
    }
    const [verb, ...args] = parts;
    if (args.length > 0 && args.every(isCard)) {
      if (args.length === 1) {
        if (!cardVerbs.has(verb)) cardVerbs.set(verb, new Map());
        cardVerbs.get(verb).set(args[0], move);
      } else {
        if (!multiVerbs.has(verb)) multiVerbs.set(verb, { count: args.length, moves: new Map(), cards: new Set() });
        const entry = multiVerbs.get(verb);
        entry.moves.set(selectionKey(args), move);
        for (const a of args) entry.cards.add(a);
      }
      continue;
    }
    if (!buttons.has(verb)) buttons.set(verb, []);
    buttons.get(verb).push({ move, args });
  }
  return { plays, cardVerbs, multiVerbs, buttons };
}

export function selectionKey(cards) {
  return [...cards].sort().join(" ");
}

// The mode a fresh turn starts in: plain card play if there is any, else the only card verb.
export function defaultMode(moves) {
  if (moves.plays.size > 0) return null;
  const verbs = [...moves.cardVerbs.keys(), ...moves.multiVerbs.keys()];
  return verbs.length > 0 ? verbs[0] : null;
}

// The cards a click would act on in ``mode``.
export function clickable(moves, mode) {
  if (mode === null) return moves.plays;
  if (moves.cardVerbs.has(mode)) return new Set(moves.cardVerbs.get(mode).keys());
  if (moves.multiVerbs.has(mode)) return moves.multiVerbs.get(mode).cards;
  return new Set();
}
