// Tricks Together: numbers to commit, then cards.  No table talk: there is no chat at all.
import { prettyCard } from "../cards.js";

export default {
  verbLabels: { bid: "Your number" },
  argLabel: (verb, arg) => (verb === "bid" ? arg : null),
  turnHint(view) {
    return view.phase === "commit"
      ? `Your move: how many tricks will you win? (0 to ${view.table.cards}; the dealer takes the rest)`
      : "Your move: play a card";
  },
  formatEvent(event, name) {
    switch (event.type) {
      case "round_dealt":
        return `Round ${event.round}: ${event.cards} card${event.cards === 1 ? "" : "s"} each, ${name(event.dealer)} deals`;
      case "trump_turned":
        return `${prettyCard(event.card)} turned up: ${event.trumps === "none" ? "no trumps" : `${event.trumps} are trumps`}`;
      case "number_chosen":
        return `you chose ${event.number}`;
      case "number_committed":
        return `${name(event.seat)} has chosen a number`;
      case "numbers_revealed":
        return `numbers: ${event.numbers.map((n, s) => `${name(s)} ${n ?? "–"}`).join(", ")}`;
      case "trick_won":
        return `${name(event.seat)} wins trick ${event.trick}`;
      case "round_failed":
        return `round ${event.round} failed: ${event.reason}`;
      case "round_won":
        return `round ${event.round} cleared!`;
      case "life_lost":
        return `a life lost: ${event.lives_left} left`;
    }
    return undefined;
  },
};
