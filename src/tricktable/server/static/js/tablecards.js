// What lies on the table beside the trick, as a card table shows it: Tricks Together's turned-up trump card,
// Secret Trumps' trumps as the start player knows them (a card face down until then).  A game module lists
// them (``tableCards(view)``: each a card, a face-down card or a tile, and the words under it); they lie in
// the table's lower left corner, clear of the plates and the trick.

import { clear, h } from "./dom.js";
import { cardBack, cardFace } from "./cards.js";
import { $, state } from "./state.js";

export function renderTableCards() {
  const box = clear($("table-cards"));
  const items = state.module.tableCards?.(state.view) || [];
  box.hidden = items.length === 0;
  for (const item of items) {
    // One figure a thing on the table, with the words under it; a figure may hold several faces (Secret
    // Trumps' rank and suit), the whole read out as its caption.
    const faces = (item.faces || [item]).map(face);
    const figure = h("figure", { class: "table-card", dataset: { kind: item.kind || "" }, role: "img", "aria-label": item.caption },
      h("div", { class: "faces", "aria-hidden": "true" }, faces),
      h("figcaption", { "aria-hidden": "true" }, item.short || item.caption));
    box.append(figure);
  }
}

function face(item) {
  if (item.card) return cardFace(item.card, "small on-table");
  if (item.tile) return h("div", { class: `card small tile on-table ${item.tile.class || ""}`.trim() }, h("span", { class: "tile-text" }, item.tile.text));
  return cardBack(null, "small on-table");
}
