// Trumps: each seat's face-down indicator, then its declared trump suit.
import { isCard, prettyCard, suitIcon, suitLetter } from "../cards.js";
import { h as make } from "../dom.js";

// "trumps: ♠ spades", the symbol drawn as an icon in the suit's colour, the word for everyone.
const withIcon = (before, suit) => make("span", { class: "with-icon" }, `${before} `, suitIcon(suitLetter(suit)), ` ${suit}`);

const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;

export default {
  verbLabels: { mark: "Mark your trump indicator", pass: "Pass", declare: "Declare trump & play" },
  hideSeatKeys: ["indicator", "trumps"],
  seatKeys: ["dealer"],
  sheetTitle: (row) => `Hand ${row.hand}`,
  phaseWords: { mark: "choosing an indicator", pass: "passing cards", play: "playing a card" },
  factText(key, value, view, where) {
    if (where === "seat") {
      if (key === "trumps") return value ? `trumps: ${value}` : null;
      if (key === "tricks") return plural(value, "trick");
      if (key === "score") return `score ${value}`;
    }
    if (where === "table") {
      if (key === "led") return value ? withIcon("led", value) : null;
      if (key === "tie-break") return value ? "tie-break hand" : null;
      if (key === "pass") return `pass ${value}`;
    }
    return undefined;
  },
  turnHint(view, mode, moves) {
    if (view.phase === "mark") return "Your move: choose the card to lay face down as your trump indicator";
    if (view.phase === "pass") {
      const count = moves?.multiVerbs.get("pass")?.count;
      return `Your move: choose ${count ? `${count} cards` : "the cards"} to pass, then confirm`;
    }
    if (mode === "declare") return "Your move: declare your indicator's suit as trumps and play one of its cards";
    return `Your move: play a card${moves?.cardVerbs.has("declare") ? " (or declare your trump first)" : ""}`;
  },
  renderSeatExtra(panel, seat, view, { cardFace, cardBack, h }) {
    const indicator = seat.indicator;
    if (!indicator) return;
    const card = isCard(indicator) ? cardFace(indicator, "small") : cardBack(null, "small");
    const label = isCard(indicator) ? (seat.trumps ? withIcon("trumps:", seat.trumps) : `your indicator ${prettyCard(indicator)}, face down`) : "indicator face down";
    panel.append(h("div", { class: `indicator${isCard(indicator) ? "" : " face-down"}${seat.trumps ? " declared" : ""}` }, card, h("span", {}, label)));
  },
};
