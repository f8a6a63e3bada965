"""The play page's table of people in a real browser: each person at a seat by the link of
their invitation, a watcher by the watch link, all following the game live.

A live ``trufspec serve`` runs on 127.0.0.1 and headless Chromium (Debian's, by Playwright)
opens one browser context per person, so each has its own storage and only its own link.  At
every step the test reads what each page holds and checks that no page shows a card its seat
may not see: no card in another person's hand unless it is public, which the watcher's page
(public cards only until the game is over) tells.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from browser import Tab, keep_screenshot, png_is_blank
from live_server import Server, running
from play_page import WAIT_MS, move, page_version
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.server

MOST_STEPS = 5000
"""The most rounds of looking at the pages a test makes: more than a whole game needs."""

MOST_SECONDS = 600
"""The longest a test plays before it fails: a whole truf-de game, thirteen deals, takes
minutes."""

SHOWN = """async ([latest, ms]) => {
    const body = document.body;
    const now = () => Number(body.dataset.version ?? -1);
    const ready = () => now() >= latest && window.__pending === 0;
    if (!ready()) {
        await new Promise((resolve, reject) => {
            const done = () => {
                seen.disconnect();
                window.__kept.delete(look);
                clearTimeout(late);
            };
            const look = () => {
                if (ready()) { done(); resolve(); }
            };
            const seen = new MutationObserver(look);
            const late = setTimeout(() => {
                done();
                reject(new Error(`version ${latest} not shown in ${ms} ms: ${now()}`));
            }, ms);
            seen.observe(body, {attributes: true, attributeFilter: ["data-version"]});
            window.__kept.add(look);
        });
    }
    const cards = (found) => [...found].map((e) => e.dataset.card);
    return {
        version: now(),
        answers: window.__answers.splice(0),
        hand: cards(document.querySelectorAll("#hand [data-card]")),
        seen: cards([...document.querySelectorAll("[data-card]")]
            .filter((e) => !e.closest("#hand, #pack, [data-claim]"))),
        deal: body.dataset.deal ?? "",
        status: document.getElementById("status").innerText,
    };
}"""
"""What a page shows once it shows version ``latest`` or a later one (told as the page sets
the version, its view drawn whole) and has kept the answer of every request it made, read in
one call: the version, the answers its script was given since the last call (taken), the cards
of its hand, the cards it shows outside its own hand, the pack a claim chooses from and the
claims (Tromplemond), which name cards wherever they lie, the deal, and the status line."""


KEEP_ANSWERS = """(() => {
    const sent = window.fetch.bind(window);
    window.__answers = [];
    window.__pending = 0;
    window.__kept = new Set();
    const kept = () => {
        window.__pending -= 1;
        window.__kept.forEach((tell) => tell());
    };
    window.fetch = (url, options) => {
        window.__pending += 1;
        return sent(url, options).then((response) => {
            if (String(url).endsWith("/events")) {
                kept();
            } else {
                response.clone().text().then((text) => window.__answers.push(text)).finally(kept);
            }
            return response;
        }, (error) => {
            kept();
            throw error;
        });
    };
})();"""
"""Keeps the text of every answer the page's script is given (but the event stream's, read
as it comes), for the test to look through; ``__pending`` counts the requests whose answer is
not kept yet, and each function in ``__kept`` is told when one is."""

CARD_WORD = re.compile(r'"(10|[2-9AKQJ])([SHDC])"')


def _views(text: str) -> list[dict[str, Any]]:
    """The views an answer is or holds (none: an answer that is no view, a refusal say)."""
    try:
        answer = json.loads(text)
    except ValueError:
        return []
    view = answer.get("view", answer) if isinstance(answer, dict) else None
    return [view] if isinstance(view, dict) and "record" in view else []


def _held(text: str) -> str:
    """An answer but the claims of its views (Tromplemond): a claim names cards wherever they
    lie, and says nothing of where."""
    views = _views(text)
    if not views:
        return text
    for view in views:
        for played in view["record"]["games"]:
            for each in played["deals"]:
                each["sections"] = [s for s in each["sections"] if s["section"] != "claims"]
    return json.dumps(views)


def _in_play(text: str, deal: str) -> bool:
    """Whether an answer is to be looked through for cards of the hands of deal ``deal``: a
    view of it in play, or an answer that is no view.  A deal's record once it is over shows
    what its rules reveal, and answers of another deal name cards that other hands hold
    now."""
    return all(
        view["phase"] != "end"
        and not view["over"]
        and str(view["record"]["games"][-1]["deals"][-1]["number"]) == deal
        for view in _views(text)
    )


@pytest.fixture
def server(live: Server) -> str:
    """The address of the session's server (each test starts games of its own)."""
    return live.url


