"""The table as a card table shows it, in real Chromium: the trump card lies on the felt, lives are tokens, the
score pad keeps running totals, the phone's top bar leaves the table room, the suits' colours are apart for
colour-blind readers (and every word is in contrast), the lobby says what each game is, Secret Trumps' hints
stand beside their rows and the hand stays in view while a goal is chosen, and a prompt offers only what is
legal now."""

from __future__ import annotations

import itertools
import re
from typing import Any

import pytest

from .colours import contrast_ratio, delta_e, hue, parse_css, simulate
from .support import DESKTOP, PHONE, Server, finished_game
from .test_browser import create_in_lobby, play
from .test_table_ui import axe_violations, new_page, wait_my_turn

pytestmark = pytest.mark.browser

#: The least CIEDE2000 difference between two suits' colours, as seen with full colour vision and as simulated
#: for protanopia and deuteranopia: 20 is two colours nobody takes for one another side by side.
LEAST_DIFFERENCE = 20.0


def until_my_turn_in(page: Any, phase: str, modes: set[str] | None = None, timeout: float = 90) -> None:
    def there() -> bool:
        mine = page.get_attribute("body", "data-my-turn") == "true"
        return mine and page.get_attribute("body", "data-phase") == phase

    play([page], there, modes, timeout=timeout)


def test_the_trump_card_lies_on_the_felt_and_lives_are_tokens(
    browser: Any, server: Server, contexts: list[Any]
) -> None:
    page = new_page(browser, contexts)
    create_in_lobby(page, server, "tricks-together", 3, {1: "bot:random", 2: "bot:random"})
    page.wait_for_selector("#table-cards .table-card")
    trump = page.locator('#table-cards .table-card[data-kind="trump"]')
    assert trump.locator(".card[data-card]").count() == 1
    label = trump.get_attribute("aria-label") or ""
    assert label.startswith("turned up"), label
    # On the felt, not as a chip in the top bar.
    assert "turned up" not in page.inner_text("#facts")
    lives = page.locator("#facts .lives[role=img]")
    assert re.fullmatch(r"\d lives? left of 3", lives.get_attribute("aria-label") or "")
    assert lives.locator("svg.life").count() == 3
    # A round over: the score pad shows it as a line, with every player's tricks against their number.
    play([page], lambda: page.locator("#sheet .round").count() >= 2 or page.is_visible("#result"), timeout=60)
    if page.is_visible("#result"):
        page.click("#look")
    pad = page.locator("#sheet .score-pad")
    assert pad.locator("thead th").all_inner_texts()[1].startswith("Ada")
    assert re.match(r"Round \d+: (made|failed)", pad.locator("tbody th").first.inner_text())
    assert not page.errors


def test_secret_trumps_trumps_lie_on_the_felt(browser: Any, server: Server, contexts: list[Any]) -> None:
    page = new_page(browser, contexts)
    create_in_lobby(page, server, "secret-trumps", 4)
    until_my_turn_in(page, "pick")
    figure = page.locator("#table-cards .table-card")
    assert figure.count() >= 1
    label = figure.first.get_attribute("aria-label") or ""
    assert "trump" in label, label
    assert "trump suit" not in page.inner_text("#facts")
    assert not page.errors


def test_trumps_led_and_declared_suits_have_icons(browser: Any, server: Server, contexts: list[Any]) -> None:
    page = new_page(browser, contexts)
    create_in_lobby(page, server, "trumps", 4, {1: "bot:random", 2: "bot:random", 3: "bot:random"})
    play([page], lambda: page.locator("#facts .suit-icon").count() >= 1, modes={"declare"}, timeout=90)
    chip = page.locator("#facts li", has=page.locator(".suit-icon")).first
    # The icon is drawn for the eye; the suit's name is in the words.
    assert chip.locator(".suit-icon").get_attribute("aria-hidden") == "true"
    assert re.search(r"led .* (spades|hearts|diamonds|clubs)", chip.inner_text()), chip.inner_text()
    assert not page.errors


