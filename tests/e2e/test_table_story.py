"""The table tells the story of each trick and round, in real Chromium: a finished trick is gathered to its
winner and the next trick is never moved with it (however close together the server's frames come), the
keyboard keeps working after a move button, an open seat says how the game gets going, and a finished game
opened again still shows its open-hands analysis."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from .support import DESKTOP, Server, finished_game
from .test_browser import create_in_lobby, play
from .test_table_ui import axe_violations, new_page, wait_my_turn

pytestmark = pytest.mark.browser

#: Records every moment the trick area is moved towards a winner while it holds a trick still being played.
MISPLACED_WATCH = """() => {
  window.misplaced = [];
  window.gathered = 0;
  const watch = () => {
    const area = document.getElementById('trick');
    if (!area) return setTimeout(watch, 20);
    new MutationObserver(() => {
      if (!area.classList.contains('gathered')) return;
      if (area.classList.contains('finished')) window.gathered += 1;
      else window.misplaced.push([...area.querySelectorAll('.card')].map((c) => c.dataset.card).join(' '));
    }).observe(area, {attributes: true, attributeFilter: ['class']});
  };
  watch();
}"""


class HoldTrickEnds:
    """A relay of the table's websocket that holds each frame ending a trick (while a bot is to lead the next)
    and lets it through just before the next frame: the finished trick and the next trick's first card reach
    the page together, as they do when a bot leads at once."""

    def __init__(self) -> None:
        self.held: str | None = None
        self.pairs = 0

    def relay(self, ws: Any) -> None:
        server_side = ws.connect_to_server()
        server_side.on_message(lambda frame: self.forward(ws, frame))
        ws.on_message(lambda frame: server_side.send(frame))

    def forward(self, ws: Any, frame: str | bytes) -> None:
        data = json.loads(frame) if isinstance(frame, str) else {}
        view = data.get("view") if data.get("type") == "update" else None
        if self.held is not None and view is not None:
            ws.send(self.held)
            self.held = None
            self.pairs += 1
        ends_trick = view is not None and not view.get("trick") and view.get("last_trick") and view["phase"] == "play"
        if ends_trick and view.get("to_move") not in (None, 0) and view.get("result") is None:
            self.held = frame if isinstance(frame, str) else None
            return
        ws.send(frame)


def test_the_next_trick_stays_in_place_when_it_starts_within_a_second(
    browser: Any, server: Server, contexts: list[Any]
) -> None:
    page = new_page(browser, contexts)
    page.add_init_script(f"({MISPLACED_WATCH})()")
    holder = HoldTrickEnds()
    page.route_web_socket("**/ws/**", holder.relay)
    create_in_lobby(page, server, "trumps", 4, {1: "bot:random", 2: "bot:random", 3: "bot:random"})
    play([page], lambda: holder.pairs >= 4, modes={"declare"}, timeout=120)
    # The gathering timer runs a second after a trick ends: give the last pair's timer time to fire.
    deadline = time.monotonic() + 1.6
    while time.monotonic() < deadline:
        page.wait_for_timeout(100)
    misplaced = page.evaluate("() => window.misplaced")
    assert misplaced == [], f"a trick still being played was moved towards a winner: {misplaced}"
    assert not page.errors


def test_the_keys_keep_working_after_a_confirm_button_and_the_skip_link(
    browser: Any, server: Server, contexts: list[Any]
) -> None:
    page = new_page(browser, contexts)
    create_in_lobby(page, server, "trumps", 4)
    wait_my_turn(page)
    # "Skip to your hand" lands where the arrows choose a card.
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    page.keyboard.press("ArrowRight")
    assert page.evaluate("() => document.activeElement?.matches('#hand .card.legal')")
    page.keyboard.press("Enter")  # the trump indicator
    page.wait_for_function("() => document.body.dataset.phase === 'pass' && document.body.dataset.myTurn === 'true'")
    for _ in range(3):
        page.keyboard.press(" ")
        page.keyboard.press("ArrowRight")
    page.focus("#confirm")
    number = page.get_attribute("body", "data-move-number")
    page.keyboard.press("Enter")
    page.wait_for_function("n => document.body.dataset.moveNumber !== n", arg=number)
    wait_my_turn(page)
    # The confirm button is gone: the keyboard is in the hand, and the arrows choose a card there.
    page.keyboard.press("ArrowRight")
    assert page.evaluate("() => document.activeElement?.matches('#hand .card.legal')"), page.evaluate(
        "() => document.activeElement?.outerHTML.slice(0, 80)"
    )
    assert not page.errors


def test_an_open_seat_says_how_the_game_gets_going(browser: Any, server: Server, contexts: list[Any]) -> None:
    page = new_page(browser, contexts)
    create_in_lobby(page, server, "trumps", 3, {1: "human", 2: "bot:random"})
    to_move_is_open = "() => document.querySelector('#ring .seat.to-move .badge.open') !== null"
    play([page], lambda: page.evaluate(to_move_is_open), timeout=60)
    status = page.inner_text("#status")
    assert "Invite" in status and "bot" in status, status
    assert not page.errors


def test_a_finished_game_opened_again_shows_its_analysis(browser: Any, server: Server, contexts: list[Any]) -> None:
    # The server seeds its bots at random, and about one game in a hundred ends in its first round (a hit misère
    # ends the game): take the first of a few games with two rounds or more, so that several are analysed.
    for _ in range(5):
        table = finished_game(server)
        played = len(server.api(f"/api/tables/{table}/view")["view"]["score_sheet"])
        if played >= 2:
            break
    page = new_page(browser, contexts, DESKTOP)
    page.goto(server.url + f"/t/{table}")
    page.wait_for_selector("#result:not([hidden])")
    page.click("#look")
    rounds = page.locator("#sheet .round").count()
    assert rounds >= 2 and rounds == played
    page.wait_for_function(f"() => document.querySelectorAll('#sheet .round details.analysis').length === {rounds}")
    assert not page.errors


#: What the table shows at one moment: the trick's words, the banner and whether "Last trick" can be pressed.
TABLE_NOW = """() => ({
  reason: document.getElementById('trick-reason').textContent,
  banner: document.getElementById('round-end').hidden ? null : document.getElementById('round-end').innerText,
  cards: document.querySelectorAll('#trick .card[data-card]').length,
  lastTrick: !document.getElementById('last-trick').disabled,
  rows: document.querySelectorAll('#sheet .round').length,
})"""


@pytest.mark.parametrize("motion", ["full", "reduce"])
def test_the_round_ends_on_the_table_with_its_last_trick_and_result(
    browser: Any, server: Server, contexts: list[Any], motion: str
) -> None:
    # Tricks Together's first round is one card each: its only trick is the round's last.
    page = new_page(browser, contexts, reduced_motion="reduce" if motion == "reduce" else "no-preference")
    create_in_lobby(page, server, "tricks-together", 3, {1: "bot:random", 2: "bot:random"})
    # Play until a round is over, then look at the table (a moment, as a person would) without moving.  A round
    # may fail in its numbers, before any trick (the others' numbers add up to more than the cards), or end
    # before this page has heard of it (the bots' numbers as the page opens): then the next round is the one.
    for rows in range(1, 6):
        play([page], lambda rows=rows: page.locator("#sheet .round").count() >= rows, timeout=60)
        assert page.locator("#result:not([hidden])").count() == 0, "the game ended before a round ended on a trick"
        try:
            page.wait_for_selector("#round-end:not([hidden])", timeout=5000)
        except PlaywrightTimeout:
            assert rows == 1, "a round ended before the player's eyes and no banner told it"
            continue
        now = page.evaluate(TABLE_NOW)
        if now["cards"] or now["reason"]:
            break
        assert "add up to" in now["banner"], now  # no trick on the table: the numbers failed the round
        page.click("#round-end-ok")
    else:
        raise AssertionError("no round ended on a trick")
    assert now["rows"] >= 1
    # The banner names the round and how it went, in the log's words (a life lost, what the next failure means).
    assert now["banner"].startswith("Round "), now["banner"]
    assert "made" in now["banner"] or ("fails" in now["banner"] and "life" in now["banner"]), now["banner"]
    # The last trick lies on the table with its winner (unless a bot has led the next deal's first card), and
    # "Last trick" still shows it in the new deal.
    assert now["cards"] >= 1 and ("The round's last trick won by" in now["reason"] or not now["reason"]), now
    assert now["lastTrick"]
    assert axe_violations(page) == []  # the banner beside the round's last trick
    page.click("#round-end-ok")
    assert page.is_hidden("#round-end")
    page.click("#last-trick")
    assert page.locator("#trick .card.winner").count() >= 1
    assert "won by" in page.inner_text("#trick-reason")
    if motion == "reduce":
        assert page.locator("#trick .card.arrive").count() == 0
    assert not page.errors