def _start_table(
    page: Page, server: str, ruleset: str, who: list[str], seed: int = 5, readings: str = ""
) -> None:
    """A table whose seats ``who`` plays: ``you``, ``person`` or a bot's level."""
    page.goto(server + "/play")
    page.get_by_label("Game").select_option(ruleset)
    page.get_by_label("Readings").fill(readings)
    for at, (name, played_by) in enumerate(zip(["Sari", "Ana", "Budi", "Citra"], who, strict=True)):
        page.get_by_label(f"Seat {at + 1}: name").fill(name)
        page.get_by_label(f"Seat {at + 1}: played by").select_option(played_by)
    page.get_by_label("Deal number").fill(str(seed))
    page.get_by_role("button", name="Start the game").click()
    expect(page.locator("#status")).to_contain_text("Phase:")


def _invites(page: Page) -> dict[str, str]:
    """The links the starter is given to copy, by seat (the watch link under ``""``)."""
    found: dict[str, str] = page.evaluate(
        """() => Object.fromEntries([...document.querySelectorAll("#invite-list input")]
            .map((e) => [e.dataset.seat, e.value]))"""
    )
    return found


def _check_secrets(
    people: dict[str, Tab], watcher: Tab, latest: int = -1
) -> tuple[dict[str, str], int]:
    """No person's page shows, or was sent, a card of another person's hand that the watcher,
    who sees only what is public, does not show too; the watcher shows no hand at all and was
    sent no card of a hand it does not show.  Every page is first let draw the last version
    any of them shows or was sent (``latest`` at least), so that all show the same moment of
    the game; the status line of each page (the watcher's under ``""``) and that version."""
    tabs = {**people, "": watcher}
    sent: dict[str, list[str]] = {name: [] for name in tabs}
    shown: dict[str, dict[str, Any]] = {}
    behind = list(tabs)
    while behind:  # until every page shows the latest version any page shows or was sent
        for name in behind:
            shown[name] = tabs[name].page.evaluate(SHOWN, [latest, WAIT_MS])
            sent[name] += shown[name]["answers"]
            latest = max(
                [latest, shown[name]["version"]]
                + [view["version"] for t in shown[name]["answers"] for view in _views(t)]
            )
        behind = [name for name in tabs if shown[name]["version"] < latest]
    hands = {name: set(shown[name]["hand"]) for name in people}
    public = set(shown[""]["seen"])
    deal = shown[""]["deal"]
    told_to = {
        name: {
            rank + suit
            for text in texts
            if _in_play(text, deal)
            for rank, suit in CARD_WORD.findall(_held(text))
        }
        for name, texts in sent.items()
    }
    assert shown[""]["hand"] == []
    told = (told_to[""] & set().union(*hands.values())) - public
    assert not told, f"the watcher was sent {sorted(told)} of the hands"
    for name in people:
        others = set().union(*(cards for other, cards in hands.items() if other != name))
        leaked = (set(shown[name]["seen"]) & others) - public
        assert not leaked, f"{name}'s page shows {sorted(leaked)} of other hands"
        told = (told_to[name] & others) - public
        assert not told, f"{name}'s page was sent {sorted(told)} of other hands"
    return {name: each["status"] for name, each in shown.items()}, latest


def _totals(page: Page) -> list[str]:
    return page.locator("#scores td:last-child").all_inner_texts()


def _play_round(people: dict[str, Tab], done: Callable[[], bool]) -> int:
    """Each person whose turn it is acts, round after round, until ``done`` (or the deal's
    end); the actions."""
    actions = 0
    deadline = time.monotonic() + MOST_SECONDS
    for _ in range(MOST_STEPS):
        if done():
            return actions
        assert time.monotonic() < deadline, f"not done after {MOST_SECONDS} s, {actions} actions"
        for tab in people.values():
            if tab.page.get_attribute("body", "data-phase") == "end":
                continue
            if "Your turn" in tab.page.locator("#status").inner_text() and move(tab.page) != (
                "waited"
            ):
                actions += 1
        next(iter(people.values())).page.wait_for_timeout(20)
    raise AssertionError(f"not done after {MOST_STEPS} rounds")