@pytest.mark.parametrize("game", ["tricks-together", "tandem-trick", "secret-trumps", "trumps"])
def test_the_top_bar_takes_at_most_a_fifth_of_a_phone(
    browser: Any, server: Server, contexts: list[Any], game: str
) -> None:
    page = new_page(browser, contexts, PHONE)
    create_in_lobby(page, server, game, 4)
    modes = {"bid"} if game == "tandem-trick" else set()
    heights = []

    def measure(p: Any, _: int) -> None:
        heights.append(p.locator(".topbar").bounding_box()["height"])

    play([page], lambda: len(heights) >= 4 or page.is_visible("#result"), modes, on_move=measure, timeout=90)
    assert max(heights) <= PHONE["height"] / 5, heights
    assert not page.errors


def test_a_watcher_on_a_phone_sees_the_table_within_a_fifth_of_the_screen(
    browser: Any, server: Server, contexts: list[Any]
) -> None:
    # Everything above the table (the top bar, and the bar to take a seat) leaves four fifths to the table.
    host = new_page(browser, contexts)
    create_in_lobby(host, server, "tandem-trick", 4, {1: "human"})
    watcher = new_page(browser, contexts, PHONE)
    watcher.goto(host.url)
    watcher.wait_for_selector('button[data-join="1"]')
    top = watcher.evaluate("() => document.getElementById('felt').getBoundingClientRect().top + scrollY")
    assert top <= PHONE["height"] / 5, top
    assert not watcher.errors


#: Card faces of every suit and colour, and Tandem Trick's backs, laid on the felt; their colours as drawn.
SUIT_COLOURS = """async () => {
  const { cardFace, cardBack } = await import('/static/js/cards.js');
  const box = document.createElement('div');
  box.id = 'colour-probe';
  box.style.cssText = 'display:flex;gap:4px;flex-wrap:wrap';
  document.getElementById('felt').prepend(box);
  const read = (el) => { const s = getComputedStyle(el); return { ink: s.color, paper: s.backgroundColor }; };
  const out = { standard: {}, tandem: {}, backs: {}, symbols: {} };
  for (const [suit, card] of [['spades', 'AS'], ['hearts', 'AH'], ['diamonds', 'AD'], ['clubs', 'AC']]) {
    const el = cardFace(card); box.append(el); out.standard[suit] = read(el);
    out.symbols[suit] = el.querySelector('.corner-suit').textContent;
  }
  for (const [colour, letter] of [['red', 'R'], ['yellow', 'Y'], ['blue', 'B'], ['black', 'K']]) {
    const el = cardFace(letter + '7'); box.append(el); out.tandem[colour] = read(el);
    out.symbols[colour] = el.querySelector('.corner-suit').textContent;
    const back = cardBack(letter, 'small'); box.append(back); out.backs[colour] = read(back).paper;
  }
  return out;
}"""


def least_difference(colours: dict[str, str]) -> tuple[float, str]:
    worst = (1000.0, "")
    parsed = {name: parse_css(value) for name, value in colours.items()}
    for vision in ("full colour vision", "protanopia", "deuteranopia"):
        seen = {k: (v if vision == "full colour vision" else simulate(v, vision)) for k, v in parsed.items()}
        for a, b in itertools.combinations(seen, 2):
            difference = delta_e(seen[a], seen[b])
            if difference < worst[0]:
                worst = (difference, f"{a} and {b} with {vision}")
    return worst


