// The table page: one websocket bound to this browser's seat (or watching), and a layout of any game that
// follows the view conventions; js/games/<game>.js adds what a game needs beyond them.  The log's sentences
// come from the server (the game's own narrate module, the one the terminal uses too).

import { api, clear, forgetSeat, h, playerName, savedSeat, saveSeat, setPlayerName } from "./dom.js";
import { renderControls, onSend, setStatus } from "./controls.js";
import { tableFacts } from "./facts.js";
import { fit, focusBefore, renderHand, restoreFocus, setupHandKeys } from "./hand.js";
import { keepInside, renderSeats, renderTrick } from "./ring.js";
import { loadRules, renderLog, renderPanels, renderSheet, setupTabs } from "./side.js";
import { $, myTurn, named, seatName, state, tableId } from "./state.js";
import { cardBack, cardFace } from "./cards.js";
import { renderHostTools, savedHost } from "./host.js";
import { noteRound, renderRoundEnd } from "./roundend.js";
import { renderTableCards } from "./tablecards.js";

// ----- the connection ------------------------------------------------------------------------------

function claimFromLink() {
  // A new invitation from the host: /t/<id>#seat=N&token=T takes the seat (the fragment never reaches a server).
  const params = new URLSearchParams(location.hash.slice(1));
  if (params.has("seat") && params.has("token")) {
    saveSeat(tableId, Number(params.get("seat")), params.get("token"));
    history.replaceState(null, "", location.pathname);
  }
}

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

function announce(lines) {
  // Screen readers hear what happened: the other players' moves and whose turn it is.
  const box = $("announce");
  const text = lines.slice(-4).join(". ");
  if (text) box.textContent = text;
}

