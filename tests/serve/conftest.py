"""The service's tests: the headless Chromium of its pages' tests (:mod:`browser`) and the
throw-away PostgreSQL cluster of its store's (:mod:`postgres_cluster`), each one for the
session, started when a test first asks."""

from browser import browser, tab
from postgres_cluster import postgres

__all__ = ["browser", "postgres", "tab"]
