// Secret Trumps: the goal sheet, the rows of face-up cards to pick from, and the start player's hints.
import { prettyCard } from "../cards.js";

const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;

function goalName(view, slug) {
  const goal = (view.goal_list || []).find((g) => g.slug === slug);
  return goal ? goal.name : slug;
}

export default {
  verbLabels: { goal: "Draft a goal", pick: "Pick from the row", choose: "Choose your goal", cross: "Cross off" },
  argLabel: (verb, arg, view) => (["goal", "choose", "cross"].includes(verb) ? goalName(view, arg) : null),
  hideTableKeys: ["phase"],
  hideSeatKeys: ["committed"],
  seatKeys: ["start player"],
  phaseWords: { draft: "drafting a goal", pick: "picking a card", choose: "choosing a goal", play: "playing a card", cross: "crossing off a goal" },
  factText(key, value, view, where) {
    if (where === "seat") {
      if (key === "start") return value ? "start player" : null;
      if (key === "chosen") return value === null ? (view.phase === "choose" ? "goal not yet revealed" : null) : `plays for ${goalName(view, value)}`;
      if (key === "tricks") return plural(value, "trick");
      if (key === "crossed") return `goals crossed off ${value}`;
    }
    if (where === "table") {
      if (key === "trump suit") return value === "?" ? "trump suit secret" : `trump suit ${value}`;
      if (key === "trump rank") return value === "?" ? "trump rank secret" : `trump rank ${value}`;
    }
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
  renderExtra(box, view, { h, cardFace, seatName }) {
    if (view.trumps) {
      const t = view.trumps;
      box.append(h("p", { class: "trumps-known" }, h("b", {}, "Trumps you know: "), `suit ${t.suit ? prettyCard(`9${t.suit}`).slice(1) : "none"}, rank ${t.rank === 1 ? "A" : t.rank || "none"}`));
    }
    const current = view.phase === "pick" ? view.table.row : null;
    const rows = h("div", { class: "rows" });
    for (const row of view.rows || []) {
      const line = h("div", { class: `row-line${row.row === current ? " current pickable" : ""}${row.cards.length === 0 ? " done" : ""}`, dataset: { row: String(row.row) } });
      line.append(h("span", { class: "label" }, `Row ${row.row}`));
      line.append(h("div", { class: "cards" }, row.cards.map((c) => cardFace(c, row.row === current ? "row-card" : "small"))));
      if (row.picks.length) {
        line.append(h("div", { class: "cards" }, row.picks.map((p) => h("div", { class: "pick" }, cardFace(p.card, "small"), seatName(p.seat)))));
      }
      const hint = (view.hints || []).find((x) => x.row === row.row);
      if (hint) line.append(h("span", { class: "fact" }, `would win: ${seatName(hint.winner)}`));
      rows.append(line);
    }
    if ((view.rows || []).length) {
      if (view.phase === "pick") box.append(h("h3", {}, "Rows"), rows);
      else box.append(h("details", {}, h("summary", {}, "Rows, picks and hints"), rows));
    }
    const goals = view.goals || [];
    if (goals.length) {
      const table = h("table", { class: "goals-table" }, h("caption", {}, "Goal sheet"));
      for (const g of goals) {
        const cells = (g.held || []).map((slug) => {
          const crossed = (g.crossed || []).includes(slug);
          const chosen = g.chosen === slug;
          return h("span", { class: `goal${crossed ? " crossed" : ""}${chosen ? " chosen" : ""}` }, `${goalName(view, slug)}${crossed ? " (crossed off)" : ""}${chosen ? " (chosen)" : ""}`);
        });
        table.append(h("tr", {}, h("th", { scope: "row" }, seatName(g.seat)), h("td", {}, cells.length ? cells.flatMap((c, i) => (i ? [" · ", c] : [c])) : "–")));
      }
      box.append(table);
    }
  },
};
