"""Helpers of the end-to-end tests: a real ``tricktable serve`` subprocess on a free port."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from typing import Any

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
#: The pictures of the documentation, rewritten by the browser tests only when asked (``REFRESH_SCREENSHOTS``).
DOCS_SCREENSHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
#: Set to 1 to have the browser tests refresh ``docs/screenshots``; otherwise they write to a temporary folder.
REFRESH_SCREENSHOTS = "TRICKTABLE_REFRESH_SCREENSHOTS"
DESKTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}

#: Cards (in the hand, the trick, Secret Trumps' rows) whose corner (rank and suit) another card covers: the
#: points of each visible card's rank and suit must show that card itself, nothing laid over it.
COVERED_CORNERS = """async () => {
  // Where the cards come to rest: a card still flying in passes over the others (and may be cancelled mid-way).
  for (let tries = 0; tries < 20 && document.getAnimations().length; tries++) {
    await Promise.all(document.getAnimations().map((a) => a.finished.catch(() => null)));
  }
  const bad = [];
  // Cards that do not react to the pointer are still drawn: let the probe see them.  A trick's spot is only the
  // transparent box that places a card and its note (its gap and the note's width reach past the card): not drawn,
  // so not a cover (a wide spot, with a background, is).
  const probe = document.createElement('style');
  probe.textContent = '#trick, #trick *, .card, .card * { pointer-events: auto !important; }'
    + ' #trick .spot:not(.wide) { pointer-events: none !important; }';
  document.head.append(probe);
  const cards = document.querySelectorAll('#hand .card[data-card], #trick .card[data-card], .rows .card[data-card]');
  for (const card of cards) {
    const corner = card.querySelector('.corner');
    if (!corner || card.closest('[hidden], details:not([open])')) continue;
    corner.scrollIntoView({block: 'nearest', inline: 'nearest'});
    for (const part of corner.children) {
      const r = part.getBoundingClientRect();
      if (!r.width) continue;
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      if (hit && hit.closest('.card') === card) continue;
      const over = hit ? (hit.closest('.card')?.dataset.card || hit.className || hit.tagName) : 'nothing';
      bad.push(card.dataset.card + ' under ' + over);
    }
  }
  probe.remove();
  return bad;
}"""

#: Seat plates around the table that overlap one another, and whether the page is wider than the screen.
LAYOUT_PROBLEMS = """() => {
  const out = [];
  const plates = [...document.querySelectorAll('#ring .seat.around')];
  const boxes = plates.map(p => [p.dataset.seat, p.getBoundingClientRect()]);
  for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {
    const [a, r] = boxes[i], [b, q] = boxes[j];
    const apart = r.right - 1 <= q.left || q.right - 1 <= r.left || r.bottom - 1 <= q.top || q.bottom - 1 <= r.top;
    if (!apart) out.push('plates ' + a + ' and ' + b + ' overlap');
  }
  // A card of the trick lies in front of its player's plate, not on it (its place, not an animation's).
  const area = document.querySelector('#trick');
  if (area && !area.classList.contains('gathered')) {
    const box = area.getBoundingClientRect();
    for (const spot of area.querySelectorAll('.spot:not(.centre)')) {
      const plate = plates.find(p => p.dataset.seat === spot.dataset.seat);
      if (!plate) continue;
      const q = plate.getBoundingClientRect();
      const x = box.left + spot.offsetLeft, y = box.top + spot.offsetTop;
      const w = spot.offsetWidth / 2, h = spot.offsetHeight / 2;
      const apart = x + w - 1 <= q.left || q.right - 1 <= x - w || y + h - 1 <= q.top || q.bottom - 1 <= y - h;
      if (!apart) out.push('the card of seat ' + spot.dataset.seat + ' lies on its plate');
    }
  }
  // What lies in the middle of the table (Secret Trumps' row) leaves every plate in view.
  for (const wide of document.querySelectorAll('#trick .spot.wide')) {
    const r = wide.getBoundingClientRect();
    for (const [seat, q] of boxes) {
      const apart = r.right - 1 <= q.left || q.right - 1 <= r.left || r.bottom - 1 <= q.top || q.bottom - 1 <= r.top;
      if (!apart) out.push('the middle of the table covers the plate of seat ' + seat);
    }
  }
  // What lies on the table beside the trick (the trump card) covers no plate and no card of the trick.
  const lying = document.querySelector('#table-cards:not([hidden])');
  if (lying) {
    const r = lying.getBoundingClientRect();
    const spots = [...document.querySelectorAll('#trick .spot')];
    const others = [...boxes, ...spots.map(s => ['a card of the trick', s.getBoundingClientRect()])];
    for (const [what, q] of others) {
      const apart = r.right - 1 <= q.left || q.right - 1 <= r.left || r.bottom - 1 <= q.top || q.bottom - 1 <= r.top;
      if (!apart) out.push('the cards on the table cover ' + (what.length > 3 ? what : 'the plate of seat ' + what));
    }
  }
  if (document.documentElement.scrollWidth > window.innerWidth + 1) out.push('the page is wider than the screen');
  return out;
}"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class Server:
    url: str
    db: Path
    process: subprocess.Popen[bytes]

    def api(self, path: str, body: dict[str, Any] | None = None) -> Any:
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.url + path, data=data, headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=10) as response:
            return json.loads(response.read())

    def kill(self) -> None:
        with contextlib.suppress(ProcessLookupError):
            os.kill(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=10)


#: A page a test closes leaves its seat empty; after the grace period a bot would play it, and the games every
#: earlier test left behind would queue their bots' moves ahead of the next test's on the one bot worker.
#: The leaver rule is tested in the server's tests, with a short grace period.
TEST_GRACE = 86_400.0


#: Three random bots playing Tandem Trick to 24 points: a whole game in a few seconds.
RANDOM_BOT_GAME = {
    "game": "tandem-trick", "players": 3, "seats": [{"kind": "bot", "bot": "random"}] * 3, "seat": None, "seed": 3,
    "options": {"target": 24},
}  # fmt: skip


def finished_game(server: Server, body: dict[str, Any] = RANDOM_BOT_GAME) -> str:
    """A table of bots (``body``, by default ``RANDOM_BOT_GAME``) whose game they have played to its end."""
    table = str(server.api("/api/tables", body)["table"]["id"])
    deadline = time.monotonic() + 120
    while server.api(f"/api/tables/{table}")["status"] != "over":
        assert time.monotonic() < deadline, "the bots did not finish their game"
        time.sleep(0.2)
    return table


def start_server(db: Path, bot_delay: float = 0.05, grace: float = TEST_GRACE, port: int | None = None) -> Server:
    port = port or free_port()
    command = [
        sys.executable, "-c", "from tricktable.cli import main; main()", "serve",
        "--port", str(port), "--db", str(db), "--bot-delay", str(bot_delay), "--grace", str(grace),
        # One test client makes many tables and requests: the limits it does not test must not stop it.
        "--client-tables", "1000", "--rate", "100000/minute", "--create-rate", "10000/minute",
        "--socket-rate", "100000/minute", "--bot-workers", "1",
    ]  # fmt: skip
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    server = Server(url=f"http://127.0.0.1:{port}", db=db, process=process)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"the server stopped: {process.stdout.read().decode() if process.stdout else ''}")
        with contextlib.suppress(OSError):
            server.api("/api/games")
            return server
        time.sleep(0.1)
    server.kill()
    raise RuntimeError("the server did not start within 30 s")
