// Tiny DOM helpers: every text from the server goes in as text, never as HTML.

export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") el.className = value;
    else if (key === "dataset") Object.assign(el.dataset, value);
    else if (key.startsWith("on")) el.addEventListener(key.slice(2), value);
    else if (key === "text") el.textContent = value;
    else el.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

export function clear(el) {
  while (el.firstChild) el.removeChild(el.firstChild);
  return el;
}

export function words(slug) {
  return String(slug).replace(/[-_]/g, " ");
}

export function show(value) {
  if (value === null || value === undefined || value === "") return "–";
  if (value === true) return "yes";
  if (value === false) return "no";
  if (Array.isArray(value)) return value.map(show).join(" ");
  if (typeof value === "object") return Object.entries(value).map(([k, v]) => `${k} ${show(v)}`).join(", ");
  return String(value);
}

export async function api(path, options = {}) {
  const init = { method: options.method || "GET", headers: { ...(options.headers || {}) } };
  if (options.body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(options.body);
  }
  const response = await fetch(path, init);
  const data = await response.json().catch(() => ({}));
  if (!response.ok) {
    let detail = data.detail;
    if (Array.isArray(detail)) detail = detail.map((d) => `${(d.loc || []).slice(1).join(".")}: ${d.msg}`).join("; ");
    throw new Error(detail || `${response.status} ${response.statusText}`);
  }
  return data;
}

// Seat tokens live in this browser only: "tricktable:seat:<table>" -> {seat, token}.
export function savedSeat(tableId) {
  try {
    return JSON.parse(localStorage.getItem(`tricktable:seat:${tableId}`) || "null");
  } catch {
    return null;
  }
}

export function saveSeat(tableId, seat, token) {
  localStorage.setItem(`tricktable:seat:${tableId}`, JSON.stringify({ seat, token }));
}

export function forgetSeat(tableId) {
  localStorage.removeItem(`tricktable:seat:${tableId}`);
}

export function playerName() {
  return localStorage.getItem("tricktable:name") || "";
}

export function setPlayerName(name) {
  localStorage.setItem("tricktable:name", name);
}
