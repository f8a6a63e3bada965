"""The check and rules pages of ``trufspec serve`` in a real browser, against a live server.

``trufspec serve`` runs on 127.0.0.1 in a process of its own; headless Chromium, driven by
Playwright, fills the form as a person would: pastes, chooses a file, picks a sample, follows a
finding to its rule.  Every page is checked at a phone's width and a desktop's for a sideways
scroll, for console errors and for requests that leave the server.  ``TRUFSPEC_SCREENSHOTS=DIR``
keeps the screenshots in ``DIR``.
"""

from __future__ import annotations

import http.client
import re
import urllib.parse
import urllib.request
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from browser import Tab, keep_screenshot, png_is_blank
from live_server import Server, running
from playwright.sync_api import expect

pytestmark = pytest.mark.server

ROOT = Path(__file__).resolve().parents[2]
BAD = sorted((ROOT / "records").glob("*/clauses/*.bad.truf"))
WIDTHS = (390, 1280)


@pytest.fixture
def server(live: Server) -> str:
    """The address of the session's server (each test starts games of its own)."""
    return live.url


def _stays_home(tab: Tab, server: str) -> None:
    """Nothing the page asked for came from anywhere but the server (or the page itself)."""
    away = [u for u in tab.requests if not u.startswith((server + "/", "data:"))]
    assert away == []


def _shot(tab: Tab, name: str) -> None:
    shot = tab.page.screenshot(full_page=False)
    assert not png_is_blank(shot)
    keep_screenshot(name, shot)


def _codes(html: str) -> list[str]:
    summary = re.search(r'<p class="summary" id="summary">(.*?)</p>', html, re.S)
    assert summary is not None
    return re.findall(r'<code class="code">([^<]+)</code>', summary[1])


@pytest.mark.slow
def test_every_bad_sample_is_found_with_its_code(server: str) -> None:
    """Each ``*.bad.truf`` sample, picked on the check page, shows the code of the clause it
    breaks (its file name starts with it)."""

    def post(path: Path) -> tuple[str, list[str]]:
        name = path.relative_to(ROOT / "records").as_posix()
        body = urllib.parse.urlencode({"sample": name}).encode()
        with urllib.request.urlopen(server + "/", body, timeout=60) as answer:
            return path.name.split("-")[0], _codes(answer.read().decode("utf-8"))

    assert len(BAD) > 100
    with ThreadPoolExecutor(4) as pool:
        missed = [(code, found) for code, found in pool.map(post, BAD) if code not in found]
    assert missed == []


@pytest.mark.slow
@pytest.mark.parametrize("width", WIDTHS)
def test_a_picked_sample_is_drawn_with_its_finding_linked_to_the_rule(
    tab: Callable[..., Tab], server: str, width: int
) -> None:
    page = tab(width)
    page.open(server + "/")
    page.page.get_by_label("Or pick a sample").select_option(
        "truf-jb/clauses/JB305-follow-suit.bad.truf"
    )
    page.page.get_by_role("button", name="Check").click()
    summary = page.page.locator("#summary")
    assert summary.inner_text() == "1 game: 1 error, 0 warnings. Codes: JB305."
    # The report's pictures: the deal's diagram and its replay, the score chart.
    assert page.page.locator(".tf-replay svg:visible").count() == 1  # a phone's or a desktop's
    assert page.page.locator(".tf-chartfig svg:visible").count() == 1  # a phone's or a desktop's
    assert page.scroll_width() <= width
    page.page.locator(".tf-replay").first.scroll_into_view_if_needed()
    _shot(page, f"check-{width}")
    # The finding leads to its card in the replay, and its code to the rule with its quote.
    page.page.locator("a.tf-goto").first.click()
    assert page.page.locator(".tf-replay").first.get_attribute("data-step") == "4"
    page.page.locator(".tf-finding a code", has_text="JB305").click()
    page.page.wait_for_url(re.compile(r"/rules/rulesets/truf-jb\.html#JB305$"))
    rule = page.page.locator("#JB305")
    assert "Follow suit" in rule.locator("h2").inner_text()
    assert "must play a card with the same suit" in rule.locator("blockquote").first.inner_text()
    assert page.scroll_width() <= width
    _shot(page, f"rules-{width}")
    _stays_home(page, server)
    assert page.errors == []


