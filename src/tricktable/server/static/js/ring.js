// The table itself: the other players sit around it in play order (this browser's seat at the bottom), and
// each card of the trick lies in front of the player who played it.  A card just played slides in from its
// player; a finished trick is shown with its winning card marked and why it won, then gathered to the winner.
// No movement under prefers-reduced-motion.

import { clear, h } from "./dom.js";
import { cardBack, cardFace, cardWords } from "./cards.js";
import { seatFacts } from "./facts.js";
import { $, named, reducedMotion, relative, seatName, state } from "./state.js";
import { endsRound } from "./roundend.js";

// Where relative seat r of n sits, as an angle: 90° is the bottom (here), play goes on to the left.
function angle(r, n) {
  return ((90 + (360 * r) / n) * Math.PI) / 180;
}

// The radii of the ellipses the plates and the trick's cards sit on, in % of the table (set in style.css).
function radii(prefix) {
  const style = getComputedStyle($("ring"));
  return [parseFloat(style.getPropertyValue(`--${prefix}-rx`)) || 40, parseFloat(style.getPropertyValue(`--${prefix}-ry`)) || 40];
}

function place(el, r, n, rx, ry, cy = 50) {
  const a = angle(r, n);
  el.style.left = `${50 + rx * Math.cos(a)}%`;
  el.style.top = `${cy + ry * Math.sin(a)}%`;
}

export function renderSeats() {
  const view = state.view;
  const ring = $("ring");
  for (const old of [...ring.querySelectorAll(".seat")]) old.remove();
  const mine = clear($("me"));
  const n = view.players;
  ring.dataset.players = String(n);
  const seats = [...(view.seats || [])].sort((a, b) => relative(a.seat) - relative(b.seat));
  for (const seat of seats) {
    const here = state.seat !== null && seat.seat === state.seat;
    const panel = seatPanel(seat, here);
    if (here) {
      mine.append(panel);
    } else {
      const r = relative(seat.seat);
      panel.classList.add("around");
      place(panel, r, n, ...radii("seat"));
      ring.append(panel);
    }
  }
  keepInside(ring);
}

// A plate near the edge of the table is moved in until the whole of it is on the table.
export function keepInside(ring = $("ring")) {
  const box = ring.getBoundingClientRect();
  for (const panel of ring.querySelectorAll(".seat.around")) {
    const rect = panel.getBoundingClientRect();
    const x = rect.left + rect.width / 2 - box.left;
    const y = rect.top + rect.height / 2 - box.top;
    const cx = Math.min(Math.max(x, rect.width / 2 + 2), box.width - rect.width / 2 - 2);
    const cy = Math.min(Math.max(y, rect.height / 2 + 2), box.height - rect.height / 2 - 2);
    panel.style.left = `${cx}px`;
    panel.style.top = `${cy}px`;
  }
}

function seatPanel(seat, here) {
  const view = state.view;
  const info = state.table?.seats?.[seat.seat] || {};
  const badges = [];
  if (info.kind === "bot") badges.push(h("span", { class: "badge bot" }, "bot"));
  if (info.stand_in) badges.push(h("span", { class: "badge away" }, "away: a bot plays"));
  else if (info.kind === "human" && info.taken && !info.connected && !here) badges.push(h("span", { class: "badge away" }, "offline"));
  if (info.kind === "human" && !info.taken) badges.push(h("span", { class: "badge open" }, "open seat"));
  const toMove = view.to_move === seat.seat;
  const count = seat.cards !== undefined ? h("span", { class: "count" }, `${seat.cards} card${seat.cards === 1 ? "" : "s"}`) : null;
  const backs = h("div", { class: "backs", "aria-hidden": "true" });
  if (!here) {
    if (state.module.renderBacks) state.module.renderBacks(backs, seat, view, { cardBack });
    else for (let i = 0; i < Math.min(seat.cards || 0, 13); i++) backs.append(cardBack(null, "mini"));
  }
  const label = `${seatName(seat.seat)}${toMove ? ", to move" : ""}`;
  const panel = h(
    "section",
    { class: `seat${toMove ? " to-move" : ""}${here ? " mine" : ""}`, dataset: { seat: String(seat.seat) }, "aria-label": label },
    h("header", {}, h("span", { class: "name" }, seatName(seat.seat)), ...badges, toMove ? h("span", { class: "turn" }, "to move") : null, count),
    h("ul", { class: "facts" }, seatFacts(seat)),
    backs.childElementCount ? backs : null,
  );
  state.module.renderSeatExtra?.(panel, seat, view, { cardFace, cardBack, h, seatName });
  return panel;
}

function trickEntries(last) {
  return last.seats.map((seat, i) => ({ seat, card: last.cards[i], note: last.notes?.[i] }));
}

// How a card lies ("tandem with Ada"): in full, and on a phone, where the trick's cards lie close together, by
// its first word only; the whole note stays in the title and the log.
function noteOf(full) {
  const short = full.length <= 8 ? full : full.split(" ")[0];
  if (short === full) return h("span", { class: "note" }, full);
  return h(
    "span",
    { class: "note", title: full },
    h("span", { class: "note-full" }, full),
    h("span", { class: "note-short", "aria-hidden": "true" }, short),
  );
}

function winnersOf(last) {
  if (!last) return [];
  return last.winners || (last.winner === null || last.winner === undefined ? [] : [last.winner]);
}

