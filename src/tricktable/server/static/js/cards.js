// Card notation to card faces.  Standard cards are rank then suit ("7C", "TH", "AS"); Tandem Trick's are
// colour then value ("R7", "K11").  Anything else is not a card.

const SUITS = {
  S: { symbol: "♠", name: "spades" },
  H: { symbol: "♥", name: "hearts" },
  D: { symbol: "♦", name: "diamonds" },
  C: { symbol: "♣", name: "clubs" },
};
const COLOURS = { R: "red", Y: "yellow", B: "blue", K: "black" };
const STANDARD = /^(10|[2-9TJQKA1])([SHDC])$/;
const TANDEM = /^([RYBK])(\d{1,2})$/;

export function parseCard(text) {
  if (typeof text !== "string") return null;
  let m = TANDEM.exec(text);
  if (m) return { text, suit: m[1], rank: m[2], symbol: "", suitName: COLOURS[m[1]], kind: "colour" };
  m = STANDARD.exec(text);
  if (m) {
    const rank = m[1] === "T" ? "10" : m[1];
    return { text, suit: m[2], rank, symbol: SUITS[m[2]].symbol, suitName: SUITS[m[2]].name, kind: "standard" };
  }
  return null;
}

export const isCard = (text) => parseCard(text) !== null;

export function suitSymbol(suit) {
  return SUITS[suit]?.symbol ?? suit;
}

export function suitFromName(name) {
  for (const [letter, s] of Object.entries(SUITS)) if (s.name === name) return letter;
  return null;
}

export function prettyCard(text) {
  const c = parseCard(text);
  if (!c) return String(text);
  return c.kind === "colour" ? `${c.suitName} ${c.rank}` : `${c.rank}${c.symbol}`;
}

export function cardFace(text, extraClass = "") {
  const c = parseCard(text);
  const el = document.createElement("div");
  el.className = `card ${extraClass}`.trim();
  el.dataset.card = text;
  if (!c) {
    el.textContent = text;
    return el;
  }
  el.classList.add(`suit-${c.suitName}`);
  el.setAttribute("role", "img");
  el.setAttribute("aria-label", prettyCard(text));
  el.title = prettyCard(text);
  const corner = document.createElement("span");
  corner.className = "corner";
  corner.textContent = c.rank;
  const pip = document.createElement("span");
  pip.className = "pip";
  pip.textContent = c.kind === "colour" ? c.rank : c.symbol;
  if (c.kind === "standard") {
    const small = document.createElement("span");
    small.className = "corner-suit";
    small.textContent = c.symbol;
    corner.append(small);
  }
  el.append(corner, pip);
  return el;
}

export function cardBack(colour = null, extraClass = "") {
  const el = document.createElement("div");
  el.className = `card back ${extraClass}`.trim();
  if (colour) {
    el.classList.add(`back-${COLOURS[colour] || colour}`);
    el.title = `${COLOURS[colour] || colour} card (8-11)`;
  }
  return el;
}
