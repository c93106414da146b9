// This browser's hand: every card's rank and suit stay readable (cards overlap by no more than leaves the
// corner free, and wrap to a second row when even that does not fit), the cards that may be played are raised,
// and the hand is played by keyboard too: arrow keys choose a card, Enter or Space plays (or selects) it.

import { clear } from "./dom.js";
import { cardFace, cardWords } from "./cards.js";
import { $, state, verbLabel } from "./state.js";

export function renderHand() {
  const hand = clear($("hand"));
  const cards = state.view.hand || [];
  for (const card of cards) hand.append(cardFace(card, "in-hand"));
  hand.dataset.count = String(cards.length);
  fit(hand);
}

// Overlap the cards just enough to fit the width, never hiding a card's corner; else wrap.
export function fit(hand = $("hand")) {
  const cards = [...hand.querySelectorAll(".card")];
  if (!cards.length) return;
  const width = hand.clientWidth - 16;
  const cardWidth = cards[0].offsetWidth || 60;
  const corner = parseFloat(getComputedStyle(hand).getPropertyValue("--corner")) || 30;
  const perRow = Math.max(1, Math.floor((width - cardWidth) / corner) + 1);
  const rows = Math.ceil(cards.length / perRow);
  const inRow = Math.ceil(cards.length / rows);
  const step = inRow > 1 ? Math.min(cardWidth + 6, (width - cardWidth) / (inRow - 1)) : cardWidth;
  hand.style.setProperty("--step", `${Math.max(corner, Math.floor(step))}px`);
  hand.classList.toggle("wrapped", rows > 1);
  hand.style.setProperty("--per-row", String(inRow));
  cards.forEach((card, i) => card.classList.toggle("row-start", i % inRow === 0));
}

// Make the cards in ``cards`` act (click, or keyboard), the others inert.
export function applyClickable(cards, active, onPick, multi = false) {
  const els = [...document.querySelectorAll("#hand .card, .pickable .row-card")];
  let focusable = null;
  for (const el of els) {
    const card = el.dataset.card;
    const legal = active && cards.has(card) && !state.pending;
    el.classList.toggle("legal", legal);
    el.classList.toggle("inert", !legal);
    el.classList.toggle("dim", active && cards.size > 0 && !cards.has(card));
    const selected = state.selected.has(card);
    el.classList.toggle("selected", selected);
    if (legal) {
      el.setAttribute("role", "button");
      el.setAttribute("aria-label", `${state.mode ? verbLabel(state.mode) : "Play"} ${cardWords(card)}`);
      if (multi) el.setAttribute("aria-pressed", String(selected));
      else el.removeAttribute("aria-pressed");
      el.removeAttribute("aria-disabled");
      el.tabIndex = -1;
      if (focusable === null || card === state.focusCard) focusable = el;
      el.onclick = () => onPick(card);
      el.onkeydown = (event) => keys(event, el, card, onPick);
    } else {
      el.setAttribute("role", "img");
      el.setAttribute("aria-label", cardWords(card));
      el.removeAttribute("aria-pressed");
      el.tabIndex = -1;
      el.onclick = null;
      el.onkeydown = null;
    }
  }
  if (focusable) focusable.tabIndex = 0;
}

function keys(event, el, card, onPick) {
  const legal = [...document.querySelectorAll("#hand .card.legal, .pickable .row-card.legal")];
  const at = legal.indexOf(el);
  let next = null;
  if (event.key === "ArrowRight" || event.key === "ArrowDown") next = legal[(at + 1) % legal.length];
  else if (event.key === "ArrowLeft" || event.key === "ArrowUp") next = legal[(at - 1 + legal.length) % legal.length];
  else if (event.key === "Home") next = legal[0];
  else if (event.key === "End") next = legal[legal.length - 1];
  else if (event.key === "Enter" || event.key === " ") {
    event.preventDefault();
    state.focusCard = card;
    onPick(card, true);
    return;
  }
  if (next) {
    event.preventDefault();
    el.tabIndex = -1;
    next.tabIndex = 0;
    state.focusCard = next.dataset.card;
    next.focus();
  }
}

// Where the keyboard is before the table is drawn again: in the hand (or the row to pick from), or on a move
// button (a confirm, a bid) that the drawing replaces.
export function focusBefore() {
  const el = document.activeElement;
  if (!el || el === document.body) return null;
  if (el.closest("#hand, .pickable")) return { hand: true };
  if (el.closest("#controls")) {
    const same = el.id ? `#${el.id}` : el.dataset.move ? `#controls [data-move="${CSS.escape(el.dataset.move)}"]` : el.dataset.mode ? `#controls [data-mode="${CSS.escape(el.dataset.mode)}"]` : null;
    return { hand: false, same };
  }
  return null;
}

// The legal card the arrow keys start from (the last one chosen), if any.
function legalCard() {
  return document.querySelector("#hand .card.legal[tabindex='0'], .pickable .row-card.legal[tabindex='0']");
}

// After a re-render, give the keyboard its card back; a move button that is gone (the move was made) hands it
// to the cards, so that the arrows go on working.
export function restoreFocus(before) {
  if (!before) return;
  if (!before.hand && before.same) {
    const again = document.querySelector(before.same);
    if (again && !again.disabled) {
      again.focus();
      return;
    }
  }
  const target = legalCard();
  if (target) target.focus();
  else $("hand").focus();
}

// The hand itself holds the keyboard (after "Skip to your hand", or while others move): the arrows, Home and
// End go to the playable cards.
export function setupHandKeys() {
  const hand = $("hand");
  hand.addEventListener("keydown", (event) => {
    if (event.target !== hand || !["ArrowRight", "ArrowDown", "ArrowLeft", "ArrowUp", "Home", "End"].includes(event.key)) return;
    const legal = [...document.querySelectorAll("#hand .card.legal, .pickable .row-card.legal")];
    if (!legal.length) return;
    event.preventDefault();
    const target = event.key === "Home" ? legal[0] : event.key === "End" ? legal[legal.length - 1] : legalCard() || legal[0];
    for (const el of legal) el.tabIndex = el === target ? 0 : -1;
    state.focusCard = target.dataset.card;
    target.focus();
  });
  document.querySelector("a.skip")?.addEventListener("click", (event) => {
    event.preventDefault();
    const target = legalCard();
    (target || hand).focus();
  });
}
