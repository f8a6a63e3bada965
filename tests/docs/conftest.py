"""The browser tests' headless Chromium, one for each module (:mod:`browser`)."""

from browser import browser, tab

__all__ = ["browser", "tab"]
