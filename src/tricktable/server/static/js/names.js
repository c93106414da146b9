// Players are their names in everything a person reads.  A game's own texts (reasons, notes, panels, summaries)
// write a seat as "seat N" with the view's 0-based number; nameSeats puts the names in, as the server's
// core.narrate.name_seats does.  Seat numbers shown to people count from 1.

const LIST = String.raw`\d+(?:(?: & | and |, |\+)\d+)*`;
const TEAM = new RegExp(String.raw`\bteam \d+ \(seats? (${LIST})\)`, "g");
const SEATS = new RegExp(String.raw`\bseats? (${LIST})\b`, "g");

export function joinNames(names) {
  if (names.length <= 1) return names.join("");
  return `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}

export function nameSeats(text, names) {
  if (typeof text !== "string" || !names || !names.length) return text;
  const swap = (prefix) => (whole, list) => {
    const numbers = list.match(/\d+/g).map(Number);
    if (!numbers.every((n) => n >= 0 && n < names.length)) return whole;
    return prefix + joinNames(numbers.map((n) => names[n]));
  };
  return text.replace(TEAM, swap("the team of ")).replace(SEATS, swap(""));
}