def test_suit_colours_stay_apart_for_colour_blind_readers_and_words_are_in_contrast(
    browser: Any, server: Server, contexts: list[Any]
) -> None:
    page = new_page(browser, contexts)
    create_in_lobby(page, server, "tandem-trick", 4)
    wait_my_turn(page)
    drawn = page.evaluate(SUIT_COLOURS)
    # Every suit and colour has a symbol of its own: nothing depends on telling colours apart.
    assert len(set(drawn["symbols"].values())) == 8, drawn["symbols"]
    # Standard suits are told by their ink on the white card; Tandem Trick's colours fill the face and the back.
    for what, colours in (
        ("the suits' ink", {suit: c["ink"] for suit, c in drawn["standard"].items()}),
        ("Tandem Trick's faces", {colour: c["paper"] for colour, c in drawn["tandem"].items()}),
        ("Tandem Trick's backs", drawn["backs"]),
    ):
        difference, pair = least_difference(colours)
        assert difference >= LEAST_DIFFERENCE, f"{what}: {pair} differ by only {difference:.1f} (CIEDE2000)"
    # Tandem Trick's red is a red (hue within 12 degrees of pure red, and neither dark nor dull: not brown).
    red = parse_css(drawn["tandem"]["red"]["paper"])
    angle = hue(red)
    assert min(angle, 360 - angle) <= 12, f"the red is {drawn['tandem']['red']['paper']}, hue {angle:.0f}"
    assert max(red) >= 0.75 and max(red) - min(red) >= 0.6, drawn["tandem"]["red"]
    # WCAG AA contrast for the cards' ranks and symbols (too short for axe to judge: it leaves them "incomplete").
    for name, colours in {**drawn["standard"], **drawn["tandem"]}.items():
        ratio = contrast_ratio(parse_css(colours["ink"]), parse_css(colours["paper"]))
        assert ratio >= 4.5, f"{name}: ink {colours['ink']} on {colours['paper']} is only {ratio:.2f}:1"
    # And for every word on the page: axe's rule runs, passes, and is never left unable to tell (a word on a
    # gradient or an image), but for the cards' glyphs (checked above; in a hand they lie under each other).
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(page, options={"runOnly": {"type": "rule", "values": ["color-contrast"]}}).response
    assert not results["violations"], [n["target"] for v in results["violations"] for n in v["nodes"]][:5]
    assert results["passes"] and results["passes"][0]["id"] == "color-contrast"
    undecided = [
        (n["target"][0], n["any"][0]["message"])
        for v in results["incomplete"]
        for n in v["nodes"]
        if not re.search(r"\.corner|\.pip", n["target"][0])
    ]
    assert not undecided, undecided[:5]
    assert not page.errors


def test_the_lobby_says_what_each_game_is_in_a_players_words(browser: Any, server: Server, contexts: list[Any]) -> None:
    page = new_page(browser, contexts)
    page.goto(server.url + "/")
    page.wait_for_selector("#game option", state="attached")
    for game in ("tricks-together", "tandem-trick", "secret-trumps", "trumps"):
        page.select_option("#game", game)
        page.wait_for_function("() => document.getElementById('game-about').textContent.length > 20")
        about = page.inner_text("#game-about")
        # One line, a sentence: no move syntax ("bid N", "7C, TH", "goal SLUG").
        assert "\n" not in about.strip() and about.strip().endswith("."), about
        assert not re.search(r"\b(10|[2-9TJQKA])[SHDC]\b|\b[RYBK]\d{1,2}\b|\bSLUG\b|\bbid N\b|e\.g\.", about), about
        options = page.locator("#options label").all_inner_texts()
        for text in options:
            assert not re.search(r"\b(\w+) \1\b", text, re.IGNORECASE), f"a word twice: {text}"
    assert not page.errors


@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["1366x768", "phone"])
def test_secret_trumps_hints_stand_beside_their_rows_and_the_hand_stays_in_view(
    browser: Any, server: Server, contexts: list[Any], size: Any
) -> None:
    page = new_page(browser, contexts, size)
    create_in_lobby(page, server, "secret-trumps", 4)
    hinted = lambda: page.locator(".row-item.hinted").count() >= 2  # noqa: E731
    play([page], lambda: hinted() or page.get_attribute("body", "data-phase") == "choose", timeout=90)
    assert hinted(), "no row shows its hint beside it"
    # The hints as they come: each beside its own row, in view, not folded away.
    row = page.locator(".row-item.hinted").first
    assert row.locator(".hint").is_visible()
    assert re.search(r"would win", row.locator(".hint").inner_text())
    assert row.locator(".label").inner_text().startswith("Row ")
    assert page.locator("details:not([open]) .row-item").count() == 0
    until_my_turn_in(page, "choose")
    page.evaluate("() => window.scrollTo(0, 0)")
    page.wait_for_timeout(100)
    box = page.evaluate(
        """() => {
        const r = document.getElementById('hand').getBoundingClientRect();
        const b = document.querySelector('#controls button.move').getBoundingClientRect();
        return {top: r.top, bottom: r.bottom, buttonTop: b.top, buttonBottom: b.bottom, height: innerHeight};
    }"""
    )
    assert box["top"] >= 0 and box["bottom"] <= box["height"] + 1, box
    assert box["buttonTop"] >= 0 and box["buttonBottom"] <= box["height"] + 1, box
    assert not page.errors


