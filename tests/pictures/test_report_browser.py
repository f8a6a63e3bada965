"""The HTML report in a real browser: headless Chromium, driven by Playwright, opens it from
disk, with JavaScript.

The replay is stepped through every trick by key presses and by its buttons, and the page is
photographed at a phone's width (390 px) and a desktop's (1280 px).  Without Chromium these
tests fail, saying what to install: CI installs it, and a skipped browser test would let a
broken replay pass.  ``TRUFSPEC_SCREENSHOTS=DIR`` keeps the screenshots in ``DIR``.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from browser import Tab, keep_screenshot, png_is_blank, png_size

from trufspec.pictures.html import read_source, render_report

RECORDS = Path(__file__).resolve().parents[2] / "records"
NAMES = (
    "truf-jb/club-night-2027-03-05.truf",
    "truf-jb/clauses/JB305-follow-suit.bad.truf",
    "ruff-and-honours/club-night-2026-10-06.truf",
    "tromplemond/worked-example-as-printed.truf",
)


@pytest.fixture(scope="module")
def page(tmp_path_factory: pytest.TempPathFactory) -> str:
    html = render_report([read_source(name, (RECORDS / name).read_bytes()) for name in NAMES])
    path = tmp_path_factory.mktemp("report") / "report.html"
    path.write_text(html, encoding="utf-8")
    return path.as_uri()


def _replay(index: int) -> str:
    return f'document.querySelectorAll(".tf-replay")[{index}]'


def _state(browser: Tab, index: int) -> dict[str, object]:
    """What the replay shows: its step, the tricks on the table, the cards left in the hands
    (not those on the table, nor the rows of cards aside: the stock, the discards)."""
    shown: dict[str, object] = browser.page.evaluate(
        f"""(() => {{
        const replay = {_replay(index)};
        const visible = (e) => e.getBoundingClientRect().width > 0;
        return {{
            step: replay.getAttribute("data-step"),
            tricks: [...replay.querySelectorAll(".tf-trick")].filter(visible)
                .map(t => t.getAttribute("data-trick")),
            hand: [...replay.querySelectorAll(".tf-card")]
                .filter(c => !c.closest(".tf-trick, .tf-aside") && visible(c)).length,
            status: replay.querySelector(".tf-status").textContent,
        }};
        }})()"""
    )
    return shown


@pytest.mark.slow
def test_the_arrow_keys_step_the_replay_through_every_trick(
    tab: Callable[..., Tab], page: str
) -> None:
    browser = tab(1280)
    browser.open(page)
    assert browser.page.evaluate(_replay(0) + ".getAttribute('data-tricks')") == "13"
    assert _state(browser, 0) == {
        "step": "0",
        "tricks": ["0"],
        "hand": 52,
        "status": "Before the first trick",
    }
    browser.page.evaluate(_replay(0) + ".focus()")
    for trick in range(1, 14):
        browser.page.keyboard.press("ArrowRight")
        state = _state(browser, 0)
        assert state["step"] == str(trick)
        assert state["tricks"] == [str(trick)]
        assert state["hand"] == 52 - 4 * trick, f"trick {trick}"
        assert str(state["status"]).startswith(f"Trick {trick}: ")
        assert " wins (" in str(state["status"])
    browser.page.keyboard.press("ArrowRight")
    assert _state(browser, 0)["step"] == "13"
    browser.page.keyboard.press("ArrowLeft")
    assert _state(browser, 0)["step"] == "12"
    browser.page.keyboard.press("Home")
    assert _state(browser, 0)["hand"] == 52
    browser.page.keyboard.press("End")
    assert _state(browser, 0)["step"] == "13"
    assert browser.errors == []


@pytest.mark.slow
def test_the_buttons_step_the_replay(tab: Callable[..., Tab], page: str) -> None:
    browser = tab(1280)
    browser.open(page)
    click = _replay(1) + '.querySelector("button[data-go={}]").click()'
    browser.page.evaluate(click.format("next"))
    browser.page.evaluate(click.format("next"))
    assert _state(browser, 1)["step"] == "2"
    browser.page.evaluate(click.format("prev"))
    assert _state(browser, 1)["step"] == "1"
    browser.page.evaluate(click.format("last"))
    assert _state(browser, 1)["tricks"] == ["13"]
    assert (
        browser.page.evaluate(_replay(1) + '.querySelector("button[data-go=next]").disabled')
        is True
    )
    assert browser.errors == []


def test_a_finding_shows_its_trick_with_the_marked_card_on_screen(
    tab: Callable[..., Tab], page: str
) -> None:
    browser = tab(1280)
    browser.open(page)
    link = 'document.querySelector("#f2-findings a.tf-goto")'
    assert browser.page.evaluate(link + ".textContent") == "Deal 1, trick 4, Citra's 3♣"
    browser.page.evaluate(link + ".click()")
    shown = browser.page.evaluate(
        """(() => {
        const card = [...document.querySelectorAll("#f2-g1-d1 .tf-trick .tf-card[data-diag]")]
            .find(c => c.getBoundingClientRect().width > 0);
        if (!card) return null;
        const box = card.getBoundingClientRect();
        return {card: card.getAttribute("data-card"), flash: card.classList.contains("tf-flash"),
                onScreen: box.top >= 0 && box.bottom <= innerHeight
                    && box.left >= 0 && box.right <= innerWidth};
        })()"""
    )
    assert shown == {"card": "3C", "flash": True, "onScreen": True}
    assert browser.errors == []


@pytest.mark.slow
@pytest.mark.parametrize("width", [390, 1280])
def test_screenshots_have_content_and_no_sideways_scroll(
    tab: Callable[..., Tab], page: str, width: int
) -> None:
    browser = tab(width)
    browser.open(page)
    assert browser.page.evaluate("document.documentElement.scrollWidth") <= width
    browser.page.evaluate(_replay(0) + ".scrollIntoView()")
    browser.page.evaluate(_replay(0) + ".focus()")
    for _ in range(3):
        browser.page.keyboard.press("ArrowRight")
    shot = browser.page.screenshot()
    assert png_size(shot) == (width, 900)
    assert not png_is_blank(shot)
    # The diagram shown (a phone's, or a wider screen's) fits: nothing is cut off at the right.
    right = browser.page.evaluate(
        f"[...{_replay(0)}.querySelectorAll('svg')].map(s => s.getBoundingClientRect().right)"
        ".find(r => r > 0) || 0"
    )
    assert 0 < right <= width
    keep_screenshot(f"report-{width}", shot)
    assert browser.errors == []


@pytest.mark.slow
def test_every_replay_of_the_page_reaches_its_last_trick_with_its_hands_played_out(
    tab: Callable[..., Tab], page: str
) -> None:
    browser = tab(1280)
    browser.open(page)
    tricks = browser.page.evaluate(
        '[...document.querySelectorAll(".tf-replay")].map(r => r.getAttribute("data-tricks"))'
    )
    # truf-jb's six deals, the revoke's one, Ruff and Honours' four; Tromplemond plays no tricks.
    assert tricks == ["13"] * 7 + ["12"] * 4 + ["0"]
    for index in range(len(tricks) - 1):
        browser.page.evaluate(_replay(index) + ".focus()")
        browser.page.keyboard.press("End")
        state = _state(browser, index)
        last = browser.page.evaluate(_replay(index) + ".getAttribute('data-tricks')")
        assert state["step"] == last
        assert state["tricks"] == [last]
        # Every card dealt has been played, or set aside by the ruffer before play.
        assert state["hand"] == 0, f"replay {index}"
    assert browser.errors == []


RULESETS = (
    "truf-jb/clauses/JB102-deal-partition.bad.truf",
    "truf-de/club-night-2026-10-09.truf",
    "truf-basics/clauses/TB304-card-held.bad.truf",
    "ruff-and-honours/clauses/RH105-ruff-discards.bad.truf",
    "tromplemond/clauses/TM205-no-self-vote.bad.truf",
    "tromplemond/club-night-2026-10-08.truf",
)
"""A record of every ruleset, with errors and notes marked on cards, slips and figures."""


@pytest.fixture(scope="module")
def rulesets_page(tmp_path_factory: pytest.TempPathFactory) -> str:
    html = render_report([read_source(name, (RECORDS / name).read_bytes()) for name in RULESETS])
    path = tmp_path_factory.mktemp("rulesets") / "report.html"
    path.write_text(html, encoding="utf-8")
    return path.as_uri()


@pytest.mark.slow
@pytest.mark.parametrize("width", [390, 1280])
def test_no_word_is_broken_and_every_mark_keeps_its_room(
    tab: Callable[..., Tab], rulesets_page: str, width: int
) -> None:
    """Names, labels, figures and marked things stay whole on a phone and on a desktop (no
    "vot/es:", "Hanna/h", "-25/-25" split over two lines), and a mark's frame stands clear of
    its neighbours."""
    browser = tab(width)
    browser.open(rulesets_page)
    broken = browser.page.evaluate(
        """(() => {
        const lines = (e) => {
            const range = document.createRange();
            range.selectNodeContents(e);
            const tops = new Set([...range.getClientRects()].filter(r => r.width > 0)
                .map(r => Math.round(r.top)));
            return tops.size;
        };
        return [...document.querySelectorAll(
            "dt, .tf-sheet th, .tf-sheet td, mark.tf-fault, .tf-bids th, .tf-bids td")]
            .filter(e => e.getBoundingClientRect().width > 0 && lines(e) > 1)
            .map(e => e.textContent);
        })()"""
    )
    assert broken == []
    assert browser.page.evaluate("document.documentElement.scrollWidth") <= width
    kinds = browser.page.evaluate(
        """[...new Set([...document.querySelectorAll("main mark.tf-fault, main .tf-frame")]
            .map(e => getComputedStyle(e))
            .map(style => style.borderStyle + "/" + style.strokeDasharray))]"""
    )
    # An error and a note are drawn differently, not by colour (there is none).
    assert len(kinds) >= 3, kinds
    keep_screenshot(f"rulesets-{width}", browser.page.screenshot(full_page=True))
    assert browser.errors == []


@pytest.mark.slow
def test_the_tromplemond_diagram_shows_public_and_secret_cards_apart(
    tab: Callable[..., Tab], rulesets_page: str
) -> None:
    """A visible lie (TM203) can be seen: the claimed card lies in another player's public row."""
    browser = tab(1280)
    browser.open(rulesets_page)
    rows = browser.page.evaluate(
        """[...document.querySelectorAll(".tf-diagram text.tf-note")].map(t => t.textContent)"""
    )
    assert {"public:", "secret:", "claims:"} <= set(rows)
    assert browser.errors == []


