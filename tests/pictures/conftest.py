"""The browser tests' headless Chromium, one for the session (:mod:`browser`)."""

from browser import browser, tab

__all__ = ["browser", "tab"]