def test_a_prompt_offers_only_what_is_legal_now(browser: Any, server: Server, contexts: list[Any]) -> None:
    page = new_page(browser, contexts)
    create_in_lobby(page, server, "tandem-trick", 4, {1: "bot:random", 2: "bot:random", 3: "bot:random"})
    # Bid once (the first chance), then play on: once the bid is made the prompt no longer offers one.
    seen: list[str] = []

    def after_the_bid() -> bool:
        if page.get_attribute("body", "data-my-turn") != "true" or page.get_attribute("body", "data-phase") != "play":
            return False
        if page.locator('button[data-mode="bid"]').count():
            return False
        if "no bid yet" in page.inner_text("#me"):
            return False
        seen.append(page.inner_text("#status"))
        return True

    play([page], after_the_bid, modes={"bid"}, timeout=90)
    assert "bid" not in seen[-1], seen[-1]
    assert seen[-1].startswith("Your move: play a card"), seen[-1]
    assert not page.errors


def test_the_dealers_number_says_why(browser: Any, server: Server, contexts: list[Any]) -> None:
    page = new_page(browser, contexts)
    create_in_lobby(page, server, "tricks-together", 3, {1: "bot:random", 2: "bot:random"})
    wait_my_turn(page)
    # The turn is marked before its prompt is written: wait for the prompt, not the bare "Your move".
    page.wait_for_function("() => document.querySelector('#status').innerText.startsWith('Your move:')")
    status = page.inner_text("#status")
    if page.get_attribute("body", "data-phase") == "commit":
        # The numbers on offer are the legal ones, and the prompt says what the dealer does.
        offered = [int(x) for x in page.locator("#controls button.move").all_inner_texts()]
        if len(offered) == 1:  # the dealer left with one number is told so
            assert f"can only be {offered[0]}" in status, status
        else:
            assert f"{min(offered)} to {max(offered)}" in status and "dealer" in status, status
    until_my_turn_in(page, "play", timeout=60)
    dealer = page.locator("section.seat", has=page.locator(".badge", has_text="dealer"))
    assert re.search(r"number \d+: the tricks left", dealer.inner_text()), dealer.inner_text()
    assert not page.errors


#: Bots that answer at once: the states, not the bots' play, are what this test looks at.
RANDOM_BOTS = {1: "bot:random", 2: "bot:random", 3: "bot:random"}


@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["1366x768", "phone"])
def test_axe_passes_in_every_state_the_table_reaches(
    browser: Any, server: Server, contexts: list[Any], size: Any
) -> None:
    page = new_page(browser, contexts, size)

    def clean(where: str) -> None:
        assert axe_violations(page) == [], where

    # Tricks Together: choosing a number, a trick under way, the round's end on the table.
    create_in_lobby(page, server, "tricks-together", 3, {1: "bot:random", 2: "bot:random"})
    until_my_turn_in(page, "commit")
    clean("choosing a number")
    play([page], lambda: page.locator("#trick .card[data-card]").count() >= 1 and not page.is_visible("#round-end"))
    clean("mid-trick")
    play([page], lambda: page.is_visible("#round-end") or page.is_visible("#result"), timeout=90)
    clean("the round's end")
    # Trumps: passing cards (several chosen, then confirmed).
    create_in_lobby(page, server, "trumps", 4, RANDOM_BOTS)
    until_my_turn_in(page, "pass")
    page.locator("#hand .card.legal").first.click()
    clean("passing")
    # Secret Trumps: drafting goals, picking from a row, choosing a goal.
    create_in_lobby(page, server, "secret-trumps", 4, RANDOM_BOTS)
    for phase in ("draft", "pick", "choose"):
        until_my_turn_in(page, phase)
        clean(phase)
    # Tandem Trick: bidding with a card.
    create_in_lobby(page, server, "tandem-trick", 4, RANDOM_BOTS)
    wait_my_turn(page)
    page.click('button[data-mode="bid"]')
    clean("bidding with a card")
    # The game's end: the result, then the table under it.
    page.goto(server.url + f"/t/{finished_game(server)}")
    page.wait_for_selector("#result:not([hidden])")
    clean("the game's end")
    page.click("#look")
    clean("the finished table")
    assert not page.errors
