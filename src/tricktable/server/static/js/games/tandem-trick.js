// Tandem Trick: 8-11 show their colour on the back, so opponents' hands show coloured backs (with a symbol
// for each colour, so that they are told apart without colour too).
import { prettyCard } from "../cards.js";
import { seatName } from "../state.js";

const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;

export default {
  verbLabels: { bid: "Bid with a card", tandem: "Tandem (ride along)" },
  hideSeatKeys: ["backs", "unmarked", "bid_card", "bonus"],
  seatKeys: ["lead player"],
  phaseWords: { play: "playing a card" },
  // The score sheet: who led, not "leader 1"; a misère by its name, not as a sum of 1,000,000 and a bonus.
  cellText: (key, value) => (["points", "totals"].includes(key) && value >= 1000000 ? `misère (1,000,000) + ${value - 1000000}` : null),
  factText(key, value, view, where) {
    if (where === "sheet") return { round: null, leader: `first lead: ${seatName(value)}`, resolved: `${plural(value, "trick")} won`, tandem_wins: `${plural(value, "trick")} won in tandem` }[key];
    if (where === "seat") {
      if (key === "bid") return value === null ? "no bid yet" : `bid ${value}`;
      if (key === "tricks") return plural(value, "trick");
      if (key === "score") return `score ${value}`;
    }
    if (where === "table") {
      if (key === "lead suit") return value === null ? "lead suit not yet set" : `lead suit ${value}`;
      if (key === "trick") return `trick ${value} of ${view.table.tricks}`;
      if (key === "tricks") return null;
    }
    return undefined;
  },
  renderSeatExtra(panel, seat, view, { h, cardFace }) {
    if (seat.bid_card) {
      panel.append(h("div", { class: "indicator", title: `bid with ${prettyCard(seat.bid_card)}` }, cardFace(seat.bid_card, "small"), h("span", {}, `bonus ${seat.bonus}`)));
    }
  },
  turnHint(view, mode, moves) {
    if (mode === "bid") return "Your move: choose the card whose number is your bid (you sit this trick out)";
    if (mode === "tandem") return "Your move: choose a lead-suit card to ride along with your right neighbour";
    // Only what is legal now: no "bid" once the bid is made, no "ride along" without a lead-suit card to join.
    const others = [moves?.cardVerbs.has("bid") ? "bid" : null, moves?.cardVerbs.has("tandem") ? "ride along" : null].filter(Boolean);
    if (!moves?.plays.size && others.length) return `Your move: ${others.join(" or ")}`;
    return `Your move: play a card${others.length ? ` (or ${others.join(", or ")})` : ""}`;
  },
  renderBacks(box, seat, view, { cardBack }) {
    const backs = seat.backs || {};
    for (const [colour, count] of Object.entries(backs)) for (let i = 0; i < count; i++) box.append(cardBack(colour, "mini"));
    for (let i = 0; i < (seat.unmarked || 0); i++) box.append(cardBack(null, "mini"));
  },
};
