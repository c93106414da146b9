// The table page's state, shared by its modules, and the helpers that name seats and moves.

import { words } from "./dom.js";
import { isCard, prettyCard } from "./cards.js";
import { nameSeats } from "./names.js";

export const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());

export const state = {
  seat: null,
  token: null,
  view: null,
  table: null,
  log: [],
  analysis: [],
  trickReason: null,
  mode: undefined,
  turnKey: null,
  selected: new Set(),
  showLast: false,
  seenTrickCards: new Set(),
  lastTrickKey: null,
  rows: null,
  roundEnd: null,
  roundEndTimer: null,
  pending: false,
  error: "",
  socket: null,
  retry: 0,
  module: {},
  moduleFor: null,
  rulesFor: null,
  focusCard: null,
};

export const $ = (id) => document.getElementById(id);

export const reducedMotion = () => window.matchMedia("(prefers-reduced-motion: reduce)").matches;

// The seats' names, as the server knows them (0-based index).
export function names() {
  const seats = state.table?.seats || [];
  const n = state.view?.players || seats.length;
  return [...Array(n).keys()].map((s) => seats[s]?.name || `Seat ${s + 1}`);
}

export function seatName(seat, { you = true } = {}) {
  if (seat === null || seat === undefined) return "nobody";
  const name = names()[seat] ?? `Seat ${seat + 1}`;
  return you && seat === state.seat ? `${name} (you)` : name;
}

// A game's own text with names for its "seat N", and cards written with their symbols.
export function named(text) {
  return nameSeats(String(text ?? ""), names());
}

// Where a seat sits, counted from this browser's seat in play order (0: here).
export function relative(seat) {
  const n = state.view.players;
  const me = state.seat ?? 0;
  return (seat - me + n) % n;
}

export function verbLabel(verb) {
  return state.module.verbLabels?.[verb] ?? words(verb);
}

export function argLabel(verb, arg) {
  const custom = state.module.argLabel?.(verb, arg, state.view);
  if (custom) return custom;
  return isCard(arg) ? prettyCard(arg) : words(arg);
}

export function myTurn() {
  const view = state.view;
  return Boolean(view && state.seat !== null && view.to_move === state.seat && view.legal_moves.length > 0);
}