def _play_game(people: dict[str, Tab], watcher: Tab, acted: Callable[[int], None]) -> int:
    """The people play the whole game, one action at a time, until the watcher's page says it
    is over; the actions.  Before each action, and once it is over, every page is let draw the
    game as it is and checked (:func:`_check_secrets`), which tells whose turn each page says
    it is; ``acted`` is told the count of actions after each one."""
    actions = 0
    deadline = time.monotonic() + MOST_SECONDS
    latest = -1
    for _ in range(MOST_STEPS):
        status, latest = _check_secrets(people, watcher, latest)
        if "over" in status[""]:
            return actions
        assert time.monotonic() < deadline, f"not done after {MOST_SECONDS} s, {actions} actions"
        for name, tab in people.items():
            if "Your turn" in status[name] and move(tab.page) != "waited":
                actions += 1
                acted(actions)
                latest += 1  # at least: the next check finds how far the game went
                break
        else:  # nobody could act yet: look again in a moment
            next(iter(people.values())).page.wait_for_timeout(20)
    raise AssertionError(f"not done after {MOST_STEPS} actions")


FOUR = ("you", "person", "person", "person")
"""Four people at the table: the starter and three invited by their links."""

TWO_AND_BOTS = ("you", "person", "basic", "basic")
"""Two people and two bots: the starter and one invited person."""

GAMES = [
    # ruleset, readings for a short whole game, who sits at the table, the fewest actions the
    # people make in that game, the action after which the table is shown in the docs
    pytest.param("truf-jb", "deals=1", FOUR, 52, 10, id="truf-jb"),
    pytest.param("truf-basics", "", TWO_AND_BOTS, 6 * 28, 10, id="truf-basics"),
    pytest.param("truf-de", "", TWO_AND_BOTS, 13 * 28, 10, id="truf-de"),
    pytest.param("ruff-and-honours", "target-points=1", FOUR, 48, 6, id="ruff-and-honours"),
    pytest.param("tromplemond", "", FOUR, 8, 6, id="tromplemond"),
    pytest.param(
        "tromplemond", "betting=tromp, max-rounds=2", FOUR, 2, -1, id="tromplemond-tromp-betting"
    ),
]
"""Each ruleset's whole game, as short as its readings make it: truf-basics (six rounds),
truf-de (thirteen deals) and Tromplemond (eight rounds of claims and votes, fewer when a
player reaches 200 points) offer no shorter game.  The two long games are played by two
people and two bots, the table a pair of friends sits down at, since every page that follows
a game draws each of its actions (the browser's drawing was most of a four-person truf-de
game's two minutes); the others by four people.  Tromplemond is played again with TROMP!
betting, whose calls and pot only that reading brings to the table (not shown in the docs:
-1)."""


@pytest.mark.slow
@pytest.mark.parametrize(("ruleset", "readings", "who", "least", "shown_at"), GAMES)
def test_people_play_a_whole_game_while_one_watches(
    tab: Callable[..., Tab],
    server: str,
    ruleset: str,
    readings: str,
    who: tuple[str, ...],
    least: int,
    shown_at: int,
) -> None:
    starter = tab(1280)
    starter.page.add_init_script(KEEP_ANSWERS)
    _start_table(starter.page, server, ruleset, list(who), readings=readings)
    invites = _invites(starter.page)
    names = ["Sari", "Ana", "Budi", "Citra"]
    invited = [name for name, seat in zip(names, who, strict=True) if seat == "person"]
    assert set(invites) == {*invited, ""}
    assert all("#game=" in link and "?" not in link for link in invites.values())
    people = {"Sari": starter}
    for at, name in enumerate(invited):
        people[name] = tab(390 if at % 2 == 0 else 1280)
        people[name].page.add_init_script(KEEP_ANSWERS)
        people[name].open(invites[name])
        expect(people[name].page.locator(".seat-bottom")).to_contain_text(name)
    watcher = tab(390)
    watcher.page.add_init_script(KEEP_ANSWERS)
    watcher.open(invites[""])
    expect(watcher.page.locator("#table-h")).to_contain_text("watching")
    # Every page follows the event stream: none polls once it is open.
    for each in [*people.values(), watcher]:
        expect(each.page.locator("body")).to_have_attribute("data-stream", "open")

    def shown(actions: int) -> None:
        """The table as two people see it, for the docs, early in the first deal: two invited
        people where four play (Budi on a desktop, Ana on a phone), else the starter."""
        if actions != shown_at:
            return
        for width, each in (("1280", people.get("Budi", starter)), ("390", people["Ana"])):
            shot = each.page.screenshot(full_page=True)
            assert not png_is_blank(shot)
            keep_screenshot(f"table-{ruleset}-{width}", shot)

    actions = _play_game(people, watcher, shown)
    assert actions >= least
    if "betting=tromp" in readings:
        # The last round's calls and what the TROMP! pot paid lie at the seats.
        seats = watcher.page.locator("#table")
        expect(seats).to_contain_text(re.compile(r"TROMP! |no TROMP! call"))
        expect(seats).to_contain_text("pot ")
    version = page_version(starter.page)
    for each in [*people.values(), watcher]:
        each.page.wait_for_function(f"Number(document.body.dataset.version) >= {version}")
        expect(each.page.locator("#status")).to_contain_text("The game is over")
        expect(each.page.locator("#winners")).to_contain_text("Winner")
        # The same totals on every page.
        assert _totals(each.page) == _totals(watcher.page)
        assert each.fits()
        assert [u for u in each.requests if not u.startswith(server + "/")] == []
        assert [e for e in each.errors if "status of 409" not in e] == []
        # The token travels in the Authorization header only, never in an address.
        assert not [u for u in each.requests if "token=" in u.split("#")[0]]


