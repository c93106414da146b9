// Secret Trumps: the goal sheet, the rows of face-up cards to pick from, and the start player's hints.
import { prettyCard, suitLetter } from "../cards.js";
import { seatName } from "../state.js";

const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;

function goalName(view, slug) {
  const goal = (view.goal_list || []).find((g) => g.slug === slug);
  return goal ? goal.name : slug;
}

export default {
  verbLabels: { goal: "Draft a goal", pick: "Pick from the row", choose: "Choose your goal", cross: "Cross off" },
  argLabel: (verb, arg, view) => (["goal", "choose", "cross"].includes(verb) ? goalName(view, arg) : null),
  // The trumps lie on the felt (tableCards).
  hideTableKeys: ["phase", "trump suit", "trump rank"],
  // The score sheet's goals by name ("Exactly 3"), not by their keys.
  cellText: (key, value, view) => (["chosen", "crossed"].includes(key) && typeof value === "string" ? goalName(view, value) : null),
  hideSeatKeys: ["committed"],
  seatKeys: ["start player", "first pick"],
  phaseWords: { draft: "drafting a goal", pick: "picking a card", choose: "choosing a goal", play: "playing a card", cross: "crossing off a goal" },
  factText(key, value, view, where) {
    if (where === "seat") {
      if (key === "start") return value ? "start player" : null;
      if (key === "chosen") return value === null ? (view.phase === "choose" ? "goal not yet revealed" : null) : `plays for ${goalName(view, value)}`;
      if (key === "tricks") return plural(value, "trick");
      if (key === "crossed") return `goals crossed off ${value}`;
    }
    if (where === "sheet" && key === "start") return `start player: ${seatName(value)}`;
    return undefined;
  },
  turnHint(view) {
    switch (view.phase) {
      case "draft": return "Your move: draft a goal for your sheet";
      case "pick": return "Your move: pick a card from the current row";
      case "choose": return "Your move: choose the goal you play for this round (secret until all have chosen)";
      case "cross": return "Your move: you fulfilled a goal another player missed: cross off one of your own";
    }
    return "Your move: play a card";
  },
  renderCentre(view, { h, cardFace, seatName }) {
    const row = view.phase === "pick" ? (view.rows || []).find((r) => r.row === view.table.row) : null;
    if (!row) return null;
    return h("div", { class: "rows row-now" },
      h("div", { class: "row-line current pickable", dataset: { row: String(row.row) } },
        h("span", { class: "label" }, `Row ${row.row}`),
        h("div", { class: "cards" }, row.cards.map((c) => cardFace(c, "row-card"))),
        row.picks.length ? h("div", { class: "cards" }, row.picks.map((p) => h("div", { class: "pick" }, cardFace(p.card, "small"), seatName(p.seat)))) : null,
      ));
  },
  tableCards,
  // The pad: the goal each player crossed off in a round, or missed; the goals crossed off so far below.
  scorePadLine: (row, view) => ({
    cells: (row.chosen || []).map((_, s) => {
      const crossed = row.crossed?.[s];
      if (crossed) return { text: `crossed off ${goalName(view, crossed)}`, mark: "made" };
      if (row.met?.[s] === false) return { text: `missed ${goalName(view, row.chosen[s])}`, mark: "missed" };
      return { text: s === row.start ? "start player" : "–" };
    }),
  }),
  scorePadTotals: (view) => (view.seats || []).map((seat) => `${String(seat.crossed).replace("/", " of ")} goals`),
  scorePadTotalWord: "crossed off",
  renderExtra(box, view, { h, seatName: nameOf }) {
    // Every row in view, each with its start player's hint beside it as it comes (who would have won it).
    const rows = view.rows || [];
    if (rows.length) {
      const current = view.phase === "pick" ? view.table.row : null;
      box.append(h("ol", { class: "row-list", "aria-label": "the rows and the start player's hints" }, rows.map((row) => rowLine(h, view, row, row.row === current, nameOf))));
    }
    const goals = view.goals || [];
    if (goals.length) {
      const table = h("table", { class: "goals-table" });
      for (const g of goals) {
        const cells = (g.held || []).map((slug) => {
          const crossed = (g.crossed || []).includes(slug);
          const chosen = g.chosen === slug;
          return h("span", { class: `goal${crossed ? " crossed" : ""}${chosen ? " chosen" : ""}` }, `${goalName(view, slug)}${crossed ? " (crossed off)" : ""}${chosen ? " (chosen)" : ""}`);
        });
        table.append(h("tr", {}, h("th", { scope: "row" }, nameOf(g.seat)), h("td", {}, cells.length ? cells.flatMap((c, i) => (i ? [" · ", c] : [c])) : "–")));
      }
      const open = ["draft", "choose", "cross"].includes(view.phase);
      box.append(h("details", { open }, h("summary", {}, "Goal sheet"), table));
    }
  },
};

