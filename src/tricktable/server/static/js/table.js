// The table page: one websocket bound to this browser's seat (or watching), and a generic layout of any
// game that follows the view conventions; js/games/<game>.js adds what a game needs beyond them.

import { api, clear, forgetSeat, h, playerName, savedSeat, saveSeat, setPlayerName, show, words } from "./dom.js";
import { cardBack, cardFace, isCard, prettyCard } from "./cards.js";
import { classify, clickable, defaultMode, selectionKey } from "./moves.js";

const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
const state = {
  seat: null,
  token: null,
  view: null,
  table: null,
  log: [],
  mode: undefined,
  turnKey: null,
  selected: new Set(),
  showLast: false,
  seenTrickCards: new Set(),
  pending: false,
  error: "",
  socket: null,
  retry: 0,
  module: {},
  moduleFor: null,
  rulesFor: null,
};
const $ = (id) => document.getElementById(id);

// ----- names and helpers ---------------------------------------------------------------------------

function seatName(seat) {
  if (seat === null || seat === undefined) return "–";
  const info = state.table?.seats?.[seat];
  const name = info ? info.name : `Seat ${seat + 1}`;
  return seat === state.seat ? `${name} (you)` : name;
}

function relative(seat) {
  const n = state.view.players;
  const me = state.seat ?? 0;
  return (seat - me + n) % n;
}

function verbLabel(verb) {
  return state.module.verbLabels?.[verb] ?? words(verb);
}

function argLabel(verb, arg) {
  const custom = state.module.argLabel?.(verb, arg, state.view);
  if (custom) return custom;
  return isCard(arg) ? prettyCard(arg) : words(arg);
}

function formatEvent(event) {
  const custom = state.module.formatEvent?.(event, seatName, state.view);
  if (custom !== undefined) return custom;
  const who = event.seat !== undefined ? seatName(event.seat) : null;
  switch (event.type) {
    case "card_played":
      return `${who} plays ${prettyCard(event.card)}`;
    case "trick_won":
      return event.seat !== undefined ? `${who} wins trick ${event.trick ?? ""}`.trim() : null;
    case "hand_dealt":
      return `your cards: ${(event.hand || []).map(prettyCard).join(" ")}`;
    case "game_over":
      return event.summary;
  }
  const rest = Object.entries(event)
    .filter(([k]) => k !== "type" && k !== "seat")
    .map(([k, v]) => `${words(k)} ${Array.isArray(v) ? v.map((x) => (isCard(x) ? prettyCard(x) : show(x))).join(" ") : isCard(v) ? prettyCard(v) : show(v)}`);
  return [who, words(event.type), ...rest].filter(Boolean).join(" · ");
}

// ----- the connection ------------------------------------------------------------------------------

function connect() {
  const saved = savedSeat(tableId);
  state.seat = saved ? saved.seat : null;
  state.token = saved ? saved.token : null;
  const url = `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws/${encodeURIComponent(tableId)}`;
  const socket = new WebSocket(url);
  state.socket = socket;
  socket.addEventListener("open", () => {
    state.retry = 0;
    socket.send(JSON.stringify({ type: "hello", seat: state.seat, token: state.token }));
  });
  socket.addEventListener("message", (message) => receive(JSON.parse(message.data)));
  socket.addEventListener("close", () => {
    if (state.socket !== socket) return;
    document.body.dataset.connected = "false";
    setStatus("Connection lost: reconnecting…");
    const wait = Math.min(5000, 500 * 2 ** state.retry++);
    setTimeout(connect, wait);
  });
}

function send(move) {
  if (state.pending || !state.socket || state.socket.readyState !== WebSocket.OPEN) return;
  state.pending = true;
  state.error = "";
  state.socket.send(JSON.stringify({ type: "move", move }));
  renderControls();
}

async function receive(message) {
  switch (message.type) {
    case "welcome":
      document.body.dataset.connected = "true";
      state.seat = message.seat;
      state.table = message.table;
      state.log = (message.view.events || []).slice();
      await setView(message.view);
      break;
    case "update":
      state.pending = false;
      state.error = "";
      state.log.push(...message.events);
      await setView(message.view);
      break;
    case "table":
      state.table = message.table;
      if (state.view) render();
      break;
    case "error":
      state.pending = false;
      if (message.code === 403) {
        // This browser's token no longer holds the seat: watch instead.
        forgetSeat(tableId);
        state.error = `${message.message}. You are watching.`;
      } else if (message.code === 404) {
        setStatus(message.message);
        state.socket = null;
        return;
      } else {
        state.error = message.message;
      }
      if (state.view) render();
      break;
  }
}

