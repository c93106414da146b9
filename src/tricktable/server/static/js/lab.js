// The Lab page: the playtests run on this machine, and the report of the one chosen (shown in a frame).

const $ = (id) => document.getElementById(id);

function describe(test) {
  const players = test.players.join(", ");
  const compare = test.compare ? `, comparing ${test.compare}` : "";
  return `${test.game}: ${players} players${compare}, ${test.games} games a cell, ${test.bots} bots`;
}

function show(test, item) {
  for (const li of document.querySelectorAll("#playtests li")) li.classList.remove("current");
  item.classList.add("current");
  $("report-title").textContent = describe(test);
  $("report-empty").hidden = true;
  const frame = $("report");
  frame.hidden = false;
  frame.src = test.report;
}

async function load() {
  const list = $("playtests");
  const response = await fetch("/api/lab");
  const tests = response.ok ? await response.json() : [];
  list.replaceChildren();
  if (!tests.length) {
    const none = document.createElement("li");
    none.className = "muted";
    none.textContent = "No playtest yet.";
    list.append(none);
    return;
  }
  for (const test of tests) {
    const item = document.createElement("li");
    item.dataset.id = test.id;
    if (test.report) {
      const link = document.createElement("a");
      link.href = `#${test.id}`;
      link.textContent = describe(test);
      link.addEventListener("click", () => show(test, item));
      item.append(link);
    } else {
      item.textContent = `${describe(test)} (running or interrupted: ${test.played} games so far)`;
    }
    list.append(item);
  }
  const wanted = tests.find((t) => t.report && `#${t.id}` === location.hash) || tests.find((t) => t.report);
  if (wanted) show(wanted, list.querySelector(`li[data-id="${wanted.id}"]`));
}

async function loadPublished() {
  const list = $("published");
  const response = await fetch("/api/lab/published");
  const pages = response.ok ? await response.json() : [];
  list.replaceChildren();
  for (const page of pages) {
    const item = document.createElement("li");
    const title = document.createElement("strong");
    title.textContent = page.title;
    const where = document.createElement("code");
    where.textContent = page.page;
    item.append(title, `: ${page.headline} (bots: ${page.bots.join(", ")}) `, where);
    list.append(item);
  }
  if (!pages.length) {
    const none = document.createElement("li");
    none.className = "muted";
    none.textContent = "None yet.";
    list.append(none);
  }
}

load();
loadPublished();
