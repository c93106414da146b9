// The score pad, as it is kept at a card table: a column per player, a line per round, the running total
// under each name and the leader's marked.  Games that score in points use the sheet's totals; Tricks
// Together (one score for the team) shows each player's tricks against their number, and Secret Trumps the
// goals each player crossed off.

import { h } from "./dom.js";
import { names, state } from "./state.js";

const number = (value) => (typeof value === "number" ? value.toLocaleString("en") : String(value ?? "–"));

// One line a round: its title and a cell for each player ({text, mark}: mark "made"/"missed"/"lead").
function lines(rows) {
  const custom = state.module.scorePadLine;
  return rows.map((row, index) => {
    const title = state.module.sheetTitle?.(row, index) ?? `Round ${row.round ?? index + 1}`;
    if (custom) return { title, ...custom(row, state.view) };
    const totals = row.totals || [];
    const points = row.points || [];
    return { title, cells: totals.map((total, s) => ({ text: number(total), small: points[s] !== undefined ? `+${number(points[s])}` : "" })) };
  });
}

export function scorePad(rows) {
  if (!rows.length) return null;
  const padLines = lines(rows);
  if (!padLines.some((line) => line.cells?.length)) return null;
  const who = names();
  // A game with a line of its own says its totals (or none: Tricks Together's team has one score, its lives).
  const totals = state.module.scorePadLine ? state.module.scorePadTotals?.(state.view) ?? null : padLines[padLines.length - 1].cells.map((c) => c.text);
  const value = (t) => Number(String(t).replace(/[^\d.-]/g, "") || NaN);
  const best = totals ? Math.max(...totals.map(value).filter((t) => !Number.isNaN(t))) : null;
  return h("table", { class: "score-pad" },
    h("caption", {}, "Score pad"),
    h("thead", {}, h("tr", {}, h("th", { scope: "col" }, h("span", { class: "visually-hidden" }, "round")), who.map((name) => h("th", { scope: "col" }, name)))),
    h("tbody", {}, padLines.map((line) => h("tr", { class: line.mark || "" },
      h("th", { scope: "row" }, line.title),
      line.cells.map((cell) => h("td", { class: cell.mark || "" }, cell.text, cell.small ? h("small", {}, ` ${cell.small}`) : null))))),
    totals ? h("tfoot", {}, h("tr", {}, h("th", { scope: "row" }, state.module.scorePadTotalWord || "total"),
      totals.map((t) => h("td", { class: value(t) === best ? "lead" : "" }, String(t))))) : null,
  );
}