@pytest.mark.slow
def test_a_pasted_record_and_a_chosen_file_are_checked(
    tab: Callable[..., Tab], server: str, tmp_path: Path
) -> None:
    page = tab(1280)
    page.open(server + "/")
    first = sorted((ROOT / "records/tromplemond/clauses").glob("*.bad.truf"))[0]
    page.page.get_by_label("Paste a record").fill(first.read_text(encoding="utf-8"))
    page.page.get_by_role("button", name="Check").click()
    assert first.name.split("-")[0] in page.page.locator("#summary").inner_text()
    assert page.page.get_by_role("heading", name="pasted record").count() == 1
    page.open(server + "/")
    page.page.get_by_label("Or choose a").set_input_files(
        ROOT / "records/truf-jb/club-night-2027-03-05.truf"
    )
    page.page.get_by_role("button", name="Check").click()
    assert page.page.locator("#summary").inner_text().startswith("1 game: 0 errors")
    assert page.page.get_by_role("heading", name="club-night-2027-03-05.truf").count() == 1
    assert page.errors == []


@pytest.mark.slow
def test_a_reading_chosen_in_the_page_is_the_one_checked_by(
    tab: Callable[..., Tab], server: str
) -> None:
    """Read counterclockwise, truf-jb's order of play makes a clockwise record break JB302."""
    sample = "truf-jb/acknowledged-revoke-and-score-slip-2027-09-10.truf"
    page = tab(1280)
    page.open(server + "/")
    page.page.get_by_label("Or pick a sample").select_option(sample)
    page.page.get_by_role("button", name="Check").click()
    assert "JB302" not in page.page.locator("#summary").inner_text()
    page.page.locator("details.readings summary").click()
    page.page.get_by_label("turn-order").select_option("counterclockwise")
    page.page.get_by_role("button", name="Check").click()
    assert "JB302" in page.page.locator("#summary").inner_text()
    assert page.page.get_by_label("turn-order").input_value() == "counterclockwise"
    assert page.page.locator("details.readings summary").inner_text() == "Readings (1 chosen)"
    assert page.errors == []


@pytest.mark.slow
def test_what_is_not_a_record_gets_a_clear_message(
    tab: Callable[..., Tab], server: str, tmp_path: Path
) -> None:
    page = tab(390)
    page.open(server + "/")
    message = page.page.locator("#form-message")
    # Text that is no record: the server says so above its findings.
    page.page.get_by_label("Paste a record").fill("Dear club, the next evening is on Friday.")
    page.page.get_by_role("button", name="Check").click()
    assert message.inner_text().startswith("This does not read as a record")
    assert page.scroll_width() <= 390
    # A file that is not UTF-8, and one of 50 MB: refused in the page before anything is sent.
    latin = tmp_path / "latin-1.truf"
    latin.write_bytes('[Event "Caf\u00e9"]\n'.encode("latin-1"))
    page.open(server + "/")
    page.page.get_by_label("Or choose a").set_input_files(latin)
    expect(message).to_contain_text("not UTF-8 text")
    huge = tmp_path / "huge.truf"
    huge.write_bytes(b"; " + b"x" * (50 * 1024 * 1024))
    sent = len(page.requests)
    page.page.get_by_label("Or choose a").set_input_files(huge)
    page.page.get_by_role("button", name="Check").click()
    expect(message).to_contain_text("This is 50.0 MB, more than the 2.0 MB")
    assert len(page.requests) == sent
    _shot(page, "check-refused-390")
    assert page.errors == []


def test_the_server_refuses_what_is_too_large_or_not_text_with_a_page(server: str) -> None:
    """Without the page's script the server says the same, and keeps serving.  A 50 MB file
    is announced by its length and answered before it is sent, as a browser meets it."""
    boundary = "trufspec-boundary"
    head = (
        f"--{boundary}\r\n"
        'Content-Disposition: form-data; name="file"; filename="x.truf"\r\n'
        "Content-Type: application/octet-stream\r\n\r\n"
    ).encode()
    tail = f"\r\n--{boundary}--\r\n".encode()
    kind = {"Content-Type": f"multipart/form-data; boundary={boundary}"}

    def post_file(data: bytes) -> tuple[int, str]:
        request = urllib.request.Request(server + "/", head + data + tail, kind)
        with urllib.request.urlopen(request, timeout=60) as answer:
            return answer.status, answer.read().decode("utf-8")

    connection = http.client.HTTPConnection(server.removeprefix("http://"), timeout=60)
    try:
        connection.putrequest("POST", "/")
        connection.putheader("Content-Type", kind["Content-Type"])
        connection.putheader("Content-Length", str(50 * 1024 * 1024))
        connection.endheaders(head + b"x" * 65536)
        answer = connection.getresponse()
        assert answer.status == 413
        assert "more than the 2.0 MB a record sent here may weigh" in answer.read().decode()
    finally:
        connection.close()
    status, page = post_file(b'[Event "Caf\xe9"]\n')
    assert status == 200
    assert "This file is not UTF-8 text, so it is not a record" in page
    assert "REC002" in _codes(page)


