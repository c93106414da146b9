// The lobby: create a table (game, players, options, who sits where), list the tables being played (filter by
// game; join an open seat or watch) and the finished ones.

import { api, clear, h, playerName, saveSeat, setPlayerName, show, words } from "./dom.js";
import { saveHost } from "./host.js";

const $ = (id) => document.getElementById(id);
let games = [];

function currentGame() {
  return games.find((g) => g.name === $("game").value) || games[0];
}

function renderPlayers() {
  const game = currentGame();
  const select = clear($("players"));
  for (let n = game.players[0]; n <= game.players[1]; n++) {
    select.append(h("option", { value: String(n), selected: n === game.default_players }, String(n)));
  }
  $("game-about").textContent = game.summary || "";
  renderOptions();
  renderSeats();
}

function renderOptions() {
  const box = $("options");
  for (const el of [...box.querySelectorAll("label")]) el.remove();
  for (const option of currentGame().options) {
    let input;
    if (option.type === "bool") {
      input = h("input", { type: "checkbox", name: option.name, checked: option.default });
    } else if (option.choices) {
      input = h("select", { name: option.name }, option.choices.map((c) => h("option", { value: String(c), selected: c === option.default }, String(c))));
    } else {
      input = h("input", { type: "number", name: option.name, value: String(option.default), min: option.minimum, max: option.maximum });
    }
    box.append(h("label", { class: option.type === "bool" ? "check" : "" }, input, " ", h("b", {}, words(option.name)), h("span", { class: "muted" }, ` ${helpAfterName(option)}`)));
  }
}

// An option's help, read after its name: a help that starts with the name does not say it twice.
function helpAfterName(option) {
  const name = words(option.name).toLowerCase();
  const help = String(option.help || "");
  return help.toLowerCase().startsWith(`${name} `) ? help.slice(name.length + 1) : help;
}

function renderSeats() {
  const game = currentGame();
  const n = Number($("players").value);
  const box = $("seats");
  for (const el of [...box.querySelectorAll("label")]) el.remove();
  for (let seat = 0; seat < n; seat++) {
    const select = h("select", { name: `seat-${seat}`, dataset: { seat: String(seat) } });
    if (seat === 0) {
      select.append(h("option", { value: "me" }, "You"));
      select.append(h("option", { value: "watch-bots" }, `Bot: ${game.default_bot} (you watch)`));
    }
    select.append(h("option", { value: "human" }, "Open seat (a friend)"));
    for (const bot of game.bots) select.append(h("option", { value: `bot:${bot}`, selected: seat > 0 && bot === game.default_bot }, `Bot: ${bot}`));
    box.append(h("label", {}, `Seat ${seat + 1} `, select));
  }
}

async function create(event) {
  event.preventDefault();
  const game = currentGame();
  const options = {};
  for (const option of game.options) {
    const input = $("options").querySelector(`[name="${option.name}"]`);
    options[option.name] = option.type === "bool" ? input.checked : Number(input.value);
  }
  const name = $("name").value.trim();
  setPlayerName(name);
  const seats = [];
  let mySeat = null;
  for (const select of $("seats").querySelectorAll("select")) {
    const value = select.value;
    const seat = Number(select.dataset.seat);
    if (value === "me") {
      mySeat = seat;
      seats.push({ kind: "human", name: name || null });
    } else if (value === "human") seats.push({ kind: "human" });
    else if (value === "watch-bots") seats.push({ kind: "bot", bot: game.default_bot });
    else seats.push({ kind: "bot", bot: value.slice(4) });
  }
  $("create-error").textContent = "";
  try {
    const out = await api("/api/tables", {
      method: "POST",
      body: { game: game.name, players: Number($("players").value), options, seats, seat: mySeat, name: name || null },
    });
    if (out.seat !== null) saveSeat(out.table.id, out.seat, out.token);
    saveHost(out.table.id, out.host_token);
    location.href = `/t/${out.table.id}`;
  } catch (err) {
    $("create-error").textContent = err.message;
  }
}

function waited(seconds) {
  if (seconds === null || seconds === undefined) return null;
  if (seconds < 60) return "waiting under a minute";
  if (seconds < 3600) return `waiting ${Math.round(seconds / 60)} min`;
  return `waiting ${Math.floor(seconds / 3600)} h ${Math.round((seconds % 3600) / 60)} min`;
}

function optionsText(table) {
  const game = games.find((g) => g.name === table.game);
  const changed = Object.entries(table.options || {}).filter(([k, v]) => {
    const spec = game?.options.find((o) => o.name === k);
    return !spec || spec.default !== v;
  });
  if (!changed.length) return "standard rules";
  return changed.map(([k, v]) => (v === true ? words(k) : `${words(k)} ${show(v)}`)).join(", ");
}

async function listTables() {
  try {
    const data = await api("/api/tables");
    const filter = $("filter").value;
    const open = clear($("open-tables"));
    for (const table of data.open.filter((t) => !filter || t.game === filter)) {
      const free = table.seats.filter((s) => s.kind === "human" && !s.taken).length;
      const who = table.seats.map((s) => (s.kind === "human" && !s.taken ? "open seat" : s.name)).join(", ");
      const facts = [
        `${table.players} players`,
        table.status === "open" ? `${free} open seat${free === 1 ? "" : "s"}` : "playing",
        waited(table.waiting_s),
        table.watchers ? `${table.watchers} watching` : null,
      ].filter(Boolean);
      open.append(
        h("li", { class: "table-entry", dataset: { table: table.id, game: table.game } },
          h("b", {}, table.title), ` · ${facts.join(" · ")}`,
          h("div", { class: "muted" }, `${optionsText(table)} · ${who}`),
          h("div", { class: "links" },
            free ? h("a", { class: "button primary", href: table.invite, "aria-label": `take a seat at ${table.title}, table ${table.id}` }, "Take a seat") : null,
            h("a", { class: "button", href: table.invite, "aria-label": `watch ${table.title}, table ${table.id}` }, "Watch"),
          ),
        ),
      );
    }
    if (!open.childElementCount) open.append(h("li", { class: "muted" }, filter ? "No table of this game: create one." : "No table yet: create one."));
    const done = clear($("finished-tables"));
    for (const table of data.finished.filter((t) => !filter || t.game === filter)) {
      done.append(h("li", {}, h("a", { href: `/t/${table.id}` }, words(table.game)), " · ", h("span", { class: "muted" }, table.summary || "")));
    }
    if (!done.childElementCount) done.append(h("li", { class: "muted" }, "None yet."));
  } catch (err) {
    $("open-tables").textContent = err.message;
  }
}

async function setup() {
  $("name").value = playerName();
  games = await api("/api/games");
  const select = $("game");
  for (const game of games) {
    select.append(h("option", { value: game.name, selected: game.name === "tricks-together" }, game.title));
    $("filter").append(h("option", { value: game.name }, game.title));
  }
  select.addEventListener("change", renderPlayers);
  $("players").addEventListener("change", renderSeats);
  $("create").addEventListener("submit", create);
  $("filter").addEventListener("change", listTables);
  renderPlayers();
  listTables();
  setInterval(listTables, 5000);
}

setup();