@pytest.mark.slow
def test_a_person_comes_back_by_the_link_to_a_game_that_went_on(
    tab: Callable[..., Tab], server: str
) -> None:
    starter = tab(390)
    _start_table(starter.page, server, "truf-de", ["you", "person", "basic", "basic"], seed=8)
    link = _invites(starter.page)["Ana"]
    ana = tab(1280)
    ana.open(link)
    people = {"Sari": starter, "Ana": ana}
    # Ana reloads in the middle of a trick: the same seat, the same game.
    _play_round(people, lambda: len(ana.page.locator("#trick .played").all()) in (1, 2, 3))
    before = page_version(ana.page)
    ana.page.reload()
    expect(ana.page.locator(".seat-bottom")).to_contain_text("Ana")
    assert page_version(ana.page) >= before
    # Ana closes the page; the others play on without her until it is her turn.
    ana.close()
    mine = {"Sari": starter}
    _play_round(
        mine,
        lambda: "Ana" in (starter.page.get_attribute("body", "data-to-act") or ""),
    )
    version = page_version(starter.page)
    back = tab(390)
    back.open(link)
    expect(back.page.locator("#status")).to_contain_text("Your turn")
    assert page_version(back.page) == version
    assert back.scroll_width() <= 390
    assert [e for e in back.errors if "status of 409" not in e] == []


@pytest.mark.slow
def test_a_wrong_link_is_said_in_words(tab: Callable[..., Tab], server: str) -> None:
    starter = tab(390)
    _start_table(starter.page, server, "truf-de", ["you", "person", "basic", "basic"])
    link = _invites(starter.page)["Ana"]
    wrong = tab(1280)
    wrong.open(re.sub(r"token=[^&]+", "token=not-a-token", link))
    expect(wrong.page.locator("#problem")).to_contain_text("does not open a seat of this game")
    gone = tab(390)
    gone.open(re.sub(r"game=[^&]+", "game=no-such-game", link))
    expect(gone.page.locator("#problem")).to_contain_text("no longer exists")
    for each in (wrong, gone):
        assert each.page.locator("#table").is_hidden()
        assert [e for e in each.errors if "Failed to load resource" not in e] == []
        assert each.fits()


@pytest.mark.slow
def test_a_lost_stream_resumes_from_the_last_event(tab: Callable[..., Tab], tmp_path: Path) -> None:
    database = tmp_path / "games.sqlite"
    player = tab(390)
    asked: list[str] = []
    player.page.on(
        "request",
        lambda request: (
            asked.append(request.headers.get("last-event-id", ""))
            if request.url.endswith("/events")
            else None
        ),
    )
    with running(database) as live:
        port = int(live.url.rpartition(":")[2])
        _start_table(player.page, live.url, "truf-de", ["you", "person", "basic", "basic"])
        token = _invites(player.page)["Ana"].rpartition("token=")[2]
        game = player.page.evaluate("location.hash").split("game=")[1].split("&")[0]
        expect(player.page.locator("body")).to_have_attribute("data-stream", "open")
    expect(player.page.locator("body")).to_have_attribute("data-connection", "reconnecting")
    expect(player.page.locator("#connection")).to_contain_text("Reconnecting")
    # Read once the server is gone: the bots may have moved the page on until it went.
    version = page_version(player.page)
    with running(database, port=port) as live, live.client() as client:
        # Ana bids while the page is away: the page must learn of it from the stream.
        headers = {"Authorization": f"Bearer {token}"}
        seen = client.get(f"/v1/games/{game}", headers=headers).json()
        assert "Ana" in seen["to_act"]
        action = seen["legal_actions"]["items"][0]
        body = {"action": action, "version": seen["version"]}
        assert client.post(f"/v1/games/{game}/actions", json=body, headers=headers).is_success
        expect(player.page.locator("#connection")).to_contain_text(
            "Connected again", timeout=15_000
        )
        expect(player.page.locator("body")).to_have_attribute("data-stream", "open")
        now = client.get(f"/v1/games/{game}", headers=headers).json()["version"]
        player.page.wait_for_function(f"Number(document.body.dataset.version) >= {now}")
    # The stream opened again from the version the page had when the server went away.
    assert all(each.isdigit() for each in asked)  # every stream says where it resumes
    assert str(version) in asked[1:]
    assert [e for e in player.errors if "Failed to load resource" not in e] == []