@pytest.mark.slow
@pytest.mark.parametrize("width", WIDTHS)
def test_the_pages_fit_the_screen(tab: Callable[..., Tab], server: str, width: int) -> None:
    page = tab(width)
    for path in ("/", "/rules/", "/rules/rulesets/tromplemond.html", "/rules/ambiguities.html"):
        page.open(server + path)
        assert page.scroll_width() <= width, path
    _stays_home(page, server)
    assert page.errors == []


@pytest.mark.slow
def test_the_printed_check_shows_the_findings_and_not_the_form(
    tab: Callable[..., Tab], server: str
) -> None:
    page = tab(1280)
    page.open(server + "/")
    page.page.get_by_label("Or pick a sample").select_option(
        "truf-jb/clauses/JB305-follow-suit.bad.truf"
    )
    page.page.get_by_role("button", name="Check").click()
    page.page.emulate_media(media="print")
    assert not page.page.locator(".check-form").is_visible()
    assert not page.page.locator(".site-top").is_visible()
    assert page.page.locator(".tf-findings").is_visible()
    assert page.page.locator(".tf-replay svg:visible").count() == 1


@pytest.mark.slow
def test_the_form_is_reached_by_keyboard_with_every_control_named(
    tab: Callable[..., Tab], server: str
) -> None:
    page = tab(1280)
    page.open(server + "/")
    unnamed = page.page.evaluate(
        """[...document.querySelectorAll("input, select, textarea, button")]
        .filter((e) => !e.labels?.length && !e.getAttribute("aria-label")
                       && !e.textContent.trim()).map((e) => e.outerHTML)"""
    )
    assert unnamed == []
    reached = []
    for _ in range(12):
        page.page.keyboard.press("Tab")
        reached.append(
            page.page.evaluate("document.activeElement.id || document.activeElement.textContent")
        )
    assert {"record-text", "record-file", "record-sample"} <= set(reached)


@pytest.mark.slow
def test_findings_link_to_the_published_reference_when_given(tmp_path: Path) -> None:
    with running(tmp_path / "games.sqlite", "--rules-url", "https://example.org/rules") as live:
        body = urllib.parse.urlencode({"sample": "truf-jb/clauses/JB305-follow-suit.bad.truf"})
        with urllib.request.urlopen(live.url + "/", body.encode(), timeout=60) as answer:
            page = answer.read().decode("utf-8")
    assert 'href="https://example.org/rules/rulesets/truf-jb.html#JB305"' in page
    assert 'href="https://example.org/rules/"' in page  # the site's Rules link


@pytest.mark.slow
def test_a_score_sheet_with_a_corrected_score_fits_a_phone(
    tab: Callable[..., Tab], server: str
) -> None:
    """A sheet whose record wrote a total otherwise (the longest cell a sheet has) is laid out
    within a phone's width: the record's figure goes under the recomputed one."""
    page = tab(390)
    page.open(server + "/")
    page.page.get_by_label("Or pick a sample").select_option(
        "tromplemond/clauses/TM403-running-total.bad.truf"
    )
    page.page.get_by_role("button", name="Check").click()
    wrap = page.page.locator(".tf-tablewrap").first
    expect(wrap.locator(".tf-differs")).to_contain_text("record:")
    wide, shown = wrap.evaluate("(e) => [e.scrollWidth, e.clientWidth]")
    assert wide <= shown
    assert page.scroll_width() <= 390
    wrap.scroll_into_view_if_needed()
    _shot(page, "check-sheet-390")
    assert page.errors == []
