// The host's tools (the browser that created the table keeps the host token): put a bot in an open seat, give
// a seat a new invitation (the old link stops working), close the table.

import { api, clear, h } from "./dom.js";
import { CHOSEN_DEAL } from "./facts.js";
import { $, state, tableId } from "./state.js";

export function savedHost(id) {
  return localStorage.getItem(`tricktable:host:${id}`);
}

export function saveHost(id, token) {
  if (token) localStorage.setItem(`tricktable:host:${id}`, token);
}

let levels = null;
let closing = false;
// The last new invitation made, by seat: shown until the host closes the tools.
const invitations = new Map();

async function botLevels(game) {
  if (!levels) {
    const games = await api("/api/games");
    levels = Object.fromEntries(games.map((g) => [g.name, { bots: g.bots, default: g.default_bot }]));
  }
  return levels[game];
}

export function renderHostTools(rerender) {
  const token = savedHost(tableId);
  const button = $("host");
  const table = state.table;
  const live = table && table.status !== "over" && table.status !== "closed";
  button.hidden = !token || !live;
  if (button.hidden) {
    $("host-box").hidden = true;
    return;
  }
  if (!button.dataset.wired) {
    button.dataset.wired = "1";
    button.addEventListener("click", () => {
      const box = $("host-box");
      box.hidden = !box.hidden;
      button.setAttribute("aria-expanded", String(!box.hidden));
      fill(box, token, rerender);
    });
  }
  if (!$("host-box").hidden && !$("host-box").contains(document.activeElement)) fill($("host-box"), token, rerender);
}

async function call(path, token, body) {
  return api(`/api/tables/${tableId}${path}`, { method: "POST", headers: { "X-Host-Token": token }, body });
}

async function fill(box, token, rerender) {
  const table = state.table;
  const info = await botLevels(table.game);
  clear(box);
  box.append(h("h2", {}, "Host tools"));
  const list = h("ul", { class: "host-seats" });
  for (const seat of table.seats) {
    if (seat.kind !== "human") continue;
    const label = `Seat ${seat.seat + 1}${seat.taken ? ` (${seat.name})` : ", open"}`;
    const item = h("li", {}, h("span", {}, label));
    if (!seat.taken) {
      const select = h("select", { "aria-label": `bot level for seat ${seat.seat + 1}` }, info.bots.map((b) => h("option", { value: b, selected: b === info.default }, b)));
      item.append(select, h("button", {
        type: "button",
        dataset: { seatBot: String(seat.seat) },
        onclick: async () => {
          await call(`/seats/${seat.seat}/bot`, token, { bot: select.value });
        },
      }, "Seat a bot"));
    } else if (table.fixed_deal) {
      item.append(h("span", {}, ` — ${CHOSEN_DEAL.toLowerCase()}.`));
    } else {
      const made = invitations.get(seat.seat);
      const out = h("input", { readonly: true, class: "reinvite-link", dataset: { linkFor: String(seat.seat) }, "aria-label": `new invitation link for seat ${seat.seat + 1}`, hidden: !made, value: made || "" });
      item.append(h("button", {
        type: "button",
        dataset: { reinvite: String(seat.seat) },
        onclick: async () => {
          const answer = await call(`/seats/${seat.seat}/invite`, token);
          out.value = `${location.origin}${answer.link}`;
          invitations.set(seat.seat, out.value);
          out.hidden = false;
          out.select();
        },
      }, "New invitation"), out);
    }
    list.append(item);
  }
  box.append(list);
  box.append(h("button", {
    type: "button",
    id: "close-table",
    class: closing ? "danger" : "",
    onclick: async () => {
      if (!closing) {
        closing = true;
        fill(box, token, rerender);
        return;
      }
      await call("/close", token);
      closing = false;
      box.hidden = true;
      rerender();
    },
  }, closing ? "Really close the table?" : "Close the table"));
}
