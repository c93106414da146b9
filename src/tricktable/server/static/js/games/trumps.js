// Trumps: each seat's face-down indicator, then its declared trump suit.
import { isCard, prettyCard } from "../cards.js";

export default {
  verbLabels: { mark: "Mark your trump indicator", pass: "Pass", declare: "Declare trump & play" },
  hideSeatKeys: ["indicator"],
  turnHint(view, mode) {
    if (view.phase === "mark") return "Your move: click the card to lay face down as your trump indicator";
    if (view.phase === "pass") return `Your move: choose the cards to pass, then confirm`;
    if (mode === "declare") return "Your move: declare your indicator's suit as trumps and play one of its cards";
    return "Your move: play a card";
  },
  renderSeatExtra(panel, seat, view, { cardFace, cardBack, h }) {
    const indicator = seat.indicator;
    if (!indicator) return;
    const card = isCard(indicator) ? cardFace(indicator, "small") : cardBack(null, "small");
    const label = isCard(indicator) ? (seat.trumps ? `declared ${seat.trumps}` : "your indicator (face down)") : "indicator face down";
    panel.append(h("div", { class: "indicator" }, card, h("span", {}, label)));
  },
  formatEvent(event, name) {
    switch (event.type) {
      case "hand_started":
        return `Hand ${event.hand}: ${name(event.dealer)} deals ${event.cards} each; pass ${event.pass_count} ${event.pass_direction}`;
      case "indicator_set":
        return `${name(event.seat)} lays an indicator face down`;
      case "pass_made":
        return `${name(event.seat)} passes to ${name(event.to)}`;
      case "cards_received":
        return `you receive ${event.cards.map(prettyCard).join(" ")} from ${name(event.source)}`;
    }
    return undefined;
  },
};