@pytest.mark.slow
def test_a_card_clicked_twice_is_played_once(tab: Callable[..., Tab], server: str) -> None:
    player = tab(390)
    _start_table(player.page, server, "truf-de", ["you", "basic", "basic", "basic"], seed=2)
    _play_round(
        {"Sari": player},
        lambda: (
            "play a card" in player.page.locator("#status").inner_text()
            and player.page.get_attribute("body", "data-phase") == "play"
        ),
    )
    version = page_version(player.page)
    card = player.page.locator("#hand .card.legal").first
    played = card.get_attribute("data-card")
    card.dblclick()
    player.page.wait_for_function(f"Number(document.body.dataset.version) > {version}")
    expect(player.page.locator(f'#hand [data-card="{played}"]')).to_have_count(0)
    # The second click is no action of its own: nothing is refused, nothing said.
    player.page.wait_for_timeout(500)
    assert player.page.locator("#refusal").inner_text() == ""
    assert [e for e in player.errors if "status of 409" not in e] == []


@pytest.mark.slow
@pytest.mark.parametrize("width", [390, 1280])
def test_every_state_of_the_play_page_fits_the_screen(
    tab: Callable[..., Tab], server: str, width: int
) -> None:
    """The form, a seat's table with its invitations, the watcher's table and a wrong link:
    no sideways scroll, nothing asked of another host, no error of the page's own."""
    page = tab(width)
    page.open(server + "/play")
    assert page.scroll_width() <= width
    for ruleset in ("truf-de", "tromplemond", "ruff-and-honours", "truf-basics"):
        _start_table(page.page, server, ruleset, ["you", "person", "basic", "basic"])
        expect(page.page.locator("#invites")).to_be_visible()
        assert page.scroll_width() <= width, ruleset
        watch = _invites(page.page)[""]
        watcher = tab(width)
        watcher.open(watch)
        expect(watcher.page.locator("#table-h")).to_contain_text("watching")
        assert watcher.scroll_width() <= width, ruleset
        watcher.open(re.sub(r"watch=[^&]+", "watch=wrong", watch))
        expect(watcher.page.locator("#problem")).to_contain_text("does not open a seat")
        assert watcher.scroll_width() <= width, ruleset
        for each in (page, watcher):
            assert [u for u in each.requests if not u.startswith(server + "/")] == []
            assert [e for e in each.errors if "Failed to load resource" not in e] == []


@pytest.mark.slow
def test_no_seat_is_called_you_where_people_are_invited(
    tab: Callable[..., Tab], server: str
) -> None:
    """A seat called "You" would read as their own seat on every invited person's page, next
    to their own name marked "(you)": the form says so and starts nothing."""
    page = tab(390)
    page.open(server + "/play")
    page.page.get_by_label("Seat 1: name").fill("You")
    page.page.get_by_label("Seat 2: played by").select_option("person")
    page.page.get_by_role("button", name="Start the game").click()
    expect(page.page.locator("#problem")).to_contain_text("no seat can be called “You”")
    assert page.page.locator("#table").is_hidden()
    assert not [u for u in page.requests if u.endswith("/v1/games")]
    # Alone with bots, the person may sit as "You": nobody else reads the name.
    page.page.get_by_label("Seat 2: played by").select_option("basic")
    page.page.get_by_role("button", name="Start the game").click()
    expect(page.page.locator(".seat-bottom")).to_contain_text("You")
    assert "(you)" not in page.page.locator("#felt").inner_text()
    assert page.errors == []
