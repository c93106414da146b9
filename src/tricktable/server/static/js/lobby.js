// The lobby: create a table (game, players, options, who sits where), list open and finished tables.

import { api, clear, h, playerName, saveSeat, setPlayerName, words } from "./dom.js";

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
  $("game-moves").textContent = game.moves;
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
      input = h("input", { type: "number", name: option.name, value: String(option.default) });
    }
    box.append(h("label", { class: option.type === "bool" ? "check" : "" }, input, " ", h("b", {}, words(option.name)), h("span", { class: "muted" }, ` ${option.help}`)));
  }
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
      select.append(h("option", { value: "watch-bots" }, "Bot (you watch)"));
    }
    select.append(h("option", { value: "human", selected: false }, "Open seat (a friend)"));
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
    location.href = `/t/${out.table.id}`;
  } catch (err) {
    $("create-error").textContent = err.message;
  }
}

async function listTables() {
  try {
    const data = await api("/api/tables");
    const open = clear($("open-tables"));
    for (const table of data.open) {
      const free = table.seats.filter((s) => s.kind === "human" && !s.taken).length;
      const who = table.seats.map((s) => s.name).join(", ");
      open.append(h("li", {}, h("a", { href: table.invite }, `${table.title}`), ` · ${table.players} players · ${free} open seat${free === 1 ? "" : "s"} · `, h("span", { class: "muted" }, who)));
    }
    if (!data.open.length) open.append(h("li", { class: "muted" }, "No open table: create one."));
    const done = clear($("finished-tables"));
    for (const table of data.finished) {
      done.append(h("li", {}, h("a", { href: `/t/${table.id}` }, words(table.game)), " · ", h("span", { class: "muted" }, table.summary || "")));
    }
    if (!data.finished.length) done.append(h("li", { class: "muted" }, "None yet."));
  } catch (err) {
    $("open-tables").textContent = err.message;
  }
}

async function setup() {
  $("name").value = playerName();
  games = await api("/api/games");
  const select = $("game");
  for (const game of games) select.append(h("option", { value: game.name, selected: game.name === "tricks-together" }, game.title));
  select.addEventListener("change", renderPlayers);
  $("players").addEventListener("change", renderSeats);
  $("create").addEventListener("submit", create);
  renderPlayers();
  listTables();
  setInterval(listTables, 5000);
}

setup();
