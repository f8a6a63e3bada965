"""The play page of ``trufspec serve`` in a real browser: whole games played by clicks.

A live ``trufspec serve`` (its games in a SQLite file of the test's) runs on 127.0.0.1;
headless Chromium, driven by Playwright, starts a game with bots in the other seats (the server
moves them) and plays every action of the person's seat by clicking: a card marked legal, the cards of a bid or a claim and then the send
button, a contract, a vote, the next deal.  The server is stopped and started again in the
middle of a game, and a second tab sits on the same seat.
"""

from __future__ import annotations

import json
import re
import urllib.error
import urllib.request
from collections.abc import Callable
from pathlib import Path

import pytest
from browser import Tab, keep_screenshot, png_is_blank
from live_server import Server, running
from play_page import move, page_version
from playwright.sync_api import Page, expect

from trufspec.simulate.bots import LEVELS

pytestmark = pytest.mark.server

MOST_CLICKS = 400
"""The most actions a test makes for the person: more than any game played here needs."""


@pytest.fixture
def server(live: Server) -> str:
    """The address of the session's server (each test starts games of its own)."""
    return live.url


def _start(
    page: Page, server: str, ruleset: str, seat: int = 0, seed: int = 1, bots: str = "basic"
) -> None:
    """A new table; the deal number makes the cards, and so the bots' choices, the same at
    every run."""
    page.goto(server + "/play")
    page.get_by_label("Game").select_option(ruleset)
    for at, name in enumerate(["Ana", "Budi", "Citra", "Dewi"]):
        page.get_by_label(f"Seat {at + 1}: name").fill("You" if at == seat else name)
        page.get_by_label(f"Seat {at + 1}: played by").select_option("you" if at == seat else bots)
    page.get_by_label("Deal number").fill(str(seed))
    page.get_by_role("button", name="Start the game").click()
    expect(page.locator("#status")).to_contain_text("Phase:")


def _own_errors(tab: Tab) -> list[str]:
    """The errors of a page but Chromium's report of a 409 answer: where the order of play is
    free, a bot may play before the person's card arrives, which is refused and looked at
    again."""
    return [e for e in tab.errors if "status of 409" not in e]


def _play_until(
    page: Page, done: Callable[[Page], bool], moves: list[str] | None = None
) -> list[str]:
    """The person's moves until ``done``, added to ``moves`` as they are made."""
    moves = [] if moves is None else moves
    for _ in range(MOST_CLICKS):
        if done(page):
            return moves
        if not page.locator("#status").inner_text().count("Your turn"):
            expect(page.locator("#status")).to_contain_text("Your turn", timeout=20_000)
            continue
        moves.append(move(page))
    raise AssertionError(f"not done after {MOST_CLICKS} actions: {moves[-5:]}")


@pytest.mark.slow
def test_a_whole_truf_jb_deal_played_by_clicks(tab: Callable[..., Tab], server: str) -> None:
    player = tab(390)
    _start(player.page, server, "truf-jb", bots="search")
    # Until the person's hand is played out: the deal's last trick (the bots may deal the
    # next one before the page shows the empty hand).
    moves: list[str] = []

    def played(_: Page) -> int:
        return sum(m.startswith("played ") for m in moves)

    _play_until(player.page, lambda p: played(p) == 13, moves)
    # A bid, a contract perhaps (when the bid is won), and the person's 13 cards.
    assert len({m for m in moves if m.startswith("played ")}) == 13  # 13 cards, each once
    assert player.scroll_width() <= 390
    assert _own_errors(player) == []
    assert [u for u in player.requests if not u.startswith(server + "/")] == []


def test_a_table_s_bots_are_of_a_level_the_simulator_offers(server: str) -> None:
    def start(level: str) -> int:
        players = ["You", "Ana", "Budi", "Citra"]
        bots = dict.fromkeys(players[1:], level)
        body = json.dumps({"ruleset": "truf-jb", "players": players, "bots": bots}).encode()
        request = urllib.request.Request(
            server + "/v1/games", body, {"Content-Type": "application/json"}
        )
        try:
            with urllib.request.urlopen(request, timeout=30) as answer:
                return int(answer.status)
        except urllib.error.HTTPError as error:
            return error.code

    assert [start(level) for level in LEVELS] == [201, 201, 201]
    assert start("grandmaster") == 422


@pytest.mark.slow
def test_a_whole_tromplemond_round_played_by_clicks(tab: Callable[..., Tab], server: str) -> None:
    player = tab(1280)
    player.page.goto(server + "/play")
    player.page.get_by_label("Game").select_option("tromplemond")
    # How the game ends, in the words of its rule (TM501), before and at the table.
    expect(player.page.locator("#ending")).to_contain_text("TM501, Eight rounds, or 200 points")
    _start(player.page, server, "tromplemond", seat=2)
    expect(player.page.locator("#table-ending")).to_contain_text("after eight rounds")
    _play_until(player.page, lambda p: "over" in p.locator("#status").inner_text())
    expect(player.page.locator("#winners")).to_contain_text("Winner")
    assert player.page.locator("#scores tbody tr").count() == 4
    assert player.scroll_width() <= 1280
    shot = player.page.screenshot()
    assert not png_is_blank(shot)
    keep_screenshot("play-over-1280", shot)
    with player.page.expect_download() as download:
        player.page.get_by_role("button", name="Download the record (notation)").click()
    assert '[Ruleset "tromplemond"]' in Path(download.value.path()).read_text(encoding="utf-8")
    assert player.errors == []


