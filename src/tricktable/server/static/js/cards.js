// Card notation to card faces.  Standard cards are rank then suit ("7C", "TH", "AS"); Tandem Trick's are
// colour then value ("R7", "K11").  Every face carries its rank and a symbol in the top corner (readable when
// cards overlap) and a label for screen readers; colours come from a colour-blind-safe palette and every suit
// or colour also has its own symbol, so nothing depends on telling colours apart.

const SUITS = {
  S: { symbol: "♠", name: "spades" },
  H: { symbol: "♥", name: "hearts" },
  D: { symbol: "♦", name: "diamonds" },
  C: { symbol: "♣", name: "clubs" },
};
const COLOURS = {
  R: { name: "red", symbol: "▲" },
  Y: { name: "yellow", symbol: "★" },
  B: { name: "blue", symbol: "●" },
  K: { name: "black", symbol: "■" },
};
const RANK_WORDS = { A: "ace", K: "king", Q: "queen", J: "jack" };
const STANDARD = /^(10|[2-9TJQKA1])([SHDC])$/;
const TANDEM = /^([RYBK])(\d{1,2})$/;

export function parseCard(text) {
  if (typeof text !== "string") return null;
  let m = TANDEM.exec(text);
  if (m) {
    const colour = COLOURS[m[1]];
    return { text, suit: m[1], rank: m[2], symbol: colour.symbol, suitName: colour.name, kind: "colour" };
  }
  m = STANDARD.exec(text);
  if (m) {
    const rank = m[1] === "T" ? "10" : m[1] === "1" ? "A" : m[1];
    return { text, suit: m[2], rank, symbol: SUITS[m[2]].symbol, suitName: SUITS[m[2]].name, kind: "standard" };
  }
  return null;
}

export const isCard = (text) => parseCard(text) !== null;

export function suitSymbol(suit) {
  return SUITS[suit]?.symbol ?? suit;
}

export function prettyCard(text) {
  const c = parseCard(text);
  if (!c) return String(text);
  return c.kind === "colour" ? `${c.suitName} ${c.rank}` : `${c.rank}${c.symbol}`;
}

// What a screen reader says: "queen of hearts", "yellow 10".
export function cardWords(text) {
  const c = parseCard(text);
  if (!c) return String(text);
  if (c.kind === "colour") return `${c.suitName} ${c.rank}`;
  return `${RANK_WORDS[c.rank] || c.rank} of ${c.suitName}`;
}

// Replace card notation inside a sentence by its pretty form ("plays 9H" -> "plays 9♥").
export function prettyText(text) {
  return String(text).replace(/\b(10|[2-9TJQKA])([SHDC])\b/g, (whole) => prettyCard(whole));
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
  el.setAttribute("aria-label", cardWords(text));
  const corner = document.createElement("span");
  corner.className = "corner";
  corner.setAttribute("aria-hidden", "true");
  const rank = document.createElement("span");
  rank.className = "rank";
  rank.textContent = c.rank;
  const small = document.createElement("span");
  small.className = "corner-suit";
  small.textContent = c.symbol;
  corner.append(rank, small);
  const pip = document.createElement("span");
  pip.className = "pip";
  pip.setAttribute("aria-hidden", "true");
  pip.textContent = c.symbol;
  el.append(corner, pip);
  return el;
}

export function cardBack(colour = null, extraClass = "") {
  const el = document.createElement("div");
  el.className = `card back ${extraClass}`.trim();
  el.setAttribute("aria-hidden", "true");
  const info = COLOURS[colour];
  if (info) {
    el.classList.add(`back-${info.name}`);
    el.dataset.symbol = info.symbol;
  }
  return el;
}

export function colourName(letter) {
  return COLOURS[letter]?.name ?? letter;
}

export function colourSymbol(letter) {
  return COLOURS[letter]?.symbol ?? "";
}

// A suit's symbol as a small icon in its colour ("trumps ♦"): drawn for the eye only, the words beside it say
// the suit to a screen reader.
export function suitIcon(suit) {
  const el = document.createElement("span");
  const info = SUITS[suit];
  el.className = `suit-icon${info ? ` suit-${info.name}` : " no-suit"}`;
  el.setAttribute("aria-hidden", "true");
  el.textContent = info ? info.symbol : "∅";
  return el;
}

// The letter of a suit named in words ("diamonds" -> "D"), or null.
export function suitLetter(name) {
  const found = Object.entries(SUITS).find(([, info]) => info.name === String(name).toLowerCase());
  return found ? found[0] : null;
}

const SVG = "http://www.w3.org/2000/svg";
const HEART = "M8 14.5 1.7 8.4A3.9 3.9 0 0 1 8 3.3a3.9 3.9 0 0 1 6.3 5.1Z";

// Lives as tokens, one drawn heart each, the lost ones hollow; one text alternative for the whole row.
export function livesIcons(left, start) {
  const row = document.createElement("span");
  row.className = "lives";
  row.setAttribute("role", "img");
  row.setAttribute("aria-label", `${left} ${left === 1 ? "life" : "lives"} left of ${start}`);
  for (let i = 0; i < Math.max(left, start); i++) {
    const svg = document.createElementNS(SVG, "svg");
    svg.setAttribute("viewBox", "0 0 16 16");
    svg.setAttribute("class", `life${i < left ? "" : " lost"}`);
    const path = document.createElementNS(SVG, "path");
    path.setAttribute("d", HEART);
    svg.append(path);
    row.append(svg);
  }
  return row;
}
