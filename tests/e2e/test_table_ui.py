"""The table people sit at, in real Chromium: eight players fit a laptop and a phone, the seats sit around the
table in play order, the winning card is marked with its reason, everything can be done by keyboard and is
announced, motion stops for those who ask, an automated accessibility check (axe-core) passes on every page,
the host's and the lobby's tools work, and a name typed to take a seat survives the table changing."""

from __future__ import annotations

import json
import math
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe

from .support import COVERED_CORNERS, DESKTOP, LAYOUT_PROBLEMS, PHONE, Server
from .test_browser import create_in_lobby, make_move, play

pytestmark = pytest.mark.browser


def new_page(browser: Any, contexts: list[Any], size: dict[str, int] = DESKTOP, **options: Any) -> Any:
    phone = size == PHONE
    context = browser.new_context(viewport=size, is_mobile=phone, has_touch=phone, **options)
    contexts.append(context)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.errors = errors
    return page


def wait_my_turn(page: Any, timeout: float = 20000) -> None:
    page.wait_for_function("() => document.body.dataset.myTurn === 'true'", timeout=timeout)


@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["1366x768", "phone"])
def test_eight_players_of_trumps_fit_the_screen(browser: Any, server: Server, contexts: list[Any], size: Any) -> None:
    page = new_page(browser, contexts, size)
    create_in_lobby(page, server, "trumps", 8)

    def check(p: Any, _: int) -> None:
        assert not p.evaluate(COVERED_CORNERS)
        assert not p.evaluate(LAYOUT_PROBLEMS)

    play(
        [page],
        lambda: page.get_attribute("body", "data-phase") == "play" and page.locator("#trick .card").count() >= 3,
        on_move=check,
        timeout=90,
    )
    wait_my_turn(page)
    check(page, 0)
    assert page.locator("#ring .seat.around").count() == 7
    if size == DESKTOP:
        # The whole table (the seats, the trick, the hand and this player's own seat) is on the screen at once.
        bottoms = [page.locator(part).bounding_box() for part in ("#ring", "#hand", "#me")]
        bottom = max(box["y"] + box["height"] for box in bottoms if box)
        assert bottom <= DESKTOP["height"] + 1
    assert not page.errors


def test_opponents_sit_around_the_table_in_play_order(browser: Any, server: Server, contexts: list[Any]) -> None:
    page = new_page(browser, contexts)
    create_in_lobby(page, server, "trumps", 6)
    page.wait_for_selector("#ring .seat.around")
    # Read every place in one go: the ring is drawn again on each update, and the bots keep playing.
    places = page.evaluate(
        """() => {
        const r = document.querySelector('#ring').getBoundingClientRect();
        const centre = [r.left + r.width / 2, r.top + r.height / 2];
        return [1, 2, 3, 4, 5].map((seat) => {
            const b = document.querySelector(`#ring .seat.around[data-seat="${seat}"]`).getBoundingClientRect();
            return [b.left + b.width / 2 - centre[0], b.top + b.height / 2 - centre[1]];
        });
    }"""
    )
    # 0 is this player's place at the bottom.
    angles = [(math.degrees(math.atan2(y, x)) - 90) % 360 for x, y in places]
    # Seat 2 sits on the left, then the seats go on round the top to the right: clockwise, as play goes.
    assert angles == sorted(angles), angles
    assert 30 < angles[0] < 120 and 240 < angles[-1] < 330


def test_the_winning_card_is_marked_with_why_it_won(browser: Any, server: Server, contexts: list[Any]) -> None:
    page = new_page(browser, contexts)
    # Trumps: a hand of thirteen tricks, so finished tricks come whatever the bots do (a Tricks Together round
    # can end before its first trick, and a game of failed rounds before any finished trick is left on view).
    create_in_lobby(page, server, "trumps", 4, {1: "bot:random", 2: "bot:random", 3: "bot:random"})
    seen: dict[str, Any] = {}

    def finished_trick() -> bool:
        # Read at one moment: the marked card, its label and the reason line (the next update may clear them).
        seen.update(
            page.evaluate(
                """() => {
                const card = document.querySelector('#trick.finished .card.winner');
                const reason = document.getElementById('trick-reason').textContent;
                return {card: card?.getAttribute('aria-label'), reason};
            }"""
            )
        )
        return bool(seen["card"])

    play([page], finished_trick, timeout=90)
    reason = seen["reason"]
    assert "won by" in reason and " wins: " in reason, reason
    assert "winning" in seen["card"]