def _to_a_choice_of_cards(page: Page) -> None:
    """Play on until the person is to play a card and holds a card that is not legal."""

    def ready(p: Page) -> bool:
        legal = p.locator("#hand .card.legal").count()
        return (
            "Your turn: play" in p.locator("#status").inner_text()
            and 0 < legal < p.locator("#hand .card").count()
            and p.locator("body").get_attribute("data-to-act") == "You"
        )

    _play_until(page, ready)


@pytest.mark.slow
def test_a_refused_card_shows_its_clause_and_the_rule(tab: Callable[..., Tab], server: str) -> None:
    player = tab(390)
    _start(player.page, server, "truf-jb", seat=1)
    _to_a_choice_of_cards(player.page)
    version = page_version(player.page)
    player.page.locator("#hand .card:not(.legal)").first.click()
    refusal = player.page.locator("#refusal")
    # Follow suit (JB305), or no trump lead before trumps are broken (JB303).
    expect(refusal).to_contain_text(re.compile(r"^Refused: JB30[35] [A-Z]"))
    code = refusal.get_by_role("link").inner_text().split()[0]
    # Said to the person, who sits unnamed as You: "You played 5C but hold ...".
    said = refusal.locator("p").inner_text()
    assert re.search(r": You (led|played) ", said), said
    assert not re.search(r"\bYou (holds|has|is|leads|plays)\b", said), said
    assert refusal.locator("blockquote").inner_text().startswith("“")
    assert "You" in player.page.locator("#scores tbody").inner_text()
    assert "(you)" not in player.page.locator("#scores tbody").inner_text()
    assert page_version(player.page) == version  # nothing was applied
    keep_screenshot("play-refused-390", player.page.screenshot())
    assert player.scroll_width() <= 390
    refusal.get_by_role("link").click()
    player.page.wait_for_url(re.compile(rf"/rules/rulesets/truf-jb\.html#{code}$"))
    # Chromium reports the refusal's 409 answer itself; the page reports nothing.
    assert [e for e in player.errors if "status of 409" not in e] == []


@pytest.mark.slow
def test_cards_are_played_by_keyboard(tab: Callable[..., Tab], server: str) -> None:
    player = tab(1280)
    _start(player.page, server, "truf-jb")
    _to_a_choice_of_cards(player.page)
    for _ in range(40):
        player.page.keyboard.press("Tab")
        if player.page.evaluate("document.activeElement.classList.contains('card')"):
            break
    focused = player.page.evaluate("document.activeElement.dataset.card")
    assert player.page.locator(f'#hand [data-card="{focused}"]').get_attribute("class") == (
        "card legal"
        if "red"
        not in (player.page.locator(f'#hand [data-card="{focused}"]').get_attribute("class") or "")
        else "card red legal"
    )
    player.page.keyboard.press("ArrowRight")
    moved = player.page.evaluate("document.activeElement.dataset.card")
    assert moved != focused
    player.page.keyboard.press("ArrowLeft")
    assert player.page.evaluate("document.activeElement.dataset.card") == focused
    version = page_version(player.page)
    player.page.keyboard.press("Enter")
    player.page.wait_for_function(f"Number(document.body.dataset.version) > {version}")
    assert (
        focused
        not in player.page.locator("#hand")
        .inner_text()
        .replace("♠", "S")
        .replace("♥", "H")
        .replace("♦", "D")
        .replace("♣", "C")
        .split()
    )
    unnamed = player.page.evaluate(
        """[...document.querySelectorAll("button, input, select")]
        .filter((e) => e.offsetParent && !e.labels?.length && !e.getAttribute("aria-label")
                       && !e.textContent.trim()).length"""
    )
    assert unnamed == 0
    assert player.errors == []


@pytest.mark.slow
def test_a_second_tab_on_the_seat_sees_the_same_game(tab: Callable[..., Tab], server: str) -> None:
    first = tab(1280)
    _start(first.page, server, "truf-jb")
    second = tab(390)
    second.open(first.page.url)
    expect(second.page.locator("#status")).to_contain_text("Phase:")
    assert second.page.locator("#hand").inner_text() == first.page.locator("#hand").inner_text()
    move(first.page)
    version = page_version(first.page)
    second.page.wait_for_function(f"Number(document.body.dataset.version) >= {version}")
    # Both act; each action is judged in its turn, the later one against the game as it is.
    _play_until(second.page, lambda p: "play a card" in p.locator("#status").inner_text())
    move(second.page)
    assert _own_errors(first) == []
    assert _own_errors(second) == []


@pytest.mark.slow
def test_a_restarted_server_resumes_the_game(tab: Callable[..., Tab], tmp_path: Path) -> None:
    database = tmp_path / "games.sqlite"
    player = tab(390)
    with running(database) as live:
        port = int(live.url.rpartition(":")[2])
        _start(player.page, live.url, "tromplemond")
        expect(player.page.locator("#status")).to_contain_text("Your turn")
        version = page_version(player.page)
    expect(player.page.locator("#connection")).to_contain_text("connection to the server is lost")
    with running(database, port=port):
        expect(player.page.locator("#connection")).to_contain_text(
            "Connected again", timeout=15_000
        )
        assert page_version(player.page) == version
        move(player.page)
    # The failed requests of the lost connection are no errors of the page's own.
    assert [e for e in player.errors if "Failed to load resource" not in e] == []
