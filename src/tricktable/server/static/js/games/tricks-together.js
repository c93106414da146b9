// Tricks Together: numbers to commit, then cards.  No table talk: there is no chat at all.
import { prettyCard } from "../cards.js";

const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;

export default {
  verbLabels: { bid: "Your number" },
  argLabel: (verb, arg) => (verb === "bid" ? arg : null),
  seatKeys: ["dealer"],
  hideSeatKeys: ["committed"],
  phaseWords: { commit: "choosing a number", play: "playing a card" },
  factText(key, value, view, where) {
    if (where === "seat") {
      if (key === "number") return value === null ? null : `number ${value}`;
      if (key === "tricks") return plural(value, "trick");
    }
    if (where === "sheet") {
      if (["deal", "round", "cards", "position"].includes(key)) return null;
      if (key === "trump") return `turned up ${prettyCard(value)}`;
      if (key === "trumps") return value === "none" ? "no trumps" : `trumps: ${value}`;
    }
    if (where === "table") {
      if (key === "trump card") return `turned up ${prettyCard(value)}`;
      if (key === "trumps") return value === "none" ? "no trumps" : `trumps: ${value}`;
      if (key === "lives") return `${plural(value, "life").replace("lifes", "lives")} left`;
      if (key === "rounds") return null;
      if (key === "round") return `round ${value} of ${view.table.rounds}`;
      if (key === "numbers") return `numbers ${value}`;
    }
    return undefined;
  },
  renderSeatExtra(panel, seat, view, { h }) {
    // Whether a seat has chosen, and its number once it is public: "number not yet chosen" says what it means.
    if (view.phase !== "commit" || seat.number !== null) return;
    const text = seat.committed ? "number chosen (secret until all have chosen)" : "number not yet chosen";
    panel.querySelector(".facts")?.append(h("li", { class: "fact" }, text));
  },
  sheetTitle: (row) => `Round ${row.round} (${plural(row.cards, "card")} each, deal ${row.deal})`,
  turnHint(view) {
    return view.phase === "commit"
      ? `Your move: how many tricks will you win? (0 to ${view.table.cards}; the dealer takes the rest)`
      : "Your move: play a card";
  },
};
