// The side panes: the score sheet (newest round first, one row per player), the game's notes, the log as
// sentences, each finished round's open-hands analysis, and the rules.

import { clear, h, show, words } from "./dom.js";
import { isCard, prettyCard } from "./cards.js";
import { factText } from "./facts.js";
import { $, named, names, seatName, state } from "./state.js";
import { scorePad } from "./scorepad.js";

export function renderSheet() {
  const box = clear($("sheet"));
  const rows = state.view.score_sheet || [];
  if (!rows.length) {
    box.append(h("p", { class: "muted" }, "No round finished yet."));
    return;
  }
  const n = state.view.players;
  const who = names();
  rows.forEach((row, index) => {
    const perSeat = Object.keys(row).filter((k) => Array.isArray(row[k]) && row[k].length === n);
    const chips = Object.entries(row)
      .filter(([k]) => !perSeat.includes(k) && k !== "success")
      .map(([k, v]) => factText(k, v, "sheet"))
      .filter(Boolean)
      .map((text) => h("li", { class: "fact" }, text));
    const head = h("tr", {}, h("th", { scope: "col" }, "player"), perSeat.map((k) => h("th", { scope: "col" }, words(k))));
    const body = [...Array(n).keys()].map((s) =>
      h("tr", {}, h("th", { scope: "row" }, who[s]), perSeat.map((k) => h("td", {}, cell(row[k][s], k)))),
    );
    const outcome = row.success === true ? " succeeded" : row.success === false ? " failed" : "";
    const analysis = state.analysis[index];
    box.prepend(
      h("section", { class: `round${outcome}`, "aria-label": `round ${index + 1}` },
        h("h3", {}, `${state.module.sheetTitle?.(row, index) ?? `Round ${row.round ?? index + 1}`}${outcome ? `: ${outcome.trim()}` : ""}`),
        chips.length ? h("ul", { class: "round-head" }, chips) : null,
        perSeat.length ? h("table", { class: "sheet" }, h("thead", {}, head), h("tbody", {}, body)) : null,
        analysis ? analysisBlock(analysis) : null,
      ),
    );
  });
  const pad = scorePad(rows);
  if (pad) box.prepend(h("div", { class: "pad-box" }, pad));
  focusableScrolls(box);
}

// A round too wide for the pane scrolls sideways: the keyboard must be able to reach it to scroll it.
export function focusableScrolls(box) {
  for (const round of box.querySelectorAll(".round, .pad-box")) {
    if (round.scrollWidth > round.clientWidth + 1) round.tabIndex = 0;
    else round.removeAttribute("tabindex");
  }
}

function cell(value, key) {
  if (value === null || value === undefined) return "–";
  const custom = state.module.cellText?.(key, value, state.view);
  if (custom) return custom;
  if (isCard(value)) return prettyCard(value);
  return named(show(value));
}

function analysisBlock(section) {
  const turning = (section.plays || []).filter((p) => p.cost);
  return h("details", { class: "analysis" },
    h("summary", {}, "With open hands…"),
    h("ul", {}, (section.facts || []).map((f) => h("li", {}, named(f)))),
    turning.length
      ? h("p", {}, turning.map((p) => `Move ${p.number}: ${seatName(p.seat, { you: false })} played ${isCard(p.move) ? prettyCard(p.move) : p.move}: ${p.note}`).join(" "))
      : null,
  );
}

export function renderPanels() {
  const box = clear($("panels"));
  for (const [title, lines] of Object.entries(state.view.panels || {})) {
    box.append(h("section", { class: "panel" }, h("h3", {}, named(title)), h("ul", {}, lines.map((line) => h("li", {}, named(line))))));
  }
  if (!box.childElementCount) box.append(h("p", { class: "muted" }, "Nothing here for this game yet."));
}

export function renderLog() {
  const box = clear($("log"));
  for (const line of state.log.slice(-300)) box.append(h("li", {}, line));
  const pane = $("log-pane");
  pane.scrollTop = pane.scrollHeight;
}

export async function loadRules(game) {
  if (state.rulesFor === game) return;
  state.rulesFor = game;
  const box = $("rules");
  try {
    const response = await fetch(`/static/rules/${game}.html`);
    // The rules pages are this package's own static files.
    box.innerHTML = response.ok ? await response.text() : "<p>No rules summary for this game.</p>";
  } catch {
    box.textContent = "The rules could not be loaded.";
  }
}

export function setupTabs() {
  const tabs = [...document.querySelectorAll("[role=tab]")];
  const choose = (tab) => {
    for (const other of tabs) {
      const on = other === tab;
      other.setAttribute("aria-selected", String(on));
      other.tabIndex = on ? 0 : -1;
      $(other.dataset.tab).hidden = !on;
    }
    focusableScrolls($("sheet"));
  };
  tabs.forEach((tab, i) => {
    tab.addEventListener("click", () => choose(tab));
    tab.addEventListener("keydown", (event) => {
      const step = event.key === "ArrowRight" ? 1 : event.key === "ArrowLeft" ? -1 : 0;
      if (!step) return;
      const next = tabs[(i + step + tabs.length) % tabs.length];
      choose(next);
      next.focus();
    });
  });
}
