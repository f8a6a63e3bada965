"""Headless Chromium for the browser tests, driven by Playwright for Python.

Playwright ships its driver with its Python package; the browser is Debian's ``chromium``
package, named by its path, so no test downloads a browser.  Each :class:`Tab` is a page in a
browser context of its own (its own cookies and storage, its own viewport), which records the
console errors, uncaught exceptions and requests of its page for the tests to assert on.
"""

from __future__ import annotations

import os
import struct
import zlib
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

import attrs
import pytest

if TYPE_CHECKING:  # Playwright is imported when a browser is started, not by every test folder
    from playwright.sync_api import Browser, ConsoleMessage, Page

__all__ = [
    "CHROMIUM",
    "MISSING",
    "Tab",
    "browser",
    "chromium",
    "keep_screenshot",
    "png_is_blank",
    "png_size",
    "tab",
]

CHROMIUM = "/usr/bin/chromium"
"""Debian's Chromium, the one browser the tests drive."""

MISSING = (
    "the browser tests need Chromium: install Debian's chromium package "
    "(apt-get install -y chromium)"
)

FLAGS = (
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--hide-scrollbars",
)

TIMEOUT_MS = 30_000
"""The longest any one step (a navigation, a click, a wait) may take before the test fails."""


@contextmanager
def chromium() -> Iterator[Browser]:
    """One headless Chromium, stopped on leaving the ``with`` block.  Without Chromium this
    raises, saying what to install: a skipped browser test would let a broken page pass."""
    if not Path(CHROMIUM).is_file():
        raise RuntimeError(MISSING)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=list(FLAGS))
        try:
            yield browser
        finally:
            browser.close()


@attrs.define
class Tab:
    """A page ``width`` CSS pixels wide (a phone's below 500) in a context of its own."""

    page: Page
    errors: list[str] = attrs.Factory(list)
    """The console errors and uncaught exceptions of the page so far."""
    requests: list[str] = attrs.Factory(list)
    """The address of every request the page has made so far."""

    @classmethod
    def of(cls, browser: Browser, width: int, height: int = 900) -> Tab:
        context = browser.new_context(
            viewport={"width": width, "height": height},
            device_scale_factor=1,
            is_mobile=width < 500,
            has_touch=width < 500,
        )
        context.set_default_timeout(TIMEOUT_MS)
        tab = cls(context.new_page())
        # Plain functions, not bound methods: Playwright marks a handler with an attribute,
        # which a slotted instance's method cannot take.
        tab.page.on("console", lambda message: _console(tab, message))
        tab.page.on("pageerror", lambda error: tab.errors.append(str(error)[:300]))
        tab.page.on("request", lambda request: tab.requests.append(request.url))
        return tab

    def open(self, url: str) -> Page:
        """Show ``url`` and wait for its load event."""
        self.page.goto(url)
        return self.page

    def scroll_width(self) -> int:
        """How wide the document is laid out: more than the viewport means a sideways scroll."""
        width: int = self.page.evaluate("document.documentElement.scrollWidth")
        return width

    def fits(self) -> bool:
        """Whether the document is laid out no wider than the viewport: no sideways scroll."""
        viewport = self.page.viewport_size
        assert viewport is not None  # every page here is opened at a given width
        return self.scroll_width() <= viewport["width"]

    def close(self) -> None:
        self.page.context.close()


def _console(tab: Tab, message: ConsoleMessage) -> None:
    if message.type == "error":
        tab.errors.append(message.text[:300])


def keep_screenshot(name: str, shot: bytes) -> None:
    """Keep ``shot`` as ``NAME.png`` in the folder ``TRUFSPEC_SCREENSHOTS`` names, if any, for
    a person to look at."""
    keep = os.environ.get("TRUFSPEC_SCREENSHOTS")
    if keep:
        Path(keep).mkdir(parents=True, exist_ok=True)
        (Path(keep) / f"{name}.png").write_bytes(shot)


def png_size(data: bytes) -> tuple[int, int]:
    """The width and height of a PNG image."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG image"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def png_is_blank(data: bytes) -> bool:
    """True when a PNG image is one flat colour: its decompressed rows hold (next to) no
    variety of bytes."""
    chunks = []
    at = 8
    while at < len(data):
        length, kind = struct.unpack(">I4s", data[at : at + 8])
        if kind == b"IDAT":
            chunks.append(data[at + 8 : at + 8 + length])
        at += 12 + length
    pixels = zlib.decompress(b"".join(chunks))
    return len(set(pixels)) < 8


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    """One headless Chromium for a module's browser tests, started when the first of them
    asks.  Not one for the session: Playwright's synchronous API keeps an event loop running in
    the thread for as long as it is open, and a test of another module that runs an event loop
    of its own (``asyncio.run``) would fail beside it.  Without Chromium the tests fail, saying
    what to install: CI installs it, and a skipped browser test would let a broken page pass."""
    if not Path(CHROMIUM).is_file():
        pytest.fail(MISSING, pytrace=False)
    with chromium() as running:
        yield running


@pytest.fixture
def tab(browser: Browser) -> Iterator[Callable[..., Tab]]:
    """Opens pages (``tab(width)``, each in a context of its own), closed after the test."""
    opened: list[Tab] = []

    def open_tab(width: int, height: int = 900) -> Tab:
        opened.append(Tab.of(browser, width, height))
        return opened[-1]

    yield open_tab
    for each in opened:
        each.close()