function layTrick(area, entries, winners, fresh) {
  const n = state.view.players;
  const motion = !reducedMotion();
  const [rx, ry] = radii("spot");
  for (const entry of entries) {
    const r = entry.seat === null || entry.seat === undefined ? null : relative(entry.seat);
    const won = winners.includes(entry.seat);
    const card = cardFace(entry.card, `in-trick${won ? " winner" : ""}`);
    const who = entry.seat === null || entry.seat === undefined ? "the starter card" : seatName(entry.seat);
    card.setAttribute("aria-label", `${cardWords(entry.card)}, played by ${who}${won ? ", winning" : ""}`);
    const spot = h("div", { class: `spot${r === null ? " centre" : ""}`, dataset: { seat: String(entry.seat) } }, card);
    if (entry.note) spot.append(noteOf(named(entry.note)));
    // The trick sits a little below the middle: the plates along the top are taller than the space below.
    if (r !== null) place(spot, r, n, rx, ry, 54);
    if (motion && fresh.has(`${entry.seat}:${entry.card}`) && r !== null) {
      const a = angle(r, n);
      card.style.setProperty("--from-x", `${Math.cos(a) * 160}px`);
      card.style.setProperty("--from-y", `${Math.sin(a) * 140}px`);
      card.classList.add("arrive");
    }
    area.append(spot);
    if (r !== null) clearOfPlate(area, spot, entry.seat);
  }
}

// A card lies in front of its player's plate, never on it: a tall plate (a Trumps player's indicator, a long
// name) pushes the card towards the middle of the table until the plate's words show.
function clearOfPlate(area, spot, seat) {
  const plate = $("ring").querySelector(`.seat.around[data-seat="${seat}"]`);
  if (!plate) return;
  const box = area.getBoundingClientRect();
  const p = plate.getBoundingClientRect();
  // The spot's own place (left/top are its centre), not where an animation has it for the moment.
  let x = spot.offsetLeft;
  let y = spot.offsetTop;
  const halfW = spot.offsetWidth / 2 + 3;
  const halfH = spot.offsetHeight / 2 + 3;
  const dx = box.width / 2 - x;
  const dy = box.height * 0.54 - y;
  const length = Math.hypot(dx, dy);
  const onPlate = () =>
    x + halfW > p.left - box.left && x - halfW < p.right - box.left && y + halfH > p.top - box.top && y - halfH < p.bottom - box.top;
  let moved = 0;
  while (onPlate() && moved + 4 <= length) {
    x += (dx / length) * 4;
    y += (dy / length) * 4;
    moved += 4;
  }
  if (moved) {
    spot.style.left = `${x}px`;
    spot.style.top = `${y}px`;
  }
}

export function renderTrick() {
  const view = state.view;
  const area = clear($("trick"));
  const reason = $("trick-reason");
  const last = view.last_trick;
  const trick = view.trick || [];
  const fresh = new Set(trick.map((e) => `${e.seat}:${e.card}`).filter((k) => !state.seenTrickCards.has(k)));
  state.seenTrickCards = new Set(trick.map((e) => `${e.seat}:${e.card}`));
  $("last-trick").disabled = !last;
  // A game may put something else in the middle while no card is on the table (Secret Trumps: the row to pick from).
  const centre = trick.length === 0 && !state.showLast ? state.module.renderCentre?.(state.view, { h, cardFace, seatName }) : null;
  if (centre) {
    delete area.dataset.showing;
    area.classList.remove("finished", "gathered", "still");
    area.append(h("div", { class: "spot centre wide" }, centre));
    reason.textContent = "";
    return;
  }
  const showing = trick.length === 0 || state.showLast ? last : null;
  if (showing) {
    const winners = winnersOf(showing);
    const key = JSON.stringify(showing);
    const justDone = key !== state.lastTrickKey;
    state.lastTrickKey = key;
    // Which finished trick lies here now: the gathering timer moves that trick and no other.
    area.dataset.showing = key;
    area.classList.toggle("finished", true);
    area.classList.toggle("gathered", state.gatheredKey === key && !state.showLast);
    area.classList.toggle("still", state.gatheredKey === key);
    layTrick(area, trickEntries(showing), winners, justDone && !state.showLast ? new Set([...fresh]) : new Set());
    const who = winners.length ? winners.map((w) => seatName(w)).join(" and ") : "nobody";
    // The round's last trick stays where it lies (with its winner) while the round's result is told.
    const last = endsRound(key);
    const what = last ? "The round's last trick" : state.showLast ? "Last trick" : "Trick";
    reason.textContent = `${what} won by ${who}${state.trickReason ? `. ${state.trickReason}` : ""}`;
    if (justDone && !last && !state.showLast && trick.length === 0 && !reducedMotion()) gather(area, winners[0]);
  } else {
    delete area.dataset.showing;
    area.classList.remove("finished", "gathered", "still");
    layTrick(area, trick, [], fresh);
    reason.textContent = "";
  }
}

// After a moment, slide the finished trick towards its winner's place.
function gather(area, winner) {
  if (winner === null || winner === undefined) return;
  const ring = $("ring").getBoundingClientRect();
  const plate = $("ring").querySelector(`.seat.around[data-seat="${winner}"]`)?.getBoundingClientRect();
  const x = plate ? plate.left + plate.width / 2 - ring.left : ring.width / 2;
  const y = plate ? plate.top + plate.height / 2 - ring.top : ring.height;
  area.style.setProperty("--to-x", `${x - ring.width / 2}px`);
  area.style.setProperty("--to-y", `${y - ring.height / 2}px`);
  const seen = state.lastTrickKey;
  setTimeout(() => {
    // The next trick may have begun meanwhile (its first card came within the second): leave it where it is.
    const now = $("trick");
    if (now.dataset.showing === seen && !state.showLast) {
      state.gatheredKey = seen;
      now.classList.add("gathered");
    }
  }, 1100);
}