async function setView(view) {
  const first = state.moduleFor !== view.game;
  state.view = view;
  if (first) {
    state.moduleFor = view.game;
    try {
      state.module = (await import(`./games/${view.game}.js`)).default || {};
    } catch {
      state.module = {};
    }
    document.title = `${view.title} · tricktable`;
    document.body.dataset.game = view.game;
    loadRules(view.game);
  }
  const turnKey = `${view.move_number}`;
  if (turnKey !== state.turnKey) {
    state.turnKey = turnKey;
    state.mode = undefined;
    state.selected = new Set();
  }
  render();
}

async function loadRules(game) {
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

// ----- rendering -----------------------------------------------------------------------------------

function setStatus(text, kind = "") {
  const el = $("status");
  el.textContent = text;
  el.className = kind;
}

function render() {
  const view = state.view;
  const myTurn = state.seat !== null && view.to_move === state.seat && view.legal_moves.length > 0;
  document.body.dataset.myTurn = String(myTurn);
  document.body.dataset.moveNumber = String(view.move_number);
  document.body.dataset.phase = view.phase;
  document.body.dataset.seat = state.seat === null ? "" : String(state.seat);
  $("title").textContent = view.title;
  renderFacts();
  renderSeats();
  renderTrick();
  const extra = $("extra");
  clear(extra);
  state.module.renderExtra?.(extra, view, { seatName, cardFace, cardBack, h, state });
  extra.hidden = extra.childElementCount === 0;
  renderHand();
  renderControls();
  renderSheet();
  renderPanels();
  renderLog();
  renderJoin();
  renderResult();
}

function renderFacts() {
  const facts = clear($("facts"));
  const skip = new Set(state.module.hideTableKeys || []);
  for (const [key, value] of Object.entries(state.view.table || {})) {
    if (skip.has(key)) continue;
    const text = typeof value === "string" && isCard(value) ? prettyCard(value) : show(value);
    facts.append(h("span", { class: "fact" }, h("b", {}, words(key)), " ", text));
  }
}

function seatFacts(seat) {
  const skip = new Set(["seat", "cards", ...(state.module.hideSeatKeys || [])]);
  const out = [];
  for (const [key, value] of Object.entries(seat)) {
    if (skip.has(key) || value === false || value === "" ) continue;
    if (value === true) out.push(h("span", { class: "badge" }, words(key)));
    else out.push(h("span", { class: "fact" }, h("b", {}, words(key)), " ", value === null ? "?" : isCard(value) ? prettyCard(value) : show(value)));
  }
  return out;
}

function renderSeats() {
  const view = state.view;
  const top = clear($("opponents"));
  const mine = clear($("me"));
  const seats = [...(view.seats || [])].sort((a, b) => relative(a.seat) - relative(b.seat));
  for (const seat of seats) {
    const info = state.table?.seats?.[seat.seat] || {};
    const badges = [];
    if (info.kind === "bot") badges.push(h("span", { class: "badge bot" }, "bot"));
    if (info.stand_in) badges.push(h("span", { class: "badge away" }, "away: bot plays"));
    else if (info.kind === "human" && info.taken && !info.connected && seat.seat !== state.seat) badges.push(h("span", { class: "badge away" }, "offline"));
    if (info.kind === "human" && !info.taken) badges.push(h("span", { class: "badge open" }, "open seat"));
    const backs = h("div", { class: "backs" });
    if (seat.seat !== state.seat || state.seat === null) {
      if (state.module.renderBacks) state.module.renderBacks(backs, seat, view, { cardBack });
      else for (let i = 0; i < Math.min(seat.cards || 0, 13); i++) backs.append(cardBack(null, "mini"));
    }
    const panel = h(
      "section",
      { class: `seat${view.to_move === seat.seat ? " to-move" : ""}${seat.seat === state.seat ? " mine" : ""}`, dataset: { seat: String(seat.seat) } },
      h("header", {}, h("span", { class: "name" }, seatName(seat.seat)), ...badges, seat.cards !== undefined ? h("span", { class: "count", title: "cards in hand" }, `🂠 ${seat.cards}`) : null),
      h("div", { class: "facts" }, seatFacts(seat)),
      backs,
    );
    state.module.renderSeatExtra?.(panel, seat, view, { cardFace, cardBack, h });
    (seat.seat === state.seat ? mine : top).append(panel);
  }
}

function trickSlots(entries, title, winner) {
  const view = state.view;
  const box = h("div", { class: "slots" });
  const bySeat = new Map(entries.map((e) => [e.seat, e]));
  const seats = [...Array(view.players).keys()].sort((a, b) => relative(a) - relative(b));
  const order = entries.map((e) => e.seat);
  for (const seat of seats) {
    const entry = bySeat.get(seat);
    const slot = h("div", { class: `slot rel-${relative(seat)}${seat === winner ? " winner" : ""}`, dataset: { seat: String(seat) } });
    const fresh = entry && !state.seenTrickCards.has(`${entry.seat}:${entry.card}`);
    slot.append(entry ? cardFace(entry.card, fresh ? "played" : "") : h("div", { class: "card empty" }));
    const label = seatName(seat) + (entry && order.indexOf(seat) === 0 ? " · led" : "");
    slot.append(h("div", { class: "slot-name" }, label));
    if (entry?.note) slot.append(h("div", { class: "note" }, entry.note));
    box.append(slot);
  }
  return h("div", { class: "trick-box" }, title ? h("div", { class: "trick-title" }, title) : null, box);
}

function renderTrick() {
  const view = state.view;
  const area = clear($("trick"));
  const last = view.last_trick;
  const lastEntries = last ? last.seats.map((seat, i) => ({ seat, card: last.cards[i], note: last.notes?.[i] })) : [];
  const winners = last ? last.winners || (last.winner === null || last.winner === undefined ? [] : [last.winner]) : [];
  const winnerText = last ? (winners.length ? `won by ${winners.map(seatName).join(" and ")}` : "nobody wins it") : "";
  if (state.showLast && last) {
    area.append(trickSlots(lastEntries, `Last trick: ${winnerText}`, winners[0]));
    area.classList.add("showing-last");
    return;
  }
  area.classList.remove("showing-last");
  const trick = view.trick || [];
  if (trick.length === 0 && last) {
    const box = trickSlots(lastEntries, `Last trick: ${winnerText}`, winners[0]);
    box.classList.add("faded");
    area.append(box);
  } else {
    area.append(trickSlots(trick, trick.length ? "Current trick" : "", null));
  }
  // Only a card that has just arrived animates, not every card on every update.
  state.seenTrickCards = new Set(trick.map((e) => `${e.seat}:${e.card}`));
  $("last-trick").disabled = !last;
}

function renderControls() {
  const view = state.view;
  const controls = clear($("controls"));
  const myTurn = state.seat !== null && view.to_move === state.seat && view.legal_moves.length > 0;
  const moves = classify(myTurn ? view.legal_moves : []);
  const modes = [];
  if (moves.plays.size) modes.push(null);
  modes.push(...moves.cardVerbs.keys(), ...moves.multiVerbs.keys());
  if (state.mode === undefined || !modes.includes(state.mode)) state.mode = defaultMode(moves);
  if (view.result) {
    setStatus(view.result.summary || "The game is over.", "over");
  } else if (state.error) {
    setStatus(state.error, "error");
  } else if (myTurn) {
    setStatus(state.module.turnHint?.(view, state.mode) || `Your move${state.mode ? `: ${verbLabel(state.mode).toLowerCase()}` : ""}`, "mine");
  } else if (view.to_move !== null && view.to_move !== undefined) {
    setStatus(`Waiting for ${seatName(view.to_move)}${view.phase ? ` (${words(view.phase)})` : ""}`);
  }
  if (!myTurn) {
    applyClickable(new Set(), false);
    return;
  }
  if (modes.length > 1) {
    const group = h("div", { class: "modes", role: "group" });
    for (const mode of modes) {
      group.append(
        h("button", {
          class: state.mode === mode ? "active" : "",
          dataset: { mode: mode ?? "play" },
          onclick: () => { state.mode = mode; state.selected = new Set(); renderControls(); },
        }, mode === null ? "Play a card" : verbLabel(mode)),
      );
    }
    controls.append(group);
  }
  const multi = moves.multiVerbs.get(state.mode);
  if (multi) {
    const key = selectionKey(state.selected);
    const move = multi.moves.get(key);
    controls.append(
      h("div", { class: "multi" },
        h("span", {}, `${verbLabel(state.mode)}: choose ${multi.count} cards (${state.selected.size} chosen)`),
        h("button", { id: "confirm", class: "primary", disabled: !move || state.pending, dataset: { move: move || "" }, onclick: () => move && send(move) }, `${verbLabel(state.mode)} ${[...state.selected].map(prettyCard).join(" ")}`),
        h("button", { disabled: state.selected.size === 0, onclick: () => { state.selected = new Set(); renderControls(); } }, "Clear"),
      ),
    );
  }
  for (const [verb, list] of moves.buttons) {
    const group = h("div", { class: "verb" }, h("span", { class: "verb-label" }, verbLabel(verb)));
    for (const { move, args } of list) {
      group.append(h("button", { class: "move", dataset: { move }, disabled: state.pending, onclick: () => send(move) }, args.length ? args.map((a) => argLabel(verb, a)).join(" ") : verbLabel(verb)));
    }
    controls.append(group);
  }
  applyClickable(clickable(moves, state.mode), true, moves);
}

function applyClickable(cards, myTurn, moves) {
  for (const el of document.querySelectorAll("#hand .card, .pickable .row-card")) {
    const card = el.dataset.card;
    const legal = myTurn && cards.has(card) && !state.pending;
    el.classList.toggle("legal", legal);
    el.classList.toggle("inert", !legal);
    el.classList.toggle("dim", myTurn && cards.size > 0 && !cards.has(card));
    el.classList.toggle("selected", state.selected.has(card));
    el.tabIndex = legal ? 0 : -1;
    el.onclick = legal ? () => clickCard(card, moves) : null;
    el.onkeydown = legal ? (e) => (e.key === "Enter" || e.key === " ") && clickCard(card, moves) : null;
  }
}

function clickCard(card, moves) {
  const mode = state.mode;
  if (mode === null) return send(card);
  if (moves.cardVerbs.has(mode)) return send(moves.cardVerbs.get(mode).get(card));
  const multi = moves.multiVerbs.get(mode);
  if (!multi) return;
  if (state.selected.has(card)) state.selected.delete(card);
  else if (state.selected.size < multi.count) state.selected.add(card);
  renderControls();
}

function renderHand() {
  const hand = clear($("hand"));
  for (const card of state.view.hand || []) hand.append(cardFace(card));
  hand.dataset.count = String((state.view.hand || []).length);
}

function renderSheet() {
  const box = clear($("sheet"));
  const rows = state.view.score_sheet || [];
  if (!rows.length) {
    box.append(h("p", { class: "muted" }, "No round finished yet."));
    return;
  }
  const n = state.view.players;
  // Newest round first; per-seat lists become a small table, everything else a chip.
  for (const row of [...rows].reverse()) {
    const perSeat = Object.keys(row).filter((k) => Array.isArray(row[k]) && row[k].length === n);
    const chips = Object.entries(row)
      .filter(([k]) => !perSeat.includes(k))
      .map(([k, v]) => h("span", { class: "fact" }, h("b", {}, words(k)), " ", isCard(v) ? prettyCard(v) : show(v)));
    const head = h("tr", {}, h("th", {}, ""), perSeat.map((k) => h("th", {}, words(k))));
    const body = [...Array(n).keys()].map((s) => h("tr", {}, h("td", {}, seatName(s)), perSeat.map((k) => h("td", {}, show(row[k][s])))));
    const outcome = row.success === true ? " succeeded" : row.success === false ? " failed" : "";
    box.append(
      h("section", { class: `round${outcome}` },
        h("div", { class: "round-head" }, chips),
        perSeat.length ? h("table", { class: "sheet" }, h("thead", {}, head), h("tbody", {}, body)) : null,
      ),
    );
  }
}

function renderPanels() {
  const box = clear($("panels"));
  for (const [title, lines] of Object.entries(state.view.panels || {})) {
    box.append(h("section", { class: "panel" }, h("h3", {}, title), h("ul", {}, lines.map((line) => h("li", {}, line)))));
  }
  if (!box.childElementCount) box.append(h("p", { class: "muted" }, "Nothing here for this game yet."));
}

function renderLog() {
  const box = clear($("log"));
  const lines = state.log.map(formatEvent).filter(Boolean).slice(-200);
  for (const line of lines) box.append(h("li", {}, line));
  box.scrollTop = box.scrollHeight;
}

function renderJoin() {
  const bar = clear($("join"));
  const table = state.table;
  if (!table || state.seat !== null || table.status === "over") {
    bar.hidden = true;
    return;
  }
  const free = table.seats.filter((s) => s.kind === "human" && !s.taken);
  if (!free.length) {
    bar.hidden = false;
    bar.append(h("span", {}, "You are watching: every seat is taken."));
    return;
  }
  bar.hidden = false;
  const name = h("input", { id: "join-name", placeholder: "your name", maxlength: "24", value: playerName() });
  bar.append(h("span", {}, "You are watching. "), name);
  for (const seat of free) {
    bar.append(
      h("button", {
        class: "primary",
        dataset: { join: String(seat.seat) },
        onclick: async () => {
          try {
            setPlayerName(name.value.trim());
            const out = await api(`/api/tables/${tableId}/join`, { method: "POST", body: { seat: seat.seat, name: name.value.trim() || null } });
            saveSeat(tableId, out.seat, out.token);
            reconnect();
          } catch (err) {
            state.error = err.message;
            render();
          }
        },
      }, `Take seat ${seat.seat + 1}`),
    );
  }
}

function renderResult() {
  const dialog = $("result");
  const result = state.view.result;
  if (!result) {
    dialog.hidden = true;
    return;
  }
  dialog.hidden = false;
  const box = clear($("result-body"));
  const winners = result.winners || [];
  box.append(h("h2", {}, winners.length === state.view.players && winners.length > 1 ? "The team wins!" : winners.length ? `${winners.map(seatName).join(" and ")} ${winners.length > 1 ? "win" : "wins"}` : "Game over"));
  box.append(h("p", {}, result.summary || ""));
  if (Array.isArray(result.scores)) {
    box.append(h("table", { class: "sheet" }, h("tbody", {}, result.scores.map((score, seat) => h("tr", { class: winners.includes(seat) ? "won" : "" }, h("td", {}, seatName(seat)), h("td", {}, show(score)))))));
  }
  const rematch = state.table?.rematch;
  box.append(
    h("div", { class: "actions" },
      h("button", { id: "rematch", class: "primary", onclick: startRematch }, rematch ? "Go to the rematch" : "Rematch"),
      h("a", { class: "button", id: "download", href: `/api/tables/${tableId}/record`, download: `${state.view.game}-${tableId}.json` }, "Download the game record"),
      h("a", { class: "button", href: "/" }, "Lobby"),
      h("button", { onclick: () => { dialog.hidden = true; } }, "Look at the table"),
    ),
  );
}

async function startRematch() {
  try {
    const out = await api(`/api/tables/${tableId}/rematch`, { method: "POST" });
    const saved = savedSeat(tableId);
    // The rematch keeps every seat's token, so this browser keeps its seat.
    if (saved) saveSeat(out.table.id, saved.seat, saved.token);
    location.href = `/t/${out.table.id}`;
  } catch (err) {
    state.error = err.message;
    render();
  }
}

function reconnect() {
  const old = state.socket;
  state.socket = null;
  if (old) old.close();
  connect();
}

// ----- page wiring ---------------------------------------------------------------------------------

function setup() {
  $("last-trick").addEventListener("click", () => {
    state.showLast = !state.showLast;
    $("last-trick").classList.toggle("active", state.showLast);
    if (state.view) renderTrick();
  });
  $("invite").addEventListener("click", async () => {
    const link = `${location.origin}/t/${tableId}`;
    $("invite-link").value = link;
    $("invite-box").hidden = !$("invite-box").hidden;
    try {
      await navigator.clipboard.writeText(link);
      $("invite-note").textContent = "Copied to the clipboard.";
    } catch {
      $("invite-note").textContent = "Copy this link and send it to a friend.";
    }
  });
  for (const tab of document.querySelectorAll("[data-tab]")) {
    tab.addEventListener("click", () => {
      for (const other of document.querySelectorAll("[data-tab]")) other.classList.toggle("active", other === tab);
      for (const pane of document.querySelectorAll(".pane")) pane.hidden = pane.id !== tab.dataset.tab;
    });
  }
  connect();
}

setup();
