// What this seat may do now, built from its legal moves: the status line, the mode buttons, several-card
// moves (select, then confirm) and move buttons; clicks and keys on cards go through ``pick``.

import { clear, h, words } from "./dom.js";
import { prettyCard } from "./cards.js";
import { classify, clickable, defaultMode, selectionKey } from "./moves.js";
import { applyClickable, focusBefore, restoreFocus } from "./hand.js";
import { $, argLabel, myTurn, named, seatName, state, verbLabel } from "./state.js";

let sendMove = () => {};

export function onSend(fn) {
  sendMove = fn;
}

export function setStatus(text, kind = "") {
  const el = $("status");
  if (el.textContent !== text) el.textContent = text;
  el.className = kind;
}

export function renderControls() {
  // The buttons are made anew: the keyboard keeps its place (or goes to the cards when its button is gone).
  const before = focusBefore();
  try {
    drawControls();
  } finally {
    if (before && !before.hand) restoreFocus(before);
  }
}

function drawControls() {
  const view = state.view;
  const controls = clear($("controls"));
  const mine = myTurn();
  const moves = classify(mine ? view.legal_moves : []);
  const modes = [];
  if (moves.plays.size) modes.push(null);
  modes.push(...moves.cardVerbs.keys(), ...moves.multiVerbs.keys());
  if (state.mode === undefined || !modes.includes(state.mode)) state.mode = defaultMode(moves);
  if (view.result) {
    setStatus(view.result.summary ? `The game is over: ${named(view.result.summary)}` : "The game is over.", "over");
  } else if (state.table?.status === "closed") {
    setStatus("This table was closed.", "over");
  } else if (state.error) {
    setStatus(state.error, "error");
  } else if (mine) {
    setStatus(state.module.turnHint?.(view, state.mode, moves) || `Your move${state.mode ? `: ${verbLabel(state.mode).toLowerCase()}` : ""}`, "mine");
  } else if (view.to_move !== null && view.to_move !== undefined) {
    const doing = state.module.phaseWords?.[view.phase] ?? (view.phase ? words(view.phase) : "");
    setStatus(`Waiting for ${seatName(view.to_move)}${doing ? ` (${doing})` : ""}${openSeatHint(view.to_move)}`);
  }
  if (!mine) {
    applyClickable(new Set(), false, pick);
    return;
  }
  if (modes.length > 1) {
    const group = h("div", { class: "modes", role: "group", "aria-label": "what to do with a card" });
    for (const mode of modes) {
      group.append(
        h("button", {
          type: "button",
          class: state.mode === mode ? "active" : "",
          "aria-pressed": String(state.mode === mode),
          dataset: { mode: mode ?? "play" },
          onclick: () => { state.mode = mode; state.selected = new Set(); renderControls(); },
        }, mode === null ? "Play a card" : verbLabel(mode)),
      );
    }
    controls.append(group);
  }
  const multi = moves.multiVerbs.get(state.mode);
  if (multi) {
    const move = multi.moves.get(selectionKey(state.selected));
    const chosen = [...state.selected].map(prettyCard).join(" ");
    controls.append(
      h("div", { class: "multi" },
        h("span", {}, `${verbLabel(state.mode)}: choose ${multi.count} cards (${state.selected.size} chosen)`),
        h("button", { type: "button", id: "confirm", class: "primary", disabled: !move || state.pending, dataset: { move: move || "" }, onclick: () => move && sendMove(move) }, `${verbLabel(state.mode)} ${chosen}`.trim()),
        h("button", { type: "button", disabled: state.selected.size === 0, onclick: () => { state.selected = new Set(); renderControls(); } }, "Clear"),
      ),
    );
  }
  for (const [verb, list] of moves.buttons) {
    const group = h("div", { class: "verb", role: "group", "aria-label": verbLabel(verb) }, h("span", { class: "verb-label", "aria-hidden": "true" }, verbLabel(verb)));
    for (const { move, args } of list) {
      const text = args.length ? args.map((a) => argLabel(verb, a)).join(" ") : verbLabel(verb);
      group.append(h("button", { type: "button", class: "move", dataset: { move }, disabled: state.pending, "aria-label": `${verbLabel(verb)} ${text}`, onclick: () => sendMove(move) }, text));
    }
    controls.append(group);
  }
  state.moves = moves;
  applyClickable(clickable(moves, state.mode), true, pick, Boolean(multi));
}

// The game waits for a seat nobody has taken: say how it gets going (a friend by the link, or a bot).
function openSeatHint(seat) {
  const info = state.table?.seats?.[seat];
  if (!info || info.kind !== "human" || info.taken) return "";
  const host = !$("host").hidden;
  return host
    ? ". The seat is open: send a friend the Invite link, or seat a bot there with Host"
    : ". The seat is open: send a friend the Invite link, or take it yourself";
}

function pick(card) {
  const moves = state.moves;
  const mode = state.mode;
  if (mode === null) return sendMove(card);
  if (moves.cardVerbs.has(mode)) return sendMove(moves.cardVerbs.get(mode).get(card));
  const multi = moves.multiVerbs.get(mode);
  if (!multi) return undefined;
  if (state.selected.has(card)) state.selected.delete(card);
  else if (state.selected.size < multi.count) state.selected.add(card);
  const hadFocus = document.activeElement?.dataset?.card === card;
  renderControls();
  if (hadFocus) document.querySelector(`#hand .card[data-card="${card}"]`)?.focus();
  return undefined;
}
