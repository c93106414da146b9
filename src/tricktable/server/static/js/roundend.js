// The end of a round on the table: its last trick stays in view with its winner, then a banner says how the
// round went (made, or who missed and by how much, the lives left and what the next failure means) in the
// game's own sentences (the log's, from its narrate module), until the player goes on or the next trick is won.
// Without motion the banner comes at once; the words are the same.

import { clear, h } from "./dom.js";
import { $, reducedMotion, state } from "./state.js";

//: How long the round's last trick lies alone before the banner joins it (ms).
const TRICK_FIRST = 1200;

// A log line that ends a trick, and one that starts the next round's deal.
const TRICK_DONE = /\bwins trick\b|\bnobody wins\b|\bwin trick\b/;
const NEXT_DEAL = /^(Round|Hand) \d+: /;

// The round-end sentences of an update's log: after its last finished trick, before the next deal.
function roundLines(lines) {
  let start = 0;
  lines.forEach((line, i) => {
    if (TRICK_DONE.test(line)) start = i + 1;
  });
  const out = [];
  for (const line of lines.slice(start)) {
    if (NEXT_DEAL.test(line)) break;
    out.push(line);
  }
  return out;
}

// An update arrived: if it adds a row to the score sheet, a round has just ended.
export function noteRound(view, lines, fresh) {
  const rows = (view.score_sheet || []).length;
  const grown = state.rows !== null && rows > state.rows;
  state.rows = rows;
  if (!fresh || !grown) return;
  const row = view.score_sheet[rows - 1];
  const name = state.module.sheetTitle?.(row, rows - 1) ?? `Round ${row.round ?? rows}`;
  const title = row.success === true ? `${name}: made` : row.success === false ? `${name}: failed` : `${name} is over`;
  state.roundEnd = { title, lines: roundLines(lines), trickKey: JSON.stringify(view.last_trick || null), shown: false };
  clearTimeout(state.roundEndTimer);
  // Without motion it is told at once (the table is drawn next, with this update's view).
  if (reducedMotion()) {
    state.roundEnd.shown = true;
    return;
  }
  state.roundEndTimer = setTimeout(() => {
    if (!state.roundEnd) return;
    state.roundEnd.shown = true;
    renderRoundEnd();
  }, TRICK_FIRST);
}

// Whether the finished trick in view (its key) is the last of the round just ended.
export function endsRound(key) {
  return Boolean(state.roundEnd && state.roundEnd.trickKey === key);
}

export function renderRoundEnd() {
  const box = $("round-end");
  const end = state.roundEnd;
  // The next round's first finished trick, or the end of the game, takes over the table.
  const trickNow = JSON.stringify(state.view.last_trick || null);
  if (end && (trickNow !== end.trickKey || state.view.result)) state.roundEnd = null;
  if (!state.roundEnd || !state.roundEnd.shown) {
    box.hidden = true;
    return;
  }
  box.hidden = false;
  // Drawn once for each round's end: the table is drawn again on every move, the banner stays as it is.
  if (box.firstChild && box.dataset.round === end.title) return;
  box.dataset.round = end.title;
  const hadFocus = box.contains(document.activeElement);
  clear(box);
  box.append(
    h("h2", {}, end.title),
    end.lines.length ? h("ul", {}, end.lines.map((line) => h("li", {}, line))) : null,
    h("button", { type: "button", id: "round-end-ok", onclick: dismiss }, "On to the next deal"),
  );
  if (hadFocus) $("round-end-ok").focus();
}

function dismiss() {
  state.roundEnd = null;
  renderRoundEnd();
  $("hand").focus();
}