def test_a_whole_move_by_keyboard_alone_and_moves_are_announced(
    browser: Any, server: Server, contexts: list[Any]
) -> None:
    page = new_page(browser, contexts)
    create_in_lobby(page, server, "trumps", 4)
    wait_my_turn(page)  # marking the indicator: a card chosen with the keys
    number = page.get_attribute("body", "data-move-number")
    page.keyboard.press("Tab")  # the skip link
    page.keyboard.press("Enter")  # ... to the hand's playable cards
    for _ in range(40):
        if page.evaluate("() => document.activeElement?.matches('#hand .card.legal')"):
            break
        page.keyboard.press("Tab")
    assert page.evaluate("() => document.activeElement?.matches('#hand .card.legal')")
    first = page.evaluate("() => document.activeElement.dataset.card")
    page.keyboard.press("ArrowRight")
    chosen = page.evaluate("() => document.activeElement.dataset.card")
    assert chosen != first and page.evaluate("() => document.activeElement.getAttribute('role')") == "button"
    assert "Mark your trump indicator" in page.evaluate("() => document.activeElement.getAttribute('aria-label')")
    page.keyboard.press("Enter")
    page.wait_for_function("n => document.body.dataset.moveNumber !== n", arg=number)
    wait_my_turn(page)  # passing three cards: select each with Space, then confirm
    assert page.get_attribute("body", "data-phase") == "pass"
    for _ in range(3):
        page.keyboard.press(" ")
        page.keyboard.press("ArrowRight")
    assert page.locator("#hand .card[aria-pressed=true]").count() == 3
    page.focus("#confirm")
    number = page.get_attribute("body", "data-move-number")
    page.keyboard.press("Enter")
    page.wait_for_function("n => document.body.dataset.moveNumber !== n", arg=number)
    page.wait_for_function("() => document.getElementById('announce').textContent.length > 0")
    heard = page.inner_text("#announce")
    assert "Bot" in heard or "Your turn" in heard
    assert page.get_attribute("#announce", "aria-live") == "polite"


def test_motion_stops_for_those_who_ask(browser: Any, server: Server, contexts: list[Any]) -> None:
    page = new_page(browser, contexts, reduced_motion="reduce")
    # Trumps: a hand of thirteen tricks, so finished tricks come whatever the bots do (a Tricks Together round
    # can end before its first trick, and a game of failed rounds before any finished trick is left on view).
    create_in_lobby(page, server, "trumps", 4, {1: "bot:random", 2: "bot:random", 3: "bot:random"})
    play([page], lambda: page.locator("#trick .card").count() >= 1, timeout=60)
    assert page.locator("#trick .card.arrive").count() == 0
    durations = page.eval_on_selector_all("#trick .spot", "els => els.map(e => getComputedStyle(e).transitionDuration)")
    assert all(d in ("0s", "") for d in durations), durations


def axe_violations(page: Any) -> list[str]:
    results = Axe().run(page)
    return [f"{v['id']}: {[n['target'] for n in v['nodes']][:3]}" for v in results.response["violations"]]


@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["1366x768", "phone"])
def test_every_page_passes_an_automated_accessibility_check(
    browser: Any, server: Server, contexts: list[Any], size: Any
) -> None:
    page = new_page(browser, contexts, size)
    page.goto(server.url + "/")
    page.wait_for_selector("#game option", state="attached")
    assert axe_violations(page) == []
    for game, modes in (
        ("tricks-together", set()),
        ("tandem-trick", {"bid"}),
        ("secret-trumps", set()),
        ("trumps", set()),
    ):
        create_in_lobby(page, server, game, 4)
        wait_my_turn(page)
        assert axe_violations(page) == [], game
        for _ in range(3):
            make_move(page, set(modes))
            wait_my_turn(page)
        for tab in ("panels", "log-pane", "rules"):
            page.click(f'[data-tab="{tab}"]')
            assert axe_violations(page) == [], (game, tab)
        page.click('[data-tab="sheet"]')
    page.click("#host")
    page.wait_for_selector("#host-box h2")
    assert axe_violations(page) == []


def a_host_and_a_watching_friend(browser: Any, server: Server, contexts: list[Any]) -> tuple[Any, Any, str]:
    """A host at a new three-player table with two open seats, and a friend on a phone watching it."""
    host = new_page(browser, contexts)
    create_in_lobby(host, server, "tricks-together", 3, {1: "human", 2: "human"})
    table = host.url.split("/t/")[1]
    friend = new_page(browser, contexts, PHONE)
    friend.goto(server.url + f"/t/{table}")
    return host, friend, table


def test_the_host_seats_a_bot_and_reinvites_a_friend_from_the_page(
    browser: Any, server: Server, contexts: list[Any]
) -> None:
    host, friend, table = a_host_and_a_watching_friend(browser, server, contexts)
    friend.click('button[data-join="1"]')
    friend.wait_for_selector('body[data-seat="1"]')
    host.click("#host")
    host.wait_for_selector('[data-seat-bot="2"]')
    host.click('[data-seat-bot="2"]')
    host.wait_for_function("() => document.querySelector('#ring .seat[data-seat=\"2\"] .badge.bot') !== null")
    # The friend lost the link: the host sends a new one; the old browser is out, the new one is in.
    host.click('[data-reinvite="1"]')
    host.wait_for_function("() => document.querySelector('[data-link-for=\"1\"]')?.value.includes('token=')")
    link = host.input_value('[data-link-for="1"]')
    assert f"/t/{table}#seat=1&token=" in link
    friend.wait_for_function("() => document.body.dataset.seat === ''")
    other = new_page(browser, contexts)
    other.goto(link)
    other.wait_for_selector('body[data-seat="1"]')
    assert "#" not in other.url  # the token does not stay in the address bar
    host.click("#close-table")
    host.click("#close-table")
    host.wait_for_function("() => document.getElementById('status').textContent.includes('closed')")