// One row in a line: its cards in the order they were taken (each taker named for a screen reader and on
// hover), the card of whoever would have won marked, and the hint beside it once the start player gives it.
function rowLine(h, view, row, current, nameOf) {
  const hint = (view.hints || []).find((x) => x.row === row.row);
  const cards = row.picks.length
    ? row.picks.map((p) => {
      const won = hint && hint.winner === p.seat;
      const who = nameOf(p.seat, { you: false });
      return h("span", { class: `row-pick${won ? " won" : ""}`, title: `${who}${won ? ", would win" : ""}` }, h("span", { class: "visually-hidden" }, `${who}: `), inkCard(h, p.card));
    })
    : row.cards.map((c) => inkCard(h, c));
  return h("li", { class: `row-item${current ? " current" : ""}${hint ? " hinted" : ""}`, dataset: { row: String(row.row) } },
    h("span", { class: "label" }, `Row ${row.row}`),
    h("span", { class: "row-cards" }, cards.flatMap((c, i) => (i ? [" ", c] : [c]))),
    hint ? h("span", { class: "hint" }, `${nameOf(hint.winner)} would win`) : null);
}

// A card as words in its suit's ink ("7♠"), for lines that must stay short.
function inkCard(h, card) {
  const letter = card.slice(-1);
  const name = { S: "spades", H: "hearts", D: "diamonds", C: "clubs" }[letter];
  return h("span", { class: `ink suit-${name}` }, prettyCard(card));
}

// The trumps on the felt: the super trump's card when both suit and rank are known, else what is known
// (a face-down card while they are secret).
function tableCards(view) {
  const start = view.seats?.find((s) => s.start);
  let suit;
  let rank;
  if (view.trumps) {
    suit = view.trumps.suit || "none";
    rank = view.trumps.rank === null || view.trumps.rank === undefined ? "none" : view.trumps.rank === 1 ? "A" : String(view.trumps.rank);
  } else {
    const table = view.table || {};
    if (!("trump suit" in table)) return [];
    suit = table["trump suit"] === "?" ? "?" : suitLetter(table["trump suit"]) || "none";
    rank = table["trump rank"] === "?" ? "?" : String(table["trump rank"]);
  }
  if (suit === "?" || rank === "?") {
    const who = start ? seatName(start.seat, { you: false }) : "the start player";
    return [{ kind: "secret", caption: `the trumps are secret: only ${who} knows them`, short: "trumps secret" }];
  }
  const suitWords = suit === "none" ? "no trump suit" : `trump suit ${prettyCard(`9${suit}`).slice(1)}`;
  const rankWords = rank === "none" ? "no trump rank" : `trump rank ${rank}`;
  if (suit !== "none" && rank !== "none") {
    return [{ card: `${rank}${suit}`, kind: "super", caption: `super trump, with ${rankWords} and ${suitWords}`, short: `trumps: ${rank}s and ${prettyCard(`9${suit}`).slice(1)}` }];
  }
  const suitClass = suit === "none" ? "" : `suit-${{ S: "spades", H: "hearts", D: "diamonds", C: "clubs" }[suit]}`;
  return [{
    kind: "trumps",
    caption: `${rankWords}, ${suitWords}`,
    short: `${rank === "none" ? "no rank" : `rank ${rank}`}, ${suit === "none" ? "no suit" : `suit ${prettyCard(`9${suit}`).slice(1)}`}`,
    faces: [{ tile: { text: rank === "none" ? "–" : rank } }, { tile: { text: suit === "none" ? "–" : prettyCard(`9${suit}`).slice(1), class: suitClass } }],
  }];
}