@pytest.mark.slow
def test_on_a_phone_the_diagrams_reflow_and_their_cards_and_charts_keep_their_size(
    tab: Callable[..., Tab], rulesets_page: str
) -> None:
    """At 390 px the hands stand two above and two below the table, so the cards are drawn
    at 12 px or more instead of shrinking with a diagram as wide as a desktop's."""
    browser = tab(390)
    browser.open(rulesets_page)
    sizes = browser.page.evaluate(
        """[...document.querySelectorAll(".tf-diagram")]
            .filter(svg => svg.getBoundingClientRect().width > 0)
            .map(svg => svg.getBoundingClientRect().width / svg.viewBox.baseVal.width
                 * Number(svg.getAttribute("font-size")))"""
    )
    assert sizes
    assert min(sizes) >= 12, sizes
    # The score charts are drawn for a phone too: their labels stay readable.
    charts = browser.page.evaluate(
        """[...document.querySelectorAll(".tf-chart")]
            .filter(svg => svg.getBoundingClientRect().width > 0)
            .map(svg => svg.getBoundingClientRect().width / svg.viewBox.baseVal.width
                 * Number(svg.getAttribute("font-size")))"""
    )
    assert charts
    assert min(charts) >= 11, charts
    assert browser.page.evaluate("document.documentElement.scrollWidth") <= 390
    assert browser.errors == []
