// Public facts as chips a person reads: "bid not yet chosen", not "bid ?"; a seat's number as a name.

import { h, show, words } from "./dom.js";
import { isCard, prettyCard } from "./cards.js";
import { named, seatName, state } from "./state.js";

// One fact as text, or null to leave it out.  Game modules may word a key their own way (factText).
export function factText(key, value, where) {
  const custom = state.module.factText?.(key, value, state.view, where);
  if (custom !== undefined) return custom;
  if (value === false || value === "" || value === undefined) return null;
  if (value === null && where === "sheet") return null;
  if (key === "reason" || key === "summary") return named(String(value));
  if ((state.module.seatKeys || []).includes(key) && Number.isInteger(value)) return `${words(key)}: ${seatName(value)}`;
  if (value === null) return `${words(key)} not yet known`;
  if (value === true) return words(key);
  if (typeof value === "string" && isCard(value)) return `${words(key)} ${prettyCard(value)}`;
  if (Array.isArray(value)) return `${words(key)} ${value.map((v) => (isCard(v) ? prettyCard(v) : show(v))).join(" ")}`;
  return `${words(key)} ${named(show(value))}`;
}

export function tableFacts(list) {
  const skip = new Set(state.module.hideTableKeys || []);
  for (const [key, value] of Object.entries(state.view.table || {})) {
    if (skip.has(key)) continue;
    const text = factText(key, value, "table");
    if (text) list.append(h("li", { class: "fact" }, text));
  }
  // A practice table whose deal its creator chose: it takes nobody else, and the page says why.
  if (state.table?.fixed_deal) list.append(h("li", { class: "fact", id: "chosen-deal" }, CHOSEN_DEAL));
}

export const CHOSEN_DEAL = "Practice deal: the creator chose the cards, so nobody else can take a seat";

export function seatFacts(seat) {
  const skip = new Set(["seat", "cards", ...(state.module.hideSeatKeys || [])]);
  const out = [];
  for (const [key, value] of Object.entries(seat)) {
    if (skip.has(key)) continue;
    const text = factText(key, value, "seat");
    if (text) out.push(h("li", { class: value === true ? "badge" : "fact", dataset: { key } }, text));
  }
  return out;
}
