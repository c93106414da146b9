// Secret Trumps: the goal sheet, the rows of face-up cards to pick from, and the start player's hints.
import { prettyCard } from "../cards.js";
import { seatName } from "../state.js";

const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;

function goalName(view, slug) {
  const goal = (view.goal_list || []).find((g) => g.slug === slug);
  return goal ? goal.name : slug;
}

export default {
  verbLabels: { goal: "Draft a goal", pick: "Pick from the row", choose: "Choose your goal", cross: "Cross off" },
  argLabel: (verb, arg, view) => (["goal", "choose", "cross"].includes(verb) ? goalName(view, arg) : null),
  hideTableKeys: ["phase"],
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
  renderExtra(box, view, { h, cardFace, seatName }) {
    if (view.trumps) {
      const t = view.trumps;
      box.append(h("p", { class: "trumps-known" }, h("b", {}, "Trumps you know: "), `suit ${t.suit ? prettyCard(`9${t.suit}`).slice(1) : "none"}, rank ${t.rank === 1 ? "A" : t.rank || "none"}`));
    }
    const current = view.phase === "pick" ? view.table.row : null;
    const line = (row, pickable) => {
      const el = h("div", { class: `row-line${pickable ? " current pickable" : ""}${row.cards.length === 0 ? " done" : ""}`, dataset: { row: String(row.row) } });
      el.append(h("span", { class: "label" }, `Row ${row.row}`));
      el.append(h("div", { class: "cards" }, row.cards.map((c) => cardFace(c, pickable ? "row-card" : "small"))));
      if (row.picks.length) {
        el.append(h("div", { class: "cards" }, row.picks.map((p) => h("div", { class: "pick" }, cardFace(p.card, "small"), seatName(p.seat)))));
      }
      const hint = (view.hints || []).find((x) => x.row === row.row);
      if (hint) el.append(h("span", { class: "fact" }, `would win: ${seatName(hint.winner)}`));
      return el;
    };
    const rows = view.rows || [];
    // The row to pick from lies in the middle of the table (renderCentre); every row is a click away.
    if (rows.length) {
      box.append(h("details", {}, h("summary", {}, "Every row, its picks and hints"), h("div", { class: "rows" }, rows.map((row) => line(row, false)))));
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
        table.append(h("tr", {}, h("th", { scope: "row" }, seatName(g.seat)), h("td", {}, cells.length ? cells.flatMap((c, i) => (i ? [" · ", c] : [c])) : "–")));
      }
      const open = ["draft", "choose", "cross"].includes(view.phase);
      box.append(h("details", { open }, h("summary", {}, "Goal sheet"), table));
    }
  },
};
