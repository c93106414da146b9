// Tricks Together: numbers to commit, then cards.  No table talk: there is no chat at all.  The turned-up
// trump card lies on the table; the lives are tokens.
import { livesIcons, prettyCard } from "../cards.js";
import { h } from "../dom.js";

const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;
//: Why the dealer's number is what it is: the rules give the dealer the tricks the others leave.
const DEALER_TAKES = "the dealer takes the tricks the others leave";

export default {
  verbLabels: { bid: "Your number" },
  argLabel: (verb, arg) => (verb === "bid" ? arg : null),
  seatKeys: ["dealer"],
  hideSeatKeys: ["committed"],
  // On the felt (the trump card) or on the plates (the dealer) already.
  hideTableKeys: ["trump card", "trumps", "dealer", "deal"],
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
      if (key === "lives") return h("span", { class: "lives-fact" }, livesIcons(value, view.options?.lives ?? value), h("span", { class: "lives-count", "aria-hidden": "true" }, String(value)));
      if (key === "rounds") return null;
      if (key === "round") return `round ${value} of ${view.table.rounds}`;
      if (key === "numbers") return `numbers ${value}`;
    }
    return undefined;
  },
  tableCards(view) {
    const card = view.table["trump card"];
    if (!card) return [];
    const trumps = view.table.trumps;
    const none = !trumps || trumps === "none";
    return [{
      card,
      kind: "trump",
      caption: none ? "turned up, no trumps this round" : `turned up: trumps are ${trumps}`,
      short: none ? "no trumps" : `trumps: ${trumps}`,
    }];
  },
  renderSeatExtra(panel, seat, view, { h: make }) {
    // The dealer's number is not chosen but forced (the rules give the dealer what the others leave): it says so.
    const number = panel.querySelector('.facts li[data-key="number"]');
    if (seat.dealer && number) number.textContent = `number ${seat.number}: the tricks left`;
    // Whether a seat has chosen, and its number once it is public: "number not yet chosen" says what it means;
    // the dealer chooses none, and the plate says so.
    if (view.phase !== "commit" || seat.number !== null) return;
    let text = seat.committed ? "number chosen (secret until all have chosen)" : "number not yet chosen";
    if (seat.dealer) text = "no number to choose: takes the tricks left";
    panel.querySelector(".facts")?.append(make("li", { class: "fact" }, text));
  },
  // The pad: each player's tricks against their number, the round made or failed (a life lost).
  scorePadLine: (row, view) => {
    // A failed round is played again: its second try says so.
    const before = (view.score_sheet || []).filter((r) => r.round === row.round && r.deal < row.deal).length;
    return {
      mark: row.success ? "made" : "missed",
      cells: (row.tricks || []).map((took, s) => ({ text: `${took} of ${row.numbers?.[s] ?? "–"}`, mark: took === row.numbers?.[s] ? "" : "missed" })),
      title: `Round ${row.round}${before ? `, try ${before + 1}` : ""}: ${row.success ? "made" : "failed"}`,
    };
  },
  sheetTitle: (row) => `Round ${row.round} (${plural(row.cards, "card")} each, deal ${row.deal})`,
  turnHint(view, mode, moves) {
    if (view.phase !== "commit") return "Your move: play a card";
    const numbers = (moves?.buttons.get("bid") || []).map((m) => Number(m.args[0])).sort((a, b) => a - b);
    if (numbers.length === 1) return `Your move: your number can only be ${numbers[0]}`;
    const range = numbers.length ? `${numbers[0]} to ${numbers[numbers.length - 1]}` : `0 to ${view.table.cards}`;
    return `Your move: how many tricks will you win? (${range}; ${DEALER_TAKES})`;
  },
};

