// Tandem Trick: 8-11 show their colour on the back, so opponents' hands show coloured backs.
import { prettyCard } from "../cards.js";

export default {
  verbLabels: { bid: "Bid with a card", tandem: "Tandem (ride along)" },
  hideSeatKeys: ["backs", "unmarked"],
  turnHint(view, mode) {
    if (mode === "bid") return "Your move: click the card whose number is your bid (you sit this trick out)";
    if (mode === "tandem") return "Your move: click a lead-suit card to ride along with your right neighbour";
    return "Your move: play a card (or bid, or ride along)";
  },
  renderBacks(box, seat, view, { cardBack }) {
    const backs = seat.backs || {};
    for (const [colour, count] of Object.entries(backs)) for (let i = 0; i < count; i++) box.append(cardBack(colour, "mini"));
    for (let i = 0; i < (seat.unmarked || 0); i++) box.append(cardBack(null, "mini"));
  },
  formatEvent(event, name) {
    switch (event.type) {
      case "round_dealt":
        return `Round ${event.round}: ${name(event.leader)} leads`;
      case "trick_won":
        return `${(event.winners || []).map(name).join(" and ") || "nobody"} win${(event.winners || []).length === 1 ? "s" : ""} trick ${event.trick}${event.value !== undefined ? ` (${event.value})` : ""}`;
      case "round_scored":
        return `round ${event.round} scored: ${event.points.map((p, s) => `${name(s)} +${p}`).join(", ")}`;
    }
    if (event.card && event.seat !== undefined && event.type.includes("bid")) return `${name(event.seat)} bids ${prettyCard(event.card)}`;
    return undefined;
  },
};