async function receive(message) {
  switch (message.type) {
    case "welcome":
      state.seat = message.seat;
      state.table = message.table;
      state.log = (message.log || []).slice();
      state.analysis = message.analysis || [];
      state.trickReason = message.trick_reason || null;
      state.lastTrickKey = JSON.stringify(message.view.last_trick || null);
      noteRound(message.view, [], false);
      await setView(message.view);
      // Connected once the table is drawn: whoever reads the page then (a test, a screen reader) sees it whole.
      document.body.dataset.connected = "true";
      break;
    case "update":
      state.pending = false;
      state.error = "";
      state.log.push(...(message.log || []));
      state.trickReason = message.trick_reason || null;
      noteRound(message.view, message.log || [], true);
      await setView(message.view);
      announce([...(message.log || []), ...(myTurn() ? ["Your turn"] : [])]);
      break;
    case "table":
      state.table = message.table;
      if (state.view) render();
      break;
    case "analysis":
      state.analysis = message.sections || [];
      if (state.view) renderSheet();
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

// ----- rendering -----------------------------------------------------------------------------------

function render() {
  const view = state.view;
  const hadFocus = focusBefore();
  document.body.dataset.myTurn = String(myTurn());
  document.body.dataset.moveNumber = String(view.move_number);
  document.body.dataset.phase = view.phase;
  document.body.dataset.seat = state.seat === null ? "" : String(state.seat);
  document.body.dataset.players = String(view.players);
  $("title").textContent = view.title;
  tableFacts(clear($("facts")));
  renderSeats();
  renderTrick();
  renderTableCards();
  renderRoundEnd();
  const extra = clear($("extra"));
  state.module.renderExtra?.(extra, view, { seatName, cardFace, cardBack, h, state, named });
  extra.hidden = extra.childElementCount === 0;
  renderHand();
  renderControls();
  renderSheet();
  renderPanels();
  renderLog();
  renderJoin();
  renderResult();
  renderHostTools(render);
  restoreFocus(hadFocus);
}

function renderJoin() {
  // Every update rebuilds the bar: a name being typed (and the caret in it) must survive a bot's move.
  const typing = document.getElementById("join-name");
  const typed = typing ? typing.value : playerName();
  const caret = typing !== null && document.activeElement === typing ? [typing.selectionStart, typing.selectionEnd] : null;
  const bar = clear($("join"));
  const table = state.table;
  if (!table || state.seat !== null || table.status === "over" || table.status === "closed") {
    bar.hidden = true;
    return;
  }
  const free = table.seats.filter((s) => s.kind === "human" && !s.taken);
  bar.hidden = false;
  if (!free.length) {
    bar.append(h("span", {}, "You are watching: every seat is taken."));
    return;
  }
  const name = h("input", { id: "join-name", placeholder: "your name", maxlength: "24", value: typed });
  bar.append(h("span", {}, "You are watching. "), h("label", {}, "Your name ", name));
  if (caret) {
    name.focus();
    name.setSelectionRange(caret[0], caret[1]);
  }
  for (const seat of free) {
    bar.append(
      h("button", {
        type: "button",
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
  if (!result || state.resultDismissed) {
    dialog.hidden = true;
    return;
  }
  const wasHidden = dialog.hidden;
  dialog.hidden = false;
  const box = clear($("result-body"));
  const winners = result.winners || [];
  const everyone = winners.length === state.view.players && winners.length > 1;
  const title = everyone ? "The team wins!" : winners.length ? `${winners.map((w) => seatName(w)).join(" and ")} ${winners.length > 1 ? "win" : "wins"}` : "Game over";
  box.append(h("h2", { id: "result-title" }, title));
  box.append(h("p", {}, named(result.summary || "")));
  if (Array.isArray(result.scores)) {
    box.append(h("table", { class: "sheet" },
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "player"), h("th", { scope: "col" }, "score"))),
      h("tbody", {}, result.scores.map((score, seat) => h("tr", { class: winners.includes(seat) ? "won" : "" }, h("th", { scope: "row" }, seatName(seat)), h("td", {}, String(score)))))));
  }
  const rematch = state.table?.rematch;
  box.append(
    h("div", { class: "actions" },
      state.seat !== null ? h("button", { type: "button", id: "rematch", class: "primary", onclick: startRematch }, rematch ? "Go to the rematch" : "Rematch") : null,
      h("a", { class: "button", id: "download", href: `/api/tables/${tableId}/record`, download: `${state.view.game}-${tableId}.json` }, "Download the game record"),
      h("a", { class: "button", href: "/" }, "Lobby"),
      h("button", { type: "button", id: "look", onclick: () => { state.resultDismissed = true; dialog.hidden = true; } }, "Look at the table"),
    ),
  );
  if (wasHidden) box.querySelector("button, a")?.focus();
}

async function startRematch() {
  try {
    const saved = savedSeat(tableId);
    const out = await api(`/api/tables/${tableId}/rematch`, { method: "POST", headers: { "X-Seat-Token": saved?.token || "" } });
    // The rematch keeps every seat's token (and the host's), so this browser keeps its seat.
    if (saved) saveSeat(out.table.id, saved.seat, saved.token);
    const host = savedHost(tableId);
    if (host) localStorage.setItem(`tricktable:host:${out.table.id}`, host);
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
  claimFromLink();
  onSend(send);
  $("last-trick").addEventListener("click", () => {
    state.showLast = !state.showLast;
    $("last-trick").setAttribute("aria-pressed", String(state.showLast));
    if (state.view) renderTrick();
  });
  $("invite").addEventListener("click", async () => {
    const link = `${location.origin}/t/${tableId}`;
    $("invite-link").value = link;
    const box = $("invite-box");
    box.hidden = !box.hidden;
    $("invite").setAttribute("aria-expanded", String(!box.hidden));
    if (state.table?.fixed_deal) {
      $("invite-note").textContent = "Friends may watch this practice table; its creator chose the cards, so nobody else can take a seat.";
      return;
    }
    try {
      await navigator.clipboard.writeText(link);
      $("invite-note").textContent = "Copied to the clipboard.";
    } catch {
      $("invite-note").textContent = "Copy this link and send it to a friend.";
    }
  });
  setupTabs();
  setupHandKeys();
  window.addEventListener("resize", () => {
    fit();
    if (state.view) renderSeats();
  });
  connect();
}

setup();