def test_a_name_being_typed_to_take_a_seat_survives_the_table_changing(
    browser: Any, server: Server, contexts: list[Any]
) -> None:
    host, friend, table = a_host_and_a_watching_friend(browser, server, contexts)
    friend.wait_for_selector('button[data-join="1"]')
    friend.fill("#join-name", "Bob")
    friend.evaluate("() => { document.getElementById('join-name').dataset.before = 'yes'; }")
    # Another watcher arrives: every page hears of it and draws its table again, the join bar included.
    other = new_page(browser, contexts)
    other.goto(server.url + f"/t/{table}")
    friend.wait_for_function("() => document.getElementById('join-name').dataset.before === undefined")
    assert friend.input_value("#join-name") == "Bob"
    assert friend.evaluate("() => document.activeElement.id") == "join-name"
    friend.click('button[data-join="1"]')
    friend.wait_for_selector('body[data-seat="1"]')
    host.wait_for_function("() => document.body.innerText.includes('Bob')")
    assert not friend.errors and not host.errors


def test_the_lobby_filters_by_game_and_offers_to_watch(browser: Any, server: Server, contexts: list[Any]) -> None:
    maker = new_page(browser, contexts)
    create_in_lobby(maker, server, "tandem-trick", 3, {1: "human", 2: "bot:random"})
    table = maker.url.split("/t/")[1]
    lobby = new_page(browser, contexts)
    lobby.goto(server.url + "/")
    lobby.wait_for_selector(f'[data-table="{table}"]')
    entry = lobby.inner_text(f'[data-table="{table}"]')
    assert "1 open seat" in entry and "waiting" in entry and "standard rules" in entry
    lobby.select_option("#filter", "trumps")
    lobby.wait_for_selector(f'[data-table="{table}"]', state="detached")
    lobby.select_option("#filter", "tandem-trick")
    lobby.wait_for_selector(f'[data-table="{table}"]')
    levels = lobby.eval_on_selector_all('select[data-seat="1"] option', "els => els.map(e => e.value)")
    game_levels = server.api("/api/games")
    expected = next(g["bots"] for g in game_levels if g["name"] == "tricks-together")
    assert [v[4:] for v in levels if v.startswith("bot:")] == expected
    lobby.click(f'[data-table="{table}"] >> text=Watch')
    lobby.wait_for_selector("body[data-connected=true]")
    assert lobby.get_attribute("body", "data-seat") == ""
    assert lobby.locator("#hand .card").count() == 0


def longest_notes(frame: str | bytes) -> str | bytes:
    """A server frame with every card on the table noted the longest way ("tandem with <a name>")."""
    if not isinstance(frame, str):
        return frame
    data = json.loads(frame)
    view = data.get("view")
    if not isinstance(view, dict):
        return frame
    players = view.get("players", 4)
    for entry in view.get("trick") or []:
        entry["note"] = f"tandem with seat {(entry['seat'] + 1) % players}"
    last = view.get("last_trick")
    if last:
        last["notes"] = [f"tandem with seat {(seat + 1) % players}" for seat in last["seats"]]
    return json.dumps(data)


def test_a_trick_of_long_notes_fits_a_phone(browser: Any, server: Server, contexts: list[Any]) -> None:
    # Which notes a trick shows depends on what the bots choose: the frames are rewritten so that every card of
    # every trick carries the longest note, a tandem with a named player, and the phone still shows each corner.
    page = new_page(browser, contexts, PHONE)

    def relay(ws: Any) -> None:
        server_side = ws.connect_to_server()
        server_side.on_message(lambda frame: ws.send(longest_notes(frame)))
        ws.on_message(lambda frame: server_side.send(frame))

    page.route_web_socket("**/ws/**", relay)
    create_in_lobby(page, server, "tandem-trick", 4, {1: "bot:random", 2: "bot:random", 3: "bot:random"})
    checked = {"tricks": 0, "last": 0}

    def check(p: Any, _: int) -> None:
        if p.get_attribute("body", "data-phase") != "play":
            return
        if p.locator("#trick .card[data-card]").count() >= 2:
            note = p.locator("#trick .note").first
            # The short word shows; the whole note is its title (and, for a screen reader, hidden text).
            assert "tandem with" in (note.get_attribute("title") or "")
            assert note.bounding_box()["width"] < 60
            assert not p.evaluate(COVERED_CORNERS)
            checked["tricks"] += 1
        if p.is_enabled("#last-trick"):
            p.click("#last-trick")
            assert p.locator("#trick .card[data-card]").count() >= 1
            assert not p.evaluate(COVERED_CORNERS)
            p.click("#last-trick")
            checked["last"] += 1

    play([page], lambda: checked["tricks"] >= 3 and checked["last"] >= 2, modes={"bid"}, on_move=check, timeout=90)
    assert not page.errors
